"""Turning sampled worlds into array states: one by one (``from_game``) against one batch (``from_games``), in one run.

For each game, the worlds are those the search bot would draw: at each of ``--positions``
decisions of seat 0 in greedy matches, ``--worlds`` worlds from the seat's
:class:`~tablegames.bots.sampler.WorldSampler`. Each round turns them into one stacked batch of
states the two ways (``from_game`` of each, brought to NumPy and stacked, as the search did;
and ``from_games`` of all, one transfer), waiting for the arrays each time, and the table
gives the median time a world over the rounds and the ratio. It checks the two batches are
equal, leaf for leaf. (Times include bringing the batch back to NumPy, a small share.)

    python benchmarks/from_games.py [--positions 10] [--worlds 32] [--rounds 5]

This is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import time
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from search import positions  # benchmarks/search.py: seat 0's decisions in greedy matches

from tablegames.bots._carry import sampler_for
from tablegames.core.game import Game
from tablegames.jax import make

CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "sniff-2": ("american-sniff", {"players": 2}),
    "sniff-4": ("american-sniff", {"players": 4}),
    "smear": ("four-point-smear", {}),
}


def one_by_one(arrays: Any, worlds: list[Game], keys: np.ndarray[Any, Any]) -> Any:
    """``from_game`` of each world, brought to NumPy and stacked."""
    pairs = zip(worlds, keys, strict=True)
    states = [jax.tree.map(np.asarray, arrays.from_game(g, key=jnp.asarray(k))) for g, k in pairs]
    return jax.tree.map(lambda *leaves: np.stack(leaves), *states)


def main() -> None:
    """Print the table for each game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(CASES), choices=list(CASES))
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}; {args.worlds} worlds a position, ms a world")
    print(f"  {'game':10} {'from_game':>10} {'from_games':>11} {'ratio':>7}")
    for case in args.games:
        variant, options = CASES[case]
        arrays: Any = make(variant, **options)
        rng = random.Random(1)
        batches = []
        for observation in positions(variant, options, args.positions):
            sampler = sampler_for(observation.log())
            worlds = [sampler.sample(rng) for _ in range(args.worlds)]
            keys = np.array([[rng.getrandbits(32), rng.getrandbits(32)] for _ in worlds], np.uint32)
            batches.append((worlds, keys))
        for worlds, keys in batches[:1]:  # compile both, and check they agree
            single, batched = one_by_one(arrays, worlds, keys), arrays.from_games(worlds, keys)
            for a, b in zip(jax.tree.leaves(single), jax.tree.leaves(batched), strict=True):
                assert np.array_equal(np.asarray(a), np.asarray(b))
        ways = {"from_game": functools.partial(one_by_one, arrays), "from_games": arrays.from_games}
        times: dict[str, list[float]] = {label: [] for label in ways}
        count = sum(len(w) for w, _ in batches)
        for _ in range(args.rounds):
            for label, build in ways.items():
                start = time.perf_counter()
                for worlds, keys in batches:
                    jax.tree.map(np.asarray, build(worlds, keys))  # waits for every leaf
                times[label].append((time.perf_counter() - start) / count * 1e3)
        single_ms, batch_ms = statistics.median(times["from_game"]), statistics.median(times["from_games"])
        print(f"  {case:10} {single_ms:10.3f} {batch_ms:11.3f} {single_ms / batch_ms:6.1f}x")


if __name__ == "__main__":
    main()
