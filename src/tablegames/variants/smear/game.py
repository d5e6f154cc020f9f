"""Four Point Northeastern Wisconsin Smear: the game, hand after hand, by RULES.md."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from tablegames.components.cards import Card, Suit, piquet_deck
from tablegames.components.seats import Seating
from tablegames.core.capabilities import LogFiller
from tablegames.core.errors import quote
from tablegames.core.events import Action, Event, fast_constructor, visible
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.rng import hand_shuffle
from tablegames.core.search import SearchWorlds, WorldSource
from tablegames.mechanics.allfours import LastHand, tally
from tablegames.mechanics.bidding import Auction
from tablegames.mechanics.match import deals_from_events, draw_dealer
from tablegames.mechanics.tricks import Follow, TrickPlay, strength_by_rank
from tablegames.variants.smear.actions import Bid, Discard, Pass, PlayCard
from tablegames.variants.smear.events import (
    BiddingWon,
    BidMade,
    BidPassed,
    CardPlayed,
    DealerDrawn,
    Discarded,
    GameEnded,
    HandDealt,
    HandScored,
    ThrownIn,
    TrickWon,
    UndealtTaken,
)
from tablegames.variants.smear.filler import SmearFiller
from tablegames.variants.smear.heuristic import choose
from tablegames.variants.smear.options import SmearDeal, SmearOptions, check_smear_deal
from tablegames.variants.smear.rules import ORDER, award_points, discard_allowance, settle, winner_after_hand
from tablegames.variants.smear.search import SmearWorlds
from tablegames.variants.smear.text import describe_event, hand_note, render_trick, view_lines
from tablegames.variants.smear.view import SmearView

__all__ = ["MAX_BID", "MIN_BID", "Smear"]

MIN_BID: Final = 2
"""The lowest bid."""
MAX_BID: Final = 4
"""The highest bid; it ends the bidding at once."""
_DECK: Final = piquet_deck()
_SORT: Final = {c: (int(c.suit or 0), -ORDER[c.rank]) for c in _DECK}
_DECK_INDEX: Final = {c: i for i, c in enumerate(_DECK)}
_PASS: Final = Pass()
_BIDS: Final = {a: Bid(a) for a in range(MIN_BID, MAX_BID + 1)}
_PLAYS: Final = {c: PlayCard(c) for c in _DECK}
_card_played: Final = fast_constructor(CardPlayed)
_SEATING: Final = Seating(4, partnerships=True)
_SIDE: Final = tuple(_SEATING.side_of(s) for s in range(4))
_trick_won: Final = fast_constructor(TrickWon)
_TRICK_PLAY: Final = TrickPlay(
    leader=0, side_of=_SIDE, strength=strength_by_rank(ORDER), follow=Follow.FOLLOW_OR_TRUMP, hand_size=6
)
"""The template of every hand's trick play (rules 10 and 11): four seats, two sides, six tricks."""
_DISCARDS: dict[tuple[Card, ...], Discard] = {}


def _sort(cards: list[Card]) -> None:
    cards.sort(key=_SORT.__getitem__)


def _discard(cards: tuple[Card, ...]) -> Discard:
    found = _DISCARDS.get(cards)
    if found is None:
        found = _DISCARDS[cards] = Discard(cards)
    return found


class Smear(Game):
    """Four Point Northeastern Wisconsin Smear for four players in two partnerships.

    >>> import tablegames
    >>> game = tablegames.new_game("four-point-smear", seed=3, seen_undealt=2)
    >>> sorted({a.tag for a in game.legal_actions()})
    ['bid', 'pass']
    """

    name: ClassVar[str] = "four-point-smear"
    reward_scale: ClassVar[float | None] = 3.0
    """A typical hand's score difference between sides, for search bots."""
    summary: ClassVar[str] = (
        "Four Point Northeastern Wisconsin Smear (four-point-smear). 32 cards, two partnerships, "
        "one round of bidding and the four points High, Low, Jack and Game."
    )
    """The variant in one line, for ``tablegames rules`` and ``tablegames variants``."""
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    options_class: ClassVar[type[SmearOptions]] = SmearOptions
    deal_class: ClassVar[type[SmearDeal]] = SmearDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Bid, Pass, Discard, PlayCard)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        DealerDrawn,
        HandDealt,
        BidMade,
        BidPassed,
        ThrownIn,
        BiddingWon,
        UndealtTaken,
        Discarded,
        CardPlayed,
        TrickWon,
        HandScored,
        GameEnded,
    )

    pieces: ClassVar[frozenset[Card]] = frozenset(_DECK)

    __slots__ = (
        "_allowance",
        "_seating",
        "auction",
        "bid",
        "bidder",
        "dealer",
        "discards",
        "hand_number",
        "hands",
        "held_after_pickup",
        "last_hand",
        "phase",
        "picked_up",
        "trick_play",
        "undealt",
    )

    options: SmearOptions
    hand_number: int
    """The current hand, from 1 (a throw-in counts)."""
    dealer: int
    """The dealer of the current hand."""
    hands: list[list[Card]]
    """Each seat's cards (hidden information; give players :meth:`view`, not this)."""
    undealt: tuple[Card, ...]
    """The eight undealt cards of this hand, top first (hidden from everyone)."""
    auction: Auction
    """This hand's bidding."""
    phase: str
    """``"bidding"``, ``"discard"``, ``"play"`` or ``"over"``."""
    bidder: int | None
    """The bidder, once the bidding is over."""
    bid: int | None
    """The winning bid."""
    picked_up: tuple[Card, ...]
    """The undealt cards the bidder took."""
    held_after_pickup: tuple[Card, ...]
    """The bidder's cards right after the pickup (for the trump-discard restriction)."""
    discards: tuple[Card, ...]
    """The bidder's discards (they count for the bidder's side in Game)."""
    trick_play: TrickPlay
    """This hand's card play (the trick, the trump, the tricks each side won), led by the bidder."""
    last_hand: LastHand | None
    """The result of the last played hand."""
    _seating: Seating
    _allowance: tuple[int, int, int, int]

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

    def legal_actions(self) -> Sequence[Action]:
        """The current player's legal actions: a pass then the bids; discards; or cards."""
        return super().legal_actions()

    def view(self, seat: int) -> SmearView:
        """What ``seat`` may know: its cards, the bidding, the trick, scores, its legal actions."""
        self._check_seat(seat)
        own = self.bidder is not None and visible(self.bidder, seat)
        current = self.current_player
        play = self.trick_play
        return SmearView(
            seat=seat,
            hand_number=self.hand_number,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            scores=self.scores,
            current_player=current,
            legal_actions=tuple(self.legal_actions()) if seat == current else (),
            phase=self.phase,
            dealer=self.dealer,
            bids=self.auction.views(),
            bidder=self.bidder,
            bid=self.bid,
            trump=play.trump,
            trick=play.trick_cards(),
            tricks_won=tuple(play.tricks_won),
            last_hand=self.last_hand,
            picked_up=self.picked_up if own else None,
            discarded=self.discards if own else None,
            target=self.options.target,
            winner=self.winner,
        )

    def piece_places(self) -> dict[str, tuple[Card, ...]]:
        """Where the 32 cards are: hands, the untouched undealt, discards, the trick, won tricks."""
        places = {f"hand {s}": tuple(hand) for s, hand in enumerate(self.hands)}
        places["undealt"] = self.undealt[len(self.picked_up) :]
        places["discards"] = self.discards
        play = self.trick_play
        places["trick"] = tuple(c for _, c in play.trick)
        places["tricks"] = tuple(c for _, cards in play.tricks for c in cards)
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see: other hands, the untouched undealt, others' discards."""
        self._check_seat(seat)
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        hidden.update(self.undealt[len(self.picked_up) :])
        if self.bidder != seat:
            hidden.update(self.discards)
        return frozenset(hidden)

    def describe_event(self, event: Event) -> str:
        """One line of text saying what ``event`` means."""
        return describe_event(event)

    def render_table(self) -> str:
        """The trick in progress and trump, as text."""
        return render_trick(self.trick_play.trick, self.trick_play.trump)

    @classmethod
    def render_view(cls, view: SmearView, labels: Sequence[str]) -> list[str]:
        """The seat's view as lines (:func:`~tablegames.variants.smear.text.view_lines`): bidding, trick, cards."""
        return view_lines(view, labels)

    @classmethod
    def hand_note(cls, event: Event) -> str | None:
        """``"thrown in"``, or the bid and whether it was made, for the scoresheet's row of the hand."""
        return hand_note(event)

    # -- deals ------------------------------------------------------------------------

    @classmethod
    def check_deal(cls, deal: SmearDeal, options: SmearOptions) -> str | None:
        """What is wrong with a stacked deal (6 cards each, 8 undealt, the 32 cards once)."""
        return check_smear_deal(deal, options)

    def shuffled_deal(self, hand_number: int) -> SmearDeal:
        """The 32 cards shuffled from the seed for hand ``hand_number``: six to each seat, then the undealt."""
        cards = hand_shuffle(self.seed, hand_number, _DECK)
        hands = tuple(tuple(cards[i * 6 : (i + 1) * 6]) for i in range(4))
        return SmearDeal(hands=hands, undealt=tuple(cards[24:]))

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[SmearDeal]:
        """The deals that ``hand_dealt`` events record, the first with the dealer drawn right before it."""
        return deals_from_events(
            events,
            lambda event, dealer: SmearDeal(hands=event.hands, undealt=event.undealt, dealer=dealer),  # type: ignore[attr-defined,arg-type]
        )

    @classmethod
    def log_filler(cls, events: Sequence[Event], *, seat: int, options: Any) -> LogFiller:
        """The Smear log filler (``SmearFiller`` of :mod:`tablegames.variants.smear.filler`), for world sampling."""
        return SmearFiller(events, seat=seat, options=options)

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action:
        """The Smear heuristic (:func:`~tablegames.variants.smear.heuristic.choose`), for the greedy bot."""
        return choose(observation)

    @classmethod
    def search_worlds(cls, observation: Observation, worlds: WorldSource, *, greedy: bool) -> SearchWorlds:
        """Hand-local Smear worlds (:class:`~tablegames.variants.smear.search.SmearWorlds`), for ISMCTS."""
        return SmearWorlds(cls, observation, worlds, greedy=greedy)

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The bid, pass, discard or card play an event records; every other event is automatic."""
        if isinstance(event, BidMade):
            return event.seat, _BIDS.get(event.amount) or Bid(event.amount)
        if isinstance(event, BidPassed):
            return event.seat, _PASS
        if isinstance(event, Discarded):
            return event.seat, Discard(event.cards or ())
        if isinstance(event, CardPlayed):
            return event.seat, _PLAYS.get(event.card) or PlayCard(event.card)
        return None

    # -- the rules --------------------------------------------------------------------

    def begin(self) -> int:
        """Start both sides at 0, draw the first dealer and deal the first hand; the dealer's left bids first."""
        self._seating = _SEATING
        self.set_scores([0, 0])
        self.hand_number = 0
        self.last_hand = None
        deal: SmearDeal = self.next_deal(1)
        dealer = draw_dealer(self.seed, 4, deal.dealer)
        self.emit(DealerDrawn(dealer))
        return self._new_hand(dealer, deal)

    def _new_hand(self, dealer: int, deal: SmearDeal | None = None) -> int:
        """Deal the next hand (``deal``, else the next deal) with ``dealer`` dealing; the seat to bid first."""
        self.hand_number += 1
        if deal is None:
            deal = self.next_deal(self.hand_number)
        self.dealer = dealer
        self.hands = [list(h) for h in deal.hands]
        for hand in self.hands:
            _sort(hand)
        self.undealt = deal.undealt
        first = self._seating.next(dealer)
        self.auction = Auction(players=4, first=first, minimum=MIN_BID, maximum=MAX_BID)
        self.phase = "bidding"
        self.bidder = self.bid = None
        self.picked_up = self.held_after_pickup = self.discards = ()
        self._allowance = (0, 0, 0, 0)
        self.trick_play = _TRICK_PLAY  # empty and never played on: the bidding's end puts a fresh one
        self.emit(HandDealt(self.hand_number, dealer, deal.hands, deal.undealt))
        return first

    def compute_legal(self, seat: int) -> tuple[Action, ...]:
        """``seat``'s legal actions: a pass then the bids; every allowed discard; or the playable cards."""
        if self.phase == "bidding":
            return (_PASS, *(_BIDS[a] for a in self.auction.legal_bids()))
        hand = self.hands[seat]
        if self.phase == "discard":
            size = len(self.picked_up)
            combos = itertools.combinations(sorted(hand, key=_DECK_INDEX.__getitem__), size)
            if len({c.suit for c in hand}) > size:
                # every discard of `size` cards leaves some suit untouched, which may then lead
                return tuple(_discard(combo) for combo in combos)
            return tuple(_discard(combo) for combo in combos if self._discard_leaves_a_lead(seat, combo))
        return tuple(map(_PLAYS.__getitem__, self._playable(seat)))

    def _playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        play = self.trick_play
        if play.trump is None and self.discards:  # the first lead
            return [c for c in hand if c.suit is not None and self._lead_ok(c.suit)]
        return play.legal(hand)

    def _lead_ok(self, suit: Suit) -> bool:
        """Rule 9 at the first lead: the discards leave ``suit`` a legal trump."""
        thrown = 0
        for card in self.discards:
            if card.suit == suit:
                thrown += 1
        return thrown <= self._allowance[suit]

    def _discard_leaves_a_lead(self, seat: int, combo: Sequence[Card]) -> bool:
        """Rule 9 at the discard: some suit kept in hand could still be led as trump."""
        thrown = [0, 0, 0, 0]
        for card in combo:
            thrown[card.suit] += 1  # type: ignore[index]
        allowance = self._allowance
        for card in self.hands[seat]:
            suit = card.suit
            if card not in combo and thrown[suit] <= allowance[suit]:  # type: ignore[index]
                return True
        return False

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not take ``action`` now (the wrong phase, or what the rules forbid), or ``None``."""
        phase = self.phase
        if isinstance(action, (Bid, Pass)):
            if phase != "bidding":
                return f"the bidding is closed; now is the {phase} phase"
            if isinstance(action, Bid):
                if type(action.amount) is not int:
                    return f"a bid is an int from {MIN_BID} to {MAX_BID}, not {quote(action.amount)}"
                return self.auction.why_not(seat, action.amount)
            return self.auction.why_not(seat, None)
        if isinstance(action, Discard):
            if phase != "discard":
                return f"only the bidder discards, after taking up undealt cards; now is the {phase} phase"
            return self._why_not_discard(seat, action.cards)
        if isinstance(action, PlayCard):
            if phase != "play":
                return f"cards are played after the bidding and the discard; now is the {phase} phase"
            return self._why_not_play(seat, action.card)
        return f"not a Smear action: {type(action).__name__}; Smear actions are Bid, Pass, Discard and PlayCard"

    def _why_not_discard(self, seat: int, cards: tuple[Card, ...]) -> str | None:
        need = len(self.picked_up)
        if not isinstance(cards, tuple) or len(cards) != need:
            return f"discard exactly {need} card(s), as many as were taken up"
        hand = self.hands[seat]
        if not all(isinstance(c, Card) for c in cards):
            return f"a discard names cards, not {quote(cards)}"
        if len(set(cards)) != len(cards):
            return "a card is named twice"
        for card in cards:
            if card not in hand:
                return f"seat {seat} does not hold {card}"
        if not self._discard_leaves_a_lead(seat, cards):
            return (
                "this discard leaves no legal first lead: no trump may be discarded unless the bidder holds "
                "more than 6 of that suit (the first lead names trump)"
            )
        return None

    def _why_not_play(self, seat: int, card: Card) -> str | None:
        play = self.trick_play
        problem = play.why_not(seat, card, self.hands[seat])
        if problem is None and play.trump is None and card.suit is not None and not self._lead_ok(card.suit):
            return (
                f"leading {card} makes {card.suit.name.lower()} trump, but {card.suit.name.lower()} cards were "
                "discarded: no trump may be discarded unless holding more than 6 of it"
            )
        return problem

    def perform(self, action: Action, seat: int) -> int | None:
        """Bid, pass, discard or play a card, then every automatic step up to the next decision; the next seat."""
        if isinstance(action, Bid):
            self.auction.bid(seat, action.amount)
            self.emit(BidMade(seat, action.amount))
            return self._after_call()
        if isinstance(action, Pass):
            self.auction.pass_(seat)
            self.emit(BidPassed(seat))
            return self._after_call()
        if isinstance(action, PlayCard):
            return self._play(seat, action.card)
        if isinstance(action, Discard):
            cards = tuple(sorted(action.cards, key=_DECK_INDEX.__getitem__))
            hand = self.hands[seat]
            for card in cards:
                hand.remove(card)
            self.discards = cards
            self.emit(Discarded(seat, len(cards), cards))
            self.phase = "play"
        return seat

    def _after_call(self) -> int | None:
        auction = self.auction
        if not auction.is_over:
            return auction.speaker
        won = auction.winner
        if won is None:
            self.emit(ThrownIn(self.hand_number))
            return self._new_hand(self.dealer)
        bidder, amount = won
        self.bidder, self.bid = bidder, amount
        self.trick_play = _TRICK_PLAY.fresh(bidder)
        self.emit(BiddingWon(bidder, amount))
        take = self.options.seen_undealt
        if take:
            self.picked_up = self.undealt[:take]
            hand = self.hands[bidder]
            hand.extend(self.picked_up)
            _sort(hand)
            self.held_after_pickup = tuple(hand)
            self._allowance = discard_allowance(hand)
            self.emit(UndealtTaken(bidder, take, self.picked_up))
            self.phase = "discard"
        else:
            self.phase = "play"
        return bidder

    def _play(self, seat: int, card: Card) -> int | None:
        self.hands[seat].remove(card)
        play = self.trick_play
        if play.trump is None:
            play.trump = card.suit  # rule 10: the first lead names trump
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
        side_of = _SIDE
        bidder_side = side_of[bidder]
        awards, card_points = award_points(
            trump=trump,
            plays=play.plays,
            tricks=play.tricks,
            side_of=side_of,
            bidder_side=bidder_side,
            discards=self.discards,
            high_low=self.options.high_low,
        )
        won = tally(awards, sides=2)
        changes, made = settle(self.scores, bidder_side=bidder_side, bid=bid, won=won, options=self.options)
        self.add_points(0, changes[0])
        self.add_points(1, changes[1])
        scores = self.scores
        scored = HandScored(self.hand_number, bidder, bid, trump, awards, card_points, won, made, changes, scores)
        self.emit(scored)
        self.last_hand = LastHand.of(scored)
        winner = winner_after_hand(scores, bidder_side=bidder_side, made=made, options=self.options)
        if winner is not None:
            self.phase = "over"
            self.finish(winner, GameEnded(winner, scores))
            return None
        return self._new_hand(self._seating.next(self.dealer))

    def copy_state(self, new: Smear) -> None:
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
        new.picked_up = self.picked_up
        new.held_after_pickup = self.held_after_pickup
        new._allowance = self._allowance
        new.discards = self.discards
        play = self.trick_play
        new.trick_play = play if play is _TRICK_PLAY else play.copy()
        new.last_hand = self.last_hand

    def canonical(self, action: Action) -> Action:
        """The interned action equal to ``action`` (a discard's cards in deck order)."""
        if isinstance(action, Pass):
            return _PASS
        if isinstance(action, Bid):
            return _BIDS.get(action.amount, action)
        if isinstance(action, PlayCard):
            return _PLAYS.get(action.card, action)
        if isinstance(action, Discard) and all(c in _DECK_INDEX for c in action.cards):
            cards = tuple(sorted(action.cards, key=_DECK_INDEX.__getitem__))
            return _DISCARDS.get(cards) or Discard(cards)
        return action
