"""The variant built in the "Writing a variant" tutorial (docs/tutorial/) plays, replays and registers.

The tutorial includes its code from docs/tutorial/blockdominoes/ and parts of this file, so
what the page shows is what runs here.
"""

from __future__ import annotations

import doctest
import json
import os
import random
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames.components.tiles import Tile, domino_set
from tablegames.core import registry
from tablegames.testing import CHECKS, ConformanceSuite, check_variant

TUTORIAL = Path(__file__).resolve().parent.parent / "docs" / "tutorial"
sys.path.insert(0, str(TUTORIAL))

import blockdominoes  # noqa: E402
import blockdominoes.options  # noqa: E402
from blockdominoes import BlockDominoes, BlockView, HandDealt, Passed, Play  # noqa: E402


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The tutorial's variant registered in this process for one test, then removed again."""
    monkeypatch.setitem(registry._registered, BlockDominoes.name, BlockDominoes)
    yield


# [start random-games]
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_random_games_end_and_replay(registered: None, players: int, seed: int) -> None:
    """Random legal play ends the match with a winner at the target, and its log replays exactly."""
    game = tablegames.new_game("block-dominoes", seed=seed, players=players, target=60)
    rng = random.Random(seed)
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        game.apply(action, seat=game.current_player)
    assert game.winner is not None
    assert game.scores[game.winner] >= 60
    assert game.legal_actions() == ()
    text = tablegames.dumps(game.log())
    again = tablegames.replay(tablegames.load_log(text))
    assert tablegames.dumps(again.log()) == text
    assert again.scores == game.scores


# [end random-games]


def test_every_tile_is_somewhere(registered: None) -> None:
    """piece_places holds the 28 tiles once each at every decision; hidden_pieces is the rest of seat 0's world."""
    game = tablegames.new_game("block-dominoes", seed=11, players=3)
    rng = random.Random(11)
    for _ in range(200):
        if game.is_over:
            break
        assert isinstance(game, BlockDominoes)
        dealt = [e for e in game.log().events if isinstance(e, HandDealt)][-1]
        places = game.piece_places()
        assert places["boneyard"] == list(dealt.boneyard or ())
        assert Counter(t for tiles in places.values() for t in tiles) == Counter(domino_set(6))
        hidden = game.hidden_pieces(0)
        assert hidden == frozenset(places["hand 1"] + places["hand 2"] + places["boneyard"])
        game.apply(rng.choice(game.legal_actions()))


def test_passing_happens_on_its_own(registered: None) -> None:
    """A seat with no tile that fits never gets the turn: a passed event is logged instead."""
    passes = 0
    for seed in range(10):
        game = tablegames.new_game("block-dominoes", seed=seed, players=2, target=30)
        while not game.is_over:
            for event in game.apply(game.legal_actions()[-1]):
                if isinstance(event, Passed):
                    passes += 1
                    assert game.current_player != event.seat or game.is_over
    assert passes > 0


def test_replay_goes_on_from_the_middle(registered: None) -> None:
    """A log cut at a decision replays into a game that goes on exactly like the original."""
    game = tablegames.new_game("block-dominoes", seed=5, players=2)
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    again = tablegames.replay(tablegames.load_log(tablegames.dumps(game.log())))
    for _ in range(9):
        game.apply(game.legal_actions()[-1])
        again.apply(again.legal_actions()[-1])
    assert tablegames.dumps(again.log()) == tablegames.dumps(game.log())


# [start redaction]
def test_a_seat_sees_its_own_tiles_only(registered: None) -> None:
    """Redacted logs and views hide the other hands and the boneyard, as null."""
    game = tablegames.new_game("block-dominoes", seed=3, players=2)
    dealt = json.loads(tablegames.dumps(game.log(1)))["events"][0]
    assert dealt["type"] == "hand_dealt"
    assert dealt["hands"][0] is None and dealt["boneyard"] is None
    assert sorted(dealt["hands"][1]) == sorted(json.loads(tablegames.dumps(game.view(1)))["hand"])
    view = game.view(0)
    assert isinstance(view, BlockView)
    assert len(view.legal_actions) == 7 and game.view(1).legal_actions == ()


# [end redaction]


# [start scenario]
# Seat 0 opens with 6-6; nobody else holds a 6 (the other sixes are set aside), so the hand
# is blocked at once. Seat 0 has 0-0 1-0 1-1 2-0 2-1 2-2 left: 0+1+2+2+3+4 = 12 pips; seat 1
# holds 3-0 3-1 3-2 3-3 4-0 4-1 4-2: 3+4+5+6+4+5+6 = 33 pips. Seat 0 has fewer and scores 33,
# which reaches the target of 30.
BLOCKED: dict[str, list[Any]] = {
    "hands": [
        ["6-6", "0-0", "1-0", "1-1", "2-0", "2-1", "2-2"],
        ["3-0", "3-1", "3-2", "3-3", "4-0", "4-1", "4-2"],
    ],
    "boneyard": ["6-5", "6-4", "6-3", "6-2", "6-1", "6-0", "5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4", "4-3"],
}


def test_a_blocked_hand_goes_to_the_fewest_pips(registered: None) -> None:
    """The seat with the fewest pips left wins a blocked hand and scores the others' pips."""
    game = tablegames.new_game("block-dominoes", seed=1, players=2, target=30, deals=[BLOCKED])
    assert len(game.legal_actions()) == 7
    events = game.apply(game.action_from_json({"type": "play", "tile": "6-6", "end": None}, seat=0))
    assert [json.loads(tablegames.dumps(e)) for e in events[1:]] == [
        {
            "type": "hand_ended",
            "hand_number": 1,
            "reason": "blocked",
            "winner": 0,
            "points": 33,
            "hands": [["2-2", "2-1", "2-0", "1-1", "1-0", "0-0"], ["4-2", "4-1", "4-0", "3-3", "3-2", "3-1", "3-0"]],
            "scores": [33, 0],
        },
        {"type": "game_ended", "winner": 0, "scores": [33, 0]},
    ]
    assert game.is_over and game.winner == 0


# [end scenario]


def test_illegal_actions_and_bad_options_are_refused(registered: None) -> None:
    """Wrong tiles and ends raise IllegalActionError; bad options and deals raise InvalidOptionsError."""
    game = tablegames.new_game("block-dominoes", seed=1, players=2, deals=[BLOCKED])
    with pytest.raises(tablegames.IllegalActionError, match="does not hold 5-5"):
        game.apply(Play(Tile.parse("5-5"), None))
    with pytest.raises(tablegames.IllegalActionError, match="end must be null"):
        game.action_from_json({"type": "play", "tile": "6-6", "end": "W"})
    game.apply(game.action_from_json({"type": "play", "tile": "0-0", "end": None}))  # seat 1 holds 3-0 and 4-0
    with pytest.raises(tablegames.IllegalActionError, match="no end 'N'"):
        game.action_from_json({"type": "play", "tile": "3-0", "end": "N"})
    with pytest.raises(tablegames.IllegalActionError, match="does not match end W"):
        game.action_from_json({"type": "play", "tile": "3-1", "end": "W"})
    with pytest.raises(tablegames.InvalidOptionsError, match="players"):
        tablegames.new_game("block-dominoes", players=5)
    with pytest.raises(tablegames.InvalidOptionsError, match=r"deals\[0\]: 2 hands for 3 players"):
        tablegames.new_game("block-dominoes", players=3, deals=[BLOCKED])
    short = dict(BLOCKED, boneyard=BLOCKED["boneyard"][:-1])
    with pytest.raises(tablegames.InvalidOptionsError, match=r"deals\[0\]: the boneyard has 13 tiles"):
        tablegames.new_game("block-dominoes", players=2, deals=[short])


def test_the_docstring_examples_run() -> None:
    """The examples in the tutorial package's docstrings run and give what they show."""
    attempted = 0
    for module in (blockdominoes, blockdominoes.options):
        result = doctest.testmod(module)
        assert result.failed == 0
        attempted += result.attempted
    assert attempted >= 5


# [start conformance]
class TestBlockDominoesConformance(ConformanceSuite):
    """The conformance kit's checks, one test each, over games with drawn options and seeds."""

    variant = BlockDominoes
    examples = 3


# [end conformance]


# [start rl]
def test_the_reinforcement_learning_environments_take_it(registered: None) -> None:
    from gymnasium.spaces import Discrete
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from tablegames.rl.gymnasium import TableGamesEnv
    from tablegames.rl.pettingzoo import env

    api_test(env("block-dominoes", players=3), num_cycles=200)
    environment = TableGamesEnv("block-dominoes", players=2)
    check_env(environment, skip_render_check=True)
    observation, _ = environment.reset(seed=1)
    assert environment.action_space == Discrete(84) and observation["observation"].shape == (68,)


# [end rl]


def test_every_check_applies() -> None:
    """The variant implements the optional hooks, so no check of the kit is skipped."""
    outcomes = check_variant(BlockDominoes, checks=["pieces", "no_leaks"], examples=1)
    assert outcomes == {"pieces": "passed", "no_leaks": "passed"}
    assert {f"test_{name}" for name in CHECKS} <= set(dir(TestBlockDominoesConformance))


def test_the_entry_point_registers_the_variant(tmp_path: Path) -> None:
    """Installed with the tutorial's pyproject.toml entry point, the variant is found by name."""
    project = tomllib.loads((TUTORIAL / "pyproject.toml").read_text(encoding="utf-8"))
    points = project["project"]["entry-points"]["tablegames.variants"]
    dist = tmp_path / "blockdominoes-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: blockdominoes\nVersion: 0.1.0\n")
    lines = ["[tablegames.variants]"] + [f"{name} = {target}" for name, target in points.items()]
    (dist / "entry_points.txt").write_text("\n".join(lines) + "\n")
    script = (
        "import tablegames\n"
        "game = tablegames.new_game('block-dominoes', seed=2, players=3)\n"
        "while not game.is_over:\n"
        "    game.apply(game.legal_actions()[0])\n"
        "again = tablegames.replay(tablegames.load_log(tablegames.dumps(game.log())))\n"
        "print(tablegames.variant_names(), again.scores == game.scores, type(game).__module__)\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(TUTORIAL)]))
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    names, same, module = out.stdout.rsplit(" ", 2)
    assert "'block-dominoes'" in names and "'american-sniff'" in names
    assert same == "True" and module.strip() == "blockdominoes.game"
