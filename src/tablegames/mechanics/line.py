"""A line-building domino layout: arms, open ends, crosswise doubles and spinners.

The layout knows the *shape* of the table and nothing of scoring: a variant reads the arms
and the spinners' state and supplies its own end-counting rule (American Sniff's
``sniff_count`` counts an uncovered branch; All Fives counts the same arms but gives an
uncovered branch nothing).

Two rules shape a layout (:class:`LineLayout`'s arguments):

* the **spinner rule** (:class:`SpinnerRule`): no double spins (Block and Draw games), only
  the first double played (Sniff, All Fives), or every double (Cross and most Muggins
  tables). A spinner is a double that can be played on four sides: two along the arm it sits
  in (its *line sides*) and two *branches* across it. Any other double is *crosswise*: both of
  its halves face outward and the arm goes on from it.
* **branches_after**: how many of a spinner's two line sides must carry a tile before its
  branches open (0, 1 or 2).

Arms have ids, stable for the life of a hand; a play names its end by them:

* ``"W"`` and ``"E"``: the two arms of the line, grown from the opening tile. An opening
  tile that is not a double puts its higher half on ``"W"`` and its lower half on ``"E"``.
  An opening spinner has its two line sides as ``"W"`` and ``"E"``.
* ``"N"`` and ``"S"``: the two branches of the first spinner. They exist once it is on the
  table and open when enough of its line sides carry a tile (``branches_after``).
* With ``spinners="every"``, each later spinner of value ``v`` grows two more branches,
  ``"N{v}"`` and ``"S{v}"`` (``"N5"`` and ``"S5"`` for the spinner 5-5): a double is played
  once a hand, so the value names the spinner. They take the next indices (4 and 5 for the
  second spinner, 6 and 7 for the third, ...), whichever way they point on the table.

A spinner placed later, on the end of an arm, sits *inside* that arm: the side touching the
arm is a line side already continued, and the arm carries on beyond it.

>>> from tablegames.mechanics.line import EAST
>>> from tablegames.mechanics.line import WEST, ARM_IDS
>>> from tablegames.mechanics.line import LineLayout
>>> from tablegames.components.tiles import Tile
>>> layout = LineLayout(spinner=True, branches_after=2)
>>> layout.place(Tile(4, 4), None)
>>> layout.open_arms(), layout.value(WEST)
((0, 1), 4)
>>> layout.place(Tile(6, 4), WEST); layout.place(Tile(4, 1), EAST)
>>> [ARM_IDS[a] for a in layout.open_arms()], layout.branches_open
(['W', 'E', 'N', 'S'], True)

Every double a spinner, its branches open at once (``branches_after=1``: the side it touches
is covered already):

>>> cross = LineLayout(spinners="every", branches_after=1)
>>> for tile, end in [("6-4", None), ("4-4", "E"), ("6-6", "W")]:
...     cross.place(Tile.parse(tile), None if end is None else cross.index_of(end))
>>> [(end.id, end.value) for end in cross.end_views()]
[('W', 6), ('E', 4), ('N', 4), ('S', 4), ('N6', 6), ('S6', 6)]
>>> cross.why_not(Tile(5, 3), "N6")
'5-3 does not match end N6, which shows 6'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar, Final, Protocol, Self, TypeVar, cast

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.errors import quote
from tablegames.core.events import Action
from tablegames.core.memo import Kept

__all__ = [
    "ARM_IDS",
    "EAST",
    "END_ID_PATTERN",
    "NORTH",
    "SOUTH",
    "WEST",
    "ArmEnd",
    "ArmView",
    "EndView",
    "Layout",
    "LineLayout",
    "Play",
    "SpinnerRule",
    "arm_index",
    "arm_views",
    "end_views",
    "play",
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
"""The public id of each of the first four arms, by index; later spinners add more (see
:attr:`LineLayout.ids`)."""
END_ID_PATTERN: Final = r"^(?:[WENS]|[NS](?:1[0-8]|[0-9]))$"
"""Every end id a :class:`LineLayout` may give, as a regular expression (for schemas)."""
_INDEX: Final = {arm_id: i for i, arm_id in enumerate(ARM_IDS)}
_LINE_ONLY: Final = (WEST, EAST)
_ALL_ARMS: Final = (WEST, EAST, NORTH, SOUTH)
_NONE: Final[tuple[int, ...]] = ()


def tile_mask(tile: Tile) -> int:
    """The bit set of a tile's halves, to test against :meth:`LineLayout.open_mask`.

    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.line import tile_mask
    >>> tile_mask(Tile(6, 4)) == (1 << 6) | (1 << 4)
    True
    >>> tile_mask(Tile(12, 10)) == (1 << 12) | (1 << 10)
    True
    """
    return (1 << tile.high) | (1 << tile.low)


def arm_index(arm_id: str) -> int:
    """The index of the arm named ``arm_id``, one of the four fixed :data:`ARM_IDS`.

    The branches of later spinners (``"N5"``) have indices that depend on the order the
    spinners were played: ask the layout (:meth:`LineLayout.index_of`).

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
    """The arm has no tile beyond a spinner; the spinner itself is its outer piece."""


class SpinnerRule(enum.Enum):
    """Which doubles are spinners. The values are the names a variant's options may use."""

    NONE = "none"
    """No double spins; every double is crosswise, and the layout is a line of two arms."""
    FIRST = "first"
    """The first double played is the spinner (``"N"`` and ``"S"``); later doubles are crosswise."""
    EVERY = "every"
    """Every double is a spinner; each after the first grows its own two branches."""


_NO_SPIN: Final = SpinnerRule.NONE
_FIRST: Final = SpinnerRule.FIRST
_EVERY: Final = SpinnerRule.EVERY


class _Spins:
    """The spinner rule and the spinners' state: shared by copies, replaced (never changed).

    It changes a few times a hand at most (a spinner is played, branches open), so a copy of
    the layout shares it instead of copying its fields. The states of a layout with at most
    its first spinner are made once and shared by every layout of the same rules (see
    ``_configure`` and :meth:`first_spinner`), so the common hand allocates none.
    """

    __slots__ = (
        "branches_after",
        "closed",
        "first",
        "has_rule",
        "ids",
        "index",
        "opened",
        "records",
        "rule",
        "spinner_arm",
        "spinners",
        "wide",
    )

    def __init__(self, rule: SpinnerRule, branches_after: int) -> None:
        self.rule = rule
        self.has_rule = rule is not _NO_SPIN
        self.branches_after = branches_after
        self.ids: tuple[str, ...] = ARM_IDS
        self.index: dict[str, int] = _INDEX  # arm id -> index
        # Each spinner: (tile, the arm it sits in or None for the opening, its position there,
        # its two branch arms), in the order played.
        self.records: tuple[tuple[Tile, int | None, int, int, int], ...] = ()
        self.spinners: tuple[Tile, ...] = ()
        self.closed: tuple[int, ...] = ()  # the numbers of the spinners whose branches are closed
        self.spinner_arm: int | None = None  # the arm holding the first spinner
        self.wide = False  # whether there are more than four arms
        # Shared transitions: from a fresh state, the states after the first spinner (by its
        # tile, arm and position); from such a state, the state once its branches open.
        self.first: dict[tuple[Tile, int | None, int], _Spins] = {}
        self.opened: _Spins | None = None

    def replaced(self) -> _Spins:
        """A copy to change (with no shared transitions)."""
        new = _Spins.__new__(_Spins)
        new.rule, new.has_rule, new.branches_after = self.rule, self.has_rule, self.branches_after
        new.ids, new.index, new.records, new.spinners = self.ids, self.index, self.records, self.spinners
        new.closed, new.spinner_arm = self.closed, self.spinner_arm
        new.wide = self.wide
        new.first = {}
        new.opened = None
        return new

    def first_spinner(self, tile: Tile, arm: int | None, position: int) -> _Spins:
        """The state after the first spinner ``tile`` sits at ``position`` in ``arm`` (from a fresh state)."""
        key = (tile, arm, position)
        found = self.first.get(key)
        if found is None:
            found = self.replaced()
            found.spinner_arm = arm
            found.records = ((tile, arm, position, NORTH, SOUTH),)
            found.spinners = (tile,)
            found.closed = (0,)
            opened = found.opened = found.replaced()
            opened.closed = ()
            self.first[key] = found
        return found

    def added(self, tile: Tile, arm: int, position: int) -> _Spins:
        """The state after a later spinner ``tile`` sits at ``position`` in ``arm``."""
        new = self.replaced()
        north = len(self.ids)
        new.ids = (*self.ids, f"N{tile.high}", f"S{tile.high}")
        new.index = {arm_id: i for i, arm_id in enumerate(new.ids)}
        new.records = (*self.records, (tile, arm, position, north, north + 1))
        new.spinners = (*self.spinners, tile)
        new.closed = (*self.closed, len(self.records))
        new.wide = True
        return new


_CONFIGS: Final[Kept[tuple[object, object, object], _Spins]] = Kept(
    "tablegames.mechanics.line: spinner rules by arguments", most=256
)
_STATES: Final[Kept[tuple[SpinnerRule, int], _Spins]] = Kept(
    "tablegames.mechanics.line: spinner rules by meaning", most=256
)


def _configure(spinner: object, branches_after: object, spinners: object) -> _Spins:
    """The shared state of a layout with no spinner yet, for these arguments of :class:`LineLayout`.

    Raises:
        ValueError: for arguments :class:`LineLayout` refuses.

    """
    if branches_after not in (0, 1, 2):
        raise ValueError(f"branches_after is 0, 1 or 2, not {quote(branches_after)}")
    if spinners is None:
        rule = _NO_SPIN if spinner is False else _FIRST
    elif spinner is not None:
        raise ValueError("give spinner or spinners, not both")
    else:
        try:
            rule = SpinnerRule(spinners)
        except ValueError:
            allowed = ", ".join(repr(r.value) for r in SpinnerRule)
            raise ValueError(f"no spinner rule {quote(spinners)}: the rules are {allowed}") from None
    after = int(branches_after)  # one of 0, 1, 2
    state = _STATES.get((rule, after))
    if state is None:
        state = _STATES.keep((rule, after), _Spins(rule, after))
    if (spinner is None or spinner is True or spinner is False) and type(branches_after) is int:
        _CONFIGS.keep((spinner, branches_after, spinners), state)  # a few keys: the valid arguments
    return state


class LineLayout:
    """The tiles on the table and where the next ones may go.

    Args:
        spinner: whether the first double played is a spinner with two branches: the same as
            ``spinners="first"`` (``True``, the default) or ``spinners="none"`` (``False``).
        branches_after: how many of a spinner's two line sides must carry a tile before its
            branches open (0, 1 or 2).
        spinners: the spinner rule, a :class:`SpinnerRule` or its value (``"none"``,
            ``"first"``, ``"every"``); give it or ``spinner``, not both.

    Raises:
        ValueError: for a ``branches_after`` other than 0, 1 or 2, an unknown spinner rule,
            or both ``spinner`` and ``spinners``.

    The attributes below are public for counting rules and renderers; change the layout only
    through :meth:`place`. The lists are indexed by arm: 0 to 3 are always there (the
    branches of the first spinner hold 0 and no tile until they open), later spinners append
    their two branches.

    """

    __slots__ = (
        "_first",
        "_free",
        "_open",
        "_s",
        "_views",
        "branches_open",
        "opening",
        "outer_kinds",
        "spinner",
        "tiles",
        "values",
    )

    def __init__(
        self,
        *,
        spinner: bool | None = None,
        branches_after: int = 2,
        spinners: SpinnerRule | str | None = None,
    ) -> None:
        try:
            state = _CONFIGS.get((spinner, branches_after, spinners))
        except TypeError:  # unhashable arguments: refused below
            state = None
        if state is None:
            state = _configure(spinner, branches_after, spinners)
        self.opening: Tile | None = None
        """The first tile placed, or ``None`` before the opening."""
        self.spinner: Tile | None = None
        """The first spinner, once it is on the table (the one with ``"N"`` and ``"S"``)."""
        self.branches_open: bool = False
        """Whether the first spinner's ``"N"`` and ``"S"`` branches accept tiles."""
        self.values: list[int] = [0, 0, 0, 0]
        """The value a tile must match to attach to each arm."""
        self.outer_kinds: list[int] = [ArmEnd.PLAIN] * 4
        """The :class:`ArmEnd` kind of each arm's outer piece."""
        self.tiles: list[list[Tile]] = [[], [], [], []]
        """The tiles of each arm, outward from the opening tile or from its spinner."""
        self._open: tuple[int, ...] = _NONE  # the open arms, in index order
        self._first: tuple[int, ...] = ()  # the arms to be played first (see play_first), while any is open
        self._free: tuple[int, ...] = _NONE  # the open arms but for that restriction, while it holds
        self._s = state
        self._views: tuple[ArmView | None, ...] = ()  # the last view of each arm, by index (see arm_views)

    def copy(self) -> LineLayout:
        """An independent copy."""
        new = LineLayout.__new__(LineLayout)
        new.opening = self.opening
        new.spinner = self.spinner
        new.branches_open = self.branches_open
        new.values = self.values[:]
        new.outer_kinds = self.outer_kinds[:]
        s = new._s = self._s
        t = self.tiles
        new.tiles = [arm[:] for arm in t] if s.wide else [t[0][:], t[1][:], t[2][:], t[3][:]]
        new._open = self._open
        new._first = self._first
        new._free = self._free
        new._views = self._views  # a tuple of frozen views, replaced (never changed) by arm_views
        return new

    @property
    def spinner_rule(self) -> SpinnerRule:
        """Which doubles are spinners."""
        return self._s.rule

    @property
    def has_spinner_rule(self) -> bool:
        """Whether some double becomes a spinner (the first one at least)."""
        return self._s.has_rule

    @property
    def branches_after(self) -> int:
        """Line sides of a spinner that must carry a tile before its branches open."""
        return self._s.branches_after

    @property
    def spinner_arm(self) -> int | None:
        """The arm holding the first spinner; ``None`` if it is the opening tile or not yet played."""
        return self._s.spinner_arm

    @property
    def spinners(self) -> tuple[Tile, ...]:
        """Every spinner on the table, in the order played."""
        return self._s.spinners

    @property
    def ids(self) -> tuple[str, ...]:
        """The id of each arm, by index; :data:`ARM_IDS`, then the branches of later spinners."""
        return self._s.ids

    # -- reading the layout ---------------------------------------------------------------

    def open_arms(self) -> tuple[int, ...]:
        """The arms a tile may be attached to now, as indices in order (see :attr:`ids`)."""
        return self._open

    def value(self, arm: int) -> int:
        """The value a tile must match to attach to ``arm``."""
        return self.values[arm]

    def outer(self, arm: int) -> int:
        """The :class:`ArmEnd` kind of ``arm``'s outer piece."""
        return self.outer_kinds[arm]

    def index_of(self, end_id: str) -> int:
        """The index of the arm named ``end_id`` on this layout (branches included).

        Raises:
            ValueError: if this layout has no arm of that id (yet).

        """
        arm = self._s.index.get(end_id) if isinstance(end_id, str) else None
        if arm is None:
            raise ValueError(f"no arm {quote(end_id)}: arms are {', '.join(self._s.ids)}")
        return arm

    def is_open(self, arm: int) -> bool:
        """Whether ``arm`` accepts a tile now."""
        return arm in self._open

    def fits(self, tile: Tile, arm: int | None) -> bool:
        """Whether ``tile`` may be placed on ``arm`` now (``None``: as the opening tile)."""
        if arm is None:
            return self.opening is None
        if arm not in self._open:
            return False
        v = self.values[arm]
        return tile.high == v or tile.low == v

    def places_for(self, tile: Tile) -> Iterator[int | None]:
        """Every place ``tile`` fits now, in arm order (``None`` for the opening)."""
        if self.opening is None:
            yield None
            return
        values = self.values
        for arm in self._open:
            v = values[arm]
            if tile.high == v or tile.low == v:
                yield arm

    def open_mask(self) -> int:
        """A bit set of the values open ends show: bit ``v`` is set if some open end shows ``v``.

        A tile fits some open end exactly when ``tile_mask(tile) & layout.open_mask()``.
        """
        arms = self._open
        if arms is _ALL_ARMS:
            values = self.values
            return (1 << values[WEST]) | (1 << values[EAST]) | (1 << values[NORTH]) | (1 << values[SOUTH])
        if arms is _LINE_ONLY:
            values = self.values
            return (1 << values[WEST]) | (1 << values[EAST])
        values = self.values
        mask = 0
        for arm in arms:
            mask |= 1 << values[arm]
        return mask

    def can_play(self, tiles: Iterable[Tile]) -> bool:
        """Whether one of ``tiles`` may be placed now (any tile, before the opening).

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.line import LineLayout
        >>> layout = LineLayout()
        >>> layout.place(Tile(6, 4), None)
        >>> layout.can_play([Tile(5, 1), Tile(4, 0)]), layout.can_play([Tile(5, 1)])
        (True, False)
        """
        if self.opening is None:
            return any(True for _ in tiles)
        mask = self.open_mask()
        return any(((1 << tile.high) | (1 << tile.low)) & mask for tile in tiles)

    def placements(self, tiles: Iterable[Tile]) -> list[tuple[Tile, str | None]]:
        """Every ``(tile, end id)`` that may be placed now from ``tiles``: tile by tile, arm by arm.

        The end id is ``None`` for the opening. This is the enumeration of a hand's legal
        placements that a variant turns into its actions.

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.line import LineLayout
        >>> layout = LineLayout()
        >>> layout.place(Tile(6, 4), None)
        >>> layout.placements([Tile(6, 1), Tile(4, 6), Tile(3, 2)])
        [(Tile(6, 1), 'W'), (Tile(6, 4), 'W'), (Tile(6, 4), 'E')]
        """
        if self.opening is None:
            return [(tile, None) for tile in tiles]
        values, ids, arms = self.values, self._s.ids, self._open
        out: list[tuple[Tile, str | None]] = []
        for tile in tiles:
            high, low = tile.high, tile.low
            for arm in arms:
                v = values[arm]
                if v == high or v == low:
                    out.append((tile, ids[arm]))
        return out

    def why_not(self, tile: Tile, end: str | None) -> str | None:
        """Why ``tile`` may not be placed on the end named ``end`` now (``None``: to open), or ``None``.

        ``end`` is an id as a play names it (see :attr:`ids`); the message says which ends are
        open. Whether the seat holds the tile is the variant's to check.

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.line import LineLayout
        >>> layout = LineLayout()
        >>> layout.place(Tile(6, 4), None)
        >>> layout.why_not(Tile(5, 5), "W")
        '5-5 does not match end W, which shows 6'
        >>> layout.why_not(Tile(6, 2), "N")
        "no end 'N' yet: the branches come with the spinner; the ends now are W, E"
        """
        if self.opening is None:
            return None if end is None else f"the first tile opens the layout: end must be null, not {quote(end)}"
        s = self._s
        arm = s.index.get(end) if isinstance(end, str) else None
        if arm is not None and arm in self._open:
            value = self.values[arm]
            if value == tile.high or value == tile.low:
                return None
            return f"{tile} does not match end {end}, which shows {value}"
        open_ids = ", ".join(s.ids[a] for a in self._open)
        if arm is not None and self._first and arm in self._free:
            return f"end {end} must wait: the ends {open_ids} are played first"
        if end is None:
            return f"the layout is open: name an end ({open_ids})"
        if arm is None:
            return f"no end {quote(end)}; the ends now are {open_ids}"
        if self.spinner is None:  # "N" or "S" before the first spinner
            if s.rule is _NO_SPIN:
                return f"no end {quote(end)}: no double spins in this layout; the ends now are {open_ids}"
            return f"no end {quote(end)} yet: the branches come with the spinner; the ends now are {open_ids}"
        sides = "one of its sides carries" if s.branches_after == 1 else "both its sides carry"
        if arm <= SOUTH:
            return f"the spinner's branch {end} opens only once {sides} a tile; ends now {open_ids}"
        spinner = s.records[(arm - NORTH) // 2][0]
        return f"the branch {end} of the spinner {spinner} opens only once {sides} a tile; ends now {open_ids}"

    def sides_covered(self, spinner: Tile) -> int:
        """How many of ``spinner``'s two line sides carry a tile.

        Raises:
            ValueError: if ``spinner`` is not a spinner of this layout.

        """
        for number, record in enumerate(self._s.records):
            if record[0] is spinner:
                return self._covered(number)
        raise ValueError(f"{spinner} is not a spinner of this layout")

    def branches_of(self, spinner: Tile) -> tuple[int, int]:
        """The indices of ``spinner``'s two branches (``(NORTH, SOUTH)`` for the first).

        Raises:
            ValueError: if ``spinner`` is not a spinner of this layout.

        """
        for tile, _, _, north, south in self._s.records:
            if tile is spinner:
                return north, south
        raise ValueError(f"{spinner} is not a spinner of this layout")

    def _covered(self, number: int) -> int:
        _, arm, position, _, _ = self._s.records[number]
        tiles = self.tiles
        if arm is None:
            return (len(tiles[WEST]) > 0) + (len(tiles[EAST]) > 0)
        return 1 + (len(tiles[arm]) > position + 1)

    def line_sides_continued(self) -> int:
        """How many of the first spinner's two line sides carry a tile (0 with no spinner)."""
        spinner = self.spinner
        if spinner is None:
            return 0
        arm = self._s.spinner_arm
        if arm is None:
            tiles = self.tiles
            return 2 - (not tiles[WEST]) - (not tiles[EAST])
        return 1 if self.tiles[arm][-1] is spinner else 2  # the arm goes on beyond it, or not yet

    def uncovered_branches(self) -> int:
        """How many of the first spinner's branches are open with no tile yet (0 while closed)."""
        if not self.branches_open:
            return 0
        return (not self.tiles[NORTH]) + (not self.tiles[SOUTH])

    # -- changing the layout --------------------------------------------------------------

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
        first = self._first
        if first:  # ends wait (play_first): place on the open ends but for them, then restrict again
            self._open = self._free
        values = self.values
        kinds = self.outer_kinds
        if arm is None:
            self.opening = tile
            self._open = _LINE_ONLY
            if tile.high == tile.low:  # a double (not the property: this is the hot path)
                values[WEST] = values[EAST] = tile.high
                if self._s.has_rule:
                    self.spinner = tile
                    self._s = self._s.first_spinner(tile, None, 0)
                    kinds[WEST] = kinds[EAST] = ArmEnd.SPINNER
                else:
                    kinds[WEST] = kinds[EAST] = ArmEnd.DOUBLE
            else:
                values[WEST] = tile.high
                values[EAST] = tile.low
        else:
            self.tiles[arm].append(tile)
            if tile.high == tile.low:
                if self.spinner is None and self._s.has_rule:
                    self.spinner = tile
                    self._s = self._s.first_spinner(tile, arm, len(self.tiles[arm]) - 1)
                    kinds[arm] = ArmEnd.SPINNER
                elif self._s.rule is _EVERY:
                    self._later_spinner(tile, arm)
                else:
                    kinds[arm] = ArmEnd.DOUBLE
            else:
                values[arm] = tile.low if tile.high == values[arm] else tile.high
                kinds[arm] = ArmEnd.PLAIN
        s = self._s
        if s.closed:
            opened = s.opened
            if opened is None:
                self._open_branches()
            elif self.line_sides_continued() >= s.branches_after:  # the first spinner alone, closed
                values[NORTH] = values[SOUTH] = self.spinner.high  # type: ignore[union-attr]  # a spinner is down
                kinds[NORTH] = kinds[SOUTH] = ArmEnd.SPINNER
                self.branches_open = True
                self._s = opened
                self._open = _ALL_ARMS
        if first:
            self._free = self._open
            self._first = tuple([a for a in first if a != arm])
            self._restrict()

    @property
    def first_ends(self) -> tuple[str, ...]:
        """The ends still to be played before any other (see :meth:`play_first`); ``()`` when none wait."""
        ids = self._s.ids
        return tuple([ids[a] for a in self._first])

    def play_first(self, ends: Iterable[str]) -> None:
        """Only the ends named ``ends`` accept tiles until each of them carries one.

        For rules such as "the three ends of a double are played before any other": the
        variant names them right after placing the tile that makes them. An end of the set
        that is not open (a branch still closed) does not hold play back; once none of the
        set is open and uncovered, every open end accepts tiles again. Called again while
        ends are waiting, it adds to them.

        Raises:
            ValueError: if an end is not an arm of this layout.

        >>> from tablegames.mechanics.line import EAST, NORTH, SOUTH
        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.line import LineLayout
        >>> layout = LineLayout(spinners="every", branches_after=0)
        >>> layout.place(Tile(6, 4), None)
        >>> layout.place(Tile(4, 4), EAST)
        >>> layout.play_first(["N", "S"])
        >>> [layout.ids[a] for a in layout.open_arms()]
        ['N', 'S']
        >>> layout.why_not(Tile(6, 2), "W")
        'end W must wait: the ends N, S are played first'
        >>> layout.place(Tile(4, 1), NORTH)
        >>> [layout.ids[a] for a in layout.open_arms()]
        ['S']
        >>> layout.place(Tile(4, 0), SOUTH)
        >>> [layout.ids[a] for a in layout.open_arms()]
        ['W', 'E', 'N', 'S']
        """
        arms = [self.index_of(end) for end in ends]
        if not self._first:
            self._free = self._open
        self._first = tuple(sorted({*self._first, *arms}))
        self._restrict()

    def _restrict(self) -> None:
        """Set the open arms to those of :meth:`play_first` open among ``_free``, or to all of ``_free``."""
        first, free = self._first, self._free
        if first:
            waiting = tuple([a for a in free if a in first])
            if waiting:
                self._open = waiting
                return
            self._first = ()
        self._open = free

    def _later_spinner(self, tile: Tile, arm: int) -> None:
        """Make the double ``tile``, just placed on ``arm``, a spinner after the first."""
        self.outer_kinds[arm] = ArmEnd.SPINNER
        self._s = self._s.added(tile, arm, len(self.tiles[arm]) - 1)
        self.values += (0, 0)
        self.outer_kinds += (ArmEnd.PLAIN, ArmEnd.PLAIN)
        self.tiles += ([], [])

    def _open_branches(self) -> None:
        """Open the branches of every closed spinner whose line sides now allow it."""
        s = self._s
        tiles = self.tiles
        records = s.records
        still: list[int] = []
        for number in s.closed:
            _, arm, position, _, _ = records[number]
            if arm is None:
                covered = (len(tiles[WEST]) > 0) + (len(tiles[EAST]) > 0)
            else:
                covered = 1 + (len(tiles[arm]) > position + 1)
            if covered < s.branches_after:
                still.append(number)
        if len(still) == len(s.closed):
            return
        values, kinds = self.values, self.outer_kinds
        for number in s.closed:
            if number not in still:
                tile, _, _, north, south = records[number]
                values[north] = values[south] = tile.high
                kinds[north] = kinds[south] = ArmEnd.SPINNER
                if number == 0:
                    self.branches_open = True
        s = self._s = s.replaced()
        s.closed = tuple(still)
        shut = {arm for n in still for arm in records[n][3:]}
        self._open = tuple(a for a in range(len(s.ids)) if a not in shut)

    def all_tiles(self) -> list[Tile]:
        """Every tile on the table: the opening tile, then each arm outward, in index order."""
        if self.opening is None:
            return []
        out = [self.opening]
        for arm_tiles in self.tiles:
            out.extend(arm_tiles)
        return out

    def __len__(self) -> int:
        return 0 if self.opening is None else 1 + sum(len(t) for t in self.tiles)

    # -- views ----------------------------------------------------------------------------

    def end_views(self, seat: int | None = None) -> tuple[EndView, ...]:
        """Every place a tile may be attached now, the same for every seat (see :func:`end_views`)."""
        values, ids = self.values, self._s.ids
        known = _END_VIEWS.get
        return tuple([known((ids[arm], values[arm])) or _end_view(ids[arm], values[arm]) for arm in self._open])

    def arm_views(self, seat: int | None = None) -> tuple[ArmView, ...]:
        """The arms for drawing, the same for every seat (see :func:`arm_views`)."""
        if self.opening is None:
            return ()
        open_arms = self._open
        values, ids, tiles = self.values, self._s.ids, self.tiles
        present = range(len(ids)) if self.spinner is not None else _LINE_ONLY
        last = self._views
        views = [*last, *[None] * (len(ids) - len(last))]
        for a in present:  # an arm's tiles only grow: a view with as many tiles, the same value and state is still true
            view = views[a]
            is_open = a in open_arms
            if (
                view is None
                or len(view.tiles) != len(tiles[a])
                or view.value != values[a]
                or view.open is not is_open
                or view.id != ids[a]
            ):
                views[a] = ArmView(ids[a], tuple(tiles[a]), values[a], is_open)
        self._views = out = tuple(views)
        return tuple([out[a] for a in present])  # type: ignore[misc]  # every present arm has its view


_END_VIEWS: Final[Kept[tuple[str, int], EndView]] = Kept("tablegames.mechanics.line: the views of ends", most=4096)
"""One :class:`EndView` per end id and value, shared by every view (their texts are kept by ``dumps``)."""


def _end_view(end: str, value: int) -> EndView:
    return _END_VIEWS.keep((end, value), EndView(end, value))


@attrs.frozen
class EndView:
    """A place a tile may be attached now, as a view shows it. JSON: ``{"id": "W", "value": 6}``."""

    id: str
    """The end id (``"W"``, ``"E"``, ``"N"``, ``"S"``, a later branch like ``"N5"``, or a
    train's id), as a play names it."""
    value: int
    """The pips a tile must show to attach there."""


@attrs.frozen
class ArmView:
    """One arm of a layout, as a view shows it for drawing."""

    id: str
    """The arm's id (``"W"``, ``"E"``, ``"N"``, ``"S"``, or a later spinner's branch like ``"N5"``)."""
    tiles: tuple[Tile, ...]
    """Its tiles, outward from the opening tile (or from the spinner, for a branch)."""
    value: int
    """The value a tile must match to attach to it."""
    open: bool
    """Whether it accepts tiles now (a branch opens once its spinner's line sides allow it)."""


_V_co = TypeVar("_V_co", covariant=True)


class Layout(Protocol[_V_co]):
    """What :func:`end_views` and :func:`arm_views` need of a layout of any kind.

    :class:`LineLayout` (arms of :class:`ArmView`) and
    :class:`~tablegames.mechanics.trains.TrainLayout` (trains of
    :class:`~tablegames.mechanics.trains.TrainView`) provide it; a variant's own layout may
    too.
    """

    def end_views(self, seat: int | None = None) -> tuple[EndView, ...]:
        """Every place ``seat`` may attach a tile now (``None``: the places open to every seat)."""
        ...  # pragma: no cover - a protocol

    def arm_views(self, seat: int | None = None) -> tuple[_V_co, ...]:
        """Each arm (or train) for drawing, as ``seat`` sees it (``None``: as anyone sees it)."""
        ...  # pragma: no cover - a protocol


def end_views(layout: Layout[Any], seat: int | None = None) -> tuple[EndView, ...]:
    """Every place a tile may be attached to ``layout`` now (none before the opening tile).

    Args:
        layout: a :class:`LineLayout`, a :class:`~tablegames.mechanics.trains.TrainLayout`,
            or any :class:`Layout`.
        seat: the seat to play, for layouts whose places depend on who plays (trains);
            ``None`` for the places open to every seat. A line layout ignores it.

    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.line import LineLayout, end_views
    >>> layout = LineLayout()
    >>> layout.place(Tile(6, 4), None)
    >>> end_views(layout)
    (EndView(id='W', value=6), EndView(id='E', value=4))
    """
    return layout.end_views(seat)


def arm_views(layout: Layout[_V_co], seat: int | None = None) -> tuple[_V_co, ...]:
    """The arms of ``layout`` for drawing it: for a line, W and E, and the branches once it has a spinner.

    Args:
        layout: a :class:`LineLayout` (gives :class:`ArmView`), a
            :class:`~tablegames.mechanics.trains.TrainLayout` (gives
            :class:`~tablegames.mechanics.trains.TrainView`), or any :class:`Layout`.
        seat: the seat the view is for (trains say which are open to it); a line ignores it.

    >>> from tablegames.mechanics.line import EAST
    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.line import LineLayout, arm_views
    >>> layout = LineLayout()
    >>> layout.place(Tile(6, 4), None)
    >>> layout.place(Tile(4, 1), EAST)
    >>> [(arm.id, [str(t) for t in arm.tiles], arm.value, arm.open) for arm in arm_views(layout)]
    [('W', [], 6, True), ('E', ['4-1'], 1, True)]
    """
    return layout.arm_views(seat)


# -- the play action -----------------------------------------------------------------------

_END_ID: Final = re.compile(END_ID_PATTERN)


@attrs.frozen
class Play(Action):
    """Place ``tile`` on the end ``end`` of a line layout (``None`` for the opening tile).

    JSON: ``{"type": "play", "tile": "6-4", "end": "W"}``. ``end`` is any string here, so that
    the layout's own message (:meth:`LineLayout.why_not`) says what is wrong with a bad one; a
    variant that publishes the few end ids its layout can have subclasses it, redefining
    ``end`` with a ``json_schema`` enum (``end`` is the last field, so the order stays).

    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.line import Play
    >>> str(Play(Tile(6, 4), "W")), str(Play(Tile(5, 5), None))
    ('6-4 on W', 'open with 5-5')
    """

    tag: ClassVar[str] = "play"
    tile: Tile
    """The tile placed."""
    end: str | None
    """The id of the end it is attached to (``"W"``, ``"E"``, ``"N"``, ``"S"``, ``"N5"``...), ``None`` to open."""

    def __str__(self) -> str:
        return f"{self.tile} on {self.end}" if self.end is not None else f"open with {self.tile}"

    @classmethod
    def interner(cls) -> Callable[[Tile, str | None], Self]:
        """An interning constructor of this class (:class:`Play`, or a variant's subclass of it).

        The function it returns gives the same object for the same tile and end every time: a
        dictionary lookup, and on a miss a new play, kept if its end is an end id a layout can
        have (:data:`END_ID_PATTERN`) or ``None``, so that junk from outside is never stored.

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.line import Play
        >>> my_play = Play.interner()
        >>> my_play(Tile(6, 4), "N5") is my_play(Tile(4, 6), "N5"), my_play(Tile(6, 4), "X") is my_play(Tile(6, 4), "X")
        (True, False)
        """
        plays: dict[tuple[Tile, str | None], Self] = {}

        def interned(tile: Tile, end: str | None) -> Play:
            found = plays.get((tile, end))
            if found is None:
                found = cls(tile, end)
                if type(tile) is Tile and (end is None or (type(end) is str and _END_ID.fullmatch(end))):
                    plays[tile, end] = found
            return found

        interned.__doc__ = f"The interned :class:`{cls.__name__}` of ``tile`` on ``end`` (a new, equal one if bad)."
        return cast("Callable[[Tile, str | None], Self]", interned)


play: Final = Play.interner()
"""The interned :class:`Play` of ``tile`` on ``end``: ``play(tile, end)``, for any tile and end id.

>>> play(Tile(6, 4), "W") is play(Tile(6, 4), "W")
True
"""
