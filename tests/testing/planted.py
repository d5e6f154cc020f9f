"""Variants with a planted bug each, for showing that the conformance kit catches it."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Action, EventLog
from tablegames.variants.sniff import HandDealt, Passed, Play, Sniff

__all__ = ["CountingSniff", "LaxSniff", "LeakySniff", "LosingSniff", "SharingSniff", "StrictSniff"]

_BLANK = Tile(0, 0)


class LeakySniff(Sniff):
    """Its redacted logs show every hand dealt: an opponent's tiles leak."""

    name: ClassVar[str] = "leaky-sniff"

    def log(self, seat: int | None = None) -> EventLog:
        log = super().log(seat)
        if seat is None:
            return log
        full = super().log().events
        events = tuple(f if isinstance(f, HandDealt) else r for f, r in zip(full, log.events, strict=True))
        return attrs.evolve(log, events=events)


class CountingSniff(Sniff):
    """After every third placement made by any game of the class, it logs a pass: not replayable."""

    name: ClassVar[str] = "counting-sniff"
    placements: ClassVar[int] = 0

    def perform(self, action: Action, seat: int) -> int | None:
        following = super().perform(action, seat)
        type(self).placements += 1
        if type(self).placements % 3 == 0 and not self.is_over:
            self.emit(Passed(seat))
        return following


class LaxSniff(Sniff):
    """It accepts a held tile on any open end, whether it matches or not."""

    name: ClassVar[str] = "lax-sniff"

    def why_illegal(self, action: Action, seat: int) -> str | None:
        reason = super().why_illegal(action, seat)
        if reason is not None and isinstance(action, Play) and " does not match end " in reason:
            return None
        return reason


class StrictSniff(Sniff):
    """Its legality hook refuses every double that its list of legal actions offers."""

    name: ClassVar[str] = "strict-sniff"

    def why_illegal(self, action: Action, seat: int) -> str | None:
        if isinstance(action, Play) and action.tile.is_double:
            return "no doubles here"
        return super().why_illegal(action, seat)


class SharingSniff(Sniff):
    """Its clones share the hands with the original."""

    name: ClassVar[str] = "sharing-sniff"

    def copy_state(self, new: Sniff) -> None:
        super().copy_state(new)
        new.hands = self.hands


class LosingSniff(Sniff):
    """The double blank vanishes from any hand holding it after a placement."""

    name: ClassVar[str] = "losing-sniff"

    def perform(self, action: Action, seat: int) -> int | None:
        following = super().perform(action, seat)
        for hand in self.hands:
            if _BLANK in hand and len(hand) > 1 and self.forced_tile is not _BLANK:
                hand.remove(_BLANK)
        return following
