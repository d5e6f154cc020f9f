"""Scenario tests for American Sniff: every rule of RULES.md's Sniff section, from stacked deals.

Each test builds an explicit deal in tile notation, plays it through the front-end JSON forms
(``action_from_json``) and compares counts, ends, scores and events with numbers worked out by
hand from RULES.md; the comments show the arithmetic. "Rule n" means rule n of the "American
Sniff" section of RULES.md. Seats are written s0..s3; in a layout, ``W``/``E`` are the line's
arms and ``N``/``S`` the Sniff's branches.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import pytest

import tablegames as tg
from tablegames.components.tiles import Tile
from tablegames.variants.sniff import play as make_play

SNIFF: Final = "american-sniff"
TILES: Final = tuple(f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1))
"""The 28 tiles of a double-six set, highest first."""

Step = tuple[int, str, str | None, int, tuple[int, ...]]
"""One placement of a script: seat, tile, end, the count after it, the scores after it."""


# -- helpers ----------------------------------------------------------------------------------


def pips(tiles: Sequence[str]) -> int:
    """The pips of some tiles (used only to double-check hand arithmetic in the tests)."""
    return sum(int(t[0]) + int(t[2]) for t in tiles)


def deal(hands: Sequence[Sequence[str]], stock: Sequence[str] = (), *, leader: int | None = 0) -> dict[str, Any]:
    """A stacked deal: ``hands``, then a stock of ``stock`` followed by every other tile, highest first."""
    given = [t for hand in hands for t in hand] + list(stock)
    assert len(given) == len(set(given)), "a test deal repeats a tile"
    assert set(given) <= set(TILES), "a test deal misspells a tile"
    rest = [t for t in TILES if t not in given]
    out: dict[str, Any] = {"hands": [list(h) for h in hands], "stock": [*stock, *rest]}
    if leader is not None:
        out["leader"] = leader
    return out


def new(*deals: dict[str, Any], seed: int = 1, **options: Any) -> tg.Game:
    """A new Sniff game with the player count of the first stacked deal."""
    return tg.new_game(SNIFF, seed=seed, players=len(deals[0]["hands"]), deals=list(deals), **options)


def put(game: tg.Game, tile: str, end: str | None) -> list[Any]:
    """Place ``tile`` on ``end`` through its JSON form; the events it produced, as JSON."""
    action = game.action_from_json({"type": "play", "tile": tile, "end": end})
    return [tg.to_json(e) for e in game.apply(action)]


def table(game: tg.Game, seat: int = 0) -> Any:
    """The JSON view of ``seat``."""
    return tg.to_json(game.view(seat))


def count(game: tg.Game) -> int:
    """The view's count."""
    value = table(game)["count"]
    assert isinstance(value, int)
    return value


def ends(game: tg.Game) -> dict[str, int]:
    """The view's open ends, id to value."""
    return {e["id"]: e["value"] for e in table(game)["ends"]}


def legal(game: tg.Game) -> set[tuple[str, str | None]]:
    """The legal actions as (tile, end) pairs, read from their JSON forms."""
    out = set()
    for action in game.legal_actions():
        data = tg.to_json(action)
        assert data["type"] == "play"
        out.add((data["tile"], data["end"]))
    return out


def kinds(events: Sequence[Any]) -> list[str]:
    """The type tags of some JSON events."""
    return [e["type"] for e in events]


def snapshot(game: tg.Game) -> str:
    """The full log and every seat's view, as JSON text."""
    return tg.dumps(game.log()) + "".join(tg.dumps(game.view(s)) for s in range(game.players))


def refuse(game: tg.Game, tile: str, end: str | None) -> None:
    """Placing ``tile`` on ``end`` is refused by both entry points, and the game is unchanged."""
    before = snapshot(game)
    assert (tile, end) not in legal(game)
    with pytest.raises(tg.IllegalActionError):
        game.action_from_json({"type": "play", "tile": tile, "end": end})
    with pytest.raises(tg.IllegalActionError):
        game.apply(make_play(Tile.parse(tile), end))
    assert snapshot(game) == before


def run(game: tg.Game, steps: Sequence[Step]) -> None:
    """Play a script of placements, checking the seat to play, each count and the scores."""
    for seat, tile, end, expected_count, expected_scores in steps:
        assert game.current_player == seat, f"before {tile}: seat {game.current_player} to play, not {seat}"
        events = put(game, tile, end)
        played = {"type": "tile_played", "seat": seat, "tile": tile, "end": end, "count": expected_count}
        assert events[0] == played
        assert count(game) == expected_count
        assert game.scores == expected_scores, f"after {tile} on {end}"


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


# -- stacked deals used by several tests --------------------------------------------------------

SEED_HANDS: Final = (
    ["4-4", "4-1", "0-0", "1-1", "2-1", "3-0", "5-0"],
    ["6-4", "4-2", "6-6", "5-5", "3-3", "6-5", "2-0"],
)
"""The seed example of RULES.md: s0 opens 4-4 and adds 4-1, s1 plays 6-4 and 4-2."""

SIXES_HANDS: Final = (
    ["6-6", "6-3", "6-0", "6-2", "6-4", "6-5", "6-1"],
    ["3-0", "4-2", "5-1", "5-5", "4-4", "1-1", "0-0"],
)
"""s0 holds all seven 6s; s1 and the stock (5-4 ... 1-0, highest first) hold no 6.

Script (rules 9-16): s0 opens 6-6 (12); s1 cannot play, draws the whole stock and passes;
s0 6-3 W (3 + 2*6 = 15, scores 15); s1 3-0 W (0 + 12 = 12); s0 6-0 W (6 + 12 = 18), s1 passes;
s0 6-2 E: both line sides continued, branches open: 6 + 2 + 6 + 6 = 20 (scores 20, total 35);
s1 4-2 E (6 + 4 + 12 = 22); s0 6-4 E (6 + 6 + 12 = 24), s1 passes; s0 6-5 N (6 + 6 + 5 + 6 = 23);
s1 5-1 N (6 + 6 + 1 + 6 = 19); s0 6-1 N (6 + 6 + 6 + 6 = 24, no score): s0's last tile, a
domino, although no tile left anywhere matches a 6 (the layout is also blocked).
"""

SIXES_SCRIPT: Final[tuple[Step, ...]] = (
    (0, "6-6", None, 12, (0, 0)),
    (0, "6-3", "W", 15, (15, 0)),
    (1, "3-0", "W", 12, (15, 0)),
    (0, "6-0", "W", 18, (15, 0)),
    (0, "6-2", "E", 20, (35, 0)),
    (1, "4-2", "E", 22, (35, 0)),
    (0, "6-4", "E", 24, (35, 0)),
    (0, "6-5", "N", 23, (35, 0)),
    (1, "5-1", "N", 19, (35, 0)),
)
"""SIXES_HANDS up to (not including) s0's last tile, 6-1 on N."""

FOUR_HANDS: Final = (
    ["4-1", "6-0", "6-6", "3-3", "0-0"],
    ["6-1", "5-1", "5-5", "1-1", "3-0"],
    ["6-4", "4-2", "1-0", "5-0", "5-3"],
    ["4-4", "2-2", "4-3", "3-1", "2-0"],
)
FOUR_STOCK: Final = ("6-5", "2-1", "6-3", "5-4", "4-0", "6-2", "3-2", "5-2")
"""A four-player hand led by s2 (the same deal as the four-player golden test).

Sides: s0+s2 (side 0), s1+s3 (side 1). Counts by hand:

T1 s2 6-4 opens: 6 + 4 = 10, side 0 scores 10.
T2 s3 4-4 on E: the Sniff, sitting in E with nothing beyond it: W 6 + 2*4 = 14.
T3 s0 4-1 on E: both line sides continued: 6 + 1 + 4 + 4 = 15, side 0 scores 15 (25).
T4 s1 6-1 on W: 1 + 1 + 4 + 4 = 10, side 1 scores 10.
T5 s2 4-2 on N: 1 + 1 + 2 + 4 = 8.
T6 s3 2-2 on N, an ordinary double: 1 + 1 + (2+2) + 4 = 10, side 1 scores 10 (20).
T7 s0 holds no 1, 2 or 4: draws 6-5 (no fit), then 2-1 (fits W, E and N), must play it;
   2-1 on N covers the 2-2: 1 + 1 + 1 + 4 = 7.
T8 s1 5-1 on W: 5 + 1 + 1 + 4 = 11.
T9 s2 1-0 on E: 5 + 0 + 1 + 4 = 10, side 0 scores 10 (35).
T10 s3 4-3 on S: both branches covered: 5 + 0 + 1 + 3 = 9.
T11 s0 6-0 on E: 5 + 6 + 1 + 3 = 15, side 0 scores 15 (50).
T12 s1 5-5 on W, ordinary: (5+5) + 6 + 1 + 3 = 20, side 1 scores 20 (40).
T13 s2 5-0 on W: 0 + 6 + 1 + 3 = 10, side 0 scores 10 (60).
T14 s3 3-1 on N: 0 + 6 + 3 + 3 = 12.
T15 s0 3-3 on S, ordinary double on a branch: 0 + 6 + 3 + (3+3) = 15, side 0 scores 15 (75).
T16 s1 3-0 on W: 3 + 6 + 3 + 6 = 18.
T17 s2 5-3 on W, its last tile: 5 + 6 + 3 + 6 = 20, side 0 scores 20 (95); domino by s2.
Left: s0 6-6 6-5 0-0 = 23 -> 25; s1 1-1 = 2 -> 0; s3 2-0 = 2 -> 0 (side 1 combined would be
4 -> 5, but partners are rounded separately). Final scores 95 - 25 = 70 and 40.
"""

FOUR_SCRIPT: Final[tuple[Step, ...]] = (
    (2, "6-4", None, 10, (10, 0)),
    (3, "4-4", "E", 14, (10, 0)),
    (0, "4-1", "E", 15, (25, 0)),
    (1, "6-1", "W", 10, (25, 10)),
    (2, "4-2", "N", 8, (25, 10)),
    (3, "2-2", "N", 10, (25, 20)),
    (0, "2-1", "N", 7, (25, 20)),
    (1, "5-1", "W", 11, (25, 20)),
    (2, "1-0", "E", 10, (35, 20)),
    (3, "4-3", "S", 9, (35, 20)),
    (0, "6-0", "E", 15, (50, 20)),
    (1, "5-5", "W", 20, (50, 40)),
    (2, "5-0", "W", 10, (60, 40)),
    (3, "3-1", "N", 12, (60, 40)),
    (0, "3-3", "S", 15, (75, 40)),
    (1, "3-0", "W", 18, (75, 40)),
)
"""FOUR_HANDS up to (not including) s2's last tile, 5-3 on W."""


def four_player_game(*more: dict[str, Any], **options: Any) -> tg.Game:
    """The FOUR_HANDS game, before its first placement."""
    return new(deal(FOUR_HANDS, FOUR_STOCK, leader=2), *more, **options)


# -- rules 1, 2, 4: pieces, sides, the deal -------------------------------------------------------


@pytest.mark.parametrize(("players", "hand", "stock", "sides"), [(2, 7, 14, 2), (3, 6, 10, 3), (4, 5, 8, 2)])
def test_deal_sizes_and_sides(players: int, hand: int, stock: int, sides: int) -> None:
    """Rules 1, 2, 4: the 28 double-six tiles dealt 7/6/5 a hand (stock 14/10/8); 2-3 solo, 4 in two sides."""
    game = tg.new_game(SNIFF, seed=11, players=players)
    dealt = tg.to_json(game.log().events[0])
    assert dealt["type"] == "hand_dealt"
    everything = [t for h in dealt["hands"] for t in h] + dealt["stock"]
    assert sorted(everything) == sorted(TILES)
    assert [len(h) for h in dealt["hands"]] == [hand] * players
    assert dealt["stock_size"] == stock
    view = table(game)
    assert view["hand_sizes"] == [hand] * players
    assert view["stock_size"] == stock
    assert game.scores == (0,) * sides


def test_partners_score_for_their_side() -> None:
    """Rule 2: at four, seats 0 and 2 score for side 0, seats 1 and 3 for side 1."""
    game = four_player_game()
    assert put(game, "6-4", None) == [played(2, "6-4", None, 10), scored(2, 0, 10, "count", 10)]
    assert put(game, "4-4", "E") == [played(3, "4-4", "E", 14)]
    assert put(game, "4-1", "E") == [played(0, "4-1", "E", 15), scored(0, 0, 15, "count", 25)]
    assert put(game, "6-1", "W") == [played(1, "6-1", "W", 10), scored(1, 1, 10, "count", 10)]
    assert game.scores == (25, 10)


# -- rule 3: targets --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "target"), [(2, 250), (3, 200), (4, 200)])
def test_default_targets(players: int, target: int) -> None:
    """Rule 3: the default target is 250 with 2 players and 200 with 3 and 4."""
    game = tg.new_game(SNIFF, seed=3, players=players)
    assert tg.to_json(game.log())["options"]["target"] == target


# -- rule 5: the lead -----------------------------------------------------------------------------


def test_first_leader_from_the_stacked_draw() -> None:
    """Rule 5: the neutral draw (here the stacked deal's leader) is recorded and that seat leads."""
    game = new(deal(SEED_HANDS, leader=1))
    events = [tg.to_json(e) for e in game.log().events]
    assert kinds(events) == ["hand_dealt", "leader_drawn"]
    assert events[1] == {"type": "leader_drawn", "seat": 1}
    assert game.current_player == 1


def test_first_leader_drawn_from_the_seed() -> None:
    """Rule 5: without a stacked leader the seed draws one, recorded as an event."""
    game = new(deal(SEED_HANDS, leader=None), seed=5)
    events = [tg.to_json(e) for e in game.log().events]
    assert kinds(events) == ["hand_dealt", "leader_drawn"]
    assert events[1]["seat"] in (0, 1)
    assert game.current_player == events[1]["seat"]


def test_leader_opens_with_any_tile() -> None:
    """Rule 5: the leader may open with any tile; no tile (not even a double) gives priority."""
    game = new(deal(SEED_HANDS, leader=0))
    # s1 holds 6-6, the highest double, yet s0 leads and may open with any of its 7 tiles.
    assert game.current_player == 0
    assert legal(game) == {(t, None) for t in SEED_HANDS[0]}
    assert put(game, "3-0", None) == [played(0, "3-0", None, 3)]


# -- rule 6: turns ------------------------------------------------------------------------------


def test_turns_go_clockwise_at_four() -> None:
    """Rule 6: turns go clockwise from the leader (s2, s3, s0, s1, s2, ...), one placement a turn."""
    game = four_player_game()
    seats: list[int | None] = []
    for seat, tile, end, _, _ in FOUR_SCRIPT[:6]:
        seats.append(game.current_player)
        put(game, tile, end)
        assert seat == seats[-1]
    assert seats == [2, 3, 0, 1, 2, 3]
    assert game.current_player == 0


# -- rule 7: matching -----------------------------------------------------------------------------


def test_tiles_must_match_an_open_end() -> None:
    """Rule 7: a tile goes only on an end of equal value, and its other half becomes that end."""
    game = new(deal(SEED_HANDS))
    put(game, "4-4", None)
    put(game, "6-4", "W")
    assert ends(game) == {"W": 6, "E": 4}
    # s0 holds 4-1: it fits E (4), not W (6).
    refuse(game, "4-1", "W")
    assert legal(game) == {("4-1", "E")}
    put(game, "4-1", "E")
    assert ends(game) == {"W": 6, "E": 1, "N": 4, "S": 4}


def test_malformed_placements_are_refused() -> None:
    """Rule 7: the opening names no end, later tiles must name one, and only held tiles are placed."""
    game = new(deal(SEED_HANDS))
    refuse(game, "4-4", "W")  # the opening tile attaches to nothing
    refuse(game, "6-4", None)  # s1's tile, not s0's
    put(game, "4-4", None)
    refuse(game, "6-4", None)  # the layout is open: an end is needed
    refuse(game, "4-1", "E")  # s0's tile, and it is s1's turn
    before = snapshot(game)
    for junk in ({"type": "play", "tile": "6-4", "end": "X"}, {"type": "draw"}, {"type": "play", "tile": "7-4"}):
        with pytest.raises(tg.IllegalActionError):
            game.action_from_json(junk)
    assert snapshot(game) == before


# -- rules 8-11: the Sniff, doubles and the count --------------------------------------------------


def test_seed_example() -> None:
    """Rules 10-12, the seed example: 4-4, 6-4, 4-1, 4-2 count 8, 14, 15 (scores 15) and 13."""
    game = new(deal(SEED_HANDS))
    # 4-4 opens as the Sniff; neither line side continued: it counts both halves, 8.
    assert put(game, "4-4", None) == [played(0, "4-4", None, 8)]
    assert ends(game) == {"W": 4, "E": 4}
    # 6-4 on a line side: 6 + 8 = 14.
    assert put(game, "6-4", "W") == [played(1, "6-4", "W", 14)]
    assert ends(game) == {"W": 6, "E": 4}
    # 4-1 on the other line side: both continued, two uncovered branches: 6 + 1 + 4 + 4 = 15.
    assert put(game, "4-1", "E") == [played(0, "4-1", "E", 15), scored(0, 0, 15, "count", 15)]
    assert ends(game) == {"W": 6, "E": 1, "N": 4, "S": 4}
    # 4-2 on a branch covers that branch's share only: 6 + 1 + 2 + 4 = 13.
    assert put(game, "4-2", "N") == [played(1, "4-2", "N", 13)]
    assert ends(game) == {"W": 6, "E": 1, "N": 2, "S": 4}
    assert game.scores == (15, 0)


def test_both_branches_covered_sniff_counts_nothing() -> None:
    """Rule 10: with both branches covered the Sniff adds nothing; only the four outer ends count."""
    hands = (["4-4", "4-1", "4-3", "0-0", "1-1", "2-1", "3-0"], ["6-4", "4-2", "6-6", "5-5", "3-3", "6-5", "2-0"])
    game = new(deal(hands))
    run(
        game,
        [
            (0, "4-4", None, 8, (0, 0)),
            (1, "6-4", "W", 14, (0, 0)),  # 6 + 8
            (0, "4-1", "E", 15, (15, 0)),  # 6 + 1 + 4 + 4
            (1, "4-2", "N", 13, (15, 0)),  # 6 + 1 + 2 + 4
            (0, "4-3", "S", 12, (15, 0)),  # 6 + 1 + 2 + 3, nothing for the Sniff
        ],
    )
    assert ends(game) == {"W": 6, "E": 1, "N": 2, "S": 3}


def test_branches_closed_until_both_line_sides_continue() -> None:
    """Rule 9: a placement on a branch before both line sides carry a tile is illegal."""
    game = new(deal(SEED_HANDS))
    put(game, "4-4", None)
    # s1 holds 6-4 and 4-2, both fit a 4: only W and E are offered.
    assert legal(game) == {("6-4", "W"), ("6-4", "E"), ("4-2", "W"), ("4-2", "E")}
    refuse(game, "4-2", "N")
    refuse(game, "6-4", "S")
    put(game, "6-4", "W")
    # One line side continued: still no branch. s0's 4-1 goes on E only.
    assert ends(game) == {"W": 6, "E": 4}
    assert legal(game) == {("4-1", "E")}
    refuse(game, "4-1", "N")
    refuse(game, "4-1", "S")
    assert game.current_player == 0
    assert count(game) == 14
    put(game, "4-1", "E")
    # Both line sides continued: the branches open, showing the Sniff's value.
    assert ends(game) == {"W": 6, "E": 1, "N": 4, "S": 4}
    assert {e for t, e in legal(game) if t == "4-2"} == {"N", "S"}


def test_sniff_played_on_the_line_counts_both_halves_then_opens() -> None:
    """Rules 8-11: a first double played on a line end is the Sniff: 2s while terminal, then s a branch."""
    hands = (["6-4", "6-2", "6-3", "0-0", "1-0", "2-0", "3-0"], ["6-6", "6-1", "5-5", "5-4", "5-3", "4-4", "4-3"])
    game = new(deal(hands))
    # 6-4 opens: W 6, E 4, counts 10 and scores.
    assert put(game, "6-4", None) == [played(0, "6-4", None, 10), scored(0, 0, 10, "count", 10)]
    # 6-6 on W, the first double: the Sniff, in arm W with nothing beyond it.
    # Count: E's end 4 + the Sniff's 2*6 = 16 (W adds nothing of its own).
    assert put(game, "6-6", "W") == [played(1, "6-6", "W", 16)]
    assert ends(game) == {"W": 6, "E": 4}
    # The side touching the line is continued, the outer one is not: branches still closed.
    refuse(game, "6-2", "N")
    assert legal(game) == {("6-2", "W"), ("6-3", "W")}
    # 6-2 beyond the Sniff: both line sides continued, so each uncovered branch counts 6:
    # 2 + 4 + 6 + 6 = 18 (an ordinary 6-6 covered here would have left only 2 + 4 = 6).
    assert put(game, "6-2", "W") == [played(0, "6-2", "W", 18)]
    assert ends(game) == {"W": 2, "E": 4, "N": 6, "S": 6}
    # 6-1 on N: 2 + 4 + 1 + 6 = 13.
    assert put(game, "6-1", "N") == [played(1, "6-1", "N", 13)]
    # 6-3 on S: both branches covered: 2 + 4 + 1 + 3 = 10, scores.
    assert put(game, "6-3", "S") == [played(0, "6-3", "S", 10), scored(0, 0, 10, "count", 20)]
    assert game.scores == (20, 0)


def test_sniff_on_the_line_waits_for_its_own_arm() -> None:
    """Rule 9: a Sniff placed on E opens its branches only when E continues beyond it, not when W grows."""
    hands = (["6-4", "6-2", "0-0", "1-0", "2-0", "3-0", "5-5"], ["4-4", "4-1", "6-6", "5-4", "5-3", "5-1", "3-3"])
    game = new(deal(hands))
    run(
        game,
        [
            (0, "6-4", None, 10, (10, 0)),  # 6 + 4
            (1, "4-4", "E", 14, (10, 0)),  # W 6 + 2*4
            (0, "6-2", "W", 10, (20, 0)),  # W 2 + 2*4: E still ends in the Sniff
        ],
    )
    assert ends(game) == {"W": 2, "E": 4}
    refuse(game, "4-1", "N")
    run(game, [(1, "4-1", "E", 11, (20, 0))])  # 2 + 1 + 4 + 4
    assert ends(game) == {"W": 2, "E": 1, "N": 4, "S": 4}


def test_ordinary_doubles_count_both_halves_while_terminal() -> None:
    """Rules 8, 11: later doubles are ordinary: both halves while last on their arm, nothing once covered."""
    hands = (["4-4", "4-0", "6-2", "2-2", "5-3", "3-1", "1-0"], ["6-4", "6-6", "4-2", "2-1", "5-5", "5-1", "3-0"])
    game = new(deal(hands))
    run(
        game,
        [
            (0, "4-4", None, 8, (0, 0)),  # the Sniff
            (1, "6-4", "W", 14, (0, 0)),  # 6 + 8
            (0, "4-0", "E", 14, (0, 0)),  # 6 + 0 + 4 + 4
            (1, "6-6", "W", 20, (0, 20)),  # terminal 6-6 counts 12: 12 + 0 + 4 + 4
        ],
    )
    # The ordinary double is crosswise on W only: the arms are still W, E, N, S and W shows 6.
    assert ends(game) == {"W": 6, "E": 0, "N": 4, "S": 4}
    assert {e for t, e in legal(game) if t == "6-2"} == {"W"}
    run(
        game,
        [
            (0, "6-2", "W", 10, (10, 20)),  # 6-6 covered, counts nothing: 2 + 0 + 4 + 4
            (1, "4-2", "N", 8, (10, 20)),  # 2 + 0 + 2 + 4
            (0, "2-2", "N", 10, (20, 20)),  # terminal 2-2 on a branch counts 4: 2 + 0 + 4 + 4
            (1, "2-1", "N", 7, (20, 20)),  # 2-2 covered: 2 + 0 + 1 + 4
        ],
    )
    assert ends(game) == {"W": 2, "E": 0, "N": 1, "S": 4}


def test_ordinary_double_on_the_other_arm_of_a_waiting_sniff() -> None:
    """Rules 8-11: a double after a later Sniff is ordinary even on the other arm; the Sniff still counts 2s."""
    hands = (["6-4", "6-6", "6-2", "0-0", "1-0", "2-0", "3-0"], ["4-4", "4-1", "5-5", "5-4", "5-3", "5-1", "3-3"])
    game = new(deal(hands))
    run(
        game,
        [
            (0, "6-4", None, 10, (10, 0)),  # 6 + 4
            (1, "4-4", "E", 14, (10, 0)),  # the Sniff in E: W 6 + 2*4
            (0, "6-6", "W", 20, (30, 0)),  # ordinary 6-6 ends W: (6+6) + 2*4
        ],
    )
    # The 6-6 is not a spinner and E has nothing beyond the Sniff: still only W and E.
    assert ends(game) == {"W": 6, "E": 4}
    refuse(game, "4-1", "N")
    run(
        game,
        [
            (1, "4-1", "E", 21, (30, 0)),  # (6+6) + 1 + 4 + 4
            (0, "6-2", "W", 11, (30, 0)),  # 6-6 covered: 2 + 1 + 4 + 4
        ],
    )
    assert ends(game) == {"W": 2, "E": 1, "N": 4, "S": 4}


# -- rule 12: scoring a placement ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "expected_count", "points"),
    [
        ("6-4", 10, 10),  # a lone tile counts both halves: 6 + 4
        ("5-0", 5, 5),  # 5 + 0
        ("3-2", 5, 5),  # 3 + 2
        ("3-1", 4, 0),  # 3 + 1, not a multiple of 5
        ("4-4", 8, 0),  # the Sniff, 2 * 4
        ("5-5", 10, 10),  # the Sniff, 2 * 5
        ("6-6", 12, 0),  # the Sniff, 2 * 6
        ("0-0", 0, 0),  # a count of 0 scores nothing
    ],
)
def test_opening_tile_counts_and_scores(tile: str, expected_count: int, points: int) -> None:
    """Rules 11-12: a lone opening tile counts both halves and scores when a positive multiple of 5."""
    others = [t for t in TILES if t != tile]
    game = new(deal([[tile, *others[:6]], others[6:13]]))
    events = put(game, tile, None)
    expected = [played(0, tile, None, expected_count)]
    if points:
        expected.append(scored(0, 0, points, "count", points))
    # (s1 may have to draw next: only the placement's own events are compared.)
    assert events[: len(expected)] == expected
    assert kinds(events).count("scored") == len(expected) - 1
    assert count(game) == expected_count
    assert game.scores == (points, 0)


def test_zero_count_mid_hand_scores_nothing() -> None:
    """Rule 12: a count of 0 after a placement is not a positive multiple of 5 and scores nothing."""
    hands = (["1-0", "3-0", "6-6", "6-5", "6-4", "5-5", "5-4"], ["3-1", "6-3", "6-2", "6-1", "5-3", "5-2", "4-4"])
    game = new(deal(hands))
    run(
        game,
        [
            (0, "1-0", None, 1, (0, 0)),  # 1 + 0
            (1, "3-1", "W", 3, (0, 0)),  # W 3 + E 0
        ],
    )
    events = put(game, "3-0", "W")  # W 0 + E 0 = 0
    assert events[0] == played(0, "3-0", "W", 0)
    assert "scored" not in kinds(events)
    assert game.scores == (0, 0)


def test_last_tile_scores_before_the_hand_ends() -> None:
    """Rules 12, 16: the placement of a player's last tile is scored first, then the hand ends."""
    game = four_player_game(deal(FOUR_HANDS, FOUR_STOCK, leader=3))
    run(game, FOUR_SCRIPT)
    events = put(game, "5-3", "W")  # 5 + 6 + 3 + (3+3) = 20
    assert events[:3] == [
        played(2, "5-3", "W", 20),
        scored(2, 0, 20, "count", 95),
        {"type": "hand_ended", "hand_number": 1, "reason": "domino", "seat": 2, "hands": [
            ["6-6", "6-5", "0-0"], ["1-1"], [], ["2-0"]]},
    ]


# -- rule 13: must play ---------------------------------------------------------------------------


def test_must_play_a_playable_tile_rather_than_draw() -> None:
    """Rule 13: a player holding a legal placement must place; nothing is drawn and no draw is offered."""
    game = new(deal(SEED_HANDS))
    events = put(game, "4-4", None)
    assert events == [played(0, "4-4", None, 8)]  # no tile_drawn: s1 holds 6-4 and 4-2
    assert game.current_player == 1
    view = table(game, 1)
    assert view["stock_size"] == 14
    assert view["hand_sizes"] == [6, 7]
    # Any legal tile, any legal place; the unplayable 6-6, 5-5, 3-3, 6-5, 2-0 are not offered.
    assert legal(game) == {("6-4", "W"), ("6-4", "E"), ("4-2", "W"), ("4-2", "E")}
    assert {(a["tile"], a["end"]) for a in view["legal_actions"]} == legal(game)
    before = snapshot(game)
    with pytest.raises(tg.IllegalActionError):
        game.action_from_json({"type": "draw"})
    assert snapshot(game) == before


# -- rule 14: drawing -----------------------------------------------------------------------------

DRAW_HANDS: Final = (
    ["6-6", "5-0", "4-0", "3-0", "2-0", "1-0", "0-0"],
    ["5-5", "5-4", "5-3", "4-4", "4-3", "3-3", "2-2"],
)
DRAW_STOCK: Final = ("1-1", "2-1", "6-2")
"""s0 opens 6-6 (ends 6/6); s1 has no 6 and draws 1-1 and 2-1 (no fit), then 6-2 (fits W and E)."""


@pytest.mark.parametrize(("end", "expected_ends"), [("W", {"W": 2, "E": 6}), ("E", {"W": 6, "E": 2})])
def test_draw_until_playable_and_play_the_drawn_tile(end: str, expected_ends: dict[str, int]) -> None:
    """Rule 14: draw one at a time in stock order until a tile fits; it must be played, where the player chooses."""
    game = new(deal(DRAW_HANDS, DRAW_STOCK))
    events = put(game, "6-6", None)
    assert events == [played(0, "6-6", None, 12), drawn(1, "1-1"), drawn(1, "2-1"), drawn(1, "6-2")]
    assert game.current_player == 1
    view = table(game, 1)
    assert view["stock_size"] == 14 - 3
    assert view["hand_sizes"] == [6, 10]
    # Only the drawn tile may be played, on either place it fits.
    assert legal(game) == {("6-2", "W"), ("6-2", "E")}
    refuse(game, "1-1", "W")
    # 6-2 on a line side of the opening Sniff: 2 + 2*6 = 14.
    assert put(game, "6-2", end) == [played(1, "6-2", end, 14)]
    assert ends(game) == expected_ends
    # The tiles drawn before it stay in the hand.
    hand = table(game, 1)["hand"]
    assert len(hand) == 9
    assert "1-1" in hand
    assert "2-1" in hand
    assert "6-2" not in hand
    assert game.current_player == 0


def test_drawn_tile_is_the_last_of_the_stock() -> None:
    """Rule 14: drawing stops at the first playable tile even if it is the stock's last; it is forced."""
    game = new(blocked_after_placement_deal("6-6"))
    events = put(game, "2-2", None)
    stock = blocked_after_placement_deal("6-6")["stock"]
    assert events == [played(0, "2-2", None, 4)] + [drawn(1, t) for t in stock]
    assert stock[-1] == "2-1"
    assert table(game)["stock_size"] == 0
    assert table(game)["hand_sizes"] == [6, 7 + 14]
    assert legal(game) == {("2-1", "W"), ("2-1", "E")}


# -- rule 15: passing -----------------------------------------------------------------------------


def test_draw_out_the_stock_then_pass() -> None:
    """Rules 14-15: with no fit the player draws the whole stock, then passes; play goes to the next seat."""
    game = new(deal(SIXES_HANDS))
    stock = deal(SIXES_HANDS)["stock"]
    assert len(stock) == 14
    assert not any("6" in t for t in stock)
    events = put(game, "6-6", None)
    # 6-6 opens: 2*6 = 12, no score. s1 holds no 6: draws all 14 in order, none fits, passes.
    assert events == [played(0, "6-6", None, 12)] + [drawn(1, t) for t in stock] + [passed(1)]
    assert game.current_player == 0
    view = table(game)
    assert view["stock_size"] == 0
    assert view["hand_sizes"] == [6, 21]


def test_pass_with_an_empty_stock() -> None:
    """Rule 15: with the stock empty, a player without a fit passes (an event) and the next seat plays."""
    game = new(deal(SIXES_HANDS))
    run(game, SIXES_SCRIPT[:3])
    # s0 6-0 on W: 6 + 2*6 = 18. Ends W 6, E 6 (branches closed: E has no tile): s1 has no 6.
    assert put(game, "6-0", "W") == [played(0, "6-0", "W", 18), passed(1)]
    assert game.current_player == 0
    assert put(game, "6-2", "E") == [played(0, "6-2", "E", 20), scored(0, 0, 20, "count", 35)]
    assert game.current_player == 1


def test_three_players_pass_goes_to_the_next_seat() -> None:
    """Rules 2, 6, 15 at three: each plays alone, hands of 6, stock 10; after a pass the next seat plays."""
    hands = (
        ["1-1", "1-0", "2-1", "4-1", "5-1", "6-1"],
        ["6-5", "6-4", "6-3", "6-2", "6-0", "5-4"],
        ["3-1", "6-6", "5-5", "4-4", "3-3", "2-2"],
    )
    game = new(deal(hands))
    stock = deal(hands)["stock"]
    assert len(stock) == 10
    assert table(game)["hand_sizes"] == [6, 6, 6]
    assert game.scores == (0, 0, 0)
    # s0 opens the Sniff 1-1: 2. s1 holds no 1 and the stock has none: draws 10, passes.
    assert put(game, "1-1", None) == [played(0, "1-1", None, 2)] + [drawn(1, t) for t in stock] + [passed(1)]
    assert game.current_player == 2
    # s2 3-1 on W: 3 + 2*1 = 5, scores for s2's own side.
    assert put(game, "3-1", "W") == [played(2, "3-1", "W", 5), scored(2, 2, 5, "count", 5)]
    assert game.current_player == 0
    # s0 1-0 on E: both line sides continued: 3 + 0 + 1 + 1 = 5.
    assert put(game, "1-0", "E") == [played(0, "1-0", "E", 5), scored(0, 0, 5, "count", 5)]
    assert game.scores == (5, 0, 5)
    assert game.current_player == 1  # s1 now holds 3s and 0s: no pass
    assert legal(game)


# -- rule 16: the end of a hand -------------------------------------------------------------------


def test_domino_even_when_the_layout_is_blocked() -> None:
    """Rule 16: a player's last tile ends the hand as a domino, even if no one could play on after it."""
    game = new(deal(SIXES_HANDS), deal(SEED_HANDS, leader=1))
    run(game, SIXES_SCRIPT)
    # s0's last tile 6-1 on N: 6 + 6 + 6 + 6 = 24, no score. Every 6 is now on the table.
    events = put(game, "6-1", "N")
    left = [
        *("5-5", "5-4", "5-3", "5-2", "5-0", "4-4", "4-3", "4-1", "4-0"),
        *("3-3", "3-2", "3-1", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"),
    ]
    assert pips(left) == 90
    assert events[:4] == [
        played(0, "6-1", "N", 24),
        {"type": "hand_ended", "hand_number": 1, "reason": "domino", "seat": 0, "hands": [[], left]},
        # s1's 18 tiles: the non-6 pips are 105, less 3-0, 4-2, 5-1 on the table: 90 -> 90.
        scored(1, 1, -90, "remaining", -90),
        {"type": "hand_dealt", "hand_number": 2, "hands": list(SEED_HANDS), "stock": deal(SEED_HANDS)["stock"],
         "stock_size": 14},
    ]
    assert "passed" not in kinds(events)
    assert game.scores == (35, -90)


def test_block_detected_at_once_after_drawing_out() -> None:
    """Rule 16: a block (stock empty, nobody can place) ends the hand at once, with no pass events."""
    # A = 3. s0 holds 3-3 4-2 3-1 6-3 5-0 + 6-6 0-0; s1 4-3 3-2 6-1 3-0 5-3 + 6-5 1-1.
    hands = (["3-3", "4-2", "3-1", "6-3", "5-0", "6-6", "0-0"], ["4-3", "3-2", "6-1", "3-0", "5-3", "6-5", "1-1"])
    game = new(deal(hands), deal(SEED_HANDS, leader=1))
    stock = deal(hands)["stock"]
    run(
        game,
        [
            (0, "3-3", None, 6, (0, 0)),  # the Sniff: 2*3
            (1, "4-3", "W", 10, (0, 10)),  # 4 + 6
            (0, "4-2", "W", 8, (0, 10)),  # 2 + 6
            (1, "3-2", "W", 9, (0, 10)),  # 3 + 6
            (0, "3-1", "E", 10, (10, 10)),  # branches open: 3 + 1 + 3 + 3
            (1, "6-1", "E", 15, (10, 25)),  # 3 + 6 + 3 + 3
            (0, "6-3", "E", 12, (10, 25)),  # 3 + 3 + 3 + 3
            (1, "3-0", "N", 9, (10, 25)),  # 3 + 3 + 0 + 3
            (0, "5-0", "N", 14, (10, 25)),  # 3 + 3 + 5 + 3
        ],
    )
    # s1's 5-3 on N: 3 + 3 + 3 + 3 = 12; every 3 is now on the table. s0 cannot place: it draws
    # the whole stock (no 3 in it), and then nobody can place: blocked, with no pass.
    events = put(game, "5-3", "N")
    s0_left = sorted(["6-6", "0-0", *stock], key=TILES.index)
    # s0: 6-6 0-0 (12) + the stock 6-4 6-2 6-0 5-5 5-4 5-2 5-1 4-4 4-1 4-0 2-2 2-1 2-0 1-0 (83) = 95 -> 95.
    assert pips(s0_left) == 95
    # s1: 6-5 1-1 = 13 -> 15.
    assert events == [
        played(1, "5-3", "N", 12),
        *[drawn(0, t) for t in stock],
        {"type": "hand_ended", "hand_number": 1, "reason": "blocked", "seat": None, "hands": [s0_left, ["6-5", "1-1"]]},
        scored(0, 0, -95, "remaining", 10 - 95),
        scored(1, 1, -15, "remaining", 25 - 15),
        {"type": "hand_dealt", "hand_number": 2, "hands": list(SEED_HANDS), "stock": deal(SEED_HANDS)["stock"],
         "stock_size": 14},
        {"type": "leader_drawn", "seat": 1},
    ]
    assert game.scores == (-85, 10)
    assert not game.is_over
    assert game.winner is None
    assert game.current_player == 1


def blocked_after_placement_deal(leftover: str) -> dict[str, Any]:
    """A = 2: s0 holds 2-2 5-2 2-0 4-2 3-2 6-2 and ``leftover``; the stock's last tile is 2-1.

    s1 holds 5-0, 4-1, 6-3 and the first four of the other non-2 tiles (highest first); the stock
    is the remaining 13 non-2 tiles, then 2-1.
    """
    pool = [t for t in TILES if "2" not in t and t not in ("5-0", "4-1", "6-3", leftover)]
    assert len(pool) == 17
    hands = (["2-2", "5-2", "2-0", "4-2", "3-2", "6-2", leftover], ["5-0", "4-1", "6-3", *pool[:4]])
    return deal(hands, [*pool[4:], "2-1"])


@pytest.mark.parametrize(
    ("leftover", "s0_points", "s1_points"),
    [
        # s1 ends with every non-2 tile but the three connectors and the leftover:
        # non-2 pips 133 - (5-0, 4-1, 6-3 = 19) - leftover = 114 - leftover.
        ("6-6", -10, -100),  # 12 -> 10; 102 -> 100
        ("3-0", -5, -110),  # 3 -> 5; 111 -> 110
        ("1-1", 0, -110),  # 2 -> 0 (nothing taken off); 112 -> 110
        ("0-0", 0, -115),  # 0; 114 -> 115
    ],
)
def test_block_detected_at_once_after_a_placement(leftover: str, s0_points: int, s1_points: int) -> None:
    """Rules 14-17: a placement that leaves nobody a fit with the stock empty blocks at once; both hands settle."""
    game = new(blocked_after_placement_deal(leftover))
    put(game, "2-2", None)  # 4; s1 draws the whole stock, the last tile 2-1 fits W and E
    run(
        game,
        [
            (1, "2-1", "W", 5, (0, 5)),  # 1 + 2*2
            (0, "5-2", "E", 10, (10, 5)),  # branches open: 1 + 5 + 2 + 2
            (1, "5-0", "E", 5, (10, 10)),  # 1 + 0 + 2 + 2
            (0, "2-0", "E", 7, (10, 10)),  # 1 + 2 + 2 + 2
            (1, "4-1", "W", 10, (10, 20)),  # 4 + 2 + 2 + 2
        ],
    )
    # s0 4-2 on W: 2 + 2 + 2 + 2 = 8. Four ends of 2: s1 has no 2, the stock is empty and s0
    # still holds 2s: s1 passes (no block yet).
    assert put(game, "4-2", "W") == [played(0, "4-2", "W", 8), passed(1)]
    run(
        game,
        [
            (0, "3-2", "N", 9, (10, 20)),  # 2 + 2 + 3 + 2
            (1, "6-3", "N", 12, (10, 20)),  # 2 + 2 + 6 + 2
        ],
    )
    # s0 6-2 on N: 2 + 2 + 2 + 2 = 8. All seven 2s are out: nobody can place: blocked at once.
    events = put(game, "6-2", "N")
    assert events[0] == played(0, "6-2", "N", 8)
    assert events[1]["type"] == "hand_ended"
    assert events[1]["reason"] == "blocked"
    assert events[1]["seat"] is None
    assert events[1]["hands"][0] == [leftover]
    assert len(events[1]["hands"][1]) == 17
    assert pips(events[1]["hands"][1]) == 114 - pips([leftover])
    settlement = [e for e in events[2:] if e["type"] == "scored"]
    expected = []
    if s0_points:
        expected.append(scored(0, 0, s0_points, "remaining", 10 + s0_points))
    expected.append(scored(1, 1, s1_points, "remaining", 20 + s1_points))
    assert settlement == expected
    assert "passed" not in kinds(events)
    assert game.scores == (10 + s0_points, 20 + s1_points)
    # A blocked hand has no winner; the next hand starts with a new draw of the leader.
    assert kinds(events[-2:]) == ["hand_dealt", "leader_drawn"]
    assert game.current_player == events[-1]["seat"]
    assert not game.is_over


# -- rule 17: settlement ----------------------------------------------------------------------------


def test_settlement_rounds_each_partner_separately() -> None:
    """Rule 17: each player's pips are rounded alone (2 -> 0 twice, not 4 -> 5), and no one is credited."""
    game = four_player_game()
    run(game, FOUR_SCRIPT)
    events = put(game, "5-3", "W")
    # s0 6-6 6-5 0-0 = 23 -> 25 off side 0; s1 1-1 = 2 -> 0; s2 nothing; s3 2-0 = 2 -> 0.
    settlement = [e for e in events if e["type"] == "scored" and e["reason"] == "remaining"]
    assert settlement == [scored(0, 0, -25, "remaining", 70)]
    assert game.scores == (70, 40)


def test_scores_may_go_negative() -> None:
    """Rule 17: settlement may take a side below zero."""
    game = new(blocked_after_placement_deal("6-6"))
    for tile, end in [("2-2", None), ("2-1", "W"), ("5-2", "E"), ("5-0", "E"), ("2-0", "E"), ("4-1", "W"),
                      ("4-2", "W"), ("3-2", "N"), ("6-3", "N"), ("6-2", "N")]:
        put(game, tile, end)
    # Before settlement 10 and 20; s0 12 -> 10, s1 102 -> 100.
    assert game.scores == (0, -80)
    assert tg.to_json(game.view(1))["scores"] == [0, -80]


# -- rule 5 again: who leads the next hand ----------------------------------------------------------


def test_dominoer_leads_the_next_hand() -> None:
    """Rule 5: after a domino the player who placed the last tile leads; no draw, the stacked leader ignored."""
    game = new(deal(SIXES_HANDS), deal(SEED_HANDS, leader=1))
    run(game, SIXES_SCRIPT)
    events = put(game, "6-1", "N")
    assert "leader_drawn" not in kinds(events)
    assert game.current_player == 0
    view = table(game)
    assert view["hand_number"] == 2
    assert view["count"] == 0
    assert view["ends"] == []
    assert legal(game) == {(t, None) for t in SEED_HANDS[0]}


def test_the_view_carries_the_layout_of_the_last_finished_hand() -> None:
    """Every seat's view shows the table as the last hand ended; ``None`` all through hand 1."""
    game = new(deal(SIXES_HANDS), deal(SEED_HANDS, leader=1))
    assert table(game, 0)["last_layout"] is None
    run(game, SIXES_SCRIPT)
    assert table(game, 0)["last_layout"] is None and table(game, 1)["last_layout"] is None
    put(game, "6-1", "N")  # s0's last tile: the hand ends, hand 2 is dealt
    # the SIXES script's table: 6-6 opens (the Sniff); every arm ends on a 6
    final = {
        "hand_number": 1,
        "opening": "6-6",
        "sniff": "6-6",
        "arms": [
            {"id": "W", "tiles": ["6-3", "3-0", "6-0"], "value": 6, "open": True},
            {"id": "E", "tiles": ["6-2", "4-2", "6-4"], "value": 6, "open": True},
            {"id": "N", "tiles": ["6-5", "5-1", "6-1"], "value": 6, "open": True},
            {"id": "S", "tiles": [], "value": 6, "open": True},
        ],
    }
    assert table(game, 0)["hand_number"] == 2 and table(game, 0)["arms"] == []
    assert table(game, 0)["last_layout"] == final and table(game, 1)["last_layout"] == final
    put(game, "4-4", None)  # hand 2 goes on; the last hand's table stays as it ended
    assert table(game, 1)["last_layout"] == final
    assert tg.to_json(game.clone().view(0))["last_layout"] == final


def test_partner_who_dominoed_leads_the_next_hand() -> None:
    """Rule 5: in partnerships the individual who placed the last tile (s2) leads, not the side or the draw."""
    nxt = deal([TILES[0:5], TILES[5:10], TILES[10:15], TILES[15:20]], leader=3)
    game = four_player_game(nxt)
    run(game, FOUR_SCRIPT)
    events = put(game, "5-3", "W")
    assert kinds(events) == ["tile_played", "scored", "hand_ended", "scored", "hand_dealt"]
    assert game.current_player == 2
    assert legal(game) == {(t, None) for t in TILES[10:15]}


def test_new_draw_after_a_block() -> None:
    """Rule 5: after a blocked hand the leader is drawn again (from the seed when not stacked)."""
    game = new(blocked_after_placement_deal("0-0"), seed=8)
    for tile, end in [("2-2", None), ("2-1", "W"), ("5-2", "E"), ("5-0", "E"), ("2-0", "E"), ("4-1", "W"),
                      ("4-2", "W"), ("3-2", "N"), ("6-3", "N")]:
        put(game, tile, end)
    events = put(game, "6-2", "N")
    assert kinds(events) == ["tile_played", "hand_ended", "scored", "hand_dealt", "leader_drawn"]
    assert game.current_player == events[-1]["seat"]
    assert table(game)["hand_number"] == 2


# -- rule 18: winning -------------------------------------------------------------------------------


@pytest.mark.parametrize("target", [15, 12])
def test_win_at_once_mid_hand(target: int) -> None:
    """Rule 18: the first side to reach its target wins right after that scoring event; no settlement."""
    game = new(deal(SEED_HANDS), target=target)
    put(game, "4-4", None)  # 8
    put(game, "6-4", "W")  # 14
    events = put(game, "4-1", "E")  # 15: s0 reaches (or passes) the target
    assert events == [
        played(0, "4-1", "E", 15),
        scored(0, 0, 15, "count", 15),
        {"type": "game_ended", "winner": 0, "scores": [15, 0]},
    ]
    assert game.is_over
    assert game.winner == 0
    assert game.scores == (15, 0)
    assert game.current_player is None
    assert list(game.legal_actions()) == []
    view = table(game, 1)
    assert view["current_player"] is None
    assert view["legal_actions"] == []
    assert "hand_ended" not in kinds([tg.to_json(e) for e in game.log().events])
    before = snapshot(game)
    with pytest.raises(tg.IllegalActionError):
        game.action_from_json({"type": "play", "tile": "4-2", "end": "N"})
    with pytest.raises(tg.IllegalActionError):
        game.apply(make_play(Tile.parse("4-2"), "N"))
    assert snapshot(game) == before


def test_partnership_wins_mid_hand() -> None:
    """Rules 2, 18: a partnership wins when either partner's placement brings the side to its target."""
    game = four_player_game(target=30)
    run(game, FOUR_SCRIPT[:8])
    # s2 1-0 on E: 5 + 0 + 1 + 4 = 10: side 0 goes from 25 to 35 >= 30.
    events = put(game, "1-0", "E")
    assert events == [
        played(2, "1-0", "E", 10),
        scored(2, 0, 10, "count", 35),
        {"type": "game_ended", "winner": 0, "scores": [35, 20]},
    ]
    assert game.winner == 0
    assert game.current_player is None


def test_win_on_the_last_tile_skips_settlement() -> None:
    """Rule 18: a win by the last tile's count ends the game before the hand's settlement."""
    game = four_player_game(target=95)
    run(game, FOUR_SCRIPT)
    events = put(game, "5-3", "W")  # 20: side 0 reaches exactly 95
    assert events == [
        played(2, "5-3", "W", 20),
        scored(2, 0, 20, "count", 95),
        {"type": "game_ended", "winner": 0, "scores": [95, 40]},
    ]
    assert game.scores == (95, 40)  # s0's 23 pips are never taken off
    assert game.is_over


# -- stacked deals --------------------------------------------------------------------------------


def _valid() -> dict[str, Any]:
    return {"hands": [list(TILES[:7]), list(TILES[7:14])], "stock": list(TILES[14:]), "leader": 0}


@pytest.mark.parametrize(
    "bad",
    [
        {"hands": [list(TILES[:7]), [TILES[0], *TILES[8:14]]]},  # 6-6 twice, 5-5 missing
        {"stock": [*TILES[14:27], "6-6"]},  # 6-6 twice, 0-0 missing
        {"stock": [*TILES[14:27], "7-0"]},  # not a double-six tile
        {"hands": [list(TILES[:6]), list(TILES[6:14])]},  # hands of 6 and 8
        {"hands": [list(TILES[:7]), list(TILES[7:14]), []]},  # three hands for two players
        {"stock": list(TILES[14:27])},  # 13 in the stock, 0-0 missing
        {"leader": 2},
        {"leader": -1},
        {"leader": "1"},
    ],
)
@pytest.mark.parametrize("index", [0, 1])
def test_invalid_stacked_deals_are_refused(bad: dict[str, Any], index: int) -> None:
    """Rules 1, 4, 5: a stacked deal with wrong tiles, sizes or leader raises InvalidOptionsError naming deals[i]."""
    deals = [_valid(), _valid()]
    deals[index] = {**deals[index], **bad}
    with pytest.raises(tg.InvalidOptionsError) as info:
        tg.new_game(SNIFF, seed=1, players=2, deals=deals)
    assert info.value.option == f"deals[{index}]"
    assert f"deals[{index}]" in str(info.value)


def test_four_player_deal_needs_hands_of_five() -> None:
    """Rule 4: at four players each hand has 5 tiles and the stock 8; 7-tile hands are refused."""
    bad = {"hands": [list(TILES[0:7]), list(TILES[7:14]), list(TILES[14:21]), list(TILES[21:28])], "stock": []}
    with pytest.raises(tg.InvalidOptionsError) as info:
        tg.new_game(SNIFF, seed=1, players=4, deals=[bad])
    assert info.value.option == "deals[0]"
