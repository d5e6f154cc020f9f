"""JSON round trips of every published form, canonical output, and strict structuring."""

from __future__ import annotations

import json
from typing import Any

import attrs
import cattrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.components.tiles import Tile
from tablegames.core.events import Event, EventLog
from tablegames.core.serde import describe_error, make_converter, structure
from tablegames.variants.sniff import (
    GameEnded,
    HandDealt,
    HandEnded,
    LeaderDrawn,
    Passed,
    Play,
    Scored,
    SniffDeal,
    SniffOptions,
    SniffView,
    TileDrawn,
    TilePlayed,
    play,
)
from tests.strategies import END_CHOICES, TILES, GameCase, events, game_cases, sniff_deals, sniff_options, sniff_views
from tests.support import new_sniff, play_steps

_STRUCTURE_ERRORS = (TypeError, ValueError, KeyError, cattrs.BaseValidationError)


def _round_trip(obj: Any, cls: type[Any]) -> None:
    """structure(unstructure(obj)) == obj, through JSON text, and dumps is stable."""
    text = tablegames.dumps(obj)
    back = structure(json.loads(text), cls)
    assert back == obj
    assert tablegames.dumps(back) == text
    assert text == json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)


@given(options=sniff_options)
def test_options_round_trip(options: SniffOptions) -> None:
    """Sniff options survive JSON, and their JSON names every option."""
    _round_trip(options, SniffOptions)
    assert set(json.loads(tablegames.dumps(options))) == {"players", "target"}


@given(deal=sniff_deals())
def test_deals_round_trip(deal: SniffDeal) -> None:
    """A stacked deal survives JSON, with tiles in notation and the leader null when not given."""
    _round_trip(deal, SniffDeal)
    data = json.loads(tablegames.dumps(deal))
    assert data["hands"] == [[str(t) for t in hand] for hand in deal.hands]
    assert data["stock"] == [str(t) for t in deal.stock]
    assert data["leader"] == deal.leader


@pytest.mark.parametrize("end", END_CHOICES)
def test_every_play_round_trips(end: str | None) -> None:
    """Each of the 28 x 5 plays has the JSON form {"type": "play", "tile": "6-4", "end": ...} and reads back."""
    for tile in TILES:
        action = play(tile, end)
        assert tablegames.to_json(action) == {"type": "play", "tile": str(tile), "end": end}
        expected = json.dumps({"type": "play", "tile": str(tile), "end": end}, separators=(",", ":"))
        assert tablegames.dumps(action) == expected
        _round_trip(action, Play)


def test_a_play_reads_leniently_and_writes_canonically() -> None:
    """A play written with the low half first reads as the same play and is written high half first."""
    action = structure({"type": "play", "tile": "4-6", "end": "W"}, Play)
    assert action == play(Tile(6, 4), "W")
    assert tablegames.dumps(action) == '{"type":"play","tile":"6-4","end":"W"}'


_EVENT_CLASSES = (HandDealt, LeaderDrawn, TilePlayed, Scored, TileDrawn, Passed, HandEnded, GameEnded)
_TAGS = {
    HandDealt: "hand_dealt",
    LeaderDrawn: "leader_drawn",
    TilePlayed: "tile_played",
    Scored: "scored",
    TileDrawn: "tile_drawn",
    Passed: "passed",
    HandEnded: "hand_ended",
    GameEnded: "game_ended",
}


@given(event=events)
def test_every_event_round_trips_with_its_type_tag_first(event: Event) -> None:
    """Each event class survives JSON; its JSON starts with its stable `type` tag, and hidden fields are null."""
    cls = type(event)
    _round_trip(event, cls)
    data = json.loads(tablegames.dumps(event))
    assert next(iter(data)) == "type"
    assert data["type"] == _TAGS[cls]
    assert list(data) == ["type", *(a.name for a in attrs.fields(cls))]


def test_event_tags_are_stable_and_unique() -> None:
    """The JSON tags of Sniff's events are the documented ones and are not class names."""
    assert {cls: cls.tag for cls in _EVENT_CLASSES} == _TAGS
    assert len(set(_TAGS.values())) == len(_TAGS)


@given(event=events, seat=st.integers(min_value=0, max_value=3))
def test_redacted_events_round_trip(event: Event, seat: int) -> None:
    """An event as one seat sees it (hidden fields null) survives JSON too."""
    redacted = event.redact(seat)
    _round_trip(redacted, type(event))


def test_hidden_fields_are_null_not_left_out() -> None:
    """A redacted tile_drawn keeps its tile key, as null."""
    drawn = TileDrawn(2, Tile(5, 3))
    assert tablegames.to_json(drawn.redact(2)) == {"type": "tile_drawn", "seat": 2, "tile": "5-3"}
    assert tablegames.to_json(drawn.redact(0)) == {"type": "tile_drawn", "seat": 2, "tile": None}


@given(view=sniff_views)
def test_views_round_trip(view: SniffView) -> None:
    """A Sniff view survives JSON."""
    _round_trip(view, SniffView)


@given(case=game_cases, steps=st.integers(min_value=0, max_value=300))
def test_real_views_and_logs_round_trip(case: GameCase, steps: int) -> None:
    """The views and logs (full and redacted) of a game in progress survive JSON byte for byte."""
    game = new_sniff(case.seed, case.players)
    play_steps(game, case.rng(), steps)
    for seat in range(game.players):
        _round_trip(game.view(seat), SniffView)
        log = game.log(seat)
        loaded = tablegames.load_log(tablegames.dumps(log))
        assert loaded == log
        assert tablegames.dumps(loaded) == tablegames.dumps(log)
    full = game.log()
    loaded = tablegames.load_log(tablegames.dumps(full))
    assert loaded == full
    assert tablegames.dumps(loaded) == tablegames.dumps(full)


def test_view_json_has_the_documented_keys() -> None:
    """A Sniff view's JSON has at least the keys DESIGN.md promises, ends as {"id", "value"} objects."""
    game = new_sniff(3, 2)
    game.apply(game.legal_actions()[0])
    data = json.loads(tablegames.dumps(game.view(0)))
    for key in ("seat", "hand_number", "hand", "hand_sizes", "scores", "current_player", "legal_actions"):
        assert key in data
    for key in ("count", "ends", "stock_size"):
        assert key in data
    assert all(set(end) == {"id", "value"} for end in data["ends"])


def test_log_json_has_the_documented_keys() -> None:
    """A full log has format, version, variant, options, seed, deals, events; a redacted one seat instead of seed."""
    game = new_sniff(3, 2)
    full = json.loads(tablegames.dumps(game.log()))
    assert list(full) == ["format", "version", "variant", "options", "seed", "deals", "events"]
    assert full["format"] == "tablegames.log"
    assert full["version"] == 2
    assert full["variant"] == "american-sniff"
    redacted = json.loads(tablegames.dumps(game.log(1)))
    assert set(redacted) == {"format", "version", "variant", "options", "seat", "events"}
    assert all("type" in e for e in full["events"])


def test_dumps_is_canonical() -> None:
    """dumps gives compact JSON, keys in field order, non-ASCII kept, the same bytes every time."""
    game = new_sniff(11, 3)
    first = tablegames.dumps(game.log())
    assert first == tablegames.dumps(game.log())
    assert ", " not in first
    assert ": " not in first
    assert tablegames.dumps(game.clone().log()) == first
    assert tablegames.dumps(SniffOptions(players=3)) == '{"players":3,"target":200}'


def test_make_converter_gives_independent_converters() -> None:
    """make_converter() builds a fresh converter each time that writes the same forms."""
    one, two = make_converter(), make_converter()
    assert one is not two
    action = play(Tile(6, 4), "E")
    assert one.unstructure(action, Play) == tablegames.to_json(action)


# -- strict structuring --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "cls"),
    [
        ({"players": 4.5, "target": 200}, SniffOptions),
        ({"players": True, "target": 200}, SniffOptions),
        ({"players": 4, "target": "200"}, SniffOptions),
        ({"players": 4, "target": 200, "colour": "red"}, SniffOptions),
        ({"type": "leader_drawn", "seat": 1.5}, LeaderDrawn),
        ({"type": "leader_drawn", "seat": True}, LeaderDrawn),
        ({"type": "leader_drawn", "seat": "1"}, LeaderDrawn),
        ({"type": "leader_drawn", "seat": None}, LeaderDrawn),
        ({"type": "leader_drawn"}, LeaderDrawn),
        ({"type": "leader_drawn", "seat": 1, "tile": "6-6"}, LeaderDrawn),
        ({"type": "passed", "seat": 1}, LeaderDrawn),
        ({"type": "tile_played", "seat": 0, "tile": "6-4", "end": "W", "count": 10.5}, TilePlayed),
        ({"type": "tile_played", "seat": 0, "tile": "6-4", "end": 0, "count": 10}, TilePlayed),
        ({"type": "tile_played", "seat": 0, "tile": 64, "end": "W", "count": 10}, TilePlayed),
        ({"type": "tile_played", "seat": 0, "tile": "6-44", "end": "W", "count": 10}, TilePlayed),
        ({"type": "tile_played", "seat": 0, "tile": "6-4", "end": "W"}, TilePlayed),
        ({"type": "scored", "seat": 0, "side": 0, "points": 5, "reason": "count", "total": True}, Scored),
        ({"type": "scored", "seat": 0, "side": 0, "points": 5, "reason": 5, "total": 5}, Scored),
        ({"type": "tile_drawn", "seat": 0, "tile": ["6-4"]}, TileDrawn),
        ({"type": "hand_ended", "hand_number": 1, "reason": "domino", "seat": 1.5, "hands": []}, HandEnded),
        ({"type": "hand_dealt", "hand_number": 1, "hands": "6-4", "stock": None, "stock_size": 0}, HandDealt),
        ({"type": "game_ended", "winner": 0, "scores": [250, 10.5]}, GameEnded),
        ({"type": "play", "tile": "6-4", "end": "W", "seat": 0}, Play),
        ({"type": "play", "tile": "6-4", "end": False}, Play),
        ({"type": "play", "tile": "6-4", "end": "X"}, Play),
        ({"type": "play", "tile": " 6-4 ", "end": "W"}, Play),
        ({"type": "play", "tile": "\u0666-\u0664", "end": "W"}, Play),
        ({"type": "play", "tile": "06-4", "end": "W"}, Play),
        ({"type": "tile_played", "seat": 0, "tile": "6-4", "end": "W", "count": float("inf")}, TilePlayed),
        ({"type": "scored", "seat": 0, "side": 0, "points": 5, "reason": "bonus", "total": 5}, Scored),
        ({"hands": [], "stock": [], "leader": 0.5}, SniffDeal),
        ({"hands": [], "stock": [], "dealer": 0}, SniffDeal),
        ("play", Play),
        (None, TilePlayed),
    ],
)
def test_structuring_is_strict(data: Any, cls: type[Any]) -> None:
    """A fraction or bool for an int, a wrong type, a value outside a field's enum, a tile with spaces or
    other digits, a missing field, an unknown key or a wrong tag is refused."""
    with pytest.raises(_STRUCTURE_ERRORS):
        structure(data, cls)


@pytest.mark.parametrize(
    ("data", "cls", "expected"),
    [
        ({"players": 4.0, "target": 200.0}, SniffOptions, SniffOptions(players=4, target=200)),
        ({"type": "leader_drawn", "seat": 1.0}, LeaderDrawn, LeaderDrawn(1)),
        ({"type": "play", "tile": "4-6", "end": "W"}, Play, play(Tile(6, 4), "W")),
        ({"hands": [], "stock": [], "leader": 2e0}, SniffDeal, SniffDeal(hands=(), stock=(), leader=2)),
    ],
)
def test_structuring_reads_json_numbers_and_either_half_first(data: Any, cls: type[Any], expected: Any) -> None:
    """As in JSON Schema, 4.0 is the integer 4; a tile may name its lower half first; the result is canonical."""
    found = structure(data, cls)
    assert found == expected
    assert tablegames.dumps(found) == tablegames.dumps(expected)


@given(event=events, key=st.text(min_size=1, max_size=5))
def test_an_unknown_key_in_any_event_is_refused(event: Event, key: str) -> None:
    """Every event refuses a key it does not have."""
    data = tablegames.to_json(event)
    if key in data:
        return
    with pytest.raises(_STRUCTURE_ERRORS):
        structure({**data, key: 0}, type(event))


@given(event=events, data=st.data())
def test_a_missing_field_in_any_event_is_refused(event: Event, data: st.DataObject) -> None:
    """Every event refuses JSON with one of its fields left out (hidden fields are null, never missing)."""
    form = tablegames.to_json(event)
    field = data.draw(st.sampled_from(sorted(k for k in form if k != "type")))
    del form[field]
    with pytest.raises(_STRUCTURE_ERRORS):
        structure(form, type(event))


def test_an_event_log_is_a_frozen_value() -> None:
    """An EventLog compares by value and cannot be changed; only a full log is_full."""
    game = new_sniff(5, 2)
    log = game.log()
    assert isinstance(log, EventLog)
    assert log == game.log()
    assert log.is_full
    assert not game.log(0).is_full
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        log.seed = 6  # type: ignore[misc]


@attrs.frozen
class _Place:
    """A place named by a seat or by a word, as a train id is."""

    train: int | str
    """A seat, or a public train's name."""
    after: int | str | None = None
    """The same, or nothing."""


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"train": 2}, _Place(2)),
        ({"train": 2.0}, _Place(2)),
        ({"train": "mexican"}, _Place("mexican")),
        ({"train": 0, "after": None}, _Place(0, None)),
        ({"train": 0, "after": "x"}, _Place(0, "x")),
    ],
)
def test_an_int_or_a_string_reads_as_json_writes_it(data: Any, expected: _Place) -> None:
    assert structure(data, _Place) == expected
    assert make_converter().unstructure(expected) == {"after": None, **data} | {"train": expected.train}


@pytest.mark.parametrize("value", [True, None, 2.5, [1], {"seat": 1}])
def test_an_int_or_a_string_refuses_anything_else(value: Any) -> None:
    with pytest.raises(Exception) as caught:
        structure({"train": value}, _Place)
    assert isinstance(caught.value, cattrs.ClassValidationError)
    assert [str(e) for e in caught.value.exceptions] == [f"expected an int or a string, got {value!r}"]
    assert describe_error(caught.value).endswith("@ $.train")
