"""A Gymnasium vector environment on an array game: every game of the batch stepped in one compiled call.

:func:`vector_env` is :func:`tablegames.rl.gymnasium.vector_env` with the array game as its
engine (it needs the ``rl`` and ``jax`` extras). The learner holds one seat of each game; the
other seats play an :data:`Opponent` policy (by default :func:`uniform_opponent`, a uniformly
random legal id), inside the same compiled call, until the learner is to act again. An observation is what the variant's
observation spec writes for the learner's seat, and a mask its legal ids, so a policy trained
here runs on :class:`~tablegames.rl.gymnasium.TableGamesEnv` and on the reference engine.

It differs from the Python vector environment where the array game does: an episode is a
whole match, rewarded +1 or -1 for the learner's side at its end, or with ``reward="hand"``
by the margin's change after every step; the
opponents are JAX functions, not bots; and ``info`` carries no logs (the array game keeps
none). A Four Point Smear match between players who bid at random rarely ends (the bidder is
set so often that both sides drift below zero): its matches end at ``max_steps``, truncated,
unless the opponents bid with more sense.

>>> from tablegames.jax.vector import vector_env
>>> envs = vector_env("american-sniff", 4, players=2)
>>> observation, info = envs.reset(seed=1)
>>> observation["observation"].shape, observation["action_mask"].shape
((4, 114), (4, 140))
>>> actions = observation["action_mask"].argmax(axis=1)  # the first legal id of each game
>>> observation, reward, terminated, truncated, info = envs.step(actions)
>>> reward.shape, bool(terminated.any())
((4,), False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import gymnasium
import jax
import jax.numpy as jnp
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from tablegames.core.derived import action_ids_of
from tablegames.core.game import build_options
from tablegames.core.registry import get_variant
from tablegames.jax.games import make
from tablegames.jax.protocol import ArrayGame
from tablegames.rl.decisions import hand_reward_divisor

__all__ = ["ArrayVectorEnv", "Opponent", "uniform_opponent", "vector_env"]

_MAX_STEPS: Final = 20_000
"""The default step limit of a match (a match that reaches it ends as truncated)."""


Opponent = Callable[[jax.Array, Any], jax.Array]
"""The policy of an opponent, ``(key, state) -> id``, a pure JAX function of a PRNG key and one game's state."""


def uniform_opponent(key: jax.Array, state: Any) -> jax.Array:
    """A uniformly random legal id of ``state`` (``int32``): the default opponent.

    >>> import jax
    >>> from tablegames.jax import make
    >>> from tablegames.jax.vector import uniform_opponent
    >>> game = make("american-sniff", players=2)
    >>> state = game.init(jax.random.PRNGKey(0))
    >>> bool(state.legal_action_mask[uniform_opponent(jax.random.PRNGKey(1), state)])
    True
    """
    mask = state.legal_action_mask
    return jax.random.categorical(key, jnp.where(mask, 0.0, -jnp.inf)).astype(jnp.int32)


def _where(flag: jax.Array, a: Any, b: Any) -> Any:
    """The pytree ``a`` where ``flag``, else ``b``."""
    return jax.tree.map(lambda x, y: jnp.where(flag, x, y), a, b)


class ArrayVectorEnv(gymnasium.vector.VectorEnv[dict[str, Any], np.ndarray, np.ndarray]):
    """``num_envs`` matches of an array game, the learner at ``seat`` of each, stepped in one compiled call.

    It behaves as :class:`~tablegames.rl.gymnasium.TableGamesVectorEnv` with random opponents
    and ``episode="match"``: the same spaces (a ``Dict`` of ``observation``, ``float32``, and
    ``action_mask``, ``int8``; ``Discrete`` ids), ``autoreset_mode=AutoresetMode.SAME_STEP`` (a
    match that ends is replaced within the step, the observation returned is the new match's
    first, and the ended one's last is in ``info["final_obs"]``, ``info["_final_obs"]`` saying
    which rows), and an illegal id ends its match with reward -1, the id in
    ``info["illegal"]`` (``info["_illegal"]`` where), as PettingZoo's
    ``TerminateIllegalWrapper`` does. ``info["action_mask"]`` is the batch's masks and
    ``info["final_scores"]`` the ended matches' scores (``info["_final_scores"]`` where).
    ``reset(seed=s)`` draws every match from ``s``; unseeded, from fresh entropy.

    Args:
        game: the array game (:func:`tablegames.jax.make`).
        num_envs: how many matches.
        seat: the learner's seat in every match.
        opponent: every other seat's policy; ``None``: :func:`uniform_opponent`.
        chosen: append the state's ``chosen`` ids to the observation, as the Python
            environments do for a variant whose actions are chosen in parts.
        divisor: ``None`` for +1/-1 at a match's end; else, after every step, the learner's
            side's margin (its score less the mean of the others') change divided by it.

    Raises:
        ValueError: if ``num_envs`` is not a positive int, ``seat`` is not a seat, or ``divisor`` is 0.

    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012 - Gymnasium's own

    def __init__(
        self,
        game: ArrayGame,
        num_envs: int,
        *,
        seat: int = 0,
        opponent: Opponent | None = None,
        chosen: bool = False,
        divisor: float | None = None,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        if type(seat) is not int or not 0 <= seat < game.num_players:
            raise ValueError(f"seat must be an int from 0 to {game.num_players - 1}, not {seat!r}")
        if divisor is not None and (type(divisor) not in (int, float) or not 0 < abs(divisor) < float("inf")):
            raise ValueError(f"divisor must be None or a non-zero, finite number, not {divisor!r}")
        self.game = game
        """The array game every match is played on."""
        self.seat = seat
        """The learner's seat."""
        self.opponent: Opponent = uniform_opponent if opponent is None else opponent
        """How every other seat chooses its id."""
        self.chosen = chosen
        """Whether the observation ends with the state's ``chosen`` ids (an action chosen in parts)."""
        self.divisor = divisor
        """``None``: +1/-1 at a match's end; else the learner's side's margin change divided by it, every step."""
        self.num_envs = num_envs
        size = game.observation_size + (game.num_actions if chosen else 0)
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(game.num_actions,), dtype=np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None
        self._state: Any = None
        self._key: jax.Array | None = None
        self._reset = jax.jit(jax.vmap(self._fresh))
        self._step = jax.jit(jax.vmap(self._one))
        self._vectors = jax.jit(jax.vmap(self._vector))

    @property
    def state(self) -> Any:
        """The batch's array state (the game's, with a leading axis of ``num_envs``); ``None`` before a reset.

        Every match in it is at the learner's decision, or over (a match that ends is replaced
        at once, so only one that ended on its first decision can be).
        """
        return self._state

    # -- the compiled parts ------------------------------------------------------------------

    def _opponents(self, state: Any, key: jax.Array) -> tuple[Any, jax.Array]:
        """``state`` played on by random opponents until the learner is to act or the match is over; its reward."""
        seat = self.seat

        def playing(carry: tuple[Any, jax.Array, jax.Array]) -> jax.Array:
            s = carry[0]
            waiting: jax.Array = (s.current_player >= 0) & (s.current_player != seat) & ~s.terminated & ~s.truncated
            return waiting

        def move(carry: tuple[Any, jax.Array, jax.Array]) -> tuple[Any, jax.Array, jax.Array]:
            s, k, reward = carry
            k, sub = jax.random.split(k)
            s = self.game.step(s, self.opponent(sub, s))
            return s, k, reward + s.rewards[seat]

        state, _, reward = jax.lax.while_loop(playing, move, (state, key, jnp.float32(0.0)))
        return state, reward

    def _margin(self, state: Any) -> jax.Array:
        """The learner's side's score less the mean of the other sides' (float32)."""
        scores: jax.Array = state.scores.astype(jnp.float32)
        sides = scores.shape[0]
        mine = scores[self.seat % sides]
        margin: jax.Array = mine - (jnp.sum(scores) - mine) / max(sides - 1, 1)
        return margin

    def _fresh(self, key: jax.Array) -> Any:
        """A new match from ``key``, played on to the learner's first decision."""
        deal, play = jax.random.split(key)
        state, _ = self._opponents(self.game.init(deal), play)
        return state

    def _one(self, state: Any, action: jax.Array, key: jax.Array) -> tuple[Any, ...]:
        """One game's step: the learner's id, the opponents' replies, and a new match where this one ended."""
        play, again = jax.random.split(key)
        legal = state.legal_action_mask[action]
        moved = self.game.step(state, action)  # an illegal id ends the match there, -1 to the learner
        state_after, reward = self._opponents(moved, play)
        if self.divisor is not None:  # the margin's change, over every move since the learner's last
            margin = (self._margin(state_after) - self._margin(state)) / jnp.float32(self.divisor)
            reward = jnp.where(legal, margin, moved.rewards[self.seat])
        else:
            reward = moved.rewards[self.seat] + reward
        terminated, truncated = state_after.terminated, state_after.truncated
        ended = terminated | truncated
        final = self._vector(state_after)
        fresh = self._fresh(again)
        state_next = _where(ended, fresh, state_after)
        return state_next, reward, terminated, truncated, ended, final, state_after.scores, ~legal

    # -- Gymnasium ---------------------------------------------------------------------------

    def _vector(self, state: Any) -> jax.Array:
        """The learner's observation of one game's ``state``, ``chosen`` after it where it has one."""
        vector = self.game.observe(state, self.seat)
        return jnp.concatenate([vector, state.chosen.astype(jnp.float32)]) if self.chosen else vector

    def _observe(self) -> tuple[dict[str, Any], np.ndarray]:
        masks = np.asarray(self._state.legal_action_mask, dtype=np.int8)
        return {"observation": np.asarray(self._vectors(self._state)), "action_mask": masks}, masks

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Every match anew, drawn from ``seed`` (an int; a list gives its first), or fresh entropy if ``None``."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self._key, keys = jax.random.split(jax.random.PRNGKey(seed))
        self._state = self._reset(jax.random.split(keys, self.num_envs))
        observation, masks = self._observe()
        return observation, {"action_mask": masks}

    def step(self, actions: Any) -> tuple[dict[str, Any], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Each match's learner gives its id in ``actions`` (``int[num_envs]``); see the class for the rest."""
        if self._state is None or self._key is None:
            raise RuntimeError("call reset() before step()")
        ids = np.asarray(actions, dtype=np.int64).reshape(-1)
        if ids.shape != (self.num_envs,) or (ids < 0).any() or (ids >= self.game.num_actions).any():
            raise ValueError(f"actions must be {self.num_envs} ids from 0 to {self.game.num_actions - 1}")
        self._key, sub = jax.random.split(self._key)
        keys = jax.random.split(sub, self.num_envs)
        self._state, reward, terminated, truncated, ended, final, scores, illegal = self._step(
            self._state, jnp.asarray(ids, dtype=jnp.int32), keys
        )
        observation, masks = self._observe()
        info: dict[str, Any] = {"action_mask": masks}
        done = np.asarray(ended)
        if done.any():
            info["final_obs"] = np.asarray(final)
            info["_final_obs"] = done
            info["final_scores"] = np.asarray(scores)
            info["_final_scores"] = done
        refused = np.asarray(illegal)
        if refused.any():
            info["illegal"] = np.where(refused, ids, 0)
            info["_illegal"] = refused
        return observation, np.asarray(reward), np.asarray(terminated), np.asarray(truncated), info


def vector_env(
    name: str,
    num_envs: int,
    *,
    seat: int = 0,
    opponent: Opponent | None = None,
    reward: str = "match",
    max_steps: int | None = _MAX_STEPS,
    **options: Any,
) -> ArrayVectorEnv:
    """``num_envs`` matches of variant ``name`` as one :class:`ArrayVectorEnv` (the ``rl`` and ``jax`` extras).

    The observation is the Python environments' for the same options: the variant's vector,
    and ``chosen`` after it where an action is chosen in parts (a Smear discard with
    ``seen_undealt`` of 2 or more).

    Args:
        name: a variant that provides an array game (American Sniff, Four Point Smear).
        num_envs: how many matches.
        seat: the learner's seat.
        opponent: every other seat's policy (:data:`Opponent`); ``None``: :func:`uniform_opponent`.
        reward: ``"match"`` (+1/-1 at a match's end) or ``"hand"`` (after every step, the
            learner's side's margin change divided by the Python environments' divisor,
            :func:`~tablegames.rl.decisions.hand_reward_divisor`: the target, signed by who
            wins), as the Python environments' ``reward`` setting.
        max_steps: the step limit of a match (ends it as truncated); ``None`` for none.
        options: the variant's options.

    Raises:
        UnknownVariantError: for a name no variant has.
        InvalidOptionsError: for options the variant does not have.
        MissingCapability: if the variant provides no array game.
        ValueError: for a bad ``num_envs``, ``seat`` or ``reward``.

    """
    if reward not in ("match", "hand"):
        raise ValueError(f"reward must be 'match' or 'hand', not {reward!r}")
    variant = get_variant(name)
    game = make(name, max_steps=max_steps, **options)
    parts = action_ids_of(variant, options).parts
    divisor = hand_reward_divisor(variant, build_options(variant.options_class, options)) if reward == "hand" else None
    return ArrayVectorEnv(game, num_envs, seat=seat, opponent=opponent, chosen=parts > 1, divisor=divisor)
