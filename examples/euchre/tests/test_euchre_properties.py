"""Euchre properties over random matches: conservation, legality, scoring from events, replay, no leaks."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st
from tablegames_euchre import (
    Call,
    CardPlayed,
    Discard,
    Discarded,
    Euchre,
    EuchreOptions,
    GameEnded,
    HandDealt,
    HandScored,
    HandThrownIn,
    Pass,
    PlayCard,
    TrickWon,
    TrumpMade,
    UpCardTaken,
    suit_of,
)

from tablegames.bots import GreedyBot, RandomBot, Table
from tablegames.components.cards import Card, euchre_deck
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

DECK = frozenset(euchre_deck())
options = variant_options(Euchre, target=st.integers(1, 12))


def _pass_often(game: Game, legal: Sequence[Action], rng: random.Random) -> Action:
    """Pass four times in five while calling, so that hands are thrown in and dealers stuck; else at random."""
    assert isinstance(game, Euchre)
    if game.phase == "calling" and isinstance(legal[0], Pass) and rng.random() < 0.8:
        return legal[0]
    return legal[rng.randrange(len(legal))]


def random_match(seed: int, opts: EuchreOptions | dict[str, object], *, check: bool = False) -> Euchre:
    """A match from ``seed``, every action drawn at random (passing often); with ``check``, invariants at each step."""
    return play_random(Euchre, opts, seed=seed, policy=_pass_often, check=check_state if check else None)


def check_state(game: Euchre) -> None:
    """The 24 cards in one place each; the legal actions are exactly those of the rules, by phase."""
    places = game.piece_places()
    every = [c for cards in places.values() for c in cards]
    assert len(every) == 24 and set(every) == DECK
    seat = game.current_player
    assert seat is not None and seat != game.sitting_out
    legal = list(game.legal_actions())
    sizes = [len(h) for h in game.hands]
    if game.phase == "calling":
        up = game.up_card.suit
        round_ = game.view(seat).calling_round
        suits = {a.suit for a in legal if isinstance(a, Call)}
        assert suits == ({up} if round_ == 1 else {s for s in range(4)} - {up})
        assert (Pass() in legal) != game.must_call
        assert game.must_call == (round_ == 2 and seat == game.dealer and game.options.stick_the_dealer)
        assert any(a.alone for a in legal if isinstance(a, Call)) == game.options.alone
        assert sizes == [5, 5, 5, 5]
        return
    if game.phase == "discard":
        assert seat == game.dealer and sizes[seat] == 6
        assert {a.card for a in legal if isinstance(a, Discard)} == set(game.hands[seat]) and len(legal) == 6
        return
    assert game.phase == "play" and game.trump is not None and game.trick_play is not None
    assert all(n <= 5 for n in sizes)
    hand = game.hands[seat]
    cards = [a.card for a in legal if isinstance(a, PlayCard)]
    assert len(cards) == len(legal)
    trick = game.trick_play.trick
    if not trick:
        assert cards == hand
        return
    led = suit_of(trick[0][1], game.trump)
    following = [c for c in hand if suit_of(c, game.trump) == led]
    assert cards == (following or hand)


def hands_of(events: list[Event]) -> list[list[Event]]:
    """The events of each hand, from its ``hand_dealt``."""
    hands: list[list[Event]] = []
    for event in events:
        if isinstance(event, HandDealt):
            hands.append([])
        if hands:
            hands[-1].append(event)
    return hands


@settings(deadline=None)
@given(seed=seeds(), opts=options)
def test_random_matches_end_and_score_by_the_rules(seed: int, opts: EuchreOptions) -> None:
    """A played hand scores 1, 2 or 4 for one side by the makers' tricks, a throw-in none; first to the target wins."""
    game = random_match(seed, opts, check=seed % 4 == 0)
    events = list(game.log().events)
    scores = [0, 0]
    for number, hand in enumerate(hands_of(events), 1):
        dealt = hand[0]
        assert isinstance(dealt, HandDealt) and dealt.hand_number == number
        assert all(h is not None and len(h) == 5 for h in dealt.hands) and dealt.kitty is not None
        if number > 1:
            previous = hands_of(events)[number - 2][0]
            assert isinstance(previous, HandDealt) and dealt.dealer == (previous.dealer + 1) % 4
        made = [e for e in hand if isinstance(e, TrumpMade)]
        thrown = [e for e in hand if isinstance(e, HandThrownIn)]
        if thrown:
            assert not made and not opts.stick_the_dealer
            assert not any(isinstance(e, (CardPlayed, HandScored)) for e in hand)
            continue
        assert len(made) == 1
        call = made[0]
        assert not call.alone or opts.alone
        picked = [e for e in hand if isinstance(e, UpCardTaken)]
        out = (call.seat + 2) % 4 if call.alone else None
        assert bool(picked) == (call.round == 1 and out != dealt.dealer)
        assert bool(picked) == any(isinstance(e, Discarded) for e in hand)
        won = [e for e in hand if isinstance(e, TrickWon)]
        assert len(won) == 5 and all(len(t.cards) == (3 if call.alone else 4) for t in won)
        assert all(e.seat != out for e in hand if isinstance(e, CardPlayed))
        scored = [e for e in hand if isinstance(e, HandScored)]
        assert len(scored) == 1
        result = scored[0]
        makers = call.seat % 2
        taken = sum(1 for t in won if t.side == makers)
        assert result.tricks[makers] == taken and sum(result.tricks) == 5
        expected = ("march", makers, 4 if call.alone else 2) if taken == 5 else ("made", makers, 1)
        if taken < 3:
            expected = ("euchre", 1 - makers, 2)
        assert (result.result, result.side, result.points) == expected
        scores[result.side] += result.points
        assert result.scores == tuple(scores)
        if number < len(hands_of(events)):
            assert max(scores) < opts.target
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.scores == tuple(scores) == game.scores
    winner = game.winner
    assert winner is not None and scores[winner] >= opts.target > scores[1 - winner]


@settings(deadline=None, max_examples=20)
@given(seed=seeds(), opts=options)
def test_logs_replay_and_round_trip(seed: int, opts: EuchreOptions) -> None:
    """A full log survives JSON and replays to the same game; the same seed plays the same match."""
    check_log_replays(random_match(seed, opts), again=random_match(seed, opts))


@settings(deadline=None, max_examples=20)
@given(seed=seeds())
def test_a_replayed_game_goes_on_and_clones_are_independent(seed: int) -> None:
    """Mid-match, a replayed game and a clone each go on exactly like the original, which stays as it was."""
    game = Euchre.create(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 60)):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    check_goes_on_like_clone_and_replay(game, steps=40)


def _named_cards(value: object) -> set[Card]:
    """The cards of the deck that ``value``'s JSON form names."""
    return named_pieces(value, DECK)


@settings(deadline=None, max_examples=20)
@given(seed=seeds())
def test_a_seat_sees_only_its_cards_the_up_card_what_is_played_and_its_own_discard(seed: int) -> None:
    """In a seat's log another seat's card appears only once played; the kitty never; a discard to the dealer only."""
    game = random_match(seed, {"target": 6})
    full = game.log().events
    for seat in range(4):
        seen: set[Card] = set()
        for event, redacted in zip(full, game.log(seat).events, strict=True):
            if isinstance(event, HandDealt):
                own = event.hands[seat]
                assert own is not None and isinstance(redacted, HandDealt) and redacted.kitty is None
                assert all(h is None for s, h in enumerate(redacted.hands) if s != seat)
                seen = {*own, event.up_card}
            elif isinstance(event, CardPlayed):
                seen.add(event.card)
            elif isinstance(event, Discarded) and event.seat == seat:
                seen.add(event.card)  # type: ignore[arg-type]
            assert _named_cards(redacted) <= seen


@settings(deadline=None, max_examples=10)
@given(seed=seeds())
def test_views_name_no_hidden_card(seed: int) -> None:
    """At every step of a few hands, no seat's view names a card of hidden_pieces (its last_hand names none)."""
    game = Euchre.create(seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.hand_number <= 3:
        for seat in range(4):
            hidden = game.hidden_pieces(seat)
            assert not (_named_cards(game.view(seat)) & hidden)
            assert game.up_card not in hidden
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


def test_the_library_bots_play_whole_matches() -> None:
    """RandomBot and GreedyBot (Euchre's heuristic for calls and discards) finish matches from their seats."""
    for seed in range(4):
        game = Euchre.create({"stick_the_dealer": seed % 2 == 1}, seed=seed)
        Table(game, [RandomBot(), GreedyBot(), RandomBot(), GreedyBot()], rng=random.Random(seed)).play()
        assert game.is_over and game.winner in (0, 1)


def test_random_play_reaches_every_kind_of_hand() -> None:
    """Random matches meet throw-ins, stuck dealers, lone hands (the dealer sitting out too), euchres and marches."""
    kinds: set[str] = set()
    for seed in range(40):
        events = random_match(seed, {"target": 10, "alone": True, "stick_the_dealer": seed % 2 == 0}).log().events
        for hand in hands_of(list(events)):
            dealt = hand[0]
            assert isinstance(dealt, HandDealt)
            for event in hand:
                if isinstance(event, HandThrownIn):
                    kinds.add("thrown in")
                elif isinstance(event, TrumpMade):
                    kinds.update({"stuck"} if event.stuck else set())
                    kinds.update({"alone"} if event.alone else set())
                    if event.alone and event.round == 1 and (event.seat + 2) % 4 == dealt.dealer:
                        kinds.add("dealer out")
                elif isinstance(event, HandScored):
                    kinds.add(event.result)
    assert kinds == {"thrown in", "stuck", "alone", "dealer out", "made", "march", "euchre"}
