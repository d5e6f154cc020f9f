"""What one seat may know of a Block Game."""

from __future__ import annotations

import attrs

from blockdominoes.actions import Play
from tablegames.components.tiles import Tile
from tablegames.mechanics.line import EndView

__all__ = ["BlockView", "EndView"]


@attrs.frozen(kw_only=True)
class BlockView:
    """Everything one seat may know; its JSON is what a front end receives."""

    seat: int
    """The seat this view is for."""
    hand_number: int
    """The current hand, from 1."""
    hand: tuple[Tile, ...]
    """The seat's own tiles."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    scores: tuple[int, ...]
    """Each seat's score."""
    current_player: int | None
    """The seat that must act, ``None`` once the game is over."""
    legal_actions: tuple[Play, ...]
    """The seat's legal actions; empty when it is not its turn."""
    line: tuple[Tile, ...]
    """The tiles on the table, from the west end to the east end."""
    ends: tuple[EndView, ...]
    """The two ends of the line (empty before the opening tile)."""
