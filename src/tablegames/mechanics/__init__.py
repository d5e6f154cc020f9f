"""Reusable rules machinery that knows no variant: the line-building layout, tricks, auctions."""

from tablegames.mechanics.bidding import Auction
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
from tablegames.mechanics.tricks import Follow, legal_cards, trick_winner

__all__ = [
    "ARM_IDS",
    "EAST",
    "NORTH",
    "SOUTH",
    "WEST",
    "ArmEnd",
    "Auction",
    "Follow",
    "LineLayout",
    "arm_index",
    "legal_cards",
    "tile_mask",
    "trick_winner",
]
