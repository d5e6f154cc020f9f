"""Four Point Smear's array game: pure, batched, whole matches; from_game at any position; the capability."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import tablegames  # noqa: E402
from tablegames.bots.base import Bot  # noqa: E402
from tablegames.core.errors import InvalidOptionsError, UnknownVariantError  # noqa: E402
from tablegames.jax import ArrayGame, from_game, key_of, make  # noqa: E402
from tablegames.jax.protocol import ArrayHeuristic, FromGames  # noqa: E402
from tablegames.rl.decisions import Decision, MissingCapability, capabilities  # noqa: E402
from tablegames.variants.arrays import quotient  # noqa: E402


def test_import_tablegames_never_imports_jax() -> None:
    """The core, the variants and a whole Smear match run without importing JAX."""
    code = (
        "import random, sys, tablegames\n"
        "from tablegames.bots import RandomBot\n"
        "game, rng = tablegames.new_game('four-point-smear', seed=1, seen_undealt=2), random.Random(1)\n"
        "while not game.is_over: game.apply(RandomBot().choose(game.legal_actions(), rng))\n"
        "assert 'jax' not in sys.modules, 'jax was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_make_finds_the_capability_and_checks_names_and_options() -> None:
    """make() gives Smear's array game; an unknown name, a bad option or a variant without one is refused."""
    game = make("four-point-smear", seen_undealt=3, target=21)
    assert isinstance(game, ArrayGame)
    ids, spec = capabilities(tablegames.new_game("four-point-smear", seed=1, seen_undealt=3))
    assert (game.num_actions, game.observation_size, game.num_players) == (ids.size, spec.size, 4)
    with pytest.raises(UnknownVariantError):
        make("no-such-game")
    with pytest.raises(InvalidOptionsError):
        make("four-point-smear", seen_undealt=4)
    with pytest.raises(MissingCapability, match="all-fives provides no array game"):
        make("all-fives")


def test_init_deals_the_whole_deck() -> None:
    """Every deal gives six cards to each seat and eight distinct undealt cards, and keys give different deals."""
    game = make("four-point-smear")
    states = jax.jit(jax.vmap(game.init))(jax.random.split(jax.random.PRNGKey(0), 256))
    holder = np.asarray(states.holder)
    undealt = np.asarray(states.undealt)
    for seat in range(4):
        assert ((holder == seat).sum(axis=1) == 6).all()
    for row in range(256):
        assert sorted(undealt[row]) == sorted(np.flatnonzero(holder[row] == -1))
    assert len({tuple(h) for h in holder}) == 256
    dealers = np.asarray(states.dealer)
    assert set(dealers) == {0, 1, 2, 3}
    assert (np.asarray(states.current_player) == (dealers + 1) % 4).all()


def _cautious(key: Any, mask: Any) -> Any:
    """A random legal id; in the bidding a pass 60% of the time, else the lowest bid (as RandomBot bids)."""
    k1, k2 = jax.random.split(key)
    n = mask.sum()
    pick = jnp.argmax(jnp.cumsum(mask) > jnp.floor(jax.random.uniform(k1) * n)).astype(jnp.int32)
    lowest_bid = jnp.argmax(mask[1:4]).astype(jnp.int32) + 1
    bidding = mask[0] & mask[1:4].any()
    return jnp.where(bidding, jnp.where(jax.random.uniform(k2) < 0.6, 0, lowest_bid), pick)


def test_jit_and_vmap_play_whole_matches() -> None:
    """Batched compiled steps play matches to their end: +1 for the winning side's seats, -1 for the others."""
    game = make("four-point-smear", target=5)
    batch = 64
    states = jax.vmap(game.init)(jax.random.split(jax.random.PRNGKey(1), batch))
    step = jax.jit(jax.vmap(game.step))
    choose = jax.jit(jax.vmap(_cautious))
    key = jax.random.PRNGKey(2)
    total = np.zeros((batch, 4), np.float32)
    for _ in range(3000):
        key, sub = jax.random.split(key)
        states = step(states, choose(jax.random.split(sub, batch), states.legal_action_mask))
        total += np.asarray(states.rewards)
        if bool(states.terminated.all()):
            break
    assert bool(states.terminated.all())
    winner = np.asarray(states.winner)
    expected = np.where(np.arange(4)[None, :] % 2 == winner[:, None], 1.0, -1.0)
    assert (total == expected).all()
    assert (np.asarray(states.current_player) == -1).all() and not np.asarray(states.legal_action_mask).any()
    scores = np.asarray(states.scores)
    assert (scores[np.arange(batch), winner] >= 5).all()
    assert (np.asarray(states.hand_number) > 1).any()


def test_a_finished_match_steps_to_itself() -> None:
    """A step after the match's end changes nothing and rewards nothing."""
    game = make("four-point-smear", target=1)
    ended = from_game(_finished(target=1))
    again = jax.jit(game.step)(ended, 0)
    assert bool(again.terminated) and not np.asarray(again.rewards).any()
    leaves = jax.tree_util.tree_leaves
    for a, b in zip(leaves(again._replace(rewards=ended.rewards)), leaves(ended), strict=True):
        assert np.array_equal(np.asarray(a), np.asarray(b))


def _finished(**options: Any) -> tablegames.Game:
    game = tablegames.new_game("four-point-smear", seed=5, **options)
    rng = random.Random(5)
    bot = tablegames.bots.RandomBot()
    while not game.is_over:
        game.apply(bot.choose(game.legal_actions(), rng))
    return game


def test_the_step_limit_truncates() -> None:
    """With max_steps, the match ends as truncated at that step and then steps to itself."""
    game = make("four-point-smear", max_steps=3)
    state = game.init(jax.random.PRNGKey(0))
    for i in range(3):
        assert not bool(state.truncated)
        state = game.step(state, 0)
        assert int(state.steps) == i + 1
    assert bool(state.truncated) and not bool(state.terminated)
    assert int(game.step(state, 1).steps) == 3


def test_an_illegal_id_ends_the_match() -> None:
    """An id the mask refuses ends the match at once, -1 to the seat that gave it."""
    game = make("four-point-smear")
    state = game.init(jax.random.PRNGKey(0))
    seat = int(state.current_player)
    refused = game.step(state, 40)  # a discard part in the bidding
    assert bool(refused.terminated) and int(refused.current_player) == -1
    assert np.asarray(refused.rewards).tolist() == [-1.0 if s == seat else 0.0 for s in range(4)]


@pytest.mark.parametrize("options", [{}, {"seen_undealt": 3, "high_low": "in-play"}, {"seen_undealt": 2}])
def test_from_game_at_every_position(options: dict[str, Any]) -> None:
    """from_game of every position (mid-bidding, mid-trick, finished) masks and observes as the reference."""
    game_arrays = make("four-point-smear", **options)
    observe = jax.jit(jax.vmap(game_arrays.observe, in_axes=(None, 0)))
    rng = random.Random(3)
    bot = tablegames.bots.RandomBot()
    seats = np.arange(4)
    for seed in range(3):
        game = tablegames.new_game("four-point-smear", seed=seed, **options)
        ids, spec = capabilities(game)
        while True:
            state = game_arrays.from_game(game, key=key_of(game))
            mask = np.zeros(ids.size, bool)
            if not game.is_over:
                Decision(game, ids).write_mask(mask)
            assert np.array_equal(np.asarray(state.legal_action_mask), mask)
            assert int(state.current_player) == (-1 if game.current_player is None else game.current_player)
            assert tuple(np.asarray(state.scores)) == game.scores and bool(state.terminated) == game.is_over
            seen = np.asarray(observe(state, seats))
            for seat in seats:
                out = np.zeros(spec.size, np.float32)
                spec.write(game, int(seat), out)
                assert np.array_equal(seen[seat], out)
            if game.is_over:
                break
            game.apply(bot.choose(game.legal_actions(), rng))


@pytest.mark.parametrize("options", [{}, {"seen_undealt": 2}])
def test_from_games_stacks_what_from_game_gives(options: dict[str, Any]) -> None:
    """from_games of the positions of a match is, leaf for leaf, from_game of each stacked (keys included)."""
    game_arrays = make("four-point-smear", **options)
    assert isinstance(game_arrays, FromGames)
    game = tablegames.new_game("four-point-smear", seed=7, **options)
    rng = random.Random(7)
    positions: list[Any] = []
    while not game.is_over and len(positions) < 60:
        positions.append(game.clone())
        game.apply(rng.choice(game.legal_actions()))
    keys = np.array([[rng.getrandbits(32), rng.getrandbits(32)] for _ in positions], np.uint32)
    batch = game_arrays.from_games(positions, keys)
    singles = [game_arrays.from_game(g, key=jnp.asarray(k)) for g, k in zip(positions, keys, strict=True)]
    for name, leaf in batch._asdict().items():
        expected = np.stack([np.asarray(getattr(one, name)) for one in singles])
        assert np.asarray(leaf).dtype == expected.dtype and np.array_equal(np.asarray(leaf), expected), name
    assert np.asarray(batch.legal_action_mask).any(axis=1).all()
    with pytest.raises(ValueError, match="one pair of words a game"):
        game_arrays.from_games(positions, keys[:, :1])


@pytest.mark.parametrize(
    "options", [{}, {"seen_undealt": 2}, {"seen_undealt": 3, "high_low": "in-play"}, {"seen_undealt": 1}]
)
def test_priorities_choose_as_the_heuristic(options: dict[str, Any]) -> None:
    """At every decision of matches of greedy and random seats, the array game's top legal id is the reference
    heuristic's action (a discard part by part): its bids, discards, leads and follows, every option set."""
    from tests.bots.support import observe

    game_arrays = make("four-point-smear", **options)
    assert isinstance(game_arrays, ArrayHeuristic)
    priorities = jax.jit(game_arrays.priorities)
    step = jax.jit(game_arrays.step)
    phases: set[str] = set()
    for seed in range(2):
        game = tablegames.new_game("four-point-smear", seed=seed, **options)
        ids, _ = capabilities(game)
        rng = random.Random(seed)
        bots: list[Bot] = [tablegames.bots.GreedyBot(), tablegames.bots.RandomBot()] * 2
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            wanted = type(game).heuristic_choice(observe(game, seat))
            assert wanted is not None
            state = game_arrays.from_game(game, key=key_of(game))
            for part in ids.encode(wanted):
                ranked = np.where(np.asarray(state.legal_action_mask), np.asarray(priorities(state)), -1)
                assert int(np.argmax(ranked)) == part, str(wanted)
                state = step(state, part)
            phases.add(game.view(seat).phase)
            game.apply(bots[seat].act(observe(game, seat), rng))
    assert phases >= ({"bidding", "play", "discard"} if options.get("seen_undealt") else {"bidding", "play"})


def test_from_game_refuses_other_options() -> None:
    """A reference game of other options is refused by name."""
    with pytest.raises(ValueError, match="not this array game's"):
        other = tablegames.new_game("four-point-smear", seed=1, target=9)
        make("four-point-smear").from_game(other, key=jnp.zeros(2, jnp.uint32))


def test_quotient_rounds_as_ieee_division() -> None:
    """Scores over the target come out as the reference's doubles rounded to float32, not XLA's reciprocal product."""
    scores = np.concatenate([np.arange(-3000, 3000), [2**24 - 1, -(2**24) + 1, 12_345_678]]).astype(np.int32)
    for target in (1, 2, 3, 6, 7, 15, 21, 80, 997, 9_999, 10_000):
        expected = np.array([np.float32(int(s) * (1.0 / target)) for s in scores])
        assert np.array_equal(np.asarray(jax.jit(quotient, static_argnums=1)(scores, target)), expected)
