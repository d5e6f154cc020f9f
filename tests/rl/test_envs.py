"""The environments of tablegames.rl over the built-in variants: PettingZoo's and Gymnasium's own checks, and ours."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import tablegames
from tablegames.bots import Bot, RandomBot, Table, registry
from tablegames.core.events import Action
from tablegames.core.observation import Observation
from tablegames.rl.decisions import Decision, MissingCapability, capabilities
from tablegames.rl.gymnasium import TableGamesEnv, vector_env
from tablegames.rl.pettingzoo import env, raw_env
from tablegames.rl.policy import PolicyBot

CONFIGURATIONS: list[tuple[str, dict[str, Any]]] = [
    ("american-sniff", {"players": 2}),
    ("american-sniff", {"players": 3, "reward": "hand"}),
    ("american-sniff", {"players": 4, "skip_forced": True}),
    ("american-sniff", {"players": 2, "episode": "hand", "max_steps": 40}),
    ("four-point-smear", {}),
    ("four-point-smear", {"seen_undealt": 3, "reward": "hand"}),
    ("four-point-smear", {"seen_undealt": 2, "skip_forced": True, "episode": "hand"}),
    ("four-point-smear", {"seen_undealt": 1, "max_steps": 25}),
]
"""Eight configurations: both variants, every setting."""


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        # PettingZoo's and Gymnasium's checkers advise Box observations and bounded boxes; a dict
        # of observation and mask is PettingZoo's own classic games' form
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("variant", "settings"), CONFIGURATIONS)
def test_the_pettingzoo_environment_passes_pettingzoos_api_and_seed_tests(
    variant: str, settings: dict[str, Any]
) -> None:
    """PettingZoo's own api_test and seed_test, on eight configurations."""
    api_test(env(variant, **settings), num_cycles=300)
    seed_test(lambda: env(variant, **settings), num_cycles=300)


def _play_out(aec: Any, rng: random.Random, limit: int = 20_000) -> dict[str, float]:
    """Random legal ids until every agent is done; each agent's total reward."""
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for _ in range(limit):
        if not aec.agents:
            return totals
        agent = aec.agent_selection
        observation, reward, termination, truncation, _ = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(int(rng.choice(legal)))
    raise AssertionError("the episode did not end")


@pytest.mark.parametrize("variant", ["american-sniff", "four-point-smear"])
def test_match_rewards_are_one_to_the_winners_and_minus_one_to_the_others(variant: str) -> None:
    aec = env(variant, target=5) if variant == "american-sniff" else env(variant, target=3)
    aec.reset(seed=11)
    totals = _play_out(aec, random.Random(11))
    game = aec.unwrapped.game
    assert game.is_over
    for seat, agent in enumerate(aec.possible_agents):
        assert totals[agent] == (1.0 if game.side_of(seat) == game.winner else -1.0)


@pytest.mark.parametrize(
    ("variant", "options"), [("american-sniff", {"players": 3, "target": 25}), ("four-point-smear", {"target": 5})]
)
def test_hand_rewards_add_up_to_the_final_margin_over_the_target(variant: str, options: dict[str, Any]) -> None:
    """Rewards per step (the margin's changes, by the target) add up over a match to its final margin."""
    aec = env(variant, reward="hand", **options)
    aec.reset(seed=5)
    totals = _play_out(aec, random.Random(5))
    game = aec.unwrapped.game
    scores = game.scores
    for seat, agent in enumerate(aec.possible_agents):
        side = game.side_of(seat)
        others = [s for i, s in enumerate(scores) if i != side]
        margin = scores[side] - sum(others) / len(others)
        assert totals[agent] == pytest.approx(margin / options["target"])


def test_a_hand_episode_ends_with_its_hand_and_the_next_reset_goes_on_with_the_match() -> None:
    aec = raw_env("american-sniff", players=2, episode="hand")
    aec.reset(seed=3)
    _play_out(aec, random.Random(3))
    hand = tablegames.to_json(aec.game.view(0))["hand_number"]
    assert hand == 2 or aec.game.is_over
    aec.reset()
    assert tablegames.to_json(aec.game.view(0))["hand_number"] == hand
    aec.reset(seed=3)
    assert tablegames.to_json(aec.game.view(0))["hand_number"] == 1


def test_skipping_forced_choices_leaves_agents_only_real_ones() -> None:
    aec = raw_env("american-sniff", players=2, skip_forced=True)
    aec.reset(seed=8)
    rng = random.Random(8)
    seen = 0
    while aec.agents and seen < 300:
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) >= 2
        aec.step(int(rng.choice(legal)))
        seen += 1
    assert seen > 10


def test_a_smear_discard_is_chosen_card_by_card_and_logged_whole() -> None:
    """With seen_undealt=3 the bidder's discard of three cards is three ids; the log holds one discard."""
    aec = raw_env("four-point-smear", seen_undealt=3)
    for seed in range(40):
        aec.reset(seed=seed)
        rng = random.Random(seed)
        while aec.agents:
            decision = aec._decision  # the decision the mask shows
            legal_actions = decision.actions if decision is not None else ()
            if any(type(a).__name__ == "Discard" for a in legal_actions):
                start = len(aec.game.events)
                parts = 0
                while len(aec.game.events) == start:
                    observation = aec.observe(aec.agent_selection)
                    aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                    parts += 1
                discarded = [e for e in aec.game.events[start:] if type(e).__name__ == "Discarded"]
                assert parts == 3 and len(discarded) == 1 and len(getattr(discarded[0], "cards", ())) == 3
                return
            observation = aec.observe(aec.agent_selection)
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    raise AssertionError("no discard in 40 games")


@pytest.mark.parametrize(
    ("variant", "settings"),
    [
        ("american-sniff", {"players": 2}),
        ("american-sniff", {"players": 4, "opponents": "greedy", "reward": "hand", "skip_forced": True}),
        ("four-point-smear", {"seen_undealt": 2, "opponents": "greedy"}),
        ("four-point-smear", {"episode": "hand", "max_steps": 20}),
    ],
)
def test_the_gymnasium_environment_passes_gymnasiums_checker(variant: str, settings: dict[str, Any]) -> None:
    environment = TableGamesEnv(variant, **settings)
    check_env(environment, skip_render_check=True)
    observation, info = environment.reset(seed=2)
    rng = random.Random(2)
    for _ in range(5000):
        legal = np.flatnonzero(observation["action_mask"])
        assert (info["action_mask"] == observation["action_mask"]).all() and len(legal) > 0
        observation, _, terminated, truncated, info = environment.step(int(rng.choice(legal)))
        if terminated or truncated:
            break
    else:
        raise AssertionError("the episode did not end")


def test_mixed_opponents_each_see_every_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random opponents beside another bot: each bot's log holds every event so far when it is asked to act."""
    environment: TableGamesEnv | None = None
    seen: list[tuple[int, int]] = []

    class Spy(RandomBot):
        name = "spy"

        def act(self, observation: Observation, rng: random.Random) -> Action:
            assert environment is not None
            seen.append((len(observation.events), len(environment.game.events)))
            return super().act(observation, rng)

    monkeypatch.setitem(registry._FACTORIES, "spy", Spy)
    environment = TableGamesEnv("american-sniff", players=4, opponents=["random", "spy", "random", "spy"], target=20)
    observation, _ = environment.reset(seed=4)
    rng = random.Random(4)
    for _ in range(2000):
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, truncated, _ = environment.step(int(rng.choice(legal)))
        if terminated or truncated:
            break
    else:
        raise AssertionError("the match did not end")
    assert seen and all(logged == logged_by_game for logged, logged_by_game in seen)


def test_an_illegal_id_ends_the_episode_with_minus_one() -> None:
    environment = TableGamesEnv("american-sniff", players=2)
    observation, _ = environment.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = environment.step(illegal)
    assert reward == -1.0 and terminated and info["illegal"] == illegal
    with pytest.raises(ValueError, match="reset"):
        environment.step(illegal)


def test_the_vector_environment_steps_n_games_and_resets_each_as_it_ends() -> None:
    vector = vector_env("american-sniff", 4, players=2, target=5)
    observations, _ = vector.reset(seed=1)
    ids, spec = capabilities(tablegames.new_game("american-sniff", seed=0, players=2))
    assert observations["observation"].shape == (4, spec.size)
    assert observations["action_mask"].shape == (4, ids.size)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in observations["action_mask"]])
        observations, _, terminated, truncated, _ = vector.step(actions)
        ended += int(terminated.sum() + truncated.sum())
    assert ended > 0
    vector.close()


def test_a_variant_without_the_capabilities_is_refused_by_name() -> None:
    with pytest.raises(MissingCapability, match="all-fives provides no action_ids"):
        raw_env("all-fives")
    with pytest.raises(MissingCapability):
        TableGamesEnv("all-fives")


def test_the_decision_chooses_parts_and_refuses_ids_that_may_not_come_next() -> None:
    game = tablegames.new_game("american-sniff", seed=4, players=2)
    ids, _ = capabilities(game)
    decision = Decision(game, ids)
    legal = decision.legal_ids()
    assert legal == sorted(ids.encode(a)[0] for a in game.legal_actions())
    not_legal = next(i for i in range(ids.size) if i not in legal)
    assert not decision.allows(not_legal)
    with pytest.raises(ValueError, match="not legal now"):
        decision.choose(not_legal)
    assert decision.choose(legal[0]) is ids.decode((legal[0],))


@pytest.mark.parametrize("variant", ["american-sniff", "four-point-smear"])
def test_a_policy_plays_as_a_bot(variant: str) -> None:
    """PolicyBot plays whole matches at a table; its observation is the environment's for the same position."""
    calls: list[tuple[np.ndarray, np.ndarray]] = []

    def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        calls.append((observation.copy(), mask.copy()))
        return int(np.flatnonzero(mask)[0])

    game = (
        tablegames.new_game(variant, seed=6, target=5)
        if variant == "american-sniff"
        else tablegames.new_game(variant, seed=6, target=3)
    )
    policy = PolicyBot(first_legal)
    bots: list[Bot] = [policy if seat % 2 == 0 else RandomBot() for seat in range(game.players)]
    Table(game, bots, rng=random.Random(6)).play()
    assert game.is_over and calls


def test_a_policy_that_answers_an_illegal_id_is_refused() -> None:
    game = tablegames.new_game("american-sniff", seed=6, players=2)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    table = Table(game, [PolicyBot(lambda o, m: int(np.flatnonzero(m == 0)[0]))] * 2, rng=random.Random(1))
    with pytest.raises(ValueError, match="does not allow"):
        table.step()
