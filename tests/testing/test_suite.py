"""The pytest integration: suites, skips, the plugin's options, and check_variant's arguments."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tablegames.testing import CHECKS, CheckNotApplicable, ConformanceSuite, check_variant, conformance_tests, run_check
from tablegames.variants.sniff import Sniff


class HooklessSniff(Sniff):
    """American Sniff without the optional piece hooks."""

    def piece_places(self) -> None:  # type: ignore[override]  # the base class default, on purpose
        return None

    def hidden_pieces(self, seat: int) -> None:  # type: ignore[override]  # the base class default, on purpose
        return None


def test_conformance_tests_makes_one_test_per_check() -> None:
    """The factory gives a ConformanceSuite subclass with a test method for every check."""
    suite = conformance_tests(Sniff, options={"players": 2}, skip_checks={"clone"})
    assert issubclass(suite, ConformanceSuite)
    assert suite.__name__ == "TestSniff"
    assert {f"test_{name}" for name in CHECKS} <= set(dir(suite))
    assert suite.skip_checks == frozenset({"clone"})
    with pytest.raises(KeyError, match="no_such_check"):
        conformance_tests(Sniff, skip_checks={"no_such_check"})


def test_checks_needing_absent_hooks_are_not_applicable() -> None:
    """Without piece_places and hidden_pieces, `pieces` and `no_leaks` are reported as not applicable."""
    outcomes = check_variant(HooklessSniff, options={"players": 2}, checks=["pieces", "no_leaks", "clone"], examples=2)
    assert outcomes["pieces"].startswith("not applicable: HooklessSniff does not implement Game.piece_places()")
    assert outcomes["no_leaks"].startswith("not applicable: HooklessSniff does not implement Game.hidden_pieces()")
    assert outcomes["clone"] == "passed"
    with pytest.raises(CheckNotApplicable):
        run_check(HooklessSniff, "pieces", options={"players": 2}, examples=2)


def test_check_variant_refuses_unknown_checks() -> None:
    """Naming a check that does not exist raises KeyError listing the checks."""
    with pytest.raises(KeyError, match="terminates"):
        check_variant(Sniff, checks=["replays"])


def test_the_plugin_runs_a_suite_with_its_command_line_options(tmp_path: Path) -> None:
    """In a fresh pytest run, a suite collects one test per check, skips as told, and reads --tablegames-*."""
    module = tmp_path / "test_mine.py"
    module.write_text(
        textwrap.dedent(
            """
            from tablegames.testing import ConformanceSuite
            from tablegames.variants.sniff import Sniff

            class TestMine(ConformanceSuite):
                variant = Sniff
                options = {"players": 2}
                skip_checks = frozenset(
                    {"terminates", "views", "pieces", "same_seed", "no_leaks",
                     "indistinguishable", "public", "public_indistinguishable", "illegal_refused",
                     "json_round_trip", "replay", "worlds", "capabilities", "text", "action_ids",
                     "observation"}
                )
            """
        )
    )
    command = [
        sys.executable, "-m", "pytest", str(module), "-rs", "-p", "no:cacheprovider",
        "--tablegames-examples", "2", "--tablegames-max-steps", "500", "--tablegames-profile", "tablegames-fast",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed, 16 skipped" in result.stdout
    assert "is in skip_checks" in result.stdout
    assert "tablegames conformance kit: examples=2, max_steps=500, profile=tablegames-fast" in result.stdout
