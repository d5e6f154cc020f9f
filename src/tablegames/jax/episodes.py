"""Episodes of an array game as the library's logs: the same match, replayed on the reference engine.

An episode of an array game is its key and the ids taken: ``init(key)`` and one ``step`` per
id. :func:`episode_log` turns it into the library's JSON log (and :func:`episode_game` into
the reference :class:`~tablegames.core.game.Game`), so that what a policy was trained on can
be kept, loaded with :func:`tablegames.load_log`, replayed with :func:`tablegames.replay`,
shown and analysed like any other match.

The reference deals what the array game dealt: the array game must say its deals ahead
(:class:`~tablegames.jax.protocol.DealsAhead`), and at every hand's start its next deal is
stacked on the reference (:meth:`~tablegames.core.game.Game.with_next_deals`), as
:func:`tablegames.jax.lockstep` does. The first hand is the one ``init(key)`` deals, which is
the next deal of ``from_game(game, key=key)`` for a fresh ``game``. The ids are turned into
actions by :class:`~tablegames.rl.decisions.Decision`, so an action chosen in parts (a Smear
discard) takes one id per part, as on the array game. After every id the array state and the
reference must agree (the seat to act, the legal ids, the ids chosen so far, the scores, the
match's end) and, at every hand's start, every seat's observation: an episode of another key
or another game is refused at the first step where they part.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import jax
import numpy as np

from tablegames.core.capabilities import ObservationSpec
from tablegames.core.errors import IllegalActionError, LogError
from tablegames.core.game import Game, build_options
from tablegames.core.registry import get_variant
from tablegames.core.serde import dumps
from tablegames.jax.games import array_game
from tablegames.jax.protocol import ArrayGame, DealsAhead
from tablegames.rl.decisions import Decision, MissingCapability, capabilities

__all__ = ["EpisodeReplay", "episode_game", "episode_log"]


class EpisodeReplay:
    """Replays a variant's array-game episodes on the reference engine; compiled once, for many episodes.

    Args:
        name: the variant's registered name (one whose array game is a
            :class:`~tablegames.jax.protocol.DealsAhead`).
        options: the variant's options, as for :func:`tablegames.new_game`.
        arrays: the array game the episodes were played on; by default the variant's own for
            ``options`` (:func:`~tablegames.jax.make`), which has no step limit.

    Raises:
        UnknownVariantError: for a name no variant has.
        InvalidOptionsError: for options the variant does not have.
        MissingCapability: if the variant has no array game, or one that cannot say its deals ahead.

    >>> import jax
    >>> from tablegames.jax import EpisodeReplay, make
    >>> arrays = make("american-sniff", players=2)
    >>> key = jax.random.PRNGKey(3)
    >>> state, ids = arrays.init(key), []
    >>> for _ in range(30):  # the first legal id, thirty times
    ...     ids.append(int(state.legal_action_mask.argmax()))
    ...     state = arrays.step(state, ids[-1])
    >>> game = EpisodeReplay("american-sniff", options={"players": 2}).game(ids, key=key)
    >>> game.scores == tuple(int(s) for s in state.scores)
    True
    """

    def __init__(self, name: str, *, options: Mapping[str, Any] | None = None, arrays: ArrayGame | None = None) -> None:
        self.variant: type[Game] = get_variant(name)
        """The variant's class."""
        self.options: Any = build_options(self.variant.options_class, dict(options or {}))
        """The options, as the variant's options class."""
        kernel = array_game(self.variant, self.options) if arrays is None else arrays
        if not isinstance(kernel, DealsAhead):
            raise MissingCapability(
                f"{name}'s array game cannot say its deals ahead, so its episodes cannot be dealt on the "
                "reference: see tablegames.jax.protocol.DealsAhead"
            )
        self.arrays: ArrayGame = kernel
        """The array game the episodes are played on."""
        self._ahead: DealsAhead = kernel
        self._init: Callable[[jax.Array], Any] = jax.jit(kernel.init)
        self._step: Callable[[Any, int], Any] = jax.jit(kernel.step)
        self._observe: Callable[[Any, jax.Array], jax.Array] = jax.jit(jax.vmap(kernel.observe, in_axes=(None, 0)))

    def game(self, ids: Iterable[int], *, key: jax.Array, seed: int = 0) -> Game:
        """The reference game after the episode of ``key`` and ``ids``: ``init(key)``, then one step per id.

        Args:
            ids: the ids taken, in order (ints, or an int array): any number, the match need
                not be over.
            key: the key the episode's ``init`` was given (one key, not a batch).
            seed: the reference game's seed, written in its log (every deal is stacked, so it
                draws nothing).

        Returns:
            The reference game in the episode's last position, with the array game's deals
            and every action; its log is the episode's.

        Raises:
            IllegalActionError: for an id the reference does not allow at that step (or one
                after the match's end), naming the step, the seat and the legal ids.
            LogError: where the array state and the reference part (``where`` is ``"key"`` or
                ``"ids[i]"``): the episode was played on another key or another array game.
            ValueError: if ``ids`` are not whole numbers, or ``key`` is not one key.

        """
        taken = np.asarray(list(ids) if not isinstance(ids, np.ndarray | jax.Array) else ids)
        if taken.size and (taken.ndim != 1 or taken.dtype.kind not in "iu"):
            raise ValueError(f"ids must be a sequence of ints, not an array of {taken.dtype} shaped {taken.shape}")
        key = jax.numpy.asarray(key)
        if jax.numpy.issubdtype(key.dtype, jax.dtypes.prng_key):  # a typed key: its two words
            key = jax.random.key_data(key)
        if key.shape != (2,):
            raise ValueError(f"key must be one JAX key, not a batch or an array shaped {key.shape}")
        kernel, ahead = self.arrays, self._ahead
        first = ahead.next_deal(kernel.from_game(self.variant.create(self.options, seed=seed), key=key))
        game = self.variant.create(self.options, seed=seed, deals=[first])
        state = self._init(key)
        numbering, spec = capabilities(game)
        names = numbering.names()
        decision = Decision(game, numbering)
        check = _Check(self._observe, spec, numbering.size, players=kernel.num_players)
        check.compare(state, game, decision, where="key", after="init(key)", dealt=True)
        game = game.with_next_deals([ahead.next_deal(state)])
        decision = Decision(game, numbering)
        hand = 1
        for i, chosen in enumerate(int(x) for x in taken.reshape(-1)):
            at = f"ids[{i}]"
            if game.is_over:
                raise IllegalActionError(chosen, f"{at}: the match is already over ({len(taken) - i} ids too many)")
            if not 0 <= chosen < numbering.size or not decision.allows(chosen):
                raise IllegalActionError(
                    chosen,
                    f"{at}: seat {game.current_player} may not give id {chosen} in the reference "
                    f"(hand {hand}); legal ids: {decision.legal_ids()}",
                )
            state = self._step(state, chosen)
            action = decision.choose(chosen)
            dealt = False
            if action is not None:
                dealt = any(e.dealt_hand() is not None for e in game.apply(action))
                hand += dealt
                if dealt and not game.is_over:  # a new hand: stack the one after it
                    game = game.with_next_deals([ahead.next_deal(state)])
                if not game.is_over:
                    decision = Decision(game, numbering)
            check.compare(state, game, decision, where=at, after=f"id {chosen} ({names[chosen]!r})", dealt=dealt)
        if game.is_over:  # the next deal is never dealt: the log of a finished match stacks none
            game = game.with_next_deals([])
        return game

    def log(self, ids: Iterable[int], *, key: jax.Array, seed: int = 0) -> str:
        """The episode's full log as JSON text (:func:`tablegames.dumps` of :meth:`game`'s log); see :meth:`game`."""
        return dumps(self.game(ids, key=key, seed=seed).log())


class _Check:
    """Compares an array state with the reference position, field by field."""

    def __init__(
        self, observe: Callable[[Any, jax.Array], jax.Array], spec: ObservationSpec[Game], size: int, *, players: int
    ) -> None:
        self.observe, self.spec, self.size = observe, spec, size
        self.seats = jax.numpy.arange(players)

    def compare(self, state: Any, game: Game, decision: Decision, *, where: str, after: str, dealt: bool) -> None:
        """Raise a :class:`~tablegames.core.errors.LogError` at ``where`` naming the first field that differs.

        ``dealt``: a hand was just dealt, so every seat's observation is compared too.
        """
        over = game.is_over
        current = game.current_player
        mask = np.zeros(self.size, bool)
        chosen = np.zeros(self.size, bool)
        if not over:
            decision.write_mask(mask)
            chosen[list(decision.chosen)] = True
        fields: list[tuple[str, Any, Any]] = [
            ("the match's end", bool(state.terminated), over),
            ("the seat to act", int(state.current_player), -1 if over or current is None else current),
            ("the scores", tuple(int(s) for s in np.asarray(state.scores)), tuple(game.scores)),
            ("the legal ids", _ids(state.legal_action_mask), _ids(mask)),
            ("the ids chosen so far", _ids(state.chosen), _ids(chosen)),
        ]
        if bool(state.truncated):
            fields.append(("the step limit", "reached", "none"))
        if dealt:
            seen = np.asarray(self.observe(state, self.seats))
            for seat in range(len(self.seats)):
                expected = np.zeros(self.spec.size, np.float32)
                self.spec.write(game, int(seat), expected)
                for field, part in self.spec.fields.items():
                    fields.append(
                        (f"seat {seat}'s observation {field!r}", seen[seat, part].tolist(), expected[part].tolist())
                    )
        for what, ours, theirs in fields:
            if ours != theirs:
                raise LogError(
                    where,
                    f"after {after}, {what} differ: array game {_short(ours)}, reference {_short(theirs)} "
                    "(the episode was not played from this key on this array game)",
                )


def _ids(mask: Any) -> list[int]:
    return [int(i) for i in np.flatnonzero(np.asarray(mask))]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


def episode_game(
    name: str,
    ids: Iterable[int],
    *,
    key: jax.Array,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> Game:
    """The reference game of an episode of ``name``'s array game: ``init(key)``, then ``ids``.

    One call compiles the array game; :class:`EpisodeReplay` compiles once for many episodes.
    See :meth:`EpisodeReplay.game` for the arguments and errors.
    """
    return EpisodeReplay(name, options=options).game(ids, key=key, seed=seed)


def episode_log(
    name: str,
    ids: Iterable[int],
    *,
    key: jax.Array,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> str:
    """The library's JSON log of an episode of ``name``'s array game: ``init(key)``, then ``ids``.

    The log loads with :func:`tablegames.load_log` and replays with :func:`tablegames.replay`
    like any match's; see :meth:`EpisodeReplay.game` for the arguments and errors. One call
    compiles the array game; :class:`EpisodeReplay` compiles once for many episodes.

    >>> import jax
    >>> import tablegames
    >>> from tablegames.jax import episode_log, make
    >>> arrays = make("american-sniff", players=2)
    >>> key = jax.random.PRNGKey(1)
    >>> state, ids = arrays.init(key), []
    >>> for _ in range(20):  # the last legal id, twenty times
    ...     ids.append(int(arrays.num_actions - 1 - state.legal_action_mask[::-1].argmax()))
    ...     state = arrays.step(state, ids[-1])
    >>> text = episode_log("american-sniff", ids, key=key, options={"players": 2})
    >>> game = tablegames.replay(tablegames.load_log(text))
    >>> game.scores == tuple(int(s) for s in state.scores), tablegames.dumps(game.log()) == text
    (True, True)
    """
    return EpisodeReplay(name, options=options).log(ids, key=key, seed=seed)
