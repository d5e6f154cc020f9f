"""Option validators that say what they allow as data: ints in a range, booleans, choices.

An options class (an attrs class, see :class:`~tablegames.core.game.Game`) validates each
field with one of these. Each is an attrs validator, raising
:class:`~tablegames.core.errors.InvalidOptionsError` naming the option, and an
:class:`OptionRule` whose bounds and choices the layers above read as data: the JSON Schemas
(:mod:`tablegames.schema`), the command line's flags and the conformance kit's strategies.

>>> from tablegames.core.options import choice_option
>>> from tablegames.core.options import bool_option
>>> from tablegames.core.options import int_option
>>> import attrs
>>> @attrs.frozen(kw_only=True)
... class Options:
...     players: int = attrs.field(default=4, validator=int_option(2, 4))
...     alone: bool = attrs.field(default=True, validator=bool_option())
...     deck: str = attrs.field(default="24", validator=choice_option("24", "32", what="a deck size"))
>>> rule = attrs.fields(Options).players.validator
>>> rule.low, rule.high, rule.allowed
(2, 4, 'an int from 2 to 4')
>>> attrs.fields(Options).deck.validator.json_schema()
{'enum': ['24', '32']}
>>> Options(deck="52")
Traceback (most recent call last):
...
tablegames.core.errors.InvalidOptionsError: invalid option deck: '52' is not a deck size; allowed: '24', '32'
"""

from __future__ import annotations

import abc
from typing import Any

import attrs

from tablegames.core.errors import InvalidOptionsError, quote

__all__ = ["BoolOption", "ChoiceOption", "IntOption", "OptionRule", "bool_option", "choice_option", "int_option"]


class OptionRule(abc.ABC):
    """What one option allows, as data, and the attrs validator that enforces it."""

    __slots__ = ()

    @property
    @abc.abstractmethod
    def allowed(self) -> str:
        """What the option allows, in words, as its error messages end (``"an int from 2 to 4"``)."""

    @abc.abstractmethod
    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema keywords this rule adds to the option's type (bounds, an ``enum``)."""

    @abc.abstractmethod
    def __call__(self, instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        """Refuse ``value`` for ``attribute``.

        Raises:
            InvalidOptionsError: naming the option, with what it allows.
        """


@attrs.frozen
class IntOption(OptionRule):
    """An int (never a bool) from :attr:`low` to :attr:`high`. Made by :func:`int_option`."""

    low: int
    """The smallest value allowed."""
    high: int | None
    """The largest value allowed, or ``None`` for no upper bound."""

    @property
    def allowed(self) -> str:
        """``"an int from 2 to 4"``, or ``"an int >= 1"`` without an upper bound."""
        return f"an int from {self.low} to {self.high}" if self.high is not None else f"an int >= {self.low}"

    def json_schema(self) -> dict[str, Any]:
        """``{"minimum": low, "maximum": high}`` (no ``maximum`` without a ``high``)."""
        return {"minimum": self.low} if self.high is None else {"minimum": self.low, "maximum": self.high}

    def __call__(self, instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        """Refuse anything but an int within the bounds."""
        if type(value) is not int:
            raise InvalidOptionsError(attribute.name, f"{quote(value)} is not an int; allowed: {self.allowed}")
        if value < self.low or (self.high is not None and value > self.high):
            raise InvalidOptionsError(attribute.name, f"{quote(value)} is out of range; allowed: {self.allowed}")


@attrs.frozen
class BoolOption(OptionRule):
    """``True`` or ``False`` (never ``0`` or ``1``). Made by :func:`bool_option`."""

    @property
    def allowed(self) -> str:
        """``"true or false"``, as JSON and the command line write them."""
        return "true or false"

    def json_schema(self) -> dict[str, Any]:
        """Nothing beyond the ``boolean`` type the field's annotation gives."""
        return {}

    def __call__(self, instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        """Refuse anything but a bool."""
        if type(value) is not bool:
            raise InvalidOptionsError(attribute.name, f"{quote(value)} is not a bool; allowed: {self.allowed}")


@attrs.frozen
class ChoiceOption(OptionRule):
    """One of a fixed set of strings or ints, compared by type and value. Made by :func:`choice_option`."""

    choices: tuple[str | int, ...]
    """The values allowed, in the order documents list them."""
    what: str
    """What a value is, for the error message (``"a High/Low rule"``)."""

    @property
    def allowed(self) -> str:
        """The choices as Python writes them, comma-separated (``"'ace-seven', 'in-play'"``)."""
        return ", ".join(map(repr, self.choices))

    def json_schema(self) -> dict[str, Any]:
        """``{"enum": [...choices]}`` (a ``const`` for a single choice)."""
        return {"const": self.choices[0]} if len(self.choices) == 1 else {"enum": list(self.choices)}

    def __call__(self, instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        """Refuse anything that is not one of the choices (``True`` is not ``1``, ``"1"`` is not ``1``)."""
        if not any(type(value) is type(c) and value == c for c in self.choices):
            raise InvalidOptionsError(attribute.name, f"{quote(value)} is not {self.what}; allowed: {self.allowed}")


def int_option(low: int, high: int | None = None) -> IntOption:
    """An attrs validator: an int (not a bool) from ``low`` to ``high``.

    Give every option a ``high``: an option without a maximum lets a client make a match
    endless (the options schema then has no ``maximum`` either). ``None`` remains for
    compatibility and means no upper bound.

    Raises :class:`~tablegames.core.errors.InvalidOptionsError` naming the option.

    Raises:
        ValueError: at once, if the bounds are not ints or ``high`` is below ``low``.
    """
    if type(low) is not int or (high is not None and type(high) is not int):
        raise ValueError(f"the bounds of an int option are ints, not {low!r} and {high!r}")
    if high is not None and high < low:
        raise ValueError(f"an int option's range is empty: {low} to {high}")
    return IntOption(low, high)


def bool_option() -> BoolOption:
    """An attrs validator: ``True`` or ``False``, refusing ``0``, ``1`` and strings.

    Raises :class:`~tablegames.core.errors.InvalidOptionsError` naming the option.
    """
    return BoolOption()


def choice_option(*choices: str | int, what: str = "one of the choices") -> ChoiceOption:
    """An attrs validator: one of ``choices`` (strings or ints), compared by type and value.

    Args:
        *choices: the values allowed, in the order the schema and the help list them.
        what: what a value is, for the message ``'x' is not a High/Low rule; allowed: ...``.

    Raises :class:`~tablegames.core.errors.InvalidOptionsError` naming the option.

    Raises:
        ValueError: at once, for no choices, a repeated one, or one that is no str or int.
    """
    if not choices:
        raise ValueError("a choice option needs at least one choice")
    for c in choices:
        if type(c) not in (str, int):
            raise ValueError(f"a choice is a str or an int, not {c!r}")
    if len(set(choices)) != len(choices):
        raise ValueError(f"the choices repeat a value: {choices!r}")
    return ChoiceOption(tuple(choices), what)
