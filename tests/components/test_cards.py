"""Playing cards: notation round trips, parse errors, interning, decks, rank orders and suit colours."""

from __future__ import annotations

import copy
import pickle
from typing import Any, cast

import pytest

from tablegames.components.cards import (
    EUCHRE_RANKS,
    PIQUET_RANKS,
    STANDARD_RANKS,
    Card,
    Colour,
    Rank,
    Suit,
    euchre_deck,
    make_deck,
    piquet_deck,
    rank_order,
    standard_deck,
)

_ALL_SUITED = [Card(rank, suit) for suit in Suit for rank in STANDARD_RANKS]


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", Rank.ACE, Suit.SPADES),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("7C", Rank.SEVEN, Suit.CLUBS),
        ("JD", Rank.JACK, Suit.DIAMONDS),
        ("KH", Rank.KING, Suit.HEARTS),
        ("QC", Rank.QUEEN, Suit.CLUBS),
        ("2S", Rank.TWO, Suit.SPADES),
    ],
)
def test_notation_is_rank_then_suit(text: str, rank: Rank, suit: Suit) -> None:
    """A card is written rank then suit: "AS", "10H", "7C", "JD"."""
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == text
    assert not card.is_joker


@pytest.mark.parametrize("card", _ALL_SUITED, ids=str)
def test_every_card_round_trips_through_its_notation(card: Card) -> None:
    """str(card) parses back to the same interned card, for all 52 suited cards."""
    assert Card.parse(str(card)) is card
    assert Card(card.rank, card.suit) is card


@pytest.mark.parametrize(
    ("text", "canonical"), [("7c", "7C"), ("as", "AS"), ("10h", "10H"), (" QD ", "QD"), ("jk1", "JK1")]
)
def test_parsing_is_lenient_about_case_and_spaces_and_output_is_canonical(text: str, canonical: str) -> None:
    """Lower case and surrounding spaces are accepted; the output is the canonical upper-case form."""
    assert str(Card.parse(text)) == canonical
    assert Card.parse(text) is Card.parse(canonical)


@pytest.mark.parametrize(
    "text", ["", "A", "S", "1S", "11H", "AX", "10", "1OH", "A S", "ASS", "TH", "0C", "JK0", "JK5", "KS,"]
)
def test_parse_errors_quote_the_input(text: str) -> None:
    """Anything that is not a card's notation raises ValueError quoting the input."""
    with pytest.raises(ValueError, match="not a card") as info:
        Card.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 14, b"AS", ["A", "S"]])
def test_parse_refuses_non_strings(value: object) -> None:
    """Card.parse takes text only."""
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(cast(Any, value))


def test_construction_refuses_impossible_cards() -> None:
    """A suited rank needs a suit; a joker has none; only jokers 1 to 4 exist."""
    with pytest.raises(ValueError, match="not a card"):
        Card(Rank.ACE, None)
    with pytest.raises(ValueError, match="not a card"):
        Card(Rank.JOKER, Suit.SPADES)
    with pytest.raises(ValueError, match="not a card"):
        Card.joker(5)
    with pytest.raises(ValueError, match="not a card"):
        Card(cast(Any, 99), Suit.HEARTS)


def test_cards_are_interned() -> None:
    """Every way of getting a card gives the same object: equality is identity."""
    card = Card.parse("AS")
    assert card is Card(Rank.ACE, Suit.SPADES)
    assert card is Card.parse("as")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert piquet_deck()[0] is card
    assert card in {Card.parse("AS")}
    assert Card.parse("AS") != Card.parse("AH")


def test_cards_are_frozen() -> None:
    """A card cannot be changed."""
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]


def test_repr_reads_like_code() -> None:
    """repr(card) is the expression that builds it."""
    assert repr(Card.parse("10H")) == "Card(Rank.TEN, Suit.HEARTS)"
    assert repr(Card.joker(2)) == "Card.joker(2)"


def test_jokers() -> None:
    """Jokers have no suit, are written JK1 to JK4 and round-trip."""
    for number in range(1, 5):
        joker = Card.joker(number)
        assert joker.is_joker
        assert joker.suit is None
        assert joker.rank is Rank.JOKER
        assert joker.joker_number == number
        assert str(joker) == f"JK{number}"
        assert Card.parse(str(joker)) is joker


def test_suit_letters_and_rank_text() -> None:
    """Suits are written S H D C; ranks A K Q J 10 ... 2."""
    assert [s.letter for s in Suit] == ["S", "H", "D", "C"]
    assert [r.text for r in PIQUET_RANKS] == ["A", "K", "Q", "J", "10", "9", "8", "7"]
    assert [r.text for r in STANDARD_RANKS[8:]] == ["6", "5", "4", "3", "2"]


def test_the_piquet_deck_has_32_distinct_cards() -> None:
    """The 32-card deck is A K Q J 10 9 8 7 in each of the four suits."""
    deck = piquet_deck()
    assert len(deck) == 32
    assert len(set(deck)) == 32
    assert {str(c) for c in deck} == {r + s for r in ("A", "K", "Q", "J", "10", "9", "8", "7") for s in "SHDC"}
    assert piquet_deck() is deck  # built once


@pytest.mark.parametrize(("jokers", "size"), [(0, 52), (1, 53), (2, 54), (4, 56)])
def test_the_standard_deck_sizes(jokers: int, size: int) -> None:
    """The standard deck has 52 distinct cards, plus the jokers asked for at the end."""
    deck = standard_deck(jokers=jokers)
    assert len(deck) == size
    assert len(set(deck)) == size
    assert [c for c in deck if c.is_joker] == [Card.joker(n) for n in range(1, jokers + 1)]
    assert all(not c.is_joker for c in deck[:52])
    assert set(deck[:52]) == set(_ALL_SUITED)


@pytest.mark.parametrize("jokers", [-1, 5, cast(Any, "2"), cast(Any, True)])
def test_bad_joker_counts_are_refused(jokers: int) -> None:
    """A deck takes 0 to 4 jokers, as an int."""
    with pytest.raises(ValueError, match="jokers"):
        make_deck(PIQUET_RANKS, jokers=jokers)


def test_make_deck_goes_suit_by_suit_in_the_rank_order_given() -> None:
    """make_deck lists every rank in every suit given, suit by suit, ranks in the order given."""
    deck = make_deck([Rank.SEVEN, Rank.ACE], suits=[Suit.CLUBS, Suit.HEARTS])
    assert [str(c) for c in deck] == ["7C", "AC", "7H", "AH"]
    with pytest.raises(ValueError, match="joker"):
        make_deck([Rank.ACE, Rank.JOKER])


def test_rank_order_is_data() -> None:
    """rank_order gives each rank a strength from a highest-first list: A > K > Q > J > 10 > 9 > 8 > 7."""
    order = rank_order(PIQUET_RANKS)
    assert set(order) == set(PIQUET_RANKS)
    strengths = [order[r] for r in PIQUET_RANKS]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 8
    assert order[Rank.ACE] > order[Rank.KING] > order[Rank.TEN] > order[Rank.NINE] > order[Rank.SEVEN]
    # Another order is just another list: the ten above the king, as in some games.
    custom = rank_order([Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN])
    assert custom[Rank.TEN] > custom[Rank.KING]
    assert Rank.SEVEN not in custom


# -- suit colours and the Euchre deck --------------------------------------------------------


def test_suit_colours() -> None:
    """Hearts and diamonds are red, spades and clubs black; each colour lists its two suits."""
    assert [s.colour for s in Suit] == [Colour.BLACK, Colour.RED, Colour.RED, Colour.BLACK]
    assert Colour.RED.suits == (Suit.HEARTS, Suit.DIAMONDS)
    assert Colour.BLACK.suits == (Suit.SPADES, Suit.CLUBS)
    assert repr(Colour.RED) == "Colour.RED"


@pytest.mark.parametrize("suit", list(Suit))
def test_partner_is_the_other_suit_of_the_same_colour(suit: Suit) -> None:
    """Suit.partner (the left bower's suit) has the same colour, is another suit, and pairs back."""
    partner = suit.partner
    assert partner is not suit
    assert partner.colour is suit.colour
    assert partner.partner is suit
    assert {suit, partner} == set(suit.colour.suits)


def test_the_euchre_deck() -> None:
    """The Euchre deck is the 24 cards 9 to A of each suit, make_deck(EUCHRE_RANKS), in notation."""
    deck = euchre_deck()
    assert deck == make_deck(EUCHRE_RANKS)
    assert len(deck) == len(set(deck)) == 24
    assert EUCHRE_RANKS == (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE)
    assert {c.rank for c in deck} == set(EUCHRE_RANKS)
    assert [str(c) for c in deck[:6]] == ["AS", "KS", "QS", "JS", "10S", "9S"]
    assert all(Card.parse(str(c)) is c for c in deck)
    assert set(deck) < set(piquet_deck())
