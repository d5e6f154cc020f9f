"""Events, the one visibility rule, and the event log.

Everything that happens in a game is an :class:`Event`: a frozen attrs class with a stable
JSON ``type`` tag. An event knows who may see which of its fields; :meth:`Event.redact`
returns the event as one seat sees it, with hidden fields set to ``None`` (``null`` in JSON,
never left out). Both a seat's redacted log and its view are built with :func:`visible`, so a
leak in one is a leak in the other and one test covers both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final, TypeVar

import attrs

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "Action",
    "Event",
    "EventLog",
    "fast_constructor",
    "redact_hands",
    "visible",
]

FORMAT: Final = "tablegames.log"
"""The ``format`` key of every log."""
FORMAT_VERSION: Final = 1
"""The version of the published JSON forms; bumped on any incompatible change."""

_E = TypeVar("_E", bound="Event")
_T = TypeVar("_T")
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


def fast_constructor(cls: type[_T]) -> Callable[..., _T]:
    """A positional constructor for ``cls``, a frozen slotted attrs class, for a hot path.

    ``fast_constructor(cls)(*values)`` returns the same object as ``cls(*values)`` (every field
    given, in order) about a third faster: it fills the slots directly instead of going through
    the frozen class's ``__setattr__`` guard. Events are built this way on a variant's hot path.

    Raises:
        TypeError: if ``cls`` is not a slotted attrs class, or has a field with a validator or a
            converter, a field left out of ``__init__``, or an ``__attrs_post_init__``, whose
            work the fast constructor would skip.

    >>> @attrs.frozen
    ... class Moved(Event):
    ...     seat: int
    ...     to: str
    >>> fast_constructor(Moved)(1, "W") == Moved(1, "W")
    True
    """
    if not attrs.has(cls) or "__slots__" not in cls.__dict__ or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__} is not a slotted attrs class without __attrs_post_init__")
    setters: dict[str, Any] = {}
    names = []
    for field in attrs.fields(cls):
        if field.validator is not None or field.converter is not None or not field.init:
            raise TypeError(f"{cls.__name__}.{field.name} has a validator or converter, or is not in __init__")
        slot = next(klass.__dict__[field.name] for klass in cls.__mro__ if field.name in klass.__dict__)
        setters[f"_set_{field.name}"] = slot.__set__
        names.append(field.name)
    lines = [f"def make({', '.join(names)}):", "    self = _new(_cls)"]
    lines += [f"    _set_{name}(self, {name})" for name in names]
    lines.append("    return self")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, **setters}
    exec("\n".join(lines), namespace)  # the attrs way: names are the class's own field names
    make: Callable[..., _T] = namespace["make"]
    make.__doc__ = f"Build a {cls.__name__} from its field values, in order."
    return make
