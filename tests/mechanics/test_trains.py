"""Trains: the engine, private and marked trains, the public train, doubles satisfied in order, views."""

from __future__ import annotations

import re
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.serde import converter
from tablegames.mechanics.line import EndView, Layout, arm_views, end_views, tile_mask
from tablegames.mechanics.trains import PUBLIC_TRAIN, TRAIN_ID_PATTERN, TrainLayout, TrainView, train_id
from tablegames.schema import schema_for
from tablegames.variants.sniff.game import Sniff


def t(text: str) -> Tile:
    """The tile written ``text``."""
    return Tile.parse(text)


def play(trains: TrainLayout, seat: int, tile: str, end: str | None) -> None:
    """``seat`` places ``tile`` on the train named ``end`` (``None``: the engine)."""
    trains.place(t(tile), None if end is None else trains.index_of(end), seat)


def ends(trains: TrainLayout, seat: int | None) -> list[str]:
    """The ids of the places ``seat`` may play on now."""
    return [end.id for end in trains.end_views(seat)]


def twelve(players: int = 3, **rules: Any) -> TrainLayout:
    """A layout with the double-twelve engine."""
    return TrainLayout(players=players, engine=Tile(12, 12), **rules)


# -- the trains and their ids ---------------------------------------------------------------


def test_each_seat_has_a_train_and_the_public_train_comes_last() -> None:
    """Trains "T0".."Tn-1" belong to seats 0..n-1; "M", the public train, to nobody; all start at the engine."""
    trains = twelve(4)
    assert trains.ids == ("T0", "T1", "T2", "T3", PUBLIC_TRAIN)
    assert trains.owners == (0, 1, 2, 3, None)
    assert trains.values == [12] * 5
    assert [train_id(s) for s in range(4)] == list(trains.ids[:4])
    assert trains.index_of("M") == 4
    assert TrainLayout(players=2, public_train=False, engine=Tile(6, 6)).ids == ("T0", "T1")
    pattern = re.compile(TRAIN_ID_PATTERN)
    assert all(pattern.match(i) for i in (*trains.ids, "T7", "T12"))
    assert not any(pattern.match(i) for i in ("T", "T01", "M1", "W", "t0"))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 0}, "at least one player, not 0"),
        ({"players": True}, "at least one player, not True"),
        ({"players": 2, "engine": Tile(6, 5)}, "the engine is a double, not Tile\\(6, 5\\)"),
        ({"players": 2, "chain_doubles": True, "double_plays_again": False}, "chain_doubles needs"),
        ({"players": 2, "chain_doubles": True, "satisfy_doubles": False}, "chain_doubles needs"),
    ],
)
def test_bad_layouts_are_refused(kwargs: dict[str, Any], message: str) -> None:
    """TrainLayout refuses no players, an engine that is not a double, and chaining doubles without their rules."""
    with pytest.raises(ValueError, match=message):
        TrainLayout(**kwargs)


def test_index_of_names_the_trains() -> None:
    """index_of refuses an id that is no train, listing the trains."""
    with pytest.raises(ValueError, match=r"^no train 'T9': the trains are T0, T1, M$"):
        twelve(2).index_of("T9")


# -- the engine ------------------------------------------------------------------------------


def test_without_an_engine_only_a_double_opens_the_hub() -> None:
    """Before the engine, the only place is the hub (None), for a double only; then every train starts from it."""
    trains = TrainLayout(players=2)
    assert trains.values == [0, 0, 0]
    assert list(trains.places_for(t("9-9"), 0)) == [None]
    assert list(trains.places_for(t("9-8"), 0)) == []
    assert trains.why_not(t("9-8"), None, 0) == "the engine is a double, not 9-8"
    assert trains.why_not(t("9-9"), "T0", 0) == "the engine opens the layout: end must be null, not 'T0'"
    assert trains.end_views(0) == () and trains.arm_views(0) == ()
    assert trains.all_tiles() == [] and len(trains) == 0
    assert not trains.fits(t("9-9"), 0, 0)
    play(trains, 1, "9-9", None)
    assert trains.engine is t("9-9")
    assert trains.values == [9, 9, 9]
    assert not trains.plays_again, "the engine is not a double played on a train"
    assert trains.why_not(t("9-4"), None, 0) == "the engine is down: name a train (T0, M)"
    assert list(trains.places_for(t("9-2"), 0)) == [0, 2], "the hub is no place any more"


# -- private, marked and public trains ---------------------------------------------------------


def test_a_seat_plays_on_its_own_train_and_the_public_one_only() -> None:
    """Without markers a seat may play on its own train and the public train, not on another seat's."""
    trains = twelve(3)
    assert ends(trains, 1) == ["T1", "M"]
    assert list(trains.places_for(t("12-4"), 1)) == [1, 3]
    assert trains.why_not(t("12-4"), "T0", 1) == "train T0 is seat 0's own and has no marker; seat 1 may play on T1, M"
    with pytest.raises(ValueError, match="train T0 is seat 0's own"):
        play(trains, 1, "12-4", "T0")
    play(trains, 1, "12-4", "M")
    play(trains, 2, "4-3", "M")
    assert trains.values[3] == 3
    assert trains.tiles[3] == [t("12-4"), t("4-3")]


def test_a_marker_opens_a_train_to_everyone_until_its_owner_plays_on_it() -> None:
    """mark(seat) opens the seat's train to all; others playing keep the marker; the owner's own play removes it."""
    trains = twelve(3)
    trains.mark(0)
    assert trains.marked == [True, False, False, False]
    assert ends(trains, 1) == ["T0", "T1", "M"]
    assert ends(trains, None) == ["T0", "M"]
    play(trains, 1, "12-7", "T0")
    assert trains.marked[0], "another seat's play leaves the marker"
    trains.mark(0)
    assert trains.marked[0], "a second marker changes nothing"
    play(trains, 0, "7-2", "T0")
    assert not trains.marked[0]
    assert ends(trains, 1) == ["T1", "M"]


@pytest.mark.parametrize("seat", [-1, 3, "0", None])
def test_only_a_seat_with_a_train_can_be_marked(seat: object) -> None:
    """mark refuses anything but a seat number with a train."""
    with pytest.raises(ValueError, match="the seats are 0 to 2"):
        twelve(3).mark(seat)  # type: ignore[arg-type]


def test_without_a_public_train_there_is_no_m() -> None:
    """public_train=False: no "M", and why_not lists the trains there are."""
    trains = TrainLayout(players=2, engine=Tile(9, 9), public_train=False)
    assert ends(trains, 0) == ["T0"]
    assert trains.why_not(t("9-1"), "M", 0) == "no train 'M'; the trains are T0, T1"


def test_own_train_first_keeps_a_seat_home_until_it_has_started() -> None:
    """own_train_first: a seat plays only on its own train until that has a tile."""
    trains = twelve(2, own_train_first=True)
    assert ends(trains, 0) == ["T0"]
    assert trains.why_not(t("12-3"), "M", 0) == "seat 0 must start its own train T0 first"
    play(trains, 0, "12-3", "T0")
    assert ends(trains, 0) == ["T0", "M"]
    trains.mark(1)
    assert ends(trains, 0) == ["T0", "T1", "M"]
    assert ends(trains, 1) == ["T1"]


# -- doubles -------------------------------------------------------------------------------------


def test_a_double_must_be_satisfied_before_play_goes_elsewhere() -> None:
    """After a double the only place for everyone is on it, even a private train; any seat may satisfy it."""
    trains = twelve(3)
    play(trains, 0, "12-5", "T0")
    play(trains, 0, "5-5", "T0")
    assert trains.unsatisfied == [0]
    assert trains.double_on(0) is t("5-5")
    assert trains.plays_again
    for seat in range(3):
        assert ends(trains, seat) == ["T0"]
    assert ends(trains, None) == ["T0"]
    assert list(trains.places_for(t("12-1"), 1)) == []
    assert trains.why_not(t("12-1"), "M", 1) == "the double 5-5 on T0 must be satisfied first"
    assert trains.why_not(t("5-2"), "T0", 1) is None
    assert trains.open_mask(1) == 1 << 5
    trains.mark(0)
    play(trains, 1, "5-2", "T0")
    assert trains.unsatisfied == []
    assert trains.double_on(0) is None
    assert trains.marked[0], "satisfying another seat's double does not lift its marker"
    assert ends(trains, 1) == ["T0", "T1", "M"]
    assert not trains.plays_again


def test_whether_a_double_plays_again_is_a_rule() -> None:
    """plays_again follows double_plays_again; mark and end_turn end it."""
    again = twelve(2)
    play(again, 0, "12-6", "T0")
    play(again, 0, "6-6", "T0")
    assert again.plays_again
    again.end_turn()
    assert not again.plays_again
    once = twelve(2, double_plays_again=False)
    play(once, 0, "12-6", "T0")
    play(once, 0, "6-6", "T0")
    assert not once.plays_again
    assert once.unsatisfied == [0]


def test_doubles_need_not_be_satisfied_when_the_rule_says_so() -> None:
    """satisfy_doubles=False: a double is an ordinary tile, and play goes on anywhere open."""
    trains = twelve(2, satisfy_doubles=False)
    play(trains, 0, "12-6", "T0")
    play(trains, 0, "6-6", "T0")
    assert trains.unsatisfied == []
    assert ends(trains, 1) == ["T1", "M"]
    assert trains.values[0] == 6


def test_chained_doubles_are_satisfied_in_the_order_played() -> None:
    """chain_doubles: after a double its seat may lay more doubles elsewhere; they are then satisfied in order."""
    trains = twelve(2, chain_doubles=True)
    play(trains, 0, "12-5", "T0")
    play(trains, 1, "12-9", "M")
    play(trains, 0, "5-5", "T0")
    assert trains.chaining == 0
    assert list(trains.places_for(t("9-9"), 0)) == [2], "a double may go on another open train"
    assert list(trains.places_for(t("9-3"), 0)) == [], "any other tile must satisfy the first double"
    assert list(trains.places_for(t("9-9"), 1)) == [], "only the seat that played the double chains"
    assert trains.open_mask(0) == 1 << 5
    assert trains.can_play([t("9-9")], 0) and not trains.can_play([t("9-9")], 1)
    play(trains, 0, "9-9", "M")
    assert trains.unsatisfied == [0, 2]
    assert trains.why_not(t("9-3"), "M", 0) == "the double 5-5 on T0 must be satisfied first"
    play(trains, 0, "5-1", "T0")
    assert trains.chaining is None
    assert trains.unsatisfied == [2]
    assert ends(trains, 0) == ends(trains, 1) == ["M"]
    play(trains, 1, "9-3", "M")
    assert trains.unsatisfied == []


def test_a_marker_ends_a_chain_of_doubles() -> None:
    """A seat that fails after its double (mark) may chain no more; the next seat must satisfy."""
    trains = twelve(2, chain_doubles=True)
    play(trains, 0, "12-5", "T0")
    play(trains, 0, "5-5", "T0")
    trains.mark(0)
    assert trains.chaining is None
    assert list(trains.places_for(t("12-12"), 0)) == []
    assert ends(trains, 1) == ["T0"]


# -- enumeration -------------------------------------------------------------------------------


def test_placements_and_can_play_list_what_a_hand_allows() -> None:
    """placements goes tile by tile, train by train; can_play says whether there is any."""
    trains = twelve(2)
    play(trains, 0, "12-3", "T0")
    hand = [t("3-1"), t("12-7"), t("5-4")]
    assert trains.placements(hand, 0) == [(t("3-1"), "T0"), (t("12-7"), "M")]
    assert trains.placements(hand, 1) == [(t("12-7"), "T1"), (t("12-7"), "M")]
    assert trains.can_play(hand, 0)
    assert not trains.can_play([t("5-4")], 0)
    assert TrainLayout(players=1).placements([t("2-2"), t("2-1")], 0) == [(t("2-2"), None)]


def test_place_refuses_what_does_not_fit_saying_why() -> None:
    """place() raises ValueError with why_not's reason, or names a train index that does not exist."""
    trains = twelve(2)
    with pytest.raises(ValueError, match=r"^6-4 does not match train T0, which shows 12$"):
        trains.place(t("6-4"), 0, 0)
    with pytest.raises(ValueError, match=r"^no train 7: the trains are 0 to 2$"):
        trains.place(t("12-4"), 7, 0)
    with pytest.raises(ValueError, match="the engine is down"):
        trains.place(t("12-4"), None, 0)


# -- views -------------------------------------------------------------------------------------


def test_train_views_show_owner_tiles_end_marker_access_and_the_double() -> None:
    """arm_views: one TrainView per train, open as the given seat sees it, with the unsatisfied double."""
    trains = twelve(2)
    play(trains, 0, "12-5", "T0")
    play(trains, 0, "5-5", "T0")
    trains.mark(1)
    view: Layout[TrainView] = trains
    assert arm_views(view, 0) == (
        TrainView("T0", 0, (t("12-5"), t("5-5")), 5, False, True, t("5-5")),
        TrainView("T1", 1, (), 12, True, True, None),
        TrainView("M", None, (), 12, False, True, None),
    )
    assert [train.open for train in arm_views(trains, 1)] == [False, True, True]
    assert [train.open for train in arm_views(trains, None)] == [False, True, True]
    assert end_views(trains, 1) == (EndView("T0", 5),)


def test_train_views_round_trip_through_json() -> None:
    """TrainView's JSON names tiles in notation, and reads back equal."""
    trains = twelve(2)
    play(trains, 1, "12-10", "T1")
    views = arm_views(trains, 1)
    data = converter.unstructure(views)
    assert data[1] == {
        "id": "T1",
        "owner": 1,
        "tiles": ["12-10"],
        "value": 10,
        "marker": False,
        "open": True,
        "double": None,
    }
    assert converter.structure(data, tuple[TrainView, ...]) == views


@attrs.frozen
class TrainTableView:
    """A view holding trains, to check their schema."""

    trains: tuple[TrainView, ...]
    """The trains."""
    ends: tuple[EndView, ...]
    """Where the seat may play."""


class TrainTable(Sniff):
    """Sniff with a double-twelve set and a view of trains, to check the schemas of large sets and trains."""

    name = "train-table-test"
    pieces = frozenset(domino_set(12))

    def view(self, seat: int) -> TrainTableView:  # type: ignore[override]
        """Not played: only its annotation matters."""
        raise NotImplementedError


def test_schemas_accept_double_twelve_tiles_and_train_views() -> None:
    """A variant of double-twelve tiles gets schemas naming "12-10", and a view of trains validates."""
    trains = twelve(2)
    play(trains, 0, "12-10", "T0")
    play(trains, 0, "10-10", "T0")
    schema = schema_for(TrainTable, "view")
    instance = converter.unstructure(TrainTableView(arm_views(trains, 1), end_views(trains, 1)))
    jsonschema.validate(instance, schema)
    assert "12-10" in schema["$defs"]["Tile"]["enum"]
    assert len(schema["$defs"]["Tile"]["enum"]) == 91
    bad = {**instance, "trains": [{**instance["trains"][0], "double": "13-13"}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


# -- properties ----------------------------------------------------------------------------------


def _snapshot(trains: TrainLayout) -> tuple[object, ...]:
    return (
        trains.engine,
        tuple(trains.values),
        tuple(tuple(train) for train in trains.tiles),
        tuple(trains.marked),
        tuple(trains.unsatisfied),
        trains.chaining,
        trains.plays_again,
    )


@given(
    data=st.data(),
    players=st.integers(1, 5),
    rules=st.fixed_dictionaries(
        {"public_train": st.booleans(), "chain_doubles": st.booleans(), "own_train_first": st.booleans()}
    ),
    engine=st.booleans(),
)
def test_random_play_keeps_the_trains_invariants(
    data: st.DataObject, players: int, rules: dict[str, Any], engine: bool
) -> None:
    """Random legal play: each tile placed once, ends show outer halves, listing = fits = why_not, copies apart."""
    trains = TrainLayout(players=players, engine=Tile(12, 12) if engine else None, **rules)
    public_train = rules["public_train"]
    supply = [x for x in data.draw(st.permutations(domino_set(12))) if not (engine and x is Tile(12, 12))][:40]
    placed: list[Tile] = [Tile(12, 12)] if engine else []
    copies: list[tuple[TrainLayout, tuple[object, ...]]] = []
    for _ in range(60):
        seat = data.draw(st.integers(0, players - 1))
        if data.draw(st.integers(0, 4)) == 0 and trains.engine is not None:
            trains.mark(seat)
        options = trains.placements(supply, seat)
        assert trains.can_play(supply, seat) == bool(options)
        for tile in supply[:8]:
            for i, tid in enumerate(trains.ids):
                assert trains.fits(tile, i, seat) == ((tile, tid) in options)
                assert (trains.why_not(tile, tid, seat) is None) == trains.fits(tile, i, seat)
            fits_any = any(trains.fits(tile, i, seat) for i in range(len(trains.ids)))
            if trains.chaining != seat or not tile.is_double:
                assert bool(tile_mask(tile) & trains.open_mask(seat)) == fits_any
        assert {e.id for e in trains.end_views(seat)} >= {tid for _, tid in options if tid is not None}
        if not options:
            continue
        tile, end = data.draw(st.sampled_from(options))
        index = None if end is None else trains.index_of(end)
        if data.draw(st.booleans()):
            copies.append((trains.copy(), _snapshot(trains)))
        before = None if index is None else trains.values[index]
        trains.place(tile, index, seat)
        supply.remove(tile)
        placed.append(tile)
        assert sorted(trains.all_tiles(), key=str) == sorted(placed, key=str)
        assert len(trains) == len(placed)
        if index is not None:
            assert before is not None
            assert trains.values[index] == tile.other(before)
            assert trains.plays_again == tile.is_double
            if trains.owners[index] == seat:
                assert not trains.marked[index]
        for i, train in enumerate(trains.tiles):
            assert trains.values[i] in (train[-1] if train else trains.engine)  # type: ignore[operator]
            assert (i in trains.unsatisfied) == bool(train and train[-1].is_double)
        assert not (public_train and trains.marked[-1])
    for twin, snapshot in copies:
        assert _snapshot(twin) == snapshot, "a copy does not change when the original does"
