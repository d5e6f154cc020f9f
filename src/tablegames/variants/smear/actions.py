"""Four Point Smear's actions: bid, pass, discard, play."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.components.cards import Card
from tablegames.core.events import Action

__all__ = ["Bid", "Discard", "Pass", "PlayCard"]


@attrs.frozen
class Bid(Action):
    """Bid ``amount`` points (2 to 4). JSON: ``{"type": "bid", "amount": 3}``."""

    tag: ClassVar[str] = "bid"
    amount: int
    """The points the bidder's side undertakes to win."""

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen
class Pass(Action):
    """Pass in the bidding. JSON: ``{"type": "pass"}``."""

    tag: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Discard(Action):
    """The bidder puts back as many cards as it took up. JSON: ``{"type": "discard", "cards": [...]}``.

    The cards may be given in any order; the canonical form lists them in deck order.
    """

    tag: ClassVar[str] = "discard"
    cards: tuple[Card, ...]
    """The cards discarded."""

    def __str__(self) -> str:
        return "discard " + " ".join(str(c) for c in self.cards)


@attrs.frozen
class PlayCard(Action):
    """Play ``card`` to the trick. JSON: ``{"type": "play", "card": "AH"}``."""

    tag: ClassVar[str] = "play"
    card: Card
    """The card played."""

    def __str__(self) -> str:
        return f"play {self.card}"
