"""Auction Pitch's actions: the mechanics' bid (worded for a smudge), pass and card play."""

from __future__ import annotations

import attrs

from tablegames.mechanics import bidding
from tablegames.mechanics.bidding import Pass
from tablegames.mechanics.tricks import PlayCard

__all__ = ["Bid", "Pass", "PlayCard"]


@attrs.frozen
class Bid(bidding.Bid):
    """Bid ``amount`` points (2 to 4; 5 is a smudge). JSON: ``{"type": "bid", "amount": 5}``.

    >>> str(Bid(5)), str(Bid(3))
    ('bid 5 (smudge)', 'bid 3')
    """

    def __str__(self) -> str:
        return "bid 5 (smudge)" if self.amount == 5 else super().__str__()
