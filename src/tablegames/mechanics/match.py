"""A match of dealt hands: the first dealer drawn, each hand dealt, the match's end.

The events every dealt card game logs the same way, and the steps around them: the random
choice of the first dealer, the deals a full log records (for replay), the cards as text.

>>> from tablegames.mechanics.match import DealerDrawn
>>> from tablegames.mechanics.match import HandDealt, deals_from_events
>>> from tablegames.components.cards import Card, Rank, Suit
>>> dealt = HandDealt(1, 3, ((Card.parse("AS"),), (Card.parse("7H"),)))
>>> dealt.redact(1).hands, dealt.describe()
((None, (Card(Rank.SEVEN, Suit.HEARTS),)), 'hand 1, dealt by seat 3 (seat 0: AS; seat 1: 7H)')
>>> deals_from_events([DealerDrawn(3), dealt], lambda event, dealer: (event.hand_number, dealer))
[(1, 3)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Self

import attrs

from tablegames.components.cards import Card
from tablegames.core.errors import LogError, quote
from tablegames.core.events import Event, redact_hands
from tablegames.core.rng import hand_rng

__all__ = [
    "DealerDrawn",
    "GameEnded",
    "HandDealt",
    "card_problems",
    "check_dealer",
    "check_hands",
    "deals_from_events",
    "draw_dealer",
    "render_cards",
]


def render_cards(cards: Sequence[Card] | None) -> str:
    """Cards in notation, space-separated (``"?"`` if hidden, ``"-"`` if none).

    >>> from tablegames.components.cards import Card
    >>> from tablegames.mechanics.match import render_cards
    >>> render_cards([Card.parse("AS"), Card.parse("10H")]), render_cards(None), render_cards(())
    ('AS 10H', '?', '-')
    """
    if cards is None:
        return "?"
    return " ".join(str(c) for c in cards) or "-"


@attrs.frozen
class DealerDrawn(Event):
    """The random choice of the first dealer."""

    tag: ClassVar[str] = "dealer_drawn"
    seat: int
    """The first dealer."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.match import DealerDrawn
        >>> DealerDrawn(2).describe()
        'seat 2 is drawn to deal first'
        """
        return f"seat {self.seat} is drawn to deal first"


@attrs.frozen
class HandDealt(Event):
    """A hand was shuffled and dealt. Each seat sees only its own cards.

    A variant whose deal records more (an undealt stack) subclasses it, adding fields at the end.
    """

    tag: ClassVar[str] = "hand_dealt"
    shown: ClassVar[str] = "every hand"
    """What a full log's deal shows, for the message when it does not (see :meth:`is_full`)."""
    hand_number: int
    """The hand's number, from 1."""
    dealer: int
    """The dealer of this hand."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's cards (``None`` where hidden)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the other seats' cards from ``seat``."""
        if seat is None:
            return self
        return attrs.evolve(self, hands=redact_hands(self.hands, seat))

    def is_full(self) -> bool:
        """Whether nothing of the deal is hidden (the event of a full log)."""
        return all(h is not None for h in self.hands)

    def dealt_hand(self) -> int:
        """The hand this event deals (declared for the layers above)."""
        return self.hand_number

    def describe(self) -> str:
        """The event in words: the hand, its dealer and each seat's cards (``?`` where hidden)."""
        hands = "; ".join(f"seat {s}: {render_cards(h)}" for s, h in enumerate(self.hands))
        return f"hand {self.hand_number}, dealt by seat {self.dealer} ({hands})"


@attrs.frozen
class GameEnded(Event):
    """A side won the match."""

    tag: ClassVar[str] = "game_ended"
    winner: int
    """The winning side."""
    scores: tuple[int, ...]
    """The final scores."""

    def side_scores(self) -> Mapping[int, int]:
        """The final scores, side by side (declared for the layers above)."""
        return dict(enumerate(self.scores))

    def winning_side(self) -> int:
        """The winning side (declared for the layers above)."""
        return self.winner

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.match import GameEnded
        >>> GameEnded(1, (9, 15)).describe()
        'side 1 wins the match (9, 15)'
        """
        return f"side {self.winner} wins the match ({', '.join(map(str, self.scores))})"


def draw_dealer(seed: int, players: int, dealer: int | None = None) -> int:
    """The first dealer: ``dealer`` if a stacked deal gives one, else drawn from the seed.

    The draw is the seed's ``"dealer"`` stream of hand 1 (:func:`~tablegames.core.rng.hand_rng`),
    so a seeded match always starts with the same dealer.

    >>> from tablegames.mechanics.match import draw_dealer
    >>> draw_dealer(7, 4, 2), draw_dealer(7, 4) == draw_dealer(7, 4)
    (2, True)
    """
    if dealer is not None:
        return dealer
    return hand_rng(seed, 1, "dealer").randrange(players)


def deals_from_events(events: Sequence[Event], deal: Callable[[HandDealt, int | None], Any]) -> list[Any]:
    """The deals that a full log's :class:`HandDealt` events record, for replay.

    Args:
        events: the log's events.
        deal: makes the variant's deal from a ``hand_dealt`` event and the first dealer, the
            seat of a :class:`DealerDrawn` right before it (``None`` for any other hand).

    Raises:
        LogError: if a deal hides something (see :meth:`HandDealt.is_full`).
    """
    deals: list[Any] = []
    dealer: int | None = None
    for i, event in enumerate(events):
        if isinstance(event, DealerDrawn):
            # the draw belongs to the deal it directly precedes; anywhere else replay reports it
            dealer = event.seat if i + 1 < len(events) and isinstance(events[i + 1], HandDealt) else None
        elif isinstance(event, HandDealt):
            if not event.is_full():
                raise LogError(f"$.events[{i}]", f"a full log's deal shows {event.shown}")
            deals.append(deal(event, dealer))
            dealer = None
    return deals


def check_hands(hands: Any, *, game: str, seats: int, size: int) -> str | None:
    """What is wrong with a stacked deal's ``hands`` (one tuple of ``size`` cards per seat), or ``None``.

    Only the shape: :func:`card_problems` checks the cards. ``game`` names the variant in the message.

    >>> from tablegames.mechanics.match import check_hands
    >>> check_hands(((),) * 3, game="Pitch", seats=4, size=6)
    '3 hands; Pitch deals one hand to each of 4 seats'
    >>> check_hands(((),) * 4, game="Pitch", seats=4, size=6)
    'hands[0] has 0 cards; each hand has 6'
    """
    if not isinstance(hands, tuple) or len(hands) != seats:
        found = len(hands) if isinstance(hands, tuple) else quote(hands)
        return f"{found} hands; {game} deals one hand to each of {seats} seats"
    for i, hand in enumerate(hands):
        if not isinstance(hand, tuple) or len(hand) != size:
            return f"hands[{i}] has {len(hand) if isinstance(hand, tuple) else quote(hand)} cards; each hand has {size}"
    return None


def card_problems(
    cards: Sequence[Any],
    deck: Sequence[Card],
    *,
    complete: bool = False,
    deck_name: str = "",
    piece: str = "piece",
    rule: str = "",
) -> str | None:
    """What is wrong with the cards of a deal: not cards, duplicates, cards outside ``deck``; ``None`` if nothing.

    Args:
        cards: every card the deal places.
        deck: the variant's deck, in deck order.
        complete: whether the deal must place every card of the deck (then missing ones are named).
        deck_name: a word naming the deck in the message (``"Euchre"``: "the 24-card Euchre deck").
        piece: what the message calls each of ``cards`` when one is not a
            :class:`~tablegames.components.cards.Card`.
        rule: the variant's words for what a deal gives, added after the cards that are wrong.

    >>> from tablegames.components.cards import Card
    >>> from tablegames.mechanics.match import card_problems
    >>> deck = [Card.parse(c) for c in ("AS", "KS", "QS")]
    >>> card_problems([deck[0], deck[0]], deck, complete=True)
    'duplicate cards AS; missing cards KS, QS'
    >>> card_problems([Card.parse("2C")], deck, deck_name="Tiny"), card_problems(["AS"], deck, piece="card")
    ('cards outside the 3-card Tiny deck 2C', 'every card must be a Card')
    >>> card_problems(deck[:1] * 2, deck, rule="a deal gives 3 different cards")
    'duplicate cards AS; a deal gives 3 different cards'
    """
    if not all(isinstance(c, Card) for c in cards):
        return f"every {piece} must be a Card"
    counts = Counter(cards)
    parts = []
    duplicates = sorted(str(c) for c, n in counts.items() if n > 1)
    if duplicates:
        parts.append(f"duplicate cards {', '.join(duplicates)}")
    missing = [str(c) for c in deck if c not in counts] if complete else []
    if missing:
        parts.append(f"missing cards {', '.join(missing)}")
    foreign = sorted(str(c) for c in counts if c not in deck)
    if foreign:
        named = f"{deck_name} deck" if deck_name else "deck"
        parts.append(f"cards outside the {len(deck)}-card {named} {', '.join(foreign)}")
    if parts and rule:
        parts.append(rule)
    return "; ".join(parts) or None


def check_dealer(dealer: Any, seats: int) -> str | None:
    """What is wrong with a stacked deal's first ``dealer`` (``None``: drawn from the seed), or ``None``.

    >>> from tablegames.mechanics.match import check_dealer
    >>> check_dealer(4, 4), check_dealer(None, 4)
    ('dealer 4 is not a seat; seats are 0 to 3', None)
    """
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < seats):
        return f"dealer {quote(dealer)} is not a seat; seats are 0 to {seats - 1}"
    return None
