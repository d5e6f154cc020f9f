"""Auction Pitch (Setback): the game, hand after hand, by RULES.rst, on the Pitch family's mechanic.

:class:`~tablegames.mechanics.pitch.PitchGame` plays the deal, the auction, the tricks and the
four points; Auction Pitch chooses the 52-card deck, the dealer stuck at 2, the smudge, how a
bid is settled and that the pitcher goes out first.
"""

from __future__ import annotations

from typing import ClassVar, Final

from tablegames.components.cards import Card, standard_deck
from tablegames.core.events import Action, Event
from tablegames.core.rng import hand_rng
from tablegames.mechanics.allfours import HandScored
from tablegames.mechanics.bidding import Auction, BidMade, BidPassed, ForcedBiddingWon
from tablegames.mechanics.match import DealerDrawn, GameEnded, HandDealt
from tablegames.mechanics.pitch import PitchGame
from tablegames.mechanics.tricks import CardPlayed, Follow, TrickWon
from tablegames_auction_pitch.actions import Bid, Pass, PlayCard
from tablegames_auction_pitch.options import HAND_SIZE, AuctionPitchDeal, AuctionPitchOptions, check_deal
from tablegames_auction_pitch.rules import FOUR_POINTS, MAX_BID, MIN_BID, ORDER, SMUDGE, settle, winner_after_hand
from tablegames_auction_pitch.text import describe_event, render_trick
from tablegames_auction_pitch.view import AuctionPitchView

__all__ = ["FOLLOW", "AuctionPitch"]

FOLLOW: Final = Follow.FOLLOW_OR_TRUMP
"""The following rule (rule 10): follow suit or trump; void, anything."""
_DECK: Final = standard_deck()


class AuctionPitch(PitchGame):
    """Auction Pitch (Setback) for four players in two partnerships, with a 52-card deck.

    >>> import tablegames
    >>> game = tablegames.new_game("auction-pitch", seed=3)
    >>> sorted({a.tag for a in game.legal_actions()}), len(game.view(0).hand)
    (['bid', 'pass'], 6)
    """

    name: ClassVar[str] = "auction-pitch"
    summary: ClassVar[str] = (
        "Auction Pitch (auction-pitch), also called Setback. 52 cards, two partnerships, one round of "
        "bidding with the dealer stuck at 2, and the four points High, Low, Jack and Game."
    )
    """The variant in one line, for ``tablegames rules`` and ``tablegames variants``."""
    options_class: ClassVar[type[AuctionPitchOptions]] = AuctionPitchOptions
    deal_class: ClassVar[type[AuctionPitchDeal]] = AuctionPitchDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Bid, Pass, PlayCard)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        *(DealerDrawn, HandDealt, BidMade, BidPassed, ForcedBiddingWon),
        *(CardPlayed, TrickWon, HandScored, GameEnded),
    )
    """Every event is the mechanics'; ``bidding_won`` records whether the dealer was stuck."""
    pieces: ClassVar[frozenset[Card]] = frozenset(_DECK)
    deck: ClassVar[tuple[Card, ...]] = _DECK
    order: ClassVar = ORDER
    hand_size: ClassVar[int] = HAND_SIZE
    min_bid: ClassVar[int] = MIN_BID
    max_bid: ClassVar[int] = SMUDGE
    bid_class: ClassVar[type[Bid]] = Bid
    follow: ClassVar[Follow] = FOLLOW
    four_points: ClassVar = FOUR_POINTS

    __slots__ = ()

    options: AuctionPitchOptions

    def view(self, seat: int) -> AuctionPitchView:
        """What ``seat`` may know: its cards, the bidding (and whether the dealer is stuck), the trick, the scores."""
        return AuctionPitchView(**self.view_fields(seat), must_bid=self.auction.must_bid)

    def describe_event(self, event: Event) -> str:
        """One line of text saying what ``event`` means."""
        return describe_event(event)

    def render_table(self) -> str:
        """The trick in progress and trump, as text."""
        return render_trick(self.trick_play.trick, self.trick_play.trump)

    # -- deals ------------------------------------------------------------------------

    @classmethod
    def check_deal(cls, deal: AuctionPitchDeal, options: AuctionPitchOptions) -> str | None:
        """What is wrong with a stacked deal (6 different cards of the 52 to each seat)."""
        return check_deal(deal, options)

    def shuffled_deal(self, hand_number: int) -> AuctionPitchDeal:
        """Six cards to each seat from the 52 shuffled from the seed for hand ``hand_number``."""
        cards = list(_DECK)
        hand_rng(self.seed, hand_number).shuffle(cards)
        return AuctionPitchDeal(hands=tuple(tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(4)))

    @classmethod
    def deal_from_event(cls, event: HandDealt, dealer: int | None) -> AuctionPitchDeal:
        """The deal a full log's ``hand_dealt`` event records."""
        return AuctionPitchDeal(hands=event.hands, dealer=dealer)  # type: ignore[arg-type]  # a full log shows them

    def dealt_event(self, deal: AuctionPitchDeal) -> HandDealt:
        """The ``hand_dealt`` event: each seat's six cards (the 28 others play no part)."""
        return HandDealt(self.hand_number, self.dealer, deal.hands)

    # -- the rules --------------------------------------------------------------------

    def new_auction(self, first: int) -> Auction:
        """Bids from 2 to 4, or 5 with the ``smudge`` option; the dealer is stuck at 2 when everyone else passes."""
        top = SMUDGE if self.options.smudge else MAX_BID
        return Auction(players=4, first=first, minimum=MIN_BID, maximum=top, forced_bid=MIN_BID)

    def why_not_bid(self, seat: int, amount: int | None) -> str | None:
        """The auction's reason, or that a smudge needs its option."""
        if amount == SMUDGE and self.auction.maximum < SMUDGE:
            return "a bid of 5 (smudge) needs the smudge option; bids range from 2 to 4"
        return self.auction.why_not(seat, amount)

    def why_illegal_other(self, action: Action, seat: int) -> str | None:
        """Not an Auction Pitch action."""
        return f"not an Auction Pitch action: {type(action).__name__}; its actions are Bid, Pass and PlayCard"

    def settle(self, won: tuple[int, ...], *, bidder_side: int, bid: int) -> tuple[tuple[int, ...], bool]:
        """Rule 13: the pitcher's side scores its points or is set back by its bid; a smudge needs all four."""
        return settle(pitcher_side=bidder_side, bid=bid, won=won)

    def match_winner(self, *, bidder_side: int, bid: int, made: bool) -> int | None:
        """Rules 14 and 15: a made smudge wins; otherwise the pitcher's side goes out first."""
        target = self.options.target
        return winner_after_hand(self.scores, pitcher_side=bidder_side, bid=bid, made=made, target=target)
