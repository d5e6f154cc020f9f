"""Mexican Train from outside the library: found by entry point, played, replayed and simulated by ``tablegames``."""

from __future__ import annotations

import io
import json
import random
import re
from importlib.metadata import entry_points
from pathlib import Path

from mexican_train_helpers import NAME
from tablegames_mexican_train import MexicanTrain

import tablegames as tg
from tablegames.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, Table
from tablegames.cli import main
from tablegames.core.registry import ENTRY_POINT_GROUP


def run(*argv: str, answers: str = "") -> tuple[int, str, str]:
    """Run the command; its exit status, output and error text."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(answers), err=err)
    return code, out.getvalue(), err.getvalue()


def test_the_variant_is_found_through_its_entry_point() -> None:
    """The installed package registers ``mexican-train`` in the entry-point group; nothing else names it."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert found[NAME] == "tablegames_mexican_train:MexicanTrain"
    assert NAME in tg.variant_names()
    assert tg.get_variant(NAME) is MexicanTrain


def test_rules_prints_the_rules_page() -> None:
    """`tablegames rules mexican-train` prints RULES.rst as plain text, sources included."""
    code, out, _ = run("rules", NAME)
    assert code == 0
    assert "The engine." in out and "Resolved: one tile, not one tile after another" in out
    assert "Sources" in out and "https://en.wikipedia.org/wiki/Mexican_Train" in out


def test_watching_bots_play_a_short_match() -> None:
    """`tablegames play mexican-train --players 2 --rounds 2 --hand-size 4` narrates every round to the end."""
    argv = ("play", NAME, "--seed", "3", "--players", "2", "--rounds", "2", "--hand-size", "4")
    code, out, err = run(*argv)
    assert (code, err) == (0, "")
    assert out.count("== hand ") == 2 and "round 2 dealt, engine 11-11" in out
    assert re.search(r"seat \d plays \d+-\d+ on (train \d|the Mexican train) \(end \d+\)", out)
    assert "scoresheet after hand 2" in out
    last = out.strip().splitlines()[-1]
    assert re.fullmatch(r"side [01] wins \d+, \d+ \(seed 3\)", last)
    assert run(*argv)[1] == out


def test_a_person_sees_their_tiles_and_picks_moves_by_number() -> None:
    """`--seat 0` shows the seat's view with its own tiles, and takes moves by number."""
    argv = ("play", NAME, "--seed", "2", "--players", "3", "--rounds", "1", "--hand-size", "6", "--seat", "0")
    code, out, err = run(*argv, answers="1\n" * 300)
    assert code == 0, err
    hands = re.findall(r"^your pieces  (.*)$", out, flags=re.MULTILINE)
    assert hands and all(re.fullmatch(r"(\d+-\d+ ?)+", h) for h in hands)
    assert re.search(r"  1\) \d+-\d+ on (train \d|the Mexican train)", out)
    assert out.strip().splitlines()[-1] in ("you win", "you lose")


def test_flags_and_a_log_that_replays(tmp_path: Path) -> None:
    """`--players 5 --rounds 2 --double-blank 50` plays those options; the written log replays to the same game."""
    path = tmp_path / "match.json"
    flags = ("--seed", "8", "--players", "5", "--rounds", "2", "--double-blank", "50", "--quiet", "--log", str(path))
    code, out, err = run("play", NAME, *flags)
    assert (code, err) == (0, "")
    assert "after hand 1: scores" in out and "after hand 2: scores" in out
    log = tg.load_log(path.read_text())
    assert log.variant == NAME
    assert tg.to_json(log.options) == {"players": 5, "rounds": 2, "double_blank": 50, "hand_size": 12}
    game = tg.replay(log)
    assert game.is_over and len(game.scores) == 5 and game.scores[game.winner] == min(game.scores)  # type: ignore[index]
    code, out, _ = run("replay", str(path), "--seat", "2", answers="\n" * 2000)
    assert code == 0 and "round 1 dealt" in out
    assert json.loads(path.read_text())["variant"] == NAME


def test_simulate_prints_win_rates_with_intervals() -> None:
    """`tablegames simulate mexican-train` runs the generic bots on it and prints their win rates."""
    flags = ("--players", "2", "--rounds", "1", "--hand-size", "6", "--seed", "1", "--no-progress")
    code, out, err = run("simulate", NAME, "-n", "4", "--bots", "greedy,random", *flags)
    assert code == 0, err
    assert "mexican-train (players=2, rounds=1, double_blank=0, hand_size=6): 4 games" in out
    assert re.search(r"^greedy\s+4\s+\d\s+[\d.]+%\s+\[[\d.]+%, [\d.]+%\]", out, flags=re.MULTILINE)
    code, out, err = run("simulate", NAME, "-n", "2", "--bots", "ismcts:iterations=20,random", *flags)
    assert code == 0, err
    assert re.search(r"^ismcts:iterations=20\s+2\s+", out, flags=re.MULTILINE)


def test_the_generic_bots_play_it() -> None:
    """The random, greedy and ISMCTS bots, which do not know Mexican Train, play whole matches of it."""
    tables: list[list[Bot]] = [
        [RandomBot(), GreedyBot(), RandomBot()],
        [GreedyBot(), ISMCTSBot(iterations=15), RandomBot()],
    ]
    for seed, bots in enumerate(tables):
        game = tg.new_game(NAME, seed=seed, players=3, rounds=2, hand_size=5)
        Table(game, bots, rng=random.Random(seed)).play()
        assert game.is_over and game.winner is not None and game.scores[game.winner] == min(game.scores)
