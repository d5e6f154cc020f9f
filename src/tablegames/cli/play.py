"""``tablegames play``: a person plays one seat against bots, or bots play a match to watch.

The person is a bot like the others (:class:`TerminalPlayer`): the :class:`~tablegames.bots.base.Table`
gives it only its seat's :class:`~tablegames.core.observation.Observation`, and the narration it reads is
its seat's redacted log. It cannot be shown another seat's hand, by construction.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TextIO

from tablegames.bots.base import Bot, Table
from tablegames.bots.registry import make_bot
from tablegames.cli.errors import CommandError
from tablegames.cli.options import BotSpec, bots_for_seats
from tablegames.cli.render import Narrator, render_choices, render_view, seat_sides, side_labels
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.registry import get_variant
from tablegames.core.serde import dumps

__all__ = ["TerminalPlayer", "is_terminal", "make_bots", "run_play"]

_QUIT = frozenset({"q", "quit", "exit"})


def make_bots(specs: Sequence[BotSpec]) -> list[Bot]:
    """A new bot for each specification.

    Raises:
        CommandError: if a bot's factory refuses its settings.
    """
    bots = []
    for spec in specs:
        try:
            bots.append(make_bot(spec.name, **spec.settings))
        except (TypeError, ValueError) as exc:
            raise CommandError(f"bot {spec.text!r}: {exc}") from None
    return bots


class TerminalPlayer:
    """A person at a terminal, playing one seat: shown the seat's view, asked for a number.

    Args:
        out: where the view and the numbered moves are written.
        inp: where the person's answers are read, a line each.
        labels: the label of each side, for the scores.
        variant: the variant whose :meth:`~tablegames.core.game.Game.render_view` writes the
            seat's view (default: the registered variant the observation names).
    """

    name = "person"
    """The player's name in the command's output."""

    def __init__(self, *, out: TextIO, inp: TextIO, labels: Sequence[str], variant: type[Game] | None = None) -> None:
        self.out = out
        """Where the view and the moves are written."""
        self.inp = inp
        """Where answers are read."""
        self.labels = list(labels)
        """The label of each side."""
        self.variant = variant
        """The variant that writes the view (``None``: the one each observation names)."""
        self._echo = not is_terminal(inp)

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """The action the person picks by number among ``observation.legal``.

        Junk and numbers out of range are answered with a one-line message and asked again.

        Raises:
            CommandError: (status 1) at the end of input, or if the person types ``q``.
        """
        out, legal = self.out, observation.legal
        view = observation.view
        variant = self.variant or get_variant(observation.variant)
        out.write(f"\n{render_view(view, self.labels, variant=variant)}\n")
        out.write(f"seat {observation.seat}, your move:\n{render_choices(legal)}\n")
        count = len(legal)
        while True:
            choices = "1, or Enter" if count == 1 else f"1 to {count}"
            out.write(f"your move ({choices}); q quits: ")
            out.flush()
            line = self.inp.readline()
            if not line:
                out.write("\n")
                hand = getattr(view, "hand_number", None)
                where = f" in hand {hand}" if hand is not None else ""
                raise CommandError(f"end of input{where}: seat {observation.seat} had a move to make", status=1)
            text = line.strip()
            if self._echo:
                out.write(f"{text}\n")
            if text.lower() in _QUIT:
                raise CommandError(f"seat {observation.seat} left the match unfinished", status=1)
            if not text and count == 1:
                return legal[0]
            try:
                choice = int(text)
            except ValueError:
                out.write(f"  {text!r} is not a number; enter a number from 1 to {count}\n")
                continue
            if 1 <= choice <= count:
                return legal[choice - 1]
            out.write(f"  {choice} is not one of the moves; enter a number from 1 to {count}\n")


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (false for files, pipes and closed or odd streams)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def run_play(
    game: Game,
    *,
    seat: int | None,
    specs: Sequence[BotSpec],
    seed: int,
    quiet: bool,
    out: TextIO,
    inp: TextIO,
    log_path: str | None = None,
) -> int:
    """Play ``game`` to its end, a person in ``seat`` (if not ``None``) and bots elsewhere; the exit status.

    Args:
        game: a new game.
        seat: the seat a person plays, or ``None`` to watch bots play every seat.
        specs: the bots, dealt round the seats.
        seed: the seed of the bots' generator (and of the game, to print).
        quiet: print only the scores after each hand.
        out: where the match is written.
        inp: where the person's answers are read.
        log_path: a file to write the full log to when the match ends or is left.

    Raises:
        CommandError: for a seat the game does not have, a bot's bad settings, a log file that
            cannot be written, or (status 1) when the person leaves or input ends.
    """
    players = game.players
    if seat is not None and not 0 <= seat < players:
        raise CommandError(f"--seat {seat} is not a seat of this game; seats are 0 to {players - 1}")
    if len(specs) > players:
        raise CommandError(f"{len(specs)} bots for {players} seats: name at most {players}")
    seated = bots_for_seats(specs, players)
    bots = make_bots(seated)
    sides = seat_sides(game)
    labels = side_labels(sides)
    sink = _open_log(log_path)
    if seat is not None:
        bots[seat] = TerminalPlayer(out=out, inp=inp, labels=labels, variant=type(game))
        others = ", ".join(f"seat {s} {seated[s]}" for s in range(players) if s != seat)
        out.write(
            f"{game.name}, {players} players, seed {seed}: you play seat {seat} ({labels[sides[seat]]}); {others}\n"
        )
    try:
        return _run(game, bots, seat=seat, sides=sides, labels=labels, seed=seed, quiet=quiet, out=out)
    finally:
        if sink is not None:
            with sink:
                sink.write(dumps(game.log()) + "\n")


def _open_log(path: str | None) -> TextIO | None:
    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8")  # closed by run_play
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None


def _run(
    game: Game,
    bots: Sequence[Bot],
    *,
    seat: int | None,
    sides: Sequence[int],
    labels: Sequence[str],
    seed: int,
    quiet: bool,
    out: TextIO,
) -> int:
    table = Table(game, bots, rng=random.Random(seed))
    narrator = Narrator(game, out, quiet=quiet)
    shown = 0

    def narrate() -> None:
        nonlocal shown
        events = game.log().events[shown:]
        shown += len(events)
        narrator.feed(events if seat is None else [e.redact(seat) for e in events])

    narrate()
    while not game.is_over:
        table.step()
        narrate()
    narrator.end_hand()
    if seat is None:
        if not quiet and game.render_table():
            out.write(f"\n{game.render_table()}\n")
    else:
        out.write(f"\n{render_view(game.view(seat), labels, variant=type(game))}\n")
    out.write(f"side {game.winner} wins {', '.join(str(s) for s in game.scores)} (seed {seed})\n")
    if seat is not None:
        out.write("you win\n" if game.winner == sides[seat] else "you lose\n")
    return 0
