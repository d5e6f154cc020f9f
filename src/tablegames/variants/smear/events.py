"""Four Point Smear's events, each with its JSON ``type`` tag and visibility rule."""

from __future__ import annotations

from typing import ClassVar, Self

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event, redact_hands, visible

__all__ = [
    "BiddingWon",
    "BidMade",
    "BidPassed",
    "CardPlayed",
    "DealerDrawn",
    "Discarded",
    "GameEnded",
    "HandDealt",
    "HandScored",
    "PointAward",
    "ThrownIn",
    "TrickWon",
    "UndealtTaken",
]


@attrs.frozen
class DealerDrawn(Event):
    """The random choice of the first dealer."""

    tag: ClassVar[str] = "dealer_drawn"
    seat: int
    """The first dealer."""


@attrs.frozen
class HandDealt(Event):
    """A hand was shuffled and dealt: six cards each, eight left undealt with the dealer.

    Each seat sees only its own cards; nobody sees the undealt stack.
    """

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The hand's number, from 1 (a throw-in counts)."""
    dealer: int
    """The dealer of this hand."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's cards (``None`` where hidden)."""
    undealt: tuple[Card, ...] | None
    """The undealt stack, top first (``None`` where hidden; a seat's log always hides it)."""

    def redact(self, seat: int | None) -> Self:
        """Hide other seats' cards and the undealt stack from ``seat``."""
        if seat is None:
            return self
        undealt = None if not visible(None, seat) else self.undealt
        return attrs.evolve(self, hands=redact_hands(self.hands, seat), undealt=undealt)


@attrs.frozen
class BidMade(Event):
    """A seat bid."""

    tag: ClassVar[str] = "bid_made"
    seat: int
    """The seat that bid."""
    amount: int
    """Its bid."""


@attrs.frozen
class BidPassed(Event):
    """A seat passed in the bidding."""

    tag: ClassVar[str] = "bid_passed"
    seat: int
    """The seat that passed."""


@attrs.frozen
class ThrownIn(Event):
    """All four passed: the cards are thrown in and the same dealer deals again."""

    tag: ClassVar[str] = "thrown_in"
    hand_number: int
    """The hand thrown in."""


@attrs.frozen
class BiddingWon(Event):
    """The bidding ended with a high bidder."""

    tag: ClassVar[str] = "bidding_won"
    seat: int
    """The bidder."""
    amount: int
    """The winning bid."""


@attrs.frozen
class UndealtTaken(Event):
    """The bidder took the top cards of the undealt stack; only the bidder sees them."""

    tag: ClassVar[str] = "undealt_taken"
    seat: int
    """The bidder."""
    count: int
    """How many cards were taken."""
    cards: tuple[Card, ...] | None
    """The cards taken (``None`` where hidden)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the cards from every seat but the bidder."""
        return self if visible(self.seat, seat) else attrs.evolve(self, cards=None)


@attrs.frozen
class Discarded(Event):
    """The bidder discarded face down; only the bidder sees which cards."""

    tag: ClassVar[str] = "discarded"
    seat: int
    """The bidder."""
    count: int
    """How many cards were discarded."""
    cards: tuple[Card, ...] | None
    """The cards discarded (``None`` where hidden)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the cards from every seat but the bidder."""
        return self if visible(self.seat, seat) else attrs.evolve(self, cards=None)


@attrs.frozen
class CardPlayed(Event):
    """A seat played a card to the trick (the first lead of a hand sets trump)."""

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

    point: str = attrs.field(metadata={"json_schema": {"enum": ["high", "low", "jack", "game"]}})
    """``"high"``, ``"low"``, ``"jack"`` or ``"game"``."""
    side: int | None
    """The side that won it; ``None`` if it went to nobody."""
    card: Card | None
    """The card that decided it (``None`` for Game, or a card that was not played)."""


@attrs.frozen
class HandScored(Event):
    """A played hand was counted and settled."""

    tag: ClassVar[str] = "hand_scored"
    hand_number: int
    """The hand counted."""
    bidder: int
    """The bidder's seat."""
    bid: int
    """The bid."""
    trump: Suit
    """The trump suit of the hand."""
    awards: tuple[PointAward, ...]
    """High, Low, Jack and Game, in that order, with where each went."""
    card_points: tuple[int, ...]
    """Each side's card points for Game (the bidder's discards counted for the bidder)."""
    won: tuple[int, ...]
    """How many of the four points each side won."""
    made: bool
    """Whether the bidder's side won at least its bid."""
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
