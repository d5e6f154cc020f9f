"""Perft: counting the action sequences of a game tree, to pin a move generator down.

Chess programs check their move generators by counting the positions a fixed number of
moves deep (*perft*, performance test) and comparing the counts with published figures. The
same works for any variant: from a fixed stacked deal, the number of distinct legal action
sequences of each length is a single integer that changes as soon as any rule of legality,
any automatic step (drawing, passing, a throw-in) or the order of turns changes.

The convention: :func:`perft` counts the distinct sequences of ``depth`` legal actions from
``game``; a sequence that ends the match before ``depth`` actions counts once, at its end
(it cannot be extended). So a game that is already over counts 1 at every depth, like the
empty sequence at depth 0. Automatic steps are not actions and are never counted.

Only the public contract is used: :meth:`~tablegames.core.game.Game.clone`,
:meth:`~tablegames.core.game.Game.legal_actions` and
:meth:`~tablegames.core.game.Game.apply`. The game passed in is never changed.

>>> from tablegames.testing.perft import perft, perft_divide
>>> import tablegames
>>> deal = {
...     "hands": [["4-4", "4-1", "6-6", "5-5", "3-3", "2-2", "1-1"],
...               ["6-4", "4-2", "6-5", "6-3", "6-2", "6-1", "6-0"]],
...     "stock": ["0-0", "1-0", "2-0", "2-1", "3-0", "3-1", "3-2",
...               "4-0", "4-3", "5-0", "5-1", "5-2", "5-3", "5-4"],
...     "leader": 0,
... }
>>> game = tablegames.new_game("american-sniff", seed=1, players=2, deals=[deal])
>>> [perft(game, depth) for depth in range(3)]
[1, 7, 29]
>>> perft_divide(game, 2)['{"type":"play","tile":"6-6","end":null}']
12
"""

from __future__ import annotations

from tablegames.core.game import Game
from tablegames.core.serde import dumps

__all__ = ["perft", "perft_divide"]


def _check(game: object, depth: object) -> None:
    if not isinstance(game, Game):
        raise TypeError(f"perft needs a Game, not {type(game).__name__}")
    if type(depth) is not int or depth < 0:
        raise ValueError(f"depth {depth!r} is not allowed; a depth is an int >= 0")


def _count(game: Game, depth: int) -> int:
    if depth == 0 or game.is_over:
        return 1
    legal = game.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = game.clone()
        child.apply(action)
        total += _count(child, depth - 1)
    return total


def perft(game: Game, depth: int) -> int:
    """The number of distinct legal action sequences of length ``depth`` from ``game``.

    A sequence that ends the match early counts once, at its end; a game already over
    counts 1. ``game`` itself is not changed.

    Args:
        game: any game, at any point of a match.
        depth: how many actions deep to count, an int from 0.

    Returns:
        The count; 1 at depth 0.

    Raises:
        TypeError: if ``game`` is not a :class:`~tablegames.core.game.Game`.
        ValueError: if ``depth`` is not an int >= 0.

    """
    _check(game, depth)
    return _count(game, depth)


def perft_divide(game: Game, depth: int) -> dict[str, int]:
    """:func:`perft` split by the first action, for finding where two counts part ways.

    Args:
        game: any game, at any point of a match.
        depth: how many actions deep to count, an int from 1.

    Returns:
        For each legal first action, keyed by its JSON text (:func:`tablegames.dumps`), the
        number of sequences of length ``depth`` that start with it, in the order of
        :meth:`~tablegames.core.game.Game.legal_actions`. The values add up to
        ``perft(game, depth)``; empty once the game is over.

    Raises:
        TypeError: if ``game`` is not a :class:`~tablegames.core.game.Game`.
        ValueError: if ``depth`` is not an int >= 1.

    """
    _check(game, depth)
    if depth == 0:
        raise ValueError("depth 0 is not allowed; perft_divide needs a depth >= 1 (a first action)")
    counts: dict[str, int] = {}
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        counts[dumps(action)] = _count(child, depth - 1)
    return counts
