"""The world sampler needs nothing from the author and never hangs: a world, or NoWorldError in time.

The games here are the two of ``variants_for_sampling`` (a trick game with a passing phase and
a turned-up trump card; a domino game where a seat draws until it can play), which provide no
filler, so the generic sampler is all they have.
"""

from __future__ import annotations

import json
import pickle
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

import tablegames
from tablegames.bots.sampler import DEFAULT_BUDGET, WorldSampler, sample_world
from tablegames.bots.worlds import GenericWorlds, NoWorldError
from tablegames.core.errors import LogError
from tablegames.core.game import Game
from tests.bots.variants_for_sampling import DrawDominoes, PassingTricks, registered


@pytest.fixture(autouse=True)
def _games() -> Iterator[None]:
    """The two test games, registered for each test of this module."""
    with registered(PassingTricks, DrawDominoes):
        yield


def _played(name: str, seed: int, *, until: Any, **options: Any) -> Game:
    """A game of ``name`` played by random moves until ``until(game)`` holds (or it would end)."""
    game = tablegames.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    while not until(game):
        before = game.clone()
        game.apply(rng.choice(list(game.legal_actions())))
        if game.is_over:
            return before
    return game


def _events(game: Game) -> list[dict[str, Any]]:
    return json.loads(tablegames.dumps(game.log()))["events"]  # type: ignore[no-any-return]


def _assert_worlds(game: Game, seat: int, samples: int = 4) -> list[Game]:
    """Draw ``samples`` worlds for ``seat``; each shows it its log byte for byte and goes on (played once)."""
    log = game.log(seat)
    sampler = WorldSampler(log, budget=30)
    rng = random.Random(seat)
    worlds = []
    for _ in range(samples):
        world = sampler.sample(rng)
        assert tablegames.dumps(world.log(seat)) == tablegames.dumps(log)
        assert len(world.events) == len(game.events), "no more events than the log"
        if game.current_player == seat:
            assert world.legal_actions() == game.legal_actions()
        world.apply(world.legal_actions()[0])  # a world is a real game that goes on
        worlds.append(world)
    return worlds


def _after_exchange(game: Game) -> bool:
    events = _events(game)
    passes = [e for e in events if e["type"] == "cards_passed"]
    return len(passes) >= 4 and sum(e["type"] == "card_played" for e in events) >= 2


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_world_right_after_a_card_exchange(seed: int) -> None:
    """Just after four passes, two of them hidden from the seat, a world is found (the search once never returned)."""
    game = _played("passing-tricks", seed, until=_after_exchange, pass_count=3)
    assert game.current_player is not None
    seat = (game.current_player + 2) % 4
    for world in _assert_worlds(game, seat):
        full = [e for e in _events(world) if e["type"] == "cards_passed"]
        hands = next(e for e in _events(world) if e["type"] == "hand_dealt")["hands"]
        for passed in full:
            assert set(passed["cards"]) <= set(hands[passed["seat"]]), "a seat passes cards it was dealt"


def test_a_deal_event_naming_a_hidden_piece() -> None:
    """The dealer's turned-up card is named in the deal and stays in its hidden hand: every world puts it there."""
    game = _played(
        "passing-tricks", 4, until=lambda g: sum(e["type"] == "card_played" for e in _events(g)) >= 6, turn_trump=True
    )
    deal = next(e for e in _events(game) if e["type"] == "hand_dealt")
    seat = (deal["dealer"] + 1) % 4
    for world in _assert_worlds(game, seat):
        dealt = next(e for e in _events(world) if e["type"] == "hand_dealt")
        assert dealt["hands"][deal["dealer"]][-1] == deal["turned"]


def _drawn(count: int) -> Any:
    return lambda g: sum(e["type"] == "tile_drawn" for e in _events(g)) >= count and g.current_player is not None


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 3), (3, 1), (4, 2)])
def test_a_long_run_of_draws(players: int, seed: int) -> None:
    """With two tiles dealt each, seats draw most of the boneyard: worlds are still found, in every hand."""
    game = _played("draw-dominoes", seed, until=_drawn(30), players=players, hand_size=2)
    assert sum(e["type"] == "hand_dealt" for e in _events(game)) >= 2, "finished hands to settle too"
    _assert_worlds(game, ((game.current_player or 0) + 1) % players)


def test_a_world_draws_no_further_than_the_log() -> None:
    """Where the log stops after a seat drew a tile that fits, no world has it draw another (once it did)."""
    checked = 0
    for seed in range(12):
        game = _played("draw-dominoes", seed, until=_drawn(1), players=2, hand_size=3)
        last = _events(game)[-1]
        if last["type"] != "tile_drawn":
            continue
        observer = 1 - last["seat"]
        _assert_worlds(game, observer, samples=6)  # each has exactly the log's events
        checked += 1
    assert checked >= 3


def _contradiction() -> tablegames.EventLog:
    """Seat 0's passing-tricks log, after the exchange, in which seat 1 leads a card seat 0 holds."""
    game = _played("passing-tricks", 7, until=lambda g: sum(e["type"] == "cards_passed" for e in _events(g)) >= 4)
    assert game.current_player == 1
    data = json.loads(tablegames.dumps(game.log(0)))
    data["events"].append({"type": "card_played", "seat": 1, "card": str(game.view(0)["hand"][0])})
    return tablegames.load_log(json.dumps(data))


def test_a_log_no_world_fits_ends_in_no_world_error_within_the_budget() -> None:
    """A log that contradicts itself raises NoWorldError (a LogError) saying so, within the budget."""
    log = _contradiction()
    start = time.perf_counter()
    with pytest.raises(NoWorldError, match=r"no world consistent with seat 0's log was found within 0\.5 s") as caught:
        WorldSampler(log, budget=0.5).sample(random.Random(1))
    assert time.perf_counter() - start < 0.5 + 1.0
    assert isinstance(caught.value, LogError)
    assert caught.value.budget == 0.5


def test_the_budget_covers_a_fillers_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """When a variant's filler finds nothing, the generic search behind it ends within the same budget."""
    game = tablegames.new_game("american-sniff", seed=3, players=2)
    for _ in range(8):
        game.apply(game.legal_actions()[0])
    data = json.loads(tablegames.dumps(game.log(0)))
    own = data["events"][0]["hands"][0]
    played = {e.get("tile") for e in data["events"]}
    data["events"].append({"type": "tile_drawn", "seat": 0, "tile": next(t for t in own if t not in played)})
    log = tablegames.load_log(json.dumps(data))  # seat 0 "draws" a tile it was dealt: no world fits
    monkeypatch.setattr(WorldSampler, "candidate", lambda self, rng, relaxed=False: None)
    start = time.perf_counter()
    sampler = WorldSampler(log, budget=0.5)
    with pytest.raises(NoWorldError, match=r"within 0\.5 s"):
        sampler.sample(random.Random(2))
    assert time.perf_counter() - start < 0.5 + 1.0


def test_the_budget_is_checked() -> None:
    """A budget that is not a positive, finite number of seconds is refused; the default is documented."""
    game = _played("draw-dominoes", 1, until=_drawn(1))
    log = game.log(0)
    for bad in (0, -1.0, float("inf"), float("nan"), True, "1"):
        with pytest.raises(ValueError, match="budget must be a positive, finite number of seconds"):
            WorldSampler(log, budget=bad)  # type: ignore[arg-type]
    assert WorldSampler(log).budget == DEFAULT_BUDGET
    world = sample_world(log, random.Random(0), budget=10)
    assert tablegames.dumps(world.log(0)) == tablegames.dumps(log)


def test_no_world_error_pickles_with_its_budget() -> None:
    """NoWorldError crosses a process boundary whole: message, place and budget."""
    error = NoWorldError("$.events[3]", "no world consistent with seat 1's log was found within 2 s", 2.0)
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again), again.where, again.budget) == (NoWorldError, str(error), "$.events[3]", 2.0)


def test_a_deadline_already_past_stops_the_generic_search() -> None:
    """GenericWorlds checks its deadline as it replays: one already past ends the first sample at once."""
    game = _played("passing-tricks", 2, until=_after_exchange, pass_count=2)
    worlds = GenericWorlds(game.log(1), random.Random(0))
    with pytest.raises(NoWorldError, match="within 1 s"):
        worlds.sample(random.Random(0), fresh=0, deadline=time.perf_counter() - 1, budget=1.0)


def test_no_world_error_is_one_class_exported_where_users_look() -> None:
    """NoWorldError lives with the other errors and is importable from tablegames and tablegames.bots."""
    import tablegames.bots
    from tablegames.core import errors

    assert tablegames.NoWorldError is tablegames.bots.NoWorldError is errors.NoWorldError is NoWorldError
    assert issubclass(NoWorldError, LogError) and issubclass(NoWorldError, tablegames.TableGamesError)
    assert "NoWorldError" in tablegames.__all__ and "NoWorldError" in tablegames.bots.__all__
