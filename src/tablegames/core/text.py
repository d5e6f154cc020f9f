"""Generic text for the command line: any view as plain lines, and a docstring's summary line.

These are the defaults of the text capabilities of :class:`~tablegames.core.game.Game`
(:meth:`~tablegames.core.game.Game.render_view` and
:attr:`~tablegames.core.game.Game.summary`); they read nothing but the contract's JSON forms
and docstrings, so they work for every variant.
"""

from __future__ import annotations

from typing import Any, Final

from tablegames.core.serde import to_json

__all__ = ["VIEW_SKIPPED", "plain_value", "summary_line", "view_lines"]

VIEW_SKIPPED: Final = frozenset({"hand", "legal_actions", "scores"})
"""The view fields :func:`view_lines` leaves out of its ``name: value`` lines: the command line
numbers the legal actions and writes the scores itself, and the hand comes last."""


def plain_value(value: Any) -> str:
    """A JSON value in plain words: ``none`` for null, ``yes``/``no``, lists space-separated.

    A list of lists or objects is separated by commas, an object is written ``key value ...``,
    and a list or object inside another one is put in parentheses.

    >>> from tablegames.core.text import plain_value
    >>> plain_value(None), plain_value(True), plain_value("bidding"), plain_value([6, 6, 5])
    ('none', 'yes', 'bidding', '6 6 5')
    >>> plain_value([{"seat": 1, "amount": None}, {"seat": 2, "amount": 3}]), plain_value([])
    ('seat 1 amount none, seat 2 amount 3', '(none)')
    >>> plain_value({"id": "W", "tiles": ["6-4", "4-4"]})
    'id W tiles (6-4 4-4)'
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return " ".join(f"{str(key).replace('_', ' ')} {_inner(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple)):
        if not value:
            return "(none)"
        if any(isinstance(item, (list, tuple, dict)) for item in value):
            return ", ".join(plain_value(item) for item in value)
        return " ".join(plain_value(item) for item in value)
    return str(value)


def _inner(value: Any) -> str:
    """A value inside an object: in parentheses if it is a list or object of several words."""
    text = plain_value(value)
    return f"({text})" if isinstance(value, (list, tuple, dict)) and value and " " in text else text


def view_lines(view: Any) -> list[str]:
    """Any variant's view as lines of text: a ``name: value`` line per field, then ``your pieces``.

    The fields are those of the view's JSON form (:func:`~tablegames.core.serde.to_json`), in
    order, but the ones in :data:`VIEW_SKIPPED`; a name's underscores become spaces and a value
    is written by :func:`plain_value`. The seat's own ``hand``, if the view has one, comes last,
    its pieces in notation.

    >>> from tablegames.core.text import view_lines
    >>> import tablegames
    >>> game = tablegames.new_game("four-point-smear", seed=3)
    >>> lines = view_lines(game.view(0))
    >>> lines[:3], lines[-1]
    (['seat: 0', 'hand number: 1', 'hand sizes: 6 6 6 6'], 'your pieces  10S 9S 8S AH 8H 10D')
    """
    data = to_json(view)
    if not isinstance(data, dict):
        return [plain_value(data)]
    lines = [f"{key.replace('_', ' ')}: {plain_value(value)}" for key, value in data.items() if key not in VIEW_SKIPPED]
    hand = data.get("hand")
    if isinstance(hand, list):
        lines.append(f"your pieces  {' '.join(str(piece) for piece in hand) or '(none)'}")
    return lines


def summary_line(doc: str | None) -> str:
    """The summary line of a docstring (its first non-blank line, stripped); ``""`` for none.

    >>> from tablegames.core.text import summary_line
    >>> summary_line('''All Fives for 2, 3 or 4 players.
    ...
    ...     More.''')
    'All Fives for 2, 3 or 4 players.'
    >>> summary_line(None)
    ''
    """
    for line in (doc or "").splitlines():
        if line.strip():
            return line.strip()
    return ""
