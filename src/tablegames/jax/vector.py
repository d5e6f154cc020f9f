"""A Gymnasium vector environment on an array game: every game of the batch stepped in one compiled call.

:func:`vector_env` is :func:`tablegames.rl.gymnasium.vector_env` with the array game as its
engine (it needs the ``rl`` and ``jax`` extras). The learner holds one seat of each game; the
other seats play an :data:`Opponent` policy (by default :func:`uniform_opponent`, a uniformly
random legal id), inside the same compiled call, until the learner is to act again. An observation is what the variant's
observation spec writes for the learner's seat, and a mask its legal ids, so a policy trained
here runs on :class:`~tablegames.rl.gymnasium.TableGamesEnv` and on the reference engine.

An episode is a whole match, or with ``episode="hand"`` one hand of it, as in the Python
environments (:class:`ArrayVectorEnv` says exactly how); it is rewarded +1 or -1 for the
learner's side at the match's end, or with ``reward="hand"`` by the margin's change after
every step. It differs from the Python vector environment where the array game does: the
opponents are JAX functions, not bots; ``max_steps`` counts a whole match's steps, every
seat's; and ``info`` carries no logs (the array game keeps none:
:func:`tablegames.jax.episode_log` makes one from a key and the ids). A Four Point Smear
match between players who bid at random rarely ends (the bidder is set so often that both
sides drift below zero): its matches end at ``max_steps``, truncated, unless the opponents
bid with more sense.

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
from tablegames.jax.choice import random_legal_id
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

    Drawn by :func:`~tablegames.jax.random_legal_id` from one random word of ``key``.

    >>> import jax
    >>> from tablegames.jax import make
    >>> from tablegames.jax.vector import uniform_opponent
    >>> game = make("american-sniff", players=2)
    >>> state = game.init(jax.random.PRNGKey(0))
    >>> bool(state.legal_action_mask[uniform_opponent(jax.random.PRNGKey(1), state)])
    True
    """
    return random_legal_id(jax.random.bits(key, (), jnp.uint32), state.legal_action_mask)


def _where(flag: jax.Array, a: Any, b: Any) -> Any:
    """The pytree ``a`` where ``flag``, else ``b``."""
    return jax.tree.map(lambda x, y: jnp.where(flag, x, y), a, b)


class ArrayVectorEnv(gymnasium.vector.VectorEnv[dict[str, Any], np.ndarray, np.ndarray]):
    """``num_envs`` matches of an array game, the learner at ``seat`` of each, stepped in one compiled call.

    It behaves as :class:`~tablegames.rl.gymnasium.TableGamesVectorEnv` with random opponents
    and the same ``episode``: the same spaces (a ``Dict`` of ``observation``, ``float32``, and
    ``action_mask``, ``int8``; ``Discrete`` ids), ``autoreset_mode=AutoresetMode.SAME_STEP`` (a
    match that ends is replaced within the step, the observation returned is the new match's
    first, and the ended one's last is in ``info["final_obs"]``, ``info["_final_obs"]`` saying
    which rows), and an illegal id ends its match with reward -1, the id in
    ``info["illegal"]`` (``info["_illegal"]`` where), as PettingZoo's
    ``TerminateIllegalWrapper`` does. ``info["action_mask"]`` is the batch's masks and
    ``info["final_scores"]`` the ended matches' scores (``info["_final_scores"]`` where).
    ``reset(seed=s)`` draws every match from ``s``; unseeded, from fresh entropy.

    With ``episode="hand"`` an episode is one hand, as in
    :class:`~tablegames.rl.gymnasium.TableGamesEnv`: it ends, ``terminated``, on the step that
    deals the next hand (a throw-in's new deal included), the opponents stopping there, or at
    the match's end. ``info["final_obs"]`` is then the learner's observation just after the
    deal and ``info["final_scores"]`` the scores at the hand's end. The next episode goes on
    with the same match: the opponents play to the learner's first decision of the new hand
    (those moves earn the learner nothing, and a hand in which the learner has no decision is
    passed over); after the match's end, or ``max_steps``, a new match starts. An illegal id
    ends its episode with -1 and, as in the Python environment, the next episode starts from
    the same position. A reward of +1/-1 comes only with the hand that ends the match, or
    with ``reward="hand"`` the margin's change, as for match episodes. ``reset()`` unseeded
    goes on with the matches under way (a new match where one is over); ``reset(seed=s)``
    starts every match anew.

    Args:
        game: the array game (:func:`tablegames.jax.make`).
        num_envs: how many matches.
        seat: the learner's seat in every match.
        opponent: every other seat's policy; ``None``: :func:`uniform_opponent`.
        chosen: append the state's ``chosen`` ids to the observation, as the Python
            environments do for a variant whose actions are chosen in parts.
        divisor: ``None`` for +1/-1 at a match's end; else, after every step, the learner's
            side's margin (its score less the mean of the others') change divided by it.
        episode: ``"match"`` or ``"hand"`` (above); a hand episode reads the state's
            ``hand_number`` (the hand being played, a throw-in counted), which the built-in
            array games' states have.

    Raises:
        ValueError: if ``num_envs`` is not a positive int, ``seat`` is not a seat, ``divisor``
            is 0, ``episode`` is neither ``"match"`` nor ``"hand"``, or a hand episode's state
            has no ``hand_number``.

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
        episode: str = "match",
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        if type(seat) is not int or not 0 <= seat < game.num_players:
            raise ValueError(f"seat must be an int from 0 to {game.num_players - 1}, not {seat!r}")
        if divisor is not None and (type(divisor) not in (int, float) or not 0 < abs(divisor) < float("inf")):
            raise ValueError(f"divisor must be None or a non-zero, finite number, not {divisor!r}")
        if episode not in ("match", "hand"):
            raise ValueError(f"episode must be 'match' or 'hand', not {episode!r}")
        if episode == "hand" and not hasattr(jax.eval_shape(game.init, jax.random.PRNGKey(0)), "hand_number"):
            raise ValueError(f"hand episodes need {game.name}'s array state to have a hand_number field")
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
        self.episode = episode
        """What an episode is, ``"match"`` or ``"hand"``."""
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

    def _opponents(self, state: Any, key: jax.Array, *, hand: jax.Array | None = None) -> tuple[Any, jax.Array]:
        """``state`` played on by the opponents until the learner is to act or the match is over; its reward.

        With ``hand`` (a hand number), they stop too when a hand other than that one is dealt.
        """
        seat = self.seat

        def playing(carry: tuple[Any, jax.Array, jax.Array]) -> jax.Array:
            s = carry[0]
            waiting: jax.Array = (s.current_player >= 0) & (s.current_player != seat) & ~s.terminated & ~s.truncated
            if hand is not None:
                waiting = waiting & (s.hand_number == hand)
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
        """One game's step: the learner's id, the opponents' replies, and the next episode's start where it ended."""
        play, again = jax.random.split(key)
        legal = state.legal_action_mask[action]
        moved = self.game.step(state, action)  # an illegal id ends the match there, -1 to the learner
        by_hand = self.episode == "hand"
        state_after, reward = self._opponents(moved, play, hand=state.hand_number if by_hand else None)
        if self.divisor is not None:  # the margin's change, over every move since the learner's last
            margin = (self._margin(state_after) - self._margin(state)) / jnp.float32(self.divisor)
            reward = jnp.where(legal, margin, moved.rewards[self.seat])
        else:
            reward = moved.rewards[self.seat] + reward
        over = state_after.terminated | state_after.truncated  # the match cannot go on
        final = self._vector(state_after)
        fresh = self._fresh(again)
        if by_hand:
            dealt = state_after.hand_number != state.hand_number
            terminated = state_after.terminated | dealt
            truncated = state_after.truncated & ~terminated
            # the match goes on: the opponents play to the learner's first decision of the new hand
            going_on, _ = self._opponents(state_after, jax.random.fold_in(again, 1))
            going_on = _where(going_on.terminated | going_on.truncated, fresh, going_on)
            state_next = _where(over, fresh, _where(dealt, going_on, state_after))
            state_next = _where(legal, state_next, state)  # after an illegal id: the same position again
        else:
            terminated, truncated = state_after.terminated, state_after.truncated
            state_next = _where(over, fresh, state_after)
        ended = terminated | truncated
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
        """Every match anew, drawn from ``seed`` (an int; a list gives its first), or fresh entropy if ``None``.

        With ``episode="hand"`` and no seed, the matches under way go on (a new one where a match is over).
        """
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        if seed is None and self.episode == "hand" and self._state is not None and self._key is not None:
            self._key, sub = jax.random.split(self._key)
            fresh = self._reset(jax.random.split(sub, self.num_envs))
            self._state = jax.vmap(_where)(self._state.terminated | self._state.truncated, fresh, self._state)
            observation, masks = self._observe()
            return observation, {"action_mask": masks}
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
    episode: str = "match",
    reward: str | None = None,
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
        episode: ``"match"`` (a whole match) or ``"hand"`` (one hand, the match going on in
            the next episode; see :class:`ArrayVectorEnv`), as the Python environments'
            ``episode`` setting.
        reward: ``"match"`` (+1/-1 at a match's end) or ``"hand"`` (after every step, the
            learner's side's margin change divided by the Python environments' divisor,
            :func:`~tablegames.rl.decisions.hand_reward_divisor`: the target, signed by who
            wins), as the Python environments' ``reward`` setting; ``None``: the episode's,
            as their ``"auto"`` gives.
        max_steps: the step limit of a match (ends it as truncated); ``None`` for none.
        options: the variant's options.

    Raises:
        UnknownVariantError: for a name no variant has.
        InvalidOptionsError: for options the variant does not have.
        MissingCapability: if the variant provides no array game.
        ValueError: for a bad ``num_envs``, ``seat``, ``episode`` or ``reward``.

    """
    if episode not in ("match", "hand"):
        raise ValueError(f"episode must be 'match' or 'hand', not {episode!r}")
    if reward is None:
        reward = episode
    if reward not in ("match", "hand"):
        raise ValueError(f"reward must be 'match' or 'hand', not {reward!r}")
    variant = get_variant(name)
    game = make(name, max_steps=max_steps, **options)
    parts = action_ids_of(variant, options).parts
    divisor = hand_reward_divisor(variant, build_options(variant.options_class, options)) if reward == "hand" else None
    return ArrayVectorEnv(
        game, num_envs, seat=seat, opponent=opponent, chosen=parts > 1, divisor=divisor, episode=episode
    )
