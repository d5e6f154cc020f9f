"""Playing strength of one bot against another: win rates with 95% confidence intervals.

Bot ``A`` and bot ``B`` play whole matches. Seats rotate: with two sides (two-player Sniff,
four-player Sniff and Smear, in partnerships) ``A`` holds side 0 in one match and side 1 in
the next, its partner seat included; with three players ``A`` holds one seat in turn and ``B``
the other two. With ``--duplicate`` each seed is played once per rotation, so both bots play
the same deals from every side and the luck of the deal cancels (the first hands are the same;
later hands too, as long as the hand numbers and leaders coincide). Without it every match has
its own seed.

The win rate is ``A``'s share of matches won, with a Wilson score interval. The interval treats
matches as independent; duplicate pairs are negatively correlated in luck, which makes it
conservative for them. Duplicate runs also count the seeds ``A`` won from every side.

Examples::

    python benchmarks/strength.py --a greedy --b random --variant american-sniff --players 2 -n 2000 --workers 2
    python benchmarks/strength.py --a ismcts --b greedy -n 200 --duplicate --workers 2 --a-opt iterations=200
    python benchmarks/strength.py --a greedy --b random -n 20000 --backend ray --address auto

The matches are played as ``tablegames simulate`` plays them (:func:`tablegames.cli.simulate.play_tasks`),
by the executor ``--backend`` names (:mod:`tablegames.cli.executors`): this machine's processes
(``local``, the default), a Ray cluster (``ray``; joined at ``--address``, or started here with
``--workers`` CPUs), or one's own (``package.module:factory``). Match ``i`` is seeded like
``simulate``'s, so its result is the same on every backend.

A bot of one's own (a trained policy, say) plays once a module registering it is named with
``--plugin MODULE``; the module is imported here and in every worker, whatever the start method.

This is a measurement, not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
import time
from collections.abc import Sequence
from typing import Any

import tablegames
from tablegames.cli.errors import CommandError
from tablegames.cli.executors import BackendSettings, backend_names, get_executor
from tablegames.cli.simulate import MatchResult, MatchTask, play_tasks


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _settings(pairs: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"expected key=value, got {pair!r}")
        out[key.replace("-", "_")] = _value(value)
    return out


def rotations(variant: str, options: dict[str, Any]) -> int:
    """How many seat rotations a match has: 2 with two sides, else one per seat."""
    game = tablegames.new_game(variant, seed=0, **options)
    return 2 if len(game.scores) == 2 else game.players


def _seats_of_a(players: int, sides: int, rotation: int) -> list[bool]:
    if sides == 2:
        return [seat % 2 == rotation for seat in range(players)]
    return [seat == rotation for seat in range(players)]


def _import_plugins(modules: Sequence[str]) -> None:
    """Import each module (a plug-in registering bots or variants), in this process."""
    for module in modules:
        importlib.import_module(module)


def summary_of(result: MatchResult, *, rotation: int, is_a: Sequence[bool]) -> dict[str, Any]:
    """What the report needs of one match: whether ``A`` won, and its and ``B``'s decisions and time."""
    a_side = result.sides[is_a.index(True)]
    decisions = [0, 0]
    seconds = [0.0, 0.0]
    for seat, a in enumerate(is_a):
        k = 0 if a else 1
        decisions[k] += result.seat_decisions[seat]
        seconds[k] += result.seconds[seat]
    return {
        "index": result.index,
        "seed": result.seed,
        "rotation": rotation,
        "bots": list(result.bots),
        "a_won": result.winner == a_side,
        "winner": result.winner,
        "scores": list(result.scores),
        "hands": result.hands,
        "decisions": decisions,
        "seconds": round(sum(result.seconds), 4),
        "decision_seconds": [round(x, 4) for x in seconds],
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--a", required=True, help="the bot measured")
    parser.add_argument("--b", required=True, help="its opponent")
    parser.add_argument("--variant", default="american-sniff")
    parser.add_argument("--players", type=int, default=None, help="the players option (Sniff)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a variant option")
    parser.add_argument("--a-opt", action="append", default=[], metavar="KEY=VALUE", help="a setting of bot A")
    parser.add_argument("--b-opt", action="append", default=[], metavar="KEY=VALUE", help="a setting of bot B")
    parser.add_argument("-n", type=int, default=200, help="matches to play")
    parser.add_argument("--duplicate", action="store_true", help="play each seed once per seat rotation")
    parser.add_argument("--workers", type=int, default=1, help="worker processes, or the CPUs of a Ray started here")
    parser.add_argument(
        "--backend",
        default="local",
        help=f"where the matches are played ({', '.join(backend_names())}, or package.module:factory)",
    )
    parser.add_argument("--address", default=None, help="the Ray cluster to join (default: start one here)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--out", default=None, help="write one JSON line per match to this file")
    parser.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="MODULE",
        help="import this module first, here and in every worker (its bots and variants register themselves)",
    )
    args = parser.parse_args(argv)
    _import_plugins(args.plugin)

    options = _settings(args.option)
    if args.players is not None:
        options["players"] = args.players
    rot = rotations(args.variant, options)
    probe = tablegames.new_game(args.variant, seed=0, **options)
    players, sides = probe.players, len(probe.scores)
    a_spec = ":".join([args.a, *args.a_opt])
    b_spec = ":".join([args.b, *args.b_opt])
    tasks = []
    seats_of_a = []
    for i in range(args.n):
        seed = args.seed + (i // rot if args.duplicate else i)
        is_a = _seats_of_a(players, sides, i % rot)
        seats_of_a.append(is_a)
        tasks.append(MatchTask(i, probe.name, options, seed, tuple(a_spec if a else b_spec for a in is_a)))
    print(
        f"{args.a} {_settings(args.a_opt) or ''} vs {args.b} {_settings(args.b_opt) or ''}: {args.variant} {options}, "
        f"{args.n} matches{' (duplicate)' if args.duplicate else ''}, {args.workers} worker(s), backend {args.backend}",
        file=sys.stderr,
    )
    try:
        executor = get_executor(args.backend, BackendSettings(args.workers, address=args.address))
    except CommandError as exc:
        raise SystemExit(f"strength.py: {exc}") from None
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    waiting: dict[int, dict[str, Any]] = {}
    out = open(args.out, "w") if args.out else None  # noqa: SIM115 - closed below
    try:
        for match in play_tasks(tasks, plugins=args.plugin, executor=executor):
            waiting[match.index] = summary_of(match, rotation=match.index % rot, is_a=seats_of_a[match.index])
            while len(results) in waiting:  # the lines in match order, whatever the order of the results
                result = waiting.pop(len(results))
                results.append(result)
                if out is not None:
                    out.write(json.dumps(result) + "\n")
                    out.flush()
                done = len(results)
                if done % max(1, args.n // 20) == 0 or done == args.n:
                    wins = sum(r["a_won"] for r in results)
                    print(
                        f"  {done}/{args.n} matches, {args.a} won {wins} ({wins / done:.1%}), "
                        f"{time.perf_counter() - start:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
    except CommandError as exc:
        raise SystemExit(f"strength.py: {exc}") from None
    finally:
        if out is not None:
            out.close()
    elapsed = time.perf_counter() - start
    report(args, options, results, elapsed)
    return 0


def report(args: argparse.Namespace, options: dict[str, Any], results: list[dict[str, Any]], elapsed: float) -> None:
    """Print the summary of a run."""
    n = len(results)
    wins = sum(r["a_won"] for r in results)
    low, high = wilson(wins, n)
    print(f"variant      {args.variant} {json.dumps(options)}")
    print(f"A            {args.a} {json.dumps(_settings(args.a_opt))}")
    print(f"B            {args.b} {json.dumps(_settings(args.b_opt))}")
    played = len({r["seed"] for r in results})
    print(f"matches      {n}" + (f" (duplicate: {played} seeds, every seat rotation)" if args.duplicate else ""))
    print(f"A won        {wins} = {wins / n:.1%}, 95% CI (Wilson) {low:.1%} to {high:.1%}")
    by_rotation: dict[int, list[bool]] = {}
    for r in results:
        by_rotation.setdefault(r["rotation"], []).append(r["a_won"])
    for rotation, won in sorted(by_rotation.items()):
        print(f"  A at rotation {rotation}: {sum(won)}/{len(won)} = {sum(won) / len(won):.1%}")
    if args.duplicate:
        seeds: dict[int, list[bool]] = {}
        for r in results:
            seeds.setdefault(r["seed"], []).append(r["a_won"])
        full = [w for w in seeds.values() if len(w) == rotations(args.variant, options)]
        swept = sum(all(w) for w in full)
        lost = sum(not any(w) for w in full)
        print(f"  seeds won from every side by A: {swept}, by B: {lost}, split: {len(full) - swept - lost}")
    decisions = [sum(r["decisions"]) for r in results]
    a_dec = sum(r["decisions"][0] for r in results)
    a_sec = sum(r["decision_seconds"][0] for r in results)
    print(f"hands/match  {sum(r['hands'] for r in results) / n:.1f}; decisions/match {sum(decisions) / n:.0f}")
    print(f"A's time     {1000 * a_sec / max(1, a_dec):.2f} ms per decision over {a_dec} decisions")
    print(
        f"wall time    {elapsed:.0f} s ({args.workers} worker(s), backend {args.backend}); "
        f"{elapsed / n:.2f} s per match, {n / elapsed:.1f} matches/s"
    )


if __name__ == "__main__":
    sys.exit(main())
