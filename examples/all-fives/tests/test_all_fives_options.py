"""All Fives' options, stacked deals and the pure rules functions (leading, settling a hand)."""

from __future__ import annotations

from typing import Any

import pytest
from all_fives_helpers import NAME, TILES, deal, new, view
from tablegames_all_fives import (
    AllFives,
    AllFivesDeal,
    AllFivesOptions,
    block_result,
    domino_points,
    opening_lead,
    round_to_five,
)

import tablegames as tg
from tablegames.components.seats import Seating
from tablegames.components.tiles import Tile


def tiles(*texts: str) -> list[Tile]:
    return [Tile.parse(t) for t in texts]


# -- options ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "hand", "boneyard", "sides"), [(2, 7, 14, 2), (3, 5, 13, 3), (4, 5, 8, 2)])
def test_players_set_hand_size_boneyard_and_sides(players: int, hand: int, boneyard: int, sides: int) -> None:
    """Rules 2 and 4: 7 tiles each for 2 players, 5 for 3 or 4; four play as two partnerships."""
    game = tg.new_game(NAME, seed=4, players=players)
    assert game.players == players and len(game.scores) == sides
    table = view(game, 0)
    assert table["hand_sizes"] == [hand] * players and table["boneyard_size"] == boneyard
    assert table["side_of_seat"] == ([0, 1, 0, 1] if players == 4 else list(range(players)))


def test_defaults_are_two_players_and_61() -> None:
    """Rule 3 and the options: 2 players and a target of 61 unless told otherwise."""
    game = tg.new_game(NAME, seed=1)
    assert game.options == AllFivesOptions(players=2, target=61)
    assert tg.to_json(game.options) == {"players": 2, "target": 61}
    assert tg.new_game(NAME, seed=1, players=4, target=121).options.target == 121


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5}, "invalid option players: 5 is out of range; allowed: an int from 2 to 4"),
        ({"players": 1}, "invalid option players: 1 is out of range"),
        ({"players": "2"}, "invalid option players: '2' is not an int"),
        ({"players": True}, "invalid option players: True is not an int"),
        ({"target": 0}, "invalid option target: 0 is out of range; allowed: an int from 1 to 10000"),
        ({"target": 10_001}, "invalid option target: 10001 is out of range; allowed: an int from 1 to 10000"),
        ({"target": 61.5}, "invalid option target: 61.5 is not an int"),
        ({"spinners": 2}, "unknown option 'spinners'; allowed options: players, target"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, Any], message: str) -> None:
    """Options are validated at construction; the error names the option and what is allowed."""
    with pytest.raises(tg.InvalidOptionsError, match=message):
        tg.new_game(NAME, seed=1, **options)


# -- stacked deals ----------------------------------------------------------------------------

GOOD = deal([TILES[:7], TILES[7:14]])


def test_a_stacked_deal_is_used_and_its_json_round_trips() -> None:
    """A stacked deal (its JSON form or the Deal class) gives exactly those hands and boneyard."""
    game = new(GOOD)
    dealt = tg.to_json(game.log().events[0])
    assert dealt["hands"] == GOOD["hands"] and dealt["boneyard"] == GOOD["boneyard"]
    parsed = AllFives.parse_deal(GOOD, AllFivesOptions())
    assert isinstance(parsed, AllFivesDeal) and tg.to_json(parsed) == GOOD
    again = tg.new_game(NAME, seed=1, deals=[parsed])
    assert tg.dumps(again.log().events[0]) == tg.dumps(game.log().events[0])


def _swap(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**data, **changes}


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (_swap(GOOD, hands=GOOD["hands"][:1]), "deals\\[0\\]: 1 hands for 2 players; one hand per seat"),
        (_swap(GOOD, hands=[GOOD["hands"][0][:6], GOOD["hands"][1]]), "hands\\[0\\] has 6 tiles; with 2 players"),
        (_swap(GOOD, boneyard=GOOD["boneyard"][:-1]), "the boneyard has 13 tiles; with 2 players it has 14"),
        (
            _swap(GOOD, boneyard=[*GOOD["boneyard"][:-1], "6-6"]),
            "duplicate tiles 6-6; missing tiles 0-0; a deal holds each of the 28 double-six tiles once",
        ),
        (_swap(GOOD, boneyard=[*GOOD["boneyard"][:-1], "7-0"]), "tiles outside double-six 7-0"),
        (_swap(GOOD, leader=0), "deals\\[0\\]: not a deal"),
        (_swap(GOOD, hands="6-6"), "deals\\[0\\]: not a deal"),
        ({"hands": GOOD["hands"]}, "deals\\[0\\]: not a deal"),
    ],
)
def test_bad_stacked_deals_are_refused_naming_the_deal(bad: dict[str, Any], message: str) -> None:
    """A deal that is not valid raises InvalidOptionsError naming ``deals[i]`` and what is wrong."""
    with pytest.raises(tg.InvalidOptionsError, match=message):
        tg.new_game(NAME, seed=1, deals=[bad])


def test_stacked_deals_are_used_in_order_then_the_seed_deals() -> None:
    """Hands after the stacked ones are shuffled from the seed, the same for the same seed."""
    first = new(GOOD, seed=9)
    second = tg.new_game(NAME, seed=9)
    assert tg.to_json(first.log().events[0])["hands"] == GOOD["hands"]
    assert tg.to_json(second.log().events[0])["hands"] != GOOD["hands"]
    assert tg.dumps(tg.new_game(NAME, seed=9).log()) == tg.dumps(second.log())


# -- the rules as pure functions ------------------------------------------------------------


def test_round_to_five_rounds_to_the_nearest_multiple() -> None:
    """Rules 15 and 16: 0 to 2 round down, 3 to 4 round up."""
    assert [round_to_five(p) for p in range(11)] == [0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10]


def test_opening_lead_highest_double_then_heaviest_tile() -> None:
    """Rule 5: the highest double dealt leads; with none, the most pips, then the higher half."""
    assert opening_lead([tiles("6-5", "0-0"), tiles("3-3", "6-4")]).seat == 1
    lead = opening_lead([tiles("6-3", "2-1"), tiles("5-4", "1-0")])  # 9 pips each: 6-3 has the higher half
    assert (lead.seat, str(lead.tile), lead.reason) == (0, "6-3", "heaviest_tile")
    with pytest.raises(ValueError, match="no tile"):
        opening_lead([[], []])


def test_domino_points_count_opponents_only() -> None:
    """Rule 15: in partnerships the partner's tiles are not counted; the opponents' are added, then rounded."""
    hands = [[], tiles("6-6"), tiles("6-5"), tiles("1-0")]
    assert domino_points(hands, 0, Seating(4, partnerships=True)) == 15  # 12 + 1 = 13, rounded up
    assert domino_points(hands, 0, Seating(4)) == 25  # everybody else's: 12 + 11 + 1 = 24


def test_block_results() -> None:
    """Rule 16: the lightest side scores the others' pips minus its own, rounded; a tie scores nothing."""
    two = block_result([tiles("2-0"), tiles("6-6", "1-0")], Seating(2))
    assert (two.side, two.seat, two.points, two.pips) == (0, 0, 10, (2, 13))  # 13 - 2 = 11, rounded down
    three = block_result([tiles("3-0"), tiles("1-0"), tiles("6-4")], Seating(3))
    assert (three.side, three.seat, three.points) == (1, 1, 10)  # 3 + 10 - 1 = 12 -> 10
    tie = block_result([tiles("3-0"), tiles("2-1"), tiles("6-4")], Seating(3))
    assert (tie.side, tie.seat, tie.points) == (None, None, 0)
    partnerships = Seating(4, partnerships=True)
    side0 = block_result([tiles("1-0"), tiles("6-6"), tiles("0-0"), tiles("3-3")], partnerships)
    assert (side0.side, side0.seat, side0.points, side0.pips) == (0, 2, 15, (1, 18))  # 18 - 1 = 17 -> 15
    even = block_result([tiles("2-0"), tiles("6-6"), tiles("1-1"), tiles("3-3")], partnerships)
    assert (even.side, even.seat, even.points) == (0, None, 15)  # partners tie on 2: no seat; 18 - 4 = 14 -> 15
