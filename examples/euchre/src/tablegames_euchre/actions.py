"""Euchre's actions: pass, call (make trump, perhaps alone), the dealer's discard, and trick play's ``PlayCard``."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Action
from tablegames.mechanics.tricks import PlayCard

__all__ = ["Call", "Discard", "Pass", "PlayCard"]


@attrs.frozen
class Pass(Action):
    """Pass in the making of trump. JSON: ``{"type": "pass"}``."""

    tag: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Call(Action):
    """Make ``suit`` trump, alone or with a partner. JSON: ``{"type": "call", "suit": "H", "alone": false}``.

    In the first round the suit is the up-card's (ordering it up); in the second, any other.

    >>> str(Call(Suit.HEARTS)), str(Call(Suit.CLUBS, alone=True))
    ('call hearts', 'call clubs alone')
    """

    tag: ClassVar[str] = "call"
    suit: Suit
    """The suit made trump."""
    alone: bool = False
    """Whether the maker goes alone, his partner sitting out (rule 13)."""

    def __str__(self) -> str:
        return f"call {self.suit.name.lower()}" + (" alone" if self.alone else "")


@attrs.frozen
class Discard(Action):
    """The dealer, having taken up the up-card, discards ``card``. JSON: ``{"type": "discard", "card": "9C"}``."""

    tag: ClassVar[str] = "discard"
    card: Card
    """The card discarded (any of the dealer's six, the up-card included)."""

    def __str__(self) -> str:
        return f"discard {self.card}"
