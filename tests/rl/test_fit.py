"""What other libraries ask of the environments: action_masks(), Gymnasium ids, ended episodes kept, rendering."""

from __future__ import annotations

import functools
import importlib.util
import random
import time
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import render_test

import tablegames
from tablegames.rl.gymnasium import TableGamesEnv, env_id, register_envs, vector_env
from tablegames.rl.pettingzoo import env


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # unbounded Box observations, as in test_envs
        yield


def test_action_masks_are_the_observations_mask_as_booleans() -> None:
    """TableGamesEnv.action_masks() (what MaskablePPO calls) is the learner's mask at every step."""
    environment = TableGamesEnv("four-point-smear", seen_undealt=2)
    observation, _ = environment.reset(seed=1)
    rng = random.Random(1)
    for _ in range(200):
        masks = environment.action_masks()
        assert masks.dtype == np.bool_ and np.array_equal(masks, observation["action_mask"].astype(bool))
        observation, _, terminated, truncated, _ = environment.step(int(rng.choice(np.flatnonzero(masks))))
        if terminated or truncated:
            assert not environment.action_masks().any()
            observation, _ = environment.reset()


def test_every_variant_is_registered_with_gymnasium() -> None:
    """gymnasium.make("tablegames/<variant>-v0", **settings) builds the variant's TableGamesEnv."""
    assert register_envs() == [env_id(name) for name in tablegames.variant_names()]
    made = gymnasium.make("tablegames/american-sniff-v0", players=3, seat=1)
    assert isinstance(made.unwrapped, TableGamesEnv)
    assert made.unwrapped.seat == 1 and made.unwrapped.game.players == 3
    observation, _ = made.reset(seed=2)
    assert observation["action_mask"].any()
    smear = gymnasium.make("tablegames/four-point-smear-v0").unwrapped
    assert isinstance(smear, TableGamesEnv) and smear.variant.name == "four-point-smear"


@pytest.mark.parametrize(("variant", "settings"), [("american-sniff", {"players": 2}), ("four-point-smear", {})])
def test_the_vector_environment_keeps_each_ended_episode_in_final_info(variant: str, settings: dict[str, Any]) -> None:
    """At auto-reset, info["final_info"] holds the ended episode's seed, scores and full log, which replays to them."""
    vector = vector_env(variant, 3, **settings)
    observations, _ = vector.reset(seed=4)
    rng = random.Random(4)
    ended = 0
    for _ in range(3000):
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in observations["action_mask"]]
        observations, _, terminated, truncated, infos = vector.step(np.array(actions))
        done = terminated | truncated
        if not done.any():
            assert "final_info" not in infos
            continue
        final = infos["final_info"]
        assert np.array_equal(infos["_final_info"], done) and np.array_equal(final["_log"], done)
        for row in np.flatnonzero(done):
            log = final["log"][row]
            game = tablegames.replay(log)
            assert final["seed"][row] == log.seed == game.seed
            assert tuple(final["scores"][row]) == game.scores
        ended += int(done.sum())
        if ended >= 6:
            return
    raise AssertionError(f"only {ended} episodes ended")


@pytest.mark.parametrize("variant, options", [("american-sniff", {"players": 2}), ("four-point-smear", {})])
def test_pettingzoos_render_test_passes_and_ansi_shows_the_seats_hand_scores_and_turn(
    variant: str, options: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    """render_mode "human" prints (PettingZoo's render_test), and the text says whose turn, the scores, the hand."""
    render_test(functools.partial(env, variant, **options))
    aec = env(variant, render_mode="ansi", **options)
    aec.reset(seed=3)
    text = aec.render()
    assert isinstance(text, str)
    game = aec.unwrapped.game
    seat = int(aec.agent_selection.split("_")[1])
    pieces = [str(p) for p in tablegames.to_json(game.view(seat))["hand"]]
    assert f"seat {game.current_player} to act" in text and "scores:" in text
    assert all(piece in text for piece in pieces)
    learner = TableGamesEnv(variant, render_mode="human", **options)
    learner.reset(seed=3)
    assert learner.render() is None
    assert "scores:" in capsys.readouterr().out


_SB3 = importlib.util.find_spec("sb3_contrib") is not None


@pytest.mark.skipif(not _SB3, reason="sb3-contrib (and PyTorch) not installed")
def test_maskable_ppo_trains_straight_on_the_environment() -> None:
    """sb3-contrib's MaskablePPO trains on TableGamesEnv with no wrapper, and its masked choices are legal."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    environment = TableGamesEnv("american-sniff", players=2, episode="hand")
    model = MaskablePPO("MultiInputPolicy", environment, n_steps=512, batch_size=128, seed=0)
    start = time.perf_counter()
    model.learn(total_timesteps=2048)
    assert time.perf_counter() - start < 120
    observation, _ = environment.reset(seed=5)
    for _ in range(50):
        action, _ = model.predict(observation, action_masks=environment.action_masks(), deterministic=True)
        assert observation["action_mask"][int(action)] == 1
        observation, _, terminated, truncated, _ = environment.step(int(action))
        if terminated or truncated:
            observation, _ = environment.reset()


def _docs_blocks(section: str) -> list[str]:
    """The Python code blocks of ``section`` (a title) of docs/rl.rst, up to the next title."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.rst").read_text()
    start = text.index(f"\n{section}\n{'-' * len(section)}\n")
    end = re.search(r"\n[^\n]+\n-{3,}\n", text[start + len(section) + 2 :])
    body = text[start : start + len(section) + 2 + (end.start() if end else len(text))]
    blocks = re.findall(r"\.\. code-block:: python\n\n((?:    .*\n|\n)+)", body)
    return ["\n".join(line[4:] for line in block.splitlines()) for block in blocks]


def test_the_docs_gymnasium_snippet_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The Gymnasium section's self-play snippet runs: three episodes against opponents drawn from a pool."""
    blocks = _docs_blocks("Gymnasium")
    assert blocks
    for code in blocks:
        exec(compile(code, "docs/rl.rst", "exec"), {})
    assert len(capsys.readouterr().out.splitlines()) == 3


@pytest.mark.skipif(not _SB3, reason="sb3-contrib (and PyTorch) not installed")
def test_the_docs_stable_baselines3_snippet_runs() -> None:
    """The Stable-Baselines3 section's MaskablePPO snippet runs as written."""
    import torch

    torch.set_num_threads(1)
    blocks = _docs_blocks("Stable-Baselines3")
    assert len(blocks) == 1
    namespace: dict[str, Any] = {}
    exec(compile(blocks[0], "docs/rl.rst", "exec"), namespace)
    assert namespace["info"]["action_mask"][int(namespace["action"])] == 1


@pytest.mark.skipif(not _SB3, reason="sb3-contrib (and PyTorch) not installed")
def test_the_maskable_ppo_example_trains_measures_and_plays_itself() -> None:
    """examples/rl-sniff/maskable_ppo.py, shortened: training, a measurement against random, a round of self-play."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "rl-sniff" / "maskable_ppo.py"
    args = ["--steps", "1024", "--matches", "4", "--self-play", "1"]
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=300, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("trained 1024 steps against random in ")
    assert [line.split(":")[0] for line in lines[1:]] == [
        "MaskablePPO vs random",
        "self-play round 1",
        "after self-play vs random",
        "after self-play vs its first snapshot",
    ]
    assert all("/4 = " in line for line in lines if " vs " in line)


_TORCH = importlib.util.find_spec("torch") is not None


@pytest.mark.skipif(not _TORCH, reason="PyTorch not installed")
def test_the_docs_cleanrl_snippet_runs_and_draws_only_legal_ids() -> None:
    """The CleanRL section's PPO loop runs as written, and its masked draws are legal ids."""
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(0)
    blocks = _docs_blocks("CleanRL")
    assert len(blocks) == 1
    namespace: dict[str, Any] = {}
    exec(compile(blocks[0], "docs/rl.rst", "exec"), namespace)
    observation = namespace["observation"]
    mask = torch.as_tensor(observation["action_mask"], dtype=torch.bool)
    for _ in range(20):
        action, *_ = namespace["act"](torch.as_tensor(observation["observation"]), mask)
        assert all(observation["action_mask"][i, int(a)] == 1 for i, a in enumerate(action))
