"""Golden transcripts of two whole American Sniff hands, worked out by hand from RULES.md.

Each hand is played from a stacked deal to its end; every event of the log (as JSON, through
``tablegames.dumps``) is compared with the transcript below, and so is the settlement. The
arithmetic is in the comments: "Rule n" means rule n of RULES.md's "American Sniff" section.
In a layout, ``W``/``E`` are the line's arms and ``N``/``S`` the Sniff's branches.
"""

from __future__ import annotations

import json
from typing import Any, Final

import tablegames as tg

SNIFF: Final = "american-sniff"
TILES: Final = tuple(f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1))
"""The 28 tiles of a double-six set, highest first."""

Move = tuple[str, str | None, list[dict[str, Any]]]
"""A tile, its end, and every event its placement produces (up to the next decision)."""


def played(seat: int, tile: str, end: str | None, count: int) -> dict[str, Any]:
    """A tile_played event as JSON."""
    return {"type": "tile_played", "seat": seat, "tile": tile, "end": end, "count": count}


def scored(seat: int, side: int, points: int, reason: str, total: int) -> dict[str, Any]:
    """A scored event as JSON."""
    return {"type": "scored", "seat": seat, "side": side, "points": points, "reason": reason, "total": total}


def drawn(seat: int, tile: str) -> dict[str, Any]:
    """A tile_drawn event as JSON."""
    return {"type": "tile_drawn", "seat": seat, "tile": tile}


def passed(seat: int) -> dict[str, Any]:
    """A passed event as JSON."""
    return {"type": "passed", "seat": seat}


def dealt(number: int, hands: list[list[str]], stock: list[str]) -> dict[str, Any]:
    """A hand_dealt event as JSON (the full, unredacted form)."""
    return {"type": "hand_dealt", "hand_number": number, "hands": hands, "stock": stock, "stock_size": len(stock)}


def ended(reason: str, seat: int | None, hands: list[list[str]]) -> dict[str, Any]:
    """The hand_ended event of hand 1 as JSON."""
    return {"type": "hand_ended", "hand_number": 1, "reason": reason, "seat": seat, "hands": hands}


def pips(tiles: list[str]) -> int:
    """The pips of some tiles (used only to double-check the hand arithmetic)."""
    return sum(int(t[0]) + int(t[2]) for t in tiles)


def log_events(game: tg.Game) -> list[Any]:
    """The full log's events, read back from its JSON text."""
    events = json.loads(tg.dumps(game.log()))["events"]
    assert isinstance(events, list)
    return events


def play_through(game: tg.Game, moves: list[Move], start: list[dict[str, Any]]) -> None:
    """Play ``moves`` through the JSON action forms, checking each one's events and the whole log."""
    expected = list(start)
    assert log_events(game) == expected
    for tile, end, events in moves:
        action = game.action_from_json({"type": "play", "tile": tile, "end": end})
        got = [tg.to_json(e) for e in game.apply(action)]
        assert got == events, f"after {tile} on {end}"
        expected += events
        assert log_events(game) == expected


# -- two players: a domino in a blocked layout --------------------------------------------------

TWO_HANDS: Final = [
    ["5-5", "5-1", "5-2", "5-3", "5-4", "6-5", "5-0"],
    ["6-6", "6-0", "4-3", "3-3", "2-1", "1-1", "0-0"],
]
TWO_STOCK: Final = ["4-2", "6-1", "3-0", "2-2", "6-4", "1-0", "4-4", "3-2", "6-3", "2-0", "4-1", "6-2", "3-1", "4-0"]
"""s0 holds all seven 5s; s1 and the stock hold no 5."""

NEXT_TWO_HANDS: Final = [list(TILES[:7]), list(TILES[7:14])]
NEXT_TWO_STOCK: Final = list(TILES[14:])
NEXT_TWO: Final = {"hands": NEXT_TWO_HANDS, "stock": NEXT_TWO_STOCK, "leader": 1}
"""The second hand's stacked deal; its leader stands for a draw, which is not due after a domino."""

TWO_MOVES: Final[list[Move]] = [
    # T1 s0 opens 5-5, the Sniff, neither line side continued: 2*5 = 10, a multiple of 5
    # (rule 12, the opening included): s0 scores 10. s1 holds no 5: it draws the stock one tile
    # at a time in order (rule 14); none fits W 5 / E 5; the stock is empty and s0 can still
    # play, so s1 passes (rule 15).
    ("5-5", None, [
        played(0, "5-5", None, 10),
        scored(0, 0, 10, "count", 10),
        *[drawn(1, t) for t in TWO_STOCK],
        passed(1),
    ]),
    # T3 s0 5-1 on W: W 1 + the Sniff's 2*5 (E has no tile yet) = 11.
    ("5-1", "W", [played(0, "5-1", "W", 11)]),
    # T4 s1 2-1 on W: 2 + 10 = 12.
    ("2-1", "W", [played(1, "2-1", "W", 12)]),
    # T5 s0 5-2 on W: 5 + 10 = 15: s0 scores 15 (25). Ends W 5, E 5, branches closed (E has no
    # tile): s1 holds no 5 and the stock is empty: s1 passes.
    ("5-2", "W", [played(0, "5-2", "W", 15), scored(0, 0, 15, "count", 25), passed(1)]),
    # T7 s0 5-3 on E: both line sides continued, the branches open and each counts 5:
    # 5 + 3 + 5 + 5 = 18.
    ("5-3", "E", [played(0, "5-3", "E", 18)]),
    # T8 s1 4-3 on E: 5 + 4 + 5 + 5 = 19.
    ("4-3", "E", [played(1, "4-3", "E", 19)]),
    # T9 s0 5-4 on E: 5 + 5 + 5 + 5 = 20: s0 scores 20 (45). All four ends show 5: s1 passes.
    ("5-4", "E", [played(0, "5-4", "E", 20), scored(0, 0, 20, "count", 45), passed(1)]),
    # T11 s0 6-5 on N: 5 + 5 + 6 + 5 = 21 (N covered, S still counts 5).
    ("6-5", "N", [played(0, "6-5", "N", 21)]),
    # T12 s1 6-0 on N: 5 + 5 + 0 + 5 = 15: s1 scores 15.
    ("6-0", "N", [played(1, "6-0", "N", 15), scored(1, 1, 15, "count", 15)]),
    # T13 s0 5-0 on N, its last tile: 5 + 5 + 5 + 5 = 20: s0 scores 20 (65) first, then the hand
    # ends as a domino (rule 16) although every 5 is out and no one could place again.
    # Settlement (rule 17): s0 has nothing left, and is credited nothing. s1 holds all 21
    # non-5 tiles but the three it placed: the non-5 pips are 168 - 56 = 112, less 2-1 (3),
    # 4-3 (7) and 6-0 (6): 96, rounded to 95: 15 - 95 = -80. s0 leads the next hand (rule 5):
    # no leader draw, the stacked leader 1 is not used.
    ("5-0", "N", [
        played(0, "5-0", "N", 20),
        scored(0, 0, 20, "count", 65),
        ended("domino", 0, [[], [
            "6-6", "6-4", "6-3", "6-2", "6-1", "4-4", "4-2", "4-1", "4-0",
            "3-3", "3-2", "3-1", "3-0", "2-2", "2-0", "1-1", "1-0", "0-0",
        ]]),
        scored(1, 1, -95, "remaining", -80),
        dealt(2, NEXT_TWO_HANDS, NEXT_TWO_STOCK),
    ]),
]


def test_two_player_hand() -> None:
    """Rules 5-17: a whole two-player hand: draw-out, passes, Sniff counts, a domino and its settlement."""
    game = tg.new_game(
        SNIFF,
        seed=1,
        players=2,
        deals=[{"hands": TWO_HANDS, "stock": TWO_STOCK, "leader": 0}, NEXT_TWO],
    )
    s1_left = [t for t in TILES if "5" not in t and t not in ("2-1", "4-3", "6-0")]
    assert len(s1_left) == 18
    assert pips(s1_left) == 96
    play_through(game, TWO_MOVES, [dealt(1, TWO_HANDS, TWO_STOCK), {"type": "leader_drawn", "seat": 0}])
    assert game.scores == (65, -80)
    assert not game.is_over
    assert game.current_player == 0
    view = tg.to_json(game.view(0))
    assert view["hand_number"] == 2
    assert view["count"] == 0
    assert view["ends"] == []
    assert view["scores"] == [65, -80]


# -- four players: partnerships, a forced draw, a domino by s2 -----------------------------------

FOUR_HANDS: Final = [
    ["4-1", "6-0", "6-6", "3-3", "0-0"],
    ["6-1", "5-1", "5-5", "1-1", "3-0"],
    ["6-4", "4-2", "1-0", "5-0", "5-3"],
    ["4-4", "2-2", "4-3", "3-1", "2-0"],
]
FOUR_STOCK: Final = ["6-5", "2-1", "6-3", "5-4", "4-0", "6-2", "3-2", "5-2"]
"""Led by s2 (the stacked draw). Sides: s0+s2 are side 0, s1+s3 side 1."""

NEXT_FOUR_HANDS: Final = [list(TILES[0:5]), list(TILES[5:10]), list(TILES[10:15]), list(TILES[15:20])]
NEXT_FOUR_STOCK: Final = list(TILES[20:])
NEXT_FOUR: Final = {"hands": NEXT_FOUR_HANDS, "stock": NEXT_FOUR_STOCK, "leader": 3}
"""The second hand's stacked deal; s2 dominoed, so its leader 3 is not used."""

FOUR_MOVES: Final[list[Move]] = [
    # T1 s2 opens 6-4: a lone tile counts both halves, 6 + 4 = 10: side 0 scores 10.
    ("6-4", None, [played(2, "6-4", None, 10), scored(2, 0, 10, "count", 10)]),
    # T2 s3 4-4 on E: the first double is the Sniff, placed on the line: it sits in E with its
    # line-facing side continued and nothing beyond it: W 6 + 2*4 = 14.
    ("4-4", "E", [played(3, "4-4", "E", 14)]),
    # T3 s0 4-1 on E, beyond the Sniff: both line sides continued, branches N and S open at 4:
    # 6 + 1 + 4 + 4 = 15: side 0 scores 15 (25).
    ("4-1", "E", [played(0, "4-1", "E", 15), scored(0, 0, 15, "count", 25)]),
    # T4 s1 6-1 on W: 1 + 1 + 4 + 4 = 10: side 1 scores 10.
    ("6-1", "W", [played(1, "6-1", "W", 10), scored(1, 1, 10, "count", 10)]),
    # T5 s2 4-2 on N: 1 + 1 + 2 + 4 = 8.
    ("4-2", "N", [played(2, "4-2", "N", 8)]),
    # T6 s3 2-2 on N, an ordinary double, last on its arm: both halves: 1 + 1 + 4 + 4 = 10: side
    # 1 scores 10 (20). s0 (6-0 6-6 3-3 0-0) has no 1, 2 or 4: it draws 6-5 (no fit), then 2-1,
    # which fits W, E and N: it must play 2-1 (rule 14); 6-5 stays in its hand.
    ("2-2", "N", [
        played(3, "2-2", "N", 10),
        scored(3, 1, 10, "count", 20),
        drawn(0, "6-5"),
        drawn(0, "2-1"),
    ]),
    # T7 s0 chooses N for 2-1: the 2-2 is covered and counts nothing: 1 + 1 + 1 + 4 = 7.
    ("2-1", "N", [played(0, "2-1", "N", 7)]),
    # T8 s1 5-1 on W: 5 + 1 + 1 + 4 = 11.
    ("5-1", "W", [played(1, "5-1", "W", 11)]),
    # T9 s2 1-0 on E: 5 + 0 + 1 + 4 = 10: side 0 scores 10 (35).
    ("1-0", "E", [played(2, "1-0", "E", 10), scored(2, 0, 10, "count", 35)]),
    # T10 s3 4-3 on S: both branches covered, the Sniff counts nothing: 5 + 0 + 1 + 3 = 9.
    ("4-3", "S", [played(3, "4-3", "S", 9)]),
    # T11 s0 6-0 on E: 5 + 6 + 1 + 3 = 15: side 0 scores 15 (50).
    ("6-0", "E", [played(0, "6-0", "E", 15), scored(0, 0, 15, "count", 50)]),
    # T12 s1 5-5 on W, ordinary: (5 + 5) + 6 + 1 + 3 = 20: side 1 scores 20 (40).
    ("5-5", "W", [played(1, "5-5", "W", 20), scored(1, 1, 20, "count", 40)]),
    # T13 s2 5-0 on W covers the 5-5: 0 + 6 + 1 + 3 = 10: side 0 scores 10 (60).
    ("5-0", "W", [played(2, "5-0", "W", 10), scored(2, 0, 10, "count", 60)]),
    # T14 s3 3-1 on N: 0 + 6 + 3 + 3 = 12.
    ("3-1", "N", [played(3, "3-1", "N", 12)]),
    # T15 s0 3-3 on S, an ordinary double on a branch: 0 + 6 + 3 + (3 + 3) = 15: side 0 scores
    # 15 (75).
    ("3-3", "S", [played(0, "3-3", "S", 15), scored(0, 0, 15, "count", 75)]),
    # T16 s1 3-0 on W (its 1-1 fits nowhere): 3 + 6 + 3 + 6 = 18.
    ("3-0", "W", [played(1, "3-0", "W", 18)]),
    # T17 s2 5-3 on W, its last tile: 5 + 6 + 3 + 6 = 20: side 0 scores 20 (95), then the hand
    # ends as s2's domino. Settlement, each player alone (rule 17): s0 6-6 6-5 0-0 = 23 -> 25,
    # side 0 95 - 25 = 70; s1 1-1 = 2 -> 0; s2 has none; s3 2-0 = 2 -> 0: side 1 keeps 40
    # (combined, s1 and s3 would have made 4 -> 5). s2 itself leads hand 2 (rule 5).
    ("5-3", "W", [
        played(2, "5-3", "W", 20),
        scored(2, 0, 20, "count", 95),
        ended("domino", 2, [["6-6", "6-5", "0-0"], ["1-1"], [], ["2-0"]]),
        scored(0, 0, -25, "remaining", 70),
        dealt(2, NEXT_FOUR_HANDS, NEXT_FOUR_STOCK),
    ]),
]


def test_four_player_hand() -> None:
    """Rules 2-17: a whole partnership hand: later Sniff, ordinary doubles, a forced draw, s2's domino."""
    game = tg.new_game(
        SNIFF,
        seed=1,
        players=4,
        deals=[{"hands": FOUR_HANDS, "stock": FOUR_STOCK, "leader": 2}, NEXT_FOUR],
    )
    assert sorted([t for h in FOUR_HANDS for t in h] + FOUR_STOCK) == sorted(TILES)
    assert pips(["6-6", "6-5", "0-0"]) == 23
    play_through(game, FOUR_MOVES, [dealt(1, FOUR_HANDS, FOUR_STOCK), {"type": "leader_drawn", "seat": 2}])
    assert game.scores == (70, 40)
    assert not game.is_over
    assert game.current_player == 2
    view = tg.to_json(game.view(2))
    assert view["hand_number"] == 2
    assert view["hand_sizes"] == [5, 5, 5, 5]
    assert view["stock_size"] == 8
    assert view["scores"] == [70, 40]
    assert {(a["tile"], a["end"]) for a in view["legal_actions"]} == {(t, None) for t in TILES[10:15]}


def test_four_player_forced_draw_offers_every_place() -> None:
    """Rule 14: in the four-player hand, s0's drawn 2-1 is the only tile offered, on all three ends it fits."""
    game = tg.new_game(
        SNIFF,
        seed=1,
        players=4,
        deals=[{"hands": FOUR_HANDS, "stock": FOUR_STOCK, "leader": 2}],
    )
    for tile, end, _ in FOUR_MOVES[:6]:
        game.apply(game.action_from_json({"type": "play", "tile": tile, "end": end}))
    assert game.current_player == 0
    offered = {(tg.to_json(a)["tile"], tg.to_json(a)["end"]) for a in game.legal_actions()}
    assert offered == {("2-1", "W"), ("2-1", "E"), ("2-1", "N")}
    view = tg.to_json(game.view(0))
    assert {e["id"]: e["value"] for e in view["ends"]} == {"W": 1, "E": 1, "N": 2, "S": 4}
    assert sorted(view["hand"]) == sorted(["6-6", "6-5", "6-0", "3-3", "2-1", "0-0"])
    assert view["stock_size"] == 6
