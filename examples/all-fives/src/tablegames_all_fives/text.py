"""Plain-text rendering of All Fives' events: the library's events say themselves (``describe()``)."""

from __future__ import annotations

from typing import Final

from tablegames.core.events import Event
from tablegames.mechanics.dominoes import render_tiles
from tablegames.mechanics.drawgame import Scored
from tablegames_all_fives.events import HandDealt, LeaderChosen

__all__ = ["describe_event"]

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

    >>> describe_event(Scored(None, 1, 15, "block", 40))
    'side 1 scores, for the blocked hand, 15 (side 1: 40)'
    """
    if isinstance(event, HandDealt):
        hands = "; ".join(f"seat {s}: {render_tiles(h)}" for s, h in enumerate(event.hands))
        return f"hand {event.hand_number} dealt ({hands}; boneyard {event.boneyard_size})"
    if isinstance(event, LeaderChosen):
        opens = f" and opens with {event.tile}" if event.tile is not None else ""
        return f"seat {event.seat} leads: {_LEAD_WORDS.get(event.reason, event.reason)}{opens}"
    if isinstance(event, Scored):
        who = f"side {event.side}" if event.seat is None else f"seat {event.seat}"
        return f"{who} {_SCORE_WORDS.get(event.reason, event.reason)} {event.points} (side {event.side}: {event.total})"
    return event.describe()
