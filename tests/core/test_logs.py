"""Loading and replaying logs: everything malformed, truncated, tampered or redacted is a LogError."""

from __future__ import annotations

import copy
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import LogError
from tablegames.core.events import FORMAT_VERSION
from tablegames.variants.sniff import Sniff
from tests.strategies import json_junk
from tests.support import full_log, new_sniff, play_out, play_steps

_WHERE_EVENT = re.compile(r"\$\.events\[(\d+)\]")
_GAMES = [(2, 101), (3, 202), (4, 303)]


@cache
def _finished(players: int, seed: int) -> str:
    """The full log of a whole random game."""
    game = new_sniff(seed, players)
    play_out(game, random.Random(seed))
    return full_log(game)


@cache
def _started(players: int, seed: int, steps: int = 25) -> str:
    """The full log of a game a few steps in."""
    game = new_sniff(seed, players)
    play_steps(game, random.Random(seed), steps)
    return full_log(game)


def _doc(players: int = 4, seed: int = 303, *, finished: bool = True) -> dict[str, Any]:
    text = _finished(players, seed) if finished else _started(players, seed)
    data: dict[str, Any] = json.loads(text)
    return data


def _replay_text(text: str) -> tablegames.Game:
    return tablegames.replay(tablegames.load_log(text))


def _replay(doc: Any) -> tablegames.Game:
    return _replay_text(json.dumps(doc))


def _event_index(error: LogError) -> int:
    match = _WHERE_EVENT.fullmatch(error.where)
    assert match, f"expected $.events[i], got {error.where!r}: {error}"
    return int(match.group(1))


# -- good logs ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), _GAMES)
def test_a_log_loads_and_replays_to_the_same_text(players: int, seed: int) -> None:
    """load_log accepts what dumps wrote, as text or bytes, and replay gives the same log back."""
    for text in (_finished(players, seed), _started(players, seed)):
        assert tablegames.dumps(_replay_text(text).log()) == text
        assert tablegames.dumps(tablegames.load_log(text.encode())) == text


# -- malformed text and structure ------------------------------------------------------


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "0", '"log"', "{}", "[{}]", "true", "{'format': 1}"])
def test_load_log_refuses_what_is_not_a_log(text: str) -> None:
    """Empty, broken or non-object JSON is a LogError, never a JSON or type error."""
    with pytest.raises(LogError) as info:
        tablegames.load_log(text)
    assert info.value.where.startswith("$")


@pytest.mark.parametrize(("players", "seed"), _GAMES)
def test_load_log_refuses_half_a_log(players: int, seed: int) -> None:
    """A log cut anywhere is a LogError."""
    text = _finished(players, seed)
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
        with pytest.raises(LogError):
            tablegames.load_log(text[:cut])


@pytest.mark.parametrize("value", ["tablegames.logs", "", None, 1, "TABLEGAMES.LOG"])
def test_load_log_refuses_another_format(value: Any) -> None:
    """A log whose format is not "tablegames.log" is a LogError at $.format."""
    doc = _doc()
    doc["format"] = value
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == "$.format"


@pytest.mark.parametrize("value", [3, 0, "1", "2", 1.5, True, None, [1]])
def test_load_log_refuses_another_version(value: Any) -> None:
    """Only versions 1 and 2 (the numbers) are read; version 3, "2", 1.5 or true is a LogError at $.version."""
    doc = _doc()
    doc["version"] = value
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == "$.version"
    assert repr(value) in str(info.value)


@pytest.mark.parametrize("value", ["no-such-game", "", None, 5, ["american-sniff"]])
def test_load_log_refuses_an_unknown_variant(value: Any) -> None:
    """A log of a variant that is not registered is a LogError at $.variant naming the known ones."""
    doc = _doc()
    doc["variant"] = value
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == "$.variant"
    assert "american-sniff" in str(info.value)


@pytest.mark.parametrize("key", ["format", "version", "variant", "options", "seed", "deals", "events"])
def test_load_log_refuses_a_missing_key(key: str) -> None:
    """A full log missing any of its keys is a LogError naming the key."""
    doc = _doc()
    del doc[key]
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert key in str(info.value)


@pytest.mark.parametrize("key", ["extra", "Seed", "winner"])
def test_load_log_refuses_an_extra_key(key: str) -> None:
    """A log with a key it does not have is a LogError naming the key."""
    doc = _doc()
    doc[key] = 1
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert key in str(info.value)


def test_load_log_refuses_a_log_with_both_seed_and_seat() -> None:
    """A log is full (seed, deals) or redacted (seat), never both."""
    doc = _doc()
    doc["seat"] = 0
    with pytest.raises(LogError):
        tablegames.load_log(json.dumps(doc))


@pytest.mark.parametrize(
    "options", [{"players": 5}, {"players": 4, "target": 0}, {"players": "4"}, {"colour": 1}, [], None, 4]
)
def test_load_log_refuses_bad_options(options: Any) -> None:
    """Options that new_game would refuse are a LogError at $.options."""
    doc = _doc()
    doc["options"] = options
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == "$.options"


@pytest.mark.parametrize("seed", ["303", 303.5, None, True, [303]])
def test_load_log_refuses_a_seed_that_is_not_an_int(seed: Any) -> None:
    """A full log's seed is an int; anything else is a LogError at $.seed."""
    doc = _doc()
    doc["seed"] = seed
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == "$.seed"


@pytest.mark.parametrize("deals", [None, {}, "x", [None], [{"hands": [], "stock": []}], [{"hands": 1}]])
def test_load_log_refuses_bad_pending_deals(deals: Any) -> None:
    """Pending stacked deals that are not a list of valid deals are a LogError under $.deals."""
    doc = _doc()
    doc["deals"] = deals
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where.startswith("$.deals")


@pytest.mark.parametrize("events", [None, {}, "events", 3])
def test_load_log_refuses_events_that_are_not_a_list(events: Any) -> None:
    """The events of a log are a list; anything else is a LogError at $.events."""
    doc = _doc()
    doc["events"] = events
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == "$.events"


_BAD_EVENT_EDITS: list[tuple[str, Any]] = [
    ("type", "nonsense"),
    ("type", None),
    ("type", "Passed"),
    ("type", "bid"),
    ("seat", "0"),
    ("seat", 0.5),
    ("seat", True),
    ("seat", None),
    ("tile", "6-x"),
    ("tile", 64),
    ("count", 5.5),
    ("count", False),
    ("end", 1),
    ("extra", 1),
]


@pytest.mark.parametrize(("field", "value"), _BAD_EVENT_EDITS)
def test_load_log_refuses_an_event_with_a_bad_type_or_field(field: str, value: Any) -> None:
    """An event with an unknown type tag, a badly typed field or an unknown key is a LogError at $.events[i]."""
    doc = _doc()
    index = next(i for i, e in enumerate(doc["events"]) if e["type"] == "tile_played" and e["end"] is not None)
    doc["events"][index][field] = value
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == f"$.events[{index}]"


@pytest.mark.parametrize("tile", ["9-9", "7-0", "18-18"])
def test_a_tile_outside_double_six_is_a_log_error_at_its_event(tile: str) -> None:
    """A Sniff event naming a tile that is not in the double-six set is a LogError at that event."""
    doc = _doc()
    index = next(i for i, e in enumerate(doc["events"]) if e["type"] == "tile_played" and e["end"] is not None)
    doc["events"][index]["tile"] = tile
    with pytest.raises(LogError) as info:
        _replay(doc)
    assert info.value.where == f"$.events[{index}]"


@pytest.mark.parametrize("field", ["seat", "tile", "end", "count", "type"])
def test_load_log_refuses_an_event_missing_a_field(field: str) -> None:
    """An event without one of its fields is a LogError at $.events[i]."""
    doc = _doc()
    index = next(i for i, e in enumerate(doc["events"]) if e["type"] == "tile_played")
    del doc["events"][index][field]
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == f"$.events[{index}]"


@pytest.mark.parametrize("event", [None, 3, "tile_played", [], {}])
def test_load_log_refuses_an_event_that_is_not_an_object(event: Any) -> None:
    """An event that is not an object with a known type is a LogError at $.events[i]."""
    doc = _doc()
    doc["events"][4] = event
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == "$.events[4]"


# -- redacted logs -------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), _GAMES)
def test_replay_refuses_a_redacted_log(players: int, seed: int) -> None:
    """A redacted log loads (as what a seat saw) but cannot be replayed: LogError at $.seat."""
    game = tablegames.replay(tablegames.load_log(_finished(players, seed)))
    for seat in range(players):
        loaded = tablegames.load_log(tablegames.dumps(game.log(seat)))
        assert loaded.seat == seat
        assert loaded.seed is None
        with pytest.raises(LogError) as info:
            tablegames.replay(loaded)
        assert info.value.where == "$.seat"


@pytest.mark.parametrize("seat", [-1, 4, 7, "0", None, 1.5])
def test_load_log_refuses_a_redacted_log_for_a_seat_not_in_the_game(seat: Any) -> None:
    """A redacted log of a 4-player game names seat 0 to 3; any other seat is a LogError at $.seat."""
    game = tablegames.replay(tablegames.load_log(_started(4, 303)))
    doc = json.loads(tablegames.dumps(game.log(1)))
    doc["seat"] = seat
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert info.value.where == "$.seat"


@pytest.mark.parametrize("thing", [None, "{}", {"events": []}, 3])
def test_replay_refuses_what_is_not_an_event_log(thing: Any) -> None:
    """replay() takes an EventLog (from load_log); anything else is a LogError."""
    with pytest.raises(LogError):
        tablegames.replay(thing)


# -- tampering ------------------------------------------------------------------------------


def _indices(doc: dict[str, Any], kind: str, *, skip_last: bool = False) -> list[int]:
    found = [i for i, e in enumerate(doc["events"]) if e["type"] == kind]
    return found[:-1] if skip_last else found


_game_choice = st.sampled_from(_GAMES)


@given(game=_game_choice, data=st.data(), delta=st.sampled_from((-5, 1, 5, 10)))
def test_tampering_with_a_count_is_caught_at_that_event(game: tuple[int, int], data: st.DataObject, delta: int) -> None:
    """A tile_played whose recorded count was changed is a LogError at that event."""
    doc = _doc(*game)
    index = data.draw(st.sampled_from(_indices(doc, "tile_played")))
    doc["events"][index]["count"] += delta
    with pytest.raises(LogError) as info:
        _replay(doc)
    assert _event_index(info.value) == index


@given(
    game=_game_choice,
    data=st.data(),
    field=st.sampled_from(("points", "total", "seat", "side")),
    delta=st.sampled_from((-5, 1, 5)),
)
def test_tampering_with_a_score_is_caught_at_that_event(
    game: tuple[int, int], data: st.DataObject, field: str, delta: int
) -> None:
    """A scored event whose points, total, seat or side was changed is a LogError at that event."""
    doc = _doc(*game)
    index = data.draw(st.sampled_from(_indices(doc, "scored")))
    doc["events"][index][field] += delta
    with pytest.raises(LogError) as info:
        _replay(doc)
    assert _event_index(info.value) == index


@given(game=_game_choice, data=st.data())
def test_a_recorded_play_of_a_tile_not_held_is_caught_at_that_event(game: tuple[int, int], data: st.DataObject) -> None:
    """A tile_played changed to a tile already on the layout (so not held) is a LogError at that event."""
    doc = _doc(*game)
    events = doc["events"]
    candidates = []
    on_table: list[str] = []
    for i, event in enumerate(events):
        if event["type"] == "hand_dealt":
            on_table = []
        elif event["type"] == "tile_played":
            if on_table:
                candidates.append((i, list(on_table)))
            on_table.append(event["tile"])
    index, earlier = data.draw(st.sampled_from(candidates))
    events[index]["tile"] = data.draw(st.sampled_from(earlier))
    with pytest.raises(LogError) as info:
        _replay(doc)
    assert _event_index(info.value) == index


@given(game=_game_choice, data=st.data())
def test_a_dropped_event_is_caught_at_its_place(game: tuple[int, int], data: st.DataObject) -> None:
    """A log with one event left out is a LogError at the index where it is missing (at $.events if last)."""
    doc = _doc(*game)
    count = len(doc["events"])
    index = data.draw(st.integers(min_value=0, max_value=count - 1))
    del doc["events"][index]
    with pytest.raises(LogError) as info:
        _replay(doc)
    if index == count - 1:
        assert info.value.where.startswith("$.events")
    else:
        assert _event_index(info.value) == index


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (3, 1)])
def test_a_dropped_deal_after_a_block_is_caught_at_its_place(players: int, seed: int) -> None:
    """Leaving out the hand_dealt of a hand that follows a block is a LogError there, not at an earlier hand."""
    doc = _doc(players, seed)
    events = doc["events"]
    redrawn = [i for i in _indices(doc, "hand_dealt") if i > 0 and events[i + 1]["type"] == "leader_drawn"]
    assert redrawn, "the game should have a blocked hand"
    for index in redrawn:
        tampered = copy.deepcopy(doc)
        del tampered["events"][index]
        with pytest.raises(LogError) as info:
            _replay(tampered)
        assert _event_index(info.value) == index, str(info.value)


@given(game=_game_choice, data=st.data(), finished=st.booleans())
def test_an_appended_event_is_caught_at_its_place(game: tuple[int, int], data: st.DataObject, finished: bool) -> None:
    """A log with an extra event after its last one is a LogError at that extra event."""
    doc = _doc(*game, finished=finished)
    events = doc["events"]
    # a copied tile_played could be legal again in a game that goes on, so only a finished log gets one
    extras = [e for e in events if finished or e["type"] != "tile_played"]
    extra = copy.deepcopy(data.draw(st.sampled_from(extras)))
    events.append(extra)
    with pytest.raises(LogError) as info:
        _replay(doc)
    assert _event_index(info.value) == len(events) - 1


@given(game=_game_choice, data=st.data())
def test_two_tiles_swapped_between_dealt_hands_are_caught(game: tuple[int, int], data: st.DataObject) -> None:
    """Swapping two tiles between hands (or a hand and the stock) of a hand_dealt is a LogError at a later event."""
    doc = _doc(*game)
    events = doc["events"]
    ends = _indices(doc, "hand_ended")
    deals = _indices(doc, "hand_dealt")
    index = data.draw(st.sampled_from(deals[: len(ends)]))  # a hand that ended with hand_ended
    end = next(i for i in ends if i > index)
    piles = [*events[index]["hands"], events[index]["stock"]]
    a, b = data.draw(st.lists(st.integers(0, len(piles) - 1), min_size=2, max_size=2, unique=True))
    if not piles[a] or not piles[b]:
        return
    i = data.draw(st.integers(0, len(piles[a]) - 1))
    j = data.draw(st.integers(0, len(piles[b]) - 1))
    piles[a][i], piles[b][j] = piles[b][j], piles[a][i]
    with pytest.raises(LogError) as info:
        _replay(doc)
    assert index < _event_index(info.value) <= end


@given(game=_game_choice, data=st.data())
def test_a_moved_tile_that_breaks_the_deal_is_a_log_error(game: tuple[int, int], data: st.DataObject) -> None:
    """A hand_dealt whose hand sizes no longer fit the player count is a LogError, not a half-built game."""
    doc = _doc(*game)
    index = data.draw(st.sampled_from(_indices(doc, "hand_dealt")))
    dealt = doc["events"][index]
    dealt["stock"].append(dealt["hands"][0].pop())
    with pytest.raises(LogError):
        _replay(doc)


# -- fuzzing -------------------------------------------------------------------------------


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, (*path, key)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_paths(value, (*path, i)))
    return out


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = doc
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return doc


@given(game=_game_choice, finished=st.booleans(), data=st.data())
def test_any_junk_anywhere_in_a_log_is_a_log_error_or_a_valid_log(
    game: tuple[int, int], finished: bool, data: st.DataObject
) -> None:
    """Replacing any part of a log with junk gives a LogError (or a log that replays), never another exception."""
    doc = _doc(*game, finished=finished)
    path = data.draw(st.sampled_from(_paths(doc)))
    doc = _replace(doc, path, data.draw(json_junk))
    try:
        replayed = _replay(doc)
    except LogError:
        return
    assert isinstance(replayed, Sniff)
    assert tablegames.dumps(replayed.log()) == tablegames.dumps(tablegames.load_log(json.dumps(doc)))


@pytest.mark.parametrize("redacted", [False, True])
@pytest.mark.parametrize(
    ("field", "value", "message"),
    [("tile", "9-9", "9-9 is not a piece of american-sniff"), ("seat", 4, "seat 4 is not at the table")],
)
def test_load_log_refuses_a_foreign_piece_or_seat(redacted: bool, field: str, value: Any, message: str) -> None:
    """An event naming a tile outside double-six or a seat not at the table is refused at that event."""
    game = new_sniff(7, 2)
    play_steps(game, random.Random(7), 3)
    doc = json.loads(tablegames.dumps(game.log(0) if redacted else game.log()))
    index = next(i for i, e in enumerate(doc["events"]) if e["type"] == "tile_played")
    doc["events"][index][field] = value
    with pytest.raises(LogError, match=message) as info:
        tablegames.load_log(json.dumps(doc))
    assert _event_index(info.value) == index


def test_load_log_refuses_a_card_in_a_sniff_log() -> None:
    """A Smear card inside a Sniff event is not a Sniff piece, even where the field type allows it."""
    game = new_sniff(7, 2)
    doc = json.loads(tablegames.dumps(game.log()))
    doc["events"][0]["stock"][0] = "AS"
    with pytest.raises(LogError) as info:
        tablegames.load_log(json.dumps(doc))
    assert _event_index(info.value) == 0


def _floats(data: Any) -> Any:
    """``data`` with every int (not bool) written as a JSON number with a fraction part of zero."""
    if isinstance(data, bool) or data is None or isinstance(data, str):
        return data
    if isinstance(data, int):
        return float(data)
    if isinstance(data, list):
        return [_floats(x) for x in data]
    return {k: _floats(v) for k, v in data.items()}


def test_load_log_reads_integers_written_with_a_zero_fraction() -> None:
    """As in JSON Schema, 1.0 is the integer 1: a log with every integer written "n.0" loads and replays the same."""
    text = _started(4, 303)
    doc = _floats(json.loads(text))
    assert doc["version"] == float(FORMAT_VERSION) and isinstance(doc["version"], float)
    loaded = tablegames.load_log(json.dumps(doc))
    assert tablegames.dumps(loaded) == text, "read as ints, written back canonically"
    assert tablegames.dumps(tablegames.replay(loaded).log()) == text
    redacted = json.loads(tablegames.dumps(tablegames.replay(loaded).log(2)))
    assert tablegames.load_log(json.dumps(_floats(redacted))).seat == 2


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_load_log_refuses_deep_nesting_with_a_log_error(depth: int) -> None:
    """JSON nested 100,000 deep is a LogError with a short message, never a RecursionError."""
    for text in ["[" * depth + "]" * depth, '{"format": ' + "[" * depth + "]" * depth + "}"]:
        with pytest.raises(LogError) as info:
            tablegames.load_log(text)
        assert len(str(info.value)) < 400


VERSION1: Final = Path(__file__).resolve().parents[1] / "data" / "version1"
"""Whole-match logs written by this library at format version 1 (before views gained fields)."""


@pytest.mark.parametrize("variant", ["american-sniff", "four-point-smear"])
def test_a_version_1_log_is_read_and_replays(variant: str) -> None:
    """A log written at version 1 loads, replays, and the replayed game writes the same log at version 2."""
    text = (VERSION1 / f"{variant}.json").read_text(encoding="utf-8")
    written = json.loads(text)
    assert written["version"] == 1
    log = tablegames.load_log(text)
    assert log.version == 1 and json.loads(tablegames.dumps(log)) == written
    again = json.loads(tablegames.dumps(tablegames.replay(log).log()))
    assert again["version"] == FORMAT_VERSION == 2
    assert {**again, "version": 1} == written
