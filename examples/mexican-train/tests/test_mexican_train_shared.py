"""Mexican Train is a user of the library's draw-game events and checks, not a copy of them."""

from __future__ import annotations

import json

import attrs
import pytest
import tablegames_mexican_train as mt
from tablegames_mexican_train import events as mt_events
from tablegames_mexican_train import text as mt_text

from tablegames.cli.render import Scoresheet
from tablegames.components.tiles import Tile
from tablegames.core.serde import dumps, structure
from tablegames.mechanics import dominoes


def test_the_draw_games_events_are_the_librarys() -> None:
    """``tile_drawn``, ``passed``, the end reasons and ``render_tiles`` are re-exported, not redefined."""
    for module in (mt, mt_events):
        assert module.TileDrawn is dominoes.TileDrawn and module.Passed is dominoes.Passed
        assert module.END_REASONS is dominoes.HAND_END_REASONS
    assert mt.render_tiles is mt_text.render_tiles is dominoes.render_tiles


def test_hand_ended_is_the_librarys_with_the_points_and_totals_after_it() -> None:
    """Its own class (for its own hand note), the library's fields first, in the order the logs have."""
    assert issubclass(mt.HandEnded, dominoes.HandEnded) and mt.HandEnded.__module__ == mt_events.__name__
    assert mt.MexicanTrain.hand_note(mt.HandEnded(1, "blocked", None, ((), ()), (0, 0), (0, 0))) == "blocked"
    assert mt.HandEnded.tag == dominoes.HandEnded.tag == "hand_ended"
    names = [field.name for field in attrs.fields(mt.HandEnded)]
    assert names == ["hand_number", "reason", "seat", "hands", "points", "scores"]
    event = mt.HandEnded(2, "domino", 1, ((Tile(6, 6),), ()), (12, 0), (30, 5))
    assert list(json.loads(dumps(event))) == ["type", *names]
    assert structure(json.loads(dumps(event)), mt.HandEnded) == event


def test_a_hand_ended_reason_outside_the_two_is_refused() -> None:
    """The shared event's schema lists the reasons; a log naming another one does not parse."""
    data = json.loads(dumps(mt.HandEnded(1, "blocked", None, ((), ()), (0, 0), (0, 0))))
    with pytest.raises(Exception, match="reason"):
        structure({**data, "reason": "resigned"}, mt.HandEnded)


def test_the_scoresheet_finds_mexican_trains_note_from_the_event_alone() -> None:
    """Given no variant, the scoresheet finds the one declaring the event's class: Mexican Train's words."""
    sheet = Scoresheet(["seat 0", "seat 1"])
    sheet.begin_hand(1)
    sheet.record(mt.HandEnded(1, "domino", 1, ((Tile(6, 6),), ()), (12, 0), (12, 0)))
    assert "seat 1 went out" in sheet.render()


def test_drawn_and_passed_read_as_before() -> None:
    """The shared events' own words are the ones Mexican Train's log text always had."""
    drawn = mt.TileDrawn(2, Tile(12, 7))
    assert mt.describe_event(drawn) == "seat 2 draws 12-7"
    assert mt.describe_event(drawn.redact(0)) == "seat 2 draws a tile"
    assert mt.describe_event(mt.Passed(3)) == "seat 3 passes"
