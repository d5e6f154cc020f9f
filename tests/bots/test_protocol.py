"""The bot protocol: bots see an observation, never the game, and always choose a legal action."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import tablegames
from tablegames.bots import (
    Bot,
    GreedyBot,
    ISMCTSBot,
    Observation,
    RandomBot,
    Table,
    bot_names,
    make_bot,
)
from tablegames.core.events import Action
from tablegames.core.game import Game
from tests.bots.support import CASES


class _Checked:
    """Wraps a bot: checks what it is given and that its choice is one of the legal actions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0

    def act(self, observation: Observation, rng: random.Random) -> Action:
        if self.decisions < 5:
            _assert_no_game(observation)
        action = self.bot.act(observation, rng)
        assert action in observation.legal
        self.decisions += 1
        return action


def _assert_no_game(value: Any, depth: int = 0) -> None:
    """Nothing reachable from ``value`` (attrs fields, tuples) is a game."""
    assert not isinstance(value, Game)
    if depth > 6:
        return
    if isinstance(value, (tuple, list)):
        for item in value:
            _assert_no_game(item, depth + 1)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            _assert_no_game(getattr(value, field.name), depth + 1)


def test_the_bots_follow_the_protocol() -> None:
    """Every shipped bot is a Bot with its command-line name, made by the registry."""
    assert {"greedy", "ismcts", "random"} <= set(bot_names())
    for name, cls in (("greedy", GreedyBot), ("ismcts", ISMCTSBot), ("random", RandomBot)):
        bot = make_bot(name)
        assert isinstance(bot, cls)
        assert isinstance(bot, Bot)
        assert bot.name == name
    assert make_bot("ismcts", iterations=7, exploration=1.0).iterations == 7  # type: ignore[attr-defined]


def test_an_observation_holds_no_game() -> None:
    """An observation is the seat's view, its redacted log, its legal actions and the options: no game."""
    game = tablegames.new_game("four-point-smear", seed=2)
    observation = Table(game, [RandomBot()] * 4, rng=random.Random(0)).observe(game.current_player or 0)
    _assert_no_game(observation)
    assert observation.log().seat == observation.seat
    assert observation.log().seed is None


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_greedy_always_chooses_a_legal_action(variant: str, options: dict[str, Any]) -> None:
    """Greedy plays whole matches against random play choosing only legal actions."""
    for seed in range(2):
        game = tablegames.new_game(variant, seed=seed, **options)
        greedy = _Checked(GreedyBot())
        bots: list[Bot] = [greedy if s % 2 == seed % 2 else _Checked(RandomBot()) for s in range(game.players)]
        Table(game, bots, rng=random.Random(seed)).play()
        assert game.is_over
        assert greedy.decisions > 10


@pytest.mark.parametrize(("variant", "options"), CASES[::2])
def test_ismcts_chooses_legal_actions(variant: str, options: dict[str, Any]) -> None:
    """ISMCTS with a small budget chooses only legal actions, seeing only its observation."""
    game = tablegames.new_game(variant, seed=3, **options)
    searcher = _Checked(ISMCTSBot(iterations=5))
    bots: list[Bot] = [searcher if s == 0 else GreedyBot() for s in range(game.players)]
    table = Table(game, bots, rng=random.Random(3))
    for _ in range(40):
        if game.is_over:
            break
        table.step()
    assert searcher.decisions >= 3


def test_a_bot_with_nothing_to_choose_from_says_so() -> None:
    """Asked to act without legal actions, a bot raises ValueError instead of inventing one."""
    game = tablegames.new_game("american-sniff", seed=1, players=2)
    idle = 1 - (game.current_player or 0)
    observation = Table(game, [RandomBot()] * 2, rng=random.Random(0)).observe(idle)
    assert observation.legal == ()
    for bot in (GreedyBot(), ISMCTSBot(iterations=3), RandomBot()):
        with pytest.raises(ValueError, match="no legal action"):
            bot.act(observation, random.Random(0))
