"""The environments' speed against raw play, in one run: a measurement, not a test.

For each variant it measures, with random legal choices throughout:

* raw play: ``game.apply`` of a random legal action, the baseline (decisions a second);
* the PettingZoo environment (``raw_env`` and the wrapped ``env``), observation and mask
  built at every step (decisions a second, and the ratio to raw);
* the vectorised Gymnasium environment (8 games, random opponents): events its games log a
  second against raw play's events a second (the ratio per game; matches are cut off at the
  time limit, since random Smear matches can run very long);
* the observation tensor: microseconds to write one seat's vector, mid-hand.

    .venv/bin/python benchmarks/rl_speed.py [--seconds 1] [--rounds 5]

Each round measures raw play again before the environments, and the table gives the median
rate and the median ratio over the rounds, so a machine whose load changes during the run
moves the baseline with the measurements.
"""

from __future__ import annotations

import argparse
import array
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from pettingzoo.utils import wrappers

import tablegames
from tablegames.rl.decisions import capabilities
from tablegames.rl.gymnasium import TableGamesEnv, vector_env
from tablegames.rl.pettingzoo import env, raw_env

CASES: list[tuple[str, dict[str, Any]]] = [("american-sniff", {"players": 2}), ("four-point-smear", {})]
SETTINGS: dict[str, Any] = {"episode": "match", "reward": "match", "max_steps": None}
"""The environments' settings measured: whole matches, match rewards, no truncation (the same work
whatever a variant's defaults are, so that runs years apart compare)."""


def _timed(run: Callable[[], int], seconds: float) -> float:
    """Units of work a second: ``run`` returns how many it did; repeated for ``seconds``."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += run()
    return done / (time.perf_counter() - start)


def raw_rates(variant: str, options: dict[str, Any], seconds: float) -> tuple[float, float]:
    """Decisions a second and events a second of raw random play (matches cut off at the time limit)."""
    rng = random.Random(1)
    seeds = iter(range(10**9))
    decisions = events = 0
    start = time.perf_counter()
    ends = start + seconds
    while time.perf_counter() < ends:
        game = tablegames.new_game(variant, seed=next(seeds), **options)
        while not game.is_over and (decisions % 256 or time.perf_counter() < ends):
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
        events += len(game.events)
    elapsed = time.perf_counter() - start
    return decisions / elapsed, events / elapsed


def random_step(aec: Any, rng: random.Random) -> int:
    """One step of the PettingZoo environment ``aec`` with a random legal id: 1, or 0 for a done agent's ``None``."""
    observation, _, termination, truncation, _ = aec.last()
    if termination or truncation:
        aec.step(None)
        return 0
    legal = observation["action_mask"].nonzero()[0]
    aec.step(int(legal[rng.randrange(len(legal))]))
    return 1


def random_ids(masks: np.ndarray, rng: random.Random, out: np.ndarray) -> None:
    """A random legal id for each row of ``masks``, into ``out`` (0 for a row that allows none)."""
    for i in range(len(masks)):
        legal = masks[i].nonzero()[0]
        out[i] = legal[rng.randrange(len(legal))] if len(legal) else 0


def aec_rate(make: Callable[[], Any], seconds: float) -> float:
    """Steps a second of a PettingZoo environment with random legal ids (observation and mask at each)."""
    aec = make()
    rng = random.Random(1)  # the same cheap choice as raw play's: the agent's cost is not the environment's
    seeds = iter(range(10**9))
    steps = 0
    start = time.perf_counter()
    ends = start + seconds
    while time.perf_counter() < ends:
        aec.reset(seed=next(seeds))
        while aec.agents and (steps % 256 or time.perf_counter() < ends):
            steps += random_step(aec, rng)
    return steps / (time.perf_counter() - start)


def vector_event_rate(variant: str, options: dict[str, Any], seconds: float, n: int = 8) -> float:
    """Events a second logged by the games of a vector of ``n`` single-agent environments against random opponents."""
    vector = vector_env(variant, n, opponents="random", **SETTINGS, **options)
    observations, _ = vector.reset(seed=1)
    rng = random.Random(1)
    environments = [e.unwrapped for e in vector.envs]
    assert all(isinstance(e, TableGamesEnv) for e in environments)
    games = [e.game for e in environments if isinstance(e, TableGamesEnv)]
    seen = [len(g.events) for g in games]
    events = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = np.zeros(n, dtype=np.int64)
        random_ids(observations["action_mask"], rng, actions)
        observations, _, _, _, _ = vector.step(actions)
        for i, environment in enumerate(environments):
            assert isinstance(environment, TableGamesEnv)
            game = environment.game
            if game is not games[i]:  # reset: a new game
                events += len(games[i].events) - seen[i]
                games[i], seen[i] = game, 0
        # events of games still going are counted as they grow
        for i, game in enumerate(games):
            events += len(game.events) - seen[i]
            seen[i] = len(game.events)
    elapsed = time.perf_counter() - start
    vector.close()
    return events / elapsed


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


def _pettingzoo_wrapped(variant: str, options: dict[str, Any]) -> Any:
    """raw_env in PettingZoo's three usual wrappers (what env() did before it built their checks in)."""
    inner = raw_env(variant, **SETTINGS, **options)
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(wrappers.TerminateIllegalWrapper(inner, illegal_reward=-1))
    )


def _note(rates: dict[str, list[float]], ratios: dict[str, list[float]], label: str, rate: float, base: float) -> None:
    rates.setdefault(label, []).append(rate)
    ratios.setdefault(label, []).append(rate / base)


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement in each round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; each measures the baseline again")
    args = parser.parse_args()
    print(f"median of {args.rounds} rounds; each ratio is against raw play measured in the same round")
    print(f"{'variant':18} {'measure':40} {'rate':>12} {'ratio':>7}")
    for variant, options in CASES:
        aecs: list[tuple[str, Callable[[], Any]]] = [
            ("PettingZoo raw_env (steps/s)", partial(raw_env, variant, **SETTINGS, **options)),
            ("PettingZoo env() (steps/s)", partial(env, variant, **SETTINGS, **options)),
            ("raw_env in PettingZoo's wrappers (steps/s)", partial(_pettingzoo_wrapped, variant, options)),
        ]
        rates: dict[str, list[float]] = {}
        ratios: dict[str, list[float]] = {}
        note = partial(_note, rates, ratios)
        for _ in range(args.rounds):
            raw_decisions, raw_events = raw_rates(variant, options, args.seconds)
            note("raw apply (decisions/s)", raw_decisions, raw_decisions)
            for label, make in aecs:
                note(label, aec_rate(make, args.seconds), raw_decisions)
            note("raw play (events/s)", raw_events, raw_events)
            note("vector of 8, random bots (events/s)", vector_event_rate(variant, options, args.seconds), raw_events)
        for label, measured in rates.items():
            print(f"{variant:18} {label:40} {_median(measured):12,.0f} {_median(ratios[label]):7.2f}", flush=True)
        cost = observation_us(variant, options)
        print(f"{variant:18} {'observation write (us, mid-hand)':40} {cost:12.2f}", flush=True)


if __name__ == "__main__":
    main()
