"""Helpers for the bot tests: observing a game as a seat, and driving matches between bots."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, Final

import tablegames
from tablegames.bots import Bot, GreedyBot, Observation, RandomBot, Table
from tablegames.core.game import Game

__all__ = ["CASES", "observation_text", "observe", "positions"]

CASES: Final[tuple[tuple[str, dict[str, Any]], ...]] = (
    ("american-sniff", {"players": 2}),
    ("american-sniff", {"players": 3}),
    ("american-sniff", {"players": 4}),
    ("four-point-smear", {}),
    ("four-point-smear", {"seen_undealt": 2}),
    ("four-point-smear", {"seen_undealt": 3, "high_low": "in-play"}),
)
"""Variants and options the property tests run over."""


def observe(game: Game, seat: int) -> Observation:
    """What ``seat`` may know of ``game`` now, as a :class:`Table` would give its bot."""
    return Table(game, [RandomBot()] * game.players, rng=random.Random(0)).observe(seat)


def choices_made(table: Table, seat: int, count: int) -> int:
    """Step ``table`` until ``seat`` has chosen ``count`` times among several legal actions, or the game is over.

    Every action played must be legal. Returns how many such choices ``seat`` made.
    """
    game, made = table.game, 0
    while made < count and not game.is_over:
        mover, legal = game.current_player, game.legal_actions()
        assert table.step() in legal
        made += mover == seat and len(legal) > 1
    return made


def observation_text(observation: Observation) -> str:
    """Everything in an observation, as JSON text (equal texts: equal observations)."""
    legal = ",".join(tablegames.dumps(a) for a in observation.legal)
    return f"{tablegames.dumps(observation.view)}|{tablegames.dumps(observation.log())}|{legal}"


def positions(
    variant: str, options: dict[str, Any], *, seeds: Sequence[int], every: int, bots: Sequence[Bot] | None = None
) -> Iterator[tuple[Game, int]]:
    """Games part-way through matches (every ``every`` actions, and at the end), with a seat to look from.

    Greedy bots play (or ``bots``); each position is yielded as ``(game, seat)`` and must not be
    changed by the caller.
    """
    for seed in seeds:
        game = tablegames.new_game(variant, seed=seed, **options)
        players = bots if bots is not None else [GreedyBot()] * game.players
        table = Table(game, players, rng=random.Random(seed))
        picker = random.Random(seed + 1000)
        steps = 0
        while not game.is_over:
            table.step()
            steps += 1
            if steps % every == 0 or game.is_over:
                yield game, picker.randrange(game.players)
