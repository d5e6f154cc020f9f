"""A trained American Sniff policy as a bot: import this module and ``sniff-policy`` is a bot name.

The policy is linear: one logit per action id, ``observation @ weights + bias``, the ids the
mask forbids left out, and the bot plays the legal id of the highest logit (no sampling, so a
match is decided by its seed alone). ``weights.npz`` beside this file holds the trained
weights (:func:`load`); :mod:`train` makes them.

Importing the module registers the bot (:func:`tablegames.bots.registry.register_bot`), so
``tablegames simulate ... --plugin sniff_policy --bots sniff-policy,random`` plays it; the
setting ``sniff-policy:weights=OTHER.npz`` plays other weights.

>>> import random, tablegames
>>> from tablegames.bots import RandomBot, Table
>>> from tablegames.bots.registry import make_bot
>>> game = tablegames.new_game("american-sniff", seed=5, players=2)
>>> Table(game, [make_bot("sniff-policy"), RandomBot()], rng=random.Random(5)).play()
>>> game.is_over
True
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Final

import numpy as np

from tablegames.bots.registry import register_bot
from tablegames.rl.policy import PolicyBot

__all__ = ["BOT_NAME", "WEIGHTS", "LinearPolicy", "load", "make_policy_bot"]

BOT_NAME: Final = "sniff-policy"
"""The name the bot is registered under."""

WEIGHTS: Final = Path(__file__).with_name("weights.npz")
"""The committed trained weights."""


class LinearPolicy:
    """Masked linear logits: ``observation @ weights + bias``, one per action id.

    Args:
        weights: an ``(observation size, action ids)`` array.
        bias: an ``(action ids,)`` array.

    """

    def __init__(self, weights: np.ndarray, bias: np.ndarray) -> None:
        if weights.ndim != 2 or bias.shape != (weights.shape[1],):
            raise ValueError(f"weights {weights.shape} and bias {bias.shape} do not fit together")
        self.weights = weights.astype(np.float64)
        self.bias = bias.astype(np.float64)

    def logits(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The logits of one observation (or a batch of them), ``-inf`` where the mask is 0."""
        raw = observations @ self.weights + self.bias
        return np.where(masks.astype(bool), raw, -np.inf)

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        """The legal id of the highest logit (the lowest such id on a tie)."""
        return int(np.argmax(self.logits(observation, mask)))


def load(path: str | Path = WEIGHTS) -> LinearPolicy:
    """The policy saved at ``path`` (an ``.npz`` with arrays ``weights`` and ``bias``), read once per file.

    Raises:
        OSError: if the file cannot be read.
        KeyError: if an array is missing.

    """
    return _load(str(Path(path).resolve()))


@functools.lru_cache(maxsize=8)
def _load(path: str) -> LinearPolicy:
    with np.load(path) as saved:
        return LinearPolicy(saved["weights"], saved["bias"])


def make_policy_bot(weights: str = str(WEIGHTS)) -> PolicyBot:
    """A :class:`~tablegames.rl.policy.PolicyBot` playing the policy saved at ``weights``."""
    return PolicyBot(load(weights), name=BOT_NAME)


register_bot(BOT_NAME, make_policy_bot)
