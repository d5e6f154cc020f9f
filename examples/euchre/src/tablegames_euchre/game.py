"""Euchre: the game, hand after hand, by RULES.rst, on the trick game base."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ClassVar, Final

from tablegames.components.cards import Card, Suit, euchre_deck
from tablegames.core.errors import quote
from tablegames.core.events import Action, Event
from tablegames.mechanics.bidding import Calling
from tablegames.mechanics.trickgame import TrickGame
from tablegames.mechanics.tricks import Follow
from tablegames_euchre import heuristic, options, text
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
from tablegames_euchre.options import HAND_SIZE, EuchreDeal, EuchreOptions
from tablegames_euchre.rules import ORDER, STRENGTH, SUIT_OF, score_hand
from tablegames_euchre.text import suit_name
from tablegames_euchre.view import EuchreView, LastHand

__all__ = ["FOLLOW", "Euchre"]

FOLLOW: Final = Follow.MUST_FOLLOW
"""The following rule (rule 17): follow the suit led if able, the left bower being a trump; void, anything."""
_DECK: Final = euchre_deck()
_PASS: Final = Pass()
_CALLS: Final = {(s, alone): Call(s, alone) for s in Suit for alone in (False, True)}
_DISCARDS: Final = {c: Discard(c) for c in _DECK}
_NOTATION: Final = {call: call.suit.notation() + (" alone" if call.alone else "") for call in _CALLS.values()}
"""Each call as a view writes it: the suit's letter, and ``alone`` if so (``"H"``, ``"H alone"``)."""
_BOWERS: Final = {trump: (SUIT_OF[trump].__getitem__, STRENGTH[trump].__getitem__) for trump in Suit}
"""Each trump's ``suit_of`` and ``strength`` (rules 3, 4), the same objects every hand."""


@functools.cache
def _calling(dealer: int, up: Suit, alone: bool, stick: bool) -> Calling[Call]:
    """A hand's making of trump (rules 7 to 11): from the dealer's left, the dealer last, in two rounds.

    Round 1 offers the up-card's suit, round 2 the three others, each with a partner and, with
    the ``alone`` option, alone; ``stick`` is *stick the dealer*. A template for ``copy``.
    """
    order = tuple((dealer + 1 + i) % 4 for i in range(4))
    ways = (False, True) if alone else (False,)
    rounds = [tuple(_CALLS[s, a] for s in suits for a in ways) for suits in ([up], [s for s in Suit if s is not up])]
    return Calling(order=order, calls=rounds, stick_last=stick, notation=_NOTATION.__getitem__)


class Euchre(TrickGame[Pass | Call | Discard | PlayCard, EuchreOptions, EuchreView]):
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
    options_class: ClassVar[type[EuchreOptions]] = EuchreOptions
    deal_class: ClassVar[type[EuchreDeal]] = EuchreDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Pass, Call, Discard, PlayCard)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        *(DealerDrawn, HandDealt, Passed, TrumpMade, UpCardTaken, Discarded),
        *(CardPlayed, TrickWon, HandScored, HandThrownIn, GameEnded),
    )
    deck, order, hand_size, follow, partnerships = _DECK, ORDER, HAND_SIZE, FOLLOW, True
    own_actions: ClassVar[tuple[Action, ...]] = (_PASS, *_CALLS.values(), *_DISCARDS.values())
    play_refusal: ClassVar[str] = (
        "cards are played once trump is made and the dealer has discarded; now is the {phase} phase"
    )
    reward_scale: ClassVar[float | None] = 2.0
    """A hand is worth 1, 2 or 4 points: a difference of 2 (a march, a euchre) is a clearly good hand."""

    # The optional capabilities, each a function of the plug-in's modules.
    check_deal = staticmethod(options.check_deal)
    describe_event = staticmethod(text.describe_event)
    hand_note = staticmethod(text.hand_note)
    render_view = staticmethod(text.render_view)
    heuristic_choice = staticmethod(heuristic.choose)

    up_card: Card
    """This hand's up-card."""
    up_taken: bool
    """Whether the dealer has taken the up-card into his hand."""
    kitty: list[Card]
    """The cards out of play face down: the three under the up-card, then the dealer's discard."""
    calling: Calling[Call]
    """This hand's making of trump (the shared calling mechanic): its calls are the interned :class:`Call` actions."""
    maker: int | None
    """The seat that made trump."""
    alone: bool
    """Whether the maker goes alone."""
    sitting_out: int | None
    """The lone maker's partner, who sits out the hand."""
    discard: Card | None
    """The dealer's discard this hand."""
    last_hand: LastHand | None = None
    """The result of the last hand played out (``None`` before the first)."""

    @property
    def must_call(self) -> bool:
        """Whether the seat to speak is the dealer, stuck (rule 11): he may not pass."""
        return self.phase == "calling" and self.calling.must_call

    def view(self, seat: int) -> EuchreView:
        """What ``seat`` may know: its cards, the up-card, the calls, the trick, the scores, its legal actions."""
        calling = self.calling
        return EuchreView(
            **self.view_fields(seat),
            up_card=self.up_card,
            calling_round=calling.round if self.phase == "calling" else None,
            turned_down=calling.round == 2,
            calls=calling.views(),
            must_call=self.must_call,
            maker=self.maker,
            alone=self.alone,
            sitting_out=self.sitting_out,
            discard=self.discard if seat == self.dealer else None,
            last_hand=self.last_hand,
        )

    def set_aside(self) -> dict[str, tuple[Card, ...]]:
        """The up-card (until taken) and the kitty."""
        return {"up card": () if self.up_taken else (self.up_card,), "kitty": tuple(self.kitty)}

    def hidden_pieces(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see: the other hands and the kitty (but his own discard), not the up-card."""
        mine = {self.up_card, self.discard} if seat == self.dealer else {self.up_card}
        return super().hidden_pieces(seat).difference(mine)

    def render_table(self) -> str:
        """Trump, the maker and the trick in progress (or the last trick), as one line."""
        play, trump = self.trick_play, self.trump
        if trump is None or self.maker is None:
            return "trump not made yet"
        trick = (play.trick or play.last_trick) if play is not None else ()
        cards = ", ".join(f"seat {s}: {c}" for s, c in trick) or "(no cards)"
        return f"trump {suit_name(trump)}, made by seat {self.maker}{' alone' if self.alone else ''}; trick: {cards}"

    # -- deals ------------------------------------------------------------------------

    def shuffled_deal(self, hand_number: int) -> EuchreDeal:
        """Five cards each, the up-card and the kitty, from the 24 shuffled from the seed for hand ``hand_number``."""
        cards = self.shuffled_cards(hand_number)
        hands = tuple(tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(4))
        return EuchreDeal(hands=hands, up_card=cards[4 * HAND_SIZE], kitty=tuple(cards[4 * HAND_SIZE + 1 :]))

    @classmethod
    def deal_from_event(cls, event: Any, dealer: int | None) -> EuchreDeal:
        """The deal a full log's ``hand_dealt`` event records, with the first ``dealer`` drawn right before it."""
        return EuchreDeal(hands=event.hands, up_card=event.up_card, kitty=event.kitty, dealer=dealer)

    def dealt_event(self, deal: EuchreDeal) -> HandDealt:
        """The deal, with the up-card every seat sees and the kitty nobody does."""
        hands = tuple(tuple(h) for h in self.hands)
        return HandDealt(self.hand_number, self.dealer, hands, self.up_card, tuple(self.kitty))

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The pass, call, discard or play an event records (``None`` for a hidden discard); the rest are automatic."""
        if isinstance(event, Passed):
            return event.seat, _PASS
        if isinstance(event, TrumpMade):
            return event.seat, _CALLS.get((event.suit, event.alone)) or Call(event.suit, event.alone)
        if isinstance(event, Discarded) and event.card is not None:  # not a discard this seat did not see
            return event.seat, _DISCARDS.get(event.card) or Discard(event.card)
        return super().action_of(event)

    # -- the rules --------------------------------------------------------------------

    def card_rules(self, trump: Suit | None) -> tuple[Callable[[Card], Suit | None], Callable[[Card], int]]:
        """The bowers of ``trump`` (rules 3, 4): the left bower is a trump, and the two jacks its highest cards."""
        assert trump is not None
        return _BOWERS[trump]

    @staticmethod
    def suit_note(card: Card, suit: Suit) -> str:
        """Why the left bower ``card`` counts as ``suit`` (rule 4): ``"the JD is a heart, the left bower"``."""
        return f"the {card} is a {suit_name(suit)[:-1]}, the left bower"

    def start_hand(self, deal: EuchreDeal) -> None:
        """Turn the up-card and start the calls; the kitty is the deal's, else the three cards left."""
        self.up_card, self.up_taken = deal.up_card, False
        self.kitty = list(deal.kitty or [c for c in self.undealt if c != deal.up_card])
        up = deal.up_card.suit
        assert up is not None
        self.calling = _calling(self.dealer, up, self.options.alone, self.options.stick_the_dealer).copy()
        self.maker = self.sitting_out = self.discard = None
        self.alone = False

    def open_hand(self) -> int:
        """The calls begin at the dealer's left (rule 7)."""
        self.phase = "calling"
        return self.seating.next(self.dealer)

    def other_legal(self, seat: int) -> tuple[Action, ...]:
        """A pass (unless stuck) then the calls; or the dealer's discards."""
        if self.phase == "calling":
            calls = self.calling.legal_calls()
            return calls if self.calling.must_call else (_PASS, *calls)
        return tuple([_DISCARDS[c] for c in self.hands[seat]])

    def why_illegal_other(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not pass, call or discard now (the wrong phase, or what the rules forbid), or ``None``."""
        phase = self.phase
        if isinstance(action, Discard):
            card = action.card
            if phase != "discard":
                return f"only the dealer discards, after taking up the up-card; now is the {phase} phase"
            if not isinstance(card, Card) or card not in self.hands[seat]:
                return f"seat {seat} does not hold {card if isinstance(card, Card) else quote(card)}"
            return None
        if not isinstance(action, (Pass, Call)):
            return f"not a Euchre action: {type(action).__name__}; its actions are Pass, Call, Discard and PlayCard"
        if phase != "calling":
            return f"the calling is over; now is the {phase} phase"
        calling, up = self.calling, self.up_card.suit
        assert up is not None
        others = [suit_name(s) for s in Suit if s is not up]
        others_text = f"{', '.join(others[:-1])} or {others[-1]}"
        if isinstance(action, Pass):
            if calling.must_call:
                return f"every other seat passed twice: seat {seat}, the dealer, must name trump ({others_text})"
            return calling.why_not(seat, None)
        suit, alone = action.suit, action.alone
        if not isinstance(suit, Suit):
            return f"a call names a suit (S, H, D or C), not {quote(suit)}"
        if type(alone) is not bool:
            return f"alone is true or false, not {quote(alone)}"
        if alone and not self.options.alone:
            return "going alone is not allowed in this game (the alone option is off)"
        if calling.round == 1 and suit is not up:
            name = suit_name(up)
            return f"in the first round only the up-card's suit, {name}, can be made trump: call {name} or pass"
        if calling.round == 2 and suit is up:
            return f"{suit_name(up)} was turned down: name {others_text}{'' if calling.must_call else ', or pass'}"
        return calling.why_not(seat, _CALLS[suit, alone])

    def perform_other(self, action: Action, seat: int) -> int | None:
        """Pass, call or discard, then every automatic step up to the next decision; the next seat."""
        calling, dealer = self.calling, self.dealer
        if isinstance(action, Discard):
            self.hands[seat].remove(action.card)
            self.kitty.append(action.card)
            self.discard = action.card
            self.emit(Discarded(seat, action.card))
            return self._start_play()
        if isinstance(action, Pass):
            self.emit(Passed(seat, calling.round))
            calling.pass_(seat)  # four passes in round 1 turn the up-card down: round 2 (rule 10)
            if not calling.thrown_in:
                return calling.speaker
            self.emit(HandThrownIn(self.hand_number, dealer))  # rule 12
            return self.new_hand(self.seating.next(dealer))
        assert isinstance(action, Call)
        round_, stuck = calling.round, calling.must_call
        calling.call(seat, _CALLS[action.suit, action.alone])
        self.maker, self.trump, self.alone = seat, action.suit, action.alone
        if action.alone:
            self.sitting_out = self.seating.partner(seat)
        self.emit(TrumpMade(seat, action.suit, round_, action.alone, stuck))
        if round_ == 1 and self.sitting_out != dealer:  # the dealer takes up the up-card (rules 9, 15)
            self.add_to_hand(dealer, [self.up_card])
            self.up_taken = True
            self.emit(UpCardTaken(dealer, self.up_card))
            self.phase = "discard"
            return dealer
        return self._start_play()

    def _start_play(self) -> int:
        """The first trick: the dealer's left leads, or the next seat if he sits out (rule 16)."""
        out = () if self.sitting_out is None else (self.sitting_out,)
        return self.start_play(self.seating.next(self.dealer), trump=self.trump, sitting_out=out)

    def settle_hand(self) -> None:
        """Score the hand (rule 20): the makers 1, 2 or 4, or the defenders 2 after a euchre."""
        play, maker, trump = self.trick_play, self.maker, self.trump
        assert play is not None and maker is not None and trump is not None
        makers = maker % 2
        tricks = (play.tricks_won[0], play.tricks_won[1])
        result, makers_score, points = score_hand(makers_tricks=tricks[makers], alone=self.alone)
        side = makers if makers_score else 1 - makers
        self.add_points(side, points)
        self.emit(HandScored(self.hand_number, maker, trump, self.alone, tricks, result, side, points, self.scores))
        self.last_hand = LastHand(self.hand_number, maker, trump, self.alone, tricks, result, side, points)

    def copy_state(self, new: Any) -> None:
        """Copy the hands, the kitty, the calls and the trick play; share the cards and what cannot change."""
        super().copy_state(new)
        new.up_card, new.up_taken, new.kitty = self.up_card, self.up_taken, self.kitty[:]
        new.calling = self.calling.copy() if self.phase == "calling" else self.calling
        new.maker, new.alone, new.sitting_out = self.maker, self.alone, self.sitting_out
        new.discard, new.last_hand = self.discard, self.last_hand
