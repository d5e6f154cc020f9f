"""Plain-text rendering of American Sniff events, layouts, views and scoresheet notes, for terminals and logs.

:class:`~tablegames.variants.sniff.game.Sniff` hands these to the command line through the
text capabilities of :class:`~tablegames.core.game.Game` (``describe_event``, ``render_view``,
``hand_note``). The events the library defines say themselves in words (their ``describe()``),
and tiles are the library's :func:`~tablegames.mechanics.dominoes.render_tiles`, re-exported here.
"""

from __future__ import annotations

from typing import Any

from tablegames.core.events import Event
from tablegames.mechanics.dominoes import render_tiles
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
from tablegames.variants.sniff.view import SniffView

__all__ = ["describe_event", "hand_note", "render_layout", "render_tiles", "view_lines"]


def describe_event(event: Event) -> str:
    """One line saying what ``event`` means, in words."""
    if isinstance(event, (TilePlayed, TileDrawn, Passed, HandEnded, GameEnded)):
        return event.describe()
    if isinstance(event, HandDealt):
        hands = "; ".join(f"seat {s}: {render_tiles(h)}" for s, h in enumerate(event.hands))
        return f"hand {event.hand_number} dealt ({hands}; stock {event.stock_size})"
    if isinstance(event, LeaderDrawn):
        return f"seat {event.seat} is drawn to lead"
    if isinstance(event, Scored):
        why = "scores" if event.reason == "count" else "loses, for tiles left,"
        return f"seat {event.seat} {why} {abs(event.points)} (side {event.side}: {event.total})"
    return repr(event)


def render_layout(layout: LineLayout) -> str:
    """The layout as a few lines of text: the line west to east, then the branches.

    >>> from tablegames.mechanics.line import LineLayout
    >>> from tablegames.variants.sniff.text import render_layout
    >>> from tablegames.components.tiles import Tile
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


def view_lines(view: SniffView) -> list[str]:
    """What one seat sees now, as lines: the hand and stock, the layout with its ends, the seat's tiles.

    The Sniff is marked ``*``; the line runs west to east with the opening tile in brackets.
    """
    held = ", ".join(f"seat {s} {n}" for s, n in enumerate(view.hand_sizes))
    lines = [f"hand {view.hand_number}; stock {view.stock_size} tiles; tiles held: {held}"]
    if view.opening is None:
        lines.append("layout    empty: the first tile opens it")
    else:
        arms = {arm.id: arm for arm in view.arms}

        def mark(tile: Any) -> str:
            return f"{tile}*" if tile == view.sniff else str(tile)

        west, east = arms["W"], arms["E"]
        line = [mark(t) for t in reversed(west.tiles)] + [f"[{mark(view.opening)}]"] + [mark(t) for t in east.tiles]
        lines.append(f"layout    W={west.value}  {' '.join(line)}  E={east.value}")
        branches = [arms[a] for a in ("N", "S") if a in arms]
        if branches and not any(b.open for b in branches):
            lines.append(f"          N, S: the Sniff {view.sniff}* opens them once both its line sides carry a tile")
        for arm in branches:
            if arm.open:
                tiles = " ".join(mark(t) for t in arm.tiles) or "(no tile yet)"
                lines.append(f"          {arm.id}={arm.value}  from the Sniff {view.sniff}*: {tiles}")
        ends = ", ".join(f"{end.id} {end.value}" for end in view.ends)
        lines.append(f"ends      {ends}; count {view.count}")
    lines.append(f"your tiles  {' '.join(str(t) for t in view.hand) or '(none)'}")
    return lines


def hand_note(event: Event) -> str | None:
    """The scoresheet's note on how a hand ended (``"seat 1 dominoed"``, ``"blocked"``), else ``None``.

    >>> from tablegames.variants.sniff.events import HandEnded
    >>> from tablegames.variants.sniff.text import hand_note
    >>> hand_note(HandEnded(1, "domino", 1, ((), ()))), hand_note(HandEnded(2, "blocked", None, ((), ())))
    ('seat 1 dominoed', 'blocked')
    """
    if isinstance(event, HandEnded):
        return f"seat {event.seat} dominoed" if event.reason == "domino" else "blocked"
    return None
