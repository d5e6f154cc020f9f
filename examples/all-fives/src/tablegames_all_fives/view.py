"""What one seat may know of an All Fives game."""

from __future__ import annotations

import attrs

from tablegames.components.tiles import Tile
from tablegames_all_fives.actions import Play

__all__ = ["AllFivesView", "ArmView", "EndView"]


@attrs.frozen
class EndView:
    """A place a tile may be attached now. JSON: ``{"id": "W", "value": 6}``."""

    id: str
    """The end id, as used in :class:`~tablegames_all_fives.actions.Play`."""
    value: int
    """The pips a tile must show to attach there."""


@attrs.frozen
class ArmView:
    """One arm of the layout, for drawing it."""

    id: str
    """The arm's id (``"W"``, ``"E"``, ``"N"`` or ``"S"``)."""
    tiles: tuple[Tile, ...]
    """Its tiles, outward from the opening tile (or from the spinner, for a branch)."""
    value: int
    """The value a tile must match to attach to it."""
    open: bool
    """Whether it accepts tiles now (a branch opens once both of the spinner's sides carry a tile)."""


@attrs.frozen(kw_only=True)
class AllFivesView:
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
    """The layout's current count, the sum of its open ends."""
    ends: tuple[EndView, ...]
    """Every place a tile may be attached now (``[]`` before the opening tile)."""
    boneyard_size: int
    """Tiles left in the boneyard."""
    players: int
    """How many seats play."""
    target: int
    """The score a side needs to win."""
    side_of_seat: tuple[int, ...]
    """The side each seat scores for."""
    leader: int
    """The seat that led the current hand."""
    opening: Tile | None
    """The opening tile of the hand."""
    spinner: Tile | None
    """The spinner (the first double of the hand), once played."""
    arms: tuple[ArmView, ...]
    """The arms of the layout: ``W`` and ``E`` once it is opened, and ``N`` and ``S`` once the
    spinner is down (closed until both of its sides carry a tile)."""
    winner: int | None
    """The winning side, once the game is over."""
