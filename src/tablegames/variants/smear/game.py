"""Four Point Northeastern Wisconsin Smear: the game, hand after hand, by RULES.md."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from tablegames.components.cards import Card, Suit, piquet_deck
from tablegames.core.capabilities import LogFiller
from tablegames.core.errors import quote
from tablegames.core.events import Action, Event, visible
from tablegames.core.game import build_options
from tablegames.core.observation import Observation
from tablegames.core.rng import hand_shuffle
from tablegames.core.search import SearchWorlds, WorldSource
from tablegames.mechanics.allfours import FourPoints
from tablegames.mechanics.match import HandDealt as _Dealt
from tablegames.mechanics.pitch import PitchGame
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
from tablegames.variants.smear.rl import SmearActionIds, SmearObservation
from tablegames.variants.smear.rules import FOUR_POINTS, ORDER, discard_allowance, settle, winner_after_hand
from tablegames.variants.smear.search import SmearWorlds
from tablegames.variants.smear.text import describe_event, hand_note, render_trick, view_lines
from tablegames.variants.smear.view import SmearView

if TYPE_CHECKING:
    from tablegames.variants.smear.arrays import SmearArrays

__all__ = ["MAX_BID", "MIN_BID", "Smear"]

MIN_BID: Final = 2
"""The lowest bid."""
MAX_BID: Final = 4
"""The highest bid; it ends the bidding at once."""
_DECK: Final = piquet_deck()
_DECK_INDEX: Final = {c: i for i, c in enumerate(_DECK)}
_DISCARDS: dict[tuple[Card, ...], Discard] = {}
_ACTION_IDS: dict[int, SmearActionIds] = {}
_OBSERVATIONS: dict[int, SmearObservation] = {}


def _discard(cards: tuple[Card, ...]) -> Discard:
    found = _DISCARDS.get(cards)
    if found is None:
        found = _DISCARDS[cards] = Discard(cards)
    return found


class Smear(PitchGame[Bid | Pass | Discard | PlayCard, SmearOptions, SmearView]):
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
    deck: ClassVar[tuple[Card, ...]] = _DECK
    order: ClassVar = ORDER
    min_bid: ClassVar[int] = MIN_BID
    max_bid: ClassVar[int] = MAX_BID
    before_play: ClassVar[str] = "the bidding and the discard"

    __slots__ = ("_allowance", "discards", "held_after_pickup", "picked_up")

    undealt: tuple[Card, ...]
    """The eight undealt cards of this hand, top first (hidden from everyone)."""
    phase: str
    """``"bidding"``, ``"discard"``, ``"play"`` or ``"over"``."""
    picked_up: tuple[Card, ...]
    """The undealt cards the bidder took."""
    held_after_pickup: tuple[Card, ...]
    """The bidder's cards right after the pickup (for the trump-discard restriction)."""
    discards: tuple[Card, ...]
    """The bidder's discards (they count for the bidder's side in Game)."""
    _allowance: tuple[int, int, int, int]

    def view(self, seat: int) -> SmearView:
        """What ``seat`` may know: its cards, the bidding, the trick, scores, its legal actions."""
        own = self.sees_bidders_cards(seat)
        return SmearView(
            **self.view_fields(seat),
            picked_up=self.picked_up if own else None,
            discarded=self.discards if own else None,
        )

    def sees_bidders_cards(self, seat: int) -> bool:
        """Whether ``seat`` sees the bidder's picked-up cards and discards (the bidder's own, once there is one)."""
        return self.bidder is not None and visible(self.bidder, seat)

    def untouched_undealt(self) -> tuple[Card, ...]:
        """The undealt cards the bidder did not take up."""
        return self.undealt[len(self.picked_up) :]

    def set_aside(self) -> dict[str, tuple[Card, ...]]:
        """The bidder's discards."""
        return {"discards": self.discards}

    def hidden_pieces(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see: other hands, the untouched undealt, others' discards."""
        hidden = super().hidden_pieces(seat)
        return hidden if self.bidder == seat else hidden | frozenset(self.discards)

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
    def deal_from_event(cls, event: _Dealt, dealer: int | None) -> SmearDeal:
        """The deal a full log's ``hand_dealt`` event records: the hands and the undealt stack."""
        assert isinstance(event, HandDealt)
        return SmearDeal(hands=event.hands, undealt=event.undealt, dealer=dealer)  # type: ignore[arg-type]

    def dealt_event(self, deal: SmearDeal) -> HandDealt:
        """The ``hand_dealt`` event: the hands and the undealt stack."""
        return HandDealt(self.hand_number, self.dealer, deal.hands, deal.undealt)

    def undealt_of(self, deal: SmearDeal) -> tuple[Card, ...]:
        """The dealer's undealt stack, top first."""
        return deal.undealt

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
    def action_ids(cls, options: Any) -> SmearActionIds:
        """The 68 Smear action ids (:class:`~tablegames.variants.smear.rl.SmearActionIds`), a discard in parts.

        ``options`` is a :class:`~tablegames.variants.smear.options.SmearOptions` or a mapping
        of options; one numbering is built per ``seen_undealt`` and kept.

        Raises:
            InvalidOptionsError: for options Smear does not have.

        """
        take = build_options(SmearOptions, {} if options is None else options).seen_undealt
        found = _ACTION_IDS.get(take)
        if found is None:
            singles = (cls._pass, *cls._bids.values(), *map(cls._plays.__getitem__, _DECK))
            found = _ACTION_IDS[take] = SmearActionIds(take, singles=singles, discard=_discard)
        return found

    @classmethod
    def observation_spec(cls, options: Any) -> SmearObservation:
        """Each seat's 321-float observation (:class:`~tablegames.variants.smear.rl.SmearObservation`).

        ``options`` is a :class:`~tablegames.variants.smear.options.SmearOptions` or a mapping
        of options; one is built per target and kept.

        Raises:
            InvalidOptionsError: for options Smear does not have.

        """
        target = build_options(SmearOptions, {} if options is None else options).target
        found = _OBSERVATIONS.get(target)
        if found is None:
            found = _OBSERVATIONS[target] = SmearObservation(target)
        return found

    @classmethod
    def array_game(cls, options: Any, *, max_steps: int | None = None) -> SmearArrays:
        """Smear as batched arrays (:class:`~tablegames.variants.smear.arrays.SmearArrays`), for the ``jax`` extra.

        ``options`` is a :class:`~tablegames.variants.smear.options.SmearOptions` or a mapping
        of options; ``max_steps`` a step limit (``None``: none). JAX is imported here, on the
        first call, never by ``import tablegames``.

        Raises:
            InvalidOptionsError: for options Smear does not have.
            ImportError: if JAX is not installed (``pip install 'tablegames[jax]'``).

        """
        from tablegames.variants.smear.arrays import SmearArrays  # noqa: PLC0415  (JAX only when asked for)

        return SmearArrays(build_options(SmearOptions, {} if options is None else options), max_steps=max_steps)

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The bid, pass, discard or card play an event records; every other event is automatic."""
        if isinstance(event, Discarded):
            return event.seat, Discard(event.cards or ())
        return super().action_of(event)

    # -- the rules --------------------------------------------------------------------

    def start_hand(self) -> None:
        """No cards taken up or discarded yet."""
        self.picked_up = self.held_after_pickup = self.discards = ()
        self._allowance = (0, 0, 0, 0)

    def other_legal(self, seat: int) -> tuple[Action, ...]:
        """The bidder's discards: every allowed set of as many cards as it took up, in deck order."""
        hand = self.hands[seat]
        size = len(self.picked_up)
        combos = itertools.combinations(sorted(hand, key=_DECK_INDEX.__getitem__), size)
        if len({c.suit for c in hand}) > size:
            # every discard of `size` cards leaves some suit untouched, which may then lead
            return tuple(_discard(combo) for combo in combos)
        return tuple(_discard(combo) for combo in combos if self._discard_leaves_a_lead(seat, combo))

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play: at the first lead, those rule 9 allows; then by rule 11."""
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

    def why_illegal_other(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not discard now, or that ``action`` is not a Smear action."""
        if isinstance(action, Discard):
            if self.phase != "discard":
                return f"only the bidder discards, after taking up undealt cards; now is the {self.phase} phase"
            return self._why_not_discard(seat, action.cards)
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

    def why_not_play(self, seat: int, card: Card) -> str | None:
        """Why ``seat`` may not play ``card``: the trick play's reason, or rule 9 at the first lead."""
        play = self.trick_play
        problem = play.why_not(seat, card, self.hands[seat])
        if problem is None and play.trump is None and card.suit is not None and not self._lead_ok(card.suit):
            return (
                f"leading {card} makes {card.suit.name.lower()} trump, but {card.suit.name.lower()} cards were "
                "discarded: no trump may be discarded unless holding more than 6 of it"
            )
        return problem

    def perform_other(self, action: Action, seat: int) -> int | None:
        """The bidder's discard (in deck order); the play begins."""
        assert isinstance(action, Discard)
        cards = tuple(sorted(action.cards, key=_DECK_INDEX.__getitem__))
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.discards = cards
        self.emit(Discarded(seat, len(cards), cards))
        self.phase = "play"
        return seat

    def throw_in(self) -> int:
        """Everyone passed: the hand is thrown in and the same dealer deals again (rule 7)."""
        self.emit(ThrownIn(self.hand_number))
        return super().throw_in()

    def after_bidding(self, bidder: int) -> None:
        """The bidder takes up ``seen_undealt`` undealt cards and discards as many; or the play begins."""
        take = self.options.seen_undealt
        if take:
            self.picked_up = self.undealt[:take]
            hand = self.hands[bidder]
            hand.extend(self.picked_up)
            hand.sort(key=self._sort_key.__getitem__)
            self.held_after_pickup = tuple(hand)
            self._allowance = discard_allowance(hand)
            self.emit(UndealtTaken(bidder, take, self.picked_up))
            self.phase = "discard"
        else:
            self.phase = "play"

    def points_rules(self) -> FourPoints:
        """The four points under the ``high_low`` option (rule 12)."""
        return FOUR_POINTS[self.options.high_low]

    def counted_apart(self) -> tuple[tuple[int, Sequence[Card]], ...]:
        """The bidder's discards, counted for the bidder's side in Game (rule 12)."""
        assert self.bidder is not None
        return ((self._seating.side_of(self.bidder), self.discards),)

    def settle(self, won: tuple[int, ...], *, bidder_side: int, bid: int) -> tuple[tuple[int, ...], bool]:
        """Rules 13 and 16: the bidder's side scores its points or loses its bid; the options' cap."""
        return settle(self.scores, bidder_side=bidder_side, bid=bid, won=won, options=self.options)

    def match_winner(self, *, bidder_side: int, bid: int, made: bool) -> int | None:
        """Rules 14 and 15: the side at the target, the higher on both, the bidder's on a tie."""
        return winner_after_hand(self.scores, bidder_side=bidder_side, made=made, options=self.options)

    def copy_state(self, new: Smear) -> None:
        """Copy the hands, the auction and the trick play, and the pickup and discard (one method: a hot path)."""
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
        new.picked_up = self.picked_up
        new.held_after_pickup = self.held_after_pickup
        new._allowance = self._allowance
        new.discards = self.discards

    def canonical(self, action: Action) -> Action:
        """The interned action equal to ``action`` (a discard's cards in deck order)."""
        if isinstance(action, Discard) and all(c in _DECK_INDEX for c in action.cards):
            cards = tuple(sorted(action.cards, key=_DECK_INDEX.__getitem__))
            return _DISCARDS.get(cards) or Discard(cards)
        return super().canonical(action)
