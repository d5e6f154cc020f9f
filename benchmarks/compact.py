"""What a game costs to store and send: its compact form against a plain pickle, late in a match.

For each variant, greedy bots play whole matches; a second game with the same seed and the
same actions is stopped 80% of the way through (by actions taken). At that position the
script measures, in one run:

* a plain pickle: the game's own state pickled as Python pickles any object with slots (what
  ``pickle.dumps(game)`` wrote before games pickled as their compact form), its size and the
  time of ``dumps`` plus ``loads``;
* the compact form: the size of :meth:`~tablegames.core.game.Game.compact` and the time of
  ``compact()`` plus :func:`~tablegames.core.compact.restore` (which replays every action);
* for context, the JSON log: the size of ``dumps(game.log())`` and the time of ``dumps``,
  ``load_log`` and ``replay``.

It prints the means over the matches and the ratios against the plain pickle. This is a
measurement, not a test.

    python benchmarks/compact.py [--matches 5] [--repeat 20]
"""

from __future__ import annotations

import argparse
import copyreg
import io
import pickle
import random
import time
from collections.abc import Callable
from typing import Any

import tablegames
from tablegames.bots.base import Table
from tablegames.bots.registry import make_bot
from tablegames.core.compact import restore
from tablegames.core.events import Action
from tablegames.core.game import Game

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("american-sniff", {"players": 4}),
    ("american-sniff", {"players": 2}),
    ("four-point-smear", {}),
)
SHARE = 0.8
"""How far through the match (by actions taken) the position is."""


class _PlainPickler(pickle.Pickler):
    """Pickles a game by its slots and attributes, as Python would without ``Game.__reduce__``."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, Game):
            return copyreg.__newobj__, (type(obj),), obj.__getstate__()  # type: ignore[attr-defined]
        return NotImplemented


def plain_pickle(game: Game) -> bytes:
    """``game`` pickled the plain way (highest protocol)."""
    out = io.BytesIO()
    _PlainPickler(out, pickle.HIGHEST_PROTOCOL).dump(game)
    return out.getvalue()


def late_game(variant: str, options: dict[str, Any], seed: int) -> tuple[Game, int]:
    """The position ``SHARE`` of the way through a match of greedy bots, and the match's length in actions.

    Greedy bots, not random players: random bids in Smear are set so often that a match of them
    never reaches the target.
    """
    whole = tablegames.new_game(variant, seed=seed, **options)
    bots = [make_bot("greedy") for _ in range(whole.players)]
    table = Table(whole, bots, rng=random.Random(seed))
    actions: list[Action] = []
    while not whole.is_over:
        actions.append(table.step())
    game = tablegames.new_game(variant, seed=seed, **options)
    for action in actions[: int(len(actions) * SHARE)]:
        game.apply(action)
    return game, len(actions)


def per_call(fn: Callable[[], object], repeat: int) -> float:
    """The best mean time of ``fn`` in milliseconds, over a few rounds of ``repeat`` calls."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1000


def position_row(game: Game, length: int, repeat: int) -> dict[str, float]:
    """Sizes (bytes) and times (ms) of one late position, after checking each form rebuilds it."""
    plain = plain_pickle(game)
    again = pickle.loads(plain)
    assert tablegames.dumps(again.log()) == tablegames.dumps(game.log())
    compact = game.compact()
    assert tablegames.dumps(restore(compact).log()) == tablegames.dumps(game.log())
    return {
        "actions": length * SHARE,
        "events": len(game.events),
        "pickle_bytes": len(plain),
        "compact_bytes": len(compact),
        "pickled_now_bytes": len(pickle.dumps(game)),
        "log_bytes": len(tablegames.dumps(game.log()).encode()),
        "pickle_ms": per_call(lambda: pickle.loads(plain_pickle(game)), repeat),
        "compact_ms": per_call(lambda: restore(game.compact()), repeat),
        "compact_dumps_ms": per_call(game.compact, repeat),
        "log_ms": per_call(lambda: tablegames.replay(tablegames.load_log(tablegames.dumps(game.log()))), repeat),
    }


def measure(variant: str, options: dict[str, Any], *, matches: int, repeat: int) -> dict[str, float]:
    """Mean sizes (bytes) and times (ms) at the late position of ``matches`` matches."""
    totals: dict[str, float] = {}
    for seed in range(matches):
        game, length = late_game(variant, options, seed)
        for key, value in position_row(game, length, repeat).items():
            totals[key] = totals.get(key, 0.0) + value / matches
    return totals


def main() -> None:
    """Measure every case and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=5, help="matches per variant (default 5)")
    parser.add_argument("--repeat", type=int, default=20, help="calls per timing round (default 20)")
    args = parser.parse_args()
    print(f"late in a match: {SHARE:.0%} of its actions taken; means over {args.matches} matches of greedy bots")
    print(
        f"{'variant':<28} {'actions':>7} {'events':>6} | {'pickle B':>8} {'compact B':>9} {'size x':>6} "
        f"{'log B':>7} | {'pickle ms':>9} {'compact ms':>10} {'(dumps)':>7} {'time x':>6} {'log ms':>7}"
    )
    for variant, options in CASES:
        m = measure(variant, options, matches=args.matches, repeat=args.repeat)
        label = variant + "".join(f" {k}={v}" for k, v in options.items())
        print(
            f"{label:<28} {m['actions']:>7.0f} {m['events']:>6.0f} | {m['pickle_bytes']:>8.0f} "
            f"{m['compact_bytes']:>9.0f} {m['pickle_bytes'] / m['compact_bytes']:>5.1f}x {m['log_bytes']:>7.0f} | "
            f"{m['pickle_ms']:>9.3f} {m['compact_ms']:>10.3f} {m['compact_dumps_ms']:>7.3f} "
            f"{m['compact_ms'] / m['pickle_ms']:>5.2f}x {m['log_ms']:>7.2f}"
        )
    print("size x: plain pickle bytes / compact bytes (higher: compact is smaller).")
    print("time x: (compact() + restore) / (plain pickle dumps + loads); (dumps): compact() alone.")
    print("pickle.dumps(game) now stores the compact form: its size is the compact size plus ~100 bytes.")


if __name__ == "__main__":
    main()
