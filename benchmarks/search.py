"""ISMCTS iterations per second, the baseline and the shared-world search, in one run.

For each variant, the positions are the decisions (with more than one legal action) of the
first seat in matches of greedy bots; at each, ``ISMCTSBot(iterations=N)`` searches with
``iterations_per_world`` 1 (the baseline: a world drawn for every iteration, the search as it
was) and with the settings given, and the table shows iterations per second over all the
positions and the ratio to the baseline. The rounds alternate the settings, so a machine whose
load changes moves them together; the table gives the median over the rounds.

    python benchmarks/search.py [--iterations 300] [--rounds 3] [--per-world 4 8 16]

This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import tablegames
from tablegames.bots import GreedyBot, ISMCTSBot
from tablegames.bots.base import Bot, Table
from tablegames.core.events import Action
from tablegames.core.observation import Observation

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("american-sniff", {"players": 2}),
    ("american-sniff", {"players": 4}),
    ("four-point-smear", {}),
)


class _Recorder:
    """Plays greedily and keeps the observations of its real choices."""

    name = "recorder"

    def __init__(self) -> None:
        self.observations: list[Observation] = []
        self._greedy = GreedyBot()

    def act(self, observation: Observation, rng: random.Random) -> Action:
        if len(observation.legal) > 1:
            self.observations.append(observation)
        return self._greedy.act(observation, rng)


def positions(variant: str, options: dict[str, Any], count: int) -> list[Observation]:
    """``count`` decisions of seat 0 in greedy matches."""
    recorder = _Recorder()
    seed = 0
    while len(recorder.observations) < count:
        game = tablegames.new_game(variant, seed=seed, **options)
        bots: list[Bot] = [recorder, *(GreedyBot() for _ in range(game.players - 1))]
        table = Table(game, bots, rng=random.Random(seed))
        for _ in range(80):
            if game.is_over:
                break
            table.step()
        seed += 1
    return recorder.observations[:count]


def rate(observations: list[Observation], iterations: int, per_world: int) -> float:
    """Iterations a second of ISMCTS over ``observations``."""
    bot = ISMCTSBot(iterations=iterations, iterations_per_world=per_world)
    rng = random.Random(1)
    done = 0
    start = time.perf_counter()
    for observation in observations:
        bot.act(observation, rng)
        done += bot.last_iterations
    return done / (time.perf_counter() - start)


def main() -> None:
    """Measure every case and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--iterations", type=int, default=300, help="iterations per decision (default 300)")
    parser.add_argument("--positions", type=int, default=12, help="decisions per variant (default 12)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--per-world", type=int, nargs="+", default=[4, 8, 16], help="iterations_per_world to try")
    args = parser.parse_args()
    settings = [1, *args.per_world]
    print(f"ISMCTS at {args.iterations} iterations a decision; median of {args.rounds} rounds; ratio to per-world 1")
    print(f"{'variant':<26} {'per world':>9} {'iterations/s':>13} {'ms/decision':>12} {'ratio':>6}")
    for variant, options in CASES:
        label = variant + "".join(f" {k}={v}" for k, v in options.items())
        observations = positions(variant, options, args.positions)
        rates: dict[int, list[float]] = {k: [] for k in settings}
        ratios: dict[int, list[float]] = {k: [] for k in settings}
        for _ in range(args.rounds):
            base = rate(observations, args.iterations, 1)
            rates[1].append(base)
            ratios[1].append(1.0)
            for k in args.per_world:
                measured = rate(observations, args.iterations, k)
                rates[k].append(measured)
                ratios[k].append(measured / base)
        for k in settings:
            speed = statistics.median(rates[k])
            ms = 1000 * args.iterations / speed
            print(f"{label:<26} {k:>9} {speed:>13,.0f} {ms:>12.1f} {statistics.median(ratios[k]):>6.2f}")


if __name__ == "__main__":
    main()
