"""The ISMCTS bot: legal choices within its budget, reproducible, and sensible in clear positions."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import tablegames
from tablegames.bots import GreedyBot, ISMCTSBot, Table
from tablegames.bots.ismcts import _GenericWorlds, worlds_for
from tablegames.bots.sampler import WorldSampler
from tablegames.core.game import Game
from tablegames.variants.sniff.search import SniffWorlds
from tests.bots.support import observe
from tests.bots.test_greedy import SNIFF_DEAL


def _position(variant: str, steps: int, **options: Any) -> Game:
    """A match after ``steps`` greedy actions."""
    game = tablegames.new_game(variant, seed=6, **options)
    table = Table(game, [GreedyBot()] * game.players, rng=random.Random(6))
    for _ in range(steps):
        table.step()
    return game


def _act(bot: ISMCTSBot, game: Game, seed: int = 0) -> Any:
    seat = game.current_player
    assert seat is not None
    return bot.act(observe(game, seat), random.Random(seed))


@pytest.mark.parametrize(
    ("variant", "steps", "options"),
    [
        ("american-sniff", 5, {"players": 2}),
        ("american-sniff", 9, {"players": 4}),
        ("four-point-smear", 0, {}),
        ("four-point-smear", 9, {"seen_undealt": 2}),
    ],
)
def test_ismcts_returns_a_legal_action_after_its_iterations(variant: str, steps: int, options: dict[str, Any]) -> None:
    """With an iteration budget the search runs exactly that many iterations and picks a legal action."""
    game = _position(variant, steps, **options)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    bot = ISMCTSBot(iterations=25)
    assert _act(bot, game) in game.legal_actions()
    assert bot.last_iterations == 25


def test_ismcts_keeps_to_its_time_budget() -> None:
    """With a time budget alone the search stops in time (one iteration overruns at most)."""
    game = _position("four-point-smear", 2)
    bot = ISMCTSBot(iterations=None, seconds=0.05)
    start = time.perf_counter()
    assert _act(bot, game) in game.legal_actions()
    assert time.perf_counter() - start < 0.5
    assert bot.last_iterations >= 1


def test_ismcts_plays_a_forced_move_at_once() -> None:
    """With one legal action there is nothing to search."""
    game = tablegames.new_game("american-sniff", seed=1, players=2, deals=[SNIFF_DEAL])
    game.apply(game.action_from_json({"type": "play", "tile": "4-4", "end": None}))
    game.apply(game.action_from_json({"type": "play", "tile": "6-4", "end": "W"}))
    game.apply(game.action_from_json({"type": "play", "tile": "4-1", "end": "E"}))
    if len(game.legal_actions()) == 1:
        bot = ISMCTSBot(iterations=50)
        assert _act(bot, game) == game.legal_actions()[0]
        assert bot.last_iterations == 0


def test_ismcts_is_reproducible_with_a_seeded_generator() -> None:
    """The same observation and generator state give the same choice."""
    game = _position("four-point-smear", 7)
    first = _act(ISMCTSBot(iterations=20), game, seed=3)
    assert all(_act(ISMCTSBot(iterations=20), game, seed=3) == first for _ in range(2))


def test_ismcts_takes_the_match_when_it_can() -> None:
    """With 20 points to go, ISMCTS plays 6-6 on W (count 20) and wins at once."""
    game = tablegames.new_game("american-sniff", seed=1, players=2, target=20, deals=[SNIFF_DEAL])
    game.apply(game.action_from_json({"type": "play", "tile": "4-4", "end": None}))
    game.apply(game.action_from_json({"type": "play", "tile": "6-4", "end": "W"}))
    choice = _act(ISMCTSBot(iterations=60, playout="random"), game)
    assert str(choice) == "6-6 on W"
    game.apply(choice)
    assert game.winner == 0


def test_ismcts_falls_back_to_whole_match_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the current hand cannot be rebuilt on its own, the search uses worlds replayed from the whole log."""
    game = _position("american-sniff", 11, players=2)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])

    def broken(self: Any, dealt: Any, rng: random.Random) -> Game:
        raise tablegames.IllegalActionError({}, "broken on purpose")

    monkeypatch.setattr(SniffWorlds, "local_game", broken)
    bot = ISMCTSBot(iterations=3)
    assert _act(bot, game) in game.legal_actions()
    assert bot.last_iterations == 3

    def refuse(self: Any, dealt: Any, rng: random.Random) -> Game:
        fresh = tablegames.new_game("american-sniff", seed=0, players=2)
        return fresh  # a world in which the hand's moves are not legal

    monkeypatch.setattr(SniffWorlds, "local_game", refuse)
    assert _act(bot, game, seed=1) in game.legal_actions()
    assert bot.last_iterations == 3


def test_ismcts_refuses_a_budget_without_limit() -> None:
    """A budget needs iterations or seconds, each positive; the playout policy must be known."""
    for settings in (
        {"iterations": None},
        {"iterations": 0},
        {"seconds": 0.0},
        {"playout": "smart"},
        {"iterations_per_world": 0},
        {"iterations_per_world": 2.0},
    ):
        with pytest.raises(ValueError):
            ISMCTSBot(**settings)


@pytest.mark.parametrize(
    ("variant", "steps", "options"),
    [("american-sniff", 7, {"players": 2}), ("american-sniff", 9, {"players": 3}), ("four-point-smear", 6, {})],
)
@pytest.mark.parametrize("generic", [False, True], ids=["own-worlds", "generic-worlds"])
def test_a_fork_of_a_world_plays_as_the_world_and_apart_from_it(
    variant: str, steps: int, options: dict[str, Any], generic: bool
) -> None:
    """A fork, played with the same generator, makes the same moves to the same rewards; the world is untouched."""
    game = _position(variant, steps, **options)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    assert seat is not None
    observation = observe(game, seat)
    if generic:
        worlds: Any = _GenericWorlds(observation, WorldSampler(observation.log()))
    else:
        worlds = worlds_for(observation)
    for seed in range(5):
        world = worlds.sample(random.Random(seed))
        fork = world.fork()
        assert fork is not None and fork is not world and fork.game is not world.game
        before = list(world.game.events)
        runs = []
        for sim in (fork, world.fork(), world):
            rng = random.Random(100 + seed)
            moves = []
            while not sim.finished:
                move = sim.policy(rng)
                moves.append(move)
                sim.step(move)
            runs.append((moves, sim.rewards(), sim.winner))
            if sim is not world:
                assert list(world.game.events) == before  # playing a fork leaves the world as drawn
        assert runs[0] == runs[1] == runs[2]


def test_worlds_are_shared_by_iterations_and_the_search_stays_reproducible() -> None:
    """With several iterations per world, fewer worlds are drawn; the choice is legal and the same every time."""
    game = _position("american-sniff", 5, players=2)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    assert seat is not None
    drawn: list[int] = []
    original = SniffWorlds.sample

    def counting(self: Any, rng: random.Random) -> Any:
        drawn.append(1)
        return original(self, rng)

    choices = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SniffWorlds, "sample", counting)
        for _ in range(2):
            bot = ISMCTSBot(iterations=40, iterations_per_world=8)
            choices.append(_act(bot, game, seed=4))
            assert bot.last_iterations == 40
    assert len(drawn) == 2 * 5  # 40 iterations, 8 in each world drawn
    assert choices[0] == choices[1] and choices[0] in game.legal_actions()


def test_a_world_that_cannot_be_forked_is_drawn_for_every_iteration(monkeypatch: pytest.MonkeyPatch) -> None:
    """A playout whose class does not copy itself (``fork`` gives ``None``) is drawn anew each time."""
    game = _position("american-sniff", 5, players=2)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    drawn: list[int] = []
    original = SniffWorlds.sample

    def unforkable(self: Any, rng: random.Random) -> Any:
        drawn.append(1)
        world = original(self, rng)
        world.fork = lambda: None  # type: ignore[method-assign]  # this world alone
        return world

    monkeypatch.setattr(SniffWorlds, "sample", unforkable)
    bot = ISMCTSBot(iterations=12, iterations_per_world=4)
    assert _act(bot, game) in game.legal_actions()
    assert len(drawn) == 12
