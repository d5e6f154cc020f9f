"""The Game base class: the seat a caller names, and options built from outside values."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import tablegames
from tablegames import IllegalActionError, InvalidOptionsError
from tablegames.core.game import build_options, int_option

_NOT_SEATS = [True, False, 1.0, 0.0, "1", "0"]


def _two_seat_game() -> tablegames.Game:
    """A Sniff game of two seats where seat 1 is to act (so ``True == 1`` would pass for it)."""
    game = tablegames.new_game("american-sniff", seed=7, players=2)
    game.apply(game.legal_actions()[0])
    assert game.current_player == 1
    return game


@pytest.mark.parametrize("seat", _NOT_SEATS, ids=repr)
def test_apply_refuses_a_seat_that_is_not_an_int(seat: Any) -> None:
    """apply(seat=...) refuses a bool, a float or a string as view() does, and the game is unchanged."""
    game = _two_seat_game()
    before = tablegames.dumps(game.log())
    with pytest.raises(InvalidOptionsError) as caught:
        game.apply(game.legal_actions()[0], seat=seat)
    assert caught.value.option == "seat"
    assert caught.value.reason == f"{seat!r} is not a seat; seats are 0 to 1"
    assert tablegames.dumps(game.log()) == before
    with pytest.raises(InvalidOptionsError) as viewed:
        game.view(seat)
    assert type(viewed.value) is type(caught.value) and viewed.value.reason == caught.value.reason


@pytest.mark.parametrize("seat", _NOT_SEATS, ids=repr)
def test_action_from_json_refuses_a_seat_that_is_not_an_int(seat: Any) -> None:
    """action_from_json(seat=...) refuses a bool, a float or a string as view() does."""
    game = _two_seat_game()
    data = tablegames.to_json(game.legal_actions()[0])
    with pytest.raises(InvalidOptionsError) as caught:
        game.action_from_json(data, seat=seat)
    assert caught.value.option == "seat"
    assert caught.value.reason == f"{seat!r} is not a seat; seats are 0 to 1"


def test_a_seat_that_is_an_int_still_works_and_a_wrong_one_is_out_of_turn() -> None:
    """An int seat is checked as before: the current player's goes through, another's is out of turn."""
    game = _two_seat_game()
    action = game.action_from_json(tablegames.to_json(game.legal_actions()[0]), seat=1)
    with pytest.raises(IllegalActionError, match="not seat 0's"):
        game.apply(action, seat=0)
    game.apply(action, seat=1)
    assert game.current_player == 0


def test_a_not_a_seat_is_refused_after_the_game_is_over_too() -> None:
    """Once the game is over, a seat that is not an int is still refused as not a seat."""
    game = tablegames.new_game("american-sniff", seed=1, players=2, target=5)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    with pytest.raises(InvalidOptionsError):
        game.apply(game.legal_actions()[0] if game.legal_actions() else None, seat=True)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionsError):
        game.action_from_json({"type": "play", "tile": "6-6", "end": None}, seat=True)


# -- options whose defaults are worked out from other options ----------------------------------------


def _by_players(options: _Derived) -> int:
    return {2: 7, 3: 6, 4: 5}.get(options.players, 2)  # hashes players: a list raises a TypeError


@attrs.frozen(kw_only=True)
class _Derived:
    """Options with a default worked out from another option before the validators run."""

    players: int = attrs.field(default=4, validator=int_option(2, 4))
    """How many play."""
    hand: int = attrs.field(default=attrs.Factory(_by_players, takes_self=True), validator=int_option(1, 9))
    """Tiles in a hand, by default from ``players``."""


@pytest.mark.parametrize("players", [[], {}, [2], {"a": 1}, {2}])
def test_a_default_that_fails_on_a_bad_value_names_the_option_and_its_rule(players: Any) -> None:
    """A factory default that chokes on a bad value is not blamed: the option's own rule refuses it."""
    with pytest.raises(InvalidOptionsError) as caught:
        build_options(_Derived, {"players": players})
    assert caught.value.option == "players"
    assert caught.value.reason.endswith("is not an int; allowed: an int from 2 to 4")


_WITH_PLAYERS = [
    n for n in tablegames.variant_names() if "players" in attrs.fields_dict(tablegames.get_variant(n).options_class)
]


@pytest.mark.parametrize("variant", _WITH_PLAYERS)
@pytest.mark.parametrize("players", [[], {}, [2]], ids=repr)
def test_every_variant_names_an_unhashable_players_and_its_rule(variant: str, players: Any) -> None:
    """``players=[]``, ``{}`` or ``[2]`` is refused naming ``players`` and what it allows, in every variant."""
    with pytest.raises(InvalidOptionsError) as caught:
        tablegames.get_variant(variant).create({"players": players}, seed=1)
    assert caught.value.option == "players"
    assert "is not an int; allowed: an int from" in caught.value.reason
