"""The Block Game's events, each with its JSON ``type`` tag and who may see what."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Self

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Event, redact_hands, visible

__all__ = ["GameEnded", "HandDealt", "HandEnded", "Passed", "TilePlayed"]


@attrs.frozen
class HandDealt(Event):
    """A hand was dealt. Each seat sees only its own tiles; nobody sees the boneyard."""

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The hand's number, from 1."""
    leader: int
    """The seat that leads this hand."""
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's tiles (``None`` where hidden)."""
    boneyard: tuple[Tile, ...] | None
    """The tiles set aside (``None`` where hidden)."""

    def dealt_hand(self) -> int:
        """The hand this event deals: the command line starts a hand here."""
        return self.hand_number

    def redact(self, seat: int | None) -> Self:
        """The event as ``seat`` sees it: other hands and the boneyard become ``None``."""
        if seat is None:
            return self
        boneyard = self.boneyard if visible(None, seat) else None
        return attrs.evolve(self, hands=redact_hands(self.hands, seat), boneyard=boneyard)


@attrs.frozen
class TilePlayed(Event):
    """A seat placed a tile: the event that records the ``play`` action."""

    tag: ClassVar[str] = "tile_played"
    seat: int
    """The seat that placed it."""
    tile: Tile
    """The tile placed."""
    end: str | None
    """The end it went on, ``None`` for the opening tile."""


@attrs.frozen
class Passed(Event):
    """A seat had no tile that fits and passed (an automatic step)."""

    tag: ClassVar[str] = "passed"
    seat: int
    """The seat that passed."""


@attrs.frozen
class HandEnded(Event):
    """A hand ended: the tiles left are shown and the winner scores the others' pips."""

    tag: ClassVar[str] = "hand_ended"
    hand_number: int
    """The hand that ended."""
    reason: str
    """``"domino"`` (a seat placed its last tile) or ``"blocked"`` (nobody could play)."""
    winner: int | None
    """The seat that won the hand; ``None`` after a block tied for the fewest pips."""
    points: int
    """What the winner scored."""
    hands: tuple[tuple[Tile, ...], ...]
    """The tiles left in each hand, shown to everyone."""
    scores: tuple[int, ...]
    """Each seat's score after the hand."""

    def side_scores(self) -> Mapping[int, int]:
        """Each seat's score after the hand, for the command line's scoresheet."""
        return dict(enumerate(self.scores))


@attrs.frozen
class GameEnded(Event):
    """A seat reached the target: the match is over."""

    tag: ClassVar[str] = "game_ended"
    winner: int
    """The winning seat."""
    scores: tuple[int, ...]
    """The final scores."""

    def side_scores(self) -> Mapping[int, int]:
        """The final scores, for the command line's scoresheet."""
        return dict(enumerate(self.scores))

    def winning_side(self) -> int:
        """The winning seat: the match is over."""
        return self.winner
