"""The `tablegames` command: watching a match, listing variants, one-line errors."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from tablegames.cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_play_watches_a_whole_match_hand_by_hand() -> None:
    """`play` prints every hand's events and ends with the winner and the final scores."""
    code, text = run("play", "american-sniff", "--seed", "7", "--players", "2")
    assert code == 0
    assert "== hand 1 ==" in text
    assert "opens with" in text
    assert "after hand 1: scores" in text
    last = text.strip().splitlines()[-1]
    assert last.startswith("side ") and "wins" in last and "(seed 7)" in last


def test_play_is_deterministic_for_a_seed() -> None:
    """The same seed prints the same match."""
    assert run("play", "american-sniff", "--seed", "11", "--quiet")[1] == run(
        "play", "american-sniff", "--seed", "11", "--quiet"
    )[1]


def test_option_flags_come_from_the_options_class() -> None:
    """`--target` and `--players` are generated from SniffOptions and reach the game."""
    code, text = run("play", "american-sniff", "--seed", "1", "--players", "3", "--target", "30", "--quiet")
    assert code == 0
    final = [int(s) for s in text.strip().splitlines()[-1].split("wins ")[1].split(" (")[0].split(", ")]
    assert len(final) == 3 and max(final) >= 30


def test_variants_lists_sniff_with_its_options() -> None:
    """`variants` names each variant, its player range and its option flags."""
    code, text = run("variants")
    assert code == 0
    assert "american-sniff" in text and "2-4 players" in text and "--players" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("play", "no-such-game"), "unknown variant 'no-such-game'"),
        (("play", "american-sniff", "--players", "9"), "invalid option players"),
        (("play", "american-sniff", "--target", "0"), "invalid option target"),
        (("play", "american-sniff", "--players", "x"), "invalid int value: 'x'"),
        (("play",), "the following arguments are required: variant"),
        (("frobnicate",), "invalid choice: 'frobnicate'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Unknown variants and bad options give a one-line error and a non-zero exit, no traceback."""
    code, _ = run(*argv)
    err = capsys.readouterr().err
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_module_entry_point_runs() -> None:
    """`python -m tablegames` is the same command."""
    done = subprocess.run(
        [sys.executable, "-m", "tablegames", "play", "american-sniff", "--seed", "2", "--quiet"],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "wins" in done.stdout
