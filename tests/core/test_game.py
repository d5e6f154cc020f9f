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


def _mid_hand() -> tuple[tablegames.Game, int]:
    """A two-player Sniff game a few placements into its first hand, and the index of that hand's deal event."""
    game = tablegames.new_game("american-sniff", seed=7, players=2)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    deal = max(i for i, e in enumerate(game.events) if type(e).__name__ == "HandDealt")
    return game, deal


def test_with_hidden_events_copies_the_game_with_the_events_given() -> None:
    """The copy has the events given from ``first`` on and what ``place`` did to it; the game is unchanged."""
    game, deal = _mid_hand()
    before = tablegames.dumps(game.log())
    seat = game.current_player
    assert seat is not None
    kept = game.hands[seat][-1]  # type: ignore[attr-defined]
    legal = game.legal_actions()

    def place(copy: Any) -> bool:
        copy.hands[seat] = [kept]  # a copy whose seat holds one tile: its legal actions are worked out again
        return True

    copy = game.with_hidden_events(deal, game.events[deal:], place=place)
    assert copy is not None and copy is not game
    assert copy.log() == game.log() and copy.seed == game.seed
    assert all(action.tile == kept for action in copy.legal_actions())  # type: ignore[attr-defined]
    assert tablegames.dumps(game.log()) == before and game.legal_actions() == legal


def test_with_hidden_events_gives_none_where_place_refuses() -> None:
    """``place`` returning ``False``: no copy, and the game unchanged."""
    game, deal = _mid_hand()
    before = tablegames.dumps(game.log())
    assert game.with_hidden_events(deal, game.events[deal:], place=lambda copy: False) is None
    assert tablegames.dumps(game.log()) == before


def test_with_hidden_events_takes_a_seed_for_the_hands_after() -> None:
    """With a seed the copy's later hands come from it, and its compact form rebuilds the copy."""
    from tablegames.core.compact import restore

    game, deal = _mid_hand()
    copy = game.with_hidden_events(deal, game.events[deal:], place=lambda copy: True, seed=12345)
    assert copy is not None and copy.seed == 12345 and game.seed == 7
    assert restore(copy.compact()).log() == copy.log()
    for seed in (2**64, True, "7"):
        with pytest.raises(InvalidOptionsError, match="seed"):
            game.with_hidden_events(deal, game.events[deal:], place=lambda copy: True, seed=seed)  # type: ignore[arg-type]


def test_with_hidden_events_refuses_events_that_are_not_the_games() -> None:
    """A first index outside the log, too few or too many events, or an event of another class: ValueError."""
    game, deal = _mid_hand()
    events = game.events
    for first in (-1, len(events) + 1, True, 1.0):
        with pytest.raises(ValueError, match="first must be an index"):
            game.with_hidden_events(first, events[deal:], place=lambda copy: True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="events must be the game's"):
        game.with_hidden_events(deal, events[deal:-1], place=lambda copy: True)
    with pytest.raises(ValueError, match="events must be the game's"):
        game.with_hidden_events(deal, (*events[deal + 1 :], events[deal]), place=lambda copy: True)
