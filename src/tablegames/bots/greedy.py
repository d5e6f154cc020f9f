"""A greedy player: the move a simple rule likes best, from what its seat may know.

* **A variant with a heuristic** (the optional capability :meth:`Game.heuristic_choice
  <tablegames.core.game.Game.heuristic_choice>`): the variant's own choice. American Sniff's
  places the tile that scores most now; Four Point Smear's bids by hand strength and plays its
  cards by simple trick-taking rules; the draw family's and the Pitch family's bases answer
  for every game on them (see the bots page of the documentation).
* **Any other variant, or an observation its heuristic leaves open** (``None``): the action that
  gains its side the most points right now, judged by a one-ply look-ahead in a few worlds
  consistent with the seat's log (see :mod:`tablegames.bots.sampler`; kept from the seat's
  previous decision while they still agree with it): each legal action is
  applied to a copy of each world, and the action whose events raise the side's score the most
  against the best other side wins. Ties (where no points are scored at once, as in most of a
  trick-taking hand) go to the action whose random playouts to the end of the hand gain most,
  then as :class:`~tablegames.bots.random.RandomBot` would break them (in an auction: pass, or
  bid low). See :func:`look_ahead_choice`.

It reads only the :class:`~tablegames.core.observation.Observation`. With a deterministic
heuristic it is deterministic; otherwise the generator draws the worlds and breaks ties.

>>> import random, tablegames
>>> from tablegames.bots import GreedyBot, RandomBot, Table
>>> game = tablegames.new_game("american-sniff", seed=2, players=2)
>>> Table(game, [GreedyBot(), RandomBot()], rng=random.Random(2)).play()
>>> game.winner
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tablegames.bots._carry import decision_worlds
from tablegames.bots.random import RandomBot
from tablegames.bots.worlds import deal_event_class
from tablegames.core.errors import IllegalActionError
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.registry import get_variant

__all__ = ["GreedyBot", "look_ahead_choice"]

_TIE_BREAK: Final = RandomBot()
_DECISIVE: Final = 1e9
"""The gain of winning the match (and, negated, of losing it): more than any score change."""


class GreedyBot:
    """Plays the move a simple rule likes best (see the module's documentation).

    It sees only its observation, never the game, so it cannot cheat.
    """

    name = "greedy"
    """The bot's name on the command line."""

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """The chosen one of ``observation.legal``.

        Raises:
            ValueError: if there is no legal action.
            IllegalActionError: if the variant's heuristic returns an action that is not legal.
        """
        legal = observation.legal
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        choice = get_variant(observation.variant).heuristic_choice(observation)
        if choice is None:
            return look_ahead_choice(observation, rng)
        if choice not in legal:
            raise IllegalActionError(choice, f"the {observation.variant} heuristic chose an action that is not legal")
        return choice


def look_ahead_choice(observation: Observation, rng: random.Random, *, worlds: int = 4) -> Action:
    """The legal action that gains the seat's side the most points, in sampled worlds.

    Each action is judged in ``worlds`` worlds consistent with the seat's log (those drawn for
    the seat's previous decision in the same game that still agree with it are used again, the
    others drawn afresh): its gain is the
    side's score change minus the largest change of another side, first over the events the
    action produces at once (a one-ply look-ahead); where that leaves a tie (no points are
    scored at once, as in most of a trick-taking hand), over a random playout to the end of the
    hand. Remaining ties are broken by :meth:`RandomBot.choose
    <tablegames.bots.random.RandomBot.choose>` (in an auction: pass, or bid low).

    Raises:
        LogError: if no world consistent with the observation is found.

    """
    legal = observation.legal
    cls = get_variant(observation.variant)
    deal_class = deal_event_class(cls, observation.options)
    samples = decision_worlds(observation.log(), rng, worlds)
    side = samples[0].side_of(observation.seat)
    now = [0.0] * len(legal)
    trials: list[list[tuple[Game, tuple[int, ...]]]] = [[] for _ in legal]
    for world in samples:
        before = world.scores
        for i, action in enumerate(legal):
            trial = world.clone()
            trial.apply(action)
            now[i] += _gain(trial, before, side)
            trials[i].append((trial, before))
    top = max(now)
    tied = [i for i, value in enumerate(now) if value == top]
    if len(tied) > 1:  # only the tied actions are played out
        later = {i: sum(_playout_gain(t, b, side, deal_class, rng) for t, b in trials[i]) for i in tied}
        best_later = max(later.values())
        tied = [i for i in tied if later[i] == best_later]
    return _TIE_BREAK.choose([legal[i] for i in tied], rng)


def _gain(game: Game, before: Sequence[int], side: int) -> float:
    """The side's score change since ``before`` minus the largest other side's; a win or loss outweighs it.

    For a variant whose lowest score wins, a change counts negated: a side gaining penalty points loses.
    """
    if game.is_over:
        return _DECISIVE if game.winner == side else -_DECISIVE
    sign = -1 if game.lower_score_wins else 1
    change = [sign * (a - b) for a, b in zip(game.scores, before, strict=True)]
    others = [c for s, c in enumerate(change) if s != side]
    return change[side] - (max(others) if others else 0)


def _playout_gain(
    game: Game, before: Sequence[int], side: int, deal_class: type | None, rng: random.Random, *, limit: int = 2000
) -> float:
    """:func:`_gain` after random play to the end of the hand (the next deal event) or of the match."""
    for _ in range(limit):
        if game.is_over:
            break
        events = game.apply(_TIE_BREAK.choose(game.legal_actions(), rng))
        if deal_class is not None and any(type(e) is deal_class for e in events):
            break
    return _gain(game, before, side)
