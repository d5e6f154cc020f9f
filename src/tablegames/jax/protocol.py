"""The array-game capability: what a variant provides to be stepped as arrays, and what it gives.

A variant takes part by a classmethod on its :class:`~tablegames.core.game.Game` subclass,

.. code-block:: python

    @classmethod
    def array_game(cls, options, *, max_steps=None):
        from my_variant.arrays import MyArrays  # the only module that imports JAX, imported here
        return MyArrays(build_options(MyOptions, options), max_steps=max_steps)

returning an object with the :class:`ArrayGame` methods (or ``None`` for options it cannot
play as arrays). Nothing else is needed: :func:`tablegames.jax.make`,
:func:`tablegames.jax.from_game` and :func:`tablegames.jax.lockstep` find it through
:class:`ProvidesArrayGame`. The variant's module imports JAX only inside the classmethod, so
``import tablegames`` never imports JAX.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import jax
import numpy as np

from tablegames.core.game import Game

__all__ = [
    "ArrayGame",
    "ArrayHeuristic",
    "ArrayState",
    "DealsAhead",
    "FromGames",
    "PlayoutPolicy",
    "ProvidesArrayGame",
]


class ArrayState(Protocol):
    """The fields every array game's state has (a JAX pytree; batched states have a leading axis)."""

    @property
    def current_player(self) -> jax.Array:
        """The seat to act, ``-1`` once the match is over (``int32``)."""
        ...  # pragma: no cover

    @property
    def legal_action_mask(self) -> jax.Array:
        """The ids that may come next, in the numbering of the variant's ``action_ids`` (``bool[num_actions]``)."""
        ...  # pragma: no cover

    @property
    def scores(self) -> jax.Array:
        """Each side's score, as :attr:`Game.scores <tablegames.core.game.Game.scores>` (``int32[sides]``)."""
        ...  # pragma: no cover

    @property
    def terminated(self) -> jax.Array:
        """The match is over (``bool``)."""
        ...  # pragma: no cover

    @property
    def truncated(self) -> jax.Array:
        """The step limit was reached first (``bool``)."""
        ...  # pragma: no cover

    @property
    def hand_number(self) -> jax.Array:
        """How many hands the match has dealt so far, the one being played included (``int32``).

        The array vector environment's hand episodes end when it changes.
        """
        ...  # pragma: no cover

    @property
    def rewards(self) -> jax.Array:
        """Each seat's reward for the last step (+1 or -1 at the match's end) (``float32[num_players]``)."""
        ...  # pragma: no cover

    @property
    def chosen(self) -> jax.Array:
        """The ids chosen so far of an action chosen in parts (all false otherwise) (``bool[num_actions]``)."""
        ...  # pragma: no cover


@runtime_checkable
class ArrayGame(Protocol):
    """A variant's matches as pure functions of fixed-shape arrays, held equal to the reference engine.

    :meth:`init` and :meth:`step` accept ``jax.jit`` and ``jax.vmap``; one id is one
    step (an action chosen in parts takes one step per part, as the environments of
    :mod:`tablegames.rl` step it), and a state plays the whole match, each deal drawn from its
    key. :meth:`observe` writes what the variant's
    :meth:`~tablegames.core.game.Game.observation_spec` writes for that seat.
    """

    @property
    def name(self) -> str:
        """The variant's registered name."""
        ...  # pragma: no cover

    @property
    def num_players(self) -> int:
        """How many seats."""
        ...  # pragma: no cover

    @property
    def num_actions(self) -> int:
        """How many ids (the size of the variant's ``action_ids``)."""
        ...  # pragma: no cover

    @property
    def observation_size(self) -> int:
        """The length of :meth:`observe` (the size of the variant's ``observation_spec``)."""
        ...  # pragma: no cover

    def init(self, key: jax.Array) -> Any:
        """A new match drawn from ``key`` (an :class:`ArrayState`)."""
        ...  # pragma: no cover

    def step(self, state: Any, action: jax.Array | int) -> Any:
        """The state after the seat to act gives the id ``action``, every automatic step included.

        An id the mask forbids ends the match at once (``terminated``, nobody to act), with
        reward -1 to the seat that gave it and 0 to the others.
        """
        ...  # pragma: no cover

    def observe(self, state: Any, seat: jax.Array | int) -> jax.Array:
        """What the variant's observation spec writes for ``seat`` (``float32[observation_size]``)."""
        ...  # pragma: no cover

    def from_game(self, game: Any, *, key: jax.Array) -> Any:
        """The state of the reference position ``game``; later deals are drawn from ``key``."""
        ...  # pragma: no cover


@runtime_checkable
class DealsAhead(Protocol):
    """An array game that can say, before a hand ends, what its next hand will be dealt.

    Its deals come from the state's key alone, so :meth:`next_deal` is known at any time.
    :func:`tablegames.jax.lockstep` then stacks that deal on the reference game (its
    :meth:`~tablegames.core.game.Game.with_next_deals`) at every hand's start, so that both
    sides deal the same pieces, and compares everything on the step that deals, the seats'
    own pieces, the new leader and the legal ids included. Without it, that step is compared
    without the observation's ``hand`` field, the pieces each side dealt itself.
    """

    def next_deal(self, state: Any) -> Any:
        """The variant's stacked deal (its ``deal_class``) that ``state``'s next hand will be dealt."""
        ...  # pragma: no cover


@runtime_checkable
class FromGames(Protocol):
    """An array game that turns many reference positions into one batch of states at once.

    The same states as :meth:`ArrayGame.from_game` of each, stacked on a leading axis, built on
    the host and sent in one transfer: a search that turns dozens of sampled worlds into states
    each decision (:class:`~tablegames.jax.search.ArraySearchBot`) pays a fraction of the cost.
    """

    def from_games(self, games: Sequence[Any], keys: np.ndarray[Any, np.dtype[np.uint32]]) -> Any:
        """The states of ``games``, stacked; ``keys`` (``uint32[len(games), 2]``): each one's words for later deals."""
        ...  # pragma: no cover


@runtime_checkable
class ArrayHeuristic(Protocol):
    """An array game that orders its ids as the variant's greedy bot would: a playout policy in JAX.

    The legal id of the highest priority (the lowest id on a tie) is a move the variant's
    :meth:`~tablegames.core.game.Game.heuristic_choice` would make: of the same worth by its
    order, if not the same action. :class:`~tablegames.jax.search.ArraySearchBot`'s playouts
    follow it (``playout="greedy"``), as :class:`~tablegames.bots.ismcts.ISMCTSBot`'s follow the
    heuristic. ``jax.jit`` and ``jax.vmap`` accept it.
    """

    def priorities(self, state: Any) -> jax.Array:
        """``int32[num_actions]``: each id's priority at ``state``, higher first (illegal ids too: mask them)."""
        ...  # pragma: no cover


@runtime_checkable
class ProvidesArrayGame(Protocol):
    """A variant class that offers an array game: the ``array_game`` classmethod.

    ``array_game(options, *, max_steps=None)`` takes the options (the variant's options
    class, or a mapping of them) and a step limit, and returns an :class:`ArrayGame`, or
    ``None`` where it has none for those options.
    """

    def array_game(self, options: Any, *, max_steps: int | None = None) -> ArrayGame | None:
        """The variant's array game for ``options``, or ``None``."""
        ...  # pragma: no cover


def provider(variant: type[Game]) -> ProvidesArrayGame | None:
    """``variant`` as a :class:`ProvidesArrayGame`, or ``None`` if it offers no array game."""
    found: object = variant
    return found if isinstance(found, ProvidesArrayGame) else None


@runtime_checkable
class PlayoutPolicy(Protocol):
    """A playout policy for :class:`~tablegames.jax.search.ArraySearchBot`: the id to play in one state.

    The bot calls it inside its compiled playouts, on one state of the array game (not a batch:
    the bot maps the playouts over its batch itself), with a fresh key at every step, and plays
    the id it returns, except for a tenth of the steps, where it plays a uniformly random legal
    id (as its greedy playouts do). It must be a pure JAX function of its arguments that
    returns a legal id (``int32``), such as the highest legal logit of a policy trained on the
    array game (:doc:`/jax_training`). The bot compiles its playouts once per policy object
    (and per shape), so reuse one object rather than making a new one for each bot.
    """

    def __call__(self, key: jax.Array, state: Any) -> jax.Array:
        """The id to play in ``state`` (legal by its ``legal_action_mask``); ``key`` is this step's randomness."""
        ...  # pragma: no cover
