"""Random-play speed of the variants, with a peer measured in the same run.

Run with ``make bench`` (``benchmarks/run.sh``), which installs the peers (the PyPI
``dominoes`` package, RLCard and OpenSpiel) into ``benchmarks/.venv`` only; they are never
dependencies of the library.
Prints decisions per second of random play (deals, automatic draws and the event log
included), whole matches per second, and the cost of ``legal_actions``, ``apply``,
``clone`` and ``replay``, each as a ratio to the peer where the peer has the same operation.
This is a measurement, not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import random
import statistics
import time
from collections.abc import Callable
from typing import Any, Final

import tablegames
from tablegames.bots import RandomBot

ENGINE_TARGET: Final = 300_000
"""The engine's speed target: decisions a second of random play, event log on."""
TARGET_BAR: Final = 388_370
"""What OpenSpiel's C++ hearts made, driven the same way, on the machine and day the target was set.

The target's ratio to it, about 0.77, is what carries to another machine or day."""


def _timed(seconds: float, step: Callable[[], int]) -> tuple[float, int]:
    """Run ``step`` (which returns a count of decisions) for about ``seconds``."""
    start = time.perf_counter()
    decisions = 0
    runs = 0
    while time.perf_counter() - start < seconds:
        decisions += step()
        runs += 1
    return time.perf_counter() - start, decisions if decisions else runs


def sniff_matches(players: int, seconds: float) -> dict[str, float]:
    rng = random.Random(1)
    seeds = iter(range(10**9))
    matches = 0

    def one_match() -> int:
        nonlocal matches
        game = tablegames.new_game("american-sniff", seed=next(seeds), players=players)
        n = 0
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            n += 1
        matches += 1
        return n

    elapsed, decisions = _timed(seconds, one_match)
    return {"decisions_per_s": decisions / elapsed, "matches_per_s": matches / elapsed}


def _mid_hand(players: int) -> Any:
    game = tablegames.new_game("american-sniff", seed=3, players=players)
    rng = random.Random(3)
    for _ in range(6):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return game


def per_op(fn: Callable[[], object], repeat: int = 20000) -> float:
    """Mean microseconds per call."""
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1e6


def sniff_ops(players: int) -> dict[str, float]:
    game = _mid_hand(players)
    legal = game.legal_actions()
    seat = game.current_player
    assert seat is not None

    def fresh_legal() -> object:  # the legal actions computed afresh, as after every apply
        return game.compute_legal(seat)

    action = legal[0]

    def apply_on_clone() -> object:
        return game.clone().apply(action)

    clone_us = per_op(game.clone)
    return {
        "legal_actions_us": per_op(fresh_legal),
        "clone_us": clone_us,
        "apply_us": per_op(apply_on_clone) - clone_us,
    }


def sniff_replay(players: int, matches: int = 30) -> dict[str, float]:
    texts = []
    decisions = 0
    for seed in range(matches):
        game = tablegames.new_game("american-sniff", seed=seed, players=players)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            decisions += 1
        texts.append(tablegames.dumps(game.log()))
    start = time.perf_counter()
    for text in texts:
        tablegames.replay(tablegames.load_log(text))
    elapsed = time.perf_counter() - start
    logs = [tablegames.load_log(t) for t in texts]
    passes = 5  # one pass takes a few tens of milliseconds: the mean of five, as play's rate is a mean
    start = time.perf_counter()
    for _ in range(passes):
        for log in logs:
            tablegames.replay(log)
    replay_only = (time.perf_counter() - start) / passes
    return {
        "replay_decisions_per_s": decisions / replay_only,
        "load_and_replay_decisions_per_s": decisions / elapsed,
        "log_kib_per_match": sum(len(t) for t in texts) / len(texts) / 1024,
    }


def peer_dominoes(seconds: float) -> dict[str, float] | None:
    """The PyPI ``dominoes`` package: random 4-player hands, no event log."""
    try:
        dominoes: Any = importlib.import_module("dominoes")
    except ImportError:
        return None
    rng = random.Random(1)

    def one_hand() -> int:
        game = dominoes.Game.new()
        n = 0
        while game.result is None:
            moves = game.valid_moves
            game.make_move(*moves[rng.randrange(len(moves))])
            n += 1
        return n

    elapsed, decisions = _timed(seconds, one_hand)
    game = dominoes.Game.new()
    game.make_move(*game.valid_moves[0])
    return {
        "decisions_per_s": decisions / elapsed,
        "clone_us": per_op(lambda: copy.deepcopy(game), 2000),
    }


def smear_matches(seconds: float, **options: Any) -> dict[str, float]:
    """Random Smear matches: cautious random bidding (RandomBot), random legal card play."""
    bot = RandomBot()
    rng = random.Random(1)
    seeds = iter(range(10**9))
    matches = 0

    def one_match() -> int:
        nonlocal matches
        game = tablegames.new_game("four-point-smear", seed=next(seeds), **options)
        n = 0
        while not game.is_over:
            game.apply(bot.choose(game.legal_actions(), rng))
            n += 1
        matches += 1
        return n

    elapsed, decisions = _timed(seconds, one_match)
    return {"decisions_per_s": decisions / elapsed, "matches_per_s": matches / elapsed}


def peer_rlcard_bridge(seconds: float) -> float | None:
    """RLCard's bridge engine driven raw (auction and card play): actions per second."""
    try:
        bridge: Any = importlib.import_module("rlcard.games.bridge.game")
    except ImportError:
        return None
    game = bridge.BridgeGame()
    rng = random.Random(1)

    def one_deal() -> int:
        game.init_game()
        n = 0
        while not game.is_over():
            legal = game.judger.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            n += 1
        return n

    elapsed, actions = _timed(seconds, one_deal)
    return actions / elapsed


def peer_openspiel(name: str, seconds: float) -> dict[str, float] | None:
    """An OpenSpiel game by its registered name: decisions per second (chance nodes sampled,
    not counted) and the cost of ``state.clone()`` after the deal."""
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")  # registers the pure-Python games
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def one_game() -> int:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                n += 1
        return n

    elapsed, decisions = _timed(seconds, one_game)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return {"decisions_per_s": decisions / elapsed, "clone_us": per_op(state.clone, 2000)}


def paired_ratios(rounds: int, seconds: float) -> None:
    """Each round measures a peer and ours back to back; print the median ratio per pairing.

    Other work on the machine moves every figure; a ratio taken within one short round, and
    the median over rounds, is far steadier than one long measurement of each.
    """
    pairs: dict[str, list[float]] = {"sniff 2p / dominoes": [], "smear / RLCard bridge": []}
    for _ in range(rounds):
        peer = peer_dominoes(seconds)
        if peer:
            ours = sniff_matches(2, seconds)["decisions_per_s"]
            pairs["sniff 2p / dominoes"].append(ours / peer["decisions_per_s"])
        bridge = peer_rlcard_bridge(seconds)
        if bridge:
            pairs["smear / RLCard bridge"].append(smear_matches(seconds)["decisions_per_s"] / bridge)
    for name, ratios in pairs.items():
        if ratios:
            ratios.sort()
            print(
                f"{name}: median {statistics.median(ratios):.2f}x over {len(ratios)} rounds"
                f" (min {ratios[0]:.2f}x, max {ratios[-1]:.2f}x)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per throughput measurement")
    parser.add_argument("--rounds", type=int, default=0, help="also print median paired ratios over this many rounds")
    args = parser.parse_args()
    peer = peer_dominoes(args.seconds)
    print(f"tablegames {tablegames.__version__}; peer: {'dominoes (PyPI)' if peer else 'not installed'}")
    if peer:
        print(f"peer dominoes 4p hands: {peer['decisions_per_s']:,.0f} decisions/s, clone {peer['clone_us']:.1f} us")
    spiel = {name: peer_openspiel(name, args.seconds) for name in ("python_block_dominoes", "hearts")}
    hearts = spiel["hearts"]
    bar = hearts["decisions_per_s"] if hearts else None

    def vs_cpp(speed: float) -> str:
        return f"{speed / bar:.2f}x" if bar else "-"

    print(f"{'players':>7} {'decisions/s':>12} {'vs peer':>8} {'vs C++':>7} {'matches/s':>10} {'legal us':>9}"
          f" {'apply us':>9} {'clone us':>9} {'vs peer':>8} {'replay dec/s':>13} {'replay/play':>11} {'log KiB':>8}")
    speeds: dict[int, dict[str, float]] = {}
    for players in (2, 3, 4):
        speed = speeds[players] = sniff_matches(players, args.seconds)
        ops = sniff_ops(players)
        rep = sniff_replay(players)
        vs = f"{speed['decisions_per_s'] / peer['decisions_per_s']:.2f}x" if peer else "-"
        clone_vs = f"{peer['clone_us'] / ops['clone_us']:.1f}x" if peer else "-"
        print(
            f"{players:>7} {speed['decisions_per_s']:>12,.0f} {vs:>8} {vs_cpp(speed['decisions_per_s']):>7}"
            f" {speed['matches_per_s']:>10.1f}"
            f" {ops['legal_actions_us']:>9.2f} {ops['apply_us']:>9.2f} {ops['clone_us']:>9.2f} {clone_vs:>8}"
            f" {rep['replay_decisions_per_s']:>13,.0f}"
            f" {rep['replay_decisions_per_s'] / speed['decisions_per_s']:>10.2f}x {rep['log_kib_per_match']:>8.1f}"
        )
    print(
        "(vs peer: decisions/s ratio, >1 is faster; vs C++: ratio to OpenSpiel's C++ hearts;"
        " clone: peer time / ours, >1 is faster)"
    )
    for name, what in (("python_block_dominoes", "pure Python"), ("hearts", "C++ card game")):
        found = spiel[name]
        if found:
            ours = speeds[2]["decisions_per_s"] if name.endswith("dominoes") else None
            vs = f" (2-player Sniff: {ours / found['decisions_per_s']:.2f}x)" if ours else ""
            print(
                f"peer OpenSpiel {name} ({what}): {found['decisions_per_s']:,.0f} decisions/s{vs},"
                f" clone {found['clone_us']:.2f} us"
            )
    if bar:
        print(
            f"engine target: {ENGINE_TARGET:,} decisions/s where OpenSpiel's hearts made {TARGET_BAR:,},"
            f" {ENGINE_TARGET / TARGET_BAR:.2f}x of it; {ENGINE_TARGET / TARGET_BAR * bar:,.0f} decisions/s"
            " at this run's speed"
        )
    bridge = peer_rlcard_bridge(args.seconds)
    if bridge:
        print(f"peer RLCard bridge engine (raw): {bridge:,.0f} actions/s")
    for options in ({}, {"seen_undealt": 3}):
        smear = smear_matches(args.seconds, **options)
        against = [f"{smear['decisions_per_s'] / bridge:.2f}x RLCard bridge"] if bridge else []
        if bar:
            against.append(f"{vs_cpp(smear['decisions_per_s'])} C++ hearts")
        vs = f" ({', '.join(against)})" if against else ""
        print(
            f"four-point-smear {options or 'defaults'}: {smear['decisions_per_s']:,.0f} decisions/s{vs},"
            f" {smear['matches_per_s']:.1f} matches/s"
        )
    if args.rounds:
        paired_ratios(args.rounds, min(args.seconds, 1.0))


if __name__ == "__main__":
    main()
