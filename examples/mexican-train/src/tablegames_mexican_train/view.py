"""What one seat may know of a Mexican Train game."""

from __future__ import annotations

import attrs

from tablegames.components.tiles import Tile
from tablegames_mexican_train.actions import Play

__all__ = ["LastLayout", "MexicanTrainView", "RoundResult", "TrainView"]


@attrs.frozen
class TrainView:
    """One train as a view shows it, named as this game's plays name it.

    The trains mechanic's own :class:`~tablegames.mechanics.trains.TrainView` names trains
    ``"T0"`` ... ``"M"``, where this game's plays (and its rules page) name them by the seat and
    ``"mexican"``; so the view has this class, filled from the mechanic's layout, with the same
    fields but ``end`` for the mechanic's ``value``, an ``open`` that is the same for every seat,
    and the unsatisfied double in the view's own ``unsatisfied``.

    JSON: ``{"id": 2, "owner": 2, "tiles": ["12-5"], "end": 5, "marker": false, "open": false}``.
    """

    id: int | str
    """The train's id, as a play names it: a seat, or ``"mexican"``."""
    owner: int | None
    """The seat that owns it, ``None`` for the Mexican train."""
    tiles: tuple[Tile, ...]
    """Its tiles, outward from the hub."""
    end: int
    """The value a tile must show to go on it (the engine's while it is empty)."""
    marker: bool
    """Whether its owner's marker is on it."""
    open: bool
    """Whether every player may play on it (the Mexican train, or a train with a marker)."""


@attrs.frozen
class RoundResult:
    """How the last round ended, for the view after it. JSON: ``{"hand_number": 1, "reason": "domino", ...}``."""

    hand_number: int
    """The round's number."""
    reason: str
    """``"domino"`` or ``"blocked"``."""
    seat: int | None
    """The seat that went out, ``None`` after a block."""
    points: tuple[int, ...]
    """Each seat's penalty points for the round."""


@attrs.frozen(kw_only=True)
class LastLayout:
    """The table at the end of the last finished round, as every seat saw it.

    Its fields are the view's own ``engine``, ``trains`` and ``unsatisfied`` as they stood when
    the round ended (a seat went out, or the round was blocked), so a front end draws it as it
    draws the trains in play. JSON: ``{"hand_number": 1, "engine": "12-12", "trains": [...], "unsatisfied": null}``.
    """

    hand_number: int
    """The round it ended."""
    engine: Tile
    """That round's engine."""
    trains: tuple[TrainView, ...]
    """Every train as the round ended (see :attr:`MexicanTrainView.trains`)."""
    unsatisfied: int | str | None
    """The train whose last tile was a double left unsatisfied, or ``None``."""


@attrs.frozen(kw_only=True)
class MexicanTrainView:
    """Everything one seat may know. Its JSON is the view front ends receive.

    Scores are penalty totals: the lowest wins.
    """

    seat: int
    """The seat this view is for."""
    hand_number: int
    """The current round, from 1."""
    hand: tuple[Tile, ...]
    """The seat's own tiles, highest first."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    scores: tuple[int, ...]
    """Each seat's penalty total (lower is better)."""
    current_player: int | None
    """The seat that must play, ``None`` once the game is over."""
    legal_actions: tuple[Play, ...]
    """The seat's legal plays (``[]`` when it is not its turn)."""
    players: int
    """How many seats play."""
    rounds: int
    """How many rounds the match has."""
    double_blank: int
    """What a 0-0 left in hand counts."""
    hand_size: int
    """Tiles dealt to each player."""
    engine: Tile
    """This round's engine, in the hub."""
    first_player: int
    """The seat that played first this round."""
    trains: tuple[TrainView, ...]
    """Every train: the personal ones by seat, then the Mexican train."""
    unsatisfied: int | str | None
    """The train whose last tile is a double still to be satisfied, or ``None``."""
    boneyard_size: int
    """Tiles left to draw."""
    last_round: RoundResult | None
    """How the previous round ended (``None`` in round 1 until it ends)."""
    winner: int | None
    """The winning seat, once the game is over."""
    last_layout: LastLayout | None
    """The table at the end of the last finished round (the round in view, once the match is over);
    ``None`` before any round has ended."""
