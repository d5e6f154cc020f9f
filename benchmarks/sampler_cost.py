"""What a world sample costs: ``sample_world`` (a whole match replayed) and a hand-only candidate.

Greedy bots play matches; at positions early, midway and late in each match the script times
:func:`tablegames.bots.sample_world` on a seat's redacted log, and
:meth:`tablegames.bots.WorldSampler.hand_candidate` (the current hand's hidden pieces only, as
:class:`tablegames.bots.ISMCTSBot` draws them), and prints the mean cost by log length. This is a
measurement, not a test.

    python benchmarks/sampler_cost.py
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

import tablegames
from tablegames.bots import GreedyBot, Table, WorldSampler

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("american-sniff", {"players": 2}),
    ("american-sniff", {"players": 4}),
    ("four-point-smear", {}),
    ("four-point-smear", {"seen_undealt": 2}),
)


def measure(variant: str, options: dict[str, Any], *, matches: int, samples: int) -> list[tuple[int, float, float]]:
    """``(log length, ms per sample_world, ms per hand candidate)`` at three points of each match."""
    rows = []
    rng = random.Random(1)
    for seed in range(matches):
        game = tablegames.new_game(variant, seed=seed, **options)
        table = Table(game, [GreedyBot()] * game.players, rng=random.Random(seed))
        table.play()
        total = len(game.log().events)
        for share in (0.2, 0.5, 0.95):
            replay = tablegames.new_game(variant, seed=seed, **options)
            table = Table(replay, [GreedyBot()] * replay.players, rng=random.Random(seed))
            while len(replay.log().events) < share * total and not replay.is_over:
                table.step()
            seat = replay.current_player if replay.current_player is not None else 0
            log = replay.log(seat)
            sampler = WorldSampler(log)
            start = time.perf_counter()
            for _ in range(samples):
                sampler.sample(rng)
            full = (time.perf_counter() - start) / samples
            start = time.perf_counter()
            for _ in range(samples):
                sampler.hand_candidate(rng)
            hand = (time.perf_counter() - start) / samples
            rows.append((len(log.events), 1000 * full, 1000 * hand))
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="the cost of a world sample")
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--samples", type=int, default=50)
    args = parser.parse_args(argv)
    print(f"{'variant':50} {'events':>7} {'sample_world':>13} {'hand only':>10}")
    for variant, options in CASES:
        rows = measure(variant, options, matches=args.matches, samples=args.samples)
        for label, pick in (("early", 0), ("midway", 1), ("late", 2)):
            chosen = rows[pick::3]
            events = sum(r[0] for r in chosen) / len(chosen)
            full = sum(r[1] for r in chosen) / len(chosen)
            hand = sum(r[2] for r in chosen) / len(chosen)
            name = f"{variant} {options} ({label})"
            print(f"{name:50} {events:7.0f} {full:10.2f} ms {hand:7.3f} ms")


if __name__ == "__main__":
    main()
