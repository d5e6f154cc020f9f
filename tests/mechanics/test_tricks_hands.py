"""Trick play from hand to hand: fresh() with one hand's settings, and refusals that name a card's effective suit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.cards import EUCHRE_RANKS, Card, Rank, Suit, euchre_deck, rank_order
from tablegames.mechanics.tricks import Follow, TrickPlay, counts_as, strength_by_rank

H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS
ORDER = rank_order(EUCHRE_RANKS)
PAIRS = (0, 1, 0, 1)
DECK = euchre_deck()


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def bowers(trump: Suit) -> tuple[Any, Any]:
    """Euchre's suit_of and strength for ``trump``: the jack of its colour is a trump, the two jacks on top."""

    def suit_of(card: Card) -> Suit | None:
        return trump if card.rank is Rank.JACK and card.suit is trump.partner else card.suit

    def strength(card: Card) -> int:
        if card.rank is Rank.JACK and suit_of(card) is trump:
            return 20 if card.suit is trump else 19
        return ORDER[card.rank]

    return suit_of, strength


def template(**kwargs: Any) -> TrickPlay:
    kwargs.setdefault("strength", strength_by_rank(ORDER))
    return TrickPlay(leader=0, side_of=PAIRS, hand_size=5, **kwargs)


# -- fresh() with one hand's settings ---------------------------------------------------------------


def test_a_lone_hand_sits_a_partner_out_for_that_hand_only() -> None:
    """fresh(sitting_out=...) skips the partner in that hand only: the template keeps its own seats."""
    base = template()
    lone = base.fresh(1, sitting_out={3})
    assert (lone.sitting_out, lone.size, lone.players) == (frozenset({3}), 3, 4)
    assert [lone.play(s, card) for s, card in zip((1, 2, 0), cards("9S KS AS"), strict=True)] == [None, None, 0]
    assert lone.why_not(3, c("9H"), cards("9H")) == "seat 3 sits out this hand"
    assert base.sitting_out == frozenset() and base.size == 4
    again = lone.fresh(1)  # a plain fresh keeps the hand it is made from
    assert again.sitting_out == frozenset({3})
    assert lone.fresh(3, sitting_out=()).size == 4 and base.fresh(3).size == 4


def test_fresh_refuses_bad_seats_sitting_out_and_a_leader_who_sits_out() -> None:
    """The seats sitting out are checked as at construction; the leader must be a seat that plays."""
    base = template()
    with pytest.raises(ValueError, match=r"the seats sitting out are some of seats 0 to 3, not all: \[4\]"):
        base.fresh(0, sitting_out={4})
    with pytest.raises(ValueError, match="not all"):
        base.fresh(0, sitting_out=range(4))
    with pytest.raises(ValueError, match="the leader is a seat from 0 to 3 that plays, not 2"):
        base.fresh(2, sitting_out={2})


def test_each_hand_brings_its_own_trumps_bowers() -> None:
    """fresh(suit_of=..., strength=...) plays the hand with another trump's bowers; the template keeps its own."""
    hearts = bowers(H)
    base = template(suit_of=hearts[0], strength=hearts[1], trump=H)
    spades = bowers(S)
    hand = base.fresh(0, trump=S, suit_of=spades[0], strength=spades[1])
    hand.play(0, c("AS"))
    assert hand.led is S and hand.legal(cards("JC KH")) == cards("JC")  # the jack of clubs is a spade
    assert [hand.play(s, card) for s, card in zip((1, 2, 3), cards("JC KS JS"), strict=True)] == [None, None, 3]
    assert base.suit_of is hearts[0] and base.fresh(1, trump=H).suit_of is hearts[0]


def test_the_same_change_is_built_once_and_shared() -> None:
    """Two hands with the same change share their settings; copies of a hand share them too."""
    suit_of, strength = bowers(D)
    base = template()
    first = base.fresh(0, sitting_out={2}, suit_of=suit_of, strength=strength)
    second = base.fresh(1, sitting_out=[2], suit_of=suit_of, strength=strength)
    assert first.sitting_out is second.sitting_out and first.copy().sitting_out is first.sitting_out
    assert base.fresh(0, sitting_out={1}).sitting_out is not first.sitting_out


def test_many_distinct_changes_are_not_all_kept() -> None:
    """A variant that makes new functions every hand still gets them; the template keeps a bounded number."""
    base = template()

    def shifted(n: int) -> Callable[[Card], int]:
        return lambda card: ORDER[card.rank] + n

    hands = [base.fresh(0, strength=shifted(n)) for n in range(200)]
    assert [h.strength(c("9S")) for h in hands[::50]] == [1, 51, 101, 151]


# -- refusals that name the effective suit ----------------------------------------------------------


def test_the_left_bower_is_named_when_it_is_why_a_card_must_follow() -> None:
    """Hearts led, hearts trump: holding the JD (a heart), a spade is refused, and the JD is said to count as hearts."""
    suit_of, strength = bowers(H)
    play = template(suit_of=suit_of, strength=strength, trump=H)
    play.play(0, c("AH"))
    assert (
        play.why_not(1, c("KS"), cards("KS JD"))
        == "seat 1 holds hearts, the suit led: play hearts; JD counts as hearts"
    )
    assert play.why_not(1, c("JD"), cards("KS JD")) is None


def test_the_left_bower_is_named_when_it_does_not_follow_its_printed_suit() -> None:
    """Diamonds led, hearts trump: the JD does not follow diamonds, and the refusal says it counts as hearts."""
    suit_of, strength = bowers(H)
    play = template(suit_of=suit_of, strength=strength, trump=H)
    play.play(0, c("AD"))
    assert play.why_not(1, c("JD"), cards("QD JD")) == (
        "seat 1 holds diamonds, the suit led: play diamonds; JD counts as hearts"
    )
    assert play.why_not(1, c("JD"), cards("KS JD")) is None  # void in diamonds: the JD is a heart, any card goes


def test_a_variant_gives_its_own_words_for_the_effective_suit() -> None:
    """suit_note(card, suit) words the note (Euchre: the left bower); a fresh hand may change it."""
    suit_of, strength = bowers(H)

    def note(card: Card, suit: Suit) -> str:
        return f"the {card} is a {suit.name.lower()[:-1]}, the left bower"

    play = template(suit_of=suit_of, strength=strength, trump=H, suit_note=note)
    play.play(0, c("9H"))
    assert play.why_not(1, c("AC"), cards("AC JD")) == (
        "seat 1 holds hearts, the suit led: play hearts; the JD is a heart, the left bower"
    )
    assert play.suit_note is note and template().suit_note is counts_as
    other = play.fresh(0, trump=H, suit_note=counts_as)
    other.play(0, c("9H"))
    assert other.why_not(1, c("AC"), cards("AC JD")).endswith("; JD counts as hearts")  # type: ignore[union-attr]


def test_printed_suits_add_no_note() -> None:
    """Without a suit_of, or when no card counts otherwise than printed, the refusal is the plain one."""
    play = template(follow=Follow.MUST_FOLLOW, trump=H)
    play.play(0, c("9C"))
    assert play.why_not(1, c("AH"), cards("AH KC")) == "seat 1 holds clubs, the suit led: play clubs"
    suit_of, strength = bowers(H)
    bowered = template(suit_of=suit_of, strength=strength, trump=H)
    bowered.play(0, c("9C"))
    assert bowered.why_not(1, c("JD"), cards("JD KC")) == "seat 1 holds clubs, the suit led: play clubs"


def test_counts_as() -> None:
    """The default words: the card, then the suit it counts as."""
    assert counts_as(c("JC"), S) == "JC counts as spades"


@given(
    trump=st.sampled_from(list(Suit)),
    lead=st.sampled_from(DECK),
    hand=st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True),
    pick=st.integers(0, 5),
)
def test_a_refusal_names_exactly_the_cards_counted_otherwise_that_matter(
    trump: Suit, lead: Card, hand: list[Card], pick: int
) -> None:
    """Refused iff not legal; the refusal notes each held card counted as another suit than printed, if it matters."""
    if lead in hand:
        hand.remove(lead)
    if not hand:
        return
    suit_of, strength = bowers(trump)
    play = template(suit_of=suit_of, strength=strength, trump=trump)
    play.play(0, lead)
    card = hand[pick % len(hand)]
    problem = play.why_not(1, card, hand)
    assert (problem is None) == (card in play.legal(hand))
    led = suit_of(lead)
    noted = [h for h in hand if (suit_of(h) == led) != (h.suit == led)]
    if problem is not None:
        assert problem.split("; ")[1:] == [counts_as(h, suit_of(h)) for h in noted]
        assert all(h.rank is Rank.JACK and h.suit is trump.partner for h in noted)
