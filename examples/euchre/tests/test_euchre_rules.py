"""Euchre's pure rules: the bowers, the suit a card belongs to, the order of trump, the scoring."""

from __future__ import annotations

import pytest
from tablegames_euchre import (
    ORDER,
    STRENGTH,
    SUIT_OF,
    left_bower,
    right_bower,
    score_hand,
    strength,
    suit_of,
    winner_after_hand,
)

from tablegames.components.cards import Card, Rank, Suit, euchre_deck

TRUMP_ORDER = {
    Suit.HEARTS: "JH JD AH KH QH 10H 9H",
    Suit.DIAMONDS: "JD JH AD KD QD 10D 9D",
    Suit.SPADES: "JS JC AS KS QS 10S 9S",
    Suit.CLUBS: "JC JS AC KC QC 10C 9C",
}


@pytest.mark.parametrize("trump", list(Suit))
def test_trump_has_seven_cards_from_the_right_bower_down(trump: Suit) -> None:
    """The trump suit is the right bower, the left bower, then A K Q 10 9 (rule 3)."""
    trumps = [c for c in euchre_deck() if suit_of(c, trump) is trump]
    ranked = sorted(trumps, key=lambda c: -strength(c, trump))
    assert " ".join(map(str, ranked)) == TRUMP_ORDER[trump]
    assert ranked[0] == right_bower(trump) and ranked[1] == left_bower(trump)


@pytest.mark.parametrize("trump", list(Suit))
def test_the_suit_of_trumps_colour_has_five_cards_and_the_others_six(trump: Suit) -> None:
    """The left bower leaves its printed suit (rule 4): that suit has A K Q 10 9; the two others A K Q J 10 9."""
    for suit in Suit:
        if suit is trump:
            continue
        members = [str(c) for c in euchre_deck() if suit_of(c, trump) is suit]
        expected = "A K Q 10 9" if suit is trump.partner else "A K Q J 10 9"
        assert members == [f"{r}{suit.letter}" for r in expected.split()]
        ranked = sorted((Card.parse(m) for m in members), key=lambda c: -strength(c, trump))
        assert [str(c) for c in ranked] == members  # plain suits keep A K Q J 10 9


def test_the_tables_are_the_functions() -> None:
    """SUIT_OF and STRENGTH hold suit_of and strength for every trump and card."""
    for trump in Suit:
        for card in euchre_deck():
            assert SUIT_OF[trump][card] is suit_of(card, trump)
            assert STRENGTH[trump][card] == strength(card, trump)


def test_bowers_rank_above_every_plain_rank() -> None:
    """The right bower beats the left, which beats the ace (rule 18)."""
    assert strength(Card.parse("JS"), Suit.SPADES) > strength(Card.parse("JC"), Suit.SPADES) > ORDER[Rank.ACE]
    assert strength(Card.parse("JC"), Suit.HEARTS) == ORDER[Rank.JACK]  # a black jack with hearts trump is plain


@pytest.mark.parametrize(
    ("tricks", "alone", "expected"),
    [
        (0, False, ("euchre", False, 2)),
        (1, False, ("euchre", False, 2)),
        (2, False, ("euchre", False, 2)),
        (3, False, ("made", True, 1)),
        (4, False, ("made", True, 1)),
        (5, False, ("march", True, 2)),
        (0, True, ("euchre", False, 2)),
        (2, True, ("euchre", False, 2)),
        (3, True, ("made", True, 1)),
        (4, True, ("made", True, 1)),
        (5, True, ("march", True, 4)),
    ],
)
def test_score_hand(tricks: int, alone: bool, expected: tuple[str, bool, int]) -> None:
    """1 for 3 or 4 tricks, 2 for a march (4 alone), 2 to the defenders for a euchre, alone or not (rule 20)."""
    assert score_hand(makers_tricks=tricks, alone=alone) == expected


@pytest.mark.parametrize("tricks", [-1, 6, True])
def test_score_hand_refuses_impossible_counts(tricks: int) -> None:
    """A trick count outside 0 to 5 is a bug in the caller."""
    with pytest.raises(ValueError, match="the makers take 0 to 5 tricks"):
        score_hand(makers_tricks=tricks, alone=False)


def test_winner_after_hand() -> None:
    """The side that scored wins once it reaches the target, points past it kept (rule 21)."""
    assert winner_after_hand((10, 9), side=0, target=10) == 0
    assert winner_after_hand((13, 9), side=0, target=10) == 0
    assert winner_after_hand((9, 12), side=1, target=10) == 1
    assert winner_after_hand((9, 9), side=1, target=10) is None
