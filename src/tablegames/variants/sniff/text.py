"""Plain-text rendering of American Sniff events and layouts, for terminals and logs."""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.components.tiles import Tile
from tablegames.core.events import Event
from tablegames.mechanics.line import ARM_IDS, LineLayout
from tablegames.variants.sniff.events import (
    GameEnded,
    HandDealt,
    HandEnded,
    LeaderDrawn,
    Passed,
    Scored,
    TileDrawn,
    TilePlayed,
)

__all__ = ["describe_event", "render_layout", "render_tiles"]


def render_tiles(tiles: Sequence[Tile] | None) -> str:
    """Tiles in notation, space-separated (``"?"`` for hidden ones).

    >>> render_tiles([Tile(6, 4), Tile(0, 0)])
    '6-4 0-0'
    """
    if tiles is None:
        return "?"
    return " ".join(str(t) for t in tiles) or "-"


def describe_event(event: Event) -> str:
    """One line saying what ``event`` means, in words."""
    if isinstance(event, HandDealt):
        hands = "; ".join(f"seat {s}: {render_tiles(h)}" for s, h in enumerate(event.hands))
        return f"hand {event.hand_number} dealt ({hands}; stock {event.stock_size})"
    if isinstance(event, LeaderDrawn):
        return f"seat {event.seat} is drawn to lead"
    if isinstance(event, TilePlayed):
        where = "opens with" if event.end is None else "plays"
        on = "" if event.end is None else f" on {event.end}"
        return f"seat {event.seat} {where} {event.tile}{on}: count {event.count}"
    if isinstance(event, Scored):
        why = "scores" if event.reason == "count" else "loses, for tiles left,"
        return f"seat {event.seat} {why} {abs(event.points)} (side {event.side}: {event.total})"
    if isinstance(event, TileDrawn):
        tile = "a tile" if event.tile is None else str(event.tile)
        return f"seat {event.seat} draws {tile}"
    if isinstance(event, Passed):
        return f"seat {event.seat} passes"
    if isinstance(event, HandEnded):
        left = "; ".join(f"seat {s}: {render_tiles(h)}" for s, h in enumerate(event.hands))
        how = f"seat {event.seat} dominoes" if event.reason == "domino" else "the hand is blocked"
        return f"hand {event.hand_number} ends: {how} (left: {left})"
    if isinstance(event, GameEnded):
        scores = ", ".join(str(s) for s in event.scores)
        return f"side {event.winner} wins the match ({scores})"
    return repr(event)


def render_layout(layout: LineLayout) -> str:
    """The layout as a few lines of text: the line west to east, then the branches.

    >>> layout = LineLayout()
    >>> layout.place(Tile(4, 4), None); layout.place(Tile(6, 4), 0)
    >>> print(render_layout(layout))
    W 6-4 [4-4] E
    """
    if layout.opening is None:
        return "(empty)"
    west = " ".join(str(t) for t in reversed(layout.tiles[0]))
    east = " ".join(str(t) for t in layout.tiles[1])
    line = " ".join(p for p in ("W", west, f"[{layout.opening}]", east, "E") if p)
    lines = [line]
    if layout.branches_open:
        for arm in (2, 3):
            tiles = " ".join(str(t) for t in layout.tiles[arm]) or "(uncovered)"
            lines.append(f"{ARM_IDS[arm]} from the Sniff {layout.spinner}: {tiles}")
    return "\n".join(lines)
