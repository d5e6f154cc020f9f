"""`tablegames simulate`: many matches between bots, win rates with Wilson intervals, JSON lines."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from tablegames.cli.options import BotSpec
from tablegames.cli.simulate import rotations, wilson_interval
from tests.cli.support import run

TWO_BOTS = "random,random:pass_rate=0.3"


def lines_of(path: Path) -> list[dict[str, Any]]:
    """The JSON objects of a results file, one per line."""
    return [json.loads(line) for line in path.read_text().splitlines()]


def table_rows(text: str) -> dict[str, list[str]]:
    """The summary's rows by bot name, split into columns."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("bot "))
    rows = {}
    for line in lines[start + 1 :]:
        if line.startswith("time per decision"):
            break
        name, *cells = line.split()
        rows[name] = cells
    return rows


def test_summary_has_a_row_per_bot_with_a_wilson_interval() -> None:
    """Each bot gets its games, wins, win rate, 95% interval, mean score, hands and decisions per match."""
    done = run("simulate", "four-point-smear", "-n", "6", "--bots", TWO_BOTS, "--seed", "3", "--no-progress")
    assert done.code == 0, done
    assert done.err == ""
    assert done.out.startswith("four-point-smear (seen_undealt=0, target=15, ")
    assert "6 games, seeds 3 to 8, 1 worker" in done.out
    rows = table_rows(done.out)
    assert set(rows) == {"random", "random:pass_rate=0.3"}
    for played, wins, rate, low, high, score, hands, decisions in rows.values():
        assert int(played) == 6
        assert float(rate[:-1]) == pytest.approx(100 * int(wins) / 6, abs=0.05)
        lo, hi = wilson_interval(int(wins), 6)
        assert (low, high) == (f"[{100 * lo:.1f}%,", f"{100 * hi:.1f}%]")
        assert float(hands) >= 1 and float(decisions) > 0 and -100 < float(score) < 100
    assert int(rows["random"][1]) + int(rows["random:pass_rate=0.3"][1]) == 6
    assert "time per decision: random " in done.out


def test_out_writes_one_json_line_per_game(tmp_path: Path) -> None:
    """--out writes a line per game: seed, each seat's bot and side, winner, scores, hands, decisions."""
    out = tmp_path / "results.jsonl"
    done = run("simulate", "american-sniff", "--players", "4", "-n", "4", "--bots", TWO_BOTS, "--seed", "10",
               "--no-progress", "--out", str(out))
    assert done.code == 0, done
    assert f"wrote 4 lines to {out}" in done.out
    games = lines_of(out)
    assert [g["game"] for g in games] == [0, 1, 2, 3]
    assert [g["seed"] for g in games] == [10, 11, 12, 13]
    for g in games:
        assert list(g) == ["game", "seed", "bots", "sides", "winner", "scores", "hands", "decisions"]
        assert g["sides"] == [0, 1, 0, 1]
        assert g["bots"][0] == g["bots"][2] != g["bots"][1] == g["bots"][3]
        assert g["scores"][g["winner"]] >= 200 and g["hands"] >= 1 and g["decisions"] > 0
    assert games[0]["bots"] == ["random", "random:pass_rate=0.3"] * 2
    assert games[1]["bots"] == ["random:pass_rate=0.3", "random"] * 2


def test_a_line_is_replayed_by_play_with_its_seed_and_bots(tmp_path: Path) -> None:
    """`play --seed S --bots <the line's bots>` plays exactly the game a result line records."""
    out = tmp_path / "one.jsonl"
    run("simulate", "four-point-smear", "-n", "2", "--bots", TWO_BOTS, "--seed", "40", "--no-progress",
        "--out", str(out))
    game = lines_of(out)[1]
    again = run("play", "four-point-smear", "--seed", str(game["seed"]), "--bots", ",".join(game["bots"]), "--quiet")
    scores = ", ".join(str(s) for s in game["scores"])
    assert again.out.strip().splitlines()[-1] == f"side {game['winner']} wins {scores} (seed {game['seed']})"


def test_two_workers_give_the_same_results_in_the_same_order(tmp_path: Path) -> None:
    """--workers 2 plays the same games as one process and writes them in game order."""
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    common = ("simulate", "american-sniff", "--players", "2", "-n", "8", "--seed", "5", "--no-progress")
    assert run(*common, "--out", str(one)).code == 0
    done = run(*common, "--workers", "2", "--out", str(two))
    assert done.code == 0, done
    assert "8 games, seeds 5 to 12, 2 workers" in done.out
    assert one.read_text() == two.read_text()


def test_duplicate_plays_each_deal_once_per_seating(tmp_path: Path) -> None:
    """--duplicate plays each seed once per rotation of the seats (-n rounded up), so luck cancels."""
    out = tmp_path / "dup.jsonl"
    done = run("simulate", "american-sniff", "--players", "2", "-n", "5", "--bots", TWO_BOTS, "--seed", "20",
               "--duplicate", "--no-progress", "--out", str(out))
    assert done.code == 0, done
    assert "6 games, seeds 20 to 22, 1 worker" in done.out
    assert "duplicate: each deal played by 2 seatings in turn" in done.out
    games = lines_of(out)
    assert [g["seed"] for g in games] == [20, 20, 21, 21, 22, 22]
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert second["bots"] == first["bots"][::-1]
    rows = table_rows(done.out)
    assert int(rows["random"][0]) == int(rows["random:pass_rate=0.3"][0]) == 6


def test_duplicate_deals_are_the_same_deals(tmp_path: Path) -> None:
    """The games of one duplicate set start from the same deal: their logs' first hands match."""
    out = tmp_path / "dup.jsonl"
    run("simulate", "american-sniff", "--players", "2", "-n", "2", "--bots", TWO_BOTS, "--seed", "9",
        "--duplicate", "--no-progress", "--out", str(out))
    first, second = lines_of(out)
    logs = []
    for game in (first, second):
        path = tmp_path / f"g{game['game']}.json"
        run("play", "american-sniff", "--players", "2", "--seed", str(game["seed"]), "--bots", ",".join(game["bots"]),
            "--quiet", "--log", str(path))
        logs.append(json.loads(path.read_text())["events"][0])
    assert logs[0] == logs[1] and logs[0]["type"] == "hand_dealt"


def test_progress_bar_goes_to_standard_error() -> None:
    """A plain-text bar goes to standard error (a line per tenth when it is not a terminal)."""
    done = run("simulate", "american-sniff", "--players", "2", "-n", "10", "--seed", "1")
    lines = done.err.splitlines()
    assert len(lines) == 10
    assert lines[-1].startswith("[####################] 10/10 games 100%")
    assert "games/s" not in done.out.split("time per decision")[0]


def test_wilson_interval_matches_the_formula() -> None:
    """The interval is the Wilson score interval: symmetric around 50%, inside [0, 1] at the extremes."""
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(1 - high) and low == pytest.approx(0.4038, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert 0 < wilson_interval(0, 10)[1] < 0.35
    n, wins = 2000, 1200
    low, high = wilson_interval(wins, n)
    assert math.isclose((low + high) / 2, 0.6, abs_tol=0.001) and high - low < 0.05


def test_rotations_give_every_bot_every_seat() -> None:
    """Rotations of the seating: two bots at four seats give two seatings, three seats give three."""
    a, b = BotSpec.parse("a"), BotSpec.parse("b")
    assert [[str(s) for s in r] for r in rotations([a, b], 4)] == [["a", "b", "a", "b"], ["b", "a", "b", "a"]]
    assert [[str(s) for s in r] for r in rotations([a, b], 3)] == [["a", "b", "a"], ["b", "a", "a"], ["a", "a", "b"]]
    assert len(rotations([a], 4)) == 1
