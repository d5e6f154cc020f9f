"""Time a decision of the array search bot against ISMCTS at its default, in one run.

For each game, the positions are the decisions (with more than one legal action) of seat 0 in
matches of greedy bots; at each, ``ISMCTSBot()`` (300 iterations, the baseline) and
``ArraySearchBot`` with each setting given decide, and the table shows the mean time of a
decision and its ratio to the baseline's. The settings' first decision compiles the playouts
(a few seconds): it is made, untimed, before the rounds. The rounds alternate the bots, so a
machine whose load changes moves them together; the table gives the median over the rounds.
Use it to pick ``seconds`` (or ``worlds`` and ``playouts``) for a match at equal time.

With ``--batches``, it times instead the compiled playouts alone (greedy playouts, to the end
of the hand, from 32 worlds of one position), one call for each batch size given, against the
time of one ISMCTS iteration (its decision's time over its 300 iterations, world drawing
included) at the same positions: what one playout costs on the array game by batch size, and
so how many playouts one call must hold before they are cheaper than ISMCTS's iterations.

    python benchmarks/array_search.py [--positions 20] [--rounds 3] \\
        [--settings worlds=4:playouts=256 worlds=8:playouts=512:lookahead=1]
    python benchmarks/array_search.py --batches 1 8 32 256 1024

This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np
from search import positions  # benchmarks/search.py: seat 0's decisions in greedy matches

from tablegames.bots import ISMCTSBot
from tablegames.bots.base import Bot
from tablegames.cli.options import BotSpec
from tablegames.core.derived import action_ids_of
from tablegames.core.observation import Observation
from tablegames.core.registry import get_variant
from tablegames.jax import search
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


def playout_costs(variant: str, options: dict[str, Any], sizes: list[int], positions_: list[Observation]) -> None:
    """Print the time of one call of the compiled greedy playouts for each batch size, and per playout."""
    cls = get_variant(variant)
    observation = positions_[len(positions_) // 2]
    arrays = search._arrays(cls, observation.options)
    ids = action_ids_of(cls, observation.options)
    kernel = search._kernel(cls, observation.options, arrays, ids)
    table = search._id_table(ids, observation.legal)
    rng = random.Random(0)
    games = search._fresh(observation.log(), rng, 32)
    words = np.array([[rng.getrandbits(32), rng.getrandbits(32)] for _ in games], np.uint32)
    states = search._stacked(arrays, games, words)
    side_of, setting = search._sides(cls, observation, games[0])
    run = kernel.compiled(parts=table.shape[1], lookahead=1, plies=0, greedy=True)
    ismcts = ISMCTSBot()
    iteration = seconds_per_decision(ismcts, positions_) / 300
    print(f"{variant}: greedy playouts to the hand's end in one call; an ISMCTS iteration {1e3 * iteration:.3f} ms")
    print(f"  {'batch':>6} {'ms a call':>10} {'ms a playout':>13} {'x iteration':>12}")
    for size in sizes:
        order = np.arange(size)
        rows = (
            (order % len(games)).astype(np.int32),
            (order % len(observation.legal)).astype(np.int32),
            np.array([[rng.getrandbits(32), rng.getrandbits(32)] for _ in order], np.uint32),
        )
        run(states, table, side_of, setting, rows).block_until_ready()  # compiles this batch's shape
        calls = max(3, 2000 // size)
        start = time.perf_counter()
        for _ in range(calls):
            run(states, table, side_of, setting, rows).block_until_ready()
        call = (time.perf_counter() - start) / calls
        print(f"  {size:6d} {1e3 * call:10.3f} {1e3 * call / size:13.4f} {call / size / iteration:11.2f}x")


def main() -> None:
    """Print the table for each game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(CASES), choices=list(CASES))
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--settings", nargs="+", default=["worlds=4:playouts=256", "worlds=8:playouts=512"])
    parser.add_argument("--batches", nargs="+", type=int, help="time the compiled playouts alone at these batch sizes")
    args = parser.parse_args()
    for case in args.games:
        variant, options = CASES[case]
        observations = positions(variant, options, args.positions)
        if args.batches:
            playout_costs(variant, options, args.batches, observations)
            continue
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
