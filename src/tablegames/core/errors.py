"""The library's errors: one root, :class:`TableGamesError`, and a subclass per kind of mistake.

Each also subclasses the builtin it resembles, so ``except ValueError`` keeps working for
callers that do not know this library.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "IllegalActionError",
    "InvalidOptionsError",
    "LogError",
    "TableGamesError",
    "UnknownVariantError",
]


class TableGamesError(Exception):
    """The root of every error this library raises on purpose."""


class IllegalActionError(TableGamesError, ValueError):
    """An action that is malformed, not legal now, or sent by a seat whose turn it is not.

    The game is left exactly as it was.

    Attributes:
        action: the action or JSON data that was refused.
        reason: why, in a few words.

    """

    def __init__(self, action: Any, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {action!r}: {reason}")


class InvalidOptionsError(TableGamesError, ValueError):
    """An unknown option, a value of the wrong type or out of range, or an invalid stacked deal.

    Attributes:
        option: the name of the offending option (``"deals[0]"`` for a stacked deal).
        reason: what was wrong and what is allowed.

    """

    def __init__(self, option: str, reason: str) -> None:
        self.option = option
        self.reason = reason
        super().__init__(f"invalid option {option}: {reason}")


class LogError(TableGamesError, ValueError):
    """A log that is malformed, truncated, of another version, or inconsistent with the rules.

    Attributes:
        where: where in the log the problem is (``"$.events[12]"``), or ``"$"``.
        reason: what is wrong there.

    """

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"bad log at {where}: {reason}")


class UnknownVariantError(TableGamesError, LookupError):
    """A variant name that no installed variant registers.

    Attributes:
        name: the name asked for.
        known: the names that are registered.

    """

    def __init__(self, name: object, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        super().__init__(f"unknown variant {name!r}: known variants are {', '.join(known) or 'none'}")

    def __str__(self) -> str:
        return str(self.args[0])
