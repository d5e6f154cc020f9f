"""Train a two-player American Sniff policy with JAX and optax, on the array kernel, to beat ``greedy``.

Proximal policy optimisation (PPO, clipped) with generalised advantage estimation, in one
compiled loop: ``jax.vmap`` plays a batch of matches of
:func:`tablegames.jax.make` ``("american-sniff", players=2)`` side by side, ``jax.lax.scan``
steps them for a rollout, and the update runs on the rollout without leaving JAX. The policy
is :func:`jax_sniff_policy.forward` (a perceptron of two hidden layers beside a learned
multiple of each id's points now; the mask's illegal ids get ``-inf``).

In a fraction of the matches (``--greedy-fraction``) the policy meets
:func:`jax_sniff_policy.greedy_logits`, the ``greedy`` rule written in JAX, and learns from
its own seat; in the rest it plays itself and learns from both seats. The reward, at every
step, is the change of the seat's margin (its score less the other's) over the target, plus 1
for a won match and -1 for a lost one; since the game is zero-sum, the advantages are worked
out for seat 0 and turned round for seat 1. Matches that end are dealt afresh within the step.

Every ``--eval-every`` updates the policy, playing its highest logit, meets the JAX ``greedy``
and a uniformly random player in whole matches (each deal from both seats), for the learning
curve; the decisive evaluation is through :class:`~tablegames.rl.policy.PolicyBot` against the
library's own :class:`~tablegames.bots.GreedyBot` (see ``README.md``).

Run from the repository's root::

    .venv/bin/python examples/jax-sniff/train_jax.py --plot

It writes ``weights.npz`` and ``curve.json`` beside this file and, with ``--plot``, the curve
as ``docs/_static/jax-sniff-training.png``. Everything is drawn from ``--seed``: the same
arguments give the same weights on the same JAX and machine.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import optax  # type: ignore[import-untyped]  # optax ships no py.typed

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # jax_sniff_policy, when run as a script from anywhere

from jax_sniff_policy import Params, forward, greedy_logits, init_params, save  # noqa: E402

import tablegames.jax  # noqa: E402
from tablegames.cli.simulate import wilson_interval  # noqa: E402

__all__ = ["Settings", "evaluate", "main", "train"]

ROOT = HERE.parent.parent
PLOT = ROOT / "docs" / "_static" / "jax-sniff-training.png"
_MAX_STEPS = 2_000
"""A match's step limit (a two-player match takes about 130 steps)."""


class Settings(NamedTuple):
    """What a training run is given (the command line's options)."""

    updates: int
    """Policy updates."""
    batch: int
    """Matches played side by side."""
    steps: int
    """Steps of each match per rollout (one update per rollout)."""
    epochs: int
    """Passes over each rollout."""
    minibatches: int
    """Minibatches per pass."""
    lr: float
    """Adam's step size (decayed linearly to a tenth)."""
    gamma: float
    """The discount per step."""
    lam: float
    """The GAE lambda."""
    clip: float
    """PPO's clipping of the probability ratio."""
    entropy: float
    """The entropy bonus."""
    value_coef: float
    """The value loss's weight."""
    hidden: int
    """Units per hidden layer."""
    greedy_fraction: float
    """The share of the batch's matches played against the JAX ``greedy``."""
    seed: int
    """The seed of everything."""
    eval_every: int
    """Updates between evaluations."""
    eval_matches: int
    """Matches per evaluation, against each opponent."""


class _Rollout(NamedTuple):
    observation: jax.Array
    mask: jax.Array
    action: jax.Array
    logp: jax.Array
    value: jax.Array
    sign: jax.Array  # +1 where seat 0 acted, -1 where seat 1 did
    reward: jax.Array  # seat 0's reward
    done: jax.Array
    learn: jax.Array  # the policy chose (not the greedy opponent)


def _margin(scores: jax.Array) -> jax.Array:
    return (scores[..., 0] - scores[..., 1]).astype(jnp.float32)


@functools.lru_cache(maxsize=4)
def _make_train(settings: Settings) -> tuple[Callable[..., Any], Callable[..., Any], Any]:
    """The compiled pieces: ``start(key)``, ``update(carry)`` and the optimiser (made once per settings)."""
    game = tablegames.jax.make("american-sniff", players=2, max_steps=_MAX_STEPS)
    target = float(game.options.target)  # type: ignore[attr-defined]
    b, t = settings.batch, settings.steps
    init = jax.vmap(game.init)
    step = jax.vmap(game.step)
    observe = jax.vmap(game.observe)
    policy = jax.vmap(forward, in_axes=(None, 0, 0))
    greedy = jax.vmap(greedy_logits)
    slots = jnp.arange(b)
    vs_greedy = slots < round(settings.greedy_fraction * b)
    learner = slots % 2  # the policy's seat in a match against greedy
    total = settings.updates * settings.epochs * settings.minibatches
    schedule = optax.linear_schedule(settings.lr, settings.lr / 10, max(total, 1))
    optimiser = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(schedule))

    def start(key: jax.Array) -> Any:
        k_params, k_games, k_run = jax.random.split(key, 3)
        params = init_params(k_params, hidden=settings.hidden)
        return params, optimiser.init(params), init(jax.random.split(k_games, b)), k_run

    def act(params: Params, states: Any, key: jax.Array) -> tuple[Any, _Rollout]:
        k_act, k_new = jax.random.split(key)
        seat = states.current_player
        observation = observe(states, seat)
        mask = states.legal_action_mask
        logits, value = policy(params, observation, mask)
        use_greedy = vs_greedy & (seat != learner)
        sampled = jax.random.categorical(k_act, logits)
        action = jnp.where(use_greedy, jnp.argmax(greedy(observation, mask), axis=1), sampled)
        logp = jnp.take_along_axis(jax.nn.log_softmax(logits), action[:, None], axis=1)[:, 0]
        after = step(states, action)
        reward = (_margin(after.scores) - _margin(states.scores)) / target + after.rewards[:, 0]
        done = after.terminated | after.truncated
        fresh = init(jax.random.split(k_new, b))
        states = jax.tree.map(lambda f, a: jnp.where(done.reshape((-1,) + (1,) * (a.ndim - 1)), f, a), fresh, after)
        sign = jnp.where(seat == 0, 1.0, -1.0)
        return states, _Rollout(observation, mask, action, logp, value, sign, reward, done, ~use_greedy)

    def advantages(rollout: _Rollout, last: jax.Array) -> tuple[jax.Array, jax.Array]:
        """Each step's advantage and return, for the seat that acted."""
        values = rollout.value * rollout.sign  # seat 0's view

        def back(carry: tuple[jax.Array, jax.Array], x: Any) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
            gae, following = carry
            value, reward, done = x
            going = 1.0 - done.astype(jnp.float32)
            delta = reward + settings.gamma * going * following - value
            gae = delta + settings.gamma * settings.lam * going * gae
            return (gae, value), gae

        _, gae = jax.lax.scan(back, (jnp.zeros(b), last), (values, rollout.reward, rollout.done), reverse=True)
        return gae * rollout.sign, (gae + values) * rollout.sign

    def loss(params: Params, batch: tuple[Any, ...]) -> jax.Array:
        observation, mask, action, old_logp, advantage, target_value, learn = batch
        logits, value = policy(params, observation, mask)
        logits = jnp.where(mask, logits, -1e9)
        log_probs = jax.nn.log_softmax(logits)
        logp = jnp.take_along_axis(log_probs, action[:, None], axis=1)[:, 0]
        ratio = jnp.exp(logp - old_logp)
        clipped = jnp.clip(ratio, 1 - settings.clip, 1 + settings.clip)
        weight = learn.astype(jnp.float32)
        count = jnp.maximum(weight.sum(), 1.0)
        actor = -jnp.sum(weight * jnp.minimum(ratio * advantage, clipped * advantage)) / count
        entropy = -jnp.sum(weight * jnp.sum(jnp.exp(log_probs) * log_probs, axis=1)) / count
        critic = jnp.mean((value - target_value) ** 2)
        return actor + settings.value_coef * critic - settings.entropy * entropy

    gradient = jax.grad(loss)

    def update(carry: Any) -> tuple[Any, jax.Array]:
        params, opt_state, states, key = carry
        key, k_roll, k_perm = jax.random.split(key, 3)
        states, rollout = jax.lax.scan(lambda s, k: act(params, s, k), states, jax.random.split(k_roll, t))
        last_seat = states.current_player
        _, last = policy(params, observe(states, last_seat), states.legal_action_mask)
        advantage, returns = advantages(rollout, last * jnp.where(last_seat == 0, 1.0, -1.0))
        flat = jax.tree.map(
            lambda x: x.reshape((t * b, *x.shape[2:])),
            (rollout.observation, rollout.mask, rollout.action, rollout.logp, advantage, returns, rollout.learn),
        )
        learn = flat[6].astype(jnp.float32)
        mean = jnp.sum(flat[4] * learn) / jnp.maximum(learn.sum(), 1.0)
        spread = jnp.sqrt(jnp.sum(learn * (flat[4] - mean) ** 2) / jnp.maximum(learn.sum(), 1.0))
        flat = (*flat[:4], (flat[4] - mean) / (spread + 1e-8), *flat[5:])
        size = t * b // settings.minibatches

        def epoch(inner: Any, k: jax.Array) -> tuple[Any, None]:
            order = jax.random.permutation(k, t * b)[: size * settings.minibatches].reshape(settings.minibatches, size)

            def minibatch(inner: Any, idx: jax.Array) -> tuple[Any, None]:
                params, opt_state = inner
                grads = gradient(params, jax.tree.map(lambda x: x[idx], flat))
                changes, opt_state = optimiser.update(grads, opt_state, params)
                return (optax.apply_updates(params, changes), opt_state), None

            return jax.lax.scan(minibatch, inner, order)[0], None

        (params, opt_state), _ = jax.lax.scan(epoch, (params, opt_state), jax.random.split(k_perm, settings.epochs))
        margin = jnp.sum(rollout.reward * rollout.sign * rollout.learn) / jnp.maximum(rollout.learn.sum(), 1)
        return (params, opt_state, states, key), margin * target

    return jax.jit(start), jax.jit(update), optimiser


def evaluate(params: Params, *, opponent: str, matches: int, seed: int) -> tuple[int, int]:
    """Whole matches of the policy's highest logit against ``"greedy"`` (JAX) or ``"random"``: (wins, matches).

    Deal ``i`` (drawn from ``seed``) is played twice, the policy at seat 0 and then at seat 1,
    so ``matches`` is rounded up to an even number.
    """
    wins, played = _evaluate(params, opponent, (matches + 1) // 2, seed)
    return int(wins), int(played)


@functools.partial(jax.jit, static_argnums=(1, 2, 3))
def _evaluate(params: Params, opponent: str, deals: int, seed: int) -> tuple[jax.Array, jax.Array]:
    game = tablegames.jax.make("american-sniff", players=2, max_steps=_MAX_STEPS)
    keys = jax.random.split(jax.random.PRNGKey(seed), deals)
    keys = jnp.concatenate([keys, keys])
    seat = jnp.arange(2 * deals) // deals
    states = jax.vmap(game.init)(keys)

    def choose(key: jax.Array, state: Any, seat: jax.Array) -> jax.Array:
        observation = game.observe(state, state.current_player)
        mask = state.legal_action_mask
        if opponent == "greedy":
            other = jnp.argmax(greedy_logits(observation, mask))
        else:
            other = jax.random.categorical(key, jnp.where(mask, 0.0, -jnp.inf))
        mine = jnp.argmax(forward(params, observation, mask)[0])
        return jnp.where(state.current_player == seat, mine, other)

    def body(carry: tuple[Any, jax.Array]) -> tuple[Any, jax.Array]:
        states, key = carry
        key, sub = jax.random.split(key)
        ids = jax.vmap(choose)(jax.random.split(sub, 2 * deals), states, seat)
        return jax.vmap(game.step)(states, ids), key

    def going(carry: tuple[Any, jax.Array]) -> jax.Array:
        states = carry[0]
        return jnp.any(~(states.terminated | states.truncated))

    states, _ = jax.lax.while_loop(going, body, (states, jax.random.PRNGKey(seed + 1)))
    return jnp.sum(states.winner == seat), jnp.int32(2 * deals)


def train(settings: Settings, *, log: Callable[[str], None] | None = None) -> tuple[Params, list[dict[str, float]]]:
    """Train as ``settings`` say; the parameters and the learning curve.

    The curve has a point per update (``decisions`` taken so far by all seats, ``margin``: the
    policy's mean margin change per decision, in points) and, every ``eval_every`` updates and at
    the end, the win rates of the highest logit against the JAX ``greedy`` and against random
    play, each with its 95% Wilson interval, and the seconds since the start (compiling and
    evaluating included).
    """
    started = time.perf_counter()
    start, update, _ = _make_train(settings)
    carry = start(jax.random.PRNGKey(settings.seed))
    curve: list[dict[str, float]] = []
    decisions = 0
    for n in range(settings.updates + 1):
        if n % settings.eval_every == 0 or n == settings.updates:
            point: dict[str, float] = {"update": n, "decisions": decisions}
            for opponent in ("greedy", "random"):
                wins, played = evaluate(carry[0], opponent=opponent, matches=settings.eval_matches, seed=10**6)
                low, high = wilson_interval(wins, played)
                point |= {f"{opponent}_win_rate": wins / played, f"{opponent}_low": low, f"{opponent}_high": high}
                point["matches"] = played
            point["seconds"] = time.perf_counter() - started
            curve.append(point)
            if log is not None:
                log(
                    f"update {n:4d}  decisions {decisions:9,d}  {point['seconds']:7.1f} s  "
                    f"vs greedy (JAX) {point['greedy_win_rate']:.1%} "
                    f"[{point['greedy_low']:.1%}, {point['greedy_high']:.1%}]  "
                    f"vs random {point['random_win_rate']:.1%}"
                )
        if n == settings.updates:
            break
        carry, margin = update(carry)
        decisions += settings.batch * settings.steps
        curve.append({"update": n + 1, "decisions": decisions, "margin": float(margin)})
    params: Params = jax.device_get(carry[0])
    return params, curve


def plot(curve: Sequence[dict[str, float]], path: Path) -> None:
    """Draw the learning curve (win rates against the JAX ``greedy`` and random, with intervals) as a PNG."""
    import matplotlib  # noqa: PLC0415 - only to plot

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    evals = [p for p in curve if "greedy_win_rate" in p]
    fig, ax = plt.subplots(figsize=(7, 4))
    minutes = np.array([p["seconds"] for p in evals]) / 60
    for opponent, colour in (("greedy", "C0"), ("random", "C1")):
        rate = [p[f"{opponent}_win_rate"] for p in evals]
        low = [p[f"{opponent}_low"] for p in evals]
        high = [p[f"{opponent}_high"] for p in evals]
        ax.fill_between(minutes, low, high, alpha=0.25, color=colour)
        ax.plot(minutes, rate, marker="o", markersize=3, color=colour, label=f"vs {opponent} (JAX)")
    ax.axhline(0.5, color="0.5", linewidth=0.8)
    ax.set_ylim(0, 1)
    ax.set_xlabel("minutes of training (2 CPU cores)")
    ax.set_ylabel(f"match win rate, {int(evals[-1]['matches'])} matches")
    ax.set_title("PPO with JAX, American Sniff, 2 players")
    ax.legend(loc="lower right")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    """Train, save the weights and the curve, and plot it if asked; the exit status."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    add = parser.add_argument
    add("--updates", type=int, default=600, help="policy updates (default: 600)")
    add("--batch", type=int, default=512, help="matches side by side (default: 512)")
    add("--steps", type=int, default=32, help="steps per rollout (default: 32)")
    add("--epochs", type=int, default=2, help="passes over a rollout (default: 2)")
    add("--minibatches", type=int, default=4, help="minibatches per pass (default: 4)")
    add("--lr", type=float, default=1e-3, help="Adam's step size, decayed to a tenth (default: 0.001)")
    add("--gamma", type=float, default=0.995, help="discount per step (default: 0.995)")
    add("--lam", type=float, default=0.95, help="GAE lambda (default: 0.95)")
    add("--clip", type=float, default=0.2, help="PPO's ratio clipping (default: 0.2)")
    add("--entropy", type=float, default=0.01, help="entropy bonus (default: 0.01)")
    add("--value-coef", type=float, default=0.5, help="value loss weight (default: 0.5)")
    add("--hidden", type=int, default=128, help="units per hidden layer (default: 128)")
    add("--greedy-fraction", type=float, default=0.5, help="share of matches against greedy (default: 0.5)")
    add("--seed", type=int, default=0, help="the seed of everything (default: 0)")
    add("--eval-every", type=int, default=25, help="updates between evaluations (default: 25)")
    add("--eval-matches", type=int, default=1000, help="matches per evaluation and opponent (default: 1000)")
    add("--weights", type=Path, default=HERE / "weights.npz", help="where the weights go")
    add("--curve", type=Path, default=HERE / "curve.json", help="where the curve goes")
    add("--plot", nargs="?", type=Path, const=PLOT, default=None, metavar="PNG", help="draw the curve")
    add("--quiet", action="store_true", help="print nothing while training")
    args = parser.parse_args(argv)
    settings = Settings(**{name: getattr(args, name) for name in Settings._fields})
    started = time.perf_counter()
    params, curve = train(settings, log=None if args.quiet else print)
    seconds = time.perf_counter() - started
    save(params, args.weights)
    versions = {"jax": jax.__version__, "optax": optax.__version__, "device": str(jax.devices()[0])}
    record = {"settings": settings._asdict(), "versions": versions, "seconds": seconds, "curve": curve}
    args.curve.write_text(json.dumps(record, indent=1) + "\n")
    if args.plot is not None:
        plot(curve, args.plot)
    if not args.quiet:
        last = curve[-1]
        print(f"{seconds:.1f} s; wrote {args.weights} and {args.curve}" + (f" and {args.plot}" if args.plot else ""))
        rate, low, high = (last[f"greedy_{k}"] for k in ("win_rate", "low", "high"))
        print(f"final vs greedy (JAX): {rate:.1%} [{low:.1%}, {high:.1%}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
