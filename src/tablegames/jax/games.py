"""Array games by name, and reference positions as array states."""

from __future__ import annotations

import hashlib
from typing import Any

import jax
import jax.numpy as jnp

from tablegames.core.game import Game, build_options
from tablegames.core.registry import get_variant
from tablegames.jax.protocol import ArrayGame, provider
from tablegames.rl.decisions import MissingCapability

__all__ = ["array_game", "from_game", "key_of", "make"]


def array_game(variant: type[Game], options: Any, *, max_steps: int | None = None) -> ArrayGame:
    """The array game ``variant`` provides for ``options`` (its options class, or a mapping of them).

    Raises:
        InvalidOptionsError: for options the variant does not have.
        MissingCapability: if the variant provides no array game for these options.

    """
    opts = build_options(variant.options_class, {} if options is None else options)
    source = provider(variant)
    found = None if source is None else source.array_game(opts, max_steps=max_steps)
    if found is None:
        raise MissingCapability(
            f"{variant.name} provides no array game for {opts!r}: see tablegames.jax.protocol.ProvidesArrayGame"
        )
    return found


def make(name: str, *, max_steps: int | None = None, **options: Any) -> ArrayGame:
    """The array game of the variant registered as ``name``, with its ``options``.

    Args:
        name: the variant's registered name (``"four-point-smear"``).
        max_steps: a step limit: a match that reaches it ends as truncated; ``None`` for none.
        options: the variant's options, as for :func:`~tablegames.new_game`.

    Raises:
        UnknownVariantError: for a name no variant has.
        InvalidOptionsError: for options the variant does not have.
        MissingCapability: if the variant provides no array game.

    >>> from tablegames.jax.games import make
    >>> import jax
    >>> game = make("four-point-smear", seen_undealt=2)
    >>> state = jax.jit(game.init)(jax.random.PRNGKey(7))
    >>> game.num_actions, bool(state.legal_action_mask[0])  # 68 ids; a pass is legal in the bidding
    (68, True)
    """
    return array_game(get_variant(name), options, max_steps=max_steps)


def key_of(game: Game) -> jax.Array:
    """A key for the deals after ``game``'s position, drawn from its seed and the number of its events.

    The same position of the same game gives the same key; the deals it draws are not the
    reference's own shuffles (the array game draws its deals with JAX).
    """
    digest = hashlib.blake2b(f"tablegames/{game.seed}/{len(game.events)}/arrays".encode(), digest_size=8).digest()
    return jnp.array([int.from_bytes(digest[:4], "little"), int.from_bytes(digest[4:], "little")], jnp.uint32)


def from_game(game: Game, *, key: jax.Array | None = None, max_steps: int | None = None) -> Any:
    """The array state of the reference ``game``'s position: scores, hand and bidding included.

    Args:
        game: any position of a variant that provides an array game.
        key: the key later deals are drawn from; by default :func:`key_of` the game.
        max_steps: the step limit of the array game, counted from this position.

    Raises:
        MissingCapability: if the variant provides no array game.

    """
    arrays = array_game(type(game), game.options, max_steps=max_steps)
    return arrays.from_game(game, key=key_of(game) if key is None else key)
