"""Helpers shared by the pieces' notations."""

from __future__ import annotations

__all__ = ["quote_text"]


def quote_text(text: object) -> str:
    """``repr(text)`` of a string, at most 40 characters of it; the type of anything else."""
    if not isinstance(text, str):
        return f"a {type(text).__name__}"
    return repr(text) if len(text) <= 40 else f"{text[:40]!r}..."
