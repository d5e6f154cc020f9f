"""Rounds of named calls: speaking order, rounds, the call that ends it, throw-ins, the stuck dealer."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.core.serde import dumps, structure, to_json
from tablegames.mechanics.bidding import Calling, CallView

DEALER_LAST = (1, 2, 3, 0)
ORDER_UP = ("order-up", "order-up-alone")
OTHER_SUITS = ("S", "D", "C")


def euchre(*, stick: bool = False) -> Calling[str]:
    """Euchre's calling with hearts turned up: order it up (alone or not), then name another suit."""
    return Calling(order=DEALER_LAST, calls=[ORDER_UP, OTHER_SUITS], stick_last=stick)


def pass_all(calling: Calling[Any], seats: Sequence[int]) -> None:
    for seat in seats:
        calling.pass_(seat)


# -- order and rounds ---------------------------------------------------------------------------


def test_a_new_calling() -> None:
    """Before anyone speaks: the first seat of the order speaks in round 1, with round 1's calls or a pass."""
    calling = euchre()
    assert (calling.speaker, calling.round, calling.rounds) == (1, 1, 2)
    assert calling.legal_calls() == ORDER_UP
    assert calling.may_pass and not calling.must_call
    assert not calling.is_over and calling.winner is None and not calling.thrown_in
    assert calling.record == [] and calling.standing is None and calling.round_speeches == []


def test_seats_speak_in_the_order_given_and_each_round_starts_again() -> None:
    """Each round, the seats of the order speak once each in that order; then the next round begins."""
    calling = euchre()
    spoken = []
    while calling.round == 1:
        assert calling.speaker is not None
        spoken.append(calling.speaker)
        calling.pass_(calling.speaker)
    assert spoken == list(DEALER_LAST)
    assert (calling.round, calling.speaker, calling.legal_calls()) == (2, 1, OTHER_SUITS)
    assert calling.round_speeches == []
    calling.pass_(1)
    assert calling.round_speeches == [(1, 2, None)]


def test_a_call_ends_the_calling_at_once() -> None:
    """A call (every call is final by default) ends the calling; it stands as (seat, call, round)."""
    calling = euchre()
    calling.pass_(1)
    calling.call(2, "order-up-alone")
    assert calling.is_over and calling.speaker is None
    assert calling.winner == (2, "order-up-alone", 1) and not calling.thrown_in
    assert calling.record == [(1, 1, None), (2, 1, "order-up-alone")]
    assert calling.legal_calls() == () and not calling.may_pass


def test_a_call_in_the_second_round() -> None:
    """After four passes, the dealer's left names clubs in round 2 and wins the calling."""
    calling = euchre()
    pass_all(calling, DEALER_LAST)
    calling.call(1, "C")
    assert calling.winner == (1, "C", 2)
    assert calling.views() == (
        CallView(1, 1, None),
        CallView(2, 1, None),
        CallView(3, 1, None),
        CallView(0, 1, None),
        CallView(1, 2, "C"),
    )


def test_everyone_passing_every_round_throws_in() -> None:
    """Without stick_last, passes all round both rounds end the calling with no winner: a throw-in."""
    calling = euchre()
    pass_all(calling, DEALER_LAST * 2)
    assert calling.is_over and calling.thrown_in and calling.winner is None
    assert len(calling.record) == 8 and calling.round == 2


# -- stick the dealer ------------------------------------------------------------------------------


def test_the_dealer_is_stuck_when_everyone_else_passed_both_rounds() -> None:
    """stick_last: the last seat of the last round, nobody having called, may not pass and must name a suit."""
    calling = euchre(stick=True)
    pass_all(calling, DEALER_LAST)
    assert not calling.must_call  # the dealer may pass in round 1
    pass_all(calling, (1, 2, 3))
    assert calling.speaker == 0 and calling.must_call and not calling.may_pass
    assert calling.legal_calls() == OTHER_SUITS
    message = "every other call was a pass: seat 0 may not pass, and calls one of 'S', 'D', 'C'"
    assert calling.why_not(0, None) == message
    with pytest.raises(ValueError, match="may not pass"):
        calling.pass_(0)
    assert calling.why_not(0, "H") == "'H' is not a call of seat 0 in round 2; allowed: 'S', 'D', 'C'"
    calling.call(0, "D")
    assert calling.winner == (0, "D", 2) and not calling.thrown_in


def test_stick_last_never_sticks_after_a_call() -> None:
    """A call made (not final) frees the last seat: it may pass, and the call stands."""
    calling = Calling(order=(0, 1), calls=[("low", "high")], final=lambda call: call == "high", stick_last=True)
    calling.call(0, "low")
    assert not calling.is_over and calling.speaker == 1
    assert calling.may_pass
    calling.pass_(1)
    assert calling.winner == (0, "low", 1)


# -- why not -------------------------------------------------------------------------------------


def test_why_not_messages() -> None:
    """Out of turn, an unknown call, a call of another round and a closed calling each say why, with what is allowed."""
    calling = euchre()
    assert calling.why_not(2, None) == "it is seat 1's turn to call, not seat 2's"
    with pytest.raises(ValueError, match="it is seat 1's turn to call, not seat 2's"):
        calling.call(2, "order-up")
    message = "'S' is not a call of seat 1 in round 1; allowed: 'order-up', 'order-up-alone' or a pass"
    assert calling.why_not(1, "S") == message
    with pytest.raises(ValueError, match="not a call of seat 1 in round 1"):
        calling.call(1, "S")
    assert calling.why_not(1, cast(Any, ["order-up"])) is not None
    assert calling.why_not(1, "order-up") is None and calling.why_not(1, None) is None
    with pytest.raises(ValueError, match="a pass is pass_"):
        calling.call(1, cast(Any, None))
    calling.call(1, "order-up")
    assert calling.why_not(2, None) == "the calling is over"
    with pytest.raises(ValueError, match="the calling is over"):
        calling.pass_(2)


def test_a_seat_without_calls_may_only_pass() -> None:
    """A seat the variant gives no call in a round is told it may only pass."""

    def calls(seat: int, round_number: int) -> tuple[str, ...]:
        return () if seat == 0 else ("go",)

    calling = Calling(order=(0, 1), calls=calls, rounds=1)
    assert calling.legal_calls() == ()
    assert calling.why_not(0, "go") == "'go' is not a call of seat 0 in round 1: it may only pass"
    calling.pass_(0)
    assert calling.legal_calls() == ("go",)


def test_refused_speeches_change_nothing() -> None:
    """A refused call or pass leaves the record, the speaker and the round as they were."""
    calling = euchre(stick=True)
    pass_all(calling, (1, 2, 3, 0, 1, 2, 3))
    before = (calling.record[:], calling.speaker, calling.round, calling.standing)
    with pytest.raises(ValueError, match="may not pass"):
        calling.pass_(0)
    with pytest.raises(ValueError, match="not a call"):
        calling.call(0, "H")
    with pytest.raises(ValueError, match="turn"):
        calling.call(1, "S")
    assert (calling.record, calling.speaker, calling.round, calling.standing) == before


# -- the variant's choices --------------------------------------------------------------------------


def test_calls_from_a_function_of_seat_and_round() -> None:
    """calls may be a function of the seat and the round: here the dealer (seat 0) picks up instead of ordering up."""

    def calls(seat: int, round_number: int) -> tuple[str, ...]:
        if round_number == 1:
            return ("pick-up",) if seat == 0 else ("order-up",)
        return OTHER_SUITS

    calling = Calling(order=DEALER_LAST, calls=calls, rounds=2)
    assert calling.legal_calls() == ("order-up",)
    pass_all(calling, (1, 2, 3))
    assert calling.legal_calls() == ("pick-up",)
    calling.pass_(0)
    assert calling.legal_calls() == OTHER_SUITS


def test_calls_may_be_any_hashable_value() -> None:
    """A call may carry extras, such as ("order-up", alone); views write it with the variant's notation."""
    calling: Calling[tuple[str, bool]] = Calling(order=(0, 1), calls=[(("order-up", False), ("order-up", True))])
    calling.pass_(0)
    calling.call(1, ("order-up", True))
    assert calling.winner == (1, ("order-up", True), 1)
    notation = calls_text
    assert calling.views(notation) == (CallView(0, 1, None), CallView(1, 1, "order-up-alone"))


def calls_text(call: tuple[str, bool]) -> str:
    return call[0] + ("-alone" if call[1] else "")


def test_a_call_that_is_not_final_lets_the_calling_go_on() -> None:
    """With final=, a non-final call stands until a later call replaces it; the last call made wins."""
    calling = Calling(order=(0, 1, 2), calls=[("bid", "shoot")], final=lambda call: call == "shoot")
    calling.call(0, "bid")
    calling.call(1, "bid")
    assert calling.standing == (1, "bid", 1) and not calling.is_over
    calling.pass_(2)
    assert calling.winner == (1, "bid", 1)
    again = Calling(order=(0, 1, 2), calls=[("bid", "shoot")], final=lambda call: call == "shoot")
    again.call(0, "shoot")
    assert again.winner == (0, "shoot", 1) and len(again.record) == 1


def test_a_round_may_end_by_the_variants_rule() -> None:
    """round_ends: the seats go round the order again until the rule says the round is over."""

    def two_passes_in_a_row(speeches: Sequence[tuple[int, int, str | None]]) -> bool:
        return len(speeches) >= 2 and speeches[-1][2] is None and speeches[-2][2] is None

    calling = Calling(
        order=(0, 1),
        calls=[("raise",), ("raise",)],
        final=lambda call: False,
        round_ends=two_passes_in_a_row,
    )
    calling.call(0, "raise")
    calling.call(1, "raise")
    calling.pass_(0)
    assert calling.round == 1 and calling.speaker == 1
    calling.pass_(1)
    assert calling.round == 2 and calling.speaker == 0
    calling.pass_(0)
    calling.pass_(1)
    assert calling.winner == (1, "raise", 1)


def test_stick_last_with_a_custom_round_end() -> None:
    """With round_ends, the stuck seat is the one whose pass would end the last round with no call made."""

    def three_speeches(speeches: Sequence[tuple[int, int, str | None]]) -> bool:
        return len(speeches) == 3

    calling = Calling(order=(0, 1), calls=[("go",)], round_ends=three_speeches, stick_last=True)
    calling.pass_(0)
    assert not calling.must_call and calling.speaker == 1
    calling.pass_(1)
    assert calling.speaker == 0 and calling.must_call
    calling.call(0, "go")
    assert calling.winner == (0, "go", 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"order": ()}, "the order names each speaking seat once"),
        ({"order": (0, 0)}, "the order names each speaking seat once"),
        ({"order": (0, -1)}, "the order names each speaking seat once"),
        ({"calls": [("a",), ("b", None)]}, "None stands for a pass"),
        ({"calls": [("a",)], "rounds": 2}, "2 rounds need 2 sequences of calls, not 1"),
        ({"calls": [], "rounds": None}, "rounds is a positive int"),
        ({"calls": lambda seat, round_number: ("a",)}, "give rounds="),
        ({"calls": lambda seat, round_number: ("a",), "rounds": 0}, "rounds is a positive int"),
        ({"stick_last": 1}, "stick_last is True or False"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    """An empty or repeated order, calls holding None, a wrong number of rounds or a non-bool stick_last raise."""
    settings: dict[str, Any] = {"order": (0, 1), "calls": [("a",)], **kwargs}
    with pytest.raises(ValueError, match=message):
        Calling(**settings)


# -- copies and views --------------------------------------------------------------------------------


def test_copies_are_independent() -> None:
    """Speaking on a copy changes neither the original's record, speaker, round nor standing call."""
    calling = euchre(stick=True)
    pass_all(calling, (1, 2, 3, 0, 1))
    before = (calling.record[:], calling.speaker, calling.round, calling.standing)
    twin = calling.copy()
    twin.pass_(2)
    twin.pass_(3)
    assert twin.must_call
    twin.call(0, "S")
    assert twin.winner == (0, "S", 2)
    assert (calling.record, calling.speaker, calling.round, calling.standing) == before
    assert not calling.is_over
    calling.call(2, "C")
    assert calling.winner == (2, "C", 2) and twin.winner == (0, "S", 2)


def test_call_views_are_json() -> None:
    """A CallView is JSON {"seat", "round", "call"} with null for a pass, and structures back."""
    views = (CallView(1, 1, None), CallView(2, 2, "hearts"))
    data = to_json(views[1])
    assert data == {"seat": 2, "round": 2, "call": "hearts"}
    assert json.loads(dumps(views[0])) == {"seat": 1, "round": 1, "call": None}
    assert [structure(to_json(v), CallView) for v in views] == list(views)


# -- random callings ---------------------------------------------------------------------------------


@st.composite
def callings(draw: st.DrawFn) -> dict[str, Any]:
    """A random calling: an order of 2 to 6 seats, 1 to 3 rounds of calls, final calls, stick_last or not."""
    seats = draw(st.permutations(range(draw(st.integers(2, 6)))))
    rounds = draw(st.integers(1, 3))
    alphabet = ["a", "b", "c", "d"]
    per_round = [draw(st.lists(st.sampled_from(alphabet), unique=True, max_size=3)) for _ in range(rounds)]
    stick = draw(st.booleans())
    if stick and not per_round[-1]:
        per_round[-1] = ["a"]
    return {
        "order": tuple(seats),
        "calls": per_round,
        "final": frozenset(draw(st.lists(st.sampled_from(alphabet), unique=True))),
        "stick": stick,
        "seed": draw(st.integers(0, 2**32)),
        "pass_rate": draw(st.sampled_from([0.5, 0.8, 1.0])),
    }


def _speak(calling: Calling[str], rng: random.Random, pass_rate: float) -> None:
    seat = calling.speaker
    assert seat is not None
    legal = calling.legal_calls()
    if calling.may_pass and (not legal or rng.random() < pass_rate):
        calling.pass_(seat)
    else:
        calling.call(seat, rng.choice(legal))


@given(callings())
def test_random_callings_end_with_a_call_or_a_throw_in(case: dict[str, Any]) -> None:
    """Random legal speeches: seats follow the order round by round; it ends with the last call or a throw-in."""
    final = case["final"]
    calling = Calling(
        order=case["order"], calls=case["calls"], final=lambda call: call in final, stick_last=case["stick"]
    )
    rng = random.Random(case["seed"])
    order = case["order"]
    limit = len(order) * len(case["calls"])
    while not calling.is_over:
        assert len(calling.record) < limit
        expected = order[len(calling.round_speeches) % len(order)]
        assert calling.speaker == expected
        assert set(calling.legal_calls()) == set(case["calls"][calling.round - 1])
        _speak(calling, rng, case["pass_rate"])
    made = [(s, c, r) for s, r, c in calling.record if c is not None]
    if made:
        assert calling.winner == made[-1] and not calling.thrown_in
        if made[-1][1] in final:
            assert calling.record[-1][2] == made[-1][1]  # a final call is the last speech
    else:
        assert calling.thrown_in and calling.winner is None
        assert not case["stick"]  # a stuck last seat always calls
        assert len(calling.record) == limit
    assert [r for _, r, _ in calling.record] == sorted(r for _, r, _ in calling.record)
    assert not [c for _, _, c in calling.record[:-1] if c in final]  # nothing is spoken after a final call


@given(callings(), st.integers(0, 12))
def test_copies_replay_the_same_way(case: dict[str, Any], stop: int) -> None:
    """A copy taken mid-calling and given the same speeches ends the same way; the original is untouched by it."""
    final = case["final"]
    calling = Calling(
        order=case["order"], calls=case["calls"], final=lambda call: call in final, stick_last=case["stick"]
    )
    rng = random.Random(case["seed"])
    for _ in range(stop):
        if calling.is_over:
            break
        _speak(calling, rng, case["pass_rate"])
    before = (calling.record[:], calling.speaker, calling.round, calling.standing)
    twin = calling.copy()
    state = rng.getstate()
    while not twin.is_over:
        _speak(twin, rng, case["pass_rate"])
    assert (calling.record, calling.speaker, calling.round, calling.standing) == before
    rng.setstate(state)
    while not calling.is_over:
        _speak(calling, rng, case["pass_rate"])
    assert (calling.record, calling.winner, calling.thrown_in) == (twin.record, twin.winner, twin.thrown_in)
