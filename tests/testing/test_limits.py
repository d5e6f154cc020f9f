"""The kit's depth and time bounds: ``max_position`` reaches past 300 steps, ``time_limit`` stops a long check."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import settings

from tablegames.testing import CHECKS, DEFAULT_MAX_POSITION, Scenario, check_variant, conformance_tests, run_check
from tablegames.testing.runner import kit_settings
from tablegames.variants.sniff import Sniff

_SETTINGS = kit_settings(examples=40, base=settings(derandomize=True, database=None))
"""Forty scenarios, the same every run."""


def test_the_position_is_at_most_300_steps_unless_max_position_goes_deeper(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scenarios stop at DEFAULT_MAX_POSITION steps unless max_position (through check_variant too) says deeper."""
    seen: list[int] = []

    def record(scenario: Scenario, *, max_steps: int) -> None:
        seen.append(scenario.steps)

    run_check(Sniff, record, options={"players": 2}, hypothesis_settings=_SETTINGS)
    assert DEFAULT_MAX_POSITION == 300 and max(seen) <= 300
    seen.clear()
    run_check(Sniff, record, options={"players": 2}, max_position=2000, hypothesis_settings=_SETTINGS)
    assert max(seen) > 300
    seen.clear()
    monkeypatch.setitem(CHECKS, "record", record)
    outcomes = check_variant(
        Sniff, options={"players": 2}, checks=["record"], max_position=2000, hypothesis_settings=_SETTINGS
    )
    assert outcomes == {"record": "passed"} and max(seen) > 300


def test_a_deep_position_is_played_to_its_step() -> None:
    """A scenario with max_position past 300 plays its game that far (or to its end)."""
    scenario = Scenario(variant=Sniff, options={"players": 2, "target": 1000}, seed=2, steps=700)
    game = scenario.position()
    assert game.is_over or len([e for e in game.events if Sniff.action_of(e) is not None]) == 700


def test_a_time_limit_stops_playing_scenarios_once_it_is_spent() -> None:
    """With time_limit, a slow check plays a few scenarios and returns; without, it plays every one."""
    played: list[int] = []

    def slow(scenario: Scenario, *, max_steps: int) -> None:
        played.append(scenario.steps)
        time.sleep(0.05)

    start = time.monotonic()
    count = run_check(Sniff, slow, options={"players": 2}, time_limit=0.2, hypothesis_settings=_SETTINGS)
    assert 1 <= count == len(played) <= 10 and time.monotonic() - start < 1.5
    played.clear()
    assert run_check(Sniff, slow, options={"players": 2}, hypothesis_settings=_SETTINGS) == len(played) >= 30


def test_a_failure_found_in_time_is_still_shrunk_and_raised() -> None:
    """The time limit never cuts a failure's shrinking short: the shrunk failure is raised as always."""

    played: list[int] = []

    def fails(scenario: Scenario, *, max_steps: int) -> None:
        played.append(scenario.steps)
        time.sleep(0.05)  # the limit is spent within the first few: the shrinking runs past it
        raise AssertionError(f"a planted failure at {scenario.steps} steps")

    # Every scenario fails, so the first one played finds the failure however slow the machine
    # (a failure that needed a later scenario was not found where the limit was spent first);
    # shrinking then plays every scenario it tries, to the simplest, past the limit.
    with pytest.raises(AssertionError, match="a planted failure at 0 steps"):
        run_check(Sniff, fails, options={"players": 2}, time_limit=0.12, hypothesis_settings=_SETTINGS)
    assert played[0] == 0 or len(played) > 0.12 / 0.05  # shrunk from a longer scenario: played past the limit


@pytest.mark.parametrize(("max_position", "time_limit"), [(-1, None), (1.5, None), (10, 0), (10, -2.0), (10, "1")])
def test_bad_limits_are_refused(max_position: object, time_limit: object) -> None:
    """A max_position that is not an int of 0 or more, or a time_limit that is not positive, is a ValueError."""
    with pytest.raises(ValueError, match=r"max_position|time_limit"):
        check_variant(Sniff, checks=["clone"], max_position=max_position, time_limit=time_limit)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"max_position|time_limit"):
        run_check(Sniff, "clone", max_position=max_position, time_limit=time_limit)  # type: ignore[arg-type]


def test_a_suite_carries_both_limits() -> None:
    """conformance_tests sets max_position and time_limit on the suite; the defaults are 300 and no bound."""
    suite = conformance_tests(Sniff, options={"players": 2}, max_position=900, time_limit=30.0)
    assert suite.max_position == 900 and suite.time_limit == 30.0
    plain = conformance_tests(Sniff)
    assert plain.max_position == DEFAULT_MAX_POSITION and plain.time_limit is None


def test_the_plugin_reads_the_limits_from_the_command_line(tmp_path: Path) -> None:
    """--tablegames-max-position and --tablegames-time-limit reach every suite (shown in the report header)."""
    module = tmp_path / "test_mine.py"
    module.write_text(
        textwrap.dedent(
            """
            from tablegames.testing import CHECKS, ConformanceSuite
            from tablegames.testing.suite import suite_defaults
            from tablegames.variants.sniff import Sniff

            def test_the_defaults_are_set():
                assert suite_defaults["max_position"] == 500 and suite_defaults["time_limit"] == 2.5

            class TestMine(ConformanceSuite):
                variant = Sniff
                options = {"players": 2}
                skip_checks = frozenset(CHECKS) - {"clone"}
            """
        )
    )
    command = [
        sys.executable, "-m", "pytest", str(module), "-p", "no:cacheprovider", "--tablegames-examples", "2",
        "--tablegames-max-position", "500", "--tablegames-time-limit", "2.5",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 passed" in result.stdout
    assert "max_position=500" in result.stdout and "time_limit=2.5" in result.stdout
