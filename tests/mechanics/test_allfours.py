"""The four points of the All Fours family: High, Low, Jack and Game, card points, setback, points won, the records."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.cards import PIQUET_RANKS, STANDARD_RANKS, Card, Rank, Suit, piquet_deck, rank_order
from tablegames.mechanics.allfours import (
    CARD_POINTS,
    POINTS,
    FourPoints,
    HandScored,
    LastHand,
    PointAward,
    card_points,
    describe_awards,
    points_won,
    setback,
)
from tablegames.mechanics.tricks import Follow, TrickPlay, strength_by_rank

ORDER = rank_order(PIQUET_RANKS)
IN_PLAY = FourPoints(order=ORDER)
ACE_SEVEN = FourPoints(order=ORDER, high=Rank.ACE, low=Rank.SEVEN)
PAIRS = (0, 1, 0, 1)
H = Suit.HEARTS


def c(text: str) -> Card:
    return Card.parse(text)


def _hand(cards: str) -> tuple[list[tuple[int, Card]], list[tuple[int, tuple[Card, ...]]]]:
    """Plays and tricks from tricks written "winner: c c c c | winner: ...", seats 0 to 3 in turn."""
    plays: list[tuple[int, Card]] = []
    tricks: list[tuple[int, tuple[Card, ...]]] = []
    for part in cards.split("|"):
        winner, played = part.split(":")
        trick = tuple(c(x) for x in played.split())
        plays.extend(zip(range(4), trick, strict=True))
        tricks.append((int(winner), trick))
    return plays, tricks


def test_high_and_low_in_play_go_to_the_side_that_played_them() -> None:
    """In play, High is the highest trump played and Low the lowest, to the player's side, not the trick's winner."""
    plays, tricks = _hand("1: 8H AS 9S KH | 3: QS JS 7D AD")
    (high, low, _, _), _ = IN_PLAY.award(trump=H, plays=plays, tricks=tricks, side_of=PAIRS)
    assert high == PointAward("high", 1, c("KH"))  # seat 3 played it
    assert low == PointAward("low", 0, c("8H"))  # seat 0 played it; seat 1 won the trick


def test_fixed_high_and_low_need_their_cards_played() -> None:
    """With fixed ranks, High and Low are those trumps if played, else nobody's."""
    plays, tricks = _hand("1: 8H AH 9S KH | 3: QS JS 7D AD")
    (high, low, _, _), _ = ACE_SEVEN.award(trump=H, plays=plays, tricks=tricks, side_of=PAIRS)
    assert high == PointAward("high", 1, c("AH"))
    assert low == PointAward("low", None, None)
    plays, tricks = _hand("1: 8H 7H 9S KH")
    (high, low, _, _), _ = ACE_SEVEN.award(trump=H, plays=plays, tricks=tricks, side_of=PAIRS)
    assert high == PointAward("high", None, None) and low == PointAward("low", 1, c("7H"))


def test_no_trump_played_gives_high_and_low_to_nobody() -> None:
    """In play with no trump among the plays, High and Low go to nobody."""
    plays, tricks = _hand("1: 8S AS 9S KS")
    (high, low, _, _), _ = IN_PLAY.award(trump=H, plays=plays, tricks=tricks, side_of=PAIRS)
    assert high.side is low.side is None and high.card is low.card is None


def test_jack_goes_to_the_side_that_took_it() -> None:
    """Jack is the jack of trump, to the side that won the trick holding it; nobody if it was not played."""
    plays, tricks = _hand("2: JH AS 9S KS")
    (_, _, jack, _), _ = IN_PLAY.award(trump=H, plays=plays, tricks=tricks, side_of=PAIRS)
    assert jack == PointAward("jack", 0, c("JH"))
    plays, tricks = _hand("3: JD AS 9S KH")
    (_, _, jack, _), _ = IN_PLAY.award(trump=H, plays=plays, tricks=tricks, side_of=PAIRS)
    assert jack == PointAward("jack", None, None)


def test_game_goes_to_the_most_card_points_with_cards_counted_apart() -> None:
    """Game is the most card points in tricks taken plus cards counted apart; a tie gives it to nobody."""
    plays, tricks = _hand("0: 10S 9S 8S 7S | 1: AS 9D 8D 7D")  # 10 against 4
    (*_, game), totals = IN_PLAY.award(trump=H, plays=plays, tricks=tricks, side_of=PAIRS)
    assert (game, totals) == (PointAward("game", 0, None), (10, 4))
    apart = ((1, (c("KD"), c("QD"), c("JD"))),)  # 6 more for side 1: 10 all
    (*_, game), totals = IN_PLAY.award(trump=H, plays=plays, tricks=tricks, side_of=PAIRS, counted_apart=apart)
    assert (game, totals) == (PointAward("game", None, None), (10, 10))


def test_game_with_three_sides_needs_a_single_leader() -> None:
    """With more than two sides, Game goes to the one side with the most; a tie for the most, to nobody."""
    plays = [(0, c("10S")), (1, c("AS")), (2, c("9S"))]
    one = IN_PLAY.award(trump=H, plays=plays, tricks=[(0, (c("10S"), c("AS"), c("9S")))], side_of=(0, 1, 2))
    assert one[0][3] == PointAward("game", 0, None) and one[1] == (14, 0, 0)
    tie = IN_PLAY.award(trump=H, plays=plays, tricks=[(0, (c("10S"),)), (1, (c("10S"),))], side_of=(0, 1, 2))
    assert tie[0][3].side is None


def test_card_points_use_the_table_given() -> None:
    """Card points default to ten 10, ace 4, king 3, queen 2, jack 1; a rule set may give its own table."""
    assert card_points([c("10S"), c("AS"), c("KS"), c("QS"), c("JS"), c("9S")]) == 20
    assert dict(CARD_POINTS) == {Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
    assert card_points([c("9S"), c("AS")], {Rank.NINE: 5}) == 5
    rules = FourPoints(order=ORDER, points={Rank.NINE: 1})
    plays, tricks = _hand("0: 9S AS 8S 7S")
    assert rules.award(trump=H, plays=plays, tricks=tricks, side_of=PAIRS)[1] == (1, 0)


def test_a_fixed_rank_outside_the_order_is_refused() -> None:
    """FourPoints refuses a High or Low rank its order does not hold."""
    with pytest.raises(ValueError, match="low is None or a rank of the order"):
        FourPoints(order=ORDER, low=Rank.TWO)
    assert FourPoints(order=rank_order(STANDARD_RANKS), low=Rank.TWO).low is Rank.TWO


def test_setback_and_points_won() -> None:
    """Setback: each side scores its points, the bidder's side loses its bid if not made; points_won counts them."""
    assert setback((3, 1), bidder_side=0, bid=3, made=True) == (3, 1)
    assert setback((2, 2), bidder_side=1, bid=3, made=False) == (2, -3)
    awards = [PointAward("high", 0, None), PointAward("low", None, None), PointAward("jack", 1, None)]
    assert points_won(awards, sides=2) == (1, 1) and points_won(awards, sides=3) == (1, 1, 0)


def test_the_records_and_their_text() -> None:
    """LastHand copies a hand_scored event's result; describe_awards words the points."""
    awards = (PointAward("high", 0, c("AH")), PointAward("low", 1, c("7H")), PointAward("jack", None, None))
    scored = HandScored(3, 1, 2, H, awards, (12, 8), (1, 1), False, (1, -2), (5, 4))
    assert LastHand.of(scored) == LastHand(3, awards, (1, 1), (12, 8), 1, 2, False, (1, -2))
    assert describe_awards(awards) == "high side 0 (AH), low side 1 (7H), jack nobody"
    assert POINTS == ("high", "low", "jack", "game")


@given(st.permutations(piquet_deck()), st.integers(0, 3), st.sampled_from([IN_PLAY, ACE_SEVEN]), st.randoms())
def test_a_played_hand_awards_consistent_points(
    deck: list[Card], leader: int, rules: FourPoints, rnd: random.Random
) -> None:
    """Over random hands played legally: High/Low are the extreme (or fixed) trumps played, Jack and Game agree
    with the tricks, every card point is counted once, and the points won are at most four."""
    hands = [list(deck[i * 6 : (i + 1) * 6]) for i in range(4)]
    play = TrickPlay(leader=leader, side_of=PAIRS, strength=strength_by_rank(ORDER), follow=Follow.FOLLOW_OR_TRUMP)
    play.trump = hands[leader][0].suit
    choose = rnd.choice
    while any(hands):
        seat = play.turn
        assert seat is not None
        play.play(seat, choose(play.legal(hands[seat])), hand=hands[seat])
    trump = play.trump
    assert trump is not None
    awards, totals = rules.award(trump=trump, plays=play.plays, tricks=play.tricks, side_of=PAIRS)
    trumps = {card: seat for seat, card in play.plays if card.suit == trump}
    high, low, jack, game = awards
    assert [a.point for a in awards] == list(POINTS)
    if rules.high is None:
        assert high.card == max(trumps, key=lambda t: ORDER[t.rank])
        assert low.card == min(trumps, key=lambda t: ORDER[t.rank])
    else:
        assert high.card == (Card(Rank.ACE, trump) if Card(Rank.ACE, trump) in trumps else None)
    for award in (high, low):
        assert award.side == (None if award.card is None else PAIRS[trumps[award.card]])
    jack_card = Card(Rank.JACK, trump)
    takers = [PAIRS[w] for w, cards in play.tricks if jack_card in cards]
    assert jack == (PointAward("jack", takers[0], jack_card) if takers else PointAward("jack", None, None))
    assert sum(totals) == card_points(card for _, card in play.plays)
    assert game.side == (None if totals[0] == totals[1] else int(totals[1] > totals[0]))
    assert sum(points_won(awards, sides=2)) <= 4
