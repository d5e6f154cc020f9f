"""The worked example in examples/jax-sniff: its points match the kernel, training is reproducible, the policy plays."""

from __future__ import annotations

import doctest
import importlib
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("optax")

import jax.numpy as jnp  # noqa: E402

import tablegames  # noqa: E402
import tablegames.jax  # noqa: E402
from tablegames.bots import GreedyBot, Table  # noqa: E402
from tablegames.bots.registry import bot_names, make_bot  # noqa: E402
from tablegames.cli.simulate import MatchTask, play_match, wilson_interval  # noqa: E402
from tablegames.rl.policy import PolicyBot  # noqa: E402
from tests.bots.support import choices_made  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "jax-sniff"


def example(name: str) -> ModuleType:
    """The example's module ``name``, imported afresh (the folder is put on the path, as ``PYTHONPATH`` does).

    Afresh, because each test starts with the library's bots only (see ``tests/conftest.py``):
    importing ``jax_sniff_policy`` again registers its bot again.
    """
    if str(EXAMPLE) not in sys.path:
        sys.path.insert(0, str(EXAMPLE))
    sys.modules.pop(name, None)
    return importlib.import_module(name)


TINY = [
    *["--updates", "2", "--batch", "8", "--steps", "4", "--epochs", "1", "--minibatches", "2", "--hidden", "8"],
    *["--eval-every", "1", "--eval-matches", "2", "--seed", "7", "--quiet"],
]
"""A training run of seconds (most of them compiling)."""


def test_placement_points_are_the_kernels_count() -> None:
    """Each legal id's points, read from the observation alone, are the count the kernel's step scores."""
    points = jax.jit(jax.vmap(example("jax_sniff_policy").placement_points))
    game = tablegames.jax.make("american-sniff", players=2)
    states = jax.vmap(game.init)(jax.random.split(jax.random.PRNGKey(3), 8))
    step = jax.jit(jax.vmap(game.step))
    every_id = jax.jit(jax.vmap(jax.vmap(game.step, in_axes=(None, 0)), in_axes=(0, None)))
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(60):
        mask = np.asarray(states.legal_action_mask)
        got = np.asarray(points(jax.vmap(game.observe)(states, states.current_player)))
        after = every_id(states, jnp.arange(140))
        count = np.asarray(after.layout_count)
        same_hand = np.asarray(after.hand_number) == np.asarray(states.hand_number)[:, None]
        want = np.where((count > 0) & (count % 5 == 0), count, 0)
        compared = mask & same_hand  # a placement that ends the hand deals the next one, and its count is gone
        assert np.array_equal(got[compared], want[compared])
        checked += int(compared.sum())
        states = step(states, jnp.asarray(np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)))
    assert checked > 1_000


def test_a_short_training_run_is_reproducible(tmp_path: Path) -> None:
    """train_jax.py writes weights that load and a curve; the same seed gives the same weights, bit for bit."""
    train = example("train_jax")
    saved = []
    for name in ("a", "b"):
        weights, curve = tmp_path / f"{name}.npz", tmp_path / f"{name}.json"
        assert train.main([*TINY, "--weights", str(weights), "--curve", str(curve)]) == 0
        saved.append(dict(np.load(weights)))
    assert saved[0].keys() == saved[1].keys()
    assert all(saved[0][k].tobytes() == saved[1][k].tobytes() for k in saved[0])
    assert saved[0]["w1"].shape == (114 + 140, 8) and saved[0]["w_pi"].shape == (8, 140)
    points = json.loads(curve.read_text())["curve"]
    assert [p["decisions"] for p in points if "margin" in p] == [32, 64]
    evaluations = [p for p in points if "greedy_win_rate" in p]
    assert [p["update"] for p in evaluations] == [0, 1, 2]
    assert all(p["matches"] == 2 and p["greedy_low"] <= p["greedy_win_rate"] <= p["greedy_high"] for p in evaluations)
    game = tablegames.new_game("american-sniff", seed=1, players=2)
    policy = example("jax_sniff_policy")
    Table(game, [make_bot(policy.BOT_NAME, weights=str(tmp_path / "a.npz")), GreedyBot()], rng=random.Random(1)).play()
    assert game.is_over


def test_the_committed_weights_play_through_policybot() -> None:
    """Importing jax_sniff_policy registers jax-sniff, a PolicyBot on the committed weights (under 1 MB)."""
    module = example("jax_sniff_policy")
    assert "jax-sniff" in bot_names()
    bot = make_bot("jax-sniff")
    assert isinstance(bot, PolicyBot) and bot.name == "jax-sniff"
    assert bot.policy is module.load(module.WEIGHTS)
    assert module.WEIGHTS.stat().st_size < 1_000_000
    assert doctest.testmod(module, raise_on_error=True).attempted >= 4


def test_the_policy_plays_the_highest_legal_logit() -> None:
    """The bot's choice is the legal id of the highest logit: with a points weight alone, the best-scoring legal id."""
    module = example("jax_sniff_policy")
    params = {k: np.zeros_like(v) for k, v in module.init_params(jax.random.PRNGKey(0), hidden=4).items()}
    params["points"] = np.ones(())
    game = tablegames.jax.make("american-sniff", players=2)
    state = game.init(jax.random.PRNGKey(0))
    state = game.step(state, int(np.flatnonzero(np.asarray(state.legal_action_mask))[0]))
    observation = np.asarray(game.observe(state, state.current_player))
    mask = np.asarray(state.legal_action_mask).astype(np.int8)
    chosen = module.JaxPolicy(params)(observation, mask)
    points = np.asarray(module.placement_points(jnp.asarray(observation)))
    assert mask[chosen] == 1
    assert points[chosen] == points[mask == 1].max()


def test_the_committed_weights_beat_greedy() -> None:
    """Through PolicyBot, as simulate plays it: 50 deals from both seats, won above half (95% Wilson) against greedy."""
    example("jax_sniff_policy")
    wins = played = 0
    for deal in range(50):
        for bots in (("jax-sniff", "greedy"), ("greedy", "jax-sniff")):
            result = play_match(MatchTask(played, "american-sniff", {"players": 2}, 700 + deal, bots))
            wins += result.winner == result.sides[bots.index("jax-sniff")]
            played += 1
    low, high = wilson_interval(wins, played)
    assert played == 100
    assert low > 0.5, (wins, played, low, high)


def test_the_search_bot_plays_its_playouts_by_the_policy() -> None:
    """jax-sniff-search is an ArraySearchBot whose playout policy is the trained policy's highest legal logit."""
    module = example("jax_sniff_policy")
    assert "jax-sniff-search" in bot_names()
    from tablegames.jax.search import ArraySearchBot

    bot, again = make_bot("jax-sniff-search", worlds=2, playouts=16, rounds=1), make_bot("jax-sniff-search")
    assert isinstance(bot, ArraySearchBot) and isinstance(again, ArraySearchBot)
    policy = bot.policy
    assert policy is not None and isinstance(policy, module.TrainedPlayouts)
    assert policy is again.policy  # one policy object: the playouts compile once
    game = tablegames.jax.make("american-sniff", players=2)
    state = game.init(jax.random.PRNGKey(1))
    observation = game.observe(state, state.current_player)
    expected = module.load().params
    logits, _ = module.forward(expected, observation, state.legal_action_mask)
    assert int(policy(jax.random.PRNGKey(0), state)) == int(jnp.argmax(logits))
    match = tablegames.new_game("american-sniff", seed=2, players=2)
    table = Table(match, [bot, GreedyBot()], rng=random.Random(2))
    assert choices_made(table, 0, 2) == 2 and bot.last_playouts == 16
