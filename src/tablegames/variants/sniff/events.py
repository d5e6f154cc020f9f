"""American Sniff's events, each with its JSON ``type`` tag and visibility rule."""

from __future__ import annotations

from typing import ClassVar, Self

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Event, redact_hands, visible

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
class TilePlayed(Event):
    """A seat placed a tile; ``count`` is the layout's count after it."""

    tag: ClassVar[str] = "tile_played"
    seat: int
    """The seat that placed it."""
    tile: Tile
    """The tile placed."""
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


@attrs.frozen
class TileDrawn(Event):
    """A seat with no legal placement drew a tile from the stock; only that seat sees which."""

    tag: ClassVar[str] = "tile_drawn"
    seat: int
    """The seat that drew."""
    tile: Tile | None
    """The tile drawn (``None`` where hidden)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the tile from every seat but the drawer."""
        return self if visible(self.seat, seat) else attrs.evolve(self, tile=None)


@attrs.frozen
class Passed(Event):
    """A seat with no legal placement and an empty stock passed."""

    tag: ClassVar[str] = "passed"
    seat: int
    """The seat that passed."""


@attrs.frozen
class HandEnded(Event):
    """A hand ended by a domino or a block; the remaining tiles are shown and counted."""

    tag: ClassVar[str] = "hand_ended"
    hand_number: int
    """The hand that ended."""
    reason: str = attrs.field(metadata={"json_schema": {"enum": ["domino", "blocked"]}})
    """``"domino"`` (a seat placed its last tile) or ``"blocked"``."""
    seat: int | None
    """The seat that dominoed; ``None`` after a block."""
    hands: tuple[tuple[Tile, ...], ...]
    """The tiles left in each seat's hand, shown to everyone."""


@attrs.frozen
class GameEnded(Event):
    """A side reached its target: the match is over."""

    tag: ClassVar[str] = "game_ended"
    winner: int
    """The winning side."""
    scores: tuple[int, ...]
    """The final score of each side."""
