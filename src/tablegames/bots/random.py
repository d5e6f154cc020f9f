"""A player that picks at random among the legal actions, bidding cautiously."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from tablegames.core.events import Action
from tablegames.core.observation import Observation

__all__ = ["RandomBot"]

_A = TypeVar("_A")


class RandomBot:
    """Chooses uniformly at random among the legal actions, except in an auction.

    Where a pass and bids are offered, it passes with probability :attr:`pass_rate` and
    otherwise makes the lowest bid: uniformly random bids in Smear are set so often that a
    match never ends. Bids and passes are the actions that declare themselves so
    (:attr:`~tablegames.core.events.Action.auction_call` and
    :meth:`~tablegames.core.events.Action.bid_amount`). It sees only its own seat's legal
    actions, never the game, so it cannot cheat.

    >>> import random
    >>> from tablegames.bots.random import RandomBot
    >>> RandomBot().choose(["a", "b", "c"], random.Random(1))
    'a'
    """

    name = "random"
    """The bot's name on the command line."""

    def __init__(self, *, pass_rate: float = 0.6) -> None:
        self.pass_rate = pass_rate
        """How often it passes when it may bid instead."""

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """One of the observation's legal actions (see :meth:`choose`)."""
        return self.choose(observation.legal, rng)

    def choose(self, legal: Sequence[_A], rng: random.Random) -> _A:
        """One of ``legal``, drawn with ``rng``.

        Raises:
            ValueError: if ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        calls = [a.auction_call if isinstance(a, Action) else None for a in legal]
        if "pass" in calls and "bid" in calls:
            if rng.random() < self.pass_rate:
                return legal[calls.index("pass")]
            lowest: tuple[int, int] | None = None  # (amount, index) of the lowest bid, the first if tied
            for index, action in enumerate(legal):
                amount = action.bid_amount() if isinstance(action, Action) else None
                if amount is not None and (lowest is None or amount < lowest[0]):
                    lowest = (amount, index)
            if lowest is not None:
                return legal[lowest[1]]
        return legal[rng.randrange(len(legal))]
