"""`tablegames replay`: a recorded match, whole or as one seat saw it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tablegames
from tests.cli.support import Terminal, hand_sections, hidden_by_hand, load_events, pieces_in, run


@pytest.fixture(scope="module")
def sniff_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The full log of a three-player Sniff match between random bots."""
    path = tmp_path_factory.mktemp("logs") / "sniff.json"
    done = run("play", "american-sniff", "--players", "3", "--seed", "4", "--target", "80", "--quiet",
               "--log", str(path))
    assert done.code == 0, done
    return path


@pytest.fixture(scope="module")
def smear_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The full log of a Smear match with a pickup and discards."""
    path = tmp_path_factory.mktemp("logs") / "smear.json"
    done = run("play", "four-point-smear", "--seed", "6", "--seen-undealt", "3", "--target", "8", "--quiet",
               "--log", str(path))
    assert done.code == 0, done
    return path


def test_replay_of_a_full_log_shows_everything_and_the_winner(sniff_log: Path) -> None:
    """Without --seat every hand is shown, each hand's scoresheet follows, and the winner ends it."""
    done = run("replay", str(sniff_log))
    assert done.code == 0, done
    assert done.out.startswith("replay of american-sniff (players=3, target=80), with every hand shown\n")
    dealt = next(line for line in done.out.splitlines() if "hand 1 dealt" in line)
    assert "?" not in dealt
    assert "scoresheet after hand 1 (target 80)" in done.out
    log = json.loads(sniff_log.read_text())
    winner, scores = log["events"][-1]["winner"], log["events"][-1]["scores"]
    assert done.out.strip().splitlines()[-1] == f"side {winner} wins {', '.join(map(str, scores))}"


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_replay_as_a_seat_prints_no_hidden_piece(sniff_log: Path, seat: int) -> None:
    """--seat redacts a full log with the events' own rule: no hidden tile is ever printed."""
    done = run("replay", str(sniff_log), "--seat", str(seat))
    assert done.code == 0, done
    assert f"as seat {seat} saw it" in done.out.splitlines()[0]
    hidden = hidden_by_hand(load_events(str(sniff_log)), seat)
    for hand, text in hand_sections(done.out).items():
        assert not pieces_in(text) & hidden[hand], f"hand {hand} leaks to seat {seat}"


def test_replay_of_smear_as_a_seat_hides_pickup_and_discards(smear_log: Path) -> None:
    """A Smear seat never sees the others' cards, the undealt cards or another bidder's pickup and discards."""
    outputs = []
    for seat in range(4):
        done = run("replay", str(smear_log), "--seat", str(seat))
        assert done.code == 0, done
        outputs.append(done.out)
        hidden = hidden_by_hand(load_events(str(smear_log)), seat)
        for hand, text in hand_sections(done.out).items():
            assert not pieces_in(text) & hidden[hand], f"hand {hand} leaks to seat {seat}"
    assert all("takes up 3 undealt card(s): ?" in text for text in outputs)
    assert all("discards 3 card(s): ?" in text for text in outputs)


def test_replay_of_a_seats_own_log(sniff_log: Path, tmp_path: Path) -> None:
    """A redacted log replays as its own seat, and prints the same as the full log redacted for it."""
    game = tablegames.replay(tablegames.load_log(sniff_log.read_text()))
    own = tmp_path / "seat1.json"
    own.write_text(tablegames.dumps(game.log(1)))
    done = run("replay", str(own))
    assert done.code == 0, done
    assert done.out.splitlines()[0].endswith("as seat 1 saw it (a seat's log)")
    assert done.out.splitlines()[1:] == run("replay", str(sniff_log), "--seat", "1").out.splitlines()[1:]
    assert run("replay", str(own), "--seat", "1").code == 0


def test_a_seats_log_cannot_show_another_seat(sniff_log: Path, tmp_path: Path) -> None:
    """Asking a redacted log for another seat is a one-line error."""
    game = tablegames.replay(tablegames.load_log(sniff_log.read_text()))
    own = tmp_path / "seat1.json"
    own.write_text(tablegames.dumps(game.log(1)))
    done = run("replay", str(own), "--seat", "2")
    assert done.code == 2
    assert done.err == f"tablegames: error: {own} is seat 1's log; it cannot show what seat 2 saw\n"


def test_replay_pauses_before_each_hand_on_a_terminal(sniff_log: Path) -> None:
    """On a terminal the replay waits for Enter before each new hand; q stops it."""
    hands = sum(1 for e in json.loads(sniff_log.read_text())["events"] if e["type"] == "hand_dealt")
    assert hands >= 2
    done = run("replay", str(sniff_log), stdin=Terminal("\n" * hands))
    assert done.code == 0, done
    assert done.out.count("-- Enter for hand ") == hands - 1
    stopped = run("replay", str(sniff_log), stdin=Terminal("q\n"))
    assert stopped.code == 0 and "== hand 2 ==" not in stopped.out
    ended = run("replay", str(sniff_log), stdin=Terminal(""))
    assert ended.code == 1
    assert ended.err == "tablegames: error: end of input: the replay stopped before hand 2\n"


def test_replay_does_not_pause_when_input_is_not_a_terminal(sniff_log: Path) -> None:
    """Piped or redirected input never pauses the replay."""
    done = run("replay", str(sniff_log), stdin="")
    assert done.code == 0 and "-- Enter" not in done.out


def test_an_unfinished_log_says_where_it_stops(tmp_path: Path) -> None:
    """A log of a match left unfinished replays up to its end and says so."""
    path = tmp_path / "left.json"
    run("play", "american-sniff", "--players", "2", "--seed", "7", "--seat", "0", "--log", str(path), stdin="1\n1\n")
    done = run("replay", str(path), "--seat", "0")
    assert done.code == 0, done
    assert done.out.strip().splitlines()[-1].startswith("the log stops in hand 1, the match unfinished: scores ")
