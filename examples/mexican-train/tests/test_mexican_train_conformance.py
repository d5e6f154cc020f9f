"""The library's conformance kit, run on Mexican Train: one test per check, over drawn options and play."""

from __future__ import annotations

from typing import Any, ClassVar

from hypothesis import strategies as st
from tablegames_mexican_train import MexicanTrain

from tablegames.testing import CHECKS, ConformanceSuite, check_variant, conformance_tests


class TestMexicanTrainConformance(ConformanceSuite):
    """Every check of the kit, with short matches: any player count, small hands, a few rounds."""

    variant = MexicanTrain
    options: ClassVar[Any] = {
        "hand_size": st.integers(min_value=2, max_value=6),
        "rounds": st.integers(min_value=1, max_value=3),
    }


TestMexicanTrainFullHandsConformance = conformance_tests(
    MexicanTrain, options={"players": st.sampled_from([2, 5, 8]), "rounds": 1}, examples=6
)
"""Every check again on one round with the default hands of 2, 5 and 8 players."""


def test_every_check_applies_to_mexican_train() -> None:
    """Mexican Train implements the optional hooks, so no check is reported as not applicable."""
    outcomes = check_variant(MexicanTrain, options={"players": 3, "hand_size": 4, "rounds": 2}, examples=2)
    assert outcomes == dict.fromkeys(CHECKS, "passed")
