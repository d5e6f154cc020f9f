"""Domino tiles and sets: notation, interning, arithmetic."""

from __future__ import annotations

import copy
import json
import pickle
import re

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.tiles import MAX_PIPS, Tile, domino_set
from tablegames.core.serde import converter, dumps, structure
from tablegames.schema import schema_for
from tablegames.variants.sniff.game import Sniff
from tests.strategies import TILE_TEXTS, TILES, tiles

_halves = st.integers(min_value=0, max_value=MAX_PIPS)


@given(high=_halves, low=_halves)
def test_notation_round_trips_with_the_higher_half_first(high: int, low: int) -> None:
    """str(Tile) is "high-low", Tile.parse reads it back, and either order of halves names the same tile."""
    tile = Tile(high, low)
    assert (tile.high, tile.low) == (max(high, low), min(high, low))
    assert str(tile) == f"{max(high, low)}-{min(high, low)}"
    assert Tile.parse(str(tile)) is tile
    assert Tile.parse(f"{low}-{high}") is tile
    assert Tile(low, high) is tile


@given(tile=tiles)
def test_repr_reads_like_code(tile: Tile) -> None:
    """repr(tile) is the constructor call that gives the same tile back."""
    assert repr(tile) == f"Tile({tile.high}, {tile.low})"
    assert eval(repr(tile), {"Tile": Tile}) is tile


def test_the_double_six_set_is_the_28_tiles_highest_first() -> None:
    """domino_set(6) holds 0-0 to 6-6 once each, from 6-6 down to 0-0, and is built once."""
    tiles_ = domino_set(6)
    assert len(tiles_) == 28
    assert len(set(tiles_)) == 28
    assert str(tiles_[0]) == "6-6"
    assert str(tiles_[-1]) == "0-0"
    assert [str(t) for t in tiles_[:3]] == ["6-6", "6-5", "6-4"]
    assert domino_set(6) is tiles_
    assert domino_set() is tiles_
    assert sum(t.pips for t in tiles_) == 168
    assert sum(t.is_double for t in tiles_) == 7


@pytest.mark.parametrize(("max_pips", "size"), [(0, 1), (1, 3), (6, 28), (9, 55), (12, 91), (MAX_PIPS, 190)])
def test_domino_set_sizes(max_pips: int, size: int) -> None:
    """A double-n set holds (n+1)(n+2)/2 distinct tiles, none above n."""
    tiles_ = domino_set(max_pips)
    assert len(tiles_) == size == len(set(tiles_))
    assert max(t.high for t in tiles_) == max_pips


@pytest.mark.parametrize("bad", [-1, MAX_PIPS + 1, 6.0, "6", None, True])
def test_domino_set_refuses_a_bad_size(bad: object) -> None:
    """domino_set refuses anything but an int from 0 to MAX_PIPS, whatever sets were built before."""
    domino_set(1)
    domino_set(6)
    with pytest.raises(ValueError, match="domino set"):
        domino_set(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text", ["", "6", "6-", "-4", "6-4-2", "6 4", "6--4", "a-b", "6-19", "19-0", "-1-2", "6.0-4", "6-4 x", "100-1"]
)
def test_parse_refuses_what_is_not_a_tile(text: str) -> None:
    """Tile.parse raises ValueError quoting the text for anything but two halves 0..MAX_PIPS joined by '-'."""
    with pytest.raises(ValueError, match="not a tile") as info:
        Tile.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("bad", [None, 64, 6.4, ["6", "4"], b"6-4"])
def test_parse_refuses_non_strings(bad: object) -> None:
    """Tile.parse of anything but a string raises ValueError, never TypeError."""
    with pytest.raises(ValueError, match="not a tile"):
        Tile.parse(bad)  # type: ignore[arg-type]


def test_parse_is_lenient_about_spaces_and_order() -> None:
    """Parsing accepts surrounding spaces and the lower half first; output is always canonical."""
    assert Tile.parse(" 4-6 ") is Tile(6, 4)
    assert str(Tile.parse("0-5")) == "5-0"


@pytest.mark.parametrize(("high", "low"), [(-1, 0), (0, -1), (MAX_PIPS + 1, 0), (1.5, 0), ("6", "4"), (None, 0)])
def test_tile_refuses_bad_halves(high: object, low: object) -> None:
    """Tile() refuses halves that are not ints from 0 to MAX_PIPS."""
    with pytest.raises(ValueError, match="halves"):
        Tile(high, low)  # type: ignore[arg-type]


@pytest.mark.parametrize(("high", "low"), [(True, False), (1.0, 0), (6, 4.0)])
def test_tile_refuses_bools_and_floats_equal_to_ints(high: object, low: object) -> None:
    """Pips are ints, never bools or floats: Tile(True, False) and Tile(1.0, 0) raise like Tile(1.5, 0)."""
    with pytest.raises(ValueError, match="halves"):
        Tile(high, low)  # type: ignore[arg-type]


@given(tile=tiles)
def test_tiles_are_interned_and_survive_copies(tile: Tile) -> None:
    """Each tile is one object: construction, parsing, copy, deepcopy and pickling all give it back."""
    assert Tile(tile.high, tile.low) is tile
    assert copy.copy(tile) is tile
    assert copy.deepcopy(tile) is tile
    assert pickle.loads(pickle.dumps(tile)) is tile


def test_tiles_are_frozen() -> None:
    """A tile cannot be changed."""
    tile = Tile(6, 4)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        tile.high = 5  # type: ignore[misc]
    assert str(tile) == "6-4"


@given(tile=tiles)
def test_pips_doubles_and_halves(tile: Tile) -> None:
    """pips is the sum of the halves; a double has equal halves; other() gives the opposite half."""
    high, low = (int(h) for h in str(tile).split("-"))
    assert tile.pips == high + low
    assert tile.is_double == (high == low)
    assert tile.other(high) == low
    assert tile.other(low) == high
    assert high in tile
    assert low in tile
    for value in range(7):
        if value not in (high, low):
            assert value not in tile
            with pytest.raises(ValueError, match=str(tile)):
                tile.other(value)


def test_index_is_dense_and_set_independent() -> None:
    """Tile.index numbers 0-0, 1-0, 1-1, ... as 0, 1, 2, ... whatever the set."""
    assert Tile(0, 0).index == 0
    assert Tile(1, 0).index == 1
    assert Tile(1, 1).index == 2
    assert sorted(t.index for t in TILES) == list(range(28))
    assert sorted(t.index for t in domino_set(9)) == list(range(55))


def test_every_text_of_the_set_is_canonical() -> None:
    """The notation of every double-six tile has its higher half first."""
    for text in TILE_TEXTS:
        high, low = text.split("-")
        assert int(high) >= int(low)


# -- sets larger than double-six ----------------------------------------------------------------

_LARGE_SETS = [9, 12, 15]


@pytest.mark.parametrize(
    ("text", "high", "low"),
    [("12-10", 12, 10), ("10-12", 12, 10), ("15-15", 15, 15), ("9-0", 9, 0), ("0-18", 18, 0), ("11-1", 11, 1)],
)
def test_two_digit_halves_parse_and_print(text: str, high: int, low: int) -> None:
    """Halves above 9 are written in two digits, in either order on input, higher first on output."""
    tile = Tile.parse(text)
    assert (tile.high, tile.low) == (high, low)
    assert Tile.from_notation(text) is tile
    assert str(tile) == tile.notation() == f"{high}-{low}"
    assert repr(tile) == f"Tile({high}, {low})"


@pytest.mark.parametrize("text", ["012-1", "12-010", "1 2-1", "121", "12-", "19-19", "13-1-2"])
def test_two_digit_notation_refuses_near_misses(text: str) -> None:
    """Leading zeros, split digits and halves above MAX_PIPS are not tiles."""
    with pytest.raises(ValueError, match="not a tile"):
        Tile.parse(text)


@pytest.mark.parametrize("max_pips", _LARGE_SETS)
def test_larger_sets_hold_each_tile_once_and_write_every_notation(max_pips: int) -> None:
    """Double-9, -12 and -15 sets: (n+1)(n+2)/2 tiles, highest first, every notation read back, indices dense."""
    tiles_ = domino_set(max_pips)
    assert len(tiles_) == len(set(tiles_)) == (max_pips + 1) * (max_pips + 2) // 2
    assert tiles_[0] is Tile(max_pips, max_pips)
    assert tiles_[1] is Tile(max_pips, max_pips - 1)
    assert sum(t.is_double for t in tiles_) == max_pips + 1
    assert sorted(t.index for t in tiles_) == list(range(len(tiles_)))
    for tile in tiles_:
        assert Tile.parse(str(tile), strict=True) is tile
        assert Tile.parse(f"{tile.low}-{tile.high}") is tile


def test_the_notation_pattern_matches_the_notation_of_every_tile() -> None:
    """Tile.notation_pattern (for schemas) accepts every tile's notation up to double-18 and nothing past it."""
    pattern = re.compile(Tile.notation_pattern)
    assert all(pattern.match(str(tile)) for tile in domino_set(MAX_PIPS))
    assert not any(pattern.match(text) for text in ("19-0", "12-010", "012-1", "1-", "100-1", "12 - 10"))


@pytest.mark.parametrize("max_pips", _LARGE_SETS)
def test_larger_sets_round_trip_through_the_converter(max_pips: int) -> None:
    """The converter writes tiles of any set in notation and reads back the same interned tiles, up to double-18."""
    tiles_ = domino_set(max_pips)
    data = converter.unstructure(tiles_)
    assert data[0] == f"{max_pips}-{max_pips}"
    assert structure(data, tuple[Tile, ...]) == tiles_
    assert all(a is b for a, b in zip(structure(data, tuple[Tile, ...]), tiles_, strict=True))
    assert json.loads(dumps(list(tiles_[:2]))) == [f"{max_pips}-{max_pips}", f"{max_pips}-{max_pips - 1}"]
    assert structure(f"{max_pips + 1}-0", Tile) is Tile(max_pips + 1, 0), "the set is the variant's to check"
    with pytest.raises(ValueError, match="not a tile"):
        structure(f"{MAX_PIPS + 1}-0", Tile)


class _TwelveSniff(Sniff):
    """Sniff's classes with the double-twelve set as its pieces, to read the schemas a larger set gets."""

    name = "double-twelve-schema-test"
    pieces = frozenset(domino_set(12))


def test_a_variant_of_a_larger_set_gets_every_tile_in_its_schemas() -> None:
    """The schemas list the 91 double-twelve tiles in natural order ("2-1" before "10-1"), and validate them."""
    schema = schema_for(_TwelveSniff, "action")
    enum = schema["$defs"]["Tile"]["enum"]
    assert len(enum) == 91
    assert set(enum) == {str(tile) for tile in domino_set(12)}
    assert enum.index("2-1") < enum.index("10-1")
    jsonschema.validate({"type": "play", "tile": "12-10", "end": "W"}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "play", "tile": "13-10", "end": "W"}, schema)
