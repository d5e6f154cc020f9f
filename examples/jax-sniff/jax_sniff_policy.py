"""A two-player American Sniff policy trained with JAX, as a bot: import this module and ``jax-sniff`` is a bot name.

The policy reads what any Sniff policy reads, the seat's observation (the 114 floats of
:class:`~tablegames.variants.sniff.rl.SniffObservation`) and the mask of legal ids, and works
out one more thing from the observation alone: the points each of the 140 ids would score now
(:func:`placement_points`, counted with the array kernel's own
:func:`~tablegames.variants.sniff.arrays.sniff_count`). A small network (:func:`forward`)
takes both and gives a logit per id: a learned multiple of those points plus a two-layer
perceptron's logit, the ids the mask forbids left out. The same points give
:func:`greedy_logits`, the library's ``greedy`` rule (most points now, then the heaviest tile,
then a double) as a pure JAX function, which the training plays against.

``weights.npz`` beside this file holds the trained parameters (:func:`load`);
:mod:`train_jax` makes them. Importing the module registers the bot
(:func:`tablegames.bots.registry.register_bot`), a :class:`~tablegames.rl.policy.PolicyBot`
playing the legal id of the highest logit (so a match is decided by its seed alone), and
``tablegames simulate ... --plugin jax_sniff_policy --bots jax-sniff,greedy`` plays it;
``jax-sniff:weights=OTHER.npz`` plays other weights.

The same policy also leads a search: :class:`TrainedPlayouts` is a
:class:`~tablegames.jax.protocol.PlayoutPolicy`, so an
:class:`~tablegames.jax.search.ArraySearchBot` can play its playouts by it, and the module
registers that bot too, as ``jax-sniff-search`` (its settings are the search's, such as
``jax-sniff-search:worlds=32:playouts=128:seconds=0.035``, and ``weights``).

>>> import random, tablegames
>>> from tablegames.bots import GreedyBot, Table
>>> from tablegames.bots.registry import make_bot
>>> game = tablegames.new_game("american-sniff", seed=5, players=2)
>>> Table(game, [make_bot("jax-sniff"), GreedyBot()], rng=random.Random(5)).play()
>>> game.is_over
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np

import tablegames.jax
from tablegames.bots.registry import register_bot
from tablegames.jax.protocol import ArrayGame
from tablegames.jax.search import ArraySearchBot
from tablegames.rl.policy import PolicyBot
from tablegames.variants.arrays import DOUBLE, SPINNER, TILE_HIGH, TILE_LOW, TILE_PIPS, place_on_line
from tablegames.variants.sniff.arrays import sniff_count

__all__ = [
    "BOT_NAME",
    "OBSERVATION_SIZE",
    "SEARCH_BOT_NAME",
    "WEIGHTS",
    "JaxPolicy",
    "Params",
    "TrainedPlayouts",
    "forward",
    "greedy_logits",
    "init_params",
    "load",
    "make_policy_bot",
    "make_search_bot",
    "placement_points",
    "save",
]

BOT_NAME: Final = "jax-sniff"
"""The name the bot is registered under."""

SEARCH_BOT_NAME: Final = "jax-sniff-search"
"""The name the search whose playouts follow the policy is registered under."""

WEIGHTS: Final = Path(__file__).with_name("weights.npz")
"""The committed trained parameters."""

OBSERVATION_SIZE: Final = 114
"""The length of a two-player Sniff observation."""

Params = dict[str, jax.Array]
"""The network's parameters by name: ``w1``, ``b1``, ``w2``, ``b2`` (the hidden layers), ``w_pi``, ``b_pi``
(the logits), ``w_v``, ``b_v`` (the value) and ``points`` (the weight of the points now)."""

_ACTIONS: Final = 140
_IDS: Final = np.arange(_ACTIONS)
_TILE: Final = _IDS // 5
_ARM: Final = _IDS % 5 - 1  # -1 opens the layout, 0 to 3 are W, E, N and S
_POINTS_SCALE: Final = 20.0
"""Points are fed to the network divided by this."""

# Where the observation's fields lie (two players; see SniffObservation's table).
_ON_TABLE: Final = slice(28, 56)
_ENDS: Final = slice(56, 84)  # arm by value, for the open arms
_DOUBLES: Final = slice(84, 88)
_SPINNERS: Final = slice(88, 92)
_SNIFF: Final = slice(92, 99)


def placement_points(observation: jax.Array) -> jax.Array:
    """float32[140]: what each id would score now (the count after it, if a positive multiple of 5, else 0).

    The layout is read back from ``observation`` (one float32[114] vector): whether it is
    opened, each open arm's value and outer kind, and the Sniff's value. Each id's placement is
    then made as the kernel makes it (:func:`~tablegames.variants.arrays.place_on_line`, the
    branches opening once both line sides of the Sniff carry a tile) and counted by
    :func:`~tablegames.variants.sniff.arrays.sniff_count`. Ids the observation's seat cannot
    play get a number too; the mask leaves them out.
    """
    opened = jnp.any(observation[_ON_TABLE] > 0)
    ends = observation[_ENDS].reshape(4, 7) > 0
    is_open = jnp.any(ends, axis=1)
    values = jnp.where(is_open, jnp.argmax(ends, axis=1), 0).astype(jnp.int32)
    kinds = jnp.where(observation[_SPINNERS] > 0, SPINNER, jnp.where(observation[_DOUBLES] > 0, DOUBLE, 0))
    kinds = kinds.astype(jnp.int32)
    sniff = jnp.where(jnp.any(observation[_SNIFF] > 0), jnp.argmax(observation[_SNIFF]), -1).astype(jnp.int32)
    opening = jnp.where(opened, 0, -1).astype(jnp.int32)

    def after(tile: jax.Array, arm: jax.Array) -> jax.Array:
        was_open = _branches_open(sniff, kinds)
        new_values, new_kinds, new_sniff = place_on_line(values, kinds, sniff, tile, arm, spins=True)
        opens = _branches_open(new_sniff, new_kinds) & ~was_open
        branch = jnp.arange(4) >= 2
        new_values = jnp.where(opens & branch, new_sniff, new_values)
        new_kinds = jnp.where(opens & branch, SPINNER, new_kinds)
        count = sniff_count(jnp.where(arm < 0, tile, opening), new_sniff, new_values, new_kinds)
        scored = (count > 0) & (count % 5 == 0)
        return jnp.where(scored, count, 0).astype(jnp.float32)

    points: jax.Array = jax.vmap(after)(jnp.asarray(_TILE), jnp.asarray(_ARM))
    return points


def _branches_open(sniff: jax.Array, kinds: jax.Array) -> jax.Array:
    """The Sniff is down and both its line sides carry a tile (as the kernel decides it)."""
    opened: jax.Array = (sniff >= 0) & (kinds[0] != SPINNER) & (kinds[1] != SPINNER)
    return opened


def greedy_logits(observation: jax.Array, mask: jax.Array) -> jax.Array:
    """float32[140]: the ``greedy`` rule as logits, highest for most points now, then the heaviest tile, then a double.

    Its argmax is the placement :func:`~tablegames.variants.sniff.heuristic.sniff_choice`
    makes (ties between two ends for the same tile go to the lower id here); ``-inf`` where
    ``mask`` forbids.
    """
    tile = jnp.asarray(_TILE)
    pips = jnp.asarray(TILE_PIPS)[tile]
    double = jnp.asarray(TILE_HIGH)[tile] == jnp.asarray(TILE_LOW)[tile]
    key = placement_points(observation) * 100.0 + pips * 2.0 + double
    return jnp.where(mask > 0, key, -jnp.inf)


def init_params(key: jax.Array, *, hidden: int = 128) -> Params:
    """Fresh parameters: the perceptron's layers scaled as LeCun's, its policy head near zero, a points weight of 1."""
    inputs = OBSERVATION_SIZE + _ACTIONS
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "w1": jax.random.normal(k1, (inputs, hidden)) / np.sqrt(inputs),
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, hidden)) / np.sqrt(hidden),
        "b2": jnp.zeros(hidden),
        "w_pi": jax.random.normal(k3, (hidden, _ACTIONS)) * 0.01,
        "b_pi": jnp.zeros(_ACTIONS),
        "w_v": jnp.zeros((hidden, 1)),
        "b_v": jnp.zeros(1),
        "points": jnp.ones(()),
    }


def forward(params: Params, observation: jax.Array, mask: jax.Array) -> tuple[jax.Array, jax.Array]:
    """The logits (``-inf`` where ``mask`` forbids) and the value, for one observation (or a batch under ``vmap``).

    The value estimates the observing seat's return: its side's margin change over the target
    until the match's end, plus 1 for a won match and -1 for a lost one.
    """
    points = placement_points(observation) / _POINTS_SCALE
    x = jnp.concatenate([observation, points])
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    h = jnp.tanh(h @ params["w2"] + params["b2"])
    raw = h @ params["w_pi"] + params["b_pi"] + params["points"] * points * _POINTS_SCALE / 5.0
    logits = jnp.where(mask > 0, raw, -jnp.inf)
    value = (h @ params["w_v"] + params["b_v"])[0]
    return logits, value


def save(params: Params, path: str | Path) -> None:
    """Write ``params`` to ``path`` as a compressed ``.npz`` of float32 arrays."""
    arrays: dict[str, Any] = {name: np.asarray(value, dtype=np.float32) for name, value in params.items()}
    np.savez_compressed(path, **arrays)


class JaxPolicy:
    """The policy of ``params`` for :class:`~tablegames.rl.policy.PolicyBot`: the legal id of the highest logit.

    Args:
        params: the network's parameters (:func:`init_params`, :func:`load`).

    """

    def __init__(self, params: Mapping[str, jax.Array | np.ndarray]) -> None:
        self.params: Params = {name: jnp.asarray(value, dtype=jnp.float32) for name, value in params.items()}
        self._best = jax.jit(lambda p, o, m: jnp.argmax(forward(p, o, m)[0]))

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        """The legal id of the highest logit (the lowest such id on a tie)."""
        return int(self._best(self.params, jnp.asarray(observation, jnp.float32), jnp.asarray(mask)))


def load(path: str | Path = WEIGHTS) -> JaxPolicy:
    """The policy saved at ``path`` (by :func:`save`), read once per file.

    Raises:
        OSError: if the file cannot be read.
        KeyError: if an array is missing.

    """
    return _load(str(Path(path).resolve()))


@functools.lru_cache(maxsize=8)
def _load(path: str) -> JaxPolicy:
    names = ("w1", "b1", "w2", "b2", "w_pi", "b_pi", "w_v", "b_v", "points")
    with np.load(path) as saved:
        return JaxPolicy({name: saved[name] for name in names})


def make_policy_bot(weights: str = str(WEIGHTS)) -> PolicyBot:
    """A :class:`~tablegames.rl.policy.PolicyBot` playing the policy saved at ``weights``."""
    return PolicyBot(load(weights), name=BOT_NAME)


class TrainedPlayouts:
    """The policy as a :class:`~tablegames.jax.protocol.PlayoutPolicy`: the highest legal logit, for the seat to act.

    Args:
        params: the network's parameters (:func:`load`, or :attr:`JaxPolicy.params`).
        arrays: a two-player Sniff array game with the options of the matches searched (its
            ``observe`` writes what the policy reads).
    """

    def __init__(self, params: Mapping[str, jax.Array | np.ndarray], arrays: ArrayGame) -> None:
        self.params: Params = {name: jnp.asarray(value, dtype=jnp.float32) for name, value in params.items()}
        self.arrays = arrays

    def __call__(self, key: jax.Array, state: Any) -> jax.Array:
        """The legal id of the highest logit in ``state`` for the seat to act (``key`` is not used)."""
        observation = self.arrays.observe(state, state.current_player)
        logits, _ = forward(self.params, observation, state.legal_action_mask)
        return jnp.argmax(logits).astype(jnp.int32)


@functools.lru_cache(maxsize=8)
def _playouts(path: str) -> TrainedPlayouts:
    """The playout policy of the weights at ``path``, made once, so that the search compiles its playouts once."""
    return TrainedPlayouts(_load(path).params, tablegames.jax.make("american-sniff", players=2))


def make_search_bot(weights: str = str(WEIGHTS), **settings: Any) -> ArraySearchBot:
    """An :class:`~tablegames.jax.search.ArraySearchBot` with ``settings``, its playouts by the policy at ``weights``.

    For two-player Sniff at the default target: the policy reads the observation of that array
    game, which the training played.
    """
    return ArraySearchBot(policy=_playouts(str(Path(weights).resolve())), **settings)


register_bot(BOT_NAME, make_policy_bot)
register_bot(SEARCH_BOT_NAME, make_search_bot)
