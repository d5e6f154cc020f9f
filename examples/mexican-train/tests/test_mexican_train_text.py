"""Mexican Train's words for the command line: every event, the table, a seat's view and the scoresheet notes."""

from __future__ import annotations

import io
import re

from mexican_train_helpers import NAME, deal, new, put
from tablegames_mexican_train import (
    EnginePlaced,
    GameEnded,
    HandDealt,
    HandEnded,
    MarkerPlaced,
    MarkerRemoved,
    MexicanTrain,
    Passed,
    TileDrawn,
    TilePlayed,
    describe_event,
    hand_note,
)

import tablegames as tg
from tablegames.cli import main
from tablegames.components.tiles import Tile


def run(*argv: str, answers: str = "") -> tuple[int, str, str]:
    """Run the command; its exit status, output and error text."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(answers), err=err)
    return code, out.getvalue(), err.getvalue()


def test_every_event_has_its_words() -> None:
    """Each event reads as one line of plain words, hidden tiles as 'a tile' or '?'."""
    t = Tile.parse
    assert describe_event(HandDealt(3, ((t("10-1"),), None), None, 88)) == (
        "round 3 dealt, engine 10-10 (seat 0: 10-1; seat 1: ?; boneyard 88)"
    )
    assert describe_event(EnginePlaced(t("12-12"), 2, 2)) == "seat 2 sets the engine 12-12 in the hub and plays first"
    assert describe_event(EnginePlaced(t("9-9"), None, 1)) == (
        "the engine 9-9 comes from the boneyard; seat 1 is drawn to play first"
    )
    assert describe_event(TilePlayed(0, t("12-5"), 3, 5)) == "seat 0 plays 12-5 on train 3 (end 5)"
    assert describe_event(TileDrawn(1, None)) == "seat 1 draws a tile"
    assert describe_event(TileDrawn(1, t("6-6"))) == "seat 1 draws 6-6"
    assert describe_event(MarkerPlaced(2)) == "seat 2 puts up a marker: train 2 is open"
    assert describe_event(MarkerRemoved(2)) == "seat 2 takes its marker off: train 2 is closed"
    assert describe_event(Passed(1)) == "seat 1 passes"
    ended = HandEnded(1, "domino", 0, ((), (t("9-2"), t("7-1"))), (0, 19), (0, 19))
    assert describe_event(ended) == (
        "round 1 ends: seat 0 goes out (left: seat 0: -; seat 1: 9-2 7-1); points 0, 19; totals 0, 19"
    )
    blocked = HandEnded(2, "blocked", None, ((t("1-0"),), (t("2-2"),)), (1, 4), (1, 23))
    assert "the round is blocked" in describe_event(blocked)
    assert describe_event(GameEnded(0, (396, 396), "seat")) == (
        "seat 0 wins with 396, the lowest total, as the lowest seat of those tied (totals 396, 396)"
    )
    assert describe_event(GameEnded(1, (35, 34), None)) == "seat 1 wins with 34, the lowest total (totals 35, 34)"
    assert describe_event(tg.Event()) == repr(tg.Event())


def test_scoresheet_notes_say_who_went_out_or_that_a_round_blocked() -> None:
    """``hand_note``: a round's row says who went out, or 'blocked'; other events add nothing."""
    t = Tile.parse
    assert hand_note(HandEnded(1, "domino", 2, ((),) * 3, (0, 0, 0), (0, 0, 0))) == "seat 2 went out"
    assert hand_note(HandEnded(1, "blocked", None, ((),), (0,), (0,))) == "blocked"
    assert hand_note(TilePlayed(0, t("12-5"), 0, 5)) is None
    assert MexicanTrain.hand_note(Passed(0)) is None


def test_the_table_shows_markers_and_an_unsatisfied_double() -> None:
    """``render_table``: the engine, a line per train (``*`` a marker, ``!`` a double to satisfy), the boneyard."""
    game = new(deal([["12-12", "12-9", "9-9", "9-4"], ["12-3", "4-4", "4-1", "8-2"]]), rounds=1)
    put(game, "12-9", "mexican")
    put(game, "12-3", 1)
    put(game, "9-9", "mexican")
    assert game.render_table() == "\n".join(
        ["engine 12-12", "train 0: - (end 12)", "train 1: 12-3 (end 3)", "mexican: 12-9 9-9 (end 9) !", "boneyard 83"]
    )
    lines = MexicanTrain.render_view(game.view(0), ["seat 0", "seat 1"])
    assert "the double on the Mexican train must be satisfied first" in lines
    assert lines[-1] == "your pieces  9-4"


def test_rules_and_variants_print_its_summary_and_flags() -> None:
    """`tablegames variants` lists the four options as flags; `tablegames rules` prints the rules page."""
    code, out, _ = run("variants")
    assert code == 0
    lines = out.splitlines()
    start = lines.index("mexican-train  [2-8 players]")
    assert lines[start - 1] == MexicanTrain.summary
    assert lines[start + 1 : start + 5] == [
        "  --players N       an int from 2 to 8 (default: 4)",
        "  --rounds N        an int from 1 to 13 (default: 13)",
        "  --double-blank N  0, 50 (default: 0)",
        "  --hand-size N     an int from 2 to 45 (default: 15, depends on other options)",
    ]
    code, out, _ = run("rules", NAME)
    assert code == 0 and out.startswith(MexicanTrain.summary + "\n\n")
    assert "Satisfying first." in out and "Resolved: the sources split" in out
    assert "**" not in out and "``" not in out


def test_a_seats_view_reads_as_plain_words() -> None:
    """`--seat 1`: the round, the trains, the hand sizes and the seat's own tiles, then the scores."""
    code, out, err = run(
        "play", NAME, "--seed", "5", "--players", "3", "--rounds", "1", "--seat", "1", answers="1\n" * 300
    )
    assert code == 0, err
    views = re.findall(r"\n\n(round \d+ of 1: .*?)\nseat 1, your move:", out, flags=re.DOTALL)
    assert views
    for view in views:
        lines = view.splitlines()
        assert lines[1] == "engine 12-12"
        assert [line.split(":")[0].rstrip(" *") for line in lines[2:6]] == ["train 0", "train 1", "train 2", "mexican"]
        assert re.fullmatch(r"your pieces  (\d+-\d+ ?)+", lines[-2]) and lines[-1].startswith("scores    seat 0 ")
        assert "null" not in view and "{" not in view
