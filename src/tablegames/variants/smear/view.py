"""What one seat may know of a Four Point Smear game."""

from __future__ import annotations

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Action
from tablegames.mechanics.allfours import LastHand
from tablegames.mechanics.bidding import BidView
from tablegames.mechanics.tricks import TrickCard

# BidView, TrickCard and LastHand, the auction's, the trick's and the four points' parts of the view,
# are the mechanics'.
__all__ = ["BidView", "LastHand", "SmearView", "TrickCard"]


@attrs.frozen(kw_only=True)
class SmearView:
    """Everything one seat may know. Its JSON is the view front ends receive."""

    seat: int
    """The seat this view is for."""
    hand_number: int
    """The current hand, from 1 (a throw-in counts)."""
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
    phase: str = attrs.field(metadata={"json_schema": {"enum": ["bidding", "discard", "play", "over"]}})
    """``"bidding"``, ``"discard"``, ``"play"`` or ``"over"``."""
    dealer: int
    """The dealer of this hand."""
    bids: tuple[BidView, ...]
    """The calls of this hand's bidding so far."""
    bidder: int | None
    """The high bidder, once the bidding is over."""
    bid: int | None
    """The winning bid, once the bidding is over."""
    trump: Suit | None
    """The trump suit, once the first card is led."""
    trick: tuple[TrickCard, ...]
    """The cards of the trick in progress."""
    tricks_won: tuple[int, ...]
    """Tricks taken by each side this hand."""
    last_hand: LastHand | None
    """The last played hand's points with their reasons, and card points."""
    picked_up: tuple[Card, ...] | None
    """The undealt cards the bidder took (the bidder's view only; ``None`` for everyone else)."""
    discarded: tuple[Card, ...] | None
    """The bidder's discards (the bidder's view only)."""
    target: int
    """The score that wins."""
    winner: int | None
    """The winning side, once the game is over."""
