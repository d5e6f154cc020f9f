"""The library's conformance kit, run on All Fives: one test per check, over drawn options and play."""

from __future__ import annotations

from typing import Any, ClassVar

from hypothesis import strategies as st
from tablegames_all_fives import AllFives

from tablegames.testing import CHECKS, ConformanceSuite, check_variant


class TestAllFivesConformance(ConformanceSuite):
    """Every check of the kit, with the players and the target drawn from the options class."""

    variant = AllFives


class TestAllFivesPartnershipsConformance(ConformanceSuite):
    """Every check of the kit with four players in two partnerships, to a short target."""

    variant = AllFives
    options: ClassVar[Any] = {"players": 4, "target": st.integers(min_value=20, max_value=80)}
    examples = 8


def test_every_check_applies_to_all_fives() -> None:
    """All Fives reports where its tiles are and which a seat may not see, so no check is skipped."""
    outcomes = check_variant(AllFives, options={"players": 3}, checks=["pieces", "no_leaks"], examples=4)
    assert outcomes == {"pieces": "passed", "no_leaks": "passed"}
    assert {"pieces", "no_leaks"} <= set(CHECKS)
