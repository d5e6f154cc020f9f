"""Auction Pitch (Setback): the game, hand after hand, by RULES.rst, on the Pitch family's bases.

:class:`~tablegames.mechanics.setback.SetbackGame` plays the deal, the auction, the tricks, the
four points, setback scoring and the bidder going out first; Auction Pitch chooses the
52-card deck, the dealer stuck at 2 and the smudge.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import attrs

from tablegames.components.cards import STANDARD_RANKS, rank_order, standard_deck
from tablegames.core.events import Event
from tablegames.mechanics import bidding
from tablegames.mechanics.allfours import CARD_POINTS, FourPoints
from tablegames.mechanics.bidding import Auction, BidMade, ForcedBiddingWon
from tablegames.mechanics.pitch import PitchView
from tablegames.mechanics.setback import PitchDeal, SetbackGame
from tablegames.mechanics.tricks import Follow, PlayCard
from tablegames_auction_pitch.options import AuctionPitchOptions

__all__ = [
    "CARD_POINTS",
    "FOUR_POINTS",
    "ORDER",
    "SMUDGE",
    "AuctionPitch",
    "AuctionPitchDeal",
    "AuctionPitchView",
    "Bid",
]

ORDER: Final = rank_order(STANDARD_RANKS)
"""A > K > Q > J > 10 > 9 > ... > 2 in every suit, trump included (rule 3)."""
FOUR_POINTS: Final = FourPoints(order=ORDER)
"""High, Low, Jack and Game (rule 12), Game by :data:`CARD_POINTS` (rule 4)."""
SMUDGE: Final = 5
"""The smudge bid (with the ``smudge`` option): all four points, for the match."""


@attrs.frozen
class Bid(bidding.Bid):
    """Bid ``amount`` points (2 to 4; 5 is a smudge). JSON: ``{"type": "bid", "amount": 5}``.

    >>> str(Bid(5)), str(Bid(3))
    ('bid 5 (smudge)', 'bid 3')
    """

    amount: int = attrs.field(metadata={"json_schema": {"minimum": 2, "maximum": SMUDGE}})
    """The points bid, 2 to 4, or 5 for a smudge (declared, so that the actions can be numbered)."""

    def __str__(self) -> str:
        return "bid 5 (smudge)" if self.amount == SMUDGE else super().__str__()


@attrs.frozen(kw_only=True)
class AuctionPitchView(PitchView):
    """Everything one seat may know: the Pitch family's view, and whether the dealer is stuck."""

    must_bid: bool
    """Whether the seat to speak is the dealer, stuck with a bid of 2 because everyone else passed."""
    target: int
    """The score that wins."""
    winner: int | None
    """The winning side, once the match is over."""


@attrs.frozen(kw_only=True)
class AuctionPitchDeal(PitchDeal):
    """One stacked deal: six cards to each seat, and the first dealer. JSON: ``{"dealer": 0, "hands": [...]}``."""


class AuctionPitch(SetbackGame[AuctionPitchOptions, AuctionPitchView]):
    """Auction Pitch (Setback) for four players in two partnerships, with a 52-card deck.

    >>> import tablegames
    >>> game = tablegames.new_game("auction-pitch", seed=3)
    >>> sorted({a.tag for a in game.legal_actions()}), len(game.view(0).hand)
    (['bid', 'pass'], 6)
    """

    name: ClassVar[str] = "auction-pitch"
    title: ClassVar[str] = "Auction Pitch"
    summary: ClassVar[str] = (
        "Auction Pitch (auction-pitch), also called Setback. 52 cards, two partnerships, one round of "
        "bidding with the dealer stuck at 2, and the four points High, Low, Jack and Game."
    )
    """The variant in one line, for ``tablegames rules`` and ``tablegames variants``."""
    options_class: ClassVar[type[AuctionPitchOptions]] = AuctionPitchOptions
    deal_class: ClassVar = AuctionPitchDeal
    deck: ClassVar = standard_deck()
    pieces: ClassVar = frozenset(deck)
    order: ClassVar = ORDER
    four_points: ClassVar = FOUR_POINTS
    follow: ClassVar = Follow.FOLLOW_OR_TRUMP
    hand_size: ClassVar[int] = 6
    max_bid: ClassVar[int] = SMUDGE
    forced_bid: ClassVar[int | None] = 2
    bid_class: ClassVar = Bid
    action_classes: ClassVar = (Bid, bidding.Pass, PlayCard)
    view_class: ClassVar = AuctionPitchView

    __slots__ = ()


    def view_fields(self, seat: int) -> dict[str, Any]:
        """The Pitch family's fields, and whether the dealer is stuck."""
        return {**super().view_fields(seat), "must_bid": self.auction.must_bid}

    def describe_event(self, event: Event) -> str:
        """One line saying what ``event`` means: the mechanics' words, a smudge and the pitcher named."""
        if isinstance(event, BidMade | ForcedBiddingWon):
            bid = "5 (smudge)" if event.amount == SMUDGE else str(event.amount)
            if isinstance(event, BidMade):
                return f"seat {event.seat} bids {bid}"
            if event.forced:
                return f"everyone else passed: seat {event.seat}, the dealer, is stuck with the bid at {bid}"
            return f"seat {event.seat} pitches at {bid}"
        return event.describe()

    def new_auction(self, first: int) -> Auction:
        """Bids from 2 to 4, or 5 with the ``smudge`` option; the dealer is stuck at 2 when everyone else passes."""
        top = SMUDGE if self.options.smudge else 4
        return Auction(players=4, first=first, minimum=2, maximum=top, forced_bid=2)

    def why_not_bid(self, seat: int, amount: int | None) -> str | None:
        """The auction's reason, or that a smudge needs its option."""
        if amount == SMUDGE and self.auction.maximum < SMUDGE:
            return "a bid of 5 (smudge) needs the smudge option; bids range from 2 to 4"
        return self.auction.why_not(seat, amount)

    def made(self, won: tuple[int, ...], *, bidder_side: int, bid: int) -> bool:
        """Rule 13: a smudge is made only by winning all four points."""
        return won[bidder_side] == 4 if bid == SMUDGE else won[bidder_side] >= bid

    def match_winner(self, *, bidder_side: int, bid: int, made: bool) -> int | None:
        """Rules 14 and 15: a made smudge wins at once; otherwise the pitcher's side goes out first."""
        return (
            bidder_side if bid == SMUDGE and made else super().match_winner(bidder_side=bidder_side, bid=bid, made=made)
        )
