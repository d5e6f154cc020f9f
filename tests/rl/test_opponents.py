"""Opponents in TableGamesEnv: bots' names, bots, policies or callables, one per seat, swapped between episodes."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tablegames.bots import GreedyBot
from tablegames.rl.decisions import capabilities
from tablegames.rl.gymnasium import TableGamesEnv
from tablegames.rl.policy import PolicyBot


def _play(environment: TableGamesEnv, seed: int, episodes: int = 1) -> None:
    observation, _ = environment.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(episodes):
        for _ in range(5000):
            legal = np.flatnonzero(observation["action_mask"])
            observation, _, terminated, truncated, _ = environment.step(int(rng.choice(legal)))
            if terminated or truncated:
                observation, _ = environment.reset()
                break
        else:
            raise AssertionError("the episode did not end")


def test_a_seated_policy_reads_its_own_seats_observation_from_the_game() -> None:
    """A policy opponent (bare, or a PolicyBot's) is given the environment's observation of its own seat,
    written from the game, with its mask: no world drawn."""
    environment: TableGamesEnv | None = None
    seen: list[int] = []

    def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        assert environment is not None
        game = environment.game
        seat = game.current_player
        assert seat is not None and seat != environment.seat
        _, spec = capabilities(game)
        expected = np.zeros(spec.size, np.float32)
        spec.write(game, seat, expected)
        assert np.array_equal(observation[: spec.size], expected)
        seen.append(seat)
        return int(np.flatnonzero(mask)[0])

    for opponent in (first_legal, PolicyBot(first_legal)):
        seen.clear()
        environment = TableGamesEnv("american-sniff", players=3, opponents=opponent, episode="hand")
        _play(environment, 3)
        assert set(seen) == {1, 2}


def test_opponents_are_set_per_seat_and_mix_bots_names_and_policies() -> None:
    """One opponent per seat: a name, a bot object and a policy at one table (the learner's entry is ignored)."""
    calls: list[int] = []

    def last_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        calls.append(1)
        return int(np.flatnonzero(mask)[-1])

    environment = TableGamesEnv(
        "american-sniff", players=4, opponents=["random", GreedyBot(), last_legal, "random"], episode="hand"
    )
    _play(environment, 5, episodes=2)
    assert calls


def test_set_opponents_swaps_them_at_the_next_reset() -> None:
    """A league: set_opponents seats new opponents from the next episode on, the current one untouched."""
    played: dict[str, int] = {"a": 0, "b": 0}

    def policy(name: str) -> Any:
        def choose(observation: np.ndarray, mask: np.ndarray) -> int:
            played[name] += 1
            return int(np.flatnonzero(mask)[0])

        return choose

    environment = TableGamesEnv("american-sniff", players=2, opponents=policy("a"), episode="hand")
    _play(environment, 1)
    assert played["a"] > 0 and played["b"] == 0
    environment.set_opponents(policy("b"))
    before = played["a"]
    _play(environment, 2, episodes=2)
    assert played["a"] == before and played["b"] > 0
    with pytest.raises(ValueError, match="one per seat"):
        environment.set_opponents(["random"] * 3)
    with pytest.raises(TypeError, match="not a bot's name, a bot or a policy"):
        environment.set_opponents(["random", 3])  # type: ignore[list-item]


def test_a_seated_policy_bot_draws_no_world(monkeypatch: pytest.MonkeyPatch) -> None:
    """A PolicyBot seated in the environment is asked through its policy alone: the world sampler is never called."""
    import tablegames.rl.policy

    def no_world(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a world was drawn for a seated policy")

    monkeypatch.setattr(tablegames.rl.policy, "sample_world", no_world)
    seated = TableGamesEnv(
        "american-sniff", players=2, opponents=PolicyBot(lambda o, m: int(np.flatnonzero(m)[0])), episode="hand"
    )
    _play(seated, 7, episodes=5)
