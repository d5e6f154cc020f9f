"""Values worked out once and kept, in bounded tables that say their names: the library's caches.

Every table of values the library keeps to save work lives in one of two classes here, each
with a name, a bound, and a place in :func:`tables` (which the docs page "Speed" lists, one
line each, with what it saves):

* :class:`Kept`: values by an equal, hashable key (a trick's card by seat and card, an end's view
  by id and value). It is a ``dict``: reading is a plain dict lookup, and :meth:`Kept.keep`
  adds, forgetting everything once the bound is reached.
* :class:`IdentityMemo`: values by an object's identity, for objects that never change.

A view shares the parts that stay the same from one move to the next (the last finished hand's
layout, the last closed trick), so ``tablegames.dumps`` writes their text once. They are built
from objects the rules never change again (a finished layout, a closed trick's entry), and
those objects are neither hashable cheaply nor equal only to themselves: :class:`IdentityMemo`
keeps a value per object by the object's ``id``, holding the object, so its ``id`` is not
reused while the value is kept.

>>> from tablegames.core.memo import IdentityMemo, Kept
>>> memo = IdentityMemo[str](most=2)
>>> trick = (0, ("KC", "AC"))
>>> memo.get(trick) is None
True
>>> memo.put(trick, "taken by seat 0")
'taken by seat 0'
>>> memo.get(trick), memo.get((0, ("KC", "AC")))  # an equal object is another object
('taken by seat 0', None)

>>> squares = Kept[int, int]("squares", most=2)
>>> squares.get(3) or squares.keep(3, 9)
9
>>> squares[3], len(squares)
(9, 1)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

__all__ = ["IdentityMemo", "Kept", "tables"]

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")

_TABLES: list[Kept[object, object] | IdentityMemo[object]] = []
"""Every table made, in the order made (each lives as long as the module that made it)."""


def tables() -> list[tuple[str, int, int]]:
    """Every table the library keeps: its name, its bound and how many values it holds now.

    >>> import tablegames.mechanics.tricks
    >>> from tablegames.core.memo import tables
    >>> ("tablegames.mechanics.tricks: the cards of tricks", 4096) in [t[:2] for t in tables()]
    True
    """
    return [(table.name, table.most, len(table)) for table in _TABLES]


class Kept(dict[_K, _V]):
    """A table of values worked out once, by key: a ``dict``, bounded, with a name.

    Read it as a dict (``table.get(key)``, at a dict's speed); add with :meth:`keep`.

    Args:
        name: what it keeps, as :func:`tables` lists it (``"module: what"``).
        most: how many values it keeps; when full, the next :meth:`keep` forgets them all, and
            they are worked out again when asked.

    Keep only values that depend on the key alone, never on something that changes.
    """

    __slots__ = ("most", "name")

    def __init__(self, name: str, *, most: int) -> None:
        super().__init__()
        self.name = name
        self.most = most
        _TABLES.append(self)  # type: ignore[arg-type]  # listed whatever its types

    def keep(self, key: _K, value: _V) -> _V:
        """Keep ``value`` for ``key`` (forgetting every value first if the table is full); ``value``."""
        if len(self) >= self.most:
            self.clear()
        self[key] = value
        return value

    def __repr__(self) -> str:
        return f"Kept({self.name!r}, most={self.most}, holding {len(self)})"


class IdentityMemo(Generic[_V]):
    """Values kept per object (and an optional hashable key beside it) by the object's identity.

    Args:
        most: how many values it keeps; when full, the next :meth:`put` forgets them all (the
            objects held are released, and their values are worked out again when asked).
        name: what it keeps, as :func:`tables` lists it.

    Only for objects that never change after a value is kept for them: the memo never looks
    at an object's contents.
    """

    __slots__ = ("_entries", "most", "name")

    def __init__(self, *, most: int, name: str = "unnamed") -> None:
        self._entries: dict[tuple[int, object], tuple[object, _V]] = {}
        self.most = most
        self.name = name
        _TABLES.append(self)  # type: ignore[arg-type]  # listed whatever its type

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, obj: object, key: object = None) -> _V | None:
        """The value kept for ``obj`` (and ``key``), or ``None``."""
        entry = self._entries.get((id(obj), key))
        return entry[1] if entry is not None and entry[0] is obj else None

    def put(self, obj: object, value: _V, key: object = None) -> _V:
        """Keep ``value`` for ``obj`` (and ``key``), holding ``obj``; ``value``."""
        entries = self._entries
        if len(entries) >= self.most:
            entries.clear()
        entries[id(obj), key] = (obj, value)
        return value

    def clear(self) -> None:
        """Forget every value (and release the objects held)."""
        self._entries.clear()
