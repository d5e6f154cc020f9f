"""The environments' speed against raw play, in one run: a measurement, not a test.

For each variant it measures, with random legal choices throughout:

* raw play: ``game.apply`` of a random legal action, the baseline (decisions a second);
* the PettingZoo environment (``raw_env`` and the wrapped ``env``), observation and mask
  built at every step (decisions a second, and the ratio to raw);
* the vectorised Gymnasium environment (8 games, random opponents), matches a second against
  raw matches a second (the ratio per game);
* the observation tensor: microseconds to write one seat's vector, mid-hand.

    .venv/bin/python benchmarks/rl_speed.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import array
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import tablegames
from tablegames.rl.decisions import capabilities
from tablegames.rl.gymnasium import vector_env
from tablegames.rl.pettingzoo import env, raw_env

CASES: list[tuple[str, dict[str, Any]]] = [("american-sniff", {"players": 2}), ("four-point-smear", {})]


def _timed(run: Callable[[], int], seconds: float) -> float:
    """Units of work a second: ``run`` returns how many it did; repeated for ``seconds``."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += run()
    return done / (time.perf_counter() - start)


def raw_rates(variant: str, options: dict[str, Any], seconds: float) -> tuple[float, float]:
    """Decisions a second and matches a second of raw random play."""
    rng = random.Random(1)
    seeds = iter(range(10**9))
    decisions = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = tablegames.new_game(variant, seed=next(seeds), **options)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, matches / elapsed


def aec_rate(make: Callable[[], Any], seconds: float) -> float:
    """Steps a second of a PettingZoo environment with random legal ids (observation and mask at each)."""
    aec = make()
    rng = np.random.default_rng(1)
    seeds = iter(range(10**9))

    def episode() -> int:
        aec.reset(seed=next(seeds))
        steps = 0
        while aec.agents:
            observation, _, termination, truncation, _ = aec.last()
            if termination or truncation:
                aec.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            aec.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    return _timed(episode, seconds)


def vector_match_rate(variant: str, options: dict[str, Any], seconds: float, n: int = 8) -> float:
    """Matches a second finished by a vector of ``n`` single-agent environments against random opponents."""
    vector = vector_env(variant, n, opponents="random", **options)
    observations, _ = vector.reset(seed=1)
    rng = np.random.default_rng(1)
    matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = observations["action_mask"]
        actions = np.zeros(n, dtype=np.int64)
        for i in range(n):
            legal = np.flatnonzero(masks[i])
            actions[i] = legal[rng.integers(len(legal))] if len(legal) else 0
        observations, _, terminated, truncated, _ = vector.step(actions)
        matches += int(terminated.sum() + truncated.sum())
    elapsed = time.perf_counter() - start
    vector.close()
    return matches / elapsed


def observation_us(variant: str, options: dict[str, Any], positions: int = 200) -> float:
    """Microseconds to write one seat's observation, over mid-hand positions of random games."""
    rng = random.Random(2)
    games = []
    for seed in range(positions):
        game = tablegames.new_game(variant, seed=seed, **options)
        for _ in range(rng.randrange(4, 14)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            games.append(game)
    _, spec = capabilities(games[0])
    zeros = array.array("f", bytes(4 * spec.size))
    buffer = array.array("f", zeros)
    repeats = 50
    start = time.perf_counter()
    for _ in range(repeats):
        for game in games:
            buffer[:] = zeros
            spec.write(game, game.current_player or 0, buffer)
    return 1e6 * (time.perf_counter() - start) / (repeats * len(games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    print(f"{'variant':18} {'measure':34} {'rate':>12} {'ratio':>7}")
    for variant, options in CASES:
        raw_decisions, raw_matches = raw_rates(variant, options, args.seconds)
        print(f"{variant:18} {'raw apply (decisions/s)':34} {raw_decisions:12,.0f} {1.0:7.2f}")
        for label, make in (
            ("PettingZoo raw_env (steps/s)", lambda v=variant, o=options: raw_env(v, **o)),
            ("PettingZoo env, wrapped (steps/s)", lambda v=variant, o=options: env(v, **o)),
        ):
            rate = aec_rate(make, args.seconds)
            print(f"{variant:18} {label:34} {rate:12,.0f} {rate / raw_decisions:7.2f}")
        print(f"{variant:18} {'raw play (matches/s)':34} {raw_matches:12,.2f} {1.0:7.2f}")
        rate = vector_match_rate(variant, options, args.seconds)
        print(f"{variant:18} {'vector of 8, random bots (matches/s)':34} {rate:12,.2f} {rate / raw_matches:7.2f}")
        print(f"{variant:18} {'observation write (us, mid-hand)':34} {observation_us(variant, options):12.2f}")


if __name__ == "__main__":
    main()
