"""Voids in the generic sampler: a seat that did not play a piece it could have used held none.

The generic sampler reads no rule. Where a replayed world refuses the action the log shows a
seat take (a card off the suit led, in a world where the seat holds a card of that suit), two
probes say whether the pieces the seat could use instead are what refused it; those that are
are kept out of that seat's hand there. Trumps, which Smear lets a seat play whether or not it
can follow, must never be barred so.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import tablegames
from tablegames.bots import RandomBot
from tablegames.bots import worlds as generic
from tablegames.components.cards import Card
from tablegames.core.game import Game
from tablegames.mechanics.tricks import PlayCard
from tests.bots.variants_for_sampling import DrawDominoes, PassCards, PassingTricks, registered

RAN_OUT: str = (
    "10C.7C 9S.QD 9H.AC AH.JC QC 7C QD AC 9H 7H 8H JD QH JH 10H 9S 7D AH 9D 10D KS QS 7S JS KD 8D JC KH KC 10C AD "
    "8C 8S 10S AS 9C JC.10C 8H.8D KD.KC QS.AD JD 9D 8D KD 7H AC AS 10H 9H QH 10S 10C 9S QS QD KS 9C 8H KC 8C 7S 8S "
    "7C JS"
)
"""The actions of a greedy match of the passing game (seed 100, turned trump) up to the position where seat 0's
sampler ran out of its 5 s: two seats have shown void in hearts (events 57 and 58) after hidden passes."""


@pytest.fixture(autouse=True)
def _games() -> Iterator[None]:
    """The test games registered, and no settled hand kept from another test."""
    generic._SETTLED.clear()
    with registered(PassingTricks, DrawDominoes):
        yield
    generic._SETTLED.clear()


def _ran_out() -> Game:
    game = tablegames.new_game("passing-tricks", seed=100, turn_trump=True)
    for text in RAN_OUT.split():
        cards = tuple(Card.parse(c) for c in text.split("."))
        game.apply(PassCards(cards) if len(cards) > 1 else PlayCard(cards[0]))
    assert len(game.events) == 81 and game.current_player == 0
    return game


def test_the_position_where_greedy_ran_out_of_time_is_sampled_from_every_seed() -> None:
    """Twenty searches of 6,000 replays each find a world; without voids, three of them ran out.

    AH and KH, unseen by seat 0, can only be with seat 1: seats 2 and 3 showed void in hearts,
    and seat 2's hidden pass went to seat 3, seat 1's to seat 2.
    """
    game = _ran_out()
    log = game.log(0)
    for seed in range(20):
        generic._SETTLED.clear()
        world = generic.GenericWorlds(log, random.Random(seed), attempts=6000).sample(random.Random(seed))
        assert tablegames.dumps(world.log(0)) == tablegames.dumps(log)
        assert {"AH", "KH"} <= set(world.view(1)["hand"])


def _led_suits(events: list[dict[str, Any]]) -> dict[int, str]:
    """For each card played to a trick after its lead: the log index and the suit led."""
    led: dict[int, str] = {}
    suit = None
    for at, event in enumerate(events):
        if event["type"] == "card_played":
            if suit is None:
                suit = event["card"][-1]
            else:
                led[at] = suit
        elif event["type"] in ("trick_won", "hand_scored", "hand_dealt"):
            suit = None
    return led


def _bars(name: str, seed: int, steps: int, **options: Any) -> tuple[Game, int, dict[str, set[tuple[int, int]]]]:
    """The bars the generic sampler learned in a random position of ``name``, and the seat it sampled for."""
    game = tablegames.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(RandomBot().choose(game.legal_actions(), rng))
    seat = game.current_player
    assert seat is not None
    worlds = generic.GenericWorlds(game.log(seat), random.Random(seed))
    for _ in range(10):
        worlds.sample(random.Random(seed))
    layout = worlds._layout(len(worlds.hands) - 1)
    assert layout is not None
    return game, seat, layout.owners.barred


def test_a_seat_that_did_not_follow_suit_is_dealt_none_of_it() -> None:
    """In the passing game without passes, every bar is a card of the suit led where its seat did not follow."""
    barred = 0
    for seed in range(12):
        game, seat, bars = _bars("passing-tricks", seed, 20, pass_count=0)
        events = json.loads(tablegames.dumps(game.log()))["events"]
        led = _led_suits(events)
        for text, where in bars.items():
            for holder, at in where:
                if at not in led or events[at]["type"] != "card_played":
                    continue  # a bar of another kind (none in this game)
                assert holder != seat and events[at]["seat"] == holder
                assert events[at]["card"][-1] != led[at]  # the seat did not follow...
                assert text[-1] == led[at]  # ...and the card kept from it is of the suit led
                barred += 1
    assert barred > 0


def test_a_trump_that_smear_lets_a_seat_play_anyway_is_never_barred() -> None:
    """Smear lets a seat trump instead of following: a void seen there bars the suit led, never trump."""
    barred = 0
    for seed in range(12):
        game, _, bars = _bars("four-point-smear", seed, 22)
        events = json.loads(tablegames.dumps(game.log()))["events"]
        led = _led_suits(events)
        if any(e["type"] == "hand_dealt" and e["hand_number"] > 1 for e in events):
            continue  # every seat passed and the cards were dealt again
        trump = next(e["card"][-1] for e in events if e["type"] == "card_played")  # the bidder's first card
        for text, where in bars.items():
            for _, at in where:
                if at in led:
                    assert text[-1] != trump or led[at] == trump, (seed, text, at)
                    barred += 1
    assert barred > 0
