"""The Block Game's options and stacked deals."""

from __future__ import annotations

from collections import Counter

import attrs

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.game import MAX_TARGET, int_option

__all__ = ["HAND_SIZE", "BlockDeal", "BlockOptions", "check_block_deal"]

HAND_SIZE = 7
"""Tiles dealt to each seat; with fewer than four seats the rest are set aside unseen."""


@attrs.frozen(kw_only=True)
class BlockOptions:
    """The options of the Block Game.

    >>> BlockOptions(players=3)
    BlockOptions(players=3, target=100)
    """

    players: int = attrs.field(default=2, validator=int_option(2, 4))
    """2, 3 or 4 players, each playing alone."""
    target: int = attrs.field(default=100, validator=int_option(1, MAX_TARGET))
    """The score a seat must reach to win the match (at most 10,000)."""


@attrs.frozen(kw_only=True)
class BlockDeal:
    """One deal. JSON: ``{"hands": [["6-4", ...], ...], "boneyard": ["3-1", ...]}``.

    ``hands[i]`` belongs to seat ``i``; the boneyard holds the tiles set aside.
    """

    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's seven tiles."""
    boneyard: tuple[Tile, ...]
    """The tiles nobody holds, never played and never shown."""


def check_block_deal(deal: BlockDeal, options: BlockOptions) -> str | None:
    """What is wrong with ``deal`` for ``options``, or ``None`` if it is a valid deal."""
    n = options.players
    if len(deal.hands) != n:
        return f"{len(deal.hands)} hands for {n} players; one hand per seat"
    for i, hand in enumerate(deal.hands):
        if len(hand) != HAND_SIZE:
            return f"hands[{i}] has {len(hand)} tiles; each hand has {HAND_SIZE}"
    if len(deal.boneyard) != 28 - n * HAND_SIZE:
        return f"the boneyard has {len(deal.boneyard)} tiles; with {n} players it has {28 - n * HAND_SIZE}"
    counts = Counter([t for hand in deal.hands for t in hand] + list(deal.boneyard))
    if set(counts) != set(domino_set(6)) or max(counts.values()) > 1:
        return "a deal holds each of the 28 double-six tiles once"
    return None
