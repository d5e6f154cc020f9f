"""A Gymnasium single-agent environment: one seat learns, the library's bots play the others.

Any variant with action ids and observation tensors (see :mod:`tablegames.rl.decisions`). The
observation is a dict of ``observation`` (the seat's ``float32`` vector) and ``action_mask``
(``int8``, ``1`` for each id that may come next), as in :mod:`tablegames.rl.pettingzoo`; the
mask is also in ``info["action_mask"]``. An action chosen in parts is stepped one id at a time.

>>> from tablegames.rl.gymnasium import TableGamesEnv
>>> environment = TableGamesEnv("american-sniff", opponents="random", players=2)
>>> observation, info = environment.reset(seed=3)
>>> legal = observation["action_mask"].nonzero()[0]
>>> observation, reward, terminated, truncated, info = environment.step(int(legal[0]))

:func:`vector_env` steps ``n`` of them together (a :class:`TableGamesVectorEnv`: observations
and masks as ``(n, ...)`` arrays, each game reset as it ends, as Gymnasium's ``SyncVectorEnv``
does in its ``SAME_STEP`` mode, without its stacking).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, cast

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from tablegames.bots.base import Bot, Table
from tablegames.bots.registry import make_bot
from tablegames.bots.worlds import deal_event_class
from tablegames.core.capabilities import FloatBuffer
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.registry import get_variant, variant_names
from tablegames.rl.decisions import (
    Decision,
    capabilities,
    chosen_at,
    hand_reward_divisor,
    margins,
    observation_fields,
    observation_size,
)
from tablegames.rl.episodes import AUTO, resolve
from tablegames.rl.pettingzoo import check_settings, entries
from tablegames.rl.policy import Policy, PolicyBot, policy_action
from tablegames.rl.text import RENDER_MODES, render_text

__all__ = [
    "ENV_ID_FORMAT",
    "Opponent",
    "TableGamesEnv",
    "TableGamesVectorEnv",
    "env_id",
    "register_envs",
    "vector_env",
]


class _Pending:
    """A seat at the table that plays the action the environment chose for it (the learner's, a policy's)."""

    name = "pending"

    def __init__(self) -> None:
        self.pending: Action | None = None

    def act(self, observation: Observation, rng: random.Random) -> Action:
        action, self.pending = self.pending, None
        if action is None:
            raise RuntimeError("a seat was asked to act with no action given")
        return action


Opponent = str | Bot | Policy
"""An opponent is a registered bot's name, a :class:`~tablegames.bots.base.Bot`, or a
:data:`~tablegames.rl.policy.Policy` (any callable from the observation and the mask to an id)."""


class _Seat:
    """How one opponent's seat plays: ``random`` (no table needed), a ``bot`` at the table, or a ``policy``."""

    __slots__ = ("bot", "policy")

    def __init__(self, bot: Bot | None, policy: Policy | None) -> None:
        self.bot = bot
        self.policy = policy


def _seats(opponents: Opponent | Sequence[Opponent], players: int, seat: int, settings: dict[str, Any]) -> list[_Seat]:
    """Each seat's opponent (the learner's seat: a placeholder), from the ``opponents`` setting."""
    single = isinstance(opponents, (str, Bot)) or callable(opponents)
    given: list[Any] = [opponents] * players if single else list(cast(Sequence[Opponent], opponents))
    if len(given) != players:
        raise ValueError(f"opponents names one opponent, or one per seat ({players}), not {len(given)}")
    seats = []
    for s, opponent in enumerate(given):
        if s == seat:
            seats.append(_Seat(None, None))
        elif isinstance(opponent, str):
            seats.append(_Seat(None if opponent == "random" else make_bot(opponent, **settings), None))
        elif isinstance(opponent, PolicyBot):  # seated, it reads its observation from the game, no world drawn
            seats.append(_Seat(None, opponent.policy))
        elif isinstance(opponent, Bot):
            seats.append(_Seat(opponent, None))
        elif callable(opponent):
            seats.append(_Seat(None, opponent))
        else:
            raise TypeError(f"opponent {opponent!r} of seat {s} is not a bot's name, a bot or a policy")
    return seats


class TableGamesEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a variant against opponents: the library's bots, any bot, or policies.

    Args:
        name: a registered variant (its own action ids and observation, else the derived ones).
        seat: the learning seat.
        opponents: one opponent for every other seat, or one per seat (the learner's entry is
            ignored). An opponent is a registered bot's name (``"random"`` plays a uniformly
            random legal action without building any view, the cheapest), a
            :class:`~tablegames.bots.base.Bot`, or a :data:`~tablegames.rl.policy.Policy`: a
            policy (or a :class:`~tablegames.rl.policy.PolicyBot`'s) reads its own seat's
            observation from the game directly, as the learner does. Change them between
            episodes with :meth:`set_opponents`.
        episode: ``"match"``, ``"hand"`` or ``"auto"`` (the variant's default, as in
            :mod:`tablegames.rl.pettingzoo`).
        reward: ``"match"`` (+1/-1 at the end), ``"hand"`` (the side's margin change, by
            the target, after every step, positive where it brings the side closer to winning:
            see :func:`~tablegames.rl.decisions.hand_reward_divisor`) or ``"auto"`` (the
            episode's).
        max_steps: the learner's steps before truncation, ``None`` (never) or ``"auto"`` (the
            variant's default: :func:`~tablegames.rl.episodes.episode_defaults`).
        reward_scale: what ``reward="hand"`` divides a margin's change by, or ``None`` (the
            variant's: :func:`~tablegames.rl.decisions.hand_reward_divisor`).
        skip_forced: take the learner's single-id choices for it.
        bot_settings: settings for the opponents' bots named (``make_bot(name, **settings)``).
        render_mode: ``None``, ``"ansi"`` (:meth:`render` answers the learner's table as text)
            or ``"human"`` (:meth:`render` prints it).
        options: the variant's options.

    Raises:
        MissingCapability: if the variant has no action ids and none can be derived.
        LookupError: for an unknown bot.
        ValueError: for a bad setting.

    """

    metadata = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012 - Gymnasium's own declaration

    def __init__(
        self,
        name: str,
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        episode: str = AUTO,
        reward: str = AUTO,
        max_steps: int | str | None = AUTO,
        reward_scale: float | None = None,
        skip_forced: bool = False,
        bot_settings: dict[str, Any] | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        check_settings(
            episode=episode, reward=reward, max_steps=max_steps, render_mode=render_mode, reward_scale=reward_scale
        )
        self.variant = get_variant(name)
        self._options = options
        probe = self.variant.create(options, seed=0)
        self._ids, self._spec = capabilities(probe)
        if type(seat) is not int or not 0 <= seat < probe.players:
            raise ValueError(f"seat must be a seat from 0 to {probe.players - 1}, not {seat!r}")
        self.seat = seat
        self._bot_settings = bot_settings or {}
        self._seats = _seats(opponents, probe.players, seat, self._bot_settings)
        self._swap: list[_Seat] | None = None  # opponents to seat at the next reset
        self._episode, self._reward, self._max_steps = resolve(
            self.variant, probe.options, episode=episode, reward=reward, max_steps=max_steps
        )
        self._skip = skip_forced
        self.render_mode = render_mode
        self._deal_class = deal_event_class(self.variant, probe.options) or type(None)
        self._divisor = hand_reward_divisor(self.variant, probe.options, scale=reward_scale)
        self.reward_scale = reward_scale
        """What ``reward="hand"`` divides a margin's change by, or ``None`` for the variant's divisor."""
        self._chosen_at = chosen_at(self._ids, self._spec)
        self.observation_fields = observation_fields(self._ids, self._spec)
        """The observation's layout, name to slice (the variant's fields, then ``chosen`` for actions in parts)."""
        self._size = observation_size(self._ids, self._spec)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(self._size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self._ids.size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self._ids.size)
        self._game: Game = probe
        self._table: Table | None = None
        self._pending = [_Pending() for _ in range(probe.players)]
        self._decision: Decision | None = None
        self._rng = random.Random(0)
        self._steps = 0
        self._margin = 0.0
        self._done = False
        self._ended = False
        self._started = False

    @property
    def episode(self) -> str:
        """What an episode is here, ``"match"`` or ``"hand"`` (``"auto"`` resolved)."""
        return self._episode

    @property
    def reward(self) -> str:
        """How rewards are given here, ``"match"`` or ``"hand"`` (``"auto"`` resolved)."""
        return self._reward

    @property
    def max_steps(self) -> int | None:
        """The learner's steps before truncation (``"auto"`` resolved), or ``None``."""
        return self._max_steps

    def set_opponents(self, opponents: Opponent | Sequence[Opponent]) -> None:
        """Seat other opponents from the next :meth:`reset` on (as the ``opponents`` setting).

        For leagues and self-play: a pool of earlier policies, one drawn per episode. A hand
        episode that goes on with the match seats them at the same table.

        Raises:
            LookupError: for an unknown bot.
            ValueError: for a wrong number of opponents.
            TypeError: for something that is neither a name, a bot nor a policy.

        """
        self._swap = _seats(opponents, self._game.players, self.seat, self._bot_settings)

    def action_masks(self) -> np.ndarray:
        """The learner's legal ids now, as booleans (what sb3-contrib's ``MaskablePPO`` asks for)."""
        mask = np.zeros(self._ids.size, dtype=np.bool_)
        decision = self._decision
        if not self._ended and decision is not None:
            mask[decision.legal_ids()] = True
        return mask

    # -- Gymnasium's API --------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new match (or, for hand episodes without a seed, the match's next hand), at the learner's choice.

        Unseeded, the first reset draws fresh entropy (Gymnasium's ``np_random``), and every
        later one goes on from it; seeded, the episodes that follow are exactly reproducible.
        An episode always starts with a choice for the learner: a hand (or a match) that the
        opponents finish before the learner's first choice is passed over for the next one.
        """
        super().reset(seed=seed)
        go_on = self._episode == "hand" and seed is None and self._started and not self._game.is_over
        if self._swap is not None:
            self._seats, self._swap = self._swap, None
            if go_on:
                self._seat_table()
        for _ in range(1000):
            if not go_on:
                self._new_game()
            self._started = True
            self._steps = 0
            self._done = self._ended = False
            self._decision = None
            self._margin = self._margin_now()
            self._to_learner()  # the opponents' moves before the learner's first choice earn it nothing
            self._margin = self._margin_now()
            if not self._ended:
                observation = self._observe()
                return observation, self._info(observation)
            go_on = self._episode == "hand" and not self._game.is_over
        raise RuntimeError("no episode in 1000 games gave the learner a choice")

    def _new_game(self) -> None:
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._rng = random.Random(game_seed)
        self._game = self.variant.create(self._options, seed=game_seed)
        self._seat_table()

    def _seat_table(self) -> None:
        """A table for the game if a bot is seated (it keeps every seat's log), else none (the cheapest)."""
        if any(s.bot is not None for s in self._seats):
            # every seat plays through the table then, so each bot's log has every event
            bots: list[Bot] = [
                s.bot
                if s.bot is not None
                else self._pending[i]
                if i == self.seat or s.policy
                else make_bot("random", **self._bot_settings)
                for i, s in enumerate(self._seats)
            ]
            self._table = Table(self._game, bots, rng=self._rng)
        else:
            self._table = None

    def step(self, action: np.int64 | int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner chooses the id ``action``; the bots play until it chooses again or the episode ends.

        An id that may not come next (see the mask) ends the episode with a reward of -1 and
        ``info["illegal"]``, as PettingZoo's ``TerminateIllegalWrapper`` does.

        Raises:
            ValueError: for a step after the episode ended.

        """
        reward, terminated, truncated, illegal = self._advance(action)
        observation = self._observe()
        info = self._info(observation)
        if illegal is not None:
            info["illegal"] = illegal
        if terminated or truncated:
            info.update(self._ending())
        return observation, reward, terminated, truncated, info

    def render(self) -> str | None:
        """The learner's table as text: answered (``render_mode="ansi"``) or printed (``"human"``).

        The text says whose turn it is, the scores, the table and what the learner's seat sees,
        its hand included (:func:`~tablegames.rl.text.render_text`). ``None`` where
        ``render_mode`` is ``None`` or ``"human"``.
        """
        if self.render_mode is None:
            return None
        text = render_text(self._game, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._game

    # -- the game underneath ------------------------------------------------------------------

    def _advance(self, action: np.int64 | int) -> tuple[float, bool, bool, int | None]:
        """:meth:`step` without the observation: the reward, terminated, truncated, and the illegal id if it was."""
        decision = self._decision
        if self._done or decision is None:
            raise ValueError("the episode has ended: call reset()")
        chosen_id = int(action)
        if not 0 <= chosen_id < self._ids.size or not decision.allows(chosen_id):
            # As PettingZoo's TerminateIllegalWrapper does: an illegal id ends the episode, -1.
            self._done = self._ended = True
            return -1.0, True, False, chosen_id
        chosen = decision.choose(chosen_id)
        reward = 0.0
        if chosen is not None:
            reward += self._apply(chosen)
            reward += self._to_learner()
        self._steps += 1
        terminated = self._ended
        truncated = not terminated and self._max_steps is not None and self._steps >= self._max_steps
        self._done = terminated or truncated
        return reward, terminated, truncated, None

    def _write(self, vector: FloatBuffer, mask: FloatBuffer) -> None:
        """The learner's observation and mask, into zeroed ``vector`` and ``mask`` (rows of a batch, say)."""
        self._spec.write(self._game, self.seat, vector)
        decision = self._decision
        if not self._ended and decision is not None:
            decision.write(mask, vector, self._chosen_at)

    def _ending(self) -> dict[str, Any]:
        """What the last step's info keeps of an episode that ended: its match's seed, the scores, the log.

        ``"log"`` is the match's full log at the episode's end (an
        :class:`~tablegames.core.events.EventLog`): :func:`tablegames.replay` of it is the game
        as it stood, able to go on, and :func:`tablegames.dumps` writes it.
        """
        game = self._game
        return {"seed": game.seed, "scores": np.array(game.scores, dtype=np.int64), "log": game.log()}

    def _apply(self, action: Action, seat: int | None = None) -> float:
        """Apply an action the environment chose (the learner's, or ``seat``'s policy's); the reward it brings."""
        self._decision = None
        if self._table is not None:
            self._pending[self.seat if seat is None else seat].pending = action
            before = len(self._game.events)
            self._table.step()
            return self._settle(self._game.events[before:])
        return self._settle(self._game.apply(action))

    def _to_learner(self) -> float:
        """Let the bots play until the learner must choose (a real choice, if skipping forced ones)."""
        game = self._game
        reward = 0.0
        while not self._ended:
            current = game.current_player
            assert current is not None
            if current == self.seat:
                self._decision = Decision(game, self._ids)
                only = self._decision.only() if self._skip else None
                if only is None:
                    return reward
                chosen = self._decision.choose(only)
                if chosen is not None:
                    reward += self._apply(chosen)
                continue
            opponent = self._seats[current]
            if opponent.policy is not None:
                reward += self._apply(policy_action(opponent.policy, game), current)
            elif self._table is not None:
                before = len(game.events)
                self._table.step()
                reward += self._settle(game.events[before:])
            else:
                reward += self._settle(game.apply(self._rng.choice(game.legal_actions())))
        return reward

    def _settle(self, events: Sequence[Any]) -> float:
        """The learner's reward for ``events``, noting whether the episode ended with them."""
        game = self._game
        reward = 0.0
        if self._reward == "hand":
            now = self._margin_now()
            reward += (now - self._margin) / self._divisor
            self._margin = now
        if game.is_over:
            self._ended = True
            if self._reward == "match":
                reward += 1.0 if game.side_of(self.seat) == game.winner else -1.0
        elif self._episode == "hand" and any(isinstance(e, self._deal_class) for e in events):
            self._ended = True
        return reward

    def _margin_now(self) -> float:
        return margins(self._game.scores)[self._game.side_of(self.seat)]

    def _observe(self) -> dict[str, Any]:
        vector = np.zeros(self._size, dtype=np.float32)
        mask = np.zeros(self._ids.size, dtype=np.int8)
        self._write(entries(vector), mask)  # a mask is a few entries: not worth a memoryview
        return {"observation": vector, "action_mask": mask}

    def _info(self, observation: dict[str, Any]) -> dict[str, Any]:
        return {"action_mask": observation["action_mask"]}


class TableGamesVectorEnv(gymnasium.vector.VectorEnv[dict[str, Any], np.ndarray, np.ndarray]):
    """``n`` :class:`TableGamesEnv` stepped together, writing straight into ``(n, ...)`` arrays.

    It behaves as Gymnasium's ``SyncVectorEnv`` of the same environments with
    ``autoreset_mode=AutoresetMode.SAME_STEP`` (a test holds them equal, step by step): a game
    whose episode ends is reset within the same step, the observation returned is the new
    episode's first, and the last one of the ended episode is in ``info["final_obs"]`` (an
    object array of observation dicts, ``info["_final_obs"]`` saying which rows hold one).
    ``info["final_info"]`` is the ended episode's last info, batched as Gymnasium batches it:
    among its keys ``seed`` (the match's seed), ``scores`` (one row per game) and ``log``
    (an object array of the ended episodes' full logs), each with its ``_`` mask of the rows
    that ended.
    ``info["action_mask"]`` is the batch's masks, ``info["illegal"]`` the ids refused
    (``info["_illegal"]`` where). Seeding
    ``reset(seed=s)`` seeds game ``i`` with ``s + i``, as Gymnasium does.

    It skips what a generic vector environment must do for any environment: stacking ``n``
    dicts of arrays and ``n`` info dicts at every step. Each game writes its observation and
    mask into its own row of the batch.

    Args:
        name: a registered variant (its own action ids and observation, else the derived ones).
        n: how many games.
        settings: :class:`TableGamesEnv`'s settings and the variant's options, for every game.

    Raises:
        ValueError: if ``n`` is not a positive int, or for a bad setting.

    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012 - Gymnasium's own

    def __init__(self, name: str, n: int, **settings: Any) -> None:
        if type(n) is not int or n < 1:
            raise ValueError(f"n must be a positive int, not {n!r}")
        self.envs = [TableGamesEnv(name, **settings) for _ in range(n)]
        """The games' single environments, in row order."""
        first = self.envs[0]
        self.num_envs = n
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, n)
        self.action_space = batch_space(first.action_space, n)
        self.render_mode = None
        size, ids = first._size, first._ids.size
        self._vectors = np.zeros((n, size), dtype=np.float32)
        self._masks = np.zeros((n, ids), dtype=np.int8)
        # each game's rows, as memoryviews made once (see entries)
        self._rows = [(entries(self._vectors[i]), entries(self._masks[i])) for i in range(n)]

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Every game anew (game ``i`` seeded ``seed + i``, or from a list of seeds)."""
        n = self.num_envs
        seeds = [None if seed is None else seed + i for i in range(n)] if not isinstance(seed, list) else seed
        if len(seeds) != n:
            raise ValueError(f"reset needs one seed per game ({n}), not {len(seeds)}")
        self._vectors.fill(0.0)
        self._masks.fill(0)
        for i, environment in enumerate(self.envs):
            environment.reset(seed=seeds[i], options=options)
            environment._write(*self._rows[i])
        return self._batch()

    def step(
        self, actions: np.ndarray | Sequence[int]
    ) -> tuple[dict[str, Any], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Each game's learner chooses its id; an ended episode's game is reset at once."""
        n = self.num_envs
        if len(actions) != n:
            raise ValueError(f"step needs one action per game ({n}), not {len(actions)}")
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=np.bool_)
        truncated = np.zeros(n, dtype=np.bool_)
        self._vectors.fill(0.0)
        self._masks.fill(0)
        final: np.ndarray | None = None
        final_info: dict[str, Any] = {}
        illegal: dict[int, int] = {}
        chosen = actions.tolist() if isinstance(actions, np.ndarray) else actions  # Python ints, not NumPy scalars
        rows = self._rows
        for i, environment in enumerate(self.envs):
            reward, ended, cut, refused = environment._advance(chosen[i])
            rewards[i] = reward
            if refused is not None:
                illegal[i] = refused
            if ended or cut:
                terminated[i], truncated[i] = ended, cut
                if final is None:
                    final = np.empty(n, dtype=object)  # as Gymnasium's: each ended row's observation dict
                final[i] = last = environment._observe()
                ended_info = environment._info(last)
                if refused is not None:
                    ended_info["illegal"] = refused
                ended_info.update(environment._ending())
                final_info = self._add_info(final_info, ended_info, i)
                environment.reset()
            environment._write(*rows[i])
        observations, infos = self._batch()
        if final is not None:
            infos["final_obs"] = final
            infos["final_info"] = final_info
            infos["_final_obs"] = infos["_final_info"] = terminated | truncated
        if illegal:
            infos["illegal"] = np.array([illegal.get(i, 0) for i in range(n)], dtype=np.int64)
            infos["_illegal"] = np.array([i in illegal for i in range(n)], dtype=np.bool_)
        return observations, rewards, terminated, truncated, infos

    def _batch(self) -> tuple[dict[str, Any], dict[str, Any]]:
        masks = self._masks.copy()
        observations = {"observation": self._vectors.copy(), "action_mask": masks}
        return observations, {"action_mask": masks, "_action_mask": np.ones(self.num_envs, dtype=np.bool_)}


def vector_env(name: str, n: int, **kwargs: Any) -> TableGamesVectorEnv:
    """``n`` :class:`TableGamesEnv` of variant ``name`` stepped together (a :class:`TableGamesVectorEnv`).

    Keyword arguments are :class:`TableGamesEnv`'s.

    Raises:
        ValueError: if ``n`` is not a positive int, or for a bad setting.

    """
    return TableGamesVectorEnv(name, n, **kwargs)


ENV_ID_FORMAT: Final = "tablegames/{name}-v0"
"""How every variant's Gymnasium id is spelled, ``tablegames/american-sniff-v0`` for example."""


def env_id(name: str) -> str:
    """Variant ``name``'s Gymnasium id (:data:`ENV_ID_FORMAT`)."""
    return ENV_ID_FORMAT.format(name=name)


def register_envs() -> list[str]:
    """Register every variant with Gymnasium (once each); the ids, in the order of the variants' names.

    ``gymnasium.make(env_id(name), **settings)`` then builds the variant's
    :class:`TableGamesEnv`. Importing this module calls it: ``import tablegames.rl.gymnasium``, then
    ``gymnasium.make("tablegames/american-sniff-v0", players=2)``, or
    ``gymnasium.make("tablegames.rl.gymnasium:tablegames/american-sniff-v0")``, which imports
    it. Call it again after installing a variant in the same process. A variant whose actions
    cannot be numbered (:func:`~tablegames.core.derived.derived_action_ids`) is registered
    too, and ``make`` raises its :class:`~tablegames.rl.decisions.MissingCapability`.
    """
    ids = []
    for name in variant_names():
        key = env_id(name)
        if key not in gymnasium.registry:
            gymnasium.register(id=key, entry_point=f"{__name__}:TableGamesEnv", kwargs={"name": name})
        ids.append(key)
    return ids


register_envs()
