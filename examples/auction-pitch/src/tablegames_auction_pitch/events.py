"""Auction Pitch's events, every one the mechanics': the match's, the auction's, the trick play's and the four points'.

``BiddingWon`` is :class:`~tablegames.mechanics.bidding.ForcedBiddingWon`, which records
whether the dealer was stuck with the bid.
"""

from tablegames.mechanics.allfours import HandScored, PointAward
from tablegames.mechanics.bidding import BidMade, BidPassed
from tablegames.mechanics.bidding import ForcedBiddingWon as BiddingWon
from tablegames.mechanics.match import DealerDrawn, GameEnded, HandDealt
from tablegames.mechanics.tricks import CardPlayed, TrickWon

__all__ = [
    "BidMade",
    "BidPassed",
    "BiddingWon",
    "CardPlayed",
    "DealerDrawn",
    "GameEnded",
    "HandDealt",
    "HandScored",
    "PointAward",
    "TrickWon",
]
