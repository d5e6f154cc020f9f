"""The ``tablegames`` command: list variants and watch bots play a whole match.

Usage::

    tablegames variants
    tablegames play american-sniff --seed 7 --players 2

Every option of a variant is a flag of ``play`` (``--players 4``, ``--target 100``), made
from its options class. Bad input ends with a one-line error and exit status 2, never a
traceback.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

import attrs

from tablegames.bots.base import Table
from tablegames.bots.random import RandomBot
from tablegames.core.errors import TableGamesError
from tablegames.core.game import Game
from tablegames.core.registry import get_variant, variant_names

__all__ = ["main"]


def _option_flags(cls: type[Any]) -> list[tuple[str, str, type, Any]]:
    """(flag, field name, type, default) for every option of an options class."""
    attrs.resolve_types(cls)
    flags = []
    for field in attrs.fields(cls):
        kind = field.type if field.type in (int, bool, str) else str
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = "depends on other options"
        flags.append(("--" + field.name.replace("_", "-"), field.name, kind, default))
    return flags


class _Usage(Exception):
    """A command-line mistake, reported in one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Usage(f"{message} (see '{self.prog} --help')")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tablegames", description="Table games by their exact rules.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("variants", help="list the installed variants and their options")
    play = sub.add_parser("play", help="watch bots play a whole match, hand by hand")
    play.add_argument("variant", help="a variant name (see 'tablegames variants')")
    play.add_argument("--seed", type=int, default=None, help="the seed of every shuffle (default: random)")
    play.add_argument("--quiet", action="store_true", help="print only the score after each hand")
    return parser


def _add_variant_flags(parser: argparse.ArgumentParser, cls: type[Game]) -> None:
    play = next(
        a for a in parser._subparsers._group_actions  # type: ignore[union-attr]
        if isinstance(a, argparse._SubParsersAction)
    ).choices["play"]
    group = play.add_argument_group(f"options of {cls.name}")
    for flag, name, kind, default in _option_flags(cls.options_class):
        if kind is bool:
            group.add_argument(
                flag, dest=f"opt_{name}", action=argparse.BooleanOptionalAction, default=None,
                help=f"default: {default}",
            )
        else:
            group.add_argument(
                flag, dest=f"opt_{name}", metavar=name.upper(), type=kind, default=None, help=f"default: {default}"
            )


def _list_variants(out: TextIO) -> None:
    for name in variant_names():
        cls = get_variant(name)
        flags = ", ".join(
            f"{flag} ({default})" for flag, _, _, default in _option_flags(cls.options_class)
        )
        out.write(f"{name}  [{cls.min_players}-{cls.max_players} players]  options: {flags}\n")


def _play(game: Game, seed: int, *, quiet: bool, out: TextIO) -> None:
    table = Table(game, [RandomBot() for _ in range(game.players)], rng=random.Random(seed))
    shown = 0
    hand = 0

    def scoreboard() -> None:
        out.write(f"after hand {hand}: scores {', '.join(str(s) for s in game.scores)}\n")

    def flush() -> None:
        nonlocal shown, hand
        events = game._events
        for event in events[shown:]:
            if event.tag == "hand_dealt":
                if hand:
                    scoreboard()
                hand = getattr(event, "hand_number", hand + 1)
                if not quiet:
                    out.write(f"\n== hand {hand} ==\n")
            if not quiet:
                out.write(f"  {game.describe_event(event)}\n")
        shown = len(events)

    flush()
    while not game.is_over:
        table.step()
        flush()
    scoreboard()
    if not quiet:
        out.write(f"\n{game.render_table()}\n")
    out.write(f"side {game.winner} wins {', '.join(str(s) for s in game.scores)} (seed {seed})\n")


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    """Run the command with ``argv`` (default: the process's arguments); return the exit status."""
    out = out or sys.stdout
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    try:
        if len(args_list) >= 2 and args_list[0] == "play" and args_list[1] in variant_names():
            _add_variant_flags(parser, get_variant(args_list[1]))
        args = parser.parse_args(args_list)
        if args.command == "variants":
            _list_variants(out)
            return 0
        cls = get_variant(args.variant)
        options = {k[4:]: v for k, v in vars(args).items() if k.startswith("opt_") and v is not None}
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        game = cls.create(options, seed=seed)
        _play(game, seed, quiet=args.quiet, out=out)
        return 0
    except (TableGamesError, _Usage) as exc:
        sys.stderr.write(f"tablegames: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("tablegames: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
