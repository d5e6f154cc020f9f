"""Four Point Smear's log filler: the hidden fields of a seat's log, dealt with the rules in mind.

A played hand shows every card played, so after it only the bidder's pickup and discards (and
the order of the untouched undealt cards) are open: the discards are the unplayed cards whose
Game card points make up the bidder's side's total in ``hand_scored``, and they keep the
trump-discard restriction. A thrown-in hand shows nothing, so any deal of the unseen cards fits.

In the current hand, the unseen cards go into *bins*: each other seat's remaining cards (none
of a suit it has shown void in), the bidder's discards (no trump, once trump is known), and the
untouched undealt cards (anything). Cards are placed most-constrained first, each into a bin
drawn in proportion to its free room. The bidder's pickup, unseen by the others, is any of the
cards it held after the pickup.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, Final

import attrs

from tablegames.components.cards import Card, Suit, piquet_deck
from tablegames.core.errors import LogError
from tablegames.core.events import Event
from tablegames.mechanics.trickfill import fill_bins
from tablegames.variants.smear.events import (
    BiddingWon,
    CardPlayed,
    Discarded,
    GameEnded,
    HandDealt,
    HandScored,
    ThrownIn,
    TrickWon,
    UndealtTaken,
)
from tablegames.variants.smear.rules import card_points, lead_allowed

__all__ = ["SmearFiller"]

_DECK: Final = piquet_deck()
_INDEX: Final = {c: i for i, c in enumerate(_DECK)}
_HAND: Final = 6
_UNDEALT: Final = 8


def _canonical(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_INDEX.__getitem__))


class _Hand:
    """One hand of the log, read once."""

    __slots__ = (
        "bidder",
        "dealt",
        "discarded",
        "over",
        "plays",
        "scored",
        "start",
        "taken",
        "thrown",
        "trick_points",
        "trump",
        "voids",
    )

    def __init__(self, start: int, dealt: HandDealt) -> None:
        self.start = start
        self.dealt = dealt
        self.bidder: int | None = None
        self.taken: tuple[int, UndealtTaken] | None = None
        self.discarded: tuple[int, Discarded] | None = None
        self.plays: list[list[Card]] = [[] for _ in range(4)]
        self.voids = [0, 0, 0, 0]
        self.trump: Suit | None = None
        self.thrown = False
        self.scored: HandScored | None = None
        self.trick_points = [0, 0]
        self.over = False

    @property
    def pickup(self) -> int:
        """How many undealt cards the bidder took."""
        return self.taken[1].count if self.taken is not None else 0


def _read_hands(events: Sequence[Event]) -> list[_Hand]:
    hands: list[_Hand] = []
    hand: _Hand | None = None
    trick: list[Card] = []
    for i, event in enumerate(events):
        if isinstance(event, HandDealt):
            hand = _Hand(i, event)
            hands.append(hand)
            trick = []
        elif hand is None:
            continue
        elif isinstance(event, BiddingWon):
            hand.bidder = event.seat
        elif isinstance(event, UndealtTaken):
            hand.taken = (i, event)
        elif isinstance(event, Discarded):
            hand.discarded = (i, event)
        elif isinstance(event, CardPlayed):
            card = event.card
            if hand.trump is None:
                hand.trump = card.suit
            if trick:
                led = trick[0].suit
                if card.suit != led and card.suit != hand.trump and led is not None:
                    hand.voids[event.seat] |= 1 << int(led)
            trick.append(card)
            hand.plays[event.seat].append(card)
        elif isinstance(event, TrickWon):
            hand.trick_points[event.side] += card_points(event.cards)
            trick = []
        elif isinstance(event, ThrownIn):
            hand.thrown = True
        elif isinstance(event, HandScored):
            hand.scored = event
        elif isinstance(event, GameEnded):
            hand.over = True
    return hands


class SmearFiller:
    """Fills the hidden fields of one seat's Four Point Smear log."""

    def __init__(self, events: Sequence[Event], *, seat: int, options: Any) -> None:
        self.events = list(events)
        self.me = seat
        self.hands = _read_hands(self.events)
        self.fixed: dict[int, Event] = {}
        for hand in self.hands:
            if hand.thrown or hand.scored is not None:
                self._settle(hand)
        last = self.hands[-1] if self.hands else None
        self.current = last if last is not None and not (last.thrown or last.scored is not None) else None
        self.start = last.start if last is not None else len(self.events)

    def _mine(self, hand: _Hand) -> tuple[Card, ...]:
        mine = hand.dealt.hands[self.me]
        if mine is None:
            raise LogError(f"$.events[{hand.start}]", f"seat {self.me}'s own cards are hidden in its log")
        return mine

    def _write(
        self,
        hand: _Hand,
        dealt: list[Sequence[Card]],
        undealt: Sequence[Card],
        out: dict[int, Event],
        *,
        pickup: Sequence[Card] | None = None,
        discards: Sequence[Card] | None = None,
    ) -> None:
        out[hand.start] = attrs.evolve(hand.dealt, hands=tuple(tuple(h) for h in dealt), undealt=tuple(undealt))
        if hand.taken is not None and pickup is not None:
            out[hand.taken[0]] = attrs.evolve(hand.taken[1], cards=tuple(pickup))
        if hand.discarded is not None and discards is not None:
            out[hand.discarded[0]] = attrs.evolve(hand.discarded[1], cards=_canonical(discards))

    # -- hands that are over ---------------------------------------------------------

    def _settle(self, hand: _Hand) -> None:
        """Fill a finished hand's hidden fields once, with one consistent assignment."""
        me = self.me
        mine = self._mine(hand)
        if hand.thrown:
            pool = [c for c in _DECK if c not in mine]
            dealt: list[Sequence[Card]] = []
            for s in range(4):
                if s == me:
                    dealt.append(mine)
                else:
                    dealt.append(_canonical(pool[:_HAND]))
                    pool = pool[_HAND:]
            self._write(hand, dealt, pool, self.fixed)
            return
        scored = hand.scored
        assert scored is not None
        bidder = scored.bidder
        k = hand.pickup
        dealt = [mine if s == me else _canonical(hand.plays[s]) for s in range(4)]
        played = {c for plays in hand.plays for c in plays}
        if bidder == me or k == 0:
            pickup = hand.taken[1].cards if hand.taken is not None and bidder == me else ()
            assert pickup is not None
            taken = {c for h in dealt for c in h} | set(pickup)
            rest = [c for c in _DECK if c not in taken]
            self._write(hand, dealt, [*pickup, *rest], self.fixed)
            return
        unplayed = [c for c in _DECK if c not in played]
        side = bidder % 2
        need = scored.card_points[side] - hand.trick_points[side]
        trump = scored.trump
        discards = next(
            (
                combo
                for combo in itertools.combinations(unplayed, k)
                if card_points(combo) == need and lead_allowed(trump, combo, [*hand.plays[bidder], *combo])
            ),
            None,
        )
        if discards is None:
            raise LogError(
                f"$.events[{hand.start}]",
                f"no discard by seat {bidder} fits the card points of hand {scored.hand_number}",
            )
        held = _canonical([*hand.plays[bidder], *discards])
        dealt[bidder] = held[k:]
        rest = [c for c in unplayed if c not in discards]
        self._write(hand, dealt, [*held[:k], *rest], self.fixed, pickup=held[:k], discards=discards)

    # -- the current hand -------------------------------------------------------------

    def fill(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The events with every hidden field filled; ``None`` at a dead end.

        ``relaxed`` lets another bidder's discards hold trump (legal only for a bidder who held
        more than six trumps, so left out of the first candidates).
        """
        out = dict(self.fixed)
        hand = self.current
        if hand is not None and not self._deal_current(hand, rng, out, relaxed=relaxed):
            return None
        return [out.get(i, e) for i, e in enumerate(self.events)]

    def fill_hand(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The last hand's events, from its deal, with every hidden field filled; ``None`` at a dead end."""
        out: dict[int, Event] = {}
        hand = self.current
        if hand is None:
            out = self.fixed
        elif not self._deal_current(hand, rng, out, relaxed=relaxed):
            return None
        events = self.events
        return [out.get(i, events[i]) for i in range(self.start, len(events))]

    def _deal_current(self, hand: _Hand, rng: random.Random, out: dict[int, Event], *, relaxed: bool) -> bool:
        me = self.me
        mine = self._mine(hand)
        bidder = hand.bidder
        k = hand.pickup
        known_pickup: tuple[Card, ...] = ()
        if bidder == me and hand.taken is not None:
            known_pickup = hand.taken[1].cards or ()
        seen = set(mine) | set(known_pickup)
        for s in range(4):
            if s != me:
                seen.update(hand.plays[s])
        pool = [c for c in _DECK if c not in seen]
        others = [s for s in range(4) if s != me]
        if bidder is None:
            rng.shuffle(pool)
            dealt: list[Sequence[Card]] = []
            for s in range(4):
                if s == me:
                    dealt.append(mine)
                else:
                    dealt.append(_canonical(pool[:_HAND]))
                    pool = pool[_HAND:]
            self._write(hand, dealt, pool, out)
            return True
        discarded = hand.discarded is not None
        bins: list[tuple[int, int]] = []
        for s in others:
            size = _HAND + k if s == bidder and k and not discarded else _HAND - len(hand.plays[s])
            bins.append((size, hand.voids[s]))
        with_discards = bidder != me and k > 0 and discarded
        if with_discards:
            no_trump = 1 << int(hand.trump) if hand.trump is not None and not relaxed else 0
            bins.append((k, no_trump))
        bins.append((_UNDEALT - k, 0))
        filled = fill_bins(pool, bins, rng)
        if filled is None:
            return False
        dealt = [mine] * 4
        for b, s in enumerate(others):
            dealt[s] = [*hand.plays[s], *filled[b]]
        discards: list[Card] | None = filled[len(others)] if with_discards else None
        rest = filled[-1]
        rng.shuffle(rest)
        pickup: Sequence[Card] = known_pickup
        if bidder != me and k:
            held = [*dealt[bidder], *(discards or ())]
            rng.shuffle(held)
            pickup, kept = held[:k], held[k:]
            if discards is not None:
                # the first lead (trump) must be legal; before it, some kept suit must be
                leads = [hand.trump] if hand.trump is not None else [c.suit for c in dealt[bidder]]
                if not any(s is not None and lead_allowed(s, discards, held) for s in leads):
                    return False
            dealt[bidder] = kept
        for s in others:
            dealt[s] = _canonical(dealt[s])
        self._write(hand, dealt, [*pickup, *rest], out, pickup=pickup, discards=discards)
        return True
