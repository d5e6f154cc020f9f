"""Auction Pitch's options."""

from __future__ import annotations

import attrs

from tablegames.core.game import MAX_TARGET
from tablegames.core.options import bool_option, int_option

__all__ = ["AuctionPitchOptions"]


@attrs.frozen(kw_only=True)
class AuctionPitchOptions:
    """The options of Auction Pitch.

    >>> AuctionPitchOptions().target, AuctionPitchOptions(smudge=True).smudge
    (11, True)
    """

    target: int = attrs.field(default=11, validator=int_option(1, MAX_TARGET))
    """The score that wins (at most 10,000)."""
    smudge: bool = attrs.field(default=False, validator=bool_option())
    """Whether a bid of 5, *smudge*, is allowed: win all four points to win the match at once."""
