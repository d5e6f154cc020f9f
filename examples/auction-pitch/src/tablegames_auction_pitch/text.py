"""Plain-text rendering of Auction Pitch events and tricks, for terminals and logs."""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event
from tablegames_auction_pitch.events import (
    BiddingWon,
    BidMade,
    BidPassed,
    CardPlayed,
    DealerDrawn,
    GameEnded,
    HandDealt,
    HandScored,
    TrickWon,
)

__all__ = ["describe_event", "render_cards", "render_trick"]


def render_cards(cards: Sequence[Card] | None) -> str:
    """Cards in notation, space-separated (``"?"`` if hidden).

    >>> render_cards([Card.parse("AS"), Card.parse("10H")]), render_cards(None)
    ('AS 10H', '?')
    """
    if cards is None:
        return "?"
    return " ".join(str(c) for c in cards) or "-"


def _suit(suit: Suit | None) -> str:
    return "not yet set" if suit is None else suit.name.lower()


def _bid(amount: int) -> str:
    return "5 (smudge)" if amount == 5 else str(amount)


def describe_event(event: Event) -> str:
    """One line saying what ``event`` means, in words.

    >>> describe_event(BiddingWon(3, 2, True))
    'everyone else passed: seat 3, the dealer, is stuck with the bid at 2'
    """
    if isinstance(event, DealerDrawn):
        return f"seat {event.seat} is drawn to deal first"
    if isinstance(event, HandDealt):
        hands = "; ".join(f"seat {s}: {render_cards(h)}" for s, h in enumerate(event.hands))
        return f"hand {event.hand_number}, dealt by seat {event.dealer} ({hands})"
    if isinstance(event, BidMade):
        return f"seat {event.seat} bids {_bid(event.amount)}"
    if isinstance(event, BidPassed):
        return f"seat {event.seat} passes"
    if isinstance(event, BiddingWon):
        if event.forced:
            return f"everyone else passed: seat {event.seat}, the dealer, is stuck with the bid at {_bid(event.amount)}"
        return f"seat {event.seat} pitches at {_bid(event.amount)}"
    if isinstance(event, CardPlayed):
        return f"seat {event.seat} plays {event.card}"
    if isinstance(event, TrickWon):
        return f"seat {event.seat} takes the trick {render_cards(event.cards)} (side {event.side})"
    if isinstance(event, HandScored):
        points = ", ".join(
            f"{a.point} {'nobody' if a.side is None else f'side {a.side}'}" + (f" ({a.card})" if a.card else "")
            for a in event.awards
        )
        result = "made it" if event.made else "was set back"
        return (
            f"hand {event.hand_number}, trump {_suit(event.trump)}: {points}; card points {event.card_points}; "
            f"seat {event.bidder} bid {_bid(event.bid)} and {result}; scores {event.scores}"
        )
    if isinstance(event, GameEnded):
        return f"side {event.winner} wins the match ({', '.join(map(str, event.scores))})"
    return repr(event)


def render_trick(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> str:
    """The trick in progress and the trump suit as one line.

    >>> render_trick([(1, Card.parse("7H"))], Suit.HEARTS)
    'trump hearts; trick: seat 1: 7H'
    """
    cards = ", ".join(f"seat {s}: {c}" for s, c in trick) or "(no cards)"
    return f"trump {_suit(trump)}; trick: {cards}"
