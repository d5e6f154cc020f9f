"""The kit's spectator checks: ``public`` and ``public_indistinguishable`` fail wrong public events."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from tablegames.testing import (
    CHECKS,
    ConformanceError,
    Scenario,
    check_public,
    check_public_indistinguishable,
    check_variant,
    run_check,
)
from tablegames.variants.sniff import Sniff
from tests.testing.planted_public import PeekingSniff, SecretiveSniff

pytestmark = pytest.mark.every_profile

_SWAPS: Any = ((0, 4),)  # Any: mypy's attrs plugin cannot type the field's ``tuple`` converter
_SECRET = Scenario(variant=SecretiveSniff, options={"players": 2}, seed=0, swaps=_SWAPS)
"""A scenario where exchanging two unseen tiles changes the parity of seat 0's dealt pips."""


def test_the_checks_are_registered() -> None:
    """Both spectator checks run with every other check of the kit."""
    assert CHECKS["public"] is check_public
    assert CHECKS["public_indistinguishable"] is check_public_indistinguishable


def test_public_events_showing_hands_fail_public() -> None:
    """Public events that show every hand fail `public`, naming the seat that sees less, and reproduce."""
    with pytest.raises(ConformanceError) as info:
        run_check(PeekingSniff, "public", options={"players": 2}, examples=5, max_position=40)
    error = info.value
    assert error.check == "public"
    assert "a spectator sees more than seat" in error.detail
    assert "redacted event has null" in error.detail
    with pytest.raises(ConformanceError) as again:
        check_public(error.scenario)
    assert (again.value.step, again.value.detail) == (error.step, error.detail)


def test_hiding_chosen_by_a_hidden_hand_fails_public_indistinguishable() -> None:
    """Public events that null a field according to a hidden hand fail `public_indistinguishable` only."""
    with pytest.raises(ConformanceError, match=r"a spectator with .*: the public events differ at \$\[\d+\]\.end"):
        check_public_indistinguishable(_SECRET)
    check_public(_SECRET)  # each event is still at most what every seat sees


def test_sniff_passes_both_checks_on_the_same_scenario() -> None:
    """The real variant passes both checks where the planted one fails."""
    scenario = attrs.evolve(_SECRET, variant=Sniff)
    check_public_indistinguishable(scenario)
    check_public(scenario)


def test_both_checks_pass_sniff_over_drawn_scenarios() -> None:
    """American Sniff passes both spectator checks over drawn scenarios."""
    outcomes = check_variant(Sniff, options={"players": 3}, checks=["public", "public_indistinguishable"], examples=5)
    assert outcomes == {"public": "passed", "public_indistinguishable": "passed"}
