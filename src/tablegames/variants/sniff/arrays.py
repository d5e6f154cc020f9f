"""American Sniff as fixed-shape arrays, stepped by JAX in batches (the ``jax`` extra).

:class:`SniffArrays` plays whole Sniff matches of 2, 3 or 4 players, hand after hand, on a
:class:`SniffState` of fixed-shape arrays: :meth:`~SniffArrays.init` and
:meth:`~SniffArrays.step` are pure functions that ``jax.jit`` and ``jax.vmap`` accept. The
action ids are :class:`~tablegames.variants.sniff.rl.SniffActionIds` (``5 * tile + end``, one
placement a step) and :meth:`~SniffArrays.observe` writes exactly the floats of
:class:`~tablegames.variants.sniff.rl.SniffObservation`. Drawing, passing, a block, the
settlement and the next deal are automatic, inside the step that leads to them, as in the
reference engine. :meth:`~SniffArrays.from_game` turns any reference position into a state,
and :meth:`~SniffArrays.next_deal` says what the state's next hand will be dealt, so that
:func:`tablegames.jax.lockstep` can deal the reference the same tiles.

Build it with :meth:`Sniff.array_game <tablegames.variants.sniff.game.Sniff.array_game>` or
:func:`tablegames.jax.make`; only this module imports JAX, and only when asked for.

Tiles are numbered by :attr:`Tile.index <tablegames.components.tiles.Tile.index>` (``0-0`` is
0, ``1-0`` is 1, ... ``6-6`` is 27) and arms 0 to 3 are W, E, N and S.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from tablegames.components.tiles import domino_set
from tablegames.variants.arrays import (
    DOUBLE,
    SPINNER,
    TILE_HIGH,
    TILE_LOW,
    TILE_PIPS,
    batched_fields,
    clockwise_first,
    deal_places,
    draw_below,
    fits_values,
    hand_masks,
    hashed_words,
    key_words,
    place_on_line,
    quotient,
    ranks,
    shown_values,
)
from tablegames.variants.sniff.options import HAND_SIZES, SniffDeal, SniffOptions
from tablegames.variants.sniff.rl import COUNT_SCALE, action_ids, observation_spec

if TYPE_CHECKING:
    from tablegames.variants.sniff.game import Sniff

__all__ = ["SniffArrays", "SniffState", "sniff_count"]

_ACTIONS: Final = 140
_TILES: Final = tuple(sorted(domino_set(6), key=lambda t: t.index))
_T: Final = np.arange(28, dtype=np.int32)
_ARMS: Final = np.arange(4, dtype=np.int32)
_WEIGHT: Final = np.array([1, 2, 0], dtype=np.int32)
"""What an arm's outer value counts for, by its kind: a plain tile once, a double twice, the Sniff nothing."""


class SniffState(NamedTuple):
    """One Sniff match as arrays: a JAX pytree, batched by a leading axis under ``jax.vmap``.

    Tiles are numbered by ``Tile.index``, arms 0 to 3 (W, E, N, S), seats 0 to ``n - 1``;
    ``-1`` stands for none. With ``n`` players there are ``k`` sides (2 with four players, who
    play as partners 0+2 and 1+3, else ``n``) and a stock of ``s`` tiles (14, 10 or 8). The
    first seven fields are the array game's common ones; the rest are Sniff's own.
    """

    current_player: jax.Array
    """The seat to act, ``-1`` once the match is over (``int32``)."""
    legal_action_mask: jax.Array
    """The ids that may come next (all false once the match is over) (``bool[140]``)."""
    scores: jax.Array
    """Each side's score, as :attr:`Game.scores <tablegames.core.game.Game.scores>` (``int32[k]``)."""
    terminated: jax.Array
    """The match is over (a side reached the target, or an illegal id was given) (``bool``)."""
    truncated: jax.Array
    """The step limit was reached before the match ended (``bool``)."""
    rewards: jax.Array
    """Each seat's reward for the last step, +1 or -1 at the match's end, else 0 (``float32[n]``)."""
    chosen: jax.Array
    """Always false, as every placement is one id (``bool[140]``)."""
    steps: jax.Array
    """The steps taken since :meth:`~SniffArrays.init` or :meth:`~SniffArrays.from_game` (``int32``)."""
    key: jax.Array
    """The key the next deal is drawn from (``uint32[2]``)."""
    hand_number: jax.Array
    """The current hand, from 1 (``int32``)."""
    holder: jax.Array
    """The seat holding each tile, ``-1`` for a tile on the table or in the stock (``int32[28]``)."""
    stock: jax.Array
    """The stock as dealt, in drawing order; its first ``drawn`` entries are drawn already (``int32[s]``)."""
    drawn: jax.Array
    """How many tiles of the stock have been drawn this hand (``int32``)."""
    on_table: jax.Array
    """The tiles on the layout (``bool[28]``)."""
    opening: jax.Array
    """The opening tile, ``-1`` before it (``int32``)."""
    sniff: jax.Array
    """The Sniff's value (the first double), ``-1`` before it is down (``int32``)."""
    values: jax.Array
    """The value each arm shows (``int32[4]``)."""
    kinds: jax.Array
    """The kind of each arm's outer piece (0 a plain tile, 1 an ordinary double, 2 the Sniff itself) (``int32[4]``)."""
    layout_count: jax.Array
    """The layout's count after the last placement (``Sniff.count``) (``int32``)."""
    forced: jax.Array
    """A tile the player to act just drew, which fits and must be played, else ``-1`` (``int32``)."""
    lacks: jax.Array
    """Seat by value, known to hold no tile of it this hand (``Sniff.known_lacks``) (``bool[n, 7]``)."""
    winner: jax.Array
    """The side that won the match, else ``-1`` (``int32``)."""


def _branches_open(sniff: jax.Array, kinds: jax.Array) -> jax.Array:
    """Whether the Sniff's branches are open: it is down and both its line sides carry a tile (rule 9).

    W and E end in the Sniff itself exactly while a line side of it is not continued.
    """
    opened: jax.Array = (sniff >= 0) & (kinds[0] != SPINNER) & (kinds[1] != SPINNER)
    return opened


def _open_arms(opening: jax.Array, branches: jax.Array) -> jax.Array:
    """bool[4]: W and E once the layout is opened, N and S once the branches are open."""
    return jnp.where(_ARMS < 2, opening >= 0, branches)


def sniff_count(opening: jax.Array, sniff: jax.Array, values: jax.Array, kinds: jax.Array) -> jax.Array:
    """The count of a layout (rules 8 to 11), as ``sniff_count`` of the reference counts it.

    Every open arm counts its outer value by its kind (a tile once, an ordinary double twice,
    the Sniff nothing of its own); the Sniff adds ``2s`` while its branches are closed, then
    ``s`` for each uncovered branch.
    """
    branches = _branches_open(sniff, kinds)
    arms = _open_arms(opening, branches)
    ends = jnp.sum(jnp.where(arms, jnp.asarray(_WEIGHT)[kinds] * values, 0), dtype=jnp.int32)
    uncovered = jnp.sum(kinds[2:] == SPINNER, dtype=jnp.int32)
    share = jnp.where(branches, sniff * uncovered, jnp.where(sniff >= 0, 2 * sniff, 0))
    total: jax.Array = jnp.where(opening >= 0, ends + share, 0).astype(jnp.int32)
    return total


class _Shape(NamedTuple):
    """What the player count fixes: the kernel's static sizes."""

    players: int
    hand: int
    stock: int
    sides: int
    target: int
    max_steps: int


def _side_of(shape: _Shape, seat: jax.Array) -> jax.Array:
    return seat % 2 if shape.players == 4 else seat


def _deal(shape: _Shape, key: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array, jax.Array]:
    """The next key, each tile's holder, the stock and a drawn leader, of the deal drawn from ``key``.

    From 32 :func:`~tablegames.variants.arrays.hashed_words` of the key: the first 28 rank
    the tiles (a uniformly random order, no ties), the 29th draws the leader and the last two
    are the next key.
    """
    words = hashed_words(key, 32)
    order = ranks(words[:28])
    holder, stock = deal_places(order, players=shape.players, size=shape.hand, rest=shape.stock)
    leader = draw_below(words[28:30], shape.players)
    return words[30:], holder, stock, leader


def _new_hand(shape: _Shape, state: SniffState, leader: jax.Array) -> SniffState:
    """``state`` with the next hand dealt from its key; ``leader`` leads, or a drawn seat if it is ``-1`` (rule 5)."""
    key, holder, stock, drawn_leader = _deal(shape, state.key)
    none = jnp.int32(-1)
    return state._replace(
        current_player=jnp.where(leader < 0, drawn_leader, leader).astype(jnp.int32),
        key=key,
        hand_number=state.hand_number + 1,
        holder=holder,
        stock=stock,
        drawn=jnp.int32(0),
        on_table=jnp.zeros(28, bool),
        opening=none,
        sniff=none,
        values=jnp.zeros(4, jnp.int32),
        kinds=jnp.zeros(4, jnp.int32),
        layout_count=jnp.int32(0),
        forced=none,
        lacks=jnp.zeros((shape.players, 7), bool),
    )


def _mask(state: SniffState) -> jax.Array:
    """bool[140]: the legal ids, ``5 * tile + end`` (end 0 to open, 1 to 4 for W, E, N, S); none once over."""
    current = state.current_player
    tiles = jnp.where(state.forced >= 0, state.forced == _T, state.holder == current) & (current >= 0)
    high, low = jnp.asarray(TILE_HIGH), jnp.asarray(TILE_LOW)
    arms = _open_arms(state.opening, _branches_open(state.sniff, state.kinds))
    matches = arms[None, :] & ((high[:, None] == state.values[None, :]) | (low[:, None] == state.values[None, :]))
    opening = state.opening < 0
    ids = jnp.concatenate([(tiles & opening)[:, None], tiles[:, None] & matches & ~opening], axis=1)
    flat: jax.Array = ids.reshape(-1) & ~state.terminated
    return flat


def _settle(shape: _Shape, scores: jax.Array, holder: jax.Array) -> jax.Array:
    """The scores after each seat's remaining pips, rounded to 5 (0-2 down, 3-4 up), come off its side (rule 17)."""
    hands = hand_masks(holder, shape.players)
    pips = jnp.sum(jnp.where(hands, jnp.asarray(TILE_PIPS)[None, :], 0), axis=1, dtype=jnp.int32)
    penalty = 5 * ((pips + 2) // 5)
    sides = _side_of(shape, jnp.arange(shape.players, dtype=jnp.int32))
    lost = jnp.sum(jnp.where(sides[None, :] == jnp.arange(shape.sides)[:, None], penalty[None, :], 0), axis=1)
    settled: jax.Array = (scores - lost).astype(jnp.int32)
    return settled


def _turn(shape: _Shape, state: SniffState, seat: jax.Array) -> tuple[SniffState, jax.Array]:
    """After ``seat`` placed a tile: the next seat draws or passes as the rules say (rules 13 to 16); and a block.

    Only the next seat can draw: when it matches no open end it draws until a tile fits or the
    stock is empty, and once the stock is empty the seats after it pass until one can play,
    unless no seat can (the hand is blocked).
    """
    n = shape.players
    seats = jnp.arange(n, dtype=jnp.int32)
    arms = _open_arms(state.opening, _branches_open(state.sniff, state.kinds))
    shown = shown_values(state.values, arms)
    fit = fits_values(shown)
    seat_fits = jnp.any(hand_masks(state.holder, n) & fit[None, :], axis=1)
    following = (seat + 1) % n
    drawing = ~seat_fits[following]
    at = jnp.arange(shape.stock, dtype=jnp.int32)
    left = at >= state.drawn
    stock_fits = fit[state.stock] & left
    found = jnp.any(stock_fits)
    first = jnp.argmax(stock_fits).astype(jnp.int32)
    upto = jnp.where(found, first + 1, shape.stock)
    taken = left & (at < upto) & drawing
    to_hand = jnp.any((state.stock[:, None] == _T[None, :]) & taken[:, None], axis=0)
    holder = jnp.where(to_hand, following, state.holder)
    # known_lacks: a seat that draws or passes lacks every value shown; a tile drawn unseen resets it
    replaced = drawing & (state.drawn < shape.stock) & ~(found & (first == state.drawn))
    row = jnp.where(replaced, shown, state.lacks[following] | shown)
    lacks = jnp.where((seats == following)[:, None] & drawing, row[None, :], state.lacks)
    passing = drawing & ~found
    blocked = passing & ~jnp.any(seat_fits)
    player, _ = clockwise_first(seat_fits, following)
    distance = (seats - following) % n
    passed = passing & (distance > 0) & (distance < (player - following) % n)
    lacks = jnp.where(passed[:, None], lacks | shown[None, :], lacks)
    moved = state._replace(
        current_player=jnp.where(passing, player, following),
        holder=holder,
        drawn=jnp.where(drawing, upto, state.drawn).astype(jnp.int32),
        forced=jnp.where(drawing & found, state.stock[first], -1).astype(jnp.int32),
        lacks=lacks,
    )
    return moved, blocked


def _reaches(total: jax.Array, target: int) -> jax.Array:
    """Whether a side's total wins the match: it reached the target (rule 18)."""
    reached: jax.Array = total >= target
    return reached


def _next_leader(shape: _Shape, seat: jax.Array, domino: jax.Array) -> jax.Array:
    """The next hand's leader: the seat that dominoed, else ``-1`` for a new draw (rule 5)."""
    return jnp.where(domino, seat, -1)


def _layout_after(
    state: SniffState, tile: jax.Array, arm: jax.Array
) -> tuple[jax.Array, jax.Array, jax.Array, jax.Array, jax.Array]:
    """The opening, the Sniff, the arms' values and kinds and the count after ``tile`` goes on ``arm`` (rules 7-11)."""
    was_open = _branches_open(state.sniff, state.kinds)
    values, kinds, sniff = place_on_line(state.values, state.kinds, state.sniff, tile, arm, spins=True)
    opens = _branches_open(sniff, kinds) & ~was_open
    branch = _ARMS >= 2
    values = jnp.where(opens & branch, sniff, values)
    kinds = jnp.where(opens & branch, SPINNER, kinds)
    opening = jnp.where(arm < 0, tile, state.opening).astype(jnp.int32)
    return opening, sniff, values, kinds, sniff_count(opening, sniff, values, kinds)


def _priorities(state: SniffState) -> jax.Array:
    """int32[140]: the greedy order of every id (the reference heuristic's): points scored, then pips, then a double.

    An id's priority is ``64 * points + 2 * pips + double``, ``points`` the count after the
    placement where it scores (a positive multiple of 5), else 0, as
    :func:`~tablegames.variants.sniff.heuristic.sniff_choice` orders the placements; an id that
    is not legal gets a priority all the same (the caller masks it).
    """
    ids = jnp.arange(_ACTIONS, dtype=jnp.int32)
    count = jax.vmap(lambda a: _layout_after(state, a // 5, a % 5 - 1)[4])(ids)
    points = jnp.where((count > 0) & (count % 5 == 0), count, 0)
    tile = ids // 5
    pips, double = jnp.asarray(TILE_PIPS)[tile], jnp.asarray(TILE_HIGH)[tile] == jnp.asarray(TILE_LOW)[tile]
    ranked: jax.Array = (64 * points + 2 * pips + double).astype(jnp.int32)
    return ranked


def _place(shape: _Shape, state: SniffState, action: jax.Array) -> SniffState:
    """The tile placed (rules 7 to 11), the count scored (rule 12), then a win, the hand's end or the next turn."""
    seat = state.current_player
    tile = action // 5
    arm = action % 5 - 1
    opening, sniff, values, kinds, count = _layout_after(state, tile, arm)
    side = _side_of(shape, seat)
    scored = (count > 0) & (count % 5 == 0)
    scores = state.scores + jnp.where(scored & (jnp.arange(shape.sides) == side), count, 0)
    holder = jnp.where(tile == _T, -1, state.holder)
    placed = state._replace(
        scores=scores.astype(jnp.int32),
        holder=holder,
        on_table=state.on_table | (tile == _T),
        opening=opening,
        sniff=sniff,
        values=values,
        kinds=kinds,
        layout_count=count,
        forced=jnp.int32(-1),
    )
    won = scored & _reaches(jnp.sum(jnp.where(jnp.arange(shape.sides) == side, scores, 0)), shape.target)
    domino = ~jnp.any(holder == seat)
    turned, blocked = _turn(shape, placed, seat)
    ends = domino | blocked
    end_holder = jnp.where(domino, placed.holder, turned.holder)
    settled = placed._replace(scores=_settle(shape, placed.scores, end_holder))
    dealt = _new_hand(shape, settled, _next_leader(shape, seat, domino))
    after: SniffState = jax.tree_util.tree_map(lambda d, t: jnp.where(ends, d, t), dealt, turned)
    seats = jnp.arange(shape.players, dtype=jnp.int32)
    over = placed._replace(
        current_player=jnp.int32(-1),
        terminated=jnp.bool_(True),
        rewards=jnp.where(_side_of(shape, seats) == side, 1.0, -1.0).astype(jnp.float32),
        winner=side.astype(jnp.int32),
    )
    done: SniffState = jax.tree_util.tree_map(lambda o, a: jnp.where(won, o, a), over, after)
    return done


def _step(shape: _Shape, state: SniffState, action: jax.Array) -> SniffState:
    """The state after ``action``: a placement and everything automatic after it; refusals and limits."""
    action = jnp.asarray(action, jnp.int32)
    live = ~(state.terminated | state.truncated)
    legal = jnp.any((action == jnp.arange(_ACTIONS)) & state.legal_action_mask)
    moved = _place(shape, state._replace(rewards=jnp.zeros(shape.players, jnp.float32)), action)
    moved = moved._replace(legal_action_mask=_mask(moved))
    seats = jnp.arange(shape.players, dtype=jnp.int32)
    refused = state._replace(  # an illegal id ends the match at once: -1 to the seat that gave it
        current_player=jnp.int32(-1),
        legal_action_mask=jnp.zeros(_ACTIONS, bool),
        terminated=jnp.bool_(True),
        rewards=jnp.where(state.current_player == seats, -1.0, 0.0).astype(jnp.float32),
    )
    moved = jax.tree_util.tree_map(lambda m, r: jnp.where(legal, m, r), moved, refused)
    steps = state.steps + 1
    limit = shape.max_steps
    moved = moved._replace(steps=steps, truncated=(limit > 0) & (steps >= limit) & ~moved.terminated)
    still = state._replace(rewards=jnp.zeros(shape.players, jnp.float32))
    done: SniffState = jax.tree_util.tree_map(lambda m, s: jnp.where(live, m, s), moved, still)
    return done


def _observe(shape: _Shape, state: SniffState, seat: jax.Array) -> jax.Array:
    """The floats of :class:`~tablegames.variants.sniff.rl.SniffObservation` for ``seat``."""
    n = shape.players
    seat = jnp.asarray(seat, jnp.int32)
    order = (seat + jnp.arange(n, dtype=jnp.int32)) % n  # position p is the seat p places after the observer
    arms = _open_arms(state.opening, _branches_open(state.sniff, state.kinds))
    ends = (state.values[:, None] == jnp.arange(7)[None, :]) & arms[:, None]
    sizes = jnp.sum(hand_masks(state.holder, n), axis=1, dtype=jnp.int32)
    current = state.current_player
    scores = jnp.stack([state.scores[seat % 2], state.scores[(seat + 1) % 2]]) if n == 4 else state.scores[order]
    parts = [
        state.holder == seat,
        state.on_table,
        ends.reshape(-1),
        arms & (state.kinds == DOUBLE),
        arms & (state.kinds == SPINNER),
        jnp.arange(7) == state.sniff,
        quotient(state.layout_count, COUNT_SCALE)[None],
        quotient(shape.stock - state.drawn, shape.stock)[None],
        quotient(sizes[order], shape.hand + shape.stock),
        state.lacks[order[1:]].reshape(-1),
        (current >= 0) & ((current - seat) % n == jnp.arange(n)),
        jnp.clip(quotient(scores, shape.target), -1.0, 1.0),
    ]
    return jnp.concatenate([p.astype(jnp.float32) for p in parts])


class SniffArrays:
    """American Sniff as an array game: whole matches of 2, 3 or 4 players stepped as pure functions of arrays.

    Args:
        options: the match's options (every one is supported: 2, 3 or 4 players, any target).
        max_steps: end a match as truncated after this many steps (ids), or never (``None``).

    >>> import jax
    >>> from tablegames.variants.sniff import Sniff, SniffOptions
    >>> game = Sniff.array_game(SniffOptions(players=2))
    >>> state = game.init(jax.random.PRNGKey(0))
    >>> int(state.legal_action_mask.sum())  # the leader may open with any of its 7 tiles
    7
    >>> state = game.step(state, int(state.legal_action_mask.argmax()))
    >>> game.observe(state, 0).shape, int(state.on_table.sum())
    ((114,), 1)
    """

    name: Final = "american-sniff"
    """The variant's registered name."""
    num_actions: Final = _ACTIONS
    """The 140 ids of :class:`~tablegames.variants.sniff.rl.SniffActionIds`."""

    def __init__(self, options: SniffOptions, *, max_steps: int | None = None) -> None:
        if not isinstance(options, SniffOptions):
            raise TypeError(f"options are SniffOptions, not {options!r}")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ValueError(f"max_steps is a positive int or None, not {max_steps!r}")
        self.options: Final = options
        """The match's options."""
        self.max_steps: Final = max_steps
        """The step limit, or ``None``."""
        n = options.players
        self._shape = _Shape(
            players=n,
            hand=HAND_SIZES[n],
            stock=28 - n * HAND_SIZES[n],
            sides=2 if n == 4 else n,
            target=options.target,
            max_steps=max_steps or 0,
        )
        self._deal = jax.jit(lambda key: _deal(self._shape, key))
        self._size = observation_spec(options).size
        assert action_ids(options).size == _ACTIONS

    @property
    def num_players(self) -> int:
        """How many seats (the ``players`` option)."""
        return self._shape.players

    @property
    def observation_size(self) -> int:
        """The length of :meth:`observe`: 114 with 2 players, 124 with 3, 132 with 4."""
        return self._size

    def init(self, key: jax.Array) -> SniffState:
        """A new match: the first hand dealt and its leader drawn from ``key`` (rules 4 and 5).

        ``key`` is a JAX key (``jax.random.PRNGKey`` or ``jax.random.key``, of the default
        threefry kind): its two words seed :func:`~tablegames.variants.arrays.hashed_words`.
        """
        shape = self._shape
        n = shape.players
        none = jnp.int32(-1)
        key = key_words(key)
        blank = SniffState(
            current_player=none,
            legal_action_mask=jnp.zeros(_ACTIONS, bool),
            scores=jnp.zeros(shape.sides, jnp.int32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            rewards=jnp.zeros(n, jnp.float32),
            chosen=jnp.zeros(_ACTIONS, bool),
            steps=jnp.int32(0),
            key=key,
            hand_number=jnp.int32(0),
            holder=jnp.full(28, -1, jnp.int32),
            stock=jnp.zeros(shape.stock, jnp.int32),
            drawn=jnp.int32(0),
            on_table=jnp.zeros(28, bool),
            opening=none,
            sniff=none,
            values=jnp.zeros(4, jnp.int32),
            kinds=jnp.zeros(4, jnp.int32),
            layout_count=jnp.int32(0),
            forced=none,
            lacks=jnp.zeros((n, 7), bool),
            winner=none,
        )
        state = _new_hand(shape, blank, none)
        return state._replace(legal_action_mask=_mask(state))

    def step(self, state: SniffState, action: jax.Array | int) -> SniffState:
        """The state after the seat to act gives ``action`` (an id), every automatic step included.

        Draws, passes, a block, a hand's settlement and the next deal (from the state's key)
        happen inside the step; a count that reaches the target ends the match at once
        (:attr:`~SniffState.terminated`, the rewards). A finished or truncated state comes back
        unchanged, with zero rewards. An illegal id ends the match at once, ``-1`` to the seat
        that gave it.
        """
        return _step(self._shape, state, jnp.asarray(action))

    def observe(self, state: SniffState, seat: jax.Array | int) -> jax.Array:
        """float32[observation_size]: what :meth:`~tablegames.variants.sniff.rl.SniffObservation.write` writes."""
        return _observe(self._shape, state, jnp.asarray(seat))

    def priorities(self, state: SniffState) -> jax.Array:
        """int32[140]: the greedy bot's order of the ids at ``state``, highest first.

        (An :class:`~tablegames.jax.protocol.ArrayHeuristic`.)

        The most points now, then the heaviest tile, then a double, as
        :meth:`Sniff.heuristic_choice <tablegames.variants.sniff.game.Sniff.heuristic_choice>`
        chooses: the legal id of the highest priority (the first on a tie) is its choice.
        """
        return _priorities(state)

    def from_game(self, game: Sniff, *, key: jax.Array) -> SniffState:
        """The state of the reference ``game`` at any point of a match; later deals are drawn from ``key``.

        Raises:
            ValueError: if ``game``'s options are not this array game's.

        """
        state = SniffState(**jax.device_put(self._host_state(game, np.asarray(key_words(key)))))
        return state._replace(legal_action_mask=_compiled_mask(state))

    def from_games(self, games: Sequence[Sniff], keys: np.ndarray[Any, np.dtype[np.uint32]]) -> SniffState:
        """The states of the reference ``games``, stacked on a leading axis, in one transfer.

        (A :class:`~tablegames.jax.protocol.FromGames`.)

        ``keys`` is ``uint32[len(games), 2]``: the words each state's later deals are drawn from.
        The same states as :meth:`from_game` of each, for a fraction of its cost.

        Raises:
            ValueError: if a game's options are not this array game's, or ``keys`` is not one pair of words a game.
        """
        state = SniffState(**batched_fields(games, keys, self._host_state))
        return state._replace(legal_action_mask=_batched_mask(state))

    def _host_state(self, game: Sniff, words: np.ndarray[Any, np.dtype[np.uint32]]) -> dict[str, Any]:
        """``game``'s state as NumPy arrays by field, its mask not yet worked out (all false)."""
        if game.options != self.options:
            raise ValueError(f"the game's options {game.options!r} are not this array game's {self.options!r}")
        shape = self._shape
        holder = np.full(28, -1, np.int32)
        for seat, hand in enumerate(game.hands):
            for tile in hand:
                holder[tile.index] = seat
        stock = np.zeros(shape.stock, np.int32)
        left = [t.index for t in game.stock]
        stock[shape.stock - len(left) :] = left
        layout = game.layout
        on_table = np.zeros(28, bool)
        on_table[[t.index for t in layout.all_tiles()]] = True
        lacks = np.array([[bits >> v & 1 for v in range(7)] for bits in game.known_lacks], bool)
        current, winner, forced = game.current_player, game.winner, game.forced_tile
        return dict(
            current_player=np.int32(-1 if current is None else current),
            legal_action_mask=np.zeros(_ACTIONS, bool),
            scores=np.array(game.scores, np.int32),
            terminated=np.bool_(game.is_over),
            truncated=np.bool_(False),
            rewards=np.zeros(shape.players, np.float32),
            chosen=np.zeros(_ACTIONS, bool),
            steps=np.int32(0),
            key=np.asarray(words, np.uint32),
            hand_number=np.int32(game.hand_number),
            holder=holder,
            stock=stock,
            drawn=np.int32(shape.stock - len(left)),
            on_table=on_table,
            opening=np.int32(-1 if layout.opening is None else layout.opening.index),
            sniff=np.int32(-1 if layout.spinner is None else layout.spinner.high),
            values=np.array(layout.values[:4], np.int32),
            kinds=np.array(layout.outer_kinds[:4], np.int32),
            layout_count=np.int32(game.count),
            forced=np.int32(-1 if forced is None else forced.index),
            lacks=lacks,
            winner=np.int32(-1 if winner is None else winner),
        )

    def next_deal(self, state: SniffState) -> SniffDeal:
        """The deal the next hand of ``state`` (one match, not a batch) will get: hands, stock and drawn leader.

        The leader is the seat a neutral draw picks; the reference uses it only where a draw is
        due (after a blocked hand), as the array game does.
        """
        _, holder, stock, leader = (np.asarray(x) for x in self._deal(state.key))
        hands = tuple(tuple(_TILES[int(t)] for t in np.flatnonzero(holder == s)) for s in range(self._shape.players))
        return SniffDeal(hands=hands, stock=tuple(_TILES[int(t)] for t in stock), leader=int(leader))


_compiled_mask: Final = jax.jit(_mask)
"""The mask, compiled once: :meth:`SniffArrays.from_game` runs outside any trace."""
_batched_mask: Final = jax.jit(jax.vmap(_mask))
"""The masks of a batch, compiled once, for :meth:`SniffArrays.from_games`."""
