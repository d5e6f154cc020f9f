"""Mexican Train's log filler: the worlds the bots search are consistent with what a seat has seen."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mexican_train_helpers import NAME, deal, new, pick, play_out, put
from tablegames_mexican_train import HandEnded, MexicanTrain, TileDrawn, TilePlayed
from tablegames_mexican_train.filler import MexicanTrainFiller

import tablegames as tg
from tablegames.bots.sampler import WorldSampler
from tablegames.components.tiles import Tile
from tablegames.mechanics.drawfill import Holder, Span, fill_slots, match_spans

S2 = deal([["12-12", "12-4", "4-3", "11-11"], ["9-8", "8-7", "3-1", "6-5"]], ["12-9", "10-5", "1-0"])
"""The deal of scenario S2 (two players, four tiles each)."""


@settings(deadline=None, max_examples=25)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=2, max_value=8),
    small=st.booleans(),
    cut=st.integers(min_value=0, max_value=150),
)
def test_every_world_gives_the_seat_its_own_log_again(seed: int, players: int, small: bool, cut: int) -> None:
    """The sampler uses the filler (not the generic search), and each world it draws looks to the
    seat exactly as its own log, with the same legal actions, for the seat to act or any other."""
    size = 3 if small else min(15, 91 // players)
    game = tg.new_game(NAME, seed=seed, players=players, rounds=2, hand_size=size)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(pick(game, rng))
    for seat in {game.current_player or 0, seed % players}:
        log = game.log(seat)
        sampler = WorldSampler(log)
        assert not sampler.generic
        for _ in range(2):
            world = sampler.sample(rng)
            assert tg.dumps(world.log(seat)) == tg.dumps(log)
            assert world.current_player == game.current_player
            if seat == game.current_player:
                assert list(world.legal_actions()) == list(game.legal_actions())


def test_a_hidden_draw_played_at_once_is_the_tile_played() -> None:
    """Rule 13 read back: seat 1 drew (hidden from seat 0) and played 12-9 at once, so it drew 12-9."""
    game = new(S2, rounds=1)
    put(game, "12-4", 0)
    put(game, "12-9", 1)
    log = game.log(0)
    drawn = [i for i, e in enumerate(log.events) if isinstance(e, TileDrawn)]
    assert [log.events[i].tile for i in drawn] == [None]  # type: ignore[attr-defined]
    filler = MexicanTrainFiller(log.events, seat=0, options=game.options)
    for k in range(5):
        events = filler.fill(random.Random(k))
        assert events is not None
        assert events[drawn[0]] == TileDrawn(1, Tile(12, 9))
        boneyard = events[0].boneyard  # type: ignore[attr-defined]
        assert boneyard[0] is Tile(12, 9) and len(boneyard) == 83


def test_a_finished_round_that_contradicts_itself_is_refused() -> None:
    """A round whose shown hands could not have been held (a tile left in seat 1's hand that fitted
    when it drew) has no consistent deal: the filler says so."""
    game = new(S2, rounds=1)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(pick(game, rng))
    events = list(game.log(0).events)
    end = next(i for i, e in enumerate(events) if isinstance(e, HandEnded))
    shown = events[end]
    assert isinstance(shown, HandEnded)
    hands = list(shown.hands)
    hands[1] = (*hands[1], Tile(12, 0))  # 12-0 fitted the Mexican train (end 12) when seat 1 first drew
    events[end] = attrs.evolve(shown, hands=tuple(hands))
    with pytest.raises(tg.LogError, match="no deal to seat 1 fits what it played, drew and passed"):
        MexicanTrainFiller(events, seat=0, options=game.options)


def test_log_filler_is_the_variants_capability() -> None:
    """``MexicanTrain.log_filler`` returns the Mexican Train filler for a seat's events."""
    game = tg.new_game(NAME, seed=1, players=3, rounds=1, hand_size=4)
    filler = MexicanTrain.log_filler(game.log(1).events, seat=1, options=game.options)
    assert isinstance(filler, MexicanTrainFiller)
    # seat 0 is to play on 12 (every train ends 12): a deal giving it no 12 is a dead end, drawn again
    tries = [filler.fill_hand(random.Random(k)) for k in range(40)]
    filled = [events for events in tries if events is not None]
    assert 0 < len(filled) < len(tries)
    for events in filled:
        dealt = events[0]
        assert dealt.tag == "hand_dealt" and None not in dealt.hands  # type: ignore[attr-defined]
        assert any(12 in tile for tile in dealt.hands[0])  # type: ignore[attr-defined]


# -- the generic slot reasoning ------------------------------------------------------------------


def test_a_holder_knows_forced_draws_and_spans() -> None:
    """A draw followed by the seat's play drew that tile; a kept tile may fill the slots after the last
    moment it would have fitted, and before it was played."""
    holder = Holder()
    holder.drew(3, None, 1 << 12)  # could not play on 12; drew a hidden tile, kept
    holder.drew(7, None, 1 << 5)  # could not play on 5; drew, and played it at once
    assert holder.played(8, Tile(5, 1))
    assert holder.forced == [False, True] and holder.drawn == [None, Tile(5, 1)]
    holder.passed(9, 1 << 1)
    holder.drew(11, None, 1 << 4)  # kept
    times = holder.slot_times(2)
    assert times == [-1, -1, 3, 11]
    assert holder.span(Tile(12, 0), times, 3) == Span(Tile(12, 0), 0, 1)  # played before the first draw: dealt
    assert holder.span(Tile(12, 0), times, 20) == Span(Tile(12, 0), 3, 3)  # fitted at 3: drawn at 11, if held
    assert holder.span(Tile(1, 1), times, 20) == Span(Tile(1, 1), 3, 3)  # fitted at 9
    assert holder.span(Tile(4, 0), times, 20) == Span(Tile(4, 0), 4, 3)  # fitted at 11: it cannot be held
    assert holder.span(Tile(9, 9), times, 20) == Span(Tile(9, 9), 0, 3)  # never fitted: any slot
    other = Holder()
    other.drew(1, Tile(6, 6), 1 << 3)
    assert not other.played(2, Tile(3, 0))  # a forced draw showed another tile: a log that contradicts itself


def test_matching_and_filling_slots() -> None:
    """Earliest deadline first finds a matching when there is one; filling keeps every tile in its span."""
    a, b, c = Tile(9, 9), Tile(8, 8), Tile(7, 7)
    assert match_spans([Span(a, 0, 0), Span(b, 0, 1), Span(c, 1, 2)], 3) == [a, b, c]
    assert match_spans([Span(a, 0, 0), Span(b, 0, 0), Span(c, 1, 2)], 3) is None
    assert match_spans([Span(a, 0, 2)], 3) is None
    pool = [Tile(1, 0), Tile(2, 0), Tile(3, 0)]
    firsts = {Tile(1, 0): 0, Tile(2, 0): 2, Tile(3, 0): 3}
    for seed in range(20):
        left = pool[:]
        filled = fill_slots(4, [Span(a, 0, 1)], firsts, left, random.Random(seed))
        if filled is None:
            continue
        assert filled.index(a) <= 1 and len(filled) == 4 and len(left) == 0
        assert all(firsts[t] <= slot for slot, t in enumerate(filled) if t is not a)
    assert fill_slots(1, [Span(a, 0, 0), Span(b, 0, 0)], {}, [], random.Random(0)) is None


def test_a_log_the_filler_cannot_read_is_refused() -> None:
    """A log that does not start with a deal, names a train the game does not have, or shows a
    drawn tile that fits followed by another play, is refused with the event's place."""
    game = new(S2, rounds=1)
    events = list(game.log(0).events)
    with pytest.raises(tg.LogError, match=r"\$\.events\[0\].*an event before the first hand_dealt"):
        MexicanTrainFiller(events[1:], seat=0, options=game.options)
    put(game, "12-4", 0)
    events = list(game.log(0).events)
    played = next(i for i, e in enumerate(events) if isinstance(e, TilePlayed))
    event = events[played]
    assert isinstance(event, TilePlayed)
    bad_train = [*events[:played], attrs.evolve(event, train=5)]
    with pytest.raises(tg.LogError, match="no train 5"):
        MexicanTrainFiller(bad_train, seat=0, options=game.options)
    put(game, "12-9", 1)  # seat 1 drew 12-9 and played it at once
    events = list(game.log(1).events)
    last = events[-1]
    assert isinstance(last, TilePlayed)
    swapped = [*events[:-1], attrs.evolve(last, tile=Tile(12, 0))]  # it drew 12-9, shown to itself
    with pytest.raises(tg.LogError, match="seat 1 drew a tile that fits and played another"):
        MexicanTrainFiller(swapped, seat=1, options=game.options)


class _Replaying:
    """The filler without its ``place_hidden``: a sampler given it replays every world's round."""

    def __init__(self, filler: MexicanTrainFiller) -> None:
        self.filler = filler

    def fill(self, rng: random.Random, *, relaxed: bool = False) -> list[Any] | None:
        return self.filler.fill(rng, relaxed=relaxed)

    def fill_hand(self, rng: random.Random, *, relaxed: bool = False) -> list[Any] | None:
        return self.filler.fill_hand(rng, relaxed=relaxed)


@settings(deadline=None, max_examples=30)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=2, max_value=6),
    small=st.booleans(),
    share=st.floats(min_value=0.0, max_value=1.0),
)
def test_placed_worlds_are_the_worlds_a_replay_gives(seed: int, players: int, small: bool, share: float) -> None:
    """The sampler's worlds, the round's tiles put in place by the filler, are world for world those it draws by
    replaying every round from the same generator: the same log, hands, boneyard and seed, and they play on alike.
    Positions run from the round's start to its end (the boneyard empty, seats passing)."""
    size = 3 if small else min(15, 91 // players)
    options: dict[str, Any] = {"players": players, "rounds": 2, "hand_size": size}
    full = tg.new_game(NAME, seed=seed, **options)
    rng = random.Random(seed)
    play_out(full, rng)
    game = tg.new_game(NAME, seed=seed, **options)
    rng = random.Random(seed)
    while len(game.events) < share * len(full.events) and not game.is_over:
        game.apply(pick(game, rng))
    seat = game.current_player
    if seat is None:
        return
    log = game.log(seat)
    placing = WorldSampler(log)
    filler = MexicanTrainFiller(log.events, seat=seat, options=log.options)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(MexicanTrain, "log_filler", classmethod(lambda cls, events, *, seat, options: _Replaying(filler)))
        replaying = WorldSampler(log)
    calls: list[int] = []
    place = MexicanTrainFiller.place_hidden

    def counted(self: MexicanTrainFiller, world: Any, hand: Any) -> bool:
        calls.append(1)
        return place(self, world, hand)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(MexicanTrainFiller, "place_hidden", counted)
        worlds = [(placing.sample(random.Random(n)), replaying.sample(random.Random(n))) for n in range(4)]
    assert len(calls) >= 3  # the first world is replayed, the next ones placed
    for n, (placed, replayed) in enumerate(worlds):
        assert placed.log() == replayed.log() and placed.seed == replayed.seed
        assert placed.hands == replayed.hands and placed.boneyard == replayed.boneyard  # type: ignore[attr-defined]
        moves = random.Random(n)
        for _ in range(40):
            if placed.is_over:
                break
            assert placed.legal_actions() == replayed.legal_actions()
            action = pick(placed, moves)
            assert placed.apply(action) == replayed.apply(action)
        assert placed.log() == replayed.log()
