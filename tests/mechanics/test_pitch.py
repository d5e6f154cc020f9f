"""The Pitch family's game mechanic: a third rule set built on its hooks plays whole matches by the contract."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.components.cards import EUCHRE_RANKS, Card, euchre_deck, rank_order
from tablegames.core.events import Action, Event
from tablegames.core.rng import hand_shuffle
from tablegames.mechanics.allfours import FourPoints, HandScored, setback
from tablegames.mechanics.bidding import Bid, BiddingWon, BidMade, BidPassed, Pass
from tablegames.mechanics.match import DealerDrawn, GameEnded, HandDealt, check_hands
from tablegames.mechanics.pitch import PitchGame, PitchView
from tablegames.mechanics.tricks import CardPlayed, PlayCard, TrickWon

_DECK = euchre_deck()


@attrs.frozen(kw_only=True)
class _Options:
    target: int = 7


@attrs.frozen(kw_only=True)
class _Deal:
    hands: tuple[tuple[Card, ...], ...]
    dealer: int | None = None


@attrs.frozen(kw_only=True)
class _View(PitchView):
    target: int
    winner: int | None


class _EuchrePitch(PitchGame):
    """Pitch with the 24-card deck 9-A, every card dealt, first to 7, the bidder out first."""

    name: ClassVar[str] = "test-euchre-pitch"
    options_class: ClassVar[type] = _Options
    deal_class: ClassVar[type] = _Deal
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
    deck: ClassVar[tuple[Card, ...]] = _DECK
    pieces: ClassVar[frozenset[Card]] = frozenset(_DECK)
    order: ClassVar = rank_order(EUCHRE_RANKS)
    four_points: ClassVar = FourPoints(order=rank_order(EUCHRE_RANKS))

    __slots__ = ()

    @classmethod
    def check_deal(cls, deal: _Deal, options: _Options) -> str | None:
        return check_hands(deal.hands, game="test", seats=4, size=6)

    def view(self, seat: int) -> _View:
        return _View(**self.view_fields(seat))

    def shuffled_deal(self, hand_number: int) -> _Deal:
        cards = hand_shuffle(self.seed, hand_number, _DECK)
        return _Deal(hands=tuple(tuple(cards[i * 6 : i * 6 + 6]) for i in range(4)))

    @classmethod
    def deal_from_event(cls, event: HandDealt, dealer: int | None) -> _Deal:
        return _Deal(hands=event.hands, dealer=dealer)  # type: ignore[arg-type]

    def dealt_event(self, deal: Any) -> HandDealt:
        return HandDealt(self.hand_number, self.dealer, deal.hands)

    def settle(self, won: tuple[int, ...], *, bidder_side: int, bid: int) -> tuple[tuple[int, ...], bool]:
        made = won[bidder_side] >= bid
        return setback(won, bidder_side=bidder_side, bid=bid, made=made), made

    def match_winner(self, *, bidder_side: int, bid: int, made: bool) -> int | None:
        reached = [side for side in (bidder_side, 1 - bidder_side) if self.scores[side] >= self.options.target]
        return reached[0] if reached else None


def _play_out(game: PitchGame, rnd: random.Random) -> None:
    """Random cards; in the bidding, the first seat that may bids 2 and the others pass (random bids of 4
    set the bidders back so often that a match can run for ever)."""
    while not game.is_over:
        legal = game.legal_actions()
        if game.phase == "bidding":
            game.apply(Bid(2) if Bid(2) in legal else Pass())
        else:
            game.apply(rnd.choice(list(legal)))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_a_rule_set_on_the_hooks_plays_whole_matches(seed: int, choices: int) -> None:
    """A third rule set plays to the end: every hand scores, the scores sum the changes, the deals replay."""
    game = _EuchrePitch.create(seed=seed)
    _play_out(game, random.Random(choices))
    events = game.events
    scored = [e for e in events if isinstance(e, HandScored)]
    assert scored and isinstance(events[-1], GameEnded) and events[-1].scores == game.scores
    assert tuple(map(sum, zip(*(e.changes for e in scored), strict=True))) == game.scores
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert [e.hand_number for e in dealt] == list(range(1, len(dealt) + 1))
    assert all(len(e.cards) == 4 for e in events if isinstance(e, TrickWon))
    first = next(e.seat for e in events if isinstance(e, DealerDrawn))
    assert _EuchrePitch.deals_from_events(events)[0].dealer == first


def test_the_game_answers_the_contract() -> None:
    """Legal actions, refusals, views, piece places and clones from the mechanic alone."""
    game = _EuchrePitch.create(seed=5)
    seat = game.current_player
    assert seat is not None
    assert game.legal_actions()[0] == Pass() and Bid(2) in game.legal_actions()
    too_soon = game.why_illegal(PlayCard(game.hands[seat][0]), seat)
    assert too_soon == "cards are played after the bidding; now is the bidding phase"
    assert game.why_illegal(Bid(9), seat) == "bids range from 2 to 4; allowed now: 2, 3, 4"
    view = game.view(seat)
    assert view.hand == tuple(game.hands[seat]) and view.phase == "bidding" and view.target == 7
    places = game.piece_places()
    assert Counter(c for cards in places.values() for c in cards) == Counter(_DECK)
    assert places["undealt"] == ()  # 24 cards, all dealt
    clone = game.clone()
    clone.apply(Bid(4))
    assert clone.phase == "play" and game.phase == "bidding" and game.bid is None
    assert clone.trump is None and clone.current_player == clone.bidder == seat
    card = clone.legal_actions()[0]
    clone.apply(card)
    assert isinstance(card, PlayCard) and clone.trump == card.card.suit and clone.trick == [(seat, card.card)]


def test_everyone_passing_throws_the_hand_in() -> None:
    """By default an all-pass throws the hand in, logs no event of its own, and the same dealer deals again."""
    game = _EuchrePitch.create(seed=2)
    dealer = game.dealer
    for _ in range(4):
        game.apply(Pass())
    assert (game.hand_number, game.dealer, game.phase) == (2, dealer, "bidding")
    assert [type(e) for e in game.events[-5:]] == [BidPassed] * 4 + [HandDealt]


def test_a_subclass_without_its_hooks_says_so() -> None:
    """The hooks a variant must provide are abstract: a subclass without them cannot be created, and is told which."""

    class _Hookless(_EuchrePitch):
        settle = PitchGame.settle  # the family's abstract hook again, as if the variant had not written it
        match_winner = PitchGame.match_winner

    assert _Hookless.__abstractmethods__ == {"settle", "match_winner"}
    with pytest.raises(TypeError, match="_Hookless lacks the required hooks match_winner, settle"):
        _Hookless.create(seed=2)
    assert _EuchrePitch.create(seed=2).current_player is not None
