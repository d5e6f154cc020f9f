"""The Pitch family's heuristic player: a hand-strength bidder and a card player, for any deck and order.

The bidder rates each suit as trump (a sure High or Low, the jack likely with the top cards or
length, Game growing with length, the Game card and side tops) and bids what its best suit is
worth, passing when that is under the lowest bid or not above the current bid. The bidder
leads its best suit; later a seat pulls trumps with a trump nobody can beat, cashes side tops,
wins tricks with the cheapest card that is sure to hold, feeds points (the jack of trump, the
Game card) to a partner who is sure to win the trick, never risks the jack of trump, and
otherwise dumps its cheapest card.

What it knows of a game's cards is a :class:`CardSense`, made from the family's class settings
(:attr:`~tablegames.mechanics.pitch.PitchGame.deck`, :attr:`~tablegames.mechanics.pitch.PitchGame.order`
and the :class:`~tablegames.mechanics.allfours.FourPoints`). It reads a seat's
:class:`~tablegames.mechanics.pitch.PitchView` and, from the seat's log, the cards played so far
in the hand. :meth:`PitchGame.heuristic_choice <tablegames.mechanics.pitch.PitchGame.heuristic_choice>`
plays it for every game of the family, so :class:`~tablegames.bots.greedy.GreedyBot` has a fast
player there without a line from the variant; a variant with phases of its own (Smear's
discard) answers those itself and hands the rest to :func:`pitch_choice`.

>>> import tablegames
>>> from tablegames.bots import GreedyBot, RandomBot, Table
>>> import random
>>> game = tablegames.new_game("four-point-smear", seed=4)
>>> Table(game, [GreedyBot(), RandomBot()] * 2, rng=random.Random(4)).play()
>>> game.winner
0
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, Protocol

from tablegames.components.cards import Card, Rank, Suit
from tablegames.core.events import Action, Event
from tablegames.core.memo import Kept
from tablegames.mechanics.allfours import FourPoints
from tablegames.mechanics.bidding import Bid, Pass
from tablegames.mechanics.match import HandDealt
from tablegames.mechanics.tricks import CardPlayed, PlayCard, TrickCard

__all__ = ["CardSense", "Seen", "hand_plays", "pitch_choice"]


class Seen(Protocol):
    """What the heuristic reads of a seat's view (a :class:`~tablegames.mechanics.pitch.PitchView` has it all)."""

    @property
    def seat(self) -> int:
        """The seat choosing."""
        ...  # pragma: no cover

    @property
    def phase(self) -> str:
        """``"bidding"``, ``"play"``, or another phase (which the heuristic leaves open)."""
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


class CardSense:
    """What the heuristic knows of one game's cards: the deck, the order, the four points.

    Args:
        deck: the cards of the game.
        points: the four points (:class:`~tablegames.mechanics.allfours.FourPoints`): their
            rank order, which trumps give High and Low (a fixed rank, or the highest and
            lowest played), and the card points for Game.
        name: what the sense is for, as :func:`tablegames.core.memo.tables` lists its table.

    Its table of which cards beat a card (bits of an int over the deck; at most 25 entries a
    card) is worked out as the heuristic asks; make one sense per game and rule set and keep it.
    """

    __slots__ = (
        "_beaten",
        "_bit",
        "_cheap_feed",
        "_game_card",
        "_jack_backers",
        "_suit_bits",
        "all",
        "fixed",
        "high",
        "low",
        "order",
        "points",
        "ranks",
    )

    def __init__(self, deck: Sequence[Card], points: FourPoints, *, name: str) -> None:
        order = points.order
        ranks = sorted(order, key=lambda r: -order[r])
        self.order: Final[Mapping[Rank, int]] = order
        """Each rank's strength within a suit, trump included."""
        self.ranks: Final = tuple(ranks)
        """The ranks, strongest first."""
        self.points: Final[Mapping[Rank, int]] = points.points
        """The card points per rank for Game."""
        self.fixed: Final = points.high is not None
        """Whether High and Low are fixed ranks (Smear's ``ace-seven``) rather than the highest and lowest played."""
        self.high: Final = points.high if points.high is not None else ranks[0]
        """The trump rank that gives High (or the top rank, where the highest played does)."""
        self.low: Final = points.low if points.low is not None else ranks[-1]
        """The trump rank that gives Low (or the bottom rank, where the lowest played does)."""
        self._game_card = max(ranks, key=lambda r: (self.points.get(r, 0), -order[r]))
        self._jack_backers = frozenset(ranks[:2])
        self._cheap_feed = frozenset(r for r in ranks[1:3] if r != Rank.JACK)
        self._bit = {c: 1 << i for i, c in enumerate(deck)}
        self.all: Final = (1 << len(deck)) - 1
        """Every card of the deck, as bits."""
        self._suit_bits = {s: sum(self._bit[c] for c in deck if c.suit == s) for s in Suit}
        self._beaten: Kept[tuple[Card, Suit | None, Suit | None], int] = Kept(
            f"tablegames.mechanics.pitchplay: the cards that beat a card ({name})", most=25 * len(deck)
        )

    def bits(self, cards: Iterable[Card]) -> int:
        """The distinct cards ``cards`` of the deck, as bits (their sum is their union)."""
        return sum(map(self._bit.__getitem__, cards))

    def beats(self, card: Card, best: Card, led: Suit | None, trump: Suit | None) -> bool:
        """Whether ``card`` beats ``best``, the card winning a trick whose led suit is ``led``."""
        order = self.order
        if card.suit == trump:
            return best.suit != trump or order[card.rank] > order[best.rank]
        if best.suit == trump:
            return False
        return card.suit == led and order[card.rank] > order[best.rank]

    def beaten_by(self, card: Card, led: Suit | None, trump: Suit | None) -> int:
        """The cards of the deck that beat ``card`` in a trick led in ``led``, as bits."""
        key = (card, led, trump)
        found = self._beaten.get(key)
        if found is None:
            found = self._beaten.keep(key, sum(bit for u, bit in self._bit.items() if self.beats(u, card, led, trump)))
        return found

    def suit_value(self, hand: Iterable[Card], suit: Suit) -> float:
        """The points a hand may expect to win with ``suit`` as trump (a rough estimate, partner included).

        :meth:`suit_twentieths` over 20.
        """
        return self.suit_twentieths(hand, suit) / 20

    def suit_twentieths(self, hand: Iterable[Card], suit: Suit) -> int:
        """:meth:`suit_value` in twentieths of a point: whole numbers, so equal hands compare equal exactly.

        A High or Low sure is 20, the partner's share 6, a jack 17 with the top cards or length
        (else 10), and a tenth of a point (2) for each trump, side top and Game card, up to 18.
        (Summed as floats, equal values could differ in their last bit and break ties, or a
        bid, by rounding; an array game's heuristic computes the same whole numbers.)
        """
        cards = list(hand)
        trumps = {c.rank for c in cards if c.suit == suit}
        if not trumps:
            return 0
        n = len(trumps)
        ranks = self.ranks
        value = 6  # the partner's share
        if not self.fixed:  # the highest and lowest played: the top three and bottom three ranks count
            value += 20 if ranks[0] in trumps else 12 if ranks[1] in trumps else 6 if ranks[2] in trumps else 0
            value += 20 if ranks[-1] in trumps else 12 if ranks[-2] in trumps else 6 if ranks[-3] in trumps else 0
        else:
            value += 20 if self.high in trumps else 6 if ranks[1] in trumps and n >= 3 else 0
            value += 20 if self.low in trumps else 0
        if Rank.JACK in trumps:
            value += 17 if self._jack_backers & trumps or n >= 4 else 10
        top, game_card = ranks[0], self._game_card
        side_tops = sum(1 for c in cards if c.rank == top and c.suit != suit)
        game_cards = sum(1 for c in cards if c.rank == game_card)
        return value + min(18, 2 * n + 2 * side_tops + 2 * game_cards + (3 if game_card in trumps else 0))

    def best_suit(self, hand: Iterable[Card], suits: Iterable[Suit] | None = None) -> Suit:
        """The suit the hand is worth most with as trump (among ``suits``, by default all four; the first on a tie)."""
        cards = list(hand)
        pool = list(Suit) if suits is None else list(suits)
        return max(pool, key=lambda s: (self.suit_twentieths(cards, s), -int(s)))

    def feed_value(self, card: Card, trump: Suit | None) -> float:
        """How much giving ``card`` to a partner's sure trick is worth (higher is better)."""
        rank = card.rank
        if card.suit == trump and rank == Rank.JACK:
            return 20
        if rank == self._game_card:
            return self.points[rank]
        if card.suit != trump and rank in self._cheap_feed:
            return self.points.get(rank, 0)
        if card.suit == trump and rank != self.low:
            return -10 - self.order[rank]  # keep trumps
        return -self.order[rank] / 10

    def dump_cost(self, card: Card, trump: Suit | None) -> float:
        """How much throwing ``card`` away (to a trick the other side wins) costs (lower is better)."""
        rank = card.rank
        if card.suit == trump:
            if rank == self.low:
                return 5
            if rank == Rank.JACK:
                return 100
            return 30 + self.order[rank]
        points = self.points.get(rank, 0)
        return (10 + 2 * points if points else 0) + self.order[rank]


def hand_plays(events: Iterable[Event]) -> list[Card]:
    """The cards played so far in the current hand of a Pitch game, from a seat's log."""
    played: list[Card] = []
    for event in events:
        if isinstance(event, HandDealt):
            played = []
        elif isinstance(event, CardPlayed):
            played.append(event.card)
    return played


def pitch_choice(
    view: Seen,
    legal: Sequence[Action],
    *,
    played: Iterable[Card],
    sense: CardSense,
    seen: Iterable[Card] = (),
    pickup: int = 0,
) -> Action | None:
    """The heuristic's bid, pass or card for the seat of ``view``; ``None`` in any other phase.

    ``played`` are the cards played so far in the hand (:func:`hand_plays`), ``seen`` other
    cards the seat has seen that are out of play (a bidder's discards), ``pickup`` how many
    cards the bidder will add to its hand before play (Smear's ``seen_undealt``).
    """
    if view.phase == "bidding":
        return _bid(view, legal, sense=sense, pickup=pickup)
    if view.phase != "play":
        return None
    cards = {a.card: a for a in legal if isinstance(a, PlayCard)}
    if not cards:
        return None
    return cards[_card(view, list(cards), played, seen, sense)]


def _bid(view: Seen, legal: Sequence[Action], *, sense: CardSense, pickup: int) -> Action:
    twentieths = max(sense.suit_twentieths(view.hand, s) for s in Suit) + 5 * pickup  # a quarter point a card
    amount = min(4, twentieths // 20)
    for action in legal:
        if isinstance(action, Bid) and action.amount == amount:
            return action
    return next((a for a in legal if isinstance(a, Pass)), legal[0])


def _card(view: Seen, cards: list[Card], played: Iterable[Card], seen: Iterable[Card], sense: CardSense) -> Card:
    """The card to play among the legal ``cards``."""
    hand = view.hand
    trump = view.trump
    seat = view.seat
    unseen = sense.all & ~(sense.bits(played) | sense.bits(hand) | sense.bits(seen))
    trick = view.trick
    order, dump_cost = sense.order, sense.dump_cost
    if not trick:
        if trump is None:
            suit = sense.best_suit(hand, {c.suit for c in cards if c.suit is not None})
            mine = sorted((c for c in cards if c.suit == suit), key=lambda c: -order[c.rank])
            top = mine[0]
            if top.rank in sense.ranks[:3] or len(mine) == 1:
                return top
            return next((c for c in reversed(mine) if c.rank != Rank.JACK), top)
        return _lead(cards, unseen, trump, sense)
    led = trick[0].card.suit
    best = trick[0]
    for tc in trick[1:]:
        if sense.beats(tc.card, best.card, led, trump):
            best = tc
    after = 3 - len(trick)

    def holds(card: Card) -> bool:
        return after == 0 or not sense.beaten_by(card, led, trump) & unseen

    if best.seat == (seat + 2) % 4 and holds(best.card):
        return max(cards, key=lambda c: (sense.feed_value(c, trump), -dump_cost(c, trump)))
    winners = [c for c in cards if sense.beats(c, best.card, led, trump)]
    safe = [c for c in winners if holds(c)]
    if safe:
        jack = [c for c in safe if c.suit == trump and c.rank == Rank.JACK]
        if jack:
            return jack[0]
        return min(safe, key=lambda c: (c.suit == trump, order[c.rank]))
    cheap = [c for c in winners if not (c.suit == trump and c.rank == Rank.JACK) and dump_cost(c, trump) < 10]
    if cheap and after:
        return min(cheap, key=lambda c: dump_cost(c, trump))
    return min(cards, key=lambda c: dump_cost(c, trump))


def _lead(cards: list[Card], unseen: int, trump: Suit, sense: CardSense) -> Card:
    """The card to lead once trump is known (``unseen``: the cards the seat has not seen, as bits)."""
    order = sense.order
    trumps = sorted((c for c in cards if c.suit == trump), key=lambda c: -order[c.rank])
    out_trumps = unseen & sense._suit_bits[trump]
    if trumps and out_trumps and not sense.beaten_by(trumps[0], trump, trump) & out_trumps:  # the top trump out
        return trumps[0]
    top = sense.ranks[0]
    tops = [c for c in cards if c.suit != trump and c.rank == top]
    if tops:
        return tops[0]
    return min(cards, key=lambda c: sense.dump_cost(c, trump))
