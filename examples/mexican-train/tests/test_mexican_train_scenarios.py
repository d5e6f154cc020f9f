"""Scenario tests for Mexican Train: the rules page, rule by rule, from stacked deals in notation.

Each test builds an explicit deal, plays it through the front-end JSON forms
(``action_from_json``) and compares the legal plays, the trains, the events and the scores with
figures worked out by hand (the arithmetic is in the comments). "Rule n" is rule n of
``RULES.rst``; S1 to S12 are the scenarios of the plan the rules were checked with. Seats are
s0, s1, ...; ``x@t`` is tile x on train t, ``@m`` on the Mexican train. A deal's boneyard is
the tiles given, then every other tile of the set, highest first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from mexican_train_helpers import (
    TILES,
    Train,
    deal,
    events_json,
    kinds,
    legal,
    new,
    pips,
    play_out,
    put,
    refuse,
    trains,
    view,
)
from tablegames_mexican_train import MexicanTrain

import tablegames as tg
from tablegames.bots import RandomBot, Table


def turn(game: tg.Game, seat: int, expected: list[str] | None, tile: str, train: Train) -> list[Any]:
    """Check who plays and (unless ``None``) the exact ordered legal plays, then play; the events."""
    assert game.current_player == seat, f"before {tile}: seat {game.current_player} to play, not {seat}"
    if expected is not None:
        assert legal(game) == expected
    return put(game, tile, train)


def played(seat: int, tile: str, train: Train, end: int) -> dict[str, Any]:
    """A tile_played event as JSON."""
    return {"type": "tile_played", "seat": seat, "tile": tile, "train": train, "end": end}


def drawn(seat: int, tile: str | None) -> dict[str, Any]:
    """A tile_drawn event as JSON."""
    return {"type": "tile_drawn", "seat": seat, "tile": tile}


def marker(seat: int, *, up: bool = True) -> dict[str, Any]:
    """A marker_placed (or marker_removed) event as JSON."""
    return {"type": "marker_placed" if up else "marker_removed", "seat": seat}


def passed(seat: int) -> dict[str, Any]:
    """A passed event as JSON."""
    return {"type": "passed", "seat": seat}


def markers(game: tg.Game) -> list[Train]:
    """The ids of the trains carrying a marker, from the view."""
    return [t["id"] for t in view(game)["trains"] if t["marker"]]


def ended(
    reason: str, seat: int | None, hands: list[list[str]], points: list[int], scores: list[int], *, number: int = 1
) -> dict[str, Any]:
    """A hand_ended event as JSON."""
    return {
        "type": "hand_ended",
        "hand_number": number,
        "reason": reason,
        "seat": seat,
        "hands": hands,
        "points": points,
        "scores": scores,
    }


def game_ended(winner: int, scores: list[int], tie_break: str | None = None) -> dict[str, Any]:
    """A game_ended event as JSON."""
    return {"type": "game_ended", "winner": winner, "scores": scores, "tie_break": tie_break}


ONE_ROUND = {"rounds": 1}

# -- S1: the engine, the first player, one's own train, the Mexican train, going out ----------

S1 = deal([["12-12", "12-5", "5-3"], ["12-7", "7-1", "9-2"]])


def test_s1_the_holder_sets_the_engine_and_plays_first_and_goes_out() -> None:
    """Rules 4-12, 19, 21: the engine leaves its holder's hand for the hub and the holder plays
    first; one tile a turn; the Mexican train may be started by a player with no train; the
    player who goes out scores 0 and the other the pips left."""
    game = new(S1, **ONE_ROUND)
    start = events_json(game)
    assert kinds(start) == ["hand_dealt", "engine_placed"]
    assert start[0]["hand_number"] == 1 and start[0]["hands"][0] == ["12-12", "12-5", "5-3"]
    assert start[1] == {"type": "engine_placed", "tile": "12-12", "seat": 0, "first": 0}
    seen = view(game)
    assert seen["hand"] == ["12-5", "5-3"] and seen["hand_sizes"] == [2, 3]
    assert seen["boneyard_size"] == 85  # 91 - 6 dealt
    assert seen["engine"] == "12-12" and seen["first_player"] == 0 and seen["unsatisfied"] is None
    assert trains(game) == {0: 12, 1: 12, "mexican": 12}
    assert turn(game, 0, ["12-5@0", "12-5@m"], "12-5", 0) == [played(0, "12-5", 0, 5)]
    assert game.current_player == 1  # one tile a turn (rule 11): no whole train
    assert turn(game, 1, ["12-7@1", "12-7@m"], "12-7", "mexican") == [played(1, "12-7", "mexican", 7)]
    events = turn(game, 0, ["5-3@0"], "5-3", 0)
    assert events == [
        played(0, "5-3", 0, 3),
        ended("domino", 0, [[], ["9-2", "7-1"]], [0, 19], [0, 19]),  # 9 + 2 + 7 + 1
        game_ended(0, [0, 19]),
    ]
    assert pips(["9-2", "7-1"]) == 19
    assert game.is_over and game.winner == 0 and game.scores == (0, 19) and game.current_player is None
    assert view(game, 1)["last_round"] == {"hand_number": 1, "reason": "domino", "seat": 0, "points": [0, 19]}


@pytest.mark.parametrize(("blank", "points"), [(0, 8), (50, 58)])
def test_s1b_a_double_blank_left_in_hand_counts_its_option(blank: int, points: int) -> None:
    """Rule 21: a 0-0 left in hand counts 0 by its pips (7 + 1 + 0 = 8), or 50 (8 + 50 = 58)."""
    game = new(deal([["12-12", "12-5", "5-3"], ["12-7", "7-1", "0-0"]]), double_blank=blank, **ONE_ROUND)
    put(game, "12-5", 0)
    put(game, "12-7", "mexican")
    events = put(game, "5-3", 0)
    assert events[1]["points"] == [0, points] and events[2] == game_ended(0, [0, points])


# -- S2: draw one and play it; a marker up, used by another, taken off by its owner -----------

S2 = deal([["12-12", "12-4", "4-3", "11-11"], ["9-8", "8-7", "3-1", "6-5"]], ["12-9", "10-5", "1-0"])


def test_s2_drawing_one_tile_markers_up_and_off() -> None:
    """Rules 13, 14 and 10: a player who cannot play draws one tile and must play it if it fits;
    if it does not, their marker goes up and they pass; others may then play on their train,
    which keeps the marker; the owner's own play takes it off, closing the train again."""
    game = new(S2, **ONE_ROUND)
    events = turn(game, 0, ["12-4@0", "12-4@m"], "12-4", 0)
    # s1 holds nothing for 12 (own, m; train 0 is closed): it draws 12-9, which it must play
    assert events == [played(0, "12-4", 0, 4), drawn(1, "12-9")]
    assert [tg.to_json(e) for e in game.log(0).events[-1:]] == [drawn(1, None)]  # s0 does not see it
    assert game.current_player == 1 and view(game, 1)["hand"] == ["12-9", "9-8", "8-7", "6-5", "3-1"]
    turn(game, 1, ["12-9@1", "12-9@m"], "12-9", 1)
    turn(game, 0, ["4-3@0"], "4-3", 0)
    events = turn(game, 1, ["9-8@1"], "9-8", 1)
    # s0 holds 11-11 alone: draws 10-5, still nothing: marker up, pass
    assert events == [played(1, "9-8", 1, 8), drawn(0, "10-5"), marker(0), passed(0)]
    assert markers(game) == [0]
    zero = view(game)["trains"][0]
    assert zero == {"id": 0, "owner": 0, "tiles": ["12-4", "4-3"], "end": 3, "marker": True, "open": True}
    events = turn(game, 1, ["8-7@1", "3-1@0"], "3-1", 0)  # train 0 is open now
    assert markers(game) == [0]  # another's play leaves the marker where it is
    # s0 (11-11, 10-5) has nothing for ends 1 (its own), 8 (closed) and 12: it draws 1-0, which fits
    assert events == [played(1, "3-1", 0, 1), drawn(0, "1-0")]
    events = turn(game, 0, ["1-0@0"], "1-0", 0)
    assert events == [played(0, "1-0", 0, 0), marker(0, up=False)]
    assert markers(game) == []
    events = turn(game, 1, ["8-7@1"], "8-7", 1)  # train 0 is closed again
    assert events == [played(1, "8-7", 1, 7), drawn(0, "12-11")]  # the head of the rest
    assert legal(game) == ["12-11@m"]
    assert trains(game) == {0: 0, 1: 7, "mexican": 12}
    seen = view(game, 1)
    assert seen["hand_sizes"] == [3, 1] and seen["boneyard_size"] == 79  # 91 - 8 dealt - 4 drawn
    assert game.scores == (0, 0)


# -- S3: doubles satisfied by their player, two in a row, a double as the last tile -----------

S3 = deal([["12-12", "12-9", "9-9", "9-4", "6-6"], ["12-3", "4-4", "4-1", "8-2", "2-0"]], ["6-1", "3-2"])


def test_s3_a_double_is_satisfied_by_its_player_and_a_last_double_ends_the_round() -> None:
    """Rules 15-18: a player who lays a double plays again and must satisfy it, on that train;
    plays elsewhere are refused while it is unsatisfied; a double played as the last tile ends
    the round unsatisfied."""
    game = new(S3, **ONE_ROUND)
    turn(game, 0, ["12-9@0", "12-9@m"], "12-9", "mexican")
    turn(game, 1, ["12-3@1"], "12-3", 1)
    assert turn(game, 0, ["9-9@m", "9-4@m"], "9-9", "mexican") == [played(0, "9-9", "mexican", 9)]
    assert game.current_player == 0 and view(game)["unsatisfied"] == "mexican"
    refuse(game, "6-6", "mexican", "6-6 does not fit the double 9-9 on the Mexican train")
    refuse(game, "9-4", 0, "the double 9-9 on the Mexican train must be satisfied first")
    assert turn(game, 0, ["9-4@m"], "9-4", "mexican") == [played(0, "9-4", "mexican", 4)]
    assert view(game)["unsatisfied"] is None and game.current_player == 1
    turn(game, 1, ["4-4@m", "4-1@m"], "4-4", "mexican")  # a double on the tile just laid
    assert game.current_player == 1 and legal(game) == ["4-1@m"]
    refuse(game, "2-0", 1, "the double 4-4 on the Mexican train must be satisfied first")
    events = turn(game, 1, ["4-1@m"], "4-1", "mexican")
    assert events == [played(1, "4-1", "mexican", 1), drawn(0, "6-1")]  # s0 holds 6-6 only
    events = turn(game, 0, ["6-1@m"], "6-1", "mexican")
    assert events == [played(0, "6-1", "mexican", 6), drawn(1, "3-2")]  # 8-2, 2-0 fit neither 3 nor 6
    turn(game, 1, ["3-2@1"], "3-2", 1)
    events = turn(game, 0, ["6-6@m"], "6-6", "mexican")
    assert events == [
        played(0, "6-6", "mexican", 6),
        ended("domino", 0, [[], ["8-2", "2-0"]], [0, 12], [0, 12]),  # 8 + 2 + 2 + 0
        game_ended(0, [0, 12]),
    ]
    assert view(game)["unsatisfied"] == "mexican"  # left unsatisfied: the round is over (rule 18)


# -- S4: a double its player cannot satisfy: the next players must -----------------------------

S4_HANDS = [["12-12", "12-8", "8-8", "11-1"], ["12-5", "7-6", "3-3", "5-0"], ["11-10", "6-4", "8-1", "4-2"]]
S4 = deal(S4_HANDS, ["9-0", "10-2", "7-7", "8-6"])


def test_s4_an_unsatisfied_double_binds_every_player_in_turn() -> None:
    """Rules 16, 17, 13 and 14: unable to satisfy their own double, a player draws once, puts up a
    marker and passes; each next player must satisfy it (drawing once, else marker and pass)
    whatever train it is on; a play elsewhere is illegal meanwhile; a closed train stays closed."""
    game = new(S4, **ONE_ROUND)
    turn(game, 0, ["12-8@0", "12-8@m"], "12-8", 0)
    events = turn(game, 1, ["12-5@1", "12-5@m"], "12-5", "mexican")
    # s2: own 12 and m 5 fit nothing it holds; train 0 (end 8, where 8-1 fits) is closed
    assert events[1:] == [drawn(2, "9-0"), marker(2), passed(2)]
    events = turn(game, 0, ["8-8@0"], "8-8", 0)  # train 2 is open, but its end is 12
    assert events == [
        played(0, "8-8", 0, 8),
        drawn(0, "10-2"),  # its follow-up: 11-1 does not fit 8
        marker(0),
        passed(0),
        drawn(1, "7-7"),  # s1's 5-0 fits the Mexican train, but the double comes first
        marker(1),
        passed(1),
    ]
    assert markers(game) == [0, 1, 2] and view(game)["unsatisfied"] == 0
    refuse(game, "9-0", "mexican", "the double 8-8 on train 0 must be satisfied first: play a tile with a 8 there")
    events = turn(game, 2, ["8-1@0"], "8-1", 0)
    assert events == [played(2, "8-1", 0, 1)] and markers(game) == [0, 1, 2]  # satisfied; the marker stays
    assert turn(game, 0, ["11-1@0"], "11-1", 0) == [played(0, "11-1", 0, 11), marker(0, up=False)]
    turn(game, 1, ["5-0@m"], "5-0", "mexican")
    assert game.current_player == 2
    refuse(game, "11-10", 0, "train 0 carries no marker: seat 2 may play on its own train")
    events = turn(game, 2, ["9-0@m"], "9-0", "mexican")
    assert events == [played(2, "9-0", "mexican", 9), drawn(0, "8-6"), marker(0), passed(0), drawn(1, "12-11")]
    assert legal(game) == ["12-11@0", "12-11@1", "12-11@2"]
    assert markers(game) == [0, 1, 2]
    assert trains(game) == {0: 11, 1: 12, 2: 12, "mexican": 9}
    seen = view(game, 1)
    assert seen["hand_sizes"] == [2, 4, 3] and seen["boneyard_size"] == 74  # 91 - 12 dealt - 5 drawn


def test_s4b_the_next_player_is_refused_a_play_elsewhere() -> None:
    """Rule 17 where the next player is asked to act: only the tile that fits the double, on it."""
    hands = [S4_HANDS[0], ["12-5", "7-6", "8-3", "5-0"], S4_HANDS[2]]
    game = new(deal(hands, ["9-0", "10-2", "7-7", "8-6"]), **ONE_ROUND)
    put(game, "12-8", 0)
    put(game, "12-5", "mexican")
    events = put(game, "8-8", 0)
    assert events == [played(0, "8-8", 0, 8), drawn(0, "10-2"), marker(0), passed(0)]
    assert game.current_player == 1 and legal(game) == ["8-3@0"]
    refuse(game, "5-0", "mexican", "the double 8-8 on train 0 must be satisfied first")
    assert markers(game) == [0, 2]


# -- S5: a drawn double, and a second draw in the same turn ------------------------------------


def test_s5_a_drawn_double_is_played_and_followed_by_a_second_draw() -> None:
    """Rules 13 and 16: one draw for each required play, so a turn whose drawn tile is a double
    may draw once more to satisfy it."""
    game = new(deal([["12-12", "12-6", "11-0"], ["10-3", "9-2", "8-1"]], ["6-6", "6-5"]), **ONE_ROUND)
    events = turn(game, 0, ["12-6@0", "12-6@m"], "12-6", "mexican")
    assert events[1:] == [drawn(1, "6-6")]
    events = turn(game, 1, ["6-6@m"], "6-6", "mexican")
    assert events == [played(1, "6-6", "mexican", 6), drawn(1, "6-5")]  # the turn's second draw
    events = turn(game, 1, ["6-5@m"], "6-5", "mexican")
    assert events == [played(1, "6-5", "mexican", 5), drawn(0, "12-11")]
    events = turn(game, 0, ["12-11@0"], "12-11", 0)
    assert events == [played(0, "12-11", 0, 11), drawn(1, "12-10")]
    turn(game, 1, ["12-10@1"], "12-10", 1)
    events = turn(game, 0, ["11-0@0"], "11-0", 0)
    left = ["10-3", "9-2", "8-1"]
    assert pips(left) == 33  # 10 + 3 + 9 + 2 + 8 + 1
    assert events[1:] == [ended("domino", 0, [[], left], [0, 33], [0, 33]), game_ended(0, [0, 33])]


# -- S6: an empty boneyard; starting another's open, empty train --------------------------------

S6_ZERO = [
    "12-12",
    *[f"12-{b}" for b in range(11, -1, -1)],
    "11-10",
    *[f"10-{b}" for b in range(10, -1, -1)],
    "11-11",
    *[f"11-{b}" for b in range(9, -1, -1)],
    *[f"9-{b}" for b in range(9, 0, -1)],
]
S6_ONE = [t for t in TILES if int(t.split("-")[0]) <= 8 and t != "0-0"] + ["9-0"]


def test_s6_a_pass_without_drawing_and_a_play_on_an_empty_open_train() -> None:
    """Rules 13, 10 and 14: with the boneyard empty a player who cannot play passes at once (the
    marker already up: no second marker event); another player may start an open, empty train;
    its owner's play on it takes the marker off."""
    assert len(S6_ZERO) == len(S6_ONE) == 45
    game = new(deal([S6_ZERO, S6_ONE], ["0-0"]), **ONE_ROUND)
    twelves = [f"12-{b}@{t}" for b in range(11, -1, -1) for t in (0, "m")]
    assert len(twelves) == 24
    events = turn(game, 0, twelves, "12-11", 0)
    assert events == [played(0, "12-11", 0, 11), drawn(1, "0-0"), marker(1), passed(1)]
    assert view(game)["boneyard_size"] == 0
    events = turn(game, 0, None, "12-10", "mexican")
    assert events == [played(0, "12-10", "mexican", 10), passed(1)]  # nothing to draw, the marker is up
    assert "12-5@1" in legal(game)  # train 1 is open, and empty: its end is the engine's 12
    assert turn(game, 0, None, "12-5", 1) == [played(0, "12-5", 1, 5)]
    fives = ["8-5@1", "7-5@1", "6-5@1", "5-5@1", "5-4@1", "5-3@1", "5-2@1", "5-1@1", "5-0@1"]
    assert turn(game, 1, fives, "5-3", 1) == [played(1, "5-3", 1, 3), marker(1, up=False)]
    assert markers(game) == [] and trains(game) == {0: 11, 1: 3, "mexican": 10}
    assert view(game)["hand_sizes"] == [41, 45]  # 45 - the engine - 3 played; 45 + 0-0 - 5-3
    moves = legal(game)
    assert len(moves) == 24 and moves[:3] == ["11-11@0", "11-10@0", "11-10@m"]


# -- S7: a blocked round; a tie broken by seat; the double-blank deciding instead ----------------

S7_ZERO_TRAIN = ["12-1", "2-1", "12-2", "12-3", "4-3", "12-4", "12-5", "6-5", "12-6"]
S7_ONE_TRAIN = ["12-7", "8-7", "12-8", "12-9", "10-9", "12-10", "12-11", "11-0", "12-0"]
S7_ZERO_REST = [
    *("11-8", "11-7", "11-6", "11-5", "11-4", "11-3", "11-2", "11-1"),
    *("10-6", "10-5", "10-4", "10-3", "10-2", "10-1", "10-0"),
    *("9-5", "9-4", "9-3", "9-2", "9-1", "9-0", "8-4", "8-3", "8-2", "8-1"),
    *("7-3", "7-2", "7-1", "7-0", "6-2", "6-1", "6-0", "5-1", "5-0", "4-0"),
]
S7_ONE_REST = [  # the tiles whose halves differ by 3 at most, but 11-8, and 8-0
    *("11-11", "11-10", "11-9", "10-10", "10-8", "10-7", "9-9", "9-8", "9-7", "9-6"),
    *("8-8", "8-6", "8-5", "8-0", "7-7", "7-6", "7-5", "7-4", "6-6", "6-4", "6-3"),
    *("5-5", "5-4", "5-3", "5-2", "4-4", "4-2", "4-1", "3-3", "3-2", "3-1", "3-0", "2-2", "2-0", "1-1", "1-0"),
]
S7 = deal([["12-12", *S7_ZERO_TRAIN, *S7_ZERO_REST], [*S7_ONE_TRAIN, *S7_ONE_REST]], ["0-0"])


def _block_s7(game: tg.Game) -> list[Any]:
    """Play S7's eighteen tiles, each on its player's own train; the events of the last."""
    events: list[Any] = []
    for zero, one in zip(S7_ZERO_TRAIN, S7_ONE_TRAIN, strict=True):
        put(game, zero, 0)
        events = put(game, one, 1)
    return events


def test_s7_a_blocked_round_and_a_tie_broken_by_seat() -> None:
    """Rules 20-23: with the boneyard empty and no tile in any hand fitting any train (every end
    12), the round ends at once; every player adds their pips; equal totals and equal rounds
    go to the lowest seat."""
    game = new(S7, **ONE_ROUND)
    assert legal(game)[:3] == ["12-6@0", "12-6@m", "12-5@0"] and len(legal(game)) == 12
    events = _block_s7(game)
    left_zero = sorted([*S7_ZERO_REST, "0-0"], key=TILES.index)
    left_one = sorted(S7_ONE_REST, key=TILES.index)
    assert pips(left_one) == 396  # the 11s 63, 10s 55, 9s 66, 8s 51, 7s 50, 6s 31, 5s 34, 4s 19, 3s 18, 2s 6, 1s 3
    assert pips(left_zero) == 396  # 1092 in the set - 24 (engine) - 114 - 162 (the two trains) - 396
    assert events == [
        played(1, "12-0", 1, 12),
        drawn(0, "0-0"),  # s0 holds no 12
        marker(0),
        passed(0),
        ended("blocked", None, [left_zero, left_one], [396, 396], [396, 396]),  # no pass for s1
        game_ended(0, [396, 396], "seat"),
    ]


def test_s7_with_the_double_blank_at_50_the_tie_goes() -> None:
    """Rules 21 and 22: the same block with ``double_blank=50``: s0's 0-0 counts 50, s1 wins outright."""
    game = new(S7, double_blank=50, **ONE_ROUND)
    events = _block_s7(game)
    assert events[-2]["points"] == [446, 396] and events[-1] == game_ended(1, [446, 396])


# -- S8: round to round: the engines, who plays first, the lowest total wins ---------------------

S8 = [
    deal([["12-12", "12-3"], ["5-4", "6-1"]]),
    deal([["10-9", "8-8"], ["11-11", "11-2"]]),
    deal([["10-1", "1-1"], ["10-0", "9-9"]], first=0),
]


def test_s8_engines_change_each_round_and_the_lowest_total_wins() -> None:
    """Rules 3, 5, 6 and 22: round r's engine is (13 - r)-(13 - r); its holder plays first, or the
    draw when it lies in the boneyard; the match ends after the last round and the lowest total
    wins, whoever went out more often."""
    game = new(*S8, rounds=3)
    events = turn(game, 0, ["12-3@0", "12-3@m"], "12-3", 0)
    assert events[1] == ended("domino", 0, [[], ["6-1", "5-4"]], [0, 16], [0, 16])  # 6 + 1 + 5 + 4
    assert events[2]["type"] == "hand_dealt" and events[2]["hand_number"] == 2
    assert events[3] == {"type": "engine_placed", "tile": "11-11", "seat": 1, "first": 1}
    assert view(game)["last_round"]["points"] == [0, 16]
    events = turn(game, 1, ["11-2@1", "11-2@m"], "11-2", 1)
    assert events[1] == ended("domino", 1, [["10-9", "8-8"], []], [35, 0], [35, 16], number=2)  # 19 + 16
    assert events[2]["hand_number"] == 3
    assert events[3] == {"type": "engine_placed", "tile": "10-10", "seat": None, "first": 0}
    seen = view(game)
    assert seen["boneyard_size"] == 86 and seen["engine"] == "10-10"  # 91 - 4 dealt - the engine
    turn(game, 0, ["10-1@0", "10-1@m"], "10-1", 0)
    turn(game, 1, ["10-0@1", "10-0@m"], "10-0", 1)
    events = turn(game, 0, ["1-1@0"], "1-1", 0)
    assert events[1:] == [
        ended("domino", 0, [[], ["9-9"]], [0, 18], [35, 34], number=3),
        game_ended(1, [35, 34]),
    ]
    assert game.winner == 1 and game.history == ((0, 16), (35, 0), (0, 18))


def test_s8_the_view_carries_the_table_of_the_last_finished_round() -> None:
    """Every seat's view shows the trains as the last round ended; ``None`` all through round 1."""
    game = new(*S8, rounds=3)
    assert view(game, 0)["last_layout"] is None and view(game, 1)["last_layout"] is None
    turn(game, 0, ["12-3@0", "12-3@m"], "12-3", 0)  # s0 goes out; round 2 is dealt
    first = {
        "hand_number": 1,
        "engine": "12-12",
        "trains": [
            {"id": 0, "owner": 0, "tiles": ["12-3"], "end": 3, "marker": False, "open": False},
            {"id": 1, "owner": 1, "tiles": [], "end": 12, "marker": False, "open": False},
            {"id": "mexican", "owner": None, "tiles": [], "end": 12, "marker": False, "open": True},
        ],
        "unsatisfied": None,
    }
    assert view(game, 0)["engine"] == "11-11" and view(game, 0)["trains"][0]["tiles"] == []
    assert view(game, 0)["last_layout"] == first and view(game, 1)["last_layout"] == first
    assert tg.to_json(game.clone().view(1))["last_layout"] == first
    turn(game, 1, ["11-2@1", "11-2@m"], "11-2", 1)  # s1 goes out: round 2's table replaces it
    assert view(game, 0)["last_layout"]["hand_number"] == 2
    assert view(game, 0)["last_layout"]["engine"] == "11-11"
    assert [t["tiles"] for t in view(game, 0)["last_layout"]["trains"]] == [[], ["11-2"], []]
    turn(game, 0, ["10-1@0", "10-1@m"], "10-1", 0)
    turn(game, 1, ["10-0@1", "10-0@m"], "10-0", 1)
    turn(game, 0, ["1-1@0"], "1-1", 0)  # the last round ends the match: its table is both the view's and the last
    last = view(game, 1)["last_layout"]
    assert game.is_over and last["hand_number"] == 3 and last["trains"] == view(game, 1)["trains"]
    assert last["unsatisfied"] == view(game, 1)["unsatisfied"]
    assert [t["tiles"] for t in last["trains"]] == [["10-1", "1-1"], ["10-0"], []]


def test_s8_without_first_the_seed_draws_who_plays_first() -> None:
    """Rule 6: with the engine in the boneyard and no ``first``, the seed's draw names the seat,
    the same every time for the same seed; ``first`` is ignored when a hand holds the engine."""
    third = deal([["10-1", "1-1"], ["10-0", "9-9"]])
    starters = set()
    for seed in range(12):
        game = new(S8[0], S8[1], third, seed=seed, rounds=3)
        put(game, "12-3", 0)
        events = put(game, "11-2", 1)
        assert events[3]["seat"] is None
        starters.add(events[3]["first"])
        again = new(S8[0], S8[1], third, seed=seed, rounds=3)
        put(again, "12-3", 0)
        assert put(again, "11-2", 1)[3] == events[3]
    assert starters == {0, 1}
    ignored = new(deal([["12-12", "12-3"], ["5-4", "6-1"]], first=1), rounds=1)
    assert ignored.current_player == 0


# -- S9: a tie broken by countback, and the double-blank deciding instead --------------------------


@pytest.mark.parametrize(
    ("blank", "points", "scores", "tie_break"),
    [(0, [10, 0], [10, 10], "countback"), (50, [60, 0], [60, 10], None)],
)
def test_s9_a_tie_goes_to_the_better_last_round(
    blank: int, points: list[int], scores: list[int], tie_break: str | None
) -> None:
    """Rule 23: tied totals (10 and 10) are compared on the last round (s0 10, s1 0): s1 wins on
    countback; with the 0-0 at 50 there is no tie (60 and 10)."""
    rounds = [deal([["12-12", "12-5"], ["6-3", "1-0"]]), deal([["5-5", "0-0"], ["11-11", "11-4"]])]
    game = new(*rounds, rounds=2, double_blank=blank)
    assert put(game, "12-5", 0)[1]["points"] == [0, 10]  # 6 + 3 + 1 + 0
    events = turn(game, 1, ["11-4@1", "11-4@m"], "11-4", 1)
    assert events[1]["points"] == points  # 5 + 5 + the 0-0
    assert events[2] == game_ended(1, scores, tie_break)


# -- S10: illegal actions and their reasons ------------------------------------------------------


def test_s10_every_refusal_names_its_reason() -> None:
    """The one place legality is decided: holding the tile, the train's id, a closed train, the
    end, a malformed train, another seat acting, and the end of the match."""
    game = new(S1, **ONE_ROUND)
    refuse(game, "7-1", 0, "seat 0 does not hold 7-1")
    refuse(game, "12-5", 1, "train 1 carries no marker: seat 0 may play on its own train, the Mexican train")
    refuse(game, "12-5", 5, r"no train 5; the trains are 0 to 1 and 'mexican'")
    refuse(game, "12-5", "Mexican", "no train 'Mexican'")
    refuse(game, "5-3", 0, "5-3 does not fit train 0, whose end is 12")
    refuse(game, "5-3", "mexican", "5-3 does not fit the Mexican train, whose end is 12")
    for bad in (True, 1.5, None, [0]):
        with pytest.raises(tg.IllegalActionError, match="malformed 'play' action"):
            game.action_from_json({"type": "play", "tile": "12-5", "train": bad})
    with pytest.raises(tg.IllegalActionError, match="malformed 'play' action"):
        game.action_from_json({"type": "play", "tile": "12-5"})
    with pytest.raises(tg.IllegalActionError, match=r"malformed 'play' action"):
        game.action_from_json({"type": "play", "tile": "13-1", "train": 0})
    assert game.action_from_json({"type": "play", "tile": "5-12", "train": 0.0}) is game.legal_actions()[0]
    with pytest.raises(tg.IllegalActionError, match="it is seat 0's turn, not seat 1's"):
        game.apply(game.legal_actions()[0], seat=1)
    with pytest.raises(tg.IllegalActionError, match="not a Mexican Train action"):
        game.apply(tg.Action())
    put(game, "12-5", 0)
    put(game, "12-7", "mexican")
    put(game, "5-3", 0)
    assert game.is_over and list(game.legal_actions()) == []
    with pytest.raises(tg.IllegalActionError, match="the game is over"):
        put(game, "7-1", "mexican")


# -- S11: stacked deals refused -----------------------------------------------------------------


def test_s11_bad_deals_are_refused_with_what_is_wrong() -> None:
    """Rule 24: a deal has one hand per seat of ``hand_size`` tiles and the 91 tiles once, and a
    ``first`` that is a seat; each fault is named, with the deal's index."""
    good = deal([["12-12", "12-5", "5-3"], ["12-7", "7-1", "9-2"]])

    def refused(data: dict[str, Any], message: str, **options: Any) -> None:
        options = {"players": 2, "hand_size": 3, **options}
        with pytest.raises(tg.InvalidOptionsError, match=message) as caught:
            tg.new_game("mexican-train", seed=1, deals=[good, data], **options)
        assert caught.value.option == "deals[1]"

    three = deal([["12-12", "12-5", "5-3"], ["12-7", "7-1", "9-2"], ["11-1", "11-2", "11-3"]])
    refused(three, "3 hands for 2 players; one hand per seat")
    short = {"hands": [["12-12", "12-5"], good["hands"][1]], "boneyard": ["5-3", *good["boneyard"]]}
    refused(short, r"hands\[0\] has 2 tiles; each hand has 3 \(hand_size\)")
    refused({**good, "boneyard": good["boneyard"][1:]}, "the boneyard has 84 tiles; with 2 hands of 3 it has 85")
    twice = {**good, "boneyard": ["12-12", *good["boneyard"][1:]]}
    missing = good["boneyard"][0]
    refused(twice, f"duplicate tiles 12-12; missing tiles {missing}; a deal holds each of the 91 double-twelve tiles")
    refused({**good, "first": 2}, "first 2 is not a seat; seats are 0 to 1")
    refused({**good, "first": -1}, "first -1 is not a seat")
    refused({**good, "first": "0"}, "not a deal")
    refused({**good, "boneyard": ["13-1", *good["boneyard"][1:]]}, "not a deal|tiles outside double-twelve")


# -- S12: the defaults and the view ------------------------------------------------------------


def test_s12_defaults_four_players_fifteen_tiles_thirteen_rounds() -> None:
    """Rules 2-4 and the view: four players of 15 tiles, the engine 12-12 in the hub, four trains
    and the Mexican train empty at the engine's value, no markers, 31 tiles to draw (30 if the
    engine came from the boneyard), the holder's 14 tiles."""
    for seed in range(6):
        game = tg.new_game("mexican-train", seed=seed)
        seen = view(game, 0)
        assert (seen["players"], seen["rounds"], seen["double_blank"], seen["hand_size"]) == (4, 13, 0, 15)
        assert seen["engine"] == "12-12" and seen["unsatisfied"] is None and seen["last_round"] is None
        assert [t["id"] for t in seen["trains"]] == [0, 1, 2, 3, "mexican"]
        assert all(t["tiles"] == [] and t["end"] == 12 and not t["marker"] for t in seen["trains"])
        assert [t["owner"] for t in seen["trains"]] == [0, 1, 2, 3, None]
        placed = events_json(game)[1]
        if placed["seat"] is None:
            assert seen["boneyard_size"] == 30 and seen["hand_sizes"] == [15] * 4
        else:
            assert seen["boneyard_size"] == 31 and placed["first"] == placed["seat"]
            assert seen["hand_sizes"][placed["seat"]] == 14
        assert seen["first_player"] == placed["first"]


def test_s12_a_whole_match_has_thirteen_rounds_and_the_lowest_total_wins() -> None:
    """Rules 3 and 22: thirteen rounds with the engines 12-12 down to 0-0; the winner has the lowest total."""
    game = tg.new_game("mexican-train", seed=21, players=3)
    play_out(game, random.Random(21))
    placed = [e["tile"] for e in events_json(game) if e["type"] == "engine_placed"]
    assert [e["hand_number"] for e in events_json(game) if e["type"] == "hand_dealt"] == list(range(1, 14))
    assert placed == [f"{v}-{v}" for v in range(12, -1, -1)]
    assert game.winner is not None and game.scores[game.winner] == min(game.scores)


# -- The greedy heuristic: a double it can satisfy, else the heaviest tile, its own train -------


def _greedy(game: tg.Game) -> str:
    """The heuristic's play for the seat to move, as ``"tile@train"``."""
    seat = game.current_player
    assert seat is not None
    data = tg.to_json(MexicanTrain.heuristic_choice(Table(game, [RandomBot()] * 2, rng=random.Random(0)).observe(seat)))
    return f"{data['tile']}@{'m' if data['train'] == 'mexican' else data['train']}"


@pytest.mark.parametrize(("last", "expected"), [("5-1", "5-5@m"), ("3-1", "10-9@0")])
def test_greedy_plays_a_double_it_can_satisfy_else_the_heaviest_tile(last: str, expected: str) -> None:
    """s0 opens its own train with 12-10 (own train before the Mexican one: both 22 pips); s1 starts the Mexican
    train with 12-5. Then s0 may play 10-9 (19 pips), 5-5 (10) or 5-1: holding 5-1, the double 5-5 goes first,
    two tiles in one turn; without a tile to satisfy it, the heaviest, 10-9."""
    game = new(deal([["12-12", "12-10", "10-9", "5-5", last], ["12-5", "11-0", "8-8", "7-3", "6-2"]]), **ONE_ROUND)
    assert legal(game) == ["12-10@0", "12-10@m"] and _greedy(game) == "12-10@0"
    put(game, "12-10", 0)
    put(game, "12-5", "mexican")
    assert _greedy(game) == expected
