"""What a world costs from the generic sampler, beside a variant's own filler (not a test).

For every installed variant, greedy bots play matches; at positions early, midway and late in
each match the script builds :class:`tablegames.bots.worlds.GenericWorlds` on the seat's
redacted log (settling the hands that are over) and draws samples from it, and does the same
with the variant's filler through :class:`tablegames.bots.WorldSampler` where the variant has
one. It prints the mean build and per-sample costs in milliseconds, measured in the same run.

    python benchmarks/generic_sampler_cost.py [--matches 3] [--samples 30]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import tablegames
from tablegames.bots import GreedyBot, Table, WorldSampler
from tablegames.bots import worlds as generic


def _positions(variant: str, matches: int) -> list[tuple[tablegames.Game, int]]:
    out = []
    for seed in range(matches):
        game = tablegames.new_game(variant, seed=seed)
        Table(game, [GreedyBot()] * game.players, rng=random.Random(seed)).play()
        total = len(game.log().events)
        for share in (0.2, 0.5, 0.9):
            position = tablegames.new_game(variant, seed=seed)
            table = Table(position, [GreedyBot()] * position.players, rng=random.Random(seed))
            while len(position.log().events) < share * total and not position.is_over:
                table.step()
            if position.current_player is not None:
                out.append((position, position.current_player))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="the generic world sampler's cost beside the fillers'")
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--samples", type=int, default=30)
    args = parser.parse_args(argv)
    print(f"{'variant':18} {'positions':>9} {'generic build':>14} {'generic sample':>15} {'filler sample':>14}")
    for variant in tablegames.variant_names():
        builds, samples, filler = [], [], []
        has_filler = False
        for game, seat in _positions(variant, args.matches):
            log = game.log(seat)
            generic._SETTLED.clear()  # measure the build from scratch
            rng = random.Random(1)
            start = time.perf_counter()
            worlds = generic.GenericWorlds(log, rng)
            builds.append(time.perf_counter() - start)
            start = time.perf_counter()
            for _ in range(args.samples):
                worlds.sample(rng)
            samples.append((time.perf_counter() - start) / args.samples)
            sampler = WorldSampler(log)
            if not sampler.generic:
                has_filler = True
                start = time.perf_counter()
                for _ in range(args.samples):
                    sampler.sample(rng)
                filler.append((time.perf_counter() - start) / args.samples)
        shown = f"{_ms(filler):11.2f} ms" if has_filler else f"{'(none)':>14}"
        print(f"{variant:18} {len(builds):9} {_ms(builds):11.1f} ms {_ms(samples):12.2f} ms {shown}")


def _ms(seconds: list[float]) -> float:
    """The mean of ``seconds``, in milliseconds."""
    return 1000 * sum(seconds) / len(seconds)


if __name__ == "__main__":
    main()
