"""Reusable rules machinery that knows no variant: the line-building layout, tricks, auctions, calls."""

from tablegames.mechanics.bidding import Auction, BidView, Calling, CallView
from tablegames.mechanics.line import (
    ARM_IDS,
    EAST,
    NORTH,
    SOUTH,
    WEST,
    ArmEnd,
    LineLayout,
    arm_index,
    tile_mask,
)
from tablegames.mechanics.tricks import Follow, TrickCard, TrickPlay, legal_cards, strength_by_rank, trick_winner

__all__ = [
    "ARM_IDS",
    "EAST",
    "NORTH",
    "SOUTH",
    "WEST",
    "ArmEnd",
    "Auction",
    "BidView",
    "CallView",
    "Calling",
    "Follow",
    "LineLayout",
    "TrickCard",
    "TrickPlay",
    "arm_index",
    "legal_cards",
    "strength_by_rank",
    "tile_mask",
    "trick_winner",
]
