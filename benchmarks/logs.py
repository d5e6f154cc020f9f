"""What a server pays per request for a seat's log: ``log(seat)`` and ``dumps`` of it, as the match goes on.

A server answers a seat after each move with its log (or the full log, to store it). For each
variant, greedy bots play a match; at each of its actions the script asks, in one run:

* **kept** (the library): ``game.log(seat)`` and ``tablegames.dumps`` of it, the game keeping
  each seat's redacted events and each event's text (``tablegames.core.serde.LogTexts``), so a
  call costs the events added since the last one;
* **afresh** (the baseline, what the library did before): a log built from every event,
  redacted again, and encoded whole with ``json.dumps(to_json(log))``.

It checks the two texts are equal at every action, and prints the mean cost per call over the
second half of the match (late positions, where the whole log is long) and the ratio.
This is a measurement, not a test.

    python benchmarks/logs.py [--matches 3]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import tablegames
from tablegames.bots.base import Table
from tablegames.bots.registry import make_bot
from tablegames.core.events import Action, EventLog
from tablegames.core.game import Game
from tablegames.core.serde import to_json

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("american-sniff", {"players": 2}),
    ("american-sniff", {"players": 4}),
    ("four-point-smear", {}),
)


def afresh(game: Game, seat: int | None) -> str:
    """The text of ``seat``'s log built and encoded from every event (the baseline)."""
    if seat is None:
        log = game.log()  # the full log's events are the game's own: nothing to redact
        log = EventLog(
            variant=log.variant, options=log.options, events=tuple(game.events), seed=log.seed, deals=log.deals
        )
    else:
        events = tuple(e.redact(seat) for e in game.events)
        log = EventLog(variant=game.name, options=game.options, events=events, seat=seat)
    return json.dumps(to_json(log), separators=(",", ":"), ensure_ascii=False)


def match_actions(variant: str, options: dict[str, Any], seed: int) -> list[Action]:
    """The actions of a match of greedy bots."""
    game = tablegames.new_game(variant, seed=seed, **options)
    table = Table(game, [make_bot("greedy") for _ in range(game.players)], rng=random.Random(seed))
    actions = []
    while not game.is_over:
        actions.append(table.step())
    return actions


def measure(variant: str, options: dict[str, Any], seat: int | None, matches: int) -> tuple[float, float, float]:
    """Mean µs per call, kept and afresh, over the second half of each match; and the mean events there."""
    kept = fresh = 0.0
    calls = events = 0
    for seed in range(matches):
        actions = match_actions(variant, options, seed)
        game = tablegames.new_game(variant, seed=seed, **options)
        for i, action in enumerate(actions):
            game.apply(action)
            start = time.perf_counter()
            text = tablegames.dumps(game.log(seat))
            middle = time.perf_counter()
            baseline = afresh(game, seat)
            end = time.perf_counter()
            assert text == baseline, (variant, seed, i)
            if i >= len(actions) // 2:
                kept += middle - start
                fresh += end - middle
                calls += 1
                events += len(game.events)
    return 1e6 * kept / calls, 1e6 * fresh / calls, events / calls


def main() -> None:
    """Measure every case and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=3, help="matches of greedy bots per variant (default 3)")
    args = parser.parse_args()
    print("dumps(game.log(seat)) after every action; means over the second half of each match")
    print(f"{'variant':<26} {'log':<7} {'events':>6} {'kept us':>8} {'afresh us':>9} {'speed-up':>8}")
    for variant, options in CASES:
        label = variant + "".join(f" {k}={v}" for k, v in options.items())
        for seat in (0, None):
            kept, fresh, events = measure(variant, options, seat, args.matches)
            name = "full" if seat is None else f"seat {seat}"
            print(f"{label:<26} {name:<7} {events:>6.0f} {kept:>8.1f} {fresh:>9.1f} {fresh / kept:>7.1f}x")


if __name__ == "__main__":
    main()
