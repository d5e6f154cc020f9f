"""Plain-text rendering of Auction Pitch events and tricks, for terminals and logs.

The mechanics' events describe themselves; Auction Pitch words its bids (a smudge), the
pitcher and the hand's result.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event
from tablegames.mechanics.allfours import HandScored, describe_awards
from tablegames.mechanics.bidding import BidMade, BidPassed, ForcedBiddingWon
from tablegames.mechanics.match import DealerDrawn, GameEnded, HandDealt, render_cards
from tablegames.mechanics.tricks import CardPlayed, TrickWon

__all__ = ["describe_event", "render_cards", "render_trick"]

_SELF_DESCRIBED = (DealerDrawn, HandDealt, BidPassed, CardPlayed, TrickWon, GameEnded)


def _trump(suit: Suit | None) -> str:
    return "not yet set" if suit is None else suit.name.lower()


def _bid(amount: int) -> str:
    return "5 (smudge)" if amount == 5 else str(amount)


def describe_event(event: Event) -> str:
    """One line saying what ``event`` means, in words.

    >>> describe_event(ForcedBiddingWon(3, 2, True))
    'everyone else passed: seat 3, the dealer, is stuck with the bid at 2'
    """
    if isinstance(event, _SELF_DESCRIBED):
        return event.describe()
    if isinstance(event, BidMade):
        return f"seat {event.seat} bids {_bid(event.amount)}"
    if isinstance(event, ForcedBiddingWon):
        if event.forced:
            return f"everyone else passed: seat {event.seat}, the dealer, is stuck with the bid at {_bid(event.amount)}"
        return f"seat {event.seat} pitches at {_bid(event.amount)}"
    if isinstance(event, HandScored):
        outcome = "made it" if event.made else "was set back"
        return (
            f"hand {event.hand_number}, trump {_trump(event.trump)}: {describe_awards(event.awards)}; "
            f"card points {event.card_points}; seat {event.bidder} bid {_bid(event.bid)} and {outcome}; "
            f"scores {event.scores}"
        )
    return repr(event)


def render_trick(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> str:
    """The trick in progress and the trump suit as one line.

    >>> render_trick([(1, Card.parse("7H"))], Suit.HEARTS)
    'trump hearts; trick: seat 1: 7H'
    """
    played = ", ".join(f"seat {s}: {c}" for s, c in trick) or "(no cards)"
    return f"trump {_trump(trump)}; trick: {played}"
