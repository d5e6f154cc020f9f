"""A player that picks uniformly among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["RandomBot"]

_A = TypeVar("_A")


class RandomBot:
    """Chooses uniformly at random among the legal actions it is given.

    It sees only the legal actions of its own seat, never the game, so it cannot cheat.

    >>> RandomBot().choose(["a", "b", "c"], random.Random(1))
    'a'
    """

    name = "random"
    """The bot's name on the command line."""

    def choose(self, legal: Sequence[_A], rng: random.Random) -> _A:
        """One of ``legal``, drawn with ``rng``.

        Raises:
            ValueError: if ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[rng.randrange(len(legal))]
