"""Four Point Smear as fixed-shape arrays, stepped by JAX in batches (the ``jax`` extra).

:class:`SmearArrays` plays whole Smear matches, hand after hand, on a :class:`SmearState` of
fixed-shape arrays: :meth:`~SmearArrays.init` and :meth:`~SmearArrays.step` are pure functions
that ``jax.jit`` and ``jax.vmap`` accept, so thousands of matches step in one compiled
call. The action ids are :class:`~tablegames.variants.smear.rl.SmearActionIds` (a discard one
card a step, as the environments step it) and :meth:`~SmearArrays.observe` writes exactly the
321 floats of :class:`~tablegames.variants.smear.rl.SmearObservation`, so a policy moves
between this and the reference engine freely. :meth:`~SmearArrays.from_game` turns any
reference position into a state. The reference engine stays the rules as written; this
module is held equal to it, step for step, by :func:`tablegames.jax.lockstep`.

Build it with :meth:`Smear.array_game <tablegames.variants.smear.game.Smear.array_game>` or
:func:`tablegames.jax.make`; only this module imports JAX, and only when asked for.

Cards are numbered in deck order (AS KS QS JS 10S 9S 8S 7S, then hearts, diamonds, clubs), so
card ``c`` has suit ``c // 8`` and rank ``c % 8`` (0 the ace, 7 the seven).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from tablegames.components.cards import piquet_deck
from tablegames.variants.arrays import batched_fields, deal_places, hashed_words, key_words, quotient, ranks
from tablegames.variants.arrays import trick_winner as shared_trick_winner
from tablegames.variants.smear.options import SmearDeal, SmearOptions
from tablegames.variants.smear.rl import DISCARD_IDS, PLAY_IDS, SmearObservation
from tablegames.variants.smear.rules import discard_allowance

if TYPE_CHECKING:
    from tablegames.variants.smear.game import Smear

__all__ = ["PHASES", "SmearArrays", "SmearState", "trick_winner"]

PHASES: Final = ("bidding", "discard", "play", "over")
"""The phases by their number in :attr:`SmearState.phase` (the observation's order)."""
_BIDDING, _DISCARD, _PLAY, _OVER = range(4)
_ACTIONS: Final = DISCARD_IDS + 32
_DECK: Final = piquet_deck()
_INDEX: Final = {c: i for i, c in enumerate(_DECK)}
_CARDS: Final = np.arange(32, dtype=np.int32)
_SUIT: Final = _CARDS // 8
_POWER: Final = 7 - _CARDS % 8
"""A card's strength in its suit (the ace 7, the seven 0): rule 3."""
_POINTS: Final = np.array([4, 3, 2, 1, 10, 0, 0, 0] * 4, dtype=np.int32)
"""Each card's points for Game (rule 4), in deck order."""
_SIXTHS: Final = np.array([k / 6 for k in range(7)], dtype=np.float32)
_EIGHTIETHS: Final = np.array([k / 80 for k in range(81)], dtype=np.float32)
"""Tricks over 6 and card points over 80, each rounded once from the exact quotient (as the reference's doubles are)."""
_SEATS: Final = np.arange(4, dtype=np.int32)
_SUITS: Final = np.arange(4, dtype=np.int32)
_IDS: Final = np.arange(_ACTIONS, dtype=np.int32)


class SmearState(NamedTuple):
    """One Smear match as arrays: a JAX pytree, batched by a leading axis under ``jax.vmap``.

    Cards are numbered in deck order, seats 0 to 3, sides 0 (seats 0 and 2) and 1; ``-1``
    stands for none. The first six fields are the array game's common ones; the rest are
    Smear's own.
    """

    current_player: jax.Array
    """The seat to act, ``-1`` once the match is over (``int32``)."""
    legal_action_mask: jax.Array
    """The ids that may come next (all false once the match is over) (``bool[68]``)."""
    scores: jax.Array
    """Each side's score, as :attr:`Game.scores <tablegames.core.game.Game.scores>` (``int32[2]``)."""
    terminated: jax.Array
    """The match is over (a side won, or an illegal id was given) (``bool``)."""
    truncated: jax.Array
    """The step limit was reached before the match ended (``bool``)."""
    rewards: jax.Array
    """Each seat's reward for the last step, +1 or -1 at the match's end, else 0 (``float32[4]``)."""
    chosen: jax.Array
    """The ids chosen so far of a discard being chosen part by part (the environments' ``chosen``) (``bool[68]``)."""
    steps: jax.Array
    """The steps taken since :meth:`~SmearArrays.init` or :meth:`~SmearArrays.from_game` (``int32``)."""
    key: jax.Array
    """The key the next deals are drawn from (``uint32[2]``)."""
    hand_number: jax.Array
    """The current hand, from 1 (a throw-in counts) (``int32``)."""
    dealer: jax.Array
    """The dealer of this hand (``int32``)."""
    phase: jax.Array
    """The index in :data:`PHASES` (bidding, discard, play, over) (``int32``)."""
    holder: jax.Array
    """The seat holding each card, ``-1`` for a card in no hand (``int32[32]``)."""
    undealt: jax.Array
    """The undealt stack, top first (``int32[8]``)."""
    bids: jax.Array
    """Each seat's call this hand, ``-1`` not yet, ``0`` a pass, else its bid (``int32[4]``)."""
    high: jax.Array
    """The high bid so far (``0`` for none) (``int32``)."""
    high_seat: jax.Array
    """The seat of the high bid, ``-1`` for none (``int32``)."""
    spoken: jax.Array
    """How many seats have spoken this hand (``int32``)."""
    bidder: jax.Array
    """The bidder, once the bidding is won (else ``-1``) (``int32``)."""
    bid: jax.Array
    """The winning bid (else ``0``) (``int32``)."""
    picked_up: jax.Array
    """The undealt cards the bidder took up (``bool[32]``)."""
    discards: jax.Array
    """The bidder's discards (``bool[32]``)."""
    allowance: jax.Array
    """How many cards of each suit the bidder may discard and still lead it (rule 9) (``int32[4]``)."""
    trump: jax.Array
    """The trump suit once the first card is led, else ``-1`` (``int32``)."""
    led: jax.Array
    """The suit led to the trick in progress, else ``-1`` (``int32``)."""
    leader: jax.Array
    """The seat that led (or leads) the trick in progress (``int32``)."""
    trick: jax.Array
    """The card each seat put in the trick in progress, else ``-1`` (``int32[4]``)."""
    played_by: jax.Array
    """The seat that played each card this hand, else ``-1`` (``int32[32]``)."""
    won_by: jax.Array
    """The seat that won the completed trick holding each card, else ``-1`` (``int32[32]``)."""
    void: jax.Array
    """Seat by suit, shown to hold none of that suit this hand (rule 10) (``bool[4, 4]``)."""
    tricks_won: jax.Array
    """The tricks each side took this hand (``int32[2]``)."""
    winner: jax.Array
    """The side that won the match, else ``-1`` (``int32``)."""


class _Rules(NamedTuple):
    """The options a step reads, as arrays (one compiled step serves every target and flag)."""

    target: jax.Array
    win_only_on_bid: jax.Array
    cap_non_bidders: jax.Array
    in_play: jax.Array
    max_steps: jax.Array


def _pick(flags: jax.Array, values: jax.Array) -> jax.Array:
    """The sum of ``values`` where ``flags`` holds: the entry at a one-hot ``flags``."""
    return jnp.sum(jnp.where(flags, values, 0), dtype=values.dtype)


def _side_entry(pair: jax.Array, side: jax.Array) -> jax.Array:
    return jnp.where(side == 0, pair[0], pair[1])


def _deal(key: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
    """The next key, each card's holder and the undealt stack of a deal drawn from ``key``.

    From 34 :func:`~tablegames.variants.arrays.hashed_words` of the key: the first 32 put
    the cards in a random order (their :func:`~tablegames.variants.arrays.ranks`, a
    permutation without a sort or ties), the last two are the next key. The first six places
    go to seat 0, the next six to seat 1, and so on; the last eight are the undealt stack, top
    first. (A counter-based hash, not JAX's threefry, which dealt at a large share of a step's
    cost under ``vmap``.)
    """
    words = hashed_words(key, 34)
    holder, undealt = deal_places(ranks(words[:32]), players=4, size=6, rest=8)
    return words[32:], holder, undealt


def _first_dealer(key: jax.Array) -> jax.Array:
    """The first dealer of a match whose first hand is dealt from ``key``: its 35th hashed word, mod 4."""
    return (hashed_words(key, 35)[34] % np.uint32(4)).astype(jnp.int32)


def _new_hand(state: SmearState, dealer: jax.Array) -> SmearState:
    """``state`` with the next hand dealt from its key by ``dealer``; the dealer's left bids first."""
    key, holder, undealt = _deal(state.key)
    none = jnp.int32(-1)
    return state._replace(
        current_player=(dealer + 1) % 4,
        chosen=jnp.zeros(_ACTIONS, bool),
        key=key,
        hand_number=state.hand_number + 1,
        dealer=dealer,
        phase=jnp.int32(_BIDDING),
        holder=holder,
        undealt=undealt,
        bids=jnp.full(4, -1, jnp.int32),
        high=jnp.int32(0),
        high_seat=none,
        spoken=jnp.int32(0),
        bidder=none,
        bid=jnp.int32(0),
        picked_up=jnp.zeros(32, bool),
        discards=jnp.zeros(32, bool),
        allowance=jnp.zeros(4, jnp.int32),
        trump=none,
        led=none,
        leader=(dealer + 1) % 4,
        trick=jnp.full(4, -1, jnp.int32),
        played_by=jnp.full(32, -1, jnp.int32),
        won_by=jnp.full(32, -1, jnp.int32),
        void=jnp.zeros((4, 4), bool),
        tricks_won=jnp.zeros(2, jnp.int32),
    )


# -- one step -------------------------------------------------------------------------


def _bidding(state: SmearState, action: jax.Array, take: int) -> tuple[SmearState, jax.Array]:
    """A pass (id 0) or a bid of ``action + 1`` (rule 7); and whether all four passed."""
    seat = state.current_player
    amount = jnp.where(action == 0, 0, action + 1)
    raised = amount > 0
    high = jnp.where(raised, amount, state.high)
    high_seat = jnp.where(raised, seat, state.high_seat)
    spoken = state.spoken + 1
    over = (amount == 4) | (spoken == 4)
    won = over & (high > 0)
    holder = state.holder
    picked_up = state.picked_up
    allowance = state.allowance
    if take:  # rule 8: the bidder takes up the top cards of the undealt stack
        picked_up = jnp.any(state.undealt[:take, None] == _CARDS[None, :], axis=0) & won
        holder = jnp.where(picked_up, high_seat, holder)
        held = jnp.sum((holder == high_seat)[None, :] & (_SUIT[None, :] == _SUITS[:, None]), axis=1, dtype=jnp.int32)
        allowance = jnp.where(won, jnp.maximum(held - 6, 0), allowance)
    after = jnp.int32(_DISCARD if take else _PLAY)
    moved = state._replace(
        current_player=jnp.where(won, high_seat, (seat + 1) % 4),
        phase=jnp.where(won, after, state.phase),
        holder=holder,
        bids=jnp.where(seat == _SEATS, amount, state.bids),
        high=high,
        high_seat=high_seat,
        spoken=spoken,
        bidder=jnp.where(won, high_seat, state.bidder),
        bid=jnp.where(won, high, state.bid),
        picked_up=picked_up,
        allowance=allowance,
        leader=jnp.where(won, high_seat, state.leader),
    )
    return moved, over & ~won


def _discarding(state: SmearState, action: jax.Array, take: int) -> SmearState:
    """One card of the bidder's discard; with the last one the cards go and the play begins."""
    chosen = state.chosen | (action == _IDS)
    done = jnp.sum(chosen, dtype=jnp.int32) == take
    cards = chosen[DISCARD_IDS:]
    return state._replace(
        chosen=chosen & ~done,
        phase=jnp.where(done, jnp.int32(_PLAY), state.phase),
        holder=jnp.where(done & cards, -1, state.holder),
        discards=jnp.where(done, cards, state.discards),
    )


def trick_winner(trick: jax.Array, trump: jax.Array, led: jax.Array) -> jax.Array:
    """The seat that wins a full trick (rule 11): the highest trump, else the highest card of the suit led.

    Smear's cards on :func:`tablegames.variants.arrays.trick_winner`.

    Args:
        trick: int32[4], the card each seat played.
        trump: the trump suit.
        led: the suit led.

    """
    return shared_trick_winner(trick // 8, 7 - trick % 8, trump, led)


def _playing(state: SmearState, action: jax.Array, winner_of: Any) -> tuple[SmearState, jax.Array]:
    """A card played (rules 9 to 11): the trick, its winner when it closes; and whether the hand's six are played."""
    seat = state.current_player
    card = action - PLAY_IDS
    here = card == _CARDS
    suit = card // 8
    leading = jnp.all(state.trick < 0)
    trump = jnp.where(state.trump < 0, suit, state.trump)  # the first lead names trump
    led = jnp.where(leading, suit, state.led)
    shows_void = ~leading & (suit != led) & (suit != trump)  # rule 10: neither the suit led nor trump
    void = state.void | ((seat == _SEATS)[:, None] & (led == _SUITS)[None, :] & shows_void)
    trick = jnp.where(seat == _SEATS, card, state.trick)
    closes = jnp.all(trick >= 0)
    winner = winner_of(trick, trump, led)
    in_trick = jnp.any(trick[:, None] == _CARDS[None, :], axis=0) & closes
    tricks_won = state.tricks_won + jnp.where(closes & (jnp.arange(2) == winner % 2), 1, 0)
    moved = state._replace(
        current_player=jnp.where(closes, winner, (seat + 1) % 4),
        holder=jnp.where(here, -1, state.holder),
        trump=trump,
        led=jnp.where(closes, -1, led),
        leader=jnp.where(closes, winner, state.leader),
        trick=jnp.where(closes, -1, trick),
        played_by=jnp.where(here, seat, state.played_by),
        won_by=jnp.where(in_trick, winner, state.won_by),
        void=void,
        tricks_won=tricks_won,
    )
    return moved, closes & (jnp.sum(tricks_won) == 6)


def _points(rules: _Rules, state: SmearState, card_points: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Each side's points of the four (rule 12) and card points for Game (the bidder's discards counted)."""
    trump = state.trump
    trumps = trump == _SUIT
    played = trumps & (state.played_by >= 0)
    # "in-play": the highest and the lowest trump played; "ace-seven": the ace and the 7 of trump
    high = jnp.where(rules.in_play, jnp.argmax(played), trump * 8)
    low = jnp.where(rules.in_play, 31 - jnp.argmax(played[::-1]), trump * 8 + 7)
    high_by = _pick(high == _CARDS, state.played_by)
    low_by = _pick(low == _CARDS, state.played_by)
    jack_by = _pick(trump * 8 + 3 == _CARDS, state.won_by)
    taken = state.won_by >= 0
    bidder_side = state.bidder % 2
    sides = jnp.arange(2)
    counted = (taken & (state.won_by % 2 == sides[:, None])) | (state.discards & (sides[:, None] == bidder_side))
    totals = jnp.sum(jnp.where(counted, card_points, 0), axis=1, dtype=jnp.int32)
    game = jnp.where(totals[0] > totals[1], 0, jnp.where(totals[1] > totals[0], 1, -1))
    won = jnp.zeros(2, jnp.int32)
    for by in (high_by, low_by, jack_by):
        won = won + jnp.where((by >= 0) & (by % 2 == sides), 1, 0)
    won = won + jnp.where(game == sides, 1, 0)
    return won, totals


def _settle(rules: _Rules, state: SmearState, card_points: jax.Array) -> SmearState:
    """Count the hand (rule 12), settle it (rules 13 and 16) and see whether a side won (rules 14 and 15)."""
    won, _ = _points(rules, state, card_points)
    sides = jnp.arange(2)
    bidder_side = state.bidder % 2
    made = _side_entry(won, bidder_side) >= state.bid
    changes = jnp.where((sides == bidder_side) & ~made, -state.bid, won)
    capped = jnp.minimum(changes, jnp.maximum(rules.target - state.scores, 0))
    changes = jnp.where(rules.cap_non_bidders & (sides != bidder_side), capped, changes)
    scores = state.scores + changes
    reached = scores >= rules.target
    if_both = jnp.where(scores[0] > scores[1], 0, jnp.where(scores[1] > scores[0], 1, bidder_side))
    usual = jnp.where(reached[0] & reached[1], if_both, jnp.where(reached[0], 0, jnp.where(reached[1], 1, -1)))
    on_bid = jnp.where(made & (_side_entry(scores, bidder_side) >= rules.target), bidder_side, -1)
    winner = jnp.where(rules.win_only_on_bid, on_bid, usual).astype(jnp.int32)
    return state._replace(scores=scores, winner=winner)


def _step(
    rules: _Rules, state: SmearState, action: jax.Array, *, take: int, winner_of: Any, card_points: jax.Array
) -> SmearState:
    """The state after ``action``: the rules of one step, every phase computed and the right one kept."""
    action = jnp.asarray(action, jnp.int32)
    live = ~(state.terminated | state.truncated)
    legal = _pick(action == _IDS, state.legal_action_mask.astype(jnp.int32)) > 0
    phase = state.phase
    bid_state, thrown_in = _bidding(state, action, take)
    play_state, played_out = _playing(state, action, winner_of)
    moved = jax.tree_util.tree_map(lambda b, p: jnp.where(phase == _BIDDING, b, p), bid_state, play_state)
    if take:
        disc_state = _discarding(state, action, take)
        moved = jax.tree_util.tree_map(lambda d, m: jnp.where(phase == _DISCARD, d, m), disc_state, moved)
    thrown_in = thrown_in & (phase == _BIDDING)
    played_out = played_out & (phase == _PLAY)
    settled = _settle(rules, moved, card_points)
    moved = jax.tree_util.tree_map(lambda s, m: jnp.where(played_out, s, m), settled, moved)
    match_over = played_out & (moved.winner >= 0)
    dealt = _new_hand(moved, jnp.where(thrown_in, moved.dealer, (moved.dealer + 1) % 4))
    moved = jax.tree_util.tree_map(lambda d, m: jnp.where((thrown_in | played_out) & ~match_over, d, m), dealt, moved)
    moved = moved._replace(
        current_player=jnp.where(match_over, -1, moved.current_player),
        phase=jnp.where(match_over, jnp.int32(_OVER), moved.phase),
        terminated=match_over,
        rewards=jnp.where(match_over, jnp.where(moved.winner == _SEATS % 2, 1.0, -1.0), 0.0).astype(jnp.float32),
    )
    moved = moved._replace(legal_action_mask=_mask(moved, take))
    # an illegal id ends the match at once: -1 to the seat that gave it
    refused = state._replace(
        current_player=jnp.int32(-1),
        legal_action_mask=jnp.zeros(_ACTIONS, bool),
        terminated=jnp.bool_(True),
        rewards=jnp.where(state.current_player == _SEATS, -1.0, 0.0).astype(jnp.float32),
    )
    moved = jax.tree_util.tree_map(lambda m, r: jnp.where(legal, m, r), moved, refused)
    steps = state.steps + 1
    moved = moved._replace(
        steps=steps, truncated=(rules.max_steps > 0) & (steps >= rules.max_steps) & ~moved.terminated
    )
    still = state._replace(rewards=jnp.zeros(4, jnp.float32))
    done: SmearState = jax.tree_util.tree_map(lambda m, s: jnp.where(live, m, s), moved, still)
    return done


# -- what may come next ---------------------------------------------------------------


def _discard_parts(state: SmearState, take: int) -> jax.Array:
    """bool[32]: the cards that may come next in the bidder's discard (rules 8 and 9).

    Every discard of ``take`` of the bidder's ``6 + take`` cards is listed (in deck order), and
    a card may come next if some discard that leaves a legal first lead starts with the cards
    chosen so far and then it.
    """
    _, allowed, following = _discards(state, take)
    return jnp.any(allowed[:, None] & (following[:, None] == _CARDS[None, :]), axis=0)


def _discards(state: SmearState, take: int) -> tuple[jax.Array, jax.Array, jax.Array]:
    """Every discard of ``take`` of the bidder's cards, in the reference's order: ``(cards, allowed, following)``.

    ``cards`` is ``int32[discards, take]`` (each in deck order), ``allowed`` whether it starts
    with the parts chosen so far and leaves a legal first lead (rule 9), ``following`` its card
    after those parts.
    """
    size = 6 + take
    hand = state.holder == state.bidder
    place = jnp.cumsum(hand) - 1
    slots = jnp.sum(jnp.where(hand[None, :] & (place[None, :] == jnp.arange(size)[:, None]), _CARDS, 0), axis=1)
    combos = np.array(list(itertools.combinations(range(size), take)), dtype=np.int32)
    cards = slots[combos]  # [discards, take], each in deck order
    chosen = state.chosen[DISCARD_IDS:]
    depth = jnp.sum(chosen, dtype=jnp.int32)
    order = jnp.cumsum(chosen) - 1
    so_far = jnp.sum(jnp.where(chosen[None, :] & (order[None, :] == jnp.arange(take)[:, None]), _CARDS, 0), axis=1)
    parts = jnp.arange(take)
    prefix = jnp.all((parts[None, :] >= depth) | (cards == so_far[None, :]), axis=1)
    thrown = jnp.sum(cards[:, :, None] // 8 == _SUITS[None, None, :], axis=1, dtype=jnp.int32)  # [discards, 4]
    held = jnp.sum(hand[None, :] & (_SUIT[None, :] == _SUITS[:, None]), axis=1, dtype=jnp.int32)
    leaves_a_lead = jnp.any((held[None, :] > thrown) & (thrown <= state.allowance[None, :]), axis=1)
    following = jnp.sum(jnp.where(parts[None, :] == depth, cards, 0), axis=1)
    return cards, prefix & leaves_a_lead, following


def _mask(state: SmearState, take: int) -> jax.Array:
    """The legal ids of ``state``, all false once over (``bool[68]``)."""
    phase = state.phase
    high = state.high
    bids = jnp.stack([jnp.bool_(True), high < 2, high < 3, high < 4]) & (phase == _BIDDING)
    hand = state.holder == state.current_player
    leading = jnp.all(state.trick < 0)
    led = state.led == _SUIT
    follow = hand & led
    # rule 10: holding the suit led, play it or a trump; when trump is led, a trump
    follow_or_trump = jnp.where(state.trump != state.led, hand & (led | (state.trump == _SUIT)), follow)
    answer = jnp.where(jnp.any(follow), follow_or_trump, hand)
    lead = hand
    if take:  # rule 9: a first lead of a suit whose cards the bidder discarded beyond its allowance is illegal
        thrown = jnp.sum(state.discards[None, :] & (_SUIT[None, :] == _SUITS[:, None]), axis=1, dtype=jnp.int32)
        first = (state.trump < 0) & jnp.any(state.discards)
        lead = jnp.where(first, hand & (thrown <= state.allowance)[_SUIT], hand)
    plays = jnp.where(leading, lead, answer) & (phase == _PLAY)
    parts = _discard_parts(state, take) & (phase == _DISCARD) if take else jnp.zeros(32, bool)
    return jnp.concatenate([bids, plays, parts])


# -- the heuristic --------------------------------------------------------------------
# The greedy bot's choice (tablegames.mechanics.pitchplay with Smear's cards, and Smear's discard),
# in whole numbers: twentieths of a point for a suit's value, quarters for a card's keep value,
# tenths for a card fed to a partner. Ranks by their place in a suit: 0 the ace ... 7 the seven.

_RANK: Final = _CARDS % 8
_ORDER: Final = 8 - _RANK
"""Each card's rank order, as ``ORDER`` of the rules (the ace 8, the seven 1)."""
_ACE, _KING, _QUEEN, _JACK, _TEN, _SEVEN = 0, 1, 2, 3, 4, 7
_KEEP: Final = np.array([36, 24, 20, 16, 0, 3, 2, 1], np.int32)[_RANK]
"""Each card's keep value off trump, in quarters (a ten is thrown first: discards count for Game)."""
_DUMP: Final = np.where(_POINTS > 0, 10 + 2 * _POINTS, 0) + _ORDER
"""What throwing each card off trump to the other side costs."""


def _twentieths(hand: jax.Array, in_play: jax.Array) -> jax.Array:
    """int32[4]: what ``hand`` (bool[32]) is worth with each suit trump, in twentieths (``suit_twentieths``)."""
    held = hand.reshape(4, 8)
    n = jnp.sum(held, axis=1, dtype=jnp.int32)

    def has(rank: int) -> jax.Array:
        return held[:, rank]

    top = jnp.where(has(_ACE), 20, jnp.where(has(_KING), 12, jnp.where(has(_QUEEN), 6, 0)))
    bottom = jnp.where(has(_SEVEN), 20, jnp.where(has(6), 12, jnp.where(has(5), 6, 0)))
    fixed = jnp.where(has(_ACE), 20, jnp.where(has(_KING) & (n >= 3), 6, 0)) + jnp.where(has(_SEVEN), 20, 0)
    jack = jnp.where(has(_JACK), jnp.where(has(_ACE) | has(_KING) | (n >= 4), 17, 10), 0)
    side_tops = jnp.sum(held[:, _ACE], dtype=jnp.int32) - held[:, _ACE]
    tens = jnp.sum(held[:, _TEN], dtype=jnp.int32)
    extra = jnp.minimum(18, 2 * n + 2 * side_tops + 2 * tens + jnp.where(has(_TEN), 3, 0))
    value: jax.Array = jnp.where(n > 0, 6 + jnp.where(in_play, top + bottom, fixed) + jack + extra, 0)
    return value.astype(jnp.int32)


def _first(flags: jax.Array, key: jax.Array | np.ndarray[Any, Any]) -> jax.Array:
    """The card (index) of the lowest ``key`` among ``flags`` (bool[32]), the first in deck order on a tie."""
    return jnp.argmin(jnp.where(flags, key, np.iinfo(np.int32).max)).astype(jnp.int32)


def _card_choice(state: SmearState, plays: jax.Array, in_play: jax.Array) -> jax.Array:
    """The card the heuristic plays among the legal ``plays`` (bool[32]): ``pitchplay``'s card player."""
    seat = state.current_player
    hand = state.holder == seat
    unseen = ~((state.played_by >= 0) | hand | (state.discards & (seat == state.bidder)))
    trumps = state.trump == _SUIT
    jack = trumps & (_RANK == _JACK)
    dump = jnp.where(trumps, jnp.where(_RANK == _SEVEN, 5, jnp.where(_RANK == _JACK, 100, 30 + _ORDER)), _DUMP)
    cheapest = _first(plays, dump)
    # the hand's first lead: the suit the hand is worth most in, of those it may lead; its top card if
    # one of the three highest ranks or alone, else its lowest that is not the jack
    worth = jnp.where(jnp.any(plays.reshape(4, 8), axis=1), _twentieths(hand, in_play), -1)
    mine = plays & (jnp.argmax(worth) == _SUIT)
    top = _first(mine, -_ORDER)
    low = mine & (_RANK != _JACK)
    high = (jnp.asarray(_RANK)[top] <= _QUEEN) | (jnp.sum(mine) == 1) | ~jnp.any(low)
    opening = jnp.where(high, top, _first(low, _ORDER))
    # a later lead: the top trump if no trump still out beats it, else a side ace, else the cheapest card
    top_trump = _first(plays & trumps, -_ORDER)
    out = unseen & trumps
    pull = jnp.any(plays & trumps) & jnp.any(out) & ~jnp.any(out & (jnp.asarray(_ORDER)[top_trump] < _ORDER))
    side_ace = plays & ~trumps & (_RANK == _ACE)
    lead = jnp.where(pull, top_trump, jnp.where(jnp.any(side_ace), _first(side_ace, _CARDS), cheapest))
    # following: feed a partner sure to win the trick, else win it with the cheapest sure card (the jack
    # of trump first), else win it cheaply if others are still to play, else throw the cheapest card
    score = jnp.where(trumps, 16 + _ORDER, jnp.where(state.led == _SUIT, _ORDER, -1))
    in_trick = state.trick >= 0
    scores = jnp.where(in_trick, score[jnp.maximum(state.trick, 0)], -2)
    best_seat = jnp.argmax(scores).astype(jnp.int32)
    after = 3 - jnp.sum(in_trick, dtype=jnp.int32)
    holds = (after == 0) | ~jnp.any(unseen[None, :] & (score[None, :] > score[:, None]), axis=1)
    court = ~trumps & ((_RANK == _KING) | (_RANK == _QUEEN))
    keep_trump = jnp.where(trumps & (_RANK != _SEVEN), -100 - 10 * _ORDER, -_ORDER)
    feed = jnp.where(jack, 200, jnp.where(_RANK == _TEN, 100, jnp.where(court, 10 * _POINTS, keep_trump)))
    fed = _first(plays, dump - 1000 * feed)
    winners = plays & (score > scores[best_seat])
    safe = winners & holds
    sure = jnp.where(jnp.any(safe & jack), _first(safe & jack, _CARDS), _first(safe, 100 * trumps + _ORDER))
    cheap = winners & ~jack & (dump < 10)
    follow = jnp.where(jnp.any(cheap) & (after > 0), _first(cheap, dump), cheapest)
    follow = jnp.where(jnp.any(safe), sure, follow)
    follow = jnp.where((best_seat == (seat + 2) % 4) & holds[state.trick[best_seat]], fed, follow)
    leading = ~jnp.any(in_trick)
    choice: jax.Array = jnp.where(leading, jnp.where(state.trump < 0, opening, lead), follow)
    return choice


def _heuristic_id(state: SmearState, rules: _Rules, take: int) -> jax.Array:
    """The id Smear's greedy bot gives at ``state`` (:func:`~tablegames.variants.smear.heuristic.smear_choice`)."""
    mask = state.legal_action_mask
    hand = state.holder == state.current_player
    # the bid: what the best suit is worth, a quarter point for each card to be taken up, up to 4
    amount = jnp.minimum(4, (jnp.max(_twentieths(hand, rules.in_play)) + 5 * take) // 20)
    fallback = jnp.where(mask[0], 0, jnp.argmax(mask[:PLAY_IDS]))
    bid = jnp.where((amount >= 2) & mask[jnp.maximum(amount - 1, 0)], amount - 1, fallback)
    card = PLAY_IDS + _card_choice(state, mask[PLAY_IDS:DISCARD_IDS], rules.in_play)
    chosen = jnp.where(state.phase == _BIDDING, bid, card)
    if take:  # the discard that keeps most: trumps of the best suit, then aces and court cards; a ten goes first
        trump = jnp.argmax(_twentieths(hand, rules.in_play))  # the first of the best on a tie
        keep = jnp.where(trump == _SUIT, 400 + 4 * _ORDER, _KEEP)
        cards, allowed, following = _discards(state, take)
        worth = jnp.where(allowed, jnp.sum(keep[cards], axis=1), np.iinfo(np.int32).max)
        chosen = jnp.where(state.phase == _DISCARD, DISCARD_IDS + following[jnp.argmin(worth)], chosen)
    return chosen.astype(jnp.int32)


# -- the observation ------------------------------------------------------------------


_compiled_mask: Final = jax.jit(_mask, static_argnames="take")
"""The mask, compiled once per ``take``: :meth:`SmearArrays.from_game` runs outside any trace."""
_batched_mask: Final = jax.jit(lambda states, take: jax.vmap(lambda s: _mask(s, take))(states), static_argnums=1)
"""The masks of a batch, compiled once per ``take``, for :meth:`SmearArrays.from_games`."""


def _observe(target: int, state: SmearState, seat: jax.Array, card_points: jax.Array) -> jax.Array:
    """The 321 floats of :class:`~tablegames.variants.smear.rl.SmearObservation` for ``seat``."""
    seat = jnp.asarray(seat, jnp.int32)
    seats = (seat + _SEATS) % 4  # relative seat r is seat (seat + r) % 4

    def at(absolute: jax.Array) -> jax.Array:
        found: jax.Array = ((absolute - seat) % 4 == _SEATS) & (absolute >= 0)
        return found

    playing = state.phase == _PLAY
    side = seat % 2
    trick = jnp.take(state.trick, seats)
    bids = jnp.take(state.bids, seats)
    calls = (jnp.where(bids == 0, 0, bids - 1)[:, None] == _SEATS[None, :]) & (bids >= 0)[:, None]
    has_bidder = state.bidder >= 0
    own = state.bidder == seat
    taken = state.won_by >= 0
    ours = taken & (state.won_by % 2 == side)
    theirs = taken & (state.won_by % 2 != side)
    points = jnp.stack([jnp.sum(jnp.where(ours, card_points, 0)), jnp.sum(jnp.where(theirs, card_points, 0))])
    won = jnp.stack([_side_entry(state.tricks_won, side), _side_entry(state.tricks_won, 1 - side)])
    scores = jnp.stack([_side_entry(state.scores, side), _side_entry(state.scores, 1 - side)])
    parts = [
        state.holder == seat,
        taken & playing,
        ((trick[:, None] == _CARDS[None, :]) & playing).reshape(-1),
        at(state.leader) & playing,
        (jnp.take(state.void, seats, axis=0) & playing).reshape(-1),
        state.phase == _SEATS,
        at(state.dealer),
        calls.reshape(-1),
        at(state.bidder),
        (jnp.arange(3) == state.bid - 2) & has_bidder,
        (state.trump == _SUITS) & playing,
        at(state.current_player),
        jnp.where(playing, jnp.asarray(_SIXTHS)[won], 0.0),
        jnp.where(playing, jnp.asarray(_EIGHTIETHS)[points], 0.0),
        state.picked_up & own,
        state.discards & own,
        quotient(scores, target),
    ]
    return jnp.concatenate([p.astype(jnp.float32) for p in parts])


# -- the array game -------------------------------------------------------------------


class SmearArrays:
    """Four Point Smear as an array game: whole matches stepped as pure functions of arrays.

    Args:
        options: the match's options (every one is supported).
        max_steps: end a match as truncated after this many steps (ids), or never (``None``).

    >>> import jax
    >>> from tablegames.variants.smear import Smear, SmearOptions
    >>> game = Smear.array_game(SmearOptions(seen_undealt=2))
    >>> state = game.init(jax.random.PRNGKey(0))
    >>> int(state.legal_action_mask.sum()), int(state.phase)  # pass and three bids, in the bidding
    (4, 0)
    >>> state = game.step(state, 1)  # a bid of 2
    >>> game.observe(state, 0).shape
    (321,)
    """

    name: Final = "four-point-smear"
    """The variant's registered name."""
    num_players: Final = 4
    """The seats (two partnerships, 0+2 and 1+3)."""
    num_actions: Final = _ACTIONS
    """The 68 ids of :class:`~tablegames.variants.smear.rl.SmearActionIds`."""
    observation_size: Final = SmearObservation(15).size
    """The length of :meth:`observe`, 321."""

    def __init__(self, options: SmearOptions, *, max_steps: int | None = None) -> None:
        if not isinstance(options, SmearOptions):
            raise TypeError(f"options are SmearOptions, not {options!r}")
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ValueError(f"max_steps is a positive int or None, not {max_steps!r}")
        self.options: Final = options
        """The match's options."""
        self.max_steps: Final = max_steps
        """The step limit, or ``None``."""
        self._take = options.seen_undealt
        self._rules = _Rules(
            target=jnp.int32(options.target),
            win_only_on_bid=jnp.bool_(options.win_only_on_bid),
            cap_non_bidders=jnp.bool_(options.cap_non_bidders),
            in_play=jnp.bool_(options.high_low == "in-play"),
            max_steps=jnp.int32(max_steps or 0),
        )
        self._winner_of: Any = trick_winner
        self._card_points: jax.Array = jnp.asarray(_POINTS)

    def init(self, key: jax.Array) -> SmearState:
        """A new match: the first dealer drawn from ``key`` and the first hand dealt from it."""
        key = key_words(key)
        dealer = _first_dealer(key)
        none = jnp.int32(-1)
        zero = jnp.int32(0)
        blank = SmearState(
            current_player=none,
            legal_action_mask=jnp.zeros(_ACTIONS, bool),
            scores=jnp.zeros(2, jnp.int32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            rewards=jnp.zeros(4, jnp.float32),
            chosen=jnp.zeros(_ACTIONS, bool),
            steps=zero,
            key=key,
            hand_number=zero,
            dealer=dealer,
            phase=zero,
            holder=jnp.full(32, -1, jnp.int32),
            undealt=jnp.zeros(8, jnp.int32),
            bids=jnp.full(4, -1, jnp.int32),
            high=zero,
            high_seat=none,
            spoken=zero,
            bidder=none,
            bid=zero,
            picked_up=jnp.zeros(32, bool),
            discards=jnp.zeros(32, bool),
            allowance=jnp.zeros(4, jnp.int32),
            trump=none,
            led=none,
            leader=none,
            trick=jnp.full(4, -1, jnp.int32),
            played_by=jnp.full(32, -1, jnp.int32),
            won_by=jnp.full(32, -1, jnp.int32),
            void=jnp.zeros((4, 4), bool),
            tricks_won=jnp.zeros(2, jnp.int32),
            winner=none,
        )
        state = _new_hand(blank, dealer)
        return state._replace(legal_action_mask=_mask(state, self._take))

    def step(self, state: SmearState, action: jax.Array | int) -> SmearState:
        """The state after the seat to act gives ``action`` (an id), every automatic step included.

        A hand's end settles it and deals the next from the state's key; the match's end sets
        :attr:`~SmearState.terminated` and the rewards. A finished or truncated state comes back
        unchanged, with zero rewards. An illegal id ends the match at once, ``-1`` to the seat
        that gave it.
        """
        rules, take, winner_of, points = self._rules, self._take, self._winner_of, self._card_points
        return _step(rules, state, jnp.asarray(action), take=take, winner_of=winner_of, card_points=points)

    def observe(self, state: SmearState, seat: jax.Array | int) -> jax.Array:
        """float32[321]: what :meth:`~tablegames.variants.smear.rl.SmearObservation.write` writes for ``seat``.

        The environments add :attr:`SmearState.chosen` after it when ``seen_undealt`` is 2 or
        more (:func:`~tablegames.rl.decisions.observation_fields`).
        """
        return _observe(self.options.target, state, jnp.asarray(seat), self._card_points)

    def priorities(self, state: SmearState) -> jax.Array:
        """int32[68]: the greedy bot's choice at ``state`` first (an :class:`~tablegames.jax.protocol.ArrayHeuristic`).

        The id :meth:`Smear.heuristic_choice <tablegames.variants.smear.game.Smear.heuristic_choice>`
        would give (a discard part by part, in the order of its ids) has priority 1, every
        other id 0. Its bids, discards and cards are the reference heuristic's, in whole numbers.
        """
        chosen = _heuristic_id(state, self._rules, self._take)
        ranked: jax.Array = (chosen == _IDS).astype(jnp.int32)
        return ranked

    def from_game(self, game: Smear, *, key: jax.Array) -> SmearState:
        """The state of the reference ``game`` at any point of a match; later deals are drawn from ``key``.

        Raises:
            ValueError: if ``game``'s options are not this array game's.

        """
        state = SmearState(**jax.device_put(self._host_state(game, np.asarray(key_words(key)))))
        return state._replace(legal_action_mask=_compiled_mask(state, take=self._take))

    def from_games(self, games: Sequence[Smear], keys: np.ndarray[Any, np.dtype[np.uint32]]) -> SmearState:
        """The states of the reference ``games``, stacked on a leading axis, in one transfer.

        (A :class:`~tablegames.jax.protocol.FromGames`.)

        ``keys`` is ``uint32[len(games), 2]``: the words each state's later deals are drawn from.
        The same states as :meth:`from_game` of each, for a fraction of its cost.

        Raises:
            ValueError: if a game's options are not this array game's, or ``keys`` is not one pair of words a game.
        """
        state = SmearState(**batched_fields(games, keys, self._host_state))
        return state._replace(legal_action_mask=_batched_mask(state, self._take))

    def _host_state(self, game: Smear, words: np.ndarray[Any, np.dtype[np.uint32]]) -> dict[str, Any]:
        """``game``'s state as NumPy arrays by field, its mask not yet worked out (all false)."""
        if game.options != self.options:
            raise ValueError(f"the game's options {game.options!r} are not this array game's {self.options!r}")
        return dict(
            **_fields_of(game),
            legal_action_mask=np.zeros(_ACTIONS, bool),
            truncated=np.bool_(False),
            rewards=np.zeros(4, np.float32),
            chosen=np.zeros(_ACTIONS, bool),
            steps=np.int32(0),
            key=np.asarray(words, np.uint32),
        )

    def next_deal(self, state: SmearState) -> SmearDeal:
        """The deal the next hand of ``state`` (one match, not a batch) will get: hands, undealt stack, first dealer.

        The dealer is the one a match dealt from the state's key would start with; the reference
        uses it only for a match's first hand, as :meth:`init` does.
        """
        _, holder, undealt = (np.asarray(x) for x in _deal(state.key))
        hands = tuple(tuple(_DECK[int(c)] for c in np.flatnonzero(holder == s)) for s in range(4))
        undealt_cards = tuple(_DECK[int(c)] for c in undealt)
        return SmearDeal(hands=hands, undealt=undealt_cards, dealer=int(_first_dealer(state.key)))


def _fields_of(game: Smear) -> dict[str, Any]:
    """The reference game's state as the arrays of :class:`SmearState` (the match's position, not the key)."""
    holder = np.full(32, -1, np.int32)
    for seat, hand in enumerate(game.hands):
        for card in hand:
            holder[_INDEX[card]] = seat
    bids = np.full(4, -1, np.int32)
    for seat, amount in game.auction.bids:
        bids[seat] = 0 if amount is None else amount
    high = game.auction.high
    play = game.trick_play
    played_by = np.full(32, -1, np.int32)
    for seat, card in play.plays:
        played_by[_INDEX[card]] = seat
    won_by = np.full(32, -1, np.int32)
    for taker, taken in play.tricks:
        for card in taken:
            won_by[_INDEX[card]] = taker
    trump = -1 if play.trump is None else int(play.trump)
    void = np.zeros((4, 4), bool)
    done = len(play.plays) - len(play.trick)
    for start in range(0, len(play.plays), 4):  # each trick, the one in progress last
        trick = play.plays[start : min(start + 4, len(play.plays))] if start < done else play.trick
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led and card.suit != trump:
                void[seat, led] = True
    in_trick = np.full(4, -1, np.int32)
    for seat, card in play.trick:
        in_trick[seat] = _INDEX[card]
    current = game.current_player
    winner = game.winner

    def cards(of: tuple[Any, ...]) -> np.ndarray[Any, np.dtype[np.bool_]]:
        out = np.zeros(32, bool)
        out[[_INDEX[c] for c in of]] = True
        return out

    in_play = game.bidder is not None  # the bidding won: the play's leader and tricks are the hand's
    return {
        "current_player": np.int32(-1 if current is None else current),
        "scores": np.array(game.scores, np.int32),
        "terminated": np.bool_(game.is_over),
        "hand_number": np.int32(game.hand_number),
        "dealer": np.int32(game.dealer),
        "phase": np.int32(PHASES.index(game.phase)),
        "holder": holder,
        "undealt": np.array([_INDEX[c] for c in game.undealt], np.int32),
        "bids": bids,
        "high": np.int32(0 if high is None else high[1]),
        "high_seat": np.int32(-1 if high is None else high[0]),
        "spoken": np.int32(len(game.auction.bids)),
        "bidder": np.int32(-1 if game.bidder is None else game.bidder),
        "bid": np.int32(game.bid or 0),
        "picked_up": cards(game.picked_up),
        "discards": cards(game.discards),
        "allowance": np.array(discard_allowance(game.held_after_pickup), np.int32),
        "trump": np.int32(trump),
        "led": np.int32(-1 if play.led is None else int(play.led)),
        "leader": np.int32(play.leader if in_play else (game.dealer + 1) % 4),
        "trick": in_trick,
        "played_by": played_by,
        "won_by": won_by,
        "void": void,
        "tricks_won": np.array(play.tricks_won if in_play else (0, 0), np.int32),
        "winner": np.int32(-1 if winner is None else winner),
    }
