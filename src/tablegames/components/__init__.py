"""What is on the table: domino tiles and sets, playing cards and decks, seats and sides."""

from tablegames.components.cards import (
    EUCHRE_RANKS,
    PIQUET_RANKS,
    STANDARD_RANKS,
    Card,
    Colour,
    Rank,
    Suit,
    euchre_deck,
    make_deck,
    piquet_deck,
    rank_order,
    standard_deck,
)
from tablegames.components.seats import Seating
from tablegames.components.tiles import MAX_PIPS, Tile, domino_set

__all__ = [
    "EUCHRE_RANKS",
    "MAX_PIPS",
    "PIQUET_RANKS",
    "STANDARD_RANKS",
    "Card",
    "Colour",
    "Rank",
    "Seating",
    "Suit",
    "Tile",
    "domino_set",
    "euchre_deck",
    "make_deck",
    "piquet_deck",
    "rank_order",
    "standard_deck",
]
