"""One seeding rule in every environment: unseeded means fresh entropy, seeded means exactly reproducible."""

from __future__ import annotations

from typing import Any

import numpy as np

import tablegames
from tablegames.rl.gymnasium import TableGamesEnv, vector_env
from tablegames.rl.openspiel import load_game
from tablegames.rl.pettingzoo import env


def _aec_log(seed: int | None, steps: int = 40) -> str:
    """The full log of a PettingZoo environment reset with ``seed`` after ``steps`` first-legal choices."""
    aec = env("american-sniff", players=2)
    aec.reset(seed=seed)
    for _ in range(steps):
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            break
        aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
    return tablegames.dumps(aec.unwrapped.game.log())


def test_two_unseeded_pettingzoo_environments_play_different_games() -> None:
    """Unseeded: fresh entropy, so two environments deal differently; seeded: the very same log."""
    assert _aec_log(None) != _aec_log(None)
    assert _aec_log(7) == _aec_log(7)


def test_a_pettingzoo_environment_seeded_once_repeats_its_later_matches() -> None:
    """After reset(seed=s), the unseeded resets that follow give the same matches every time."""

    def seeds() -> list[int]:
        aec = env("american-sniff", players=2)
        aec.reset(seed=3)
        found = []
        for _ in range(3):
            aec.reset()
            found.append(aec.unwrapped.game.seed)
        return found

    assert seeds() == seeds()


def _gym_first(seed: int | None, **settings: Any) -> tuple[bytes, int]:
    environment = TableGamesEnv("american-sniff", players=2, **settings)
    observation, _ = environment.reset(seed=seed)
    return observation["observation"].tobytes(), environment.game.seed


def test_the_gymnasium_environments_follow_the_same_rule() -> None:
    """TableGamesEnv and the vector environment: unseeded games differ, seeded ones repeat."""
    assert _gym_first(None)[1] != _gym_first(None)[1]
    assert _gym_first(4) == _gym_first(4)
    unseeded = [vector_env("american-sniff", 2, players=2) for _ in range(2)]
    for vector in unseeded:
        vector.reset()
    assert unseeded[0].envs[0].game.seed != unseeded[1].envs[0].game.seed
    seeded = [vector_env("american-sniff", 2, players=2) for _ in range(2)]
    first = [vector.reset(seed=9)[0]["observation"] for vector in seeded]
    assert np.array_equal(first[0], first[1])


def _first_infostate(**params: Any) -> str:
    state = load_game("american-sniff", players=2, **params).new_initial_state()
    text: str = state.information_state_string(0)
    return text


def test_openspiel_games_are_fresh_unseeded_and_repeat_seeded() -> None:
    """load_game() without a seed draws fresh entropy (each worker its own deals); with one, the same matches."""
    assert load_game("american-sniff", players=2).seed != load_game("american-sniff", players=2).seed
    assert _first_infostate(seed=5) == _first_infostate(seed=5)
    assert len({_first_infostate() for _ in range(3)}) == 3
