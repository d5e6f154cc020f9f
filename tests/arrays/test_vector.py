"""The vector environment on an array game: Gymnasium's spaces, same-step autoreset, seeding, rewards, refusals."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
gymnasium = pytest.importorskip("gymnasium")

from tablegames.core.errors import InvalidOptionsError  # noqa: E402
from tablegames.jax.vector import ArrayVectorEnv, vector_env  # noqa: E402
from tablegames.rl.decisions import MissingCapability  # noqa: E402
from tablegames.rl.gymnasium import TableGamesEnv  # noqa: E402

TARGET = 61
"""A low target, so that random matches of American Sniff end within a few hundred steps."""


@pytest.fixture(scope="module")
def sniff() -> ArrayVectorEnv:
    """Eight two-player matches of American Sniff to 61, the learner at seat 1."""
    return vector_env("american-sniff", 8, seat=1, players=2, target=TARGET)


def _random_ids(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


def _play(envs: ArrayVectorEnv, seed: int, steps: int) -> Iterator[tuple[Any, ...]]:
    """Random legal ids from ``reset(seed=seed)``; each step's results, after the ids."""
    observation, info = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        ids = _random_ids(rng, observation["action_mask"])
        observation, reward, terminated, truncated, info = envs.step(ids)
        yield ids, observation, reward, terminated, truncated, info


def test_the_spaces_are_the_python_environments_and_every_match_waits_for_the_learner(sniff: ArrayVectorEnv) -> None:
    """Batched Dict spaces of the variant's observation and ids; after reset the learner's seat is to act."""
    observation, info = sniff.reset(seed=1)
    assert sniff.observation_space.contains(observation)
    assert observation["observation"].shape == (8, 114) and observation["action_mask"].shape == (8, 140)
    assert sniff.single_action_space == gymnasium.spaces.Discrete(140)
    assert (observation["action_mask"].sum(axis=1) > 0).all()
    assert (info["action_mask"] == observation["action_mask"]).all()
    assert (np.asarray(sniff.state.current_player) == 1).all()


def test_a_seed_gives_the_same_matches_and_no_seed_fresh_ones(sniff: ArrayVectorEnv) -> None:
    """reset(seed=s) twice plays the same; another seed, or none, deals otherwise."""
    first = [o["observation"].copy() for _, o, *_ in _play(sniff, 5, 20)]
    again = [o["observation"].copy() for _, o, *_ in _play(sniff, 5, 20)]
    assert all((a == b).all() for a, b in zip(first, again, strict=True))
    seeded = sniff.reset(seed=5)[0]["observation"]
    assert (sniff.reset(seed=5)[0]["observation"] == seeded).all()
    assert not (sniff.reset(seed=6)[0]["observation"] == seeded).all()
    assert not (sniff.reset()[0]["observation"] == seeded).all()
    assert not (sniff.reset()[0]["observation"] == sniff.reset()[0]["observation"]).all()


def test_random_matches_end_rewarded_for_their_winner_and_start_again(sniff: ArrayVectorEnv) -> None:
    """Zero reward until a match ends, then +1 if the learner's side has the top score, else -1; then a new match."""
    ended = 0
    for _, observation, reward, terminated, truncated, info in _play(sniff, 2, 300):
        done = terminated | truncated
        assert (reward[~done] == 0).all() and not truncated.any()
        assert (np.asarray(sniff.state.current_player)[~done] == 1).all()
        if done.any():
            assert (info["_final_obs"] == done).all() and (info["_final_scores"] == done).all()
            for row in np.flatnonzero(done):
                scores = info["final_scores"][row]
                assert scores.max() >= TARGET
                assert reward[row] == (1.0 if scores[1] > scores[0] else -1.0)
                assert not (info["final_obs"][row] == observation["observation"][row]).all()
            ended += int(done.sum())
        assert (observation["action_mask"].sum(axis=1) > 0).all()
    assert ended >= 8


def test_an_illegal_id_ends_its_match_with_minus_one_and_the_others_play_on(sniff: ArrayVectorEnv) -> None:
    """As PettingZoo's TerminateIllegalWrapper: the refused row ends, -1, its id in info; the other rows move on."""
    observation, _ = sniff.reset(seed=3)
    ids = observation["action_mask"].argmax(axis=1)
    wrong = int(np.flatnonzero(observation["action_mask"][0] == 0)[0])
    ids[0] = wrong
    _, reward, terminated, truncated, info = sniff.step(ids)
    assert terminated[0] and reward[0] == -1.0 and not truncated[0]
    assert info["_illegal"].tolist() == [True] + [False] * 7 and info["illegal"][0] == wrong
    assert not terminated[1:].any()
    assert (np.asarray(sniff.state.current_player) == 1).all()


def test_smear_at_seat_two_reaches_its_step_limit_truncated() -> None:
    """Four Point Smear with a step limit of 40: matches end truncated, reward 0, and start again."""
    envs = vector_env("four-point-smear", 4, seat=2, max_steps=40)
    truncations = 0
    for _, observation, reward, terminated, truncated, _ in _play(envs, 4, 60):
        assert (reward[truncated] == 0).all() and not (terminated & truncated).any()
        truncations += int(truncated.sum())
        assert observation["observation"].shape == (4, 321)
        assert (np.asarray(envs.state.current_player)[~(terminated | truncated)] == 2).all()
    assert truncations >= 4


def test_bad_settings_and_calls_are_refused_with_clear_errors(sniff: ArrayVectorEnv) -> None:
    """A bad count, seat, variant, option or batch of ids is refused before anything runs."""
    with pytest.raises(ValueError, match="num_envs must be a positive int"):
        ArrayVectorEnv(sniff.game, 0)
    with pytest.raises(ValueError, match="seat must be an int from 0 to 1"):
        ArrayVectorEnv(sniff.game, 2, seat=2)
    with pytest.raises(MissingCapability, match="euchre provides no array game"):
        vector_env("euchre", 2)
    with pytest.raises(InvalidOptionsError):
        vector_env("american-sniff", 2, players=9)
    with pytest.raises(RuntimeError, match="call reset"):
        ArrayVectorEnv(sniff.game, 2).step(np.zeros(2, dtype=np.int64))
    sniff.reset(seed=1)
    with pytest.raises(ValueError, match="8 ids from 0 to 139"):
        sniff.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="8 ids from 0 to 139"):
        sniff.step(np.full(8, 140))


def _first_legal(key: Any, state: Any) -> Any:
    """An opponent that always gives its first legal id."""
    return state.legal_action_mask.argmax().astype("int32")


def test_the_opponent_policy_plays_every_other_seat(sniff: ArrayVectorEnv) -> None:
    """With an opponent giving its first legal id, a step is the learner's id then the game stepped by that policy."""
    envs = ArrayVectorEnv(sniff.game, 4, seat=0, opponent=_first_legal)
    observation, _ = envs.reset(seed=7)
    before = envs.state
    ids = np.array([int(np.flatnonzero(row)[-1]) for row in observation["action_mask"]])
    observation, reward, terminated, _, _ = envs.step(ids)
    assert not terminated.any() and (reward == 0).all()
    game = sniff.game
    for row in range(4):
        state = game.step(jax.tree.map(lambda x, r=row: x[r], before), ids[row])
        moved = 0
        while int(state.current_player) != 0:
            state = game.step(state, _first_legal(None, state))
            moved += 1
        assert moved >= 1
        assert (np.asarray(game.observe(state, 0)) == observation["observation"][row]).all()


def test_a_discard_in_parts_adds_chosen_to_the_observation_as_the_python_environment_does() -> None:
    """Smear with seen_undealt=2: the variant's 321 floats and the 68 chosen ids, as TableGamesEnv's observation."""
    envs = vector_env("four-point-smear", 2, seen_undealt=2)
    python = TableGamesEnv("four-point-smear", seen_undealt=2)
    assert envs.single_observation_space == python.observation_space
    observation, _ = envs.reset(seed=1)
    assert observation["observation"].shape == (2, 321 + 68)
    assert (observation["observation"][:, 321:] == 0).all()  # nothing chosen at the first bid


def test_hand_rewards_are_the_learners_margin_changes_over_the_target() -> None:
    """reward="hand": each step's reward is the change of the learner's margin (seat 1 of two) over the target."""
    envs = vector_env("american-sniff", 8, seat=1, reward="hand", players=2, target=TARGET)
    assert envs.divisor == TARGET
    observation, _ = envs.reset(seed=9)
    rng = np.random.default_rng(9)
    nonzero = ended = 0
    for _ in range(150):
        before = np.asarray(envs.state.scores, dtype=np.float64)
        observation, reward, terminated, truncated, info = envs.step(_random_ids(rng, observation["action_mask"]))
        after = np.asarray(envs.state.scores, dtype=np.float64)
        done = terminated | truncated
        if done.any():
            after[done] = info["final_scores"][done]
            ended += int(done.sum())
        expected = ((after[:, 1] - after[:, 0]) - (before[:, 1] - before[:, 0])) / TARGET
        assert np.allclose(reward, expected, atol=1e-6)
        nonzero += int((reward != 0).sum())
    assert nonzero > 100 and ended > 0


def test_a_bad_reward_setting_is_refused() -> None:
    """Only "match" and "hand" are rewards."""
    with pytest.raises(ValueError, match="reward must be 'match' or 'hand'"):
        vector_env("american-sniff", 2, reward="margin", players=2)


def test_a_bad_episode_setting_is_refused(sniff: ArrayVectorEnv) -> None:
    """Only "match" and "hand" are episodes."""
    with pytest.raises(ValueError, match="episode must be 'match' or 'hand'"):
        vector_env("american-sniff", 2, episode="trick", players=2)
    with pytest.raises(ValueError, match="episode must be 'match' or 'hand'"):
        ArrayVectorEnv(sniff.game, 2, episode="deal")


def _row(state: Any, row: int) -> Any:
    return jax.tree.map(lambda x: x[row], state)


def test_a_hand_episode_ends_at_the_deal_and_the_next_goes_on_with_the_match(sniff: ArrayVectorEnv) -> None:
    """episode="hand": stepped independently, each row's episode ends where a hand is dealt; the match goes on."""
    envs = ArrayVectorEnv(sniff.game, 4, seat=0, opponent=_first_legal, episode="hand")
    step = jax.jit(sniff.game.step)
    observation, _ = envs.reset(seed=11)
    hands = matches = 0
    for _ in range(60):
        before = envs.state
        ids = np.array([int(np.flatnonzero(row)[-1]) for row in observation["action_mask"]])
        observation, reward, terminated, truncated, info = envs.step(ids)
        assert not truncated.any()
        for row in range(4):
            state = step(_row(before, row), ids[row])
            hand = int(state.hand_number) if int(state.hand_number) != int(before.hand_number[row]) else None
            while int(state.current_player) not in (0, -1) and hand is None:  # the opponents, to the deal
                state = step(state, _first_legal(None, state))
                if int(state.hand_number) != int(before.hand_number[row]):
                    hand = int(state.hand_number)
            assert bool(terminated[row]) == (bool(state.terminated) or hand is not None)
            assert reward[row] == (float(state.rewards[0]) if bool(state.terminated) else 0.0)
            if not terminated[row]:
                assert (observation["observation"][row] == np.asarray(sniff.game.observe(state, 0))).all()
                continue
            assert (info["final_obs"][row] == np.asarray(sniff.game.observe(state, 0))).all()
            assert tuple(info["final_scores"][row]) == tuple(np.asarray(state.scores))
            if bool(state.terminated):
                matches += 1
                continue
            hands += 1
            while int(state.current_player) not in (0, -1):  # the next episode: the same match, the learner to act
                state = step(state, _first_legal(None, state))
            if bool(state.terminated):  # the opponents ended the match before the learner's turn: a new one
                continue
            assert hand is not None and int(envs.state.hand_number[row]) >= hand
            assert tuple(np.asarray(envs.state.scores[row])) == tuple(np.asarray(state.scores))
            assert (observation["observation"][row] == np.asarray(sniff.game.observe(state, 0))).all()
    assert hands >= 4 and matches >= 1


@pytest.fixture(scope="module")
def sniff_hands() -> ArrayVectorEnv:
    """Eight two-player Sniff matches to 61 in hand episodes rewarded by the match, the learner at seat 1."""
    return vector_env("american-sniff", 8, seat=1, episode="hand", reward="match", players=2, target=TARGET)


def test_hand_episodes_reward_the_match_at_its_last_hand_and_margins_by_default(sniff_hands: ArrayVectorEnv) -> None:
    """reward="match": +1/-1 only on the episode that ends the match; by default the margin's changes by the target."""
    hands = matches = 0
    for _, _, reward, terminated, truncated, info in _play(sniff_hands, 4, 150):
        assert not truncated.any() and (reward[~terminated] == 0).all()
        for row in np.flatnonzero(terminated):
            scores = info["final_scores"][row]
            if scores.max() >= TARGET:
                matches += 1
                assert reward[row] == (1.0 if scores[1] > scores[0] else -1.0)
            else:
                hands += 1
                assert reward[row] == 0.0
    assert hands > matches >= 1
    margins = vector_env("american-sniff", 8, seat=1, episode="hand", players=2, target=TARGET)
    assert margins.divisor == TARGET and margins.episode == "hand"
    observation, _ = margins.reset(seed=9)
    rng = np.random.default_rng(9)
    ended = 0
    for _ in range(100):
        before = np.asarray(margins.state.scores, dtype=np.float64)
        observation, reward, terminated, truncated, info = margins.step(_random_ids(rng, observation["action_mask"]))
        after = np.asarray(margins.state.scores, dtype=np.float64)
        if terminated.any():  # at the hand's end, not at the learner's first decision of the next
            after[terminated] = info["final_scores"][terminated]
        assert np.allclose(reward, ((after[:, 1] - after[:, 0]) - (before[:, 1] - before[:, 0])) / TARGET, atol=1e-6)
        ended += int(terminated.sum())
    assert ended >= 8


def test_after_an_illegal_id_a_hand_episode_starts_again_from_the_same_position(sniff_hands: ArrayVectorEnv) -> None:
    """As TableGamesEnv with episode="hand": -1, terminated, and the next episode is the same decision."""
    envs = sniff_hands
    observation, _ = envs.reset(seed=3)
    ids = observation["action_mask"].argmax(axis=1)
    ids[0] = int(np.flatnonzero(observation["action_mask"][0] == 0)[0])
    again, reward, terminated, _, info = envs.step(ids)
    assert terminated[0] and reward[0] == -1.0 and info["_illegal"].tolist() == [True] + [False] * 7
    assert (again["observation"][0] == observation["observation"][0]).all()
    assert (again["action_mask"][0] == observation["action_mask"][0]).all()


def test_an_unseeded_reset_goes_on_with_the_hand_episodes_matches(sniff_hands: ArrayVectorEnv) -> None:
    """episode="hand": reset() keeps the matches under way (as TableGamesEnv does); reset(seed=s) starts anew."""
    envs = sniff_hands
    for _ in _play(envs, 6, 10):
        pass
    kept = envs.state
    observation, _ = envs.reset()
    leaves = zip(jax.tree.leaves(kept), jax.tree.leaves(envs.state), strict=True)
    assert all((np.asarray(a) == np.asarray(b)).all() for a, b in leaves)
    assert (observation["observation"] == np.asarray(envs._vectors(kept))).all()
    envs.reset(seed=6)
    assert (np.asarray(envs.state.hand_number) == 1).all()


def test_smear_hand_episodes_end_at_each_deal_throw_ins_included() -> None:
    """Four Point Smear, episode="hand": an episode ends at every new deal; the next starts in a later hand."""
    envs = vector_env("four-point-smear", 4, seat=3, episode="hand", max_steps=2_000)
    ended = 0
    observation, _ = envs.reset(seed=2)
    hand = np.asarray(envs.state.hand_number)
    rng = np.random.default_rng(2)
    for _ in range(40):
        observation, _, terminated, truncated, _ = envs.step(_random_ids(rng, observation["action_mask"]))
        now = np.asarray(envs.state.hand_number)
        assert (terminated == (now != hand)).all() and not truncated.any()  # no match ends in 40 steps
        hand = now.copy()
        ended += int(terminated.sum())
    assert ended >= 4
