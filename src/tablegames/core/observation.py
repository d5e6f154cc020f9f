"""What one seat may know when it must act: the :class:`Observation` every bot is given.

It belongs to the core contract because variants' optional capabilities (a heuristic, a
search) are handed one too; :mod:`tablegames.bots` re-exports it.
"""

from __future__ import annotations

from typing import Any

import attrs

from tablegames.core.events import Action, Event, EventLog

__all__ = ["Observation"]


@attrs.frozen
class Observation:
    """Everything one seat may know when it must act."""

    variant: str
    """The variant's registered name."""
    options: Any
    """The game's options (public)."""
    seat: int
    """The seat that must act."""
    view: Any
    """The seat's view (the variant's view class)."""
    events: tuple[Event, ...]
    """The seat's redacted log so far (see :meth:`log`)."""
    legal: tuple[Action, ...]
    """The seat's legal actions, in the game's order."""

    def log(self) -> EventLog:
        """The seat's redacted log as an :class:`~tablegames.core.events.EventLog`."""
        return EventLog(variant=self.variant, options=self.options, events=self.events, seat=self.seat)
