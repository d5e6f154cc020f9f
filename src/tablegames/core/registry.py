"""The variant registry: built-in and third-party variants, found through entry points.

A variant is a :class:`~tablegames.core.game.Game` subclass. Packages make theirs known with
an entry point in the group ``tablegames.variants`` whose name is the variant's name::

    [project.entry-points."tablegames.variants"]
    my-variant = "my_package:MyVariant"

The library's own variants are registered the same way, so nothing imports a variant except
this module (on demand) and the command line.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Final

from tablegames.core.errors import TableGamesError, UnknownVariantError
from tablegames.core.game import Game

__all__ = ["ENTRY_POINT_GROUP", "get_variant", "register_variant", "variant_names"]

ENTRY_POINT_GROUP: Final = "tablegames.variants"
"""The entry-point group variants register in."""

_registered: dict[str, type[Game]] = {}
_discovered: dict[str, object] | None = None


def _entry_points() -> dict[str, object]:
    global _discovered
    if _discovered is None:
        _discovered = {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return _discovered


def register_variant(cls: type[Game], *, replace: bool = False) -> type[Game]:
    """Register ``cls`` under ``cls.name`` (usable as a class decorator).

    Args:
        cls: a concrete :class:`~tablegames.core.game.Game` subclass.
        replace: allow replacing a variant already registered under that name.

    Raises:
        TableGamesError: if ``cls`` is not a Game subclass, or the name is taken.

    """
    if not isinstance(cls, type) or not issubclass(cls, Game):
        raise TableGamesError(f"a variant must be a Game subclass, not {cls!r}")
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not name:
        raise TableGamesError(f"variant class {cls.__qualname__} has no name")
    if not replace and _registered.get(name, cls) is not cls:
        raise TableGamesError(f"a variant named {name!r} is registered already")
    _registered[name] = cls
    return cls


def get_variant(name: str) -> type[Game]:
    """The variant class registered as ``name``, loading its entry point if needed.

    Raises:
        UnknownVariantError: if no variant has that name.
        TableGamesError: if the entry point does not load a Game subclass of that name.

    """
    cls = _registered.get(name) if isinstance(name, str) else None
    if cls is not None:
        return cls
    ep = _entry_points().get(name) if isinstance(name, str) else None
    if ep is None:
        raise UnknownVariantError(name, tuple(variant_names()))
    loaded = ep.load()  # type: ignore[attr-defined]
    if not (isinstance(loaded, type) and issubclass(loaded, Game)) or loaded.name != name:
        raise TableGamesError(
            f"entry point {name!r} in {ENTRY_POINT_GROUP} gives {loaded!r}, not a Game subclass named {name!r}"
        )
    _registered[name] = loaded
    return loaded


def variant_names() -> list[str]:
    """The names of every registered or installed variant, sorted.

    >>> from tablegames.core.registry import variant_names
    >>> "american-sniff" in variant_names()
    True
    """
    return sorted(set(_registered) | set(_entry_points()))
