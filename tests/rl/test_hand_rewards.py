"""``reward="hand"`` in every environment: the declared target, its sign where the lowest score wins, a default scale.

Two tiny variants on American Sniff's rules: one that declares that the lowest score wins
(its scores are penalties, so a seat that scores loses ground), and one that declares no
target score and no reward scale (its margins are divided by the documented default).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
import pytest

from tablegames.core import registry
from tablegames.core.game import Game
from tablegames.rl.decisions import HAND_REWARD_SCALE, hand_reward_divisor, margins
from tablegames.rl.gymnasium import TableGamesEnv
from tablegames.rl.pettingzoo import raw_env
from tablegames.variants.sniff import Sniff, SniffOptions


class PenaltySniff(Sniff):
    """American Sniff whose scores count against a side: the lowest score wins."""

    name: ClassVar[str] = "penalty-sniff"
    lower_score_wins: ClassVar[bool] = True


class TargetlessSniff(Sniff):
    """American Sniff that declares no target score and no reward scale."""

    name: ClassVar[str] = "targetless-sniff"
    reward_scale: ClassVar[float | None] = None

    @classmethod
    def target_score(cls, options: SniffOptions) -> int | None:
        """No target declared."""
        return None


TARGET = 25
"""The target of the matches below (short matches)."""
DIVISORS: dict[str, float] = {"american-sniff": TARGET, "penalty-sniff": -TARGET, "targetless-sniff": HAND_REWARD_SCALE}
"""What each variant's margins are divided by: the target, negated where the lowest wins, or the default."""


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Both test variants registered for one test, then removed again."""
    for cls in (PenaltySniff, TargetlessSniff):
        monkeypatch.setitem(registry._registered, cls.name, cls)
    yield


@pytest.mark.parametrize(
    ("variant", "expected"),
    [(Sniff, TARGET), (PenaltySniff, -TARGET), (TargetlessSniff, HAND_REWARD_SCALE)],
)
def test_the_divisor_is_the_declared_target_signed_by_who_wins(variant: type[Game], expected: float) -> None:
    """The divisor is the target score, negative where the lowest score wins, the default where there is no target."""
    assert hand_reward_divisor(variant, SniffOptions(players=2, target=TARGET)) == expected


def test_without_a_target_the_divisor_is_ten_reward_scales() -> None:
    """A variant with no target but a reward scale is divided by ten times that scale."""

    class Scaled(TargetlessSniff):
        reward_scale: ClassVar[float | None] = 7.0

    assert hand_reward_divisor(Scaled, SniffOptions(players=2)) == 70.0


def _side_margin(game: Game, seat: int) -> float:
    return margins(game.scores)[game.side_of(seat)]


@pytest.mark.parametrize("name", sorted(DIVISORS))
def test_pettingzoo_hand_rewards_are_the_margin_over_the_signed_divisor(name: str) -> None:
    """Over a match, each agent's rewards add up to its side's final margin over the variant's divisor.

    Where the lowest score wins, the seat that scored more than the others ends with a negative
    total: the sign that makes winning positive.
    """
    aec = raw_env(name, reward="hand", players=2, target=TARGET)
    aec.reset(seed=5)
    rng = random.Random(5)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for _ in range(20_000):
        if not aec.agents:
            break
        agent = aec.agent_selection
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    game = aec.game
    assert game.is_over
    for seat, agent in enumerate(aec.possible_agents):
        margin = _side_margin(game, seat)
        assert margin != 0
        assert totals[agent] == pytest.approx(margin / DIVISORS[name])
    ahead = max(range(2), key=lambda seat: game.scores[game.side_of(seat)])
    best = max(totals, key=totals.__getitem__)
    assert (best == aec.possible_agents[ahead]) is (name != "penalty-sniff")


@pytest.mark.parametrize("name", sorted(DIVISORS))
def test_gymnasium_hand_rewards_are_the_margin_over_the_signed_divisor(name: str) -> None:
    """The learner's rewards add up to its side's margin gained after the reset, over the variant's divisor."""
    environment = TableGamesEnv(name, reward="hand", players=2, target=TARGET)
    observation, _ = environment.reset(seed=4)
    start = _side_margin(environment.game, 0)
    rng = random.Random(4)
    total = 0.0
    for _ in range(20_000):
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, _ = environment.step(int(rng.choice(legal)))
        total += float(reward)
        if terminated or truncated:
            break
    gained = _side_margin(environment.game, 0) - start
    assert environment.game.is_over and gained != 0
    assert total == pytest.approx(gained / DIVISORS[name])


@pytest.mark.parametrize("name", sorted(DIVISORS))
def test_openspiel_hand_returns_are_the_margin_over_the_signed_divisor(name: str) -> None:
    """A hand episode's returns are each side's margin in the hand over the variant's divisor."""
    pytest.importorskip("pyspiel")
    from tablegames.rl.openspiel import load_game  # an optional extra

    game = load_game(name, players=2, target=TARGET, episode="hand", seed=3)
    rng = random.Random(3)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        table: Any = state.tablegames_game
        returns = state.returns()
        expected = [_side_margin(table, seat) / DIVISORS[name] for seat in range(2)]
        assert returns == pytest.approx(expected)


SCALE = 10
"""A reward_scale setting, far from the target: rewards over it are 2.5 times those over the target."""


@pytest.mark.parametrize("name", ["american-sniff", "penalty-sniff"])
def test_a_reward_scale_setting_replaces_the_divisor_and_keeps_its_sign(name: str) -> None:
    """reward_scale=10: PettingZoo's and Gymnasium's hand rewards add up to the margin over 10, signed by who wins."""
    sign = -1 if name == "penalty-sniff" else 1
    assert hand_reward_divisor(registry.get_variant(name), SniffOptions(players=2), scale=SCALE) == sign * SCALE
    aec = raw_env(name, reward="hand", reward_scale=SCALE, players=2, target=TARGET)
    assert aec.reward_scale == SCALE
    aec.reset(seed=5)
    rng = random.Random(5)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    while aec.agents:
        agent = aec.agent_selection
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        aec.step(None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    for seat, agent in enumerate(aec.possible_agents):
        assert totals[agent] == pytest.approx(_side_margin(aec.game, seat) / (sign * SCALE))
    environment = TableGamesEnv(name, reward="hand", reward_scale=SCALE, players=2, target=TARGET)
    observation, _ = environment.reset(seed=4)
    start = _side_margin(environment.game, 0)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, _ = environment.step(int(rng.choice(legal)))
        total += float(reward)
        done = terminated or truncated
    assert total == pytest.approx((_side_margin(environment.game, 0) - start) / (sign * SCALE))


@pytest.mark.parametrize("bad", [0, -1.5, float("inf"), float("nan"), True, "10"])
def test_a_bad_reward_scale_is_refused_by_name(bad: Any) -> None:
    """reward_scale is None or a positive, finite number: anything else is a ValueError naming it."""
    with pytest.raises(ValueError, match="reward_scale must be None or a positive, finite number"):
        raw_env("american-sniff", reward="hand", reward_scale=bad, players=2)
    with pytest.raises(ValueError, match="reward_scale must be None or a positive, finite number"):
        TableGamesEnv("american-sniff", reward="hand", reward_scale=bad, players=2)
