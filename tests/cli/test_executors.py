"""`simulate --backend`: every executor (local processes, Ray, one of one's own) writes the same file.

The executors play batches in any order; `simulate` puts the results back in game order, so the
file is byte for byte the same whatever the backend, the number of workers and the start method.
"""

from __future__ import annotations

import multiprocessing
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.cli.executors import (
    BackendSettings,
    Executor,
    LocalExecutor,
    apply_all,
    backend_names,
    batch_size,
    batches,
    get_executor,
    register_backend,
    unregister_backend,
    worker_start_method,
)
from tests.cli.support import run

T = TypeVar("T")
R = TypeVar("R")

RUN = ("simulate", "american-sniff", "--players", "2", "--bots", "greedy,random", "--no-progress", "--seed", "3")

THREADS_BACKEND = '''
from concurrent.futures import ThreadPoolExecutor

from tablegames.cli.executors import apply_all, batch_size, batches


class Threads:
    """A third-party executor: batches of items played by threads, results taken as each batch ends."""

    def __init__(self, workers):
        self.workers = workers

    def map_unordered(self, function, items):
        size = batch_size(len(items), self.workers, per_worker=4, cap=10)
        with ThreadPoolExecutor(self.workers) as pool:
            futures = [pool.submit(apply_all, function, batch) for batch in batches(items, size)]
            for future in reversed(futures):  # the last batch first: the caller must put them in order
                yield from future.result()


def make_executor(settings):
    return Threads(settings.workers)
'''


CRASHING_BOT = '''
import os

from tablegames.bots.registry import register_bot


class Crash:
    """Plays the first legal action, but first kills its own process: once anywhere (no marker file yet), or always."""

    name = "crash"

    def __init__(self, marker, always=False):
        self.marker = marker
        self.always = always

    def act(self, observation, rng):
        if self.always or not os.path.exists(self.marker):
            with open(self.marker, "w") as file:
                file.write(str(os.getpid()))
            os._exit(1)  # as a killed worker: no exception, no result
        return observation.legal[0]


register_bot("crash", Crash)
'''
"""A plug-in with the bot ``crash:marker=PATH`` (``:always=true`` to crash every time)."""


class Threads:
    """The executor of the module docstring's example, typed: a thread pool, batches in reverse order."""

    def map_unordered(self, function: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        with ThreadPoolExecutor(2) as pool:
            futures = [pool.submit(apply_all, function, batch) for batch in batches(items, 3)]
            for future in reversed(futures):
                yield from future.result()


def whole_file(path: Path, games: int, *extra: str) -> bytes:
    """The --out file of a run of ``games`` games with one worker."""
    done = run(*RUN, "-n", str(games), "--out", str(path), *extra)
    assert done.code == 0, done
    return path.read_bytes()


@pytest.fixture
def threads_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module on the path with a thread-pool executor factory: its import name."""
    name = f"tg_threads_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(THREADS_BACKEND)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return name


def test_a_third_party_executor_by_import_path_writes_the_same_file(tmp_path: Path, threads_module: str) -> None:
    """--backend package.module:factory: a thread pool's batches, taken last first, give one process's file."""
    one = whole_file(tmp_path / "one.jsonl", 30)
    path = tmp_path / "threads.jsonl"
    done = run(*RUN, "-n", "30", "--out", str(path), "--workers", "3", "--backend", f"{threads_module}:make_executor")
    assert done.code == 0, done
    assert f"30 games, seeds 3 to 32, 3 workers, backend {threads_module}:make_executor" in done.out
    assert path.read_bytes() == one


def test_a_registered_executor_is_a_backend_by_name(tmp_path: Path) -> None:
    """register_backend: the name is listed, --backend takes it, and the file is one process's."""
    one = whole_file(tmp_path / "one.jsonl", 10)
    register_backend("test-threads", lambda settings: Threads())
    try:
        assert "test-threads" in backend_names()
        path = tmp_path / "threads.jsonl"
        assert run(*RUN, "-n", "10", "--out", str(path), "--backend", "test-threads").code == 0
        assert path.read_bytes() == one
    finally:
        unregister_backend("test-threads")
    assert "test-threads" not in backend_names()


def test_the_built_in_backends_cannot_be_replaced() -> None:
    """register_backend refuses local and ray."""
    with pytest.raises(ValueError, match="backend 'ray' is built in"):
        register_backend("ray", lambda settings: Threads())


@pytest.mark.parametrize("method", multiprocessing.get_all_start_methods())
def test_two_processes_write_one_process_file_under_every_start_method(tmp_path: Path, method: str) -> None:
    """--workers 2 forked, spawned or from a fork server: the file is byte for byte one process's."""
    one = whole_file(tmp_path / "one.jsonl", 24)
    path = tmp_path / f"{method}.jsonl"
    done = run(*RUN, "-n", "24", "--out", str(path), "--workers", "2", "--start-method", method)
    assert done.code == 0, done
    assert path.read_bytes() == one


@pytest.fixture
def crash_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The crashing bot's plug-in module on the path: its import name."""
    name = f"tg_crash_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(CRASHING_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return name


def test_a_batch_whose_process_dies_is_played_again(tmp_path: Path, crash_module: str) -> None:
    """A bot kills its worker process once (os._exit): a new pool plays the lost batches, the file is whole."""
    marker = tmp_path / "crashed"
    args = (*RUN, "-n", "40", "--plugin", crash_module, "--bots", f"crash:marker={marker},random")
    marker.write_text("")  # no crash in this process
    expected = tmp_path / "expected.jsonl"
    assert run(*args, "--out", str(expected)).code == 0
    marker.unlink()
    path = tmp_path / "two.jsonl"
    done = run(*args, "--out", str(path), "--workers", "2")
    assert done.code == 0, done
    assert marker.read_text().isdigit(), "no worker crashed"
    assert path.read_bytes() == expected.read_bytes()


def test_a_process_dying_every_time_ends_the_run_in_one_line(tmp_path: Path, crash_module: str) -> None:
    """A bot that kills every worker: after the retries, one line saying so, the games written kept."""
    bots = f"crash:marker={tmp_path / 'crashed'}:always=true,random"
    done = run(*RUN, "-n", "6", "--plugin", crash_module, "--bots", bots, "--workers", "2")
    assert done.code == 2
    assert done.err == (
        "tablegames: error: a worker process died (killed, or out of memory) 4 times; "
        "the games written to --out are kept, and --resume goes on from them\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--backend", "nowhere"), "unknown backend 'nowhere': known backends are local, ray"),
        (("--backend", "tg_no_such_module:factory"), "cannot load backend 'tg_no_such_module:factory': "),
        (("--address", "127.0.0.1:6379"), "--address '127.0.0.1:6379' is for --backend ray"),
        (("--out", "x.parquet"), "--out writes JSON lines, not Parquet: for 'x.parquet' use --parquet x.parquet"),
    ],
)
def test_a_bad_backend_is_one_line(args: tuple[str, ...], message: str) -> None:
    """An unknown backend, one that cannot be imported, an address without Ray, Parquet in --out: status 2."""
    done = run(*RUN, "-n", "2", *args)
    assert done.code == 2
    assert done.err.startswith(f"tablegames: error: {message}"), done.err
    assert done.err.count("\n") == 1


def test_without_ray_the_ray_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """--backend ray where Ray cannot be imported: one line naming the extra."""
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    done = run(*RUN, "-n", "2", "--backend", "ray")
    assert done.code == 2
    assert done.err == (
        "tablegames: error: the ray backend needs Ray, which is not installed: pip install 'tablegames[ray]'\n"
    )


def test_without_pyarrow_parquet_says_how_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--parquet where pyarrow cannot be imported: one line, and no --out file started."""
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    done = run(*RUN, "-n", "2", "--parquet", str(tmp_path / "r.parquet"))
    assert done.code == 2
    assert done.err == "tablegames: error: --parquet needs pyarrow, which is not installed: pip install pyarrow\n"


def test_parquet_holds_the_rows_of_the_json_lines(tmp_path: Path) -> None:
    """--parquet: one row per game, the columns and values of --out's lines, in game order."""
    pq = pytest.importorskip("pyarrow.parquet")
    import json

    out, table = tmp_path / "r.jsonl", tmp_path / "r.parquet"
    done = run(*RUN, "-n", "12", "--out", str(out), "--parquet", str(table), "--workers", "2")
    assert done.code == 0, done
    assert f"wrote 12 rows to {table}" in done.out
    rows = pq.read_table(table).to_pylist()
    assert rows == [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["game"] for r in rows] == list(range(12))
    assert not (tmp_path / "r.parquet.partial").exists()


def test_a_resumed_run_writes_the_whole_parquet_file(tmp_path: Path) -> None:
    """An interrupted run's Parquet file is left .partial; --resume writes PATH again with every game."""
    pq = pytest.importorskip("pyarrow.parquet")
    whole = whole_file(tmp_path / "whole.jsonl", 20)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(whole.splitlines(keepends=True)[:7]))
    table = tmp_path / "r.parquet"
    done = run(*RUN, "-n", "20", "--out", str(cut), "--resume", "--parquet", str(table))
    assert done.code == 0, done
    assert cut.read_bytes() == whole
    assert "wrote 13 lines" in done.out and "wrote 20 rows" in done.out
    assert [r["game"] for r in pq.read_table(table).to_pylist()] == list(range(20))


def test_the_local_executor_with_one_worker_keeps_the_order() -> None:
    """LocalExecutor(1) maps in this process, in order; get_executor builds it from settings."""
    executor: Executor = get_executor("local", BackendSettings(1))
    assert executor == LocalExecutor(1)
    assert list(executor.map_unordered(abs, [-3, 2, -1])) == [3, 2, 1]
    assert sorted(LocalExecutor(2).map_unordered(abs, list(range(-20, 0)))) == list(range(1, 21))


@given(st.lists(st.integers(), max_size=60), st.integers(1, 70))
def test_batches_cut_the_items_in_order(items: list[int], size: int) -> None:
    """Batches put together are the items; each holds ``size`` items, the last at most that."""
    cut = batches(items, size)
    assert [x for batch in cut for x in batch] == items
    assert all(len(batch) == size for batch in cut[:-1]) and all(0 < len(b) <= size for b in cut)


@given(st.integers(0, 10**6), st.integers(1, 5000), st.integers(1, 16), st.integers(1, 500))
def test_batch_size_gives_each_worker_its_batches(count: int, workers: int, per_worker: int, cap: int) -> None:
    """At least 1 and at most ``cap`` items; below the cap, every worker gets ``per_worker`` batches or fewer."""
    size = batch_size(count, workers, per_worker=per_worker, cap=cap)
    assert 1 <= size <= cap
    if size < cap and count:
        assert len(batches(range(count), size)) <= workers * per_worker


def test_the_strength_benchmark_plays_on_any_backend(tmp_path: Path, threads_module: str) -> None:
    """benchmarks/strength.py uses the same executors: a third-party backend's lines are one process's (untimed)."""
    import importlib.util
    import json

    spec = importlib.util.spec_from_file_location("strength", Path(__file__).parents[2] / "benchmarks" / "strength.py")
    assert spec is not None and spec.loader is not None
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    common = ["--a", "greedy", "--b", "random", "--players", "2", "-n", "12", "--seed", "5", "--duplicate"]
    lines = []
    for name, extra in (("one", []), ("threads", ["--workers", "3", "--backend", f"{threads_module}:make_executor"])):
        path = tmp_path / f"{name}.jsonl"
        assert strength.main([*common, "--out", str(path), *extra]) == 0
        lines.append([{k: v for k, v in json.loads(line).items() if "seconds" not in k} for line in path.open()])
    assert lines[0] == lines[1]
    assert [r["index"] for r in lines[0]] == list(range(12)) and [r["seed"] for r in lines[0][:4]] == [5, 5, 6, 6]
    assert all(r["bots"] == (["greedy", "random"] if r["rotation"] == 0 else ["random", "greedy"]) for r in lines[0])


def test_workers_are_spawned_once_jax_is_imported(monkeypatch: pytest.MonkeyPatch) -> None:
    """A forked worker can hang on JAX's threads: with JAX imported and no method asked for, workers are spawned."""
    monkeypatch.delitem(sys.modules, "jax", raising=False)
    assert worker_start_method(None) is None and worker_start_method("fork") == "fork"
    monkeypatch.setitem(sys.modules, "jax", types.ModuleType("jax"))
    assert worker_start_method(None) == "spawn"
    assert worker_start_method("fork") == "fork" and worker_start_method("forkserver") == "forkserver"
