"""`simulate --backend ray`: a Ray of 2 CPUs started here writes one process's file, and a lost worker's
batch is played again.

Skipped where Ray is not installed (the ``ray`` extra). Each test starts its own local Ray (the
command does) and the command stops it when the run ends.
"""

from __future__ import annotations

import sys
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
