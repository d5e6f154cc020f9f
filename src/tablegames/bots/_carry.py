"""Worlds and samplers carried from one decision of a seat to its next one in the same game.

A bot that decides again in a game sees the same log as before, a few events longer. What it
drew for the shorter log is worth keeping, and is kept here (see :func:`decision_worlds` and
:func:`sampler_for`):

* **Worlds.** A world consistent with the shorter log in which the new events' actions, applied
  one by one, produce events that look to the seat exactly as the new events do is consistent
  with the longer log: it is the replay check of :mod:`tablegames.bots.worlds`, made only on the
  new events. A world that does not agree is dropped, and fresh ones are drawn for it. Keeping
  the draws that the new evidence does not refute is rejection sampling: a kept world is drawn
  as a fresh one would be given the longer log (as exactly as it was drawn), but the worlds of
  successive decisions are the same worlds (correlated, as the generic sampler's walk already
  makes successive samples), and the seat's own choices in between were made with them.
* **The sampler** (:meth:`WorldSampler.extended <tablegames.bots.sampler.WorldSampler.extended>`):
  the generic sampler's settled hands and its last consistent state, from which the search
  for the longer log starts.

An entry is found by the variant, its options, the seat and the log's first event, and used
only where its log is a prefix of the new one (compared event by event: a game redacts each
event once, so the comparison is mostly of identical objects). Any other log starts afresh.
A few entries are kept, the newest. A bot's choices may therefore depend on what it decided
before in the same process, not only on its observation and its generator; a match played
again from its start under the same seeds is played the same.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from typing import Any, Final

from tablegames.bots._advance import advanced
from tablegames.bots.sampler import WorldSampler
from tablegames.core.events import EventLog
from tablegames.core.game import Game
from tablegames.core.registry import get_variant

__all__ = ["decision_worlds", "sampler_for"]

_KEPT: Final = 32
"""How many entries (one per seat and game being played) are kept."""


class _Entry:
    """What was drawn for one seat's log: the log, its sampler (built when first needed) and its worlds."""

    __slots__ = ("log", "sampler", "worlds")

    def __init__(self, log: EventLog) -> None:
        self.log = log
        self.sampler: WorldSampler | None = None
        self.worlds: list[Game] = []


_ENTRIES: OrderedDict[tuple[Any, ...], _Entry] = OrderedDict()
_LOCK: Final = threading.Lock()
"""Guards :data:`_ENTRIES` (an entry itself serves one seat of one game, which decides once at a time)."""


def _entry(log: EventLog) -> _Entry:
    """The entry carried for ``log`` (a new one if none has a prefix of it)."""
    events = log.events
    key = (log.variant, log.options, log.seat, events[0] if events else None)
    with _LOCK:
        entry = _ENTRIES.get(key)
        if entry is not None:
            old = entry.log.events
            if len(old) <= len(events) and events[: len(old)] == old:
                _ENTRIES.move_to_end(key)
                return entry
        entry = _ENTRIES[key] = _Entry(log)
        while len(_ENTRIES) > _KEPT:
            _ENTRIES.popitem(last=False)
        return entry


def sampler_for(log: EventLog) -> WorldSampler:
    """A :class:`~tablegames.bots.sampler.WorldSampler` for ``log``, extended from one built for a prefix of it.

    Raises:
        LogError: as :class:`~tablegames.bots.sampler.WorldSampler` does.

    """
    return _sampler(_entry(log), log)


def _sampler(entry: _Entry, log: EventLog) -> WorldSampler:
    sampler = entry.sampler
    if sampler is None:
        sampler = WorldSampler(log)
    elif sampler.log is not log and sampler.log.events != log.events:
        sampler = sampler.extended(log)
    entry.sampler = sampler
    entry.log = log
    return sampler


def decision_worlds(log: EventLog, rng: random.Random, count: int) -> list[Game]:
    """``count`` worlds consistent with ``log``: those kept from the seat's last decision that still agree, then fresh.

    The worlds are the caller's to read and clone, not to change (they are carried to the
    seat's next decision).

    Raises:
        NoWorldError: if a fresh world is needed and the sampler finds none.
        LogError: as :class:`~tablegames.bots.sampler.WorldSampler` does.

    """
    entry = _entry(log)
    seat = log.seat
    kept: list[Game] = []
    if seat is not None and entry.worlds:
        action_of = get_variant(log.variant).action_of
        size = len(log.events)
        for world in entry.worlds:  # each at the end of the prefix of ``log`` it was drawn or carried for
            at = len(world.events)  # ``advanced`` hands back a world already at the log's end as it is
            moved = advanced(world, log.events, at, seat, action_of=action_of, rng=rng) if at <= size else None
            if moved is not None:
                kept.append(moved)
    entry.worlds = []  # until the fresh draws are done: an error leaves nothing half-carried
    sampler: WorldSampler | None = None
    while len(kept) < count:
        if sampler is None:
            sampler = _sampler(entry, log)
        kept.append(sampler.sample(rng))
    entry.log = log
    entry.worlds = kept[:count]
    return entry.worlds
