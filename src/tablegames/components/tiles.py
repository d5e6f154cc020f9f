"""Domino tiles and domino sets of any size.

A :class:`Tile` is a frozen value with a two-number notation, higher half first:

>>> from tablegames.components.tiles import Tile, domino_set
>>> Tile.parse("4-6")
Tile(6, 4)
>>> str(Tile(6, 4))
'6-4'
>>> len(domino_set(6)), len(domino_set(9)), len(domino_set(12))
(28, 55, 91)

Tiles are interned: ``Tile(6, 4) is Tile.parse("6-4")`` holds, so equality of tiles is
identity (fast in hot loops) and looking one up allocates nothing.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from tablegames.components._notation import quote_text

__all__ = ["MAX_PIPS", "Tile", "domino_set"]

MAX_PIPS: Final = 18
"""The largest half a tile may have (double-eighteen is the largest set in common use)."""


@attrs.frozen(repr=False, order=False, init=False, eq=False)
class Tile:
    """One domino tile: two halves of ``0`` to :data:`MAX_PIPS` pips.

    Create tiles with ``Tile(high, low)`` (the halves may be given in either order) or
    :meth:`Tile.parse`; both return the one interned instance for that pair.
    """

    notation_pattern: ClassVar[str] = r"^(1[0-8]|[0-9])-(1[0-8]|[0-9])$"
    """Every tile notation up to double-18, as a regular expression (for schemas)."""

    high: int
    """The larger half (equal to :attr:`low` for a double)."""
    low: int
    """The smaller half."""

    def __new__(cls, high: int, low: int) -> Tile:  # noqa: D102 - documented on the class
        if type(high) is int and type(low) is int:
            found = _INTERNED.get((high, low))
            if found is not None:
                return found
        if (
            type(high) is not int
            or type(low) is not int
            or not (0 <= high <= MAX_PIPS and 0 <= low <= MAX_PIPS)
        ):
            raise ValueError(f"a tile's halves are ints from 0 to {MAX_PIPS}, not {high!r}, {low!r}")
        if low > high:
            return cls(low, high)
        raise AssertionError("unreachable: every valid tile is interned")  # pragma: no cover

    @property
    def is_double(self) -> bool:
        """Whether both halves are equal."""
        return self.high == self.low

    @property
    def pips(self) -> int:
        """The sum of both halves."""
        return self.high + self.low

    @property
    def index(self) -> int:
        """A dense, set-independent number (``0`` for 0-0, ``1`` for 1-0, ``2`` for 1-1, ...)."""
        return self.high * (self.high + 1) // 2 + self.low

    def other(self, value: int) -> int:
        """The half opposite a half of value ``value``.

        Raises:
            ValueError: if neither half is ``value``.

        """
        if value == self.high:
            return self.low
        if value == self.low:
            return self.high
        raise ValueError(f"tile {self} has no half of {value}")

    def __contains__(self, value: object) -> bool:
        return value == self.high or value == self.low

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def notation(self) -> str:
        """The tile's notation, higher half first: its JSON form (``"6-4"``)."""
        return str(self)

    @classmethod
    def from_notation(cls, text: str) -> Tile:
        """The tile written ``text`` as the JSON forms accept it: :meth:`parse` with ``strict=True``.

        Raises:
            ValueError: if ``text`` is not a tile's notation.

        """
        return cls.parse(text, strict=True)

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    @classmethod
    def parse(cls, text: str, *, strict: bool = False) -> Tile:
        """The tile written ``text``: two numbers joined by ``-``, in either order.

        The numbers are written in ASCII digits with no leading zero (``"6-4"`` or ``"4-6"``;
        never ``"06-4"`` or ``"\u0666-4"``).

        Args:
            text: the notation.
            strict: accept nothing around the notation, as the JSON forms and their schemas
                do; by default surrounding spaces are ignored, for people typing tiles.

        Raises:
            ValueError: if ``text`` is not a tile's notation.

        >>> from tablegames.components.tiles import Tile
        >>> Tile.parse("0-0").is_double
        True
        >>> Tile.parse("4-6")
        Tile(6, 4)

        """
        tile = None
        if isinstance(text, str):
            tile = _BY_TEXT.get(text)
            if tile is None and not strict and len(text) <= 40:
                tile = _BY_TEXT.get(text.strip())
        if tile is not None:
            return tile
        raise ValueError(f"not a tile: {quote_text(text)} (a tile is written like '6-4', halves 0 to {MAX_PIPS})")


def _make(high: int, low: int) -> Tile:
    tile = object.__new__(Tile)
    object.__setattr__(tile, "high", high)
    object.__setattr__(tile, "low", low)
    return tile


_INTERNED: dict[tuple[int, int], Tile] = {
    (h, lo): _make(h, lo) for h in range(MAX_PIPS + 1) for lo in range(h + 1)
}
_BY_TEXT: dict[str, Tile] = {}
for _tile in _INTERNED.values():
    _BY_TEXT[f"{_tile.high}-{_tile.low}"] = _tile
    _BY_TEXT[f"{_tile.low}-{_tile.high}"] = _tile
_SETS: dict[int, tuple[Tile, ...]] = {}


def domino_set(max_pips: int = 6) -> tuple[Tile, ...]:
    """Every tile of a double-``max_pips`` set, from the highest (``6-6``) to ``0-0``.

    Args:
        max_pips: the highest half: 6 for double-six, 9 for double-nine, 12 for
            double-twelve.

    Raises:
        ValueError: if ``max_pips`` is not an int from 0 to :data:`MAX_PIPS`.

    >>> from tablegames.components.tiles import domino_set
    >>> [str(t) for t in domino_set(1)]
    ['1-1', '1-0', '0-0']

    """
    tiles = _SETS.get(max_pips) if type(max_pips) is int else None
    if tiles is None:
        if type(max_pips) is not int or not 0 <= max_pips <= MAX_PIPS:
            raise ValueError(f"a domino set is double-0 to double-{MAX_PIPS}, not {max_pips!r}")
        tiles = tuple(Tile(h, lo) for h in range(max_pips, -1, -1) for lo in range(h, -1, -1))
        _SETS[max_pips] = tiles
    return tiles
