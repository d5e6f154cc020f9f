"""Auction Pitch scenarios from stacked deals, with hand-checked points and scores."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from auction_pitch_support import PLAY_A, PLAY_A_NO_JACK, PLAY_A_SPLIT, deal, hands_a, moves, new, rotated
from tablegames_auction_pitch import (
    Bid,
    BiddingWon,
    BidMade,
    GameEnded,
    HandDealt,
    HandScored,
    LastTrick,
    Pass,
    PlayCard,
    PointAward,
    TrickCard,
    TrickWon,
)

from tablegames import IllegalActionError, dumps
from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event


def c(text: str) -> Card:
    return Card.parse(text)


def scored(events: Sequence[Event]) -> HandScored:
    found = [e for e in events if isinstance(e, HandScored)]
    assert len(found) == 1
    return found[0]


def test_high_low_jack_and_game_of_deal_a() -> None:
    """High and Jack to their takers, Low to the side dealt it (not the taker), Game to the most card points."""
    game = new(deal(hands_a(), dealer=3))
    assert game.current_player == 0
    moves(game, "bid 2", "pass", "pass", "pass")
    assert (game.bidder, game.bid, game.phase) == (0, 2, "play")
    events = moves(game, *PLAY_A)
    winners = [e.seat for e in events if isinstance(e, TrickWon)]
    assert winners == [3, 0, 1, 3, 3, 3]
    hand = scored(events)
    assert hand.trump is Suit.HEARTS
    assert hand.awards == (
        PointAward("high", 0, c("AH")),
        PointAward("low", 0, c("2H")),  # seat 3 took the 2H in trick 1; seat 0 was dealt it
        PointAward("jack", 0, c("JH")),
        PointAward("game", 1, None),
    )
    assert hand.card_points == (10, 29)
    assert hand.won == (3, 1)
    assert hand.made
    assert hand.changes == (3, 1)
    assert game.scores == (3, 1)
    assert game.last_hand is not None and game.last_hand.won == (3, 1)
    # the next hand is dealt by the next seat, shuffled from the seed
    assert game.hand_number == 2 and game.dealer == 0 and game.current_player == 1
    assert game.phase == "bidding" and game.bidder is None and game.trump is None


def test_the_view_carries_the_last_completed_trick_of_the_hand() -> None:
    """Each seat's view shows the last trick taken, its cards in play order and its winner; ``None`` after a deal."""
    game = new(deal(hands_a(), dealer=3))
    moves(game, "bid 2", "pass", "pass", "pass", "2H", "3H", "4H")
    assert all(game.view(seat).last_trick is None for seat in range(4))
    moves(game, "5H")
    first = LastTrick(
        cards=(TrickCard(0, c("2H")), TrickCard(1, c("3H")), TrickCard(2, c("4H")), TrickCard(3, c("5H"))), winner=3
    )
    assert [game.view(seat).last_trick for seat in range(4)] == [first] * 4
    moves(game, "QH", "AH")  # a trick under way leaves the last one shown
    assert game.view(1).last_trick == first
    moves(game, "KH", "JH")
    second = LastTrick(
        cards=(TrickCard(3, c("QH")), TrickCard(0, c("AH")), TrickCard(1, c("KH")), TrickCard(2, c("JH"))), winner=0
    )
    assert game.view(2).last_trick == second
    assert json.loads(dumps(game.view(2)))["last_trick"] == {
        "cards": [
            {"seat": 3, "card": "QH"},
            {"seat": 0, "card": "AH"},
            {"seat": 1, "card": "KH"},
            {"seat": 2, "card": "JH"},
        ],
        "winner": 0,
    }
    moves(game, *PLAY_A[8:])  # the hand ends; the next is dealt
    assert game.hand_number == 2
    assert all(game.view(seat).last_trick is None for seat in range(4))


def test_low_goes_to_the_side_dealt_it_in_a_two_two_split() -> None:
    """With the 2H dealt to seat 1, Low goes to side 1 although side 1 also takes it: 2 points each."""
    game = new(deal(hands_a("split"), dealer=3))
    events = moves(game, "bid 2", "pass", "pass", "pass", *PLAY_A_SPLIT)
    hand = scored(events)
    assert [a.side for a in hand.awards] == [0, 1, 0, 1]
    assert hand.awards[1] == PointAward("low", 1, c("2H"))
    assert hand.won == (2, 2) and hand.made and game.scores == (2, 2)


def test_a_jack_not_dealt_goes_to_nobody() -> None:
    """Without the jack of trump in play, only High, Low and Game are scored."""
    game = new(deal(hands_a("no-jack"), dealer=3))
    events = moves(game, "bid 2", "pass", "pass", "pass", *PLAY_A_NO_JACK)
    hand = scored(events)
    assert hand.awards[2] == PointAward("jack", None, None)
    assert hand.card_points == (9, 29)
    assert hand.won == (2, 1) and hand.changes == (2, 1)


def test_a_pitcher_short_of_the_bid_is_set_back() -> None:
    """Bidding 4 and winning 3, the pitcher's side loses 4; the other side still scores its point."""
    game = new(deal(hands_a(), dealer=3))
    events = moves(game, "bid 4")
    assert [type(e) for e in events] == [BidMade, BiddingWon]  # the highest bid ends the bidding
    hand = scored(moves(game, *PLAY_A))
    assert hand.won == (3, 1) and not hand.made
    assert hand.changes == (-4, 1)
    assert game.scores == (-4, 1)


def test_the_other_side_goes_out_when_the_pitcher_is_set() -> None:
    """A set pitcher cannot win; the other side reaching the target wins."""
    game = new(deal(hands_a(), dealer=3), target=1)
    events = moves(game, "bid 4", *PLAY_A)
    assert scored(events).changes == (-4, 1)
    assert game.is_over and game.winner == 1
    assert events[-1] == GameEnded(1, (-4, 1))
    assert game.current_player is None and game.legal_actions() == ()


def test_the_dealer_is_stuck_when_everyone_else_passes() -> None:
    """After three passes the dealer may neither pass nor bid more than 2; the bid is marked forced."""
    game = new(deal(rotated(hands_a(), 3), dealer=3))
    moves(game, "pass", "pass", "pass")
    assert game.current_player == 3
    assert game.view(3).must_bid and game.view(0).must_bid  # the view of the table is public
    assert list(game.legal_actions()) == [Bid(2)]
    with pytest.raises(IllegalActionError, match="every other seat passed: seat 3 must bid 2"):
        game.apply(Pass(), seat=3)
    with pytest.raises(IllegalActionError, match="must bid 2"):
        game.action_from_json({"type": "pass"}, seat=3)
    with pytest.raises(IllegalActionError, match="seat 3 is stuck with a bid of 2, not 4"):
        game.action_from_json({"type": "bid", "amount": 4}, seat=3)
    events = moves(game, "bid 2")
    assert events == [BidMade(3, 2), BiddingWon(3, 2, True)]
    # deal A moved to seat 3: seat 3 pitches with seat 0's cards and scores what seat 0 did
    hand = scored(moves(game, *PLAY_A))
    assert hand.bidder == 3 and hand.won == (1, 3) and hand.changes == (1, 3)


def test_a_dealer_who_outbids_is_not_forced() -> None:
    """A dealer who bids over someone's bid wins the bidding unforced."""
    game = new(deal(hands_a(), dealer=3))
    events = moves(game, "bid 2", "pass", "pass", "bid 3")
    assert events[-1] == BiddingWon(3, 3, False)


def test_follow_or_trump() -> None:
    """Holding the suit led: that suit or a trump; void: anything; trump led: trump if held."""
    hands = ("2H 3S 4S 5S 6S 7S", "9H 10H KS QS 2D 3D", "8C 9C 10C JC QC KC", "5H 6H 7H 8H AD KD")
    game = new(deal(hands, dealer=3))
    moves(game, "bid 2", "pass", "pass", "pass")
    assert {str(a.card) for a in game.legal_actions() if isinstance(a, PlayCard)} == set(hands[0].split())
    moves(game, "2H")
    assert game.trump is Suit.HEARTS
    assert [str(a.card) for a in game.legal_actions() if isinstance(a, PlayCard)] == ["10H", "9H"]
    with pytest.raises(IllegalActionError, match="seat 1 holds hearts, the suit led: play hearts or a trump"):
        game.apply(PlayCard(c("KS")), seat=1)
    moves(game, "9H")
    assert len(game.legal_actions()) == 6  # seat 2 is void in hearts
    moves(game, "8C", "5H")  # seat 1 wins with the 9H and leads
    moves(game, "KS", "9C", "6H")  # seat 3, void in spades, trumps
    assert [str(a.card) for a in game.legal_actions() if isinstance(a, PlayCard)] == ["7S", "6S", "5S", "4S", "3S"]
    moves(game, "3S")
    assert game.tricks[-1] == (3, (c("KS"), c("9C"), c("6H"), c("3S")))
    moves(game, "KD", "4S")  # seat 3 leads diamonds; seat 0 is void
    # seat 1 holds diamonds and a trump: it may trump although it can follow, but not discard a spade
    assert [str(a.card) for a in game.legal_actions() if isinstance(a, PlayCard)] == ["10H", "3D", "2D"]
    with pytest.raises(IllegalActionError, match="holds diamonds, the suit led"):
        game.apply(PlayCard(c("QS")), seat=1)
    moves(game, "10H")
    assert game.trick == [(3, c("KD")), (0, c("4S")), (1, c("10H"))]


def test_the_bidder_goes_out_first() -> None:
    """Both sides reach the target in one hand: the pitcher's side wins, with the lower score."""
    first = deal(rotated(hands_a("no-jack"), 1), dealer=0)
    game = new(first, deal(hands_a("split")), target=3)
    hand = scored(moves(game, "bid 2", "pass", "pass", "pass", *PLAY_A_NO_JACK))
    assert hand.bidder == 1 and hand.changes == (1, 2) and not game.is_over
    assert game.dealer == 1 and game.current_player == 2
    events = moves(game, "pass", "pass", "bid 2", "pass", *PLAY_A_SPLIT)
    hand = scored(events)
    assert hand.bidder == 0 and hand.changes == (2, 2)
    assert game.scores == (3, 4)
    assert game.winner == 0
    assert events[-1] == GameEnded(0, (3, 4))


def test_a_made_smudge_wins_the_match_at_once() -> None:
    """With the smudge option, a bid of 5 that wins all four points wins, far from the target."""
    hands = ("AH KH QH JH 10H 2H", "AS KS QS 2S 3S 4S", "AD KD QD 2D 3D 4D", "AC KC QC 2C 3C 4C")
    game = new(deal(hands, dealer=3), smudge=True)
    assert game.legal_actions()[-1] == Bid(5)
    assert str(Bid(5)) == "bid 5 (smudge)"
    assert moves(game, "bid 5")[-1] == BiddingWon(0, 5, False)
    plays = []
    for i, trump in enumerate(hands[0].split()):
        plays += [trump, hands[1].split()[i], hands[2].split()[i], hands[3].split()[i]]
    events = moves(game, *plays)
    hand = scored(events)
    assert hand.won == (4, 0) and hand.made and hand.changes == (4, 0)
    assert game.is_over and game.winner == 0 and game.scores == (4, 0)


def test_a_missed_smudge_is_set_back_five() -> None:
    """A smudge that misses one point costs 5."""
    game = new(deal(hands_a(), dealer=3), smudge=True)
    hand = scored(moves(game, "bid 5", *PLAY_A))
    assert hand.won == (3, 1) and not hand.made and hand.changes == (-5, 1)
    assert not game.is_over


def test_with_smudge_a_bid_of_4_does_not_end_the_bidding() -> None:
    """Only the smudge ends the bidding at once; over a 4, the next seat may smudge."""
    game = new(deal(hands_a(), dealer=3), smudge=True)
    moves(game, "bid 4")
    assert game.phase == "bidding" and game.current_player == 1
    assert list(game.legal_actions()) == [Pass(), Bid(5)]
    moves(game, "bid 5")
    assert (game.bidder, game.bid, game.phase) == (1, 5, "play")


def test_without_the_option_a_smudge_is_illegal() -> None:
    """A bid of 5 needs the smudge option."""
    game = new(deal(hands_a(), dealer=3))
    assert Bid(5) not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="smudge option"):
        game.apply(Bid(5))


def test_the_deal_event_and_the_views_hide_other_hands() -> None:
    """Each seat sees its own six cards in the deal event and its view, and no other seat's."""
    game = new(deal(hands_a(), dealer=3))
    for seat in range(4):
        dealt = next(e for e in game.log(seat).events if isinstance(e, HandDealt))
        assert [h is not None for h in dealt.hands] == [s == seat for s in range(4)]
        assert sorted(map(str, game.view(seat).hand)) == sorted(hands_a()[seat].split())
    assert game.view(0).legal_actions and not game.view(1).legal_actions


def test_illegal_plays_name_the_reason() -> None:
    """Cards not held, cards before the bidding ends, bids after it: refused with a reason."""
    game = new(deal(hands_a(), dealer=3))
    with pytest.raises(IllegalActionError, match="cards are played after the bidding"):
        game.apply(PlayCard(c("AH")))
    moves(game, "bid 2", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="seat 0 does not hold KH"):
        game.apply(PlayCard(c("KH")))
    with pytest.raises(IllegalActionError, match="the bidding is closed"):
        game.apply(Bid(3))
    with pytest.raises(IllegalActionError, match="not seat 1's"):
        game.apply(PlayCard(c("2H")), seat=1)
