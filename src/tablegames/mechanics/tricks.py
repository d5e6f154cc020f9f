"""Tricks: following policies as data, and who wins a trick with or without trump.

A variant keeps its own trick state (a tuple of ``(seat, card)`` plays is enough) and asks
this module which cards may be played and who won.

>>> from tablegames.components.cards import Card, PIQUET_RANKS, Suit, rank_order
>>> hand = [Card.parse(c) for c in ("8C", "7H", "KD")]
>>> [str(c) for c in legal_cards(hand, Suit.CLUBS, Suit.HEARTS, Follow.FOLLOW_OR_TRUMP)]
['8C', '7H']
>>> plays = [Card.parse(c) for c in ("KC", "AD", "QC", "7H")]
>>> trick_winner(plays, Suit.HEARTS, rank_order(PIQUET_RANKS))
3
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence

import attrs

from tablegames.components.cards import Card, Rank, Suit

__all__ = ["Follow", "TrickCard", "legal_cards", "trick_winner"]


@attrs.frozen
class TrickCard:
    """One card of a trick, as a view shows it. JSON: ``{"seat": 2, "card": "AH"}``."""

    seat: int
    """The seat that played it."""
    card: Card
    """The card."""


class Follow(enum.Enum):
    """How a player must answer the suit led. The leader may always play any card."""

    MUST_FOLLOW = "must-follow"
    """Holding the suit led, play it; void, play anything (Whist, Hearts, Spades)."""
    FOLLOW_OR_TRUMP = "follow-or-trump"
    """Holding the suit led, play it or a trump; void, play anything (Smear, Pitch)."""
    MUST_FOLLOW_ELSE_TRUMP = "must-follow-else-trump"
    """Holding the suit led, play it; void, play a trump if you hold one; else anything."""
    ANY = "any"
    """Any card at any time."""


def _natural_suit(card: Card) -> Suit | None:
    return card.suit


def legal_cards(
    hand: Sequence[Card],
    led: Suit | None,
    trump: Suit | None,
    policy: Follow,
    *,
    suit_of: Callable[[Card], Suit | None] = _natural_suit,
) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led``.

    Args:
        hand: the player's cards, in the order the result should keep.
        led: the suit led, or ``None`` when this player leads.
        trump: the trump suit, or ``None`` in a no-trump game.
        policy: the following rule.
        suit_of: the suit a card counts as (for games where a card changes suit, such as a
            Euchre bower); by default its printed suit.
    """
    if led is None or policy is Follow.ANY:
        return list(hand)
    if suit_of is _natural_suit:  # the common case, without a call per card
        following = [c for c in hand if c.suit == led]
        if following and policy is Follow.FOLLOW_OR_TRUMP and trump is not None and trump != led:
            return [c for c in hand if c.suit == led or c.suit == trump]
        if following or policy is not Follow.MUST_FOLLOW_ELSE_TRUMP or trump is None:
            return following or list(hand)
        return [c for c in hand if c.suit == trump] or list(hand)
    following = [c for c in hand if suit_of(c) == led]
    if not following:
        if policy is Follow.MUST_FOLLOW_ELSE_TRUMP and trump is not None:
            trumps = [c for c in hand if suit_of(c) == trump]
            if trumps:
                return trumps
        return list(hand)
    if policy is Follow.FOLLOW_OR_TRUMP and trump is not None and trump != led:
        return [c for c in hand if suit_of(c) in (led, trump)]
    return following


def trick_winner(
    cards: Sequence[Card],
    trump: Suit | None,
    order: Mapping[Rank, int],
    *,
    suit_of: Callable[[Card], Suit | None] = _natural_suit,
    strength: Callable[[Card], int] | None = None,
) -> int:
    """The index in ``cards`` (in play order, the lead first) of the card that wins the trick.

    The highest trump wins; without a trump, the highest card of the suit led. Ties cannot
    happen in a deck without duplicates; with duplicates, the first played wins.

    Args:
        cards: the cards played, the lead first.
        trump: the trump suit, or ``None``.
        order: each rank's strength (see :func:`~tablegames.components.cards.rank_order`).
        suit_of: the suit a card counts as; by default its printed suit.
        strength: a card's strength within its suit, overriding ``order`` (for bowers).

    Raises:
        ValueError: if ``cards`` is empty.
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    power = strength if strength is not None else (lambda c: order[c.rank])
    led = suit_of(cards[0])
    best = 0
    best_trump = trump is not None and led == trump
    best_power = power(cards[0])
    for i in range(1, len(cards)):
        card = cards[i]
        suit = suit_of(card)
        is_trump = trump is not None and suit == trump
        if is_trump and not best_trump:
            best, best_trump, best_power = i, True, power(card)
        elif suit == (trump if best_trump else led):
            p = power(card)
            if p > best_power:
                best, best_power = i, p
    return best
