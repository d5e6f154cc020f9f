"""Array pieces the built-in games' array kernels share (JAX; the ``jax`` extra).

Four Point Smear (:mod:`tablegames.variants.smear.arrays`) and American Sniff
(:mod:`tablegames.variants.sniff.arrays`) are written from these; a third game reuses them.
They are pure functions of fixed-shape arrays that ``jax.jit`` and ``jax.vmap`` accept:

* deals: :func:`random_order` (a uniformly random order without a sort, from JAX's random
  numbers), :func:`hashed_words` and :func:`ranks` (the same from a cheap counter-based
  hash), :func:`deal_places` (who holds each piece after dealing in that order) and
  :func:`draw_below` (a drawn seat);
* hands as masks: a hand is ``holder == seat`` over the pieces (:func:`hand_masks`), seats
  are found clockwise by :func:`clockwise_first`;
* tricks: :func:`trick_winner`, the highest trump, else the highest card of the suit led;
* line ends (double-six dominoes, tiles numbered by
  :attr:`Tile.index <tablegames.components.tiles.Tile.index>`): :data:`TILE_HIGH`,
  :data:`TILE_LOW`, :data:`TILE_PIPS`, :func:`shown_values`, :func:`fits_values`,
  :func:`place_on_line`;
* exact observation quotients: :func:`quotient`;
* many reference positions as one batch of states: :func:`batched_fields`.

Only the variants' array modules import this one, and only when an array game is asked for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np

__all__ = [
    "DOUBLE",
    "PLAIN",
    "SPINNER",
    "TILE_HIGH",
    "TILE_LOW",
    "TILE_PIPS",
    "batched_fields",
    "clockwise_first",
    "deal_places",
    "draw_below",
    "fits_values",
    "hand_masks",
    "hashed_words",
    "key_words",
    "place_on_line",
    "quotient",
    "random_order",
    "ranks",
    "shown_values",
    "trick_winner",
]


# -- deals and hands ------------------------------------------------------------------


def random_order(key: jax.Array, count: int) -> jax.Array:
    """int32[count]: each of ``count`` pieces' place in a uniformly random order drawn from ``key``.

    Each piece is placed by the rank of a random 32-bit draw among the ``count`` draws (ties,
    rare, broken by the pieces' order): a permutation without a sort, which on a CPU costs
    many times the rest of a step.

    >>> from tablegames.variants.arrays import random_order
    >>> import jax
    >>> sorted(random_order(jax.random.PRNGKey(0), 6).tolist())
    [0, 1, 2, 3, 4, 5]
    """
    draws = jax.random.bits(key, (count,), jnp.uint32)
    pieces = jnp.arange(count)
    ties = (draws[None, :] == draws[:, None]) & (pieces[None, :] < pieces[:, None])
    before = (draws[None, :] < draws[:, None]) | ties
    return jnp.sum(before, axis=1, dtype=jnp.int32)


_GOLDEN: Final = np.uint32(0x9E3779B9)


def _mix(h: jax.Array) -> jax.Array:
    """MurmurHash3's 32-bit finaliser: a bijection of ``uint32`` that mixes every bit into every other."""
    h = h ^ (h >> 16)
    h = h * np.uint32(0x85EBCA6B)
    h = h ^ (h >> 13)
    h = h * np.uint32(0xC2B2AE35)
    mixed: jax.Array = h ^ (h >> 16)
    return mixed


def key_words(key: jax.Array) -> jax.Array:
    """``key``'s two ``uint32`` words: a typed key's data, or a raw key (``jax.random.PRNGKey``) as it is.

    >>> from tablegames.variants.arrays import key_words
    >>> import jax
    >>> key_words(jax.random.key(3)).tolist() == key_words(jax.random.PRNGKey(3)).tolist()
    True
    """
    key = jnp.asarray(key)
    if jnp.issubdtype(key.dtype, jax.dtypes.prng_key):
        key = jax.random.key_data(key)
    words: jax.Array = key.astype(jnp.uint32)
    return words


def hashed_words(key: jax.Array, count: int) -> jax.Array:
    """uint32[count]: ``count`` random words from ``key`` (``uint32[2]``), by a counter-based hash, all different.

    Word ``i`` is ``mix(mix(key[0] ^ i * 0x9E3779B9) ^ key[1])``, where ``mix`` is MurmurHash3's
    32-bit finaliser. Every step is a bijection of ``uint32``, so distinct counters give
    distinct words (for ``count`` up to ``2**32``): their :func:`ranks` are a random order
    with no ties. A deal needs well-mixed bits, not a cryptographic generator, and on a CPU this
    costs a fraction of JAX's threefry (:func:`random_order`), which a kernel that may deal at
    any step pays at every step under ``vmap``. Two of the words make a good next key.

    >>> from tablegames.variants.arrays import hashed_words
    >>> import jax.numpy as jnp
    >>> words = hashed_words(jnp.array([0, 7], jnp.uint32), 28)
    >>> len(set(words.tolist()))
    28
    """
    counters = jnp.arange(count, dtype=jnp.uint32) * _GOLDEN
    return _mix(_mix(key[0] ^ counters) ^ key[1])


def draw_below(words: jax.Array, count: int) -> jax.Array:
    """int32: ``words[0] % count``, a draw from 0 to ``count - 1`` (``words`` is ``uint32[2]`` or longer).

    Taken through a reduction over the first two words, so that XLA computes it once per state.
    A drawn seat decides who acts, and XLA's CPU kernels fuse the arithmetic behind a value into
    every element of a wider result that uses it: the draw's hash would be recomputed for each
    of the 140 ids of Sniff's legal mask (the figures are on the Speed page, "Where the code
    bends for speed").

    >>> from tablegames.variants.arrays import draw_below, hashed_words
    >>> import jax.numpy as jnp
    >>> words = hashed_words(jnp.array([0, 7], jnp.uint32), 2)
    >>> int(draw_below(words, 3)) == int(words[0]) % 3
    True
    """
    word = jnp.max(jnp.where(jnp.arange(2) == 0, words[:2], np.uint32(0)))
    drawn = word & np.uint32(count - 1) if count & (count - 1) == 0 else word % np.uint32(count)
    return drawn.astype(jnp.int32)


def ranks(words: jax.Array) -> jax.Array:
    """int32[count]: each of distinct ``words``' place among them, smallest first (a permutation, without a sort)."""
    ranked: jax.Array = jnp.sum(words[None, :] < words[:, None], axis=1, dtype=jnp.int32)
    return ranked


def deal_places(place: jax.Array, *, players: int, size: int, rest: int) -> tuple[jax.Array, jax.Array]:
    """The holder of each piece and the undealt pieces in order, after dealing in the order ``place``.

    Args:
        place: int32[pieces], each piece's place in the order (:func:`random_order`).
        players: the seats dealt to.
        size: the pieces each seat gets: the first ``size`` places go to seat 0, the next to seat 1...
        rest: how many of the places after the hands to list (the stock or the undealt stack).

    Returns:
        int32[pieces], the seat holding each piece (``-1`` for one not dealt to a hand), and
        int32[rest], the pieces at places ``players * size`` onward, first first.

    """
    dealt = players * size
    # the seat is how many hands' ends the place is at or past: compares, as XLA repeats an integer division
    # for each element of a wider result that uses it (see the Speed page)
    seat = sum(((place >= size * k) for k in range(1, players)), start=jnp.zeros_like(place))
    holder = jnp.where(place < dealt, seat, -1).astype(jnp.int32)
    pieces = jnp.arange(place.shape[0], dtype=jnp.int32)
    at = place[None, :] == dealt + jnp.arange(rest, dtype=jnp.int32)[:, None]
    undealt = jnp.sum(jnp.where(at, pieces[None, :], 0), axis=1, dtype=jnp.int32)
    return holder, undealt


def hand_masks(holder: jax.Array, players: int) -> jax.Array:
    """bool[players, pieces]: each seat's hand as a mask over the pieces (``holder[p]`` is the seat holding ``p``)."""
    hands: jax.Array = holder[None, :] == jnp.arange(players, dtype=holder.dtype)[:, None]
    return hands


def clockwise_first(flags: jax.Array, start: jax.Array) -> tuple[jax.Array, jax.Array]:
    """The first seat from ``start`` clockwise (``start`` included) whose flag is set, and whether one is.

    Args:
        flags: bool[players], a flag per seat.
        start: the seat to look from.

    >>> from tablegames.variants.arrays import clockwise_first
    >>> import jax.numpy as jnp
    >>> seat, found = clockwise_first(jnp.array([True, False, False, True]), jnp.int32(1))
    >>> int(seat), bool(found)
    (3, True)
    """
    players = flags.shape[0]
    order = (start + jnp.arange(players, dtype=jnp.int32)) % players
    ordered = flags[order]
    return order[jnp.argmax(ordered)].astype(jnp.int32), jnp.any(ordered)


# -- tricks ---------------------------------------------------------------------------


def trick_winner(suits: jax.Array, powers: jax.Array, trump: jax.Array, led: jax.Array) -> jax.Array:
    """The place in a full trick of the card that wins it: the highest trump, else the highest of the suit led.

    Args:
        suits: int32[cards], each card's suit, in the trick's places (seats).
        powers: int32[cards], each card's strength within its suit, 0 to 7 (higher wins).
        trump: the trump suit.
        led: the suit led.

    >>> from tablegames.variants.arrays import trick_winner
    >>> import jax.numpy as jnp
    >>> int(trick_winner(jnp.array([2, 1, 2, 3]), jnp.array([5, 7, 6, 0]), jnp.int32(3), jnp.int32(2)))
    3
    """
    rank = jnp.where(suits == trump, 16 + powers, jnp.where(suits == led, 8 + powers, 0))
    return jnp.argmax(rank).astype(jnp.int32)


# -- line ends ------------------------------------------------------------------------

_HIGH, _LOW = zip(*[(h, lo) for h in range(7) for lo in range(h + 1)], strict=True)
TILE_HIGH: Final = np.array(_HIGH, dtype=np.int32)
"""The higher half of each double-six tile, by ``Tile.index`` (``0-0`` is 0, ``1-0`` is 1, ... ``6-6`` is 27)."""
TILE_LOW: Final = np.array(_LOW, dtype=np.int32)
"""The lower half of each double-six tile, by ``Tile.index``."""
TILE_PIPS: Final = TILE_HIGH + TILE_LOW
"""The pips of each double-six tile, by ``Tile.index``."""

PLAIN: Final = 0
"""An arm whose outer piece is a tile that is not a double (as ``ArmEnd.PLAIN`` of the line mechanic)."""
DOUBLE: Final = 1
"""An arm whose outer piece is an ordinary (crosswise) double."""
SPINNER: Final = 2
"""An arm with no tile beyond the spinner, which is its outer piece."""


def shown_values(values: jax.Array, open_arms: jax.Array) -> jax.Array:
    """bool[7]: the values the open arms show (``values[a]`` for each ``a`` with ``open_arms[a]``)."""
    shown: jax.Array = jnp.any((values[:, None] == jnp.arange(7)[None, :]) & open_arms[:, None], axis=0)
    return shown


def fits_values(shown: jax.Array) -> jax.Array:
    """bool[28]: the tiles with a half among the values ``shown`` (bool[7]), by ``Tile.index``."""
    fits: jax.Array = shown[TILE_HIGH] | shown[TILE_LOW]
    return fits


def place_on_line(
    values: jax.Array, kinds: jax.Array, spinner: jax.Array, tile: jax.Array, arm: jax.Array, *, spins: bool
) -> tuple[jax.Array, jax.Array, jax.Array]:
    """The arms' values and outer kinds and the spinner's value after ``tile`` is placed on ``arm``.

    The line mechanic's placement (``LineLayout.place``) on a layout of four arms (W, E and the
    first spinner's branches N and S) whose first double spins if ``spins``: ``arm`` ``-1``
    opens the layout (a tile that is not a double shows its higher half on W and its lower half
    on E; a double shows its value on both). A double placed on an arm leaves its value and
    makes the arm end in a double, or in the spinner if it is the first double; any other tile
    shows its far half. Opening the branches is the caller's rule.

    Args:
        values: int32[4], the value each arm shows.
        kinds: int32[4], each arm's outer kind (:data:`PLAIN`, :data:`DOUBLE`, :data:`SPINNER`).
        spinner: the spinner's value, ``-1`` before it is down.
        tile: the tile's ``Tile.index``.
        arm: the arm, 0 to 3, or ``-1`` for the opening.
        spins: whether the first double played is a spinner.

    """
    high, low = jnp.asarray(TILE_HIGH)[tile], jnp.asarray(TILE_LOW)[tile]
    double = high == low
    first = double & (spinner < 0) & spins
    line = jnp.arange(4) < 2
    here = jnp.arange(4) == arm
    opened_values = jnp.where(line, jnp.where(jnp.arange(4) == 0, high, low), values)
    opened_kinds = jnp.where(line, jnp.where(double, jnp.where(first, SPINNER, DOUBLE), PLAIN), kinds)
    far = jnp.where(high == values, low, high)
    placed_values = jnp.where(here & ~double, far, values)
    placed_kinds = jnp.where(here, jnp.where(double, jnp.where(first, SPINNER, DOUBLE), PLAIN), kinds)
    opening = arm < 0
    new_values = jnp.where(opening, opened_values, placed_values).astype(jnp.int32)
    new_kinds = jnp.where(opening, opened_kinds, placed_kinds).astype(jnp.int32)
    return new_values, new_kinds, jnp.where(first, high, spinner).astype(jnp.int32)


# -- exact quotients ------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _fractions(denominator: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """``r / denominator`` for each remainder ``r`` as two float32s: the rounded value and what it misses by."""
    exact = np.arange(denominator, dtype=np.float64) / denominator
    high = exact.astype(np.float32)
    return high, (exact - high.astype(np.float64)).astype(np.float32)


def quotient(numerator: jax.Array, denominator: int) -> jax.Array:
    """float32: ``numerator / denominator`` (ints, ``|numerator| < 2**24``, ``denominator`` a Python int), rounded once.

    The quotient rounded to the nearest float32, as the reference's doubles give it. A plain
    ``/`` does not: XLA divides by a constant or a broadcast value as a multiplication by its
    reciprocal, which misses by one unit in the last place about a third of the time, and then
    the observation would not be the reference's. Here the whole part comes from integer
    division and the fraction from a table of two float32s each, added with an exact sum
    (TwoSum); the one rounding is at the end. A quotient of small ints is never close enough
    to a halfway point between float32s for the last error (about 2**-44 of it) to matter.

    >>> from tablegames.variants.arrays import quotient
    >>> import jax.numpy as jnp
    >>> float(quotient(jnp.int32(-7), 15)) == float(jnp.float32(-7 / 15))
    True
    """
    numerator = jnp.asarray(numerator, jnp.int32)
    high, low = _fractions(denominator)
    whole = numerator // denominator
    rest = numerator - whole * denominator
    a = whole.astype(jnp.float32)
    b = jnp.asarray(high)[rest]
    total = a + b
    back = total - a
    error = (a - (total - back)) + (b - back)
    return total + (error + jnp.asarray(low)[rest])


def batched_fields(
    games: Sequence[Any],
    keys: np.ndarray[Any, np.dtype[np.uint32]],
    host: Callable[[Any, np.ndarray[Any, np.dtype[np.uint32]]], dict[str, Any]],
) -> dict[str, Any]:
    """A batch of states' fields: ``host(game, words)`` of each game (NumPy by field), stacked, sent at once.

    What an array game's ``from_games`` shares (:class:`~tablegames.jax.protocol.FromGames`):
    ``keys`` is ``uint32[len(games), 2]``, the words of each state's later deals.

    Raises:
        ValueError: if ``keys`` is not one pair of words a game.
    """
    keys = np.asarray(keys, np.uint32)
    if keys.shape != (len(games), 2):
        raise ValueError(f"keys are uint32[{len(games)}, 2], one pair of words a game, not of shape {keys.shape}")
    hosts = [host(game, words) for game, words in zip(games, keys, strict=True)]
    fields: dict[str, Any] = jax.device_put({name: np.stack([h[name] for h in hosts]) for name in hosts[0]})
    return fields
