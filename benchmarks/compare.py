"""Random-play speed of every variant in this tree against a baseline commit, in one run.

Checks the baseline out in a temporary git worktree and runs the same measurement in two child
processes, one importing each tree's ``src/`` and its example plug-ins' ``src/``
(``PYTHONPATH``; a variant that does not load in both trees is left out), alternating rounds
so that both see the same machine load. Prints, per variant, decisions per second of random play (``legal_actions`` and
``apply``, deals and automatic steps included) and clones per second, with the median ratio
current / baseline over the rounds. A measurement, not a test: nothing here passes or fails.

    .venv/bin/python benchmarks/compare.py BASELINE [--rounds 5] [--seconds 1.0] [--variant NAME]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import tablegames

ROOT = Path(__file__).resolve().parent.parent
GAME_STEPS = 400
"""Decisions played from one fresh game before the next one starts (random Smear can run long)."""


def measure(variants: list[str], seconds: float) -> dict[str, dict[str, float]]:
    """Decisions and clones per second of each variant, in this process's ``tablegames``."""
    out: dict[str, dict[str, float]] = {}
    for variant in variants:
        try:
            tablegames.new_game(variant, seed=1)
        except Exception:  # not in this tree (a plug-in newer than the baseline)
            continue
        rng = random.Random(1)
        seed = 0
        decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            seed += 1
            game = tablegames.new_game(variant, seed=seed)
            for _ in range(GAME_STEPS):
                if game.is_over:
                    break
                actions = game.legal_actions()
                game.apply(actions[rng.randrange(len(actions))])
                decisions += 1
        play = decisions / (time.perf_counter() - start)
        game = tablegames.new_game(variant, seed=3)
        for _ in range(20):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        clones = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / 2:
            for _ in range(200):
                game.clone()
            clones += 200
        out[variant] = {"decisions_per_s": play, "clones_per_s": clones / (time.perf_counter() - start)}
    return out


def _child(tree: Path, variants: list[str], seconds: float) -> dict[str, dict[str, float]]:
    paths = [tree / "src", *sorted(tree.glob("examples/*/src"))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths))}
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import compare; "
        "print(json.dumps(compare.measure(json.loads(sys.argv[2]), float(sys.argv[3]))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent), json.dumps(variants), str(seconds)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, dict[str, float]] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("baseline", help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds per tree (default 5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement (default 1.0)")
    parser.add_argument("--variant", action="append", help="only these variants (repeatable)")
    args = parser.parse_args(argv)
    variants = args.variant or tablegames.variant_names()
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "baseline"
        add = ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree), args.baseline]
        subprocess.run(add, check=True)
        try:
            runs: dict[str, list[dict[str, dict[str, float]]]] = {"baseline": [], "current": []}
            for _ in range(args.rounds):
                runs["baseline"].append(_child(tree, variants, args.seconds))
                runs["current"].append(_child(ROOT, variants, args.seconds))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)
    print(f"baseline {args.baseline}, {args.rounds} alternating rounds of {args.seconds} s")
    print(f"{'variant':18} {'measure':16} {'baseline':>10} {'current':>10} {'ratio':>6}")
    for variant in variants:
        if not all(variant in r for rs in runs.values() for r in rs):
            print(f"{variant:18} (not in both trees)")
            continue
        for key in ("decisions_per_s", "clones_per_s"):
            base = [r[variant][key] for r in runs["baseline"]]
            cur = [r[variant][key] for r in runs["current"]]
            ratios = [c / b for b, c in zip(base, cur, strict=True)]
            row: dict[str, Any] = {
                "baseline": statistics.median(base),
                "current": statistics.median(cur),
                "ratio": statistics.median(ratios),
            }
            print(f"{variant:18} {key:16} {row['baseline']:10.0f} {row['current']:10.0f} {row['ratio']:6.2f}")


if __name__ == "__main__":
    main()
