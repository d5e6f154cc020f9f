"""Auction Pitch, also called Setback (``auction-pitch``): a tablegames variant built from outside.

Four players in two partnerships, a 52-card deck, six cards each, one round of bidding in
which the dealer is stuck with a bid of 2 when everyone else passes, trump named by the
pitcher's first lead, and the four points High, Low, Jack and Game. It is the Pitch family's
plain base, :class:`~tablegames.mechanics.setback.SetbackGame`, with its settings and a smudge;
every event is the mechanics'. Installed, it registers through the ``tablegames.variants``
entry point:

>>> import tablegames
>>> "auction-pitch" in tablegames.variant_names()
True
>>> tablegames.new_game("auction-pitch", seed=1, target=7, smudge=True).options
AuctionPitchOptions(target=7, smudge=True)
"""

from tablegames.mechanics.allfours import HandScored, LastHand, PointAward
from tablegames.mechanics.bidding import BidMade, BidPassed, BidView, Pass
from tablegames.mechanics.bidding import ForcedBiddingWon as BiddingWon
from tablegames.mechanics.match import DealerDrawn, GameEnded, HandDealt
from tablegames.mechanics.tricks import CardPlayed, LastTrick, PlayCard, TrickCard, TrickWon
from tablegames_auction_pitch.game import (
    CARD_POINTS,
    FOUR_POINTS,
    ORDER,
    SMUDGE,
    AuctionPitch,
    AuctionPitchDeal,
    AuctionPitchView,
    Bid,
)
from tablegames_auction_pitch.options import AuctionPitchOptions

__all__ = [
    "CARD_POINTS",
    "FOUR_POINTS",
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
]
