"""The hook contract of Game: public hooks listed in one place, and the base class's state owned by the base class."""

from __future__ import annotations

import inspect
import random
import re
import sys
from pathlib import Path
from typing import ClassVar

import attrs
import pytest
from typing_extensions import get_protocol_members

import tablegames
from tablegames.core import game as game_module
from tablegames.core.contract import VariantCapabilities, VariantHooks
from tablegames.core.events import Action
from tablegames.core.events import Event as BaseEvent
from tablegames.core.game import Game
from tablegames.core.registry import get_variant
from tablegames.testing import ConformanceError, run_check
from tablegames.variants.sniff import Sniff

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "tutorial"))

from blockdominoes import BlockDominoes  # noqa: E402

HOOKS = (
    "begin",
    "compute_legal",
    "why_illegal",
    "perform",
    "copy_state",
    "shuffled_deal",
    "deals_from_events",
    "action_of",
    "check_deal",
    "canonical",
)
"""The hooks a variant implements (``canonical`` is optional)."""
HELPERS = ("emit", "next_deal", "finish", "set_scores", "add_points")
"""The helpers a variant calls from its hooks."""
OLD_NAMES = (
    "_start",
    "_compute_legal",
    "_why_illegal",
    "_do",
    "_copy_state",
    "_canonical",
    "_shuffled_deal",
    "_deals_from_events",
    "_action_of",
    "_emit",
    "_next_deal",
    "_finish",
)
"""The private names the hooks and helpers had before they were public."""
BASE_STATE = ("_current", "_events", "_legal", "_scores", "_winner", "_pending_deals")
"""The base class's state under the names a variant used to write."""
VARIANTS: tuple[type[Game], ...] = (
    *(get_variant(name) for name in ("american-sniff", "four-point-smear", "all-fives", "auction-pitch")),
    BlockDominoes,
)
"""The built-in variants, the two example plug-ins and the tutorial's variant."""
OPTIONS = {"american-sniff": {"players": 2}, "all-fives": {"players": 3}, "block-dominoes": {"players": 2}}


def _ids(cls: type[Game]) -> str:
    return cls.name


def test_the_required_hooks_are_the_abstract_methods() -> None:
    """A variant must implement exactly the documented hooks (and players, view); canonical has a default."""
    assert Game.__abstractmethods__ == {*HOOKS, "players", "view"} - {"canonical"}


@pytest.mark.parametrize("cls", [Game, *VARIANTS], ids=lambda c: c.__name__)
def test_no_class_has_the_old_private_hook_names(cls: type[Game]) -> None:
    """No variant (built-in, example or tutorial) defines or inherits a hook or helper under its old private name."""
    assert [name for name in (*OLD_NAMES, *BASE_STATE) if hasattr(cls, name)] == []


def test_the_hooks_are_declared_in_the_contract_and_listed_in_the_tutorial() -> None:
    """Every hook is declared with its contract in tablegames.core.contract, every helper in tablegames.core.game.

    Both are in the hooks table of the tutorial, and documented on Game.
    """
    doc = game_module.__doc__ or ""
    page = (ROOT / "docs" / "writing_a_variant.rst").read_text()
    for name in HOOKS:
        protocol = VariantCapabilities if name == "canonical" else VariantHooks
        assert name in get_protocol_members(protocol), name
        assert (getattr(protocol, name).__doc__ or "").strip(), name
    for name in HELPERS:
        assert f"``{name}(" in doc, name
    for name in (*HOOKS, *HELPERS):
        assert f"Game.{name}`" in page, name
        assert (getattr(Game, name).__doc__ or "").strip(), name


@pytest.mark.parametrize("cls", VARIANTS, ids=_ids)
def test_no_variant_source_touches_the_base_state(cls: type[Game]) -> None:
    """The variants' packages never name the base class's turn, legal cache, scores, winner, log or stacked deals."""
    package = Path(inspect.getfile(cls)).parent
    pattern = re.compile(r"\._(?:Game__\w+|current|events|legal|scores|winner|pending_deals)\b")
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in sorted(package.glob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("cls", VARIANTS, ids=_ids)
def test_the_base_state_is_reached_only_through_the_contract(cls: type[Game]) -> None:
    """A game has none of the old attributes; events is the log as it grows, never a copy."""
    game = cls.create(OPTIONS.get(cls.name, {}), seed=4)
    assert [name for name in BASE_STATE if hasattr(game, name)] == []
    events = game.events
    assert tuple(events) == game.log().events
    produced = game.apply(game.legal_actions()[0])
    assert game.events is events
    assert tuple(events[len(events) - len(produced) :]) == produced


@pytest.mark.parametrize("cls", VARIANTS, ids=_ids)
def test_apply_owns_the_turn_and_clears_the_legal_cache(cls: type[Game]) -> None:
    """After every apply the cached legal actions are those compute_legal gives afresh: no variant resets the cache."""
    game = cls.create(OPTIONS.get(cls.name, {}), seed=9)
    rng = random.Random(9)
    for _ in range(300):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert game.legal_actions() is legal, "the legal actions are cached between applies"
        seat = game.current_player
        assert seat is not None
        assert tuple(legal) == game.compute_legal(seat)
        game.apply(legal[rng.randrange(len(legal))], seat=seat)
    if game.is_over:
        assert game.current_player is None
        assert game.legal_actions() == ()


@attrs.frozen
class _Stray(BaseEvent):
    """An event that belongs to no variant."""

    tag: ClassVar[str] = "stray"


class _StraySniff(Sniff):
    """It logs an event that is not one of its event_classes."""

    name: ClassVar[str] = "stray-sniff"

    def perform(self, action: Action, seat: int) -> int | None:
        following = super().perform(action, seat)
        self.emit(_Stray())
        return following


def test_the_kit_refuses_an_event_outside_the_event_classes() -> None:
    """The terminates check fails a variant that logs an event its event_classes do not list."""
    with pytest.raises(ConformanceError) as info:
        run_check(_StraySniff, "terminates", options={"players": 2}, examples=3)
    assert "not one of the variant's event_classes" in info.value.detail


def test_stacked_deals_still_feed_the_first_hand_through_next_deal() -> None:
    """Smear's first dealer comes from the first stacked deal, read through next_deal, as before."""
    first = tablegames.new_game("four-point-smear", seed=3)
    deal = tablegames.to_json(type(first).deals_from_events(first.events)[0])
    deal["dealer"] = 2
    game = tablegames.new_game("four-point-smear", seed=3, deals=[deal])
    assert tablegames.to_json(game.events[0]) == {"type": "dealer_drawn", "seat": 2}
    assert game.current_player == 3


class _LingeringSniff(Sniff):
    """Its perform names a seat even after finish() has ended the match."""

    name: ClassVar[str] = "lingering-sniff"

    def perform(self, action: Action, seat: int) -> int | None:
        following = super().perform(action, seat)
        return seat if following is None else following


def test_a_finished_match_has_no_turn_whatever_perform_returns() -> None:
    """apply owns the turn: once finish() has ended the match, nobody is to act and nothing is legal."""
    game = _LingeringSniff.create({"players": 2}, seed=5)
    rng = random.Random(5)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert game.winner is not None
    assert game.current_player is None
    assert list(game.legal_actions()) == []
    with pytest.raises(tablegames.IllegalActionError, match="over"):
        game.apply(Sniff.create({"players": 2}, seed=5).legal_actions()[0])
