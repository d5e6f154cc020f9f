"""The scripts in examples/ run as written."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import tablegames

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.parametrize("script", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_example_runs(script: str) -> None:
    """Each example exits 0 and prints something."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script)], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_front_end_loop_refuses_out_of_turn_actions() -> None:
    """The front-end example's server refuses every out-of-turn action and the match still ends."""
    module = runpy.run_path(str(EXAMPLES / "front_end_turn_loop.py"))
    refused = module["serve_one_match"](5)
    assert refused
    assert all("turn" in r["reason"] for r in refused)


def test_front_end_loop_takes_the_clients_options_as_options_only() -> None:
    """The front-end example's server takes a client's options whole: a "seed" in them is refused, not obeyed."""
    module = runpy.run_path(str(EXAMPLES / "front_end_turn_loop.py"))
    assert module["serve_one_match"](5, '{"players": 2}')
    with pytest.raises(tablegames.InvalidOptionsError, match="unknown option 'seed'"):
        module["serve_one_match"](5, '{"players": 2, "seed": 1}')
