"""Work of one kind for an instruction count (see ``instructions.sh``).

``python benchmarks/instructions.py N [VARIANT] [WORK]`` does N units of ``WORK`` on ``VARIANT``
(default 2-player American Sniff) and prints the number of units done:

* ``play`` (the default): decisions of random play, from matches seeded 0, 1, ...;
* ``aec`` and ``env``: steps of :func:`tablegames.rl.pettingzoo.raw_env` and of
  :func:`~tablegames.rl.pettingzoo.env`, observation and mask included, random legal ids;
* ``vector``: steps of an 8-game :func:`tablegames.rl.gymnasium.vector_env` against random
  opponents;
* ``view``: ``tablegames.dumps(game.view(seat))`` for the seat to act, at each of the first
  300 positions of greedy matches in order (as a server writes a view after every move);
* ``ismcts``: ISMCTS iterations, ``N // 6`` at each of six decisions of greedy matches, with
  ``iterations_per_world`` 8.

Under callgrind the count is the same from run to run whatever else the machine does (to a
percent or so: ``instructions.sh`` fixes the hash seed and the address layout), so two versions
of the library can be compared on a busy machine. ``instructions.sh`` counts ``N`` units and
``N / 5``, and divides the difference by the units between: what importing, creating the
environments and finding the positions cost cancels out.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import numpy as np
from rl_speed import random_ids, random_step  # this directory's benchmarks
from search import positions

import tablegames
from tablegames.bots import GreedyBot, ISMCTSBot, Table
from tablegames.core.game import Game
from tablegames.rl.gymnasium import vector_env
from tablegames.rl.pettingzoo import env, raw_env

STEPS = 400
"""Decisions played from one match at most (random Smear, setting back, can run very long)."""


def play(units: int, variant: str, options: dict[str, Any]) -> int:
    """Random play: ``units`` decisions, match after match."""
    rng = random.Random(1)
    decisions = 0
    seed = 0
    while decisions < units:
        game = tablegames.new_game(variant, seed=seed, **options)
        seed += 1
        for _ in range(STEPS):
            if game.is_over or decisions == units:
                break
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions


def aec(units: int, variant: str, options: dict[str, Any], *, checked: bool) -> int:
    """``units`` steps of the PettingZoo environment (``env()`` if ``checked``, else ``raw_env``)."""
    rng = random.Random(1)
    environment = (env if checked else raw_env)(variant, **options)
    seed = 1
    environment.reset(seed=seed)
    steps = 0
    while steps < units:
        if not environment.agents:
            seed += 1
            environment.reset(seed=seed)
        steps += random_step(environment, rng)
    return steps


def vector(units: int, variant: str, options: dict[str, Any]) -> int:
    """``units`` steps of eight games against random opponents, random legal ids."""
    rng = random.Random(1)
    environments = vector_env(variant, 8, opponents="random", **options)
    observations, _ = environments.reset(seed=1)
    actions = np.zeros(8, dtype=np.int64)
    for _ in range(units):
        random_ids(observations["action_mask"], rng, actions)
        observations, *_ = environments.step(actions)
    return units


def view(units: int, variant: str, options: dict[str, Any]) -> int:
    """Views written: each of 300 positions of greedy matches in turn, a new view of the seat to act."""
    games: list[Game] = []
    seed = 0
    while len(games) < 300:
        game = tablegames.new_game(variant, seed=seed, **options)
        table = Table(game, [GreedyBot() for _ in range(game.players)], rng=random.Random(seed))
        while not game.is_over and len(games) < 300:
            games.append(game.clone())
            table.step()
        seed += 1
    for i in range(units):
        game = games[i % len(games)]
        tablegames.dumps(game.view(game.current_player or 0))
    return units


def ismcts(units: int, variant: str, options: dict[str, Any]) -> int:
    """ISMCTS iterations: ``units // 6`` at each of six decisions of greedy matches."""
    observations = positions(variant, options, 6)
    bot = ISMCTSBot(iterations=max(1, units // 6), iterations_per_world=8)
    rng = random.Random(1)
    done = 0
    for observation in observations:
        bot.act(observation, rng)
        done += bot.last_iterations
    return done


def main() -> None:
    units = int(sys.argv[1]) if len(sys.argv) > 1 else 40 * 60
    variant = sys.argv[2] if len(sys.argv) > 2 else "american-sniff"
    work = sys.argv[3] if len(sys.argv) > 3 else "play"
    options: dict[str, Any] = {"players": 2} if variant == "american-sniff" else {}
    tablegames.new_game(variant, seed=0, **options)
    if work == "play":
        done = play(units, variant, options)
    elif work in ("aec", "env"):
        done = aec(units, variant, options, checked=work == "env")
    elif work == "vector":
        done = vector(units, variant, options)
    elif work == "view":
        done = view(units, variant, options)
    elif work == "ismcts":
        done = ismcts(units, variant, options)
    else:
        raise SystemExit(f"no work {work!r}: play, aec, env, vector, view or ismcts")
    print(done)


if __name__ == "__main__":
    main()
