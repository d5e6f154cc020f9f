"""The vector environment on the array game against the Python one, learner steps a second, in one run.

A measurement, not a test: nothing here passes or fails. For each game (American Sniff with 2
players, Four Point Smear, by default) and batch size it measures

* the Python vector environment, :func:`tablegames.rl.gymnasium.vector_env` with random
  opponents and ``episode="match"``: learner steps a second over the batch;
* the array one, :func:`tablegames.jax.vector.vector_env`: the same (random opponents inside
  the compiled call), the learner's ids drawn by NumPy from the returned masks in both;

and prints the ratio of the two measured in the same round (the median over the rounds), the
seconds the array environment's first step took (compiling), and JAX's device. It needs the
``rl`` and ``jax`` extras and ``src/`` on ``PYTHONPATH``::

    PYTHONPATH=src python benchmarks/jax_vector.py [--games sniff-2 smear] [--batch 64 1024]
        [--seconds 3] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import jax
import numpy as np

from tablegames.jax.vector import vector_env as array_vector_env
from tablegames.rl.gymnasium import vector_env as python_vector_env

GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "sniff-2": ("american-sniff", {"players": 2}),
    "sniff-4": ("american-sniff", {"players": 4}),
    "smear": ("four-point-smear", {}),
}


def _ids(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A uniformly random legal id per row, drawn from the masks by NumPy."""
    draws = rng.random((masks.shape[0], 1)) * masks.sum(axis=1, keepdims=True)
    return np.asarray((np.cumsum(masks, axis=1) > np.floor(draws)).argmax(axis=1))


def _rate(envs: Any, seconds: float, seed: int) -> float:
    """Learner steps a second over the batch, for ``seconds`` after a warm-up step."""
    rng = np.random.default_rng(seed)
    observation, _ = envs.reset(seed=seed)
    observation, *_ = envs.step(_ids(rng, observation["action_mask"]))
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        observation, *_ = envs.step(_ids(rng, observation["action_mask"]))
        steps += envs.num_envs
    return steps / (time.perf_counter() - start)


def main() -> None:
    """Measure and print one line per game and batch size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["sniff-2", "smear"], choices=sorted(GAMES))
    parser.add_argument("--batch", nargs="+", type=int, default=[64, 1024])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"JAX {jax.__version__} on {jax.devices()[0].platform}")
    for game in args.games:
        name, options = GAMES[game]
        for batch in args.batch:
            arrays = array_vector_env(name, batch, **options)
            start = time.perf_counter()
            observation, _ = arrays.reset(seed=0)
            arrays.step(observation["action_mask"].argmax(axis=1))
            compile_s = time.perf_counter() - start
            python = python_vector_env(name, batch, opponents="random", episode="match", **options)
            ratios, fast, slow = [], [], []
            for r in range(args.rounds):
                slow.append(_rate(python, args.seconds, r))
                fast.append(_rate(arrays, args.seconds, r))
                ratios.append(fast[-1] / slow[-1])
            print(
                f"{game:8} batch {batch:5}: python {statistics.median(slow):10,.0f} steps/s, "
                f"arrays {statistics.median(fast):12,.0f} steps/s, ratio {statistics.median(ratios):6.1f}x "
                f"(rounds {', '.join(f'{x:.1f}' for x in ratios)}; first step {compile_s:.1f} s)"
            )


if __name__ == "__main__":
    main()
