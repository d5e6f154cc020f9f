"""``tablegames tournament``: a round robin of bots on duplicate deals, rated on the Elo scale.

Every pair of the bots named plays the same deals: deal ``d`` is seeded ``seed + d``, for every
pair, and each pair plays each of its deals once from every seating of the two bots
(:func:`pair_seatings`), so each bot meets the same deals from every seat and the luck of the
deal cancels. At four seats in partnerships the two bots each take one partnership; at three
solo seats one bot holds two seats and then the other. All the pairs' games go to
:func:`~tablegames.cli.simulate.play_tasks` in one batch, so every worker stays busy, and the
results are put back in the schedule's order: the output is the same whatever the number of
workers.

The ratings are Bradley-Terry strengths on the Elo scale, their mean 0, with 95% intervals from
a bootstrap over the deals seeded with the tournament's seed (:mod:`tablegames.bots.ratings`);
the pairwise table gives each bot's win rate against each other with a Wilson interval
(:func:`~tablegames.cli.simulate.wilson_interval`), and ``plot`` draws it as a heat map
(:func:`plot_win_rates`, which needs matplotlib).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

import attrs

from tablegames.bots.ratings import DEFAULT_PRIOR, DEFAULT_RESAMPLES, DealResult, Rating, rate
from tablegames.cli.errors import CommandError
from tablegames.cli.options import BotSpec
from tablegames.cli.play import make_bots
from tablegames.cli.simulate import (
    MatchResult,
    MatchTask,
    Progress,
    import_plugins,
    in_order,
    make_executor,
    play_tasks,
    read_done,
    rotations,
    where_played,
    wilson_interval,
)
from tablegames.core.game import Game
from tablegames.core.serde import to_json

__all__ = [
    "ScheduledGame",
    "TournamentResult",
    "pair_seatings",
    "plot_win_rates",
    "run_tournament",
    "schedule",
    "summarize",
    "winning_bot",
]


def pair_seatings(first: BotSpec, second: BotSpec, seats: int) -> list[tuple[BotSpec, ...]]:
    """Every distinct seating of two bots in rotation, ``first`` dealt round first and then ``second``.

    Each bot holds as many seats as the other over the seatings, and every seat as often.

    >>> from tablegames.cli.options import BotSpec
    >>> from tablegames.cli.tournament import pair_seatings
    >>> a, b = BotSpec.parse("a"), BotSpec.parse("b")
    >>> [" ".join(map(str, s)) for s in pair_seatings(a, b, 4)]
    ['a b a b', 'b a b a']
    >>> [" ".join(map(str, s)) for s in pair_seatings(a, b, 3)]
    ['a b a', 'b a a', 'a a b', 'b a b', 'a b b', 'b b a']
    """
    found = rotations([first, second], seats)
    found.extend(s for s in rotations([second, first], seats) if s not in found)
    return found


@attrs.frozen
class ScheduledGame:
    """One game of a tournament: which pair plays, on which deal, and the match to play."""

    pair: tuple[int, int]
    """The two bots' places in the list of bots, the first one first."""
    deal: int
    """The deal's number, from 0 (its seed is the tournament's seed plus this)."""
    task: MatchTask
    """The match, its bots seat by seat."""


def schedule(
    variant: str, options: Mapping[str, Any], specs: Sequence[BotSpec], *, games: int, seed: int, seats: int
) -> list[ScheduledGame]:
    """Every game of a round robin of ``specs``: each pair in turn, each deal in turn, each seating in turn.

    Each pair plays ``games`` games rounded up to whole deals (a deal is played once per
    seating, :func:`pair_seatings`); the games are numbered from 0 in this order.

    >>> from tablegames.cli.options import BotSpec
    >>> from tablegames.cli.tournament import schedule
    >>> plan = schedule("x", {}, [BotSpec.parse(b) for b in "abc"], games=3, seed=10, seats=2)
    >>> [(g.pair, g.task.seed, " ".join(g.task.bots)) for g in plan[:5]]
    [((0, 1), 10, 'a b'), ((0, 1), 10, 'b a'), ((0, 1), 11, 'a b'), ((0, 1), 11, 'b a'), ((0, 2), 10, 'a c')]
    >>> len(plan), plan[-1].task.index
    (12, 11)
    """
    plan: list[ScheduledGame] = []
    for i in range(len(specs)):
        for j in range(i + 1, len(specs)):
            seatings = pair_seatings(specs[i], specs[j], seats)
            for deal in range(math.ceil(games / len(seatings))):
                for seating in seatings:
                    task = MatchTask(len(plan), variant, dict(options), seed + deal, tuple(str(b) for b in seating))
                    plan.append(ScheduledGame((i, j), deal, task))
    return plan


def winning_bot(result: MatchResult) -> str:
    """The bot of the side that won ``result`` (both seats of a partnership hold the same bot here)."""
    return result.bots[result.sides.index(result.winner)]


@attrs.frozen
class TournamentResult:
    """What a tournament found: the ratings and the pairwise record."""

    names: tuple[str, ...]
    """The bots, in the order they were named."""
    ratings: tuple[Rating, ...]
    """Each bot's rating (:func:`~tablegames.bots.ratings.rate`), in the order of :attr:`names`."""
    wins: tuple[tuple[int, ...], ...]
    """``wins[i][j]``: the games bot ``i`` won against bot ``j``."""

    @property
    def ranking(self) -> list[int]:
        """The bots' places in :attr:`names`, best rating first (a tie in the order named)."""
        return sorted(range(len(self.names)), key=lambda i: -self.ratings[i].rating)

    def played(self, i: int, j: int) -> int:
        """How many games bots ``i`` and ``j`` played against each other."""
        return self.wins[i][j] + self.wins[j][i]


def summarize(
    names: Sequence[str],
    plan: Sequence[ScheduledGame],
    results: Sequence[MatchResult],
    *,
    seed: int,
    resamples: int = DEFAULT_RESAMPLES,
    prior: float = DEFAULT_PRIOR,
) -> TournamentResult:
    """The ratings and pairwise record of the games of ``plan``, ``results[k]`` being game ``k``'s.

    The games of one pair on one deal are one group of the ratings' bootstrap, which is seeded
    with ``seed``.
    """
    wins = [[0] * len(names) for _ in names]
    groups: dict[tuple[tuple[int, int], int], list[float]] = {}
    for game, result in zip(plan, results, strict=True):
        i, j = game.pair
        first_won = winning_bot(result) == names[i]
        winner, loser = (i, j) if first_won else (j, i)
        wins[winner][loser] += 1
        group = groups.setdefault((game.pair, game.deal), [0.0, 0.0])
        group[0 if first_won else 1] += 1
    deals = [DealResult(i, j, a, b) for ((i, j), _), (a, b) in groups.items()]
    ratings = rate(deals, len(names), prior=prior, resamples=resamples, seed=seed)
    return TournamentResult(tuple(names), tuple(ratings), tuple(tuple(row) for row in wins))


def _matplotlib() -> Any:
    """The matplotlib package, or a CommandError saying how to install it."""
    try:
        import matplotlib  # noqa: PLC0415 - an optional dependency, needed only for --plot
    except ImportError:
        raise CommandError("--plot needs matplotlib, which is not installed: pip install matplotlib") from None
    return matplotlib


def plot_win_rates(result: TournamentResult, path: str, *, title: str) -> None:
    """Draw the pairwise win rates of ``result`` as a heat map, written to ``path`` as a PNG.

    The cell at row ``A`` and column ``B`` is ``A``'s share of its games against ``B``, in
    percent, with the games won out of those played; the bots are in rating order, best first,
    each row labelled with its rating.
    Drawn with matplotlib's Agg backend (no window, no global state).

    Raises:
        CommandError: if matplotlib is not installed, or ``path`` cannot be written.
    """
    _matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
    from matplotlib.figure import Figure  # noqa: PLC0415

    order = result.ranking
    names = [result.names[i] for i in order]
    size = len(order)
    rates: list[list[float]] = []
    for i in order:
        row = []
        for j in order:
            played = result.played(i, j)
            row.append(result.wins[i][j] / played if i != j and played else math.nan)
        rates.append(row)
    side = 1.6 + 1.1 * size
    figure = Figure(figsize=(max(6.4, side + 1.5), max(4.8, side)), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    image = axes.imshow(rates, cmap="RdBu", vmin=0.0, vmax=1.0)
    axes.set_facecolor("#dddddd")
    for r, i in enumerate(order):
        for c, j in enumerate(order):
            if i == j:
                continue
            value = rates[r][c]
            text = f"{100 * value:.0f}%\n{result.wins[i][j]}/{result.played(i, j)}" if not math.isnan(value) else "-"
            colour = "white" if not math.isnan(value) and abs(value - 0.5) > 0.3 else "black"
            axes.text(c, r, text, ha="center", va="center", color=colour, fontsize=10)
    axes.set_xticks(range(size), names, rotation=30, ha="right")
    axes.set_yticks(range(size), [f"{result.names[i]}\n{_signed(result.ratings[i].rating)} Elo" for i in order])
    axes.set_xlabel("against")
    axes.set_ylabel("win rate of")
    axes.set_title(title, fontsize=10)
    figure.colorbar(image, ax=axes, label="win rate of the row's bot", fraction=0.046, pad=0.04)
    figure.tight_layout()
    try:
        figure.savefig(path, format="png", metadata={"Software": None})
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None


def run_tournament(
    cls: type[Game],
    options: Mapping[str, Any],
    *,
    specs: Sequence[BotSpec],
    games: int,
    seed: int,
    workers: int,
    out_path: str | None,
    plot_path: str | None,
    progress: bool,
    out: TextIO,
    err: TextIO,
    plugins: Sequence[str] = (),
    resume: bool = False,
    resamples: int = DEFAULT_RESAMPLES,
    start_method: str | None = None,
    backend: str = "local",
    address: str | None = None,
) -> int:
    """Play a round robin of ``specs`` at ``cls``, ``games`` games a pair, and print the ratings; the exit status.

    ``out_path`` gets one JSON line per game, in schedule order, as ``simulate --out`` writes
    them plus ``pair`` (the two bots of the pair); with ``resume`` the games it holds are not
    played again (:func:`~tablegames.cli.simulate.read_done`). ``plot_path`` gets the heat map
    of :func:`plot_win_rates`. ``backend``, ``workers``, ``address`` and ``start_method`` choose
    where the games are played, as for :func:`~tablegames.cli.simulate.run_simulate`
    (:func:`~tablegames.cli.simulate.make_executor`); every backend gives the same results.

    Raises:
        InvalidOptionsError: for bad options.
        CommandError: for fewer than two bots, a bot named twice, a bot's bad settings, a
            plug-in that cannot be imported, an unknown start method or backend, one that cannot
            start, ``plot_path`` without matplotlib, a file that cannot be written, ``resume``
            without ``out_path``, or one holding another run's games.
    """
    import_plugins(plugins)
    executor = make_executor(backend, workers, address=address, start_method=start_method)
    names = [str(s) for s in specs]
    if len(names) < 2:
        raise CommandError("a tournament needs at least two bots: name them with --bots a,b[,...]")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise CommandError(f"bot {twice[0]!r} is named twice: name each bot of a tournament once")
    make_bots(specs)  # refuse bad settings here, not in a worker
    if plot_path:
        _matplotlib()  # before the games, not after them
    probe = cls.create(dict(options), seed=seed)
    plan = schedule(cls.name, options, specs, games=games, seed=seed, seats=probe.players)
    tasks = [g.task for g in plan]
    if resume and not out_path:
        raise CommandError("--resume continues the tournament whose --out FILE is named: name it")
    done_before = read_done(out_path, tasks) if resume and out_path else []
    try:
        sink = open(out_path, "a" if resume else "w", encoding="utf-8") if out_path else None  # noqa: SIM115
    except OSError as exc:
        raise CommandError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    results = list(done_before)
    bar = Progress(len(tasks), err, enabled=progress, already=len(done_before))
    started = time.perf_counter()
    try:
        played = play_tasks(tasks[len(done_before) :], plugins=plugins, executor=executor)
        for result in in_order(played, first=len(done_before)):
            results.append(result)
            if sink is not None:
                i, j = plan[result.index].pair
                line = {**result.to_json(), "pair": [names[i], names[j]]}
                sink.write(json.dumps(line, separators=(",", ":")) + "\n")
                sink.flush()  # a line is in the file as its game ends, for --resume
            bar.update(len(results))
    finally:
        bar.close()
        if sink is not None:
            sink.close()
    elapsed = time.perf_counter() - started
    summary = summarize(names, plan, results, seed=seed, resamples=resamples)
    per_pair = len(plan) // (len(names) * (len(names) - 1) // 2)
    seatings = len(pair_seatings(specs[0], specs[1], probe.players))
    shown = ", ".join(f"{k}={json.dumps(v)}" for k, v in to_json(probe.options).items())
    out.write(
        f"{probe.name} ({shown}): round robin of {len(names)} bots, {per_pair} games a pair "
        f"({per_pair // seatings} deals, each from {seatings} seatings), seeds {seed} to "
        f"{seed + per_pair // seatings - 1}, {len(plan)} games, {where_played(backend, workers, address)}\n"
    )
    _write_tables(summary, resamples=resamples, seed=seed, out=out)
    now = len(plan) - len(done_before)
    rate_text = f"{now / elapsed:.1f} games/s" if elapsed > 0 else "no time"
    out.write(f"{now} games played in {elapsed:.1f} s ({rate_text})\n")
    if done_before:
        out.write(f"resumed: {len(done_before)} games were in {out_path} already\n")
    if sink is not None:
        out.write(f"wrote {now} lines to {out_path}\n")
    if plot_path:
        title = f"{probe.name} ({shown})\n{per_pair} games a pair, seeds {seed} to {seed + per_pair // seatings - 1}"
        plot_win_rates(summary, plot_path, title=title)
        out.write(f"wrote the win rates' heat map to {plot_path}\n")
    return 0


def _signed(value: float) -> str:
    text = f"{value:+.0f}"
    return "0" if text in ("+0", "-0") else text


def _write_tables(summary: TournamentResult, *, resamples: int, seed: int, out: TextIO) -> None:
    order = summary.ranking
    out.write(
        f"Bradley-Terry ratings on the Elo scale, their mean 0; 95% intervals from {resamples} bootstrap "
        f"resamples of the deals (seed {seed})\n"
    )
    width = max(len("bot"), *(len(n) for n in summary.names)) + 2
    out.write(
        f"{'rank':>4}  {'bot':<{width}}{'rating':>6}  {'95% interval':<14}{'games':>6}{'wins':>6}{'win rate':>10}\n"
    )
    for rank, i in enumerate(order, 1):
        r = summary.ratings[i]
        interval = f"[{_signed(r.low)}, {_signed(r.high)}]"
        out.write(
            f"{rank:>4}  {summary.names[i]:<{width}}{_signed(r.rating):>6}  {interval:<14}"
            f"{r.games:>6.0f}{r.wins:>6.0f}{100 * r.wins / r.games:>9.1f}%\n"
        )
    out.write("win rate of the row's bot against the column's (bots by rank), with its 95% Wilson interval:\n")
    cell = 22
    out.write(" " * (width + 4) + "".join(f"{rank:>{cell}}" for rank in range(1, len(order) + 1)) + "\n")
    for rank, i in enumerate(order, 1):
        cells = []
        for j in order:
            if i == j:
                cells.append(f"{'-':>{cell}}")
                continue
            won, n = summary.wins[i][j], summary.played(i, j)
            low, high = wilson_interval(won, n)
            cells.append(f"{f'{100 * won / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}]':>{cell}}")
        out.write(f"{rank:>2}  {summary.names[i]:<{width}}" + "".join(cells) + "\n")
