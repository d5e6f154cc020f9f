"""Playing a world on along a seat's log: the replay check of the world samplers, from a given event on.

A world that agrees with a seat's log up to some event is played on by the log's own actions;
every event it produces must look to the seat exactly as the log's. Used to carry a world from
one decision to the next (:mod:`tablegames.bots._carry`) and to rebuild the current hand from a
snapshot taken before it (:class:`tablegames.bots.sampler.WorldSampler`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tablegames.bots._json_places import has_null
from tablegames.core.errors import IllegalActionError
from tablegames.core.events import Event
from tablegames.core.game import Game
from tablegames.core.serde import to_json

__all__ = ["advanced", "agree"]


def advanced(
    world: Game,
    recorded: tuple[Event, ...],
    start: int,
    seat: int,
    *,
    action_of: Any,
    rng: random.Random,
    filled: tuple[int, Sequence[Event]] | None = None,
) -> Game | None:
    """``world`` (consistent with ``recorded[:start]``) played on to the end of ``recorded``; ``None`` if it disagrees.

    Each recorded action is applied; where the seat does not see an action whole (another
    seat's hidden pass or draw), the action a filler chose is applied if ``filled`` gives one
    (``(first, events)``: the filled events of ``recorded[first:]``), else the legal actions
    are tried in a random order and the first whose events look to the seat as recorded is
    kept, as the generic sampler draws a hidden choice. A world whose events go past the log's
    end disagrees.
    """
    if len(world.events) != start:
        return None
    stop = len(recorded)
    at = start
    while at < stop:
        current = world.current_player
        if world.is_over or current is None:
            return None
        source = recorded[at]
        if filled is not None and 0 <= at - filled[0] < len(filled[1]):
            source = filled[1][at - filled[0]]
        try:
            step = action_of(source)
        except Exception:
            step = None
        moved: Game | None = None
        if step is not None and step[0] == current:
            try:
                produced: tuple[Event, ...] | None = world.apply(step[1], seat=current)
            except IllegalActionError:
                if not has_null(to_json(recorded[at])):
                    return None  # an action the seat saw whole is refused: this world cannot be it
                produced = None  # an action the seat saw redacted: drawn below
            if produced is not None:
                if not agree(produced, recorded, at, seat):
                    return None
                moved = world
        if moved is None:
            actions = list(world.legal_actions())
            rng.shuffle(actions)
            for action in actions:
                trial = world.clone()
                if agree(trial.apply(action), recorded, at, seat):
                    moved = trial
                    break
            if moved is None:
                return None
        world = moved
        at = len(world.events)
    return world


def agree(produced: tuple[Event, ...], recorded: tuple[Event, ...], at: int, seat: int) -> bool:
    """Whether every produced event, from log index ``at`` on, looks to ``seat`` as recorded (none past the end)."""
    if at + len(produced) > len(recorded):
        return False
    return all(event.redact(seat) == recorded[at + k] for k, event in enumerate(produced))
