"""The match's shared events and steps, and the auction's and trick play's events: tags, fields, JSON, text."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.cards import Card
from tablegames.core.errors import LogError
from tablegames.core.serde import dumps
from tablegames.mechanics.bidding import Auction, BiddingWon, BidMade, BidPassed, BidView, ForcedBiddingWon
from tablegames.mechanics.match import (
    DealerDrawn,
    GameEnded,
    HandDealt,
    card_problems,
    check_dealer,
    check_hands,
    deals_from_events,
    draw_dealer,
    render_cards,
)
from tablegames.mechanics.tricks import CardPlayed, TrickWon

AS, KH = Card.parse("AS"), Card.parse("KH")


def test_hand_dealt_shows_each_seat_its_own_cards() -> None:
    """A deal hides the other seats' cards from a seat; the full record shows them all."""
    dealt = HandDealt(2, 1, ((AS,), (KH,)))
    assert dealt.redact(0).hands == ((AS,), None) and dealt.redact(None) is dealt
    assert dealt.is_full() and not dealt.redact(1).is_full()
    assert dealt.describe() == "hand 2, dealt by seat 1 (seat 0: AS; seat 1: KH)"
    assert dealt.redact(1).describe() == "hand 2, dealt by seat 1 (seat 0: ?; seat 1: KH)"


def test_deals_from_events_take_the_first_dealer_only_right_before_a_deal() -> None:
    """A drawn dealer belongs to the deal right after it; a hidden deal is refused with its place."""
    events = [DealerDrawn(3), HandDealt(1, 3, ((AS,),)), HandDealt(2, 0, ((KH,),)), DealerDrawn(1)]
    assert deals_from_events(events, lambda e, d: (e.hand_number, d)) == [(1, 3), (2, None)]
    with pytest.raises(LogError, match=r"\$\.events\[1\].*a full log's deal shows every hand"):
        deals_from_events([DealerDrawn(0), HandDealt(1, 0, (None,))], lambda e, d: d)


@given(st.integers(0, 10**9), st.integers(2, 8))
def test_the_first_dealer_is_drawn_from_the_seed(seed: int, players: int) -> None:
    """The drawn first dealer is a seat, the same for the same seed; a stacked deal's dealer wins."""
    dealer = draw_dealer(seed, players)
    assert 0 <= dealer < players and draw_dealer(seed, players) == dealer
    assert draw_dealer(seed, players, players - 1) == players - 1


DECK = tuple(Card.parse(c) for c in ("AS", "KS", "QS", "KH"))


def test_card_problems_name_every_wrong_card_and_the_variants_rule() -> None:
    """Duplicates, missing and foreign cards in one message; the deck name, piece and rule are the variant's."""
    assert card_problems(DECK, DECK, complete=True) is None
    assert card_problems([AS, AS, Card.parse("2C")], DECK, complete=True) == (
        "duplicate cards AS; missing cards KS, QS, KH; cards outside the 4-card deck 2C"
    )
    assert card_problems([Card.parse("2C")], DECK, deck_name="Tiny", rule="a deal gives the 4 cards") == (
        "cards outside the 4-card Tiny deck 2C; a deal gives the 4 cards"
    )
    assert card_problems([AS], DECK, rule="never said") is None  # the rule comes only after a wrong card
    assert card_problems(["AS"], DECK) == "every piece must be a Card"
    assert card_problems(["AS"], DECK, piece="card", rule="unsaid") == "every card must be a Card"


def test_deal_shape_and_dealer_checks() -> None:
    """A stacked deal has one hand of the right size per seat, and a first dealer that is a seat or None."""
    assert check_hands(((AS,), (KH,)), game="Tiny", seats=2, size=1) is None
    assert check_hands(((AS,),), game="Tiny", seats=2, size=1) == "1 hands; Tiny deals one hand to each of 2 seats"
    assert check_hands(((AS,), (KH, AS)), game="Tiny", seats=2, size=1) == "hands[1] has 2 cards; each hand has 1"
    assert check_dealer(True, 2) == "dealer True is not a seat; seats are 0 to 1"
    assert check_dealer(1, 2) is None and check_dealer(None, 2) is None


def test_render_cards() -> None:
    """Cards in notation, ``?`` when hidden, ``-`` when none."""
    assert (render_cards([AS, KH]), render_cards(None), render_cards([])) == ("AS KH", "?", "-")


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (DealerDrawn(2), '{"type": "dealer_drawn", "seat": 2}'),
        (GameEnded(1, (9, 15)), '{"type": "game_ended", "winner": 1, "scores": [9, 15]}'),
        (BidMade(1, 3), '{"type": "bid_made", "seat": 1, "amount": 3}'),
        (BidPassed(0), '{"type": "bid_passed", "seat": 0}'),
        (BiddingWon(3, 2), '{"type": "bidding_won", "seat": 3, "amount": 2}'),
        (ForcedBiddingWon(3, 2, True), '{"type": "bidding_won", "seat": 3, "amount": 2, "forced": true}'),
        (CardPlayed(2, AS), '{"type": "card_played", "seat": 2, "card": "AS"}'),
        (TrickWon(1, 1, (AS, KH)), '{"type": "trick_won", "seat": 1, "side": 1, "cards": ["AS", "KH"]}'),
    ],
)
def test_the_shared_events_keep_their_json(event: object, text: str) -> None:
    """Each shared event's tag, fields and field order, as the logs of Smear and Auction Pitch hold them."""
    assert json.loads(dumps(event)) == json.loads(text)
    assert list(json.loads(dumps(event))) == list(json.loads(text))


def test_the_shared_events_in_words() -> None:
    """The events that describe themselves."""
    assert DealerDrawn(2).describe() == "seat 2 is drawn to deal first"
    assert GameEnded(0, (15, 3)).describe() == "side 0 wins the match (15, 3)"
    assert BidPassed(1).describe() == "seat 1 passes"
    assert CardPlayed(2, AS).describe() == "seat 2 plays AS"
    assert TrickWon(1, 1, (AS, KH)).describe() == "seat 1 takes the trick AS KH (side 1)"


def test_an_auction_says_whether_its_winner_was_stuck() -> None:
    """Auction.stuck: over, with a forced bid, and every seat before the winner passed; views list the calls."""
    stuck = Auction(players=3, first=1, minimum=2, maximum=4, forced_bid=2)
    stuck.pass_(1)
    stuck.pass_(2)
    assert not stuck.stuck
    stuck.bid(0, 2)
    assert stuck.stuck and stuck.views() == (BidView(1, None), BidView(2, None), BidView(0, 2))
    won = Auction(players=3, first=1, minimum=2, maximum=4, forced_bid=2)
    won.bid(1, 2)
    won.pass_(2)
    won.pass_(0)
    assert won.is_over and not won.stuck
    plain = Auction(players=2, first=0, minimum=2, maximum=4)
    plain.pass_(0)
    plain.bid(1, 2)
    assert not plain.stuck
