"""`tablegames simulate --out FILE --resume`: an interrupted run goes on, its file ending as an uninterrupted run's.

The file holds its games in order, a line each as the game ends; a resumed run checks that the
lines are its own games (seed and bots at each place), drops a line cut short, and plays the rest.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.support import run

RUN = ("simulate", "american-sniff", "--players", "2", "--bots", "greedy,random", "--no-progress")


def whole_run(path: Path, games: int, seed: int, *extra: str) -> bytes:
    """The file of an uninterrupted run."""
    done = run(*RUN, "-n", str(games), "--seed", str(seed), "--out", str(path), *extra)
    assert done.code == 0, done
    return path.read_bytes()


def summary(text: str) -> list[str]:
    """The summary's rows of bots (the timing and the resume lines differ between runs)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("bot "))
    return [line for line in lines[start:] if not line.startswith(("time per decision", "resumed", "wrote"))]


def test_a_run_cut_mid_line_resumes_to_the_uninterrupted_file(tmp_path: Path) -> None:
    """Twelve whole lines and half of the thirteenth: --resume plays games 12 to 29 and the file is the whole run's."""
    whole = whole_run(tmp_path / "whole.jsonl", 30, 5)
    lines = whole.splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:12]) + lines[12][:17])
    done = run(*RUN, "-n", "30", "--seed", "5", "--out", str(cut), "--resume")
    assert done.code == 0, done
    assert cut.read_bytes() == whole
    assert "resumed: 12 games were in" in done.out and "18 played now" in done.out
    assert summary(done.out) == summary(run(*RUN, "-n", "30", "--seed", "5").out)  # the same totals as one run


def test_the_seed_comes_from_the_file_and_a_finished_run_plays_nothing(tmp_path: Path) -> None:
    """Without --seed the interrupted run's is read from its first line; a complete file is left as it is."""
    whole = whole_run(tmp_path / "whole.jsonl", 10, 77)
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(whole.splitlines(keepends=True)[:4]))
    assert run(*RUN, "-n", "10", "--out", str(part), "--resume").code == 0
    assert part.read_bytes() == whole
    again = run(*RUN, "-n", "10", "--out", str(part), "--resume")
    assert again.code == 0 and "0 played now" in again.out and part.read_bytes() == whole


def test_a_file_of_another_run_is_refused_and_left_alone(tmp_path: Path) -> None:
    """Another seed, other bots or more games than the run has: one line, status 2, the file unchanged."""
    path = tmp_path / "other.jsonl"
    whole = whole_run(path, 6, 3)
    for args, detail in (
        (("--seed", "4", "-n", "6"), "is not this run's game 0 (seed 4"),
        (("--seed", "3", "-n", "4"), "holds more games than this run has (4)"),
    ):
        done = run(*RUN, *args, "--out", str(path), "--resume")
        assert done.code == 2 and detail in done.err, done
        assert path.read_bytes() == whole
    swapped = run("simulate", "american-sniff", "--players", "2", "--bots", "random,greedy", "--no-progress",
                  "-n", "6", "--seed", "3", "--out", str(path), "--resume")  # fmt: skip
    assert swapped.code == 2 and "bots random greedy" in swapped.err and path.read_bytes() == whole
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    done = run(*RUN, "-n", "3", "--seed", "1", "--out", str(junk), "--resume")
    assert done.code == 2 and "line 1: not a line of a simulate --out file" in done.err


def test_resume_needs_the_out_file() -> None:
    done = run(*RUN, "-n", "3", "--seed", "1", "--resume")
    assert done.code == 2 and "--resume continues the run whose --out FILE is named" in done.err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_run_killed_halfway_resumes_to_the_uninterrupted_file(tmp_path: Path, workers: str) -> None:
    """kill -9 of a real run once a third of its lines are written, then --resume (with 1 or 2 workers):
    no game lost or repeated, the file byte for byte the uninterrupted run's."""
    games = 150
    whole = whole_run(tmp_path / "whole.jsonl", games, 11)
    path = tmp_path / "killed.jsonl"
    command = [sys.executable, "-m", "tablegames", *RUN, "-n", str(games), "--seed", "11", "--out", str(path)]
    process = subprocess.Popen(
        [*command, "--workers", workers], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and process.poll() is None:
            if path.exists() and path.read_bytes().count(b"\n") >= games // 3:
                break
            time.sleep(0.01)
        assert process.poll() is None, "the run ended before it could be killed"
        os.killpg(process.pid, signal.SIGKILL)  # the run and its workers
    finally:
        process.wait(timeout=30)
    written = path.read_bytes().count(b"\n")
    assert games // 3 <= written < games
    done = run(*RUN, "-n", str(games), "--seed", "11", "--out", str(path), "--resume", "--workers", workers)
    assert done.code == 0, done
    assert path.read_bytes() == whole
