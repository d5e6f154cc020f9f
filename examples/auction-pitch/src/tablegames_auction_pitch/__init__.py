"""Auction Pitch, also called Setback (``auction-pitch``): a tablegames variant built from outside.

Four players in two partnerships, a 52-card deck, six cards each, one round of bidding in
which the dealer is stuck with a bid of 2 when everyone else passes, trump named by the
pitcher's first lead, and the four points High, Low, Jack and Game. It uses only the public API of
:mod:`tablegames`: the :class:`~tablegames.core.game.Game` hooks, the card components, and the
mechanics of the Pitch family (:class:`~tablegames.mechanics.pitch.PitchGame`), whose events it
logs and re-exports here. Installed, it registers through the ``tablegames.variants``
entry point:

>>> import tablegames
>>> "auction-pitch" in tablegames.variant_names()
True
>>> tablegames.new_game("auction-pitch", seed=1, target=7, smudge=True).options
AuctionPitchOptions(target=7, smudge=True)
"""

from tablegames.mechanics.allfours import HandScored, PointAward
from tablegames.mechanics.bidding import BidMade, BidPassed
from tablegames.mechanics.bidding import ForcedBiddingWon as BiddingWon
from tablegames.mechanics.match import DealerDrawn, GameEnded, HandDealt
from tablegames.mechanics.tricks import CardPlayed, TrickWon
from tablegames_auction_pitch.actions import Bid, Pass, PlayCard
from tablegames_auction_pitch.game import FOLLOW, AuctionPitch
from tablegames_auction_pitch.options import HAND_SIZE, AuctionPitchDeal, AuctionPitchOptions, check_deal
from tablegames_auction_pitch.rules import (
    CARD_POINTS,
    FOUR_POINTS,
    MAX_BID,
    MIN_BID,
    ORDER,
    SMUDGE,
    award_points,
    card_points,
    settle,
    winner_after_hand,
)
from tablegames_auction_pitch.view import AuctionPitchView, BidView, LastHand, LastTrick, TrickCard

__all__ = [
    "CARD_POINTS",
    "FOLLOW",
    "FOUR_POINTS",
    "HAND_SIZE",
    "MAX_BID",
    "MIN_BID",
    "ORDER",
    "SMUDGE",
    "AuctionPitch",
    "AuctionPitchDeal",
    "AuctionPitchOptions",
    "AuctionPitchView",
    "Bid",
    "BidMade",
    "BidPassed",
    "BidView",
    "BiddingWon",
    "CardPlayed",
    "DealerDrawn",
    "GameEnded",
    "HandDealt",
    "HandScored",
    "LastHand",
    "LastTrick",
    "Pass",
    "PlayCard",
    "PointAward",
    "TrickCard",
    "TrickWon",
    "award_points",
    "card_points",
    "check_deal",
    "settle",
    "winner_after_hand",
]
