"""The error hierarchy and what the messages say."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable

import pytest

import tablegames
from tablegames import (
    IllegalActionError,
    InvalidOptionsError,
    LogError,
    TableGamesError,
    UnknownVariantError,
)
from tablegames.core import errors
from tablegames.core.signing import SignatureError
from tests.support import new_sniff


def test_every_error_is_importable_from_the_package() -> None:
    """The five errors are public names of tablegames and of tablegames.core.errors."""
    for name in ("TableGamesError", "IllegalActionError", "InvalidOptionsError", "LogError", "UnknownVariantError"):
        assert name in tablegames.__all__
        assert getattr(tablegames, name) is getattr(errors, name)
    assert sorted(errors.__all__) == errors.__all__


@pytest.mark.parametrize("cls", [IllegalActionError, InvalidOptionsError, LogError, UnknownVariantError])
def test_every_error_is_a_table_games_error(cls: type[Exception]) -> None:
    """Every error the library raises on purpose subclasses TableGamesError."""
    assert issubclass(cls, TableGamesError)


def test_errors_subclass_the_builtins_they_resemble() -> None:
    """IllegalActionError is a ValueError and UnknownVariantError a LookupError, so generic handlers work."""
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(UnknownVariantError, LookupError)
    assert issubclass(TableGamesError, Exception)


def test_an_illegal_action_message_quotes_the_action_and_says_why() -> None:
    """IllegalActionError carries the refused JSON as .action and a .reason, quoted in a lower-case message."""
    game = new_sniff(7, 2)
    seat = game.current_player
    held = {str(t) for t in game.hands[seat or 0]}
    missing = next(t for t in ("6-6", "5-5", "4-4", "3-3") if t not in held)
    data = {"type": "play", "tile": missing, "end": None}
    with pytest.raises(IllegalActionError) as info:
        game.action_from_json(data)
    error = info.value
    assert error.action == data
    assert error.reason
    message = str(error)
    assert repr(data) in message
    assert message.startswith("illegal action")
    assert f"does not hold {missing}" in message
    assert message[0].islower()


def test_an_out_of_turn_message_names_both_seats() -> None:
    """Acting for the wrong seat says whose turn it is and which seat tried."""
    game = new_sniff(7, 3)
    current = game.current_player
    assert current is not None
    other = (current + 1) % 3
    with pytest.raises(IllegalActionError) as info:
        game.apply(game.legal_actions()[0], seat=other)
    message = str(info.value)
    assert f"seat {current}" in message
    assert f"seat {other}" in message


def test_an_invalid_option_message_names_the_option_and_what_is_allowed() -> None:
    """InvalidOptionsError carries .option and .reason; its message quotes the value and the allowed range."""
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game("american-sniff", seed=1, players=5)
    error = info.value
    assert error.option == "players"
    assert "5" in error.reason
    message = str(error)
    assert "players" in message
    assert "2" in message
    assert "4" in message
    assert message[0].islower()


def test_an_unknown_variant_message_quotes_the_name_and_lists_the_known_ones() -> None:
    """UnknownVariantError carries .name and .known, quotes the name and lists the registered variants."""
    with pytest.raises(UnknownVariantError) as info:
        tablegames.new_game("no-such-game", seed=1)
    error = info.value
    assert error.name == "no-such-game"
    assert "american-sniff" in error.known
    message = str(error)
    assert repr("no-such-game") in message
    assert "american-sniff" in message
    assert message[0].islower()


def test_a_log_error_says_where() -> None:
    """LogError carries .where (a JSON path) and .reason, both in its message."""
    game = new_sniff(7, 2)
    doc = json.loads(tablegames.dumps(game.log()))
    doc["version"] = 3
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    error = info.value
    assert error.where == "$.version"
    assert "3" in error.reason
    message = str(error)
    assert "$.version" in message
    assert error.reason in message
    assert message[0].islower()


def test_errors_can_be_caught_by_the_root() -> None:
    """One `except TableGamesError` catches every kind of mistake a caller can make."""
    game = new_sniff(7, 2)
    attempts: list[Callable[[], object]] = [
        lambda: tablegames.new_game("nope"),
        lambda: tablegames.new_game("american-sniff", players=9),
        lambda: tablegames.load_log("{"),
        lambda: game.action_from_json({"type": "bid"}),
    ]
    for attempt in attempts:
        with pytest.raises(TableGamesError):
            attempt()


@pytest.mark.parametrize(
    "error",
    [
        TableGamesError("plain"),
        IllegalActionError({"tile": [6, 6]}, "not your turn"),
        InvalidOptionsError("players", "must be 2 to 4"),
        LogError("$.events[3]", "no world consistent with seat 0's log"),
        LogError("$." + "w" * 5000, "r" * 5000),
        InvalidOptionsError("o" * 5000, "r" * 5000),
        UnknownVariantError("chess", ("american-sniff", "four-point-smear")),
        SignatureError("$.signature", "wrong"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_every_error_survives_a_pickle_round_trip(error: TableGamesError) -> None:
    """An error raised in a worker process reaches its parent whole: same type, message and attributes."""
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error) and again.args == error.args
    assert vars(again) == vars(error)


def test_long_parts_are_cut_in_the_attributes_and_the_message() -> None:
    """A reason, a place in a log or an option name of thousands of characters is cut where it is kept."""
    log = LogError("$." + "w" * 5000, "r" * 5000)
    assert len(log.where) == errors.QUOTE_LIMIT and log.where.endswith("...")
    assert len(log.reason) == errors.REASON_LIMIT and log.reason.endswith("...")
    assert str(log) == f"bad log at {log.where}: {log.reason}"
    option = InvalidOptionsError("o" * 5000, "r" * 5000)
    assert len(option.option) == 80 and len(option.reason) == errors.REASON_LIMIT
    assert str(option) == f"invalid option {option.option}: {option.reason}"
    illegal = IllegalActionError("a" * 5000, "r" * 5000)
    assert len(illegal.reason) == errors.REASON_LIMIT and illegal.action == "a" * 5000
