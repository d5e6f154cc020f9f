"""The optional search capability: hand-local worlds and playouts a variant builds for ISMCTS.

:class:`~tablegames.bots.ismcts.ISMCTSBot` searches any variant through the generic worlds of
:mod:`tablegames.bots.worlds` (whole matches replayed, played out to the end of the hand with
random moves). A variant that knows better returns its own :class:`SearchWorlds` from
:meth:`Game.search_worlds <tablegames.core.game.Game.search_worlds>`: worlds of the current
hand alone (cheaper to build), a playout policy (stronger), and a reward that knows the end of
a match. This module gives the pieces such a variant builds on:

* :class:`Playout`: one world being played out, with the default reward (each side's score
  change against the mean of the others, squashed by ``tanh``) and a uniformly random policy;
  a variant subclasses it and overrides :meth:`Playout.observe` (when the playout ends),
  :meth:`Playout.policy`, where the rules hide a move :meth:`Playout.hidden_move`, and, so a
  search may play several iterations in one drawn world, :meth:`Playout.fork`.
* :class:`HandWorlds`: draws the current hand's hidden pieces from a :class:`WorldSource` (the
  bots' world sampler), replays the hand's moves in a hand-local game built by the variant,
  and falls back to a whole sampled match when that fails.

The conformance kit's ``worlds`` check exercises a variant's search worlds when it has them.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Sequence
from typing import Any, Final, Protocol, Self, runtime_checkable

from tablegames.core.errors import IllegalActionError
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.observation import Observation

__all__ = ["EPSILON", "HandWorlds", "Playout", "SearchWorlds", "WorldSource", "reward_scale"]

EPSILON: Final = 0.1
"""The share of random moves a greedy playout policy should mix in (the built-in variants' value)."""


def reward_scale(cls: type[Game], options: Any) -> float:
    """The score difference that makes a hand's playout reward ``0.5 + 0.5 * tanh(1)`` for a variant.

    The variant's ``reward_scale`` class attribute if it sets one, else a tenth of its declared
    :meth:`~tablegames.core.game.Game.target_score` (at least 1), else 10.
    """
    scale = cls.reward_scale
    if scale is not None and scale > 0:
        return float(scale)
    target = cls.target_score(options)
    return max(1.0, target / 10) if target is not None else 10.0


@runtime_checkable
class WorldSource(Protocol):
    """Where worlds come from: what :class:`~tablegames.bots.sampler.WorldSampler` offers a variant."""

    def hand_candidate(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The last hand's events, from its deal event on, with the hidden fields drawn; ``None`` at a dead end."""
        ...  # pragma: no cover

    def sample(self, rng: random.Random) -> Game:
        """A whole game consistent with the seat's log, checked by replay."""
        ...  # pragma: no cover


class Playout:
    """One world being played out from the searching seat's decision to the horizon.

    Args:
        game: the world (a game the search may change freely).
        me: the searching seat.
        side_of: the side of every seat.
        offset: what to add to each side's score in ``game`` to get the real match score (a
            hand-local game starts from zero).
        scale: the score difference that gives a reward of ``0.5 + 0.5 * tanh(1)`` (see
            :meth:`rewards` and :func:`reward_scale`).

    The search reads :attr:`current`, :attr:`finished` and :attr:`side_of`, and calls
    :meth:`legal`, :meth:`hidden_move`, :meth:`policy`, :meth:`step` and :meth:`rewards`.
    """

    def __init__(
        self, game: Game, *, me: int, side_of: Sequence[int], offset: Sequence[int], scale: float = 1.0
    ) -> None:
        self.game = game
        """The world."""
        self.me = me
        """The searching seat."""
        self.side_of = side_of
        """The side of every seat."""
        self.offset = list(offset)
        """Real match score minus the world's score, per side."""
        self.scale = scale
        """The score difference that gives a reward of ``0.5 + 0.5 * tanh(1)``."""
        self.start = [o + s for o, s in zip(offset, game.scores, strict=True)]
        """The real match scores at the decision."""
        self.direction = -1.0 if game.lower_score_wins else 1.0
        """``1.0``, or ``-1.0`` for a variant whose lowest score wins (a rise is then a loss)."""
        self.finished = False
        """Whether the playout has reached its horizon."""
        self.winner: int | None = None
        """The side that won the match during the playout, if one did."""
        current = game.current_player
        self.current = current if current is not None else -1
        """The seat to act (``-1`` once the world's game is over)."""

    def legal(self) -> Sequence[Action]:
        """The legal actions in the world now."""
        return self.game.legal_actions()

    def hidden_move(self) -> bool:
        """Whether the move to make now is one the searching seat would not see (default: never)."""
        return False

    def policy(self, rng: random.Random) -> Action:
        """The playout's move now (default: uniformly random)."""
        legal = self.game.legal_actions()
        return legal[rng.randrange(len(legal))]

    def step(self, action: Action) -> None:
        """Apply ``action`` in the world and :meth:`observe` what it brought."""
        events = self.game.apply(action)
        self.observe(action, events)
        current = self.game.current_player
        self.current = current if current is not None else -1
        if current is None:
            self.finished = True

    def observe(self, action: Action, events: Sequence[Event]) -> None:
        """Note ``action`` and its ``events``; set :attr:`finished` (and :attr:`winner`) at the horizon.

        The default ends the playout when the world's game is over.
        """
        if self.game.is_over:
            self.winner = self.game.winner
            self.finished = True

    def fork(self) -> Playout | None:
        """An independent copy of this world, not played yet; ``None`` if the class cannot copy itself.

        Called only on a playout that has not been stepped. A search may then play several
        iterations in one sampled world (each in a fork), drawing worlds less often: drawing
        and rebuilding a world costs as much as playing it out. The default, ``None``, means a
        new world for every iteration. A subclass returns :meth:`copied` (and copies the state
        of its own that playing changes); a subclass of one of the built-in playouts with such
        state of its own overrides it again.
        """
        return None

    def copied(self) -> Self:
        """A copy of this playout with its world's game cloned and its score lists copied, for :meth:`fork`.

        Every other attribute is shared with the original, so a subclass whose playing changes
        one of its own (a list it appends to) copies that too.
        """
        new = copy.copy(self)
        new.game = self.game.clone()
        new.offset = list(self.offset)
        new.start = list(self.start)
        return new

    def rewards(self) -> list[float]:
        """Each side's reward in 0..1: 1 or 0 if a side won, else from the score changes.

        Without a winner, a side's reward is ``0.5 + 0.5 * tanh(d / scale)``, where ``d`` is its
        score change since the decision minus the mean change of the other sides (negated for a
        variant whose :attr:`~tablegames.core.game.Game.lower_score_wins`).
        """
        sides = len(self.start)
        if self.winner is not None:
            return [1.0 if s == self.winner else 0.0 for s in range(sides)]
        sign = self.direction
        change = [sign * (o + s - b) for o, s, b in zip(self.offset, self.game.scores, self.start, strict=True)]
        total = sum(change)
        return [0.5 + 0.5 * math.tanh((c - (total - c) / (sides - 1)) / self.scale) for c in change]


@runtime_checkable
class SearchWorlds(Protocol):
    """What :meth:`Game.search_worlds <tablegames.core.game.Game.search_worlds>` returns."""

    def sample(self, rng: random.Random) -> Playout:
        """A world consistent with the observation, at the searching seat's decision."""
        ...  # pragma: no cover


class HandWorlds:
    """Hand-local worlds: the current hand rebuilt from a sampled deal, the hand's moves replayed.

    A variant subclasses it and provides :meth:`local_game` (a game of the current hand alone,
    dealt as the sampled deal event says) and :meth:`wrap` (its :class:`Playout`). A world that
    does not reach the observation's decision with the same legal actions is drawn again; after
    20 misses in one call the world is a whole sampled match (``local=False`` in :meth:`wrap`).
    """

    def __init__(
        self, game_class: type[Game], observation: Observation, worlds: WorldSource, *, greedy: bool, deal_event: type
    ) -> None:
        self.game_class = game_class
        """The variant (its :meth:`~tablegames.core.game.Game.create` builds hand-local games)."""
        self.observation = observation
        """The observation searched from."""
        self.me = observation.seat
        """The searching seat."""
        self.greedy = greedy
        """Whether playouts follow the variant's heuristic (else random moves)."""
        self.worlds = worlds
        """Where the hidden pieces are drawn."""
        events = observation.events
        self.start = max(i for i, e in enumerate(events) if isinstance(e, deal_event))
        """The index of the current hand's deal event in the seat's log."""
        self.failures = 0
        """How many hand-local worlds missed the decision so far."""
        self.scale = reward_scale(game_class, observation.options)
        """The playouts' reward scale (:func:`reward_scale` of the variant)."""

    def local_game(self, dealt: Event, rng: random.Random) -> Game:
        """A game of the current hand alone, dealt as the sampled deal event ``dealt`` says."""
        raise NotImplementedError  # pragma: no cover

    def wrap(self, game: Game, *, local: bool) -> Playout:
        """The playout of ``game`` (hand-local if ``local``, else a whole match)."""
        raise NotImplementedError  # pragma: no cover

    def sample(self, rng: random.Random) -> Playout:
        """A world consistent with the observation, at the searching seat's decision."""
        legal = self.observation.legal
        action_of = self.game_class.action_of
        for _ in range(20):
            hand = self.worlds.hand_candidate(rng, relaxed=self.failures > 50)
            if hand is None:
                continue
            try:
                game = self.local_game(hand[0], rng)
                for event in hand:
                    move = action_of(event)
                    if move is not None:
                        game.apply(move[1], seat=move[0])
            except IllegalActionError:
                self.failures += 1
                continue
            if game.current_player == self.me and tuple(game.legal_actions()) == legal:
                return self.wrap(game, local=True)
            self.failures += 1
        return self.wrap(self.worlds.sample(rng), local=False)
