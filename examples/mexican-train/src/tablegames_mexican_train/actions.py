"""Mexican Train's one action: a tile played on a train (rule 7)."""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Action
from tablegames_mexican_train.options import TILES

__all__ = ["MEXICAN", "TRAIN_IDS", "Play", "TrainId", "play", "train_name"]

TrainId = int | str
"""A train's id: its owner's seat (``0`` to *n*-1), or :data:`MEXICAN` for the public train."""
MEXICAN: Final = "mexican"
"""The id of the Mexican train, the public train owned by nobody."""
TRAIN_IDS: Final[tuple[TrainId, ...]] = (*range(8), MEXICAN)
"""Every train id a match may have (with fewer than 8 players, the seats above the last are
no train)."""


def train_name(train: object) -> str:
    """A train's name in words: ``"train 2"``, ``"the Mexican train"``.

    >>> train_name(2), train_name("mexican")
    ('train 2', 'the Mexican train')
    """
    return "the Mexican train" if train == MEXICAN else f"train {train}"


@attrs.frozen
class Play(Action):
    """Play ``tile`` on the train ``train``.

    JSON: ``{"type": "play", "tile": "12-7", "train": 2}`` (seat 2's train) or
    ``{"type": "play", "tile": "12-7", "train": "mexican"}``.

    >>> str(Play(Tile(12, 7), 2)), str(Play(Tile(12, 7), "mexican"))
    ('12-7 on train 2', '12-7 on the Mexican train')
    """

    tag: ClassVar[str] = "play"
    tile: Tile
    """The tile played."""
    train: int | str
    """The train it goes on: a seat, or ``"mexican"``."""

    def __str__(self) -> str:
        return f"{self.tile} on {train_name(self.train)}"


_PLAYS: Final = {(tile, train): Play(tile, train) for tile in TILES for train in TRAIN_IDS}


def play(tile: Tile, train: TrainId) -> Play:
    """The interned :class:`Play` of ``tile`` on ``train`` (a new, equal one if it is not interned).

    >>> play(Tile(12, 7), "mexican") is play(Tile(7, 12), "mexican")
    True
    """
    found = _PLAYS.get((tile, train)) if type(train) is not bool else None
    return Play(tile, train) if found is None else found
