"""The array search bot: legal, reproducible, blind to what its seat cannot see, and offered by name."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("jax")

import tablegames
from tablegames.bots import GreedyBot, Table, registry
from tablegames.core.events import Action
from tests.bots.support import choices_made, observation_text
from tests.bots.support import observe as observation_of
from tests.bots.test_hidden_information import _sniff_pair

_MODULE = "tablegames.jax.search"
search = importlib.import_module(_MODULE)

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("american-sniff", {"players": 2}),
    ("four-point-smear", {"seen_undealt": 2}),
]
"""One Sniff and one Smear whose discards are chosen in two parts."""


def small() -> Any:
    """A bot small enough for a test: one round of two worlds and 16 playouts, no look-ahead (a quick compile)."""
    return search.ArraySearchBot(worlds=2, playouts=16, rounds=1, lookahead=1)


def choices(name: str, options: dict[str, Any], *, seed: int, count: int) -> list[Action]:
    """The bot's first ``count`` choices at seat 0 where it had more than one, greedy bots in the other seats."""
    game = tablegames.new_game(name, seed=seed, **options)
    bot = small()
    table = Table(game, [bot, *[GreedyBot()] * (game.players - 1)], rng=random.Random(seed))
    found: list[Action] = []
    while len(found) < count and not game.is_over:
        seat, legal = game.current_player, game.legal_actions()
        action = table.step()
        if seat == 0 and len(legal) > 1:
            assert action in legal and bot.last_playouts == 16
            found.append(action)
    return found


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_it_plays_legal_actions_and_is_reproducible(name: str, options: dict[str, Any]) -> None:
    """Over several decisions the bot returns legal actions, and the same match again from the same seed."""
    first = choices(name, options, seed=3, count=4)
    assert len(first) == 4
    assert choices(name, options, seed=3, count=4) == first


def test_a_playout_that_looks_ahead_plays_legal_actions() -> None:
    """With a look-ahead over two ids in the first ply, the bot still returns legal actions."""
    game = tablegames.new_game("american-sniff", seed=8, players=2)
    bot = search.ArraySearchBot(worlds=1, playouts=8, rounds=1, lookahead=2, plies=1)
    table = Table(game, [bot, GreedyBot()], rng=random.Random(8))
    played = 0
    while played < 2 and not game.is_over:
        seat, legal = game.current_player, game.legal_actions()
        action = table.step()
        assert action in legal
        played += seat == 0 and len(legal) > 1
    assert played == 2


def test_smear_discards_are_whole_actions() -> None:
    """At a Smear discard of two cards (two ids), the bot gives one whole legal discard."""
    game = tablegames.new_game("four-point-smear", seed=5, seen_undealt=2)
    table = Table(game, [GreedyBot()] * 4, rng=random.Random(5))
    while not game.is_over:
        legal = game.legal_actions()
        if legal and type(legal[0]).__name__ == "Discard":
            break
        table.step()
    seat = game.current_player
    assert seat is not None and len(legal) > 1
    chosen = small().act(observation_of(game, seat), random.Random(1))
    assert chosen in legal and len(tablegames.dumps(chosen)) > 0


def test_it_sees_only_its_observation() -> None:
    """Two deals that differ only in seat 1's hand and the stock give seat 0 the same choices while it sees the same."""
    compared = 0
    for game_a, game_b in [_sniff_pair(4)]:
        picks: list[list[tuple[str, Any]]] = []
        for game in (game_a, game_b):
            table = Table(game, [GreedyBot()] * game.players, rng=random.Random(2))
            seen: list[tuple[str, Any]] = []
            while len(seen) < 3 and not game.is_over:
                if game.current_player == 0 and len(game.legal_actions()) > 1:
                    observation = observation_of(game, 0)
                    seen.append((observation_text(observation), small().act(observation, random.Random(6))))
                table.step()
            picks.append(seen)
        for (text_a, action_a), (text_b, action_b) in zip(*picks, strict=False):
            if text_a != text_b:
                break
            assert action_a == action_b
            compared += 1
    assert compared >= 1


_LISTING = "import sys; from tablegames.bots import bot_names; print(bot_names(), 'jax' in sys.modules)"


def test_the_library_lists_the_bot_under_its_jax_extra() -> None:
    """With JAX installed, array-search is a bot name with no import by the user (the library's entry point),
    listed without importing JAX and made with its settings."""
    assert search.ArraySearchBot.name in registry.bot_names()
    listed = subprocess.run(
        [sys.executable, "-c", _LISTING],
        capture_output=True,
        text=True,
        check=True,
    )
    assert listed.stdout.strip() == "['array-search', 'greedy', 'ismcts', 'random'] False"
    bot = registry.make_bot("array-search", worlds=2, playouts=32, seconds=0.25)
    assert isinstance(bot, search.ArraySearchBot) and (bot.worlds, bot.playouts, bot.seconds) == (2, 32, 0.25)


def test_importing_the_module_offers_the_bot_by_name() -> None:
    """Importing tablegames.jax.search (what --plugin does) registers array-search, made with its settings."""
    sys.modules.pop(_MODULE, None)
    fresh = importlib.import_module(_MODULE)
    try:
        bot = registry.make_bot("array-search", worlds=3, playouts=64, seconds=0.5)
        assert isinstance(bot, fresh.ArraySearchBot)
        assert (bot.worlds, bot.playouts, bot.seconds) == (3, 64, 0.5)
    finally:
        sys.modules[_MODULE] = search


def test_a_variant_without_an_array_game_is_searched_by_ismcts() -> None:
    """Where the variant provides no array game, the bot decides as ISMCTS does (its documented fallback)."""
    names = [n for n in tablegames.variant_names() if n not in ("american-sniff", "four-point-smear")]
    if not names:
        pytest.skip("no plug-in variant is installed")
    game = tablegames.new_game(names[0], seed=1)
    bot = search.ArraySearchBot(seconds=0.05)
    for _ in range(3):
        seat = game.current_player
        if seat is None:
            break
        action = bot.act(observation_of(game, seat), random.Random(1))
        assert action in game.legal_actions()
        game.apply(action)


@pytest.mark.parametrize(
    "settings",
    [{"worlds": 0}, {"playouts": 1.5}, {"rounds": -1}, {"seconds": 0}, {"lookahead": 0}, {"playout": "best"}],
)
def test_bad_settings_are_refused(settings: dict[str, Any]) -> None:
    """A count below 1, a count that is not an int and a non-positive time are refused at construction."""
    with pytest.raises(ValueError, match=next(iter(settings))):
        search.ArraySearchBot(**settings)


def test_halving_keeps_the_better_half_of_the_last_field() -> None:
    """Every action before any result; then the better half (two at least) of the last round's actions, by mean."""
    import numpy as np

    totals, counts = np.array([3.0, 9.0, 1.0, 8.0, 6.0]), np.array([10.0, 10.0, 10.0, 10.0, 10.0])
    assert search._halved(totals, counts, None).tolist() == [0, 1, 2, 3, 4]
    assert search._halved(totals, counts, np.arange(5)).tolist() == [1, 3, 4]
    assert search._halved(totals, counts, np.array([0, 2, 4])).tolist() == [0, 4]
    assert search._halved(totals, counts, np.array([2, 4])).tolist() == [2, 4]


def test_both_array_games_rank_their_ids_and_build_worlds_in_one_batch() -> None:
    """Sniff's and Smear's array games order their ids as their greedy bots (greedy playouts) and take a batch of
    worlds at once."""
    from tablegames.jax import make
    from tablegames.jax.protocol import ArrayHeuristic, FromGames

    for arrays in (make("american-sniff", players=2), make("four-point-smear")):
        assert isinstance(arrays, ArrayHeuristic) and isinstance(arrays, FromGames)


def test_greedy_and_random_playouts_both_play_legal_actions() -> None:
    """With either playout policy the bot gives legal actions, and the two policies are compiled apart."""
    for playout in ("greedy", "random"):
        game = tablegames.new_game("american-sniff", seed=9, players=2)
        bot = search.ArraySearchBot(worlds=2, playouts=16, rounds=3, lookahead=1, playout=playout)
        table = Table(game, [bot, GreedyBot()], rng=random.Random(9))
        played = 0
        while played < 2 and not game.is_over:
            seat, legal = game.current_player, game.legal_actions()
            action = table.step()
            assert action in legal
            if seat == 0 and len(legal) > 1:
                assert bot.last_playouts == 48
                played += 1
        assert played == 2
    kernel = search._KERNELS.get(("american-sniff", game.options))
    assert kernel is not None
    assert {settings[3] for settings in kernel._compiled} >= {True, False}  # a greedy and a random compilation


def _playouts_at_a_sniff_position() -> Any:
    """``rewards(policy)``: the rewards of 64 playouts (each legal action, 4 worlds) at one Sniff position, with
    ``policy`` (``None``: the greedy playouts), from the same worlds and keys each time."""
    import numpy as np

    from tablegames.core.derived import action_ids_of
    from tablegames.core.registry import get_variant

    game = tablegames.new_game("american-sniff", seed=4, players=2)
    table = Table(game, [GreedyBot(), GreedyBot()], rng=random.Random(4))
    for _ in range(3):
        table.step()
    seat = game.current_player
    assert seat is not None
    observation = observation_of(game, seat)
    variant = get_variant("american-sniff")
    arrays = search._arrays(variant, observation.options)
    ids = action_ids_of(variant, observation.options)
    kernel = search._kernel(variant, observation.options, arrays, ids)
    id_table = search._id_table(ids, observation.legal)
    worlds = search._fresh(observation.log(), random.Random(5), 4)
    states = search._stacked(arrays, worlds, np.array([[7, i] for i in range(4)], np.uint32))
    order = np.arange(64)
    keys = np.array([[3, i] for i in order], np.uint32)
    rows = ((order % 4).astype(np.int32), (order % len(observation.legal)).astype(np.int32), keys)
    side_of, setting = search._sides(variant, observation, worlds[0])

    def rewards(policy: Any) -> Any:
        run = kernel.compiled(parts=id_table.shape[1], lookahead=1, plies=0, greedy=True, policy=policy)
        return np.asarray(run(states, id_table, side_of, setting, rows))

    return rewards


def test_playouts_follow_a_given_policy() -> None:
    """A policy that ranks the ids as the heuristic gives the greedy playouts exactly; another policy other results."""
    import jax.numpy as jnp
    import numpy as np

    from tablegames.jax import make
    from tablegames.jax.protocol import ArrayHeuristic, PlayoutPolicy

    arrays = make("american-sniff", players=2)
    assert isinstance(arrays, ArrayHeuristic)

    def as_greedy(key: Any, state: Any) -> Any:
        return jnp.argmax(jnp.where(state.legal_action_mask, arrays.priorities(state), -(2**31))).astype(jnp.int32)

    def lowest(key: Any, state: Any) -> Any:
        return jnp.argmax(state.legal_action_mask).astype(jnp.int32)

    assert isinstance(as_greedy, PlayoutPolicy)
    rewards = _playouts_at_a_sniff_position()
    greedy = rewards(None)
    assert np.array_equal(rewards(as_greedy), greedy)
    assert not np.array_equal(rewards(lowest), greedy)


def test_a_bot_with_a_policy_plays_legal_actions_and_refuses_what_is_not_one() -> None:
    """The bot plays with a given policy, compiled apart from the greedy playouts, and refuses a non-callable one."""
    import jax.numpy as jnp

    def lowest(key: Any, state: Any) -> Any:
        return jnp.argmax(state.legal_action_mask).astype(jnp.int32)

    game = tablegames.new_game("american-sniff", seed=6, players=2)
    bot = search.ArraySearchBot(worlds=2, playouts=16, rounds=1, policy=lowest)
    table = Table(game, [bot, GreedyBot()], rng=random.Random(6))
    assert choices_made(table, 0, 2) == 2 and bot.last_playouts == 16
    kernel = search._KERNELS.get(("american-sniff", game.options))
    assert kernel is not None and id(lowest) in {settings[4] for settings in kernel._compiled}
    with pytest.raises(TypeError, match="policy"):
        search.ArraySearchBot(policy="greedy")
