"""American Sniff's one action: placing a tile on an end."""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.events import Action
from tablegames.mechanics.line import ARM_IDS

__all__ = ["END_IDS", "Play", "play"]

END_IDS: Final = ARM_IDS
"""The end ids of a Sniff layout, ``"W"`` and ``"E"`` (the line), ``"N"`` and ``"S"`` (the
Sniff's branches). See :mod:`tablegames.mechanics.line`."""


@attrs.frozen
class Play(Action):
    """Place ``tile`` on the end ``end`` (``None`` for the opening tile).

    JSON: ``{"type": "play", "tile": "6-4", "end": "W"}``.
    """

    tag: ClassVar[str] = "play"
    tile: Tile
    """The tile placed."""
    end: str | None = attrs.field(metadata={"json_schema": {"enum": ["W", "E", "N", "S", None]}})
    """The id of the end it is attached to (one of :data:`END_IDS`), ``None`` to open."""

    def __str__(self) -> str:
        return f"{self.tile} on {self.end}" if self.end is not None else f"open with {self.tile}"


_PLAYS: dict[tuple[Tile, str | None], Play] = {(t, e): Play(t, e) for t in domino_set(6) for e in (None, *END_IDS)}


def play(tile: Tile, end: str | None) -> Play:
    """The interned :class:`Play` of ``tile`` on ``end`` (a new, equal one if not interned)."""
    found = _PLAYS.get((tile, end))
    return Play(tile, end) if found is None else found
