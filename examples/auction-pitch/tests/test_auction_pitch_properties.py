"""Auction Pitch properties over random matches: conservation, legality, scoring, replay, no leaks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st
from tablegames_auction_pitch import (
    CARD_POINTS,
    AuctionPitch,
    AuctionPitchOptions,
    Bid,
    BiddingWon,
    CardPlayed,
    GameEnded,
    HandDealt,
    HandScored,
    Pass,
    PlayCard,
)

import tablegames
from tablegames.bots import GreedyBot, RandomBot, Table
from tablegames.components.cards import Card, standard_deck
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.testing import (
    check_goes_on_like_clone_and_replay,
    check_log_replays,
    named_pieces,
    play_random,
    seeds,
    variant_options,
)

DECK = frozenset(standard_deck())
options = variant_options(AuctionPitch, target=st.integers(1, 15))


def _pass_and_bid_low(game: Game, legal: Sequence[Action], rng: random.Random) -> Action:
    """In the bidding, pass often (stuck dealers appear), else mostly the lowest bid, so matches end; else at random."""
    assert isinstance(game, AuctionPitch)
    draw = rng.random()
    if game.phase == "bidding" and draw < 0.95:
        passes = [a for a in legal if isinstance(a, Pass)]
        return passes[0] if passes and draw < 0.6 else min(legal, key=lambda a: getattr(a, "amount", 0) or 9)
    return legal[rng.randrange(len(legal))]


def random_match(seed: int, opts: AuctionPitchOptions | dict[str, object], *, check: bool = False) -> AuctionPitch:
    """A whole match from ``seed``, every action drawn at random; with ``check``, invariants at each step."""
    return play_random(AuctionPitch, opts, seed=seed, policy=_pass_and_bid_low, check=check_state if check else None)


def check_state(game: AuctionPitch) -> None:
    """Every card in one place; legal plays obey follow-or-trump; the stuck dealer has no pass."""
    places = game.piece_places()
    every = [c for cards in places.values() for c in cards]
    assert len(every) == 52 and set(every) == DECK
    seat = game.current_player
    assert seat is not None
    legal = list(game.legal_actions())
    if game.phase == "bidding":
        assert (Pass() in legal) != game.auction.must_bid
        top = 5 if game.options.smudge else 4
        assert all(isinstance(a, Pass) or 2 <= a.amount <= top for a in legal if isinstance(a, (Bid, Pass)))
        return
    hand = game.hands[seat]
    cards = {a.card for a in legal if isinstance(a, PlayCard)}
    assert len(cards) == len(legal)
    if not game.trick:
        assert cards == set(hand)
        return
    led = game.trick[0][1].suit
    if any(c.suit == led for c in hand):
        assert cards == {c for c in hand if c.suit in (led, game.trump)}
    else:
        assert cards == set(hand)


@settings(deadline=None)
@given(seed=seeds(), opts=options)
def test_random_matches_end_and_score_by_the_rules(seed: int, opts: AuctionPitchOptions) -> None:
    """Matches end; each hand awards 2 to 4 points and settles them; the winner went out by the rules."""
    game = random_match(seed, opts, check=seed % 4 == 0)
    events = game.log().events
    scores = [0, 0]
    last: HandScored | None = None
    for event in events:
        if isinstance(event, HandDealt):
            assert all(h is not None and len(h) == 6 for h in event.hands)
        if isinstance(event, HandScored):
            last = event
            side = event.bidder % 2
            assert 2 <= sum(event.won) <= 4
            assert event.won == tuple(sum(1 for a in event.awards if a.side == s) for s in (0, 1))
            high, low = event.awards[0], event.awards[1]
            assert high.card is not None and low.card is not None
            assert high.card.suit == low.card.suit == event.trump
            assert sum(event.card_points) <= sum(CARD_POINTS.values()) * 4
            needed = 4 if event.bid == 5 else event.bid
            assert event.made == (event.won[side] >= needed)
            assert event.changes[1 - side] == event.won[1 - side]
            assert event.changes[side] == (event.won[side] if event.made else -event.bid)
            scores = [scores[0] + event.changes[0], scores[1] + event.changes[1]]
            assert tuple(scores) == event.scores
    assert last is not None
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.scores == tuple(scores) == game.scores
    side = last.bidder % 2
    target = game.options.target
    if (last.bid == 5 and last.made) or scores[side] >= target:
        assert game.winner == side
    else:
        assert game.winner == 1 - side and scores[1 - side] >= target


@settings(deadline=None, max_examples=20)
@given(seed=seeds(), opts=options)
def test_logs_replay_and_round_trip(seed: int, opts: AuctionPitchOptions) -> None:
    """A full log survives JSON and replays to the same game; a clone is independent."""
    check_log_replays(random_match(seed, opts), again=random_match(seed, opts))


@settings(deadline=None, max_examples=20)
@given(seed=seeds())
def test_a_replayed_game_goes_on_and_clones_are_independent(seed: int) -> None:
    """Mid-match, a replayed game and a clone each go on exactly like the original."""
    game = tablegames.new_game("auction-pitch", seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 60)):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    check_goes_on_like_clone_and_replay(game, steps=40, choose=lambda legal: legal[0])


def _named_cards(event: Event) -> set[Card]:
    """The cards of the deck that ``event``'s JSON form names."""
    return named_pieces(event, DECK)


@settings(deadline=None, max_examples=20)
@given(seed=seeds())
def test_a_seat_never_sees_a_card_before_it_is_played_unless_it_holds_it(seed: int) -> None:
    """In a seat's log and views, another seat's card appears only once played; undealt cards never."""
    game = tablegames.new_game("auction-pitch", seed=seed)
    assert isinstance(game, AuctionPitch)
    rng = random.Random(seed)
    while not game.is_over and game.hand_number <= 3:
        for seat in range(4):
            hidden = game.hidden_pieces(seat)
            view_cards = _named_cards_view(game, seat)
            assert not (view_cards & hidden)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    full = game.log().events
    for seat in range(4):
        seen: set[Card] = set()
        for event, redacted in zip(full, game.log(seat).events, strict=True):
            if isinstance(event, HandDealt):
                own = event.hands[seat]
                assert own is not None
                seen = set(own)
            elif isinstance(event, CardPlayed):
                seen.add(event.card)
            named = _named_cards(redacted)
            assert named <= seen | _award_cards(event)


def _award_cards(event: Event) -> set[Card]:
    """The cards a hand's scoring names (all of them played in the hand)."""
    if not isinstance(event, HandScored):
        return set()
    return {a.card for a in event.awards if a.card is not None}


def _named_cards_view(game: AuctionPitch, seat: int) -> set[Card]:
    """The cards the view names about the hand under way (``last_hand`` is about the one before)."""
    data = tablegames.to_json(game.view(seat))
    del data["last_hand"]
    return named_pieces(data, DECK)


def test_bids_and_passes_are_counted_once_per_seat() -> None:
    """In every hand of a long match, each seat speaks at most once and the pitcher is the high bidder."""
    game = random_match(11, {"target": 25, "smudge": True})
    calls: Counter[int] = Counter()
    for event in game.log().events:
        if isinstance(event, HandDealt):
            calls.clear()
        elif type(event).__name__ in ("BidMade", "BidPassed"):
            calls[event.seat] += 1  # type: ignore[attr-defined]
            assert calls[event.seat] == 1  # type: ignore[attr-defined]
        elif isinstance(event, BiddingWon):
            assert calls[event.seat] == 1
            assert sum(calls.values()) <= 4


def test_the_library_bots_play_whole_matches() -> None:
    """RandomBot, and GreedyBot (at random in a variant it does not know), finish matches from their seats."""
    for seed in range(6):
        game = tablegames.new_game("auction-pitch", seed=seed, smudge=seed % 2 == 1)
        Table(game, [RandomBot(), GreedyBot(), RandomBot(), GreedyBot()], rng=random.Random(seed)).play()
        assert game.is_over and game.winner in (0, 1)
