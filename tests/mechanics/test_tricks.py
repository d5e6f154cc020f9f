"""Tricks: the follow-suit policies and the trick winner, with and without trump."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.cards import PIQUET_RANKS, Card, Rank, Suit, rank_order
from tablegames.mechanics.tricks import Follow, legal_cards, lowest_winning, strength_by_rank, trick_winner

ORDER = rank_order(PIQUET_RANKS)
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def legal(hand: str, led: Suit | None, trump: Suit | None, policy: Follow) -> str:
    return " ".join(str(c) for c in legal_cards(cards(hand), led, trump, policy))


# -- the worked checks of RULES.md (Smear follows FOLLOW_OR_TRUMP) ------------------------------


def test_worked_check_holding_the_suit_led_follow_or_trump() -> None:
    """Smear rule 10 worked check: trump hearts, led 9C, hand 8C 7H KD: 8C and 7H."""
    assert legal("8C 7H KD", C, H, Follow.FOLLOW_OR_TRUMP) == "8C 7H"


def test_worked_check_void_in_the_suit_led_any_card() -> None:
    """Smear rule 10 worked check: trump hearts, led 9C, hand 7H KD: both."""
    assert legal("7H KD", C, H, Follow.FOLLOW_OR_TRUMP) == "7H KD"


def test_worked_check_trump_led() -> None:
    """Smear rule 10 worked check: trump hearts, led 9H, hand QH AC: only QH."""
    assert legal("QH AC", H, H, Follow.FOLLOW_OR_TRUMP) == "QH"


def test_worked_check_trick_winner() -> None:
    """Smear rule 11 worked check: KC AD QC 7H with trump hearts is won by 7H."""
    assert trick_winner(cards("KC AD QC 7H"), H, ORDER) == 3


# -- the policies ----------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", list(Follow))
def test_the_leader_may_play_any_card(policy: Follow) -> None:
    """Every policy: the player who leads (no suit led yet) may play any card."""
    assert legal("AS 7H KD 9C", None, H, policy) == "AS 7H KD 9C"
    assert legal("AS 7H KD 9C", None, None, policy) == "AS 7H KD 9C"


@pytest.mark.parametrize(
    ("hand", "led", "trump", "expected"),
    [
        ("AS 7H KD 9C 8C", C, H, "9C 8C"),  # holding clubs: clubs only, trumping not allowed
        ("AS 7H KD", C, H, "AS 7H KD"),  # void: anything
        ("AS 7H KD 9C", C, None, "9C"),  # no trump game
        ("AS 7H KH", H, H, "7H KH"),  # trump led: trumps
    ],
)
def test_must_follow(hand: str, led: Suit, trump: Suit | None, expected: str) -> None:
    """MUST_FOLLOW: holding the suit led, play it; void, play anything."""
    assert legal(hand, led, trump, Follow.MUST_FOLLOW) == expected


@pytest.mark.parametrize(
    ("hand", "led", "trump", "expected"),
    [
        ("AS 7H KD 9C 8C", C, H, "7H 9C 8C"),  # holding clubs: clubs or a trump
        ("AS KD 9C", C, H, "9C"),  # holding clubs and no trump: clubs
        ("AS 7H KD", C, H, "AS 7H KD"),  # void: anything
        ("AS 7H KD 9C", C, None, "9C"),  # no trump game: follow
        ("AS 7H KH 9C", H, H, "7H KH"),  # trump led: trumps
        ("AS KD 9C", H, H, "AS KD 9C"),  # trump led, no trump held: anything
    ],
)
def test_follow_or_trump(hand: str, led: Suit, trump: Suit | None, expected: str) -> None:
    """FOLLOW_OR_TRUMP: holding the suit led, play it or a trump; void, play anything."""
    assert legal(hand, led, trump, Follow.FOLLOW_OR_TRUMP) == expected


@pytest.mark.parametrize(
    ("hand", "led", "trump", "expected"),
    [
        ("AS 7H KD 9C 8C", C, H, "9C 8C"),  # holding clubs: clubs only
        ("AS 7H KH KD", C, H, "7H KH"),  # void in clubs, holding trumps: a trump
        ("AS KD", C, H, "AS KD"),  # void in clubs and trumps: anything
        ("AS 7H KD", C, None, "AS 7H KD"),  # no trump game: void means anything
        ("AS 7H KH 9C", H, H, "7H KH"),  # trump led
    ],
)
def test_must_follow_else_trump(hand: str, led: Suit, trump: Suit | None, expected: str) -> None:
    """MUST_FOLLOW_ELSE_TRUMP: follow if you can, else trump if you can, else anything."""
    assert legal(hand, led, trump, Follow.MUST_FOLLOW_ELSE_TRUMP) == expected


@pytest.mark.parametrize(("led", "trump"), [(C, H), (H, H), (C, None), (S, D)])
def test_any(led: Suit, trump: Suit | None) -> None:
    """ANY: any card at any time."""
    assert legal("AS 7H KD 9C 8C", led, trump, Follow.ANY) == "AS 7H KD 9C 8C"


def test_legal_cards_keep_the_hand_order_and_do_not_touch_the_hand() -> None:
    """legal_cards returns a new list in the hand's order; the hand is unchanged."""
    hand = cards("9C KD 7H AC")
    before = list(hand)
    result = legal_cards(hand, C, H, Follow.FOLLOW_OR_TRUMP)
    assert [str(c) for c in result] == ["9C", "7H", "AC"]
    assert hand == before
    everything = legal_cards(hand, None, H, Follow.ANY)
    assert everything == hand
    assert everything is not hand


def test_an_empty_hand_has_no_legal_card() -> None:
    """No cards, no legal plays."""
    assert legal_cards([], C, H, Follow.FOLLOW_OR_TRUMP) == []


def test_suit_of_changes_which_suit_a_card_follows() -> None:
    """The suit_of hook: a card may count as another suit (a Euchre left bower, JD as hearts)."""
    left_bower = Card.parse("JD")

    def suit_of(card: Card) -> Suit | None:
        return H if card is left_bower else card.suit

    hand = cards("JD AS KD")
    assert [str(c) for c in legal_cards(hand, H, H, Follow.MUST_FOLLOW, suit_of=suit_of)] == ["JD"]
    assert [str(c) for c in legal_cards(hand, D, H, Follow.MUST_FOLLOW, suit_of=suit_of)] == ["KD"]


# -- the trick winner --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "trump", "winner"),
    [
        ("9C KC 7C 8C", None, 1),  # no trump: the highest card of the suit led
        ("9C AD KS 8C", None, 0),  # off-suit aces do not win
        ("9C AD KS 8C", S, 2),  # one trump wins
        ("9C 7S AD 10S", S, 3),  # the highest of several trumps
        ("7S AD KD QS", S, 3),  # trump led: the highest trump
        ("AS KS QS JS", S, 0),
        ("7H 8H 9H 10H", H, 3),
        ("10H 9H", D, 0),  # rank 10 beats 9 (not alphabetical)
        ("7C AC", None, 1),
        ("KC", H, 0),  # a lone card wins
        ("KC AD QC 7H", H, 3),  # the worked check
        ("KC AD QC 7H", D, 1),  # the same cards with diamonds trump
        ("KC AD QC 7H", None, 0),  # and with no trump
    ],
)
def test_trick_winner(played: str, trump: Suit | None, winner: int) -> None:
    """The highest trump wins; without one, the highest card of the suit led."""
    assert trick_winner(cards(played), trump, ORDER) == winner


def test_trick_winner_uses_the_order_given() -> None:
    """The rank order is data: with the ten above the king, 10C beats KC."""
    order = rank_order([Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN])
    assert trick_winner(cards("KC 10C"), None, order) == 1
    assert trick_winner(cards("KC 10C"), None, ORDER) == 0


def test_trick_winner_strength_and_suit_hooks() -> None:
    """The hooks: a left bower counts as a trump and beats the ace of trump with its own strength."""
    left_bower = Card.parse("JD")

    def suit_of(card: Card) -> Suit | None:
        return H if card is left_bower else card.suit

    def strength(card: Card) -> int:
        return 100 if card is left_bower else ORDER[card.rank]

    assert trick_winner(cards("AH JD"), H, ORDER, suit_of=suit_of, strength=strength) == 1
    assert trick_winner(cards("AH JD"), H, ORDER) == 0


def test_an_empty_trick_has_no_winner() -> None:
    """trick_winner of no cards is a ValueError."""
    with pytest.raises(ValueError, match=r"^an empty trick has no winner$"):
        trick_winner([], H, ORDER)


def _printed(card: Card) -> Suit | None:
    """The printed suit, given as a hook (so legal_cards takes its general path)."""
    return card.suit


@pytest.mark.parametrize(
    ("hand", "led", "trump", "expected"),
    [
        ("9H 7S KD", C, S, "7S"),  # void in clubs, holding a trump: the trump only
        ("9H 7S 8S KD", C, S, "7S 8S"),
        ("9H KD", C, S, "9H KD"),  # void, no trump: anything
        ("9H 7S KD", C, None, "9H 7S KD"),  # no-trump game: void means anything
        ("9H 7C 7S", C, S, "7C"),  # holding the suit led: follow, even if a trump is held
    ],
)
def test_must_follow_else_trump_through_a_suit_hook(hand: str, led: Suit, trump: Suit | None, expected: str) -> None:
    """MUST_FOLLOW_ELSE_TRUMP gives the same cards through a suit_of hook as by printed suit."""
    found = legal_cards(cards(hand), led, trump, Follow.MUST_FOLLOW_ELSE_TRUMP, suit_of=_printed)
    assert " ".join(map(str, found)) == expected
    assert legal(hand, led, trump, Follow.MUST_FOLLOW_ELSE_TRUMP) == expected


@pytest.mark.parametrize("policy", [Follow.MUST_FOLLOW, Follow.FOLLOW_OR_TRUMP])
def test_void_means_any_card_through_a_suit_hook_unless_trump_is_forced(policy: Follow) -> None:
    """Void in the suit led, only MUST_FOLLOW_ELSE_TRUMP narrows the choice to trumps, through a hook too."""
    hand = cards("9H 7S KD")
    assert legal_cards(hand, C, S, policy, suit_of=_printed) == hand


def test_a_second_trump_beats_the_first_only_if_higher() -> None:
    """Once a trump leads the trick, a later trump wins only by rank: AS beats 9S played after it."""
    assert trick_winner(cards("7H AS 9S"), S, ORDER) == 1
    assert trick_winner(cards("7H 9S AS"), S, ORDER) == 2
    assert trick_winner(cards("7H 9S AH KS"), S, ORDER) == 3


def test_of_two_equal_cards_the_first_played_wins() -> None:
    """With duplicate cards (two decks), the first of two equal winning cards wins."""
    assert trick_winner(cards("KH AH AH"), None, ORDER) == 1
    assert trick_winner(cards("KH 9S 9S"), S, ORDER) == 1


_CARDS = [Card(rank, suit) for suit in Suit for rank in PIQUET_RANKS]


@given(
    hand=st.lists(st.sampled_from(_CARDS), max_size=8, unique=True),
    led=st.none() | st.sampled_from(list(Suit)),
    trump=st.none() | st.sampled_from(list(Suit)),
    policy=st.sampled_from(list(Follow)),
)
def test_the_printed_suit_shortcut_agrees_with_the_suit_of_hook(
    hand: list[Card], led: Suit | None, trump: Suit | None, policy: Follow
) -> None:
    """Without a hook, legal_cards takes a shortcut; an explicit hook giving the printed suit must agree."""
    assert legal_cards(hand, led, trump, policy) == legal_cards(hand, led, trump, policy, suit_of=lambda c: c.suit)


def test_the_last_trick_of_a_closed_trick_is_one_object_shared_by_copies() -> None:
    """Views of the same closed trick share one LastTrick (whose text dumps then keeps); a new trick gets its own."""
    from tablegames.mechanics.tricks import LastTrick, TrickPlay, strength_by_rank

    play = TrickPlay(leader=1, side_of=(0, 1), strength=strength_by_rank(rank_order(PIQUET_RANKS)))
    play.play(1, Card.parse("KC"))
    play.play(0, Card.parse("AC"))
    first = LastTrick.of(play)
    assert first is not None and first is LastTrick.of(play) is LastTrick.of(play.copy())
    assert [(c.seat, str(c.card)) for c in first.cards] == [(1, "KC"), (0, "AC")] and first.winner == 0
    play.play(0, Card.parse("7H"))
    assert LastTrick.of(play) is first  # an open trick changes nothing
    play.play(1, Card.parse("8H"))
    second = LastTrick.of(play)
    assert second is not None and second is not first
    assert [(c.seat, str(c.card)) for c in second.cards] == [(0, "7H"), (1, "8H")] and second.winner == 1


# -- the rule of thumb for following ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("playable", "trick", "trump", "expected"),
    [
        ("AC QC 8C", "JC", H, "QC"),  # the lowest club over the jack
        ("AC QC 8C", "JC KC", H, "AC"),  # only the ace beats the king
        ("8C 7C", "JC", H, "7C"),  # none wins: the lowest
        ("AS 7H 9H", "JC", H, "7H"),  # void in clubs: the lowest trump takes it
        ("AS 7H", "JC 8H", H, "AS"),  # the 7H would not beat the 8H: the lowest card, a plain one
        ("AS 8S 7H", "", H, "8S"),  # leading: the lowest card, a trump above every plain one
        ("AS 8S", "JC", None, "8S"),  # no trump: nothing beats the club led
    ],
)
def test_lowest_winning(playable: str, trick: str, trump: Suit | None, expected: str) -> None:
    """The lowest card that takes the trick so far, else the lowest card; a trump is above any plain card."""
    card = lowest_winning(cards(playable), cards(trick), trump, strength=strength_by_rank(ORDER))
    assert str(card) == expected


def test_lowest_winning_through_suit_and_strength_hooks() -> None:
    """A Euchre left bower (the JD, hearts trump) is a trump above the ace: it takes a spade lead and the AH."""
    bower = Card.parse("JD")

    def suit_of(card: Card) -> Suit | None:
        return H if card == bower else card.suit

    def strength(card: Card) -> int:
        return 20 if card == bower else ORDER[card.rank]

    assert str(lowest_winning(cards("AD JD"), cards("KS"), H, strength=strength, suit_of=suit_of)) == "JD"
    assert str(lowest_winning(cards("JD 9H"), cards("AH"), H, strength=strength, suit_of=suit_of)) == "JD"
    assert str(lowest_winning(cards("AD 9H"), cards("AH"), H, strength=strength, suit_of=suit_of)) == "AD"  # none wins
