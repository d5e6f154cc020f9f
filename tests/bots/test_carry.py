"""What a bot keeps from one decision to its next in the same game: worlds, and the sampler behind them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import tablegames
from tablegames.bots import GreedyBot, RandomBot, Table, WorldSampler, _carry
from tablegames.bots import worlds as generic
from tablegames.core.game import Game
from tests.bots.variants_for_sampling import DrawDominoes, PassingTricks, registered


@pytest.fixture(autouse=True)
def _games() -> Iterator[None]:
    """The test games registered; nothing kept from another test."""
    generic._SETTLED.clear()
    _carry._ENTRIES.clear()
    with registered(PassingTricks, DrawDominoes):
        yield
    generic._SETTLED.clear()
    _carry._ENTRIES.clear()


def _random_play(game: Game, seed: int, seat: int, decisions: int) -> Iterator[Game]:
    """``game`` at each of ``seat``'s next ``decisions`` decisions, random moves between them."""
    rng = random.Random(seed)
    seen = 0
    while not game.is_over and seen < decisions:
        if game.current_player == seat:
            seen += 1
            yield game
        game.apply(RandomBot().choose(game.legal_actions(), rng))


@pytest.mark.parametrize(("name", "options"), [("draw-dominoes", {"hand_size": 5}), ("passing-tricks", {})])
def test_worlds_kept_from_the_last_decision_show_the_seat_its_log(name: str, options: dict[str, Any]) -> None:
    """At every decision, each world (kept or fresh) gives the seat its log byte for byte; some are kept."""
    kept = 0
    for seed in range(3):
        game = tablegames.new_game(name, seed=seed, **options)
        before: list[Game] = []
        rng = random.Random(seed)
        for position in _random_play(game, seed, 0, 12):
            log = position.log(0)
            worlds = _carry.decision_worlds(log, rng, 4)
            assert len(worlds) == 4
            for world in worlds:
                assert tablegames.dumps(world.log(0)) == tablegames.dumps(log)
                assert world.legal_actions() == position.legal_actions()
            kept += sum(any(w is b for b in before) for w in worlds)
            before = list(worlds)
    assert kept > 0


def test_a_log_that_does_not_continue_the_kept_one_starts_afresh() -> None:
    """Another game's log (or an earlier point of this one) never gets the kept worlds."""
    game = tablegames.new_game("draw-dominoes", seed=1, hand_size=5)
    positions = [tablegames.dumps(p.log(0)) for p in _random_play(game, 1, 0, 4)]
    logs = [tablegames.load_log(text) for text in positions]
    late = _carry.decision_worlds(logs[-1], random.Random(0), 2)
    early = _carry.decision_worlds(logs[0], random.Random(0), 2)
    assert not any(w is v for w in early for v in late)
    for world in early:
        assert tablegames.dumps(world.log(0)) == positions[0]


def test_an_extended_sampler_keeps_the_hands_it_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sampler extended to a later hand settles only the hand that ended since; its worlds fit the log."""
    game = tablegames.new_game("draw-dominoes", seed=4, hand_size=4)
    rng = random.Random(4)
    sampler: WorldSampler | None = None
    hands_seen = 0
    settled: list[int] = []
    original = generic.GenericWorlds._settle

    def counting(self: generic.GenericWorlds, number: int, rng: random.Random) -> None:
        settled.append(number)
        original(self, number, rng)

    monkeypatch.setattr(generic.GenericWorlds, "_settle", counting)
    while not game.is_over and hands_seen < 4:
        if game.current_player == 0:
            log = game.log(0)
            sampler = WorldSampler(log) if sampler is None else sampler.extended(log)
            world = sampler.sample(rng)
            assert tablegames.dumps(world.log(0)) == tablegames.dumps(log)
            hands_seen = sum(e.dealt_hand() is not None for e in game.events)
        game.apply(RandomBot().choose(game.legal_actions(), rng))
    assert hands_seen >= 3
    assert sorted(settled) == sorted(set(settled))  # no hand settled twice
    assert settled == list(range(len(settled)))


def test_a_match_played_again_from_its_start_is_played_the_same() -> None:
    """Greedy bots keep worlds between decisions; the same seeds still give the same match in one process."""

    def match() -> str:
        game = tablegames.new_game("draw-dominoes", seed=7, hand_size=5)
        Table(game, [GreedyBot(), GreedyBot()], rng=random.Random(7)).play()
        return tablegames.dumps(game.log())

    assert match() == match()


def test_kept_worlds_are_played_on_though_the_sampler_saw_the_longer_log_first() -> None:
    """``decision_worlds`` after ``sampler_for`` of the same, longer log: the kept worlds are played on, not stale."""
    game = tablegames.new_game("draw-dominoes", seed=4, hand_size=5)
    rng = random.Random(4)
    positions = _random_play(game, 4, 0, 3)
    next(positions)
    first = _carry.decision_worlds(game.log(0), rng, 4)
    next(positions)
    log = game.log(0)
    _carry.sampler_for(log)
    worlds = _carry.decision_worlds(log, rng, 4)
    assert any(w is f for w in worlds for f in first)  # carried
    for world in worlds:
        assert tablegames.dumps(world.log(0)) == tablegames.dumps(log)
