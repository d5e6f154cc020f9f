"""The shared trick-play state: turns, following, winners by the variant's suit and strength, sides, sitting out."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.cards import (
    EUCHRE_RANKS,
    PIQUET_RANKS,
    Card,
    Rank,
    Suit,
    euchre_deck,
    piquet_deck,
    rank_order,
)
from tablegames.mechanics.tricks import Follow, TrickCard, TrickPlay, strength_by_rank, trick_winner

ORDER = rank_order(PIQUET_RANKS)
STRENGTH = strength_by_rank(ORDER)
PAIRS = (0, 1, 0, 1)
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def names(hand: list[Card]) -> str:
    return " ".join(map(str, hand))


def smear_play(leader: int = 0, trump: Suit | None = H, **kwargs: Any) -> TrickPlay:
    return TrickPlay(
        leader=leader, side_of=PAIRS, strength=STRENGTH, follow=Follow.FOLLOW_OR_TRUMP, trump=trump, **kwargs
    )


def euchre_rules(trump: Suit) -> tuple[Any, Any]:
    """A Euchre-like suit_of and strength: the jacks of the trump's colour are the top trumps."""
    order = rank_order(EUCHRE_RANKS)

    def suit_of(card: Card) -> Suit | None:
        return trump if card.rank is Rank.JACK and card.suit is trump.partner else card.suit

    def strength(card: Card) -> int:
        if card.rank is Rank.JACK and suit_of(card) is trump:
            return 20 if card.suit is trump else 19
        return order[card.rank]

    return suit_of, strength


def euchre_play(trump: Suit = H, leader: int = 0, **kwargs: Any) -> TrickPlay:
    suit_of, strength = euchre_rules(trump)
    return TrickPlay(
        leader=leader,
        side_of=PAIRS,
        strength=strength,
        suit_of=suit_of,
        follow=Follow.MUST_FOLLOW,
        trump=trump,
        **kwargs,
    )


def play_all(state: TrickPlay, text: str) -> list[int | None]:
    """Play the cards of ``text`` in turn order; each play's result."""
    results = []
    for card in cards(text):
        assert state.turn is not None
        results.append(state.play(state.turn, card))
    return results


# -- a new state ---------------------------------------------------------------------------------


def test_a_new_state() -> None:
    """Before the lead: the leader's turn, nothing led or played, no trick won, any card legal."""
    state = smear_play(leader=2)
    assert (state.turn, state.leader, state.led, state.winning) == (2, 2, None, None)
    assert state.trick == [] and state.plays == [] and state.tricks == []
    assert state.tricks_won == [0, 0]
    assert state.last_trick == () and state.last_winner is None and state.last_trick_cards() == ()
    assert names(state.legal(cards("AS 7H KD"))) == "AS 7H KD"
    assert (state.players, state.size, state.sitting_out, state.hand_size) == (4, 4, frozenset(), None)
    assert state.side_of == PAIRS and state.follow is Follow.FOLLOW_OR_TRUMP and state.strength is STRENGTH
    assert state.suit_of(c("AS")) is S
    assert not state.is_over


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"side_of": ()}, "side_of gives each seat a side"),
        ({"side_of": (0, -1)}, "side_of gives each seat a side"),
        ({"side_of": (0, "1")}, "side_of gives each seat a side"),
        ({"leader": 4}, "the leader is a seat from 0 to 3 that plays, not 4"),
        ({"leader": -1}, "the leader is a seat"),
        ({"leader": True}, "the leader is a seat"),
        ({"leader": 2, "sitting_out": {2}}, "the leader is a seat from 0 to 3 that plays, not 2"),
        ({"sitting_out": {4}}, "the seats sitting out are some of seats 0 to 3"),
        ({"sitting_out": {0, 1, 2, 3}}, "not all"),
        ({"follow": "must-follow"}, "follow is a Follow policy"),
        ({"hand_size": 0}, "hand_size is a positive int"),
        ({"hand_size": 2.0}, "hand_size is a positive int"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    """A bad side map, leader, set of seats sitting out, policy or hand size raises ValueError."""
    settings: dict[str, Any] = {"leader": 0, "side_of": PAIRS, "strength": STRENGTH, **kwargs}
    with pytest.raises(ValueError, match=message):
        TrickPlay(**settings)


def test_sides_are_any_map() -> None:
    """Every seat its own side (cut-throat) counts tricks for each of the three sides."""
    state = TrickPlay(leader=0, side_of=(0, 1, 2), strength=STRENGTH)
    assert state.tricks_won == [0, 0, 0]
    play_all(state, "7S AS 8S")
    assert state.tricks_won == [0, 1, 0]
    assert [str(x) for x in state.cards_won(1)] == ["7S", "AS", "8S"]


# -- the lead, the turn, following ----------------------------------------------------------------


def test_play_goes_clockwise_from_the_leader() -> None:
    """The leader plays first, then each seat clockwise; the trick holds (seat, card) in play order."""
    state = smear_play(leader=3)
    assert state.play(3, c("KC")) is None
    assert state.turn == 0 and state.led is C and state.leader == 3
    state.play(0, c("AD"))
    state.play(1, c("QC"))
    assert state.turn == 2
    assert state.trick == [(3, c("KC")), (0, c("AD")), (1, c("QC"))]
    assert state.trick_cards() == (TrickCard(3, c("KC")), TrickCard(0, c("AD")), TrickCard(1, c("QC")))


@pytest.mark.parametrize(
    ("policy", "hand", "expected"),
    [
        (Follow.FOLLOW_OR_TRUMP, "8C 7H KD", "8C 7H"),
        (Follow.MUST_FOLLOW, "8C 7H KD", "8C"),
        (Follow.MUST_FOLLOW_ELSE_TRUMP, "7H KD", "7H"),
        (Follow.ANY, "8C 7H KD", "8C 7H KD"),
    ],
)
def test_legal_follows_the_policy(policy: Follow, hand: str, expected: str) -> None:
    """After a club lead with hearts trump, legal() applies the state's following policy."""
    state = TrickPlay(leader=0, side_of=PAIRS, strength=STRENGTH, follow=policy, trump=H)
    state.play(0, c("9C"))
    assert names(state.legal(cards(hand))) == expected


def test_the_effective_suit_led_comes_from_suit_of() -> None:
    """Leading the left bower leads trump: the holder of trump must follow with it, not the bower's suit."""
    state = euchre_play(trump=H)
    state.play(0, c("JD"))  # the left bower: a heart
    assert state.led is H
    assert names(state.legal(cards("KD 9H AS"))) == "9H"
    assert names(state.legal(cards("KD AS"))) == "KD AS"  # void in hearts: anything


def test_the_left_bower_follows_trump_not_its_printed_suit() -> None:
    """On a diamond lead (hearts trump), the jack of diamonds is a heart: a holder of it and 9D must play 9D."""
    state = euchre_play(trump=H)
    state.play(0, c("AD"))
    assert names(state.legal(cards("JD 9D"))) == "9D"
    assert names(state.legal(cards("JD AS"))) == "JD AS"  # no diamond held: the bower is free


# -- winners ---------------------------------------------------------------------------------------


def test_the_highest_trump_wins() -> None:
    """Rule 11 worked check: KC AD QC 7H with hearts trump is won by 7H; the winner leads next."""
    state = smear_play(leader=1)
    results = play_all(state, "KC AD QC 7H")
    assert results == [None, None, None, 0]
    assert (state.turn, state.leader, state.led, state.trick) == (0, 0, None, [])
    assert state.tricks == [(0, (c("KC"), c("AD"), c("QC"), c("7H")))]
    assert state.tricks_won == [1, 0]
    assert state.last_winner == 0


def test_without_trump_the_highest_of_the_suit_led_wins() -> None:
    """No trump played: the highest card of the suit led wins; a higher card of another suit does not."""
    state = smear_play(leader=0, trump=S)
    assert play_all(state, "9C AD KC 10C") == [None, None, None, 2]
    state = smear_play(leader=0, trump=None)
    assert play_all(state, "9C AH KC 10C") == [None, None, None, 2]


def test_a_trump_lead_is_won_by_the_highest_trump() -> None:
    """Trump led: the highest trump wins, whatever else was played."""
    state = smear_play(leader=0, trump=H)
    assert play_all(state, "9H AS KH 10C") == [None, None, None, 2]


def test_strength_decides_between_trumps_so_bowers_win() -> None:
    """By the variant's strength: right bower over left bower over the ace of trump."""
    state = euchre_play(trump=H)
    assert play_all(state, "AH JD 9S JH") == [None, None, None, 3]
    state = euchre_play(trump=H)
    assert play_all(state, "AC JD AH 9C") == [None, None, None, 1]  # the left bower trumps a club lead


def test_winning_is_the_seat_ahead_so_far() -> None:
    """winning names the seat whose card holds the trick in progress."""
    state = smear_play(leader=0, trump=H)
    state.play(0, c("9C"))
    assert state.winning == 0
    state.play(1, c("KC"))
    assert state.winning == 1
    state.play(2, c("7H"))
    assert state.winning == 2
    state.play(3, c("AC"))
    assert state.winning is None  # the trick closed


# -- sides, the last trick ------------------------------------------------------------------------


def test_cards_won_per_side_and_the_last_trick() -> None:
    """Each side's cards are those of the tricks its seats won; the last trick keeps its seats."""
    state = smear_play(leader=0, trump=H)
    play_all(state, "AS KS QS JS")  # seat 0 wins
    play_all(state, "9C AC 10C 7H")  # seat 3 trumps
    state.play(3, c("8D"))
    assert state.tricks_won == [1, 1]
    assert names(state.cards_won(0)) == "AS KS QS JS"
    assert names(state.cards_won(1)) == "9C AC 10C 7H"
    assert state.last_trick == ((0, c("9C")), (1, c("AC")), (2, c("10C")), (3, c("7H")))
    assert state.last_trick_cards()[3] == TrickCard(3, c("7H"))
    assert state.last_winner == 3
    assert [card for _, card in state.plays] == cards("AS KS QS JS 9C AC 10C 7H 8D")


# -- seats that sit out ----------------------------------------------------------------------------


def test_a_seat_sitting_out_is_skipped_and_tricks_have_three_cards() -> None:
    """A lone hand: seat 2 sits out; the turn passes from 1 to 3 and a trick closes on its third card."""
    state = euchre_play(trump=S, leader=1, sitting_out={2})
    assert state.size == 3 and state.sitting_out == frozenset({2})
    state.play(1, c("AC"))
    assert state.turn == 3
    state.play(3, c("KC"))
    assert state.turn == 0
    assert state.play(0, c("9S")) == 0
    assert state.tricks == [(0, (c("AC"), c("KC"), c("9S")))]
    assert state.tricks_won == [1, 0]


def test_the_seat_after_a_lone_partner_leads_when_the_maker_is_to_its_right() -> None:
    """With seat 0 sitting out, seat 3 is followed by seat 1."""
    state = TrickPlay(leader=3, side_of=PAIRS, strength=STRENGTH, sitting_out=[0])
    state.play(3, c("7S"))
    assert state.turn == 1


def test_a_seat_sitting_out_may_not_play() -> None:
    """The partner of a lone hand is told it sits out."""
    state = euchre_play(trump=S, leader=1, sitting_out={3})
    assert state.why_not(3, c("AC"), cards("AC")) == "seat 3 sits out this hand"
    with pytest.raises(ValueError, match="seat 3 sits out this hand"):
        state.play(3, c("AC"))


# -- errors ------------------------------------------------------------------------------------------


def test_a_play_out_of_turn_is_refused_and_changes_nothing() -> None:
    """Only the seat whose turn it is may play; a refused play leaves the state as it was."""
    state = smear_play(leader=1)
    assert state.why_not(2, c("AS"), cards("AS")) == "it is seat 1's turn to play, not seat 2's"
    with pytest.raises(ValueError, match="it is seat 1's turn to play, not seat 2's"):
        state.play(2, c("AS"))
    assert state.plays == [] and state.turn == 1


def test_a_card_not_held_is_refused() -> None:
    """why_not names a card the seat does not hold; play with the hand refuses it."""
    state = smear_play(leader=0)
    hand = cards("AS 7H")
    assert state.why_not(0, c("KD"), hand) == "seat 0 does not hold KD"
    assert state.why_not(0, cast(Any, "AS"), hand) == "seat 0 does not hold AS"
    with pytest.raises(ValueError, match="does not hold KD"):
        state.play(0, c("KD"), hand=hand)
    assert hand == cards("AS 7H")


@pytest.mark.parametrize(
    ("policy", "hand", "card", "message"),
    [
        (Follow.FOLLOW_OR_TRUMP, "8C KD", "KD", "seat 1 holds clubs, the suit led: play clubs or a trump"),
        (Follow.MUST_FOLLOW, "8C 7H", "7H", "seat 1 holds clubs, the suit led: play clubs"),
        (Follow.MUST_FOLLOW_ELSE_TRUMP, "8C 7H", "7H", "seat 1 holds clubs, the suit led: play clubs"),
        (Follow.MUST_FOLLOW_ELSE_TRUMP, "KD 7H", "KD", "seat 1 has no clubs, the suit led, but a trump: play a trump"),
    ],
)
def test_a_card_that_does_not_follow_is_refused(policy: Follow, hand: str, card: str, message: str) -> None:
    """Each policy's refusal says what the seat must play."""
    state = TrickPlay(leader=0, side_of=PAIRS, strength=STRENGTH, follow=policy, trump=H)
    state.play(0, c("9C"))
    held = cards(hand)
    assert state.why_not(1, c(card), held) == message
    with pytest.raises(ValueError, match="the suit led"):
        state.play(1, c(card), hand=held)
    assert held == cards(hand) and state.turn == 1


def test_play_with_the_hand_removes_the_card() -> None:
    """A legal play given the hand takes the card out of it."""
    state = smear_play(leader=0)
    hand = cards("AS 7H")
    state.play(0, c("7H"), hand=hand)
    assert hand == cards("AS")


def test_the_hand_ends_after_its_tricks() -> None:
    """With hand_size, the turn is None after the last trick, and no further card may be played."""
    state = smear_play(leader=0, hand_size=2)
    play_all(state, "AS KS QS JS")
    assert not state.is_over and state.turn == 0
    play_all(state, "AH KH QH JH")
    assert state.is_over and state.turn is None
    assert state.why_not(0, c("7S"), cards("7S")) == "the hand's tricks are all played"
    with pytest.raises(ValueError, match="all played"):
        state.play(0, c("7S"))


# -- trump named late, copies, fresh hands ---------------------------------------------------------


def test_trump_may_be_named_by_the_first_lead() -> None:
    """Smear: trump is unset until the leader's first card, which the variant makes trump before playing it."""
    state = smear_play(leader=0, trump=None)
    assert state.trump is None
    state.trump = Suit.DIAMONDS
    assert play_all(state, "9D AS KS 7D") == [None, None, None, 0]


def test_copies_are_independent() -> None:
    """Playing on a copy changes neither the original's trick, plays, tricks, turn nor counts."""
    state = smear_play(leader=0)
    play_all(state, "AS KS QS JS 9C")
    before = (state.trick[:], state.plays[:], state.tricks[:], state.tricks_won[:], state.turn, state.led)
    twin = state.copy()
    play_all(twin, "AC 10C 7H")
    twin.trump = S
    assert twin.tricks_won == [1, 1] and twin.turn == 3
    assert (state.trick, state.plays, state.tricks, state.tricks_won, state.turn, state.led) == before
    assert state.trump is H


def test_fresh_starts_another_hand_with_the_same_settings() -> None:
    """fresh(): empty, led by the seat given, the same policy, functions and seats sitting out."""
    state = euchre_play(trump=H, sitting_out={1})
    play_all(state, "AH 9H 10H")
    new = state.fresh(2, trump=C)
    assert (new.turn, new.leader, new.trump, new.trick, new.plays, new.tricks, new.tricks_won) == (
        2,
        2,
        C,
        [],
        [],
        [],
        [0, 0],
    )
    assert new.sitting_out == frozenset({1}) and new.suit_of is state.suit_of and new.size == 3
    assert state.tricks_won == [1, 0]
    with pytest.raises(ValueError, match="the leader is a seat from 0 to 3 that plays, not 1"):
        state.fresh(1)


def test_strength_by_rank() -> None:
    """strength_by_rank gives every card its rank's strength, and refuses a rank outside the order."""
    strength = strength_by_rank(rank_order(EUCHRE_RANKS))
    assert [strength(x) for x in cards("AS KH QD JC 10S 9H")] == [6, 5, 4, 3, 2, 1]
    with pytest.raises(KeyError):
        strength(c("8S"))


# -- whole hands at random --------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    """A random table: a deck, a policy, a trump (or none), Euchre bowers or not, a seat sitting out or not."""
    euchre = draw(st.booleans())
    trump = draw(st.sampled_from([None, *Suit])) if not euchre else draw(st.sampled_from(list(Suit)))
    out = draw(st.sampled_from([(), (0,), (1,), (2,), (3,)]))
    return {
        "euchre": euchre,
        "trump": trump,
        "policy": draw(st.sampled_from(list(Follow))),
        "out": out,
        "leader": draw(st.sampled_from([s for s in range(4) if s not in out])),
        "seed": draw(st.integers(0, 2**32)),
    }


def _build(case: dict[str, Any]) -> tuple[TrickPlay, list[list[Card]], Any, Any, dict[Any, int]]:
    rng = random.Random(case["seed"])
    deck = list(euchre_deck() if case["euchre"] else piquet_deck())
    rng.shuffle(deck)
    size = 6 if case["euchre"] else 8
    dealt = [deck[i * size : (i + 1) * size] for i in range(4)]
    order = rank_order(EUCHRE_RANKS if case["euchre"] else PIQUET_RANKS)
    if case["euchre"]:
        suit_of, strength = euchre_rules(case["trump"])
    else:
        suit_of, strength = None, strength_by_rank(order)
    state = TrickPlay(
        leader=case["leader"],
        side_of=PAIRS,
        strength=strength,
        suit_of=suit_of,
        follow=case["policy"],
        trump=case["trump"],
        sitting_out=case["out"],
        hand_size=size,
    )
    return state, dealt, suit_of, strength, order


def _play_out(state: TrickPlay, hands: list[list[Card]], rng: random.Random) -> None:
    while not state.is_over:
        seat = state.turn
        assert seat is not None and seat not in state.sitting_out
        legal = state.legal(hands[seat])
        assert legal and all(state.why_not(seat, x, hands[seat]) is None for x in legal)
        for card in hands[seat]:
            if card not in legal:
                assert state.why_not(seat, card, hands[seat]) is not None
        state.play(seat, rng.choice(legal), hand=hands[seat])


@given(hands())
def test_random_whole_hands(case: dict[str, Any]) -> None:
    """Random legal whole hands: each card once, winners as trick_winner says, tricks and cards add up per side."""
    state, dealt, suit_of, strength, order = _build(case)
    hands_left = [h[:] for h in dealt]
    _play_out(state, hands_left, random.Random(case["seed"] + 1))
    playing = [s for s in range(4) if s not in case["out"]]
    assert all(hands_left[s] == [] for s in playing)
    played = [card for _, card in state.plays]
    assert sorted(played, key=str) == sorted((x for s in playing for x in dealt[s]), key=str)
    assert len(set(played)) == len(played)
    assert len(state.tricks) == state.hand_size == sum(state.tricks_won)
    assert sorted(state.cards_won(0) + state.cards_won(1), key=str) == sorted(played, key=str)
    leader = case["leader"]
    for number, (winner, trick) in enumerate(state.tricks):
        seats = [s for s, _ in state.plays[number * len(playing) : (number + 1) * len(playing)]]
        assert seats[0] == leader and sorted(seats) == playing
        kwargs = {} if suit_of is None else {"suit_of": suit_of}
        index = trick_winner(trick, case["trump"], order, strength=strength, **kwargs)
        assert seats[index] == winner
        leader = winner
    for side in (0, 1):
        assert state.tricks_won[side] == sum(1 for w, _ in state.tricks if PAIRS[w] == side)
    assert state.last_winner == state.tricks[-1][0]
    assert tuple(card for _, card in state.last_trick) == state.tricks[-1][1]


@given(hands(), st.integers(0, 40))
def test_copies_stay_independent_through_a_hand(case: dict[str, Any], stop: int) -> None:
    """A copy taken mid-hand and played out leaves the original exactly as it was, and the original can finish."""
    state, dealt, _, _, _ = _build(case)
    hands_left = [h[:] for h in dealt]
    rng = random.Random(case["seed"] + 2)
    for _ in range(stop):
        if state.is_over:
            break
        seat = state.turn
        assert seat is not None
        state.play(seat, rng.choice(state.legal(hands_left[seat])), hand=hands_left[seat])
    snapshot = (state.trick[:], state.plays[:], state.tricks[:], state.tricks_won[:], state.turn, state.led)
    twin = state.copy()
    _play_out(twin, [h[:] for h in hands_left], random.Random(case["seed"] + 3))
    assert (state.trick, state.plays, state.tricks, state.tricks_won, state.turn, state.led) == snapshot
    _play_out(state, hands_left, random.Random(case["seed"] + 4))
    assert sum(state.tricks_won) == state.hand_size
