"""The plain Pitch game on :class:`~tablegames.mechanics.pitch.PitchGame`: every required hook written once.

:class:`SetbackGame` is a Pitch game whose cards are all dealt to the seats (the rest of the
deck plays no part), whose bidder's side scores its points if it made its bid or is set back
by the bid (:func:`~tablegames.mechanics.allfours.setback`), and whose match the bidder's side
goes out first in. Auction Pitch, Setback and their house rules are that and their own
settings: a variant on it sets the class settings of :class:`~tablegames.mechanics.pitch.PitchGame`
and :attr:`~SetbackGame.title`, and overrides a hook only where its rules differ (a smudge).

>>> from tablegames.mechanics.setback import SetbackGame
>>> import attrs
>>> from tablegames.components.cards import STANDARD_RANKS, rank_order, standard_deck
>>> from tablegames.core.game import int_option
>>> from tablegames.mechanics.allfours import FourPoints
>>> @attrs.frozen(kw_only=True)
... class Options:
...     target: int = attrs.field(default=7, validator=int_option(1, 50))
>>> class Pitch(SetbackGame):
...     '''Plain Pitch, to 7.'''
...     name, title, options_class, forced_bid = "doc-pitch", "Pitch", Options, 2
...     deck, order = standard_deck(), rank_order(STANDARD_RANKS)
...     four_points = FourPoints(order=rank_order(STANDARD_RANKS))
>>> import random
>>> game, rng = Pitch.create(seed=1), random.Random(1)
>>> while not game.is_over:
...     _ = game.apply(rng.choice(game.legal_actions()))
>>> max(game.scores) >= 7, type(game.events[-1]).__name__
(True, 'GameEnded')
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from tablegames.components.cards import Card
from tablegames.core.events import Action
from tablegames.core.game import OptionsT_co, ViewT_co
from tablegames.core.rng import hand_rng
from tablegames.mechanics.allfours import HandScored, setback
from tablegames.mechanics.bidding import Auction, Bid, BiddingWon, BidMade, BidPassed, ForcedBiddingWon, Pass
from tablegames.mechanics.match import DealerDrawn, GameEnded, HandDealt, card_problems, check_dealer, check_hands
from tablegames.mechanics.pitch import PitchGame, SetbackView
from tablegames.mechanics.tricks import CardPlayed, PlayCard, TrickWon

__all__ = ["PitchDeal", "SetbackGame"]


@attrs.frozen(kw_only=True)
class PitchDeal:
    """One stacked deal of a Pitch game whose undealt cards play no part. JSON: ``{"dealer": 0, "hands": [...]}``.

    ``hands[i]`` belongs to seat ``i``. ``dealer`` stands for the random choice of the first
    dealer: used for the first hand and ignored later (the deal rotates); left out, the seed draws.
    """

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards."""
    dealer: int | None = None
    """The first dealer, where the random choice is due."""


class SetbackGame(PitchGame[Bid | Pass | PlayCard, OptionsT_co, ViewT_co]):
    """A Pitch game with every required hook written: a plain deal, setback scoring, the bidder out first.

    Set :attr:`title` (the game's name in messages) beside the family's class settings.
    """

    title: ClassVar[str] = "Pitch"
    """The game's name in messages (``"3 hands; Auction Pitch deals one hand to each of 4 seats"``)."""
    deal_class: ClassVar[type[Any]] = PitchDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Bid, Pass, PlayCard)
    forced_bid: ClassVar[int | None] = None
    """The bid the dealer is stuck with when everyone else passes (2 in Auction Pitch), or ``None`` for a throw-in."""
    view_class: ClassVar[type[Any]] = SetbackView
    """The view :meth:`view` builds from :meth:`~tablegames.mechanics.pitch.PitchGame.view_fields` (a variant's
    subclass of :class:`~tablegames.mechanics.pitch.PitchView` adds its fields, and ``view_fields`` their values)."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """List the subclass's events unless it does: the bidding's end with ``forced`` where a bid is forced."""
        super().__init_subclass__(**kwargs)
        if "event_classes" not in cls.__dict__:
            won = BiddingWon if cls.forced_bid is None else ForcedBiddingWon
            cls.event_classes = (
                DealerDrawn,
                HandDealt,
                BidMade,
                BidPassed,
                won,
                CardPlayed,
                TrickWon,
                HandScored,
                GameEnded,
            )

    def new_auction(self, first: int) -> Auction:
        """The hand's auction, ``first`` to speak.

        Bids from :attr:`~tablegames.mechanics.pitch.PitchGame.min_bid` to
        :attr:`~tablegames.mechanics.pitch.PitchGame.max_bid`, and :attr:`forced_bid`.
        """
        return Auction(players=4, first=first, minimum=self.min_bid, maximum=self.max_bid, forced_bid=self.forced_bid)

    def view(self, seat: int) -> Any:
        """What ``seat`` may know: :attr:`view_class` of :meth:`~tablegames.mechanics.pitch.PitchGame.view_fields`."""
        return self.view_class(**self.view_fields(seat))

    @classmethod
    def check_deal(cls, deal: Any, options: Any) -> str | None:
        """What is wrong with a stacked deal, or ``None``.

        A deal gives :attr:`~tablegames.mechanics.pitch.PitchGame.hand_size` different cards of the deck
        to each seat and may name the dealer.
        """
        problem = check_hands(deal.hands, game=cls.title, seats=4, size=cls.hand_size)
        if problem is None:
            rule = f"a deal gives {4 * cls.hand_size} different cards of the {len(cls.deck)}-card deck"
            problem = card_problems([c for h in deal.hands for c in h], cls.deck, rule=rule)
        return problem or check_dealer(deal.dealer, 4)

    def shuffled_deal(self, hand_number: int) -> Any:
        """Each seat's :attr:`~tablegames.mechanics.pitch.PitchGame.hand_size` cards, shuffled for the hand."""
        cards = list(self.deck)
        hand_rng(self.seed, hand_number).shuffle(cards)
        size = self.hand_size
        return self.deal_class(hands=tuple(tuple(cards[i * size : (i + 1) * size]) for i in range(4)))

    @classmethod
    def deal_from_event(cls, event: HandDealt, dealer: int | None) -> Any:
        """The deal a full log's ``hand_dealt`` event records."""
        return cls.deal_class(hands=event.hands, dealer=dealer)

    def dealt_event(self, deal: Any) -> HandDealt:
        """The ``hand_dealt`` event: each seat's cards (the cards not dealt play no part)."""
        return HandDealt(self.hand_number, self.dealer, deal.hands)

    def made(self, won: tuple[int, ...], *, bidder_side: int, bid: int) -> bool:
        """Hook: whether the bid was made; by default the bidder's side won at least ``bid`` points."""
        return won[bidder_side] >= bid

    def settle(self, won: tuple[int, ...], *, bidder_side: int, bid: int) -> tuple[tuple[int, ...], bool]:
        """The bidder's side scores its points if it made the bid (:meth:`made`), else loses it; the others theirs."""
        made = self.made(won, bidder_side=bidder_side, bid=bid)
        return setback(won, bidder_side=bidder_side, bid=bid, made=made), made

    def match_winner(self, *, bidder_side: int, bid: int, made: bool) -> int | None:
        """The bidder's side goes out first: it wins on reaching the target whatever the other's score."""
        target = self.target_score(self.options)
        scores = self.scores
        if target is None:
            return None
        if scores[bidder_side] >= target:
            return bidder_side
        other = 1 - bidder_side
        return other if scores[other] >= target else None
