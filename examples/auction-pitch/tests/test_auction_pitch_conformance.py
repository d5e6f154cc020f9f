"""The library's conformance kit, run on Auction Pitch: one test per check of tablegames.testing."""

from __future__ import annotations

from tablegames_auction_pitch import AuctionPitch

from tablegames.testing import CHECKS, ConformanceSuite, check_variant, conformance_tests


class TestAuctionPitchConformance(ConformanceSuite):
    """Every check, with the options drawn (any target, smudge on or off)."""

    variant = AuctionPitch


TestAuctionPitchSmudgeToFive = conformance_tests(AuctionPitch, options={"target": 5, "smudge": True})
"""Every check again, in short matches with the smudge allowed."""


def test_every_check_applies_to_auction_pitch() -> None:
    """Auction Pitch implements the optional hooks, so no check is reported as not applicable."""
    outcomes = check_variant(AuctionPitch, options={"target": 3}, examples=2)
    assert outcomes == dict.fromkeys(CHECKS, "passed")
