"""The American Sniff heuristic: the placement that scores most now.

The layout is rebuilt from the seat's view and each legal placement is counted with
:func:`~tablegames.variants.sniff.rules.sniff_count`; the most points win, then the heaviest
tile (to shed pips), then a double (hard to place later). :class:`~tablegames.bots.greedy.GreedyBot`
plays it through :meth:`Sniff.heuristic_choice <tablegames.variants.sniff.game.Sniff.heuristic_choice>`,
and the greedy playouts of :mod:`tablegames.variants.sniff.search` use :func:`sniff_choice` on a
layout they keep up to date.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablegames.core.events import Action
from tablegames.core.observation import Observation
from tablegames.mechanics.line import LineLayout, arm_index
from tablegames.variants.sniff.actions import Play
from tablegames.variants.sniff.rules import new_layout, sniff_count
from tablegames.variants.sniff.view import SniffView

__all__ = ["choose", "placement_points", "sniff_choice", "sniff_layout"]


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
    for play in legal:
        assert isinstance(play, Play)
        points = placement_points(layout, play)
        key = (points, play.tile.pips, play.tile.is_double)
        if best_key is None or key > best_key:
            best, best_key = play, key
    return best
