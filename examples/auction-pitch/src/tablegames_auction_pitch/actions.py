"""Auction Pitch's actions: bid, pass, play."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.components.cards import Card
from tablegames.core.events import Action

__all__ = ["Bid", "Pass", "PlayCard"]


@attrs.frozen
class Bid(Action):
    """Bid ``amount`` points (2 to 4; 5 is a smudge). JSON: ``{"type": "bid", "amount": 3}``."""

    tag: ClassVar[str] = "bid"
    amount: int
    """The points the pitcher's side undertakes to win (5: all four, a smudge)."""

    def __str__(self) -> str:
        return "bid 5 (smudge)" if self.amount == 5 else f"bid {self.amount}"


@attrs.frozen
class Pass(Action):
    """Pass in the bidding. JSON: ``{"type": "pass"}``."""

    tag: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class PlayCard(Action):
    """Play ``card`` to the trick. JSON: ``{"type": "play", "card": "AH"}``."""

    tag: ClassVar[str] = "play"
    card: Card
    """The card played."""

    def __str__(self) -> str:
        return f"play {self.card}"
