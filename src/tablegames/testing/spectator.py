"""The kit's checks of what a spectator sees: :meth:`~tablegames.core.game.Game.public_events`.

A spectator (someone who holds no seat) sees what every seat sees
(:func:`~tablegames.core.events.redact_public`). These checks pin that from the outside: a
public event is never more than any seat's redaction of it, and two games that differ only in
pieces no spectator can see give identical public events.

>>> from tablegames.testing.spectator import check_public, check_public_indistinguishable
>>> from tablegames.core.registry import get_variant

>>> Sniff = get_variant("american-sniff")
>>> from tablegames.testing import Scenario
>>> check_public(Scenario(variant=Sniff, options={"players": 3}, seed=5, steps=20))
>>> check_public_indistinguishable(Scenario(variant=Sniff, options={"players": 3}, seed=5, swaps=((0, 7),)))
"""

from __future__ import annotations

from typing import Final

from tablegames.core.game import Game
from tablegames.core.serde import dumps, structure
from tablegames.testing._support import json_of, play_alike, redaction_problem
from tablegames.testing.scenario import ConformanceError, Scenario

__all__ = ["PUBLIC_WINDOW", "check_public", "check_public_indistinguishable"]

PUBLIC_WINDOW: Final = 30
"""How many steps from the scenario's position :func:`check_public` follows."""


def check_public(scenario: Scenario, *, max_steps: int = 10_000) -> None:
    """A spectator's events are never more than a seat sees, and load back from their JSON.

    From the position, for :data:`PUBLIC_WINDOW` steps (or to the end of the match), every
    event of :meth:`~tablegames.core.game.Game.public_events` is checked once: it is of its
    full event's class; it is a lower bound of every seat's redaction of that event (its JSON
    is the seat's redacted event's JSON with some values set to ``null``: every value a
    spectator sees, each seat sees alike); and it loads back equal from its JSON and writes the
    same text again. ``public_events(start)`` must be the tail of ``public_events()``.
    """
    name = "public"
    game = scenario.position()
    choose = scenario.chooser()
    step = scenario.steps
    checked = 0
    for _ in range(min(PUBLIC_WINDOW, max_steps) + 1):
        public = game.public_events()
        full = game.events
        if len(public) != len(full):
            detail = f"public_events() has {len(public)} events, the log {len(full)}"
            raise ConformanceError(name, scenario, step, detail)
        if game.public_events(checked) != public[checked:]:
            raise ConformanceError(
                name, scenario, step, f"public_events({checked}) is not public_events() from event {checked} on"
            )
        for i in range(checked, len(full)):
            _check_event(scenario, step, game, i, public[i])
        checked = len(full)
        if game.is_over:
            return
        game.apply(choose(game, step))
        step += 1


def _check_event(scenario: Scenario, step: int, game: Game, i: int, shown: object) -> None:
    """Check ``shown``, the public form of event ``i`` of ``game``: see :func:`check_public`."""
    name = "public"
    event = game.events[i]
    if type(shown) is not type(event):
        detail = f"public_events()[{i}] is a {type(shown).__name__}, the event a {type(event).__name__}"
        raise ConformanceError(name, scenario, step, detail)
    data = json_of(shown)
    for seat in range(game.players):
        upper = f"seat {seat}'s redacted event"
        problem = redaction_problem(json_of(event.redact(seat)), data, f"public_events()[{i}]", upper=upper)
        if problem is not None:
            raise ConformanceError(name, scenario, step, f"a spectator sees more than seat {seat}: {problem}")
    text = dumps(shown)
    try:
        again = structure(data, type(event))
    except Exception as exc:
        detail = f"public_events()[{i}] does not load from its own JSON {text[:300]}: {type(exc).__name__}: {exc}"
        raise ConformanceError(name, scenario, step, detail) from None
    if again != shown or dumps(again) != text:
        detail = f"public_events()[{i}] loads from its JSON {text[:300]} as {again!r}"
        raise ConformanceError(name, scenario, step, detail)


def check_public_indistinguishable(scenario: Scenario, *, max_steps: int = 10_000) -> None:
    """Within a hand, two games that differ only in pieces no spectator can see give identical public events.

    The pieces of the first game's first deal that its public events never name (every hand,
    a face-down stock; unlike ``indistinguishable``, pieces of different seats' hands may be
    exchanged) are swapped by the scenario's ``swaps``, giving a second stacked deal. Both
    games play the same actions (with the swapped pieces exchanged) while they stay legal and
    the swapped pieces stay out of the public events, until the end of the first hand; the
    JSON of :meth:`~tablegames.core.game.Game.public_events` must be identical throughout.
    (Two games that no seat can tell apart always give identical public events, which are built
    from the seats' redactions only; this check also exchanges pieces some seat does see.)
    """
    play_alike(
        "public_indistinguishable",
        scenario,
        scenario.new_game(),
        observer="a spectator",
        looks=_public_looks,
        hand_seat=0,
        max_steps=max_steps,
    )


def _public_looks(game: Game) -> tuple[tuple[str, str]]:
    return (("public events", dumps(list(game.public_events()))),)
