"""The speed targets of the open issues, each measured against its baseline in one run: one table.

Every row is a target from the issues (engine, views, logs, replay, search, reinforcement
learning), the figure measured, what it is measured against in the same run, their ratio and
whether the target is met. It calls the measurements of the other scripts in ``benchmarks/``
(``bench.py``, ``views.py``, ``logs.py``, ``search.py``, ``rl_speed.py``), shortened; run those
for the full tables. This is a measurement, not a test: nothing here passes or fails, and a
loaded machine moves the absolute figures (the ratios much less).

    python benchmarks/targets.py [--seconds 1.0] [--rounds 3]
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Callable
from functools import partial
from typing import Any

import bench
import logs
import rl_speed
import search
import views

from tablegames.rl.pettingzoo import raw_env

Row = tuple[str, str, str, str, str]


def median_of(rounds: int, measure: Callable[[], tuple[float, float]]) -> tuple[float, float, float]:
    """The medians of a measurement and of its baseline over ``rounds``, and the median of their ratios."""
    pairs = [measure() for _ in range(rounds)]
    return (
        statistics.median(p[0] for p in pairs),
        statistics.median(p[1] for p in pairs),
        statistics.median(p[0] / p[1] for p in pairs),
    )


def engine_rows(seconds: float, rounds: int) -> list[Row]:
    """Random play against OpenSpiel's C++ hearts, paired in each round, if OpenSpiel is installed.

    The target, 300,000 decisions/s, was set where hearts made 388,370 (``bench.TARGET_BAR``): a
    ratio that holds on any machine. Without OpenSpiel the row is the absolute figure against
    300,000, which holds only on a machine as fast as that one.
    """
    goal = bench.ENGINE_TARGET / bench.TARGET_BAR
    rows = []
    for label, run in (
        ("Sniff 2p", partial(bench.sniff_matches, 2)),
        ("Sniff 4p", partial(bench.sniff_matches, 4)),
        ("Smear", bench.smear_matches),
    ):

        def measure(run: Callable[[float], dict[str, float]] = run) -> tuple[float, float]:
            hearts = bench.peer_openspiel("hearts", seconds)
            return run(seconds)["decisions_per_s"], hearts["decisions_per_s"] if hearts else math.nan

        speed, bar, ratio = median_of(rounds, measure)
        if math.isnan(bar):
            met = _met(speed >= bench.ENGINE_TARGET)
            rows.append((f"engine {label}", f"{speed:,.0f} dec/s", "target 300,000", f"{speed / 300_000:.2f}x", met))
        else:
            against = f"C++ hearts {bar:,.0f} (target {goal:.2f}x)"
            rows.append((f"engine {label}", f"{speed:,.0f} dec/s", against, f"{ratio:.2f}x", _met(ratio >= goal)))
    return rows


def replay_rows(seconds: float, rounds: int) -> list[Row]:
    rows = []
    for players in (2, 3, 4):

        def measure(players: int = players) -> tuple[float, float]:
            play = bench.sniff_matches(players, seconds)["decisions_per_s"]
            return bench.sniff_replay(players, matches=60)["replay_decisions_per_s"], play

        replay, play, ratio = median_of(rounds, measure)
        against = f"play {play:,.0f}"
        rows.append((f"replay Sniff {players}p", f"{replay:,.0f} dec/s", against, f"{ratio:.2f}x", _met(ratio >= 1.5)))
    return rows


def view_rows(matches: int) -> list[Row]:
    rows = []
    for variant, options in views.CASES:
        text, base, _ = views.dumps_us(variant, options, matches)
        rows.append(
            (
                f"dumps(view) {_short(variant, options)}",
                f"{text:.1f} us",
                f"json.dumps(data) {base:.1f} us",
                f"{base / text:.2f}x",
                _met(text <= 10.0),
            )
        )
    return rows


def log_rows(matches: int) -> list[Row]:
    rows = []
    for variant, options in logs.CASES:
        kept, fresh, events = logs.measure(variant, options, 0, matches)
        rows.append(
            (
                f"dumps(log(seat)) {_short(variant, options)}",
                f"{kept:.0f} us",
                f"afresh {fresh:.0f} us ({events:.0f} events)",
                f"{fresh / kept:.1f}x",
                "yes (kept)",
            )
        )
    return rows


def search_rows(rounds: int) -> list[Row]:
    rows = []
    for variant, options in (("american-sniff", {"players": 2}), ("four-point-smear", {})):
        observations = search.positions(variant, options, 8)

        def measure(observations: Any = observations) -> tuple[float, float]:
            return search.rate(observations, 300, 8), search.rate(observations, 300, 1)

        fast, base, ratio = median_of(rounds, measure)
        rows.append(
            (
                f"ISMCTS it/s {_short(variant, options)}",
                f"{fast:,.0f} (8 a world)",
                f"{base:,.0f} (1 a world)",
                f"{ratio:.2f}x",
                _met(ratio >= 3.0),
            )
        )
    return rows


def rl_rows(seconds: float, rounds: int) -> list[Row]:
    rows = []
    for variant, options in rl_speed.CASES:
        label = _short(variant, options)

        def aec(variant: str = variant, options: dict[str, Any] = options) -> tuple[float, float]:
            raw, _ = rl_speed.raw_rates(variant, options, seconds)
            return rl_speed.aec_rate(partial(raw_env, variant, **options), seconds), raw

        def vector(variant: str = variant, options: dict[str, Any] = options) -> tuple[float, float]:
            _, raw_events = rl_speed.raw_rates(variant, options, seconds)
            return rl_speed.vector_event_rate(variant, options, seconds), raw_events

        steps, raw, ratio = median_of(rounds, aec)
        against = f"raw {raw:,.0f} dec/s"
        rows.append((f"AEC steps {label}", f"{steps:,.0f}/s", against, f"{ratio:.2f}x", _met(ratio >= 0.5)))
        events, raw_events, ratio = median_of(rounds, vector)
        against = f"raw {raw_events:,.0f} ev/s"
        rows.append((f"vector x8 {label}", f"{events:,.0f} ev/s", against, f"{ratio:.2f}x", _met(ratio >= 0.8)))
        cost = rl_speed.observation_us(variant, options)
        rows.append((f"observation {label}", f"{cost:.2f} us", "target 5 us", "", _met(cost <= 5.0)))
    return rows


def _short(variant: str, options: dict[str, Any]) -> str:
    name = {"american-sniff": "Sniff", "four-point-smear": "Smear"}.get(variant, variant)
    players = options.get("players")
    return f"{name} {players}p" if players else name


def _met(flag: bool) -> str:
    return "yes" if flag else "no"


def main() -> None:
    """Measure every target and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per throughput measurement")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each paired measurement (median)")
    parser.add_argument("--matches", type=int, default=2, help="greedy matches for the views and logs rows")
    args = parser.parse_args()
    rows: list[Row] = []
    rows += engine_rows(args.seconds, args.rounds)
    rows += replay_rows(args.seconds, args.rounds)
    rows += view_rows(args.matches)
    rows += log_rows(args.matches)
    rows += search_rows(args.rounds)
    rows += rl_rows(args.seconds, args.rounds)
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    head = ("target", "measured", "against (same run)", "ratio", "met")
    widths = [max(w, len(h)) for w, h in zip(widths, head, strict=True)]
    for row in (head, *rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip(), flush=True)


if __name__ == "__main__":
    main()
