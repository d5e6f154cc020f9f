"""What is on the table: domino tiles and sets, playing cards and decks, seats and sides."""

from tablegames.components.cards import (
    PIQUET_RANKS,
    STANDARD_RANKS,
    Card,
    Rank,
    Suit,
    make_deck,
    piquet_deck,
    rank_order,
    standard_deck,
)
from tablegames.components.seats import Seating
from tablegames.components.tiles import MAX_PIPS, Tile, domino_set

__all__ = [
    "MAX_PIPS",
    "PIQUET_RANKS",
    "STANDARD_RANKS",
    "Card",
    "Rank",
    "Seating",
    "Suit",
    "Tile",
    "domino_set",
    "make_deck",
    "piquet_deck",
    "rank_order",
    "standard_deck",
]
