"""What a front end pays per request for a seat's view: ``view(seat)`` and ``dumps`` of it.

For each variant, greedy bots play matches; at positions through each match the script times,
in one run:

* ``game.view(seat)``;
* ``tablegames.dumps(view)``, of views built apart (see ``dumps_us``): the library, which
  writes the text in one walk of the view (a function made from the view class's
  annotations, see ``tablegames.core.serde``);
* the baseline, what the library did before: the converter's data passed to ``json.dumps``
  (``json.dumps(to_json(view))``); the two texts are checked equal at every position.

It prints the median microseconds per call over the positions and the baseline's cost over
the library's. This is a measurement, not a test.

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


def dumps_us(game: Any, seat: int, repeat: int) -> float:
    """Microseconds per ``dumps`` of a view of ``seat``: ``repeat`` views built apart, each written in turn.

    Each is a view of its own, as a server builds one per request: what the views share (the
    last hand's table, the last trick) is shared here too, and nothing else is written twice in a
    row, so ``dumps`` keeps no more texts than it would for a server.
    """
    views = [game.view(seat) for _ in range(repeat)]
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for view in views:
            tablegames.dumps(view)
        best = min(best, time.perf_counter() - start)
    return 1e6 * best / repeat


def baseline(view: Any) -> str:
    """The view's text as the library wrote it before: the converter's data through ``json.dumps``."""
    return json.dumps(to_json(view), separators=(",", ":"), ensure_ascii=False)


def main() -> None:
    """Measure every case and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=3, help="matches of greedy bots per variant (default 3)")
    parser.add_argument("--repeat", type=int, default=200, help="calls per timing (default 200)")
    args = parser.parse_args()
    print("median us per call over positions of greedy matches; baseline = json.dumps(to_json(view))")
    print(f"{'variant':<26} {'positions':>9} {'view()':>7} {'dumps':>7} {'baseline':>9} {'speed-up':>8}")
    for variant, options in CASES:
        label = variant + "".join(f" {k}={v}" for k, v in options.items())
        games = positions(variant, options, args.matches)
        views, texts, bases = [], [], []
        for game in games:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            assert tablegames.dumps(view) == baseline(view), (variant, game.seed)
            views.append(per_call(partial(game.view, seat), args.repeat))
            texts.append(dumps_us(game, seat, args.repeat))
            bases.append(per_call(partial(baseline, view), args.repeat))
        view_us, text_us, base_us = (statistics.median(x) for x in (views, texts, bases))
        print(f"{label:<26} {len(games):>9} {view_us:>7.2f} {text_us:>7.2f} {base_us:>9.2f} {base_us / text_us:>7.2f}x")


if __name__ == "__main__":
    main()
