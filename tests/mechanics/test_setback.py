"""The plain Pitch base: a Pitch game of settings alone deals, bids, scores by setback and ends, and passes the kit."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest

import tablegames as tg
from tablegames.components.cards import STANDARD_RANKS, Card, rank_order, standard_deck
from tablegames.core import registry
from tablegames.core.game import int_option
from tablegames.mechanics.allfours import FourPoints, HandScored
from tablegames.mechanics.bidding import BiddingWon, BidMade, ForcedBiddingWon, Pass
from tablegames.mechanics.setback import PitchDeal, SetbackGame
from tablegames.mechanics.tricks import PlayCard
from tablegames.testing import check_variant
from tests.bots.support import observe


@attrs.frozen(kw_only=True)
class Options:
    target: int = attrs.field(default=7, validator=int_option(1, 50))


class Pitch(SetbackGame):
    """Plain Pitch to 7: everyone may pass, and a hand nobody bids on is thrown in."""

    name: ClassVar[str] = "test-plain-pitch"
    title: ClassVar[str] = "Plain Pitch"
    options_class: ClassVar[type[Any]] = Options
    deck: ClassVar[tuple[Card, ...]] = standard_deck()
    pieces: ClassVar[frozenset[Any]] = frozenset(standard_deck())
    order: ClassVar[Any] = rank_order(STANDARD_RANKS)
    four_points: ClassVar[FourPoints | None] = FourPoints(order=rank_order(STANDARD_RANKS))


class StuckPitch(Pitch):
    """The same with the dealer stuck at 2."""

    name: ClassVar[str] = "test-stuck-pitch"
    forced_bid: ClassVar[int | None] = 2


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The test games registered for one test (replay finds a game by its name), then removed again."""
    for cls in (Pitch, StuckPitch):
        monkeypatch.setitem(registry._registered, cls.name, cls)
    yield


def played(cls: type[SetbackGame], seed: int) -> SetbackGame:
    """A match played out: the first seat to speak bids the lowest bid, the others pass; cards at random."""
    game = cls.create(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        if game.phase == "bidding":
            lowest = next(a for a in legal if not isinstance(a, Pass))
            game.apply(lowest if not game.auction.views() or Pass() not in legal else Pass())
        else:
            game.apply(rng.choice(legal))
    return game


def test_the_events_follow_the_forced_bid_setting() -> None:
    """Without a forced bid the bidding ends with ``BiddingWon``; with one, ``ForcedBiddingWon``."""
    assert BiddingWon in Pitch.event_classes and ForcedBiddingWon not in Pitch.event_classes
    assert ForcedBiddingWon in StuckPitch.event_classes and BiddingWon not in StuckPitch.event_classes
    game = StuckPitch.create(seed=4)
    for _ in range(3):
        game.apply(Pass())
    assert game.legal_actions() and Pass() not in game.legal_actions()  # the dealer is stuck


@pytest.mark.parametrize("cls", [Pitch, StuckPitch])
def test_hands_are_settled_by_setback_and_the_bidder_goes_out_first(cls: type[SetbackGame]) -> None:
    """Each hand: the bidder's side scores its points if made, else loses its bid; the winner reached the target."""
    game = played(cls, seed=11)
    for hand in (e for e in game.events if isinstance(e, HandScored)):
        side = hand.bidder % 2
        assert hand.made == (hand.won[side] >= hand.bid)
        assert hand.changes[side] == (hand.won[side] if hand.made else -hand.bid)
        assert hand.changes[1 - side] == hand.won[1 - side]
    assert game.winner is not None and game.scores[game.winner] >= 7


def test_a_stacked_deal_is_checked_with_the_games_title_and_deck() -> None:
    """Four hands of six different cards of the 52; the messages name the game and the deck."""
    cards = standard_deck()
    hands = tuple(tuple(cards[i * 6 : i * 6 + 6]) for i in range(4))
    assert Pitch.check_deal(PitchDeal(hands=hands, dealer=2), Options()) is None
    assert (
        Pitch.check_deal(PitchDeal(hands=hands[:3]), Options())
        == "3 hands; Plain Pitch deals one hand to each of 4 seats"
    )
    doubled = PitchDeal(hands=(hands[0], hands[0], hands[2], hands[3]))
    assert Pitch.check_deal(doubled, Options()).endswith("a deal gives 24 different cards of the 52-card deck")  # type: ignore[union-attr]
    game = Pitch.create(seed=1, deals=[PitchDeal(hands=hands, dealer=2)])
    assert game.dealer == 2 and game.hands[3] == sorted(hands[3], key=game._sort_key.__getitem__)


def test_the_auctions_events_say_themselves() -> None:
    """The mechanics' bidding events and hand result have words of their own, for every variant on them."""
    assert BidMade(1, 3).describe() == "seat 1 bids 3"
    assert BiddingWon(2, 4).describe() == "seat 2 wins the bidding at 4"
    assert ForcedBiddingWon(3, 2, True).describe().startswith("everyone else passed: seat 3")
    scored = next(e for e in played(Pitch, seed=2).events if isinstance(e, HandScored))
    assert scored.describe().startswith(f"hand {scored.hand_number}, trump ")


@pytest.mark.parametrize("cls", [Pitch, StuckPitch])
def test_the_conformance_kit_passes_on_a_pitch_game_of_settings(cls: type[SetbackGame]) -> None:
    """Pieces, views, replay, clones, leaks and refusals: the kit's checks pass on a game with no hook of its own."""
    checks = ["terminates", "views", "pieces", "replay", "clone", "no_leaks", "illegal_refused", "json_round_trip"]
    outcomes = check_variant(cls, options={"target": 2}, checks=checks, examples=3)
    assert set(outcomes.values()) == {"passed"}, outcomes
    assert tg.replay(played(cls, seed=3).log()).is_over


FEED_DEAL = PitchDeal(
    hands=tuple(
        tuple(Card.parse(c) for c in hand.split())
        for hand in ("QS JS 9C 8D 9D QC", "AH KH JH 2H 10H 9S", "3C 4D 5S 6C 7D 8S", "10S 3D 4C 5D 6S 7C")
    ),
    dealer=0,
)
"""Seat 1 holds hearts worth 3.9 (0.3 + A 1.0 + 2 1.0 + J 0.85 + min(0.9, 5 trumps 0.5 + a ten 0.1 + 0.15)); the
others' best suits are worth 1.3 (seat 0: spades 0.3 + Q 0.3 + J 0.5 + 0.2), 1.1 (seat 2: clubs 0.3 + 3 0.6 + 0.2)
and 1.1 (seat 3: diamonds, the same)."""


def _greedy(game: SetbackGame) -> Any:
    seat = game.current_player
    assert seat is not None
    return type(game).heuristic_choice(observe(game, seat))


def test_the_family_player_bids_by_hand_strength_then_feeds_a_partner_sure_to_win() -> None:
    """On a game of settings alone: seat 1 bids 3 (3.9), the others pass (under 2); seat 1 leads the ace of its
    best suit, and seat 3, void in hearts, gives the ten (10 points for Game) to its partner's unbeatable ace."""
    game = Pitch.create(seed=1, deals=[FEED_DEAL])
    assert _greedy(game) == Pitch.bid_class(3)
    game.apply(_greedy(game))
    for _ in range(3):
        assert _greedy(game) == Pass()
        game.apply(Pass())
    assert game.current_player == 1 and str(_greedy(game)) == "play AH"
    game.apply(_greedy(game))
    game.apply(PlayCard(Card.parse("3C")))
    assert game.current_player == 3 and str(_greedy(game)) == "play 10S"


def test_a_stuck_dealer_with_a_weak_hand_bids_the_forced_bid() -> None:
    """Seats 1 to 3 pass hands worth 1.1, 1.1 and 1.2 (hearts 9 to 4: 0.3 + the 4, third lowest, 0.3 + six trumps
    0.6); the dealer (seat 0, worth 1.3) may not pass, and bids 2, the lowest it may."""
    weak = (*FEED_DEAL.hands[:1], *FEED_DEAL.hands[2:], tuple(Card.parse(f"{r}H") for r in range(9, 3, -1)))
    game = StuckPitch.create(seed=1, deals=[PitchDeal(hands=weak, dealer=0)])
    for _ in range(3):
        assert _greedy(game) == Pass()
        game.apply(Pass())
    assert game.current_player == 0 and Pass() not in game.legal_actions()
    assert _greedy(game) == StuckPitch.bid_class(2)


@pytest.mark.parametrize("cls", [Pitch, StuckPitch])
def test_the_family_player_answers_every_decision_of_a_game_of_settings(cls: type[SetbackGame]) -> None:
    """The greedy bot never falls back to its look-ahead on a Pitch game of settings alone: a legal answer at every
    decision of whole matches."""
    answered = 0
    for seed in range(3):
        game = cls.create(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            choice = _greedy(game)
            assert choice is not None and choice in game.legal_actions()
            answered += 1
            game.apply(choice if rng.random() < 0.5 else rng.choice(game.legal_actions()))
    assert answered >= 100
