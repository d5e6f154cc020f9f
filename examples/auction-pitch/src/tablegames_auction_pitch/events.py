"""Auction Pitch's events: all of them are the mechanics', named here for the package's users.

The auction's (:class:`~tablegames.mechanics.bidding.ForcedBiddingWon` records the dealer
stuck with the bid), the trick play's, the four points' and the match's events, with their
JSON ``type`` tags and visibility rules.
"""

from tablegames.mechanics.allfours import HandScored, PointAward
from tablegames.mechanics.bidding import BidMade, BidPassed
from tablegames.mechanics.bidding import ForcedBiddingWon as BiddingWon
from tablegames.mechanics.match import DealerDrawn, GameEnded, HandDealt
from tablegames.mechanics.tricks import CardPlayed, TrickWon

EVENT_CLASSES: tuple[type, ...] = (
    DealerDrawn,
    HandDealt,
    BidMade,
    BidPassed,
    BiddingWon,
    CardPlayed,
    TrickWon,
    HandScored,
    GameEnded,
)
"""The events of an Auction Pitch log, in the order a hand logs them."""

__all__ = [
    "EVENT_CLASSES",
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
