"""The Block Game's one action: placing a tile on an end of the line."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Action

__all__ = ["Play"]


@attrs.frozen
class Play(Action):
    """Place ``tile`` on the end ``end``: ``"W"`` or ``"E"``, or ``None`` for the opening tile.

    JSON: ``{"type": "play", "tile": "6-4", "end": "W"}``.
    """

    tag: ClassVar[str] = "play"
    tile: Tile
    """The tile placed."""
    end: str | None
    """The end it is attached to, ``None`` to open the line."""
