"""`tablegames variants`, `rules` and `play` with Auction Pitch installed as a plug-in."""

from __future__ import annotations

import io
import json
from pathlib import Path

import tablegames
from tablegames.cli import main


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin), err=err)
    return code, out.getvalue(), err.getvalue()


def test_variants_lists_auction_pitch_with_its_options() -> None:
    """The variant and both option flags appear, with what they allow and their defaults."""
    code, out, _ = run("variants")
    assert code == 0
    lines = out.splitlines()
    assert "auction-pitch  [4 players]" in lines
    assert "  --target N     an int from 1 to 10000 (default: 11)" in lines
    assert "  --[no-]smudge  true or false (default: false)" in lines


def test_rules_prints_the_rules_file() -> None:
    """`rules auction-pitch` prints the package's RULES.rst as plain text."""
    code, out, _ = run("rules", "auction-pitch")
    assert code == 0
    assert "The dealer is stuck." in out
    assert "the bidder goes out first" in out


def test_watching_bots_play_a_match(tmp_path: Path) -> None:
    """`play auction-pitch --seed 3` runs a whole match between bots and writes a log that replays."""
    log = tmp_path / "match.json"
    code, out, err = run("play", "auction-pitch", "--seed", "3", "--log", str(log))
    assert code == 0, err
    assert "== hand 1 ==" in out and "is drawn to deal first" in out
    assert "hand 1, trump " in out
    last = out.splitlines()[-1]
    assert last.startswith("side ") and "wins" in last and last.endswith("(seed 3)")
    game = tablegames.replay(tablegames.load_log(log.read_text()))
    assert game.is_over
    assert last == f"side {game.winner} wins {', '.join(map(str, game.scores))} (seed 3)"


def test_options_flags_reach_the_game(tmp_path: Path) -> None:
    """--target and --smudge become the game's options."""
    log = tmp_path / "match.json"
    code, _, err = run(
        "play", "auction-pitch", "--seed", "5", "--quiet", "--target", "3", "--smudge", "--log", str(log)
    )
    assert code == 0, err
    assert json.loads(log.read_text())["options"] == {"target": 3, "smudge": True}


def test_a_person_plays_a_seat() -> None:
    """A person at seat 0 sees its own cards only and picks moves by number."""
    code, out, err = run("play", "auction-pitch", "--seat", "0", "--seed", "3", stdin="1\n" * 2000)
    assert code == 0, err
    assert "you play seat 0" in out
    assert "seat 1: ?; seat 2: ?; seat 3: ?" in out
    assert out.rstrip().endswith(("you win", "you lose"))
