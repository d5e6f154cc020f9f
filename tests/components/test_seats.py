"""Seat arithmetic: clockwise order, partners and sides."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.seats import Seating


def test_four_seats_in_partnerships() -> None:
    """Four players form sides {0, 2} and {1, 3}; each seat's partner faces it."""
    table = Seating(4, partnerships=True)
    assert table.sides == 2
    assert [table.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [table.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert table.seats_of(0) == (0, 2)
    assert table.seats_of(1) == (1, 3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_solo_play_makes_each_seat_a_side(players: int) -> None:
    """Without partnerships every seat is its own side and has no partner."""
    table = Seating(players)
    assert table.sides == players
    assert [table.side_of(s) for s in range(players)] == list(range(players))
    assert all(table.partner(s) is None for s in range(players))
    assert all(table.seats_of(s) == (s,) for s in range(players))


@given(
    players=st.integers(min_value=1, max_value=8),
    seat=st.integers(min_value=0, max_value=7),
    steps=st.integers(min_value=0, max_value=20),
)
def test_next_goes_clockwise_and_wraps(players: int, seat: int, steps: int) -> None:
    """next() moves clockwise (seat + 1), wraps after the last seat, and `steps` moves compose."""
    seat %= players
    table = Seating(players)
    assert table.next(seat) == (seat + 1) % players
    here = seat
    for _ in range(steps):
        here = table.next(here)
    assert table.next(seat, steps) == here
    assert table.next(players - 1) == 0


@given(players=st.integers(min_value=1, max_value=8), seat=st.integers(min_value=0, max_value=7))
def test_clockwise_from_lists_every_seat_once(players: int, seat: int) -> None:
    """clockwise_from(s) is every seat once, starting at s and going clockwise."""
    seat %= players
    order = Seating(players).clockwise_from(seat)
    assert order[0] == seat
    assert sorted(order) == list(range(players))
    assert all(order[i + 1] == (order[i] + 1) % players for i in range(players - 1))


@pytest.mark.parametrize("players", [0, -1, True, 2.0, "4", None])
def test_a_table_needs_a_positive_int_of_players(players: object) -> None:
    """Seating refuses a player count that is not a positive int (bools and floats included)."""
    with pytest.raises(ValueError, match="players"):
        Seating(players)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [1, 3, 5])
def test_partnerships_need_an_even_table(players: int) -> None:
    """Partnerships with an odd number of players raise ValueError."""
    with pytest.raises(ValueError, match="even"):
        Seating(players, partnerships=True)


def test_seating_is_frozen() -> None:
    """A seating cannot be changed after it is made."""
    table = Seating(4, partnerships=True)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        table.players = 3  # type: ignore[misc]
