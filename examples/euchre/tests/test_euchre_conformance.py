"""The library's conformance kit, run on Euchre: one test per check of tablegames.testing."""

from __future__ import annotations

from tablegames_euchre import Euchre

from tablegames.testing import CHECKS, ConformanceSuite, check_variant, conformance_tests


class TestEuchreConformance(ConformanceSuite):
    """Every check, with the options drawn (any target, going alone and stick the dealer on or off)."""

    variant = Euchre


TestEuchreStuckNoAloneConformance = conformance_tests(
    Euchre, options={"target": 5, "stick_the_dealer": True, "alone": False}
)
"""Every check again, in short matches where the dealer is stuck and nobody goes alone."""


def test_every_check_applies_to_euchre() -> None:
    """Euchre implements the optional hooks, so no check is reported as not applicable."""
    outcomes = check_variant(Euchre, options={"target": 3}, examples=2)
    assert outcomes == dict.fromkeys(CHECKS, "passed")
