"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

The bot cannot see the other hands, so it searches over *determinizations*: each iteration
deals the hidden pieces at random, consistently with everything its seat has seen (the
sampler of :mod:`tablegames.bots.sampler`), and walks one shared tree in that world:

1. **Select**: from the root (the bot's decision), while every move legal in this world has
   been tried at the node, follow the move maximising UCB1 with *availability* counts,
   ``mean + c * sqrt(ln(available) / visits)``, where ``available`` counts the iterations in
   which the move was legal (moves legal only in some worlds are not penalised). Each node's
   statistics are from the side of the seat that made its move, so opponents pick their best
   replies and partners cooperate.
2. **Expand** one untried move, chosen at random.
3. **Play out** to the horizon with a cheap default policy: the greedy rules of
   :mod:`tablegames.bots.greedy` with 10% random moves (``playout="greedy"``, the default), or
   uniformly random moves that bid cautiously like :class:`~tablegames.bots.random.RandomBot`
   (``playout="random"``).
4. **Back up** the result to every node on the path.

A move the bot cannot see (another bidder's discard in Smear) is one edge of the tree whatever
it was; the world's default policy picks it.

**Horizon and reward.** A playout stops at the end of the current hand (or when a side wins):
a Sniff hand lasts 10 to 40 decisions, the match several hundred, and random matches played to
the end are both slow and mostly noise about hands that have not been dealt. Each side's reward
is 1 if it won the match during the playout and 0 if another side did; otherwise
``0.5 + 0.5 * tanh(d / scale)``, where ``d`` is the side's score change from the decision to the
end of the hand minus the mean change of the other sides (``scale`` 25 points in Sniff, 3 in
Smear, so a typical hand spans most of 0..1). Points won now are worth the same in any later
hand, so the hand's score difference is the natural short-horizon proxy of the match, and the
exact win test keeps the end of a match right (Sniff: a side reaching its target wins at once;
Smear: the settlement is computed with the real scores, so a bid that wins or loses the match
is judged as such).

**Determinizations.** Replaying the whole match log for every sample costs a few milliseconds,
more than the rest of an iteration. So each iteration draws the hidden pieces with
:meth:`~tablegames.bots.sampler.WorldSampler.candidate` (the same constraints as
:func:`~tablegames.bots.sampler.sample_world`), but builds its world from the *current hand
only*: a new game stacked with the sampled deal of this hand, the hand's moves applied again,
and the match scores kept aside to judge the reward. That is the same position for everything
the hand can bring, at a tenth of the cost.

>>> import random, tablegames
>>> from tablegames.bots import GreedyBot, ISMCTSBot, Table
>>> game = tablegames.new_game("american-sniff", seed=1, players=2)
>>> bot = ISMCTSBot(iterations=30)
>>> table = Table(game, [bot, GreedyBot()], rng=random.Random(1))
>>> for _ in range(6):
...     _ = table.step()
>>> bot.last_iterations in (0, 30)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any, Final

import attrs

from tablegames.bots.base import Observation
from tablegames.bots.greedy import smear_choice, sniff_choice, sniff_layout
from tablegames.bots.random import RandomBot
from tablegames.bots.sampler import WorldSampler
from tablegames.bots.worlds import deal_event_class
from tablegames.core.errors import IllegalActionError
from tablegames.core.events import Action, Event, EventLog
from tablegames.core.game import MAX_TARGET, Game
from tablegames.core.registry import get_variant
from tablegames.mechanics.line import LineLayout, arm_index
from tablegames.variants.smear.actions import Bid, Discard, Pass, PlayCard
from tablegames.variants.smear.events import BidMade, BidPassed, CardPlayed, Discarded, HandScored, ThrownIn
from tablegames.variants.smear.events import HandDealt as SmearHandDealt
from tablegames.variants.smear.options import SmearDeal
from tablegames.variants.smear.rules import settle, winner_after_hand
from tablegames.variants.sniff.actions import Play, play
from tablegames.variants.sniff.events import HandDealt as SniffHandDealt
from tablegames.variants.sniff.events import HandEnded, LeaderDrawn, Scored, TilePlayed
from tablegames.variants.sniff.options import SniffDeal

__all__ = ["ISMCTSBot", "reward_scale"]

_RANDOM: Final = RandomBot()

_NO_TARGET: Final = MAX_TARGET
"""The target of a hand-local world (which starts from 0): no one hand scores that much, so it
never ends the match by itself."""
_HIDDEN: Final = "hidden"
"""The tree's key for a move the bot cannot see."""
_EPSILON: Final = 0.1
"""The share of random moves in greedy playouts."""


class ISMCTSBot:
    """Chooses by information-set Monte Carlo tree search (see the module's documentation).

    Args:
        iterations: the most iterations per decision (``None``: no limit).
        seconds: the most time per decision (``None``: no limit); at least one of the two
            must be given. With ``seconds``, choices depend on the machine's speed.
        exploration: the UCB1 constant ``c``.
        playout: ``"greedy"`` or ``"random"``, the default policy of playouts.

    Raises:
        ValueError: for a budget without limit, or an unknown playout policy.

    A decision with one legal action is returned at once. The bot sees only its observation,
    never the game, so it cannot cheat; with an iteration budget and a seeded generator its
    choices are reproducible.
    """

    name = "ismcts"
    """The bot's name on the command line."""

    def __init__(
        self,
        *,
        iterations: int | None = 300,
        seconds: float | None = None,
        exploration: float = 0.7,
        playout: str = "greedy",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give ISMCTSBot a budget: iterations=, seconds= or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if playout not in ("greedy", "random"):
            raise ValueError(f"playout is 'greedy' or 'random', not {playout!r}")
        self.iterations = iterations
        """The most iterations per decision, or ``None``."""
        self.seconds = seconds
        """The most seconds per decision, or ``None``."""
        self.exploration = exploration
        """The UCB1 exploration constant."""
        self.playout = playout
        """The playout policy, ``"greedy"`` or ``"random"``."""
        self.last_iterations = 0
        """How many iterations the last search ran (0 when the move was forced)."""

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """The legal action the search visited most.

        Raises:
            ValueError: if there is no legal action.
            LogError: if no world consistent with the observation can be found.
        """
        legal = observation.legal
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        worlds = _worlds_for(observation, greedy=self.playout == "greedy")
        root = _Node(-1)
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, worlds.sample(rng), rng)
            done += 1
        self.last_iterations = done
        best = legal[0]
        best_key = (-1, -1.0)
        for action in legal:
            child = root.children.get(action)
            if child is not None and child.visits:
                key = (child.visits, child.reward / child.visits)
                if key > best_key:
                    best, best_key = action, key
        return best

    def _iterate(self, root: _Node, sim: _Sim, rng: random.Random) -> None:
        node = root
        path: list[_Node] = []
        c = self.exploration
        while not sim.finished:
            seat = sim.current
            if sim.hidden_move():
                action = sim.policy(rng)
                child = node.children.get(_HIDDEN)
                if child is None:
                    child = node.children[_HIDDEN] = _Node(seat)
                child.avail += 1
                path.append(child)
                sim.step(action)
                node = child
                continue
            legal = sim.legal()
            untried = []
            present: list[tuple[Action, _Node]] = []
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
                    present.append((action, child))
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action] = _Node(seat)
                child.avail = 1
                path.append(child)
                sim.step(action)
                break
            best_action, best_child = present[0]
            best_score = -math.inf
            for action, child in present:
                score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best_action, best_child, best_score = action, child, score
            path.append(best_child)
            sim.step(best_action)
            node = best_child
        while not sim.finished:
            sim.step(sim.policy(rng))
        rewards = sim.rewards()
        for node in path:
            node.visits += 1
            node.reward += rewards[sim.side_of[node.seat]]


class _Node:
    """A node of the search tree: the statistics of the move that leads to it."""

    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


# -- simulations: one determinization, played to the horizon --------------------------------


class _Sim:
    """A world being played out: the game, and what the reward needs beyond it."""

    scale: float = 1.0

    def __init__(self, game: Game, *, me: int, side_of: Sequence[int], offset: Sequence[int], greedy: bool) -> None:
        self.game = game
        self.me = me
        self.side_of = side_of
        self.offset = list(offset)
        self.start = [o + s for o, s in zip(offset, game.scores, strict=True)]
        self.greedy = greedy
        self.finished = False
        self.winner: int | None = None
        self.current = game.current_player if game.current_player is not None else -1

    def legal(self) -> Sequence[Action]:
        return self.game.legal_actions()

    def hidden_move(self) -> bool:
        return False

    def policy(self, rng: random.Random) -> Action:
        legal = self.game.legal_actions()
        return legal[rng.randrange(len(legal))]

    def step(self, action: Action) -> None:
        events = self.game.apply(action)
        self.observe(action, events)
        current = self.game.current_player
        self.current = current if current is not None else -1
        if current is None:
            self.finished = True

    def observe(self, action: Action, events: Sequence[Event]) -> None:
        raise NotImplementedError  # pragma: no cover

    def rewards(self) -> list[float]:
        """Each side's reward in 0..1."""
        sides = len(self.start)
        if self.winner is not None:
            return [1.0 if s == self.winner else 0.0 for s in range(sides)]
        change = [o + s - b for o, s, b in zip(self.offset, self.game.scores, self.start, strict=True)]
        out = []
        for s in range(sides):
            others = (sum(change) - change[s]) / (sides - 1)
            out.append(0.5 + 0.5 * math.tanh((change[s] - others) / self.scale))
        return out


class _SniffSim(_Sim):
    scale = 25.0

    def __init__(self, game: Game, layout: LineLayout, *, target: int, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self.layout = layout
        self.target = target

    def policy(self, rng: random.Random) -> Action:
        legal = self.game.legal_actions()
        if not self.greedy or len(legal) == 1 or rng.random() < _EPSILON:
            return legal[rng.randrange(len(legal))]
        return sniff_choice(self.layout, legal)

    def observe(self, action: Action, events: Sequence[Event]) -> None:
        if isinstance(action, Play):
            self.layout.place(action.tile, None if action.end is None else arm_index(action.end))
        for event in events:
            if isinstance(event, Scored) and event.reason == "count":
                if self.offset[event.side] + event.total >= self.target:
                    self.winner = event.side
                    self.finished = True
                    return
            elif isinstance(event, HandEnded):
                self.finished = True
                return


class _SmearSim(_Sim):
    scale = 3.0

    def __init__(self, game: Game, played: list[Any], *, options: Any, real: Sequence[int], **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self.played = played
        self.options = options
        self.real = real
        self.change = [0, 0]

    def hidden_move(self) -> bool:
        return self.current != self.me and isinstance(self.game.legal_actions()[0], Discard)

    def policy(self, rng: random.Random) -> Action:
        game = self.game
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if not self.greedy or rng.random() < _EPSILON:
            if isinstance(legal[0], Pass) and len(legal) > 1:
                return legal[0] if rng.random() < 0.6 else legal[1]
            return legal[rng.randrange(len(legal))]
        return smear_choice(game.view(self.current), legal, played=self.played, options=self.options)

    def observe(self, action: Action, events: Sequence[Event]) -> None:
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
        if self.winner is not None:
            return [1.0 if s == self.winner else 0.0 for s in (0, 1)]
        d = self.change[0] - self.change[1]
        r0 = 0.5 + 0.5 * math.tanh(d / self.scale)
        return [r0, 1.0 - r0]


# -- building determinizations from the current hand ------------------------------------------


class _Worlds:
    """Draws hand-local determinizations for one observation."""

    def __init__(self, observation: Observation, *, greedy: bool) -> None:
        self.observation = observation
        self.me = observation.seat
        self.greedy = greedy
        self.log: EventLog = observation.log()
        self.sampler = WorldSampler(self.log)
        events = self.log.events
        self.start = max(i for i, e in enumerate(events) if isinstance(e, (SniffHandDealt, SmearHandDealt)))
        self.failures = 0

    def move_of(self, event: Event) -> tuple[int, Action] | None:
        raise NotImplementedError  # pragma: no cover

    def local_game(self, dealt: Any, rng: random.Random) -> Game:
        raise NotImplementedError  # pragma: no cover

    def wrap(self, game: Game, *, local: bool) -> _Sim:
        raise NotImplementedError  # pragma: no cover

    def sample(self, rng: random.Random) -> _Sim:
        """A world consistent with the observation, at the bot's decision."""
        legal = self.observation.legal
        for _ in range(20):
            hand = self.sampler.hand_candidate(rng, relaxed=self.failures > 50)
            if hand is None:
                continue
            try:
                game = self.local_game(hand[0], rng)
                for event in hand:
                    move = self.move_of(event)
                    if move is not None:
                        game.apply(move[1], seat=move[0])
            except IllegalActionError:
                self.failures += 1
                continue
            if game.current_player == self.me and tuple(game.legal_actions()) == legal:
                return self.wrap(game, local=True)
            self.failures += 1
        # the slow, fully checked way: a whole match replayed
        return self.wrap(self.sampler.sample(rng), local=False)


class _SniffWorlds(_Worlds):
    def __init__(self, observation: Observation, *, greedy: bool) -> None:
        super().__init__(observation, greedy=greedy)
        events = self.log.events
        leader: int | None = None
        if self.start + 1 < len(events) and isinstance(events[self.start + 1], LeaderDrawn):
            leader = events[self.start + 1].seat  # type: ignore[attr-defined]
        else:
            ended = [e for e in events[: self.start] if isinstance(e, HandEnded)]
            leader = ended[-1].seat if ended else None
        self.leader = leader
        view = observation.view
        self.layout = sniff_layout(view)
        self.side_of = tuple(view.side_of_seat)
        self.real = tuple(view.scores)
        self.target: int = observation.options.target
        self.options = attrs.evolve(observation.options, target=_NO_TARGET)

    def move_of(self, event: Event) -> tuple[int, Action] | None:
        if isinstance(event, TilePlayed):
            return event.seat, play(event.tile, event.end)
        return None

    def local_game(self, dealt: Any, rng: random.Random) -> Game:
        deal = SniffDeal(hands=dealt.hands, stock=dealt.stock, leader=self.leader)
        return get_variant("american-sniff").create(self.options, seed=rng.randrange(2**63), deals=[deal])

    def wrap(self, game: Game, *, local: bool) -> _Sim:
        offset = [r - s for r, s in zip(self.real, game.scores, strict=True)]
        return _SniffSim(
            game,
            self.layout.copy(),
            target=self.target,
            me=self.me,
            side_of=self.side_of,
            offset=offset,
            greedy=self.greedy,
        )


class _SmearWorlds(_Worlds):
    def __init__(self, observation: Observation, *, greedy: bool) -> None:
        super().__init__(observation, greedy=greedy)
        self.played = [e.card for e in self.log.events[self.start :] if isinstance(e, CardPlayed)]
        self.real = tuple(observation.view.scores)
        self.options = observation.options
        self.local_options = attrs.evolve(observation.options, target=_NO_TARGET)

    def move_of(self, event: Event) -> tuple[int, Action] | None:
        if isinstance(event, BidMade):
            return event.seat, Bid(event.amount)
        if isinstance(event, BidPassed):
            return event.seat, Pass()
        if isinstance(event, Discarded):
            return event.seat, Discard(event.cards or ())
        if isinstance(event, CardPlayed):
            return event.seat, PlayCard(event.card)
        return None

    def local_game(self, dealt: Any, rng: random.Random) -> Game:
        deal = SmearDeal(hands=dealt.hands, undealt=dealt.undealt, dealer=dealt.dealer)
        return get_variant("four-point-smear").create(self.local_options, seed=rng.randrange(2**63), deals=[deal])

    def wrap(self, game: Game, *, local: bool) -> _Sim:
        return _SmearSim(
            game,
            list(self.played),
            options=self.options,
            real=self.real,
            me=self.me,
            side_of=(0, 1, 0, 1),
            offset=[0, 0],
            greedy=self.greedy,
        )


class _GenericSim(_Sim):
    """A whole-match world of any variant, played to the end of the current hand."""

    def __init__(self, game: Game, *, deal_class: type, scale: float, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self.deal_class = deal_class
        self.scale = scale

    def policy(self, rng: random.Random) -> Action:
        return _RANDOM.choose(self.game.legal_actions(), rng)

    def observe(self, action: Action, events: Sequence[Event]) -> None:
        if self.game.is_over:
            self.winner = self.game.winner
            self.finished = True
            return
        if any(type(e) is self.deal_class for e in events):  # the next hand was dealt: the hand is over
            self.finished = True


class _GenericWorlds:
    """Whole-match determinizations from the world sampler, for a variant ISMCTS has no tables for."""

    def __init__(self, observation: Observation) -> None:
        self.me = observation.seat
        self.sampler = WorldSampler(observation.log())
        cls = get_variant(observation.variant)
        self.scale = reward_scale(cls, observation.options)
        self.deal_class: type = deal_event_class(cls, observation.options) or type(None)
        self.side_of: tuple[int, ...] | None = None

    def sample(self, rng: random.Random) -> _Sim:
        game = self.sampler.sample(rng)
        if self.side_of is None:
            self.side_of = tuple(game.side_of(s) for s in range(game.players))
        return _GenericSim(
            game,
            deal_class=self.deal_class,
            scale=self.scale,
            me=self.me,
            side_of=self.side_of,
            offset=[0] * game.sides,
            greedy=False,
        )


def reward_scale(cls: type[Game], options: Any) -> float:
    """The score difference that makes a hand's playout reward ``0.5 + 0.5 * tanh(1)`` for a variant.

    The variant's ``reward_scale`` class attribute if it sets one, else a tenth of its
    ``target`` option (at least 1), else 10.
    """
    scale = cls.reward_scale
    if scale is not None and scale > 0:
        return float(scale)
    target = getattr(options, "target", None)
    return max(1.0, target / 10) if isinstance(target, int) else 10.0


def _worlds_for(observation: Observation, *, greedy: bool) -> _Worlds | _GenericWorlds:
    if observation.variant == "american-sniff":
        return _SniffWorlds(observation, greedy=greedy)
    if observation.variant == "four-point-smear":
        return _SmearWorlds(observation, greedy=greedy)
    return _GenericWorlds(observation)
