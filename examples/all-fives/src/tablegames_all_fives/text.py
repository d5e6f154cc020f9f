"""Plain-text rendering of All Fives events and layouts, for terminals and logs.

The events the library defines say themselves in words (their ``describe()``); so do tiles
(:func:`~tablegames.mechanics.dominoes.render_tiles`, re-exported here).
"""

from __future__ import annotations

from typing import Final

from tablegames.components.tiles import Tile
from tablegames.core.events import Event
from tablegames.mechanics.dominoes import HandEnded, Passed, TileDrawn, TilePlayed, render_tiles
from tablegames.mechanics.line import ARM_IDS, LineLayout
from tablegames.mechanics.match import GameEnded
from tablegames_all_fives.events import HandDealt, LeaderChosen, Scored

__all__ = ["describe_event", "render_layout", "render_tiles"]

_LEAD_WORDS: Final = {
    "highest_double": "holds the highest double",
    "heaviest_tile": "holds the heaviest tile (no double was dealt)",
    "domino": "dominoed the last hand",
    "block": "had the fewest pips when the last hand blocked",
}
_SCORE_WORDS: Final = {
    "count": "scores",
    "domino": "scores, for the opponents' tiles,",
    "block": "scores, for the blocked hand,",
}


def describe_event(event: Event) -> str:
    """One line saying what ``event`` means, in words.

    >>> describe_event(TilePlayed(1, Tile(6, 4), "W", 10))
    'seat 1 plays 6-4 on W: count 10'
    >>> describe_event(Scored(None, 1, 15, "block", 40))
    'side 1 scores, for the blocked hand, 15 (side 1: 40)'
    """
    if isinstance(event, (TilePlayed, TileDrawn, Passed, HandEnded, GameEnded)):
        return event.describe()
    if isinstance(event, HandDealt):
        hands = "; ".join(f"seat {s}: {render_tiles(h)}" for s, h in enumerate(event.hands))
        return f"hand {event.hand_number} dealt ({hands}; boneyard {event.boneyard_size})"
    if isinstance(event, LeaderChosen):
        why = _LEAD_WORDS.get(event.reason, event.reason)
        opens = f" and opens with {event.tile}" if event.tile is not None else ""
        return f"seat {event.seat} leads: {why}{opens}"
    if isinstance(event, Scored):
        who = f"side {event.side}" if event.seat is None else f"seat {event.seat}"
        why = _SCORE_WORDS.get(event.reason, event.reason)
        return f"{who} {why} {event.points} (side {event.side}: {event.total})"
    return repr(event)


def render_layout(layout: LineLayout) -> str:
    """The layout as a few lines of text: the line west to east, then the spinner's branches.

    The spinner is marked ``*``.

    >>> from tablegames_all_fives.rules import new_layout
    >>> layout = new_layout()
    >>> layout.place(Tile(6, 4), None); layout.place(Tile(6, 6), 0); layout.place(Tile(4, 1), 1)
    >>> print(render_layout(layout))
    W 6-6* [6-4] 4-1 E
    >>> layout.place(Tile(6, 2), 0); print(render_layout(layout))
    W 6-2 6-6* [6-4] 4-1 E
    N from the spinner 6-6: (no tile yet)
    S from the spinner 6-6: (no tile yet)
    """
    if layout.opening is None:
        return "(empty)"

    def mark(tile: Tile) -> str:
        return f"{tile}*" if tile is layout.spinner else str(tile)

    west = " ".join(mark(t) for t in reversed(layout.tiles[0]))
    east = " ".join(mark(t) for t in layout.tiles[1])
    line = " ".join(p for p in ("W", west, f"[{mark(layout.opening)}]", east, "E") if p)
    lines = [line]
    if layout.branches_open:
        for arm in (2, 3):
            tiles = " ".join(str(t) for t in layout.tiles[arm]) or "(no tile yet)"
            lines.append(f"{ARM_IDS[arm]} from the spinner {layout.spinner}: {tiles}")
    return "\n".join(lines)
