"""Four Point Smear's counting, settlement and end-of-game rules, as pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tablegames.components.cards import PIQUET_RANKS, Card, Rank, Suit, rank_order
from tablegames.mechanics import allfours
from tablegames.mechanics.allfours import FourPoints, PointAward, card_points, setback
from tablegames.variants.smear.options import SmearOptions

__all__ = [
    "CARD_POINTS",
    "FOUR_POINTS",
    "ORDER",
    "award_points",
    "card_points",
    "discard_allowance",
    "lead_allowed",
    "settle",
    "winner_after_hand",
]

ORDER: Final = rank_order(PIQUET_RANKS)
"""A > K > Q > J > 10 > 9 > 8 > 7, in every suit, trump included (rule 3)."""
CARD_POINTS: Final = allfours.CARD_POINTS
"""Card points for the Game point, rule 4 (ten 10, ace 4, king 3, queen 2, jack 1; other ranks 0)."""
FOUR_POINTS: Final = {
    "ace-seven": FourPoints(order=ORDER, high=Rank.ACE, low=Rank.SEVEN),
    "in-play": FourPoints(order=ORDER),
}
"""The four points (rule 12) under each ``high_low`` option; Game by :data:`CARD_POINTS` (rule 4)."""


def discard_allowance(held_after_pickup: Sequence[Card]) -> tuple[int, int, int, int]:
    """How many cards of each suit the bidder may discard and still lead it (rule 9).

    Indexed by :class:`~tablegames.components.cards.Suit` value; each is ``max(0, held - 6)``.

    >>> from tablegames.components.cards import Card
    >>> from tablegames.variants.smear.rules import discard_allowance
    >>> discard_allowance([Card.parse(c) for c in ("AH KH QH JH 10H 9H 8H 7H AS".split())])
    (0, 2, 0, 0)
    """
    held = [0, 0, 0, 0]
    for card in held_after_pickup:
        if card.suit is not None:
            held[card.suit] += 1
    return (max(0, held[0] - 6), max(0, held[1] - 6), max(0, held[2] - 6), max(0, held[3] - 6))


def lead_allowed(suit: Suit, discarded: Sequence[Card], held_after_pickup: Sequence[Card]) -> bool:
    """Whether the bidder's first lead may be of ``suit`` (rule 9's trump-discard restriction).

    Legal only if the cards of ``suit`` discarded are at most ``max(0, held - 6)``, where
    ``held`` counts the cards of ``suit`` the bidder held after the pickup.
    """
    thrown = sum(1 for c in discarded if c.suit == suit)
    return thrown <= discard_allowance(held_after_pickup)[suit]


def award_points(
    *,
    trump: Suit,
    plays: Sequence[tuple[int, Card]],
    tricks: Sequence[tuple[int, Sequence[Card]]],
    side_of: Sequence[int],
    bidder_side: int,
    discards: Sequence[Card],
    high_low: str,
) -> tuple[tuple[PointAward, ...], tuple[int, int]]:
    """High, Low, Jack and Game for a played hand (rule 12), and each side's card points.

    Args:
        trump: the trump suit.
        plays: every ``(seat, card)`` played in the hand.
        tricks: each trick as ``(winning seat, its cards)``.
        side_of: the side of each seat.
        bidder_side: the bidder's side (its discards count for it in Game).
        discards: the bidder's discards.
        high_low: ``"ace-seven"`` or ``"in-play"``.
    """
    return FOUR_POINTS[high_low].award(  # type: ignore[return-value]
        trump=trump, plays=plays, tricks=tricks, side_of=side_of, counted_apart=((bidder_side, discards),)
    )


def settle(
    scores: Sequence[int], *, bidder_side: int, bid: int, won: Sequence[int], options: SmearOptions
) -> tuple[tuple[int, int], bool]:
    """The change to each side's score after a hand (rules 13 and 16), and whether the bid was made.

    >>> from tablegames.variants.smear.options import SmearOptions
    >>> from tablegames.variants.smear.rules import settle
    >>> settle((10, 14), bidder_side=0, bid=3, won=(2, 2), options=SmearOptions())
    ((-3, 2), False)
    >>> settle((10, 14), bidder_side=0, bid=2, won=(2, 2), options=SmearOptions(cap_non_bidders=True))
    ((2, 1), True)
    """
    made = won[bidder_side] >= bid
    changes = list(setback(won, bidder_side=bidder_side, bid=bid, made=made))
    if options.cap_non_bidders:
        other = 1 - bidder_side
        changes[other] = min(changes[other], max(0, options.target - scores[other]))
    return (changes[0], changes[1]), made


def winner_after_hand(scores: Sequence[int], *, bidder_side: int, made: bool, options: SmearOptions) -> int | None:
    """The side that wins after a hand's settlement, or ``None`` (rules 14 and 15).

    >>> from tablegames.variants.smear.options import SmearOptions
    >>> from tablegames.variants.smear.rules import winner_after_hand
    >>> winner_after_hand((15, 16), bidder_side=0, made=True, options=SmearOptions())
    1
    >>> winner_after_hand((15, 15), bidder_side=0, made=False, options=SmearOptions())
    0
    >>> winner_after_hand((3, 16), bidder_side=0, made=True, options=SmearOptions(win_only_on_bid=True)) is None
    True
    """
    target = options.target
    if options.win_only_on_bid:
        return bidder_side if made and scores[bidder_side] >= target else None
    reached = [side for side in (0, 1) if scores[side] >= target]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    if scores[0] != scores[1]:
        return 0 if scores[0] > scores[1] else 1
    return bidder_side
