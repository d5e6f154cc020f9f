"""What a front end pays per request for a seat's view: ``view(seat)`` and ``dumps`` of it.

For each variant, in one run:

* ``game.view(seat)``, at every tenth position of matches of greedy bots: the median over
  the positions of the best of three timings;
* ``tablegames.dumps(view)`` (the library, which writes the text in one walk of the view, by a
  function made from the view class's annotations, see ``tablegames.core.serde``) and the
  baseline, what the library did before (the converter's data passed to ``json.dumps``,
  ``json.dumps(to_json(view))``), over every seat's view after every move of other greedy
  matches, each written once, in order, as a server writes them (see ``dumps_us``): the mean, the best of three rounds.
  The two texts are checked equal for every view.

It prints the microseconds per call and the baseline's cost over the library's. This is a
measurement, not a test.

    python benchmarks/views.py [--matches 3] [--repeat 200]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import tablegames
from tablegames.bots.base import Table
from tablegames.bots.registry import make_bot
from tablegames.core.game import Game
from tablegames.core.serde import to_json

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("american-sniff", {"players": 2}),
    ("american-sniff", {"players": 4}),
    ("four-point-smear", {}),
)


def positions(variant: str, options: dict[str, Any], matches: int) -> list[Game]:
    """Every tenth position of matches of greedy bots, as clones."""
    out = []
    for seed in range(matches):
        game = tablegames.new_game(variant, seed=seed, **options)
        table = Table(game, [make_bot("greedy") for _ in range(game.players)], rng=random.Random(seed))
        moves = 0
        while not game.is_over:
            table.step()
            moves += 1
            if moves % 10 == 0 and not game.is_over:
                out.append(game.clone())
    return out


def per_call(call: Callable[[], object], repeat: int) -> float:
    """Microseconds per call of ``call``, the best of three runs of ``repeat`` calls."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            call()
        best = min(best, time.perf_counter() - start)
    return 1e6 * best / repeat


def match_views(variant: str, options: dict[str, Any], matches: int) -> list[Any]:
    """Every seat's view after every move of matches of greedy bots, in order, as a server writes them.

    The matches are seeded 100, 101, ...: others than :func:`positions`', so no view shares
    anything with a view written before.
    """
    out = []
    for seed in range(100, 100 + matches):
        game = tablegames.new_game(variant, seed=seed, **options)
        table = Table(game, [make_bot("greedy") for _ in range(game.players)], rng=random.Random(seed))
        while not game.is_over:
            out += [game.view(seat) for seat in range(game.players)]
            table.step()
    return out


def dumps_us(variant: str, options: dict[str, Any], matches: int, rounds: int = 3) -> tuple[float, float, int]:
    """Microseconds per ``dumps`` and per :func:`baseline` of :func:`match_views`, and how many views.

    Each view is written once, in order, the best of ``rounds`` rounds, each over views built
    afresh. Once only: ``dumps`` keeps the text of a part written a second time when nothing in
    it can change, so writing the same views again would time texts kept by the first pass. In
    one pass, a part is kept only as a server's writes keep it: every seat's view after a move
    shares the table, and the views after the next moves share what did not change.
    """
    best_text = best_base = float("inf")
    count = 0
    for _ in range(rounds):
        views = match_views(variant, options, matches)
        tablegames.dumps(views[0])  # the classes' functions made and checked before the clock starts
        start = time.perf_counter()
        for view in views[1:]:
            tablegames.dumps(view)
        best_text = min(best_text, (time.perf_counter() - start) / (len(views) - 1))
        start = time.perf_counter()
        for view in views[1:]:
            baseline(view)
        best_base = min(best_base, (time.perf_counter() - start) / (len(views) - 1))
        count = len(views)
    return 1e6 * best_text, 1e6 * best_base, count


def baseline(view: Any) -> str:
    """The view's text as the library wrote it before: the converter's data through ``json.dumps``."""
    return json.dumps(to_json(view), separators=(",", ":"), ensure_ascii=False)


def main() -> None:
    """Measure every case and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=3, help="matches of greedy bots per variant (default 3)")
    parser.add_argument("--repeat", type=int, default=200, help="calls per timing (default 200)")
    args = parser.parse_args()
    print("us per call: view() the median over positions of greedy matches; dumps and baseline")
    print("(json.dumps(to_json(view))) the mean over every seat's view after every move of other matches")
    print(f"{'variant':<26} {'positions':>9} {'view()':>7} {'views':>7} {'dumps':>7} {'baseline':>9} {'speed-up':>8}")
    for variant, options in CASES:
        label = variant + "".join(f" {k}={v}" for k, v in options.items())
        games = positions(variant, options, args.matches)
        costs = []
        for game in games:
            seat = game.current_player
            assert seat is not None
            costs.append(per_call(partial(game.view, seat), args.repeat))
        for view in match_views(variant, options, args.matches):
            assert tablegames.dumps(view) == baseline(view), variant
        text_us, base_us, count = dumps_us(variant, options, args.matches)
        view_us = statistics.median(costs)
        print(
            f"{label:<26} {len(games):>9} {view_us:>7.2f} {count:>7} {text_us:>7.2f} {base_us:>9.2f}"
            f" {base_us / text_us:>7.2f}x"
        )

if __name__ == "__main__":
    main()
