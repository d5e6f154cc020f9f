"""All Fives' events, each with its JSON ``type`` tag and visibility rule."""

from __future__ import annotations

from typing import ClassVar, Final, Self

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Event, redact_hands, visible

__all__ = [
    "LEAD_REASONS",
    "SCORE_REASONS",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "LeaderChosen",
    "Passed",
    "Scored",
    "TileDrawn",
    "TilePlayed",
]

LEAD_REASONS: Final = ("highest_double", "heaviest_tile", "domino", "block")
"""Why a seat leads a hand (the ``reason`` of :class:`LeaderChosen`)."""
SCORE_REASONS: Final = ("count", "domino", "block")
"""Why a side scored (the ``reason`` of :class:`Scored`)."""


@attrs.frozen
class HandDealt(Event):
    """A hand was shuffled and dealt. Each seat sees only its own hand; nobody sees the boneyard."""

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The hand's number, from 1."""
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's tiles, in dealt order (``None`` where hidden)."""
    boneyard: tuple[Tile, ...] | None
    """The boneyard in drawing order (``None`` where hidden)."""
    boneyard_size: int
    """How many tiles the boneyard holds."""

    def redact(self, seat: int | None) -> Self:
        """Hide every other seat's hand and the boneyard from ``seat``."""
        if seat is None:
            return self
        boneyard = self.boneyard if visible(None, seat) else None
        return attrs.evolve(self, hands=redact_hands(self.hands, seat), boneyard=boneyard)


@attrs.frozen
class LeaderChosen(Event):
    """The rules named the seat that leads this hand, and the tile it must open with, if any."""

    tag: ClassVar[str] = "leader_chosen"
    seat: int
    """The seat that leads."""
    reason: str
    """One of :data:`LEAD_REASONS`: ``"highest_double"`` or ``"heaviest_tile"`` (the leader
    holds it and must open with it), ``"domino"`` or ``"block"`` (the leader won the last
    hand and may open with any tile)."""
    tile: Tile | None
    """The tile the leader must open with, ``None`` if any tile may open."""


@attrs.frozen
class TilePlayed(Event):
    """A seat placed a tile; ``count`` is the sum of the layout's open ends after it."""

    tag: ClassVar[str] = "tile_played"
    seat: int
    """The seat that placed it."""
    tile: Tile
    """The tile placed."""
    end: str | None
    """The end it was attached to, ``None`` for the opening tile."""
    count: int
    """The count of the layout after the placement."""


@attrs.frozen
class Scored(Event):
    """A side scored: a count that is a multiple of 5, or the pips of a hand's end."""

    tag: ClassVar[str] = "scored"
    seat: int | None
    """The seat that placed the tile, that dominoed, or that had the fewest pips of the side
    winning a blocked hand (``None`` if that side's partners tie)."""
    side: int
    """The side that scored."""
    points: int
    """The points scored (a positive multiple of 5)."""
    reason: str
    """One of :data:`SCORE_REASONS`: ``"count"``, ``"domino"`` or ``"block"``."""
    total: int
    """The side's score after it."""


@attrs.frozen
class TileDrawn(Event):
    """A seat with no legal placement drew a tile from the boneyard; only that seat sees which."""

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
    """A seat with no legal placement and an empty boneyard passed."""

    tag: ClassVar[str] = "passed"
    seat: int
    """The seat that passed."""


@attrs.frozen
class HandEnded(Event):
    """A hand ended by a domino or a block; the tiles left in every hand are shown and counted."""

    tag: ClassVar[str] = "hand_ended"
    hand_number: int
    """The hand that ended."""
    reason: str
    """``"domino"`` (a seat placed its last tile) or ``"blocked"``."""
    seat: int | None
    """The seat that dominoed; ``None`` after a block."""
    hands: tuple[tuple[Tile, ...], ...]
    """The tiles left in each seat's hand, shown to everyone."""


@attrs.frozen
class GameEnded(Event):
    """A side reached the target: the match is over."""

    tag: ClassVar[str] = "game_ended"
    winner: int
    """The winning side."""
    scores: tuple[int, ...]
    """The final score of each side."""
