"""sb3-contrib's MaskablePPO straight on TableGamesEnv (no wrapper), measured against random; then self-play.

Trains MaskablePPO on two-player American Sniff, one hand an episode with the hand reward,
against the ``random`` bot, and plays the trained policy (deterministic, masked) in whole
matches against ``random``, each deal from both seats, printing the wins with a 95% Wilson
interval. With ``--self-play ROUNDS`` it then trains on for ROUNDS rounds of the same length
against a pool of its earlier snapshots and ``random``, one drawn for every rollout
(``TableGamesEnv.set_opponents``), and measures the last policy against ``random`` and against
its first snapshot. It needs ``pip install sb3-contrib`` (and so PyTorch); run from the
repository's root::

    .venv/bin/python examples/rl-sniff/maskable_ppo.py --steps 50000 --matches 200 --self-play 3
"""

from __future__ import annotations

import argparse
import io
import random
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from tablegames.cli.simulate import wilson_interval
from tablegames.rl.gymnasium import TableGamesEnv
from tablegames.rl.policy import Policy


def policy_of(model: MaskablePPO) -> Policy:
    """The model's deterministic masked choice, as a policy the environments seat (observation, mask -> id)."""

    def choose(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(
            {"observation": observation, "action_mask": mask}, action_masks=mask.astype(bool), deterministic=True
        )
        return int(action)

    return choose


def wins(policy: Policy, opponent: Any, matches: int, seed: int) -> tuple[int, int]:
    """Whole matches of ``policy`` against ``opponent``: each deal from both seats; (won, played)."""
    won = played = 0
    for seat in (0, 1):
        environment = TableGamesEnv("american-sniff", seat=seat, opponents=opponent, episode="match", players=2)
        for m in range(matches // 2):
            observation, _ = environment.reset(seed=seed + m)
            done, reward = False, 0.0
            while not done:
                action = policy(observation["observation"], observation["action_mask"])
                observation, reward, terminated, truncated, _ = environment.step(action)
                done = terminated or truncated
            won += reward > 0
            played += 1
    return won, played


class Pool(BaseCallback):  # type: ignore[misc]  # untyped here: sb3 is optional
    """Draws the opponent of every rollout from a pool (earlier snapshots and bots)."""

    def __init__(self, environment: TableGamesEnv, pool: list[Any], seed: int) -> None:
        super().__init__()
        self.environment, self.pool, self.rng = environment, pool, random.Random(seed)

    def _on_rollout_start(self) -> None:
        self.environment.set_opponents(self.rng.choice(self.pool))

    def _on_step(self) -> bool:
        return True


def report(label: str, won: int, played: int, seconds: float) -> None:
    low, high = wilson_interval(won, played)
    print(f"{label}: {won}/{played} = {won / played:.1%} [{low:.1%}, {high:.1%}]  ({seconds:.0f} s)")


def main() -> None:
    """Train, measure, and optionally train on by self-play; print each result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50_000, help="learner steps of each round of training")
    parser.add_argument("--matches", type=int, default=200, help="matches of each measurement (half from each seat)")
    parser.add_argument("--self-play", type=int, default=0, metavar="ROUNDS", help="rounds of self-play after")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    environment = TableGamesEnv("american-sniff", players=2, episode="hand", reward="hand", opponents="random")
    model = MaskablePPO("MultiInputPolicy", environment, n_steps=1024, batch_size=256, seed=args.seed, verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    print(f"trained {args.steps} steps against random in {time.perf_counter() - start:.0f} s")
    start = time.perf_counter()
    report(
        "MaskablePPO vs random", *wins(policy_of(model), "random", args.matches, 10_000), time.perf_counter() - start
    )
    if not args.self_play:
        return
    first = MaskablePPO.load(_saved(model), device="cpu")
    pool: list[Any] = ["random", policy_of(first)]
    for round_ in range(1, args.self_play + 1):
        start = time.perf_counter()
        model.learn(total_timesteps=args.steps, reset_num_timesteps=False, callback=Pool(environment, pool, round_))
        pool.append(policy_of(MaskablePPO.load(_saved(model), device="cpu")))
        print(
            f"self-play round {round_}: {args.steps} steps against a pool of {len(pool) - 1} in "
            f"{time.perf_counter() - start:.0f} s"
        )
    start = time.perf_counter()
    report(
        "after self-play vs random",
        *wins(policy_of(model), "random", args.matches, 10_000),
        time.perf_counter() - start,
    )
    start = time.perf_counter()
    report(
        "after self-play vs its first snapshot",
        *wins(policy_of(model), policy_of(first), args.matches, 20_000),
        time.perf_counter() - start,
    )


def _saved(model: MaskablePPO) -> Any:
    """The model as saved to memory (a snapshot that later training leaves as it is)."""
    buffer = io.BytesIO()
    model.save(buffer)
    buffer.seek(0)
    return buffer


if __name__ == "__main__":
    main()
