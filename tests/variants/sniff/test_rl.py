"""American Sniff for reinforcement learning: its action ids and its observation vector."""

from __future__ import annotations

import array
import json
import random
from typing import Any, Final

import numpy as np
import pytest
from hypothesis import given

import tablegames
from tablegames.components.tiles import Tile
from tablegames.core.capabilities import ActionIds, ObservationSpec
from tablegames.core.events import Action, Event
from tablegames.core.serde import dumps
from tablegames.mechanics import line
from tablegames.testing._support import play_alike
from tablegames.testing.scenario import Scenario
from tablegames.testing.strategies import scenarios
from tablegames.variants.sniff import (
    COUNT_SCALE,
    HandDealt,
    Passed,
    Play,
    Sniff,
    SniffActionIds,
    SniffObservation,
    SniffOptions,
    TileDrawn,
    TilePlayed,
    new_layout,
    play,
)
from tests.strategies import GameCase, game_cases, player_counts
from tests.support import new_sniff, pick
from tests.variants.sniff.test_scenarios import deal

IDS: Final = Sniff.action_ids(SniffOptions(players=2))
SIZES: Final = {2: 114, 3: 124, 4: 132}
"""The observation's length by the number of players."""


def observe(game: Sniff, seat: int) -> list[float]:
    """``seat``'s observation of ``game``, written into a zeroed ``array.array("f")``."""
    spec = Sniff.observation_spec(game.options)
    out = array.array("f", [0.0]) * spec.size
    spec.write(game, seat, out)
    return list(out)


def field(game: Sniff, seat: int, name: str) -> list[float]:
    """One field of ``seat``'s observation."""
    return observe(game, seat)[Sniff.observation_spec(game.options).fields[name]]


def ones(values: list[float]) -> set[int]:
    """The indices of the entries that are 1."""
    return {i for i, x in enumerate(values) if x == 1.0}


# -- the numbering ----------------------------------------------------------------------------


def test_the_numbering_has_140_ids_named_tile_then_end() -> None:
    """Ids are 5 * tile.index + the end's place among open, W, E, N, S; names say tile and end."""
    assert isinstance(IDS, ActionIds) and isinstance(IDS, SniffActionIds)
    names = IDS.names()
    assert IDS.size == len(names) == len(set(names)) == 140
    assert IDS.parts == 1  # nothing is chosen in parts
    assert names[:5] == ("0-0 open", "0-0 W", "0-0 E", "0-0 N", "0-0 S")
    assert names[5 * Tile(6, 4).index + 1] == names[126] == "6-4 W"
    assert names[139] == "6-6 S"
    for i in range(140):
        action = IDS.decode([i])
        assert type(action) is Play
        assert action is play(action.tile, action.end)
        assert names[i] == f"{action.tile} {'open' if action.end is None else action.end}"
        assert IDS.encode(action) == (i,)


def test_the_numbering_is_the_same_object_for_every_option() -> None:
    """Sniff.action_ids gives one shared numbering, whatever the options."""
    assert all(Sniff.action_ids(SniffOptions(players=n, target=t)) is IDS for n in (2, 3, 4) for t in (1, 250))


@given(case=game_cases)
def test_every_legal_action_round_trips_to_the_very_interned_object(case: GameCase) -> None:
    """Over random games, decode(encode(a)) is a for every legal a, ids are distinct and below size."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    ids = Sniff.action_ids(game.options)
    for _ in range(200):
        if game.is_over:
            break
        legal = game.legal_actions()
        encoded = [ids.encode(a) for a in legal]
        assert len(set(encoded)) == len(legal)
        for action, code in zip(legal, encoded, strict=True):
            assert len(code) == 1 and 0 <= code[0] < ids.size
            assert ids.decode(code) is action
            assert ids.encode(Play(action.tile, action.end)) == code  # an equal play, not interned
        game.apply(ids.decode(encoded[rng.randrange(len(encoded))]))


class _Other(Action):
    """An action that is not Sniff's."""

    tag = "other"


@pytest.mark.parametrize(
    "action",
    [
        line.Play(Tile(6, 4), "W"),  # the mechanic's play, not Sniff's
        Play(Tile(7, 4), "W"),  # not a double-six tile
        Play(Tile(6, 4), "N5"),  # not a Sniff end
        Play(Tile(6, 4), "X"),
        Play("6-4", "W"),  # type: ignore[arg-type]
        Play(Tile(6, 4), ["W"]),  # type: ignore[arg-type]
        _Other(),
    ],
    ids=repr,
)
def test_encode_refuses_what_is_not_a_sniff_placement(action: Action) -> None:
    """encode raises ValueError for an action that is no Sniff placement."""
    with pytest.raises(ValueError, match="no id for"):
        IDS.encode(action)


@pytest.mark.parametrize("ids", [[], [1, 2], [140], [-1], [True], ["1"], [1.0], [None], [np.int64(140)]], ids=repr)
def test_decode_refuses_what_encodes_nothing(ids: list[Any]) -> None:
    """decode raises ValueError for a wrong length, an id out of range, or something not an int."""
    with pytest.raises(ValueError, match="no Sniff action has the ids"):
        IDS.decode(ids)


def test_decode_takes_numpy_ints_and_tuples() -> None:
    """A policy's NumPy integer, or a tuple, decodes like the int it is."""
    assert IDS.decode(np.array([126])) is IDS.decode((126,)) is play(Tile(6, 4), "W")  # type: ignore[arg-type]
    assert IDS.decode([np.int32(0)]) is play(Tile(0, 0), None)  # type: ignore[list-item]


def test_the_capabilities_refuse_other_options() -> None:
    """Both capabilities need SniffOptions."""
    with pytest.raises(ValueError, match="SniffOptions"):
        Sniff.action_ids({"players": 2})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="SniffOptions"):
        Sniff.observation_spec({"players": 2})  # type: ignore[arg-type]


# -- the observation: layout ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fields_tile_the_vector(players: int) -> None:
    """The fields lie end to end, in order, from 0 to size, with no gap or overlap."""
    spec = Sniff.observation_spec(SniffOptions(players=players))
    assert isinstance(spec, ObservationSpec) and isinstance(spec, SniffObservation)
    assert spec.size == SIZES[players]
    at = 0
    for name, where in spec.fields.items():
        assert where.start == at and where.stop > where.start and where.step is None, name
        at = where.stop
    assert at == spec.size
    lengths = {name: s.stop - s.start for name, s in spec.fields.items()}
    sides = 2 if players == 4 else players
    assert lengths == {
        "hand": 28,
        "table": 28,
        "ends": 28,
        "end_double": 4,
        "end_sniff": 4,
        "sniff": 7,
        "count": 1,
        "stock": 1,
        "hand_sizes": players,
        "lacks": 7 * (players - 1),
        "turn": players,
        "scores": sides,
    }
    assert Sniff.observation_spec(SniffOptions(players=players)) is spec  # built once per options


def test_write_refuses_a_seat_that_is_not_one() -> None:
    """write raises ValueError for a seat outside the game."""
    game = new_sniff(1, 2)
    spec = Sniff.observation_spec(game.options)
    for seat in (-1, 2, None):
        with pytest.raises(ValueError, match="is not a seat"):
            spec.write(game, seat, array.array("f", [0.0]) * spec.size)  # type: ignore[arg-type]


# -- the observation: a hand checked by hand ------------------------------------------------

# Seat 0 leads the 6-6 (the Sniff); seat 1 has no 6, draws 4-3 (it does not fit) and 6-4
# (it does) and must play it; seat 0 then matches neither 4 nor 6 and draws 6-5, which fits.
_HANDS: Final = (
    ("6-6", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"),
    ("5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"),
)
_STOCK: Final = ("4-3", "6-4", "6-5")


def _index(tile: str) -> int:
    return Tile.parse(tile).index


def test_a_stacked_hand_gives_the_entries_worked_out_by_hand() -> None:
    """Hand, table, ends, the Sniff, count, stock, hand sizes, lacks and turn, entry by entry."""
    game = new_sniff(1, 2, [deal(_HANDS, _STOCK, leader=0)])
    first = observe(game, 0)
    assert ones(first[0:28]) == {_index(t) for t in _HANDS[0]}
    assert first[100] == 1.0  # the whole stock, 14 of 14
    assert first[101:103] == [pytest.approx(7 / 21)] * 2
    assert first[110:112] == [1.0, 0.0]  # seat 0 leads
    assert sum(first) == pytest.approx(7 + 1 + 2 * 7 / 21 + 1)  # nothing else: no table, no lacks, no scores
    events = game.apply(play(Tile(6, 6), None))  # W and E show 6, the Sniff counts 12
    drawn = [e for e in events if isinstance(e, TileDrawn)]
    assert [(e.seat, str(e.tile)) for e in drawn] == [(1, "4-3"), (1, "6-4")]
    assert game.known_lacks == (0, 1 << 6)  # seat 1 drew: it has no 6
    assert game.legal_actions() == (play(Tile(6, 4), "W"), play(Tile(6, 4), "E"))
    events = game.apply(play(Tile(6, 4), "W"))  # W shows 4; count 4 + 12 = 16
    assert [(e.seat, str(e.tile)) for e in events if isinstance(e, TileDrawn)] == [(0, "6-5")]
    assert game.known_lacks == (1 << 4 | 1 << 6, 1 << 6)  # seat 0 drew too, fitting at once: no 4, no 6
    assert game.current_player == 0
    seat0 = observe(game, 0)
    assert ones(seat0[0:28]) == {_index(t) for t in (*_HANDS[0][1:], "6-5")}
    assert ones(seat0[28:56]) == {_index("6-6"), _index("6-4")}
    assert ones(seat0[56:84]) == {4, 7 + 6}  # W shows 4, E shows 6; N and S closed
    assert ones(seat0[84:92]) == {4 + 1}  # end_sniff (from 88): E ends in the Sniff itself
    assert ones(seat0[92:99]) == {6}  # the Sniff is 6-6
    assert seat0[99] == pytest.approx(16 / COUNT_SCALE)
    assert seat0[100] == pytest.approx(11 / 14)
    assert seat0[101:103] == [pytest.approx(7 / 21), pytest.approx(8 / 21)]  # seat 0, then seat 1
    assert ones(seat0[103:110]) == {6}  # seat 1 lacks 6
    assert seat0[110:112] == [1.0, 0.0]  # seat 0 to play
    assert seat0[112:114] == [0.0, 0.0]
    seat1 = observe(game, 1)
    assert ones(seat1[0:28]) == {_index(t) for t in (*_HANDS[1][1:], "5-5", "4-3")}
    assert seat1[28:100] == seat0[28:100]  # the table is the same for both
    assert seat1[101:103] == [pytest.approx(8 / 21), pytest.approx(7 / 21)]  # seat 1 first
    assert ones(seat1[103:110]) == {4, 6}  # seat 0 lacks 4 and 6
    assert seat1[110:112] == [0.0, 1.0]  # seat 0 is next after seat 1
    # seat 0 plays 6-5 on E: both line sides carry a tile, so N and S open showing 6
    game.apply(play(Tile(6, 5), "E"))
    table = observe(game, 1)
    assert ones(table[56:84]) == {4, 7 + 5, 14 + 6, 21 + 6}
    assert ones(table[84:92]) == {4 + 2, 4 + 3}  # N and S end in the Sniff
    assert table[99] == pytest.approx((4 + 5 + 6 + 6) / COUNT_SCALE)


def test_a_scored_side_shows_its_score_over_the_target() -> None:
    """Scores are each side's over the target, the observer's side first, clipped to [-1, 1]."""
    hands = (("5-5", "6-4", "2-1", "2-0", "1-1", "1-0", "0-0"), ("5-0", "4-4", "3-3", "3-2", "3-1", "3-0", "2-2"))
    game = new_sniff(1, 2, [deal(hands, leader=0)], target=12)
    game.apply(play(Tile(5, 5), None))  # the Sniff 5-5 counts whole: 10, seat 0 scores
    assert game.scores == (10, 0)
    assert field(game, 0, "scores") == [pytest.approx(10 / 12), 0.0]
    assert field(game, 1, "scores") == [0.0, pytest.approx(10 / 12)]
    game.apply(play(Tile(5, 0), "W"))  # W shows 0, E the Sniff: 0 + 10, seat 1 scores
    assert field(game, 0, "scores") == [pytest.approx(10 / 12)] * 2
    game.apply(play(Tile(0, 0), "W"))  # the double 0-0 counts 0 + 0, the Sniff 10: seat 0 reaches 20 and wins
    assert game.is_over and game.scores == (20, 10)
    assert field(game, 0, "scores") == [1.0, pytest.approx(10 / 12)]  # 20 / 12, clipped
    assert field(game, 1, "scores") == [pytest.approx(10 / 12), 1.0]
    assert field(game, 0, "turn") == [0.0, 0.0]  # nobody is to act


# -- the observation: properties over random games ------------------------------------------


class _PublicLacks:
    """The values each seat was seen to lack, worked out again from the public events alone."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.lacks = [0] * players
        self.layout = new_layout()
        self.last: Event | None = None

    def feed(self, events: tuple[Event, ...] | list[Event]) -> None:
        for event in events:
            if isinstance(event, HandDealt):
                self.lacks = [0] * self.players
                self.layout = new_layout()
            elif isinstance(event, TilePlayed):
                self.layout.place(event.tile, None if event.end is None else line.arm_index(event.end))
            elif isinstance(event, TileDrawn | Passed):
                seat = event.seat
                shown = self.layout.open_mask()  # no tile of the seat matched these values
                if isinstance(self.last, TileDrawn) and self.last.seat == seat:
                    self.lacks[seat] = 0  # it kept the tile it drew before, unseen
                self.lacks[seat] |= shown
            self.last = event


@given(case=game_cases)
def test_the_lacks_follow_the_public_draws_and_passes_and_are_true(case: GameCase) -> None:
    """known_lacks is what the public events say; no seat holds a tile of a value it lacks, but the one it must play."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    public = _PublicLacks(case.players)
    public.feed(list(game.events))
    for _ in range(300):
        assert game.known_lacks == tuple(public.lacks)
        for seat, hand in enumerate(game.hands):
            for tile in hand:
                if seat == game.current_player and tile is game.forced_tile:
                    continue  # drawn and fitting: it is played next
                assert not game.known_lacks[seat] & (1 << tile.high | 1 << tile.low), (seat, tile)
        if game.is_over:
            break
        public.feed(game.apply(pick(game, rng)))


def _check_entries(game: Sniff, seat: int, vector: list[float]) -> None:
    spec = Sniff.observation_spec(game.options)
    f = {name: vector[where] for name, where in spec.fields.items()}
    n = game.players
    for name in ("hand", "table", "ends", "end_double", "end_sniff", "sniff", "lacks", "turn"):
        assert set(f[name]) <= {0.0, 1.0}, name
    for name in ("count", "stock", "hand_sizes"):
        assert all(0.0 <= x <= 1.0 for x in f[name]), name
    assert all(-1.0 <= x <= 1.0 for x in f["scores"])
    assert ones(f["hand"]) == {t.index for t in game.hands[seat]}
    assert ones(f["table"]) == {t.index for t in game.layout.all_tiles()}
    assert not ones(f["hand"]) & ones(f["table"])
    layout = game.layout
    for arm in range(4):
        cells = f["ends"][7 * arm : 7 * arm + 7]
        assert ones(cells) == ({layout.values[arm]} if arm in layout.open_arms() else set())
    assert f["count"] == [pytest.approx(game.count / COUNT_SCALE)]
    stock = 28 - n * {2: 7, 3: 6, 4: 5}[n]
    assert f["stock"] == [pytest.approx(len(game.stock) / stock)]
    order = [(seat + p) % n for p in range(n)]
    most = {2: 7, 3: 6, 4: 5}[n] + stock  # a hand dealt, then the whole stock drawn
    assert f["hand_sizes"] == [pytest.approx(len(game.hands[s]) / most) for s in order]
    for p, s in enumerate(order[1:]):
        assert ones(f["lacks"][7 * p : 7 * p + 7]) == {v for v in range(7) if game.known_lacks[s] >> v & 1}
    assert ones(f["turn"]) == (set() if game.is_over else {order.index(game.current_player)})  # type: ignore[arg-type]
    sides = [game.side_of(s) for s in order][: len(f["scores"])]
    target = game.options.target
    assert f["scores"] == [pytest.approx(max(-1.0, min(1.0, game.scores[side] / target))) for side in sides]


@given(case=game_cases)
def test_every_entry_is_in_its_documented_range_and_agrees_with_the_game(case: GameCase) -> None:
    """Over random games, each field of each seat's vector says what the game holds, within its range."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    spec = Sniff.observation_spec(game.options)
    for step in range(300):
        for seat in range(game.players):
            vector = observe(game, seat)
            _check_entries(game, seat, vector)
            buffer = np.zeros(spec.size, dtype=np.float32)  # a NumPy buffer gets the same entries
            spec.write(game, seat, buffer)
            assert buffer.tolist() == vector
        if game.is_over or step == 299:
            break
        game.apply(pick(game, rng))


@given(case=game_cases)
def test_a_clone_observes_the_same_and_then_its_own_game(case: GameCase) -> None:
    """A clone's vectors equal the original's; playing on one leaves the other's as it was."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    for _ in range(rng.randrange(120)):
        if game.is_over:
            return
        game.apply(pick(game, rng))
    before = [observe(game, s) for s in range(game.players)]
    copy = game.clone()
    assert [observe(copy, s) for s in range(game.players)] == before
    while not copy.is_over and copy.hand_number == game.hand_number:
        copy.apply(pick(copy, rng))
    assert [observe(game, s) for s in range(game.players)] == before


@given(scenario=scenarios(Sniff, options={"players": player_counts}))
def test_two_games_a_seat_cannot_tell_apart_give_it_the_same_vector(scenario: Scenario) -> None:
    """Deals differing only in tiles hidden from a seat give it identical vectors through the first hand."""
    start = scenario.new_game()
    seat = scenario.seat_of(start)

    def looks(game: tablegames.Game) -> tuple[tuple[str, str], ...]:
        assert isinstance(game, Sniff)
        return (
            ("views", dumps(game.view(seat))),
            ("redacted logs", dumps(game.log(seat))),
            ("observations", json.dumps(observe(game, seat))),
        )

    play_alike("observation", scenario, start, observer=f"seat {seat}", looks=looks, hand_seat=seat, max_steps=300)


def test_the_hidden_tiles_change_nothing_seen_in_a_stacked_pair() -> None:
    """Two deals exchanging two stock tiles give each seat the same vectors until one is drawn."""
    a = new_sniff(1, 2, [deal(_HANDS, _STOCK, leader=0)])
    swapped = (_STOCK[0], _STOCK[1], "3-3")  # 6-5 (third in the stock) and 3-3 exchanged
    b = new_sniff(1, 2, [deal(_HANDS, swapped, leader=0)])
    for seat in (0, 1):
        assert observe(a, seat) == observe(b, seat)
    a.apply(play(Tile(6, 6), None))
    b.apply(play(Tile(6, 6), None))
    for seat in (0, 1):
        assert observe(a, seat) == observe(b, seat)  # seat 1 drew 4-3 and 6-4 in both
    a.apply(play(Tile(6, 4), "W"))
    b.apply(play(Tile(6, 4), "W"))  # now seat 0 draws 6-5 in a, 3-3 then more in b: it shows
    assert observe(a, 1) != observe(b, 1)


def test_random_positions_of_each_size_fill_only_their_own_length() -> None:
    """A vector never writes past its size (a buffer one longer keeps its last entry zero)."""
    rng = random.Random(5)
    for players in (2, 3, 4):
        game = new_sniff(7, players)
        spec = Sniff.observation_spec(game.options)
        for _ in range(150):
            if game.is_over:
                break
            for seat in range(players):
                out = array.array("f", [0.0]) * (spec.size + 1)
                spec.write(game, seat, out)
                assert out[-1] == 0.0
            game.apply(pick(game, rng))

