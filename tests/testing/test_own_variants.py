"""The library's own variants pass the conformance kit."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import strategies as st

from tablegames.testing import CHECKS, check_variant, conformance_tests
from tablegames.variants.smear import HIGH_LOW_RULES, Smear
from tablegames.variants.sniff import Sniff

_EXAMPLES = 8
"""Scenarios per check: the variants' own test suites run the kit with more."""

TestSniffTwoPlayers = conformance_tests(Sniff, options={"players": 2}, examples=_EXAMPLES)


@pytest.mark.parametrize("players", [3, 4])
def test_sniff_passes_every_check(players: int) -> None:
    """American Sniff with 3 and 4 players passes every check of the kit."""
    outcomes = check_variant(Sniff, options={"players": players}, examples=_EXAMPLES)
    assert outcomes == dict.fromkeys(CHECKS, "passed")


_SMEAR_COMBOS: list[dict[str, Any]] = [
    {"seen_undealt": 0, "high_low": "ace-seven"},
    {"seen_undealt": 2, "win_only_on_bid": True, "high_low": "in-play"},
    {"seen_undealt": 3, "cap_non_bidders": True, "high_low": st.sampled_from(HIGH_LOW_RULES)},
]


@pytest.mark.parametrize("options", _SMEAR_COMBOS, ids=["plain", "two-seen-bid-only", "three-seen-capped"])
def test_smear_passes_every_check(options: dict[str, Any]) -> None:
    """Four Point Smear passes every check of the kit under several option combinations."""
    outcomes = check_variant(Smear, options=options, examples=_EXAMPLES)
    assert outcomes == dict.fromkeys(CHECKS, "passed")
