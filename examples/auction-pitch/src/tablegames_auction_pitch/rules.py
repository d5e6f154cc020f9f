"""Auction Pitch's rule choices: the bids, the rank order, the four points, settlement and the end.

The four points are the All Fours mechanic's (:class:`~tablegames.mechanics.allfours.FourPoints`)
with High and Low the highest and lowest trumps played, which are the ones dealt, since
every card dealt is played; a smudge must win all four.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tablegames.components.cards import STANDARD_RANKS, Card, Suit, rank_order
from tablegames.mechanics.allfours import CARD_POINTS, FourPoints, PointAward, card_points, setback

__all__ = [
    "CARD_POINTS",
    "FOUR_POINTS",
    "MAX_BID",
    "MIN_BID",
    "ORDER",
    "SMUDGE",
    "award_points",
    "card_points",
    "settle",
    "winner_after_hand",
]

MIN_BID: Final = 2
"""The lowest bid, and the dealer's forced bid when everyone else passes."""
MAX_BID: Final = 4
"""The highest ordinary bid."""
SMUDGE: Final = 5
"""The smudge bid (with the ``smudge`` option): all four points, for the match."""
ORDER: Final = rank_order(STANDARD_RANKS)
"""A > K > Q > J > 10 > 9 > ... > 2 in every suit, trump included (rule 3)."""
FOUR_POINTS: Final = FourPoints(order=ORDER)
"""High, Low, Jack and Game (rule 12), Game by :data:`CARD_POINTS` (rule 4)."""


_Plays = Sequence[tuple[int, Card]]
_Tricks = Sequence[tuple[int, Sequence[Card]]]


def award_points(
    *, trump: Suit, plays: _Plays, tricks: _Tricks, side_of: Sequence[int]
) -> tuple[tuple[PointAward, ...], tuple[int, ...]]:
    """High, Low, Jack and Game for a played hand (rule 12), and each side's card points.

    >>> c = Card.parse
    >>> plays = [(0, c("5H")), (1, c("2H")), (2, c("JH")), (3, c("10S")),
    ...          (2, c("QS")), (3, c("AH")), (0, c("AS")), (1, c("KS"))]
    >>> tricks = [(2, [card for _, card in plays[:4]]), (3, [card for _, card in plays[4:]])]
    >>> awards, totals = award_points(trump=Suit.HEARTS, plays=plays, tricks=tricks, side_of=(0, 1, 0, 1))
    >>> [(a.point, a.side, a.card and str(a.card)) for a in awards], totals
    ([('high', 1, 'AH'), ('low', 1, '2H'), ('jack', 0, 'JH'), ('game', 1, None)], (11, 13))
    """
    return FOUR_POINTS.award(trump=trump, plays=plays, tricks=tricks, side_of=side_of)


def settle(*, pitcher_side: int, bid: int, won: Sequence[int]) -> tuple[tuple[int, ...], bool]:
    """The change to each side's score after a hand (rule 13), and whether the bid was made.

    A smudge (a bid of 5) is made only by winning all four points.

    >>> settle(pitcher_side=0, bid=3, won=(2, 2))
    ((-3, 2), False)
    >>> settle(pitcher_side=1, bid=5, won=(0, 4)), settle(pitcher_side=1, bid=5, won=(1, 3))
    (((0, 4), True), ((1, -5), False))
    """
    points = won[pitcher_side]
    made = points == 4 if bid == SMUDGE else points >= bid
    return setback(won, bidder_side=pitcher_side, bid=bid, made=made), made


def winner_after_hand(scores: Sequence[int], *, pitcher_side: int, bid: int, made: bool, target: int) -> int | None:
    """The side that wins after a hand's settlement, or ``None`` (rules 14 and 15).

    A made smudge wins at once; otherwise the pitcher's side goes out first: if it has reached
    the target, it wins, whatever the other side's score.

    >>> winner_after_hand((12, 13), pitcher_side=0, bid=2, made=True, target=11)
    0
    >>> winner_after_hand((7, 11), pitcher_side=0, bid=3, made=False, target=11)
    1
    >>> winner_after_hand((-3, 2), pitcher_side=0, bid=5, made=True, target=11)
    0
    """
    if (bid == SMUDGE and made) or scores[pitcher_side] >= target:
        return pitcher_side
    other = 1 - pitcher_side
    return other if scores[other] >= target else None
