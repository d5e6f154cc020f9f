"""Write the perft golden counts in ``tests/data/perft/<variant>.json``.

Each entry is a fixed stacked deal (explicit hands in JSON), a set of options and a seed (for
the hands after the stacked one), with :func:`tablegames.testing.perft.perft` at depths 1, 2,
... as long as counting one depth takes at most ``--budget`` seconds. ``tests/test_perft.py``
counts again and compares. Run it from the repository root after a deliberate change to the
rules, and review the diff:

    .venv/bin/python tools/perft.py [--budget 1.0] [--variant NAME]
"""

from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path
from typing import Any, Final

import tablegames
from tablegames.testing.perft import perft

OUT: Final = Path(__file__).resolve().parent.parent / "tests" / "data" / "perft"
MAX_DEPTH: Final = 30
DEALS: Final = 4
"""Stacked deals per entry: enough that every hand the counted depths reach is stacked."""

CONVENTION: Final = (
    "counts[i] is perft(game, depths[i]): the number of distinct legal action sequences of that "
    "length from the game created with these options, seed and deals; a sequence that ends the "
    "match early counts once, at its end; automatic steps are not actions"
)

# The Sniff deal of the user guide: depths 1 and 2 are worked out by hand in tests/test_perft.py.
SNIFF_GUIDE_DEAL: Final = {
    "hands": [
        ["4-4", "4-1", "6-6", "5-5", "3-3", "2-2", "1-1"],
        ["6-4", "4-2", "6-5", "6-3", "6-2", "6-1", "6-0"],
    ],
    "stock": ["0-0", "1-0", "2-0", "2-1", "3-0", "3-1", "3-2", "4-0", "4-3", "5-0", "5-1", "5-2", "5-3", "5-4"],
    "leader": 0,
}

# (variant, entry name, options, the seed whose first shuffled deal is stacked, or an explicit deal)
SPECS: Final[list[tuple[str, str, dict[str, Any], int | dict[str, Any]]]] = [
    ("american-sniff", "two players, the guide's deal", {"players": 2}, SNIFF_GUIDE_DEAL),
    ("american-sniff", "two players, a shuffled deal", {"players": 2}, 11),
    ("american-sniff", "three players", {"players": 3}, 5),
    ("american-sniff", "four players (partnerships)", {"players": 4}, 3),
    ("four-point-smear", "default options", {}, 3),
    ("four-point-smear", "seen_undealt=3", {"seen_undealt": 3}, 3),
    ("all-fives", "two players", {"players": 2}, 11),
    ("all-fives", "three players", {"players": 3}, 5),
    ("all-fives", "four players (partnerships)", {"players": 4}, 3),
    ("auction-pitch", "default options", {}, 3),
    ("euchre", "default options", {}, 3),
    ("euchre", "stick the dealer, no going alone", {"stick_the_dealer": True, "alone": False}, 3),
    ("mexican-train", "two players, one round", {"players": 2, "rounds": 1}, 3),
]


_SCALAR_LIST: Final = re.compile(r"\[\s+((?:\"[^\"]*\"|-?\d+)(?:,\s+(?:\"[^\"]*\"|-?\d+))*)\s+\]")


def _to_text(data: Any) -> str:
    """``data`` as indented JSON, with lists of strings or ints kept on one line each."""
    text = json.dumps(data, indent=1)
    return _SCALAR_LIST.sub(lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text) + "\n"


def _deals_of(variant: str, options: dict[str, Any], source: int | dict[str, Any], stored: list[Any]) -> list[Any]:
    """The JSON forms of the entry's stacked deals, :data:`DEALS` of them.

    Deals already stored are kept, so a golden file's deals never change once written. The
    first deal is ``source`` itself or the first deal seed ``source`` shuffles; the others are
    shuffled from the seed too, with the neutral draw fixed at seat 0, so that no count depends
    on how a later hand would be shuffled or drawn.
    """
    deals = list(stored[:DEALS])
    seed = source if isinstance(source, int) else 1
    game = tablegames.new_game(variant, seed=seed, **options)
    draw = next((key for key in ("leader", "dealer") if key in tablegames.to_json(game.shuffled_deal(1))), None)
    if not deals:
        first = type(game).deals_from_events(game.log().events)[0]
        deals.append(source if isinstance(source, dict) else tablegames.to_json(first))
    while len(deals) < DEALS:
        shuffled = tablegames.to_json(game.shuffled_deal(len(deals) + 1))
        if draw is not None:  # a variant that draws lots for the first turn
            shuffled[draw] = 0
        deals.append(shuffled)
    return deals


def count_entry(
    variant: str,
    name: str,
    options: dict[str, Any],
    source: int | dict[str, Any],
    budget: float,
    *,
    stored: dict[str, Any] | None = None,
) -> Any:
    """One entry of the golden file: the deals, the options and the counts within ``budget``.

    The deals and the depths of a ``stored`` entry are kept: those depths are always counted,
    so that a run on a slower machine does not drop stored counts.
    """
    at_least = len(stored["depths"]) if stored else 0
    deals = _deals_of(variant, options, source, stored["deals"] if stored else [])
    seed = 1
    game = tablegames.new_game(variant, seed=seed, deals=deals, **options)
    depths: list[int] = []
    counts: list[int] = []
    elapsed = 0.0
    for depth in range(1, MAX_DEPTH + 1):
        if depth > at_least and len(counts) >= 2 and counts[-2] > 0:
            # the next depth costs about the last one times the branching factor
            predicted = elapsed * counts[-1] / counts[-2]
            if predicted > budget * 1.5:
                break
        start = time.perf_counter()
        count = perft(game, depth)
        elapsed = time.perf_counter() - start
        if elapsed > budget and depth > at_least:
            break
        depths.append(depth)
        counts.append(count)
        print(f"{variant:18} {name:32} depth {depth:2}: {count:>10}  ({elapsed:.2f} s)")
    return {
        "name": name,
        "options": options,
        "seed": seed,
        "deals": deals,
        "depths": depths,
        "counts": counts,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds one depth may take (default 1.0)")
    parser.add_argument("--variant", help="only this variant")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    variants = sorted({spec[0] for spec in SPECS})
    for variant in variants:
        if args.variant and variant != args.variant:
            continue
        path = OUT / f"{variant}.json"
        stored = {}
        if path.exists():
            stored = {e["name"]: e for e in json.loads(path.read_text(encoding="utf-8"))["entries"]}
        entries = [
            count_entry(variant, name, options, source, args.budget, stored=stored.get(name))
            for v, name, options, source in SPECS
            if v == variant
        ]
        data = {"variant": variant, "convention": CONVENTION, "entries": entries}
        path.write_text(_to_text(data), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
