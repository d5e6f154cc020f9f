"""American Sniff's counting and settlement rules, as pure functions."""

from __future__ import annotations

from typing import Final

from tablegames.mechanics.line import ArmEnd, LineLayout

__all__ = ["END_WEIGHTS", "new_layout", "round_pips", "sniff_count"]

# What an arm's outer value counts for, by its ArmEnd kind: a plain tile once, a double
# twice, the Sniff nothing of its own (it is counted once, below).
_WEIGHT: Final = {ArmEnd.PLAIN: 1, ArmEnd.DOUBLE: 2, ArmEnd.SPINNER: 0}
_WEIGHTS: Final = tuple(_WEIGHT[kind] for kind in sorted(_WEIGHT))
END_WEIGHTS: Final[tuple[int, ...]] = _WEIGHTS
"""What an open arm's outer value counts for, by its :class:`~tablegames.mechanics.line.ArmEnd` kind (an index)."""


def new_layout() -> LineLayout:
    """An empty Sniff layout (rules 8 and 9).

    The first double is the spinner (the Sniff); its branches open once both of its line sides
    carry a tile.
    """
    return LineLayout(spinner=True, branches_after=2)


def sniff_count(layout: LineLayout) -> int:
    """The count of a Sniff layout (RULES.md, Sniff rules 8 to 11).

    Every open arm with a tile beyond the Sniff counts its outer end (both halves if it ends
    in an ordinary double); an arm whose outer piece is the Sniff adds nothing of its own. The
    Sniff (value ``s`` a half) adds ``2s`` while its two line sides are not both continued,
    then ``s`` for each uncovered branch.

    >>> from tablegames.variants.sniff.rules import sniff_count
    >>> from tablegames.mechanics.line import LineLayout
    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.line import WEST, EAST, NORTH
    >>> layout = LineLayout()
    >>> counts = []
    >>> for tile, arm in [(Tile(4, 4), None), (Tile(6, 4), WEST), (Tile(4, 1), EAST), (Tile(4, 2), NORTH)]:
    ...     layout.place(tile, arm)
    ...     counts.append(sniff_count(layout))
    >>> counts
    [8, 14, 15, 13]
    """
    if layout.opening is None:
        return 0
    values = layout.values
    kinds = layout.outer_kinds
    weight = _WEIGHTS
    total = weight[kinds[0]] * values[0] + weight[kinds[1]] * values[1]
    spinner = layout.spinner
    if layout.branches_open:
        total += weight[kinds[2]] * values[2] + weight[kinds[3]] * values[3]
        if layout.line_sides_continued() < 2:  # open early (branches_after 0 or 1): the Sniff still counts whole
            total += 2 * spinner.high  # type: ignore[union-attr]  # open branches mean a Sniff
        else:
            tiles = layout.tiles
            total += spinner.high * ((not tiles[2]) + (not tiles[3]))  # type: ignore[union-attr]
    elif spinner is not None:
        # closed branches: fewer line sides are continued than branches_after (at most 1 of 2)
        total += 2 * spinner.high
    return total


def round_pips(pips: int) -> int:
    """``pips`` rounded to the nearest multiple of 5, 0-2 down and 3-4 up (rule 17).

    >>> from tablegames.variants.sniff.rules import round_pips
    >>> [round_pips(p) for p in (0, 2, 3, 12, 13)]
    [0, 0, 5, 10, 15]
    """
    return 5 * ((pips + 2) // 5)
