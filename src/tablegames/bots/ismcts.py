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
3. **Play out** to the horizon with a cheap default policy: the variant's own playout policy
   when it provides search worlds (below; ``playout="greedy"``, the default, asks for its
   heuristic with 10% random moves, ``playout="random"`` for random moves that bid cautiously),
   else uniformly random moves that bid cautiously like :class:`~tablegames.bots.random.RandomBot`.
4. **Back up** the result to every node on the path.

A move the bot cannot see (another bidder's discard in Smear) is one edge of the tree whatever
it was; the world's default policy picks it.

**Horizon and reward.** A playout stops at the end of the current hand (or when a side wins):
a Sniff hand lasts 10 to 40 decisions, the match several hundred, and random matches played to
the end are both slow and mostly noise about hands that have not been dealt. Each side's reward
is 1 if it won the match during the playout and 0 if another side did; otherwise
``0.5 + 0.5 * tanh(d / scale)``, where ``d`` is the side's score change from the decision to the
end of the hand minus the mean change of the other sides, and ``scale`` is the variant's
:attr:`~tablegames.core.game.Game.reward_scale` (see :func:`reward_scale`; 25 points in Sniff,
3 in Smear, so a typical hand spans most of 0..1). Points won now are worth the same in any
later hand, so the hand's score difference is the natural short-horizon proxy of the match.

**Worlds.** Where the search draws its determinizations is a variant's optional capability,
:meth:`Game.search_worlds <tablegames.core.game.Game.search_worlds>`:

* **The variant's own worlds** (:mod:`tablegames.core.search`), as American Sniff and Four
  Point Smear provide: each iteration draws the current hand's hidden pieces with
  :meth:`~tablegames.bots.sampler.WorldSampler.hand_candidate` and builds its world from the
  *current hand only*: a new game stacked with the sampled deal, the hand's moves applied again,
  the match scores kept aside for an exact win test (Sniff: a side reaching its target wins at
  once; Smear: the settlement is computed with the real scores). That is the same position for
  everything the hand can bring, at a tenth of the cost of replaying the match.
* **The generic worlds**, for any other variant: whole matches from
  :meth:`~tablegames.bots.sampler.WorldSampler.sample` (the generic sampler caches the hands
  already settled, so a sample costs about one hand's replay), played out with random moves
  until the next deal event or the end of the match.

**Sharing worlds.** With ``iterations_per_world=N`` the search draws a world every ``N``
iterations and plays each of them in a copy of it (:meth:`Playout.fork
<tablegames.core.search.Playout.fork>`): fewer distinct worlds, but drawing one and rebuilding
its hand costs about as much as a playout, so the same time buys more iterations. The default,
1, is the search described above.

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

from tablegames.bots._carry import sampler_for
from tablegames.bots.random import RandomBot
from tablegames.bots.sampler import WorldSampler
from tablegames.bots.worlds import deal_event_class
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.registry import get_variant
from tablegames.core.search import Playout, SearchWorlds, reward_scale

__all__ = ["ISMCTSBot", "reward_scale", "worlds_for"]

_RANDOM: Final = RandomBot()

_HIDDEN: Final = "hidden"
"""The tree's key for a move the bot cannot see."""


class ISMCTSBot:
    """Chooses by information-set Monte Carlo tree search (see the module's documentation).

    Args:
        iterations: the most iterations per decision (``None``: no limit).
        seconds: the most time per decision (``None``: no limit); at least one of the two
            must be given. With ``seconds``, choices depend on the machine's speed.
        exploration: the UCB1 constant ``c``.
        playout: ``"greedy"`` or ``"random"``, the default policy of playouts.
        iterations_per_world: how many iterations play in each drawn world (each in a copy of
            it, :meth:`Playout.fork <tablegames.core.search.Playout.fork>`) before the next
            world is drawn; ``1`` draws a world for every iteration. Drawing a world consistent
            with the log and rebuilding its hand costs about as much as a playout, so sharing
            worlds buys iterations; worlds that cannot be copied are drawn every time.

    Raises:
        ValueError: for a budget without limit, an unknown playout policy or
            ``iterations_per_world`` below 1.

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
        iterations_per_world: int = 1,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give ISMCTSBot a budget: iterations=, seconds= or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations!r}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if playout not in ("greedy", "random"):
            raise ValueError(f"playout is 'greedy' or 'random', not {playout!r}")
        if type(iterations_per_world) is not int or iterations_per_world < 1:
            raise ValueError(f"iterations_per_world is an int of at least 1, not {iterations_per_world!r}")
        self.iterations = iterations
        """The most iterations per decision, or ``None``."""
        self.seconds = seconds
        """The most seconds per decision, or ``None``."""
        self.exploration = exploration
        """The UCB1 exploration constant."""
        self.playout = playout
        """The playout policy, ``"greedy"`` or ``"random"``."""
        self.iterations_per_world = iterations_per_world
        """How many iterations play in each drawn world."""
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
        worlds = worlds_for(observation, greedy=self.playout == "greedy")
        root = _Node(-1)
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        per_world = self.iterations_per_world
        world: Playout | None = None  # the world drawn last, never played: its forks are
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            sim = world.fork() if world is not None and done % per_world else None
            if sim is None:
                sim = worlds.sample(rng)
                world = sim.fork() if per_world > 1 else None
            self._iterate(root, sim, rng)
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

    def _iterate(self, root: _Node, sim: Playout, rng: random.Random) -> None:
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


# -- the generic worlds: whole sampled matches, played out to the end of the hand -----------


class _GenericSim(Playout):
    """A whole-match world of any variant, played to the end of the current hand."""

    def __init__(self, game: Game, *, deal_class: type, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self.deal_class = deal_class

    def policy(self, rng: random.Random) -> Action:
        return _RANDOM.choose(self.game.legal_actions(), rng)

    def fork(self) -> _GenericSim:
        """A copy of this world, not played yet."""
        return self.copied()

    def observe(self, action: Action, events: Sequence[Event]) -> None:
        if self.game.is_over:
            self.winner = self.game.winner
            self.finished = True
            return
        if any(type(e) is self.deal_class for e in events):  # the next hand was dealt: the hand is over
            self.finished = True


class _GenericWorlds:
    """Whole-match determinizations from the world sampler, for a variant ISMCTS has no tables for."""

    def __init__(self, observation: Observation, sampler: WorldSampler) -> None:
        self.me = observation.seat
        self.sampler = sampler
        cls = get_variant(observation.variant)
        self.scale = reward_scale(cls, observation.options)
        self.deal_class: type = deal_event_class(cls, observation.options) or type(None)
        self.side_of: tuple[int, ...] | None = None

    def sample(self, rng: random.Random) -> Playout:
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
        )


def worlds_for(observation: Observation, *, greedy: bool = True) -> SearchWorlds:
    """The worlds :class:`ISMCTSBot` searches for ``observation``.

    The variant's own (:meth:`Game.search_worlds <tablegames.core.game.Game.search_worlds>`)
    if it provides them, else the generic worlds: whole matches drawn by
    :class:`~tablegames.bots.sampler.WorldSampler`, played out with random moves to the next
    deal event or the end of the match (``greedy`` is then ignored).

    Raises:
        LogError: if the observation's variant is not installed.
    """
    cls = get_variant(observation.variant)
    sampler = sampler_for(observation.log())
    worlds = cls.search_worlds(observation, sampler, greedy=greedy)
    return _GenericWorlds(observation, sampler) if worlds is None else worlds
