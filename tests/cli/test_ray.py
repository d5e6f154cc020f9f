"""`simulate --backend ray`: a Ray of 2 CPUs started here writes one process's file, a lost worker's
batch is played again, and a run killed halfway resumes.

Skipped where Ray is not installed (the ``ray`` extra). Each test starts its own local Ray (the
command does) and the command stops it when the run ends.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.support import run
from tests.cli.test_executors import CRASHING_BOT

ray = pytest.importorskip("ray")

RUN = ("simulate", "american-sniff", "--players", "2", "--no-progress", "--seed", "8")


@pytest.fixture(autouse=True)
def no_ray_left() -> Iterator[None]:
    """Each test starts with no Ray connected in this process, and checks the command stopped its own."""
    assert not ray.is_initialized()
    yield
    assert not ray.is_initialized()


def test_a_local_ray_writes_the_file_of_one_process(tmp_path: Path) -> None:
    """--backend ray --workers 2: a Ray of 2 CPUs; the file and the Parquet rows are one process's."""
    one, by_ray = tmp_path / "one.jsonl", tmp_path / "ray.jsonl"
    assert run(*RUN, "-n", "60", "--bots", "greedy,random", "--out", str(one)).code == 0
    done = run(*RUN, "-n", "60", "--bots", "greedy,random", "--out", str(by_ray), "--backend", "ray", "--workers", "2")
    assert done.code == 0, done
    assert "60 games, seeds 8 to 67, 2 workers, backend ray" in done.out
    assert by_ray.read_bytes() == one.read_bytes()


def test_a_batch_whose_worker_dies_is_played_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plug-in bot kills its Ray worker once (os._exit): Ray runs the batch again, the file is still whole."""
    module = f"tg_crash_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{module}.py").write_text(CRASHING_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, module, raising=False)
    marker = tmp_path / "crashed"
    bots = f"crash:marker={marker},random"
    expected = tmp_path / "expected.jsonl"
    marker.write_text("")  # no crash in this process
    assert run(*RUN, "-n", "40", "--plugin", module, "--bots", bots, "--out", str(expected)).code == 0
    marker.unlink()
    path = tmp_path / "ray.jsonl"
    done = run(*RUN, "-n", "40", "--plugin", module, "--bots", bots, "--out", str(path), "--backend", "ray")
    assert done.code == 0, done
    assert marker.read_text().isdigit(), "no worker crashed"
    assert path.read_bytes() == expected.read_bytes()


def test_a_ray_run_killed_halfway_resumes_to_the_uninterrupted_file(tmp_path: Path) -> None:
    """kill -9 of a run on Ray (the driver and its local Ray) once a third is written, then --resume on Ray."""
    games = 150
    args = (*RUN, "-n", str(games), "--bots", "greedy,random", "--backend", "ray", "--workers", "2")
    whole = tmp_path / "whole.jsonl"
    assert run(*RUN, "-n", str(games), "--bots", "greedy,random", "--out", str(whole)).code == 0
    path = tmp_path / "killed.jsonl"
    command = [sys.executable, "-m", "tablegames", *args, "--out", str(path)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            if path.exists() and path.read_bytes().count(b"\n") >= games // 3:
                break
            time.sleep(0.01)
        assert process.poll() is None, "the run ended before it could be killed"
        os.killpg(process.pid, signal.SIGKILL)  # the driver, and the Ray it started
    finally:
        process.wait(timeout=30)
    assert games // 3 <= path.read_bytes().count(b"\n") < games
    done = run(*args, "--out", str(path), "--resume")
    assert done.code == 0, done
    assert path.read_bytes() == whole.read_bytes()
