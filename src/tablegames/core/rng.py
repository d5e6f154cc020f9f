"""Seeded randomness.

Every random choice of a game is drawn from a generator derived from the game's seed and the
hand number (and a purpose), so a hand's deal never depends on how earlier hands were played,
and the result is recorded in an event: a log replays without running any generator again.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Final, TypeVar

__all__ = ["SEEDS", "SEED_MAX", "SEED_MIN", "fresh_seed", "hand_rng", "hand_shuffle", "is_seed"]

SEED_MIN: Final = -(2**63)
"""The lowest seed a game takes."""
SEED_MAX: Final = 2**64 - 1
"""The highest seed a game takes (seeds are 64-bit ints, signed or not)."""
SEEDS: Final = "an int from -2**63 to 2**64 - 1"
"""What a seed may be, in words, for error messages."""


def is_seed(value: object) -> bool:
    """Whether ``value`` is a seed a game takes: an int (not a bool) from :data:`SEED_MIN` to :data:`SEED_MAX`.

    >>> from tablegames.core.rng import is_seed
    >>> is_seed(7), is_seed(2**64), is_seed(True), is_seed(7.0)
    (True, False, False, False)
    """
    return type(value) is int and SEED_MIN <= value <= SEED_MAX

_T = TypeVar("_T")


def hand_rng(seed: int, hand_number: int, purpose: str = "deal") -> random.Random:
    """The generator for one random step of one hand.

    String seeds are hashed with SHA-512 by :class:`random.Random`, so the same arguments give
    the same stream on every platform and Python version that keeps that seeding.

    >>> from tablegames.core.rng import hand_rng
    >>> hand_rng(7, 1).random() == hand_rng(7, 1).random()
    True
    """
    return random.Random(f"tablegames/{seed}/{hand_number}/{purpose}")


def fresh_seed() -> int:
    """A new seed from the operating system, for games created without one."""
    return random.SystemRandom().randrange(2**63)


def hand_shuffle(seed: int, hand_number: int, items: Sequence[_T], purpose: str = "deal") -> list[_T]:
    """``items`` in a random order drawn from the seed, the hand number and the purpose.

    A Fisher-Yates shuffle driven by the 512-bit BLAKE2b digest of those three, read as one
    integer: the same arguments give the same order everywhere, and for up to 52 items every
    order is as likely as any other to within one part in 2**280. It is several times cheaper
    than seeding a :class:`random.Random` and shuffling with it.

    Raises:
        ValueError: for more than 98 items, where the digest is too short for a fair shuffle.

    >>> from tablegames.core.rng import hand_shuffle
    >>> hand_shuffle(7, 1, range(5)) == hand_shuffle(7, 1, range(5))
    True
    >>> sorted(hand_shuffle(7, 2, "abcd"))
    ['a', 'b', 'c', 'd']
    """
    out = list(items)
    if len(out) > 98:
        raise ValueError(f"hand_shuffle takes at most 98 items, not {len(out)}")
    digest = hashlib.blake2b(f"tablegames/{seed}/{hand_number}/{purpose}".encode(), digest_size=64).digest()
    x = int.from_bytes(digest, "little")
    for i in range(len(out) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
