"""Swaps the generic world sampler (:mod:`tablegames.bots.worlds`) proposes: aimed at a disagreement, or at random.

An assignment is a list of pieces, in the order of a deal event's hidden places (any undealt
extra after them); a swap is a pair of indices into it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tablegames.bots._owners import Owners

__all__ = ["kept", "repaired", "swapped"]


def repaired(
    assignment: Sequence[str], clash: tuple[list[str], list[str]], rng: random.Random
) -> tuple[int, int] | None:
    """A swap aimed at the first disagreement: a piece the log shows there with one the world used there.

    With only one side known, the piece is swapped with a random other piece. ``None`` if the
    disagreement names no piece of the assignment.
    """
    wanted, used = clash
    if not wanted and not used:
        return None
    where = {text: i for i, text in enumerate(assignment)}
    i = where.get(rng.choice(wanted)) if wanted else None
    j = where.get(rng.choice(used)) if used else None
    if i is None and j is None:
        return None
    if i is None or j is None:
        k = i if i is not None else j
        assert k is not None
        if len(assignment) < 2:
            return None
        other = rng.randrange(len(assignment) - 1)
        return k, other + (other >= k)
    return i, j


def kept(
    assignment: Sequence[str], clash: tuple[list[str], list[str]], owners: Owners, places: int, rng: random.Random
) -> tuple[int, int] | None:
    """A swap that keeps ``assignment`` valid for ``owners``: aimed at the clash if it can be, else at random.

    A piece the clash names is swapped with a piece it may change places with (the other
    side of the clash first); ``None`` if no such swap is found in a few tries.
    """
    where = {text: i for i, text in enumerate(assignment)}
    named = [where[t] for t in (*clash[0], *clash[1]) if t in where]
    total = len(assignment)
    if total < 2 or places < 1:
        return None
    if named and rng.random() < 0.8:
        i = rng.choice(named)
        taken = owners.taken_before(assignment[i])  # a piece shown after a draw: the drawn one, likeliest
        partners = [j for j in taken if j != i and owners.swappable(assignment, i, j)]
        if partners and rng.random() < 0.7:
            return i, partners[0]
        partners = [j for j in named if j != i and owners.swappable(assignment, i, j)]
        if partners:
            return i, rng.choice(partners)
        for _ in range(4 * total):
            j = rng.randrange(total)
            if j != i and (i < places or j < places) and owners.swappable(assignment, i, j):
                return i, j
    for _ in range(8 * total):
        i, j = rng.randrange(places), rng.randrange(total)
        if i != j and owners.swappable(assignment, i, j):
            return i, j
    return None


def swapped(assignment: Sequence[str], places: int, rng: random.Random) -> tuple[int, int]:
    """A random hidden place and another place of ``assignment`` to swap it with (the same place if none)."""
    if len(assignment) < 2 or places < 1:
        return 0, 0
    i = rng.randrange(places)
    j = rng.randrange(len(assignment) - 1)
    return i, j + (j >= i)
