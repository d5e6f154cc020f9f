"""Four Point Smear's rule functions on their own: the discard allowance and the first lead (rule 9)."""

from __future__ import annotations

import pytest

from tablegames.components.cards import PIQUET_RANKS, Card, Suit
from tablegames.variants.smear.rules import award_points, discard_allowance, lead_allowed


def _suit(suit: Suit, n: int) -> list[Card]:
    """The ``n`` highest cards of ``suit`` in the 32-card deck."""
    return [Card(rank, suit) for rank in PIQUET_RANKS[:n]]


def _others(suit: Suit) -> list[Card]:
    """One ace of every other suit: cards that must not change ``suit``'s allowance."""
    return [Card(PIQUET_RANKS[0], other) for other in Suit if other is not suit]


@pytest.mark.parametrize("suit", list(Suit))
@pytest.mark.parametrize(("held", "allowance"), [(0, 0), (5, 0), (6, 0), (7, 1), (8, 2)])
def test_the_allowance_is_what_is_held_beyond_six_in_every_suit(suit: Suit, held: int, allowance: int) -> None:
    """Rule 9: max(0, held - 6) cards of a suit may go, for spades, hearts, diamonds and clubs alike."""
    expected = [0, 0, 0, 0]
    expected[suit] = allowance
    assert discard_allowance(_suit(suit, held) + _others(suit)) == tuple(expected)


def test_the_allowance_counts_each_suit_apart() -> None:
    """Seven spades and eight diamonds: one spade and two diamonds may go, nothing else."""
    cards = _suit(Suit.SPADES, 7) + _suit(Suit.DIAMONDS, 8)
    assert discard_allowance(cards) == (1, 0, 2, 0)
    assert discard_allowance([Card.joker(1), *_suit(Suit.CLUBS, 7)]) == (0, 0, 0, 1), "a joker has no suit"


@pytest.mark.parametrize("suit", list(Suit))
def test_a_suit_may_be_led_first_only_if_no_more_than_its_allowance_was_discarded(suit: Suit) -> None:
    """Rule 9: with 8 of a suit held after the pickup, 2 of it may be discarded and it led; 3 may not."""
    held = _suit(suit, 8) + _others(suit)
    assert lead_allowed(suit, [], held)
    assert lead_allowed(suit, _suit(suit, 8)[-2:], held)
    assert not lead_allowed(suit, _suit(suit, 8)[-3:], held)
    assert lead_allowed(suit, _others(suit), held), "discarding other suits does not matter"
    six = _suit(suit, 6) + _others(suit)
    assert lead_allowed(suit, [], six)
    assert not lead_allowed(suit, _suit(suit, 6)[-1:], six), "with six held, none may go"


def test_in_play_awards_no_high_or_low_when_no_trump_was_played() -> None:
    """award_points with high_low "in-play" and no trump among the plays gives High and Low to nobody."""
    plays = [(0, Card.parse("AH")), (1, Card.parse("7H")), (2, Card.parse("KH")), (3, Card.parse("8H"))]
    awards, totals = award_points(
        trump=Suit.SPADES,
        plays=plays,
        tricks=[(0, [c for _, c in plays])],
        side_of=(0, 1, 0, 1),
        bidder_side=0,
        discards=[],
        high_low="in-play",
    )
    assert [(a.point, a.side) for a in awards] == [("high", None), ("low", None), ("jack", None), ("game", 0)]
    assert totals == (7, 0)
