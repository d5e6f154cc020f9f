"""Variants whose spectator events are wrong, for showing that the kit's ``public`` checks catch it."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.core.events import Event
from tablegames.variants.sniff import HandDealt, Sniff, TilePlayed

__all__ = ["PeekingSniff", "SecretiveSniff"]


class PeekingSniff(Sniff):
    """Its public events are the full events: a spectator sees every hand."""

    name: ClassVar[str] = "peeking-sniff"

    def public_events(self, start: int = 0) -> tuple[Event, ...]:
        return tuple(self.events[start:])


class SecretiveSniff(Sniff):
    """Its public events name no hidden tile, but hide where tiles go when seat 0 was dealt odd pips.

    Each public event is at most what every seat sees, yet which fields are hidden tells a
    spectator something no seat shows.
    """

    name: ClassVar[str] = "secretive-sniff"

    def public_events(self, start: int = 0) -> tuple[Event, ...]:
        shown = list(super().public_events(start))
        secret = False
        for i, event in enumerate(self.events):
            if isinstance(event, HandDealt):
                secret = event.hands[0] is not None and sum(t.high + t.low for t in event.hands[0]) % 2 == 1
            elif secret and i >= start and isinstance(event, TilePlayed):
                shown[i - start] = attrs.evolve(event, end=None)
        return tuple(shown)
