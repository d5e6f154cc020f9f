"""The OpenSpiel wrapper: OpenSpiel's own checks, its algorithms, and what the wrapper promises."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts, tabular_qlearner  # noqa: E402
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation  # noqa: E402

from tablegames.core.registry import get_variant  # noqa: E402
from tablegames.rl.decisions import MissingCapability, capabilities  # noqa: E402
from tablegames.rl.openspiel import load_game, register, resampler, short_name  # noqa: E402
from tests.rl import unnumbered  # noqa: E402

SIMULATED = [
    ("american-sniff", {"players": 2}, 2),
    ("american-sniff", {"players": 3, "episode": "hand"}, 3),
    ("american-sniff", {"players": 4, "target": 50}, 1),
    ("four-point-smear", {"seen_undealt": 2, "episode": "hand"}, 3),
    ("four-point-smear", {"seen_undealt": 3, "max_moves": 150}, 1),
    ("euchre", {"episode": "hand"}, 2),  # no RL code of its own: the derived defaults
]


@pytest.mark.parametrize(("variant", "params", "sims"), SIMULATED)
def test_openspiel_random_sim_test(variant: str, params: dict[str, Any], sims: int) -> None:
    # OpenSpiel's own checks of a game: legal actions, clones, observations, returns, ...
    # (not serialization: OpenSpiel serializes a sampled game through its C++ RNG state,
    # which a Python game cannot provide).
    game = load_game(variant, seed=11, **params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def _play_random(state: Any, rng: random.Random) -> Any:
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_game_facts_follow_the_variant() -> None:
    game = load_game("american-sniff", players=2, seed=1)
    ids, spec = capabilities(get_variant("american-sniff").create({"players": 2}, seed=0))
    kind = game.get_type()
    assert kind.short_name == short_name("american-sniff") == "python_tablegames_american_sniff"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == ids.size
    assert ids.parts == 1 and game.observation_tensor_size() == spec.size  # no chosen field: no actions in parts
    smear = load_game("four-point-smear", seen_undealt=2)
    smear_ids, smear_spec = capabilities(get_variant("four-point-smear").create({"seen_undealt": 2}, seed=0))
    assert smear_ids.parts == 2
    assert smear.observation_tensor_size() == smear_spec.size + smear_ids.size  # the environments' layout
    assert not kind.provides_information_state_tensor
    # three solo seats: +1 and -1, -1 do not add up to zero
    three = load_game("american-sniff", players=3)
    assert three.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    # but hand margins of one-seat sides do
    assert (
        load_game("american-sniff", players=3, episode="hand").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    )


def test_derived_option_defaults() -> None:
    # Sniff's target depends on the players: 0 (below its range) stands for that default
    assert load_game("american-sniff", players=2).new_initial_state().tablegames_game.options.target == 250
    assert load_game("american-sniff", players=4).new_initial_state().tablegames_game.options.target == 200
    assert load_game("american-sniff", players=2, target=40).new_initial_state().tablegames_game.options.target == 40


def test_match_returns_and_seeds() -> None:
    game = load_game("american-sniff", players=2, seed=5)
    first = game.new_initial_state()
    second = game.new_initial_state()
    assert first.information_state_string(0) != second.information_state_string(0)  # a new match each
    other = load_game("american-sniff", players=2, seed=5)
    other.observation_tensor_size()  # builds no state (OpenSpiel's own would build one, a match)
    one = other.new_initial_state()
    one.observation_tensor(1)
    one.clone().clone()  # clones are the same match: they take no seed
    assert one.information_state_string(0) == first.information_state_string(0)
    assert other.new_initial_state().information_state_string(0) == second.information_state_string(0)
    again = load_game("american-sniff", players=2, seed=5).new_initial_state()
    assert again.information_state_string(0) == first.information_state_string(0)  # the same seed, the same matches
    end = _play_random(first, random.Random(3))
    table = end.tablegames_game
    assert table.is_over
    assert end.returns() == [1.0 if table.side_of(s) == table.winner else -1.0 for s in range(2)]
    assert end.current_player() == pyspiel.PlayerId.TERMINAL


def test_hand_episode_returns_the_hands_margin() -> None:
    game = load_game("four-point-smear", episode="hand", seed=2)
    deal_class = game.deal_class
    for n in range(4):
        end = _play_random(game.new_initial_state(), random.Random(n))
        table = end.tablegames_game
        assert sum(isinstance(e, deal_class) for e in table.events) == 2 or table.is_over  # one hand played
        returns = end.returns()
        assert sum(returns) == pytest.approx(0.0)
        margin = table.scores[0] - table.scores[1]
        assert returns == pytest.approx([margin / 15, -margin / 15, margin / 15, -margin / 15])


def test_max_moves_ends_without_a_winner() -> None:
    state = _play_random(
        load_game("four-point-smear", episode="match", max_moves=30, seed=1).new_initial_state(), random.Random(0)
    )
    assert state.move_number() == 30
    assert not state.tablegames_game.is_over
    assert state.returns() == [0.0] * 4


def test_clone_is_the_same_match_and_independent() -> None:
    state = load_game("american-sniff", players=2, seed=9).new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    moves = _play_random(copy, random.Random(4)).history()[10:]
    assert state.move_number() == 10  # the original did not move
    replay = state.clone()
    for action in moves:
        replay.apply_action(action)  # the same ids are legal: the same hands still to be dealt
    assert replay.returns() == copy.returns()


def test_an_action_in_parts_keeps_the_player() -> None:
    game = load_game("four-point-smear", seen_undealt=3, episode="hand", seed=4)
    rng = random.Random(1)
    found = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            events = len(state.tablegames_game.events)
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            if state.chosen:  # a part, not the whole action: nothing happened in the game yet
                found += 1
                assert state.current_player() == player
                assert len(state.tablegames_game.events) == events
                tensor = state.observation_tensor(player)
                chosen_field = tensor[-game.num_distinct_actions() :]
                assert [i for i, v in enumerate(chosen_field) if v] == sorted(state.chosen)
                assert "chosen: " in state.information_state_string(player)
                other = (player + 1) % 4
                assert not any(state.observation_tensor(other)[-game.num_distinct_actions() :])
                assert "chosen: " not in state.information_state_string(other)
    assert found > 0


def test_observations_are_the_variants_vectors() -> None:
    game = load_game("american-sniff", players=2, seed=3)
    state = game.new_initial_state()
    table = state.tablegames_game
    _, spec = capabilities(table)
    for seat in range(2):
        expected = np.zeros(spec.size, dtype=np.float32)
        spec.write(table, seat, expected)
        tensor = np.asarray(state.observation_tensor(seat), dtype=np.float32)
        assert np.array_equal(tensor[: spec.size], expected)
    observation = make_observation(game)
    observation.set_from(state, 0)
    assert set(observation.dict) == set(spec.fields)
    # the Python override gives what OpenSpiel's C++ path (through the observer) gives
    assert state.observation_tensor(1) == pytest.approx(pyspiel.State.observation_tensor(state, 1))
    assert game.observation_tensor_shape() == pyspiel.Game.observation_tensor_shape(game) == [spec.size]
    assert np.array_equal(observation.tensor, np.asarray(state.observation_tensor(0), dtype=np.float32))
    # the information state is the seat's redacted log: its own tiles, not the other's
    info = make_observation(game, INFO_STATE_OBS_TYPE)
    assert info.tensor is None
    text = info.string_from(state, 0)
    assert text == state.information_state_string(0) != state.information_state_string(1)
    assert "seat 1: ?" in text
    with pytest.raises(ValueError, match="only a player's own"):
        make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
        )


def test_resample_from_infostate_keeps_what_the_player_knows() -> None:
    state = load_game("american-sniff", players=2, seed=6, episode="hand").new_initial_state()
    for _ in range(4):
        state.apply_action(state.legal_actions()[-1])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(21, 0.0, 1.0)  # seeded
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        assert world.current_player() == player
    other = 1 - player
    assert len({world.information_state_string(other) for world in worlds}) > 1  # the hidden hand is dealt anew


@pytest.mark.parametrize(("variant", "params"), [("american-sniff", {"players": 3}), ("four-point-smear", {})])
def test_evaluate_bots_with_uniform_random_bots(variant: str, params: dict[str, Any]) -> None:
    game = load_game(variant, episode="hand", seed=8, **params)
    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(players)]
    for n in range(5):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(n))
        assert len(returns) == players
        assert sum(returns) == pytest.approx(0.0)


def _play(game: Any, bot: Any, seat: int, rng: np.random.RandomState) -> tuple[Any, int]:
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bot.step(state) if state.current_player() == seat else rng.choice(legal)
        decisions += state.current_player() == seat
        assert action in legal
        state.apply_action(action)
    return state, decisions


@pytest.mark.parametrize(
    ("variant", "params"), [("american-sniff", {"players": 2}), ("four-point-smear", {"seen_undealt": 2})]
)
def test_python_ismcts_plays_hands_to_the_end(variant: str, params: dict[str, Any]) -> None:
    # OpenSpiel's information-set MCTS, its worlds from resample_from_infostate
    def hands() -> list[tuple[list[int], list[float]]]:
        game = load_game(variant, episode="hand", seed=12, **params)
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 12, random_state=np.random.RandomState(2))
        bot.set_resampler(resampler(4))  # seeded worlds (the bot's own sampler is not)
        rng = np.random.RandomState(3)
        outcomes = []
        for _ in range(2):
            state, decisions = _play(game, bot, 0, rng)
            assert decisions > 0
            assert sum(state.returns()) == pytest.approx(0.0)
            outcomes.append((state.history(), state.returns()))
        return outcomes

    assert hands() == hands()  # the same seeds, the same hands: the search repeats


def test_python_mcts_plays_a_sniff_match_to_the_end() -> None:
    # MCTS searches the true state (a clairvoyant baseline), but it must run and stay legal
    game = load_game("american-sniff", players=2, target=60, seed=13)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(2))
    state, decisions = _play(game, bot, 1, np.random.RandomState(3))
    assert decisions > 0
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_rl_environment_runs_on_the_observation_tensor() -> None:
    game = load_game("four-point-smear", seen_undealt=1, episode="hand", seed=14)
    env = rl_environment.Environment(game, seed=1)
    rng = np.random.RandomState(0)
    step = env.reset()
    moves = 0
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == game.observation_tensor_size()
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
        moves += 1
    assert moves > 10
    assert sum(step.rewards) == pytest.approx(0.0)


def test_tabular_q_learning_trains_in_the_rl_environment() -> None:
    # an OpenSpiel RL agent that needs no deep-learning framework, learning from episodes
    game = load_game("american-sniff", players=2, episode="hand", seed=16)
    env = rl_environment.Environment(game, seed=2)
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=game.num_distinct_actions()) for p in range(2)]
    saved = np.random.get_state()
    np.random.seed(1)  # the agents explore with NumPy's global generator
    try:
        for _ in range(15):
            step = env.reset()
            while not step.last():
                player = step.observations["current_player"]
                action = agents[player].step(step).action
                assert action in step.observations["legal_actions"][player]
                step = env.step([action])
            for agent in agents:
                agent.step(step)  # the end of the episode: the agents learn from its return
    finally:
        np.random.set_state(saved)
    assert all(any(any(values.values()) for values in agent._q_values.values()) for agent in agents)


def test_registration_errors() -> None:
    assert register("american-sniff") == "python_tablegames_american_sniff"  # again, the same: nothing to do
    with pytest.raises(ValueError, match="registered already"):
        register("american-sniff", players=3)
    with pytest.raises(ValueError, match="no option"):
        register("four-point-smear", trumps=3)
    with unnumbered.registered(), pytest.raises(MissingCapability, match=unnumbered.REASON):
        register("bare-sniff")


def test_outcome_sampling_mccfr_runs_one_sampled_match_an_iteration() -> None:
    # Each iteration starts from new_initial_state: a fresh match, so chance is sampled as
    # OpenSpiel's sampled games have it (a tabular method: it runs, but these games have far
    # too many information states for it to learn anything)
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = load_game("american-sniff", players=2, episode="hand", seed=15)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    saved = np.random.get_state()
    np.random.seed(0)  # the solver samples with NumPy's global generator
    try:
        for _ in range(20):
            solver.iteration()
    finally:
        np.random.set_state(saved)
    state = game.new_initial_state()
    probabilities = solver.average_policy().action_probabilities(state)
    assert sorted(probabilities) == state.legal_actions()
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_serialized_state_goes_on_as_the_original() -> None:
    game = load_game("four-point-smear", seen_undealt=3, episode="hand", seed=17)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.information_state_string(1) == state.information_state_string(1)
    first, second = random.Random(5), random.Random(5)
    while not state.is_terminal():
        state.apply_action(first.choice(state.legal_actions()))
        copy.apply_action(second.choice(copy.legal_actions()))
    assert copy.is_terminal() and copy.returns() == state.returns()


def test_states_and_games_pickle_and_deserialize() -> None:
    """pickle round-trips a game (its stream of match seeds too) and a state (history and match); so does
    OpenSpiel's own serialize/deserialize_state."""
    import pickle

    game = load_game("four-point-smear", seen_undealt=2, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    assert again.observation_tensor(0) == state.observation_tensor(0)
    assert str(game.deserialize_state(state.serialize())) == str(state)
    copy = pickle.loads(pickle.dumps(game))
    first, other = game.new_initial_state(), copy.new_initial_state()
    assert first.information_state_string(0) == other.information_state_string(0)


def test_the_information_state_tensor_is_refused_not_empty() -> None:
    """No information-state tensor is provided: asking for one raises instead of answering []."""
    game = load_game("american-sniff", players=2, seed=1)
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(NotImplementedError, match="observation_tensor"):
        game.new_initial_state().information_state_tensor(0)


def test_the_default_episode_and_length_are_the_variants() -> None:
    """Without settings, a Smear game is one hand long (its random matches do not end) and Sniff's a match."""
    smear = load_game("four-point-smear", seed=2)
    assert smear.episode == "hand" and smear.max_game_length() == smear.max_moves < 1000
    sniff = load_game("american-sniff", players=2, seed=2)
    assert sniff.episode == "match" and sniff.max_moves < 20_000
