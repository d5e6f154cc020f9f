"""The array games (JAX) against the reference engine's random play, in one run.

A measurement, not a test: nothing here passes or fails. For each game (Four Point Smear,
American Sniff with 2 players and with 4, by default; ``--games`` picks) and batch size it
measures

* the reference: ``smear_matches`` or ``sniff_matches`` of ``benchmarks/bench.py``, random
  matches on the object engine, decisions a second (Smear with the random bot's cautious
  bidding; Sniff a uniformly random legal placement);
* the array game: the same policy (for Smear a pass 60% of the time where bids are offered,
  else the lowest bid; otherwise a uniformly random legal id, by
  :func:`tablegames.jax.random_legal_id`) drawn in JAX, ``step`` vmapped
  over the batch and run 64 steps to a compiled call, a finished match replaced by a new one;
  ids a second counted over the matches still playing;
* the same with ``observe`` for the player to move at every step;

and prints each as a ratio to the reference measured in the same round, the median over the
rounds, the seconds that compiling ``step`` took, and the device JAX used. It needs only
``src/`` on ``PYTHONPATH``, attrs, cattrs, NumPy and JAX, and runs unchanged on a GPU::

    PYTHONPATH=src python benchmarks/jax_speed.py [--games smear sniff-2 sniff-4] [--batch 1024 4096]
        [--seconds 3] [--rounds 3] [--options '{"seen_undealt": 2}']

Under ``seen_undealt`` above 1 a discard is one decision of the reference and several ids of
the array game (one card each), so the ratio there counts ids against actions. A Sniff step
includes the draws, passes and the next deal that follow a placement, as a reference decision
does.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from tablegames.jax import ArrayGame, make, random_legal_id
from tablegames.variants.arrays import hashed_words, key_words

_CHUNK = 64
"""Steps per compiled call."""
_PASSES = np.uint32(int(0.6 * 2**32))
"""A random word below this passes: 60% of the time."""


def _bench() -> Any:
    """``benchmarks/bench.py``, whose random-play measurements are the reference."""
    spec = importlib.util.spec_from_file_location("bench", Path(__file__).with_name("bench.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _uniform(words: jax.Array, mask: jax.Array) -> jax.Array:
    """A uniformly random legal id, drawn with the first of the random ``words``."""
    return random_legal_id(words[0], mask)


def _choose(words: jax.Array, mask: jax.Array) -> jax.Array:
    """A random legal id from two random ``words``; in the bidding a pass 60% of the time, else the lowest bid."""
    pick = random_legal_id(words[0], mask)
    lowest_bid = jnp.where(mask[1], 1, jnp.where(mask[2], 2, 3)).astype(jnp.int32)
    bidding = mask[0] & (mask[1] | mask[2] | mask[3])
    return jnp.where(bidding, jnp.where(words[1] < _PASSES, 0, lowest_bid), pick)


Runner = Callable[[Any, jax.Array], tuple[Any, jax.Array, jax.Array]]
Policy = Callable[[jax.Array, jax.Array], jax.Array]


def _runner(game: ArrayGame, batch: int, *, observe: bool, policy: Policy) -> Runner:
    """A compiled call that takes ``_CHUNK`` random steps of every match, then replaces the finished ones.

    A finished match stands still (its steps change nothing and are not counted) until the end
    of the call: a new deal for every match at every step would cost a second deal a step.
    """
    step = jax.vmap(game.step)
    init = jax.vmap(game.init)
    choose = jax.vmap(policy)
    look = jax.vmap(game.observe)

    def one(carry: tuple[Any, jax.Array, jax.Array], key: jax.Array) -> tuple[tuple[Any, jax.Array, jax.Array], None]:
        state, done, seen = carry
        words = hashed_words(key_words(key), 2 * batch).reshape(batch, 2)
        ids = choose(words, state.legal_action_mask)
        playing = ~(state.terminated | state.truncated)
        state = step(state, ids)
        if observe:
            seen = seen + jnp.sum(look(state, jnp.maximum(state.current_player, 0)))
        return (state, done + jnp.sum(playing), seen), None

    def run(state: Any, key: jax.Array) -> tuple[Any, jax.Array, jax.Array]:
        key, new = jax.random.split(key)
        (state, done, seen), _ = jax.lax.scan(one, (state, jnp.int32(0), jnp.float32(0)), jax.random.split(key, _CHUNK))
        ended = state.terminated | state.truncated
        fresh = init(jax.random.split(new, batch))
        state = jax.tree_util.tree_map(
            lambda n, o: jnp.where(ended.reshape(ended.shape + (1,) * (o.ndim - 1)), n, o), fresh, state
        )
        return state, done, seen

    return jax.jit(run)


def _rate(run: Runner, state: Any, seconds: float) -> float:
    """Ids a second over about ``seconds`` of compiled calls."""
    key = jax.random.PRNGKey(1)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        key, sub = jax.random.split(key)
        state, count, _ = run(state, sub)
        done += int(count)  # waits for the call
    return done / (time.perf_counter() - start)


class _Case:
    """One game to measure: its array game, the reference's measurement and the random policy."""

    def __init__(self, name: str, smear_options: dict[str, Any]) -> None:
        bench = _bench()
        self.label = name
        if name == "smear":
            self.label = f"four-point-smear {json.dumps(smear_options)}" if smear_options else "four-point-smear"
            self.game = make("four-point-smear", **smear_options)
            self.reference: Callable[[float], float] = lambda seconds: bench.smear_matches(seconds, **smear_options)[
                "decisions_per_s"
            ]
            self.policy: Policy = _choose
        else:
            players = int(name.rpartition("-")[2])
            self.label = f"american-sniff {players} players"
            self.game = make("american-sniff", players=players)
            self.reference = lambda seconds: bench.sniff_matches(players, seconds)["decisions_per_s"]
            self.policy = _uniform


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--games",
        nargs="+",
        default=["smear", "sniff-2", "sniff-4"],
        choices=["smear", "sniff-2", "sniff-3", "sniff-4"],
        help="the games (default smear sniff-2 sniff-4)",
    )
    parser.add_argument("--batch", type=int, nargs="+", default=[1024], help="batch sizes (default 1024)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the table gives medians")
    parser.add_argument("--options", type=json.loads, default={}, help="Smear options as JSON: '{\"seen_undealt\": 2}'")
    args = parser.parse_args()
    print(f"jax {jax.__version__}, devices {jax.devices()}, default backend {jax.default_backend()}")
    for name in args.games:
        case = _Case(name, args.options)
        game = case.game
        timer = time.perf_counter()
        compiled = jax.jit(game.step).lower(game.init(jax.random.PRNGKey(0)), jnp.int32(0)).compile()
        print(f"\n{case.label}: compiling step (one state): {time.perf_counter() - timer:.2f} s")
        del compiled
        for batch in args.batch:
            _measure(case, batch, args.seconds, args.rounds)


def _measure(case: _Case, batch: int, seconds: float, rounds: int) -> None:
    """Measure ``case`` at ``batch`` against its reference, ``rounds`` times, and print the medians."""
    game = case.game
    states = jax.jit(jax.vmap(game.init))(jax.random.split(jax.random.PRNGKey(0), batch))
    runners = {}
    for observe in (False, True):
        timer = time.perf_counter()
        runners[observe] = _runner(game, batch, observe=observe, policy=case.policy)
        int(runners[observe](states, jax.random.PRNGKey(0))[1])  # compiles, and waits for it
        what = "step and observe" if observe else "step"
        print(f"batch {batch}: compiling {_CHUNK} steps of {what}: {time.perf_counter() - timer:.2f} s")
    rates: dict[str, list[float]] = {"reference": [], "arrays": [], "arrays + observe": []}
    for _ in range(rounds):
        rates["reference"].append(case.reference(seconds))
        rates["arrays"].append(_rate(runners[False], states, seconds))
        rates["arrays + observe"].append(_rate(runners[True], states, seconds))
    ratios = {
        name: statistics.median(r / ref for r, ref in zip(values, rates["reference"], strict=True))
        for name, values in rates.items()
    }
    print(f"\n{case.label}, batch {batch}, {rounds} rounds of {seconds:g} s")
    print(f"{'':20} {'decisions/s':>14} {'x reference':>12}")
    for name, values in rates.items():
        print(f"{name:20} {statistics.median(values):14,.0f} {ratios[name]:11.1f}x")


if __name__ == "__main__":
    main()
