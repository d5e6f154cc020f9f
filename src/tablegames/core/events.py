"""Events, the one visibility rule, and the event log.

Everything that happens in a game is an :class:`Event`: a frozen attrs class with a stable
JSON ``type`` tag. An event knows who may see which of its fields; :meth:`Event.redact`
returns the event as one seat sees it, with hidden fields set to ``None`` (``null`` in JSON,
never left out). Both a seat's redacted log and its view are built with :func:`visible`, so a
leak in one is a leak in the other and one test covers both.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, TypeVar

import attrs

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "Action",
    "Event",
    "EventLog",
    "redact_hands",
    "visible",
]

FORMAT: Final = "tablegames.log"
"""The ``format`` key of every log."""
FORMAT_VERSION: Final = 1
"""The version of the published JSON forms; bumped on any incompatible change."""

_E = TypeVar("_E", bound="Event")
_H = TypeVar("_H")


def visible(owner: int | None, seat: int | None) -> bool:
    """Whether ``seat`` may see a piece held privately by ``owner``: the visibility rule.

    Args:
        owner: the seat a private piece belongs to, or ``None`` for a piece nobody may see
            (a face-down stock, untouched undealt cards).
        seat: the seat asking, or ``None`` for the full, omniscient record.

    >>> visible(2, 2), visible(2, 0), visible(None, 0), visible(None, None)
    (True, False, False, True)

    """
    return seat is None or (owner is not None and owner == seat)


def redact_hands(hands: tuple[_H | None, ...], seat: int | None) -> tuple[_H | None, ...]:
    """``hands`` (one private pile per seat) as ``seat`` sees them: others' piles become ``None``.

    >>> redact_hands((("6-4",), ("5-5",)), 1)
    (None, ('5-5',))
    """
    if seat is None:
        return hands
    return tuple(pile if visible(owner, seat) else None for owner, pile in enumerate(hands))


@attrs.frozen
class Action:
    """The base of every variant's actions: frozen, hashable, with a JSON ``type`` tag."""

    tag: ClassVar[str] = ""
    """The action's ``type`` in JSON; unique within its variant."""


@attrs.frozen
class Event:
    """The base of every event: frozen, with a JSON ``type`` tag and a visibility rule."""

    tag: ClassVar[str] = ""
    """The event's ``type`` in JSON; unique within its variant and never changed."""

    def redact(self: _E, seat: int | None) -> _E:
        """The event as ``seat`` sees it (``None``: the full event).

        Public events return themselves; events with private fields override this and use
        :func:`visible`.
        """
        return self


@attrs.frozen(kw_only=True)
class EventLog:
    """A game's record: everything needed to replay it (full) or what one seat saw (redacted).

    A full log (``seat is None``) carries the ``seed`` and the stacked ``deals`` not yet used,
    so a replayed game can go on. A redacted log carries ``seat`` instead and never the seed.
    """

    variant: str
    """The registered name of the variant."""
    options: Any
    """The variant's options object."""
    events: tuple[Event, ...]
    """Every event, in order (redacted for ``seat`` if ``seat`` is set)."""
    seed: int | None = None
    """The seed of a full log; ``None`` in a redacted one."""
    seat: int | None = None
    """The seat a redacted log was made for; ``None`` for a full log."""
    deals: tuple[Any, ...] = ()
    """Stacked deals given to the game and not yet used (full logs only)."""
    version: int = FORMAT_VERSION
    """The format version the log was written in."""

    @property
    def is_full(self) -> bool:
        """Whether this is a full log, which :func:`tablegames.replay` accepts."""
        return self.seat is None
