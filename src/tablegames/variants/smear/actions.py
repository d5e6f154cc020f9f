"""Four Point Smear's actions: bid, pass, discard, play (the bid, the pass and the play are the mechanics')."""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.components.cards import Card
from tablegames.core.events import Action
from tablegames.mechanics.bidding import Bid, Pass
from tablegames.mechanics.tricks import PlayCard

__all__ = ["Bid", "Discard", "Pass", "PlayCard"]


@attrs.frozen
class Discard(Action):
    """The bidder puts back as many cards as it took up. JSON: ``{"type": "discard", "cards": [...]}``.

    The cards may be given in any order; the canonical form lists them in deck order.
    """

    tag: ClassVar[str] = "discard"
    cards: tuple[Card, ...]
    """The cards discarded."""

    def __str__(self) -> str:
        return "discard " + " ".join(str(c) for c in self.cards)
