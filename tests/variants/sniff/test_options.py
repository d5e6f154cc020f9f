"""American Sniff's options and the checks on new_game's arguments (seed, stacked deals)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import InvalidOptionsError
from tablegames.variants.sniff import SniffOptions
from tests.strategies import PLAYER_COUNTS, TILE_TEXTS, deal_json, player_counts, seeds
from tests.support import SNIFF, new_sniff


@pytest.mark.parametrize(("players", "target"), [(2, 250), (3, 200), (4, 200)])
def test_the_default_target_depends_on_the_players(players: int, target: int) -> None:
    """Rule 3: the target is 250 with 2 players, 200 with 3 and 200 per partnership with 4."""
    assert SniffOptions(players=players).target == target
    game = new_sniff(1, players)
    assert game.options.target == target
    assert game.view(0).target == target
    assert json.loads(tablegames.dumps(game.log()))["options"] == {"players": players, "target": target}


def test_four_players_is_the_default() -> None:
    """With no options, American Sniff has 4 players in two partnerships and a target of 200."""
    game = tablegames.new_game(SNIFF, seed=1)
    assert game.players == 4
    assert game.options == SniffOptions(players=4, target=200)
    assert len(game.scores) == 2


@given(players=player_counts, target=st.integers(min_value=1, max_value=10_000))
def test_an_explicit_target_is_kept(players: int, target: int) -> None:
    """Any positive int target replaces the default."""
    game = new_sniff(1, players, target=target)
    assert game.options.target == target


@pytest.mark.parametrize("name", ["bogus", "player", "Players", "seat", "deal"])
def test_an_unknown_option_is_refused_by_name(name: str) -> None:
    """An option Sniff does not have raises InvalidOptionsError naming it and listing the allowed ones."""
    with pytest.raises(InvalidOptionsError) as info:
        options: dict[str, Any] = {name: 1}
        tablegames.new_game(SNIFF, seed=1, **options)
    assert info.value.option == name
    assert repr(name) in str(info.value)
    assert "players" in str(info.value)
    assert "target" in str(info.value)


@pytest.mark.parametrize("players", [1, 5, 0, -4, "4", True, False, 4.5, None, [4]])
def test_a_bad_player_count_is_refused(players: Any) -> None:
    """players must be the integer 2, 3 or 4 (not a bool, a fraction or a string): an error naming players."""
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game(SNIFF, seed=1, players=players)
    assert info.value.option == "players"
    assert repr(players) in str(info.value)


@pytest.mark.parametrize("target", [0, -5, "x", "250", True, 250.5, None, 10_001, 10**15])
def test_a_bad_target_is_refused(target: Any) -> None:
    """target must be an int from 1 to 10,000: InvalidOptionsError naming target."""
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game(SNIFF, seed=1, players=2, target=target)
    assert info.value.option == "target"
    assert repr(target) in str(info.value)


def test_options_take_integers_written_as_json_numbers() -> None:
    """As in JSON Schema, 4.0 is the integer 4: options read it as 4, and write it back as 4."""
    game = tablegames.new_game(SNIFF, seed=1, players=2.0, target=10_000.0)
    assert game.options == SniffOptions(players=2, target=10_000)
    assert type(game.options.target) is int
    assert tablegames.dumps(game.options) == '{"players":2,"target":10000}'


def test_options_are_validated_on_the_class_too() -> None:
    """SniffOptions itself refuses bad values, so no invalid options object can exist."""
    with pytest.raises(InvalidOptionsError):
        SniffOptions(players=6)
    with pytest.raises(InvalidOptionsError):
        SniffOptions(players=2, target=-1)


@pytest.mark.parametrize("seed", ["7", 7.0, True, [7]])
def test_a_seed_that_is_not_an_int_is_refused(seed: Any) -> None:
    """The seed is an int (or None for a fresh one): anything else is an InvalidOptionsError naming seed."""
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game(SNIFF, seed=seed)
    assert info.value.option == "seed"


def test_no_seed_means_a_fresh_one_that_is_recorded() -> None:
    """Without a seed the game draws one, and its full log records it so that it replays."""
    game = tablegames.new_game(SNIFF)
    assert isinstance(game.seed, int)
    assert json.loads(tablegames.dumps(game.log()))["seed"] == game.seed


@given(players=st.sampled_from(PLAYER_COUNTS), data=st.data())
def test_a_stacked_deal_is_dealt_as_given(players: int, data: st.DataObject) -> None:
    """A stacked deal's hands go to their seats, its stock is drawn in order, and its leader leads."""
    deal = data.draw(deal_json(players))
    game = new_sniff(1, players, deals=[deal])
    assert [sorted(str(t) for t in hand) for hand in game.hands] == [sorted(hand) for hand in deal["hands"]]
    assert [str(t) for t in game.stock] == deal["stock"]
    assert game.current_player == deal["leader"]


def _valid_deal(players: int = 2) -> dict[str, Any]:
    size = {2: 7, 3: 6, 4: 5}[players]
    tiles = list(TILE_TEXTS)
    hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
    return {"hands": hands, "stock": tiles[players * size :], "leader": 0}


def _broken(change: str) -> dict[str, Any]:
    deal = _valid_deal()
    if change == "duplicate":
        deal["hands"][0][0] = deal["hands"][1][0]
    elif change == "short hand":
        deal["stock"].append(deal["hands"][0].pop())
    elif change == "too many hands":
        deal["hands"].append([])
    elif change == "foreign tile":
        deal["stock"][0] = "9-9"
    elif change == "bad notation":
        deal["stock"][0] = "six-four"
    elif change == "leader":
        deal["leader"] = 2
    elif change == "extra key":
        deal["dealer"] = 0
    elif change == "not an object":
        return ["6-6"]  # type: ignore[return-value]
    return deal


_CHANGES = ["duplicate", "short hand", "too many hands", "foreign tile", "bad notation", "leader", "extra key"]


@pytest.mark.parametrize("change", [*_CHANGES, "not an object"])
def test_an_invalid_stacked_deal_is_refused_naming_it(change: str) -> None:
    """A deal that is not a valid deal raises InvalidOptionsError naming deals[i] and what is wrong."""
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game(SNIFF, seed=1, players=2, deals=[_valid_deal(), _broken(change)])
    assert info.value.option == "deals[1]"
    assert "deals[1]" in str(info.value)


@pytest.mark.parametrize("deals", [{"hands": []}, "deal", 5])
def test_deals_must_be_a_list(deals: Any) -> None:
    """deals is a list of deals; a single object or a string is refused."""
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game(SNIFF, seed=1, players=2, deals=deals)
    assert info.value.option == "deals"


@given(seed=seeds, players=player_counts)
def test_a_view_of_a_seat_not_at_the_table_is_refused(seed: int, players: int) -> None:
    """view(s) and log(s) raise InvalidOptionsError naming seat for a seat not in the game."""
    game = new_sniff(seed, players)
    for seat in (-1, players, 9):
        with pytest.raises(InvalidOptionsError) as info:
            game.view(seat)
        assert info.value.option == "seat"
        with pytest.raises(InvalidOptionsError):
            game.log(seat)
