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
from collections.abc import Callable

import numpy as np

from tablegames.bots.sampler import sample_world
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.registry import get_variant
from tablegames.rl.decisions import Decision, capabilities, chosen_at, observation_size

__all__ = ["Policy", "PolicyBot", "policy_action"]

Policy = Callable[[np.ndarray, np.ndarray], int]
"""A policy, given the ``float32`` observation and the ``int8`` mask, answers an id whose mask entry is 1."""


class PolicyBot:
    """Plays the ids ``policy`` chooses (an action chosen in parts: one call per part).

    Args:
        policy: the policy.
        name: the bot's name.

    Raises:
        ValueError: (from :meth:`act`) if the policy answers an id the mask does not allow.

    """

    def __init__(self, policy: Policy, *, name: str = "policy") -> None:
        self.policy = policy
        self.name = name

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """The legal action the policy chooses, id by id."""
        if len(observation.legal) == 1:
            return observation.legal[0]
        world = sample_world(observation.log(), rng)
        action = policy_action(self.policy, world)
        for legal in observation.legal:  # the table's own object, equal to the world's
            if legal == action:
                return legal
        raise AssertionError(f"{get_variant(observation.variant).name}: a world's legal action is not the seat's")


def policy_action(policy: Policy, game: Game) -> Action:
    """The action ``policy`` chooses for the current seat of ``game``, id by id, from the seat's observation.

    The observation is written from ``game`` directly (the environments' vector, the ``chosen``
    field included where actions come in parts), so a policy seated in an environment reads its
    own seat's observation as the learner reads its own, with no world drawn.

    Raises:
        ValueError: if the policy answers an id the mask does not allow.
        MissingCapability: if the variant has no action ids and none can be derived.

    """
    seat = game.current_player
    assert seat is not None, "the game is over"
    ids, spec = capabilities(game)
    at = chosen_at(ids, spec)
    vector = np.zeros(observation_size(ids, spec), dtype=np.float32)
    spec.write(game, seat, vector)
    decision = Decision(game, ids)
    while True:
        mask = np.zeros(ids.size, dtype=np.int8)
        mask[decision.legal_ids()] = 1
        if at is not None:  # the parts chosen so far, as the environments show them
            vector[at:] = 0.0
            decision.write_chosen(vector, at)
        chosen = int(policy(vector, mask))
        if not 0 <= chosen < ids.size or not mask[chosen]:
            raise ValueError(f"the policy chose id {chosen}, which the mask does not allow")
        action = decision.choose(chosen)
        if action is not None:
            return action
