"""The variant contract as code: the two protocols of tablegames.core.contract hold Game and every variant."""

from __future__ import annotations

import inspect

import pytest
from typing_extensions import get_protocol_members

import tablegames
from tablegames.core.contract import (
    CAPABILITIES,
    DECLARATIONS,
    HELPERS,
    HOOKS,
    PUBLIC,
    VariantCapabilities,
    VariantHooks,
)
from tablegames.core.game import Game
from tablegames.variants.smear import Smear
from tablegames.variants.smear.actions import Bid, Discard, Pass, PlayCard
from tablegames.variants.smear.view import SmearView
from tablegames.variants.sniff import Play, Sniff
from tablegames.variants.sniff.view import SniffView

LISTS = {
    "DECLARATIONS": DECLARATIONS,
    "HOOKS": HOOKS,
    "CAPABILITIES": CAPABILITIES,
    "HELPERS": HELPERS,
    "PUBLIC": PUBLIC,
}


def test_the_lists_are_the_protocols_members() -> None:
    """DECLARATIONS and HOOKS are VariantHooks; CAPABILITIES is VariantCapabilities; no name is listed twice."""
    assert get_protocol_members(VariantHooks) == {*DECLARATIONS, *HOOKS}
    assert get_protocol_members(VariantCapabilities) == set(CAPABILITIES)
    names = [name for names in LISTS.values() for name in names]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_every_public_name_of_game_is_in_exactly_one_list() -> None:
    """Nothing public on Game is undeclared: a new method must say which audience it serves."""
    public = {name for name in dir(Game) if not name.startswith("_")} | {
        name for name in Game.__annotations__ if not name.startswith("_")
    }
    listed = {name for names in LISTS.values() for name in names}
    assert public - listed == set(), "public on Game but in no list of tablegames.core.contract"
    assert listed - public == set(), "listed in tablegames.core.contract but not on Game"


def test_every_hook_is_abstract_and_every_capability_has_a_default() -> None:
    """A class lacking a hook cannot be played; a capability needs nothing from the variant."""
    assert Game.__abstractmethods__ == frozenset(HOOKS)
    for name in CAPABILITIES:
        assert hasattr(Game, name), name
        assert not getattr(getattr(Game, name), "__isabstractmethod__", False), name


METHODS = [name for name in (*HOOKS, *CAPABILITIES) if name not in VariantCapabilities.__annotations__]
"""The protocols' methods and properties (their class attributes are annotations only)."""


def test_the_class_attributes_are_data_on_game() -> None:
    """Each class attribute among the capabilities has a plain value on Game (its default)."""
    data = [name for name in CAPABILITIES if name not in METHODS]
    assert data == ["pieces", "lower_score_wins", "reward_scale", "summary", "paper_tally"]
    for name in data:
        assert not callable(getattr(Game, name)), name


@pytest.mark.parametrize("name", METHODS)
def test_game_has_the_protocols_parameters(name: str) -> None:
    """Each method of Game takes the parameters its protocol documents (names, kinds and order)."""
    protocol = VariantHooks if name in HOOKS else VariantCapabilities
    declared, defined = inspect.getattr_static(protocol, name), inspect.getattr_static(Game, name)
    assert type(declared) is type(defined), f"{name}: {type(declared).__name__} vs {type(defined).__name__}"
    if isinstance(declared, property):
        return

    def shape(function: object) -> list[tuple[str, object]]:
        return [(p.name, p.kind) for p in inspect.signature(function).parameters.values()]  # type: ignore[arg-type]

    assert shape(getattr(protocol, name)) == shape(getattr(Game, name)), name


@pytest.mark.parametrize("variant", tablegames.variant_names())
def test_every_installed_variant_meets_both_protocols(variant: str) -> None:
    """The shipped variants and the example plug-ins are VariantHooks and VariantCapabilities at run time."""
    game = tablegames.new_game(variant, seed=1)
    assert isinstance(game, VariantHooks) and isinstance(game, VariantCapabilities)


def test_a_variant_meets_the_protocols_for_the_type_checker() -> None:
    """To mypy, Sniff is VariantHooks[Play, SniffView], Smear VariantHooks[its actions, SmearView], both capabilities.

    A wrong type argument fails the type check (``VariantHooks[Bid, SniffView]`` for Sniff).
    """
    game = Sniff.create({"players": 2}, seed=1)
    hooks: VariantHooks[Play, SniffView] = game
    capabilities: VariantCapabilities = game
    smear: VariantHooks[Bid | Pass | Discard | PlayCard, SmearView] = Smear.create(seed=1)
    assert capabilities.target_score(Sniff.options_class(players=2)) == 250
    assert hooks.players == 2 and smear.players == 4


def test_an_object_lacking_a_hook_is_no_variant() -> None:
    """The runtime check is not vacuous: a class without the hooks is not VariantHooks."""

    class Half:
        players = 2

        def begin(self) -> int:
            return 0

    assert not isinstance(Half(), VariantHooks)
    assert not isinstance(Half(), VariantCapabilities)
