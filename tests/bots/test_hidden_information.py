"""Bots cannot cheat: their choices do not change when only hidden information changes."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablegames
from tablegames.bots import Bot, GreedyBot, ISMCTSBot, Observation, Table, sample_world
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.variants.smear import SmearDeal
from tablegames.variants.sniff import SniffDeal
from tests.bots.support import observation_text, observe, positions


class _Recorder:
    """Wraps a bot and records every observation it was given (as text) with its choice."""

    name = "recorder"

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seen: list[tuple[str, Action]] = []

    def act(self, observation: Observation, rng: random.Random) -> Action:
        action = self.bot.act(observation, rng)
        self.seen.append((observation_text(observation), action))
        return action


def _shared_decisions(first: Game, second: Game, make: Any, *, seat: int, steps: int) -> int:
    """Play both games with the same bots; check the seat's choices while its observations agree.

    Returns how many of the seat's decisions were compared (before the observations diverged).
    """
    recorders = []
    for game in (first, second):
        recorder = _Recorder(make())
        bots: list[Bot] = [recorder if s == seat else GreedyBot() for s in range(game.players)]
        table = Table(game, bots, rng=random.Random(99))
        for _ in range(steps):
            if game.is_over:
                break
            table.step()
        recorders.append(recorder)
    compared = 0
    for (text_a, action_a), (text_b, action_b) in zip(recorders[0].seen, recorders[1].seen, strict=False):
        if text_a != text_b:
            break
        assert action_a == action_b
        compared += 1
    return compared


def _sniff_pair(seed: int) -> tuple[Game, Game]:
    """Two two-player Sniff games whose deals differ only in seat 1's hand and the stock."""
    game = tablegames.new_game("american-sniff", seed=seed, players=2)
    dealt = game.log().events[0]
    hands, stock = list(dealt.hands), list(dealt.stock)  # type: ignore[attr-defined]
    theirs = sorted(hands[1], key=lambda t: t.pips)
    light = theirs[0]
    other = list(hands[1])
    other[other.index(light)] = stock[-1]
    swapped = [*stock[:-3], stock[-2], stock[-3], light]
    a = SniffDeal(hands=(hands[0], hands[1]), stock=tuple(stock), leader=0)
    b = SniffDeal(hands=(hands[0], tuple(other)), stock=tuple(swapped), leader=0)
    return (
        tablegames.new_game("american-sniff", seed=seed, players=2, deals=[a]),
        tablegames.new_game("american-sniff", seed=seed, players=2, deals=[b]),
    )


def _smear_pair(seed: int, *, opponents: bool) -> tuple[Game, Game]:
    """Two Smear games whose deals differ only in cards seat 0 cannot see.

    The bottom of the undealt stack is reordered (nobody ever sees it); with ``opponents``,
    seats 1 and 3 also swap their lowest cards.
    """
    game = tablegames.new_game("four-point-smear", seed=seed, seen_undealt=2)
    dealt = game.log().events[1]
    hands = [list(h) for h in dealt.hands]  # type: ignore[attr-defined]
    undealt = list(dealt.undealt)  # type: ignore[attr-defined]
    a = SmearDeal(hands=tuple(tuple(h) for h in hands), undealt=tuple(undealt), dealer=3)
    undealt[5], undealt[7] = undealt[7], undealt[5]
    if opponents:
        low1 = min(hands[1], key=lambda c: c.rank)
        low3 = min(hands[3], key=lambda c: c.rank)
        hands[1][hands[1].index(low1)] = low3
        hands[3][hands[3].index(low3)] = low1
    b = SmearDeal(hands=tuple(tuple(h) for h in hands), undealt=tuple(undealt), dealer=3)
    return (
        tablegames.new_game("four-point-smear", seed=seed, seen_undealt=2, deals=[a]),
        tablegames.new_game("four-point-smear", seed=seed, seen_undealt=2, deals=[b]),
    )


@pytest.mark.parametrize("make", [GreedyBot, lambda: ISMCTSBot(iterations=12)], ids=["greedy", "ismcts"])
def test_sniff_choices_ignore_the_other_hand_and_the_stock(make: Any) -> None:
    """Two Sniff deals differing only in seat 1's hand and the stock give seat 0 the same choices until it can tell."""
    compared = 0
    for seed in range(3):
        first, second = _sniff_pair(seed)
        assert tablegames.dumps(first.log()) != tablegames.dumps(second.log())
        assert observation_text(observe(first, 0)) == observation_text(observe(second, 0))
        compared += _shared_decisions(first, second, make, seat=0, steps=40)
    assert compared >= 6


@pytest.mark.parametrize("make", [GreedyBot, lambda: ISMCTSBot(iterations=8)], ids=["greedy", "ismcts"])
@pytest.mark.parametrize("opponents", [False, True], ids=["undealt", "opponents"])
def test_smear_choices_ignore_cards_the_seat_cannot_see(make: Any, opponents: bool) -> None:
    """Two Smear deals differing only in unseen cards give seat 0 the same choices until it can tell."""
    compared = 0
    for seed in range(5):
        first, second = _smear_pair(seed, opponents=opponents)
        assert tablegames.dumps(first.log()) != tablegames.dumps(second.log())
        compared += _shared_decisions(first, second, make, seat=0, steps=30)
    assert compared >= 5


@pytest.mark.parametrize(("variant", "options"), [("american-sniff", {"players": 2}), ("four-point-smear", {})])
def test_choices_are_the_same_in_every_sampled_world(variant: str, options: dict[str, Any]) -> None:
    """Worlds sampled from the seat's log differ in hidden pieces but give the same observation and the same choices."""
    rng = random.Random(4)
    checked = 0
    for game, _ in positions(variant, options, seeds=[1], every=7):
        seat = game.current_player
        if seat is None:
            continue
        real = observe(game, seat)
        for _ in range(2):
            world = sample_world(game.log(seat), rng)
            seen = observe(world, seat)
            assert observation_text(seen) == observation_text(real)
            assert GreedyBot().act(seen, random.Random(0)) == GreedyBot().act(real, random.Random(0))
            if checked < 4:
                bot = ISMCTSBot(iterations=6)
                assert bot.act(seen, random.Random(1)) == bot.act(real, random.Random(1))
            checked += 1
    assert checked >= 6


class _Cheater:
    """A bot that peeks at the game (through a closure) to pick its move: what the protocol rules out."""

    name = "cheater"

    def __init__(self, game: Game) -> None:
        self.game = game

    def act(self, observation: Observation, rng: random.Random) -> Action:
        hidden = self.game.view(1).hand  # seat 1's tiles, which seat 0 may not know
        return observation.legal[0] if sum(t.pips for t in hidden) % 2 else observation.legal[-1]


def test_the_check_catches_a_bot_that_peeks() -> None:
    """The lockstep check fails for a bot that reads the hidden hands, so it has teeth."""
    caught = []
    for seed in range(10):  # on some deals the peeked parity happens to agree; one catch is the point
        first, second = _sniff_pair(seed)
        games = iter([first, second])
        try:
            _shared_decisions(first, second, lambda games=games: _Cheater(next(games)), seat=0, steps=40)
        except AssertionError:
            caught.append(seed)
    assert caught, "the lockstep check never told a peeking bot apart on ten deals"
