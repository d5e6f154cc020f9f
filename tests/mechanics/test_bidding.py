"""Auctions: one speaking turn each, clockwise; strictly rising bids; early end on the maximum."""

from __future__ import annotations

from typing import Any, cast

import pytest

from tablegames.mechanics.bidding import Auction


def smear_auction(first: int = 1) -> Auction:
    return Auction(players=4, first=first, minimum=2, maximum=4)


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_seats_speak_once_each_clockwise_from_the_first(first: int) -> None:
    """Every seat speaks exactly once, clockwise from ``first``; then the auction is over."""
    auction = smear_auction(first)
    spoken = []
    while not auction.is_over:
        speaker = auction.speaker
        assert speaker is not None
        spoken.append(speaker)
        auction.pass_(speaker)
    assert spoken == [(first + i) % 4 for i in range(4)]
    assert auction.bids == [(s, None) for s in spoken]


def test_a_new_auction() -> None:
    """Before anyone speaks: the first seat speaks, any bid in range, no high bid, no winner."""
    auction = smear_auction(1)
    assert auction.speaker == 1
    assert auction.legal_bids() == (2, 3, 4)
    assert auction.high is None
    assert auction.winner is None
    assert not auction.is_over
    assert auction.bids == []


def test_bids_must_rise_strictly() -> None:
    """Each bid must beat the high bid; equal or lower bids are refused."""
    auction = smear_auction(1)
    auction.bid(1, 2)
    assert auction.legal_bids() == (3, 4)
    for amount in (2,):
        reason = auction.why_not(2, amount)
        assert reason is not None and "high bid of 2" in reason
        with pytest.raises(ValueError, match="high bid of 2"):
            auction.bid(2, amount)
    auction.pass_(2)
    auction.bid(3, 3)
    assert auction.legal_bids() == (4,)
    for amount in (2, 3):
        with pytest.raises(ValueError, match="high bid of 3"):
            auction.bid(0, amount)
    assert auction.why_not(0, 4) is None
    assert auction.why_not(0, None) is None
    auction.pass_(0)
    assert auction.is_over
    assert auction.winner == (3, 3)
    assert auction.bids == [(1, 2), (2, None), (3, 3), (0, None)]


@pytest.mark.parametrize("amount", [-1, 0, 1, 5, 100])
def test_bids_out_of_range_are_refused(amount: int) -> None:
    """Bids range from the minimum to the maximum."""
    auction = smear_auction(1)
    reason = auction.why_not(1, amount)
    assert reason is not None and "2 to 4" in reason
    with pytest.raises(ValueError, match="2 to 4"):
        auction.bid(1, amount)
    assert auction.bids == []
    assert auction.speaker == 1


@pytest.mark.parametrize("amount", [cast(Any, "3"), cast(Any, 3.0), cast(Any, True)])
def test_a_bid_must_be_an_int(amount: Any) -> None:
    """A bid that is not an int is refused, and the auction is unchanged."""
    auction = smear_auction(1)
    with pytest.raises(ValueError, match="int"):
        auction.bid(1, amount)
    assert auction.bids == []
    assert auction.speaker == 1


def test_a_bid_of_none_is_refused() -> None:
    """bid() refuses None (a pass goes through pass_); it must not record a high bid of None."""
    auction = smear_auction(1)
    with pytest.raises(ValueError):
        auction.bid(1, cast(Any, None))
    assert auction.bids == []
    assert auction.high is None
    assert auction.legal_bids() == (2, 3, 4)


def test_out_of_turn_calls_are_refused() -> None:
    """Only the speaker may bid or pass; the message names whose turn it is."""
    auction = smear_auction(1)
    for seat in (0, 2, 3):
        assert auction.why_not(seat, 2) == f"it is seat 1's turn to bid, not seat {seat}'s"
        assert auction.why_not(seat, None) == f"it is seat 1's turn to bid, not seat {seat}'s"
        with pytest.raises(ValueError, match="seat 1's turn"):
            auction.bid(seat, 2)
        with pytest.raises(ValueError, match="seat 1's turn"):
            auction.pass_(seat)
    assert auction.bids == []


@pytest.mark.parametrize("callers", [0, 1, 2, 3])
def test_a_bid_of_the_maximum_ends_the_auction_at_once(callers: int) -> None:
    """A bid of the maximum ends the auction: the later seats never speak."""
    auction = smear_auction(1)
    for seat in range(1, 1 + callers):
        auction.pass_(seat % 4)
    bidder = (1 + callers) % 4
    auction.bid(bidder, 4)
    assert auction.is_over
    assert auction.speaker is None
    assert auction.winner == (bidder, 4)
    assert len(auction.bids) == callers + 1
    assert auction.legal_bids() == ()
    for seat in range(4):
        assert auction.why_not(seat, None) == "the bidding is closed"
        with pytest.raises(ValueError, match="closed"):
            auction.pass_(seat)


def test_all_passing_has_no_winner() -> None:
    """If everyone passes the auction is over with no winner (a throw-in)."""
    auction = smear_auction(3)
    for seat in (3, 0, 1, 2):
        auction.pass_(seat)
    assert auction.is_over
    assert auction.winner is None
    assert auction.high is None
    with pytest.raises(ValueError, match="closed"):
        auction.bid(3, 2)


def test_the_last_speaker_may_win() -> None:
    """The last seat (the dealer) speaks and may take the bid; then the bidding closes."""
    auction = smear_auction(1)
    auction.bid(1, 2)
    auction.pass_(2)
    auction.pass_(3)
    assert not auction.is_over
    assert auction.winner is None  # no winner while the auction is open
    assert auction.high == (1, 2)
    auction.bid(0, 3)
    assert auction.is_over
    assert auction.winner == (0, 3)


def test_a_pass_keeps_the_high_bid() -> None:
    """Passing changes nothing but the speaker."""
    auction = smear_auction(1)
    auction.bid(1, 3)
    auction.pass_(2)
    assert auction.high == (1, 3)
    assert auction.speaker == 3
    assert auction.legal_bids() == (4,)


def test_copies_are_independent() -> None:
    """A copy and its original never share state."""
    auction = smear_auction(1)
    auction.bid(1, 2)
    copy = auction.copy()
    assert (copy.bids, copy.high, copy.speaker) == (auction.bids, auction.high, auction.speaker)
    copy.bid(2, 3)
    copy.pass_(3)
    assert auction.bids == [(1, 2)]
    assert auction.high == (1, 2)
    assert auction.speaker == 2
    auction.pass_(2)
    auction.pass_(3)
    auction.pass_(0)
    assert auction.winner == (1, 2)
    assert copy.bids == [(1, 2), (2, 3), (3, None)]
    assert copy.speaker == 0
    assert not copy.is_over


@pytest.mark.parametrize(("minimum", "maximum"), [(0, 4), (-1, 4), (5, 4)])
def test_a_bad_range_is_refused(minimum: int, maximum: int) -> None:
    """The range runs from a positive minimum up to the maximum."""
    with pytest.raises(ValueError, match="range"):
        Auction(players=4, first=0, minimum=minimum, maximum=maximum)


def test_a_single_bid_range() -> None:
    """With minimum equal to maximum, the one bid ends the auction."""
    auction = Auction(players=3, first=2, minimum=1, maximum=1)
    assert auction.legal_bids() == (1,)
    auction.pass_(2)
    auction.bid(0, 1)
    assert auction.winner == (0, 1)


def stuck_auction(first: int = 1) -> Auction:
    return Auction(players=4, first=first, minimum=2, maximum=4, forced_bid=2)


def test_with_a_forced_bid_the_dealer_is_stuck_after_three_passes() -> None:
    """Stick the dealer: after three passes the last seat may only make the forced bid, and wins."""
    auction = stuck_auction(1)
    for seat in (1, 2, 3):
        assert not auction.must_bid
        assert auction.why_not(seat, None) is None
        auction.pass_(seat)
    assert auction.speaker == 0
    assert auction.must_bid
    assert auction.legal_bids() == (2,)
    assert auction.why_not(0, None) == "every other seat passed: seat 0 must bid 2"
    with pytest.raises(ValueError, match="must bid 2"):
        auction.pass_(0)
    for amount in (3, 4):
        assert auction.why_not(0, amount) == f"every other seat passed: seat 0 is stuck with a bid of 2, not {amount}"
        with pytest.raises(ValueError, match="stuck with a bid of 2"):
            auction.bid(0, amount)
    assert auction.bids == [(1, None), (2, None), (3, None)]
    assert auction.speaker == 0
    assert auction.why_not(0, 2) is None
    auction.bid(0, 2)
    assert auction.is_over
    assert auction.winner == (0, 2)
    assert not auction.must_bid


def test_the_forced_bid_may_be_any_bid_in_range() -> None:
    """The forced amount is a parameter: here the stuck dealer must bid 3."""
    auction = Auction(players=3, first=0, minimum=2, maximum=4, forced_bid=3)
    auction.pass_(0)
    auction.pass_(1)
    assert auction.legal_bids() == (3,)
    auction.bid(2, 3)
    assert auction.winner == (2, 3)


def test_with_a_forced_bid_the_dealer_may_pass_over_a_bid() -> None:
    """The dealer is stuck only when nobody bid: over a bid, it may pass or outbid as usual."""
    auction = stuck_auction(2)
    auction.pass_(2)
    auction.bid(3, 2)
    auction.pass_(0)
    assert not auction.must_bid
    assert auction.legal_bids() == (3, 4)
    assert auction.why_not(1, None) is None
    auction.pass_(1)
    assert auction.winner == (3, 2)


@pytest.mark.parametrize("forced", [1, 5, cast(Any, "2"), cast(Any, 2.0)])
def test_a_forced_bid_outside_the_range_is_refused(forced: Any) -> None:
    """The forced bid is an int within the range."""
    with pytest.raises(ValueError, match="a forced bid is an int from 2 to 4"):
        Auction(players=4, first=0, minimum=2, maximum=4, forced_bid=forced)


def test_without_a_forced_bid_nobody_is_stuck() -> None:
    """By default an all-pass is allowed and must_bid is never true."""
    auction = smear_auction(1)
    assert auction.forced_bid is None
    for seat in (1, 2, 3, 0):
        assert not auction.must_bid
        auction.pass_(seat)
    assert auction.winner is None


def test_copies_keep_the_forced_bid() -> None:
    """A copy keeps the stick-the-dealer rule."""
    auction = stuck_auction(1)
    auction.pass_(1)
    copy = auction.copy()
    assert copy.forced_bid == 2
    copy.pass_(2)
    copy.pass_(3)
    assert copy.must_bid
    assert not auction.must_bid
    assert auction.speaker == 2


def test_the_refusals_say_what_is_allowed() -> None:
    """A bid not above the high bid, or outside the range, is refused with the bids allowed now."""
    auction = Auction(players=4, first=1, minimum=2, maximum=4)
    auction.bid(1, 2)
    assert auction.why_not(2, 2) == "a bid must beat the high bid of 2; allowed: 3, 4"
    assert auction.why_not(2, 1) == "bids range from 2 to 4; allowed now: 3, 4"
    assert auction.why_not(2, 5) == "bids range from 2 to 4; allowed now: 3, 4"
    fresh = Auction(players=4, first=1, minimum=2, maximum=4)
    assert fresh.why_not(1, 0) == "bids range from 2 to 4; allowed now: 2, 3, 4"
    with pytest.raises(ValueError, match=r"^a bid must beat the high bid of 2; allowed: 3, 4$"):
        auction.bid(2, 2)


def test_the_forced_bid_may_be_the_maximum_and_the_first_seat_is_kept() -> None:
    """forced_bid may equal the maximum; the auction keeps its first speaker, in copies too."""
    auction = Auction(players=4, first=3, minimum=2, maximum=4, forced_bid=4)
    assert (auction.forced_bid, auction.first, auction.speaker) == (4, 3, 3)
    assert auction.copy().first == 3
