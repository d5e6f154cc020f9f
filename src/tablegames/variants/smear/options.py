"""Four Point Smear's options and stacked deals."""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs

from tablegames.components.cards import Card, piquet_deck
from tablegames.core.errors import quote
from tablegames.core.game import MAX_TARGET
from tablegames.core.options import bool_option, choice_option, int_option

__all__ = ["HIGH_LOW_RULES", "SmearDeal", "SmearOptions", "check_smear_deal"]

HIGH_LOW_RULES: Final = ("ace-seven", "in-play")
"""The allowed values of :attr:`SmearOptions.high_low`."""


@attrs.frozen(kw_only=True)
class SmearOptions:
    """The options of Four Point Northeastern Wisconsin Smear.

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
    hands, undealt = deal.hands, deal.undealt
    if not isinstance(hands, tuple) or len(hands) != 4:
        found = len(hands) if isinstance(hands, tuple) else quote(hands)
        return f"{found} hands; Smear deals one hand to each of 4 seats"
    for i, hand in enumerate(hands):
        if not isinstance(hand, tuple) or len(hand) != 6:
            return f"hands[{i}] has {len(hand) if isinstance(hand, tuple) else quote(hand)} cards; each hand has 6"
    if not isinstance(undealt, tuple) or len(undealt) != 8:
        return f"undealt has {len(undealt) if isinstance(undealt, tuple) else quote(undealt)} cards; 8 stay undealt"
    every = [c for h in hands for c in h] + list(undealt)
    if not all(isinstance(c, Card) for c in every):
        return "every piece must be a Card"
    counts = Counter(every)
    deck = piquet_deck()
    duplicates = sorted(str(c) for c, n in counts.items() if n > 1)
    missing = [str(c) for c in deck if c not in counts]
    foreign = sorted(str(c) for c in counts if c not in deck)
    if duplicates or missing or foreign:
        parts = []
        if duplicates:
            parts.append(f"duplicate cards {', '.join(duplicates)}")
        if missing:
            parts.append(f"missing cards {', '.join(missing)}")
        if foreign:
            parts.append(f"cards outside the 32-card deck {', '.join(foreign)}")
        return "; ".join(parts) + "; a deal holds each of the 32 cards (A K Q J 10 9 8 7) once"
    if deal.dealer is not None and (type(deal.dealer) is not int or not 0 <= deal.dealer < 4):
        return f"dealer {quote(deal.dealer)} is not a seat; seats are 0 to 3"
    return None
