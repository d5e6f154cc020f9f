"""Values worked out once from objects that never change, kept by the objects' identity.

A view shares the parts that stay the same from one move to the next (the last finished hand's
layout, the last closed trick), so ``tablegames.dumps`` writes their text once. They are built
from objects the rules never change again (a finished layout, a closed trick's entry), and
those objects are neither hashable cheaply nor equal only to themselves: :class:`IdentityMemo`
keeps a value per object by the object's ``id``, holding the object, so its ``id`` is not
reused while the value is kept.

>>> from tablegames.core.memo import IdentityMemo
>>> memo = IdentityMemo[str](most=2)
>>> trick = (0, ("KC", "AC"))
>>> memo.get(trick) is None
True
>>> memo.put(trick, "taken by seat 0")
'taken by seat 0'
>>> memo.get(trick), memo.get((0, ("KC", "AC")))  # an equal object is another object
('taken by seat 0', None)
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["IdentityMemo"]

_V = TypeVar("_V")


class IdentityMemo(Generic[_V]):
    """Values kept per object (and an optional hashable key beside it) by the object's identity.

    Args:
        most: how many values it keeps; when full, the next :meth:`put` forgets them all (the
            objects held are released, and their values are worked out again when asked).

    Only for objects that never change after a value is kept for them: the memo never looks
    at an object's contents.
    """

    __slots__ = ("_entries", "_most")

    def __init__(self, *, most: int) -> None:
        self._entries: dict[tuple[int, object], tuple[object, _V]] = {}
        self._most = most

    def get(self, obj: object, key: object = None) -> _V | None:
        """The value kept for ``obj`` (and ``key``), or ``None``."""
        entry = self._entries.get((id(obj), key))
        return entry[1] if entry is not None and entry[0] is obj else None

    def put(self, obj: object, value: _V, key: object = None) -> _V:
        """Keep ``value`` for ``obj`` (and ``key``), holding ``obj``; ``value``."""
        entries = self._entries
        if len(entries) >= self._most:
            entries.clear()
        entries[id(obj), key] = (obj, value)
        return value

    def clear(self) -> None:
        """Forget every value (and release the objects held)."""
        self._entries.clear()
