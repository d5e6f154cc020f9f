"""American Sniff's counting rule on any line layout, counted by hand placement by placement.

The Sniff itself always uses ``branches_after=2`` (rule 9), but :func:`sniff_count` counts any
:class:`~tablegames.mechanics.line.LineLayout`, and a variant built on it may open the branches
sooner. Each expected count below is worked out in the comment beside it, with ``s`` the
spinner's half: line arms count their outer value (a double twice, the spinner nothing of its
own), open branches likewise, and the spinner adds ``2s`` while its two line sides are not both
continued, then ``s`` for each uncovered branch.
"""

from __future__ import annotations

import pytest

from tablegames.components.tiles import Tile
from tablegames.mechanics.line import EAST, NORTH, SOUTH, WEST, LineLayout
from tablegames.variants.sniff.rules import new_layout, round_pips, sniff_count

Placement = tuple[str, int | None]


def _counts(layout: LineLayout, placements: list[Placement]) -> list[int]:
    """The count after each placement."""
    out = []
    for tile, arm in placements:
        layout.place(Tile.parse(tile), arm)
        out.append(sniff_count(layout))
    return out


def test_an_empty_layout_counts_nothing() -> None:
    """Before the opening tile the count is 0."""
    assert sniff_count(new_layout()) == 0
    assert sniff_count(LineLayout(branches_after=0)) == 0


def test_the_sniff_layout_is_the_first_double_spinning_after_both_line_sides() -> None:
    """Rules 8-9: new_layout() makes the first double the spinner, its branches open after both line sides."""
    layout = new_layout()
    assert (layout.has_spinner_rule, layout.branches_after) == (True, 2)
    counts = _counts(layout, [("6-4", None), ("6-6", WEST), ("4-1", EAST), ("6-3", WEST)])
    # 6 + 4; W ends in the Sniff (nothing of its own): 4 + 2s = 16; E now 1: 1 + 12 = 13;
    # 6-3 beyond the Sniff opens the branches: W 3 + E 1 + two uncovered branches x 6 = 16.
    assert counts == [10, 16, 13, 16]
    assert layout.branches_open


@pytest.mark.parametrize(
    ("branches_after", "expected"),
    [
        # 4-4 opens: the branches open at once; W, E, N, S all end in the spinner (0 each), + 2s = 8.
        # 4-2 on N: N counts 2, line sides still bare: 2 + 8 = 10.
        # 6-4 on W: W counts 6, one line side continued: 6 + 2 + 8 = 16.
        # 4-1 on E: both line sides continued: W 6 + E 1 + N 2 + S uncovered s = 4: 13.
        (0, [8, None, 10, 16, 13]),
        # 4-4 opens: branches closed (no line side yet): + 2s = 8.
        # 6-4 on W opens them (one line side): W 6 + 2s = 14 (N, S still bare spinner ends).
        # 4-2 on N: 6 + 2 + 8 = 16.  4-1 on E: 6 + 1 + 2 + s for S = 13.
        (1, [8, 14, None, 16, 13]),
        # The Sniff's own rule: closed until both line sides: 8, 6 + 8 = 14, then 4-1 on E:
        # 6 + 1 + 2 x s uncovered = 15; 4-2 on N: 6 + 1 + 2 + s = 13.
        (2, [8, 14, 15, None, 13]),
    ],
)
def test_sniff_count_with_the_branches_opening_after_0_1_or_2_line_sides(
    branches_after: int, expected: list[int | None]
) -> None:
    """The count follows the spinner's line sides and branches for branches_after 0, 1 and 2 alike."""
    orders: dict[int, list[Placement]] = {
        0: [("4-4", None), ("4-2", NORTH), ("6-4", WEST), ("4-1", EAST)],
        1: [("4-4", None), ("6-4", WEST), ("4-2", NORTH), ("4-1", EAST)],
        2: [("4-4", None), ("6-4", WEST), ("4-1", EAST), ("4-2", NORTH)],
    }
    counts = _counts(LineLayout(branches_after=branches_after), orders[branches_after])
    assert counts == [c for c in expected if c is not None]


@pytest.mark.parametrize("branches_after", [0, 1, 2])
def test_a_spinner_inside_an_arm_counts_2s_until_its_far_side_is_continued(branches_after: int) -> None:
    """A double played on W is the spinner: 2s until a tile goes beyond it, then s per uncovered branch."""
    layout = LineLayout(branches_after=branches_after)
    counts = _counts(layout, [("6-4", None), ("6-6", WEST), ("6-3", WEST)])
    # 6 + 4; then W ends in the spinner: 4 + 2 x 6; then W 3 + E 4 + two uncovered branches x 6.
    assert counts == [10, 16, 19]
    if branches_after < 2:
        assert layout.branches_open
    layout.place(Tile(6, 2), NORTH)
    layout.place(Tile(6, 1), SOUTH)
    assert sniff_count(layout) == 3 + 4 + 2 + 1  # every branch covered: the Sniff adds nothing


def test_a_double_at_the_end_of_a_branch_counts_both_halves() -> None:
    """Rule 10: an ordinary double at an arm's end counts both halves, on a branch too."""
    layout = new_layout()
    counts = _counts(layout, [("3-3", None), ("3-1", WEST), ("3-2", EAST), ("5-3", NORTH), ("5-5", NORTH)])
    # 2s = 6; W 1 + 6 = 7; both sides continued: 1 + 2 + 2 x 3 = 9; N 5: 1 + 2 + 5 + 3 (S bare) = 11;
    # N ends in the double 5-5: 1 + 2 + 10 + 3 = 16.
    assert counts == [6, 7, 9, 11, 16]


@pytest.mark.parametrize(("pips", "rounded"), [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5), (7, 5), (8, 10)])
def test_round_pips_rounds_0_to_2_down_and_3_to_4_up(pips: int, rounded: int) -> None:
    """Rule 17: remaining pips are rounded to the nearest multiple of 5, 0-2 down and 3-4 up."""
    assert round_pips(pips) == rounded
