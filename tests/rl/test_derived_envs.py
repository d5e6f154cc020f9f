"""Every registered variant in the environments with no RL code of its own: the derived defaults, or one clear refusal.

A variant that writes no :meth:`~tablegames.core.game.Game.action_ids` and
:meth:`~tablegames.core.game.Game.observation_spec` gets the defaults of
:mod:`tablegames.core.derived`. PettingZoo's ``api_test`` and ``seed_test`` and Gymnasium's
``check_env`` run on every registered variant, and on American Sniff stripped of its own
capabilities; a variant whose action fields do not declare their values is refused by name.
"""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar, Final

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import tablegames
from tablegames.core import registry
from tablegames.core.derived import (
    DerivedActionIds,
    derived_action_ids,
    derived_observation_spec,
)
from tablegames.core.derived_observation import DerivedObservation
from tablegames.core.errors import UnderivableError
from tablegames.rl.decisions import MissingCapability, capabilities
from tablegames.rl.gymnasium import TableGamesEnv
from tablegames.rl.pettingzoo import env
from tablegames.testing import check_variant
from tablegames.variants.sniff import Sniff

UNDECLARED: Final[dict[str, str]] = {}
"""The registered variants whose actions cannot be numbered, and the field that declares no values: none.

A variant that joins the registry with a field the derivation cannot read goes here, with the
field; the test below then holds it to the refusal, naming that field.
"""


class PlainSniff(Sniff):
    """American Sniff without its own action ids and observation: the derived defaults serve it."""

    name: ClassVar[str] = "plain-sniff"

    @classmethod
    def action_ids(cls, options: Any) -> None:  # type: ignore[override]  # the base class default, on purpose
        return None

    @classmethod
    def observation_spec(cls, options: Any) -> None:  # type: ignore[override]  # the base class default, on purpose
        return None


@pytest.fixture(autouse=True)
def _setting() -> Iterator[None]:
    """PlainSniff registered for one test; the checkers' advice on Box observations silenced."""
    with pytest.MonkeyPatch.context() as patch, warnings.catch_warnings():
        patch.setitem(registry._registered, PlainSniff.name, PlainSniff)
        warnings.simplefilter("ignore", UserWarning)
        yield


def _episode(environment: TableGamesEnv, seed: int) -> int:
    """Random legal ids from a reset until the episode ends; the steps taken."""
    observation, info = environment.reset(seed=seed)
    rng = random.Random(seed)
    for step in range(20_000):
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0 and (info["action_mask"] == observation["action_mask"]).all()
        observation, _, terminated, truncated, info = environment.step(int(rng.choice(legal)))
        if terminated or truncated:
            return step + 1
    raise AssertionError("the episode did not end")


@pytest.mark.parametrize("variant", [*tablegames.variant_names(), PlainSniff.name])
def test_every_variant_passes_the_checkers_or_is_refused_naming_its_undeclared_field(variant: str) -> None:
    """api_test, seed_test and check_env on every variant (the plug-ins with no RL code); else MissingCapability."""
    if variant in UNDECLARED:
        with pytest.raises(MissingCapability, match=rf"{variant} provides no action_ids.*{UNDECLARED[variant]} \("):
            env(variant)
        with pytest.raises(MissingCapability, match=UNDECLARED[variant]):
            TableGamesEnv(variant)
        return
    api_test(env(variant), num_cycles=200)
    seed_test(lambda: env(variant), num_cycles=200)
    environment = TableGamesEnv(variant)
    check_env(environment, skip_render_check=True)
    assert _episode(environment, 3) > 0


def test_the_plug_ins_that_can_be_numbered_use_the_derived_defaults() -> None:
    """Euchre writes no RL code: the environments number and observe it with the derived defaults."""
    game = tablegames.new_game("euchre", seed=2)
    ids, spec = capabilities(game)
    assert isinstance(ids, DerivedActionIds) and isinstance(spec, DerivedObservation)
    assert (ids.size, spec.size) == (57, 175)
    built_in = tablegames.new_game("american-sniff", seed=2, players=2)
    assert not isinstance(capabilities(built_in)[0], DerivedActionIds)  # a variant's own come first


@pytest.mark.parametrize("variant", [name for name in tablegames.variant_names() if name not in UNDECLARED])
def test_the_kit_checks_the_defaults_it_is_handed(variant: str) -> None:
    """The kit's action_ids and observation checks (the no-leak check included) pass on what the environments use."""
    outcomes = check_variant(tablegames.get_variant(variant), checks=["action_ids", "observation"], examples=3)
    assert outcomes == {"action_ids": "passed", "observation": "passed"}


def test_a_derived_hand_episode_with_hand_rewards_and_forced_choices_skipped() -> None:
    """The settings beside the options work the same on the derived defaults (PlainSniff, four players)."""
    aec = env(PlainSniff.name, players=4, episode="hand", reward="hand", skip_forced=True)
    api_test(aec, num_cycles=100)
    environment = TableGamesEnv(PlainSniff.name, players=3, opponents="greedy", reward="hand")
    check_env(environment, skip_render_check=True)
    assert _episode(environment, 5) > 0


def test_the_docs_table_of_derived_defaults_is_what_the_variants_get() -> None:
    """docs/rl.rst's table: each registered variant's derived ids (or the field refused) and observation length."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.rst").read_text()
    table = text.split("What each registered variant gets")[1].split("\n\n")[1].splitlines()
    rows = {}
    for i, line in enumerate(table):
        found = re.match(r"(\S+)\s+(\d+|refused:)\s+(\d+) floats", line)
        if found:
            name, ids, floats = found.groups()
            if ids == "refused:":
                ids = re.findall(r"``(\S+)``", table[i + 1])[0]
            rows[name] = (ids, int(floats))
    assert sorted(rows) == sorted(n for n in tablegames.variant_names() if n != PlainSniff.name)
    for name, (ids, floats) in rows.items():
        variant = tablegames.get_variant(name)
        options = variant.options_class(**({"players": 2} if name == "american-sniff" else {}))
        assert derived_observation_spec(variant, options).size == floats, name
        if ids.isdigit():
            assert derived_action_ids(variant, options).size == int(ids), name
        else:
            with pytest.raises(UnderivableError, match=re.escape(f"{ids} (")):
                derived_action_ids(variant, options)
