"""Ratings of players from the games they won against each other: Bradley-Terry on the Elo scale.

The Bradley-Terry model gives each player a strength ``g`` such that ``i`` beats ``j`` with
probability ``g[i] / (g[i] + g[j])``. :func:`bradley_terry` fits it by maximum likelihood with
the minorization-maximization (MM) algorithm of Hunter (2004, "MM algorithms for generalized
Bradley-Terry models", *The Annals of Statistics* 32(1)), and :func:`elo` puts the strengths on
the Elo scale, ``400 * log10(g)``, anchored so that **the ratings' mean is 0**: a difference of
400 points is odds of 10 to 1, 0 points even odds, whatever the anchor.

A drawn game counts half a win to each player. When some group of players never beat the
rest, the maximum-likelihood strengths are infinite; ``prior`` adds that many virtual games
between every pair of players, drawn (half a win each way), which keeps them finite and pulls
them slightly together. :func:`rate` uses one by default.

:func:`rate` also gives each rating a 95% interval from a **bootstrap over deals**: the games
of one deal (a duplicate deal played from every seat) stay together, because they share their
luck; each resample draws, for every pair of players, as many deals as that pair played, with
replacement, and fits the model again. The interval is the rating plus or minus 1.96 times the
standard deviation of the player's resampled ratings (its bootstrap standard error), so it is
symmetric and always holds the rating; percentile intervals were not used because a player at
the edge of the data (no win at all, say) can fall outside its own. The resamples come from a
generator seeded with ``seed``, so the same games give the same intervals every time.

The module knows no game and uses the standard library only.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

__all__ = [
    "DEFAULT_PRIOR",
    "DEFAULT_RESAMPLES",
    "DealResult",
    "Rating",
    "bradley_terry",
    "elo",
    "rate",
    "win_matrix",
]

DEFAULT_PRIOR: Final = 1.0
"""The virtual drawn games :func:`rate` adds between every pair of players."""

DEFAULT_RESAMPLES: Final = 1000
"""How many bootstrap resamples :func:`rate` draws."""


@attrs.frozen
class DealResult:
    """The games two players played on one deal, and how many each won (a draw counts half to each).

    With duplicate deals, the games of one deal are the deal played once from each seating;
    without them, one game.
    """

    first: int
    """One player's number, from 0."""
    second: int
    """The other player's number (not ``first``)."""
    first_wins: float
    """How many of the deal's games ``first`` won."""
    second_wins: float
    """How many ``second`` won."""

    def __attrs_post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError(f"a deal is between two players, not player {self.first} and itself")
        if min(self.first, self.second) < 0 or min(self.first_wins, self.second_wins) < 0:
            raise ValueError(f"player numbers and wins must not be negative: {self!r}")


@attrs.frozen
class Rating:
    """One player's rating, with its interval and record."""

    rating: float
    """The Elo-scale rating, the ratings' mean being 0."""
    low: float
    """The lower end of its interval (the rating less the interval's half width)."""
    high: float
    """The upper end of its interval (the rating plus the half width)."""
    games: float
    """How many games the player played (a virtual game of the prior not counted)."""
    wins: float
    """How many it won (a draw counting half)."""


def win_matrix(deals: Iterable[DealResult], players: int) -> list[list[float]]:
    """``wins[i][j]``: how many games player ``i`` won against ``j`` in ``deals``.

    >>> from tablegames.bots.ratings import DealResult
    >>> from tablegames.bots.ratings import win_matrix
    >>> win_matrix([DealResult(0, 1, 2, 0), DealResult(1, 0, 1.5, 0.5)], 2)
    [[0.0, 2.5], [1.5, 0.0]]
    """
    wins = [[0.0] * players for _ in range(players)]
    for deal in deals:
        wins[deal.first][deal.second] += deal.first_wins
        wins[deal.second][deal.first] += deal.second_wins
    return wins


def _check_square(wins: Sequence[Sequence[float]]) -> int:
    n = len(wins)
    if n == 0:
        raise ValueError("no players to rate")
    for i, row in enumerate(wins):
        if len(row) != n:
            raise ValueError(f"the win matrix is not square: row {i} has {len(row)} entries for {n} players")
        for j, value in enumerate(row):
            if value < 0 or (i != j and not math.isfinite(value)):
                raise ValueError(f"wins[{i}][{j}] is {value!r}: wins must be finite and not negative")
    return n


def _beaten_by_all_reachable(wins: Sequence[Sequence[float]]) -> bool:
    """Whether, for every split of the players in two, someone on each side beat someone on the other.

    That is the directed graph "``i`` beat ``j`` at least once" being strongly connected,
    Hunter's condition for finite maximum-likelihood strengths.
    """
    n = len(wins)

    def reach(edge: list[list[bool]]) -> int:
        seen = {0}
        todo = [0]
        while todo:
            i = todo.pop()
            for j in range(n):
                if edge[i][j] and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return len(seen)

    beat = [[i != j and wins[i][j] > 0 for j in range(n)] for i in range(n)]
    beaten = [[beat[j][i] for j in range(n)] for i in range(n)]
    return reach(beat) == n and reach(beaten) == n


def bradley_terry(
    wins: Sequence[Sequence[float]],
    *,
    prior: float = 0.0,
    start: Sequence[float] | None = None,
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
) -> list[float]:
    """The Bradley-Terry strengths that best explain ``wins``, their geometric mean 1.

    ``wins[i][j]`` is how many games player ``i`` won against ``j`` (the diagonal is ignored).
    Each MM step sets ``g[i] = W[i] / sum(n[i][j] / (g[i] + g[j]) for j != i)``, ``W[i]``
    being ``i``'s wins and ``n[i][j]`` the games ``i`` and ``j`` played, updating the players
    one after another, until no strength moves by more than ``tolerance`` (relatively).

    Two players, 3 wins to 1: the strengths are in the ratio 3 to 1.

    >>> from tablegames.bots.ratings import bradley_terry
    >>> g = bradley_terry([[0, 3], [1, 0]])
    >>> round(g[0] / g[1], 9)
    3.0

    Args:
        wins: the square win matrix.
        prior: virtual drawn games added between every pair of players (see the module).
        start: strengths to start from (a previous fit, for speed; default: all 1).
        tolerance: the largest relative change of a strength at which the fit stops.
        max_iterations: the most MM sweeps made.

    Raises:
        ValueError: for a matrix that is not square or holds negative or infinite wins, a
            negative prior, or (with no prior) wins whose strengths are infinite: a group of
            players that never beat the others, or a player with no game.
    """
    n = _check_square(wins)
    if not (prior >= 0 and math.isfinite(prior)):
        raise ValueError(f"prior is {prior!r}: it must be a finite number, 0 or more")
    if n == 1:
        return [1.0]
    if prior == 0 and not _beaten_by_all_reachable(wins):
        raise ValueError(
            "the strengths are infinite: some players never beat the others (or never played); give a prior above 0"
        )
    half = prior / 2
    won = [sum(wins[i][j] + half for j in range(n) if j != i) for i in range(n)]
    games = [[0.0 if i == j else wins[i][j] + wins[j][i] + prior for j in range(n)] for i in range(n)]
    strengths = [1.0] * n if start is None else [float(s) for s in start]
    if len(strengths) != n or not all(s > 0 and math.isfinite(s) for s in strengths):
        raise ValueError(f"start must be {n} positive strengths, not {start!r}")
    for _ in range(max_iterations):
        change = 0.0
        for i in range(n):
            denominator = sum(games[i][j] / (strengths[i] + strengths[j]) for j in range(n) if j != i)
            new = won[i] / denominator
            change = max(change, abs(new - strengths[i]) / strengths[i])
            strengths[i] = new
        mean_log = sum(math.log(s) for s in strengths) / n
        scale = math.exp(mean_log)
        strengths = [s / scale for s in strengths]
        if change <= tolerance:
            break
    return strengths


def elo(strengths: Sequence[float]) -> list[float]:
    """The Elo-scale ratings of Bradley-Terry ``strengths``: ``400 * log10(g)``, less their mean.

    >>> from tablegames.bots.ratings import elo
    >>> [round(r, 1) for r in elo([10.0, 1.0])]
    [200.0, -200.0]
    """
    logs = [400 * math.log10(s) for s in strengths]
    mean = sum(logs) / len(logs)
    return [r - mean for r in logs]


def rate(
    deals: Sequence[DealResult],
    players: int,
    *,
    prior: float = DEFAULT_PRIOR,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = 0,
    level: float = 0.95,
) -> list[Rating]:
    """Each player's Elo-scale rating, with an interval from a bootstrap over ``deals`` (see the module).

    Two players, the first winning 30 of 40 games (20 deals of two games each), one virtual
    drawn game: the first is rated ``400 * log10(30.5 / 10.5)`` above the second, the mean 0.

    >>> import math
    >>> from tablegames.bots.ratings import DealResult, rate
    >>> deals = [DealResult(0, 1, 2, 0)] * 10 + [DealResult(0, 1, 1, 1)] * 10
    >>> first, second = rate(deals, 2, resamples=200)
    >>> round(first.rating - second.rating, 6) == round(400 * math.log10(30.5 / 10.5), 6)
    True
    >>> first.low < first.rating < first.high, first.games, first.wins
    (True, 40.0, 30.0)

    Args:
        deals: the deals played, any pairs of players ``0`` to ``players - 1``.
        players: how many players there are.
        prior: virtual drawn games between every pair (above 0, so that every resample has
            finite ratings).
        resamples: how many bootstrap resamples (0 or 1: the interval is the rating itself).
        seed: the seed of the resamples' generator.
        level: the interval's coverage (0.95: plus or minus 1.96 standard errors).

    Raises:
        ValueError: for a player number out of range, a prior not above 0, a negative number of
            resamples or a level not between 0 and 1.
    """
    if not prior > 0:
        raise ValueError(f"prior is {prior!r}: rate needs a prior above 0")
    if resamples < 0:
        raise ValueError(f"resamples is {resamples}: it must be 0 or more")
    if not 0 < level < 1:
        raise ValueError(f"level is {level!r}: it must be between 0 and 1")
    for deal in deals:
        if max(deal.first, deal.second) >= players:
            raise ValueError(f"{deal!r} names a player beyond the {players} rated")
    strengths = bradley_terry(win_matrix(deals, players), prior=prior)
    ratings = elo(strengths)
    by_pair: dict[tuple[int, int], list[DealResult]] = {}
    for deal in deals:
        by_pair.setdefault((min(deal.first, deal.second), max(deal.first, deal.second)), []).append(deal)
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in range(players)]
    for _ in range(resamples):
        drawn = [rng.choice(group) for _, group in sorted(by_pair.items()) for _ in group]
        again = elo(bradley_terry(win_matrix(drawn, players), prior=prior, start=strengths, tolerance=1e-9))
        for i, r in enumerate(again):
            samples[i].append(r)
    z = statistics.NormalDist().inv_cdf((1 + level) / 2)
    games = [0.0] * players
    wins = [0.0] * players
    for deal in deals:
        played = deal.first_wins + deal.second_wins
        games[deal.first] += played
        games[deal.second] += played
        wins[deal.first] += deal.first_wins
        wins[deal.second] += deal.second_wins
    found = []
    for i in range(players):
        half = z * statistics.pstdev(samples[i]) if len(samples[i]) > 1 else 0.0
        found.append(
            Rating(rating=ratings[i], low=ratings[i] - half, high=ratings[i] + half, games=games[i], wins=wins[i])
        )
    return found
