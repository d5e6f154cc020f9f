"""All Fives' events, each with its JSON ``type`` tag and visibility rule.

The events every draw game logs the same way are the library's
(:mod:`tablegames.mechanics.dominoes`: ``tile_played``, ``tile_drawn``, ``passed``,
``hand_ended``; :mod:`tablegames.mechanics.match`: ``game_ended``), re-exported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, Self

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Event, redact_hands, visible
from tablegames.mechanics.dominoes import HandEnded, Passed, TileDrawn, TilePlayed
from tablegames.mechanics.match import GameEnded

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

    def dealt_hand(self) -> int:
        """The hand this event deals (declared for the layers above)."""
        return self.hand_number

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

    def side_scores(self) -> Mapping[int, int]:
        """The side's new score (declared for the layers above)."""
        return {self.side: self.total}
