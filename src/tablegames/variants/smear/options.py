"""Four Point Smear's options and stacked deals."""

from __future__ import annotations

from typing import Final

import attrs

from tablegames.components.cards import Card, piquet_deck
from tablegames.core.errors import quote
from tablegames.core.game import MAX_TARGET
from tablegames.core.options import bool_option, choice_option, int_option
from tablegames.mechanics.match import card_problems, check_dealer, check_hands

__all__ = ["HIGH_LOW_RULES", "SmearDeal", "SmearOptions", "check_smear_deal"]

_DECK: Final = piquet_deck()
HIGH_LOW_RULES: Final = ("ace-seven", "in-play")
"""The allowed values of :attr:`SmearOptions.high_low`."""


@attrs.frozen(kw_only=True)
class SmearOptions:
    """The options of Four Point Northeastern Wisconsin Smear.

    >>> from tablegames.variants.smear.options import SmearOptions
    >>> SmearOptions(seen_undealt=2).target
    15
    """

    seen_undealt: int = attrs.field(default=0, validator=int_option(0, 3))
    """How many undealt cards the bidder takes up (and discards again), 0 to 3."""
    target: int = attrs.field(default=15, validator=int_option(1, MAX_TARGET))
    """The score that wins, 1 to 10,000 (:data:`~tablegames.core.game.MAX_TARGET`)."""
    win_only_on_bid: bool = attrs.field(default=False, validator=bool_option())
    """A side wins only in a hand where it was the bidder's side and made its bid."""
    cap_non_bidders: bool = attrs.field(default=False, validator=bool_option())
    """In a hand it did not bid, a side's points above the target do not count."""
    high_low: str = attrs.field(default="ace-seven", validator=choice_option(*HIGH_LOW_RULES, what="a High/Low rule"))
    """Which cards give High and Low, ``"ace-seven"`` or ``"in-play"``.

    With ``"ace-seven"`` they are the ace and the 7 of trump, if played; with ``"in-play"``,
    the highest and lowest trumps actually played.
    """


@attrs.frozen(kw_only=True)
class SmearDeal:
    """One stacked deal. JSON: ``{"dealer": 0, "hands": [[card x6] x4], "undealt": [card x8]}``.

    ``hands[i]`` belongs to seat ``i``; ``undealt`` is the dealer's stack, top card first.
    ``dealer`` stands for the random choice of the first dealer: used for the first hand and
    ignored later (the deal rotates; a throw-in keeps the dealer); left out, the seed draws.
    """

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's six cards."""
    undealt: tuple[Card, ...]
    """The eight undealt cards, top first."""
    dealer: int | None = None
    """The first dealer, where the random choice is due."""


def check_smear_deal(deal: SmearDeal, options: SmearOptions) -> str | None:
    """What is wrong with ``deal``, or ``None`` if it is a valid Smear deal."""
    problem = check_hands(deal.hands, game="Smear", seats=4, size=6)
    if problem is not None:
        return problem
    undealt = deal.undealt
    if not isinstance(undealt, tuple) or len(undealt) != 8:
        return f"undealt has {len(undealt) if isinstance(undealt, tuple) else quote(undealt)} cards; 8 stay undealt"
    problem = card_problems([c for h in deal.hands for c in h] + list(undealt), _DECK, complete=True)
    if problem is not None and problem != "every piece must be a Card":
        problem += "; a deal holds each of the 32 cards (A K Q J 10 9 8 7) once"
    return problem or check_dealer(deal.dealer, 4)
