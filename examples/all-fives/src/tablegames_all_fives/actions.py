"""All Fives' one action: placing a tile on an end, the line mechanic's :class:`Play`."""

from __future__ import annotations

from typing import Final

from tablegames.mechanics.line import ARM_IDS, Play, play

__all__ = ["END_IDS", "Play", "play"]

END_IDS: Final = ARM_IDS
"""The end ids of the layout: ``"W"`` and ``"E"`` (the line), ``"N"`` and ``"S"`` (the
spinner's branches). See :mod:`tablegames.mechanics.line`."""
