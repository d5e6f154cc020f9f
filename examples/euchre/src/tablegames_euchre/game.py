"""Euchre: the game, hand after hand, by RULES.rst."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from tablegames.components.cards import Card, Suit, euchre_deck
from tablegames.components.seats import Seating
from tablegames.core.errors import quote
from tablegames.core.events import Action, Event, fast_constructor
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.rng import hand_rng
from tablegames.mechanics import match
from tablegames.mechanics.bidding import Calling
from tablegames.mechanics.match import deals_from_events, draw_dealer
from tablegames.mechanics.tricks import Follow, LastTrick, TrickPlay
from tablegames_euchre.actions import Call, Discard, Pass, PlayCard
from tablegames_euchre.events import (
    CardPlayed,
    DealerDrawn,
    Discarded,
    GameEnded,
    HandDealt,
    HandScored,
    HandThrownIn,
    Passed,
    TrickWon,
    TrumpMade,
    UpCardTaken,
)
from tablegames_euchre.heuristic import choose
from tablegames_euchre.options import HAND_SIZE, KITTY_SIZE, EuchreDeal, EuchreOptions, check_deal
from tablegames_euchre.rules import STRENGTH, SUIT_OF, score_hand, winner_after_hand
from tablegames_euchre.text import describe_event, hand_note, render_table, render_view, suit_name
from tablegames_euchre.view import EuchreView, LastHand, TrickCard

__all__ = ["FOLLOW", "Euchre"]

FOLLOW: Final = Follow.MUST_FOLLOW
"""The following rule (rule 17): follow the suit led if able, the left bower being a trump; void, anything."""
_DECK: Final = euchre_deck()
_INDEX: Final = {c: i for i, c in enumerate(_DECK)}
_SEATING: Final = Seating(4, partnerships=True)
_SIDE: Final = tuple(_SEATING.side_of(s) for s in range(4))
_PASS: Final = Pass()
_CALLS: Final = {(s, alone): Call(s, alone) for s in Suit for alone in (False, True)}
_DISCARDS: Final = {c: Discard(c) for c in _DECK}
_PLAYS: Final = {c: PlayCard(c) for c in _DECK}
_PASSED: Final = {(s, r): Passed(s, r) for s in range(4) for r in (1, 2)}
_NO_PLAY: Final[tuple[TrickCard, ...]] = ()
_card_played: Final = fast_constructor(CardPlayed)
_trick_won: Final = fast_constructor(TrickWon)


def _notation(call: Call) -> str:
    """A call as a view writes it: the suit's letter, and ``alone`` if so (``"H"``, ``"H alone"``)."""
    return call.suit.notation() + (" alone" if call.alone else "")


_NOTATION: Final = {call: _notation(call) for call in _CALLS.values()}


def _calls(suits: Sequence[Suit], alone: bool) -> tuple[Call, ...]:
    """The calls of ``suits`` in order, each with a partner and then, if allowed, alone."""
    return tuple(_CALLS[s, a] for s in suits for a in ((False, True) if alone else (False,)))


def _calling(dealer: int, up: Suit, *, alone: bool, stick: bool) -> Calling[Call]:
    """A hand's making of trump (rules 7 to 11): from the dealer's left, the dealer last, in two rounds.

    Round 1 offers the up-card's suit, round 2 the three others, each with a partner and, with
    the ``alone`` option, alone; ``stick`` is *stick the dealer*. Its views and refusals write
    the calls as the view does (``"H alone"``). A template for ``copy``.
    """
    order = tuple(_SEATING.clockwise_from(_SEATING.next(dealer)))
    first = _calls((up,), alone)
    second = _calls([s for s in Suit if s is not up], alone)
    return Calling(order=order, calls=[first, second], stick_last=stick, notation=_NOTATION.__getitem__)


_CALLINGS: Final = {
    (dealer, up, alone, stick): _calling(dealer, up, alone=alone, stick=stick)
    for dealer in range(4)
    for up in Suit
    for alone in (False, True)
    for stick in (False, True)
}


def _bower_note(card: Card, suit: Suit) -> str:
    """Why the left bower ``card`` counts as ``suit`` (rule 4): ``"the JD is a heart, the left bower"``."""
    return f"the {card} is a {suit_name(suit)[:-1]}, the left bower"


_TRICK_PLAY: Final = TrickPlay(
    leader=0,
    side_of=_SIDE,
    strength=STRENGTH[Suit.SPADES].__getitem__,
    follow=FOLLOW,
    suit_of=SUIT_OF[Suit.SPADES].__getitem__,
    hand_size=HAND_SIZE,
    suit_note=_bower_note,
)
"""The template of every hand's trick play; each hand's trump brings its bowers and a lone hand its partner out."""
_BOWERS: Final = {trump: (SUIT_OF[trump].__getitem__, STRENGTH[trump].__getitem__) for trump in Suit}
"""Each trump's ``suit_of`` and ``strength`` (rule 3, 4), the same objects every hand."""
_OUT: Final[dict[int | None, tuple[int, ...]]] = {None: (), **{seat: (seat,) for seat in range(4)}}
"""The seats sitting out a hand, by the lone maker's partner (``None``: nobody)."""


def _deal_of(event: match.HandDealt, dealer: int | None) -> EuchreDeal:
    """The deal a full log's ``hand_dealt`` event records, with the first ``dealer`` drawn right before it."""
    assert isinstance(event, HandDealt) and event.kitty is not None
    return EuchreDeal(hands=event.hands, up_card=event.up_card, kitty=event.kitty, dealer=dealer)  # type: ignore[arg-type]


class Euchre(Game):
    """Euchre for four players in two partnerships, with the 24-card deck and the bowers.

    >>> import tablegames
    >>> game = tablegames.new_game("euchre", seed=3)
    >>> [str(a) for a in game.legal_actions()]  # the first round: order up the up-card's suit, or pass
    ['pass', 'call diamonds', 'call diamonds alone']
    >>> len(game.view(0).hand), game.view(0).up_card == game.view(1).up_card
    (5, True)
    """

    name: ClassVar[str] = "euchre"
    summary: ClassVar[str] = (
        "Euchre (euchre): 24 cards, two partnerships, the right and left bowers, two rounds of "
        "making trump with the up-card, going alone, to 10."
    )
    """The variant in one line, for ``tablegames rules`` and ``tablegames variants``."""
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    options_class: ClassVar[type[EuchreOptions]] = EuchreOptions
    deal_class: ClassVar[type[EuchreDeal]] = EuchreDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Pass, Call, Discard, PlayCard)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        DealerDrawn,
        HandDealt,
        Passed,
        TrumpMade,
        UpCardTaken,
        Discarded,
        CardPlayed,
        TrickWon,
        HandScored,
        HandThrownIn,
        GameEnded,
    )
    pieces: ClassVar[frozenset[Card]] = frozenset(_DECK)
    reward_scale: ClassVar[float | None] = 2.0
    """A hand is worth 1, 2 or 4 points: a difference of 2 (a march, a euchre) is a clearly good hand."""

    @classmethod
    def target_score(cls, options: EuchreOptions) -> int | None:
        """The ``target`` option: the first side to reach it wins."""
        return options.target

    __slots__ = (
        "alone",
        "calling",
        "dealer",
        "discard",
        "hand_number",
        "hands",
        "kitty",
        "last_hand",
        "maker",
        "phase",
        "sitting_out",
        "trick_play",
        "trump",
        "up_card",
        "up_taken",
    )

    options: EuchreOptions
    hand_number: int
    """The current hand, from 1 (a thrown-in hand counts)."""
    dealer: int
    """The dealer of the current hand."""
    hands: list[list[Card]]
    """Each seat's cards in deck order (hidden information; give players :meth:`view`, not this)."""
    up_card: Card
    """This hand's up-card."""
    up_taken: bool
    """Whether the dealer has taken the up-card into his hand."""
    kitty: list[Card]
    """The cards out of play face down: the three under the up-card, then the dealer's discard."""
    phase: str
    """``"calling"``, ``"discard"``, ``"play"`` or ``"over"``."""
    calling: Calling[Call]
    """This hand's making of trump (the shared calling mechanic): its calls are the interned :class:`Call` actions."""
    maker: int | None
    """The seat that made trump."""
    trump: Suit | None
    """The trump suit, once made."""
    alone: bool
    """Whether the maker goes alone."""
    sitting_out: int | None
    """The lone maker's partner, who sits out the hand."""
    discard: Card | None
    """The dealer's discard this hand."""
    trick_play: TrickPlay | None
    """The card play of the hand (the shared trick mechanic), once it starts."""
    last_hand: LastHand | None
    """The result of the last hand played out."""

    # -- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """Always 4."""
        return 4

    @property
    def seating(self) -> Seating:
        """Seats and sides, the partnerships 0+2 and 1+3."""
        return _SEATING

    @property
    def must_call(self) -> bool:
        """Whether the seat to speak is the dealer, stuck (rule 11): he may not pass."""
        return self.phase == "calling" and self.calling.must_call

    def view(self, seat: int) -> EuchreView:
        """What ``seat`` may know: its cards, the up-card, the calls, the trick, the scores, its legal actions."""
        self.check_seat(seat)
        current = self.current_player
        play = self.trick_play
        return EuchreView(
            seat=seat,
            hand_number=self.hand_number,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple([len(h) for h in self.hands]),
            scores=self.scores,
            current_player=current,
            legal_actions=tuple(self.legal_actions()) if seat == current else (),
            phase=self.phase,
            dealer=self.dealer,
            up_card=self.up_card,
            calling_round=self.calling.round if self.phase == "calling" else None,
            turned_down=self.calling.round == 2,
            calls=self.calling.views(),
            must_call=self.must_call,
            maker=self.maker,
            trump=self.trump,
            alone=self.alone,
            sitting_out=self.sitting_out,
            discard=self.discard if seat == self.dealer else None,
            trick=play.trick_cards() if play is not None else _NO_PLAY,
            leader=play.leader if play is not None and not play.is_over else None,
            tricks_won=tuple(play.tricks_won) if play is not None else (0, 0),
            last_trick=LastTrick.of(play) if play is not None else None,
            last_hand=self.last_hand,
            target=self.options.target,
            winner=self.winner,
        )

    def piece_places(self) -> dict[str, tuple[Card, ...]]:
        """Where the 24 cards are: the hands, the up-card (until taken), the kitty, the trick, the tricks taken."""
        places = {f"hand {s}": tuple(hand) for s, hand in enumerate(self.hands)}
        places["up card"] = () if self.up_taken else (self.up_card,)
        places["kitty"] = tuple(self.kitty)
        play = self.trick_play
        places["trick"] = tuple(c for _, c in play.trick) if play is not None else ()
        places["tricks"] = tuple(c for _, cards in play.tricks for c in cards) if play is not None else ()
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see: the other hands and the kitty (but his own discard), not the up-card."""
        self.check_seat(seat)
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        hidden.update(self.kitty)
        if seat == self.dealer and self.discard is not None:
            hidden.discard(self.discard)
        hidden.discard(self.up_card)
        return frozenset(hidden)

    # -- text and bots (optional capabilities) ------------------------------------------

    def describe_event(self, event: Event) -> str:
        """One line of text saying what ``event`` means."""
        return describe_event(event)

    @classmethod
    def hand_note(cls, event: Event) -> str | None:
        """A few words on how a hand went, for the scoresheet."""
        return hand_note(event)

    @classmethod
    def render_view(cls, view: EuchreView, labels: Sequence[str]) -> list[str]:
        """What one seat sees, in a few lines (:func:`~tablegames_euchre.text.render_view`)."""
        return render_view(view, labels)

    def render_table(self) -> str:
        """Trump, the maker and the trick in progress (or the last trick), as text."""
        play = self.trick_play
        trick = list(play.trick or play.last_trick) if play is not None else []
        return render_table(trump=self.trump, maker=self.maker, alone=self.alone, trick=trick)

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action | None:
        """Euchre's rule of thumb for calls, discards and play (:func:`~tablegames_euchre.heuristic.choose`)."""
        return choose(observation)

    # -- deals ------------------------------------------------------------------------

    @classmethod
    def check_deal(cls, deal: EuchreDeal, options: EuchreOptions) -> str | None:
        """What is wrong with a stacked deal (5 cards to each seat, the up-card, the kitty: the 24 cards)."""
        return check_deal(deal, options)

    def shuffled_deal(self, hand_number: int) -> EuchreDeal:
        """Five cards each, the up-card and the kitty, from the 24 shuffled from the seed for hand ``hand_number``."""
        cards = list(_DECK)
        hand_rng(self.seed, hand_number).shuffle(cards)
        hands = tuple(tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(4))
        return EuchreDeal(hands=hands, up_card=cards[4 * HAND_SIZE], kitty=tuple(cards[4 * HAND_SIZE + 1 :]))

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[EuchreDeal]:
        """The deals that ``hand_dealt`` events record, the first with the dealer drawn right before it."""
        return deals_from_events(events, _deal_of)

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The pass, call, discard or play an event records (``None`` for a hidden discard); the rest are automatic."""
        if isinstance(event, CardPlayed):
            return event.seat, _PLAYS.get(event.card) or PlayCard(event.card)
        if isinstance(event, Passed):
            return event.seat, _PASS
        if isinstance(event, TrumpMade):
            return event.seat, _CALLS.get((event.suit, event.alone)) or Call(event.suit, event.alone)
        if isinstance(event, Discarded):
            if event.card is None:
                return None  # a discard this seat did not see: the sampler tries the dealer's legal ones
            return event.seat, _DISCARDS.get(event.card) or Discard(event.card)
        return None

    # -- the rules --------------------------------------------------------------------

    def begin(self) -> int:
        """Start both sides at 0, draw the first dealer and deal the first hand; the dealer's left speaks first."""
        self.set_scores([0, 0])
        self.hand_number = 0
        self.last_hand = None
        deal: EuchreDeal = self.next_deal(1)
        dealer = draw_dealer(self.seed, 4, deal.dealer)
        self.emit(DealerDrawn(dealer))
        return self._new_hand(dealer, deal)

    def _new_hand(self, dealer: int, deal: EuchreDeal | None = None) -> int:
        """Deal the next hand (``deal``, else the next deal) with ``dealer`` dealing; the seat to speak first."""
        self.hand_number += 1
        if deal is None:
            deal = self.next_deal(self.hand_number)
        self.dealer = dealer
        self.hands = [sorted(h, key=_INDEX.__getitem__) for h in deal.hands]
        self.up_card = deal.up_card
        self.up_taken = False
        kitty = deal.kitty
        if kitty is None:
            dealt = {c for h in deal.hands for c in h}
            dealt.add(deal.up_card)
            kitty = tuple(c for c in _DECK if c not in dealt)
            assert len(kitty) == KITTY_SIZE
        self.kitty = list(kitty)
        self.phase = "calling"
        up = deal.up_card.suit
        assert up is not None
        self.calling = _CALLINGS[dealer, up, self.options.alone, self.options.stick_the_dealer].copy()
        self.maker = self.trump = self.sitting_out = self.discard = None
        self.alone = False
        self.trick_play = None
        self.emit(HandDealt(self.hand_number, dealer, tuple(tuple(h) for h in self.hands), self.up_card, kitty))
        return _SEATING.next(dealer)

    def compute_legal(self, seat: int) -> tuple[Action, ...]:
        """``seat``'s legal actions: a pass (unless stuck) then the calls; the discards; or the playable cards."""
        phase = self.phase
        if phase == "play":
            play = self.trick_play
            assert play is not None
            hand = self.hands[seat]
            if play.led is None:
                return tuple([_PLAYS[c] for c in hand])
            return tuple([_PLAYS[c] for c in play.legal(hand)])
        if phase == "calling":
            calling = self.calling
            calls = calling.legal_calls()
            return calls if calling.must_call else (_PASS, *calls)
        return tuple([_DISCARDS[c] for c in self.hands[seat]])

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not take ``action`` now (the wrong phase, or what the rules forbid), or ``None``."""
        phase = self.phase
        if isinstance(action, PlayCard):
            if phase != "play":
                return f"cards are played once trump is made and the dealer has discarded; now is the {phase} phase"
            return self._why_not_play(seat, action.card)
        if isinstance(action, (Pass, Call)):
            if phase != "calling":
                return f"the calling is over; now is the {phase} phase"
            if isinstance(action, Pass):
                if self.calling.must_call:
                    return (
                        f"every other seat passed twice: seat {seat}, the dealer, must name trump "
                        f"({self._other_suits()})"
                    )
                return None if self.calling.may_pass else self.calling.why_not(seat, None)
            return self._why_not_call(seat, action)
        if isinstance(action, Discard):
            if phase != "discard":
                return f"only the dealer discards, after taking up the up-card; now is the {phase} phase"
            card = action.card
            if not isinstance(card, Card) or card not in self.hands[seat]:
                return f"seat {seat} does not hold {card if isinstance(card, Card) else quote(card)}"
            return None
        return f"not a Euchre action: {type(action).__name__}; its actions are Pass, Call, Discard and PlayCard"

    def _other_suits(self) -> str:
        """The three suits but the up-card's, in words: ``"spades, diamonds or clubs"``."""
        names = [suit_name(s) for s in Suit if s is not self.up_card.suit]
        return f"{', '.join(names[:-1])} or {names[-1]}"

    def _why_not_call(self, seat: int, call: Call) -> str | None:
        suit, alone = call.suit, call.alone
        if not isinstance(suit, Suit):
            return f"a call names a suit (S, H, D or C), not {quote(suit)}"
        if type(alone) is not bool:
            return f"alone is true or false, not {quote(alone)}"
        if alone and not self.options.alone:
            return "going alone is not allowed in this game (the alone option is off)"
        up = self.up_card.suit
        assert up is not None
        calling = self.calling
        if calling.round == 1 and suit is not up:
            name = suit_name(up)
            return f"in the first round only the up-card's suit, {name}, can be made trump: call {name} or pass"
        if calling.round == 2 and suit is up:
            alternatives = "" if calling.must_call else ", or pass"
            return f"{suit_name(up)} was turned down: name {self._other_suits()}{alternatives}"
        call = _CALLS[suit, alone]
        return None if call in calling.legal_calls() else calling.why_not(seat, call)

    def _why_not_play(self, seat: int, card: Card) -> str | None:
        """Trick play's refusal; a left bower that decides it is named as such (its ``suit_note``)."""
        play = self.trick_play
        assert play is not None
        return play.why_not(seat, card, self.hands[seat])

    def perform(self, action: Action, seat: int) -> int | None:
        """Pass, call, discard or play a card, then every automatic step up to the next decision; the next seat."""
        if isinstance(action, PlayCard):
            return self._play(seat, action.card)
        if isinstance(action, Pass):
            return self._pass(seat)
        if isinstance(action, Call):
            return self._call(seat, action)
        assert isinstance(action, Discard)
        return self._discard(seat, action.card)

    def _pass(self, seat: int) -> int | None:
        calling = self.calling
        self.emit(_PASSED[seat, calling.round])
        calling.pass_(seat)  # four passes in round 1 turn the up-card down: round 2 (rule 10)
        if not calling.thrown_in:
            return calling.speaker
        self.emit(HandThrownIn(self.hand_number, self.dealer))  # rule 12
        return self._new_hand(_SEATING.next(self.dealer))

    def _call(self, seat: int, call: Call) -> int | None:
        calling = self.calling
        round_, stuck = calling.round, calling.must_call
        calling.call(seat, _CALLS[call.suit, call.alone])
        self.maker, self.trump, self.alone = seat, call.suit, call.alone
        if call.alone:
            self.sitting_out = _SEATING.partner(seat)
        self.emit(TrumpMade(seat, call.suit, round_, call.alone, stuck))
        dealer = self.dealer
        if round_ == 1 and self.sitting_out != dealer:  # the dealer takes up the up-card (rules 9, 15)
            hand = self.hands[dealer]
            hand.append(self.up_card)
            hand.sort(key=_INDEX.__getitem__)
            self.up_taken = True
            self.emit(UpCardTaken(dealer, self.up_card))
            self.phase = "discard"
            return dealer
        return self._start_play()

    def _discard(self, seat: int, card: Card) -> int | None:
        self.hands[seat].remove(card)
        self.kitty.append(card)
        self.discard = card
        self.emit(Discarded(seat, card))
        return self._start_play()

    def _start_play(self) -> int:
        """The first trick: the dealer's left leads, or the next seat if he sits out (rule 16)."""
        trump = self.trump
        assert trump is not None
        leader = _SEATING.next(self.dealer)
        if leader == self.sitting_out:
            leader = _SEATING.next(leader)
        suit_of, strength = _BOWERS[trump]
        self.trick_play = _TRICK_PLAY.fresh(
            leader, trump=trump, sitting_out=_OUT[self.sitting_out], suit_of=suit_of, strength=strength
        )
        self.phase = "play"
        return leader

    def _play(self, seat: int, card: Card) -> int | None:
        play = self.trick_play
        assert play is not None
        self.hands[seat].remove(card)
        self.emit(_card_played(seat, card))
        winner = play.play(seat, card)
        if winner is None:
            return play.turn
        self.emit(_trick_won(winner, _SIDE[winner], play.tricks[-1][1]))
        if play.turn is not None:
            return winner
        return self._score_hand(play)

    def _score_hand(self, play: TrickPlay) -> int | None:
        maker, trump = self.maker, self.trump
        assert maker is not None and trump is not None
        makers = _SIDE[maker]
        tricks = (play.tricks_won[0], play.tricks_won[1])
        result, makers_score, points = score_hand(makers_tricks=tricks[makers], alone=self.alone)
        side = makers if makers_score else 1 - makers
        self.add_points(side, points)
        scores = self.scores
        self.emit(HandScored(self.hand_number, maker, trump, self.alone, tricks, result, side, points, scores))
        self.last_hand = LastHand(self.hand_number, maker, trump, self.alone, tricks, result, side, points)
        winner = winner_after_hand(scores, side=side, target=self.options.target)
        if winner is not None:
            self.phase = "over"
            self.finish(winner, GameEnded(winner, scores))
            return None
        return self._new_hand(_SEATING.next(self.dealer))

    def copy_state(self, new: Euchre) -> None:
        """Copy the hands, the kitty, the calls and the trick play; share the cards and what cannot change."""
        new.hand_number = self.hand_number
        new.dealer = self.dealer
        new.hands = [h[:] for h in self.hands]
        new.up_card = self.up_card
        new.up_taken = self.up_taken
        new.kitty = self.kitty[:]
        new.phase = self.phase
        new.calling = self.calling.copy() if self.phase == "calling" else self.calling
        new.maker = self.maker
        new.trump = self.trump
        new.alone = self.alone
        new.sitting_out = self.sitting_out
        new.discard = self.discard
        new.trick_play = self.trick_play.copy() if self.trick_play is not None else None
        new.last_hand = self.last_hand

    def canonical(self, action: Action) -> Action:
        """The interned action equal to ``action``."""
        if isinstance(action, PlayCard):
            return _PLAYS.get(action.card, action)
        if isinstance(action, Pass):
            return _PASS
        if isinstance(action, Call):
            return _CALLS.get((action.suit, action.alone), action)
        if isinstance(action, Discard):
            return _DISCARDS.get(action.card, action)
        return action
