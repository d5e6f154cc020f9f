"""Every public entry point that takes outside input raises only the library's errors, with short messages.

``load_log``, ``replay``, ``action_from_json``, ``parse_action``, ``new_game``'s ``deals`` and the
options are fed any JSON, JSON nested 100,000 deep, multi-megabyte strings and arrays, and
integers of thousands of digits. Each either works or raises a :class:`TableGamesError` whose
message stays under :data:`_MESSAGE_BOUND` characters, and a refused action leaves the game as
it was.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.bots.random import RandomBot
from tablegames.core.errors import QUOTE_LIMIT, REASON_LIMIT, quote
from tests.strategies import any_json

_MESSAGE_BOUND: Final = 80 + QUOTE_LIMIT + REASON_LIMIT
"""The longest message any error may have: a prefix, a quoted input, a reason."""


def _deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


_NASTY: Final[list[Any]] = [
    _deep(100_000),
    {"type": "play", "tile": _deep(100_000), "end": None},
    {"type": "discard", "cards": _deep(100_000)},
    "x" * 5_000_000,
    {"type": "play", "tile": "x" * 5_000_000, "end": "W"},
    {"type": "play", "card": "y" * 5_000_000},
    {"type": "discard", "cards": [0] * 200_000},
    {"type": "discard", "cards": ["AH"] * 200_000},
    ["6-4"] * 200_000,
    {"type": "bid", "amount": 10**5000},
    {"type": "play", "tile": "6-4", "end": "W" * 1_000_000},
    {"x" * 1_000_000: 1},
    float("nan"),
    float("inf"),
    10**5000,
]


def _expect_library_error(
    errors: type[Exception], call: Callable[..., Any], *args: Any, **kwargs: Any
) -> None:
    """``call(*args, **kwargs)`` works or raises ``errors`` with a bounded message, quickly."""
    start = time.perf_counter()
    try:
        call(*args, **kwargs)
    except errors as exc:
        assert len(str(exc)) <= _MESSAGE_BOUND, f"{len(str(exc))} characters: {str(exc)[:300]}"
    assert time.perf_counter() - start < 5.0, "refusing junk must not take long"


_ANY: Final = tablegames.TableGamesError


def _load_and_replay(text: str) -> tablegames.Game:
    return tablegames.replay(tablegames.load_log(text))


def _json_text(value: Any) -> str | None:
    """``value`` as JSON text, or ``None`` if it has none (nested too deeply to write)."""
    try:
        return json.dumps(value)
    except (RecursionError, ValueError):
        return None


def _games() -> list[tablegames.Game]:
    out = []
    for name in tablegames.variant_names():
        game = tablegames.new_game(name, seed=5)
        rng = random.Random(5)
        for _ in range(3):
            game.apply(RandomBot().choose(game.legal_actions(), rng))
        out.append(game)
    return out


@pytest.mark.parametrize("value", _NASTY, ids=lambda v: quote(v, 30))
def test_nasty_values_get_library_errors_with_short_messages(value: Any) -> None:
    """Deep nesting, huge strings and arrays, huge ints: every entry point raises its own error, briefly."""
    for game in _games():
        before = tablegames.dumps(game.log())
        _expect_library_error(tablegames.IllegalActionError, game.action_from_json, value)
        _expect_library_error(tablegames.IllegalActionError, type(game).parse_action, value)
        assert tablegames.dumps(game.log()) == before, "a refused action changed the game"
        _expect_library_error(_ANY, tablegames.new_game, game.name, seed=1, deals=[value])
        _expect_library_error(_ANY, tablegames.new_game, game.name, seed=1, deals=value)
        _expect_library_error(_ANY, tablegames.new_game, game.name, seed=value)
        for option in ("target", "players", "bogus"):
            _expect_library_error(_ANY, tablegames.new_game, game.name, seed=1, **{option: value})
        doc = json.loads(before)
        for key in ("options", "seed", "events", "deals", "version", "variant"):
            text = _json_text({**doc, key: value})
            if text is not None:
                _expect_library_error(tablegames.LogError, _load_and_replay, text)


def test_an_array_of_two_million_bad_items_is_refused_at_the_first() -> None:
    """A 2,000,000-item array of junk for a discard is refused in well under a second (it took 38 s)."""
    smear = tablegames.get_variant("four-point-smear")
    start = time.perf_counter()
    with pytest.raises(tablegames.IllegalActionError, match=r"\$\.cards\[0\]"):
        smear.parse_action({"type": "discard", "cards": [0] * 2_000_000})
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000])
def test_deeply_nested_text_is_a_log_error(text: str) -> None:
    """load_log of JSON text nested 100,000 deep is a LogError, never a RecursionError."""
    _expect_library_error(tablegames.LogError, tablegames.load_log, text)
    with pytest.raises(tablegames.LogError):
        tablegames.load_log(text)


def test_an_illegal_action_quotes_at_most_the_limit_of_its_input() -> None:
    """A 5 MB string sent as a tile comes back quoted in about 200 characters, with an ellipsis."""
    game = tablegames.new_game("american-sniff", seed=1, players=2)
    with pytest.raises(tablegames.IllegalActionError) as info:
        game.action_from_json({"type": "play", "tile": "6" * 5_000_000, "end": None})
    message = str(info.value)
    assert len(message) < 2 * QUOTE_LIMIT + 100
    assert "..." in message
    assert info.value.action["tile"] == "6" * 5_000_000, "the structured attribute keeps the input whole"


@given(value=any_json)
def test_any_json_value_gets_a_library_error(value: Any) -> None:
    """Any JSON value as an action, a deal, the deals, an option or a part of a log: a library error or success."""
    for game in _games():
        _expect_library_error(tablegames.IllegalActionError, game.action_from_json, value)
        _expect_library_error(_ANY, tablegames.new_game, game.name, seed=1, deals=[value])
        _expect_library_error(_ANY, tablegames.new_game, game.name, seed=1, target=value)
        doc = json.loads(tablegames.dumps(game.log()))
        for key in ("options", "seed", "deals"):
            _expect_library_error(tablegames.LogError, _load_and_replay, json.dumps({**doc, key: value}))


@given(data=st.data())
def test_a_log_with_any_part_replaced_gets_a_log_error(data: st.DataObject) -> None:
    """A real log with one value anywhere replaced by any JSON loads and replays, or raises LogError."""
    game = data.draw(st.sampled_from(_games()), label="game")
    doc = json.loads(tablegames.dumps(game.log()))
    spots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in items:
            spots.append((node, key))
            walk(child)

    walk(doc)
    parent, key = data.draw(st.sampled_from(spots), label="spot")
    parent[key] = data.draw(any_json, label="value")
    _expect_library_error(tablegames.LogError, _load_and_replay, json.dumps(doc))


def _huge_log_docs(game: tablegames.Game) -> list[dict[str, Any]]:
    """The game's full log with one part made huge: a 4,000-digit int, a long field name or string."""
    doc = json.loads(tablegames.dumps(game.log()))
    long_name, long_text, big = "f" * 1_000_000, "s" * 1_000_000, 10**4000
    docs = [
        {**doc, long_name: 1},
        {**doc, "variant": long_text},
        {**doc, "options": {long_name: 1}},
        {**doc, "options": {**doc["options"], "players": long_text}},
        {**doc, "options": {**doc["options"], "players": big}},
        {**doc, "seed": big},
    ]
    for i, event in enumerate(doc["events"][:4]):
        changed = [{**event, long_name: 1}, *({**event, key: value} for key in event for value in (big, long_text))]
        docs.extend({**doc, "events": [*doc["events"][:i], one, *doc["events"][i + 1 :]]} for one in changed)
    return docs


def _assert_bounded(exc: tablegames.TableGamesError) -> None:
    """``exc``'s message and its string attributes (but the refused input itself) are within the bounds."""
    assert len(str(exc)) <= _MESSAGE_BOUND, f"{len(str(exc))} characters: {str(exc)[:300]}"
    for name, value in vars(exc).items():
        if name != "action" and isinstance(value, str):  # .action keeps the refused input whole, on purpose
            assert len(value) <= REASON_LIMIT, f"{type(exc).__name__}.{name} has {len(value)} characters"


def test_every_error_from_huge_input_is_bounded_in_its_message_and_attributes() -> None:
    """Huge seats, field names and strings in logs, actions and options give errors whose parts are all bounded."""
    long_name, long_text, big = "f" * 1_000_000, "s" * 1_000_000, 10**4000
    errors: list[tablegames.TableGamesError] = []

    def attempt(call: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        try:
            call(*args, **kwargs)
        except tablegames.TableGamesError as exc:
            errors.append(exc)

    for game in _games():
        for doc in _huge_log_docs(game):
            attempt(_load_and_replay, json.dumps(doc))
        for data in ({"type": "play", long_name: 1}, {"type": long_text}, {"type": "play", "tile": long_text}):
            attempt(game.action_from_json, data)
        attempt(game.action_from_json, tablegames.to_json(game.legal_actions()[0]), seat=big)
        for options in ({long_name: 1}, {"players": long_text}, {"players": big}, {"target": big}):
            attempt(type(game).create, options, seed=1)
            attempt(tablegames.new_game, game.name, seed=1, **options)
    assert len(errors) > 100
    for exc in errors:
        _assert_bounded(exc)
