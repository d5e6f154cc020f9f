"""The ``tablegames`` command: play, watch, simulate and replay matches; list variants; print rules and schemas.

Usage::

    tablegames variants
    tablegames rules NAME
    tablegames play NAME [--seat N] [--bots random,greedy] [--seed S] [--quiet] [--log FILE]
                         [--plugin MODULE] [options]
    tablegames simulate NAME [-n 1000] [--bots greedy,random] [--workers K] [--duplicate]
                             [--seed S] [--out results.jsonl [--resume]] [--no-progress]
                             [--plugin MODULE] [--start-method METHOD] [--parquet FILE]
                             [--backend local|ray|MODULE:FACTORY [--address ADDR]] [options]
    tablegames tournament NAME --bots a,b[,...] [-n 100] [--seed S] [--workers K]
                               [--out results.jsonl [--resume]] [--plot FILE.png] [--no-progress]
                               [--plugin MODULE] [--start-method METHOD]
                               [--backend local|ray|MODULE:FACTORY [--address ADDR]] [options]
    tablegames replay LOG.json [--seat N]
    tablegames schema NAME [--kind KIND]

Every option of a variant is a flag of ``play``, ``simulate`` and ``tournament`` (``--players 4``,
``--seen-undealt 2``, ``--win-only-on-bid``), made from its options class. Bad input ends with
a one-line error and exit status 2, a person leaving or the end of input with status 1, never
a traceback.

``--plugin MODULE`` (``play``, ``simulate``, ``tournament`` and ``serve``, repeatable) imports a
module of one's own before anything else, so the bots (or variants) it registers are known by
name, in every worker process of ``simulate`` and ``tournament`` too, and offered for the seats
of the server's games.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from tablegames.bots.registry import bot_names
from tablegames.cli.errors import CommandError
from tablegames.cli.executors import backend_names
from tablegames.cli.options import add_option_flags, options_from_args, parse_bots
from tablegames.cli.play import run_play
from tablegames.cli.replay import run_replay
from tablegames.cli.rules import list_entry, rules_page
from tablegames.cli.schema import run_schema
from tablegames.cli.serve import DEFAULT_DB, run_serve
from tablegames.cli.simulate import first_seed, import_plugins, run_simulate
from tablegames.cli.tournament import run_tournament
from tablegames.core.errors import TableGamesError
from tablegames.core.registry import get_variant, variant_names
from tablegames.schema import SCHEMA_KINDS

__all__ = ["main"]

_WITH_OPTIONS = ("play", "simulate", "tournament")


class _Usage(Exception):
    """A command-line mistake found by the parser, reported in one line."""


class _Exit(Exception):
    """The parser is done (after ``--help``): exit with :attr:`status`."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Usage(f"{message} (see '{self.prog} --help')")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise _Exit(status)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive int")
    return value


def _bots(text: str) -> Any:
    try:
        return parse_bots(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_PLUGIN = "--plugin"
_PLUGIN_HELP = (
    "import the module MODULE (a dotted import name, on the Python path) first, for the bots or variants "
    "it registers; repeat for more"
)


def _plugins_in(argv: Sequence[str]) -> list[str]:
    """The modules ``--plugin`` names in ``argv`` (``--plugin M`` or ``--plugin=M``), in order.

    They are imported before the parser is built, so their bots are known to ``--bots`` and
    listed in its help. The parser takes ``--plu`` and longer for ``--plugin``, so they count.

    >>> from tablegames.cli import _plugins_in
    >>> _plugins_in(["simulate", "x", "--plugin", "a.b", "--plugin=c", "--plu", "d", "--pl", "e"])
    ['a.b', 'c', 'd']
    """
    found = []
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        flag, eq, value = arg.partition("=")
        if len(flag) < len("--plu") or not _PLUGIN.startswith(flag):
            continue
        if eq:
            found.append(value)
        elif i + 1 < len(argv):
            found.append(argv[i + 1])
    return found


def _add_worker_flags(command: argparse.ArgumentParser) -> None:
    """The flags of a command whose games go to workers: --plugin, then where they play (--workers to --address)."""
    command.add_argument(
        _PLUGIN,
        action="append",
        default=[],
        metavar="MODULE",
        help=_PLUGIN_HELP + " (imported in every worker process too)",
    )
    command.add_argument(
        "--workers",
        type=_positive,
        default=1,
        metavar="K",
        help="worker processes, or the CPUs of a Ray started here (default: 1)",
    )
    methods = multiprocessing.get_all_start_methods()
    command.add_argument(
        "--start-method",
        choices=methods,
        default=None,
        metavar="METHOD",
        help=f"how worker processes start ({', '.join(methods)}; default: the platform's, "
        f"{multiprocessing.get_start_method(allow_none=True) or methods[0]}, or spawn once a plug-in imports JAX)",
    )
    command.add_argument(
        "--backend",
        default="local",
        metavar="NAME",
        help=f"where the games are played ({', '.join(backend_names())}, or a factory as package.module:function; "
        "default: local, this machine's processes; ray needs the ray extra)",
    )
    command.add_argument(
        "--address",
        default=None,
        metavar="ADDR",
        help="the Ray cluster to join (auto, HOST:PORT or ray://HOST:PORT; default: a Ray of --workers CPUs here)",
    )


def _parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    parser = _Parser(prog="tablegames", description="Table games by their exact rules.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands: dict[str, argparse.ArgumentParser] = {}
    commands["variants"] = sub.add_parser("variants", help="list the installed variants and their options")
    rules = commands["rules"] = sub.add_parser("rules", help="print a variant's rules")
    rules.add_argument("variant", metavar="NAME", help="a variant name (see 'tablegames variants')")
    bots_help = (
        f"bots by name, comma-separated, dealt round the seats (default: random; known: {', '.join(bot_names())}); "
        "settings as name:key=value"
    )

    play = commands["play"] = sub.add_parser(
        "play",
        help="play a seat against bots, or watch bots play a match",
        description="Play one seat against bots (--seat), choosing moves by number, or watch bots play.",
    )
    play.add_argument("variant", metavar="NAME", help="a variant name (see 'tablegames variants')")
    play.add_argument("--seat", type=int, default=None, help="the seat you play (default: watch bots play every seat)")
    play.add_argument("--bots", type=_bots, default="random", metavar="LIST", help=bots_help)
    play.add_argument(
        "--seed", type=int, default=None, help="the seed of every shuffle and of the bots (default: random)"
    )
    play.add_argument("--quiet", action="store_true", help="print only the scores after each hand")
    play.add_argument(
        "--log", default=None, metavar="FILE", help="write the match's full log to FILE at the end (for replay)"
    )
    play.add_argument(_PLUGIN, action="append", default=[], metavar="MODULE", help=_PLUGIN_HELP)

    simulate = commands["simulate"] = sub.add_parser(
        "simulate",
        help="play many matches between bots and compare them",
        description="Play many matches between bots and print win rates with 95% confidence intervals.",
    )
    simulate.add_argument("variant", metavar="NAME", help="a variant name (see 'tablegames variants')")
    simulate.add_argument(
        "-n", "--games", type=_positive, default=100, metavar="N", help="how many games (default: 100)"
    )
    simulate.add_argument("--bots", type=_bots, default="random", metavar="LIST", help=bots_help)
    simulate.add_argument("--seed", type=int, default=None, help="game i is seeded SEED + i (default: random)")
    simulate.add_argument(
        "--duplicate", action="store_true", help="play every deal once per seating of the bots, the seats rotated"
    )
    simulate.add_argument("--out", default=None, metavar="FILE", help="write one JSON line per game to FILE")
    simulate.add_argument(
        "--resume",
        action="store_true",
        help="continue the interrupted run whose --out FILE is named (its seed read from the file if not given): "
        "the games in it are not played again",
    )
    simulate.add_argument("--no-progress", action="store_true", help="draw no progress bar on standard error")
    _add_worker_flags(simulate)
    simulate.add_argument(
        "--parquet",
        default=None,
        metavar="FILE",
        help="write the games' rows to FILE in Parquet too (needs pyarrow), whole when the run ends",
    )

    tournament = commands["tournament"] = sub.add_parser(
        "tournament",
        help="play a round robin of bots on duplicate deals and rate them",
        description="Play every pair of bots on the same deals from every seating; print Bradley-Terry ratings "
        "on the Elo scale with 95%% intervals and the pairwise win rates.",
    )
    tournament.add_argument("variant", metavar="NAME", help="a variant name (see 'tablegames variants')")
    tournament.add_argument(
        "--bots",
        type=_bots,
        required=True,
        metavar="LIST",
        help=f"the bots, comma-separated, each once (known: {', '.join(bot_names())}); settings as name:key=value",
    )
    tournament.add_argument(
        "-n", "--games", type=_positive, default=100, metavar="N", help="games per pair, in whole deals (default: 100)"
    )
    tournament.add_argument("--seed", type=int, default=None, help="deal d is seeded SEED + d (default: random)")
    tournament.add_argument("--out", default=None, metavar="FILE", help="write one JSON line per game to FILE")
    tournament.add_argument(
        "--resume", action="store_true", help="continue the interrupted tournament whose --out FILE is named"
    )
    tournament.add_argument("--plot", default=None, metavar="FILE", help="draw the pairwise win rates to FILE (PNG)")
    tournament.add_argument("--no-progress", action="store_true", help="draw no progress bar on standard error")
    _add_worker_flags(tournament)

    replay = commands["replay"] = sub.add_parser("replay", help="step through a recorded match, as a seat saw it")
    replay.add_argument("log", metavar="LOG", help="a log file (JSON, as tablegames.dumps(game.log()) writes it)")
    replay.add_argument("--seat", type=int, default=None, help="show only what this seat saw (default: everything)")

    schema = commands["schema"] = sub.add_parser("schema", help="print a variant's JSON Schemas (draft 2020-12)")
    schema.add_argument("variant", metavar="NAME", help="a variant name (see 'tablegames variants')")
    schema.add_argument(
        "--kind",
        choices=SCHEMA_KINDS,
        default=None,
        metavar="KIND",
        help=f"print only this kind's schema ({', '.join(SCHEMA_KINDS)}; default: all, keyed by kind)",
    )
    serve = commands["serve"] = sub.add_parser(
        "serve",
        help="run the game server (needs the server extra)",
        description="Serve games over HTTP, kept in a database as their logs (tablegames.server).",
    )
    serve.add_argument("--db", default=DEFAULT_DB, metavar="URL", help=f"the database (default: {DEFAULT_DB})")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=_positive, default=8000, help="the port (default: 8000)")
    serve.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a Host name to serve beside the local ones (repeat for more; '*' for any)",
    )
    serve.add_argument(
        "--allow-seed", action="store_true", help="let a request choose the seed (for tests: it reveals every hand)"
    )
    serve.add_argument(
        "--creations-per-minute",
        type=_positive,
        default=20,
        metavar="N",
        help="new games a client may create a minute (default: 20)",
    )
    serve.add_argument(
        "--live-games", type=_positive, default=50, metavar="N", help="unfinished games a client may hold (default: 50)"
    )
    serve.add_argument(
        "--max-body", type=_positive, default=65536, metavar="BYTES", help="the largest request body (default: 65536)"
    )
    serve.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="any other limit of ServerConfig, as actions_per_second=10 (repeatable; see the server docs)",
    )
    serve.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy (address or network) whose X-Forwarded-For names the client (default: none)",
    )
    serve.add_argument(_PLUGIN, action="append", default=[], metavar="MODULE", help=_PLUGIN_HELP)
    serve.add_argument(
        "--key-file",
        default=None,
        metavar="FILE",
        help="the key exported logs are signed with, made if missing (default: a new key each start)",
    )
    return parser, commands


def _parse(argv: list[str]) -> argparse.Namespace:
    """Parse ``argv``, with the option flags of the variant named, if the command takes them."""
    parser, commands = _parser()
    try:
        first, _ = parser.parse_known_args([a for a in argv if a not in ("-h", "--help")])
    except (_Usage, _Exit):
        first = None
    if first is not None and first.command in _WITH_OPTIONS:
        # a flag's value before the name ("play --players 2 NAME") is taken for the name here
        names = variant_names()
        name = first.variant if first.variant in names else next((a for a in argv if a in names), first.variant)
        cls = get_variant(name)
        add_option_flags(commands[first.command], cls.options_class, title=f"options of {cls.name}")
    return parser.parse_args(argv)


def _run(args: argparse.Namespace, *, out: TextIO, inp: TextIO, err: TextIO) -> int:
    command = args.command
    if command == "variants":
        for i, name in enumerate(variant_names()):
            out.write("\n" if i else "")
            try:
                out.write(list_entry(get_variant(name)) + "\n")
            except Exception as exc:  # a third-party variant that does not load
                out.write(f"{name}  (cannot be loaded: {exc})\n")
        return 0
    if command == "rules":
        out.write(rules_page(get_variant(args.variant)))
        return 0
    if command == "schema":
        return run_schema(get_variant(args.variant), kind=args.kind, out=out)
    if command == "replay":
        return run_replay(args.log, seat=args.seat, out=out, inp=inp)
    if command == "serve":
        return run_serve(
            db=args.db,
            host=args.host,
            port=args.port,
            allowed_hosts=args.allowed_host,
            allow_seed=args.allow_seed,
            out=out,
            key_file=args.key_file,
            limits={
                "creations_per_minute": args.creations_per_minute,
                "live_games_per_client": args.live_games,
                "max_body": args.max_body,
            },
            limit_flags=args.limit,
            trusted_proxies=args.trust_proxy,
        )
    import_plugins(args.plugin)  # imported already (see main): a second import does nothing
    cls = get_variant(args.variant)
    options = options_from_args(args)
    seed = args.seed
    if seed is None and command in ("simulate", "tournament") and args.resume and args.out:
        seed = first_seed(args.out)  # the interrupted run's, as its first game says
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    if command == "play":
        game = cls.create(options, seed=seed)
        return run_play(
            game, seat=args.seat, specs=args.bots, seed=seed, quiet=args.quiet, out=out, inp=inp, log_path=args.log
        )
    if command == "tournament":
        return run_tournament(
            cls,
            options,
            specs=args.bots,
            games=args.games,
            seed=seed,
            workers=args.workers,
            out_path=args.out,
            plot_path=args.plot,
            progress=not args.no_progress,
            out=out,
            err=err,
            plugins=args.plugin,
            resume=args.resume,
            start_method=args.start_method,
            backend=args.backend,
            address=args.address,
        )
    return run_simulate(
        cls,
        options,
        specs=args.bots,
        games=args.games,
        seed=seed,
        workers=args.workers,
        duplicate=args.duplicate,
        out_path=args.out,
        progress=not args.no_progress,
        out=out,
        err=err,
        plugins=args.plugin,
        start_method=args.start_method,
        resume=args.resume,
        backend=args.backend,
        address=args.address,
        parquet_path=args.parquet,
    )


def main(
    argv: Sequence[str] | None = None,
    *,
    out: TextIO | None = None,
    inp: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the command with ``argv`` (default: the process's arguments); return the exit status.

    Args:
        argv: the arguments after the command's name.
        out: where the output goes (default: standard output).
        inp: where a person's answers are read (default: standard input).
        err: where errors and the progress bar go (default: standard error).

    Returns:
        0 on success, 1 when a person leaves or input ends, 2 for bad input, 130 if interrupted.
    """
    out = out if out is not None else sys.stdout
    inp = inp if inp is not None else sys.stdin
    err = err if err is not None else sys.stderr
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        with contextlib.redirect_stdout(out):
            import_plugins(_plugins_in(args_list))
            args = _parse(args_list)
        return _run(args, out=out, inp=inp, err=err)
    except _Exit as done:
        return done.status
    except (TableGamesError, CommandError, _Usage) as exc:
        message = " ".join(str(exc).split())
        err.write(f"tablegames: error: {message}\n")
        return exc.status if isinstance(exc, CommandError) else 2
    except KeyboardInterrupt:
        err.write("\ntablegames: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
