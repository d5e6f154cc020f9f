"""The library's errors: one root, :class:`TableGamesError`, and a subclass per kind of mistake.

Each also subclasses the builtin it resembles, so ``except ValueError`` keeps working for
callers that do not know this library.
"""

from __future__ import annotations

import reprlib
from typing import Any, ClassVar, Final

import attrs

__all__ = [
    "IllegalActionError",
    "InvalidOptionsError",
    "LogError",
    "NoWorldError",
    "QUOTE_LIMIT",
    "REASON_LIMIT",
    "TableGamesError",
    "UnderivableError",
    "UnknownVariantError",
    "quote",
]

QUOTE_LIMIT: Final = 200
"""The most characters of outside input an error message quotes (:func:`quote`)."""

REASON_LIMIT: Final = 1000
"""The most characters of an error's ``reason``: the attribute and its part of the message."""

_NAME_LIMIT: Final = 80
"""The most characters of an option's name (``InvalidOptionsError.option``)."""


class _BoundedRepr(reprlib.Repr):
    """A ``repr`` that stops early: a few levels, a few items, short strings, attrs classes too."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxtuple = self.maxlist = self.maxarray = self.maxdict = 8
        self.maxset = self.maxfrozenset = self.maxdeque = 8
        self.maxstring = self.maxother = max(limit, 12)
        self.maxlong = max(limit, 12)

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 600:  # past Python's digit limit for str(int) long before 5 MB
            return f"<an int of about {int(x.bit_length() * 0.30103)} digits>"
        return super().repr_int(x, level)

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        items = []
        for i, (key, value) in enumerate(x.items()):
            if i >= self.maxdict:
                items.append("...")
                break
            items.append(f"{self.repr1(key, level - 1)}: {self.repr1(value, level - 1)}")
        return "{" + ", ".join(items) + "}"

    def repr_instance(self, x: Any, level: int) -> str:
        cls = type(x)
        if not attrs.has(cls) or _small(x, 3):
            return super().repr_instance(x, level)
        if level <= 0:
            return f"{cls.__qualname__}(...)"
        parts = []
        for field in attrs.fields(cls):
            if field.repr is False:
                continue
            parts.append(f"{field.name}={self.repr1(getattr(x, field.name, None), level - 1)}")
            if sum(map(len, parts)) > self.maxother:
                break
        return f"{cls.__qualname__}({', '.join(parts)})"


def _small(x: object, depth: int) -> bool:
    """Whether ``x``'s own ``repr`` is short for sure: scalars, short strings, small attrs values."""
    if x is None or (isinstance(x, (bool, int, float)) and not (isinstance(x, int) and abs(x) > 10**30)):
        return True
    if isinstance(x, str):
        return len(x) <= 40
    if depth <= 0:
        return False
    if isinstance(x, tuple):
        return len(x) <= 8 and all(_small(item, depth - 1) for item in x)
    cls = type(x)
    if attrs.has(cls):
        return all(_small(getattr(x, f.name, None), depth - 1) for f in attrs.fields(cls))
    return False


_REPRS: dict[int, _BoundedRepr] = {}


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to at most ``limit`` characters with ``...``.

    It is safe and cheap on any input: a 5 MB string, a list nested 100,000 deep, an object
    whose ``repr`` fails. Use it wherever a message quotes what a caller sent.

    >>> from tablegames.core.errors import QUOTE_LIMIT, quote
    >>> quote("6-4")
    "'6-4'"
    >>> len(quote("x" * 5_000_000)) <= QUOTE_LIMIT
    True
    >>> quote([[[[[[1]]]]]])
    '[[[[[...]]]]]'
    """
    bounded = _REPRS.get(limit)
    if bounded is None:
        bounded = _REPRS[limit] = _BoundedRepr(limit)
    try:
        text = bounded.repr(value)
    except Exception:
        text = f"<{type(value).__qualname__} object>"
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


def _bounded(text: object, limit: int = REASON_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with ``...`` (a text already cut is left as it is)."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class TableGamesError(Exception):
    """The root of every error this library raises on purpose.

    Its message and string attributes are bounded, however long the input they come from: a
    ``reason`` holds at most :data:`REASON_LIMIT` characters, a name or a place in a log at most
    :data:`QUOTE_LIMIT`, and the message quotes input through :func:`quote`. Only the refused
    input itself (``IllegalActionError.action``, ``UnknownVariantError.name``) is kept whole.

    Every one pickles and unpickles to an equal error (its message and attributes), so an error
    raised in a worker process reaches the process that sent the work whole.
    """

    _fields: ClassVar[tuple[str, ...]] = ()
    """The arguments of the subclass's ``__init__``, each kept as the attribute of its name."""

    def __reduce__(self) -> str | tuple[Any, ...]:
        if not self._fields:
            return super().__reduce__()
        return type(self), tuple(getattr(self, field) for field in self._fields), self.__dict__


class IllegalActionError(TableGamesError, ValueError):
    """An action that is malformed, not legal now, or sent by a seat whose turn it is not.

    The game is left exactly as it was.

    Attributes:
        action: the action or JSON data that was refused, as it was given.
        reason: why, in a few words (at most :data:`REASON_LIMIT` characters).

    """

    _fields = ("action", "reason")

    def __init__(self, action: Any, reason: str) -> None:
        self.action = action
        self.reason = _bounded(reason)
        super().__init__(f"illegal action {quote(action)}: {self.reason}")


class InvalidOptionsError(TableGamesError, ValueError):
    """An unknown option, a value of the wrong type or out of range, or an invalid stacked deal.

    Attributes:
        option: the name of the offending option (``"deals[0]"`` for a stacked deal), cut to
            80 characters.
        reason: what was wrong and what is allowed (at most :data:`REASON_LIMIT` characters).

    """

    _fields = ("option", "reason")

    def __init__(self, option: str, reason: str) -> None:
        self.option = _bounded(option, _NAME_LIMIT)
        self.reason = _bounded(reason)
        super().__init__(f"invalid option {self.option}: {self.reason}")


class LogError(TableGamesError, ValueError):
    """A log that is malformed, truncated, of another version, or inconsistent with the rules.

    Attributes:
        where: where in the log the problem is (``"$.events[12]"``), or ``"$"`` (at most
            :data:`QUOTE_LIMIT` characters).
        reason: what is wrong there (at most :data:`REASON_LIMIT` characters).

    """

    _fields = ("where", "reason")

    def __init__(self, where: str, reason: str) -> None:
        self.where = _bounded(where, QUOTE_LIMIT)
        self.reason = _bounded(reason)
        super().__init__(f"bad log at {self.where}: {self.reason}")


class NoWorldError(LogError):
    """No world consistent with a seat's log was found within the world sampler's bound.

    Either the log contradicts itself (no world exists), or consistent worlds are too rare for
    the search to find one in its time or its replays. It is a
    :class:`~tablegames.core.errors.LogError`, so code that catches that catches this too.

    Attributes:
        where: where in the log the search stopped (``"$.events[12]"``).
        reason: what was searched and which bound was reached.
        budget: the seconds the search was given, or ``None`` if it stopped on its number of
            replays.

    """

    def __init__(self, where: str, reason: str, budget: float | None = None) -> None:
        self.budget = budget
        super().__init__(where, reason)


class UnderivableError(TableGamesError, TypeError):
    """No numbering of a variant's actions can be derived from what it publishes.

    Raised by :func:`~tablegames.core.derived.derived_action_ids` (and
    :func:`~tablegames.core.derived.action_ids_of`, for a variant without its own numbering)
    when a field of an action class has no declared values, a field holds several pieces, or
    the declared values give more than :data:`~tablegames.core.derived.MAX_DERIVED_IDS` ids.
    The message names the variant, the class and the field, and what would make it
    derivable. It is a :class:`TypeError` too: the variant's declarations, not a value, are at
    fault.
    """

    def __init__(self, variant: str, reason: str) -> None:
        super().__init__(f"no action ids can be derived for {variant}: {reason}")
        self.variant = variant
        """The variant's registered name."""
        self.reason = reason
        """What is missing, and how to declare it."""

    def __reduce__(self) -> tuple[type[UnderivableError], tuple[str, str]]:
        """Pickle with the structured attributes."""
        return type(self), (self.variant, self.reason)


class UnknownVariantError(TableGamesError, LookupError):
    """A variant name that no installed variant registers.

    Attributes:
        name: the name asked for.
        known: the names that are registered.

    """

    _fields = ("name", "known")

    def __init__(self, name: object, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        super().__init__(f"unknown variant {quote(name)}: known variants are {', '.join(known) or 'none'}")

    def __str__(self) -> str:
        return str(self.args[0])
