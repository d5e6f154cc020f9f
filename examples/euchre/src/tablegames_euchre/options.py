"""Euchre's options and stacked deals."""

from __future__ import annotations

from typing import Final

import attrs

from tablegames.components.cards import Card, euchre_deck
from tablegames.core.errors import quote
from tablegames.core.game import MAX_TARGET
from tablegames.core.options import bool_option, int_option
from tablegames.mechanics.match import card_problems, check_dealer, check_hands

__all__ = ["HAND_SIZE", "KITTY_SIZE", "EuchreDeal", "EuchreOptions", "check_deal"]

HAND_SIZE: Final = 5
"""Cards dealt to each seat (rule 6)."""
KITTY_SIZE: Final = 3
"""Cards left face down under the up-card (rule 6)."""


@attrs.frozen(kw_only=True)
class EuchreOptions:
    """The options of Euchre.

    >>> EuchreOptions()
    EuchreOptions(target=10, alone=True, stick_the_dealer=False)
    """

    target: int = attrs.field(default=10, validator=int_option(1, MAX_TARGET))
    """The score that wins the match (rule 21; at most 10,000)."""
    alone: bool = attrs.field(default=True, validator=bool_option())
    """Whether the maker may go alone (rules 13 to 15): off, every hand is played with a partner."""
    stick_the_dealer: bool = attrs.field(default=False, validator=bool_option())
    """Whether the dealer must name trump when the other three pass in the second round (rule 11)."""


@attrs.frozen(kw_only=True)
class EuchreDeal:
    """One stacked deal. JSON: ``{"hands": [[card x5] x4], "up_card": "9H", "kitty": [card x3], "dealer": 3}``.

    ``hands[i]`` belongs to seat ``i``. ``kitty`` (the three cards under the up-card) may be
    left out: it is then the three cards left, in deck order. ``dealer`` stands for the random
    choice of the first dealer: used for the first hand and ignored later (the deal rotates);
    left out, the seed draws.
    """

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's five cards."""
    up_card: Card
    """The card turned face up."""
    kitty: tuple[Card, ...] | None = None
    """The three cards under the up-card, or ``None`` for the three left."""
    dealer: int | None = None
    """The first dealer, where the random choice is due."""


def check_deal(deal: EuchreDeal, options: EuchreOptions) -> str | None:
    """What is wrong with ``deal``, or ``None`` if it is a valid Euchre deal.

    >>> cards = [Card.parse(f"{r}{s}") for s in "SHDC" for r in "A K Q J 10 9".split()]
    >>> hands = tuple(tuple(cards[i * 5 : i * 5 + 5]) for i in range(4))
    >>> check_deal(EuchreDeal(hands=hands, up_card=cards[20]), EuchreOptions()) is None
    True
    >>> check_deal(EuchreDeal(hands=hands, up_card=cards[0]), EuchreOptions())
    'duplicate cards AS; a deal gives the 24 different cards of the Euchre deck (A K Q J 10 9 of each suit)'
    """
    problem = check_hands(deal.hands, game="Euchre", seats=4, size=HAND_SIZE)
    if problem is not None:
        return problem
    kitty = deal.kitty
    if kitty is not None and (not isinstance(kitty, tuple) or len(kitty) != KITTY_SIZE):
        found = len(kitty) if isinstance(kitty, tuple) else quote(kitty)
        return f"the kitty has {found} cards; it holds the {KITTY_SIZE} cards under the up-card"
    every = [*(c for h in deal.hands for c in h), deal.up_card, *(kitty or ())]
    rule = "a deal gives the 24 different cards of the Euchre deck (A K Q J 10 9 of each suit)"
    problem = card_problems(every, euchre_deck(), deck_name="Euchre", piece="card", rule=rule)
    return problem or check_dealer(deal.dealer, 4)
