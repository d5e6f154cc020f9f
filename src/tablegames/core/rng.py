"""Seeded randomness.

Every random choice of a game is drawn from a generator derived from the game's seed and the
hand number (and a purpose), so a hand's deal never depends on how earlier hands were played,
and the result is recorded in an event: a log replays without running any generator again.
"""

from __future__ import annotations

import random

__all__ = ["fresh_seed", "hand_rng"]


def hand_rng(seed: int, hand_number: int, purpose: str = "deal") -> random.Random:
    """The generator for one random step of one hand.

    String seeds are hashed with SHA-512 by :class:`random.Random`, so the same arguments give
    the same stream on every platform and Python version that keeps that seeding.

    >>> hand_rng(7, 1).random() == hand_rng(7, 1).random()
    True
    """
    return random.Random(f"tablegames/{seed}/{hand_number}/{purpose}")


def fresh_seed() -> int:
    """A new seed from the operating system, for games created without one."""
    return random.SystemRandom().randrange(2**63)
