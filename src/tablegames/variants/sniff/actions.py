"""American Sniff's one action: placing a tile on an end, the line mechanic's play with Sniff's end ids."""

from __future__ import annotations

from typing import Final

import attrs

from tablegames.mechanics import line
from tablegames.mechanics.line import ARM_IDS

__all__ = ["END_IDS", "Play", "play"]

END_IDS: Final = ARM_IDS
"""The end ids of a Sniff layout, ``"W"`` and ``"E"`` (the line), ``"N"`` and ``"S"`` (the
Sniff's branches). See :mod:`tablegames.mechanics.line`."""


@attrs.frozen
class Play(line.Play):
    """Place ``tile`` on the end ``end`` (``None`` for the opening tile).

    JSON: ``{"type": "play", "tile": "6-4", "end": "W"}``.
    """

    end: str | None = attrs.field(metadata={"json_schema": {"enum": ["W", "E", "N", "S", None]}})
    """The id of the end it is attached to (one of :data:`END_IDS`), ``None`` to open."""


play: Final = Play.interner()
"""The interned :class:`Play` of ``tile`` on ``end``: ``play(tile, end)`` (a new, equal one for a bad end)."""
