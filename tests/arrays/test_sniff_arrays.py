"""American Sniff's array game: pure, batched, whole matches of 2, 3 and 4 players; from_game anywhere."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

import tablegames  # noqa: E402
from tablegames.jax import ArrayGame, DealsAhead, from_game, key_of, make  # noqa: E402
from tablegames.jax.protocol import ArrayHeuristic, FromGames  # noqa: E402
from tablegames.rl.decisions import Decision, capabilities  # noqa: E402
from tablegames.variants.arrays import clockwise_first, hashed_words, random_order, ranks, trick_winner  # noqa: E402
from tablegames.variants.sniff import Sniff  # noqa: E402
from tablegames.variants.sniff.arrays import SniffArrays  # noqa: E402

SIZES = {2: (7, 14, 114), 3: (6, 10, 124), 4: (5, 8, 132)}
"""Tiles in a hand, in the stock, and the observation's length, by players."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_make_gives_sniff_for_every_player_count(players: int) -> None:
    """make() gives the array game with the reference's 140 ids and observation size, and its next deals."""
    game = make("american-sniff", players=players, target=75)
    assert isinstance(game, ArrayGame) and isinstance(game, DealsAhead)
    ids, spec = capabilities(tablegames.new_game("american-sniff", seed=1, players=players, target=75))
    assert (game.num_actions, game.observation_size, game.num_players) == (ids.size, spec.size, players)
    assert spec.size == SIZES[players][2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_init_deals_every_tile_once(players: int) -> None:
    """Every deal gives each seat its hand and the rest to the stock, once each; keys give different deals."""
    hand, stock, _ = SIZES[players]
    game = make("american-sniff", players=players)
    states = jax.jit(jax.vmap(game.init))(jax.random.split(jax.random.PRNGKey(0), 128))
    holder = np.asarray(states.holder)
    stocks = np.asarray(states.stock)
    assert stocks.shape == (128, stock)
    for seat in range(players):
        assert ((holder == seat).sum(axis=1) == hand).all()
    for row in range(128):
        assert sorted(stocks[row]) == sorted(np.flatnonzero(holder[row] == -1))
    assert len({tuple(h) for h in holder}) == 128
    leaders = np.asarray(states.current_player)
    assert set(leaders) == set(range(players))
    assert (np.asarray(states.legal_action_mask).sum(axis=1) == hand).all()  # open with any tile
    assert (np.asarray(states.hand_number) == 1).all()


def _random(key: Any, mask: Any) -> Any:
    """A uniformly random legal id."""
    return jnp.argmax(jnp.cumsum(mask) > jnp.floor(jax.random.uniform(key) * mask.sum())).astype(jnp.int32)


@pytest.mark.parametrize("players", [2, 4])
def test_jit_and_vmap_play_whole_matches(players: int) -> None:
    """Batched compiled steps play matches to their end: +1 for the winning side's seats, -1 for the others."""
    game = make("american-sniff", players=players, target=40)
    batch = 64
    states = jax.vmap(game.init)(jax.random.split(jax.random.PRNGKey(1), batch))
    step = jax.jit(jax.vmap(game.step))
    choose = jax.jit(jax.vmap(_random))
    key = jax.random.PRNGKey(2)
    total = np.zeros((batch, players), np.float32)
    for _ in range(2000):
        key, sub = jax.random.split(key)
        states = step(states, choose(jax.random.split(sub, batch), states.legal_action_mask))
        total += np.asarray(states.rewards)
        if bool(states.terminated.all()):
            break
    assert bool(states.terminated.all())
    winner = np.asarray(states.winner)
    side = np.arange(players) % 2 if players == 4 else np.arange(players)
    assert (total == np.where(side[None, :] == winner[:, None], 1.0, -1.0)).all()
    assert (np.asarray(states.current_player) == -1).all() and not np.asarray(states.legal_action_mask).any()
    assert (np.asarray(states.scores)[np.arange(batch), winner] >= 40).all()
    assert (np.asarray(states.hand_number) > 1).any()


def _finished(**options: Any) -> tablegames.Game:
    game = tablegames.new_game("american-sniff", seed=5, **options)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_finished_match_steps_to_itself() -> None:
    """A step after the match's end changes nothing and rewards nothing."""
    game = make("american-sniff", players=3, target=20)
    ended = from_game(_finished(players=3, target=20))
    assert bool(ended.terminated)
    again = jax.jit(game.step)(ended, 0)
    assert bool(again.terminated) and not np.asarray(again.rewards).any()
    leaves = jax.tree_util.tree_leaves
    for a, b in zip(leaves(again), leaves(ended), strict=True):
        assert np.array_equal(np.asarray(a), np.asarray(b))


def test_the_step_limit_truncates() -> None:
    """With max_steps, the match ends as truncated at that step and then steps to itself."""
    game = make("american-sniff", players=2, max_steps=3)
    step = jax.jit(game.step)
    state = jax.jit(game.init)(jax.random.PRNGKey(0))
    for i in range(3):
        assert not bool(state.truncated)
        state = step(state, int(np.argmax(np.asarray(state.legal_action_mask))))
        assert int(state.steps) == i + 1
    assert bool(state.truncated) and not bool(state.terminated)
    assert int(step(state, int(np.argmax(np.asarray(state.legal_action_mask)))).steps) == 3


def test_an_illegal_id_ends_the_match() -> None:
    """An id the mask refuses ends the match at once, -1 to the seat that gave it."""
    game = make("american-sniff", players=4)
    state = jax.jit(game.init)(jax.random.PRNGKey(0))
    seat = int(state.current_player)
    refused = jax.jit(game.step)(state, 1)  # 0-0 on W, before the opening
    assert bool(refused.terminated) and int(refused.current_player) == -1
    assert np.asarray(refused.rewards).tolist() == [-1.0 if s == seat else 0.0 for s in range(4)]


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "target": 60}, {"players": 4, "target": 90}])
def test_from_game_at_every_position(options: dict[str, Any]) -> None:
    """from_game of every position (mid-hand, after draws, mid-match, finished) masks and observes as the reference."""
    game_arrays = make("american-sniff", **options)
    observe = jax.jit(jax.vmap(game_arrays.observe, in_axes=(None, 0)))
    rng = random.Random(3)
    seats = np.arange(options["players"])
    for seed in range(2):
        game = tablegames.new_game("american-sniff", seed=seed, **options)
        ids, spec = capabilities(game)
        while True:
            state = game_arrays.from_game(game, key=key_of(game))
            mask = np.zeros(ids.size, bool)
            if not game.is_over:
                Decision(game, ids).write_mask(mask)
            assert np.array_equal(np.asarray(state.legal_action_mask), mask)
            assert int(state.current_player) == (-1 if game.current_player is None else game.current_player)
            assert tuple(np.asarray(state.scores)) == game.scores and bool(state.terminated) == game.is_over
            assert isinstance(game, Sniff) and int(state.layout_count) == game.count
            seen = np.asarray(observe(state, seats))
            for seat in seats:
                out = np.zeros(spec.size, np.float32)
                spec.write(game, int(seat), out)
                assert np.array_equal(seen[seat], out)
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_from_games_stacks_what_from_game_gives(players: int) -> None:
    """from_games of the positions of a match is, leaf for leaf, from_game of each stacked (keys included)."""
    game_arrays = make("american-sniff", players=players)
    assert isinstance(game_arrays, FromGames)
    game = tablegames.new_game("american-sniff", seed=7, players=players)
    rng = random.Random(7)
    positions: list[Any] = []
    while not game.is_over and len(positions) < 40:
        positions.append(game.clone())
        game.apply(rng.choice(game.legal_actions()))
    positions.append(game)
    keys = np.array([[rng.getrandbits(32), rng.getrandbits(32)] for _ in positions], np.uint32)
    batch = game_arrays.from_games(positions, keys)
    singles = [game_arrays.from_game(g, key=jnp.asarray(k)) for g, k in zip(positions, keys, strict=True)]
    for name, leaf in batch._asdict().items():
        expected = np.stack([np.asarray(getattr(one, name)) for one in singles])
        assert np.asarray(leaf).dtype == expected.dtype and np.array_equal(np.asarray(leaf), expected), name
    with pytest.raises(ValueError, match="one pair of words a game"):
        game_arrays.from_games(positions, keys[:-1])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_priorities_order_placements_as_the_heuristic(players: int) -> None:
    """At every decision of random matches, each legal id's priority is the heuristic's key of its placement
    (64 x points scored, 2 x pips, a double), and the highest is a choice of the same worth as the heuristic's."""
    from tablegames.variants.sniff.heuristic import placement_points, sniff_choice, sniff_layout

    game_arrays = make("american-sniff", players=players)
    assert isinstance(game_arrays, ArrayHeuristic)
    priorities = jax.jit(game_arrays.priorities)
    checked = 0
    for seed in range(3):
        game = tablegames.new_game("american-sniff", seed=seed, players=players)
        ids, _ = capabilities(game)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            seat = game.current_player
            assert seat is not None
            ranked = np.asarray(priorities(game_arrays.from_game(game, key=key_of(game))))
            layout = sniff_layout(game.view(seat))

            def key(action: Any, layout: Any = layout) -> int:
                return 64 * placement_points(layout, action) + 2 * int(action.tile.pips) + int(action.tile.is_double)

            for action in legal:
                assert ranked[ids.encode(action)[0]] == key(action), action
            best = max(ranked[ids.encode(a)[0]] for a in legal)
            assert key(sniff_choice(layout, legal)) == best
            checked += len(legal)
            game.apply(rng.choice(legal))
    assert checked > 100


def test_from_game_refuses_other_options() -> None:
    """A reference game of other options is refused by name."""
    other = tablegames.new_game("american-sniff", seed=1, players=2, target=9)
    with pytest.raises(ValueError, match="not this array game's"):
        make("american-sniff", players=2).from_game(other, key=jnp.zeros(2, jnp.uint32))


def test_hashed_deals_are_even() -> None:
    """Over 20,000 chained deals each tile lands in each seat's hand and the stock as often as chance says."""
    game = make("american-sniff", players=2)
    assert isinstance(game, SniffArrays)

    def deal(key: Any, _: Any) -> Any:
        key, holder, _, leader = game._deal(key)
        return key, (holder, leader)

    _, (holders, leaders) = jax.lax.scan(deal, jnp.array([5, 9], jnp.uint32), None, length=20_000)
    holders, leaders = np.asarray(holders), np.asarray(leaders)
    for place, share in ((0, 7 / 28), (1, 7 / 28), (-1, 14 / 28)):
        seen = (holders == place).mean(axis=0)  # per tile
        assert np.abs(seen - share).max() < 0.015  # about 5 standard deviations
    assert abs(leaders.mean() - 0.5) < 0.015


def test_the_next_deal_is_the_one_dealt() -> None:
    """next_deal() names the hands and stock that the state's next hand gets, as a valid stacked deal."""
    game = make("american-sniff", players=3)
    assert isinstance(game, SniffArrays)
    state = game.init(jax.random.PRNGKey(4))
    deal = game.next_deal(state)
    assert tablegames.new_game("american-sniff", seed=0, players=3, deals=[deal]).events  # a valid deal
    step = jax.jit(game.step)
    while int(state.hand_number) == 1:
        state = step(state, int(np.argmax(np.asarray(state.legal_action_mask))))
    for seat, hand in enumerate(deal.hands):
        held = {t.index for t in hand}
        assert held == set(np.flatnonzero(np.asarray(state.holder) == seat).tolist())
    assert [t.index for t in deal.stock] == np.asarray(state.stock).tolist()


def test_the_shared_pieces() -> None:
    """The array pieces the games share: a random order is a permutation, seats found clockwise, a trick's winner."""
    for seed in range(20):
        assert sorted(np.asarray(random_order(jax.random.PRNGKey(seed), 28)).tolist()) == list(range(28))
        words = hashed_words(jnp.array([seed, 3 * seed + 1], jnp.uint32), 32)
        assert len(set(np.asarray(words).tolist())) == 32  # distinct: their ranks are a permutation
        assert sorted(np.asarray(ranks(words)).tolist()) == list(range(32))
    flags = jnp.array([False, True, False, False])
    assert [int(clockwise_first(flags, jnp.int32(s))[0]) for s in range(4)] == [1, 1, 1, 1]
    assert not bool(clockwise_first(jnp.zeros(3, bool), jnp.int32(0))[1])
    suits, powers = jnp.array([0, 0, 1, 0]), jnp.array([3, 6, 7, 1])
    assert int(trick_winner(suits, powers, jnp.int32(2), jnp.int32(0))) == 1  # no trump: the highest of the suit led
    assert int(trick_winner(suits, powers, jnp.int32(1), jnp.int32(0))) == 2  # the only trump
