"""The RLlib section of docs/rl.rst: its PPO snippets run as written, and the mask holds in training and after."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo.utils.env_logger import EnvLogger

from tablegames.rl.gymnasium import TableGamesEnv
from tests.rl.test_fit import _docs_blocks


@pytest.fixture(scope="module")
def torch() -> Iterator[Any]:
    """PyTorch, with a one-CPU Ray running for RLlib; the module's tests are skipped where either is missing."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("ray.rllib", reason="RLlib's dependencies (pip install 'ray[rllib]') are not installed")
    ray = pytest.importorskip("ray")
    torch.set_num_threads(1)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        yield torch
    finally:
        ray.shutdown()


def _run(block: int) -> dict[str, Any]:
    """Run the RLlib section's code block ``block``, and give back its names; its algorithm is stopped after."""
    blocks = _docs_blocks("RLlib")
    assert len(blocks) == 2
    namespace: dict[str, Any] = {}
    exec(compile(blocks[block], "docs/rl.rst", "exec"), namespace)
    namespace["algorithm"].stop()
    result = namespace["result"]
    assert result["training_iteration"] == 2
    assert result["env_runners"]["num_env_steps_sampled_lifetime"] >= 2 * 512
    assert all(np.isfinite(learner["total_loss"]) for learner in result["learners"].values() if "total_loss" in learner)
    return namespace


def _drawn(torch: Any, module: Any, observation: dict[str, Any]) -> int:
    """An id drawn from the module's exploration distribution for one observation."""
    batch = {"obs": {key: torch.as_tensor(value)[None] for key, value in observation.items()}}
    with torch.no_grad():
        logits = module.forward_exploration(batch)["action_dist_inputs"]
    return int(torch.distributions.Categorical(logits=logits).sample())


def test_the_single_agent_snippet_trains_ppo_and_draws_only_legal_ids(
    torch: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The TableGamesEnv snippet trains with no forbidden id stepped; the trained module draws and picks legal ids."""
    torch.manual_seed(0)
    stepped: list[bool] = []
    step = TableGamesEnv.step

    def counted(self: TableGamesEnv, action: Any) -> Any:
        outcome = step(self, action)
        stepped.append("illegal" in outcome[4])
        return outcome

    monkeypatch.setattr(TableGamesEnv, "step", counted)  # num_env_runners=0: RLlib steps its environments here
    namespace = _run(0)
    assert len(stepped) >= 2 * 512 and not any(stepped)
    assert namespace["observation"]["action_mask"][namespace["action"]] == 1
    environment = namespace["make_env"]({"players": 2, "episode": "hand"})
    observation, _ = environment.reset(seed=7)
    for _ in range(200):
        action = _drawn(torch, namespace["module"], observation)
        assert observation["action_mask"][action] == 1
        observation, _, terminated, truncated, _ = environment.step(action)
        if terminated or truncated:
            observation, _ = environment.reset()


def test_the_multi_agent_snippet_trains_one_policy_for_every_seat_with_only_legal_ids(
    torch: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PettingZooEnv snippet trains with no illegal move; the shared module draws legal ids for every seat."""
    torch.manual_seed(0)
    illegal: list[bool] = []
    monkeypatch.setattr(EnvLogger, "warn_on_illegal_move", staticmethod(lambda: illegal.append(True)))
    namespace = _run(1)
    assert not illegal
    module = namespace["algorithm"].get_module("shared")
    aec = namespace["Renamed"](namespace["env"]("american-sniff", players=2, episode="hand"))
    aec.reset(seed=7)
    seats = set()
    for agent in aec.agent_iter(200):
        observation, _, terminated, truncated, _ = aec.last()
        action = None if terminated or truncated else _drawn(torch, module, observation)
        assert action is None or observation["action_mask"][action] == 1
        seats.add(agent)
        aec.step(action)
    assert seats == {"player_0", "player_1"} and not illegal
