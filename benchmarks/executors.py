"""Throughput of ``tablegames simulate`` on each backend, and the driver's own cost per match.

Runs the same ``simulate`` (same seed and bots) with one local worker, with ``--workers``
local processes and, if Ray is installed, on a Ray of ``--workers`` CPUs started here; checks
that the three ``--out`` files are byte for byte the same, and prints each run's games per
second and its ratio to one worker (the start of the workers included: Ray's takes seconds).

Then it measures what the driver (the ``simulate`` process) spends per match whatever plays
it: an executor that hands back the results of the first run at once, so the time is the
driver's alone (putting results in order, counting them, writing and flushing a JSON line,
and a Parquet row with ``--parquet``). One driver keeps up with ``1 / that`` matches a second,
the ceiling of a cluster of any size (docs/scaling.rst, "On paper").

Example::

    python benchmarks/executors.py -n 2000 --workers 2

This is a measurement, not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

from tablegames.cli import main as tablegames
from tablegames.cli.executors import register_backend, unregister_backend
from tablegames.cli.simulate import MatchResult

T = TypeVar("T")
R = TypeVar("R")


class _Replay:
    """An executor that plays nothing: it hands back results read from a file, at once."""

    def __init__(self, results: Sequence[MatchResult]) -> None:
        self.results = results

    def map_unordered(self, function: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        yield from self.results  # type: ignore[misc]  # the results of these very items


def _run(args: Sequence[str]) -> float:
    """Run ``tablegames args``; its wall time in seconds."""
    start = time.perf_counter()
    with contextlib.redirect_stderr(io.StringIO()):
        status = tablegames(list(args), out=io.StringIO(), err=io.StringIO())
    if status != 0:
        raise SystemExit(f"tablegames {' '.join(args)} ended with status {status}")
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("-n", type=int, default=2000, help="games per run")
    parser.add_argument("--workers", type=int, default=2, help="local processes, and the CPUs of the Ray")
    parser.add_argument("--variant", default="american-sniff")
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    common = [
        "simulate", args.variant, "--players", "2", "-n", str(args.n), "--bots", args.bots,
        "--seed", str(args.seed), "--no-progress",
    ]  # fmt: skip
    runs: list[tuple[str, list[str]]] = [("local, 1 worker", ["--workers", "1"])]
    runs.append((f"local, {args.workers} workers", ["--workers", str(args.workers)]))
    if importlib.util.find_spec("ray") is not None:
        runs.append((f"ray, {args.workers} CPUs", ["--backend", "ray", "--workers", str(args.workers)]))
    else:
        print("ray is not installed: its run is left out", file=sys.stderr)
    with tempfile.TemporaryDirectory() as folder:
        files: list[bytes] = []
        baseline = 0.0
        print(f"{args.variant}, {args.bots}, {args.n} games, seed {args.seed}")
        for i, (name, extra) in enumerate(runs):
            path = Path(folder) / f"run{i}.jsonl"
            seconds = _run([*common, *extra, "--out", str(path)])
            files.append(path.read_bytes())
            rate = args.n / seconds
            baseline = baseline or rate
            same = "the file" if i == 0 else ("identical" if files[i] == files[0] else "DIFFERENT")
            print(f"  {name:<18} {seconds:6.1f} s  {rate:7.1f} games/s  ratio {rate / baseline:4.2f}  {same}")
        results = [MatchResult.from_json(json.loads(line)) for line in files[0].splitlines()]
        register_backend("replay", lambda settings: _Replay(results))
        try:
            for label, extra in (("--out", []), ("--out and --parquet", ["--parquet", f"{folder}/r.parquet"])):
                if extra and importlib.util.find_spec("pyarrow") is None:
                    continue
                seconds = _run([*common, "--backend", "replay", "--out", f"{folder}/replay.jsonl", *extra])
                per_game = seconds / args.n
                print(
                    f"  the driver alone, {label}: {1e6 * per_game:.0f} µs a game (the whole command), "
                    f"at most {1 / per_game:,.0f} games/s"
                )
        finally:
            unregister_backend("replay")
    return 0


if __name__ == "__main__":
    sys.exit(main())
