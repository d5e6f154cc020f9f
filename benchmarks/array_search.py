"""Time a decision of the array search bot against ISMCTS at its default, in one run.

For each game, the positions are the decisions (with more than one legal action) of seat 0 in
matches of greedy bots; at each, ``ISMCTSBot()`` (300 iterations, the baseline) and
``ArraySearchBot`` with each setting given decide, and the table shows the mean time of a
decision and its ratio to the baseline's. The settings' first decision compiles the playouts
(a few seconds): it is made, untimed, before the rounds. The rounds alternate the bots, so a
machine whose load changes moves them together; the table gives the median over the rounds.
Use it to pick ``seconds`` (or ``worlds`` and ``playouts``) for a match at equal time.

    python benchmarks/array_search.py [--positions 20] [--rounds 3] \\
        [--settings worlds=4:playouts=256 worlds=8:playouts=512:lookahead=1]

This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from search import positions  # benchmarks/search.py: seat 0's decisions in greedy matches

from tablegames.bots import ISMCTSBot
from tablegames.bots.base import Bot
from tablegames.cli.options import BotSpec
from tablegames.core.observation import Observation
from tablegames.jax.search import ArraySearchBot

CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "sniff-2": ("american-sniff", {"players": 2}),
    "smear": ("four-point-smear", {}),
}


def seconds_per_decision(bot: Bot, observations: list[Observation]) -> float:
    """The mean time ``bot`` takes over ``observations``."""
    rng = random.Random(0)
    start = time.perf_counter()
    for observation in observations:
        bot.act(observation, rng)
    return (time.perf_counter() - start) / len(observations)


def main() -> None:
    """Print the table for each game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(CASES), choices=list(CASES))
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--settings", nargs="+", default=["worlds=4:playouts=256", "worlds=8:playouts=512"])
    args = parser.parse_args()
    for case in args.games:
        variant, options = CASES[case]
        observations = positions(variant, options, args.positions)
        bots: dict[str, Bot] = {"ismcts": ISMCTSBot()}
        for text in args.settings:
            searcher = ArraySearchBot(**BotSpec.parse(f"array-search:{text}").settings)
            start = time.perf_counter()
            searcher.act(observations[0], random.Random(0))  # compiles
            print(f"{case}: array-search:{text} compiled in {time.perf_counter() - start:.1f} s")
            bots[f"array-search:{text}"] = searcher
        times: dict[str, list[float]] = {name: [] for name in bots}
        for _ in range(args.rounds):
            for name, player in bots.items():
                times[name].append(seconds_per_decision(player, observations))
        base = statistics.median(times["ismcts"])
        print(f"{case}: {len(observations)} decisions of seat 0 in greedy matches, median of {args.rounds} rounds")
        width = max(len(name) for name in times)
        print(f"  {'bot':{width}} {'ms/decision':>12} {'x ismcts':>9}")
        for name, values in times.items():
            value = statistics.median(values)
            print(f"  {name:{width}} {1000 * value:12.1f} {value / base:8.2f}x")


if __name__ == "__main__":
    main()
