"""What is on the table: domino tiles and sets, seats and sides."""

from tablegames.components.seats import Seating
from tablegames.components.tiles import MAX_PIPS, Tile, domino_set

__all__ = ["MAX_PIPS", "Seating", "Tile", "domino_set"]
