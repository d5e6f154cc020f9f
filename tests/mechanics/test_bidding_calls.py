"""Calling's calls as the views show them: the notation in refusals and views, and CallView's string calls."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.mechanics.bidding import Calling, CallView

Call = tuple[str, bool]
ROUND_1: tuple[Call, ...] = (("H", False), ("H", True))
ROUND_2: tuple[Call, ...] = (("S", False), ("S", True), ("C", False))


def written(call: Call) -> str:
    """A call as Euchre's view writes it: ``"H"``, ``"H alone"``."""
    return call[0] + (" alone" if call[1] else "")


def calling(*, stick: bool = False) -> Calling[Call]:
    return Calling(order=(1, 2, 3, 0), calls=[ROUND_1, ROUND_2], stick_last=stick, notation=written)


def test_a_refusal_quotes_calls_in_the_notation() -> None:
    """A call outside the round, and the calls allowed, are quoted as the views write them, not as tuples."""
    assert calling().why_not(1, ("S", True)) == (
        "'S alone' is not a call of seat 1 in round 1; allowed: 'H', 'H alone' or a pass"
    )


def test_a_stuck_seat_is_told_its_calls_in_the_notation() -> None:
    """Stick the dealer: the dealer's pass is refused with the calls written as the views write them."""
    stuck = calling(stick=True)
    for seat in (1, 2, 3, 0, 1, 2, 3):
        stuck.pass_(seat)
    assert stuck.why_not(0, None) == (
        "every other call was a pass: seat 0 may not pass, and calls one of 'S', 'S alone', 'C'"
    )
    assert stuck.why_not(0, ("H", False)) == "'H' is not a call of seat 0 in round 2; allowed: 'S', 'S alone', 'C'"


def test_a_seat_with_no_calls_is_told_it_may_only_pass() -> None:
    """A seat given no calls in a round may only pass; the refused call is written in the notation."""
    quiet: Calling[Call] = Calling(
        order=(0, 1), calls=lambda seat, r: () if seat == 0 else ROUND_1, rounds=1, notation=written
    )
    assert quiet.why_not(0, ("H", True)) == "'H alone' is not a call of seat 0 in round 1: it may only pass"


def test_a_value_the_notation_cannot_write_is_quoted_as_it_is() -> None:
    """Junk (not a call of this calling) is quoted by its repr, as before; the allowed calls in the notation."""
    assert calling().why_not(1, 7) == "7 is not a call of seat 1 in round 1; allowed: 'H', 'H alone' or a pass"  # type: ignore[arg-type]
    nonstring: Calling[Call] = Calling(order=(0,), calls=[ROUND_1], notation=len)  # type: ignore[arg-type]
    assert nonstring.why_not(0, ("S", True)) == (
        "('S', True) is not a call of seat 0 in round 1; allowed: ('H', False), ('H', True) or a pass"
    )


def test_string_calls_read_as_before() -> None:
    """With the default notation (str), string calls are quoted and shown as they are."""
    plain = Calling(order=(0, 1), calls=[("order-up",)])
    assert plain.why_not(0, "S") == "'S' is not a call of seat 0 in round 1; allowed: 'order-up' or a pass"
    plain.call(0, "order-up")
    assert plain.views() == (CallView(0, 1, "order-up"),) and plain.notation is str


def test_views_write_calls_in_the_callings_notation_by_default() -> None:
    """views() uses the calling's notation (a copy keeps it); an explicit notation still overrides it."""
    game = calling()
    game.pass_(1)
    game.call(2, ("H", True))
    assert game.views() == (CallView(1, 1, None), CallView(2, 1, "H alone"))
    assert game.copy().views() == game.views() and game.copy().notation is written
    assert game.views(lambda c: c[0].lower()) == (CallView(1, 1, None), CallView(2, 1, "h"))


def test_a_call_view_holds_a_string_or_none() -> None:
    """CallView's call is the notation, a str, or None for a pass; any other value is a ValueError."""
    assert CallView(0, 1, None).call is None and CallView(0, 1, "H").call == "H"
    with pytest.raises(
        ValueError, match=r"a CallView's call is its notation, a str, or None for a pass; not \('H', True\)"
    ):
        CallView(0, 1, ("H", True))  # type: ignore[arg-type]
    game: Calling[Call] = Calling(order=(0,), calls=[ROUND_1])  # tuples, but no notation: str() writes them
    game.call(0, ("H", True))
    assert game.views() == (CallView(0, 1, "('H', True)"),)
    with pytest.raises(ValueError, match="not 2"):
        game.views(lambda c: 2)  # type: ignore[arg-type,return-value]


def test_a_notation_must_be_a_function() -> None:
    """notation= is checked at construction."""
    with pytest.raises(ValueError, match="notation is a function from a call to its text, not 'H'"):
        Calling(order=(0,), calls=[ROUND_1], notation="H")  # type: ignore[arg-type]


@given(speeches=st.lists(st.integers(0, 3), min_size=1, max_size=8), junk=st.sampled_from(ROUND_1 + ROUND_2))
def test_views_and_refusals_name_calls_only_in_the_notation(speeches: list[int], junk: Call) -> None:
    """Whatever is said, every view's call is its notation, and no refusal quotes a call's raw tuple."""
    game = calling(stick=True)
    for choice in speeches:
        if game.is_over:
            break
        seat = game.speaker
        assert seat is not None
        legal = game.legal_calls()
        problem = game.why_not(seat, junk)
        assert (problem is None) == (junk in legal)
        assert problem is None or "(" not in problem
        if choice == 0 and game.may_pass:
            game.pass_(seat)
        else:
            game.call(seat, legal[choice % len(legal)])
    assert [v.call for v in game.views()] == [None if c is None else written(c) for _, _, c in game.record]
