"""Mexican Train's events, each with its JSON ``type`` tag and who may see what.

A round is what the library calls a hand: ``hand_number`` is the round's number, from 1.
Only the deal and the tiles drawn are private; every other event is public.

``tile_drawn`` and ``passed`` are the library's draw-game events
(:mod:`tablegames.mechanics.dominoes`), re-exported here, with its :data:`END_REASONS`;
``hand_ended`` is the library's with the round's points and totals added.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final, Self

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Event, redact_hands
from tablegames.mechanics import dominoes
from tablegames.mechanics.dominoes import HAND_END_REASONS as END_REASONS
from tablegames.mechanics.dominoes import Passed, TileDrawn

__all__ = [
    "END_REASONS",
    "TIE_BREAKS",
    "EnginePlaced",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "MarkerPlaced",
    "MarkerRemoved",
    "Passed",
    "TileDrawn",
    "TilePlayed",
]

TIE_BREAKS: Final = ("countback", "seat")
"""How a tie for the lowest total was broken (the ``tie_break`` of :class:`GameEnded`)."""


@attrs.frozen
class HandDealt(Event):
    """A round was shuffled and dealt, the engine still where the deal put it.

    A seat sees only its own hand; nobody sees the boneyard. The round's engine is
    :func:`~tablegames_mexican_train.rules.engine_of` its number; the ``engine_placed`` event
    that follows names it and where it was. (This event names no piece outside the hands and
    the boneyard, so that a seat's world sampler may deal every piece it has not seen.)
    """

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The round's number, from 1."""
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's tiles as dealt (``None`` where hidden)."""
    boneyard: tuple[Tile, ...] | None
    """The boneyard as dealt, in drawing order (``None`` where hidden)."""
    boneyard_size: int
    """How many tiles were left for the boneyard."""

    def dealt_hand(self) -> int:
        """The round this event deals (declared for the layers above)."""
        return self.hand_number

    def redact(self, seat: int | None) -> Self:
        """Hide the other hands and the boneyard from ``seat``."""
        if seat is None:
            return self
        return attrs.evolve(self, hands=redact_hands(self.hands, seat), boneyard=None)


@attrs.frozen
class EnginePlaced(Event):
    """The engine was set in the hub, from its holder's hand or from the boneyard (rules 5 and 6)."""

    tag: ClassVar[str] = "engine_placed"
    tile: Tile
    """The engine."""
    seat: int | None
    """The seat that held it and set it (its holder), ``None`` if it was taken from the boneyard."""
    first: int
    """The seat that plays first: the holder, or the seat the neutral draw picked."""


@attrs.frozen
class TilePlayed(Event):
    """A seat played a tile on a train; ``end`` is the train's end after it."""

    tag: ClassVar[str] = "tile_played"
    seat: int
    """The seat that played."""
    tile: Tile
    """The tile played."""
    train: int | str
    """The train: a seat's, or ``"mexican"``."""
    end: int
    """The value a tile must show to go on that train next."""


@attrs.frozen
class MarkerPlaced(Event):
    """A seat's marker went up on its own train, which every player may now play on."""

    tag: ClassVar[str] = "marker_placed"
    seat: int
    """The seat, the owner of the train and of the marker."""


@attrs.frozen
class MarkerRemoved(Event):
    """A seat played on its own train and took its marker off: the train is closed again."""

    tag: ClassVar[str] = "marker_removed"
    seat: int
    """The seat, the owner of the train and of the marker."""


@attrs.frozen
class HandEnded(dominoes.HandEnded):
    """A round ended: every hand is shown and its pips are added to its player's total."""

    points: tuple[int, ...]
    """Each seat's penalty points for the round (a 0-0 counts the ``double_blank`` option)."""
    scores: tuple[int, ...]
    """Each seat's total after the round."""

    def side_scores(self) -> Mapping[int, int]:
        """Each seat's total after the round (declared for the layers above)."""
        return dict(enumerate(self.scores))


@attrs.frozen
class GameEnded(Event):
    """The last round was scored: the lowest total wins."""

    tag: ClassVar[str] = "game_ended"
    winner: int
    """The winning seat."""
    scores: tuple[int, ...]
    """The final totals."""
    tie_break: str | None
    """``None`` if one seat had the lowest total; else how the tie was broken, one of
    :data:`TIE_BREAKS`: ``"countback"`` (the last rounds' points) or ``"seat"`` (the lowest seat)."""

    def side_scores(self) -> Mapping[int, int]:
        """The final totals, seat by seat (declared for the layers above)."""
        return dict(enumerate(self.scores))

    def winning_side(self) -> int:
        """The winning seat (declared for the layers above)."""
        return self.winner
