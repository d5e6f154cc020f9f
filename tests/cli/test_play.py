"""`tablegames play`: a person plays a seat by numbers, or bots play a match to watch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.support import hand_sections, hidden_by_hand, load_events, pieces_in, run

SNIFF_2 = ("play", "american-sniff", "--players", "2", "--bots", "random")
ENOUGH = "1\n" * 400


def test_watching_prints_every_hand_and_the_winner() -> None:
    """Without --seat, bots play every seat and the match is printed hand by hand to the winner."""
    done = run("play", "american-sniff", "--seed", "7", "--players", "2")
    assert done.code == 0, done
    assert "== hand 1 ==" in done.out and "opens with" in done.out
    assert "scoresheet after hand 1 (target 250)" in done.out
    last = done.out.strip().splitlines()[-1]
    assert last.startswith("side ") and "wins" in last and last.endswith("(seed 7)")


def test_watching_is_deterministic_for_a_seed() -> None:
    """The same seed prints the same match."""
    assert run("play", "american-sniff", "--seed", "11").out == run("play", "american-sniff", "--seed", "11").out


def test_quiet_prints_one_line_per_hand() -> None:
    """--quiet prints the scores after each hand and the result, nothing else."""
    lines = run("play", "american-sniff", "--seed", "11", "--quiet").out.strip().splitlines()
    assert all(line.startswith("after hand ") for line in lines[:-1])
    assert lines[-1].startswith("side ") and lines[-1].endswith("(seed 11)")


def test_a_person_plays_a_whole_match_by_numbers(tmp_path: Path) -> None:
    """A person answering by number plays every hand to the end; the log shows their seat's moves."""
    log = tmp_path / "match.json"
    done = run(*SNIFF_2, "--seed", "7", "--seat", "0", "--target", "60", "--log", str(log), stdin=ENOUGH)
    assert done.code == 0, done
    assert "you play seat 0" in done.out
    assert "seat 0, your move:" in done.out and "your move (1 to " in done.out
    assert "scoresheet after hand 1 (target 60)" in done.out
    assert done.out.strip().splitlines()[-1] in ("you win", "you lose")
    data = json.loads(log.read_text())
    assert any(e["type"] == "tile_played" and e["seat"] == 0 for e in data["events"])
    assert data["events"][-1]["type"] == "game_ended"


def test_the_first_number_is_the_first_legal_action() -> None:
    """Answering 1 plays the first move listed, and the view shows the layout, ends and count."""
    done = run(*SNIFF_2, "--seed", "7", "--seat", "0", stdin=ENOUGH)
    first = done.out.split("your move (1 to 7); q quits: 1\n", 1)[1]
    assert first.splitlines()[0] == "  seat 0 opens with 6-3: count 9"
    assert "layout    W=6  [6-3] 3-0  E=0" in done.out
    assert "ends      W 6, E 0; count 6" in done.out
    assert "your tiles  6-3 6-1 4-3 4-2 3-2 3-1 2-2" in done.out


def test_junk_and_numbers_out_of_range_ask_again() -> None:
    """Junk, 0 and a number past the list each get a one-line message and the question again."""
    done = run(*SNIFF_2, "--seed", "7", "--seat", "0", stdin="junk\n0\n99\n\n" + ENOUGH)
    assert done.code == 0, done
    assert "  'junk' is not a number; enter a number from 1 to 7\n" in done.out
    assert "  0 is not one of the moves; enter a number from 1 to 7\n" in done.out
    assert "  99 is not one of the moves; enter a number from 1 to 7\n" in done.out
    assert "  '' is not a number; enter a number from 1 to 7\n" in done.out
    before = done.out.split("opens with", 1)[0]
    assert before.count("your move (1 to 7); q quits:") == 5


def test_enter_plays_the_only_move() -> None:
    """When one move is legal, an empty answer plays it."""
    done = run(*SNIFF_2, "--seed", "7", "--seat", "0", stdin="1\n\n" + ENOUGH)
    assert "your move (1, or Enter); q quits: \n  seat 0 plays 6-1 on W" in done.out


def test_end_of_input_is_one_line_and_exit_1() -> None:
    """Input that ends while the person must move gives a one-line error and exit status 1."""
    done = run(*SNIFF_2, "--seed", "7", "--seat", "0", stdin="1\n")
    assert done.code == 1
    assert done.err == "tablegames: error: end of input in hand 1: seat 0 had a move to make\n"


def test_q_leaves_the_match_with_exit_1(tmp_path: Path) -> None:
    """Typing q leaves the match: one line, exit status 1, and the log so far is still written."""
    log = tmp_path / "left.json"
    done = run(*SNIFF_2, "--seed", "7", "--seat", "1", "--log", str(log), stdin="q\n")
    assert done.code == 1
    assert done.err == "tablegames: error: seat 1 left the match unfinished\n"
    assert json.loads(log.read_text())["events"][0]["type"] == "hand_dealt"


@pytest.mark.parametrize(
    ("argv", "seat"),
    [
        (("play", "american-sniff", "--players", "2", "--seed", "7", "--target", "80"), 1),
        (("play", "american-sniff", "--players", "4", "--seed", "3", "--target", "60"), 2),
        (("play", "american-sniff", "--players", "3", "--seed", "5", "--target", "60"), 0),
        (("play", "four-point-smear", "--seed", "3", "--seen-undealt", "2", "--target", "6"), 3),
        (("play", "four-point-smear", "--seed", "8", "--seen-undealt", "3", "--target", "5"), 0),
    ],
)
def test_a_person_never_sees_a_piece_their_seat_may_not_know(
    argv: tuple[str, ...], seat: int, tmp_path: Path
) -> None:
    """No tile or card hidden from the person's seat (others' hands, stock, undealt, discards) is printed."""
    log = tmp_path / "log.json"
    done = run(*argv, "--seat", str(seat), "--log", str(log), stdin=ENOUGH)
    assert done.code == 0, done
    hidden = hidden_by_hand(load_events(str(log)), seat)
    sections = hand_sections(done.out)
    assert set(sections) == {hand for hand in hidden if hand}
    assert any(hidden.values()), "the test is vacuous: nothing was hidden"
    for hand, text in sections.items():
        # the view repeats the last hand's deciding cards (public then) while the next is bid
        shown = "\n".join(line for line in text.splitlines() if not line.startswith("last hand"))
        assert pieces_in(shown), f"hand {hand} printed no piece at all"
        leaked = pieces_in(shown) & hidden[hand]
        assert not leaked, f"hand {hand} printed {sorted(leaked)}, which seat {seat} may not know"


def test_watching_shows_every_hand() -> None:
    """Watching (no --seat) shows every seat's dealt hand: there is nothing to hide from a spectator."""
    done = run("play", "american-sniff", "--players", "2", "--seed", "7")
    dealt = next(line for line in done.out.splitlines() if "hand 1 dealt" in line)
    assert "?" not in dealt


def test_smear_options_are_flags_with_no_forms(tmp_path: Path) -> None:
    """Smear's options, booleans with their --no- forms, reach the game's options."""
    log = tmp_path / "smear.json"
    argv = ["play", "four-point-smear", "--seed", "2", "--quiet", "--log", str(log)]
    done = run(*argv, "--seen-undealt", "2", "--win-only-on-bid", "--no-cap-non-bidders", "--high-low", "in-play")
    assert done.code == 0, done
    options = json.loads(log.read_text())["options"]
    assert options == {
        "seen_undealt": 2, "target": 15, "win_only_on_bid": True, "cap_non_bidders": False, "high_low": "in-play",
    }


def test_sniff_target_and_players_reach_the_game() -> None:
    """--players and --target are generated from SniffOptions and decide the match."""
    done = run("play", "american-sniff", "--seed", "1", "--players", "3", "--target", "30", "--quiet")
    final = done.out.strip().splitlines()[-1].split("wins ")[1].split(" (")[0].split(", ")
    assert len(final) == 3 and max(int(s) for s in final) >= 30


def test_bots_are_dealt_round_the_seats() -> None:
    """--bots names are dealt round the seats, and the person's seat is taken out."""
    done = run("play", "four-point-smear", "--seed", "1", "--seat", "1", "--bots", "random,random:pass_rate=0.9")
    assert "you play seat 1 (seats 1+3); seat 0 random, seat 2 random, seat 3 random:pass_rate=0.9" in done.out
