"""Every environment has an end a random policy reaches: the default episode and step limit per variant."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tablegames
from tablegames.rl.episodes import AUTO, MATCH_DECISIONS, episode_defaults, resolve
from tablegames.rl.gymnasium import TableGamesEnv
from tablegames.rl.pettingzoo import env, raw_env

_DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.rst"


def _random_episode(aec: Any, rng: random.Random, limit: int) -> tuple[int, bool, bool]:
    """Random legal ids until every agent is done (at most ``limit`` steps): steps, terminated, truncated."""
    steps = 0
    terminated = truncated = False
    for _agent in aec.agent_iter(limit):
        observation, _, termination, truncation, _ = aec.last()
        terminated |= termination
        truncated |= truncation
        if termination or truncation:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    assert not aec.agents, f"the episode did not end within {limit} steps"
    return steps, terminated, truncated


@pytest.mark.parametrize(
    ("variant", "options"),
    [("american-sniff", {"players": 2}), ("american-sniff", {"players": 4}), ("four-point-smear", {})],
)
def test_the_default_pettingzoo_episode_ends_under_random_play(variant: str, options: dict[str, Any]) -> None:
    """With no settings, random play ends every episode within the default step limit (Smear's match never would)."""
    aec = env(variant, **options)
    limit = aec.unwrapped.max_steps
    assert isinstance(limit, int)
    for seed in range(3):
        aec.reset(seed=seed)
        steps, _, _ = _random_episode(aec, random.Random(seed), 3 * limit)
        assert steps <= limit


def test_the_docs_first_pettingzoo_snippet_ends() -> None:
    """The first code block of the PettingZoo section of docs/rl.rst runs to its end."""
    text = _DOCS.read_text()
    section = text[text.index("\nPettingZoo\n") :]
    block = re.search(r"\.\. code-block:: python\n\n((?:    .*\n|\n)+)", section)
    assert block is not None
    code = "\n".join(line[4:] for line in block.group(1).splitlines())
    calls = 0
    checked = type(env("american-sniff", players=2))  # what env() builds
    step = checked.step

    def counted(self: raw_env, action: int | None) -> None:
        nonlocal calls
        calls += 1
        assert calls < 100_000, "the snippet's episode has not ended after 100,000 steps"
        step(self, action)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(checked, "step", counted)
        exec(compile(code, str(_DOCS), "exec"), {})
    assert calls > 0


def test_the_default_gymnasium_episode_ends_under_random_play() -> None:
    """TableGamesEnv("four-point-smear") with no settings ends its episodes under a random learner."""
    environment = TableGamesEnv("four-point-smear")
    assert environment.max_steps is not None
    rng = random.Random(1)
    for seed in range(3):
        observation, _ = environment.reset(seed=seed)
        for _ in range(environment.max_steps):
            observation, _, terminated, truncated, _ = environment.step(
                int(rng.choice(np.flatnonzero(observation["action_mask"])))
            )
            if terminated or truncated:
                break
        else:
            raise AssertionError("the episode did not end within its step limit")


def test_a_match_random_play_does_not_end_makes_a_hand_the_default_episode() -> None:
    """Four Point Smear's matches do not end under random play: its default episode and reward are a hand's."""
    smear = tablegames.get_variant("four-point-smear")
    defaults = episode_defaults(smear, smear.options_class())
    assert (defaults.episode, defaults.reward) == ("hand", "hand")
    assert defaults.match_steps == 4 * MATCH_DECISIONS
    assert defaults.max_steps == defaults.hand_steps < 1000
    sniff = tablegames.get_variant("american-sniff")
    assert episode_defaults(sniff, sniff.options_class(players=2)).episode == "match"


def test_explicit_settings_override_the_defaults_and_none_means_no_limit() -> None:
    """An explicit episode picks that episode's limit; reward follows the episode; max_steps=None never truncates."""
    smear = tablegames.get_variant("four-point-smear")
    options = smear.options_class()
    defaults = episode_defaults(smear, options)
    assert resolve(smear, options, episode="match", reward=AUTO, max_steps=AUTO) == (
        "match",
        "match",
        defaults.match_steps,
    )
    assert resolve(smear, options, episode=AUTO, reward="match", max_steps=None) == ("hand", "match", None)
    assert raw_env("four-point-smear", max_steps=None).max_steps is None
    with pytest.raises(ValueError, match="max_steps"):
        raw_env("four-point-smear", max_steps="forever")


def test_truncation_comes_at_the_default_limit() -> None:
    """An episode that random play does not end (a Smear match asked for) is truncated at its default limit."""
    aec = raw_env("four-point-smear", episode="match", reward="hand")
    limit = aec.max_steps
    assert limit == 4 * MATCH_DECISIONS
    for seed in range(5):
        aec.reset(seed=seed)
        steps, terminated, truncated = _random_episode(aec, random.Random(seed), 2 * limit)
        if truncated:
            assert steps == limit and not terminated and not aec.game.is_over
            return
    raise AssertionError("every match ended: no truncation seen")


def _docs_table() -> dict[str, tuple[str, int, int]]:
    """The defaults table of docs/rl.rst: variant to (episode, match_steps, hand_steps)."""
    text = _DOCS.read_text()
    start = text.index(".. defaults-table-start")
    rows: dict[str, tuple[str, int, int]] = {}
    for line in text[start : text.index(".. defaults-table-end")].splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) == 6 and cells[1] and cells[1] != "variant" and not cells[1].startswith("-"):
            rows[cells[1]] = (cells[2], int(cells[3].replace(",", "")), int(cells[4].replace(",", "")))
    return rows


def test_the_docs_table_of_defaults_is_what_the_variants_measure() -> None:
    """docs/rl.rst's table of each shipped variant's default episode and step limits is the measured one."""
    table = _docs_table()
    assert sorted(table) == tablegames.variant_names()
    for name, row in table.items():
        variant = tablegames.get_variant(name)
        defaults = episode_defaults(variant, variant.options_class())
        assert row == (defaults.episode, defaults.match_steps, defaults.hand_steps), name
