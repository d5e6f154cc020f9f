"""The kit's check of world sampling: what the bots search with, for any variant.

>>> from tablegames.core.registry import get_variant

>>> Sniff = get_variant("american-sniff")
>>> from tablegames.testing import Scenario
>>> check_worlds(Scenario(variant=Sniff, options={"players": 2}, seed=3, steps=9))
"""

from __future__ import annotations

import random
from typing import Final

from tablegames.bots.sampler import WorldSampler
from tablegames.core.errors import LogError
from tablegames.core.serde import dumps
from tablegames.testing._support import as_registered
from tablegames.testing.scenario import ConformanceError, Scenario

__all__ = ["WORLD_SAMPLES", "check_worlds"]

WORLD_SAMPLES: Final = 3
"""How many worlds the check draws at the position."""


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
