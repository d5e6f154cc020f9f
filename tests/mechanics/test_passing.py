"""Passing cards: the choices, their refusals, the exchange, and who sees which cards passed."""

from __future__ import annotations

import pytest

import tablegames as tg
from tablegames.components.cards import Card
from tablegames.mechanics.passing import CardsPassed, PassCards, Passing


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


HANDS = ("AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC")


def hands() -> list[list[Card]]:
    return [list(cards(h)) for h in HANDS]


def test_every_seat_chooses_in_turn_from_the_first() -> None:
    """Four seats choose clockwise from ``first``; the turn is ``None`` once all have chosen."""
    passing = Passing(players=4, count=2, offset=1, first=2)
    turns = []
    for _ in range(4):
        seat = passing.turn
        assert seat is not None
        turns.append(seat)
        passing.choose(seat, cards(HANDS[seat])[:2])
    assert turns == [2, 3, 0, 1] and passing.turn is None and passing.is_done


def test_the_choices_are_every_set_of_the_count_in_hand_order() -> None:
    """Three cards choose two: three choices, each in hand order."""
    passing = Passing(players=4, count=2, offset=1, first=0)
    assert passing.choices(cards("AS KS QS")) == [cards("AS KS"), cards("AS QS"), cards("KS QS")]


@pytest.mark.parametrize(
    ("seat", "chosen", "message"),
    [
        (1, cards("AH KH"), "it is seat 0's turn to pass"),
        (0, cards("AS"), "a pass is 2 cards, not"),
        (0, cards("AS AH"), "seat 0 does not hold AH"),
        (0, cards("AS AS"), "a pass is 2 different cards"),
        (0, ["AS", "KS"], "a pass is 2 cards, not"),
    ],
)
def test_a_bad_choice_is_refused_saying_why(seat: int, chosen: object, message: str) -> None:
    """The turn, the count, the cards held, no card twice."""
    passing = Passing(players=4, count=2, offset=1, first=0)
    problem = passing.why_not(seat, chosen, cards(HANDS[seat]))
    assert problem is not None and problem.startswith(message)
    assert passing.why_not(0, cards("QS AS"), cards(HANDS[0])) is None  # any order


@pytest.mark.parametrize(("offset", "receivers"), [(1, [1, 2, 3, 0]), (3, [3, 0, 1, 2]), (2, [2, 3, 0, 1])])
def test_the_exchange_moves_each_seats_cards_to_its_receiver(offset: int, receivers: list[int]) -> None:
    """Left, right, across: the cards move all at once, after every seat has chosen."""
    passing = Passing(players=4, count=1, offset=offset, first=0)
    table = hands()
    for seat in range(4):
        assert passing.choose(seat, (table[seat][0],)).receiver == receivers[seat]
        assert len(table[seat]) == 3  # nothing moves before every seat has chosen
    passing.exchange(table)
    for seat, receiver in enumerate(receivers):
        assert table[receiver][-1] == cards(HANDS[seat])[0] and len(table[receiver]) == 3
        assert passing.giver(receiver) == seat


def test_a_pass_is_seen_by_the_giver_and_the_receiver_only() -> None:
    """Redaction is built into the event: no variant writes a ``redact`` for it."""
    moved = CardsPassed(1, 2, cards("AH KH"))
    assert [moved.redact(s).cards for s in range(4)] == [None, cards("AH KH"), cards("AH KH"), None]
    assert moved.redact(None) is moved and moved.redact(1) is moved
    assert moved.redact(3).describe() == "seat 1 passes ? to seat 2"


def test_a_copy_is_independent() -> None:
    """Choosing on a copy leaves the original as it was."""
    passing = Passing(players=3, count=1, offset=2, first=0)
    passing.choose(0, cards("AS"))
    copy = passing.copy()
    copy.choose(1, cards("AH"))
    assert passing.turn == 1 and copy.turn == 2 and passing.chosen == {0: cards("AS")}


@pytest.mark.parametrize(("count", "offset", "first"), [(0, 1, 0), (1, 0, 0), (1, 4, 0), (1, 1, 4)])
def test_a_passing_that_cannot_be_is_refused(count: int, offset: int, first: int) -> None:
    """No cards, no receiver but the giver, or a first seat off the table."""
    with pytest.raises(ValueError, match="bad passing"):
        Passing(players=4, count=count, offset=offset, first=first)


def test_the_action_and_events_have_json_forms() -> None:
    """``{"type": "pass_cards", "cards": [...]}``, and the events with their tags."""
    action = PassCards(cards("QS AH"))
    assert tg.to_json(action) == {"type": "pass_cards", "cards": ["QS", "AH"]} and str(action) == "pass QS AH"
    assert tg.to_json(CardsPassed(0, 1, None)) == {"type": "cards_passed", "seat": 0, "receiver": 1, "cards": None}
