"""The worked example in examples/rl-sniff: training runs and is reproducible, and the committed policy beats random."""

from __future__ import annotations

import doctest
import importlib
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import tablegames
from tablegames.bots import RandomBot, Table
from tablegames.bots.registry import bot_names, make_bot
from tablegames.cli.simulate import MatchTask, play_match, wilson_interval
from tablegames.rl.policy import PolicyBot
from tests.cli.support import run

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl-sniff"


def example(name: str) -> ModuleType:
    """The example's module ``name``, imported afresh (the folder is put on the path, as ``PYTHONPATH`` does).

    Afresh, because each test starts with the library's bots only (see ``tests/conftest.py``):
    importing ``sniff_policy`` again registers its bot again.
    """
    if str(EXAMPLE) not in sys.path:
        sys.path.insert(0, str(EXAMPLE))
    sys.modules.pop(name, None)
    return importlib.import_module(name)


def tiny_training(directory: Path) -> tuple[Path, Path]:
    """Train for seconds into ``directory``; the weights' and the curve's paths."""
    weights, curve = directory / "w.npz", directory / "curve.json"
    args = ["--updates", "3", "--batch", "4", "--eval-every", "2", "--eval-matches", "2", "--seed", "7"]
    assert example("train").main([*args, "--weights", str(weights), "--curve", str(curve), "--quiet"]) == 0
    return weights, curve


def test_a_tiny_training_run_writes_weights_that_load_and_a_curve(tmp_path: Path) -> None:
    """train.py writes the weights (loaded as a policy of the right shape) and the learning curve."""
    weights, curve = tiny_training(tmp_path)
    policy = example("sniff_policy").load(weights)
    assert policy.weights.shape == (114, 140) and policy.bias.shape == (140,)
    assert np.any(policy.weights != 0)
    points = json.loads(curve.read_text())["curve"]
    assert [p["hands"] for p in points if "margin" in p] == [4, 8, 12]
    evaluations = [p for p in points if "win_rate" in p]
    assert [p["hands"] for p in evaluations] == [0, 8, 12]
    assert all(p["matches"] == 2 and p["low"] <= p["win_rate"] <= p["high"] for p in evaluations)
    game = tablegames.new_game("american-sniff", seed=1, players=2)
    Table(game, [make_bot("sniff-policy", weights=str(weights)), RandomBot()], rng=random.Random(1)).play()
    assert game.is_over


def test_training_is_reproducible(tmp_path: Path) -> None:
    """The same arguments give the same weights, bit for bit."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, _ = tiny_training(tmp_path / "a")
    second, _ = tiny_training(tmp_path / "b")
    with np.load(first) as one, np.load(second) as two:
        assert one["weights"].tobytes() == two["weights"].tobytes()
        assert one["bias"].tobytes() == two["bias"].tobytes()


def test_the_plot_is_a_png(tmp_path: Path) -> None:
    """--plot draws the curve as a PNG where it is told."""
    png = tmp_path / "curve.png"
    args = ["--updates", "2", "--batch", "2", "--eval-every", "1", "--eval-matches", "2", "--quiet"]
    example("train").main(
        [*args, "--weights", str(tmp_path / "w.npz"), "--curve", str(tmp_path / "c.json"), "--plot", str(png)]
    )
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_importing_the_plugin_registers_the_bot() -> None:
    """Importing sniff_policy registers sniff-policy: a PolicyBot playing the committed weights."""
    module = example("sniff_policy")
    assert "sniff-policy" in bot_names()
    bot = make_bot("sniff-policy")
    assert isinstance(bot, PolicyBot) and bot.name == "sniff-policy"
    assert bot.policy is module.load(module.WEIGHTS)
    assert module.WEIGHTS.stat().st_size < 200_000


def test_the_plugin_doctest() -> None:
    """sniff_policy's own example (a match against random through make_bot) runs."""
    assert doctest.testmod(example("sniff_policy"), raise_on_error=True).attempted >= 4


def test_the_policy_plays_the_highest_legal_logit() -> None:
    """The bot's choice is the legal id of the highest logit, whatever the illegal ids score."""
    policy = example("sniff_policy").LinearPolicy(np.zeros((2, 4)), np.array([5.0, 1.0, 3.0, 9.0]))
    assert policy(np.zeros(2, dtype=np.float32), np.array([0, 1, 1, 0], dtype=np.int8)) == 2
    with pytest.raises(ValueError, match="do not fit"):
        example("sniff_policy").LinearPolicy(np.zeros((2, 4)), np.zeros(3))


def test_the_committed_policy_beats_random() -> None:
    """Through PolicyBot, as simulate plays it: 50 deals, each from both seats, won well above half (95% Wilson)."""
    example("sniff_policy")
    wins = played = 0
    for deal in range(50):
        for bots in (("sniff-policy", "random"), ("random", "sniff-policy")):
            result = play_match(MatchTask(played, "american-sniff", {"players": 2}, 500 + deal, bots))
            wins += result.winner == result.sides[bots.index("sniff-policy")]
            played += 1
    low, high = wilson_interval(wins, played)
    assert played == 100
    assert low > 0.5, (wins, played, low, high)


def test_simulate_plays_the_policy_through_its_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    """`simulate --plugin sniff_policy --bots sniff-policy,random` plays it (the folder on the path)."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.delitem(sys.modules, "sniff_policy", raising=False)  # so --plugin's import registers the bot
    args = "simulate american-sniff --players 2 -n 4 --seed 3 --duplicate --no-progress --plugin sniff_policy"
    done = run(*args.split(), "--bots", "sniff-policy,random")
    assert done.code == 0, done
    rows = [line.split() for line in done.out.splitlines() if line.startswith(("sniff-policy ", "random "))]
    assert [row[:2] for row in rows] == [["sniff-policy", "4"], ["random", "4"]]
