"""American Sniff's events, each with its JSON ``type`` tag and visibility rule.

The events every draw game logs the same way are the library's, re-exported here:
``tile_drawn`` and ``passed`` (:mod:`tablegames.mechanics.dominoes`) and ``game_ended``
(:mod:`tablegames.mechanics.match`). Sniff's ``tile_played`` is the shared one with its end ids
listed, and its ``hand_ended`` the shared one under Sniff's name, so that a scoresheet finds
Sniff's note on it (:meth:`~tablegames.core.game.Game.hand_note`) from the event's class alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Self

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Event, redact_hands, visible
from tablegames.mechanics import dominoes
from tablegames.mechanics.dominoes import Passed, TileDrawn
from tablegames.mechanics.match import GameEnded

__all__ = [
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "LeaderDrawn",
    "Passed",
    "Scored",
    "TileDrawn",
    "TilePlayed",
]


@attrs.frozen
class HandDealt(Event):
    """A hand was shuffled and dealt. Each seat sees only its own hand; nobody sees the stock."""

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The hand's number, from 1."""
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's tiles, in dealt order (``None`` where hidden)."""
    stock: tuple[Tile, ...] | None
    """The stock in drawing order (``None`` where hidden)."""
    stock_size: int
    """How many tiles the stock holds."""

    def dealt_hand(self) -> int:
        """The hand this event deals (declared for the layers above)."""
        return self.hand_number

    def redact(self, seat: int | None) -> Self:
        """Hide every other seat's hand and the stock from ``seat``."""
        if seat is None:
            return self
        stock = None if not visible(None, seat) else self.stock
        return attrs.evolve(self, hands=redact_hands(self.hands, seat), stock=stock)


@attrs.frozen
class LeaderDrawn(Event):
    """The neutral random draw picked the seat that leads this hand."""

    tag: ClassVar[str] = "leader_drawn"
    seat: int
    """The seat drawn to lead."""


@attrs.frozen
class TilePlayed(dominoes.TilePlayed):
    """A seat placed a tile; ``count`` is the layout's count after it."""

    # the shared event with Sniff's end ids as an enum; count comes again so the order stays
    end: str | None = attrs.field(metadata={"json_schema": {"enum": ["W", "E", "N", "S", None]}})
    """The end it was attached to, ``None`` for the opening tile."""
    count: int
    """The count of the layout after the placement."""


@attrs.frozen
class Scored(Event):
    """A side's score changed: a count that is a multiple of 5, or remaining pips taken off."""

    tag: ClassVar[str] = "scored"
    seat: int
    """The seat whose placement scored, or whose remaining tiles were counted."""
    side: int
    """The side whose score changed."""
    points: int
    """The change, positive for a count and negative for remaining pips."""
    reason: str = attrs.field(metadata={"json_schema": {"enum": ["count", "remaining"]}})
    """``"count"`` or ``"remaining"``."""
    total: int
    """The side's score after the change."""

    def side_scores(self) -> Mapping[int, int]:
        """The side's new score (declared for the layers above)."""
        return {self.side: self.total}


@attrs.frozen
class HandEnded(dominoes.HandEnded):
    """A hand ended by a domino or a block; the remaining tiles are shown and counted."""
