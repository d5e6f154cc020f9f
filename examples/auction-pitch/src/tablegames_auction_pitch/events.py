"""Auction Pitch's events, each with its JSON ``type`` tag and visibility rule."""

from __future__ import annotations

from typing import ClassVar, Self

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event, redact_hands

__all__ = [
    "BiddingWon",
    "BidMade",
    "BidPassed",
    "CardPlayed",
    "DealerDrawn",
    "GameEnded",
    "HandDealt",
    "HandScored",
    "PointAward",
    "TrickWon",
]


@attrs.frozen
class DealerDrawn(Event):
    """The random choice of the first dealer."""

    tag: ClassVar[str] = "dealer_drawn"
    seat: int
    """The first dealer."""


@attrs.frozen
class HandDealt(Event):
    """A hand was shuffled and dealt: six cards each. Each seat sees only its own cards."""

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The hand's number, from 1."""
    dealer: int
    """The dealer of this hand."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's cards (``None`` where hidden)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the other seats' cards from ``seat``."""
        if seat is None:
            return self
        return attrs.evolve(self, hands=redact_hands(self.hands, seat))


@attrs.frozen
class BidMade(Event):
    """A seat bid."""

    tag: ClassVar[str] = "bid_made"
    seat: int
    """The seat that bid."""
    amount: int
    """Its bid (5 is a smudge)."""


@attrs.frozen
class BidPassed(Event):
    """A seat passed in the bidding."""

    tag: ClassVar[str] = "bid_passed"
    seat: int
    """The seat that passed."""


@attrs.frozen
class BiddingWon(Event):
    """The bidding ended: the high bidder is the pitcher."""

    tag: ClassVar[str] = "bidding_won"
    seat: int
    """The pitcher."""
    amount: int
    """The winning bid."""
    forced: bool
    """Whether the pitcher is the dealer, stuck with a bid of 2 because everyone else passed."""


@attrs.frozen
class CardPlayed(Event):
    """A seat played a card to the trick (the pitcher's first lead sets trump)."""

    tag: ClassVar[str] = "card_played"
    seat: int
    """The seat that played."""
    card: Card
    """The card played."""


@attrs.frozen
class TrickWon(Event):
    """A trick was completed and collected."""

    tag: ClassVar[str] = "trick_won"
    seat: int
    """The seat that won it (and leads next)."""
    side: int
    """The side that won it."""
    cards: tuple[Card, ...]
    """The four cards, in play order."""


@attrs.frozen
class PointAward:
    """One of the four points of a hand and where it went."""

    point: str
    """``"high"``, ``"low"``, ``"jack"`` or ``"game"``."""
    side: int | None
    """The side that won it; ``None`` if it went to nobody."""
    card: Card | None
    """The card that decided it (``None`` for Game, and for Jack when the jack was not dealt)."""


@attrs.frozen
class HandScored(Event):
    """A hand was counted and settled."""

    tag: ClassVar[str] = "hand_scored"
    hand_number: int
    """The hand counted."""
    bidder: int
    """The pitcher's seat (the high bidder)."""
    bid: int
    """The bid (5 is a smudge)."""
    trump: Suit
    """The trump suit of the hand."""
    awards: tuple[PointAward, ...]
    """High, Low, Jack and Game, in that order, with where each went."""
    card_points: tuple[int, ...]
    """Each side's card points for Game."""
    won: tuple[int, ...]
    """How many of the four points each side won."""
    made: bool
    """Whether the pitcher's side made its bid."""
    changes: tuple[int, ...]
    """The change to each side's score."""
    scores: tuple[int, ...]
    """Each side's score after the hand."""


@attrs.frozen
class GameEnded(Event):
    """A side won the match."""

    tag: ClassVar[str] = "game_ended"
    winner: int
    """The winning side."""
    scores: tuple[int, ...]
    """The final scores."""
