"""What one seat may know of an Auction Pitch game."""

from __future__ import annotations

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Action
from tablegames.mechanics.allfours import LastHand
from tablegames.mechanics.bidding import BidView
from tablegames.mechanics.tricks import TrickCard

# The parts of the view that record the auction, the trick and the last hand are the mechanics'.
__all__ = ["AuctionPitchView", "BidView", "LastHand", "TrickCard"]


@attrs.frozen(kw_only=True)
class AuctionPitchView:
    """Everything one seat may know. Its JSON is the view front ends receive."""

    seat: int
    """The seat this view is for."""
    hand_number: int
    """The current hand, from 1."""
    hand: tuple[Card, ...]
    """The seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    scores: tuple[int, ...]
    """Each side's score (side 0 is seats 0 and 2; side 1 is seats 1 and 3)."""
    current_player: int | None
    """The seat that must act, ``None`` once the game is over."""
    legal_actions: tuple[Action, ...]
    """The seat's legal actions (``[]`` when it is not its turn)."""
    phase: str
    """``"bidding"``, ``"play"`` or ``"over"``."""
    dealer: int
    """The dealer of this hand."""
    bids: tuple[BidView, ...]
    """The calls of this hand's bidding so far."""
    must_bid: bool
    """Whether the seat to speak is the dealer, stuck with a bid of 2 because everyone else passed."""
    bidder: int | None
    """The pitcher (the high bidder), once the bidding is over."""
    bid: int | None
    """The winning bid, once the bidding is over."""
    trump: Suit | None
    """The trump suit, once the pitcher has led."""
    trick: tuple[TrickCard, ...]
    """The cards of the trick in progress."""
    tricks_won: tuple[int, ...]
    """Tricks taken by each side this hand."""
    last_hand: LastHand | None
    """The last hand's points with their reasons, and card points."""
    target: int
    """The score that wins."""
    winner: int | None
    """The winning side, once the game is over."""
