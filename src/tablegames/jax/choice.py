"""A random legal id for array games, cheap enough to draw at every step of a batch.

:func:`random_legal_id` draws one legal id from a mask and one random 32-bit word: each id
gets a priority hashed from the word, and the legal id with the highest priority wins. The
winner comes out of one ``max`` over packed integers (the priority above, the id below), so
that XLA runs it as a single plain reduction. The obvious ways cost much more on a CPU: a
cumulative sum of the mask (a windowed reduction, about ten times the cost of a step of
Smear at a batch of 1,024) or an ``argmax`` over JAX's random floats (threefry for every id,
and a reduction over pairs).
"""

from __future__ import annotations

import functools
from typing import Final

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["legal_priorities", "random_legal_id"]

_GOLDEN: Final = np.uint32(0x9E3779B9)


def _mix(h: jax.Array) -> jax.Array:
    """MurmurHash3's 32-bit finaliser (a bijection of ``uint32``), the deals' hash."""
    h = h ^ (h >> 16)
    h = h * np.uint32(0x85EBCA6B)
    h = h ^ (h >> 13)
    h = h * np.uint32(0xC2B2AE35)
    mixed: jax.Array = h ^ (h >> 16)
    return mixed


@functools.lru_cache(maxsize=16)
def _salts(count: int) -> np.ndarray[tuple[int], np.dtype[np.uint32]]:
    """A fixed, well-mixed ``uint32`` per id, so that nearby ids get unrelated priorities (worked out once a size)."""
    with jax.ensure_compile_time_eval():
        return np.asarray(_mix(jnp.arange(1, count + 1, dtype=jnp.uint32) * _GOLDEN), np.uint32)


def _width(count: int) -> int:
    """The bits that number ``count`` ids, which the priorities leave free below them."""
    width = max(count - 1, 1).bit_length()
    if width > 16:
        raise ValueError(f"random ids are numbered by at most 2**16 ids, not {count}")
    return width


def legal_priorities(bits: jax.Array, mask: jax.Array) -> jax.Array:
    """int32[n]: a random priority for each legal id of ``mask`` (``bool[n]``) from the word ``bits``, else ``-1``.

    Legal ids get distinct non-negative priorities, in a random order as far as a hash makes
    it (see :func:`random_legal_id`, which draws the highest): ``jax.lax.top_k`` of them is a
    random sample of ``k`` legal ids without replacement, in random order.

    >>> import jax.numpy as jnp
    >>> from tablegames.jax.choice import legal_priorities
    >>> priorities = legal_priorities(jnp.uint32(5), jnp.array([True, False, True]))
    >>> int(priorities[1]), bool(priorities[0] >= 0), bool(priorities[0] != priorities[2])
    (-1, True, True)
    """
    count = mask.shape[-1]
    width = _width(count)
    ids = np.arange(count, dtype=np.int32)
    priority = _mix(jnp.asarray(bits, jnp.uint32) ^ _salts(count))
    packed = ((priority >> (width + 1)).astype(jnp.int32) << width) | ids
    ranked: jax.Array = jnp.where(mask, packed, -1)
    return ranked


def random_legal_id(bits: jax.Array, mask: jax.Array) -> jax.Array:
    """int32: a legal id of ``mask`` (``bool[n]``, at least one true) drawn with the random word ``bits``.

    Every legal id is equally likely, as far as a hash makes it: id ``i`` gets the priority
    ``mix(bits ^ salt[i])`` (``mix`` is MurmurHash3's 32-bit finaliser, ``salt`` a fixed
    mixed constant per id) and the legal id of highest priority is drawn. Priorities keep
    their top ``32 - b`` bits, where ``b`` bits number the ids; the rare tie (about once in
    ten thousand draws over 140 ids) goes to the higher id. ``jax.jit`` and ``jax.vmap``
    accept it; under ``vmap`` give each state its own word (``jax.random.bits(key, (batch,))``).
    A mask with no legal id gives ``-1``.

    Args:
        bits: a ``uint32`` random word (a scalar).
        mask: the legal ids, as an array state's ``legal_action_mask``.

    >>> import jax, jax.numpy as jnp
    >>> from tablegames.jax import random_legal_id
    >>> mask = jnp.zeros(140, bool).at[jnp.array([3, 17, 99])].set(True)
    >>> words = jax.random.bits(jax.random.PRNGKey(0), (3000,), jnp.uint32)
    >>> drawn = jax.vmap(random_legal_id, in_axes=(0, None))(words, mask)
    >>> sorted(set(drawn.tolist())), [round(int((drawn == i).sum()) / 3000, 1) for i in (3, 17, 99)]
    ([3, 17, 99], [0.3, 0.3, 0.3])
    """
    width = _width(mask.shape[-1])
    best = jnp.max(legal_priorities(bits, mask))
    drawn: jax.Array = jnp.where(best < 0, -1, best & ((1 << width) - 1))
    return drawn.astype(jnp.int32)
