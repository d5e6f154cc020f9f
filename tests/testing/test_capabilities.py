"""The kit's ``capabilities`` and ``text`` checks: what the bots and the command line use keeps its promises."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablegames.core.registry import get_variant
from tablegames.core.search import Playout
from tablegames.testing import CHECKS, ConformanceError, Scenario, run_check
from tests.testing.planted_capabilities import (
    BadRewardSniff,
    LostWorldSniff,
    MultilineSniff,
    SharedForkSniff,
    StrayForkSniff,
    TupleViewSniff,
    WildHeuristicSniff,
)

pytestmark = pytest.mark.every_profile


@pytest.mark.parametrize("name", ["american-sniff", "four-point-smear"])
def test_the_built_in_capabilities_pass(name: str) -> None:
    """Sniff's and Smear's heuristics and hand-local search worlds pass over drawn scenarios."""
    options = {"players": 2} if name == "american-sniff" else None
    run_check(get_variant(name), "capabilities", options=options, examples=8, max_position=60)


@pytest.mark.parametrize(
    ("variant", "detail"),
    [
        (WildHeuristicSniff, "the heuristic chose"),
        (LostWorldSniff, "is not at seat"),
        (BadRewardSniff, "are not one in 0..1 per side"),
        (SharedForkSniff, "is not a copy of the world"),
        (StrayForkSniff, "does not play as the world did"),
    ],
)
def test_a_broken_capability_fails_the_check(variant: type, detail: str) -> None:
    """Each planted break is caught, and the reported scenario fails the same way again."""
    with pytest.raises(ConformanceError) as info:
        run_check(variant, "capabilities", options={"players": 2}, examples=8, max_position=40)
    error = info.value
    assert error.check == "capabilities"
    assert detail in error.detail
    with pytest.raises(ConformanceError) as again:
        CHECKS["capabilities"](error.scenario)
    assert again.value.detail == error.detail


@pytest.mark.parametrize("name", ["all-fives", "auction-pitch"])
def test_the_generic_defaults_pass_for_a_plug_in(name: str) -> None:
    """A plug-in that provides neither capability is checked through the generic look-ahead and worlds."""
    run_check(get_variant(name), "capabilities", examples=4, max_position=40)


def test_a_broken_generic_default_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check reads what the bots really use: a generic world at the wrong seat is caught."""
    from tablegames.bots import ismcts

    real = ismcts._GenericWorlds.sample

    def lost(self: Any, rng: random.Random) -> Playout:
        playout = real(self, rng)
        playout.current = (self.me + 1) % playout.game.players
        return playout

    monkeypatch.setattr(ismcts._GenericWorlds, "sample", lost)
    scenario = Scenario(variant=get_variant("all-fives"), options=None, seed=1, steps=3)
    with pytest.raises(ConformanceError, match="is not at seat"):
        CHECKS["capabilities"](scenario)


@pytest.mark.parametrize("name", ["american-sniff", "four-point-smear", "all-fives", "auction-pitch"])
def test_every_variant_passes_the_text_check(name: str) -> None:
    """Built-in hooks and the generic defaults of the plug-ins alike answer text."""
    options = {"players": 2} if name == "american-sniff" else None
    run_check(get_variant(name), "text", options=options, examples=6, max_position=80)


@pytest.mark.parametrize(
    ("variant", "detail"),
    [(MultilineSniff, "describe_event of events[0]"), (TupleViewSniff, "not a list of lines")],
)
def test_a_broken_text_hook_fails_the_check(variant: type, detail: str) -> None:
    """A description in two lines, or a view rendered as a tuple, is caught."""
    with pytest.raises(ConformanceError) as info:
        run_check(variant, "text", options={"players": 2}, examples=6, max_position=40)
    assert info.value.check == "text"
    assert detail in info.value.detail
