"""The Four Point Smear heuristic: a hand-strength bidder and a card player.

The bidder rates each suit as trump (the ace and the seven are sure points, the jack is likely
with the ace or king or length, Game grows with length, tens and side aces) and bids what its
best suit is worth, passing when that is under 2 or not above the current bid. The bidder takes
trump from that suit, discards low cards of other suits (a ten first: discards count for its
Game), and leads its best trump. Later it pulls trumps with a trump nobody can beat, cashes side
aces, wins tricks with the cheapest card that is sure to hold, feeds points (the jack of trump,
tens) to a partner who is sure to win the trick, never risks the jack of trump, and otherwise
dumps its lowest card.

It reads the seat's view and, from the seat's log, the cards played so far in the hand.
:class:`~tablegames.bots.greedy.GreedyBot` plays it through :meth:`Smear.heuristic_choice
<tablegames.variants.smear.game.Smear.heuristic_choice>`, and the greedy playouts of
:mod:`tablegames.variants.smear.search` call :func:`smear_choice`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, Protocol

from tablegames.components.cards import Card, Rank, Suit, piquet_deck
from tablegames.core.events import Action, Event
from tablegames.core.memo import Kept
from tablegames.core.observation import Observation
from tablegames.mechanics.tricks import TrickCard
from tablegames.variants.smear.actions import Bid, Discard, Pass, PlayCard
from tablegames.variants.smear.events import CardPlayed, HandDealt
from tablegames.variants.smear.rules import CARD_POINTS, ORDER

__all__ = ["Seen", "best_suit", "choose", "hand_plays", "smear_choice", "suit_value"]


class Seen(Protocol):
    """What the heuristic reads of a seat's view (a :class:`~tablegames.variants.smear.view.SmearView` has it all)."""

    @property
    def seat(self) -> int:
        """The seat choosing."""
        ...  # pragma: no cover

    @property
    def phase(self) -> str:
        """``"bidding"``, ``"discard"``, ``"play"`` or ``"over"``."""
        ...  # pragma: no cover

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's cards."""
        ...  # pragma: no cover

    @property
    def trump(self) -> Suit | None:
        """The trump suit, once led."""
        ...  # pragma: no cover

    @property
    def trick(self) -> tuple[TrickCard, ...]:
        """The trick in progress."""
        ...  # pragma: no cover

    @property
    def discarded(self) -> tuple[Card, ...] | None:
        """The seat's own discards, if it is the bidder."""
        ...  # pragma: no cover


_DECK: Final = piquet_deck()
# The cards as bits of an int, so the unseen cards are one mask and "does some unseen card beat
# this one" is one AND with the mask of the cards that beat it (worked out once per card, suit led
# and trump by _beats itself).
_BIT: Final = {c: 1 << i for i, c in enumerate(_DECK)}
_ALL: Final = (1 << len(_DECK)) - 1
_SUIT_BITS: Final = {s: sum(_BIT[c] for c in _DECK if c.suit == s) for s in Suit}
_BEATEN_BY: Final[Kept[tuple[Card, Suit | None, Suit | None], int]] = Kept(
    "tablegames.variants.smear.heuristic: the cards that beat a card", most=1024
)


def _beaten_by(card: Card, led: Suit | None, trump: Suit | None) -> int:
    """The cards of the deck that beat ``card`` in a trick led in ``led`` (see :func:`_beats`), as bits."""
    key = (card, led, trump)
    found = _BEATEN_BY.get(key)
    if found is None:
        found = _BEATEN_BY.keep(key, sum(_BIT[u] for u in _DECK if _beats(u, card, led, trump)))
    return found


def _bits(cards: Iterable[Card]) -> int:
    """The distinct cards ``cards`` of the deck, as bits (their sum is their union)."""
    return sum(map(_BIT.__getitem__, cards))


def choose(observation: Observation) -> Action:
    """The heuristic's action for ``observation``, which offers a legal action (see the module's documentation)."""
    return smear_choice(
        observation.view, observation.legal, played=hand_plays(observation.events), options=observation.options
    )


def hand_plays(events: Iterable[Event]) -> list[Card]:
    """The cards played so far in the current Smear hand, from a seat's log."""
    played: list[Card] = []
    for event in events:
        if isinstance(event, HandDealt):
            played = []
        elif isinstance(event, CardPlayed):
            played.append(event.card)
    return played


def suit_value(hand: Iterable[Card], suit: Suit, *, high_low: str = "ace-seven") -> float:
    """The points a hand may expect to win with ``suit`` as trump (a rough estimate, partner included)."""
    cards = list(hand)
    trumps = {c.rank for c in cards if c.suit == suit}
    if not trumps:
        return 0.0
    n = len(trumps)
    value = 0.3  # the partner's share
    if high_low == "in-play":
        value += 1.0 if Rank.ACE in trumps else 0.6 if Rank.KING in trumps else 0.3 if Rank.QUEEN in trumps else 0.0
        value += 1.0 if Rank.SEVEN in trumps else 0.6 if Rank.EIGHT in trumps else 0.3 if Rank.NINE in trumps else 0.0
    else:
        value += 1.0 if Rank.ACE in trumps else 0.3 if Rank.KING in trumps and n >= 3 else 0.0
        value += 1.0 if Rank.SEVEN in trumps else 0.0
    if Rank.JACK in trumps:
        value += 0.85 if Rank.ACE in trumps or Rank.KING in trumps or n >= 4 else 0.5
    side_aces = sum(1 for c in cards if c.rank == Rank.ACE and c.suit != suit)
    tens = sum(1 for c in cards if c.rank == Rank.TEN)
    value += min(0.9, 0.1 * n + 0.1 * side_aces + 0.1 * tens + (0.15 if Rank.TEN in trumps else 0.0))
    return value


def best_suit(hand: Iterable[Card], *, high_low: str = "ace-seven", suits: Iterable[Suit] | None = None) -> Suit:
    """The suit the hand is worth most with as trump (among ``suits``, by default all four)."""
    cards = list(hand)
    pool = list(Suit) if suits is None else list(suits)
    return max(pool, key=lambda s: (suit_value(cards, s, high_low=high_low), -int(s)))


def _beats(card: Card, best: Card, led: Suit | None, trump: Suit | None) -> bool:
    """Whether ``card`` beats ``best``, the card winning a trick whose led suit is ``led``."""
    if card.suit == trump:
        return best.suit != trump or ORDER[card.rank] > ORDER[best.rank]
    if best.suit == trump:
        return False
    return card.suit == led and ORDER[card.rank] > ORDER[best.rank]


def _feed_value(card: Card, trump: Suit | None) -> float:
    """How much giving ``card`` to a partner's sure trick is worth (higher is better)."""
    if card.suit == trump and card.rank == Rank.JACK:
        return 20
    if card.rank == Rank.TEN:
        return 10
    if card.suit != trump and card.rank in (Rank.KING, Rank.QUEEN):
        return CARD_POINTS[card.rank]
    if card.suit == trump and card.rank != Rank.SEVEN:
        return -10 - ORDER[card.rank]  # keep trumps
    return -ORDER[card.rank] / 10


def _dump_cost(card: Card, trump: Suit | None) -> float:
    """How much throwing ``card`` away (to a trick the other side wins) costs (lower is better)."""
    if card.suit == trump:
        if card.rank == Rank.SEVEN:
            return 5
        if card.rank == Rank.JACK:
            return 100
        return 30 + ORDER[card.rank]
    points = CARD_POINTS.get(card.rank, 0)
    return (10 + 2 * points if points else 0) + ORDER[card.rank]


def _keep_value(card: Card, trump: Suit) -> float:
    """How much keeping ``card`` is worth when the bidder discards (lower is discarded first)."""
    if card.suit == trump:
        return 100 + ORDER[card.rank]
    return {Rank.TEN: 0, Rank.ACE: 9, Rank.KING: 6, Rank.QUEEN: 5, Rank.JACK: 4}.get(card.rank, ORDER[card.rank] / 4)


def smear_choice(view: Seen, legal: Sequence[Action], *, played: Iterable[Card], options: Any) -> Action:
    """The greedy Smear action for the seat of ``view``, given the cards played so far in the hand.

    ``view`` is the seat's view, or anything with what of it :class:`Seen` names.
    """
    high_low = getattr(options, "high_low", "ace-seven")
    if view.phase == "bidding":
        return _bid(view, legal, high_low=high_low, pickup=getattr(options, "seen_undealt", 0))
    if view.phase == "discard":
        trump = best_suit(view.hand, high_low=high_low)
        return min(legal, key=lambda a: sum(_keep_value(c, trump) for c in a.cards) if isinstance(a, Discard) else 0)
    cards = {a.card: a for a in legal if isinstance(a, PlayCard)}
    if not cards:
        return legal[0]
    return cards[_card(view, list(cards), played, high_low=high_low)]


def _bid(view: Seen, legal: Sequence[Action], *, high_low: str, pickup: int) -> Action:
    value = max(suit_value(view.hand, s, high_low=high_low) for s in Suit) + 0.25 * pickup
    amount = min(4, int(value))
    for action in legal:
        if isinstance(action, Bid) and action.amount == amount:
            return action
    return next((a for a in legal if isinstance(a, Pass)), legal[0])


def _card(view: Seen, cards: list[Card], played: Iterable[Card], *, high_low: str) -> Card:
    """The card to play among the legal ``cards``."""
    hand = view.hand
    trump = view.trump
    seat = view.seat
    unseen = _ALL & ~(_bits(played) | _bits(hand) | _bits(view.discarded or ()))
    trick = view.trick
    if not trick:
        if trump is None:
            suit = best_suit(hand, high_low=high_low, suits={c.suit for c in cards if c.suit is not None})
            mine = sorted((c for c in cards if c.suit == suit), key=lambda c: -ORDER[c.rank])
            top = mine[0]
            if top.rank in (Rank.ACE, Rank.KING, Rank.QUEEN) or len(mine) == 1:
                return top
            return next((c for c in reversed(mine) if c.rank != Rank.JACK), top)
        return _lead(cards, unseen, trump)
    led = trick[0].card.suit
    best = trick[0]
    for tc in trick[1:]:
        if _beats(tc.card, best.card, led, trump):
            best = tc
    after = 3 - len(trick)

    def holds(card: Card) -> bool:
        return after == 0 or not _beaten_by(card, led, trump) & unseen

    if best.seat == (seat + 2) % 4 and holds(best.card):
        return max(cards, key=lambda c: (_feed_value(c, trump), -_dump_cost(c, trump)))
    winners = [c for c in cards if _beats(c, best.card, led, trump)]
    safe = [c for c in winners if holds(c)]
    if safe:
        jack = [c for c in safe if c.suit == trump and c.rank == Rank.JACK]
        if jack:
            return jack[0]
        return min(safe, key=lambda c: (c.suit == trump, ORDER[c.rank]))
    cheap = [c for c in winners if not (c.suit == trump and c.rank == Rank.JACK) and _dump_cost(c, trump) < 10]
    if cheap and after:
        return min(cheap, key=lambda c: _dump_cost(c, trump))
    return min(cards, key=lambda c: _dump_cost(c, trump))


def _lead(cards: list[Card], unseen: int, trump: Suit) -> Card:
    """The card to lead once trump is known (``unseen``: the cards the seat has not seen, as bits)."""
    trumps = sorted((c for c in cards if c.suit == trump), key=lambda c: -ORDER[c.rank])
    out_trumps = unseen & _SUIT_BITS[trump]
    if trumps and out_trumps and not _beaten_by(trumps[0], trump, trump) & out_trumps:  # the top trump out
        return trumps[0]
    aces = [c for c in cards if c.suit != trump and c.rank == Rank.ACE]
    if aces:
        return aces[0]
    return min(cards, key=lambda c: _dump_cost(c, trump))
