"""The `tablegames` command as a whole: one-line errors with a non-zero status, help, entry points."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablegames import variant_names
from tests.cli.support import run

KNOWN_VARIANTS = ", ".join(variant_names())
"""Every installed variant, sorted: the built-in ones and any plug-in installed alongside."""


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a good full log, a corrupt one, a tampered one and a non-UTF-8 file."""
    folder = tmp_path_factory.mktemp("logs")
    good = folder / "good.json"
    assert run("play", "american-sniff", "--players", "2", "--seed", "3", "--quiet", "--log", str(good)).code == 0
    (folder / "corrupt.json").write_text(good.read_text()[:200])
    data = json.loads(good.read_text())
    played = next(e for e in data["events"] if e["type"] == "tile_played")
    played["count"] += 1
    (folder / "tampered.json").write_text(json.dumps(data))
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00")
    return folder


BAD_INPUT = [
    (("play", "no-such-game"), f"unknown variant 'no-such-game': known variants are {KNOWN_VARIANTS}"),
    (("simulate", "no-such-game"), "unknown variant 'no-such-game'"),
    (("rules", "no-such-game"), "unknown variant 'no-such-game'"),
    (("play", "american-sniff", "--players", "9"), "invalid option players: 9 is out of range; allowed: an int from 2"),
    (("play", "american-sniff", "--target", "0"), "invalid option target"),
    (("simulate", "four-point-smear", "--seen-undealt", "5"), "invalid option seen_undealt: 5 is out of range"),
    (("play", "four-point-smear", "--high-low", "lowest"), "invalid option high_low: 'lowest' is not a High/Low rule"),
    (("play", "american-sniff", "--players", "x"), "argument --players: invalid int value: 'x'"),
    (("play", "american-sniff", "--seen-undealt", "2"), "unrecognized arguments: --seen-undealt 2"),
    (("play", "american-sniff", "--bots", "nobody"), "argument --bots: unknown bot 'nobody': known bots are "),
    (("simulate", "american-sniff", "--bots", "random:fast"), "argument --bots: bad bot setting 'fast'"),
    (("play", "american-sniff", "--bots", "random:colour=red"), "bot 'random:colour=red': "),
    (("play", "american-sniff", "--players", "2", "--bots", "random,random,random"), "3 bots for 2 seats"),
    (("play", "american-sniff", "--players", "2", "--seat", "2"), "--seat 2 is not a seat of this game; seats are 0"),
    (("play", "american-sniff", "--seat", "-1"), "--seat -1 is not a seat of this game"),
    (("simulate", "american-sniff", "-n", "0"), "argument -n/--games: 0 is not a positive int"),
    (("simulate", "american-sniff", "--workers", "0"), "argument --workers: 0 is not a positive int"),
    (("simulate", "american-sniff", "-n", "1", "--out", "/no/such/folder/r.jsonl"), "cannot write /no/such/folder/"),
    (("play", "american-sniff", "--log", "/no/such/folder/log.json"), "cannot write /no/such/folder/log.json"),
    (("play",), "the following arguments are required: NAME"),
    (("frobnicate",), "invalid choice: 'frobnicate'"),
    ((), "the following arguments are required: COMMAND"),
]


def test_the_known_variants_include_the_built_in_ones() -> None:
    """The list an unknown name is answered with holds both built-in variants, in sorted order."""
    names = variant_names()
    assert {"american-sniff", "four-point-smear"} <= set(names)
    assert ", ".join(sorted(names)) == KNOWN_VARIANTS


@pytest.mark.parametrize(("argv", "message"), BAD_INPUT)
def test_bad_input_is_one_line_and_exit_2(argv: tuple[str, ...], message: str) -> None:
    """Unknown variants, bots and flags, bad options and values give one line on stderr and status 2."""
    done = run(*argv)
    assert done.code == 2, done
    assert done.err.startswith("tablegames: error: ") and message in done.err
    assert done.err.count("\n") == 1 and "Traceback" not in done.err


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("missing.json", "cannot read {path}: No such file or directory"),
        ("corrupt.json", "{path}: bad log at $: not JSON text"),
        ("tampered.json", "{path}: bad log at $.events["),
        ("binary.json", "cannot read {path}: it is not UTF-8 text"),
    ],
)
def test_bad_log_files_are_one_line_and_exit_2(logs: Path, name: str, message: str) -> None:
    """A missing, corrupt, tampered or binary log file gives one line naming it, and status 2."""
    path = logs / name
    done = run("replay", str(path))
    assert done.code == 2
    assert done.err.startswith("tablegames: error: " + message.format(path=path))
    assert done.err.count("\n") == 1


def test_replay_seat_out_of_range(logs: Path) -> None:
    """A seat the logged game does not have is a one-line error."""
    done = run("replay", str(logs / "good.json"), "--seat", "5")
    assert (done.code, done.err) == (2, "tablegames: error: --seat 5 is not a seat of this game; seats are 0 to 1\n")


def test_option_flags_may_come_before_the_variant_name() -> None:
    """`play --players 2 NAME` takes --players as a flag of the variant named after it."""
    done = run("play", "--players", "2", "american-sniff", "--seed", "3", "--quiet")
    assert done.code == 0, done
    assert len(done.out.strip().splitlines()[-1].split("wins ")[1].split(" (")[0].split(", ")) == 2


def test_help_lists_the_variants_option_flags() -> None:
    """`play NAME --help` lists the variant's flags with what they allow, and exits 0."""
    done = run("play", "four-point-smear", "--help")
    assert done.code == 0 and done.err == ""
    assert "options of four-point-smear:" in done.out
    assert "--win-only-on-bid, --no-win-only-on-bid" in done.out
    assert "an int from 0 to 3 (default: 0)" in done.out
    assert "--seen-undealt" in run("simulate", "four-point-smear", "--help").out


@pytest.mark.parametrize("command", ["variants", "rules", "play", "simulate", "replay", "schema"])
def test_help_prints_no_format_escapes(command: str) -> None:
    """Every command's help prints a percent sign as one `%`, never the escape `%%`."""
    done = run(command, "--help")
    assert done.code == 0, done
    assert "%%" not in done.out
    if command == "simulate":
        assert "95% confidence intervals" in " ".join(done.out.split())


def test_main_help_lists_the_commands() -> None:
    """`--help` lists every command."""
    done = run("--help")
    assert done.code == 0
    for command in ("variants", "rules", "play", "simulate", "replay"):
        assert command in done.out


@pytest.mark.parametrize("entry", [["-m", "tablegames"], ["-m", "tablegames.cli"]])
def test_module_entry_points_run(entry: list[str]) -> None:
    """`python -m tablegames` (and `-m tablegames.cli`) is the same command, and errors stay one line."""
    done = subprocess.run(
        [sys.executable, *entry, "play", "american-sniff", "--seed", "2", "--quiet"],
        capture_output=True, text=True, check=False, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "wins" in done.stdout
    bad = subprocess.run(
        [sys.executable, *entry, "play", "american-sniff", "--seat", "0"],
        capture_output=True, text=True, check=False, timeout=120, stdin=subprocess.DEVNULL,
    )
    assert bad.returncode == 1
    assert bad.stderr.startswith("tablegames: error: end of input in hand 1: seat 0 had a move to make")
    assert bad.stderr.count("\n") == 1
