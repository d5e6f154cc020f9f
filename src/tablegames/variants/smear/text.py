"""Plain-text rendering of Four Point Smear events and tricks, for terminals and logs."""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event
from tablegames.variants.smear.events import (
    BiddingWon,
    BidMade,
    BidPassed,
    CardPlayed,
    DealerDrawn,
    Discarded,
    GameEnded,
    HandDealt,
    HandScored,
    ThrownIn,
    TrickWon,
    UndealtTaken,
)

__all__ = ["describe_event", "render_cards", "render_trick"]


def render_cards(cards: Sequence[Card] | None) -> str:
    """Cards in notation, space-separated (``"?"`` if hidden).

    >>> render_cards([Card.parse("AS"), Card.parse("10H")])
    'AS 10H'
    """
    if cards is None:
        return "?"
    return " ".join(str(c) for c in cards) or "-"


def _suit(suit: Suit) -> str:
    return suit.name.lower()


def describe_event(event: Event) -> str:
    """One line saying what ``event`` means, in words."""
    if isinstance(event, DealerDrawn):
        return f"seat {event.seat} is drawn to deal first"
    if isinstance(event, HandDealt):
        hands = "; ".join(f"seat {s}: {render_cards(h)}" for s, h in enumerate(event.hands))
        return f"hand {event.hand_number}, dealt by seat {event.dealer} ({hands})"
    if isinstance(event, BidMade):
        return f"seat {event.seat} bids {event.amount}"
    if isinstance(event, BidPassed):
        return f"seat {event.seat} passes"
    if isinstance(event, ThrownIn):
        return f"everyone passed: hand {event.hand_number} is thrown in and the same dealer deals again"
    if isinstance(event, BiddingWon):
        return f"seat {event.seat} is the bidder at {event.amount}"
    if isinstance(event, UndealtTaken):
        return f"seat {event.seat} takes up {event.count} undealt card(s): {render_cards(event.cards)}"
    if isinstance(event, Discarded):
        return f"seat {event.seat} discards {event.count} card(s): {render_cards(event.cards)}"
    if isinstance(event, CardPlayed):
        return f"seat {event.seat} plays {event.card}"
    if isinstance(event, TrickWon):
        return f"seat {event.seat} takes the trick {render_cards(event.cards)} (side {event.side})"
    if isinstance(event, HandScored):
        points = ", ".join(
            f"{a.point} {'nobody' if a.side is None else f'side {a.side}'}" + (f" ({a.card})" if a.card else "")
            for a in event.awards
        )
        result = "made" if event.made else "set"
        return (
            f"hand {event.hand_number}, trump {_suit(event.trump)}: {points}; card points {event.card_points}; "
            f"seat {event.bidder} bid {event.bid} and was {result}; scores {event.scores}"
        )
    if isinstance(event, GameEnded):
        return f"side {event.winner} wins the match ({', '.join(map(str, event.scores))})"
    return repr(event)


def render_trick(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> str:
    """The trick in progress and the trump suit as one line."""
    cards = ", ".join(f"seat {s}: {c}" for s, c in trick) or "(no cards)"
    return f"trump {_suit(trump) if trump is not None else 'not yet set'}; trick: {cards}"
