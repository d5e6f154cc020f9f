"""The trick game base: a new trick game is its settings and a hook or two, and gets the rest from the base."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest

import tablegames as tg
from tablegames.bots import WorldSampler
from tablegames.components.cards import PIQUET_RANKS, Card, Suit, piquet_deck, rank_order
from tablegames.core import registry
from tablegames.core.events import Action
from tablegames.core.game import int_option
from tablegames.mechanics.match import GameEnded, HandDealt
from tablegames.mechanics.passing import CardsPassed, PassCards
from tablegames.mechanics.trickfill import TrickFiller
from tablegames.mechanics.trickgame import TrickDeal, TrickGame, TricksScored, TrickView, trick_lines
from tablegames.mechanics.tricks import CardPlayed, PlayCard, TrickWon
from tablegames.testing import CHECKS, check_variant
from tests.bots.support import observe

# -- a Hearts-like game: passing, no trump, penalties per card, the lowest total wins -------------

_DECK = piquet_deck()
_QS = Card.parse("QS")


@attrs.frozen(kw_only=True)
class HeartsOptions:
    target: int = attrs.field(default=30, validator=int_option(1, 500))


class Hearts(TrickGame):
    """Hearts on 32 cards: pass 2 left, right, across, then hold; each heart 1, the QS 13; lowest total wins."""

    name: ClassVar[str] = "test-trick-hearts"
    options_class: ClassVar[type[Any]] = HeartsOptions
    lower_score_wins: ClassVar[bool] = True
    deck, order, hand_size, pass_count = _DECK, rank_order(PIQUET_RANKS), 8, 2
    card_points: ClassVar[dict[Card, int]] = {**{c: 1 for c in _DECK if c.suit is Suit.HEARTS}, _QS: 13}

    def pass_offset(self, hand_number: int) -> int | None:
        return (1, 3, 2, None)[(hand_number - 1) % 4]

    def first_leader(self) -> int:
        """The holder of the 7C (the lowest club) leads."""
        return next(s for s, hand in enumerate(self.hands) if Card.parse("7C") in hand)


# -- a Whist-like game: partnerships, trump chosen by a hook, tricks over the book score ------------


@attrs.frozen(kw_only=True)
class WhistOptions:
    target: int = attrs.field(default=5, validator=int_option(1, 50))


class Whist(TrickGame):
    """Partnerships, trump spades, hearts, diamonds, clubs in turn; a side scores its tricks over four."""

    name: ClassVar[str] = "test-trick-whist"
    options_class: ClassVar[type[Any]] = WhistOptions
    deck, order, hand_size, partnerships = _DECK, rank_order(PIQUET_RANKS), 8, True

    def choose_trump(self) -> Suit | None:
        return tuple(Suit)[(self.hand_number - 1) % 4]

    def settle_hand(self) -> None:
        assert self.trick_play is not None
        over = tuple(max(won - 4, 0) for won in self.trick_play.tricks_won)
        for side, points in enumerate(over):
            self.add_points(side, points)
        self.emit(TricksScored(self.hand_number, over, self.scores))


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The test games registered for one test (replay finds a game by its name), then removed again."""
    for cls in (Hearts, Whist):
        monkeypatch.setitem(registry._registered, cls.name, cls)
    yield


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


SUITS = TrickDeal(
    hands=tuple(cards(f"A{s} K{s} Q{s} J{s} 10{s} 9{s} 8{s} 7{s}") for s in "SHDC"),
    dealer=3,
)
"""Each seat holds one whole suit: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs."""


def play_out(game: TrickGame) -> None:
    """Play the hand out, each seat playing its first legal card (its highest of the first suit it may play)."""
    hand = game.hand_number
    while not game.is_over and game.hand_number == hand:
        game.apply(game.legal_actions()[0])


def test_a_hearts_hand_from_a_stacked_deal_scores_by_hand() -> None:
    """Passing left, the 7C's holder leads, each heart 1 and the QS 13 to the taker: seat 0 19, seat 3 2."""
    game = Hearts.create(seed=1, deals=[SUITS])
    assert game.phase == "passing" and game.current_player == 0  # the dealer's left chooses first
    for seat, chosen in ((0, "QS 7S"), (1, "7H AH"), (2, "AD KD"), (3, "7C 8C")):  # any order is accepted
        game.apply(PassCards(cards(chosen)), seat=seat)
    assert tuple(game.hands[0]) == cards("AS KS JS 10S 9S 8S 8C 7C")
    assert game.phase == "play" and game.current_player == 0  # seat 0 now holds the 7C
    play_out(game)
    # Tricks: AS QS AH AD, KS 7S 7H KD (0 takes QS 13 + 2 hearts); JS..8S with KH QH JH 10H (4 more):
    # seat 0 has 19. Then 8C 9H 8D 10C and 9C 7C 8H 7D go to seat 3's clubs: 2. 19 + 2 = 21, every point.
    scored = next(e for e in game.events if isinstance(e, TricksScored))
    assert scored.points == (19, 0, 0, 2) and game.scores == (19, 0, 0, 2)
    won = [e for e in game.events if isinstance(e, TrickWon)]
    assert [e.seat for e in won] == [0, 0, 0, 0, 0, 0, 3, 3]
    assert won[0].cards == cards("AS QS AH AD")


def test_the_lowest_total_wins_once_a_seat_reaches_the_target() -> None:
    """With target 15 the hand above ends the match: seats 1 and 2 have 0, and the first of them wins."""
    game = Hearts.create({"target": 15}, seed=1, deals=[SUITS])
    for chosen in ("QS 7S", "AH 7H", "AD KD", "8C 7C"):
        game.apply(PassCards(cards(chosen)))
    play_out(game)
    assert game.is_over and game.winner == 1 and game.phase == "over"
    assert game.events[-1] == GameEnded(1, (19, 0, 0, 2)) and game.legal_actions() == ()


def test_the_pass_rotates_and_a_hold_hand_has_none() -> None:
    """Hand 2 passes right, hand 3 across, hand 4 holds: its play starts at once."""
    game = Hearts.create({"target": 500}, seed=3)
    offsets = {}
    while game.hand_number <= 4:
        number = game.hand_number
        if game.phase == "passing" and game.passing is not None:
            offsets[number] = game.passing.offset
        game.apply(game.legal_actions()[0])
    assert offsets == {1: 1, 2: 3, 3: 2}
    passed = [e for e in game.events if isinstance(e, CardsPassed)]
    assert {(e.seat, e.receiver) for e in passed} == {(s, (s + k) % 4) for s in range(4) for k in (1, 3, 2)}


def test_passes_are_refused_with_reasons_and_cards_wait_for_the_play() -> None:
    """A pass of the wrong size, of a card not held, twice the same card, or a card played too soon: refused."""
    game = Hearts.create(seed=1, deals=[SUITS])
    cases = [
        ({"type": "pass_cards", "cards": ["AS"]}, "a pass is 2 cards"),
        ({"type": "pass_cards", "cards": ["AS", "AH"]}, "seat 0 does not hold AH"),
        ({"type": "pass_cards", "cards": ["AS", "AS"]}, "a pass is 2 different cards"),
        ({"type": "play", "card": "AS"}, "cards are played after the deal and any passing; now is the passing phase"),
    ]
    for data, message in cases:
        with pytest.raises(tg.IllegalActionError, match=message):
            game.action_from_json(data)
    assert game.action_from_json({"type": "pass_cards", "cards": ["7S", "AS"]}) == PassCards(cards("AS 7S"))
    with pytest.raises(tg.IllegalActionError, match="turn"):
        game.apply(PassCards(cards("AH KH")), seat=1)
    assert len(game.legal_actions()) == 28  # 8 cards choose 2


def test_a_pass_is_seen_by_its_giver_and_its_receiver_only() -> None:
    """Seat 0's pass reaches seat 1's view at once; the cards move once all four have passed."""
    game = Hearts.create(seed=1, deals=[SUITS])
    game.apply(PassCards(cards("QS 7S")))
    assert game.view(1).received == cards("QS 7S") and game.view(2).received == ()
    assert _QS in game.hands[0] and _QS not in game.hidden_pieces(1) and _QS in game.hidden_pieces(3)
    for chosen in ("AH 7H", "AD KD", "8C 7C"):
        game.apply(PassCards(cards(chosen)))
    for seat in range(4):
        log = game.log(seat).events
        moved = {e.seat: e.cards for e in log if isinstance(e, CardsPassed)}
        assert all((cards_ is not None) == (seat in (giver, (giver + 1) % 4)) for giver, cards_ in moved.items())
    view = game.view(1)
    assert view.passed == cards("AH 7H") and view.received == cards("QS 7S") and view.trump is None
    assert _QS not in game.hidden_pieces(0) and _QS in game.hidden_pieces(2)


def test_trump_comes_from_the_hook_and_sides_are_partnerships() -> None:
    """Whist's hand 1 has spades trump; seat 0's spades take every trick: its side scores 8 - 4 = 4."""
    game = Whist.create(seed=1, deals=[SUITS])
    assert game.trump is Suit.SPADES and game.current_player == 0 and game.sides == 2
    play_out(game)
    # Seat 0 leads a spade each trick and nobody else holds one: all 8 tricks to side 0, 4 over the book.
    assert game.scores == (4, 0) and game.view(0).trump is Suit.HEARTS and game.hand_number == 2
    assert isinstance(game.view(2), TrickView) and game.view(2).tricks_won == (0, 0)


def test_replay_and_clone_give_the_same_game() -> None:
    """A full log replays to the same log, passes and all; a clone goes on independently."""
    game = Hearts.create({"target": 40}, seed=9)
    while not game.is_over:
        copy = game.clone()
        game.apply(game.legal_actions()[-1])
        assert copy.log() != game.log()
    again = tg.replay(game.log())
    assert tg.dumps(again.log()) == tg.dumps(game.log())
    assert game.action_of(next(e for e in game.events if isinstance(e, CardsPassed)))[1].tag == "pass_cards"  # type: ignore[index]


def test_stacked_deals_are_checked() -> None:
    """A deal with a card twice, or a dealer that is no seat, is refused naming what is wrong."""
    twice = attrs.evolve(SUITS, hands=(SUITS.hands[0], SUITS.hands[0], *SUITS.hands[2:]))
    with pytest.raises(tg.InvalidOptionsError, match="duplicate cards"):
        Hearts.create(seed=1, deals=[twice])
    with pytest.raises(tg.InvalidOptionsError, match="dealer 4 is not a seat"):
        Hearts.create(seed=1, deals=[attrs.evolve(SUITS, dealer=4)])


def test_a_card_out_of_turn_or_not_following_is_refused() -> None:
    """The trick play's reasons: the turn, a card not held, following suit."""
    game = Whist.create(seed=1, deals=[SUITS])
    with pytest.raises(tg.IllegalActionError, match="seat 0 does not hold AH"):
        game.apply(PlayCard(Card.parse("AH")))
    game.apply(PlayCard(Card.parse("AS")))
    assert [str(a) for a in game.legal_actions()][:2] == ["play AH", "play KH"]  # void in spades: any card


def test_a_leader_sitting_out_passes_the_lead_to_the_next_seat_that_plays() -> None:
    """start_play: the leader's partner sitting out, or two seats out, move the lead clockwise (a lone hand)."""
    game = Whist.create(seed=1, deals=[SUITS])
    assert game.start_play(0, trump=Suit.HEARTS, sitting_out=(0,)) == 1
    assert game.trick_play is not None and game.trick_play.turn == 1 and game.trick_play.size == 3
    assert game.start_play(3, sitting_out=(3, 0)) == 1 and game.trick_play.trump is None
    assert game.start_play(2, sitting_out=(0,)) == 2


def test_a_card_added_to_a_hand_takes_its_place_in_deck_order() -> None:
    """add_to_hand keeps the hand sorted as the deck is (a dealer taking up the turned card)."""
    game = Whist.create(seed=1, deals=[SUITS])
    game.add_to_hand(1, cards("7C AS"))
    assert tuple(game.hands[1]) == cards("AS AH KH QH JH 10H 9H 8H 7H 7C")


def test_a_seats_view_in_lines() -> None:
    """The default render_view: the deal and trump, the seat's pass, then the play and its cards."""
    game = Hearts.create(seed=1, deals=[SUITS])
    labels = ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert Hearts.render_view(game.view(0), labels) == ["hand 1: seat 3 deals, no trump", "your cards  " + SPADES]
    for chosen in ("QS 7S", "7H AH", "AD KD", "7C 8C"):
        game.apply(PassCards(cards(chosen)))
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    assert Hearts.render_view(game.view(1), labels) == [
        "hand 1: seat 3 deals, no trump",
        "you passed AH 7H, received QS 7S",
        "trick: seat 0 KS",
        "last trick: seat 0 AS, seat 1 QS, seat 2 AH, seat 3 AD",
        "tricks: seat 0 1, seat 1 0, seat 2 0, seat 3 0",
        "your cards  7S KH QH JH 10H 9H 8H",
    ]
    whist = Whist.create(seed=1, deals=[SUITS])
    assert trick_lines(whist.view(0), ["seats 0+2", "seats 1+3"]) == [
        "trick: (no cards)",
        "tricks: seats 0+2 0, seats 1+3 0",
    ]
    assert Whist.render_view(whist.view(0), ["seats 0+2", "seats 1+3"])[0] == "hand 1: seat 3 deals, trump spades"


SPADES = "AS KS QS JS 10S 9S 8S 7S"


@attrs.frozen
class Knock(Action):
    """A test action of a fixed set: knock (with a reason, to be unhashable)."""

    tag: ClassVar[str] = "knock"
    reason: object = None


KNOCK = Knock()


class KnockingWhist(Whist):
    """Whist whose own actions include a knock, to see them interned."""

    name: ClassVar[str] = "test-trick-knocking-whist"
    own_actions: ClassVar[tuple[Action, ...]] = (KNOCK,)


def test_the_variants_own_actions_are_handed_out_once() -> None:
    """canonical gives the one instance of own_actions equal to a fresh action; others (unhashable too) as they are."""
    game = KnockingWhist.create(seed=1)
    assert game.canonical(Knock()) is KNOCK and game.canonical(PlayCard(_QS)) == PlayCard(_QS)
    unhashable = Knock(reason=["no"])
    assert game.canonical(unhashable) is unhashable
    fresh = Knock()
    assert Whist.create(seed=1).canonical(fresh) is fresh


@pytest.mark.parametrize(("variant", "options"), [(Hearts, {"target": 25}), (Whist, {"target": 3})])
def test_the_conformance_kit_passes_on_a_game_of_settings_and_hooks(variant: type[TrickGame], options: Any) -> None:
    """Cards conserved, nothing leaked (the passes included), replay, clones, worlds: every check passes."""
    outcomes = check_variant(variant, options=options, examples=3)
    assert outcomes == dict.fromkeys(CHECKS, "passed"), outcomes


# -- the family's greedy player -----------------------------------------------------------------


def _greedy(game: TrickGame) -> Action | None:
    seat = game.current_player
    assert seat is not None
    return type(game).heuristic_choice(observe(game, seat))


def test_the_family_player_passes_the_penalties_and_throws_them_on_a_trick_it_cannot_take() -> None:
    """Hearts from the one-suit deal: seat 0 passes its QS (13 points) and AS (the highest); after the passes of
    the stacked test above, seat 0 leads its weakest card without points, 7C; seat 1, void in clubs, throws the QS;
    seat 2, void too, its highest heart, AH; seat 3 must follow clubs and take the trick, so with its highest, AC."""
    game = Hearts.create(seed=1, deals=[SUITS])
    choice = _greedy(game)
    assert isinstance(choice, PassCards) and set(choice.cards) == set(cards("AS QS"))
    for seat, chosen in ((0, "QS 7S"), (1, "7H AH"), (2, "AD KD"), (3, "7C 8C")):
        game.apply(PassCards(cards(chosen)), seat=seat)
    for seat, expected in ((0, "7C"), (1, "QS"), (2, "AH"), (3, "AC")):
        assert game.current_player == seat and _greedy(game) == PlayCard(Card.parse(expected))
        game.apply(PlayCard(Card.parse(expected)))
    assert game.view(0).last_trick.winner == 3


def test_the_family_player_leads_high_throws_low_and_leaves_its_partners_trick() -> None:
    """Whist, spades trump, one suit a seat: seat 0 leads its strongest card outside trump, none, so AS; seats 1
    and 2 cannot win and throw their cheapest (7H, 7D); seat 3 cannot win either (7C). In the next trick seat 0 leads
    again (KS), seat 1 throws 8H, and seat 2, its partner winning, gives the card worth most (no card has points
    here) that does not beat it, the lowest: 8D."""
    game = Whist.create(seed=1, deals=[SUITS])
    for seat, expected in ((0, "AS"), (1, "7H"), (2, "7D"), (3, "7C"), (0, "KS"), (1, "8H"), (2, "8D")):
        assert game.current_player == seat and _greedy(game) == PlayCard(Card.parse(expected))
        game.apply(PlayCard(Card.parse(expected)))


@pytest.mark.parametrize("variant", [Hearts, Whist])
def test_the_family_player_answers_every_pass_and_card_and_ducks_where_it_can(variant: type[TrickGame]) -> None:
    """Over whole matches of random play, the family's player answers every decision with a legal action; in
    Hearts, a seat that may play under the trick's winning card never takes the trick."""
    answered = 0
    for seed in range(3):
        game = variant.create(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            choice = _greedy(game)
            assert choice is not None and choice in legal
            trick = game.trick_play.trick_cards() if game.phase == "play" and game.trick_play else ()
            if variant is Hearts and trick and isinstance(choice, PlayCard):
                led = trick[0].card.suit
                top = max(game.order[t.card.rank] for t in trick if t.card.suit == led)
                ducks = [a for a in legal if a.card.suit != led or game.order[a.card.rank] < top]  # type: ignore[attr-defined]
                if ducks:
                    assert choice in ducks
            answered += 1
            game.apply(rng.choice(legal))
    assert answered >= 150


# -- the family's log filler ------------------------------------------------------------------


def _positions(variant: type[TrickGame], seeds: range, every: int) -> Iterator[TrickGame]:
    """Positions of random matches, every ``every`` actions (in the passing and in the play)."""
    for seed in seeds:
        game = variant.create(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not game.is_over and step < 70:
            if step % every == 0:
                yield game
            game.apply(rng.choice(game.legal_actions()))
            step += 1


@pytest.mark.parametrize("variant", [Hearts, Whist])
def test_the_family_filler_draws_worlds_that_give_each_seat_its_own_log(variant: type[TrickGame]) -> None:
    """The bots' sampler uses the family's filler on a game of settings, and every world it draws, for every seat
    at positions of random matches, gives that seat its log byte for byte."""
    drawn = 0
    for game in _positions(variant, range(2), 7):
        for seat in range(4):
            log = game.log(seat)
            sampler = WorldSampler(log)
            assert not sampler.generic
            for k in range(2):
                world = sampler.sample(random.Random(k))
                assert tg.dumps(world.log(seat)) == tg.dumps(log)
                drawn += 1
    assert drawn >= 40


def test_the_family_filler_keeps_passes_voids_and_the_deal_by_construction() -> None:
    """Each filled Hearts hand (seat 0's log): the deal is the deck, four hands of 8, seat 0's own as dealt; a
    hidden pass is 2 cards its giver was dealt; every card a seat plays it held after the passes, and none of a
    suit it had shown void in."""
    checked = 0
    for game in _positions(Hearts, range(3), 3):
        events = game.log(0).events
        filler = Hearts.log_filler(events, seat=0, options=game.options)
        assert isinstance(filler, TrickFiller)
        start = max(i for i, e in enumerate(events) if isinstance(e, HandDealt))
        for k in range(5):
            hand = filler.fill_hand(random.Random(k))
            if hand is None:
                continue
            deal = hand[0]
            assert isinstance(deal, HandDealt) and deal.hands[0] == events[start].hands[0]  # type: ignore[attr-defined]
            held = [list(h or ()) for h in deal.hands]
            assert sorted(str(c) for h in held for c in h) == sorted(map(str, _DECK))
            assert {len(h) for h in held} == {8}
            passes = [e for e in hand if isinstance(e, CardsPassed)]
            assert all(e.cards is not None and len(e.cards) == 2 and set(e.cards) <= set(held[e.seat]) for e in passes)
            if len(passes) == 4:
                for e in passes:
                    for card in e.cards or ():
                        held[e.seat].remove(card)
                for e in passes:
                    held[e.receiver].extend(e.cards or ())
            led = None
            for event in hand:
                if isinstance(event, CardPlayed):
                    assert event.card in held[event.seat]
                    if led is None:
                        led = event.card.suit
                    elif event.card.suit != led:
                        assert all(c.suit != led for c in held[event.seat])  # it had no card of the suit led
                    held[event.seat].remove(event.card)
                elif isinstance(event, TrickWon):
                    led = None
            checked += 1
    assert checked >= 60


def test_the_family_filler_leaves_out_no_place_a_card_may_be() -> None:
    """After the passes of the one-suit deal, 7C led, QS and AH thrown (seats 1 and 2 void in clubs), AC takes it and
    leads KC: over 400 fills, every card seat 0 has not seen is, at some point, held now by every other seat that
    may hold it (not void in its suit), and never by one that may not: no consistent world is left out."""
    game = Hearts.create(seed=5, deals=[SUITS])
    for seat, chosen in ((0, "QS 7S"), (1, "7H AH"), (2, "AD KD"), (3, "7C 8C")):
        game.apply(PassCards(cards(chosen)), seat=seat)
    for card in ("7C", "QS", "AH", "AC", "KC"):
        game.apply(PlayCard(Card.parse(card)))
    assert game.current_player == 0
    events = game.log(0).events
    filler = Hearts.log_filler(events, seat=0, options=game.options)
    assert filler is not None
    start = max(i for i, e in enumerate(events) if isinstance(e, HandDealt))
    landed: set[tuple[int, Card]] = set()
    for k in range(400):
        hand = filler.fill_hand(random.Random(k))
        assert hand is not None and len(hand) == len(events) - start
        held = [list(h or ()) for h in hand[0].hands]  # type: ignore[attr-defined]
        passes = [e for e in hand if isinstance(e, CardsPassed)]
        for e in passes:
            for c in e.cards or ():
                held[e.seat].remove(c)
        for e in passes:
            held[e.receiver].extend(e.cards or ())
        for event in hand:
            if isinstance(event, CardPlayed):
                held[event.seat].remove(event.card)
        landed |= {(s, c) for s in (1, 2, 3) for c in held[s]}
    unseen = set(cards("KH QH JH 10H 9H 8H 7H QD JD 10D 9D 8D 7D AD KD QC JC 10C 9C"))
    allowed = {(s, c) for c in unseen for s in (1, 2, 3) if not (s in (1, 2) and c.suit is Suit.CLUBS)}
    assert landed == allowed | {(1, Card.parse("7S"))}  # seat 1 keeps the 7S seat 0 passed it
