"""The family bases' greedy players against the generic look-ahead they replace (not a test).

For each variant named, ``--seeds`` deals are played twice, the two bots swapping seats (sides in
partnerships), between :class:`~tablegames.bots.GreedyBot` (which plays the heuristic a family
base or the variant gives) and a bot that plays :func:`~tablegames.bots.greedy.look_ahead_choice`,
the generic one-ply look-ahead in sampled worlds that ``greedy`` used before. It prints the
heuristic's share of matches won with a 95% Wilson interval and each bot's mean time a decision
(forced moves excluded). Where the lowest score wins, a match is won by the side of fewer
points; where seats play alone, the heuristic holds the even seats and is scored by their sum.

    python benchmarks/family_heuristics.py all-fives:players=2 auction-pitch mexican-train:players=2:rounds=2 \\
        test-trick-hearts test-trick-whist [--seeds 30]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import tablegames
from tablegames.bots import GreedyBot, Observation, Table
from tablegames.bots.greedy import look_ahead_choice
from tablegames.cli.simulate import wilson_interval
from tablegames.core.events import Action

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.bots.variants_for_sampling import registered
from tests.mechanics.test_drawgame import Fives
from tests.mechanics.test_trickgame import Hearts, Whist


class _Timed:
    """A bot that times its decisions with more than one legal action."""

    def __init__(self, name: str, choose: Any) -> None:
        self.name, self.choose = name, choose
        self.spent, self.decisions = 0.0, 0

    def act(self, observation: Observation, rng: random.Random) -> Action:
        if len(observation.legal) == 1:
            return observation.legal[0]
        start = time.perf_counter()
        action: Action = self.choose(observation, rng)
        self.spent += time.perf_counter() - start
        self.decisions += 1
        return action


def _match(variant: str, options: dict[str, Any], seed: int, swap: int, bots: tuple[_Timed, _Timed]) -> bool:
    """Whether the heuristic's seats won the match of ``seed`` with the heuristic on the seats ``% 2 == swap``."""
    game = tablegames.new_game(variant, seed=seed, **options)
    seats = game.players
    Table(game, [bots[0] if s % 2 == swap else bots[1] for s in range(seats)], rng=random.Random(seed)).play()
    if game.sides == 2 or game.sides == seats == 2:
        return game.winner == game.side_of(swap)
    mine = sum(game.scores[game.side_of(s)] for s in range(seats) if s % 2 == swap)
    theirs = sum(game.scores[game.side_of(s)] for s in range(seats) if s % 2 != swap)
    return mine < theirs if game.lower_score_wins else mine > theirs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="family heuristics against the generic look-ahead")
    parser.add_argument("variants", nargs="+", help="NAME or NAME:key=value:...")
    parser.add_argument("--seeds", type=int, default=30)
    args = parser.parse_args(argv)
    with registered(Fives, Hearts, Whist):
        for spec in args.variants:
            name, *pairs = spec.split(":")
            options = {k: int(v) if v.isdigit() else v for k, v in (p.split("=", 1) for p in pairs)}
            greedy = GreedyBot()
            bots = (_Timed("heuristic", greedy.act), _Timed("look-ahead", look_ahead_choice))
            wins = sum(_match(name, options, seed, swap, bots) for seed in range(args.seeds) for swap in (0, 1))
            n = 2 * args.seeds
            low, high = wilson_interval(wins, n)
            per = [1e3 * b.spent / max(b.decisions, 1) for b in bots]
            print(
                f"{spec:36} heuristic won {wins}/{n} = {wins / n:.1%} [{low:.1%}, {high:.1%}]; "
                f"ms a decision: heuristic {per[0]:.3f}, look-ahead {per[1]:.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
