"""The environments' text rendering: whose turn, the scores, the table and one seat's view, hand included.

>>> import tablegames
>>> from tablegames.rl.text import render_text
>>> game = tablegames.new_game("american-sniff", seed=1, players=2)
>>> text = render_text(game, 0)
>>> text.splitlines()[0]
'seat 0 | hand 1 | seat 0 to act | scores: seat 0 0, seat 1 0'
>>> text.splitlines()[-1]
'your tiles  6-5 6-1 5-4 3-3 3-1 1-1 0-0'
"""

from __future__ import annotations

from typing import Final

from tablegames.core.game import Game
from tablegames.core.serde import to_json

__all__ = ["RENDER_MODES", "render_text", "side_labels"]

RENDER_MODES: Final = ("ansi", "human")
"""The environments' render modes (``"ansi"`` answers :func:`render_text`, ``"human"`` prints it)."""


def side_labels(game: Game) -> list[str]:
    """A label per side: ``"seat 1"`` for a seat alone, ``"seats 0+2"`` for a partnership."""
    seats: list[list[int]] = [[] for _ in range(game.sides)]
    for seat in range(game.players):
        seats[game.side_of(seat)].append(seat)
    return [f"seat {s[0]}" if len(s) == 1 else "seats " + "+".join(map(str, s)) for s in seats]


def render_text(game: Game, seat: int) -> str:
    """What ``seat`` may know of ``game`` now, as lines of text.

    The first line gives the seat, the hand's number, whose turn it is (or that the match is
    over) and every side's score; then the table (:meth:`~tablegames.core.game.Game.render_table`)
    and the seat's view as the variant renders it
    (:meth:`~tablegames.core.game.Game.render_view`: the generic default ends with the seat's
    own pieces).
    """
    labels = side_labels(game)
    view = game.view(seat)
    hand = to_json(view).get("hand_number")
    current = game.current_player
    turn = "over" if current is None else f"seat {current} to act"
    scores = ", ".join(f"{label} {score}" for label, score in zip(labels, game.scores, strict=True))
    head = [f"seat {seat}", *([f"hand {hand}"] if hand is not None else []), turn, f"scores: {scores}"]
    lines = [" | ".join(head)]
    table = game.render_table()
    if table:
        lines.append(table)
    lines.extend(type(game).render_view(view, labels))
    return "\n".join(lines)
