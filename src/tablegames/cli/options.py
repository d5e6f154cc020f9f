"""Command-line flags made from a variant's options class, and bot specifications.

Every field of a variant's options class is a flag: an underscore becomes a hyphen, an int or
string option takes a value (``--seen-undealt 2``), and a boolean option is a switch with a
``--no-`` form (``--win-only-on-bid``, ``--no-win-only-on-bid``). What a flag allows is
what the option's rule says (:attr:`~tablegames.core.options.OptionRule.allowed`, the words its
own errors end with), so the command line can never disagree with the library; for a
validator of a variant's own, the ``allowed: ...`` part of the error it raises for a value it
must refuse.

>>> from tablegames.cli.options import option_flags
>>> import tablegames
>>> smear_options = tablegames.get_variant("four-point-smear").options_class
>>> [(f.flag, f.allowed, f.default) for f in option_flags(smear_options)][:2]
[('--seen-undealt', 'an int from 0 to 3', 0), ('--target', 'an int from 1 to 10000', 15)]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import attrs

from tablegames.bots.registry import bot_names
from tablegames.core.errors import TableGamesError
from tablegames.core.options import OptionRule

__all__ = [
    "BotSpec",
    "OptionFlag",
    "add_option_flags",
    "bots_for_seats",
    "option_flags",
    "options_from_args",
    "parse_bots",
]


class _Probe:
    """A value every validator refuses (it is no int, bool or string)."""

    def __repr__(self) -> str:
        return "<probe>"


@attrs.frozen
class OptionFlag:
    """One option of a variant as a command-line flag."""

    flag: str
    """The flag, such as ``"--seen-undealt"``."""
    name: str
    """The option's name, such as ``"seen_undealt"``."""
    kind: type
    """``int``, ``bool`` or ``str`` (what the flag's value is parsed as)."""
    default: Any
    """The default, with every other option at its default."""
    depends: bool
    """Whether the default depends on other options (an attrs ``Factory``)."""
    allowed: str
    """What the option allows, in the words of its validator (``"an int from 2 to 4"``)."""

    @property
    def usage(self) -> str:
        """The flag as ``--help`` shows it: ``--players N``, ``--[no-]win-only-on-bid``."""
        if self.kind is bool:
            return f"--[no-]{self.flag[2:]}"
        return f"{self.flag} {_metavar(self)}"

    @property
    def default_text(self) -> str:
        """The default in words, ``"200, depends on other options"`` for a computed one."""
        text = _show(self.default)
        return f"{text}, depends on other options" if self.depends else text


def _metavar(flag: OptionFlag) -> str:
    return "N" if flag.kind is int else flag.name.upper()


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def _allowed(cls: type[Any], field: attrs.Attribute[Any], kind: type) -> str:
    """What option ``field`` of ``cls`` allows: its rule's words, else its validator's own error message."""
    if isinstance(field.validator, OptionRule):
        return field.validator.allowed
    name = field.name
    try:
        cls(**{name: _Probe()})
    except TableGamesError as exc:
        reason = str(getattr(exc, "reason", exc))
        if "allowed: " in reason:
            return reason.split("allowed: ", 1)[1]
    except Exception:  # a validator that fails another way: fall back to the type
        pass
    return {int: "an int", bool: "true or false"}.get(kind, "a string")


def option_flags(cls: type[Any]) -> list[OptionFlag]:
    """The flags of every option of the options class ``cls``, in field order."""
    attrs.resolve_types(cls)
    try:
        defaults = cls()
    except Exception:
        defaults = None
    flags = []
    for field in attrs.fields(cls):
        kind = field.type if field.type in (int, bool, str) else str
        flags.append(
            OptionFlag(
                flag="--" + field.name.replace("_", "-"),
                name=field.name,
                kind=kind,
                default=getattr(defaults, field.name, None),
                depends=isinstance(field.default, attrs.Factory),  # type: ignore[arg-type]
                allowed=_allowed(cls, field, kind),
            )
        )
    return flags


def add_option_flags(parser: argparse.ArgumentParser, cls: type[Any], *, title: str) -> None:
    """Add a flag for every option of ``cls`` to ``parser``, in a group called ``title``."""
    group = parser.add_argument_group(title)
    for flag in option_flags(cls):
        help_text = f"{flag.allowed} (default: {flag.default_text})".replace("%", "%%")
        if flag.kind is bool:
            group.add_argument(
                flag.flag,
                dest=f"opt_{flag.name}",
                action=argparse.BooleanOptionalAction,
                default=None,
                help=help_text,
            )
        else:
            group.add_argument(
                flag.flag,
                dest=f"opt_{flag.name}",
                metavar=_metavar(flag),
                type=flag.kind,
                default=None,
                help=help_text,
            )


def options_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The options given on the command line (flags left out are not in the result)."""
    return {k[4:]: v for k, v in vars(args).items() if k.startswith("opt_") and v is not None}


@attrs.frozen
class BotSpec:
    """A bot as the command line names it: ``greedy``, or ``ismcts:iterations=200:seconds=0.5``.

    >>> from tablegames.cli.options import BotSpec
    >>> spec = BotSpec.parse("ismcts:iterations=200:exploration=0.7:verbose=false")
    >>> spec.name, spec.settings
    ('ismcts', {'iterations': 200, 'exploration': 0.7, 'verbose': False})
    >>> str(spec)
    'ismcts:iterations=200:exploration=0.7:verbose=false'
    """

    text: str
    """The specification as written."""
    name: str
    """The registered bot name."""
    settings: dict[str, Any] = attrs.field(hash=False)
    """Keyword settings for the bot's factory."""

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """The specification ``text``: a bot name, then ``:key=value`` settings.

        Raises:
            ValueError: for a setting without ``=``.
        """
        name, *parts = text.strip().split(":")
        settings: dict[str, Any] = {}
        for part in parts:
            key, eq, value = part.partition("=")
            if not eq or not key:
                raise ValueError(f"bad bot setting {part!r} in {text!r}: write key=value, as in ismcts:iterations=200")
            settings[key.strip().replace("-", "_")] = _setting(value.strip())
        return cls(text=text.strip(), name=name.strip(), settings=settings)

    def __str__(self) -> str:
        return self.text


def _setting(value: str) -> Any:
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    if value.lower() in ("none", "null"):  # no limit: ismcts:seconds=0.1:iterations=none
        return None
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            continue
    return value


def parse_bots(text: str) -> list[BotSpec]:
    """The comma-separated bot specifications of ``--bots``, each checked against the registry.

    Raises:
        ValueError: for an empty list, a malformed setting or a bot name nobody registered.
    """
    specs = [BotSpec.parse(part) for part in text.split(",") if part.strip()]
    if not specs:
        raise ValueError(f"no bot named in {text!r}; known bots are {', '.join(bot_names())}")
    for spec in specs:
        if spec.name not in bot_names():
            raise ValueError(f"unknown bot {spec.name!r}: known bots are {', '.join(bot_names())}")
    return specs


def bots_for_seats(specs: Sequence[BotSpec], seats: int, *, rotation: int = 0) -> list[BotSpec]:
    """The bot of each seat: the specifications in turn, seat by seat, started ``rotation`` seats on.

    With two bots at four seats, partners (seats 0 and 2, 1 and 3) get the same bot.

    >>> from tablegames.cli.options import BotSpec
    >>> from tablegames.cli.options import bots_for_seats
    >>> [str(b) for b in bots_for_seats([BotSpec.parse("a"), BotSpec.parse("b")], 4)]
    ['a', 'b', 'a', 'b']
    """
    cycle = [specs[i % len(specs)] for i in range(seats)]
    r = rotation % seats
    return cycle[r:] + cycle[:r]
