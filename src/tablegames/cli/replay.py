"""``tablegames replay``: step through a recorded match, whole or as one seat saw it.

A full log is first checked by replaying it (:func:`tablegames.replay`); with ``--seat`` its
events are redacted by the same rule that makes the seat's log and view. A redacted log shows
its own seat's story and no other.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO

from tablegames.cli.errors import CommandError
from tablegames.cli.play import is_terminal
from tablegames.cli.render import Narrator
from tablegames.core.errors import LogError
from tablegames.core.events import EventLog
from tablegames.core.logs import load_log, replay
from tablegames.core.registry import get_variant
from tablegames.core.serde import to_json

__all__ = ["read_log", "run_replay"]


def read_log(path: str) -> EventLog:
    """The log in the file ``path``, checked (a full log is replayed to be sure it is consistent).

    Raises:
        CommandError: naming the file, if it cannot be read or holds no valid log.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CommandError(f"cannot read {path}: it is not UTF-8 text") from None
    try:
        log = load_log(text, max_bytes=None)  # a file the person chose: no bound on a long match
        if log.seat is None:
            replay(log)
    except LogError as exc:
        raise CommandError(f"{path}: {exc}") from None
    return log


def run_replay(path: str, *, seat: int | None, out: TextIO, inp: TextIO) -> int:
    """Print the match recorded in ``path``, event by event, as ``seat`` saw it (all of it if ``None``).

    On a terminal it waits for Enter before each new hand.

    Raises:
        CommandError: for an unreadable or invalid log, a seat the game does not have, another
            seat than a redacted log's own, or (status 1) the end of input at a pause.
    """
    log = read_log(path)
    cls = get_variant(log.variant)
    game = cls.create(log.options, seed=log.seed or 0)  # words the events; its own state is never shown
    players = game.players
    if seat is not None and not 0 <= seat < players:
        raise CommandError(f"--seat {seat} is not a seat of this game; seats are 0 to {players - 1}")
    if log.seat is not None:
        if seat is not None and seat != log.seat:
            raise CommandError(f"{path} is seat {log.seat}'s log; it cannot show what seat {seat} saw")
        seat = log.seat
        events = log.events
        how = f"as seat {seat} saw it (a seat's log)"
    elif seat is not None:
        events = tuple(e.redact(seat) for e in log.events)
        how = f"as seat {seat} saw it"
    else:
        events = log.events
        how = "with every hand shown"
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in to_json(log.options).items())
    out.write(f"replay of {cls.name} ({options}), {how}\n")
    narrator = Narrator(game, out)
    pause = is_terminal(inp)
    for event in events:
        number = event.dealt_hand()  # a deal event declares the hand it deals
        if pause and number is not None and narrator.sheet.hands:
            narrator.end_hand()
            out.write(f"\n-- Enter for hand {number}, q to stop: ")
            out.flush()
            line = inp.readline()
            if not line:
                out.write("\n")
                raise CommandError(f"end of input: the replay stopped before hand {number}", status=1)
            if line.strip().lower() in ("q", "quit", "exit"):
                return 0
        narrator.feed([event])
    narrator.end_hand()
    sheet = narrator.sheet
    scores = ", ".join(str(t) for t in sheet.totals)
    if sheet.winner is not None:
        out.write(f"side {sheet.winner} wins {scores}\n")
    else:
        out.write(f"the log stops in hand {sheet.current_hand}, the match unfinished: scores {scores}\n")
    return 0
