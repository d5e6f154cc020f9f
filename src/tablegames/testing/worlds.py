"""The kit's checks of what the bots use: world sampling, and a variant's heuristic and search worlds.

>>> from tablegames.testing.worlds import check_worlds
>>> from tablegames.core.registry import get_variant

>>> Sniff = get_variant("american-sniff")
>>> from tablegames.testing import Scenario
>>> check_worlds(Scenario(variant=Sniff, options={"players": 2}, seed=3, steps=9))
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from tablegames.bots.greedy import GreedyBot
from tablegames.bots.ismcts import worlds_for
from tablegames.bots.sampler import WorldSampler
from tablegames.core.errors import LogError
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.search import Playout
from tablegames.core.serde import dumps
from tablegames.testing._support import as_registered
from tablegames.testing.scenario import ConformanceError, Scenario

__all__ = ["PLAYOUT_LIMIT", "WORLD_SAMPLES", "check_capabilities", "check_worlds"]

WORLD_SAMPLES: Final = 3
"""How many worlds the checks draw at the position."""
PLAYOUT_LIMIT: Final = 100_000
"""The most moves a search world's playout may take to reach its horizon."""


def check_worlds(scenario: Scenario, *, max_steps: int = 10_000) -> None:
    """Every world the bots' sampler draws for the seat to act gives that seat its own log again.

    At the scenario's position, :class:`~tablegames.bots.sampler.WorldSampler` (the variant's
    :meth:`~tablegames.core.game.Game.log_filler` if it has one, else the generic sampler)
    draws :data:`WORLD_SAMPLES` worlds from the seat's redacted log; each must be a game whose
    redacted log for that seat is byte-identical to the seat's own, with the same legal
    actions, and able to go on. Nothing to check once the game is over.
    """
    name = "worlds"
    game = scenario.position()
    seat = game.current_player
    if seat is None:
        return
    log = game.log(seat)
    expected = dumps(log)
    rng = random.Random(scenario.then)
    with as_registered(scenario.variant):
        try:
            sampler = WorldSampler(log)
            worlds = [sampler.sample(rng) for _ in range(WORLD_SAMPLES)]
        except LogError as exc:
            raise ConformanceError(name, scenario, scenario.steps, f"no world for seat {seat}: {exc}") from None
    for world in worlds:
        found = dumps(world.log(seat))
        if found != expected:
            at = next((i for i, (a, b) in enumerate(zip(found, expected, strict=False)) if a != b), 0)
            raise ConformanceError(
                name,
                scenario,
                scenario.steps,
                f"a sampled world shows seat {seat} another log: ...{found[max(0, at - 60) : at + 60]}... "
                f"where its own has ...{expected[max(0, at - 60) : at + 60]}...",
            )
        if list(world.legal_actions()) != list(game.legal_actions()):
            raise ConformanceError(name, scenario, scenario.steps, "a sampled world offers other legal actions")
        world.clone().apply(world.legal_actions()[0])


def _play_out(
    playout: Playout, rng: random.Random, fail: Callable[[str], ConformanceError]
) -> tuple[list[Action], list[float], int | None]:
    """Step ``playout`` by its own policy to its horizon: its moves, its rewards and its winner."""
    moves: list[Action] = []
    for _ in range(PLAYOUT_LIMIT):
        if playout.finished:
            return moves, playout.rewards(), playout.winner
        move = playout.policy(rng)
        moves.append(move)
        playout.step(move)
    raise fail(f"a playout did not end in {PLAYOUT_LIMIT} moves")


def _observation(game: Game, seat: int) -> Observation:
    return Observation(
        variant=game.name,
        options=game.options,
        seat=seat,
        view=game.view(seat),
        events=game.log(seat).events,
        legal=tuple(game.legal_actions()),
    )


def check_capabilities(scenario: Scenario, *, max_steps: int = 10_000) -> None:
    """What the bots choose and search with, the variant's capabilities or the generic defaults, keeps its promises.

    At the scenario's position, for the seat to act:

    * the variant's :meth:`~tablegames.core.game.Game.heuristic_choice` answers ``None`` or one
      of the legal actions, and :class:`~tablegames.bots.greedy.GreedyBot` (the heuristic, or
      the generic look-ahead) answers a legal action;
    * each of :data:`WORLD_SAMPLES` worlds that :class:`~tablegames.bots.ismcts.ISMCTSBot`
      searches (:func:`~tablegames.bots.ismcts.worlds_for`: the variant's
      :meth:`~tablegames.core.game.Game.search_worlds`, else the generic worlds) is at the
      seat's decision, with the same legal actions; its playout, stepped by its own policy,
      reaches its horizon within :data:`PLAYOUT_LIMIT` moves and gives every side a reward in
      0..1; and its :meth:`~tablegames.core.search.Playout.fork`, if it has one, is a copy of the
      world as drawn that, played with the same generator, makes the same moves to the same
      rewards.
    """

    def fail(detail: str) -> ConformanceError:
        return ConformanceError("capabilities", scenario, scenario.steps, detail)

    cls = scenario.variant
    game = scenario.position()
    seat = game.current_player
    if seat is None:
        return
    observation = _observation(game, seat)
    rng = random.Random(scenario.then)
    with as_registered(cls):
        choice = cls.heuristic_choice(observation)
        if choice is not None and choice not in observation.legal:
            raise fail(f"the heuristic chose {choice!r}, which is not legal")
        try:
            greedy = GreedyBot().act(observation, rng)
            worlds = worlds_for(observation, greedy=True)
            playouts = [worlds.sample(rng) for _ in range(WORLD_SAMPLES)]
        except LogError as exc:
            raise fail(f"no world for seat {seat}: {exc}") from None
        if greedy not in observation.legal:
            raise fail(f"greedy chose {greedy!r}, which is not legal")
        sides = game.sides
        for number, playout in enumerate(playouts):
            if playout.current != seat or tuple(playout.legal()) != observation.legal:
                raise fail(f"a search world is not at seat {seat}'s decision with its legal actions")
            fork = playout.fork()
            drawn = tuple(playout.game.events)
            played = _play_out(playout, random.Random(number), fail)
            if fork is not None:
                if fork.game is playout.game or tuple(fork.game.events) != drawn:
                    raise fail("a fork of a world is not a copy of the world as it was drawn")
                if _play_out(fork, random.Random(number), fail) != played:
                    raise fail("a fork of a world, played with the same generator, does not play as the world did")
            rewards = played[1]
            if len(rewards) != sides or not all(0.0 <= r <= 1.0 for r in rewards):
                raise fail(f"a playout's rewards {rewards!r} are not one in 0..1 per side")
