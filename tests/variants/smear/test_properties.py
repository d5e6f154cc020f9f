"""Properties of Four Point Smear over random seeds, every combination of options and random legal play.

Whole matches are played by :class:`~tablegames.bots.RandomBot` (it passes most of the time and
otherwise bids the minimum: uniformly random bids never let a match end, RULES.md). Tests that
look at single hands also let the players bid anything, so bids of 3 and 4 are seen too.
Every rule is checked against a small reference written here from RULES.md, never against the
library's own rules functions.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Final

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablegames
from tablegames.bots import RandomBot
from tablegames.components.cards import Card
from tablegames.core.events import Action, Event
from tablegames.testing import conformance_tests
from tablegames.variants.smear import (
    Bid,
    BiddingWon,
    BidMade,
    BidPassed,
    CardPlayed,
    DealerDrawn,
    Discard,
    Discarded,
    GameEnded,
    HandDealt,
    HandScored,
    Pass,
    PlayCard,
    Smear,
    SmearOptions,
    ThrownIn,
    TrickWon,
    UndealtTaken,
)
from tests.strategies import (
    CARD_TEXTS,
    CARDS,
    SMEAR_OPTION_COMBOS,
    SmearCase,
    choice_seeds,
    near_miss_smear_actions,
    seeds,
    smear_cases,
    smear_deal_json,
    smear_json_junk,
    smear_options,
    smear_targets,
    suit_heavy_smear_deal_json,
)
from tests.support import strings_matching

SMEAR: Final = "four-point-smear"
_DECK: Final = Counter(CARDS)
_DECK_INDEX: Final = {c: i for i, c in enumerate(CARDS)}
_BOT: Final = RandomBot()
_PER_COMBO: Final = max(2, settings().max_examples // 10)
"""Examples for each of the 32 option combinations in the termination test (4 in the ci profile)."""

# -- the rules, written again from RULES.md (never the library's rules functions) --------------

_RANKS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
"""Rule 3: the ranks from lowest to highest, in every suit, trump included."""
_CARD_POINTS: Final = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}
"""Rule 4: card points for Game; the other ranks count 0."""
_CARD_TEXT: Final = re.compile(r"(10|[AKQJ987])[SHDC]")

Award = tuple[str, int | None, str | None]
"""One point of a hand as ``(point, side or None, deciding card or None)``."""


def _rank(card: Card) -> int:
    return _RANKS.index(str(card)[:-1])


def _suit(card: Card) -> str:
    return str(card)[-1]


def _points(cards: Sequence[Card]) -> int:
    return sum(_CARD_POINTS.get(str(c)[:-1], 0) for c in cards)


def _side(seat: int) -> int:
    return seat % 2


def _lead_ok(suit: str, held_after_pickup: Sequence[Card], discards: Sequence[Card]) -> bool:
    """Rule 9: a first lead of ``suit`` is legal iff its discards are at most max(0, held - 6)."""
    thrown = sum(1 for c in discards if _suit(c) == suit)
    held = sum(1 for c in held_after_pickup if _suit(c) == suit)
    return thrown <= max(0, held - 6)


def _trick_winner(plays: Sequence[tuple[int, Card]], trump: str) -> int:
    """Rule 11: the seat of the highest trump, or else of the highest card of the suit led."""
    led = _suit(plays[0][1])
    trumps = [p for p in plays if _suit(p[1]) == trump]
    pool = trumps or [p for p in plays if _suit(p[1]) == led]
    return max(pool, key=lambda p: _rank(p[1]))[0]


def _settle(before: Sequence[int], bidder_side: int, bid: int, won: Sequence[int], options: SmearOptions) -> list[int]:
    """Rules 13 and 16: each side's change of score."""
    changes = [0, 0]
    for side in (0, 1):
        if side == bidder_side:
            changes[side] = won[side] if won[side] >= bid else -bid
        else:
            new = before[side] + won[side]
            if options.cap_non_bidders:
                new = min(new, max(before[side], options.target))
            changes[side] = new - before[side]
    return changes


def _winner(scores: Sequence[int], bidder_side: int, made: bool, options: SmearOptions) -> int | None:
    """Rules 14 and 15: the side that wins after a hand's settlement, if any."""
    target = options.target
    if options.win_only_on_bid:
        return bidder_side if made and scores[bidder_side] >= target else None
    reached = [side for side in (0, 1) if scores[side] >= target]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2:
        if scores[0] == scores[1]:
            return bidder_side
        return 0 if scores[0] > scores[1] else 1
    return None


# -- reading a full log hand by hand ------------------------------------------------------------


@attrs.define
class _Hand:
    """One hand of a full log, read from its events."""

    deal: HandDealt
    events: list[Event] = attrs.field(factory=list)
    calls: list[tuple[int, int | None]] = attrs.field(factory=list)
    thrown_in: ThrownIn | None = None
    won: BiddingWon | None = None
    taken: UndealtTaken | None = None
    discarded: Discarded | None = None
    plays: list[CardPlayed] = attrs.field(factory=list)
    tricks: list[TrickWon] = attrs.field(factory=list)
    scored: HandScored | None = None
    ended: GameEnded | None = None

    def dealt_to(self, seat: int) -> tuple[Card, ...]:
        hand = self.deal.hands[seat]
        assert hand is not None, "a full log shows every hand"
        return hand

    @property
    def undealt(self) -> tuple[Card, ...]:
        assert self.deal.undealt is not None, "a full log shows the undealt cards"
        return self.deal.undealt

    @property
    def bidder(self) -> int:
        assert self.won is not None
        return self.won.seat

    @property
    def pickup(self) -> tuple[Card, ...]:
        return () if self.taken is None or self.taken.cards is None else self.taken.cards

    @property
    def discards(self) -> tuple[Card, ...]:
        return () if self.discarded is None or self.discarded.cards is None else self.discarded.cards

    @property
    def trump(self) -> str:
        return _suit(self.plays[0].card)

    def held_after_pickup(self) -> list[Card]:
        return [*self.dealt_to(self.bidder), *self.pickup]

    def held_at_first_lead(self) -> list[list[Card]]:
        held = [list(self.dealt_to(s)) for s in range(4)]
        if self.won is not None:
            held[self.bidder] = [c for c in self.held_after_pickup() if c not in self.discards]
        return held


def _hands_of(events: Sequence[Event]) -> list[_Hand]:
    hands: list[_Hand] = []
    for event in events:
        if isinstance(event, HandDealt):
            hands.append(_Hand(event))
            continue
        if not hands:
            assert isinstance(event, DealerDrawn)
            continue
        hand = hands[-1]
        hand.events.append(event)
        if isinstance(event, BidMade):
            hand.calls.append((event.seat, event.amount))
        elif isinstance(event, BidPassed):
            hand.calls.append((event.seat, None))
        elif isinstance(event, ThrownIn):
            hand.thrown_in = event
        elif isinstance(event, BiddingWon):
            hand.won = event
        elif isinstance(event, UndealtTaken):
            hand.taken = event
        elif isinstance(event, Discarded):
            hand.discarded = event
        elif isinstance(event, CardPlayed):
            hand.plays.append(event)
        elif isinstance(event, TrickWon):
            hand.tricks.append(event)
        elif isinstance(event, HandScored):
            hand.scored = event
        elif isinstance(event, GameEnded):
            hand.ended = event
    return hands


def _tricks(hand: _Hand) -> list[list[tuple[int, Card]]]:
    plays = [(p.seat, p.card) for p in hand.plays]
    return [plays[i : i + 4] for i in range(0, len(plays), 4)]


def _awards(hand: _Hand, high_low: str) -> tuple[list[Award], list[int]]:
    """Rule 12, from a played hand's events: High, Low, Jack, Game, and each side's card points."""
    trump = hand.trump
    played_by = {str(p.card): p.seat for p in hand.plays}
    trumps = [p.card for p in hand.plays if _suit(p.card) == trump]
    if high_low == "in-play":
        high: str | None = str(max(trumps, key=_rank))
        low: str | None = str(min(trumps, key=_rank))
    else:
        high = "A" + trump if "A" + trump in played_by else None
        low = "7" + trump if "7" + trump in played_by else None
    jack: Award = ("jack", None, None)
    totals = [0, 0]
    for trick in _tricks(hand):
        side = _side(_trick_winner(trick, trump))
        cards = [c for _, c in trick]
        totals[side] += _points(cards)
        if "J" + trump in {str(c) for c in cards}:
            jack = ("jack", side, "J" + trump)
    totals[_side(hand.bidder)] += _points(hand.discards)
    game_side = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
    return [
        ("high", None if high is None else _side(played_by[high]), high),
        ("low", None if low is None else _side(played_by[low]), low),
        jack,
        ("game", game_side, None),
    ], totals


# -- playing ---------------------------------------------------------------------------------

Picker = Callable[[Smear, random.Random], Action]


def _cautious(game: Smear, rng: random.Random) -> Action:
    """RandomBot's choice: pass 60% of the time, else bid the minimum; any legal card or discard."""
    return _BOT.choose(game.legal_actions(), rng)


def _bold(game: Smear, rng: random.Random) -> Action:
    """Like :func:`_cautious`, but a third of the calls are any legal call (bids of 3 and 4 too)."""
    legal = game.legal_actions()
    if game.phase == "bidding" and rng.random() < 1 / 3:
        return legal[rng.randrange(len(legal))]
    return _BOT.choose(legal, rng)


def _new(seed: int, options: SmearOptions, deals: Sequence[Any] = ()) -> Smear:
    game = tablegames.new_game(SMEAR, seed=seed, deals=deals, **attrs.asdict(options))
    assert isinstance(game, Smear)
    return game


def _play_out(game: Smear, rng: random.Random, *, limit: int = 20_000) -> list[Action]:
    played: list[Action] = []
    while not game.is_over:
        action = _cautious(game, rng)
        game.apply(action)
        played.append(action)
        assert len(played) <= limit, "the match did not end"
    return played


def _play_steps(game: Smear, rng: random.Random, steps: int, pick: Picker = _cautious) -> list[Action]:
    played: list[Action] = []
    while len(played) < steps and not game.is_over:
        action = pick(game, rng)
        game.apply(action)
        played.append(action)
    return played


def _play_hands(case: SmearCase, hands: int) -> Smear:
    """A game of ``case`` played boldly until ``hands`` hands are over (or the match is)."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    while not game.is_over and game.hand_number <= hands:
        game.apply(_bold(game, rng))
    return game


def _heavy_game(case: SmearCase, data: st.DataObject) -> Smear:
    """A game of ``case`` whose first deal gives a seat many cards of one suit, and that seat the bid."""
    seat = data.draw(st.integers(min_value=0, max_value=3))
    deal = data.draw(suit_heavy_smear_deal_json(seat, case.options.seen_undealt))
    game = _new(case.seed, case.options, [deal])
    bid = data.draw(st.integers(min_value=2, max_value=4))
    while game.phase == "bidding":
        game.apply(Bid(bid) if game.current_player == seat else Pass())
    assert game.bidder == seat
    return game


def _thrower(game: Smear, rng: random.Random) -> Action:
    """A bidder probing rule 9: it discards the most of its longest suit allowed or one more, and leads it if it may."""
    legal = game.legal_actions()
    seat = game.current_player
    assert seat is not None
    if game.phase == "discard":
        longest, held = Counter(_suit(c) for c in game.hands[seat]).most_common(1)[0]
        by_count: dict[int, list[Action]] = {}
        for action in legal:
            assert isinstance(action, Discard)
            by_count.setdefault(sum(1 for c in action.cards if _suit(c) == longest), []).append(action)
        limit = max(0, held - 6)  # rule 9: one more than this, and the suit may not be led
        wanted = limit + 1 if limit + 1 in by_count and rng.random() < 0.75 else limit
        return rng.choice(by_count.get(wanted) or by_count[rng.choice(sorted(by_count))])
    if game.phase == "play" and game.trump is None and game.discards:
        thrown = Counter(_suit(c) for c in game.discards)
        return max(legal, key=lambda a: (thrown[_suit(a.card)] if isinstance(a, PlayCard) else 0, rng.random()))
    return _bold(game, rng)


def _full_log(game: Smear) -> str:
    return tablegames.dumps(game.log())


def _snapshot(game: Smear) -> tuple[Any, ...]:
    """Everything observable about a game through its public contract, as comparable values."""
    return (
        _full_log(game),
        tuple(tablegames.dumps(game.view(s)) for s in range(4)),
        tuple(tablegames.dumps(game.log(s)) for s in range(4)),
        tuple(game.legal_actions()),
        game.current_player,
        game.scores,
        game.is_over,
        game.winner,
    )


def _canonical(cards: Sequence[Card]) -> Discard:
    return Discard(tuple(sorted(cards, key=_DECK_INDEX.__getitem__)))


def _card_strings(data: Any) -> set[str]:
    """Every string in parsed JSON ``data`` (keys and values, at any depth) that names a card."""
    return strings_matching(data, _CARD_TEXT)


def _hidden_cards(game: Smear, seat: int) -> set[str]:
    """The cards ``seat`` may not know of now: other hands, the untouched undealt cards, others' discards."""
    hidden = {str(c) for s, hand in enumerate(game.hands) if s != seat for c in hand}
    hidden.update(str(c) for c in game.undealt[len(game.picked_up) :])
    if game.bidder != seat:
        hidden.update(str(c) for c in game.discards)
    return hidden


def _redacted(event: dict[str, Any], seat: int) -> dict[str, Any]:
    """A full event's JSON as ``seat`` must see it: others' hands, the undealt, others' pickup and discards null."""
    if event["type"] == "hand_dealt":
        return {**event, "hands": [h if s == seat else None for s, h in enumerate(event["hands"])], "undealt": None}
    if event["type"] in ("undealt_taken", "discarded") and event["seat"] != seat:
        return {**event, "cards": None}
    return event


def _from_hand_start(events: list[Any]) -> list[Any]:
    starts = [i for i, e in enumerate(events) if e["type"] == "hand_dealt"]
    return events[starts[-1] :]


# -- whole matches ------------------------------------------------------------------------------


def _combo_id(options: SmearOptions) -> str:
    wob = "wob" if options.win_only_on_bid else "any"
    cap = "cap" if options.cap_non_bidders else "nocap"
    return f"seen{options.seen_undealt}-{wob}-{cap}-{options.high_low}"


@pytest.mark.parametrize("combo", SMEAR_OPTION_COMBOS, ids=_combo_id)
@settings(max_examples=_PER_COMBO)
@given(seed=seeds, choice_seed=choice_seeds, target=smear_targets)
def test_every_match_ends_with_the_winner_of_rules_14_to_16(
    combo: SmearOptions, seed: int, choice_seed: int, target: int
) -> None:
    """Rules 14-16: under every option combination a match ends, won exactly when and by whom the rules say."""
    options = attrs.evolve(combo, target=target)
    game = _new(seed, options)
    _play_out(game, random.Random(choice_seed))
    winner = game.winner
    assert game.is_over
    assert winner in (0, 1)
    assert game.current_player is None
    assert list(game.legal_actions()) == []
    events = game.log().events
    assert events[-1] == GameEnded(winner, game.scores)
    assert sum(isinstance(e, GameEnded) for e in events) == 1
    last = events[-2]
    assert isinstance(last, HandScored)
    assert last.scores == game.scores
    scored = [e for e in events if isinstance(e, HandScored)]
    for hand in scored[:-1]:  # no earlier hand may have ended the match
        assert _winner(hand.scores, _side(hand.bidder), hand.made, options) is None, hand
    assert _winner(last.scores, _side(last.bidder), last.made, options) == winner
    assert game.scores[winner] >= target
    loser = 1 - winner
    if options.win_only_on_bid:  # rule 15: only in a hand the winner's side bid and made
        assert _side(last.bidder) == winner
        assert last.made
    elif game.scores[loser] >= target:  # rule 14: both reached; the higher wins, a tie goes to the bidder's side
        assert game.scores[winner] > game.scores[loser] or _side(last.bidder) == winner


@given(case=smear_cases)
def test_the_32_cards_are_accounted_for_after_every_step(case: SmearCase) -> None:
    """Rules 2, 6, 8: after every step each card is once in a hand, the untouched undealt, the discards or a trick."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    k = case.options.seen_undealt
    while True:
        taken = len(game.picked_up)
        assert taken in (0, k)
        assert game.picked_up == game.undealt[:taken]
        assert len(game.discards) in (0, taken)
        in_tricks = [c for _, cards in game.tricks for c in cards]
        assert all(len(cards) == 4 for _, cards in game.tricks)
        in_trick = [c for _, c in game.trick]
        everywhere = Counter(
            [c for hand in game.hands for c in hand]
            + list(game.undealt[taken:])
            + list(game.discards)
            + in_trick
            + in_tricks
        )
        assert everywhere == _DECK
        assert len(game.undealt) == 8
        assert [c for _, c in game.plays] == in_tricks + in_trick
        view = game.view(0)
        assert view.hand_sizes == tuple(len(h) for h in game.hands)
        if game.phase == "discard":
            assert game.bidder is not None
            assert [len(h) for h in game.hands] == [6 + k if s == game.bidder else 6 for s in range(4)]
        if game.is_over:
            break
        game.apply(_cautious(game, rng))


@given(case=smear_cases)
def test_scores_are_the_sums_of_the_hand_scored_changes(case: SmearCase) -> None:
    """Each side's score is the sum of the `changes` of the hand_scored events; each event's `scores` is that sum."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    running = [0, 0]
    while not game.is_over:
        for event in game.apply(_cautious(game, rng)):
            if isinstance(event, HandScored):
                running = [running[0] + event.changes[0], running[1] + event.changes[1]]
                assert event.scores == tuple(running)
        assert game.scores == tuple(running)
        assert game.view(0).scores == tuple(running)
    assert isinstance(game.log().events[-1], GameEnded)


@given(case=smear_cases, hands=st.integers(min_value=1, max_value=8))
def test_the_four_points_are_awarded_by_rule_12(case: SmearCase, hands: int) -> None:
    """Rule 12: High, Low, Jack and Game, recomputed from the full log, match every hand_scored event."""
    game = _play_hands(case, hands)
    played = [h for h in _hands_of(game.log().events) if h.scored is not None]
    for hand in played:
        scored = hand.scored
        assert scored is not None
        awards, totals = _awards(hand, case.options.high_low)
        got = [(a.point, a.side, None if a.card is None else str(a.card)) for a in scored.awards]
        assert got == awards, (hand.deal.hand_number, got, awards)
        assert list(scored.card_points) == totals
        assert sum(totals) + _points([c for c in hand.undealt if c not in hand.pickup]) == 80
        assert list(scored.won) == [sum(1 for _, side, _ in awards if side == s) for s in (0, 1)]
        assert scored.trump == hand.plays[0].card.suit


@given(case=smear_cases, hands=st.integers(min_value=1, max_value=8))
def test_settlement_and_the_end_of_the_match_follow_rules_13_to_16(case: SmearCase, hands: int) -> None:
    """Rules 13-16: each hand's changes, `made` and new scores, and whether the match ends there, as recomputed."""
    options = case.options
    game = _play_hands(case, hands)
    scores = [0, 0]
    played = [h for h in _hands_of(game.log().events) if h.scored is not None]
    for hand in played:
        scored = hand.scored
        assert scored is not None
        assert (scored.bidder, scored.bid) == (hand.bidder, hand.won.amount if hand.won else None)
        bidder_side = _side(hand.bidder)
        made = scored.won[bidder_side] >= scored.bid
        assert scored.made == made
        changes = _settle(scores, bidder_side, scored.bid, scored.won, options)
        assert list(scored.changes) == changes, (scores, scored)
        scores = [scores[0] + changes[0], scores[1] + changes[1]]
        assert list(scored.scores) == scores
        winner = _winner(scores, bidder_side, made, options)
        following = hand.events[hand.events.index(scored) + 1 :]
        if winner is None:
            assert hand.ended is None
            assert following == []  # the next hand is dealt at once
        else:
            assert following == [GameEnded(winner, tuple(scores))]
            assert hand is played[-1]
    assert game.scores == tuple(scores)


@given(case=smear_cases, hands=st.integers(min_value=1, max_value=8))
def test_hands_are_dealt_bid_and_numbered_by_rules_5_to_8(case: SmearCase, hands: int) -> None:
    """Rules 5-8: dealer, numbering, one call each from left of the dealer, rising bids, throw-ins, pickup, discard."""
    k = case.options.seen_undealt
    game = _play_hands(case, hands)
    events = game.log().events
    first = events[0]
    assert isinstance(first, DealerDrawn)
    dealt = _hands_of(events)
    assert dealt[0].deal.dealer == first.seat
    assert [h.deal.hand_number for h in dealt] == list(range(1, len(dealt) + 1))
    for hand, after in itertools.zip_longest(dealt, dealt[1:]):
        dealer = hand.deal.dealer
        assert Counter([*(c for s in range(4) for c in hand.dealt_to(s)), *hand.undealt]) == _DECK
        assert [len(hand.dealt_to(s)) for s in range(4)] == [6, 6, 6, 6]
        if after is None and game.phase == "bidding" and not game.is_over:
            assert hand.won is None and hand.thrown_in is None
            continue
        high: tuple[int, int] | None = None
        for i, (seat, amount) in enumerate(hand.calls):
            assert seat == (dealer + 1 + i) % 4
            if amount is not None:
                assert 2 <= amount <= 4
                assert high is None or amount > high[1]
                high = (seat, amount)
        assert len(hand.calls) == 4 or (high is not None and high[1] == 4 and hand.calls[-1] == high)
        assert 1 <= len(hand.calls) <= 4
        calls = len(hand.calls)
        if high is None:
            assert calls == 4
            assert hand.events[4:] == [ThrownIn(hand.deal.hand_number)]
            assert after is not None
            assert after.deal.dealer == dealer
            continue
        assert hand.events[calls] == BiddingWon(*high)
        bidder = high[0]
        rest = hand.events[calls + 1 :]
        if k:
            assert rest[0] == UndealtTaken(bidder, k, hand.undealt[:k])
            if len(rest) > 1:
                discarded = rest[1]
                assert isinstance(discarded, Discarded)
                assert (discarded.seat, discarded.count) == (bidder, k)
                assert discarded.cards is not None and len(set(discarded.cards)) == k
                assert set(discarded.cards) <= set(hand.held_after_pickup())
                rest = rest[2:]
            else:
                rest = []
        if rest:
            assert isinstance(rest[0], CardPlayed)
            assert rest[0].seat == bidder
        if after is not None:
            assert hand.scored is not None
            assert after.deal.dealer == (dealer + 1) % 4


@given(case=smear_cases, hands=st.integers(min_value=1, max_value=6), data=st.data())
def test_the_trump_discard_restriction_holds_on_every_first_lead(
    case: SmearCase, hands: int, data: st.DataObject
) -> None:
    """Rule 9: the bidder leads first, and discarded at most max(0, held - 6) cards of the suit it leads."""
    if not case.options.seen_undealt:  # without a pickup there is no discard to restrict
        case = attrs.evolve(case, options=attrs.evolve(case.options, seen_undealt=data.draw(st.integers(1, 3))))
    game = _heavy_game(case, data)
    rng = case.rng()
    while not game.is_over and game.hand_number <= hands:
        game.apply(_thrower(game, rng))
    k = case.options.seen_undealt
    for hand in _hands_of(game.log().events):
        if not hand.plays:
            continue
        lead = hand.plays[0]
        assert lead.seat == hand.bidder
        held = hand.held_after_pickup()
        assert len(held) == 6 + k
        assert len(hand.discards) == k
        thrown = sum(1 for c in hand.discards if _suit(c) == hand.trump)
        assert thrown <= max(0, sum(1 for c in held if _suit(c) == hand.trump) - 6), (held, hand.discards, lead)


@given(case=smear_cases, hands=st.integers(min_value=1, max_value=8))
def test_every_card_played_follows_suit_or_trumps(case: SmearCase, hands: int) -> None:
    """Rule 10: a player holding the suit led played that suit or a trump; nobody played a card not held."""
    game = _play_hands(case, hands)
    for hand in _hands_of(game.log().events):
        if not hand.plays:
            continue
        held = hand.held_at_first_lead()
        trump = hand.trump
        for trick in _tricks(hand):
            led = _suit(trick[0][1])
            for i, (seat, card) in enumerate(trick):
                assert card in held[seat], (seat, card, held[seat])
                if i > 0 and any(_suit(c) == led for c in held[seat]):
                    assert _suit(card) in (led, trump), (trick, seat, held[seat])
                held[seat].remove(card)
        if hand.scored is not None:
            assert held == [[], [], [], []]


@given(case=smear_cases, hands=st.integers(min_value=1, max_value=8))
def test_every_trick_is_won_by_the_rules_winner(case: SmearCase, hands: int) -> None:
    """Rule 11: the highest trump wins, else the highest of the suit led; the winner leads next; six tricks a hand."""
    game = _play_hands(case, hands)
    for hand in _hands_of(game.log().events):
        if not hand.plays:
            continue
        leader = hand.bidder
        tricks = _tricks(hand)
        complete = [t for t in tricks if len(t) == 4]
        assert len(hand.tricks) == len(complete)
        for trick, won in zip(complete, hand.tricks, strict=True):
            assert [s for s, _ in trick] == [(leader + i) % 4 for i in range(4)]
            winner = _trick_winner(trick, hand.trump)
            assert won == TrickWon(winner, _side(winner), tuple(c for _, c in trick)), (trick, won)
            leader = winner
        if len(tricks) > len(complete):
            assert [s for s, _ in tricks[-1]] == [(leader + i) % 4 for i in range(len(tricks[-1]))]
        assert (hand.scored is not None) == (len(complete) == 6)
        assert len(tricks) <= 6


@given(case=smear_cases)
def test_apply_returns_exactly_the_new_tail_of_the_log(case: SmearCase) -> None:
    """apply() returns the events it appended, the action's own event first, up to the next decision."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    action_events = (BidMade, BidPassed, Discarded, CardPlayed)
    while not game.is_over:
        before = game.log().events
        seat = game.current_player
        assert seat is not None
        action = _cautious(game, rng)
        returned = game.apply(action)
        after = game.log().events
        assert after[: len(before)] == before
        assert after[len(before) :] == returned
        first = returned[0]
        if isinstance(action, Bid):
            assert first == BidMade(seat, action.amount)
        elif isinstance(action, Pass):
            assert first == BidPassed(seat)
        elif isinstance(action, Discard):
            assert first == Discarded(seat, len(action.cards), _canonical(action.cards).cards)
        else:
            assert isinstance(action, PlayCard)
            assert first == CardPlayed(seat, action.card)
        assert not any(isinstance(e, action_events) for e in returned[1:])
        assert game.is_over or len(game.legal_actions()) > 0


# -- replay ---------------------------------------------------------------------------------------


def _go_on_together(original: Smear, replayed: Smear, rng: random.Random) -> None:
    while not original.is_over:
        action = _cautious(original, rng)
        assert tuple(replayed.legal_actions()) == tuple(original.legal_actions())
        assert replayed.apply(action) == original.apply(action)
    assert replayed.is_over
    assert _full_log(replayed) == _full_log(original)


@given(options=smear_options, seed=seeds, data=st.data(), choice_seed=choice_seeds, steps=st.integers(0, 100))
def test_replay_keeps_the_stacked_deals_not_yet_used(
    options: SmearOptions, seed: int, data: st.DataObject, choice_seed: int, steps: int
) -> None:
    """A full log carries the stacked deals not yet used, so a replayed game deals them just as the original would."""
    deals = [data.draw(smear_deal_json(dealer=False)) for _ in range(3)]
    game = _new(seed, options, deals)
    rng = random.Random(choice_seed)
    _play_steps(game, rng, steps, _bold)
    text = _full_log(game)
    used = game.hand_number
    pending = [(d["hands"], d["undealt"], d.get("dealer")) for d in json.loads(text)["deals"]]
    assert pending == [(d["hands"], d["undealt"], d.get("dealer")) for d in deals[used:]]
    replayed = tablegames.replay(tablegames.load_log(text))
    assert isinstance(replayed, Smear)
    assert _full_log(replayed) == text
    assert _snapshot(replayed) == _snapshot(game)
    _go_on_together(game, replayed, rng)


# -- hidden information ------------------------------------------------------------------------------


def _last_played(events: list[Any]) -> set[str]:
    """The cards played in the last hand that was scored (none if no hand was)."""
    played: set[str] = set()
    last: set[str] = set()
    for event in events:
        if event["type"] == "hand_dealt":
            played = set()
        elif event["type"] == "card_played":
            played.add(event["card"])
        elif event["type"] == "hand_scored":
            last = played
    return last


def _check_what_seats_see(game: Smear) -> None:
    full_events = json.loads(_full_log(game))["events"]
    last_played = _last_played(full_events)
    for seat in range(4):
        hidden = _hidden_cards(game, seat)
        view = json.loads(tablegames.dumps(game.view(seat)))
        last_hand = view.pop("last_hand")  # the last hand's played cards: public, and maybe dealt again since
        assert not _card_strings(view) & hidden, (seat, view)
        assert _card_strings(last_hand) <= last_played
        assert view["hand"] == [str(c) for c in game.hands[seat]]
        own = game.bidder == seat
        assert (view["picked_up"] is not None) == own and (view["discarded"] is not None) == own
        expected_legal = game.legal_actions() if seat == game.current_player else ()
        assert view["legal_actions"] == [tablegames.to_json(a) for a in expected_legal]
        log_text = tablegames.dumps(game.log(seat))
        log = json.loads(log_text)
        assert "seed" not in log
        assert "deals" not in log
        assert log["seat"] == seat
        leaked = _card_strings(_from_hand_start(log["events"])) & hidden
        assert not leaked, (seat, leaked)
        # past hands too: others' hands, the undealt stack, others' pickups and discards stay hidden for ever
        assert log["events"] == [_redacted(e, seat) for e in full_events]


@given(case=smear_cases, steps=st.integers(min_value=0, max_value=150))
def test_no_view_or_redacted_log_names_a_card_hidden_from_its_seat(case: SmearCase, steps: int) -> None:
    """No view or redacted log of a seat names another seat's card, an untouched undealt card or others' discards."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    _play_steps(game, rng, steps, _bold)
    for _ in range(12):
        _check_what_seats_see(game)
        if game.is_over:
            break
        game.apply(_bold(game, rng))


# -- the conformance kit --------------------------------------------------------------------
# Replay of the JSON log (byte for byte, then going on identically), the same seed and choices
# giving the same log, clone independence and indistinguishable deals within a hand are the
# kit's checks; this suite runs every check of the kit on Four Point Smear.

TestSmearConformance = conformance_tests(Smear, options=smear_options, examples=40)


# -- legality ----------------------------------------------------------------------------------------


def _reference_legal(game: Smear) -> set[Action]:
    """The legal actions by the rules (7-10), from the table state."""
    seat = game.current_player
    assert seat is not None
    hand = list(game.hands[seat])
    if game.phase == "bidding":
        bids = [amount for _, amount in game.auction.bids if amount is not None]
        return {Pass(), *(Bid(n) for n in range(max([1, *bids]) + 1, 5) if n >= 2)}
    if game.phase == "discard":
        k = len(game.picked_up)
        return {
            _canonical(combo)
            for combo in itertools.combinations(hand, k)
            if any(_lead_ok(_suit(c), hand, combo) for c in hand if c not in combo)
        }
    if not game.trick:
        if game.trump is None:  # the bidder's first lead: rule 9
            held = hand + list(game.discards)
            return {PlayCard(c) for c in hand if _lead_ok(_suit(c), held, game.discards)}
        return {PlayCard(c) for c in hand}
    led = _suit(game.trick[0][1])
    trump = "" if game.trump is None else game.trump.letter
    if any(_suit(c) == led for c in hand):
        return {PlayCard(c) for c in hand if _suit(c) in (led, trump)}
    return {PlayCard(c) for c in hand}


def _candidates(game: Smear, rng: random.Random) -> list[Action]:
    """Pass, bids 0 to 5, every card, every discard of the right size from the hand, and random discards."""
    seat = game.current_player
    assert seat is not None
    hand = game.hands[seat]
    out: list[Action] = [Pass(), *(Bid(n) for n in range(6)), *(PlayCard(c) for c in CARDS)]
    k = len(game.picked_up) if game.phase == "discard" else game.options.seen_undealt
    out.extend(_canonical(combo) for combo in itertools.combinations(hand, k))
    for _ in range(20):
        pool = list(hand) if rng.random() < 0.7 else list(CARDS)
        out.append(_canonical(rng.sample(pool, min(len(pool), rng.randrange(5)))))
    return out


def _check_legality_agrees(game: Smear, rng: random.Random) -> None:
    seat = game.current_player
    assert seat is not None
    legal = list(game.legal_actions())
    assert len(set(legal)) == len(legal), "legal actions are listed once each"
    legal_set = set(legal)
    assert legal_set == _reference_legal(game)
    for action in _candidates(game, rng):
        allowed = game.why_illegal(action, seat) is None
        assert allowed == (action in legal_set), (action, game.why_illegal(action, seat))
        if isinstance(action, Discard) and len(action.cards) > 1:  # the order of a discard does not matter
            backwards = Discard(action.cards[::-1])
            assert (game.why_illegal(backwards, seat) is None) == allowed, backwards


@given(case=smear_cases, steps=st.integers(min_value=0, max_value=150), data=st.data())
def test_legality_is_decided_in_one_place(case: SmearCase, steps: int, data: st.DataObject) -> None:
    """For every candidate action, why_illegal() is None exactly when legal_actions() lists it, as the rules say."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    for _ in range(steps):
        if game.is_over:
            break
        _check_legality_agrees(game, rng)
        game.apply(_bold(game, rng))
    game = _heavy_game(case, data)  # and a first hand whose bidder holds many cards of one suit
    while not game.is_over and game.hand_number == 1:
        _check_legality_agrees(game, rng)
        game.apply(_thrower(game, rng))


@given(case=smear_cases, steps=st.integers(min_value=0, max_value=300))
def test_every_legal_action_parses_from_its_json_form(case: SmearCase, steps: int) -> None:
    """action_from_json of a legal action's JSON (a discard's cards in any order too) is that action."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    _play_steps(game, rng, steps, _bold)
    for action in game.legal_actions():
        data = tablegames.to_json(action)
        assert game.action_from_json(data) is action
        assert game.action_from_json(data, seat=game.current_player) is action
        if isinstance(action, Discard):
            shuffled = rng.sample(data["cards"], len(data["cards"]))
            assert game.action_from_json({**data, "cards": shuffled}) is action


def _state(game: Smear) -> tuple[Any, ...]:
    """The game's state, cheaper to take than a snapshot."""
    return (
        game.log().events,
        game.current_player,
        game.scores,
        tuple(game.legal_actions()),
        tuple(tuple(h) for h in game.hands),
        game.undealt,
        game.picked_up,
        game.discards,
        tuple(game.trick),
        tuple(game.tricks),
        tuple(game.auction.bids),
        (game.phase, game.trump, game.bidder, game.bid, game.hand_number, game.dealer),
    )


def _assert_refused(game: Smear, attempt: Callable[[], object]) -> None:
    before = _state(game)
    with pytest.raises(tablegames.IllegalActionError) as info:
        attempt()
    assert isinstance(info.value, ValueError)
    assert _state(game) == before


@given(case=smear_cases, steps=st.integers(min_value=0, max_value=300))
def test_every_illegal_action_raises_and_changes_nothing(case: SmearCase, steps: int) -> None:
    """Every candidate action not in legal_actions() raises IllegalActionError (a ValueError) and changes nothing."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    _play_steps(game, rng, steps, _bold)
    before = _full_log(game)
    snap = _snapshot(game)
    legal = set(game.legal_actions())
    if game.is_over:
        return
    for action in _candidates(game, rng):
        if action not in legal:
            _assert_refused(game, partial(game.apply, action))
            _assert_refused(game, partial(game.action_from_json, tablegames.to_json(action)))
    assert _full_log(game) == before
    assert _snapshot(game) == snap


def _odd_actions(game: Smear) -> list[Any]:
    """Things that are not well-formed Smear actions, some shaped to pass the first checks of the phase."""
    k = len(game.picked_up)
    seat = game.current_player
    hand: list[Any] = [] if seat is None else game.hands[seat]
    odd_cards: list[Any] = [list(hand[:k]), tuple(str(c) for c in hand[:k]), tuple([str(c)] for c in hand[:k])]
    odd_cards.append((None,) * k)
    odd_values: list[Any] = ["2", 2.0, None, True, [2]]
    odd_card: list[Any] = ["AS", None, [str(c) for c in hand[:1]]]
    return [
        None,
        7,
        "pass",
        {"type": "pass"},
        *(Bid(v) for v in odd_values),
        *(PlayCard(v) for v in odd_card),
        *(Discard(v) for v in odd_cards),
    ]


@given(case=smear_cases, steps=st.integers(min_value=0, max_value=300), data=st.data())
def test_junk_actions_raise_and_change_nothing(case: SmearCase, steps: int, data: st.DataObject) -> None:
    """Junk JSON, near-miss JSON and malformed actions raise IllegalActionError, the log byte for byte unchanged."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    _play_steps(game, rng, steps, _bold)
    legal = game.legal_actions()
    start = _snapshot(game)
    for _ in range(5):
        junk: Any = data.draw(smear_json_junk | near_miss_smear_actions())
        before = _full_log(game)
        try:
            action = game.action_from_json(junk)
        except tablegames.IllegalActionError as exc:
            assert isinstance(exc, ValueError)
        else:
            assert action in legal
        assert _full_log(game) == before
        _assert_refused(game, partial(game.apply, junk))
        assert _full_log(game) == before
    for thing in _odd_actions(game):
        _assert_refused(game, partial(game.apply, thing))
    assert _snapshot(game) == start


@given(case=smear_cases, hands=st.integers(min_value=1, max_value=2))
def test_malformed_action_objects_raise_in_every_phase(case: SmearCase, hands: int) -> None:
    """apply() of a malformed action object (a field of the wrong type) raises IllegalActionError at every step."""
    game = _new(case.seed, case.options)
    rng = case.rng()
    while not game.is_over and game.hand_number <= hands:
        before = _full_log(game)
        for thing in _odd_actions(game):
            _assert_refused(game, partial(game.apply, thing))
        assert _full_log(game) == before
        game.apply(_bold(game, rng))


@given(case=smear_cases, steps=st.integers(min_value=0, max_value=300))
def test_only_the_current_seat_may_act(case: SmearCase, steps: int) -> None:
    """apply(..., seat=s) and action_from_json(..., seat=s) raise for every seat s but the current one."""
    game = _new(case.seed, case.options)
    _play_steps(game, case.rng(), steps, _bold)
    if game.is_over:
        for seat in range(4):
            _assert_refused(game, partial(game.apply, Pass(), seat=seat))
        return
    current = game.current_player
    action = game.legal_actions()[0]
    data = tablegames.to_json(action)
    before = _full_log(game)
    for seat in (*range(4), -1, 4):
        if seat != current:
            _assert_refused(game, partial(game.apply, action, seat=seat))
            _assert_refused(game, partial(game.action_from_json, data, seat=seat))
    assert _full_log(game) == before
    assert game.action_from_json(data, seat=current) is action
    game.apply(action, seat=current)


@given(case=smear_cases)
def test_a_finished_game_refuses_every_action(case: SmearCase) -> None:
    """Once the match is over, nothing is legal and every action or JSON form raises IllegalActionError."""
    game = _new(case.seed, case.options)
    _play_out(game, case.rng())
    assert isinstance(game.log().events[-1], GameEnded)
    assert game.phase == "over"
    before = _full_log(game)
    actions: list[Action] = [Pass(), Bid(2), Bid(4), PlayCard(CARDS[0]), Discard(CARDS[:2]), Discard(())]
    for action in actions:
        _assert_refused(game, partial(game.apply, action))
        _assert_refused(game, partial(game.action_from_json, tablegames.to_json(action)))
    for text in CARD_TEXTS[:4]:
        _assert_refused(game, partial(game.action_from_json, {"type": "play", "card": text}))
    assert _full_log(game) == before
