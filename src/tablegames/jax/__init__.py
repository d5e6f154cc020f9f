"""The built-in games as batched array programs in JAX (the ``jax`` extra).

* :func:`make`: a variant's array game by name (:class:`~tablegames.jax.protocol.ArrayGame`):
  ``init``, ``step`` and ``observe``, pure functions of fixed-shape arrays that
  ``jax.jit`` and ``jax.vmap`` accept.
* :func:`from_game`: any reference position as an array state.
* :func:`lockstep`: the array game and the reference engine take the same random ids over
  whole matches, compared at every step.
* :func:`random_legal_id`: a uniformly random legal id from a mask and a random word, cheap
  enough for every step of a batch.
* :func:`episode_log`: an episode of the array game (its key and the ids taken) as the
  library's JSON log, replayed on the reference engine (:class:`EpisodeReplay` for many).

A variant takes part by providing the ``array_game`` classmethod
(:class:`~tablegames.jax.protocol.ProvidesArrayGame`); today Four Point Smear and American
Sniff do. Nothing in
the core imports this package, and ``import tablegames`` never imports JAX.
"""

from tablegames.jax.choice import random_legal_id
from tablegames.jax.episodes import EpisodeReplay, episode_game, episode_log
from tablegames.jax.games import array_game, from_game, key_of, make
from tablegames.jax.lockstep import LockstepReport, lockstep
from tablegames.jax.protocol import ArrayGame, ArrayState, DealsAhead, ProvidesArrayGame

__all__ = [
    "ArrayGame",
    "ArrayState",
    "DealsAhead",
    "EpisodeReplay",
    "LockstepReport",
    "ProvidesArrayGame",
    "array_game",
    "episode_game",
    "episode_log",
    "from_game",
    "key_of",
    "lockstep",
    "make",
    "random_legal_id",
]
