"""Bots by name, for the command line, the server and simulations.

The library's bots are always there. A distribution adds its own without any import by the user,
in the entry-point group :data:`ENTRY_POINT_GROUP` of its ``pyproject.toml``::

    [project.entry-points."tablegames.bots"]
    my-bot = "my_package.bots:MyBot"
    my-jax-bot = "my_package.fast:FastBot [jax]"

An entry point is listed without importing its module; it is offered only where every
requirement of the extras it names (``[jax]``) is installed, and its module is imported when a
bot of that name is first made. The library lists its own ``array-search``
(:class:`tablegames.jax.search.ArraySearchBot`) so, under its ``jax`` extra.
:func:`register_bot` adds a bot from code (a module that ``--plugin`` imports).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from importlib.metadata import EntryPoint, PackageNotFoundError, entry_points, version
from typing import Any, Final

from tablegames.bots.base import Bot
from tablegames.bots.greedy import GreedyBot
from tablegames.bots.ismcts import ISMCTSBot
from tablegames.bots.random import RandomBot

__all__ = ["ENTRY_POINT_GROUP", "bot_names", "extras_installed", "make_bot", "register_bot"]

ENTRY_POINT_GROUP: Final = "tablegames.bots"
"""The entry-point group in which a distribution lists its bots (each entry a name and a bot class or factory)."""

_FACTORIES: dict[str, Callable[..., Bot]] = {"greedy": GreedyBot, "ismcts": ISMCTSBot, "random": RandomBot}
_discovered: dict[str, EntryPoint] | None = None
_REQUIREMENT: Final = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Make ``factory`` (a bot class, or any callable returning a bot) available as ``name``."""
    _FACTORIES[name] = factory


def extras_installed(extras: Iterable[str], requires: Sequence[str] | None) -> bool:
    """Whether every requirement of ``extras`` among a distribution's ``requires`` is installed.

    ``requires`` are the distribution's requirement strings (``importlib.metadata``'s
    ``Distribution.requires``); a requirement belongs to an extra when its marker says
    ``extra == "name"``. Only whether a distribution of that name is installed is checked, not
    its version.

    >>> from tablegames.bots.registry import extras_installed
    >>> extras_installed(["fast"], ['attrs>=23.1', 'no-such-package-here>=1; extra == "fast"'])
    False
    >>> extras_installed(["fast"], ['attrs>=23.1', 'cattrs>=23.2; extra == "fast"'])
    True
    """
    wanted = set(extras)
    for requirement in requires or ():
        name, _, marker = requirement.partition(";")
        extra = re.search(r"""extra\s*==\s*["']([^"']+)["']""", marker)
        if extra is None or extra.group(1) not in wanted:
            continue
        found = _REQUIREMENT.match(name)
        if found is None:
            continue
        try:
            version(found.group(1))
        except PackageNotFoundError:
            return False
    return True


def _entry_points() -> dict[str, EntryPoint]:
    """The bots the installed distributions list whose extras are installed, by name (looked up once)."""
    global _discovered
    if _discovered is None:
        found = {}
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            dist = ep.dist
            if not ep.extras or extras_installed(ep.extras, None if dist is None else dist.requires):
                found[ep.name] = ep
        _discovered = found
    return _discovered


def bot_names() -> list[str]:
    """The names of the bots, sorted: the library's, those registered, and those the installed distributions list.

    >>> from tablegames.bots.registry import bot_names
    >>> "random" in bot_names()
    True
    """
    return sorted(set(_FACTORIES) | set(_entry_points()))


def make_bot(name: str, **settings: Any) -> Bot:
    """A new bot of the kind ``name``, with ``settings`` passed to its factory.

    A bot listed by an entry point is imported here, the first time one is made.

    Raises:
        LookupError: if no bot has that name.
    """
    factory = _FACTORIES.get(name)
    if factory is None:
        ep = _entry_points().get(name)
        if ep is None:
            raise LookupError(f"unknown bot {name!r}: known bots are {', '.join(bot_names())}")
        factory = ep.load()
    return factory(**settings)
