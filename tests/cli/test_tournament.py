"""`tablegames tournament`: a round robin on duplicate deals, Bradley-Terry ratings, pairwise win rates, a heat map."""

from __future__ import annotations

import json
import re
import struct
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tablegames.bots.ratings import DealResult, rate
from tablegames.cli.options import BotSpec
from tablegames.cli.simulate import MatchResult, wilson_interval
from tablegames.cli.tournament import pair_seatings, schedule, winning_bot
from tests.cli.support import run

BOTS = "random,greedy,random:pass_rate=0.3"
SNIFF_2 = ("american-sniff", "--players", "2", "--target", "60")


SERIAL_BACKEND = """
def make(settings):
    return Reversed()


class Reversed:
    def map_unordered(self, function, items):
        for item in reversed(list(items)):
            yield function(item)
"""
"""A backend of one's own: one process, the games played last first."""

CELL = re.compile(r"(?<!\S)-(?!\S)|\d+\.\d% \[\d+\.\d, \d+\.\d\]")
"""A cell of the pairwise table: a dash on the diagonal, else a win rate and its interval."""


def lines_of(path: Path) -> list[dict[str, Any]]:
    """The JSON objects of a results file, one per line."""
    return [json.loads(line) for line in path.read_text().splitlines()]


def ratings_rows(text: str) -> list[list[str]]:
    """The ratings table's rows, split into columns."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("rank  bot"))
    rows = []
    for line in lines[start + 1 :]:
        if line.startswith("win rate of"):
            break
        rows.append(line.replace(", ", ",").split())
    return rows


def stable(text: str) -> str:
    """The output without what may differ between equal runs: the timing, the number of workers."""
    lines = [line for line in text.splitlines() if " games played in " not in line]
    return "\n".join(lines).replace("2 workers", "1 worker")


def test_every_pair_plays_every_deal_from_every_seating(tmp_path: Path) -> None:
    """Three bots, three pairs: each pair plays seeds 3 and 4 once from each seating, a line per game with its pair."""
    out = tmp_path / "games.jsonl"
    done = run("tournament", *SNIFF_2, "--bots", BOTS, "-n", "4", "--seed", "3", "--no-progress", "--out", str(out))
    assert done.code == 0, done
    assert done.err == ""
    assert done.out.startswith("american-sniff (players=2, target=60): round robin of 3 bots, 4 games a pair ")
    assert "(2 deals, each from 2 seatings), seeds 3 to 4, 12 games, 1 worker" in done.out
    games = lines_of(out)
    assert [g["game"] for g in games] == list(range(12))
    by_pair = Counter((tuple(g["pair"]), g["seed"], tuple(g["bots"])) for g in games)
    pairs = [("random", "greedy"), ("random", "random:pass_rate=0.3"), ("greedy", "random:pass_rate=0.3")]
    assert set(by_pair) == {
        ((a, b), seed, seating) for a, b in pairs for seed in (3, 4) for seating in ((a, b), (b, a))
    }
    assert set(by_pair.values()) == {1}
    assert [tuple(g["pair"]) for g in games[::4]] == pairs  # pair by pair, in the order named
    assert all(
        set(g) == {"game", "seed", "bots", "sides", "winner", "scores", "hands", "decisions", "pair"} for g in games
    )
    assert "wrote 12 lines to" in done.out


def test_the_tables_agree_with_the_games(tmp_path: Path) -> None:
    """The ratings are rate() of the file's deals; each bot's record and each pairwise cell count the file's games."""
    out = tmp_path / "games.jsonl"
    done = run("tournament", *SNIFF_2, "--bots", BOTS, "-n", "6", "--seed", "8", "--no-progress", "--out", str(out))
    assert done.code == 0, done
    names = BOTS.split(",")
    games = lines_of(out)
    wins: Counter[tuple[str, str]] = Counter()
    groups: dict[tuple[int, int, int], list[float]] = {}
    for g in games:
        winner = winning_bot(MatchResult.from_json(g))
        a, b = g["pair"]
        wins[(winner, b if winner == a else a)] += 1
        group = groups.setdefault((names.index(a), names.index(b), g["seed"]), [0.0, 0.0])
        group[0 if winner == a else 1] += 1
    expected = rate([DealResult(i, j, x, y) for (i, j, _), (x, y) in groups.items()], 3, seed=8)
    rows = ratings_rows(done.out)
    assert [int(r[0]) for r in rows] == [1, 2, 3]
    assert [float(r[2]) for r in rows] == sorted((float(f"{e.rating:.0f}") for e in expected), reverse=True)
    for _, name, rating, interval, played, won, share in rows:
        i = names.index(name)
        assert rating == f"{expected[i].rating:+.0f}"
        assert interval == f"[{expected[i].low:+.0f},{expected[i].high:+.0f}]"
        assert int(played) == 12 and int(won) == sum(n for (w, _), n in wins.items() if w == name)
        assert share == f"{100 * int(won) / 12:.1f}%"
    matrix = done.out.split("Wilson interval:\n", 1)[1].splitlines()[1:4]
    order = [r[1] for r in rows]
    for line, name in zip(matrix, order, strict=True):
        assert line.split()[1] == name
        cells = CELL.findall(line.split(name, 1)[1])
        assert len(cells) == 3, line
        for cell, other in zip(cells, order, strict=True):
            if other == name:
                assert cell == "-"
                continue
            beat = wins[(name, other)]
            low, high = wilson_interval(beat, 6)
            assert cell == f"{100 * beat / 6:.1f}% [{100 * low:.1f}, {100 * high:.1f}]", (line, other)


def test_four_seats_give_each_bot_a_partnership(tmp_path: Path) -> None:
    """At four seats the pair's bots sit as partners, a b a b then b a b a, so each takes one partnership."""
    out = tmp_path / "games.jsonl"
    done = run("tournament", "american-sniff", "--players", "4", "--target", "60", "--bots", "random,greedy",
               "-n", "2", "--seed", "1", "--no-progress", "--out", str(out))  # fmt: skip
    assert done.code == 0, done
    games = lines_of(out)
    assert [g["bots"] for g in games] == [["random", "greedy"] * 2, ["greedy", "random"] * 2]
    assert all(g["sides"] == [0, 1, 0, 1] for g in games)


def test_three_solo_seats_are_balanced() -> None:
    """At three seats a deal is played from six seatings: each bot holds two seats in three, one in the other three."""
    a, b = BotSpec.parse("a"), BotSpec.parse("b")
    seatings = pair_seatings(a, b, 3)
    assert len(seatings) == len(set(seatings)) == 6
    for bot in (a, b):
        assert sorted(s.count(bot) for s in seatings) == [1, 1, 1, 2, 2, 2]
        assert all(sum(s[seat] == bot for s in seatings) == 3 for seat in range(3))
    plan = schedule("x", {}, [a, b], games=7, seed=0, seats=3)
    assert len(plan) == 12 and [g.task.seed for g in plan] == [0] * 6 + [1] * 6  # 7 games: two whole deals


@pytest.mark.parametrize(
    "where",
    [
        ("--workers", "1"),
        ("--workers", "2"),
        ("--workers", "2", "--start-method", "spawn"),
        ("--workers", "2", "--start-method", "forkserver"),
    ],
    ids=["1", "2", "2-spawn", "2-forkserver"],
)
def test_the_same_tournament_gives_the_same_output_and_file(tmp_path: Path, where: tuple[str, ...]) -> None:
    """One worker or two, under any start method: the tables and the --out file are the same, byte for byte."""
    files, texts = [], []
    for name, extra in (("one", ("--workers", "1")), ("other", where)):
        out = tmp_path / f"games-{name}.jsonl"
        done = run("tournament", *SNIFF_2, "--bots", BOTS, "-n", "4", "--seed", "5", *extra,
                   "--no-progress", "--out", str(out))  # fmt: skip
        assert done.code == 0, done
        files.append(out.read_bytes())
        texts.append(stable(done.out.replace(str(out), "OUT")))
    assert files[0] == files[1] and texts[0] == texts[1]


def test_a_tournament_plays_on_a_backend_named_by_import_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--backend package.module:factory: the tournament's file is one process's, and the summary names the backend."""
    name = f"tg_serial_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(SERIAL_BACKEND)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    files: list[bytes] = []
    for extra in ((), ("--backend", f"{name}:make", "--workers", "3")):
        out = tmp_path / f"games{len(files)}.jsonl"
        done = run("tournament", *SNIFF_2, "--bots", BOTS, "-n", "2", "--seed", "9", "--no-progress",
                   "--out", str(out), *extra)  # fmt: skip
        assert done.code == 0, done
        files.append(out.read_bytes())
    assert f"6 games, 3 workers, backend {name}:make" in done.out
    assert files[0] == files[1]


def test_an_unknown_start_method_or_backend_is_one_line() -> None:
    """A tournament refuses a backend it cannot find in one line, before any game."""
    done = run("tournament", *SNIFF_2, "--bots", "random,greedy", "-n", "2", "--no-progress", "--backend", "nowhere")
    assert done.code == 2 and done.err.count("\n") == 1 and "nowhere" in done.err, done
    assert done.out == ""


def test_plot_writes_a_png(tmp_path: Path) -> None:
    """--plot writes a PNG heat map: the PNG signature, an image header, a picture of some size."""
    path = tmp_path / "rates.png"
    done = run("tournament", *SNIFF_2, "--bots", BOTS, "-n", "2", "--seed", "1", "--no-progress", "--plot", str(path))
    assert done.code == 0, done
    assert f"wrote the win rates' heat map to {path}" in done.out
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width >= 400 and height >= 300
    assert data.endswith(b"IEND\xaeB`\x82")


def test_plot_without_matplotlib_says_how_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without matplotlib, --plot ends before any game with one line: pip install matplotlib."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    out = tmp_path / "games.jsonl"
    done = run("tournament", *SNIFF_2, "--bots", BOTS, "-n", "2", "--no-progress", "--out", str(out),
               "--plot", str(tmp_path / "x.png"))  # fmt: skip
    assert done.code == 2
    assert done.err == "tablegames: error: --plot needs matplotlib, which is not installed: pip install matplotlib\n"
    assert not out.exists() and not (tmp_path / "x.png").exists()


def test_resume_finishes_a_cut_file(tmp_path: Path) -> None:
    """--resume keeps the games a cut file holds, drops a line cut short, and ends with the uninterrupted file."""
    whole = tmp_path / "whole.jsonl"
    args = ("tournament", *SNIFF_2, "--bots", BOTS, "-n", "4", "--no-progress")
    assert run(*args, "--seed", "2", "--out", str(whole)).code == 0
    cut = tmp_path / "cut.jsonl"
    data = whole.read_bytes()
    cut.write_bytes(data[: data.index(b"\n", len(data) // 2) + 20])
    done = run(*args, "--out", str(cut), "--resume")  # the seed is read from the file
    assert done.code == 0, done
    assert cut.read_bytes() == data
    assert "resumed: " in done.out
    assert stable(done.out).split("\n")[:8] == stable(run(*args, "--seed", "2").out).split("\n")[:8]


@pytest.mark.parametrize(
    ("bots", "extra", "message"),
    [
        ("greedy", (), "a tournament needs at least two bots"),
        ("greedy,random,greedy", (), "bot 'greedy' is named twice"),
        ("greedy,random", ("--resume",), "--resume continues the tournament whose --out FILE is named"),
        ("greedy,nobody", (), "unknown bot 'nobody'"),
        ("greedy,ismcts:iterations=0", (), "iterations"),
    ],
)
def test_bad_input_is_one_line(bots: str, extra: tuple[str, ...], message: str) -> None:
    """Too few bots, a bot twice, --resume without --out, an unknown bot or bad settings: one line, status 2."""
    done = run("tournament", *SNIFF_2, "--bots", bots, "-n", "2", "--no-progress", *extra)
    assert done.code == 2
    assert message in done.err and done.err.count("\n") == 1, done.err
    assert done.out == ""
