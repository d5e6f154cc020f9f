"""The American Sniff heuristic: the placement that scores most now.

The layout is rebuilt from the seat's view and each legal placement is counted with
:func:`~tablegames.variants.sniff.rules.sniff_count`; the most points win, then the heaviest
tile (to shed pips), then a double (hard to place later). :class:`~tablegames.bots.greedy.GreedyBot`
plays it through :meth:`Sniff.heuristic_choice <tablegames.variants.sniff.game.Sniff.heuristic_choice>`,
and the greedy playouts of :mod:`tablegames.variants.sniff.search` use :func:`sniff_choice` on a
layout they keep up to date.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from tablegames.core.events import Action
from tablegames.core.observation import Observation
from tablegames.mechanics.line import ARM_IDS, NORTH, LineLayout, arm_index
from tablegames.variants.sniff.actions import Play
from tablegames.variants.sniff.rules import END_WEIGHTS, new_layout, sniff_count
from tablegames.variants.sniff.view import SniffView

__all__ = ["choose", "placement_points", "sniff_choice", "sniff_layout"]

_ARM: Final = {arm_id: arm_index(arm_id) for arm_id in ARM_IDS}


def choose(observation: Observation) -> Action:
    """The heuristic's placement for ``observation``, which offers a legal action (see the module's documentation)."""
    return sniff_choice(sniff_layout(observation.view), observation.legal)


def sniff_layout(view: SniffView) -> LineLayout:
    """The layout a Sniff view shows, rebuilt tile by tile (the Sniff placed before any later double)."""
    layout = new_layout()
    if view.opening is None:
        return layout
    layout.place(view.opening, None)
    arms = {a.id: a.tiles for a in view.arms}
    order: list[tuple[str, Sequence[Any]]] = []
    first: str | None = None
    sniff = view.sniff
    if sniff is not None and sniff is not view.opening:
        for arm_id in ("W", "E"):
            tiles = arms.get(arm_id, ())
            if sniff in tiles:
                cut = tiles.index(sniff) + 1
                order += [(arm_id, tiles[:cut]), (arm_id, tiles[cut:])]
                first = arm_id
    order += [(arm_id, arms.get(arm_id, ())) for arm_id in ("W", "E", "N", "S") if arm_id != first]
    for arm_id, placed in order:
        arm = arm_index(arm_id)
        for tile in placed:
            layout.place(tile, arm)
    return layout


def placement_points(layout: LineLayout, play: Play) -> int:
    """What ``play`` would score on ``layout``: the count after it if a positive multiple of 5, else 0."""
    trial = layout.copy()
    trial.place(play.tile, None if play.end is None else arm_index(play.end))
    count = sniff_count(trial)
    return count if count and count % 5 == 0 else 0


def sniff_choice(layout: LineLayout, legal: Sequence[Action]) -> Action:
    """The greedy placement among ``legal`` on ``layout``: most points, then heaviest tile, then a double.

    (The most points also reach the target whenever any placement does.)
    """
    best: Action = legal[0]
    best_key: tuple[int, int, bool] | None = None
    points_after = _points_once_open(layout) or placement_points
    for play in legal:
        assert isinstance(play, Play)
        points = points_after(layout, play)
        key = (points, play.tile.pips, play.tile.is_double)
        if best_key is None or key > best_key:
            best, best_key = play, key
    return best


def _points_once_open(layout: LineLayout) -> Callable[[LineLayout, Play], int] | None:
    """:func:`placement_points` worked out from the count now, for a layout whose Sniff has opened its branches.

    Then a placement on an arm changes only that arm's end (and, on a bare branch, the Sniff's
    share of the count), so no copy of the layout is needed. ``None`` before that, when a
    placement may make the Sniff or open its branches.
    """
    if not layout.branches_open or len(layout.values) != 4 or layout.line_sides_continued() < 2:
        return None
    count = sniff_count(layout)
    values = layout.values
    kinds = layout.outer_kinds
    tiles = layout.tiles
    sniff = layout.spinner.high  # type: ignore[union-attr]  # open branches mean a Sniff

    def points(_: LineLayout, play: Play) -> int:
        arm = _ARM[play.end]  # type: ignore[index]  # a legal play on an open layout names an end
        value = values[arm]
        tile = play.tile
        after = count - END_WEIGHTS[kinds[arm]] * value
        after += 2 * value if tile.high == tile.low else (tile.low if tile.high == value else tile.high)
        if arm >= NORTH and not tiles[arm]:
            after -= sniff  # the first tile on a branch covers the Sniff's half there
        return after if after and after % 5 == 0 else 0

    return points
