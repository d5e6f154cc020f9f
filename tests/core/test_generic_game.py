"""Game is generic in its action, options and view types: a variant names them once, and the type checker knows them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, assert_type

import tablegames
from tablegames.core.events import Action
from tablegames.core.game import ActionT_co, Game, OptionsT_co, ViewT_co
from tablegames.mechanics.line import Play as LinePlay
from tablegames.variants.smear import Smear, SmearOptions
from tablegames.variants.smear.view import SmearView
from tablegames.variants.sniff import Play, Sniff, SniffOptions
from tablegames.variants.sniff.view import SniffView


def test_a_variant_declares_its_types_and_its_games_have_them() -> None:
    """Sniff is Game[Play, SniffOptions, SniffView]: its options, legal actions and views are typed so (mypy checks the
    assert_type lines; the asserts check the values)."""
    game = Sniff.create({"players": 2}, seed=3)
    assert_type(game, Sniff)
    assert_type(game.options, SniffOptions)
    assert_type(game.legal_actions(), Sequence[Play])
    assert_type(game.view(0), SniffView)
    assert isinstance(game.options, SniffOptions) and isinstance(game.view(0), SniffView)
    assert all(isinstance(a, Play) and isinstance(a, LinePlay) for a in game.legal_actions())


def test_a_family_base_passes_the_types_on() -> None:
    """Smear names its actions (a union), options and view through PitchGame's parameters."""
    game = Smear.create(seed=1)
    assert_type(game.options, SmearOptions)
    assert_type(game.view(0), SmearView)
    assert isinstance(game.view(0), SmearView) and isinstance(game.options, SmearOptions)


def test_an_unparametrised_game_is_any_variant() -> None:
    """A bare Game (what new_game returns) defaults to Game[Action, Any, Any]: any variant is one."""
    game: Game = tablegames.new_game("four-point-smear", seed=2)
    assert_type(game.legal_actions(), Sequence[Action])
    assert_type(game.options, Any)
    games: list[Game] = [game, Sniff.create(seed=1), Smear.create(seed=1)]
    assert len({type(g) for g in games}) == 2


def test_the_parameters_are_runtime_type_variables_and_bases_keep_them() -> None:
    """Game's parameters are its three TypeVars at run time too, and a variant's base records its arguments."""
    assert Game.__parameters__ == (ActionT_co, OptionsT_co, ViewT_co)  # type: ignore[attr-defined]
    assert Game[Play, SniffOptions, SniffView] in Sniff.__orig_bases__  # type: ignore[attr-defined]
