"""All Fives' own events; the others are the library's draw-game events, re-exported by the package."""

from __future__ import annotations

from typing import ClassVar, Final, Self

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Event, redact_hands

__all__ = ["LEAD_REASONS", "HandDealt", "LeaderChosen"]

LEAD_REASONS: Final = ("highest_double", "heaviest_tile", "domino", "block")
"""Why a seat leads a hand (the ``reason`` of :class:`LeaderChosen`)."""


@attrs.frozen
class HandDealt(Event):
    """A hand was shuffled and dealt. Each seat sees only its own hand; nobody sees the boneyard."""

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The hand's number, from 1."""
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's tiles, in dealt order (``None`` where hidden)."""
    boneyard: tuple[Tile, ...] | None
    """The boneyard in drawing order (``None`` where hidden)."""
    boneyard_size: int
    """How many tiles the boneyard holds."""

    def dealt_hand(self) -> int:
        """The hand this event deals (declared for the layers above)."""
        return self.hand_number

    def redact(self, seat: int | None) -> Self:
        """Hide every other seat's hand and the boneyard from ``seat``."""
        return self if seat is None else attrs.evolve(self, hands=redact_hands(self.hands, seat), boneyard=None)


@attrs.frozen
class LeaderChosen(Event):
    """The rules named the seat that leads this hand, and the tile it must open with, if any."""

    tag: ClassVar[str] = "leader_chosen"
    seat: int
    """The seat that leads."""
    reason: str
    """One of :data:`LEAD_REASONS`: ``"highest_double"`` or ``"heaviest_tile"`` (the leader holds it
    and must open with it), ``"domino"`` or ``"block"`` (it won the last hand and opens with any tile)."""
    tile: Tile | None
    """The tile the leader must open with, ``None`` if any tile may open."""
