"""All Fives from outside the library: found by entry point, played and replayed by the ``tablegames`` command."""

from __future__ import annotations

import io
import json
import random
import re
from importlib.metadata import entry_points
from pathlib import Path

from all_fives_helpers import NAME
from tablegames_all_fives import AllFives

import tablegames as tg
from tablegames.bots import Bot, GreedyBot, RandomBot, Table
from tablegames.cli import main
from tablegames.core.registry import ENTRY_POINT_GROUP


def run(*argv: str, answers: str = "") -> tuple[int, str, str]:
    """Run the command; its exit status, output and error text."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(answers), err=err)
    return code, out.getvalue(), err.getvalue()


def test_the_variant_is_found_through_its_entry_point() -> None:
    """The installed package registers ``all-fives`` in the entry-point group; nothing else names it."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert found[NAME] == "tablegames_all_fives:AllFives"
    assert NAME in tg.variant_names()
    assert tg.get_variant(NAME) is AllFives


def test_variants_and_rules_list_all_fives() -> None:
    """`tablegames variants` shows its players and options; `tablegames rules` prints its rules page."""
    code, out, _ = run("variants")
    assert code == 0
    lines = out.splitlines()
    start = lines.index("all-fives  [2-4 players]")
    assert lines[start + 1 : start + 3] == [
        "  --players N  an int from 2 to 4 (default: 2)",
        "  --target N   an int from 1 to 10000 (default: 61)",
    ]
    code, out, _ = run("rules", NAME)
    assert code == 0
    assert "The spinner's shape." in out and "Resolved: the whole boneyard may be drawn." in out
    assert "**" not in out and "``" not in out


def test_watching_bots_play_a_match() -> None:
    """`tablegames play all-fives --seed 3` narrates the match in words and names the winner."""
    code, out, err = run("play", NAME, "--seed", "3")
    assert (code, err) == (0, "")
    assert "== hand 1 ==" in out and "leads: holds the highest double and opens with" in out
    assert re.search(r"seat \d plays \d-\d on [WENS]: count \d+", out)
    last = out.strip().splitlines()[-1]
    assert re.fullmatch(r"side [01] wins \d+, \d+ \(seed 3\)", last)
    again = run("play", NAME, "--seed", "3")[1]
    assert again == out


def test_a_person_sees_their_tiles_and_picks_moves_by_number() -> None:
    """`--seat 0` shows the seat's view with its own tiles, and takes moves by number."""
    code, out, err = run("play", NAME, "--seed", "3", "--seat", "0", answers="1\n" * 200)
    assert code == 0, err
    hands = re.findall(r"^your pieces  (.*)$", out, flags=re.MULTILINE)
    assert hands and all(re.fullmatch(r"(\d-\d ?)+", h) for h in hands)
    assert "count: " in out and "your move" in out
    assert out.strip().splitlines()[-1] in ("you win", "you lose")


def test_players_and_target_flags_and_a_log_that_replays(tmp_path: Path) -> None:
    """`--players 4 --target 100` plays partnerships to 100; the written log replays to the same game."""
    path = tmp_path / "match.json"
    flags = ("--seed", "8", "--players", "4", "--target", "100", "--quiet", "--log", str(path))
    code, out, err = run("play", NAME, *flags)
    assert (code, err) == (0, "")
    assert "after hand 1: scores" in out
    log = tg.load_log(path.read_text())
    assert log.variant == NAME and tg.to_json(log.options) == {"players": 4, "target": 100}
    game = tg.replay(log)
    assert game.is_over and max(game.scores) >= 100 and len(game.scores) == 2
    code, out, _ = run("replay", str(path), "--seat", "2", answers="\n" * 2000)
    assert code == 0 and "hand 1 dealt" in out
    assert json.loads(path.read_text())["variant"] == NAME


def test_random_and_greedy_bots_play_it() -> None:
    """The random bot plays any variant; the greedy bot, which does not know All Fives, plays at random."""
    pairs: list[list[Bot]] = [[RandomBot(), GreedyBot()], [GreedyBot(), RandomBot()]]
    for bots in pairs:
        game = tg.new_game(NAME, seed=11)
        Table(game, bots, rng=random.Random(11)).play()
        assert game.is_over and game.winner in (0, 1)
