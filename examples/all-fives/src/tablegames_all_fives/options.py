"""All Fives' options and stacked deals."""

from __future__ import annotations

from typing import Final

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.game import MAX_TARGET, int_option

__all__ = ["DEFAULT_TARGET", "HAND_SIZES", "AllFivesDeal", "AllFivesOptions"]

HAND_SIZES: Final = {2: 7, 3: 5, 4: 5}
"""Tiles dealt to each player, by the number of players (the rest is the boneyard)."""
DEFAULT_TARGET: Final = 61
"""The default target: 61 points, once round a cribbage board."""


@attrs.frozen(kw_only=True)
class AllFivesOptions:
    """The options of All Fives.

    >>> AllFivesOptions().players, AllFivesOptions().target
    (2, 61)
    """

    players: int = attrs.field(default=2, validator=int_option(2, 4))
    """2, 3 or 4 players; four play as two partnerships (seats 0+2 and 1+3)."""
    target: int = attrs.field(default=DEFAULT_TARGET, validator=int_option(1, MAX_TARGET))
    """The score a side must reach to win (61 by default, whatever the number of players; at most 10,000)."""


@attrs.frozen(kw_only=True)
class AllFivesDeal:
    """One stacked deal. JSON: ``{"hands": [["6-4", ...], ...], "boneyard": ["5-5", ...]}``.

    ``hands[i]`` belongs to seat ``i``; ``boneyard`` is in drawing order. There is no
    ``leader``: All Fives draws no lots, the tiles dealt decide who leads (see the rules).
    """

    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles."""
    boneyard: tuple[Tile, ...]
    """The boneyard, first tile drawn first."""
