"""All Fives brings only a summary and its event words: the command line's generic text defaults do the rest."""

from __future__ import annotations

import io
import re
from typing import ClassVar

from all_fives_helpers import NAME
from tablegames_all_fives import AllFives

from tablegames.cli import main
from tablegames.cli.render import Narrator
from tablegames.core.game import Game


def run(*argv: str, answers: str = "") -> tuple[int, str, str]:
    """Run the command; its exit status, output and error text."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(answers), err=err)
    return code, out.getvalue(), err.getvalue()


def test_the_plug_in_keeps_the_default_view_and_notes() -> None:
    """All Fives overrides neither render_view, hand_note nor paper_tally: it gets the defaults."""
    assert AllFives.render_view.__func__ is Game.render_view.__func__  # type: ignore[attr-defined]
    assert AllFives.hand_note.__func__ is Game.hand_note.__func__  # type: ignore[attr-defined]
    assert AllFives.paper_tally is False


def test_rules_and_variants_print_its_summary() -> None:
    """The summary, not the package docstring, says what the variant is."""
    code, out, _ = run("rules", NAME)
    assert code == 0 and out.startswith(AllFives.summary + "\n\n")
    code, out, _ = run("variants")
    lines = out.splitlines()
    assert lines[lines.index("all-fives  [2-4 players]") - 1] == AllFives.summary


def test_a_seats_view_reads_as_plain_words() -> None:
    """The generic view: `name: value` lines without JSON punctuation, the seat's tiles, the scores."""
    code, out, err = run("play", NAME, "--seed", "5", "--seat", "1", answers="1\n" * 300)
    assert code == 0, err
    views = re.findall(r"\n\nseat: 1\n(.*?)\nseat 1, your move:", out, flags=re.DOTALL)
    assert views
    for view in views:
        lines = view.splitlines()
        assert lines[0].startswith("hand number: ") and "count: " in view
        assert re.fullmatch(r"your pieces  (\d-\d ?)+", lines[-2]) and lines[-1].startswith("scores    seat 0 ")
        assert all(re.fullmatch(r"[a-z ]+: [^{}\"]*", line) for line in lines[:-2])
        assert "legal actions" not in view and "null" not in view


def test_the_scoresheet_has_the_generic_notes_and_no_tally() -> None:
    """Without hand_note and paper_tally, rows carry only the winner's note, and totals are numbers."""
    code, out, _ = run("play", NAME, "--seed", "3")
    assert code == 0
    sheet = out.split("\nscoresheet after hand")[-1]
    assert "tally" not in out
    rows = [line for line in sheet.splitlines() if re.match(r"\s+\d+ ", line)]
    assert rows
    assert rows[-1].rstrip().endswith(" won") and not any(r.rstrip().endswith(" won") for r in rows[:-1])


def test_a_variant_without_event_words_is_narrated_by_repr() -> None:
    """A plug-in that words nothing still narrates: each event as its repr."""

    class Wordless(AllFives):
        """All Fives without its own words for events."""

        name: ClassVar[str] = "wordless"
        describe_event = Game.describe_event

    game = Wordless.create({}, seed=3)
    out = io.StringIO()
    Narrator(game, out).feed(game.log().events)
    narrated = [line.strip() for line in out.getvalue().splitlines() if line.startswith("  ") and "(" in line]
    assert narrated[:2] == [repr(e) for e in game.log().events[:2]]
