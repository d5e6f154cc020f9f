"""Pieces bring their own JSON form: the notation protocol the converter recognises.

The core knows no piece type. A class of pieces (a tile, a card, a suit, or a plug-in's new
kind of piece) that has the two methods of :class:`Notated` is written in JSON as its notation
and read back with ``from_notation``, by the library's converter, its schemas and its logs,
with no registration. A class may also set ``notation_pattern`` (a regular expression) for
schemas of fields that hold pieces the variant does not list in its ``pieces``.

>>> from tablegames.components.tiles import Tile
>>> from tablegames.core.notation import is_notated
>>> is_notated(Tile), Tile(6, 4).notation(), Tile.from_notation("4-6")
(True, '6-4', Tile(6, 4))
"""

from __future__ import annotations

from typing import Any, Protocol, Self, runtime_checkable

__all__ = ["Notated", "is_notated"]


@runtime_checkable
class Notated(Protocol):
    """A piece written in JSON as a short text: ``"6-4"``, ``"10H"``, ``"S"``."""

    def notation(self) -> str:
        """The piece's canonical notation, its JSON form."""
        ...  # pragma: no cover

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """The piece written ``text``, exactly as the JSON forms accept it.

        Raises:
            ValueError: if ``text`` is not the notation of a piece of this class.

        """
        ...  # pragma: no cover


def is_notated(cls: Any) -> bool:
    """Whether ``cls`` is a class of pieces with a notation (see :class:`Notated`)."""
    return isinstance(cls, type) and callable(getattr(cls, "from_notation", None)) and callable(
        getattr(cls, "notation", None)
    )
