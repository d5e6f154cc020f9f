"""Four Point Smear's events, each with its JSON ``type`` tag and visibility rule.

The events of the auction, the trick play, the four points and the match are the mechanics'
(:mod:`tablegames.mechanics.bidding`, :mod:`~tablegames.mechanics.tricks`,
:mod:`~tablegames.mechanics.allfours`, :mod:`~tablegames.mechanics.match`), re-exported here;
Smear's own are the throw-in, the undealt cards taken up and discarded, and a deal that
records the undealt stack.
"""

from __future__ import annotations

from typing import ClassVar, Self

import attrs

from tablegames.components.cards import Card
from tablegames.core.events import Event, redact_hands, visible
from tablegames.mechanics import match
from tablegames.mechanics.allfours import HandScored, PointAward
from tablegames.mechanics.bidding import BiddingWon, BidMade, BidPassed
from tablegames.mechanics.match import DealerDrawn, GameEnded
from tablegames.mechanics.tricks import CardPlayed, TrickWon

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
class HandDealt(match.HandDealt):
    """A hand was shuffled and dealt: six cards each, eight left undealt with the dealer.

    Each seat sees only its own cards; nobody sees the undealt stack.
    """

    shown: ClassVar[str] = "every hand and the undealt cards"
    undealt: tuple[Card, ...] | None
    """The undealt stack, top first (``None`` where hidden; a seat's log always hides it)."""

    def redact(self, seat: int | None) -> Self:
        """Hide other seats' cards and the undealt stack from ``seat``."""
        if seat is None:
            return self
        undealt = None if not visible(None, seat) else self.undealt
        return attrs.evolve(self, hands=redact_hands(self.hands, seat), undealt=undealt)

    def is_full(self) -> bool:
        """Whether every hand and the undealt stack are shown."""
        return self.undealt is not None and super().is_full()


@attrs.frozen
class ThrownIn(Event):
    """All four passed: the cards are thrown in and the same dealer deals again."""

    tag: ClassVar[str] = "thrown_in"
    hand_number: int
    """The hand thrown in."""


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
