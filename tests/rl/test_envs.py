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
from tablegames.rl.pettingzoo import entries, env, raw_env
from tablegames.rl.policy import PolicyBot
from tests.rl import unnumbered

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
    """Whole-match episodes with match rewards: +1 to each seat of the winning side, -1 to the others."""
    settings: dict[str, Any] = {"episode": "match", "reward": "match"}
    aec = env(variant, target=5, **settings) if variant == "american-sniff" else env(variant, target=3, **settings)
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
                chosen: list[int] = []
                field = aec.observation_fields["chosen"]
                while len(aec.game.events) == start:
                    observation = aec.observe(aec.agent_selection)
                    # the observation shows the parts chosen so far, and nothing else moved
                    assert sorted(np.flatnonzero(observation["observation"][field])) == chosen
                    assert chosen == sorted(chosen) and all(observation["action_mask"][i] == 0 for i in chosen)
                    part = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                    aec.step(part)
                    chosen.append(part)
                    parts += 1
                discarded = [e for e in aec.game.events[start:] if type(e).__name__ == "Discarded"]
                assert parts == 3 and len(discarded) == 1 and len(getattr(discarded[0], "cards", ())) == 3
                after = aec.observe(aec.agent_selection)["observation"]
                assert not after[field].any()  # the discard is made: no part is pending
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
    """A variant with no numbering of its own and none derivable is refused, naming the field that declares none."""
    with unnumbered.registered():
        with pytest.raises(MissingCapability, match=unnumbered.REASON):
            raw_env("bare-sniff")
        with pytest.raises(MissingCapability, match=unnumbered.REASON):
            TableGamesEnv("bare-sniff")


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


def _wrapped_as_pettingzoo_does(variant: str, **settings: Any) -> Any:
    from pettingzoo.utils import wrappers

    inner = raw_env(variant, **settings)
    return wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(wrappers.TerminateIllegalWrapper(inner, illegal_reward=-1))
    )


@pytest.mark.parametrize("variant", ["american-sniff", "four-point-smear"])
def test_env_checks_as_pettingzoos_wrappers_do(variant: str) -> None:
    """env()'s built-in checks against raw_env in PettingZoo's three wrappers: the same game, then an
    illegal id at the same step: the same rewards, terminations and truncations every step after."""
    ours, theirs = env(variant), _wrapped_as_pettingzoo_does(variant)
    for aec in (ours, theirs):
        with pytest.raises(AssertionError):  # PettingZoo's EnvLogger raises on a step before reset
            aec.step(0)
        aec.reset(seed=9)
    rng = random.Random(9)
    for step in range(60):
        o1, r1, d1, t1, _ = ours.last()
        o2, r2, d2, t2, _ = theirs.last()
        assert ours.agent_selection == theirs.agent_selection
        assert (r1, d1, t1) == (r2, d2, t2)
        assert np.array_equal(o1["action_mask"], o2["action_mask"])
        if step == 30:  # an illegal id: both end the episode alike
            action = int(np.flatnonzero(o1["action_mask"] == 0)[0])
        elif d1 or t1:
            action = None
        else:
            legal = np.flatnonzero(o1["action_mask"])
            action = int(legal[rng.randrange(len(legal))])
        chooser = ours.agent_selection
        ours.step(action)
        theirs.step(action)
        if step == 30:
            assert ours.rewards[chooser] == -1.0 and all(ours.terminations.values())
        assert ours.rewards == theirs.rewards
        assert ours.terminations == theirs.terminations and ours.truncations == theirs.truncations
        assert ours._cumulative_rewards == theirs.unwrapped._cumulative_rewards
        if not ours.agents:
            break
    assert not ours.agents and not theirs.agents  # everyone stepped out after the illegal id
    with pytest.raises(AssertionError, match="action space"):
        ours.reset(seed=1)
        ours.step(10_000)


@pytest.mark.parametrize(
    ("variant", "settings"),
    [("american-sniff", {"players": 2, "target": 5, "max_steps": 30}), ("four-point-smear", {"target": 3})],
)
def test_the_vector_environment_equals_gymnasiums_sync_vector_env_with_same_step_autoreset(
    variant: str, settings: dict[str, Any]
) -> None:
    """Step by step, TableGamesVectorEnv gives what SyncVectorEnv(SAME_STEP) of the same environments gives,
    illegal ids (every 37th step, in row 1) and resets included."""
    import gymnasium

    ours = vector_env(variant, 3, **settings)
    theirs = gymnasium.vector.SyncVectorEnv(
        [lambda: TableGamesEnv(variant, **settings) for _ in range(3)],
        autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
    )
    o1, _ = ours.reset(seed=5)
    o2, _ = theirs.reset(seed=5)
    rng = random.Random(5)
    resets = illegal = 0
    for step in range(300):
        for key in ("observation", "action_mask"):
            assert np.array_equal(o1[key], o2[key]), (step, key)
        actions = []
        for row, mask in enumerate(o1["action_mask"]):
            legal = np.flatnonzero(mask)
            if step % 37 == 36 and row == 1:
                actions.append(int(np.flatnonzero(mask == 0)[0]))
                illegal += 1
            else:
                actions.append(int(legal[rng.randrange(len(legal))]))
        o1, r1, d1, t1, i1 = ours.step(np.array(actions))
        o2, r2, d2, t2, i2 = theirs.step(np.array(actions))
        assert np.array_equal(r1, r2) and np.array_equal(d1, d2) and np.array_equal(t1, t2), step
        assert np.array_equal(i1["action_mask"], o1["action_mask"])
        if "final_obs" in i2:
            resets += int(i2["_final_obs"].sum())
            assert np.array_equal(i1["_final_obs"], i2["_final_obs"])
            for ended in np.flatnonzero(i2["_final_obs"]):
                for key in ("observation", "action_mask"):
                    assert np.array_equal(i1["final_obs"][ended][key], i2["final_obs"][ended][key])
            f1, f2 = i1["final_info"], i2["final_info"]  # the ended episodes' seeds, scores and logs
            assert sorted(f1) == sorted(f2) and np.array_equal(i1["_final_info"], i2["_final_info"])
            for key in sorted(f2):
                if key != "log":
                    assert np.array_equal(f1[key], f2[key]), key
            assert all(f1["log"][e] == f2["log"][e] for e in np.flatnonzero(i2["_final_obs"]))
        else:
            assert "final_obs" not in i1
        if "illegal" in i2:
            assert np.array_equal(i1["_illegal"], i2["_illegal"])
            assert i1["illegal"][1] == i2["illegal"][1]
    assert resets > 0 and illegal > 0
    ours.close()
    theirs.close()


def test_a_policy_choosing_a_discard_in_parts_sees_the_parts_it_chose() -> None:
    """PolicyBot's observations carry the ``chosen`` field as the environments' do: part k shows k - 1 ids."""
    game = tablegames.new_game("four-point-smear", seed=3, seen_undealt=3, target=3)
    ids, spec = capabilities(game)
    at = spec.size
    seen: list[list[int]] = []

    def last_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        assert observation.shape == (spec.size + ids.size,)
        seen.append([int(i) for i in np.flatnonzero(observation[at:])])
        return int(np.flatnonzero(mask)[-1])

    Table(game, [PolicyBot(last_legal), RandomBot(), RandomBot(), RandomBot()], rng=random.Random(3)).play()
    discards = [i for i, chosen in enumerate(seen) if chosen]
    assert discards, "the policy never chose a discard's second part"
    for i in discards:  # a later part: the earlier ones, ascending discard ids, are shown
        assert all(part >= 36 for part in seen[i]) and seen[i] == sorted(seen[i]) and len(seen[i]) in (1, 2)
        assert seen[i][:-1] == seen[i - 1]  # each part adds one id to what the previous one showed


@pytest.mark.parametrize(
    ("variant", "reward"), [("american-sniff", "hand"), ("four-point-smear", "hand"), ("american-sniff", "match")]
)
def test_each_steps_rewards_are_that_steps_alone(variant: str, reward: str) -> None:
    """After every step, ``rewards`` holds what that step gave (the margin's change over the target, or
    the match's +1/-1 at its end) and 0 elsewhere: nothing carries over from an earlier step."""
    options: dict[str, Any] = {"players": 2, "target": 25} if variant == "american-sniff" else {"target": 3}
    aec = raw_env(variant, episode="match", reward=reward, **options)
    aec.reset(seed=3)
    rng = random.Random(3)

    def margins() -> list[float]:
        game = aec.game
        scores = game.scores
        result = []
        for seat in range(game.players):
            side = game.side_of(seat)
            others = [s for i, s in enumerate(scores) if i != side]
            result.append((scores[side] - sum(others) / len(others)) / options["target"])
        return result

    before = margins()
    rewarded = 0
    while aec.agents and not any(aec.terminations.values()):
        observation = aec.observe(aec.agent_selection)
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(int(legal[rng.randrange(len(legal))]))
        now = margins()
        for seat, agent in enumerate(aec.possible_agents):
            if reward == "hand":
                expected = now[seat] - before[seat]
            elif aec.game.is_over:
                expected = 1.0 if aec.game.side_of(seat) == aec.game.winner else -1.0
            else:
                expected = 0.0
            assert aec.rewards[agent] == pytest.approx(expected)
        rewarded += any(aec.rewards.values())
        before = now
    assert aec.game.is_over and rewarded > 0


@pytest.mark.parametrize("variant, options", [("american-sniff", {"players": 2}), ("four-point-smear", {})])
def test_an_observation_written_through_entries_is_the_one_written_into_the_array(
    variant: str, options: dict[str, Any]
) -> None:
    """The memoryview the environments write through sets the very entries a write into the array sets."""
    rng = random.Random(5)
    game = tablegames.new_game(variant, seed=5, **options)
    ids, spec = capabilities(game)
    for _ in range(40):
        if game.is_over:
            break
        for seat in range(game.players):
            direct = np.zeros(spec.size, np.float32)
            spec.write(game, seat, direct)
            through = np.zeros(spec.size, np.float32)
            spec.write(game, seat, entries(through))
            assert through.tobytes() == direct.tobytes()
        mask = np.zeros(ids.size, np.int8)
        Decision(game, ids).write_mask(entries(mask))
        assert sorted(np.flatnonzero(mask).tolist()) == Decision(game, ids).legal_ids()
        game.apply(rng.choice(game.legal_actions()))
