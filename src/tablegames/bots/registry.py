"""Bots by name, for the command line and for simulations."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablegames.bots.base import Bot
from tablegames.bots.greedy import GreedyBot
from tablegames.bots.ismcts import ISMCTSBot
from tablegames.bots.random import RandomBot

__all__ = ["bot_names", "make_bot", "register_bot"]

_FACTORIES: dict[str, Callable[..., Bot]] = {"greedy": GreedyBot, "ismcts": ISMCTSBot, "random": RandomBot}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``factory`` (a bot class, or any callable returning a bot) available as ``name``."""
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    """The names of the registered bots, sorted.

    >>> from tablegames.bots.registry import bot_names
    >>> "random" in bot_names()
    True
    """
    return sorted(_FACTORIES)


def make_bot(name: str, **settings: Any) -> Bot:
    """A new bot of the kind ``name``, with ``settings`` passed to its factory.

    Raises:
        LookupError: if no bot has that name.
    """
    factory = _FACTORIES.get(name)
    if factory is None:
        raise LookupError(f"unknown bot {name!r}: known bots are {', '.join(bot_names())}")
    return factory(**settings)
