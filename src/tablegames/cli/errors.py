"""The command line's own errors: a one-line message and an exit status."""

from __future__ import annotations

__all__ = ["CommandError"]


class CommandError(Exception):
    """A mistake or an ending the command reports in one line, exiting with :attr:`status`.

    Args:
        message: what happened, in one line.
        status: the exit status (2 for bad input, 1 when a person leaves or input ends).
    """

    def __init__(self, message: str, *, status: int = 2) -> None:
        super().__init__(message)
        self.status = status
        """The command's exit status."""
