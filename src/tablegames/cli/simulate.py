"""``tablegames simulate``: many matches between bots, summarised with confidence intervals.

Bots sit in rotation: the names given are dealt round the seats (two names at four seats give
each partnership one bot), and each game starts the rotation one seat further on, so every
bot plays every seat. Game ``i`` is seeded ``seed + i``; with ``duplicate``, each seed is
played once per distinct rotation, so every bot meets the same deals from every seat and the
luck of the deal cancels. A game of the run is replayed exactly by
``tablegames play NAME --seed <its seed> --bots <its bots, seat by seat>``.

Bots (or variants) registered by a module of one's own play too: ``plugins`` (``--plugin``)
names modules imported before the bots are looked up, in this process and in every worker
process, whatever the start method or backend (:func:`import_plugins`).

The matches are played by an executor (:mod:`tablegames.cli.executors`): this machine's
processes by default, a Ray cluster with ``backend="ray"``, or an engine of one's own. Every
backend and number of workers gives the same results, written in the same order.
"""

from __future__ import annotations

import importlib
import json
import math
import multiprocessing
import os
import random
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, TextIO

import attrs

from tablegames.bots.base import Table
from tablegames.cli.errors import CommandError
from tablegames.cli.executors import BackendSettings, Executor, LocalExecutor, WorkerDied, get_executor
from tablegames.cli.options import BotSpec, bots_for_seats
from tablegames.cli.play import make_bots
from tablegames.cli.render import seat_sides
from tablegames.core.game import Game
from tablegames.core.jsontext import read_json
from tablegames.core.registry import get_variant
from tablegames.core.serde import to_json

__all__ = [
    "Z95",
    "MatchResult",
    "MatchTask",
    "Progress",
    "first_seed",
    "import_plugins",
    "in_order",
    "make_executor",
    "play_match",
    "play_tasks",
    "read_done",
    "result_table",
    "rotations",
    "run_simulate",
    "where_played",
    "wilson_interval",
]

Z95: Final = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(wins: int, n: int, *, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins`` out of ``n`` (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and ``n`` wins.

    >>> from tablegames.cli.simulate import wilson_interval
    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rotations(specs: Sequence[BotSpec], seats: int) -> list[tuple[BotSpec, ...]]:
    """The distinct seatings of ``specs`` in rotation: the bots dealt round, started 0, 1, ... seats on.

    >>> from tablegames.cli.options import BotSpec
    >>> from tablegames.cli.simulate import rotations
    >>> [" ".join(map(str, r)) for r in rotations([BotSpec.parse("g"), BotSpec.parse("r")], 4)]
    ['g r g r', 'r g r g']
    """
    found: list[tuple[BotSpec, ...]] = []
    for r in range(seats):
        seating = tuple(bots_for_seats(specs, seats, rotation=r))
        if seating not in found:
            found.append(seating)
    return found


@attrs.frozen
class MatchTask:
    """One match to play: everything a worker process needs, in plain values."""

    index: int
    """The game's number in the run, from 0."""
    variant: str
    """The variant's name."""
    options: Mapping[str, Any]
    """The options given on the command line."""
    seed: int
    """The game's seed (also the seed of the bots' generator)."""
    bots: tuple[str, ...]
    """Each seat's bot specification."""


@attrs.frozen
class MatchResult:
    """The outcome of one match."""

    index: int
    """The game's number in the run."""
    seed: int
    """The game's seed."""
    bots: tuple[str, ...]
    """Each seat's bot."""
    sides: tuple[int, ...]
    """The side each seat scored for."""
    winner: int
    """The winning side."""
    scores: tuple[int, ...]
    """Each side's final score."""
    hands: int
    """How many hands were dealt (a throw-in counts)."""
    decisions: int
    """How many actions the seats took."""
    seconds: tuple[float, ...]
    """Each seat's time choosing and applying its actions (empty for a result read back from a file)."""
    seat_decisions: tuple[int, ...]
    """Each seat's number of actions (empty for a result read back from a file)."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchResult:
        """The result a line of ``--out`` holds (no timing: the line has none, so the run's is the same every time).

        Raises:
            KeyError, TypeError, ValueError: for a line that is not one ``--out`` writes.
        """
        bots = tuple(str(b) for b in data["bots"])
        return cls(
            index=int(data["game"]),
            seed=int(data["seed"]),
            bots=bots,
            sides=tuple(int(s) for s in data["sides"]),
            winner=int(data["winner"]),
            scores=tuple(int(s) for s in data["scores"]),
            hands=int(data["hands"]),
            decisions=int(data["decisions"]),
            seconds=(),
            seat_decisions=(),
        )

    def to_json(self) -> dict[str, Any]:
        """The line ``--out`` writes for this match."""
        return {
            "game": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "sides": list(self.sides),
            "winner": self.winner,
            "scores": list(self.scores),
            "hands": self.hands,
            "decisions": self.decisions,
        }


def play_match(task: MatchTask) -> MatchResult:
    """Play the match ``task`` describes, bots in every seat (run in worker processes)."""
    game = get_variant(task.variant).create(dict(task.options), seed=task.seed)
    bots = make_bots([BotSpec.parse(text) for text in task.bots])
    table = Table(game, bots, rng=random.Random(task.seed))
    players = game.players
    seconds = [0.0] * players
    counts = [0] * players
    clock = time.perf_counter
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        start = clock()
        table.step()
        seconds[seat] += clock() - start
        counts[seat] += 1
    winner = game.winner
    assert winner is not None
    return MatchResult(
        index=task.index,
        seed=task.seed,
        bots=task.bots,
        sides=seat_sides(game),
        winner=winner,
        scores=game.scores,
        hands=sum(1 for e in game.log().events if e.tag == "hand_dealt"),
        decisions=sum(counts),
        seconds=tuple(seconds),
        seat_decisions=tuple(counts),
    )


class Progress:
    """A plain-text progress bar: redrawn in place on a terminal, a line per tenth elsewhere.

    Args:
        total: how many games the run has.
        stream: where to draw it (standard error).
        enabled: draw nothing if false.
        already: games done before (a resumed run's), counted as done but not in the rate.
    """

    def __init__(self, total: int, stream: TextIO, *, enabled: bool = True, already: int = 0) -> None:
        self.total = total
        """How many games the run has."""
        self.stream = stream
        """Where the bar is drawn."""
        self.enabled = enabled and total > 0
        """Whether anything is drawn."""
        self.already = already
        """How many games were done before this run started (a resumed run's), left out of the rate."""
        try:
            self._tty = stream.isatty()
        except (AttributeError, ValueError):
            self._tty = False
        self._start = time.monotonic()
        self._drawn = -1.0
        self._tenth = 0

    def update(self, done: int) -> None:
        """Show that ``done`` games have finished."""
        if not self.enabled:
            return
        now = time.monotonic()
        if self._tty:
            if done < self.total and now - self._drawn < 0.1:
                return
            self._drawn = now
            self.stream.write("\r" + self.line(done, now - self._start))
        else:
            tenth = done * 10 // self.total
            if tenth <= self._tenth and done < self.total:
                return
            self._tenth = tenth
            self.stream.write(self.line(done, now - self._start) + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.enabled and self._tty:
            self.stream.write("\n")
            self.stream.flush()

    def line(self, done: int, elapsed: float) -> str:
        """The bar for ``done`` games after ``elapsed`` seconds.

        >>> from tablegames.cli.simulate import Progress
        >>> import io
        >>> Progress(200, io.StringIO()).line(50, 10.0)
        '[#####---------------]  50/200 games  25%  5.0 games/s  eta 0:30'
        """
        width = 20
        filled = width * done // self.total
        rate = (done - self.already) / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else 0.0
        minutes, secs = divmod(round(eta), 60)
        digits = len(str(self.total))
        return (
            f"[{'#' * filled}{'-' * (width - filled)}] {done:>{digits}}/{self.total} games "
            f"{100 * done // self.total:>3}%  {rate:.1f} games/s  eta {minutes}:{secs:02d}"
        )


@attrs.define
class _BotTotals:
    played: int = 0
    wins: int = 0
    score: int = 0
    games: int = 0
    hands: int = 0
    decisions: int = 0
    own_decisions: int = 0
    seconds: float = 0.0

    def add(self, result: MatchResult, seats: Sequence[int]) -> None:
        self.games += 1
        self.hands += result.hands
        self.decisions += result.decisions
        for side in sorted({result.sides[s] for s in seats}):
            self.played += 1
            self.wins += side == result.winner
            self.score += result.scores[side]
        if result.seconds:  # timed here, not read back from a file
            for s in seats:
                self.own_decisions += result.seat_decisions[s]
                self.seconds += result.seconds[s]


def import_plugins(names: Iterable[str]) -> None:
    """Import each module of ``names`` (dotted import names), for the bots or variants it registers.

    A module imported before is not imported again.

    Raises:
        CommandError: naming the module, if one cannot be imported (not found, or its import fails).
    """
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:  # whatever a plug-in's import raises, reported in one line
            detail = str(exc) if isinstance(exc, ImportError) else f"{type(exc).__name__}: {exc}"
            raise CommandError(f"cannot import plugin {name!r}: {detail}") from None


class _WorkerFailed(Exception):
    """A worker could not import the plug-ins (the parent could): reported by the parent in one line."""


@attrs.frozen
class _Player:
    """What a worker runs for each match: the plug-ins imported (once), then the match played.

    The plug-ins are imported here, in the worker, whatever started it (``fork``, ``spawn``,
    ``forkserver``, a Ray worker on another machine): a worker never relies on what the parent
    registered. It travels to the worker by its import path, with the names of the plug-ins.
    """

    plugins: tuple[str, ...]

    def __call__(self, task: MatchTask) -> MatchResult:
        try:
            import_plugins(self.plugins)
        except CommandError as exc:
            raise _WorkerFailed(f"in a worker process: {exc}") from None
        return play_match(task)


def play_tasks(
    tasks: Sequence[MatchTask],
    workers: int = 1,
    *,
    plugins: Sequence[str] = (),
    start_method: str | None = None,
    executor: Executor | None = None,
) -> Iterator[MatchResult]:
    """Play ``tasks``, yielding each result as its match ends (in any order with several workers).

    ``executor`` plays them (see :mod:`tablegames.cli.executors`); by default, ``workers``
    processes of this machine (``1``: this process, in order), started by ``start_method``
    (see :func:`run_simulate`). Every worker imports ``plugins`` first.

    Raises:
        CommandError: if a worker cannot import the plug-ins, or dies and is not replaced.
    """
    if executor is None:
        executor = LocalExecutor(workers, start_method=start_method)
    try:
        yield from executor.map_unordered(_Player(tuple(plugins)), tasks)
    except _WorkerFailed as exc:
        raise CommandError(str(exc)) from None
    except WorkerDied as exc:
        raise CommandError(f"{exc}; the games written to --out are kept, and --resume goes on from them") from None


def make_executor(
    backend: str = "local", workers: int = 1, *, address: str | None = None, start_method: str | None = None
) -> Executor:
    """The executor ``backend`` names (:func:`~tablegames.cli.executors.get_executor`), after checking ``start_method``.

    ``workers`` is the number of local processes, or the CPUs of a Ray started here;
    ``address`` the cluster to join; ``start_method`` the ``multiprocessing`` start method of
    local workers (``None``: the platform's default).

    Raises:
        CommandError: for a start method this platform lacks, an unknown backend, or one that
            cannot start (Ray not installed).
    """
    methods = multiprocessing.get_all_start_methods()
    if start_method is not None and start_method not in methods:
        raise CommandError(f"unknown start method {start_method!r}: this platform has {', '.join(methods)}")
    return get_executor(backend, BackendSettings(workers, address=address, start_method=start_method))


def where_played(backend: str, workers: int, address: str | None) -> str:
    """Where a run's games are played, as its summary says it.

    >>> from tablegames.cli.simulate import where_played
    >>> where_played("local", 2, None), where_played("ray", 4, None), where_played("ray", 1, "auto")
    ('2 workers', '4 workers, backend ray', 'backend ray at auto')
    """
    if address is not None:
        return f"backend {backend} at {address}"
    where = "" if backend == "local" else f", backend {backend}"
    return f"{workers} worker{'s' if workers != 1 else ''}{where}"


def read_done(path: str, tasks: Sequence[MatchTask]) -> list[MatchResult]:
    """The results an interrupted run wrote to ``path``, after checking they are this run's games.

    An ``--out`` file holds its games in order, one complete line each, so an interrupted run
    leaves the first games and at most one line cut short, which is removed from the file here.
    A missing file is a run with nothing done.

    Raises:
        CommandError: if the file holds a line that is not this run's game at its place (another
            seed, other bots, or not a result), or more games than the run has.
    """
    try:
        with open(path, "rb") as file:
            data = file.read()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
    complete = data[: data.rfind(b"\n") + 1]  # a line cut short by the interruption is dropped
    done: list[MatchResult] = []
    for number, line in enumerate(complete.splitlines(), 1):
        if len(done) >= len(tasks):
            raise CommandError(f"{path} holds more games than this run has ({len(tasks)}): it is another run's")
        task = tasks[len(done)]
        try:
            result = MatchResult.from_json(read_json(line))
        except (ValueError, KeyError, TypeError):
            raise CommandError(f"{path}, line {number}: not a line of a simulate --out file") from None
        if (result.index, result.seed, result.bots) != (task.index, task.seed, task.bots):
            raise CommandError(
                f"{path}, line {number}: game {result.index} (seed {result.seed}, bots {' '.join(result.bots)}) is "
                f"not this run's game {task.index} (seed {task.seed}, bots {' '.join(task.bots)}): "
                "resume with the run's own seed, bots and options"
            )
        done.append(result)
    if len(complete) < len(data):
        with open(path, "r+b") as file:
            file.truncate(len(complete))
    return done


def first_seed(path: str) -> int | None:
    """The seed of the first game in the ``--out`` file ``path``: the run's seed (``None`` if it has no game yet)."""
    try:
        with open(path, "rb") as file:
            line = file.readline()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not line.endswith(b"\n"):
        return None
    try:
        return int(read_json(line)["seed"])
    except (ValueError, KeyError, TypeError):
        raise CommandError(f"{path}, line 1: not a line of a simulate --out file") from None


_PARQUET_ROWS: Final = 1000
"""How many games a row group of a ``--parquet`` file holds."""


def _import_pyarrow() -> Any:
    try:  # an optional dependency, needed only for --parquet
        importlib.import_module("pyarrow.parquet")
        return importlib.import_module("pyarrow")
    except ImportError:
        raise CommandError("--parquet needs pyarrow, which is not installed: pip install pyarrow") from None


def result_table(results: Iterable[MatchResult]) -> Any:
    """The ``pyarrow.Table`` of ``results``: a row per game, the columns and values of ``--out``'s lines.

    ``game``, ``seed``, ``winner``, ``hands`` and ``decisions`` are 64-bit integers, ``bots`` a
    list of strings, ``sides`` and ``scores`` lists of integers.

    Raises:
        CommandError: if pyarrow is not installed.
    """
    pa = _import_pyarrow()
    columns: dict[str, list[Any]] = {name: [] for name in _PARQUET_SCHEMA}
    for result in results:
        for name, value in result.to_json().items():
            columns[name].append(value)
    return pa.table(columns, schema=_parquet_schema(pa))


_PARQUET_SCHEMA: Final = ("game", "seed", "bots", "sides", "winner", "scores", "hands", "decisions")


def _parquet_schema(pa: Any) -> Any:
    numbers = pa.list_(pa.int64())
    kinds = {"bots": pa.list_(pa.string()), "sides": numbers, "scores": numbers}
    return pa.schema([(name, kinds.get(name, pa.int64())) for name in _PARQUET_SCHEMA])


class _ParquetSink:
    """A ``--parquet`` file written as the games end, a row group per thousand, complete or not at all.

    The rows go to ``PATH.partial``, renamed ``PATH`` when the run ends: an interrupted run
    leaves no Parquet file that looks whole (``--out``'s lines are what ``--resume`` reads;
    the resumed run writes the Parquet file again, from every game).
    """

    def __init__(self, path: str) -> None:
        pa = _import_pyarrow()
        self._path = path
        self._partial = f"{path}.partial"
        self._rows: list[MatchResult] = []
        try:
            self._writer = pa.parquet.ParquetWriter(self._partial, _parquet_schema(pa))
        except OSError as exc:
            raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None

    def add(self, result: MatchResult) -> None:
        self._rows.append(result)
        if len(self._rows) >= _PARQUET_ROWS:
            self._flush()

    def _flush(self) -> None:
        if self._rows:
            self._writer.write_table(result_table(self._rows))
            self._rows = []

    def close(self, *, complete: bool) -> None:
        """Write what is left and end the file: renamed ``PATH`` if ``complete``, else left ``PATH.partial``."""
        if complete:
            self._flush()
        self._writer.close()
        if complete:
            os.replace(self._partial, self._path)


def _count(totals: Mapping[str, _BotTotals], result: MatchResult) -> None:
    for name, total in totals.items():
        seats = [s for s, bot in enumerate(result.bots) if bot == name]
        if seats:
            total.add(result, seats)


def in_order(results: Iterable[MatchResult], *, first: int = 0) -> Iterator[MatchResult]:
    """``results`` (which may come in any order) in the order of their index, from ``first`` on."""
    waiting: dict[int, MatchResult] = {}
    wanted = first
    for result in results:
        waiting[result.index] = result
        while wanted in waiting:
            yield waiting.pop(wanted)
            wanted += 1


def run_simulate(
    cls: type[Game],
    options: Mapping[str, Any],
    *,
    specs: Sequence[BotSpec],
    games: int,
    seed: int,
    workers: int,
    duplicate: bool,
    out_path: str | None,
    progress: bool,
    out: TextIO,
    err: TextIO,
    plugins: Sequence[str] = (),
    start_method: str | None = None,
    resume: bool = False,
    backend: str = "local",
    address: str | None = None,
    parquet_path: str | None = None,
) -> int:
    """Play ``games`` matches of ``cls`` between ``specs`` and print a summary; the exit status.

    ``plugins`` are imported first, here and in each worker (:func:`import_plugins`);
    ``start_method`` is the workers' ``multiprocessing`` start method (``"fork"``,
    ``"spawn"`` or ``"forkserver"``; ``None``: the platform's default). With ``resume``, the
    games ``out_path`` already holds (:func:`read_done`) are counted, not played again, and the
    rest are added to it: the file ends as an uninterrupted run's would, byte for byte.

    ``backend`` names the executor (:func:`~tablegames.cli.executors.get_executor`: ``"local"``,
    ``"ray"``, a registered name or ``module:factory``), given ``workers``, ``address`` (the
    cluster to join) and ``start_method``; every backend writes the same file. ``parquet_path``
    names a Parquet file holding the same rows (:func:`result_table`), written as the games end
    and complete only when the run is (a resumed run writes it again, whole).

    Raises:
        InvalidOptionsError: for bad options.
        CommandError: for a bot's bad settings, a plug-in that cannot be imported, an unknown
            start method or backend, a backend that cannot start (Ray not installed), an
            ``--out`` file that cannot be written, ``resume`` without one, or one that holds
            another run's games, ``parquet_path`` without pyarrow.
    """
    import_plugins(plugins)
    if out_path is not None and out_path.endswith(".parquet"):
        raise CommandError(f"--out writes JSON lines, not Parquet: for {out_path!r} use --parquet {out_path}")
    executor = make_executor(backend, workers, address=address, start_method=start_method)
    probe = cls.create(dict(options), seed=seed)
    if len(specs) > probe.players:
        raise CommandError(f"{len(specs)} bots for {probe.players} seats: name at most {probe.players}")
    make_bots(specs)  # refuse bad settings here, not in a worker
    seatings = rotations(specs, probe.players)
    per_seed = len(seatings) if duplicate else 1
    total = math.ceil(games / per_seed) * per_seed
    tasks = [
        MatchTask(i, cls.name, dict(options), seed + i // per_seed, tuple(str(b) for b in seatings[i % len(seatings)]))
        for i in range(total)
    ]
    if resume and not out_path:
        raise CommandError("--resume continues the run whose --out FILE is named: name it")
    done_before = read_done(out_path, tasks) if resume and out_path else []
    try:
        sink = open(out_path, "a" if resume else "w", encoding="utf-8") if out_path else None  # noqa: SIM115
    except OSError as exc:
        raise CommandError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    try:
        table = _ParquetSink(parquet_path) if parquet_path else None
    except CommandError:
        if sink is not None:
            sink.close()
        raise
    names = list(dict.fromkeys(str(s) for s in specs))
    totals = {name: _BotTotals() for name in names}
    bar = Progress(total, err, enabled=progress, already=len(done_before))
    started = time.perf_counter()
    for result in done_before:
        _count(totals, result)
        if table is not None:
            table.add(result)
    complete = False
    try:
        left = tasks[len(done_before) :]
        results = play_tasks(left, plugins=plugins, executor=executor)
        for done, result in enumerate(in_order(results, first=len(done_before)), len(done_before) + 1):
            _count(totals, result)
            if sink is not None:
                sink.write(json.dumps(result.to_json(), separators=(",", ":")) + "\n")
                sink.flush()  # a line is in the file as its game ends, for --resume
            if table is not None:
                table.add(result)
            bar.update(done)
        complete = True
    finally:
        bar.close()
        if sink is not None:
            sink.close()
        if table is not None:
            table.close(complete=complete)
    elapsed = time.perf_counter() - started
    _summary(
        probe,
        totals,
        total=total,
        seed=seed,
        workers=workers,
        backend=backend,
        address=address,
        seatings=seatings,
        duplicate=duplicate,
        out=out,
    )
    timing = ", ".join(
        f"{name} {1000 * t.seconds / t.own_decisions:.3g} ms" for name, t in totals.items() if t.own_decisions
    )
    played = total - len(done_before)
    rate = f"{played / elapsed:.1f} games/s" if elapsed > 0 else "no time"
    out.write(f"time per decision: {timing or 'none timed'}; {elapsed:.1f} s in all ({rate})\n")
    if done_before:
        out.write(f"resumed: {len(done_before)} games were in {out_path} already, {played} played now\n")
    if sink is not None:
        out.write(f"wrote {played} lines to {out_path}\n")
    if table is not None:
        out.write(f"wrote {total} rows to {parquet_path}\n")
    return 0


def _summary(
    probe: Game,
    totals: Mapping[str, _BotTotals],
    *,
    total: int,
    seed: int,
    workers: int,
    backend: str,
    address: str | None,
    seatings: Sequence[Sequence[BotSpec]],
    duplicate: bool,
    out: TextIO,
) -> None:
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in to_json(probe.options).items())
    seeds = total // len(seatings) if duplicate else total
    out.write(f"{probe.name} ({options}): {total} games, seeds {seed} to {seed + seeds - 1}, ")
    out.write(where_played(backend, workers, address) + "\n")
    shown = " / ".join(" ".join(str(b) for b in seating) for seating in seatings)
    how = (
        f"duplicate: each deal played by {len(seatings)} seating{'s' if len(seatings) != 1 else ''} in turn"
        if duplicate
        else "a new deal every game"
    )
    out.write(f"seats, in rotation: {shown}; {how}\n")
    width = max(len("bot"), *(len(name) for name in totals)) + 2
    out.write(
        f"{'bot':<{width}}{'played':>7}{'wins':>7}{'win rate':>10}  {'95% CI':<16}"
        f"{'mean score':>11}{'hands/match':>13}{'decisions/match':>17}\n"
    )
    for name, t in totals.items():
        low, high = wilson_interval(t.wins, t.played)
        interval = f"[{100 * low:.1f}%, {100 * high:.1f}%]"
        out.write(
            f"{name:<{width}}{t.played:>7}{t.wins:>7}{100 * t.wins / t.played:>9.1f}%  {interval:<16}"
            f"{t.score / t.played:>11.1f}{t.hands / t.games:>13.1f}{t.decisions / t.games:>17.1f}\n"
        )
