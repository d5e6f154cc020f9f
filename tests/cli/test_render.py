"""Text rendering: the paper tally, the running scoresheet, numbered moves."""

from __future__ import annotations

import io

import pytest

import tablegames
from tablegames.cli.render import FIFTY, Narrator, Scoresheet, render_choices, tally
from tablegames.variants.smear import Bid, Pass
from tablegames.variants.sniff import GameEnded, HandDealt, HandEnded, Scored


@pytest.mark.parametrize(
    ("score", "text"),
    [
        (0, ""),
        (5, "|"),
        (25, "|||||"),
        (30, "||||| |"),
        (45, "||||| ||||"),
        (50, FIFTY),
        (55, "X(xxxx) |"),
        (250, " ".join([FIFTY] * 5)),
        (300, "X(xxxx)*6"),
        (-5, "-(|)"),
        (-60, "-(X(xxxx) ||)"),
        (13, "|| +3"),
    ],
)
def test_tally_writes_strokes_and_fifties(score: int, text: str) -> None:
    """A stroke is 5, ten strokes become X(xxxx) (50); negatives are wrapped in -( )."""
    assert tally(score) == text


def test_tally_counts_back_to_the_score() -> None:
    """Reading a tally back (50 per X, 5 per stroke) gives the score, for every multiple of 5."""
    for score in range(-300, 301, 5):
        text = tally(score)
        body = text[2:-1] if score < 0 else text
        fifties = sum(int(part.split("*")[1]) if "*" in part else 1 for part in body.split() if "X" in part)
        value = 50 * fifties + 5 * body.count("|")
        assert (-value if score < 0 else value) == score


def test_scoresheet_rows_changes_totals_and_tally() -> None:
    """A row per hand with each side's change and how it ended, the totals, and the paper tally."""
    sheet = Scoresheet(["seat 0", "seat 1"], target=250, paper_tally=True)
    deal = HandDealt(1, ((), ()), (), 0)
    sheet.begin_hand(1)
    for event in (Scored(0, 0, 15, "count", 15), Scored(1, 1, 10, "count", 10),
                  HandEnded(1, "domino", 1, ((), ())), Scored(0, 0, -20, "remaining", -5)):
        sheet.record(event)
    sheet.begin_hand(2)
    sheet.record(deal)
    sheet.record(Scored(1, 1, 50, "count", 60))
    sheet.record(GameEnded(1, (-5, 60)))
    assert sheet.render().splitlines() == [
        "scoresheet after hand 2 (target 250)",
        "  hand    seat 0   seat 1",
        "     1        -5      +10   seat 1 dominoed",
        "     2        +0      +50   seat 1 won",
        "  total       -5       60",
        "  tally  seat 0  -(|)",
        "         seat 1  X(xxxx) ||",
    ]


def test_narrator_quiet_prints_scores_per_hand() -> None:
    """A quiet narrator prints one line of scores per hand, including the hand the match ends in."""
    game = tablegames.new_game("american-sniff", seed=1, players=2)
    out = io.StringIO()
    narrator = Narrator(game, out, quiet=True)
    narrator.feed([HandDealt(1, ((), ()), (), 0), Scored(0, 0, 10, "count", 10), HandDealt(2, ((), ()), (), 0),
                   GameEnded(0, (10, 0))])
    assert out.getvalue() == "after hand 1: scores 10, 0\nafter hand 2: scores 10, 0\n"


def test_choices_are_numbered_from_one_in_columns() -> None:
    """Moves are numbered from 1; a long list is laid out in columns, read down."""
    assert render_choices([Pass(), Bid(2)]) == "  1) pass     2) bid 2"
    many = render_choices([Bid(n % 3 + 2) for n in range(30)], width=60).splitlines()
    assert many[0].startswith("   1) bid 2") and "   2) bid 3" in many[1]
    assert all(len(line) <= 60 for line in many)
