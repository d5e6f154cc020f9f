"""A line-building domino layout: arms, open ends, crosswise doubles and a spinner.

The layout knows the *shape* of the table and nothing of scoring: a variant reads the arms
and the spinner's state and supplies its own end-counting rule (American Sniff's
``sniff_count`` counts an uncovered branch; All Fives counts the same arms but gives an
uncovered branch nothing).

Arms have fixed, documented ids, stable for the life of a hand:

* ``"W"`` and ``"E"``: the two arms of the line, grown from the opening tile. An opening
  tile that is not a double puts its higher half on ``"W"`` and its lower half on ``"E"``.
  An opening spinner has its two line sides as ``"W"`` and ``"E"``.
* ``"N"`` and ``"S"``: the spinner's two branches. They exist once the spinner is on the
  table and open when enough of its line sides carry a tile (``branches_after``).

A spinner placed later, on the end of ``"W"`` or ``"E"``, sits *inside* that arm: the side
touching the line is a line side already continued, and the arm carries on beyond it.

>>> from tablegames.components.tiles import Tile
>>> layout = LineLayout(spinner=True, branches_after=2)
>>> layout.place(Tile(4, 4), None)
>>> layout.open_arms(), layout.value(WEST)
((0, 1), 4)
>>> layout.place(Tile(6, 4), WEST); layout.place(Tile(4, 1), EAST)
>>> [ARM_IDS[a] for a in layout.open_arms()], layout.branches_open
(['W', 'E', 'N', 'S'], True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import attrs

from tablegames.components.tiles import Tile

__all__ = [
    "ARM_IDS",
    "EAST",
    "NORTH",
    "SOUTH",
    "WEST",
    "ArmEnd",
    "ArmView",
    "EndView",
    "LineLayout",
    "arm_index",
    "arm_views",
    "end_views",
    "tile_mask",
]

WEST: Final = 0
"""Index of the ``"W"`` arm."""
EAST: Final = 1
"""Index of the ``"E"`` arm."""
NORTH: Final = 2
"""Index of the ``"N"`` branch."""
SOUTH: Final = 3
"""Index of the ``"S"`` branch."""
ARM_IDS: Final = ("W", "E", "N", "S")
"""The public id of each arm, by index."""
_LINE_ONLY: Final = (WEST, EAST)
_ALL_ARMS: Final = (WEST, EAST, NORTH, SOUTH)
_NONE: Final[tuple[int, ...]] = ()


def tile_mask(tile: Tile) -> int:
    """The bit set of a tile's halves, to test against :meth:`LineLayout.open_mask`.

    >>> tile_mask(Tile(6, 4)) == (1 << 6) | (1 << 4)
    True
    """
    return (1 << tile.high) | (1 << tile.low)


def arm_index(arm_id: str) -> int:
    """The index of the arm named ``arm_id``.

    Raises:
        ValueError: if ``arm_id`` is not one of :data:`ARM_IDS`.

    """
    try:
        return ARM_IDS.index(arm_id)
    except ValueError:
        raise ValueError(f"no arm {arm_id!r}: arms are {', '.join(ARM_IDS)}") from None


class ArmEnd:
    """How an arm ends: the kinds of outer piece a counting rule distinguishes.

    These are plain ints (the values of :meth:`LineLayout.outer`), kept as constants here.
    """

    PLAIN: Final = 0
    """The outer piece is a tile that is not a double; the arm's value is its outer half."""
    DOUBLE: Final = 1
    """The outer piece is an ordinary (crosswise) double; both halves face outward."""
    SPINNER: Final = 2
    """The arm has no tile beyond the spinner; the spinner itself is its outer piece."""


class LineLayout:
    """The tiles on the table and where the next ones may go.

    Args:
        spinner: whether the first double played is a spinner with two branches.
        branches_after: how many of the spinner's two line sides must carry a tile before
            its branches open (0, 1 or 2).

    The attributes below are public for counting rules and renderers; change the layout only
    through :meth:`place`.

    """

    __slots__ = (
        "branches_after",
        "branches_open",
        "has_spinner_rule",
        "opening",
        "outer_kinds",
        "spinner",
        "spinner_arm",
        "tiles",
        "values",
    )

    def __init__(self, *, spinner: bool = True, branches_after: int = 2) -> None:
        if branches_after not in (0, 1, 2):
            raise ValueError(f"branches_after is 0, 1 or 2, not {branches_after!r}")
        self.has_spinner_rule: bool = spinner
        """Whether the first double becomes the spinner."""
        self.branches_after: int = branches_after
        """Line sides that must carry a tile before the branches open."""
        self.opening: Tile | None = None
        """The first tile placed, or ``None`` before the opening."""
        self.spinner: Tile | None = None
        """The spinner, once it is on the table."""
        self.spinner_arm: int | None = None
        """The arm holding the spinner; ``None`` if it is the opening tile or not yet played."""
        self.branches_open: bool = False
        """Whether the ``"N"`` and ``"S"`` branches accept tiles."""
        self.values: list[int] = [0, 0, 0, 0]
        """The value a tile must match to attach to each arm."""
        self.outer_kinds: list[int] = [ArmEnd.PLAIN] * 4
        """The :class:`ArmEnd` kind of each arm's outer piece."""
        self.tiles: list[list[Tile]] = [[], [], [], []]
        """The tiles of each arm, outward from the opening tile or the spinner."""

    def copy(self) -> LineLayout:
        """An independent copy."""
        new = LineLayout.__new__(LineLayout)
        new.has_spinner_rule = self.has_spinner_rule
        new.branches_after = self.branches_after
        new.opening = self.opening
        new.spinner = self.spinner
        new.spinner_arm = self.spinner_arm
        new.branches_open = self.branches_open
        new.values = self.values[:]
        new.outer_kinds = self.outer_kinds[:]
        t = self.tiles
        new.tiles = [t[0][:], t[1][:], t[2][:], t[3][:]]
        return new

    def open_arms(self) -> tuple[int, ...]:
        """The arms a tile may be attached to now, as indices (see :data:`ARM_IDS`)."""
        if self.opening is None:
            return _NONE
        return _ALL_ARMS if self.branches_open else _LINE_ONLY

    def value(self, arm: int) -> int:
        """The value a tile must match to attach to ``arm``."""
        return self.values[arm]

    def outer(self, arm: int) -> int:
        """The :class:`ArmEnd` kind of ``arm``'s outer piece."""
        return self.outer_kinds[arm]

    def fits(self, tile: Tile, arm: int | None) -> bool:
        """Whether ``tile`` may be placed on ``arm`` now (``None``: as the opening tile)."""
        if arm is None:
            return self.opening is None
        if self.opening is None or (arm >= NORTH and not self.branches_open) or not 0 <= arm <= 3:
            return False
        v = self.values[arm]
        return tile.high == v or tile.low == v

    def places_for(self, tile: Tile) -> Iterator[int | None]:
        """Every place ``tile`` fits now, in arm order (``None`` for the opening)."""
        if self.opening is None:
            yield None
            return
        values = self.values
        for arm in _ALL_ARMS if self.branches_open else _LINE_ONLY:
            v = values[arm]
            if tile.high == v or tile.low == v:
                yield arm

    def open_mask(self) -> int:
        """A bit set of the values open ends show: bit ``v`` is set if some open end shows ``v``.

        A tile fits some open end exactly when ``tile_mask(tile) & layout.open_mask()``.
        """
        if self.opening is None:
            return 0
        values = self.values
        mask = (1 << values[WEST]) | (1 << values[EAST])
        if self.branches_open:
            mask |= (1 << values[NORTH]) | (1 << values[SOUTH])
        return mask

    def line_sides_continued(self) -> int:
        """How many of the spinner's two line sides carry a tile (0 with no spinner)."""
        if self.spinner is None:
            return 0
        if self.spinner_arm is None:
            return (len(self.tiles[WEST]) > 0) + (len(self.tiles[EAST]) > 0)
        return 1 if self.outer_kinds[self.spinner_arm] == ArmEnd.SPINNER else 2

    def uncovered_branches(self) -> int:
        """How many open branches have no tile yet (0 while the branches are closed)."""
        if not self.branches_open:
            return 0
        return (not self.tiles[NORTH]) + (not self.tiles[SOUTH])

    def place(self, tile: Tile, arm: int | None) -> None:
        """Attach ``tile`` to ``arm`` (``None``: open the layout with it).

        The caller has checked :meth:`fits`; placing a tile that does not fit raises.

        Raises:
            ValueError: if the tile does not fit there.

        """
        if not self.fits(tile, arm):
            where = "as the opening" if arm is None else f"on arm {arm!r}"
            raise ValueError(f"{tile} does not fit {where}")
        self.place_unchecked(tile, arm)

    def place_unchecked(self, tile: Tile, arm: int | None) -> None:
        """:meth:`place` without the check, for callers that have already checked :meth:`fits`."""
        values = self.values
        kinds = self.outer_kinds
        if arm is None:
            self.opening = tile
            if tile.is_double:
                values[WEST] = values[EAST] = tile.high
                if self.has_spinner_rule:
                    self.spinner = tile
                    kinds[WEST] = kinds[EAST] = ArmEnd.SPINNER
                else:
                    kinds[WEST] = kinds[EAST] = ArmEnd.DOUBLE
            else:
                values[WEST] = tile.high
                values[EAST] = tile.low
        else:
            self.tiles[arm].append(tile)
            if tile.is_double:
                if self.has_spinner_rule and self.spinner is None:
                    self.spinner = tile
                    self.spinner_arm = arm
                    kinds[arm] = ArmEnd.SPINNER
                else:
                    kinds[arm] = ArmEnd.DOUBLE
            else:
                values[arm] = tile.low if tile.high == values[arm] else tile.high
                kinds[arm] = ArmEnd.PLAIN
        if (
            self.spinner is not None
            and not self.branches_open
            and self.line_sides_continued() >= self.branches_after
        ):
            self.branches_open = True
            values[NORTH] = values[SOUTH] = self.spinner.high
            kinds[NORTH] = kinds[SOUTH] = ArmEnd.SPINNER

    def all_tiles(self) -> list[Tile]:
        """Every tile on the table: the opening tile, then each arm outward."""
        if self.opening is None:
            return []
        out = [self.opening]
        for arm_tiles in self.tiles:
            out.extend(arm_tiles)
        return out

    def __len__(self) -> int:
        return 0 if self.opening is None else 1 + sum(len(t) for t in self.tiles)


@attrs.frozen
class EndView:
    """A place a tile may be attached now, as a view shows it. JSON: ``{"id": "W", "value": 6}``."""

    id: str
    """The end id (one of :data:`~tablegames.mechanics.line.ARM_IDS`), as a play names it."""
    value: int
    """The pips a tile must show to attach there."""


@attrs.frozen
class ArmView:
    """One arm of a layout, as a view shows it for drawing."""

    id: str
    """The arm's id (``"W"``, ``"E"``, ``"N"`` or ``"S"``)."""
    tiles: tuple[Tile, ...]
    """Its tiles, outward from the opening tile (or from the spinner, for a branch)."""
    value: int
    """The value a tile must match to attach to it."""
    open: bool
    """Whether it accepts tiles now (a branch opens once the spinner's line sides allow it)."""


def end_views(layout: LineLayout) -> tuple[EndView, ...]:
    """Every place a tile may be attached to ``layout`` now (none before the opening tile).

    >>> layout = LineLayout()
    >>> layout.place(Tile(6, 4), None)
    >>> end_views(layout)
    (EndView(id='W', value=6), EndView(id='E', value=4))
    """
    values = layout.values
    return tuple(EndView(ARM_IDS[arm], values[arm]) for arm in layout.open_arms())


def arm_views(layout: LineLayout) -> tuple[ArmView, ...]:
    """The arms of ``layout`` for drawing it: W and E, and N and S once it has a spinner.

    >>> layout = LineLayout()
    >>> layout.place(Tile(6, 4), None)
    >>> layout.place(Tile(4, 1), EAST)
    >>> [(arm.id, [str(t) for t in arm.tiles], arm.value, arm.open) for arm in arm_views(layout)]
    [('W', [], 6, True), ('E', ['4-1'], 1, True)]
    """
    if layout.opening is None:
        return ()
    open_arms = layout.open_arms()
    values = layout.values
    present = _ALL_ARMS if layout.spinner is not None else _LINE_ONLY
    return tuple(ArmView(ARM_IDS[a], tuple(layout.tiles[a]), values[a], a in open_arms) for a in present)
