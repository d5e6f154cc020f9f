"""Scenario tests for All Fives: the rules page, rule by rule, from stacked deals in notation.

Each test builds an explicit deal, plays it through the front-end JSON forms
(``action_from_json``) and compares counts, ends, scores and events with numbers worked out by
hand; the comments show the arithmetic. "Rule n" is rule n of ``RULES.rst``. Seats are written
s0..s3; ``W``/``E`` are the line's arms and ``N``/``S`` the spinner's ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from all_fives_helpers import deal, ends, kinds, legal, new, pips, put, refuse, view

import tablegames as tg

Step = tuple[int, str, str | None, int, tuple[int, ...]]
"""One placement of a script: seat, tile, end, the count after it, the scores after it."""


def run(game: tg.Game, steps: Sequence[Step]) -> list[Any]:
    """Play a script of placements, checking the seat to play, each count and the scores; the last events."""
    events: list[Any] = []
    for seat, tile, end, count, scores in steps:
        assert game.current_player == seat, f"before {tile}: seat {game.current_player} to play, not {seat}"
        events = put(game, tile, end)
        assert events[0] == {"type": "tile_played", "seat": seat, "tile": tile, "end": end, "count": count}
        assert view(game)["count"] == count
        assert game.scores == scores, f"after {tile} on {end}"
    return events


def scored(seat: int | None, side: int, points: int, reason: str, total: int) -> dict[str, Any]:
    """A scored event as JSON."""
    return {"type": "scored", "seat": seat, "side": side, "points": points, "reason": reason, "total": total}


# -- a spinner with four counted ends, drawing, and the target reached in mid-hand ------------

FOUR_ARMS = deal(
    [
        ["6-6", "6-4", "6-2", "4-4", "5-0", "3-1", "2-0"],
        ["6-3", "6-1", "1-1", "3-0", "5-5", "2-1", "4-0"],
    ],
    ["3-3", "4-3"],
)


def test_highest_double_leads_and_must_open() -> None:
    """Rule 5: in the first hand the holder of the highest double leads, and only that double may open."""
    game = new(FOUR_ARMS)
    assert game.current_player == 0
    assert tg.to_json(game.log().events[1]) == {
        "type": "leader_chosen",
        "seat": 0,
        "reason": "highest_double",
        "tile": "6-6",
    }
    assert legal(game) == {("6-6", None)}
    assert str(game.lead_tile) == "6-6"
    refuse(game, "6-4", None, "must open with it")
    refuse(game, "6-6", "W", "end must be null")
    refuse(game, "6-3", None, "does not hold 6-3")
    assert view(game)["ends"] == []
    put(game, "6-6", None)
    assert game.lead_tile is None


def test_spinner_four_arms_doubles_drawing_and_a_win_in_mid_hand() -> None:
    """Rules 8-13 and 17: the spinner counts 2s until both sides carry a tile, then its ends count
    only once played on; doubles at an end count both halves; a drawn playable tile is played;
    reaching 61 wins at once."""
    game = new(FOUR_ARMS)
    run(game, [(0, "6-6", None, 12, (0, 0))])  # the opening spinner counts both halves: 12
    assert ends(game) == {"W": 6, "E": 6}
    refuse(game, "6-3", "N", "opens only once both its sides carry a tile")
    events = run(game, [(1, "6-3", "W", 15, (0, 15))])  # W 3 + the spinner 12 = 15
    assert events[1] == scored(1, 1, 15, "count", 15)
    run(game, [(0, "6-4", "E", 7, (0, 15))])  # 3 + 4: the spinner no longer counts, N and S not yet
    assert ends(game) == {"W": 3, "E": 4, "N": 6, "S": 6}
    run(
        game,
        [
            (1, "6-1", "N", 8, (0, 15)),  # 3 + 4 + 1
            (0, "6-2", "S", 10, (10, 15)),  # 3 + 4 + 1 + 2: four counted ends
            (1, "1-1", "N", 11, (10, 15)),  # 3 + 4 + (1 + 1) + 2: a double at an end counts both halves
            (0, "4-4", "E", 15, (25, 15)),  # 3 + 8 + 2 + 2
            (1, "3-0", "W", 12, (25, 15)),  # 0 + 8 + 2 + 2
            (0, "2-0", "S", 10, (35, 15)),  # 0 + 8 + 2 + 0
            (1, "2-1", "N", 10, (35, 25)),  # 0 + 8 + 2 + 0
            (0, "5-0", "W", 15, (50, 25)),  # 5 + 8 + 2 + 0
        ],
    )
    events = run(game, [(1, "5-5", "W", 20, (50, 45))])  # (5 + 5) + 8 + 2 + 0
    # s0 holds only 3-1 against ends 5, 4, 2, 0: it draws 3-3 (no fit), then 4-3, which fits E only
    assert kinds(events) == ["tile_played", "scored", "tile_drawn", "tile_drawn"]
    assert events[2:] == [
        {"type": "tile_drawn", "seat": 0, "tile": "3-3"},
        {"type": "tile_drawn", "seat": 0, "tile": "4-3"},
    ]
    assert game.current_player == 0
    assert legal(game) == {("4-3", "E")}
    assert view(game, 0)["hand"] == ["4-3", "3-3", "3-1"]
    assert view(game, 1)["hand_sizes"] == [3, 1]
    assert view(game, 1)["boneyard_size"] == 12
    seen = [tg.to_json(e) for e in game.log(1).events[-2:]]
    assert seen == [{"type": "tile_drawn", "seat": 0, "tile": None}] * 2
    events = run(game, [(0, "4-3", "E", 15, (65, 45))])  # (5 + 5) + 3 + 2 + 0 = 15: 50 + 15 = 65 >= 61
    assert events[1:] == [scored(0, 0, 15, "count", 65), {"type": "game_ended", "winner": 0, "scores": [65, 45]}]
    assert game.is_over and game.winner == 0 and game.current_player is None
    assert list(game.legal_actions()) == []
    with pytest.raises(tg.IllegalActionError, match="the game is over"):
        put(game, "3-1", "W")


def test_target_option_ends_the_match_at_the_first_score_reaching_it() -> None:
    """Rule 17 and the ``target`` option: with target 15, the first count of 15 wins at once."""
    game = new(FOUR_ARMS, target=15)
    run(game, [(0, "6-6", None, 12, (0, 0))])
    events = run(game, [(1, "6-3", "W", 15, (0, 15))])
    assert events[1:] == [scored(1, 1, 15, "count", 15), {"type": "game_ended", "winner": 1, "scores": [0, 15]}]
    assert game.winner == 1


def test_views_show_the_layout_arms_and_the_spinner() -> None:
    """The view carries the opening tile, the spinner, each arm's tiles and whether it is open."""
    game = new(FOUR_ARMS)
    run(game, [(0, "6-6", None, 12, (0, 0)), (1, "6-3", "W", 15, (0, 15))])
    table = view(game, 1)
    assert table["opening"] == "6-6" and table["spinner"] == "6-6"
    assert table["arms"] == [
        {"id": "W", "tiles": ["6-3"], "value": 3, "open": True},
        {"id": "E", "tiles": [], "value": 6, "open": True},
        {"id": "N", "tiles": [], "value": 0, "open": False},
        {"id": "S", "tiles": [], "value": 0, "open": False},
    ]
    assert table["legal_actions"] == [] and table["current_player"] == 0
    assert view(game, 0)["legal_actions"] == [
        {"type": "play", "tile": "6-4", "end": "E"},
        {"type": "play", "tile": "6-2", "end": "E"},
        {"type": "play", "tile": "3-1", "end": "W"},
    ]
    assert table["leader"] == 0 and table["side_of_seat"] == [0, 1] and table["target"] == 61


# -- no double dealt, and a spinner placed later on the line ----------------------------------

NO_DOUBLE = deal(
    [
        ["1-0", "2-0", "3-0", "4-0", "2-1", "3-1", "4-1"],
        ["6-5", "6-4", "6-3", "6-2", "5-4", "5-3", "5-2"],
    ],
    ["3-3", "6-6"],
)


def test_without_a_double_the_heaviest_tile_leads_and_a_later_spinner_sits_in_its_arm() -> None:
    """Rules 5, 9, 10 and 13: 6-5 leads; a drawn 6-6 becomes the spinner inside W and counts 12
    until its far side carries a tile; its ends open only then and count only once played on."""
    game = new(NO_DOUBLE)
    assert tg.to_json(game.log().events[1]) == {
        "type": "leader_chosen",
        "seat": 1,
        "reason": "heaviest_tile",
        "tile": "6-5",
    }
    assert legal(game) == {("6-5", None)}
    refuse(game, "6-4", None, "must open with it")
    events = run(game, [(1, "6-5", None, 11, (0, 0))])  # a lone opening tile counts both halves
    # s0 holds no 6 and no 5: it draws 3-3, then 6-6, and must play the 6-6 on W
    assert events[1:] == [
        {"type": "tile_drawn", "seat": 0, "tile": "3-3"},
        {"type": "tile_drawn", "seat": 0, "tile": "6-6"},
    ]
    assert legal(game) == {("6-6", "W")}
    run(game, [(0, "6-6", "W", 17, (0, 0))])  # E 5 + the spinner 12; W adds nothing of its own
    assert view(game)["spinner"] == "6-6" and ends(game) == {"W": 6, "E": 5}
    run(game, [(1, "5-3", "E", 15, (0, 15))])  # E 3 + the spinner 12: one side only is played on
    assert legal(game) == {("3-0", "E"), ("3-1", "E"), ("3-3", "E")}
    refuse(game, "3-0", "N", "opens only once both its sides carry a tile")
    run(
        game,
        [
            (0, "3-0", "E", 12, (0, 15)),  # E 0 + 12
            (1, "6-4", "W", 4, (0, 15)),  # W 4 + E 0: both sides played on, the spinner counts nothing
        ],
    )
    assert ends(game) == {"W": 4, "E": 0, "N": 6, "S": 6}
    run(
        game,
        [
            (0, "4-0", "W", 0, (0, 15)),  # 0 + 0: a count of 0 scores nothing
            (1, "6-3", "N", 3, (0, 15)),  # 0 + 0 + 3
            (0, "3-3", "N", 6, (0, 15)),  # 0 + 0 + (3 + 3)
        ],
    )
    arms = {arm["id"]: arm["tiles"] for arm in view(game)["arms"]}
    assert arms == {"W": ["6-6", "6-4", "4-0"], "E": ["5-3", "3-0"], "N": ["6-3", "3-3"], "S": []}


# -- a domino ---------------------------------------------------------------------------------

DOMINO = deal(
    [
        ["6-1", "1-0", "0-0", "5-3", "6-3"],
        ["6-6", "6-5", "5-4", "4-3", "3-0"],
        ["6-2", "2-2", "2-1", "3-1", "5-5"],
    ]
)
DOMINO_STEPS: list[Step] = [
    (1, "6-6", None, 12, (0, 0, 0)),
    (2, "6-2", "W", 14, (0, 0, 0)),  # 2 + 12
    (0, "6-1", "E", 3, (0, 0, 0)),  # 2 + 1
    (1, "6-5", "N", 8, (0, 0, 0)),  # 2 + 1 + 5
    (2, "2-2", "W", 10, (0, 0, 10)),  # (2 + 2) + 1 + 5
    (0, "1-0", "E", 9, (0, 0, 10)),  # 4 + 0 + 5
    (1, "5-4", "N", 8, (0, 0, 10)),  # 4 + 0 + 4
    (2, "2-1", "W", 5, (0, 0, 15)),  # 1 + 0 + 4
    (0, "0-0", "E", 5, (5, 0, 15)),  # 1 + (0 + 0) + 4
    (1, "4-3", "N", 4, (5, 0, 15)),  # 1 + 0 + 3
    (2, "3-1", "W", 6, (5, 0, 15)),  # 3 + 0 + 3
    (0, "5-3", "W", 8, (5, 0, 15)),  # 5 + 0 + 3
]


def test_domino_scores_the_opponents_pips_rounded_and_the_winner_leads_next() -> None:
    """Rules 5, 15: s1 places its last tile; it scores the others' 6-3 and 5-5 (19, rounded to 20)
    and leads hand 2 with any tile."""
    game = new(DOMINO)
    assert game.current_player == 1 and len(game.scores) == 3
    run(game, DOMINO_STEPS)
    events = put(game, "3-0", "N")  # s1's last tile: 5 + 0 + 0 = 5, scored first
    assert events[0] == {"type": "tile_played", "seat": 1, "tile": "3-0", "end": "N", "count": 5}
    assert pips(["6-3", "5-5"]) == 19
    assert events[1:5] == [
        scored(1, 1, 5, "count", 5),
        {"type": "hand_ended", "hand_number": 1, "reason": "domino", "seat": 1, "hands": [["6-3"], [], ["5-5"]]},
        scored(1, 1, 20, "domino", 25),
        events[4],
    ]
    assert events[4]["type"] == "hand_dealt" and events[4]["hand_number"] == 2
    assert events[5] == {"type": "leader_chosen", "seat": 1, "reason": "domino", "tile": None}
    assert game.scores == (5, 25, 15)
    assert game.current_player == 1
    hand = view(game, 1)["hand"]
    assert len(hand) == 5 and legal(game) == {(t, None) for t in hand}


def test_domino_points_can_win_the_match() -> None:
    """Rule 17: the domino's 20 points take s1 to the target of 25; the match ends, no new hand."""
    game = new(DOMINO, target=25)
    run(game, DOMINO_STEPS)
    events = put(game, "3-0", "N")
    assert kinds(events) == ["tile_played", "scored", "hand_ended", "scored", "game_ended"]
    assert events[-1] == {"type": "game_ended", "winner": 1, "scores": [5, 25, 15]}


DOMINO_TABLE = {
    "hand_number": 1,
    "opening": "6-6",
    "spinner": "6-6",
    "arms": [
        {"id": "W", "tiles": ["6-2", "2-2", "2-1", "3-1", "5-3"], "value": 5, "open": True},
        {"id": "E", "tiles": ["6-1", "1-0", "0-0"], "value": 0, "open": True},
        {"id": "N", "tiles": ["6-5", "5-4", "4-3", "3-0"], "value": 0, "open": True},
        {"id": "S", "tiles": [], "value": 6, "open": True},
    ],
}
"""The DOMINO hand's table once s1 plays 3-0 on N: each arm outward from the spinner 6-6."""


def test_the_view_carries_the_layout_of_the_last_finished_hand() -> None:
    """Every seat's view shows the table as the last hand ended; ``None`` all through hand 1."""
    game = new(DOMINO)
    assert all(view(game, seat)["last_layout"] is None for seat in range(3))
    run(game, DOMINO_STEPS)
    assert all(view(game, seat)["last_layout"] is None for seat in range(3))
    put(game, "3-0", "N")  # s1 dominoes; hand 2 is dealt
    assert view(game, 0)["hand_number"] == 2 and view(game, 0)["arms"] == []
    assert [view(game, seat)["last_layout"] for seat in range(3)] == [DOMINO_TABLE] * 3
    put(game, view(game, 1)["hand"][0], None)  # hand 2 opens; the last hand's table stays as it ended
    assert view(game, 2)["last_layout"] == DOMINO_TABLE
    assert tg.to_json(game.clone().view(0))["last_layout"] == DOMINO_TABLE


def test_a_hand_that_ends_the_match_is_the_last_layout() -> None:
    """When the domino wins the match no hand follows: the hand in view is the last finished one."""
    game = new(DOMINO, target=25)
    run(game, DOMINO_STEPS)
    put(game, "3-0", "N")
    assert game.is_over
    table = view(game, 0)
    assert table["last_layout"] == DOMINO_TABLE
    assert (table["opening"], table["spinner"], table["arms"]) == ("6-6", "6-6", DOMINO_TABLE["arms"])


# -- a blocked hand in partnerships -----------------------------------------------------------

BLOCK = deal(
    [
        ["0-0", "2-1", "4-0", "6-1", "5-1"],
        ["1-0", "4-3", "6-0", "4-2", "3-2"],
        ["3-0", "6-5", "6-2", "5-3", "5-2"],
        ["5-0", "2-0", "6-4", "6-3", "5-4"],
    ],
    ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "4-1", "3-1"],
)
BLOCK_STEPS: list[Step] = [
    (0, "0-0", None, 0, (0, 0)),  # the spinner 0-0 counts 0
    (1, "1-0", "W", 1, (0, 0)),
    (2, "3-0", "E", 4, (0, 0)),  # 1 + 3
    (3, "5-0", "N", 9, (0, 0)),  # 1 + 3 + 5
    (0, "2-1", "W", 10, (10, 0)),  # 2 + 3 + 5
    (1, "4-3", "E", 11, (10, 0)),  # 2 + 4 + 5
    (2, "6-5", "N", 12, (10, 0)),  # 2 + 4 + 6
    (3, "2-0", "W", 10, (10, 10)),  # 0 + 4 + 6
    (0, "4-0", "E", 6, (10, 10)),  # 0 + 0 + 6
]


def test_block_in_partnerships_scores_the_difference_rounded_for_the_lighter_side() -> None:
    """Rules 2, 13 and 16: every end shows 0 and all seven 0s are down; s2 draws the whole boneyard
    and the hand blocks. Side 0 holds 87 pips, side 1 39: side 1 scores 87 - 39 = 48, rounded to
    50, and s1 (11 pips against its partner's 28) leads the next hand."""
    game = new(BLOCK)
    assert game.seating.sides == 2 and view(game)["side_of_seat"] == [0, 1, 0, 1]
    run(game, BLOCK_STEPS)
    events = put(game, "6-0", "N")  # 0 + 0 + 0 (S is uncovered): every end shows 0
    assert events[0] == {"type": "tile_played", "seat": 1, "tile": "6-0", "end": "N", "count": 0}
    assert kinds(events) == ["tile_played", *["tile_drawn"] * 8, "hand_ended", "scored", "hand_dealt", "leader_chosen"]
    assert {e["seat"] for e in events[1:9]} == {2}
    ended = events[9]
    assert ended["reason"] == "blocked" and ended["seat"] is None
    left = ended["hands"]
    assert [pips(h) for h in left] == [13, 11, 74, 28]  # s2: 23 of its own + the 51 it drew
    assert pips(left[0]) + pips(left[2]) == 87 and pips(left[1]) + pips(left[3]) == 39
    assert events[10] == scored(1, 1, 50, "block", 60)
    assert events[12] == {"type": "leader_chosen", "seat": 1, "reason": "block", "tile": None}
    assert game.current_player == 1 and game.scores == (10, 60)
    assert "passed" not in kinds(events)


PASSING = deal(
    [
        ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"],
        ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"],
    ]
)


def test_drawing_the_whole_boneyard_then_passing() -> None:
    """Rules 13 and 14: s1 holds every 6; s0 draws all 14 tiles of the boneyard, none of which
    fits, and passes; s1 plays on, and then s0 can play again."""
    game = new(PASSING)
    events = run(game, [(1, "6-6", None, 12, (0, 0))])
    assert kinds(events) == ["tile_played", *["tile_drawn"] * 14, "passed"]
    assert events[-1] == {"type": "passed", "seat": 0}
    assert game.current_player == 1
    assert view(game, 0)["boneyard_size"] == 0 and view(game, 1)["hand_sizes"] == [21, 6]
    assert len(legal(game)) == 12  # six tiles, each on W or E
    events = run(game, [(1, "6-5", "W", 17, (0, 0))])  # W 5 + the spinner 12
    assert kinds(events) == ["tile_played"]
    assert game.current_player == 0
    assert {end for _, end in legal(game)} == {"W"}
