"""Helpers for the command-line tests: running `main`, fake terminals, and what a seat may not see."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from typing import Final

import tablegames
from tablegames.cli import main
from tablegames.core.events import Event

__all__ = [
    "PIECE_IN_TEXT",
    "Run",
    "Terminal",
    "hand_sections",
    "hidden_by_hand",
    "load_events",
    "pieces_in",
    "run",
]

_PIECE_IN_JSON: Final = re.compile(r'"([0-6]-[0-6]|(?:10|[AKQJ987])[SHDC])"')
PIECE_IN_TEXT: Final = re.compile(r"(?<![\w-])(?:[0-6]-[0-6]|(?:10|[AKQJ987])[SHDC])(?![\w-])")
"""A tile (``6-4``) or a card (``10H``) written in the command's output."""


class Terminal(io.StringIO):
    """Fake standard input that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Run:
    """The result of one run of the command: exit status, output and error text."""

    def __init__(self, code: int, out: str, err: str) -> None:
        self.code = code
        self.out = out
        self.err = err

    def __repr__(self) -> str:
        return f"Run(code={self.code}, err={self.err!r}, out=...{self.out[-300:]!r})"


def run(*argv: str, stdin: str | io.StringIO = "") -> Run:
    """Run `tablegames argv...` in-process with ``stdin`` as the person's input."""
    out, err = io.StringIO(), io.StringIO()
    inp = stdin if isinstance(stdin, io.StringIO) else io.StringIO(stdin)
    code = main(list(argv), out=out, inp=inp, err=err)
    return Run(code, out.getvalue(), err.getvalue())


def load_events(path: str) -> tuple[Event, ...]:
    """The events of the log file at ``path``."""
    with open(path, encoding="utf-8") as file:
        return tablegames.load_log(file.read()).events


def pieces_in(text: str) -> set[str]:
    """Every tile or card written in ``text``."""
    return set(PIECE_IN_TEXT.findall(text))


def hidden_by_hand(events: Sequence[Event], seat: int) -> dict[int, set[str]]:
    """For each hand, the pieces the full log names but ``seat`` never sees during that hand."""
    hidden: dict[int, set[str]] = {}
    seen: dict[int, set[str]] = {}
    hand = 0
    for event in events:
        if event.tag == "hand_dealt":
            hand = json.loads(tablegames.dumps(event))["hand_number"]
        hidden.setdefault(hand, set()).update(_PIECE_IN_JSON.findall(tablegames.dumps(event)))
        seen.setdefault(hand, set()).update(_PIECE_IN_JSON.findall(tablegames.dumps(event.redact(seat))))
    return {h: hidden[h] - seen.get(h, set()) for h in hidden}


def hand_sections(text: str) -> dict[int, str]:
    """The output of each hand: from its ``== hand N ==`` header to the next one."""
    parts = re.split(r"^== hand (\d+) ==$", text, flags=re.MULTILINE)
    return {int(number): body for number, body in zip(parts[1::2], parts[2::2], strict=True)}
