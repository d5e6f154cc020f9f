"""All Fives' options and stacked deals."""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.game import MAX_TARGET, int_option

__all__ = ["DEFAULT_TARGET", "HAND_SIZES", "AllFivesDeal", "AllFivesOptions", "check_all_fives_deal"]

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
    """The score a side must reach to win (61 by default, whatever the number of players;
    at most 10,000)."""


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


def check_all_fives_deal(deal: AllFivesDeal, options: AllFivesOptions) -> str | None:
    """What is wrong with ``deal`` for ``options``, or ``None`` if it is a valid deal.

    >>> tiles = domino_set(6)
    >>> deal = AllFivesDeal(hands=(tiles[:7], tiles[7:14]), boneyard=tiles[14:])
    >>> check_all_fives_deal(deal, AllFivesOptions()) is None
    True
    >>> check_all_fives_deal(deal, AllFivesOptions(players=3))
    '2 hands for 3 players; one hand per seat'
    """
    n = options.players
    size = HAND_SIZES[n]
    hands, boneyard = deal.hands, deal.boneyard
    if not isinstance(hands, tuple) or len(hands) != n:
        got = len(hands) if isinstance(hands, tuple) else repr(hands)
        return f"{got} hands for {n} players; one hand per seat"
    for i, hand in enumerate(hands):
        if not isinstance(hand, tuple) or len(hand) != size:
            got = len(hand) if isinstance(hand, tuple) else repr(hand)
            return f"hands[{i}] has {got} tiles; with {n} players each hand has {size}"
    rest = 28 - n * size
    if not isinstance(boneyard, tuple) or len(boneyard) != rest:
        got = len(boneyard) if isinstance(boneyard, tuple) else repr(boneyard)
        return f"the boneyard has {got} tiles; with {n} players it has {rest}"
    every = [t for h in hands for t in h] + list(boneyard)
    if not all(isinstance(t, Tile) for t in every):
        return "every piece must be a Tile"
    counts = Counter(every)
    duplicates = sorted(str(t) for t, c in counts.items() if c > 1)
    foreign = sorted(str(t) for t in counts if t.high > 6)
    missing = [str(t) for t in domino_set(6) if t not in counts]
    if duplicates or missing or foreign:
        parts = []
        if duplicates:
            parts.append(f"duplicate tiles {', '.join(duplicates)}")
        if missing:
            parts.append(f"missing tiles {', '.join(missing)}")
        if foreign:
            parts.append(f"tiles outside double-six {', '.join(foreign)}")
        return "; ".join(parts) + "; a deal holds each of the 28 double-six tiles once"
    return None
