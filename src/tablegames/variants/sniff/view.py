"""What one seat may know of an American Sniff game."""

from __future__ import annotations

import attrs

from tablegames.components.tiles import Tile
from tablegames.mechanics.line import ArmView, EndView
from tablegames.variants.sniff.actions import Play

# ArmView and EndView, the layout's parts of the view, belong to the line mechanic.
__all__ = ["ArmView", "EndView", "SniffView"]


@attrs.frozen(kw_only=True)
class SniffView:
    """Everything one seat may know. Its JSON is the view front ends receive."""

    seat: int
    """The seat this view is for."""
    hand_number: int
    """The current hand, from 1."""
    hand: tuple[Tile, ...]
    """The seat's own tiles."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    scores: tuple[int, ...]
    """Each side's score."""
    current_player: int | None
    """The seat that must act, ``None`` once the game is over."""
    legal_actions: tuple[Play, ...]
    """The seat's legal actions (``[]`` when it is not its turn)."""
    count: int
    """The layout's current count."""
    ends: tuple[EndView, ...]
    """Every place a tile may be attached now (``[]`` before the opening tile)."""
    stock_size: int
    """Tiles left in the stock."""
    players: int
    """How many seats play."""
    target: int
    """The score a side needs to win."""
    side_of_seat: tuple[int, ...]
    """The side each seat scores for."""
    opening: Tile | None
    """The opening tile of the hand."""
    sniff: Tile | None
    """The Sniff (the first double of the hand), once played."""
    arms: tuple[ArmView, ...]
    """The arms of the layout, ``W`` and ``E`` once it is opened, and ``N`` and ``S`` once the
    Sniff is down (closed until both of its line sides carry a tile)."""
    winner: int | None
    """The winning side, once the game is over."""
