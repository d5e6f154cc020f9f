"""Hand-local Four Point Smear worlds for ISMCTS, with greedy playouts and the exact settlement.

A world is the current hand alone: a game stacked with the sampled deal, the hand's bids,
discards and plays applied again. Its target is out of reach; when the hand is scored the
playout settles it against the real match scores (:func:`~tablegames.variants.smear.rules.settle`
and :func:`~tablegames.variants.smear.rules.winner_after_hand`), so a bid that wins or loses the
match is judged as such. Another bidder's discard is a move the searching seat cannot see
(:meth:`SmearPlayout.hidden_move`). Greedy playouts follow
:func:`~tablegames.variants.smear.heuristic.smear_choice` with
:data:`~tablegames.core.search.EPSILON` random moves (random bids pass six times in ten).
The reward scale is the variant's (3 points).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Action, Event
from tablegames.core.game import MAX_TARGET, Game
from tablegames.core.observation import Observation
from tablegames.core.search import EPSILON, HandWorlds, Playout, WorldSource
from tablegames.mechanics.tricks import TrickCard
from tablegames.variants.smear.actions import Discard, Pass
from tablegames.variants.smear.events import CardPlayed, HandDealt, HandScored, ThrownIn
from tablegames.variants.smear.heuristic import smear_choice
from tablegames.variants.smear.options import SmearDeal
from tablegames.variants.smear.rules import settle, winner_after_hand

__all__ = ["SmearPlayout", "SmearWorlds"]


class SmearPlayout(Playout):
    """A Smear world played to the end of the hand, settled with the real match scores."""

    def __init__(
        self, game: Game, played: list[Card], *, options: Any, real: Sequence[int], greedy: bool, **kwargs: Any
    ) -> None:
        super().__init__(game, **kwargs)
        self.played = played
        """The cards played so far in the hand."""
        self.options = options
        """The match's real options."""
        self.real = real
        """The real match scores at the decision."""
        self.greedy = greedy
        """Whether the policy is the heuristic (else random moves)."""
        self.change = [0, 0]
        """Each side's score change when the hand was settled."""

    def fork(self) -> SmearPlayout:
        """A copy of this world, not played yet (its game cloned, the cards played copied)."""
        new = self.copied()
        new.played = list(self.played)
        return new

    def hidden_move(self) -> bool:
        """Another seat's discard: the searching seat never sees which cards."""
        return self.current != self.me and isinstance(self.game.legal_actions()[0], Discard)

    def policy(self, rng: random.Random) -> Action:
        """The heuristic's action, or a random one (always when not greedy, else one time in ten)."""
        game = self.game
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not self.greedy or rng.random() < EPSILON:
            if isinstance(legal[0], Pass) and len(legal) > 1:
                return legal[0] if rng.random() < 0.6 else legal[1]
            return legal[rng.randrange(len(legal))]
        return smear_choice(_Seen(game, self.current), legal, played=self.played, options=self.options)

    def observe(self, action: Action, events: Sequence[Event]) -> None:
        """Keep the cards played; at the hand's score, settle it with the real scores and stop."""
        for event in events:
            if isinstance(event, CardPlayed):
                self.played.append(event.card)
            elif isinstance(event, HandScored):
                bidder_side = event.bidder % 2
                changes, made = settle(
                    self.real, bidder_side=bidder_side, bid=event.bid, won=event.won, options=self.options
                )
                self.change = list(changes)
                scores = [r + c for r, c in zip(self.real, changes, strict=True)]
                self.winner = winner_after_hand(scores, bidder_side=bidder_side, made=made, options=self.options)
                self.finished = True
                return
            elif isinstance(event, ThrownIn):
                self.finished = True
                return

    def rewards(self) -> list[float]:
        """1 or 0 if the settlement ended the match, else from the settled score difference."""
        if self.winner is not None:
            return [1.0 if s == self.winner else 0.0 for s in (0, 1)]
        d = self.change[0] - self.change[1]
        r0 = 0.5 + 0.5 * math.tanh(d / self.scale)
        return [r0, 1.0 - r0]


class _Seen:
    """What the heuristic reads of a seat's view (:class:`~tablegames.variants.smear.heuristic.Seen`), from the game.

    The same values as the seat's :class:`~tablegames.variants.smear.view.SmearView`, without
    building the rest of it at every move of a playout.
    """

    __slots__ = ("discarded", "hand", "phase", "seat", "trick", "trump")

    def __init__(self, game: Any, seat: int) -> None:
        play = game.trick_play
        self.seat = seat
        self.phase: str = game.phase
        self.hand: tuple[Card, ...] = tuple(game.hands[seat])
        self.trump: Suit | None = play.trump
        self.trick: tuple[TrickCard, ...] = play.trick_cards()
        self.discarded: tuple[Card, ...] | None = game.discards if game.sees_bidders_cards(seat) else None


class SmearWorlds(HandWorlds):
    """Draws hand-local Smear worlds for one observation (see the module's documentation)."""

    def __init__(self, game_class: type[Game], observation: Observation, worlds: WorldSource, *, greedy: bool) -> None:
        super().__init__(game_class, observation, worlds, greedy=greedy, deal_event=HandDealt)
        self.played = [e.card for e in observation.events[self.start :] if isinstance(e, CardPlayed)]
        self.real = tuple(observation.view.scores)
        self.options = observation.options
        self.local_options = attrs.evolve(observation.options, target=MAX_TARGET)

    def local_game(self, dealt: Any, rng: random.Random) -> Game:
        """A game of this hand alone: the sampled hands, undealt cards and dealer, no reachable target."""
        deal = SmearDeal(hands=dealt.hands, undealt=dealt.undealt, dealer=dealt.dealer)
        # The next hand is never played (a playout stops at the end of this one, or at a
        # throw-in), but the game deals it in the same move: stacked, it is dealt without a shuffle.
        return self.game_class.create(self.local_options, seed=rng.randrange(2**63), deals=[deal, deal])

    def wrap(self, game: Game, *, local: bool) -> SmearPlayout:
        """The playout of ``game``."""
        return SmearPlayout(
            game,
            list(self.played),
            options=self.options,
            real=self.real,
            greedy=self.greedy,
            me=self.me,
            scale=self.scale,
            side_of=(0, 1, 0, 1),
            offset=[0, 0],
        )
