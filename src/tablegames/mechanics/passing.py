"""Passing cards before the play: the choice, its legality, the exchange, and who may see what.

Every seat chooses :attr:`Passing.count` cards in turn, and once all have chosen the cards
change hands at once, each seat's going to the seat :attr:`Passing.offset` places to its left
(1: left, ``players - 1``: right, 2 across a table of four), as in Hearts. A choice is logged
as :class:`CardsPassed`, which carries its own redaction: the giver and the receiver see the
cards, the other seats only that cards were passed. A variant that uses it needs no ``redact``
of its own. The receiver sees a pass when it is made, which may be before it chooses its own
(the seats choose in turn, clockwise); a variant whose passes must stay secret until all are
made logs its own events.

>>> from tablegames.mechanics.passing import Passing, CardsPassed
>>> from tablegames.components.cards import Card
>>> hands = [[Card.parse(c) for c in h.split()] for h in ("AS KS QS", "AH KH QH", "AD KD QD")]
>>> passing = Passing(players=3, count=1, offset=1, first=0)
>>> passing.why_not(0, (Card.parse("AH"),), hands[0])
'seat 0 does not hold AH'
>>> [passing.choose(seat, (Card.parse(card),)).describe() for seat, card in ((0, "QS"), (1, "QH"), (2, "QD"))]
['seat 0 passes QS to seat 1', 'seat 1 passes QH to seat 2', 'seat 2 passes QD to seat 0']
>>> passing.exchange(hands)
>>> [" ".join(map(str, h)) for h in hands]
['AS KS QD', 'AH KH QS', 'AD KD QH']
>>> CardsPassed(0, 1, (Card.parse("QS"),)).redact(2).cards is None
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import ClassVar, Self

import attrs

from tablegames.components.cards import Card
from tablegames.core.events import Action, Event, visible
from tablegames.mechanics.match import render_cards

__all__ = ["CardsPassed", "PassCards", "Passing"]


@attrs.frozen
class PassCards(Action):
    """Pass ``cards`` (before the play). JSON: ``{"type": "pass_cards", "cards": ["QS", "AH", "2H"]}``.

    The cards may be written in any order; the legal actions list them in the seat's hand order.
    """

    tag: ClassVar[str] = "pass_cards"
    cards: tuple[Card, ...]
    """The cards passed."""

    def __str__(self) -> str:
        return f"pass {' '.join(map(str, self.cards))}"


@attrs.frozen
class CardsPassed(Event):
    """A seat passed cards: only the giver and the receiver see which (the others, ``None``)."""

    tag: ClassVar[str] = "cards_passed"
    seat: int
    """The giver."""
    receiver: int
    """The seat that receives them."""
    cards: tuple[Card, ...] | None
    """The cards (``None`` for every seat but the giver and the receiver)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the cards from every seat but the giver and the receiver."""
        if visible(self.seat, seat) or visible(self.receiver, seat):
            return self
        return attrs.evolve(self, cards=None)

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.passing import CardsPassed
        >>> from tablegames.components.cards import Card
        >>> CardsPassed(0, 3, (Card.parse("QS"),)).describe()
        'seat 0 passes QS to seat 3'
        """
        return f"seat {self.seat} passes {render_cards(self.cards)} to seat {self.receiver}"


class Passing:
    """One passing round of a hand: who chooses next, what each chose, and the exchange.

    Args:
        players: the seats at the table; each passes once, clockwise from ``first``.
        count: the cards each seat passes (1 or more).
        offset: how many seats to its left each seat's cards go (1 to ``players - 1``).
        first: the seat that chooses first.

    Raises:
        ValueError: for a count below 1, an offset that is no other seat or a first seat that is no seat.
    """

    __slots__ = ("chosen", "count", "first", "offset", "players")

    players: int
    """The seats at the table."""
    count: int
    """The cards each seat passes."""
    offset: int
    """How many seats to its left each seat's cards go."""
    first: int
    """The seat that chooses first."""
    chosen: dict[int, tuple[Card, ...]]
    """The cards each seat has chosen so far, in the order they chose."""

    def __init__(self, *, players: int, count: int, offset: int, first: int) -> None:
        if count < 1 or not 0 < offset < players or not 0 <= first < players:
            raise ValueError(f"bad passing: {count} cards to {offset} seats left, first seat {first} of {players}")
        self.players, self.count, self.offset, self.first = players, count, offset, first
        self.chosen = {}

    @property
    def is_done(self) -> bool:
        """Whether every seat has chosen."""
        return len(self.chosen) == self.players

    @property
    def turn(self) -> int | None:
        """The seat to choose next, ``None`` once every seat has."""
        return None if self.is_done else (self.first + len(self.chosen)) % self.players

    def receiver(self, seat: int) -> int:
        """The seat that receives ``seat``'s cards."""
        return (seat + self.offset) % self.players

    def giver(self, seat: int) -> int:
        """The seat whose cards ``seat`` receives."""
        return (seat - self.offset) % self.players

    def choices(self, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        """Every set of :attr:`~Passing.count` cards of ``hand``, each in hand order, in a fixed order."""
        return list(itertools.combinations(hand, self.count))

    def why_not(self, seat: int, cards: object, hand: Sequence[Card]) -> str | None:
        """Why ``seat``, holding ``hand``, may not pass ``cards`` now, or ``None``."""
        if seat != self.turn:
            return "the passing is over" if self.is_done else f"it is seat {self.turn}'s turn to pass"
        if not isinstance(cards, tuple) or len(cards) != self.count:
            return f"a pass is {self.count} cards, not {cards!r}"
        for card in cards:
            if not isinstance(card, Card) or card not in hand:
                return f"seat {seat} does not hold {card}"
        if len(set(cards)) != len(cards):
            return f"a pass is {self.count} different cards"
        return None

    def choose(self, seat: int, cards: tuple[Card, ...]) -> CardsPassed:
        """Record ``seat``'s legal choice of ``cards`` (they move at :meth:`exchange`); the event to log."""
        self.chosen[seat] = cards
        return CardsPassed(seat, self.receiver(seat), cards)

    def exchange(self, hands: Sequence[list[Card]]) -> None:
        """Move every seat's chosen cards to its receiver in ``hands``, all at once (once every seat has chosen)."""
        for giver, cards in self.chosen.items():
            for card in cards:
                hands[giver].remove(card)
        for giver, cards in self.chosen.items():
            hands[self.receiver(giver)].extend(cards)

    def copy(self) -> Passing:
        """An independent copy."""
        new = Passing.__new__(Passing)
        new.players, new.count, new.offset, new.first = self.players, self.count, self.offset, self.first
        new.chosen = dict(self.chosen)
        return new
