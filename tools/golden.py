"""Write the golden match logs in ``tests/data/golden/<variant>.json``.

Each entry is a whole match between seeded random bots (:class:`~tablegames.bots.random.RandomBot`
on a :class:`~tablegames.bots.base.Table`) from a game seed and a set of options, stored as the
match's complete event log. ``tests/test_golden_logs.py`` plays the matches again and compares
the logs event by event: a change to any rule, any automatic step, the order of the legal
actions or the way a deal is shuffled changes them. Run it from the repository root after a
deliberate change, and review the diff:

    .venv/bin/python tools/golden.py [--variant NAME]
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any, Final

import tablegames
from tablegames.bots.base import Table
from tablegames.bots.random import RandomBot

OUT: Final = Path(__file__).resolve().parent.parent / "tests" / "data" / "golden"

CONVENTION: Final = (
    "log is tablegames.to_json(game.log()) after Table(new_game(variant, seed=seed, **options), "
    "[RandomBot()] * players, rng=random.Random(seed)).play()"
)

# (variant, options, seeds)
SPECS: Final[list[tuple[str, dict[str, Any], tuple[int, ...]]]] = [
    ("american-sniff", {"players": 2}, (1, 2)),
    ("american-sniff", {"players": 3}, (3,)),
    ("american-sniff", {"players": 4}, (4,)),
    ("four-point-smear", {}, (1, 2)),
    ("all-fives", {"players": 2}, (1, 2)),
    ("all-fives", {"players": 3}, (3,)),
    ("all-fives", {"players": 4}, (4,)),
    ("auction-pitch", {}, (1, 2)),
    ("euchre", {}, (1, 2)),
    ("euchre", {"stick_the_dealer": True, "alone": False}, (3,)),
    ("mexican-train", {"players": 2, "rounds": 2}, (1, 2)),
    ("mexican-train", {"players": 4, "rounds": 1}, (3,)),
]


def play(variant: str, options: dict[str, Any], seed: int) -> Any:
    """The JSON log of one golden match."""
    game = tablegames.new_game(variant, seed=seed, **options)
    Table(game, [RandomBot()] * game.players, rng=random.Random(seed)).play()
    return tablegames.to_json(game.log())


def entries(variant: str) -> list[dict[str, Any]]:
    """The golden entries of ``variant``, played now."""
    return [
        {"options": options, "seed": seed, "log": play(variant, options, seed)}
        for name, options, seeds in SPECS
        if name == variant
        for seed in seeds
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", help="only this variant")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    for variant in sorted({spec[0] for spec in SPECS}):
        if args.variant and variant != args.variant:
            continue
        data = {"variant": variant, "convention": CONVENTION, "entries": entries(variant)}
        path = OUT / f"{variant}.json"
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(data['entries'])} matches")


if __name__ == "__main__":
    main()
