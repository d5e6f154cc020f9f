"""The trick family's log filler: the hidden cards of a seat's log, dealt by what the public events constrain.

A seat of a trick game sees its own cards, every card played, the passes it gives and receives,
and that the other seats passed. :class:`TrickFiller` deals the cards it has not seen so that
every world it returns is one the log allows, by construction rather than by trial:

* each other seat's cards now are drawn from the unseen cards, none of a suit it has shown
  void in (it did not follow the suit led, under a must-follow rule), the cards the seat passed
  staying with their receiver until played;
* what a seat held after the passes is what it holds now and what it has played; a pass
  between two other seats is any of the cards its receiver held after the passes, and each
  seat's dealt hand follows: what it held after the passes, less what it received, plus what it
  passed.

Cards go in most constrained first (the suits the fewest seats may hold), each to a seat drawn in
proportion to the room it has left (:func:`fill_bins`); a dead end (a void the remaining room
cannot respect) draws again. :meth:`TrickGame.log_filler <tablegames.mechanics.trickgame.TrickGame.log_filler>` gives
one for every game of the family that logs the base's events only, deals the whole deck and
keeps the cards' printed suits; the world sampler replays what it returns, as for every filler.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event
from tablegames.mechanics.match import HandDealt
from tablegames.mechanics.passing import CardsPassed
from tablegames.mechanics.tricks import CardPlayed, TrickWon

__all__ = ["TrickFiller", "fill_bins"]

class TrickFiller:
    """Fills a trick game's redacted log for one seat (see the module's documentation).

    Args:
        events: the seat's redacted log's events.
        seat: the seat whose log it is.
        players: the seats at the table.
        hand_size: the cards dealt to each seat (the whole deck is dealt).
        pass_count: the cards a pass is (0 in a game without passing).
        deck: the cards of the game, in deck order.
        voids_known: whether a seat that does not follow the suit led is void in it (a
            must-follow rule); otherwise no void is inferred.
    """

    __slots__ = (
        "_deck",
        "_events",
        "_hand_size",
        "_index",
        "_pass_count",
        "_players",
        "_seat",
        "_starts",
        "_voids_known",
    )

    def __init__(
        self,
        events: Sequence[Event],
        *,
        seat: int,
        players: int,
        hand_size: int,
        pass_count: int,
        deck: Sequence[Card],
        voids_known: bool,
    ) -> None:
        self._events = tuple(events)
        self._seat = seat
        self._players = players
        self._hand_size = hand_size
        self._pass_count = pass_count
        self._deck = tuple(deck)
        self._index = {c: i for i, c in enumerate(self._deck)}
        self._voids_known = voids_known
        self._starts = [i for i, e in enumerate(self._events) if isinstance(e, HandDealt)]

    def fill(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The log's events with every hidden card filled, or ``None`` at a dead end (draw again)."""
        out = list(self._events)
        ends = [*self._starts[1:], len(out)]
        for start, end in zip(self._starts, ends, strict=True):
            hand = self._fill(start, end, rng)
            if hand is None:
                return None
            out[start:end] = hand
        return out

    def fill_hand(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The last hand's events, from its deal event on, filled as by :meth:`fill`."""
        if not self._starts:
            return []
        return self._fill(self._starts[-1], len(self._events), rng)

    def _fill(self, start: int, end: int, rng: random.Random) -> list[Event] | None:
        """The events ``start:end`` of one hand (its deal first), filled; ``None`` at a dead end."""
        events = self._events[start:end]
        deal = events[0]
        assert isinstance(deal, HandDealt)
        me, n = self._seat, self._players
        mine = deal.hands[me]
        if mine is None:
            return None
        passed: dict[int, tuple[int, tuple[Card, ...] | None]] = {}  # giver -> (receiver, cards)
        played: list[list[Card]] = [[] for _ in range(n)]
        voids: list[set[Suit | None]] = [set() for _ in range(n)]
        led: Suit | None = None
        leading = True
        for event in events[1:]:
            if isinstance(event, CardsPassed):
                passed[event.seat] = (event.receiver, event.cards)
            elif isinstance(event, CardPlayed):
                played[event.seat].append(event.card)
                if leading:
                    led, leading = event.card.suit, False
                elif self._voids_known and event.card.suit != led:
                    voids[event.seat].add(led)
            elif isinstance(event, TrickWon):
                leading = True
        exchanged = bool(passed) and len(passed) == n
        received: dict[int, int] = {receiver: giver for giver, (receiver, _) in passed.items()}
        # What each seat holds now that the filler must place, and what is already known of it.
        seen = set(mine) | {c for cards in played for c in cards}
        fixed: list[list[Card]] = [[] for _ in range(n)]
        if exchanged:  # this seat's pass stays with its receiver until played; the pass to it is its own
            receiver, cards = passed[me]
            fixed[receiver] = [c for c in cards or () if c not in played[receiver]]
            seen.update(passed[received[me]][1] or ())
        elif me in received:  # a pass to this seat, made before the exchange: its giver holds it
            fixed[received[me]] = list(passed[received[me]][1] or ())
        seen.update(c for cards in fixed for c in cards)
        room = [0 if s == me else self._hand_size - len(played[s]) - len(fixed[s]) for s in range(n)]
        if min(room) < 0:
            return None
        unseen = [c for c in self._deck if c not in seen]
        forbidden = [sum(1 << int(suit) for suit in void if suit is not None) for void in voids]
        dealt_now = fill_bins(unseen, list(zip(room, forbidden, strict=True)), rng)
        if dealt_now is None:
            return None
        now = [[*fixed[s], *dealt_now[s]] for s in range(n)]
        # What each seat held after the passes (or, before them, as dealt), and the hidden passes.
        after = [[*now[s], *played[s]] if s != me else [] for s in range(n)]
        filled_passes: dict[int, tuple[Card, ...]] = {}
        for giver, (receiver, cards) in passed.items():
            if cards is not None:
                filled_passes[giver] = cards
                continue
            pool = after[receiver] if exchanged else now[giver]  # what the receiver got, or what the giver holds
            if self._pass_count > len(pool):
                return None
            filled_passes[giver] = tuple(sorted(rng.sample(pool, self._pass_count), key=self._index.__getitem__))
        hands: list[tuple[Card, ...]] = []
        for s in range(n):
            if s == me:
                hands.append(tuple(mine))
                continue
            if not exchanged:  # no passing this hand, or not all passes made: nothing has changed hands
                hands.append(tuple(after[s]))
                continue
            giver = received[s]
            got = set(filled_passes[giver])
            hands.append(tuple(c for c in after[s] if c not in got) + filled_passes[s])
        index = self._index
        out: list[Event] = [attrs.evolve(deal, hands=tuple(tuple(sorted(h, key=index.__getitem__)) for h in hands))]
        for event in events[1:]:
            if isinstance(event, CardsPassed) and event.cards is None:
                out.append(attrs.evolve(event, cards=filled_passes[event.seat]))
            else:
                out.append(event)
        return out


def fill_bins(pool: Sequence[Card], bins: Sequence[tuple[int, int]], rng: random.Random) -> list[list[Card]] | None:
    """Put every card of ``pool`` into a bin ``(size, forbidden suit bits)``; ``None`` at a dead end (draw again).

    A suit's bit is ``1 << int(suit)``. Cards go in most constrained first (the fewest bins
    allowed, ties in random order), each into an allowed bin with room drawn in proportion to
    its room left, so no assignment the bins allow is left out. Four Point Smear's filler deals
    its bins with it too.

    >>> import random
    >>> from tablegames.components.cards import Card, Suit
    >>> from tablegames.mechanics.trickfill import fill_bins
    >>> pool = [Card.parse(c) for c in ("AS", "KS", "AH")]
    >>> fill_bins(pool, [(1, 1 << int(Suit.SPADES)), (2, 0)], random.Random(1))[0]
    [Card(Rank.ACE, Suit.HEARTS)]
    """
    if sum(size for size, _ in bins) != len(pool):
        return None
    room = [size for size, _ in bins]
    allowed = {c: [b for b, (_, forbid) in enumerate(bins) if not forbid & (1 << int(c.suit or 0))] for c in pool}
    order = list(pool)
    rng.shuffle(order)
    order.sort(key=lambda c: len(allowed[c]))
    out: list[list[Card]] = [[] for _ in bins]
    for card in order:
        choices = [b for b in allowed[card] if room[b]]
        if not choices:
            return None
        total = sum(room[b] for b in choices)
        pick = rng.randrange(total)
        for b in choices:
            pick -= room[b]
            if pick < 0:
                break
        room[b] -= 1
        out[b].append(card)
    return out
