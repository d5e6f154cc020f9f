"""What one seat may know of a Four Point Smear game."""

from __future__ import annotations

import attrs

from tablegames.components.cards import Card
from tablegames.mechanics.allfours import LastHand
from tablegames.mechanics.bidding import BidView
from tablegames.mechanics.pitch import PitchView
from tablegames.mechanics.tricks import LastTrick, TrickCard

# BidView, TrickCard, LastTrick and LastHand, the auction's, the trick's and the four points' parts of
# the view, are the mechanics'.
__all__ = ["BidView", "LastHand", "LastTrick", "SmearView", "TrickCard"]


@attrs.frozen(kw_only=True)
class SmearView(PitchView):
    """Everything one seat may know. Its JSON is the view front ends receive.

    The fields of :class:`~tablegames.mechanics.pitch.PitchView`, then the pickup and the discard.
    """

    picked_up: tuple[Card, ...] | None
    """The undealt cards the bidder took (the bidder's view only; ``None`` for everyone else)."""
    discarded: tuple[Card, ...] | None
    """The bidder's discards (the bidder's view only)."""
    target: int
    """The score that wins."""
    winner: int | None
    """The winning side, once the game is over."""
