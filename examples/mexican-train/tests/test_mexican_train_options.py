"""Mexican Train's options, stacked deals and the pure rules functions (engines, points, the winner)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from mexican_train_helpers import NAME, TILES, deal, new, view
from tablegames_mexican_train import (
    HAND_SIZES,
    MexicanTrain,
    MexicanTrainDeal,
    MexicanTrainOptions,
    engine_of,
    hand_points,
    match_winner,
)

import tablegames as tg
from tablegames.components.tiles import Tile

# -- options ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "hand", "boneyard"),
    [(2, 15, 61), (3, 15, 46), (4, 15, 31), (5, 12, 31), (6, 12, 19), (7, 10, 21), (8, 10, 11)],
)
def test_players_set_the_hand_size_and_the_boneyard(players: int, hand: int, boneyard: int) -> None:
    """Rule 4: 15 tiles each with 2 to 4 players, 12 with 5 or 6, 10 with 7 or 8; the rest is the
    boneyard (one fewer once the engine comes out of it)."""
    assert HAND_SIZES[players] == hand
    for seed in range(4):
        game = tg.new_game(NAME, seed=seed, players=players)
        assert game.players == players and game.scores == (0,) * players
        dealt = tg.to_json(game.log().events[0])
        assert [len(h) for h in dealt["hands"]] == [hand] * players and dealt["boneyard_size"] == boneyard
        table = view(game, 0)
        holder = tg.to_json(game.log().events[1])["seat"]
        draws = sum(e.tag == "tile_drawn" for e in game.log().events)  # the first player may have to draw
        assert table["boneyard_size"] == boneyard - (holder is None) - draws
        assert sum(table["hand_sizes"]) == players * hand - (holder is not None) + draws


def test_defaults() -> None:
    """The options: 4 players, 13 rounds, the double-blank at 0, 15 tiles unless told otherwise."""
    game = tg.new_game(NAME, seed=1)
    assert game.options == MexicanTrainOptions(players=4, rounds=13, double_blank=0, hand_size=15)
    assert tg.to_json(game.options) == {"players": 4, "rounds": 13, "double_blank": 0, "hand_size": 15}
    assert tg.new_game(NAME, seed=1, players=7).options.hand_size == 10
    chosen = tg.new_game(NAME, seed=1, players=3, rounds=5, double_blank=50, hand_size=9).options
    assert (chosen.players, chosen.rounds, chosen.double_blank, chosen.hand_size) == (3, 5, 50, 9)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 9}, "invalid option players: 9 is out of range; allowed: an int from 2 to 8"),
        ({"players": 1}, "invalid option players: 1 is out of range"),
        ({"players": True}, "invalid option players: True is not an int"),
        ({"rounds": 0}, "invalid option rounds: 0 is out of range; allowed: an int from 1 to 13"),
        ({"rounds": 14}, "invalid option rounds: 14 is out of range; allowed: an int from 1 to 13"),
        ({"double_blank": 25}, "invalid option double_blank: 25 is not a double-blank value; allowed: 0, 50"),
        ({"double_blank": True}, "invalid option double_blank: True is not a double-blank value"),
        ({"double_blank": "50"}, "invalid option double_blank: '50' is not a double-blank value"),
        ({"hand_size": 1}, "invalid option hand_size: 1 is out of range; allowed: an int from 2 to 45"),
        ({"hand_size": 46}, "invalid option hand_size: 46 is out of range"),
        (
            {"players": 8, "hand_size": 12},
            "invalid option hand_size: 12 tiles for each of 8 players is 96, more than the 91 tiles of the set; "
            "allowed with 8 players: an int from 2 to 11",
        ),
        ({"players": 3, "hand_size": 31}, "allowed with 3 players: an int from 2 to 30"),
        ({"spinner": "every"}, "unknown option 'spinner'; allowed options: players, rounds, double_blank, hand_size"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, Any], message: str) -> None:
    """Options are validated at construction; the error names the option and what is allowed."""
    with pytest.raises(tg.InvalidOptionsError, match=message):
        tg.new_game(NAME, seed=1, **options)


@pytest.mark.parametrize("players", [[], {}, [2]], ids=repr)
def test_players_that_is_no_int_is_refused_by_its_rule(players: Any) -> None:
    """``players=[]``, ``{}`` or ``[2]`` names ``players`` and its rule, whichever way the options come."""
    rule = f"{players!r} is not an int; allowed: an int from 2 to 8"
    attempts: list[Callable[[], object]] = [
        lambda: tg.new_game(NAME, seed=1, players=players),
        lambda: MexicanTrain.create({"players": players}, seed=1),
        lambda: MexicanTrainOptions(players=players),
    ]
    for attempt in attempts:
        with pytest.raises(tg.InvalidOptionsError) as caught:
            attempt()
        assert caught.value.option == "players"
        assert caught.value.reason == rule


def test_the_largest_hands_allowed() -> None:
    """``players`` times ``hand_size`` may be 91, leaving nothing to draw but an engine nobody holds."""
    assert MexicanTrainOptions(players=2, hand_size=45).hand_size == 45
    assert MexicanTrainOptions(players=7, hand_size=13).hand_size == 13  # 91 exactly
    game = tg.new_game(NAME, seed=3, players=7, hand_size=13)
    assert view(game, 0)["boneyard_size"] == 0


# -- stacked deals ----------------------------------------------------------------------------

GOOD = deal([TILES[:3], TILES[3:6]])


def test_a_stacked_deal_is_used_and_its_json_round_trips() -> None:
    """A stacked deal (its JSON or the deal class) gives exactly those hands and that boneyard."""
    game = new(GOOD)
    dealt = tg.to_json(game.log().events[0])
    assert dealt["hands"] == GOOD["hands"] and dealt["boneyard"] == GOOD["boneyard"]
    parsed = MexicanTrain.parse_deal(GOOD, MexicanTrainOptions(players=2, hand_size=3))
    assert isinstance(parsed, MexicanTrainDeal) and tg.to_json(parsed) == {**GOOD, "first": None}
    again = tg.new_game(NAME, seed=1, players=2, hand_size=3, deals=[parsed])
    assert tg.dumps(again.log().events[0]) == tg.dumps(game.log().events[0])


def _swap(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**data, **changes}


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (_swap(GOOD, hands=GOOD["hands"][:1]), r"deals\[0\]: 1 hands for 2 players; one hand per seat"),
        (_swap(GOOD, hands=[GOOD["hands"][0][:2], GOOD["hands"][1]]), r"hands\[0\] has 2 tiles; each hand has 3"),
        (_swap(GOOD, boneyard=GOOD["boneyard"][:-1]), "the boneyard has 84 tiles; with 2 hands of 3 it has 85"),
        (
            _swap(GOOD, boneyard=[*GOOD["boneyard"][:-1], "12-12"]),
            "duplicate tiles 12-12; missing tiles 0-0; a deal holds each of the 91 double-twelve tiles once",
        ),
        (_swap(GOOD, boneyard=[*GOOD["boneyard"][:-1], "13-0"]), "missing tiles 0-0; tiles outside double-twelve 13-0"),
        (_swap(GOOD, first=2), r"deals\[0\]: first 2 is not a seat; seats are 0 to 1"),
        (_swap(GOOD, first=True), r"deals\[0\]: not a deal"),
        (_swap(GOOD, stock=[]), r"deals\[0\]: not a deal"),
        (_swap(GOOD, hands="12-12"), r"deals\[0\]: not a deal"),
        ({"hands": GOOD["hands"]}, r"deals\[0\]: not a deal"),
    ],
)
def test_bad_stacked_deals_are_refused_naming_the_deal(bad: dict[str, Any], message: str) -> None:
    """A deal that is not valid raises InvalidOptionsError naming ``deals[i]`` and what is wrong."""
    with pytest.raises(tg.InvalidOptionsError, match=message):
        tg.new_game(NAME, seed=1, players=2, hand_size=3, deals=[bad])


def test_a_deal_that_is_not_tiles_is_refused() -> None:
    """Rule 24: every piece of a deal is a tile (a deal built in Python, past the JSON reader)."""
    hands = (tuple(Tile.parse(t) for t in TILES[:3]), (Tile(12, 9), Tile(12, 8), "12-7"))
    bad = MexicanTrainDeal(hands=hands, boneyard=tuple(Tile.parse(t) for t in TILES[6:]))  # type: ignore[arg-type]
    with pytest.raises(tg.InvalidOptionsError, match="every piece must be a Tile"):
        tg.new_game(NAME, seed=1, players=2, hand_size=3, deals=[bad])


def test_stacked_deals_are_used_in_order_then_the_seed_deals() -> None:
    """Rounds after the stacked ones are shuffled from the seed, the same for the same seed."""
    stacked = new(GOOD, seed=9, rounds=2)
    plain = tg.new_game(NAME, seed=9, players=2, hand_size=3, rounds=2)
    assert tg.to_json(stacked.log().events[0])["hands"] == GOOD["hands"]
    assert tg.to_json(plain.log().events[0])["hands"] != GOOD["hands"]
    assert tg.dumps(tg.new_game(NAME, seed=9, players=2, hand_size=3, rounds=2).log()) == tg.dumps(plain.log())


def test_a_deal_fits_any_round_wherever_its_engine_lies() -> None:
    """Rule 24: the same deal in round 2 has 11-11 for engine, here in the boneyard: ``first`` is used."""
    opener = deal([["12-12", "12-1"], ["2-0", "3-0"]])
    second = deal([TILES[:2], TILES[2:4]], first=1)  # 12-12 12-11 / 12-10 12-9; 11-11 in the boneyard
    game = new(opener, second, rounds=2, hand_size=2)
    events = [tg.to_json(e) for e in game.apply(game.legal_actions()[0])]
    assert events[3] == {"type": "engine_placed", "tile": "11-11", "seat": None, "first": 1}
    assert events[4] == {"type": "tile_drawn", "seat": 1, "tile": TILES[4]}  # seat 1 plays first: it must draw


# -- the rules as pure functions ------------------------------------------------------------


def test_engine_of_each_round() -> None:
    """Rule 3: round r's engine is (13 - r)-(13 - r), from 12-12 down to 0-0."""
    assert [str(engine_of(r)) for r in range(1, 14)] == [f"{v}-{v}" for v in range(12, -1, -1)]
    for bad in (0, 14, True):
        with pytest.raises(ValueError, match="rounds are numbered 1 to 13"):
            engine_of(bad)


def test_hand_points_count_pips_and_the_double_blank_option() -> None:
    """Rule 21: the pips left in hand; a 0-0 counts the option (0 or 50); an empty hand 0."""
    hand = [Tile(12, 11), Tile(0, 0), Tile(1, 0)]
    assert hand_points(hand, double_blank=0) == 24
    assert hand_points(hand, double_blank=50) == 74
    assert hand_points([], double_blank=50) == 0


def test_match_winner_lowest_total_then_countback_then_seat() -> None:
    """Rules 22 and 23: the lowest total; the tied compared from the last round back; then the lowest seat."""
    assert match_winner([40, 30, 50], [[40, 30, 50]]) == (1, None)
    # seats 0 and 2 tie on 30; the last round has them 10 and 10, the one before 20 and 5: seat 2
    assert match_winner([30, 31, 30], [[0, 1, 15], [20, 30, 5], [10, 0, 10]]) == (2, "countback")
    # seat 1 has a better last round than seat 0, though it is not the lowest of all three there
    assert match_winner([20, 20, 25], [[5, 15, 25], [15, 5, 0]]) == (1, "countback")
    # seats 1, 2 and 3 tie on 9; the last round leaves 1 and 3 (4 each), the one before gives it to 3 (2 to 3)
    assert match_winner([12, 9, 9, 9], [[4, 2, 1, 3], [4, 3, 1, 2], [4, 4, 7, 4]]) == (3, "countback")
    assert match_winner([7, 7], [[3, 3], [4, 4]]) == (0, "seat")


def test_deals_are_read_back_from_a_full_log_only() -> None:
    """Replay reads each round's deal, and the draw of the first player, from the log; a seat's log
    hides the deal, so it cannot be replayed."""
    opener = deal([["12-12", "12-1"], ["2-0", "3-0"]])
    second = deal([TILES[:2], TILES[2:4]], first=1)
    game = new(opener, second, rounds=2, hand_size=2)
    game.apply(game.legal_actions()[0])
    deals = MexicanTrain.deals_from_events(game.log().events)
    assert [tg.to_json(d) for d in deals] == [{**opener, "first": None}, second]
    with pytest.raises(tg.LogError, match="a full log's hand_dealt shows every hand and the boneyard"):
        MexicanTrain.deals_from_events(game.log(0).events)


def test_scores_are_penalties_for_the_bots() -> None:
    """The capabilities the generic bots read: a rise in a score is bad (``lower_score_wins``), and a
    round's penalties are some tens of pips (``reward_scale``)."""
    assert MexicanTrain.lower_score_wins is True
    assert MexicanTrain.reward_scale == 25.0
