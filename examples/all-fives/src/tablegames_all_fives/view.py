"""What one seat may know of an All Fives game."""

from __future__ import annotations

import attrs

from tablegames.components.tiles import Tile
from tablegames.mechanics.line import ArmView, EndView
from tablegames_all_fives.actions import Play

# ArmView and EndView, the layout's parts of the view, are the library's line mechanic's.
__all__ = ["AllFivesView", "ArmView", "EndView", "LastLayout"]


@attrs.frozen(kw_only=True)
class LastLayout:
    """The table at the end of the last finished hand, as every seat saw it.

    Its fields are the view's own ``opening``, ``spinner`` and ``arms`` as they stood when the
    hand ended (a seat dominoed, or the hand was blocked), so a front end draws it as it draws
    the layout in play. JSON: ``{"hand_number": 1, "opening": "5-5", "spinner": "5-5", "arms": [...]}``.
    """

    hand_number: int
    """The hand it ended."""
    opening: Tile | None
    """The opening tile of that hand (a finished hand always has one)."""
    spinner: Tile | None
    """That hand's spinner, if one was played."""
    arms: tuple[ArmView, ...]
    """The arms of the layout as the hand ended (see :attr:`AllFivesView.arms`)."""


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
    last_layout: LastLayout | None
    """The table at the end of the last finished hand (the hand in view, once a hand ends the match);
    ``None`` before any hand has ended."""
