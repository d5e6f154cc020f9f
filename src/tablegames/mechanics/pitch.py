"""The Pitch family's hand and match on the :class:`~tablegames.core.game.Game` contract.

:class:`PitchGame` plays what Smear, Auction Pitch and Setback share: four seats in two
partnerships, hands of :attr:`~PitchGame.hand_size` cards, the first dealer drawn and the deal
passing left, one :class:`~tablegames.mechanics.bidding.Auction` from the dealer's left, the
high bidder leading the first trick and naming trump by it, trick play on
:class:`~tablegames.mechanics.tricks.TrickPlay`, the four points of
:class:`~tablegames.mechanics.allfours.FourPoints`, and the match to a score. A variant
subclasses it, sets the class settings, and overrides the documented hooks where its rules
differ (an undealt stack and a discard, a smudge, how a bid is settled, who wins the match);
everything else (legality of bids and plays, the events, views of the bidding and the trick,
copies, replay) is done here once.

The hooks a subclass must provide are abstract, so a subclass that lacks one cannot be
created (:class:`TypeError` naming it): :meth:`~tablegames.core.game.Game.shuffled_deal`,
:meth:`~tablegames.core.game.Game.check_deal`, ``view``, and the family's own
:meth:`~PitchGame.deal_from_event`, :meth:`~PitchGame.dealt_event`, :meth:`~PitchGame.settle`
and :meth:`~PitchGame.match_winner`. Every other hook has a default.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs

from tablegames.components.cards import Card, Rank, Suit
from tablegames.components.seats import Seating
from tablegames.core import events
from tablegames.core.errors import quote
from tablegames.core.events import Action, Event, fast_constructor
from tablegames.core.game import ActionT_co, Game, OptionsT_co, ViewT_co
from tablegames.core.observation import Observation
from tablegames.mechanics.allfours import FourPoints, HandScored, LastHand, points_won
from tablegames.mechanics.bidding import Auction, Bid, BiddingWon, BidMade, BidPassed, BidView, ForcedBiddingWon, Pass
from tablegames.mechanics.match import DealerDrawn, GameEnded, HandDealt, deals_from_events, draw_dealer
from tablegames.mechanics.pitchplay import CardSense, hand_plays, pitch_choice
from tablegames.mechanics.tricks import (
    CardPlayed,
    Follow,
    LastTrick,
    PlayCard,
    TrickCard,
    TrickPlay,
    TrickWon,
    strength_by_rank,
)

__all__ = ["PitchGame", "PitchView", "SetbackView"]

_SEATING: Final = Seating(4, partnerships=True)
_SIDE: Final = tuple(_SEATING.side_of(s) for s in range(4))
_card_played: Final = fast_constructor(CardPlayed)
_trick_won: Final = fast_constructor(TrickWon)


@attrs.frozen(kw_only=True)
class PitchView:
    """What one seat may know of a Pitch game, the part every variant's view shares (:meth:`PitchGame.view_fields`).

    A variant's view subclasses it, adding its own fields and then ``target`` and ``winner``.
    """

    seat: int
    """The seat this view is for."""
    hand_number: int
    """The current hand, from 1 (a hand thrown in counts)."""
    hand: tuple[Card, ...]
    """The seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    scores: tuple[int, ...]
    """Each side's score (side 0 is seats 0 and 2; side 1 is seats 1 and 3)."""
    current_player: int | None
    """The seat that must act, ``None`` once the game is over."""
    legal_actions: tuple[events.Action, ...]
    """The seat's legal actions (``[]`` when it is not its turn)."""
    phase: str = attrs.field(metadata={"json_schema": {"enum": ["bidding", "discard", "play", "over"]}})
    """``"bidding"``, ``"discard"`` (in a variant with a discard), ``"play"`` or ``"over"``."""
    dealer: int
    """The dealer of this hand."""
    bids: tuple[BidView, ...]
    """The calls of this hand's bidding so far."""
    bidder: int | None
    """The high bidder, once the bidding is over."""
    bid: int | None
    """The winning bid, once the bidding is over."""
    trump: Suit | None
    """The trump suit, once the first card is led."""
    trick: tuple[TrickCard, ...]
    """The cards of the trick in progress."""
    tricks_won: tuple[int, ...]
    """Tricks taken by each side this hand."""
    last_hand: LastHand | None
    """The last played hand's points with their reasons, and card points."""
    last_trick: LastTrick | None
    """The last completed trick of this hand and who took it; ``None`` from the deal until the first closes."""


@attrs.frozen(kw_only=True)
class SetbackView(PitchView):
    """The family's view with the target and the winner, for a plain game (:mod:`~tablegames.mechanics.setback`)."""

    target: int
    """The score that wins."""
    winner: int | None
    """The winning side, once the match is over."""


class PitchGame(Game[ActionT_co, OptionsT_co, ViewT_co]):
    """A game of the Pitch family: four players in two partnerships, one auction, the four points.

    Class settings (set them on the subclass): :attr:`deck`, :attr:`order`, :attr:`hand_size`,
    :attr:`min_bid`, :attr:`max_bid`, :attr:`bid_class`, :attr:`follow` and :attr:`four_points`.
    The interned actions and the template of each hand's trick play are made from them when
    the subclass is defined.
    """

    summary: ClassVar[str] = ""
    """Left empty, so that each variant says what it is (see :attr:`tablegames.core.game.Game.summary`)."""
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    deck: ClassVar[tuple[Card, ...]] = ()
    """The cards of the game, in deck order."""
    order: ClassVar[Mapping[Rank, int]] = {}
    """Each rank's strength in a suit, trump included (the tricks' and the four points' order)."""
    hand_size: ClassVar[int] = 6
    """The cards dealt to each seat, and the tricks of a hand."""
    min_bid: ClassVar[int] = 2
    """The lowest bid."""
    max_bid: ClassVar[int] = 4
    """The highest bid of the default auction (:meth:`~tablegames.mechanics.pitch.PitchGame.new_auction`)."""
    bid_class: ClassVar[type[Bid]] = Bid
    """The variant's bid action (a subclass of :class:`~tablegames.mechanics.bidding.Bid` may word it)."""
    follow: ClassVar[Follow] = Follow.FOLLOW_OR_TRUMP
    """How a player answers the suit led."""
    four_points: ClassVar[FourPoints | None] = None
    """The four points' rules; ``None`` if ``points_rules`` chooses them by the options."""
    before_play: ClassVar[str] = "the bidding"
    """What comes before the card play, for the message when a card is played too soon."""

    @classmethod
    def target_score(cls, options: Any) -> int | None:
        """The ``target`` option every Pitch variant has: the score that wins the match."""
        target: int = options.target
        return target

    _pass: ClassVar[Pass]
    _bids: ClassVar[dict[int, Bid]]
    _plays: ClassVar[dict[Card, PlayCard]]
    _sort_key: ClassVar[dict[Card, tuple[int, int]]]
    _template: ClassVar[TrickPlay]
    _sense: ClassVar[CardSense | None] = None

    __slots__ = (
        "_seating",
        "auction",
        "bid",
        "bidder",
        "dealer",
        "hand_number",
        "hands",
        "last_hand",
        "phase",
        "trick_play",
        "undealt",
    )

    hand_number: int
    """The current hand, from 1 (a hand thrown in counts)."""
    dealer: int
    """The dealer of the current hand."""
    hands: list[list[Card]]
    """Each seat's cards, sorted by suit and rank (hidden information; give players ``view``, not this)."""
    undealt: tuple[Card, ...]
    """The cards not dealt to the seats this hand (hidden from everyone)."""
    auction: Auction
    """This hand's bidding."""
    phase: str
    """``"bidding"``, ``"play"``, ``"over"``, or a phase of the variant's own between the bidding and the play."""
    bidder: int | None
    """The high bidder, once the bidding is over."""
    bid: int | None
    """The winning bid."""
    trick_play: TrickPlay
    """This hand's card play (the trick, the trump, the tricks each side won), led by the bidder."""
    last_hand: LastHand | None
    """The result of the last played hand."""
    _seating: Seating

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Intern the subclass's actions and make its trick-play template from its settings."""
        super().__init_subclass__(**kwargs)
        if not cls.deck:
            return
        order = cls.order
        cls._pass = Pass()
        cls._bids = {a: cls.bid_class(a) for a in range(cls.min_bid, cls.max_bid + 1)}
        cls._plays = {c: PlayCard(c) for c in cls.deck}
        cls._sort_key = {c: (int(c.suit or 0), -order[c.rank]) for c in cls.deck}
        cls._template = TrickPlay(
            leader=0, side_of=_SIDE, strength=strength_by_rank(order), follow=cls.follow, hand_size=cls.hand_size
        )
        points = cls.four_points
        cls._sense = None if points is None else CardSense(cls.deck, points, name=cls.name or cls.__qualname__)

    # -- the trick play's state, by name ----------------------------------------------

    @property
    def trump(self) -> Suit | None:
        """The trump suit, set by the first lead (``trick_play.trump``)."""
        return self.trick_play.trump

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The trick in progress, ``(seat, card)`` in play order (``trick_play.trick``)."""
        return self.trick_play.trick

    @property
    def plays(self) -> list[tuple[int, Card]]:
        """Every card played this hand (``trick_play.plays``)."""
        return self.trick_play.plays

    @property
    def tricks(self) -> list[tuple[int, tuple[Card, ...]]]:
        """The completed tricks, each as ``(winning seat, cards)`` (``trick_play.tricks``)."""
        return self.trick_play.tricks

    @property
    def tricks_won(self) -> list[int]:
        """Tricks taken by each side this hand (``trick_play.tricks_won``)."""
        return self.trick_play.tricks_won

    # -- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """Always 4."""
        return 4

    @property
    def seating(self) -> Seating:
        """Seats and sides, the partnerships 0+2 and 1+3."""
        return self._seating

    def view_fields(self, seat: int) -> dict[str, Any]:
        """The fields of :class:`PitchView` and ``target`` and ``winner``, for the variant's ``view``."""
        self.check_seat(seat)
        current = self.current_player
        play = self.trick_play
        return {
            "seat": seat,
            "hand_number": self.hand_number,
            "hand": tuple(self.hands[seat]),
            "hand_sizes": tuple(len(h) for h in self.hands),
            "scores": self.scores,
            "current_player": current,
            "legal_actions": tuple(self.legal_actions()) if seat == current else (),
            "phase": self.phase,
            "dealer": self.dealer,
            "bids": self.auction.views(),
            "bidder": self.bidder,
            "bid": self.bid,
            "trump": play.trump,
            "trick": play.trick_cards(),
            "tricks_won": tuple(play.tricks_won),
            "last_hand": self.last_hand,
            "last_trick": LastTrick.of(play),
            "target": self.options.target,
            "winner": self.winner,
        }

    def piece_places(self) -> dict[str, tuple[Card, ...]]:
        """Where the cards are: the hands, the untouched undealt cards, any set aside, the trick, the tricks."""
        places = {f"hand {s}": tuple(hand) for s, hand in enumerate(self.hands)}
        places["undealt"] = self.untouched_undealt()
        places.update(self.set_aside())
        play = self.trick_play
        places["trick"] = tuple(c for _, c in play.trick)
        places["tricks"] = tuple(c for _, cards in play.tricks for c in cards)
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see: the other hands and the untouched undealt cards."""
        self.check_seat(seat)
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        hidden.update(self.untouched_undealt())
        return frozenset(hidden)

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action | None:
        """The family's player (:func:`~tablegames.mechanics.pitchplay.pitch_choice`): a bid by strength, a sound card.

        It knows the cards from :attr:`deck` and :attr:`four_points`, so every game of the
        family gets a fast :class:`~tablegames.bots.greedy.GreedyBot` without a line of its
        own. ``None`` (the greedy bot's generic look-ahead) in a phase of the variant's own,
        or where the class sets no :attr:`four_points` (its points depend on the options: it
        answers with a :class:`~tablegames.mechanics.pitchplay.CardSense` of its own).
        """
        sense = cls._sense
        if sense is None:
            return None
        return pitch_choice(observation.view, observation.legal, played=hand_plays(observation.events), sense=sense)

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[Any]:
        """The deals that ``hand_dealt`` events record, the first with the dealer drawn right before it."""
        return deals_from_events(events, cls.deal_from_event)

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The bid, pass or card play an event records; every other event is automatic."""
        if isinstance(event, BidMade):
            return event.seat, cls._bids.get(event.amount) or cls.bid_class(event.amount)
        if isinstance(event, BidPassed):
            return event.seat, cls._pass
        if isinstance(event, CardPlayed):
            return event.seat, cls._plays.get(event.card) or PlayCard(event.card)
        return None

    def canonical(self, action: Action) -> Action:
        """The interned action equal to ``action``."""
        if isinstance(action, Pass):
            return self._pass
        if isinstance(action, Bid):
            return self._bids.get(action.amount, action)
        if isinstance(action, PlayCard):
            return self._plays.get(action.card, action)
        return action

    # -- hooks ------------------------------------------------------------------------

    @classmethod
    @abc.abstractmethod
    def deal_from_event(cls, event: HandDealt, dealer: int | None) -> Any:
        """Hook (required): the variant's deal that a full log's ``hand_dealt`` event records.

        ``dealer`` is the first dealer, for the match's first deal.
        """

    @abc.abstractmethod
    def dealt_event(self, deal: Any) -> HandDealt:
        """Hook (required): the ``hand_dealt`` event of ``deal``, this hand's (:attr:`hand_number`, :attr:`dealer`)."""

    def undealt_of(self, deal: Any) -> tuple[Card, ...]:
        """Hook: the cards ``deal`` leaves out of the hands; by default the rest of the deck, in deck order."""
        dealt = {c for h in deal.hands for c in h}
        return tuple(c for c in self.deck if c not in dealt)

    def untouched_undealt(self) -> tuple[Card, ...]:
        """Hook: the undealt cards still undealt (by default all of them)."""
        return self.undealt

    def set_aside(self) -> dict[str, tuple[Card, ...]]:
        """Hook: the places of cards out of the hands and tricks (a discard); by default none."""
        return {}

    def new_auction(self, first: int) -> Auction:
        """Hook: this hand's auction, ``first`` to speak; by default bids from :attr:`min_bid` to :attr:`max_bid`."""
        return Auction(players=4, first=first, minimum=self.min_bid, maximum=self.max_bid)

    def start_hand(self) -> None:
        """Hook: reset the variant's own state of a hand, at each deal; by default nothing."""

    def why_not_bid(self, seat: int, amount: int | None) -> str | None:
        """Hook: why ``seat`` may not bid ``amount`` (an int; ``None``: pass) now; by default the auction's reason."""
        return self.auction.why_not(seat, amount)

    def why_not_play(self, seat: int, card: Card) -> str | None:
        """Hook: why ``seat`` may not play ``card`` now, in the play phase; by default the trick play's reason."""
        return self.trick_play.why_not(seat, card, self.hands[seat])

    def playable(self, seat: int) -> list[Card]:
        """Hook: the cards ``seat`` may play now; by default what the trick play allows."""
        return self.trick_play.legal(self.hands[seat])

    def other_legal(self, seat: int) -> tuple[Action, ...]:
        """Hook: ``seat``'s legal actions in a phase of the variant's own; by default none."""
        return ()

    def why_illegal_other(self, action: Action, seat: int) -> str | None:
        """Hook: why ``action``, not a bid, pass or card play, is illegal; by default it is not the variant's."""
        names = ", ".join(cls.__name__ for cls in self.action_classes)
        return f"not a {self.name} action: {type(action).__name__}; its actions are {names}"

    def perform_other(self, action: Action, seat: int) -> int | None:
        """Hook: take ``action``, not a bid, pass or card play; the next seat.

        Optional: only a variant with actions of its own (a discard) needs it, together with
        :meth:`why_illegal_other` and :meth:`other_legal`. The default is never reached, since
        the default :meth:`why_illegal_other` refuses every such action.

        Raises:
            NotImplementedError: by default, naming the variant whose ``why_illegal_other``
                accepted an action it cannot take.

        """
        raise NotImplementedError(
            f"{type(self).__name__} accepts {type(action).__name__} actions (why_illegal_other) "
            "but defines no perform_other to take them"
        )

    def throw_in(self) -> int:
        """Hook: everyone passed; by default the same dealer deals the next hand. The seat to bid first."""
        return self._new_hand(self.dealer)

    def after_bidding(self, bidder: int) -> None:
        """Hook: the bidding is won by ``bidder`` (:attr:`bid` is set); by default the play begins."""
        self.phase = "play"

    def points_rules(self) -> FourPoints:
        """Hook: the four points' rules of this game; by default :attr:`four_points`."""
        assert self.four_points is not None
        return self.four_points

    def counted_apart(self) -> tuple[tuple[int, Sequence[Card]], ...]:
        """Hook: ``(side, cards)`` counted for a side's Game beside its tricks; by default none."""
        return ()

    @abc.abstractmethod
    def settle(self, won: tuple[int, ...], *, bidder_side: int, bid: int) -> tuple[tuple[int, ...], bool]:
        """Hook (required): the change to each side's score after a hand, and whether the bid was made."""

    @abc.abstractmethod
    def match_winner(self, *, bidder_side: int, bid: int, made: bool) -> int | None:
        """Hook (required): the side that wins the match after a hand's settlement, or ``None``.

        The scores are updated when it is called.
        """

    # -- the rules --------------------------------------------------------------------

    def begin(self) -> int:
        """Start both sides at 0, draw the first dealer and deal the first hand; the dealer's left bids first."""
        self._seating = _SEATING
        self.set_scores([0, 0])
        self.hand_number = 0
        self.last_hand = None
        deal = self.next_deal(1)
        dealer = draw_dealer(self.seed, 4, deal.dealer)
        self.emit(DealerDrawn(dealer))
        return self._new_hand(dealer, deal)

    def _new_hand(self, dealer: int, deal: Any = None) -> int:
        """Deal the next hand (``deal``, else the next deal) with ``dealer`` dealing; the seat to bid first."""
        self.hand_number += 1
        if deal is None:
            deal = self.next_deal(self.hand_number)
        self.dealer = dealer
        key = self._sort_key.__getitem__
        self.hands = [sorted(h, key=key) for h in deal.hands]
        self.undealt = self.undealt_of(deal)
        first = self._seating.next(dealer)
        self.auction = self.new_auction(first)
        self.phase = "bidding"
        self.bidder = self.bid = None
        self.trick_play = self._template  # empty and never played on: the bidding's end puts a fresh one
        self.start_hand()
        self.emit(self.dealt_event(deal))
        return first

    def compute_legal(self, seat: int) -> tuple[Any, ...]:  # the variant's action type, which a base cannot name
        """``seat``'s legal actions: a pass (unless stuck) then the bids; the variant's own; or the playable cards."""
        phase = self.phase
        if phase == "bidding":
            auction = self.auction
            bids = self._bids
            legal = tuple([bids[a] for a in auction.legal_bids()])
            return legal if auction.must_bid else (self._pass, *legal)
        if phase != "play":
            return self.other_legal(seat)
        return tuple(map(self._plays.__getitem__, self.playable(seat)))

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not take ``action`` now (the wrong phase, or what the rules forbid), or ``None``."""
        phase = self.phase
        if isinstance(action, (Bid, Pass)):
            if phase != "bidding":
                return f"the bidding is closed; now is the {phase} phase"
            if isinstance(action, Bid):
                if type(action.amount) is not int:
                    return f"a bid is an int from {self.min_bid} to {self.auction.maximum}, not {quote(action.amount)}"
                return self.why_not_bid(seat, action.amount)
            return self.why_not_bid(seat, None)
        if isinstance(action, PlayCard):
            if phase != "play":
                return f"cards are played after {self.before_play}; now is the {phase} phase"
            return self.why_not_play(seat, action.card)
        return self.why_illegal_other(action, seat)

    def perform(self, action: Action, seat: int) -> int | None:
        """Bid, pass, play a card or the variant's own action, then every automatic step; the next seat."""
        if isinstance(action, PlayCard):
            return self._play(seat, action.card)
        if isinstance(action, Bid):
            self.auction.bid(seat, action.amount)
            self.emit(BidMade(seat, action.amount))
            return self._after_call()
        if isinstance(action, Pass):
            self.auction.pass_(seat)
            self.emit(BidPassed(seat))
            return self._after_call()
        return self.perform_other(action, seat)

    def _after_call(self) -> int | None:
        auction = self.auction
        if not auction.is_over:
            return auction.speaker
        won = auction.winner
        if won is None:
            return self.throw_in()
        bidder, amount = won
        self.bidder, self.bid = bidder, amount
        self.trick_play = self._template.fresh(bidder)
        if auction.forced_bid is None:
            self.emit(BiddingWon(bidder, amount))
        else:
            self.emit(ForcedBiddingWon(bidder, amount, auction.stuck))
        self.after_bidding(bidder)
        return bidder

    def _play(self, seat: int, card: Card) -> int | None:
        self.hands[seat].remove(card)
        play = self.trick_play
        if play.trump is None:
            play.trump = card.suit  # the bidder's first lead names trump
        winner = play.play(seat, card)
        self.emit(_card_played(seat, card))
        if winner is None:
            return play.turn
        self.emit(_trick_won(winner, _SIDE[winner], play.tricks[-1][1]))
        if not play.is_over:
            return winner
        return self._score_hand()

    def _score_hand(self) -> int | None:
        play = self.trick_play
        bidder, bid, trump = self.bidder, self.bid, play.trump
        assert bidder is not None and bid is not None and trump is not None
        bidder_side = _SIDE[bidder]
        awards, card_points = self.points_rules().award(
            trump=trump, plays=play.plays, tricks=play.tricks, side_of=_SIDE, counted_apart=self.counted_apart()
        )
        won = points_won(awards, sides=2)
        changes, made = self.settle(won, bidder_side=bidder_side, bid=bid)
        self.add_points(0, changes[0])
        self.add_points(1, changes[1])
        scores = self.scores
        scored = HandScored(self.hand_number, bidder, bid, trump, awards, card_points, won, made, changes, scores)
        self.emit(scored)
        self.last_hand = LastHand.of(scored)
        winner = self.match_winner(bidder_side=bidder_side, bid=bid, made=made)
        if winner is not None:
            self.phase = "over"
            self.finish(winner, GameEnded(winner, scores))
            return None
        return self._new_hand(self._seating.next(self.dealer))

    def copy_state(self, new: Any) -> None:
        """Copy the hands, the auction and the trick play; share the tuples, the seating and what cannot change."""
        new._seating = self._seating
        new.hand_number = self.hand_number
        new.dealer = self.dealer
        new.hands = [h[:] for h in self.hands]
        new.undealt = self.undealt
        auction = self.auction
        new.auction = auction if auction.is_over else auction.copy()  # a closed auction never changes
        new.phase = self.phase
        new.bidder = self.bidder
        new.bid = self.bid
        play = self.trick_play
        new.trick_play = play if play is self._template else play.copy()
        new.last_hand = self.last_hand
