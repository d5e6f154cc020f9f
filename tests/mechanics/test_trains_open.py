"""Trains: the values open to every seat (open_mask(None)) and a variant's own train ids."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.tiles import Tile, domino_set
from tablegames.mechanics.line import EndView
from tablegames.mechanics.trains import TrainLayout


def t(text: str) -> Tile:
    return Tile.parse(text)


def bits(*values: int) -> int:
    return sum(1 << v for v in set(values))


# -- open_mask(None) -------------------------------------------------------------------------------


def test_the_values_open_to_every_seat_are_the_public_and_marked_trains() -> None:
    """open_mask(None): the public train and the marked ones; a seat's own train only once marked."""
    trains = TrainLayout(players=3, engine=Tile(12, 12))
    assert trains.open_mask(None) == bits(12)
    trains.place(t("12-5"), 0, seat=0)
    trains.place(t("12-7"), 3, seat=1)
    assert (
        trains.open_mask(None) == bits(7) and trains.open_mask(0) == bits(5, 7) and trains.open_mask(1) == bits(12, 7)
    )
    trains.mark(0)
    assert trains.open_mask(None) == bits(5, 7)
    assert TrainLayout(players=2, engine=Tile(6, 6), public_train=False).open_mask(None) == 0


def test_a_double_to_satisfy_is_the_only_value_open_to_anyone() -> None:
    """While a double must be satisfied, open_mask(None) is its value alone, as for every seat."""
    trains = TrainLayout(players=2, engine=Tile(9, 9))
    trains.place(t("9-4"), 0, seat=0)
    trains.place(t("4-4"), 0, seat=0)
    assert trains.open_mask(None) == trains.open_mask(1) == bits(4)


def test_before_the_engine_nothing_is_open() -> None:
    """No engine, no train: the mask is 0 for nobody as for a seat."""
    trains = TrainLayout(players=2)
    assert trains.open_mask(None) == trains.open_mask(0) == 0


@given(
    data=st.data(),
    players=st.integers(1, 5),
    rules=st.fixed_dictionaries(
        {"public_train": st.booleans(), "chain_doubles": st.booleans(), "own_train_first": st.booleans()}
    ),
)
def test_open_to_nobody_in_particular_is_what_the_views_for_nobody_show(
    data: st.DataObject, players: int, rules: dict[str, Any]
) -> None:
    """Random play: open_mask(None) is what end_views(None) shows; without own_train_first every seat may play there."""
    trains = TrainLayout(players=players, engine=Tile(12, 12), **rules)
    supply = [x for x in data.draw(st.permutations(domino_set(12))) if x != Tile(12, 12)][:40]
    for _ in range(40):
        seat = data.draw(st.integers(0, players - 1))
        if data.draw(st.integers(0, 4)) == 0:
            trains.mark(seat)
        everyone = trains.open_mask(None)
        assert everyone == sum({1 << end.value for end in trains.end_views(None)})
        if not rules["own_train_first"]:
            assert all(everyone & ~trains.open_mask(s) == 0 for s in range(players))
        options = trains.placements(supply, seat)
        if not options:
            trains.end_turn()
            continue
        tile, end = data.draw(st.sampled_from(options))
        trains.place(tile, None if end is None else trains.index_of(end), seat)
        supply.remove(tile)


# -- a variant's own ids ---------------------------------------------------------------------------

NAMES = ("north", "east", "south", "mexican")


def test_a_variant_names_its_trains() -> None:
    """ids= replaces T0.. and M everywhere a train is named: index_of, why_not, the views, copies."""
    trains = TrainLayout(players=3, engine=Tile(12, 12), ids=NAMES)
    assert trains.ids == NAMES and trains.index_of("mexican") == 3 and trains.owners == (0, 1, 2, None)
    trains.place(t("12-5"), trains.index_of("north"), seat=0)
    assert trains.why_not(t("12-3"), "north", seat=1) == (
        "train north is seat 0's own and has no marker; seat 1 may play on east, mexican"
    )
    with pytest.raises(ValueError, match=r"no train 'T0': the trains are north, east, south, mexican"):
        trains.index_of("T0")
    assert trains.end_views(1) == (EndView("east", 12), EndView("mexican", 12))
    assert [v.id for v in trains.arm_views(None)] == list(NAMES)
    assert trains.copy().ids == NAMES
    assert trains.placements([t("5-1")], seat=0) == [(t("5-1"), "north")]


def test_ids_without_a_public_train_name_the_seats_only() -> None:
    """Without the public train, ids has one name per seat."""
    trains = TrainLayout(players=2, engine=Tile(6, 6), public_train=False, ids=["A", "B"])
    assert trains.ids == ("A", "B")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"ids": ("a", "b")}, r"ids name each of the 3 trains once \(the seats' in order, then the public one\)"),
        ({"ids": ("a", "b", "a")}, "not \\('a', 'b', 'a'\\)"),
        ({"ids": ("a", "", "m")}, "with a non-empty str"),
        ({"ids": ("a", 1, "m")}, "with a non-empty str"),
        ({"ids": "abc"}, "not \\('abc',\\)"),
        ({"ids": ("a", "b", "m"), "public_train": False}, r"each of the 2 trains once \(the seats' in order\)"),
    ],
)
def test_bad_ids_are_refused(kwargs: dict[str, Any], message: str) -> None:
    """ids must name every train once, with a non-empty string each."""
    with pytest.raises(ValueError, match=message):
        TrainLayout(players=2, **kwargs)
