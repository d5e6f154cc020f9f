"""Four Point Northeastern Wisconsin Smear (``four-point-smear``).

A 32-card trick-taking game for two partnerships, with a single round of bidding and the four
points High, Low, Jack and Game.
"""

from tablegames.variants.smear.actions import Bid, Discard, Pass, PlayCard
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
    PointAward,
    ThrownIn,
    TrickWon,
    UndealtTaken,
)
from tablegames.variants.smear.game import MAX_BID, MIN_BID, Smear
from tablegames.variants.smear.options import HIGH_LOW_RULES, SmearDeal, SmearOptions, check_smear_deal
from tablegames.variants.smear.rl import DISCARD_IDS, PLAY_IDS, SmearActionIds, SmearObservation
from tablegames.variants.smear.rules import (
    CARD_POINTS,
    ORDER,
    award_points,
    card_points,
    lead_allowed,
    settle,
    winner_after_hand,
)
from tablegames.variants.smear.view import BidView, LastHand, LastTrick, SmearView, TrickCard

__all__ = [
    "CARD_POINTS",
    "DISCARD_IDS",
    "HIGH_LOW_RULES",
    "MAX_BID",
    "MIN_BID",
    "ORDER",
    "PLAY_IDS",
    "Bid",
    "BidMade",
    "BidPassed",
    "BidView",
    "BiddingWon",
    "CardPlayed",
    "DealerDrawn",
    "Discard",
    "Discarded",
    "GameEnded",
    "HandDealt",
    "HandScored",
    "LastHand",
    "LastTrick",
    "Pass",
    "PlayCard",
    "PointAward",
    "Smear",
    "SmearActionIds",
    "SmearDeal",
    "SmearObservation",
    "SmearOptions",
    "SmearView",
    "ThrownIn",
    "TrickCard",
    "TrickWon",
    "UndealtTaken",
    "award_points",
    "card_points",
    "check_smear_deal",
    "lead_allowed",
    "settle",
    "winner_after_hand",
]
