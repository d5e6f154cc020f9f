"""Auction Pitch (Setback): the game, hand after hand, by RULES.rst."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from tablegames.components.cards import Card, Suit, standard_deck
from tablegames.components.seats import Seating
from tablegames.core.errors import LogError, quote
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.rng import hand_rng
from tablegames.mechanics.bidding import Auction
from tablegames.mechanics.tricks import Follow, legal_cards, trick_winner
from tablegames_auction_pitch.actions import Bid, Pass, PlayCard
from tablegames_auction_pitch.events import (
    BiddingWon,
    BidMade,
    BidPassed,
    CardPlayed,
    DealerDrawn,
    GameEnded,
    HandDealt,
    HandScored,
    TrickWon,
)
from tablegames_auction_pitch.options import HAND_SIZE, AuctionPitchDeal, AuctionPitchOptions, check_deal
from tablegames_auction_pitch.rules import MAX_BID, MIN_BID, ORDER, SMUDGE, award_points, settle, winner_after_hand
from tablegames_auction_pitch.text import describe_event, render_trick
from tablegames_auction_pitch.view import AuctionPitchView, BidView, LastHand, TrickCard

__all__ = ["FOLLOW", "AuctionPitch"]

FOLLOW: Final = Follow.FOLLOW_OR_TRUMP
"""The following rule (rule 10): follow suit or trump; void, anything."""
_DECK: Final = standard_deck()
_SORT: Final = {c: (int(c.suit or 0), -ORDER[c.rank]) for c in _DECK}
_PASS: Final = Pass()
_BIDS: Final = {a: Bid(a) for a in range(MIN_BID, SMUDGE + 1)}
_PLAYS: Final = {c: PlayCard(c) for c in _DECK}
_TRICKS: Final = HAND_SIZE


class AuctionPitch(Game):
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
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    options_class: ClassVar[type[AuctionPitchOptions]] = AuctionPitchOptions
    deal_class: ClassVar[type[AuctionPitchDeal]] = AuctionPitchDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Bid, Pass, PlayCard)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        DealerDrawn,
        HandDealt,
        BidMade,
        BidPassed,
        BiddingWon,
        CardPlayed,
        TrickWon,
        HandScored,
        GameEnded,
    )
    pieces: ClassVar[frozenset[Card]] = frozenset(_DECK)

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
        "plays",
        "trick",
        "tricks",
        "tricks_won",
        "trump",
        "undealt",
    )

    options: AuctionPitchOptions
    hand_number: int
    """The current hand, from 1."""
    dealer: int
    """The dealer of the current hand."""
    hands: list[list[Card]]
    """Each seat's cards (hidden information; give players :meth:`view`, not this)."""
    undealt: tuple[Card, ...]
    """The 28 cards not dealt this hand, in deck order (they play no part; nobody sees them)."""
    auction: Auction
    """This hand's bidding (the dealer is stuck with a bid of 2 when everyone else passes)."""
    phase: str
    """``"bidding"``, ``"play"`` or ``"over"``."""
    bidder: int | None
    """The pitcher, once the bidding is over."""
    bid: int | None
    """The winning bid."""
    trump: Suit | None
    """The trump suit, set by the pitcher's first lead."""
    trick: list[tuple[int, Card]]
    """The trick in progress, ``(seat, card)`` in play order."""
    plays: list[tuple[int, Card]]
    """Every card played this hand."""
    tricks: list[tuple[int, tuple[Card, ...]]]
    """The completed tricks, each as ``(winning seat, cards)``."""
    tricks_won: list[int]
    """Tricks taken by each side this hand."""
    last_hand: LastHand | None
    """The result of the last hand."""
    _seating: Seating

    # -- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """Always 4."""
        return 4

    @property
    def seating(self) -> Seating:
        """Seats and sides, the partnerships 0+2 and 1+3."""
        return self._seating

    def view(self, seat: int) -> AuctionPitchView:
        """What ``seat`` may know: its cards, the bidding, the trick, the scores, its legal actions."""
        self._check_seat(seat)
        current = self.current_player
        return AuctionPitchView(
            seat=seat,
            hand_number=self.hand_number,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            scores=self.scores,
            current_player=current,
            legal_actions=tuple(self.legal_actions()) if seat == current else (),
            phase=self.phase,
            dealer=self.dealer,
            bids=tuple(BidView(s, a) for s, a in self.auction.bids),
            must_bid=self.auction.must_bid,
            bidder=self.bidder,
            bid=self.bid,
            trump=self.trump,
            trick=tuple(TrickCard(s, c) for s, c in self.trick),
            tricks_won=tuple(self.tricks_won),
            last_hand=self.last_hand,
            target=self.options.target,
            winner=self.winner,
        )

    def piece_places(self) -> dict[str, tuple[Card, ...]]:
        """Where the 52 cards are: the hands, the undealt cards, the trick, the tricks taken."""
        places = {f"hand {s}": tuple(hand) for s, hand in enumerate(self.hands)}
        places["undealt"] = self.undealt
        places["trick"] = tuple(c for _, c in self.trick)
        places["tricks"] = tuple(c for _, cards in self.tricks for c in cards)
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see: the other hands and the undealt cards."""
        self._check_seat(seat)
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        hidden.update(self.undealt)
        return frozenset(hidden)

    def describe_event(self, event: Event) -> str:
        """One line of text saying what ``event`` means."""
        return describe_event(event)

    def render_table(self) -> str:
        """The trick in progress and trump, as text."""
        return render_trick(self.trick, self.trump)

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
    def deals_from_events(cls, events: Sequence[Event]) -> list[AuctionPitchDeal]:
        """The deals that ``hand_dealt`` events record, the first with the dealer drawn right before it."""
        deals: list[AuctionPitchDeal] = []
        dealer: int | None = None
        for i, event in enumerate(events):
            if isinstance(event, DealerDrawn):
                # the draw belongs to the deal it directly precedes; anywhere else replay reports it
                dealer = event.seat if i + 1 < len(events) and isinstance(events[i + 1], HandDealt) else None
            elif isinstance(event, HandDealt):
                hands = event.hands
                if any(h is None for h in hands):
                    raise LogError(f"$.events[{i}]", "a full log's deal shows every hand")
                deals.append(AuctionPitchDeal(hands=hands, dealer=dealer))  # type: ignore[arg-type]
                dealer = None
        return deals

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The bid, pass or card play an event records; every other event is automatic."""
        if isinstance(event, BidMade):
            return event.seat, _BIDS.get(event.amount) or Bid(event.amount)
        if isinstance(event, BidPassed):
            return event.seat, _PASS
        if isinstance(event, CardPlayed):
            return event.seat, _PLAYS.get(event.card) or PlayCard(event.card)
        return None

    # -- the rules --------------------------------------------------------------------

    def begin(self) -> int:
        """Start both sides at 0, draw the first dealer and deal the first hand; the dealer's left bids first."""
        self._seating = Seating(4, partnerships=True)
        self.set_scores([0, 0])
        self.hand_number = 0
        self.last_hand = None
        deal: AuctionPitchDeal = self.next_deal(1)
        dealer = deal.dealer
        if dealer is None:
            dealer = hand_rng(self.seed, 1, "dealer").randrange(4)
        self.emit(DealerDrawn(dealer))
        return self._new_hand(dealer, deal)

    def _new_hand(self, dealer: int, deal: AuctionPitchDeal | None = None) -> int:
        """Deal the next hand (``deal``, else the next deal) with ``dealer`` dealing; the seat to bid first."""
        self.hand_number += 1
        if deal is None:
            deal = self.next_deal(self.hand_number)
        self.dealer = dealer
        self.hands = [sorted(h, key=_SORT.__getitem__) for h in deal.hands]
        dealt = {c for h in deal.hands for c in h}
        self.undealt = tuple(c for c in _DECK if c not in dealt)
        first = self._seating.next(dealer)
        top = SMUDGE if self.options.smudge else MAX_BID
        self.auction = Auction(players=4, first=first, minimum=MIN_BID, maximum=top, forced_bid=MIN_BID)
        self.phase = "bidding"
        self.bidder = self.bid = self.trump = None
        self.trick, self.plays, self.tricks = [], [], []
        self.tricks_won = [0, 0]
        self.emit(HandDealt(self.hand_number, dealer, deal.hands))
        return first

    def compute_legal(self, seat: int) -> tuple[Action, ...]:
        """``seat``'s legal actions: a pass (unless stuck) then the bids; or the playable cards."""
        if self.phase == "bidding":
            bids = tuple(_BIDS[a] for a in self.auction.legal_bids())
            return bids if self.auction.must_bid else (_PASS, *bids)
        hand = self.hands[seat]
        if not self.trick:
            return tuple(_PLAYS[c] for c in hand)
        return tuple(_PLAYS[c] for c in legal_cards(hand, self.trick[0][1].suit, self.trump, FOLLOW))

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not take ``action`` now (the wrong phase, or what the rules forbid), or ``None``."""
        phase = self.phase
        if isinstance(action, (Bid, Pass)):
            if phase != "bidding":
                return f"the bidding is closed; now is the {phase} phase"
            if isinstance(action, Bid):
                top = self.auction.maximum
                if type(action.amount) is not int:
                    return f"a bid is an int from {MIN_BID} to {top}, not {quote(action.amount)}"
                if action.amount == SMUDGE and top < SMUDGE:
                    return "a bid of 5 (smudge) needs the smudge option; bids range from 2 to 4"
                return self.auction.why_not(seat, action.amount)
            return self.auction.why_not(seat, None)
        if isinstance(action, PlayCard):
            if phase != "play":
                return f"cards are played after the bidding; now is the {phase} phase"
            return self._why_not_play(seat, action.card)
        return f"not an Auction Pitch action: {type(action).__name__}; its actions are Bid, Pass and PlayCard"

    def _why_not_play(self, seat: int, card: Card) -> str | None:
        hand = self.hands[seat]
        if not isinstance(card, Card) or card not in hand:
            return f"seat {seat} does not hold {card}"
        if not self.trick:
            return None
        led = self.trick[0][1].suit
        if card.suit != led and card.suit != self.trump and any(c.suit == led for c in hand):
            assert led is not None
            return f"seat {seat} holds {led.name.lower()}, the suit led: play {led.name.lower()} or a trump"
        return None

    def perform(self, action: Action, seat: int) -> int | None:
        """Bid, pass or play a card, then every automatic step up to the next decision; the next seat."""
        if isinstance(action, Bid):
            self.auction.bid(seat, action.amount)
            self.emit(BidMade(seat, action.amount))
            return self._after_call()
        if isinstance(action, Pass):
            self.auction.pass_(seat)
            self.emit(BidPassed(seat))
            return self._after_call()
        assert isinstance(action, PlayCard)
        return self._play(seat, action.card)

    def _after_call(self) -> int | None:
        auction = self.auction
        if not auction.is_over:
            return auction.speaker
        won = auction.winner
        assert won is not None  # the dealer is stuck: an auction always has a winner
        bidder, amount = won
        calls = auction.bids
        forced = len(calls) == 4 and all(a is None for _, a in calls[:3])
        self.bidder, self.bid = bidder, amount
        self.emit(BiddingWon(bidder, amount, forced))
        self.phase = "play"
        return bidder

    def _play(self, seat: int, card: Card) -> int | None:
        self.hands[seat].remove(card)
        if self.trump is None:
            self.trump = card.suit
        self.trick.append((seat, card))
        self.plays.append((seat, card))
        self.emit(CardPlayed(seat, card))
        if len(self.trick) < 4:
            return self._seating.next(seat)
        cards = tuple(c for _, c in self.trick)
        winner = self.trick[trick_winner(cards, self.trump, ORDER)][0]
        side = self._seating.side_of(winner)
        self.tricks.append((winner, cards))
        self.tricks_won[side] += 1
        self.trick = []
        self.emit(TrickWon(winner, side, cards))
        if len(self.tricks) < _TRICKS:
            return winner
        return self._score_hand()

    def _score_hand(self) -> int | None:
        bidder, bid, trump = self.bidder, self.bid, self.trump
        assert bidder is not None and bid is not None and trump is not None
        side_of = tuple(self._seating.side_of(s) for s in range(4))
        pitcher_side = side_of[bidder]
        awards, card_points = award_points(trump=trump, plays=self.plays, tricks=self.tricks, side_of=side_of)
        won = (sum(1 for a in awards if a.side == 0), sum(1 for a in awards if a.side == 1))
        changes, made = settle(pitcher_side=pitcher_side, bid=bid, won=won)
        self.add_points(0, changes[0])
        self.add_points(1, changes[1])
        scores = self.scores
        self.emit(HandScored(self.hand_number, bidder, bid, trump, awards, card_points, won, made, changes, scores))
        self.last_hand = LastHand(self.hand_number, awards, won, card_points, bidder, bid, made, changes)
        winner = winner_after_hand(scores, pitcher_side=pitcher_side, bid=bid, made=made, target=self.options.target)
        if winner is not None:
            self.phase = "over"
            self.finish(winner, GameEnded(winner, scores))
            return None
        return self._new_hand(self._seating.next(self.dealer))

    def copy_state(self, new: AuctionPitch) -> None:
        """Copy the hands, the auction and the tricks; share the tuples and the seating."""
        new._seating = self._seating
        new.hand_number = self.hand_number
        new.dealer = self.dealer
        new.hands = [h[:] for h in self.hands]
        new.undealt = self.undealt
        new.auction = self.auction.copy()
        new.phase = self.phase
        new.bidder = self.bidder
        new.bid = self.bid
        new.trump = self.trump
        new.trick = self.trick[:]
        new.plays = self.plays[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        new.last_hand = self.last_hand

    def canonical(self, action: Action) -> Action:
        """The interned action equal to ``action``."""
        if isinstance(action, Pass):
            return _PASS
        if isinstance(action, Bid):
            return _BIDS.get(action.amount, action)
        if isinstance(action, PlayCard):
            return _PLAYS.get(action.card, action)
        return action
