"""A trained policy as a bot: observation and mask in, an action id out.

:class:`PolicyBot` plays anywhere a bot plays (a :class:`~tablegames.bots.base.Table`,
``tablegames simulate``, the strength benchmark, the server's seats). A bot sees only its
seat's :class:`~tablegames.core.observation.Observation`, never the game, so the bot draws one
world consistent with the seat's log (:func:`~tablegames.bots.sampler.sample_world`) and writes
the observation from it: the observation of every such world is the same (the conformance
kit's ``observation`` check holds variants to that), so it is exactly the environments'.

>>> import random, tablegames
>>> from tablegames.bots import RandomBot, Table
>>> from tablegames.rl.policy import PolicyBot
>>> first_legal = PolicyBot(lambda observation, mask: int(mask.nonzero()[0][0]))
>>> game = tablegames.new_game("american-sniff", seed=2, players=2)
>>> Table(game, [first_legal, RandomBot()], rng=random.Random(2)).play()
>>> game.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np

from tablegames.bots.sampler import sample_world
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.registry import get_variant
from tablegames.rl.decisions import Decision, capabilities, chosen_at

__all__ = ["Policy", "PolicyBot"]

Policy = Callable[[np.ndarray, np.ndarray], int]
"""A policy, given the ``float32`` observation and the ``int8`` mask, answers an id whose mask entry is 1."""


class PolicyBot:
    """Plays the ids ``policy`` chooses (an action chosen in parts: one call per part).

    The bot keeps the world it drew and follows the game in it: each other seat's move is found
    among the world's legal actions by the events it logs (as the seat saw them), so a world is
    drawn again only when the game shows something the world did not hold (a new hand's deal, a
    draw of the seat's own). Any world consistent with the seat's log gives the same
    observation, so this is exact, and far cheaper than drawing a world every decision.

    Args:
        policy: the policy.
        name: the bot's name.

    Raises:
        ValueError: (from :meth:`act`) if the policy answers an id the mask does not allow.

    """

    def __init__(self, policy: Policy, *, name: str = "policy") -> None:
        self.policy = policy
        self.name = name
        self._world: Game | None = None
        self._seat: int | None = None
        self._known: tuple[Event, ...] = ()  # the seat's log the world was last found consistent with
        self.worlds_drawn = 0
        """How many worlds the bot has drawn (a measure of how well it follows the game)."""

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """The legal action the policy chooses, id by id."""
        if len(observation.legal) == 1:
            return observation.legal[0]
        world = self._follow(observation, rng)
        ids, spec = capabilities(world)
        at = chosen_at(ids, spec)
        vector = np.zeros(spec.size if at is None else at + ids.size, dtype=np.float32)
        spec.write(world, observation.seat, vector)
        decision = Decision(world, ids)
        while True:
            mask = np.zeros(ids.size, dtype=np.int8)
            mask[decision.legal_ids()] = 1
            if at is not None:  # the parts chosen so far, as the environments show them
                vector[at:] = 0.0
                decision.write_chosen(vector, at)
            chosen = int(self.policy(vector, mask))
            if not 0 <= chosen < ids.size or not mask[chosen]:
                raise ValueError(f"the policy chose id {chosen}, which the mask does not allow")
            action = decision.choose(chosen)
            if action is not None:
                break
        for legal in observation.legal:  # the table's own object, equal to the world's
            if legal == action:
                world.apply(action)  # the world follows the bot's own move too
                return legal
        raise AssertionError(f"{get_variant(observation.variant).name}: a world's legal action is not the seat's")

    def _follow(self, observation: Observation, rng: random.Random) -> Game:
        """A world consistent with the seat's log: the kept one, moved on, or a new one."""
        seat, events = observation.seat, observation.events
        world, known = self._world, self._known
        if (
            world is None
            or self._seat != seat
            or type(world).name != observation.variant
            or len(known) > len(events)
            or events[: len(known)] != known  # another game (events shared with the last log compare fast)
        ):
            world = None
        else:
            world = _moved_on(world, seat, known, events)
        if world is None:
            world = sample_world(observation.log(), rng)
            self.worlds_drawn += 1
        self._world, self._seat, self._known = world, seat, events
        return world


def _moved_on(world: Game, seat: int, known: Sequence[Event], events: Sequence[Event]) -> Game | None:
    """``world``, consistent with the seat's log ``known``, moved on to the longer log ``events``.

    The world has played on from ``known`` with the seat's own move; each further move is found
    among its legal actions by the events it logs as ``seat`` sees them. ``None`` if no move
    logs what ``events`` hold (the world hid something other than the game did).
    """
    start = len(known)
    produced = [e.redact(seat) for e in world.events[start:]]  # the seat's own move, played in the world
    if tuple(produced) != tuple(events[start : start + len(produced)]):
        return None
    at = start + len(produced)
    while at < len(events):
        if world.is_over:
            return None
        for action in world.legal_actions():
            trial = world.clone()
            logged = trial.apply(action)
            stop = at + len(logged)
            if stop <= len(events) and all(e.redact(seat) == events[at + k] for k, e in enumerate(logged)):
                world, at = trial, stop
                break
        else:
            return None
    return world
