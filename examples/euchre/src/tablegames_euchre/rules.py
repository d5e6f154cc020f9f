"""Euchre's card order, the bowers and the scoring, as pure functions and tables (rules 3, 4, 20, 21)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from tablegames.components.cards import EUCHRE_RANKS, Card, Rank, Suit, euchre_deck, rank_order

__all__ = [
    "LEFT_STRENGTH",
    "ORDER",
    "RIGHT_STRENGTH",
    "SUIT_OF",
    "STRENGTH",
    "left_bower",
    "right_bower",
    "score_hand",
    "strength",
    "suit_of",
    "winner_after_hand",
]

ORDER: Final = rank_order(EUCHRE_RANKS)
"""A > K > Q > J > 10 > 9: the order of a plain suit, and of trump below the bowers (rules 3, 4)."""
RIGHT_STRENGTH: Final = len(EUCHRE_RANKS) + 2
"""The right bower's strength: above every rank of :data:`ORDER`."""
LEFT_STRENGTH: Final = len(EUCHRE_RANKS) + 1
"""The left bower's strength: just below the right bower's."""


def right_bower(trump: Suit) -> Card:
    """The jack of trump, the highest card (rule 3).

    >>> str(right_bower(Suit.HEARTS))
    'JH'
    """
    return Card(Rank.JACK, trump)


def left_bower(trump: Suit) -> Card:
    """The other jack of trump's colour, the second highest card and a trump (rules 3, 4).

    >>> str(left_bower(Suit.HEARTS)), str(left_bower(Suit.CLUBS))
    ('JD', 'JS')
    """
    return Card(Rank.JACK, trump.partner)


def suit_of(card: Card, trump: Suit) -> Suit:
    """The suit ``card`` belongs to with ``trump`` trump: its printed suit, but the left bower is a trump (rule 4).

    >>> suit_of(Card.parse("JD"), Suit.HEARTS), suit_of(Card.parse("JC"), Suit.HEARTS)
    (Suit.HEARTS, Suit.CLUBS)
    """
    if card.rank is Rank.JACK and card.suit is trump.partner:
        return trump
    assert card.suit is not None
    return card.suit


def strength(card: Card, trump: Suit) -> int:
    """``card``'s strength within its suit (:func:`suit_of`) with ``trump`` trump; higher wins (rules 3, 18).

    >>> [strength(Card.parse(c), Suit.HEARTS) for c in ("JH", "JD", "AH", "9H", "JC")]
    [8, 7, 6, 1, 3]
    """
    if card.rank is Rank.JACK:
        if card.suit is trump:
            return RIGHT_STRENGTH
        if card.suit is trump.partner:
            return LEFT_STRENGTH
    return ORDER[card.rank]


_DECK: Final = euchre_deck()
SUIT_OF: Final[Mapping[Suit, Mapping[Card, Suit]]] = {trump: {c: suit_of(c, trump) for c in _DECK} for trump in Suit}
""":func:`suit_of` as a table: ``SUIT_OF[trump][card]``, for the trick play's hot path."""
STRENGTH: Final[Mapping[Suit, Mapping[Card, int]]] = {trump: {c: strength(c, trump) for c in _DECK} for trump in Suit}
""":func:`strength` as a table: ``STRENGTH[trump][card]``."""


def score_hand(*, makers_tricks: int, alone: bool) -> tuple[str, bool, int]:
    """A played hand's result (rule 20): ``(result, the makers score, points)``.

    ``result`` is ``"made"`` (3 or 4 tricks: the makers 1), ``"march"`` (all 5: the makers 2,
    or 4 alone) or ``"euchre"`` (0 to 2: the defenders 2, alone or not).

    Raises:
        ValueError: for a trick count outside 0 to 5.

    >>> score_hand(makers_tricks=4, alone=False), score_hand(makers_tricks=5, alone=True)
    (('made', True, 1), ('march', True, 4))
    >>> score_hand(makers_tricks=5, alone=False), score_hand(makers_tricks=2, alone=True)
    (('march', True, 2), ('euchre', False, 2))
    """
    if type(makers_tricks) is not int or not 0 <= makers_tricks <= 5:
        raise ValueError(f"the makers take 0 to 5 tricks, not {makers_tricks!r}")
    if makers_tricks == 5:
        return "march", True, 4 if alone else 2
    if makers_tricks >= 3:
        return "made", True, 1
    return "euchre", False, 2


def winner_after_hand(scores: Sequence[int], *, side: int, target: int) -> int | None:
    """The side that wins after a hand that ``side`` scored, or ``None`` (rule 21).

    Only the side that scored can have reached the target in that hand.

    >>> winner_after_hand((12, 8), side=0, target=10), winner_after_hand((8, 9), side=1, target=10)
    (0, None)
    """
    return side if scores[side] >= target else None
