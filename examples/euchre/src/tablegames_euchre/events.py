"""Euchre's events, each with its JSON ``type`` tag and visibility rule (rule 22).

The first dealer's draw and the match's end are the shared :mod:`tablegames.mechanics.match`
events, the deal is its :class:`~tablegames.mechanics.match.HandDealt` with the up-card and the
kitty added, and a card played and a trick won are :mod:`tablegames.mechanics.tricks`' events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Self

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event, redact_hands, visible
from tablegames.mechanics import match
from tablegames.mechanics.match import DealerDrawn, GameEnded, render_cards
from tablegames.mechanics.tricks import CardPlayed, TrickWon

__all__ = [
    "CardPlayed",
    "DealerDrawn",
    "Discarded",
    "GameEnded",
    "HandDealt",
    "HandScored",
    "HandThrownIn",
    "Passed",
    "TrickWon",
    "TrumpMade",
    "UpCardTaken",
]


@attrs.frozen
class HandDealt(match.HandDealt):
    """A hand was shuffled and dealt: five cards each and the up-card turned (rule 6).

    Each seat sees its own cards and the up-card; nobody sees the three cards under it.
    """

    shown: ClassVar[str] = "every hand and the kitty"
    up_card: Card
    """The card turned face up, which everyone sees."""
    kitty: tuple[Card, ...] | None
    """The three cards under it (``None`` for every seat: only the full log shows them)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the other seats' cards and the kitty from ``seat``."""
        return self if seat is None else attrs.evolve(self, hands=redact_hands(self.hands, seat), kitty=None)

    def is_full(self) -> bool:
        """Whether every hand and the kitty are shown (the event of a full log)."""
        return self.kitty is not None and super().is_full()

    def describe(self) -> str:
        """The event in words: the hand, its dealer, the up-card and each seat's cards (``?`` where hidden).

        >>> HandDealt(2, 3, ((Card.parse("AS"),), None), Card.parse("9H"), None).describe()
        'hand 2: seat 3 deals and turns up 9H (seat 0: AS; seat 1: ?)'
        """
        hands = "; ".join(f"seat {s}: {render_cards(h)}" for s, h in enumerate(self.hands))
        return f"hand {self.hand_number}: seat {self.dealer} deals and turns up {self.up_card} ({hands})"


@attrs.frozen
class Passed(Event):
    """A seat passed in the making of trump (rules 7, 10)."""

    tag: ClassVar[str] = "passed"
    seat: int
    """The seat that passed."""
    round: int
    """The round of calls: 1 (the up-card's suit) or 2 (another suit)."""


@attrs.frozen
class TrumpMade(Event):
    """A seat made trump, ending the calls (rules 7 to 11, 13)."""

    tag: ClassVar[str] = "trump_made"
    seat: int
    """The maker."""
    suit: Suit
    """The trump suit."""
    round: int
    """The round of the call: 1 (ordering up the up-card) or 2 (naming another suit)."""
    alone: bool
    """Whether the maker goes alone, his partner sitting out."""
    stuck: bool
    """Whether the maker is the dealer, stuck (rule 11): the other three passed twice."""


@attrs.frozen
class UpCardTaken(Event):
    """The dealer took the up-card into his hand after a first-round call (rule 9)."""

    tag: ClassVar[str] = "up_card_taken"
    seat: int
    """The dealer."""
    card: Card
    """The up-card."""


@attrs.frozen
class Discarded(Event):
    """The dealer discarded a card face down (rule 9); only the dealer sees it."""

    tag: ClassVar[str] = "discarded"
    seat: int
    """The dealer."""
    card: Card | None
    """The card discarded (``None`` for the other seats)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the card from every seat but the dealer."""
        return self if visible(self.seat, seat) else attrs.evolve(self, card=None)


@attrs.frozen
class HandScored(Event):
    """A hand was played out and scored (rule 20)."""

    tag: ClassVar[str] = "hand_scored"
    hand_number: int
    """The hand scored."""
    maker: int
    """The seat that made trump."""
    trump: Suit
    """The trump suit."""
    alone: bool
    """Whether the maker went alone."""
    tricks: tuple[int, ...]
    """The tricks each side took."""
    result: str
    """``"made"`` (the makers took 3 or 4), ``"march"`` (all 5) or ``"euchre"`` (0 to 2)."""
    side: int
    """The side that scored: the makers, or the defenders after a euchre."""
    points: int
    """The points it scored: 1, 2 or 4."""
    scores: tuple[int, ...]
    """Each side's score after the hand."""

    def side_scores(self) -> Mapping[int, int]:
        """Each side's score after the hand (declared for the layers above)."""
        return dict(enumerate(self.scores))


@attrs.frozen
class HandThrownIn(Event):
    """Everyone passed twice: nobody scores and the deal passes to the left (rule 12)."""

    tag: ClassVar[str] = "hand_thrown_in"
    hand_number: int
    """The hand thrown in."""
    dealer: int
    """Its dealer."""
