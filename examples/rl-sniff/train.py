"""Train a linear American Sniff policy against the ``random`` bot, with NumPy alone.

REINFORCE with a learned baseline (an advantage actor-critic without bootstrapping): the
policy is :class:`sniff_policy.LinearPolicy`, a softmax over masked linear logits; the
baseline is a linear value of the observation. Each episode is one hand of a two-player
match (:class:`tablegames.rl.gymnasium.TableGamesEnv` with ``episode="hand"``,
``reward="hand"``: after every step, the change of the learner's margin over the target), so
the reward comes early and often; the learner plays seat 0 and seat 1 by turns. Every few
updates the greedy policy (the highest logit) plays whole matches against ``random`` and the
win rate, with its 95% Wilson interval, goes into the learning curve.

Run from the repository's root::

    .venv/bin/python examples/rl-sniff/train.py --plot

It writes ``weights.npz`` and ``curve.json`` beside this file and, with ``--plot``, the
curve as ``docs/_static/rl-sniff-training.png``. Everything is seeded (``--seed``): the same
arguments give the same weights, bit for bit, on the same NumPy.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # sniff_policy, when run as a script from anywhere

from sniff_policy import LinearPolicy  # noqa: E402

from tablegames.cli.simulate import wilson_interval  # noqa: E402
from tablegames.rl.decisions import capabilities  # noqa: E402
from tablegames.rl.gymnasium import TableGamesEnv  # noqa: E402

__all__ = ["Adam", "evaluate", "main", "train"]

VARIANT = "american-sniff"
PLAYERS = 2
ROOT = HERE.parent.parent
PLOT = ROOT / "docs" / "_static" / "rl-sniff-training.png"


class Adam:
    """Adam's update for a list of arrays, in place.

    Args:
        params: the arrays to update.
        lr: the step size.
        betas: the decay of the first and second moments.
        eps: added to the second moment's root.

    """

    def __init__(
        self, params: Sequence[np.ndarray], lr: float, betas: tuple[float, float] = (0.9, 0.999), eps: float = 1e-8
    ) -> None:
        self.params = list(params)
        self.lr, self.betas, self.eps = lr, betas, eps
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def ascend(self, grads: Sequence[np.ndarray]) -> None:
        """Step each array along its gradient (``grads`` in the order of the arrays)."""
        self.t += 1
        b1, b2 = self.betas
        if len(grads) != len(self.params):
            raise ValueError(f"{len(grads)} gradients for {len(self.params)} arrays")
        for i, g in enumerate(grads):  # in place: the arrays are the policy's own
            self.m[i] *= b1
            self.m[i] += (1 - b1) * g
            self.v[i] *= b2
            self.v[i] += (1 - b2) * g * g
            m_hat = self.m[i] / (1 - b1**self.t)
            v_hat = self.v[i] / (1 - b2**self.t)
            self.params[i] += self.lr * m_hat / (np.sqrt(v_hat) + self.eps)


def _softmax(logits: np.ndarray) -> np.ndarray:
    top = logits.max(axis=-1, keepdims=True)
    e = np.exp(logits - top)
    probs: np.ndarray = e / e.sum(axis=-1, keepdims=True)
    return probs


def evaluate(policy: LinearPolicy, matches: int, seed: int) -> tuple[int, int]:
    """Whole matches of the greedy policy against ``random``: (wins, matches).

    Match ``i`` is seeded ``seed + i // 2`` and the policy sits in seat ``i % 2``, so each deal
    is played from both seats (``matches`` is rounded up to an even number).
    """
    wins = played = 0
    for seat in (0, 1):
        env = TableGamesEnv(VARIANT, seat=seat, opponents="random", players=PLAYERS)
        for i in range((matches + 1) // 2):
            obs, _ = env.reset(seed=seed + i)
            while True:
                action = policy(obs["observation"], obs["action_mask"])
                obs, reward, terminated, truncated, _ = env.step(action)
                if terminated or truncated:
                    break
            wins += reward > 0
            played += 1
    return wins, played


def train(
    *,
    updates: int,
    batch: int,
    lr: float,
    value_lr: float,
    entropy: float,
    seed: int,
    eval_every: int,
    eval_matches: int,
    log: Any = None,
) -> tuple[LinearPolicy, list[dict[str, float]]]:
    """Train for ``updates`` updates of ``batch`` hands each; the policy and the learning curve.

    The curve has a point per update (``hands`` trained so far, ``margin``: the learner's mean
    margin per hand, in points, over the update's hands) and, every ``eval_every`` updates and at
    the end, the greedy policy's win rate over ``eval_matches`` matches against ``random``
    (``win_rate``, ``low``, ``high``: the 95% Wilson interval), on deals the training never saw.
    """
    rng = np.random.default_rng(seed)
    envs = [
        TableGamesEnv(VARIANT, seat=seat, opponents="random", players=PLAYERS, episode="hand", reward="hand")
        for seat in (0, 1)
    ]
    obs_now = [env.reset(seed=seed * 2 + seat)[0] for seat, env in enumerate(envs)]
    target = float(envs[0].game.options.target)
    numbering, layout = capabilities(envs[0].game)
    size, ids = layout.size, numbering.size
    weights, bias = np.zeros((size, ids)), np.zeros(ids)
    value_w, value_b = np.zeros(size), np.zeros(1)
    policy = LinearPolicy(weights, bias)
    policy.weights, policy.bias = weights, bias  # the very arrays Adam updates
    actor = Adam([weights, bias], lr)
    critic = Adam([value_w, value_b], value_lr)
    curve: list[dict[str, float]] = []
    started = time.perf_counter()
    hands = 0
    eval_seed = 10**6  # deals far from the training's
    for update in range(updates + 1):
        if update % eval_every == 0 or update == updates:
            wins, played = evaluate(policy, eval_matches, eval_seed)
            low, high = wilson_interval(wins, played)
            curve.append(
                {
                    "hands": hands,
                    "seconds": time.perf_counter() - started,
                    "win_rate": wins / played,
                    "low": low,
                    "high": high,
                    "matches": played,
                }
            )
            if log is not None:
                log(
                    f"update {update:4d}  hands {hands:7d}  {time.perf_counter() - started:6.1f} s  "
                    f"greedy vs random: {wins}/{played} = {wins / played:.1%} [{low:.1%}, {high:.1%}]"
                )
        if update == updates:
            break
        observations: list[np.ndarray] = []
        masks: list[np.ndarray] = []
        actions: list[int] = []
        returns: list[float] = []
        margins = 0.0
        for h in range(batch):
            k = h % 2
            env = envs[k]
            obs = obs_now[k]
            rewards: list[float] = []
            while True:
                o, m = obs["observation"], obs["action_mask"]
                p = _softmax(policy.logits(o, m))
                a = int(rng.choice(ids, p=p))
                observations.append(o)
                masks.append(m)
                actions.append(a)
                obs, r, terminated, truncated, _ = env.step(a)
                rewards.append(float(r))
                if terminated or truncated:
                    break
            obs_now[k] = env.reset()[0]  # the match's next hand, or a new match
            returns.extend(np.cumsum(rewards[::-1])[::-1].tolist())
            margins += sum(rewards) * target
        hands += batch
        o_all = np.asarray(observations, dtype=np.float64)
        m_all = np.asarray(masks).astype(bool)
        a_all = np.asarray(actions)
        g_all = np.asarray(returns)
        baseline = o_all @ value_w + value_b[0]
        advantage = g_all - baseline
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        probs = _softmax(np.where(m_all, o_all @ weights + bias, -np.inf))
        grad_logits = -probs
        grad_logits[np.arange(len(a_all)), a_all] += 1.0
        grad_logits *= advantage[:, None]
        if entropy:
            logp = np.log(np.where(m_all, probs, 1.0))
            ent = -(probs * logp).sum(axis=1, keepdims=True)
            grad_logits += entropy * (-probs * (logp + ent))  # d entropy / d logits
        n = len(a_all)
        actor.ascend([o_all.T @ grad_logits / n, grad_logits.sum(axis=0) / n])
        error = g_all - baseline
        critic.ascend([o_all.T @ error / n, np.array([error.mean()])])
        curve.append({"hands": hands, "margin": margins / batch})
    return policy, curve


def plot(curve: Sequence[dict[str, float]], path: Path) -> None:
    """Draw the learning curve (margin per hand, and greedy win rate with its interval) as a PNG."""
    import matplotlib  # noqa: PLC0415 - only to plot

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    steps = [p for p in curve if "margin" in p]
    evals = [p for p in curve if "win_rate" in p]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    xs = np.array([p["hands"] for p in steps])
    ys = np.array([p["margin"] for p in steps])
    window = max(1, len(ys) // 25)
    smooth = np.convolve(ys, np.ones(window) / window, mode="valid")
    top.plot(xs, ys, color="0.8", linewidth=0.8, label="per update")
    top.plot(xs[window - 1 :], smooth, color="C0", label=f"mean of {window} updates")
    top.axhline(0, color="0.5", linewidth=0.8)
    top.set_ylabel("margin per hand (points)")
    top.set_title("Linear policy vs random, American Sniff, 2 players")
    top.legend(loc="lower right")
    ex = np.array([p["hands"] for p in evals])
    rate = np.array([p["win_rate"] for p in evals])
    bottom.fill_between(
        ex, [p["low"] for p in evals], [p["high"] for p in evals], alpha=0.3, color="C1", label="95% Wilson interval"
    )
    bottom.plot(ex, rate, marker="o", color="C1", label=f"greedy policy, {int(evals[-1]['matches'])} matches")
    bottom.axhline(0.5, color="0.5", linewidth=0.8)
    bottom.set_ylim(0, 1)
    bottom.set_xlabel("hands trained")
    bottom.set_ylabel("match win rate vs random")
    bottom.legend(loc="lower right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    """Train, save the weights and the curve, and plot it if asked; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=300, help="policy updates (default: 300)")
    parser.add_argument("--batch", type=int, default=64, help="hands per update (default: 64)")
    parser.add_argument("--lr", type=float, default=0.02, help="the policy's Adam step (default: 0.02)")
    parser.add_argument("--value-lr", type=float, default=0.01, help="the baseline's Adam step (default: 0.01)")
    parser.add_argument("--entropy", type=float, default=0.0, help="entropy bonus (default: 0)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of everything (default: 0)")
    parser.add_argument("--eval-every", type=int, default=50, help="updates between evaluations (default: 50)")
    parser.add_argument("--eval-matches", type=int, default=400, help="matches per evaluation (default: 400)")
    parser.add_argument("--weights", type=Path, default=HERE / "weights.npz", help="where the weights go")
    parser.add_argument("--curve", type=Path, default=HERE / "curve.json", help="where the curve goes")
    parser.add_argument(
        "--plot",
        nargs="?",
        type=Path,
        const=PLOT,
        default=None,
        metavar="PNG",
        help=f"draw the curve (default place: {PLOT.relative_to(ROOT)})",
    )
    parser.add_argument("--quiet", action="store_true", help="print nothing while training")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    policy, curve = train(
        updates=args.updates,
        batch=args.batch,
        lr=args.lr,
        value_lr=args.value_lr,
        entropy=args.entropy,
        seed=args.seed,
        eval_every=args.eval_every,
        eval_matches=args.eval_matches,
        log=None if args.quiet else print,
    )
    seconds = time.perf_counter() - started
    np.savez_compressed(args.weights, weights=policy.weights.astype(np.float32), bias=policy.bias.astype(np.float32))
    names = ("updates", "batch", "lr", "value_lr", "entropy", "seed", "eval_every", "eval_matches")
    settings = {name: getattr(args, name) for name in names} | {"numpy": np.__version__}
    args.curve.write_text(json.dumps({"settings": settings, "seconds": seconds, "curve": curve}, indent=1) + "\n")
    if args.plot is not None:
        plot(curve, args.plot)
    if not args.quiet:
        last = curve[-1]
        print(f"{seconds:.1f} s; wrote {args.weights} and {args.curve}" + (f" and {args.plot}" if args.plot else ""))
        print(f"final greedy win rate vs random: {last['win_rate']:.1%} [{last['low']:.1%}, {last['high']:.1%}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
