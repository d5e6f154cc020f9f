"""What one seat may know of an Auction Pitch game."""

from __future__ import annotations

import attrs

from tablegames.mechanics.allfours import LastHand
from tablegames.mechanics.bidding import BidView
from tablegames.mechanics.pitch import PitchView
from tablegames.mechanics.tricks import LastTrick, TrickCard

# The parts of the view that record the auction, the trick and the last hand are the mechanics'.
__all__ = ["AuctionPitchView", "BidView", "LastHand", "LastTrick", "TrickCard"]


@attrs.frozen(kw_only=True)
class AuctionPitchView(PitchView):
    """Everything one seat may know: the Pitch family's view, and whether the dealer is stuck.

    Its JSON is the view front ends receive.
    """

    must_bid: bool
    """Whether the seat to speak is the dealer, stuck with a bid of 2 because everyone else passed."""
    target: int
    """The score that wins."""
    winner: int | None
    """The winning side, once the match is over."""
