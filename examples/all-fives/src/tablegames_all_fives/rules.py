"""All Fives' counting, leading and hand-end scoring rules, as pure functions.

The layout is the draw game base's :class:`~tablegames.mechanics.line.LineLayout` with one
spinner whose branches open once both of its line sides carry a tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from tablegames.components.seats import Seating
from tablegames.components.tiles import Tile
from tablegames.mechanics.line import ArmEnd, LineLayout

__all__ = [
    "BlockResult",
    "Lead",
    "all_fives_count",
    "block_result",
    "domino_points",
    "opening_lead",
    "round_to_five",
]

_PLAIN: Final = ArmEnd.PLAIN
_DOUBLE: Final = ArmEnd.DOUBLE
_DOUBLES: Final = tuple(Tile(v, v) for v in range(6, -1, -1))


def all_fives_count(layout: LineLayout) -> int:
    """The count of an All Fives layout: the sum of its open ends (rule 10).

    Every open arm with a tile beyond the spinner counts its outer end (both halves if it
    ends in an ordinary double). The spinner (value ``s`` a half) counts ``2s`` while fewer
    than two of its sides carry a tile, then nothing; a branch with no tile yet counts
    nothing. A lone opening tile counts both halves.

    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.line import EAST, NORTH, SOUTH, WEST
    >>> layout = LineLayout(spinner=True, branches_after=2)
    >>> counts = []
    >>> for tile, arm in [(Tile(5, 5), None), (Tile(5, 0), WEST), (Tile(5, 3), EAST), (Tile(5, 2), NORTH)]:
    ...     layout.place(tile, arm)
    ...     counts.append(all_fives_count(layout))
    >>> counts
    [10, 10, 3, 5]
    >>> layout.place(Tile(5, 1), SOUTH); all_fives_count(layout)
    6
    """
    if layout.opening is None:
        return 0
    values = layout.values
    kinds = layout.outer_kinds
    total = 0
    for arm in range(4 if layout.branches_open else 2):
        kind = kinds[arm]
        if kind == _PLAIN:
            total += values[arm]
        elif kind == _DOUBLE:
            total += 2 * values[arm]
    spinner = layout.spinner
    if spinner is not None and not layout.branches_open:
        # branches_after=2: the branches are closed exactly while fewer than two sides carry a tile
        total += 2 * spinner.high
    return total


def round_to_five(pips: int) -> int:
    """``pips`` rounded to the nearest multiple of 5, 0-2 down and 3-4 up (rules 15 and 16).

    >>> [round_to_five(p) for p in (0, 2, 3, 12, 13, 27)]
    [0, 0, 5, 10, 15, 25]
    """
    return 5 * ((pips + 2) // 5)


@attrs.frozen
class Lead:
    """Who leads a hand by the tiles dealt, and the tile they must open with (rule 5)."""

    seat: int
    """The seat that leads."""
    tile: Tile
    """The tile it must open with."""
    reason: str
    """``"highest_double"`` or ``"heaviest_tile"``."""


def opening_lead(hands: Sequence[Sequence[Tile]]) -> Lead:
    """The holder of the highest double, who opens with it; with no double dealt, the holder
    of the heaviest tile (most pips, then the higher half), who opens with that (rule 5).

    >>> opening_lead([[Tile(6, 5), Tile(2, 2)], [Tile(4, 4), Tile(1, 0)]])
    Lead(seat=1, tile=Tile(4, 4), reason='highest_double')
    >>> opening_lead([[Tile(6, 3), Tile(2, 1)], [Tile(5, 4), Tile(1, 0)]])
    Lead(seat=0, tile=Tile(6, 3), reason='heaviest_tile')

    Raises:
        ValueError: if every hand is empty.

    """
    holder = {tile: seat for seat, hand in enumerate(hands) for tile in hand}
    for double in _DOUBLES:
        if double in holder:
            return Lead(holder[double], double, "highest_double")
    if not holder:
        raise ValueError("no tile has been dealt")
    heaviest = max(holder, key=lambda t: (t.pips, t.high))
    return Lead(holder[heaviest], heaviest, "heaviest_tile")


def _pips(hand: Sequence[Tile]) -> int:
    return sum(t.pips for t in hand)


def domino_points(hands: Sequence[Sequence[Tile]], seat: int, seating: Seating) -> int:
    """What ``seat`` scores for dominoing: the pips left in the opponents' hands, together,
    rounded to the nearest multiple of 5 (a partner's tiles do not count; rule 15).

    >>> domino_points([[], [Tile(6, 6)], [Tile(1, 0)]], 0, Seating(3))
    15
    >>> domino_points([[], [Tile(6, 6)], [Tile(1, 0)], [Tile(0, 0)]], 0, Seating(4, partnerships=True))
    10
    """
    side = seating.side_of(seat)
    return round_to_five(sum(_pips(h) for s, h in enumerate(hands) if seating.side_of(s) != side))


@attrs.frozen
class BlockResult:
    """How a blocked hand is settled (rule 16)."""

    side: int | None
    """The side with the fewest pips, which scores; ``None`` if sides tie for the fewest."""
    seat: int | None
    """The player of that side with the fewest pips, who leads the next hand; ``None`` if
    there is no such side or its partners tie."""
    points: int
    """What the side scores: the other sides' pips minus its own, rounded to 5 (0 on a tie)."""
    pips: tuple[int, ...]
    """Each side's pips."""


def block_result(hands: Sequence[Sequence[Tile]], seating: Seating) -> BlockResult:
    """The settlement of a blocked hand: the side with the fewest pips scores the others' pips
    minus its own, rounded to the nearest multiple of 5; a tie for the fewest scores nothing.

    >>> block_result([[Tile(1, 0)], [Tile(6, 5)]], Seating(2))
    BlockResult(side=0, seat=0, points=10, pips=(1, 11))
    >>> block_result([[Tile(2, 0)], [Tile(1, 1)], [Tile(6, 6)]], Seating(3)).side is None
    True
    """
    per_seat = [_pips(h) for h in hands]
    pips = [0] * seating.sides
    for s, count in enumerate(per_seat):
        pips[seating.side_of(s)] += count
    fewest = min(pips)
    if pips.count(fewest) > 1:
        return BlockResult(None, None, 0, tuple(pips))
    side = pips.index(fewest)
    seats = seating.seats_of(side)
    lowest = min(per_seat[s] for s in seats)
    holders = [s for s in seats if per_seat[s] == lowest]
    seat = holders[0] if len(holders) == 1 else None
    return BlockResult(side, seat, round_to_five(sum(pips) - 2 * fewest), tuple(pips))
