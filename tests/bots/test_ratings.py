"""Bradley-Terry ratings by Hunter's MM algorithm, on the Elo scale, with bootstrap intervals over deals."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.bots.ratings import DealResult, Rating, bradley_terry, elo, rate, win_matrix


@st.composite
def round_robins(draw: st.DrawFn, *, balanced: bool = False) -> tuple[int, list[DealResult]]:
    """A number of players and the deals of a round robin among them, two games a deal, a draw now and then.

    ``balanced``: every pair plays the same number of deals.
    """
    players = draw(st.integers(2, 5))
    same = draw(st.integers(1, 5))
    deals = []
    for i in range(players):
        for j in range(i + 1, players):
            count = same if balanced else draw(st.integers(1, 5))
            for _ in range(count):
                first = draw(st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0]))
                deals.append(DealResult(i, j, first, 2.0 - first))
    return players, deals


def test_two_players_closed_form() -> None:
    """Two players, 30 wins to 10 and no prior: the Elo difference is 400 log10(30/10), split round the mean 0."""
    strengths = bradley_terry([[0, 30], [10, 0]])
    assert strengths[0] / strengths[1] == pytest.approx(3.0)
    assert math.prod(strengths) == pytest.approx(1.0)
    first, second = elo(strengths)
    assert first - second == pytest.approx(400 * math.log10(3))  # 190.85
    assert first == pytest.approx(95.42, abs=0.01) and second == pytest.approx(-95.42, abs=0.01)


def test_three_players_hand_checked() -> None:
    """Wins exactly as strengths 4:2:1 expect (4-2, 4-1, 2-1): the fit is 4:2:1, Elo +120.4, 0, -120.4.

    Player 0 won 8 games and is expected to win 6*4/6 + 5*4/5 = 8; player 1 won 2 + 2 = 4 and is
    expected to win 6*2/6 + 3*2/3 = 4: the likelihood equations hold at 4:2:1.
    """
    wins = [[0, 4, 4], [2, 0, 2], [1, 1, 0]]
    strengths = bradley_terry(wins)
    assert [s / strengths[2] for s in strengths] == pytest.approx([4.0, 2.0, 1.0])
    assert elo(strengths) == pytest.approx([400 * math.log10(2), 0.0, -400 * math.log10(2)], abs=1e-6)


def test_the_prior_adds_a_drawn_game_per_pair() -> None:
    """A prior of 1 is one virtual game, half won by each: 3 wins to 1 rate as 3.5 to 1.5."""
    first, second = elo(bradley_terry([[0, 3], [1, 0]], prior=1.0))
    assert first - second == pytest.approx(400 * math.log10(3.5 / 1.5))


def test_a_clean_sweep_needs_a_prior() -> None:
    """A player who never won has no finite strength: refused without a prior, finite with one."""
    with pytest.raises(ValueError, match="infinite"):
        bradley_terry([[0, 5], [0, 0]])
    with pytest.raises(ValueError, match="infinite"):  # 0 and 1 beat 2 and 3, never lost to them
        bradley_terry([[0, 1, 1, 1], [1, 0, 1, 1], [0, 0, 0, 1], [0, 0, 1, 0]])
    first, second = elo(bradley_terry([[0, 5], [0, 0]], prior=1.0))
    assert first - second == pytest.approx(400 * math.log10(5.5 / 0.5))


def test_a_draw_counts_half() -> None:
    """Two drawn games and one win are a 2-to-1 record."""
    wins = win_matrix([DealResult(0, 1, 0.5, 0.5), DealResult(1, 0, 0.5, 0.5), DealResult(0, 1, 1, 0)], 2)
    assert wins == [[0.0, 2.0], [1.0, 0.0]]
    first, second = elo(bradley_terry(wins))
    assert first - second == pytest.approx(400 * math.log10(2))


def test_bad_input_is_refused() -> None:
    """A deal with oneself, negative wins, a ragged matrix, a bad prior or a player out of range are ValueErrors."""
    with pytest.raises(ValueError, match="itself"):
        DealResult(1, 1, 1, 0)
    with pytest.raises(ValueError, match="negative"):
        DealResult(0, 1, -1, 0)
    with pytest.raises(ValueError, match="not square"):
        bradley_terry([[0, 1], [1]])
    with pytest.raises(ValueError, match="prior"):
        bradley_terry([[0, 1], [1, 0]], prior=-1)
    with pytest.raises(ValueError, match="prior above 0"):
        rate([DealResult(0, 1, 1, 1)], 2, prior=0)
    with pytest.raises(ValueError, match="beyond the 2"):
        rate([DealResult(0, 2, 1, 1)], 2)
    with pytest.raises(ValueError, match="no players"):
        bradley_terry([])


def test_rate_reports_the_record_and_is_deterministic() -> None:
    """rate gives each player's games and wins, the ratings' mean 0, and the same intervals for the same seed."""
    deals = [DealResult(0, 1, 2, 0), DealResult(0, 1, 1, 1), DealResult(1, 2, 2, 0), DealResult(0, 2, 1.5, 0.5)] * 3
    ratings = rate(deals, 3, seed=4, resamples=300)
    assert [(r.games, r.wins) for r in ratings] == [(18.0, 13.5), (18.0, 9.0), (12.0, 1.5)]
    assert sum(r.rating for r in ratings) == pytest.approx(0.0, abs=1e-9)
    assert rate(deals, 3, seed=4, resamples=300) == ratings
    varied = [DealResult(0, 1, k % 3, 2 - k % 3) for k in range(10)] + [
        DealResult(1, 2, k % 2, 2 - k % 2) for k in range(7)
    ]
    assert rate(varied, 3, seed=4, resamples=300) != rate(varied, 3, seed=5, resamples=300)
    assert [(r.low, r.high) for r in rate(deals, 3, resamples=0)] == [(r.rating, r.rating) for r in ratings]
    same = rate([DealResult(0, 1, 2, 0)] * 5, 2, resamples=100)  # every resample is the data itself
    assert [r.high - r.low for r in same] == pytest.approx([0.0, 0.0], abs=1e-9)
    assert all(r.high - r.low > 1 for r in rate(varied, 3, resamples=100))


@given(round_robins(balanced=True), st.sampled_from([0.5, 1.0, 3.0]))
def test_a_balanced_round_robin_ranks_by_wins(case: tuple[int, list[DealResult]], prior: float) -> None:
    """When every pair plays as often, more wins means a higher rating and equal wins an equal one (Zermelo)."""
    players, deals = case
    wins = win_matrix(deals, players)
    totals = [sum(row) for row in wins]
    ratings = elo(bradley_terry(wins, prior=prior))
    for i in range(players):
        for j in range(players):
            if totals[i] > totals[j]:
                assert ratings[i] > ratings[j]
            elif totals[i] == totals[j]:
                assert ratings[i] == pytest.approx(ratings[j], abs=1e-6)


@given(round_robins(), st.randoms(use_true_random=False))
def test_relabelling_the_players_permutes_the_ratings(
    case: tuple[int, list[DealResult]], shuffler: random.Random
) -> None:
    """Numbering the players otherwise gives each the same rating and record."""
    players, deals = case
    order = list(range(players))
    shuffler.shuffle(order)
    moved = [DealResult(order[d.first], order[d.second], d.first_wins, d.second_wins) for d in deals]
    before = rate(deals, players, resamples=0)
    after = rate(moved, players, resamples=0)
    for i in range(players):
        assert after[order[i]].rating == pytest.approx(before[i].rating, abs=1e-6)
        assert (after[order[i]].games, after[order[i]].wins) == (before[i].games, before[i].wins)


@given(round_robins(), st.integers(0, 2**32))
def test_intervals_hold_the_rating(case: tuple[int, list[DealResult]], seed: int) -> None:
    """Each bootstrap interval is symmetric round the rating (so contains it), and the ratings' mean is 0."""
    players, deals = case
    ratings = rate(deals, players, seed=seed, resamples=20)
    assert len(ratings) == players
    assert sum(r.rating for r in ratings) == pytest.approx(0.0, abs=1e-6)
    for r in ratings:
        assert isinstance(r, Rating)
        assert r.low <= r.rating <= r.high
        assert r.rating - r.low == pytest.approx(r.high - r.rating)
