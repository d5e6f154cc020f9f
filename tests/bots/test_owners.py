"""Construction by owner: the generic sampler deals each piece a hand names where its holder could have had it.

The positions are finished hands of games that ship no help for the sampler: the passing game
of ``variants_for_sampling`` (hidden passes between two other seats), and Mexican Train (an
example plug-in whose own filler is bypassed here: a seat draws until it can play, so most of
the boneyard's order is constrained). Settling a finished hand means finding one deal, and one
set of hidden choices, that replays to the seat's log exactly.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

import tablegames
from tablegames.bots import GreedyBot, Table, WorldSampler
from tablegames.bots import worlds as generic
from tablegames.bots._json_places import _NAMED, named, strings
from tablegames.bots._owners import Owners, holders
from tablegames.components.cards import Card
from tablegames.core.game import Game
from tablegames.core.serde import to_json
from tests.bots.variants_for_sampling import CardsPassed, DrawDominoes, PassCards, PassingTricks, registered


@pytest.fixture(autouse=True)
def _games() -> Iterator[None]:
    """The two test games registered, and no settled hand kept from another test."""
    generic._SETTLED.clear()
    with registered(PassingTricks, DrawDominoes):
        yield
    generic._SETTLED.clear()


def _events(game: Game) -> list[dict[str, Any]]:
    return json.loads(tablegames.dumps(game.log()))["events"]  # type: ignore[no-any-return]


def _in_hand(name: str, seed: int, hand: int, **options: Any) -> Game:
    """A game of ``name`` played by random moves until hand ``hand`` is dealt."""
    game = tablegames.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    while sum(e["type"] == "hand_dealt" for e in _events(game)) < hand:
        game.apply(rng.choice(list(game.legal_actions())))
    assert not game.is_over
    return game


@pytest.mark.parametrize(("seed", "seat"), [(0, 3), (1, 2), (2, 3)])
def test_finished_passing_hands_settle_with_hidden_passes(seed: int, seat: int) -> None:
    """Two finished hands with three-card passes between other seats settle within the replays allowed.

    These seats' searches ran out of their 6,000 replays when swaps alone had to find which
    cards each hidden pass carried.
    """
    game = _in_hand("passing-tricks", seed, 3, pass_count=3, turn_trump=True)
    log = game.log(seat)
    worlds = generic.GenericWorlds(log, random.Random(seat), attempts=6000)
    world = worlds.sample(random.Random(0))
    assert tablegames.dumps(world.log(seat)) == tablegames.dumps(log)


@pytest.mark.parametrize(("seed", "seat"), [(0, 0), (1, 1), (2, 1)])
def test_finished_mexican_train_rounds_settle_without_its_filler(seed: int, seat: int) -> None:
    """Two finished rounds of Mexican Train, many draws each, settle by the generic sampler alone.

    Building the generic sampler failed here ("no world ... in 6000 replays" on the first
    round): draws from the boneyard were dealt at random and swapped about.
    """
    game = _in_hand("mexican-train", seed, 3, players=3, rounds=4, hand_size=8)
    log = game.log(seat)
    start = time.perf_counter()
    worlds = generic.GenericWorlds(log, random.Random(seat), deadline=start + 60, budget=60)
    world = worlds.sample(random.Random(0))
    assert tablegames.dumps(world.log(seat)) == tablegames.dumps(log)


def test_holders_give_a_reveal_each_pile_to_its_seat() -> None:
    """An end-of-hand reveal's piles belong to their seats, not to the seat the event names (the one that went out)."""
    data = {"type": "hand_ended", "seat": 2, "hands": [["6-6"], [], ["1-0"]], "note": "5-5"}
    assert holders(data, 2, 3) == [("hand_ended", 2), ("6-6", 0), ("1-0", 2), ("5-5", 2)]


def _owners() -> Owners:
    """Three seats' hands of two and a stock of three: seat 1 shows ``a`` at 5 and ``d`` at 9, seat 2 ``b`` at 6."""
    slots = [0, 0, 1, 1, 2, 2, None, None, None]
    pool = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
    return Owners(slots, pool, {"a": (5, 1), "b": (6, 2), "d": (9, 1)}, 0)


def test_named_pieces_are_dealt_where_their_holder_could_have_had_them() -> None:
    """Every built deal puts a piece a seat shows in that seat's hand, or in a stock place not yet seen taken."""
    owners = _owners()
    rng = random.Random(1)
    for _ in range(200):
        built = owners.construct(rng, {})
        assert built is not None
        assert sorted(built) == sorted(owners.pool)
        assert built.index("a") in (2, 3) and built.index("d") in (2, 3) and built.index("b") in (4, 5)
        assert owners.valid(built)


def test_a_place_seen_taken_holds_a_piece_of_its_taker() -> None:
    """Once a replay saw seat 1 take stock place 6 at index 7, only ``d`` (shown by seat 1 at 9) may lie there."""
    owners = _owners()
    owners.taken[6] = (7, 1)
    owners.learned_to = 8
    assert [t for t in owners.pool if owners.allows(t, 6)] == ["c", "d", "e", "f", "g", "h", "i"]
    assert not owners.allows("a", 6), "a was shown at 5, before the place was taken"
    assert not owners.allows("b", 6), "b was shown by seat 2"
    built = owners.construct(random.Random(2), {}, mix=False)
    assert built is not None and built[6] == "d", "the taker's next piece goes to the place it took"


def test_a_seat_seen_unable_to_use_a_piece_is_not_dealt_it() -> None:
    """A replay where seat 0 could have used ``c`` where the log shows it draw bars ``c`` from seat 0's hand."""
    owners = _owners()
    assert owners.allows("c", 0)
    owners.bar(0, 3, ["c"])
    assert not owners.allows("c", 0) and not owners.allows("c", 1)
    assert owners.allows("c", 4) and owners.allows("c", 6)


def test_a_hidden_pass_lets_a_piece_reach_its_receiver() -> None:
    """A hidden choice of seat 0 naming seat 1 (a pass) lets seat 0's hand hold what seat 1 shows later."""
    slots = [0, 0, 1, 1, 2, 2]
    pool = ["AH", "KH", "QH", "JH", "10H", "9H"]
    owners = Owners(slots, pool, {"AH": (5, 1), "KH": (6, 2), "QH": (7, 0)}, 0)
    assert not owners.allows("AH", 0)
    owners.learn_choice(2, 0, {"type": "cards_passed", "seat": 0, "receiver": 1, "cards": None}, 3)
    assert owners.allows("AH", 0)
    assert not owners.allows("KH", 0), "seat 2 gets nothing from seat 0"
    leaving = owners.leaving(0, 2)
    assert leaving(PassCards((Card.parse("AH"), Card.parse("JH")))) == 1, "AH must go: seat 1 shows it"
    assert leaving(PassCards((Card.parse("QH"), Card.parse("JH")))) == -1, "QH must stay: seat 0 shows it"


@pytest.mark.parametrize(("seed", "events"), [(0, 22), (2, 7)])
def test_a_turned_card_passed_on_hidden_is_placed_mid_hand(seed: int, events: int) -> None:
    """The dealer's turned-up card, passed on unseen and played by another seat, still goes to the dealer's hand.

    Greedy bots stopped here with NoWorldError: the deal event was compared with every hidden
    hand named, so the replay never learned where the turned card lies, and owners alone put
    it with the seat that played it.
    """
    game = tablegames.new_game("passing-tricks", seed=seed, turn_trump=True)
    table = Table(game, [GreedyBot()] * 4, rng=random.Random(seed))
    while len(game.events) < events:
        table.step()
    seat = game.current_player
    assert seat is not None
    log = game.log(seat)
    world = WorldSampler(log, budget=30).sample(random.Random(1))
    assert tablegames.dumps(world.log(seat)) == tablegames.dumps(log)


def test_the_kept_strings_of_an_action_or_event_are_its_json_strings() -> None:
    """``named`` gives what its JSON names, kept per class and value; an unhashable value is written afresh."""
    passed = CardsPassed(1, 2, (Card.parse("QS"), Card.parse("2H")))
    hidden = CardsPassed(1, 2, None)
    for event in (passed, hidden, CardsPassed(1, 2, (Card.parse("QS"), Card.parse("2H")))):
        assert named(event) == tuple(strings(to_json(event)))
    assert named(passed) == ("cards_passed", "QS", "2H") and named(hidden) == ("cards_passed",)  # the tag too
    assert (CardsPassed, passed) in _NAMED
    unhashable = CardsPassed(1, 2, [Card.parse("QS")])  # type: ignore[arg-type]  # a list, as a careless variant might hold
    assert named(unhashable) == ("cards_passed", "QS")
