"""Hand-local American Sniff worlds for ISMCTS, with greedy playouts and the exact win test.

A world is the current hand alone: a game stacked with the sampled deal (and the hand's
leader), the hand's placements applied again, the match scores kept aside as an offset. Its
target is out of reach, so the hand-local game never ends the match by itself; instead the
playout ends, with a winner, as soon as a side's real score reaches the target, or without one
at the end of the hand. Greedy playouts place by :func:`~tablegames.variants.sniff.heuristic.sniff_choice`
on the world's own layout, with :data:`~tablegames.core.search.EPSILON` random moves. The reward
scale is the variant's (25 points).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from tablegames.core.events import Action, Event
from tablegames.core.game import MAX_TARGET, Game
from tablegames.core.observation import Observation
from tablegames.core.search import EPSILON, HandWorlds, Playout, WorldSource
from tablegames.variants.sniff.events import HandDealt, HandEnded, LeaderDrawn, Scored
from tablegames.variants.sniff.heuristic import sniff_choice
from tablegames.variants.sniff.options import SniffDeal

__all__ = ["SniffPlayout", "SniffWorlds"]


class SniffPlayout(Playout):
    """A Sniff world played to the end of the hand, or until a side reaches the target."""

    def __init__(self, game: Game, *, target: int, greedy: bool, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self.target = target
        """The match's real target."""
        self.greedy = greedy
        """Whether the policy is the heuristic (else random moves)."""

    def policy(self, rng: random.Random) -> Action:
        """The heuristic's placement, or a random one (always when not greedy, else one time in ten)."""
        legal = self.game.legal_actions()
        if not self.greedy or len(legal) == 1 or rng.random() < EPSILON:
            return legal[rng.randrange(len(legal))]
        return sniff_choice(self.game.layout, legal)  # type: ignore[attr-defined]  # a Sniff world

    def fork(self) -> SniffPlayout:
        """A copy of this world, not played yet (its game cloned)."""
        return self.copied()

    def observe(self, action: Action, events: Sequence[Event]) -> None:
        """Stop when a count reaches the real target or the hand ends."""
        for event in events:
            if isinstance(event, Scored) and event.reason == "count":
                if self.offset[event.side] + event.total >= self.target:
                    self.winner = event.side
                    self.finished = True
                    return
            elif isinstance(event, HandEnded):
                self.finished = True
                return


class SniffWorlds(HandWorlds):
    """Draws hand-local Sniff worlds for one observation (see the module's documentation)."""

    def __init__(self, game_class: type[Game], observation: Observation, worlds: WorldSource, *, greedy: bool) -> None:
        super().__init__(game_class, observation, worlds, greedy=greedy, deal_event=HandDealt)
        events = observation.events
        leader: int | None = None
        if self.start + 1 < len(events) and isinstance(events[self.start + 1], LeaderDrawn):
            leader = events[self.start + 1].seat  # type: ignore[attr-defined]
        else:
            ended = [e for e in events[: self.start] if isinstance(e, HandEnded)]
            leader = ended[-1].seat if ended else None
        self.leader = leader
        view = observation.view
        self.side_of = tuple(view.side_of_seat)
        self.real = tuple(view.scores)
        self.target: int = observation.options.target
        self.options = attrs.evolve(observation.options, target=MAX_TARGET)
        self.variant = observation.variant

    def local_game(self, dealt: Any, rng: random.Random) -> Game:
        """A game of this hand alone: the sampled hands and stock, the same leader, no reachable target."""
        deal = SniffDeal(hands=dealt.hands, stock=dealt.stock, leader=self.leader)
        # The next hand is never played (a playout stops at the end of this one), but the game
        # deals it in the same move: stacked, it is dealt without a shuffle.
        return self.game_class.create(self.options, seed=rng.randrange(2**63), deals=[deal, deal])

    def wrap(self, game: Game, *, local: bool) -> SniffPlayout:
        """The playout of ``game``, its scores offset to the real match scores."""
        offset = [r - s for r, s in zip(self.real, game.scores, strict=True)]
        return SniffPlayout(
            game,
            target=self.target,
            greedy=self.greedy,
            me=self.me,
            scale=self.scale,
            side_of=self.side_of,
            offset=offset,
        )
