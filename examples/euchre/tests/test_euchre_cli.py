"""Euchre from outside the library: `tablegames variants`, `rules`, `play`, `replay` and `simulate`."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import tablegames
from tablegames.cli import main

NAME = "euchre"


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """Run the command; its exit status, output and error text."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin), err=err)
    return code, out.getvalue(), err.getvalue()


def test_variants_lists_euchre_with_its_options() -> None:
    """The variant, its players and its three option flags appear, with what they allow and their defaults."""
    code, out, _ = run("variants")
    assert code == 0
    lines = out.splitlines()
    start = lines.index("euchre  [4 players]")
    assert lines[start + 1 : start + 4] == [
        "  --target N               an int from 1 to 10000 (default: 10)",
        "  --[no-]alone             true or false (default: true)",
        "  --[no-]stick-the-dealer  true or false (default: false)",
    ]
    assert lines[start - 1].startswith("Euchre (euchre): 24 cards, two partnerships")


def test_rules_prints_the_rules_page_as_plain_text() -> None:
    """`rules euchre` prints RULES.rst without its markup."""
    code, out, _ = run("rules", NAME)
    assert code == 0
    assert "Trump and the bowers." in out and "Stick the dealer (option stick_the_dealer" in out
    assert "Resolved: euchring a lone maker scores 2" in out
    assert "**" not in out and "``" not in out


def test_watching_bots_play_a_match_that_replays(tmp_path: Path) -> None:
    """`play euchre --seed 3` narrates a whole match in words, names the winner, and its log replays."""
    log = tmp_path / "match.json"
    code, out, err = run("play", NAME, "--seed", "3", "--log", str(log))
    assert (code, err) == (0, "")
    assert "is drawn to deal first" in out and "== hand 1 ==" in out
    assert re.search(r"hand 1: seat \d deals and turns up (10|[9JQKA])[SHDC] \(seat 0: ", out)
    assert re.search(r"seat \d (orders up|names) (spades|hearts|diamonds|clubs)", out)
    assert re.search(r"seat \d wins the trick: ((10|[9JQKA])[SHDC] ?){3,4}$", out, flags=re.MULTILINE)
    assert "scoresheet after hand 1 (target 10)" in out
    last = out.strip().splitlines()[-1]
    game = tablegames.replay(tablegames.load_log(log.read_text()))
    assert game.is_over and last == f"side {game.winner} wins {', '.join(map(str, game.scores))} (seed 3)"
    assert run("play", NAME, "--seed", "3")[1] == out  # the same seed, the same match


def test_option_flags_reach_the_game(tmp_path: Path) -> None:
    """--stick-the-dealer, --no-alone and --target become the log's options; no hand is thrown in or played alone."""
    log = tmp_path / "match.json"
    flags = ("--seed", "5", "--quiet", "--stick-the-dealer", "--no-alone", "--target", "3", "--log", str(log))
    code, out, err = run("play", NAME, *flags)
    assert (code, err) == (0, "")
    data = json.loads(log.read_text())
    assert data["options"] == {"target": 3, "alone": False, "stick_the_dealer": True}
    types = {e["type"] for e in data["events"]}
    assert "hand_thrown_in" not in types
    assert not any(e.get("alone") for e in data["events"] if e["type"] == "trump_made")
    assert "after hand 1: scores" in out


def test_a_person_plays_a_seat_and_sees_only_their_cards() -> None:
    """A person at seat 0 sees the up-card, the calls, the trick and their own cards, and picks moves by number."""
    code, out, err = run("play", NAME, "--seat", "0", "--seed", "5", stdin="1\n" * 2000)
    assert code == 0, err
    assert "you play seat 0" in out
    assert "seat 1: ?; seat 2: ?; seat 3: ?" in out
    assert re.search(r"^your cards  ((10|[9JQKA])[SHDC] ?)+$", out, flags=re.MULTILINE)
    assert re.search(r"^hand \d+: seat \d deals, up card (10|[9JQKA])[SHDC]$", out, flags=re.MULTILINE)
    assert "seat 0, your move:" in out
    assert out.rstrip().endswith(("you win", "you lose"))


def test_replay_shows_a_seats_log(tmp_path: Path) -> None:
    """`replay FILE --seat 2` tells the match as seat 2 saw it: others' cards and discards hidden."""
    log = tmp_path / "match.json"
    assert run("play", NAME, "--seed", "8", "--quiet", "--log", str(log))[0] == 0
    code, out, _ = run("replay", str(log), "--seat", "2", stdin="\n" * 5000)
    assert code == 0
    assert "seat 0: ?; seat 1: ?" in out and "seat 3: ?)" in out
    discards = re.findall(r"seat (\d) discards (.*)$", out, flags=re.MULTILINE)
    assert discards and {s for s, _ in discards} != {"2"}
    assert all((what == "a card face down") == (seat != "2") for seat, what in discards)


def test_simulate_prints_win_rates_with_intervals() -> None:
    """`simulate euchre -n 6 --bots greedy,random` plays through the generic capabilities and prints the table."""
    code, out, err = run("simulate", NAME, "-n", "6", "--bots", "greedy,random", "--seed", "1", "--no-progress")
    assert (code, err) == (0, "")
    assert out.startswith("euchre (target=10, alone=true, stick_the_dealer=false): 6 games, seeds 1 to 6")
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith(("greedy ", "random "))}
    assert set(rows) == {"greedy", "random"}
    assert int(rows["greedy"][2]) + int(rows["random"][2]) == 6
    assert re.search(r"\[\d+\.\d%, \d+\.\d%\]", rows["greedy"][4] + " " + rows["greedy"][5])


def test_simulate_runs_ismcts() -> None:
    """ISMCTS, with a small budget, plays a short Euchre match to the end through the bots' capabilities."""
    code, out, err = run(
        "simulate", NAME, "-n", "1", "--bots", "ismcts:iterations=5,greedy", "--seed", "2", "--target", "2",
        "--no-progress",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "ismcts:iterations=5 " in out and "1 games" in out
