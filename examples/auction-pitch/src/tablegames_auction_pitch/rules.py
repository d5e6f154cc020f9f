"""Auction Pitch's counting, settlement and end-of-match rules, as pure functions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from tablegames.components.cards import STANDARD_RANKS, Card, Rank, Suit, rank_order
from tablegames_auction_pitch.events import PointAward

__all__ = [
    "CARD_POINTS",
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
CARD_POINTS: Final = {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
"""Card points for the Game point (rule 4); other ranks count 0."""


def card_points(cards: Iterable[Card]) -> int:
    """The Game card points of ``cards``.

    >>> card_points(Card.parse(c) for c in ("AS", "10H", "9D", "JC", "2C"))
    15
    """
    return sum(CARD_POINTS.get(c.rank, 0) for c in cards)


def award_points(
    *,
    trump: Suit,
    plays: Sequence[tuple[int, Card]],
    tricks: Sequence[tuple[int, Sequence[Card]]],
    side_of: Sequence[int],
) -> tuple[tuple[PointAward, ...], tuple[int, int]]:
    """High, Low, Jack and Game for a played hand (rule 12), and each side's card points.

    Every card dealt is played, so the trumps played are the trumps dealt.

    Args:
        trump: the trump suit.
        plays: every ``(seat, card)`` played in the hand.
        tricks: each trick as ``(winning seat, its cards)``.
        side_of: the side of each seat.

    >>> c = Card.parse
    >>> plays = [(0, c("5H")), (1, c("2H")), (2, c("JH")), (3, c("10S")),
    ...          (2, c("QS")), (3, c("AH")), (0, c("AS")), (1, c("KS"))]
    >>> tricks = [(2, [card for _, card in plays[:4]]), (3, [card for _, card in plays[4:]])]
    >>> awards, totals = award_points(trump=Suit.HEARTS, plays=plays, tricks=tricks, side_of=(0, 1, 0, 1))
    >>> [(a.point, a.side, a.card and str(a.card)) for a in awards], totals
    ([('high', 1, 'AH'), ('low', 1, '2H'), ('jack', 0, 'JH'), ('game', 1, None)], (11, 13))
    """
    trumps = [(seat, card) for seat, card in plays if card.suit == trump]
    high_seat, high_card = max(trumps, key=lambda p: ORDER[p[1].rank])
    low_seat, low_card = min(trumps, key=lambda p: ORDER[p[1].rank])
    high = PointAward("high", side_of[high_seat], high_card)
    low = PointAward("low", side_of[low_seat], low_card)
    jack_card = Card(Rank.JACK, trump)
    jack = PointAward("jack", None, None)
    totals = [0, 0]
    for winner, cards in tricks:
        if jack_card in cards:
            jack = PointAward("jack", side_of[winner], jack_card)
        totals[side_of[winner]] += card_points(cards)
    game_side = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
    game = PointAward("game", game_side, None)
    return (high, low, jack, game), (totals[0], totals[1])


def settle(*, pitcher_side: int, bid: int, won: Sequence[int]) -> tuple[tuple[int, int], bool]:
    """The change to each side's score after a hand (rule 13), and whether the bid was made.

    A smudge (a bid of 5) is made only by winning all four points.

    >>> settle(pitcher_side=0, bid=3, won=(2, 2))
    ((-3, 2), False)
    >>> settle(pitcher_side=1, bid=2, won=(1, 3))
    ((1, 3), True)
    >>> settle(pitcher_side=1, bid=5, won=(0, 4)), settle(pitcher_side=1, bid=5, won=(1, 3))
    (((0, 4), True), ((1, -5), False))
    """
    points = won[pitcher_side]
    made = points == 4 if bid == SMUDGE else points >= bid
    changes = [won[0], won[1]]
    if not made:
        changes[pitcher_side] = -bid
    return (changes[0], changes[1]), made


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
    >>> winner_after_hand((10, 9), pitcher_side=1, bid=2, made=True, target=11) is None
    True
    """
    if bid == SMUDGE and made:
        return pitcher_side
    if scores[pitcher_side] >= target:
        return pitcher_side
    other = 1 - pitcher_side
    if scores[other] >= target:
        return other
    return None
