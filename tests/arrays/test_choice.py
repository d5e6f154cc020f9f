"""random_legal_id: only legal ids, each about equally often, under jit and vmap."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from tablegames.jax import random_legal_id
from tablegames.jax.choice import legal_priorities

_DRAWS = 20_000


def _draws(mask: np.ndarray, seed: int) -> np.ndarray:
    words = jax.random.bits(jax.random.PRNGKey(seed), (_DRAWS,), jnp.uint32)
    drawn = jax.jit(jax.vmap(random_legal_id, in_axes=(0, None)))(words, jnp.asarray(mask))
    return np.asarray(drawn)


@pytest.mark.parametrize(
    ("count", "legal"),
    [
        (140, [5]),
        (140, [0, 139]),
        (140, [7, 8, 9, 10, 11, 12, 13]),
        (140, list(range(0, 140, 5))),
        (140, list(range(140))),
        (68, [0, 1, 2, 3]),
        (68, list(range(4, 68, 3))),
        (2, [0, 1]),
    ],
)
def test_draws_every_legal_id_about_equally_often(count: int, legal: list[int]) -> None:
    """Only legal ids come out, and a chi-square test over 20,000 draws finds them uniform (seeds fixed)."""
    mask = np.zeros(count, bool)
    mask[legal] = True
    for seed in (1, 2):
        drawn = _draws(mask, seed)
        assert set(drawn.tolist()) <= set(legal)
        counts = np.bincount(drawn, minlength=count)[legal]
        expected = _DRAWS / len(legal)
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        df = len(legal) - 1
        # far above the 1 - 1e-6 quantile of chi-square with df degrees of freedom (Wilson-Hilferty)
        bound = df * (1 - 2 / (9 * df) + 4.75 * math.sqrt(2 / (9 * df))) ** 3 if df else 0.0
        assert chi2 <= bound, (chi2, bound)


def test_a_planted_bias_fails_the_uniformity_check() -> None:
    """The check above can fail: ids drawn with a 20% lean towards one of seven exceed its bound."""
    rng = np.random.default_rng(0)
    legal = [7, 8, 9, 10, 11, 12, 13]
    weights = np.full(7, 1.0)
    weights[0] = 1.2
    drawn = rng.choice(legal, size=_DRAWS, p=weights / weights.sum())
    counts = np.bincount(drawn, minlength=140)[legal]
    expected = _DRAWS / 7
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    df = 6
    assert chi2 > df * (1 - 2 / (9 * df) + 4.75 * math.sqrt(2 / (9 * df))) ** 3


def test_the_draw_follows_the_word_and_the_mask() -> None:
    """The same word and mask give the same id, under jit too; a lone legal id always; an empty mask gives -1."""
    mask = jnp.zeros(140, bool).at[jnp.array([3, 50, 77])].set(True)
    word = jnp.uint32(123456789)
    assert int(random_legal_id(word, mask)) == int(jax.jit(random_legal_id)(word, mask))
    assert int(random_legal_id(jnp.uint32(0), jnp.zeros(140, bool).at[9].set(True))) == 9
    assert int(random_legal_id(word, jnp.zeros(140, bool))) == -1
    with pytest.raises(ValueError, match="2\\*\\*16 ids"):
        random_legal_id(word, jnp.zeros(1 << 17, bool))


def test_priorities_rank_the_legal_ids_distinctly() -> None:
    """Legal ids get distinct non-negative priorities, illegal ones -1; top_k samples legal ids in random order."""
    mask = jnp.zeros(140, bool).at[jnp.arange(0, 140, 7)].set(True)
    seen_first = set()
    for word in range(200):
        priorities = np.asarray(legal_priorities(jnp.uint32(word * 7919), mask))
        legal = priorities[np.asarray(mask)]
        assert (priorities[~np.asarray(mask)] == -1).all() and (legal >= 0).all()
        assert len(set(legal.tolist())) == len(legal)
        top = np.asarray(jax.lax.top_k(jnp.asarray(priorities), 4)[1])
        assert all(t % 7 == 0 for t in top)
        seen_first.add(int(top[0]))
        assert int(top[0]) == int(random_legal_id(jnp.uint32(word * 7919), mask))
    assert len(seen_first) == 20  # every legal id came first at least once in 200 words
