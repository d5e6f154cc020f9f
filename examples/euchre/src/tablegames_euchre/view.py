"""What one seat may know of a Euchre game."""

from __future__ import annotations

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Action
from tablegames.mechanics.bidding import CallView
from tablegames.mechanics.tricks import LastTrick, TrickCard

# CallView, TrickCard and LastTrick, the calling's and the trick's parts of the view, are the mechanics'.
__all__ = ["CallView", "EuchreView", "LastHand", "LastTrick", "TrickCard"]


@attrs.frozen
class LastHand:
    """The result of the last hand played out (a thrown-in hand leaves it as it was)."""

    hand_number: int
    """The hand's number."""
    maker: int
    """The seat that made trump."""
    trump: Suit
    """The trump suit."""
    alone: bool
    """Whether the maker went alone."""
    tricks: tuple[int, ...]
    """The tricks each side took."""
    result: str
    """``"made"``, ``"march"`` or ``"euchre"``."""
    side: int
    """The side that scored."""
    points: int
    """The points it scored."""


@attrs.frozen(kw_only=True)
class EuchreView:
    """Everything one seat may know. Its JSON is the view front ends receive."""

    seat: int
    """The seat this view is for."""
    hand_number: int
    """The current hand, from 1."""
    hand: tuple[Card, ...]
    """The seat's own cards (a seat sitting out keeps its five)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds (the dealer six while he discards)."""
    scores: tuple[int, ...]
    """Each side's score (side 0 is seats 0 and 2; side 1 is seats 1 and 3)."""
    current_player: int | None
    """The seat that must act, ``None`` once the game is over."""
    legal_actions: tuple[Action, ...]
    """The seat's legal actions (``[]`` when it is not its turn)."""
    phase: str
    """``"calling"``, ``"discard"``, ``"play"`` or ``"over"``."""
    dealer: int
    """The dealer of this hand."""
    up_card: Card
    """This hand's up-card (public all hand, wherever it went)."""
    calling_round: int | None
    """The round of calls under way, 1 or 2; ``None`` once trump is made."""
    turned_down: bool
    """Whether everyone passed in the first round, turning the up-card down."""
    calls: tuple[CallView, ...]
    """This hand's calls so far, in order: ``call`` is the suit made trump and ``alone`` if so (``"H"``,
    ``"H alone"``), ``None`` for a pass."""
    must_call: bool
    """Whether the seat to speak is the dealer, stuck (rule 11): he may not pass."""
    maker: int | None
    """The seat that made trump, once made."""
    trump: Suit | None
    """The trump suit, once made."""
    alone: bool
    """Whether the maker goes alone."""
    sitting_out: int | None
    """The seat that sits out this hand (a lone maker's partner), if any."""
    discard: Card | None
    """The dealer's discard, in the dealer's own view only."""
    trick: tuple[TrickCard, ...]
    """The cards of the trick in progress."""
    leader: int | None
    """The seat that led (or leads) the trick in progress, during the play."""
    tricks_won: tuple[int, ...]
    """Tricks taken by each side this hand."""
    last_trick: LastTrick | None
    """The last completed trick of this hand and who took it; ``None`` from the deal until the first closes."""
    last_hand: LastHand | None
    """The last hand played out and how it scored."""
    target: int
    """The score that wins."""
    winner: int | None
    """The winning side, once the game is over."""
