"""What a world costs from the generic sampler, and what generic ``greedy`` costs a decision (not a test).

For every installed variant, and the two test games of ``tests/bots/variants_for_sampling.py``
(a trick game with a passing phase and a turned-up trump; a domino game where seats draw until
they can play; neither has a filler), greedy bots play matches. At positions early, midway and
late in each match the script builds :class:`tablegames.bots.worlds.GenericWorlds` on the seat's
redacted log (settling the hands that are over) and draws samples from it, and does the same
with the variant's filler through :class:`tablegames.bots.WorldSampler` where the variant has
one. It prints the mean build cost, the median and the 90th percentile of a sample (the world of
the current hand, mid-hand), each in milliseconds, the builds (given 10 s) and the samples
(given 5 s each) that ended in ``NoWorldError``,
and the mean cost of one ``greedy`` decision over whole matches, all measured in the same run.
The target the issue set is a world in at most 1 ms mid-hand and ``greedy`` at most 0.5 ms a
decision; the table says where each variant stands.

    python benchmarks/generic_sampler_cost.py [--matches 2] [--samples 20] [--greedy-matches 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import tablegames
from tablegames.bots import GreedyBot, Table, WorldSampler
from tablegames.bots import worlds as generic

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.bots.variants_for_sampling import DrawDominoes, PassingTricks, registered

TEST_GAMES: dict[str, dict[str, Any]] = {"passing-tricks": {"turn_trump": True}, "draw-dominoes": {"hand_size": 3}}
"""The test games and the options they are measured with."""


def _positions(variant: str, matches: int) -> list[tuple[tablegames.Game, int]]:
    options = TEST_GAMES.get(variant, {})
    out = []
    for seed in range(matches):
        game = tablegames.new_game(variant, seed=seed, **options)
        _play(Table(game, [GreedyBot()] * game.players, rng=random.Random(seed)), lambda _: True)
        total = len(game.log().events)
        for share in (0.2, 0.5, 0.9):
            position = tablegames.new_game(variant, seed=seed, **options)
            table = Table(position, [GreedyBot()] * position.players, rng=random.Random(seed))
            limit = share * total
            _play(table, limit.__gt__)
            if position.current_player is not None:
                out.append((position, position.current_player))
    return out


def _play(table: Table, going: Callable[[int], object]) -> None:
    """Step ``table`` while ``going(events so far)`` and the match is on; a greedy bot's ``NoWorldError`` stops it."""
    game = table.game
    try:
        while going(len(game.events)) and not game.is_over:
            table.step()
    except generic.NoWorldError:
        print(f"  ({game.name}: a greedy bot's sampler found no world after {len(game.events)} events)")


def _greedy_ms(variant: str, matches: int) -> float:
    """The mean milliseconds of one greedy decision over ``matches`` whole matches."""
    options = TEST_GAMES.get(variant, {})
    spent, decisions = 0.0, 0
    for seed in range(matches):
        game = tablegames.new_game(variant, seed=100 + seed, **options)
        table = Table(game, [GreedyBot()] * game.players, rng=random.Random(seed))
        start = time.perf_counter()
        _play(table, lambda _: True)
        spent += time.perf_counter() - start
        decisions += sum(type(game).action_of(e) is not None for e in game.events)
    return 1000 * spent / max(decisions, 1)


@contextmanager
def _test_games() -> Iterator[None]:
    with registered(PassingTricks, DrawDominoes):
        yield


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="the generic world sampler's cost beside the fillers'")
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--greedy-matches", type=int, default=1)
    parser.add_argument("--only", default="", help="measure only variants whose name contains this")
    args = parser.parse_args(argv)
    print(
        f"{'variant':18} {'pos':>3} {'build':>9} {'no build':>8} {'sample p50':>11} {'sample p90':>11} {'no world':>8} "
        f"{'filler p50':>11} {'greedy/dec':>11}"
    )
    with _test_games():
        for variant in tablegames.variant_names():
            if args.only not in variant:
                continue
            builds, samples, filler = [], [], []
            failures = builds_failed = 0
            for game, seat in _positions(variant, args.matches):
                log = game.log(seat)
                generic._SETTLED.clear()  # measure the build from scratch
                rng = random.Random(1)
                start = time.perf_counter()
                try:
                    worlds = generic.GenericWorlds(log, rng, deadline=start + 10.0, budget=10.0)
                except generic.NoWorldError:
                    builds_failed += 1
                    continue
                finally:
                    builds.append(time.perf_counter() - start)
                for _ in range(args.samples):
                    start = time.perf_counter()
                    try:
                        worlds.sample(rng, deadline=start + 5.0, budget=5.0)
                    except generic.NoWorldError:
                        failures += 1
                    samples.append(time.perf_counter() - start)
                sampler = WorldSampler(log)
                if not sampler.generic:
                    for _ in range(args.samples):
                        start = time.perf_counter()
                        sampler.sample(rng)
                        filler.append(time.perf_counter() - start)
            shown = f"{_ms(filler, 50):8.2f} ms" if filler else f"{'(none)':>11}"
            print(
                f"{variant:18} {len(builds):3} {_mean_ms(builds):6.1f} ms {builds_failed:8} {_ms(samples, 50):8.2f} ms "
                f"{_ms(samples, 90):8.2f} ms {failures:8} {shown} {_greedy_ms(variant, args.greedy_matches):8.2f} ms",
                flush=True,
            )


def _mean_ms(seconds: list[float]) -> float:
    """The mean of ``seconds``, in milliseconds."""
    return 1000 * sum(seconds) / len(seconds)


def _ms(seconds: list[float], percent: int) -> float:
    """The ``percent`` percentile of ``seconds``, in milliseconds."""
    if len(seconds) < 2:
        return 1000 * seconds[0] if seconds else float("nan")
    return 1000 * statistics.quantiles(seconds, n=100, method="inclusive")[percent - 1]


if __name__ == "__main__":
    main()
