"""Auction Pitch's options and stacked deals."""

from __future__ import annotations

from typing import Final

import attrs

from tablegames.components.cards import Card, standard_deck
from tablegames.core.game import MAX_TARGET
from tablegames.core.options import bool_option, int_option
from tablegames.mechanics.match import card_problems, check_dealer, check_hands

__all__ = ["HAND_SIZE", "AuctionPitchDeal", "AuctionPitchOptions", "check_deal"]

HAND_SIZE: Final = 6
"""Cards dealt to each seat."""
_DECK: Final = standard_deck()


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


@attrs.frozen(kw_only=True)
class AuctionPitchDeal:
    """One stacked deal. JSON: ``{"dealer": 0, "hands": [[card x6] x4]}``.

    ``hands[i]`` belongs to seat ``i``; the 28 cards not dealt play no part. ``dealer``
    stands for the random choice of the first dealer: used for the first hand and ignored
    later (the deal rotates); left out, the seed draws.
    """

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's six cards."""
    dealer: int | None = None
    """The first dealer, where the random choice is due."""


def check_deal(deal: AuctionPitchDeal, options: AuctionPitchOptions) -> str | None:
    """What is wrong with ``deal``, or ``None`` if it is a valid Auction Pitch deal.

    >>> hands = [[Card.parse(f"{r}{s}") for r in "A K Q J 10 9".split()] for s in "SHDC"]
    >>> check_deal(AuctionPitchDeal(hands=tuple(map(tuple, hands))), AuctionPitchOptions()) is None
    True
    >>> check_deal(AuctionPitchDeal(hands=(tuple(hands[0]),) * 4), AuctionPitchOptions())
    'duplicate cards 10S, 9S, AS, JS, KS, QS; a deal gives 24 different cards of the 52-card deck'
    """
    problem = check_hands(deal.hands, game="Auction Pitch", seats=4, size=HAND_SIZE)
    if problem is None:
        problem = card_problems([c for h in deal.hands for c in h], _DECK)
        if problem is not None and problem != "every piece must be a Card":
            problem += "; a deal gives 24 different cards of the 52-card deck"
    return problem or check_dealer(deal.dealer, 4)
