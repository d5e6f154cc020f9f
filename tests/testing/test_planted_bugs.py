"""The kit fails variants with planted bugs, with a readable message and a scenario that reproduces it.

These tests pass under every Hypothesis profile the project ships (``ci``, ``dev``,
``thorough``): they assert what the kit promises (the check fails, says what and where, and
the scenario it reports fails the same way when run again), never which scenario the
shrinker happened to reach.
"""

from __future__ import annotations

import pytest

from tablegames.testing import (
    CHECKS,
    ConformanceError,
    Scenario,
    check_replay,
    check_same_seed,
    check_variant,
    run_check,
)
from tests.testing.planted import CountingSniff, LaxSniff, LeakySniff, LosingSniff, SharingSniff, StrictSniff

_EXAMPLES = 10

pytestmark = pytest.mark.every_profile


def _failure(variant: type, check: str) -> ConformanceError:
    """The kit's failure of ``check`` on ``variant``, after checking its message and its scenario."""
    with pytest.raises(ConformanceError) as info:
        run_check(variant, check, options={"players": 2}, examples=_EXAMPLES, max_position=40)
    error = info.value
    assert error.check == check
    assert error.scenario.variant is variant
    message = str(error)
    assert f"check {check!r} failed" in message
    assert f"seed={error.scenario.seed}" in message
    assert repr(error.scenario) in message, "the message carries the scenario to paste back"
    _assert_reproduces(error)
    return error


def _assert_reproduces(error: ConformanceError) -> None:
    """Running the reported scenario again fails the same check, at the same step, with the same detail."""
    with pytest.raises(ConformanceError) as again:
        CHECKS[error.check](error.scenario)
    assert (again.value.check, again.value.step, again.value.detail) == (error.check, error.step, error.detail)


def test_a_leak_in_a_redacted_log_fails_no_leaks() -> None:
    """A redacted log showing every hand fails `no_leaks`, naming the seat, the event and the tiles."""
    error = _failure(LeakySniff, "no_leaks")
    assert "log(0) events[0] names" in error.detail
    assert "hidden from seat 0" in error.detail
    assert '"type": "hand_dealt"' in error.detail
    assert error.step is not None


def test_the_leaky_variant_passes_the_checks_it_does_not_break() -> None:
    """The kit's other checks pass the leaky variant: each check pins its own promise."""
    outcomes = check_variant(LeakySniff, options={"players": 2}, checks=["replay", "clone", "pieces"], examples=3)
    assert outcomes == {"replay": "passed", "clone": "passed", "pieces": "passed"}


def test_events_depending_on_outside_state_fail_replay_and_same_seed() -> None:
    """A log whose events depend on a counter outside the game fails `replay` and `same_seed`."""
    scenario = Scenario(variant=CountingSniff, options={"players": 2}, seed=1, steps=10)
    CountingSniff.placements = 0
    with pytest.raises(ConformanceError) as info:
        check_replay(scenario)
    assert info.value.check == "replay"
    assert info.value.step == 10
    assert "replay refused the game's own log" in str(info.value)
    assert "passed" in str(info.value)
    CountingSniff.placements = 0
    with pytest.raises(ConformanceError) as info:
        check_same_seed(scenario)
    assert "two games with the same seed and choices differ at $.events[" in str(info.value)


def test_accepting_an_illegal_action_fails_illegal_refused() -> None:
    """A variant that accepts a tile on an end it does not match fails `illegal_refused`, naming the action."""
    error = _failure(LaxSniff, "illegal_refused")
    assert error.detail.startswith("apply({")
    assert "was accepted" in error.detail
    assert '"type":"play"' in error.detail


def test_refusing_a_listed_action_fails_illegal_refused() -> None:
    """A variant whose legality hook refuses a double its list offers fails `illegal_refused`, naming it."""
    error = _failure(StrictSniff, "illegal_refused")
    assert "is listed, but why_illegal says: no doubles here" in error.detail
    assert '"type":"play"' in error.detail


def test_a_clone_sharing_state_fails_clone() -> None:
    """Clones that share the hands fail `clone`: acting on the clone changes the original's views."""
    error = _failure(SharingSniff, "clone")
    assert "the clone applied {" in error.detail
    assert "and the original changed: " in error.detail
    assert "view(" in error.detail
    assert error.step is not None


def test_losing_a_piece_fails_pieces() -> None:
    """A variant that loses the double blank fails `pieces`, naming it and the step."""
    error = _failure(LosingSniff, "pieces")
    assert "missing 0-0" in error.detail
    assert error.step is not None
    assert f"failed at step {error.step}: after {{" in str(error), "names the action after which it went missing"
