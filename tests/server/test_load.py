"""The load benchmark's short version, as a test: games at once on loopback, a kill -9 mid-round, a restart.

``benchmarks/server_load.py`` is the measurement (200 games); here it runs small, and its
checks must hold: no acknowledged action lost, every game going on after the restart.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "server_load.py"


def test_a_short_load_with_a_kill_9_loses_no_acknowledged_action() -> None:
    """12 games at once against bots, the server killed with SIGKILL mid-round and restarted: nothing lost."""
    done = subprocess.run(
        [sys.executable, str(BENCHMARK), "--games", "12", "--actions", "4", "--kill"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "after a restart, 0 of 12 games lost an acknowledged action" in done.stdout
    assert "12 of 12 games went on after the restart" in done.stdout
    killed_after = int(done.stdout.split("mid-round after ")[1].split()[0])
    assert 0 < killed_after < 12 * 4  # the kill came in the middle of the round, not after it
