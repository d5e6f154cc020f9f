"""A PettingZoo AEC environment for any variant: its action ids and observation tensors, or the derived ones.

:func:`env` follows PettingZoo's own naming (``env(**kwargs)`` of its classic games) and its
classic games' observation: a dict of ``observation`` (the variant's ``float32`` vector for
the seat, :class:`~tablegames.core.capabilities.ObservationSpec`) and ``action_mask`` (an
``int8`` vector over the variant's ids, :class:`~tablegames.core.capabilities.ActionIds`,
``1`` where the id may come next). Agents are ``"player_0"`` ... one per seat.

>>> from tablegames.rl.pettingzoo import env
>>> aec = env("american-sniff", players=2)
>>> aec.reset(seed=1)
>>> agent = aec.agent_selection
>>> observation, reward, termination, truncation, info = aec.last()
>>> sorted(observation), int(observation["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)

An action chosen in parts (a discard of several cards) is stepped one id at a time by the same
agent; the game sees the whole action once its last part is chosen, so its rules and its log
are the game's own.

Settings, beside the variant's options:

* ``episode``: ``"match"`` (a whole match, hand after hand) or ``"hand"`` (one hand; the next
  :meth:`~raw_env.reset` without a seed goes on with the match's next hand, a new match once it
  is over). The default, ``"auto"``, is the variant's own: a match where random play ends one,
  else a hand (:func:`~tablegames.rl.episodes.episode_defaults`).
* ``reward``: ``"match"`` (``+1`` to each seat of the winning side and ``-1`` to the others,
  when the match ends) or ``"hand"`` (after every step, the change in the seat's side's margin,
  its score less the mean of the other sides', divided by the target score: the rewards of a
  hand add up to its margin). The divisor is
  :func:`~tablegames.rl.decisions.hand_reward_divisor`: the variant's declared target score (a
  documented default where it has none), negated where the lowest score wins, so a reward is
  positive when it brings the side closer to winning. The default, ``"auto"``, follows the
  episode.
* ``reward_scale``: what ``reward="hand"`` divides a margin's change by, in place of the
  variant's divisor (``None``, the default: the declared target score); the sign still follows
  who wins. Not the variant's :attr:`~tablegames.core.game.Game.reward_scale`, which is a
  search bot's scale.
* ``max_steps``: truncation after this many steps of an episode, every agent's (``None``:
  never). The default, ``"auto"``, is four times the longest episode of eight random matches
  (:func:`~tablegames.rl.episodes.episode_defaults`), so every episode ends.
* ``skip_forced``: whether a choice with a single legal id is taken for the agent (about a
  third of all decisions in these games), so agents see only real choices.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from tablegames.bots.worlds import deal_event_class
from tablegames.core.capabilities import FloatBuffer
from tablegames.core.game import Game
from tablegames.core.registry import get_variant
from tablegames.core.rng import fresh_seed
from tablegames.rl import episodes
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
from tablegames.rl.text import RENDER_MODES, render_text

__all__ = ["EPISODES", "REWARDS", "check_settings", "entries", "env", "raw_env"]

_FLOAT32: Final = np.float32
_INT8: Final = np.int8

EPISODES: Final = episodes.EPISODES
"""What an episode may be (beside ``"auto"``), as :data:`tablegames.rl.episodes.EPISODES`."""
REWARDS: Final = episodes.REWARDS
"""How rewards may be given (beside ``"auto"``), as :data:`tablegames.rl.episodes.REWARDS`."""


def entries(array: np.ndarray) -> FloatBuffer:
    """A memoryview of the one-dimensional ``array``, to write an observation or a mask through.

    Setting an entry through it costs half what it costs through the array itself, and an
    observation is a few dozen such entries.
    """
    return cast(FloatBuffer, memoryview(array))  # type: ignore[arg-type]  # NumPy's stubs declare no buffer


def check_settings(
    *,
    episode: str,
    reward: str,
    max_steps: int | str | None,
    render_mode: str | None,
    reward_scale: float | None = None,
) -> None:
    """Check the environments' settings (see the module), beside the variant's options.

    The settings every environment shares are checked by
    :func:`tablegames.rl.episodes.check_settings`; the render mode here.

    Raises:
        ValueError: naming the first bad setting.

    """
    episodes.check_settings(episode=episode, reward=reward, max_steps=max_steps, reward_scale=reward_scale)
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {RENDER_MODES}, not {render_mode!r}")


def env(name: str, **kwargs: Any) -> raw_env:
    """The environment of variant ``name``, with the checks of PettingZoo's usual wrappers.

    Keyword arguments are :class:`raw_env`'s settings and the variant's options. The checks
    are those of PettingZoo's ``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper`` and
    ``TerminateIllegalWrapper(illegal_reward=-1)``, which its classic games wear, done in the
    environment itself (three wrapper layers cost more than the game's own step):

    * calling ``step``, ``observe``, ``render`` or ``agent_iter`` before ``reset`` is an error;
    * an id outside the action space fails an assertion;
    * an id the mask does not allow ends the episode for every agent, ``-1`` to the agent
      that chose it and ``0`` to the others, with PettingZoo's warning.
    """
    return _Checked(name, **kwargs)


class raw_env(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]  # PettingZoo is untyped
    """The unwrapped environment (see the module for the settings).

    Args:
        name: a registered variant: its own :meth:`~tablegames.core.game.Game.action_ids` and
            :meth:`~tablegames.core.game.Game.observation_spec`, else the derived ones
            (:mod:`tablegames.core.derived`).
        episode: ``"match"``, ``"hand"`` or ``"auto"`` (the variant's default).
        reward: ``"match"``, ``"hand"`` or ``"auto"`` (the episode's).
        max_steps: steps before truncation, ``None`` (never) or ``"auto"`` (the variant's default).
        reward_scale: what ``reward="hand"`` divides a margin's change by, or ``None`` (the
            variant's: :func:`~tablegames.rl.decisions.hand_reward_divisor`).
        skip_forced: take single-id choices for the agents.
        render_mode: ``None``, ``"ansi"`` (:meth:`render` answers the current agent's table as
            text) or ``"human"`` (:meth:`render` prints it).
        options: the variant's options.

    Raises:
        MissingCapability: if the variant has no action ids and none can be derived.
        InvalidOptionsError: for bad options.
        ValueError: for a bad setting.

    """

    metadata: Mapping[str, Any] = {"render_modes": list(RENDER_MODES), "name": "tablegames", "is_parallelizable": False}

    def __init__(
        self,
        name: str,
        *,
        episode: str = AUTO,
        reward: str = AUTO,
        max_steps: int | str | None = AUTO,
        reward_scale: float | None = None,
        skip_forced: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        check_settings(
            episode=episode, reward=reward, max_steps=max_steps, render_mode=render_mode, reward_scale=reward_scale
        )
        self.variant = get_variant(name)
        probe = self.variant.create(options, seed=0)
        episode, reward, limit = resolve(
            self.variant, probe.options, episode=episode, reward=reward, max_steps=max_steps
        )
        self.episode = episode
        """What an episode is (``"match"`` or ``"hand"``)."""
        self.reward = reward
        """How rewards are given (``"match"`` or ``"hand"``)."""
        self.max_steps = limit
        """Steps before truncation, or ``None``."""
        self._limit = limit if limit is not None else 2**63
        self.skip_forced = skip_forced
        """Whether single-id choices are taken for the agents."""
        self.render_mode = render_mode
        self._options = options
        self._ids, self._spec = capabilities(probe)
        self._deal_class = deal_event_class(self.variant, probe.options) or type(None)
        self._divisor = hand_reward_divisor(self.variant, probe.options, scale=reward_scale)
        self.reward_scale = reward_scale
        """What ``reward="hand"`` divides a margin's change by, or ``None`` for the variant's divisor."""
        self.possible_agents = [f"player_{seat}" for seat in range(probe.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        self.metadata = {**self.metadata, "name": f"tablegames_{name}"}
        self._chosen_at = chosen_at(self._ids, self._spec)
        self._write = self._spec.write
        self._ids_size = self._ids.size
        self._plain = episode == "match" and reward == "match"  # then only the match's end is news
        self._moves = 0  # steps taken of this environment's games, the key of the observations kept
        self.observation_fields = observation_fields(self._ids, self._spec)
        """The observation's layout, name to slice (the variant's fields, then ``chosen`` for actions in parts)."""
        self._size = observation_size(self._ids, self._spec)
        observation = spaces.Box(low=-np.inf, high=np.inf, shape=(self._size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(self._ids.size,), dtype=np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask}) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._ids.size) for a in self.possible_agents}
        self._game: Game = probe
        self._seed: int | None = None  # the last match's seed; None until the first reset
        self._observed: dict[str, tuple[int, dict[str, np.ndarray]]] = {}
        self._decision: Decision | None = None
        self._rewarded = False  # whether self.rewards holds a reward not 0 (reset at the next step)
        self._steps = 0
        self._margins: list[float] = []

    # -- PettingZoo's API -----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: the variant's ids."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: a new match from ``seed``, or (hand episodes) the match's next hand.

        Without a seed, the new match's seed is the last one's plus one, or, at the first
        reset, fresh entropy (:func:`~tablegames.core.rng.fresh_seed`): two environments never
        seeded play different games, and one seeded once plays the same matches every time.
        """
        go_on = self.episode == "hand" and seed is None and not self._game.is_over and self._steps > 0
        if not go_on:
            if seed is not None:
                self._seed = seed
            else:
                self._seed = fresh_seed() if self._seed is None else (self._seed + 1) % 2**63
            self._game = self.variant.create(self._options, seed=self._seed)
        self._observed = {}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._margins = self._margin_now()
        self._decision = Decision(self._game, self._ids)
        self._skip_forced()
        self._settle()  # forced choices may have ended a (short) hand episode already
        self.rewards = dict.fromkeys(self.agents, 0.0)  # what forced choices scored is nobody's doing
        self._rewarded = False
        self._margins = self._margin_now()
        self.agent_selection = self._agent()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent``'s seat may know now, and its legal ids (none unless it is to choose).

        Asked again before anything changes (PettingZoo's wrappers ask at every step), it
        answers the same arrays, built once: do not write into them.
        """
        cached = self._observed.get(agent)
        if cached is not None and cached[0] == self._moves:
            return cached[1]
        seat = self._seats[agent]
        vector = np.zeros(self._size, _FLOAT32)
        into = entries(vector)
        self._write(self._game, seat, into)
        mask = np.zeros(self._ids_size, _INT8)
        decision = self._decision
        if decision is not None and seat == self._game.current_player:
            decision.write(mask, into, self._chosen_at)  # a few entries: not worth a memoryview
        observation: dict[str, np.ndarray] = {"observation": vector, "action_mask": mask}
        self._observed[agent] = (self._moves, observation)
        return observation

    def step(self, action: int | None) -> None:
        """The current agent chooses the id ``action`` (a legal one: see the mask); ``None`` once it is done."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None, "only an agent that is done steps with None"
        self._live_step(agent, int(action))

    def _live_step(self, agent: str, action: int) -> None:
        """:meth:`step` for ``agent``, the current agent and not done, choosing the id ``action``."""
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the last step gave rewards: this one starts from none (else they are all 0 still)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        self._choose(action)
        if self.skip_forced:
            self._skip_forced()
        self._steps += 1
        if self._decision is None or self._steps >= self._limit:
            self._settle()
        current = self._game.current_player
        if current is not None and self._decision is not None:
            self.agent_selection = self.possible_agents[current]
        else:
            self.agent_selection = self._agent()
        if self._rewarded:
            self._accumulate_rewards()

    def render(self) -> str | None:
        """The current agent's table as text: answered (``render_mode="ansi"``) or printed (``"human"``).

        The text says whose turn it is, the scores, the table and what the agent's seat sees,
        its hand included (:func:`~tablegames.rl.text.render_text`). ``None`` where
        ``render_mode`` is ``None`` or ``"human"``.
        """
        if self.render_mode is None:
            return None
        text = render_text(self._game, self._seats[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    @property
    def game(self) -> Game:
        """The game being played."""
        return self._game

    # -- the game underneath ------------------------------------------------------------------

    def _agent(self) -> str:
        current = self._game.current_player
        if current is None or self._decision is None:
            return self.agent_selection if self.agents else self.possible_agents[0]
        return self.possible_agents[current]

    def _choose(self, action_id: int) -> None:
        decision = self._decision
        assert decision is not None
        self._moves += 1  # the observations change (a part chosen, or an action applied)
        action = decision.choose(action_id)
        if action is None:
            return  # a part of an action chosen in parts: the same seat chooses again
        events = self._game.apply(action)
        if self._plain and not self._game.is_over:  # whole-match episodes, match rewards: nothing to settle yet
            self._decision = Decision(self._game, self._ids)
            return
        self._after(events)

    def _after(self, events: Any) -> None:
        deal = self._deal_class
        if self.reward == "hand":
            self._reward_margins()
        if self._game.is_over:
            self._decision = None
            if self.reward == "match":
                winner = self._game.winner
                for seat, agent in enumerate(self.possible_agents):
                    self.rewards[agent] += 1.0 if self._game.side_of(seat) == winner else -1.0
                self._rewarded = True
            return
        if self.episode == "hand" and any(isinstance(e, deal) for e in events):
            self._decision = None  # the hand is over: the next one is the next episode's
            return
        self._decision = Decision(self._game, self._ids)

    def _skip_forced(self) -> None:
        if not self.skip_forced:
            return
        while self._decision is not None:
            only = self._decision.only()
            if only is None:
                return
            self._choose(only)

    def _settle(self) -> None:
        if self._decision is None:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._steps >= self._limit:
            self.truncations = dict.fromkeys(self.agents, True)

    def _margin_now(self) -> list[float]:
        return margins(self._game.scores)

    def _reward_margins(self) -> None:
        now = self._margin_now()
        divisor = self._divisor
        before = self._margins
        if now == before:
            return  # no score moved: no reward
        for seat, agent in enumerate(self.possible_agents):
            side = self._game.side_of(seat)
            self.rewards[agent] += (now[side] - before[side]) / divisor
        self._margins = now
        self._rewarded = True


class _Checked(raw_env):
    """:func:`env`'s environment: :class:`raw_env` with the checks of PettingZoo's wrappers."""

    def __init__(self, name: str, **kwargs: Any) -> None:
        super().__init__(name, **kwargs)
        self._has_reset = False
        self._illegal_ended = False

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """As :meth:`raw_env.reset`."""
        self._has_reset = True
        self._illegal_ended = False
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """As :meth:`raw_env.observe`; an error before :meth:`reset`."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return super().observe(agent)

    def render(self) -> str | None:
        """As :meth:`raw_env.render`; an error before :meth:`reset`."""
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        return super().render()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """As PettingZoo's; an error before :meth:`reset`."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def step(self, action: int | None) -> None:
        """As :meth:`raw_env.step`, checked: an illegal id ends the episode (see :func:`env`)."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # Discrete(size).contains, without its NumPy conversions (this is every step's cost)
        assert isinstance(action, (int, np.integer)) and 0 <= action < self._ids_size, "action is not in action space"
        chosen = int(action)
        decision = self._decision
        if decision is None or self._seats[agent] != self._game.current_player or not decision.allows(chosen):
            EnvLogger.warn_on_illegal_move()
            self._cumulative_rewards[agent] = 0.0
            self.terminations = dict.fromkeys(self.agents, True)
            self.truncations = dict.fromkeys(self.agents, True)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = -1.0
            self._rewarded = True
            self._accumulate_rewards()
            self._deads_step_first()
            self._illegal_ended = True
            return
        self._live_step(agent, chosen)
