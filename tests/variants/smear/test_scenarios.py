"""Scenario tests for Four Point Smear: every rule of RULES.md from explicit stacked deals.

The deals and their planned play are in :mod:`tests.variants.smear.deals`, with the hand
working in comments; every expected score below was worked out by hand from RULES.md.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

import tablegames
from tablegames.components.cards import Card
from tablegames.core.events import Event
from tablegames.variants.smear import (
    Bid,
    BiddingWon,
    BidMade,
    BidPassed,
    Discard,
    GameEnded,
    HandDealt,
    HandScored,
    Pass,
    PlayCard,
    Smear,
    ThrownIn,
    UndealtTaken,
)
from tests.variants.smear.deals import (
    DEAL_A,
    DEAL_B1,
    DEAL_B2,
    DEAL_C,
    DEAL_D7,
    DEAL_R9,
    DEAL_T,
    DEAL_U,
    DEAL_V,
    DEAL_W1,
    DEAL_W2,
    PLAY_A,
    PLAY_B2,
    PLAY_C,
    PLAY_D7,
    PLAY_E,
    PLAY_U,
    PLAY_V,
)
from tests.variants.smear.support import (
    Trick,
    awards,
    bid_round,
    call,
    discard,
    hand_scored,
    js,
    new_smear,
    play,
    play_tricks,
    refused,
    rotate,
    view,
)

Calls = list[tuple[int, int | None]]

# The usual bidding with dealer 0: seat 1 bids 2 and the others pass.
ONE_BIDS_TWO: Calls = [(1, 2), (2, None), (3, None), (0, None)]
A_CALLS: Calls = [(1, None), (2, 2), (3, 3), (0, None)]  # seat 3 bids 3 (dealer 0)
E_CALLS: Calls = [(1, None), (2, None), (3, 2), (0, None)]  # seat 3 bids 2 (dealer 0)
C_CALLS: Calls = [(2, None), (3, 2), (0, 3), (1, None)]  # seat 0 bids 3 (dealer 1)


def _rot_calls(calls: Calls, steps: int) -> Calls:
    return [((seat + steps) % 4, amount) for seat, amount in calls]


def _rot_play(tricks: Sequence[Trick], steps: int) -> list[Trick]:
    return [((leader + steps) % 4, cards, (winner + steps) % 4) for leader, cards, winner in tricks]


def _hand(game: Smear, calls: Calls, tricks: Sequence[Trick], *, discard_cards: str | None = None) -> tuple[Event, ...]:
    """Bid, discard (if any) and play one whole hand; its events."""
    events = list(bid_round(game, calls))
    if discard_cards is not None:
        assert game.bidder is not None
        events.extend(discard(game, game.bidder, discard_cards))
    events.extend(play_tricks(game, tricks))
    return tuple(events)


def _sides(event: HandScored) -> dict[str, int | None]:
    return {point: side for point, (side, _card) in awards(event).items()}


def _legal(game: Smear) -> list[dict[str, Any]]:
    return sorted((js(a) for a in game.legal_actions()), key=json.dumps)


def _legal_cards(game: Smear) -> set[str]:
    found = set()
    for a in game.legal_actions():
        data = js(a)
        assert data["type"] == "play"
        found.add(data["card"])
    return found


def _with_undealt(data: dict[str, Any], undealt: str) -> dict[str, Any]:
    return {**data, "undealt": undealt.split()}


# -- options (RULES.md options line; DESIGN.md options) -------------------------------------------


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"seen_undealt": 4}, "seen_undealt"),
        ({"seen_undealt": -1}, "seen_undealt"),
        ({"seen_undealt": "2"}, "seen_undealt"),
        ({"high_low": "nope"}, "high_low"),
        ({"target": 0}, "target"),
        ({"target": -15}, "target"),
        ({"win_only_on_bid": "yes"}, "win_only_on_bid"),
        ({"cap_non_bidders": 1}, "cap_non_bidders"),
        ({"jokers": 1}, "jokers"),
    ],
)
def test_invalid_options_are_refused_naming_the_option(options: dict[str, Any], name: str) -> None:
    """Options: a value out of range, of the wrong type, or an unknown option is refused by name."""
    with pytest.raises(tablegames.InvalidOptionsError) as info:
        tablegames.new_game("four-point-smear", seed=1, **options)
    assert info.value.option == name
    assert name in str(info.value)


def test_option_defaults_and_extremes() -> None:
    """Options: the defaults are seen_undealt 0, target 15, both flags off, High/Low ace-seven."""
    game = new_smear()
    assert js(game.options) == {
        "seen_undealt": 0,
        "target": 15,
        "win_only_on_bid": False,
        "cap_non_bidders": False,
        "high_low": "ace-seven",
    }
    assert new_smear(seen_undealt=3, target=1, high_low="in-play").options.seen_undealt == 3


# -- stacked deals (rule 2, rule 6) ----------------------------------------------------------------


def _bad_deals() -> list[tuple[dict[str, Any], str]]:
    hands = [list(h) for h in DEAL_B1["hands"]]
    undealt = list(DEAL_B1["undealt"])
    duplicate = {"hands": [["KH", *hands[0][1:]], *hands[1:]], "undealt": undealt}  # KH twice, AS missing
    short = {"hands": [hands[0][:5], *hands[1:]], "undealt": [*undealt, hands[0][5]]}  # 5 cards, 9 undealt
    three = {"hands": hands[:3], "undealt": [*undealt, *hands[3]]}
    seven_undealt = {"hands": hands, "undealt": undealt[1:]}  # 31 cards: 8S missing
    six_spot = {"hands": [["6S", *hands[0][1:]], *hands[1:]], "undealt": undealt}
    not_a_card = {"hands": [["1S", *hands[0][1:]], *hands[1:]], "undealt": undealt}
    joker = {"hands": [["JK1", *hands[0][1:]], *hands[1:]], "undealt": undealt}
    bad_dealer = {**DEAL_B1, "dealer": 4}
    return [
        (duplicate, "duplicate"),
        (duplicate, "missing"),
        (short, "6"),
        (three, "4"),
        (seven_undealt, "undealt"),
        (six_spot, "6S"),
        (not_a_card, ""),
        (joker, ""),
        (bad_dealer, "dealer"),
    ]


@pytest.mark.parametrize(("bad", "word"), _bad_deals())
@pytest.mark.parametrize("index", [0, 1])
def test_invalid_stacked_deals_are_refused_naming_the_deal(bad: dict[str, Any], word: str, index: int) -> None:
    """Rules 2 and 6: a stacked deal must hold each of the 32 cards once, 6 per seat and 8 undealt."""
    deals = [DEAL_A, bad] if index == 1 else [bad, DEAL_A]
    with pytest.raises(tablegames.InvalidOptionsError) as info:
        tablegames.new_game("four-point-smear", seed=1, deals=deals)
    assert info.value.option == f"deals[{index}]"
    assert word in info.value.reason


def test_a_stacked_deal_is_dealt_as_given() -> None:
    """Rule 6: hands[i] goes to seat i, six cards each, and the first dealer is the deal's."""
    game = new_smear(DEAL_A)
    for seat in range(4):
        v = view(game, seat)
        assert sorted(v["hand"]) == sorted(DEAL_A["hands"][seat])
        assert v["hand_sizes"] == [6, 6, 6, 6]
        assert v["dealer"] == 0
        assert v["hand_number"] == 1
        assert v["phase"] == "bidding"


@pytest.mark.parametrize("seed", range(12))
def test_without_a_stacked_dealer_the_seed_draws_the_first_dealer(seed: int) -> None:
    """Rule 5: the first dealer is random from the seed, and recorded."""
    no_dealer = {k: v for k, v in DEAL_A.items() if k != "dealer"}
    game = new_smear(no_dealer, seed=seed)
    drawn = [e for e in js(game.log())["events"] if e["type"] == "dealer_drawn"]
    assert len(drawn) == 1
    dealer = drawn[0]["seat"]
    assert view(game, 0)["dealer"] == dealer
    assert game.current_player == (dealer + 1) % 4
    assert new_smear(no_dealer, seed=seed).dealer == dealer  # the same seed, the same draw


def test_the_seed_draws_every_seat_as_first_dealer_sometimes() -> None:
    """Rule 5: the random first dealer is not always the same seat."""
    no_dealer = {k: v for k, v in DEAL_A.items() if k != "dealer"}
    assert {new_smear(no_dealer, seed=seed).dealer for seed in range(60)} == {0, 1, 2, 3}


# -- bidding (rule 7) --------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_bidding_starts_left_of_the_dealer_and_goes_clockwise(dealer: int) -> None:
    """Rule 7: bidding starts left of the dealer; each seat speaks once, clockwise, the dealer last."""
    game = new_smear({**DEAL_B1, "dealer": dealer})
    order = [(dealer + i) % 4 for i in range(1, 5)]
    spoken = []
    for seat in order[:3]:
        assert game.current_player == seat
        assert view(game, seat)["legal_actions"] != []
        for other in range(4):
            if other != seat:
                assert view(game, other)["legal_actions"] == []
        call(game, seat, None)
        spoken.append({"seat": seat, "amount": None})
        assert view(game, (seat + 2) % 4)["bids"] == spoken
    assert game.current_player == dealer
    events = call(game, dealer, 2)
    won = [e for e in events if isinstance(e, BiddingWon)]
    assert [(e.seat, e.amount) for e in won] == [(dealer, 2)]
    assert view(game, 0)["bidder"] == dealer
    assert view(game, 0)["bid"] == 2


def test_opening_choices_are_pass_and_bids_two_to_four() -> None:
    """Rule 7: the first speaker may pass or bid 2, 3 or 4."""
    game = new_smear(DEAL_B1)  # dealer 2
    assert game.current_player == 3
    assert _legal(game) == sorted(
        [{"type": "pass"}, {"type": "bid", "amount": 2}, {"type": "bid", "amount": 3}, {"type": "bid", "amount": 4}],
        key=json.dumps,
    )


def test_bids_must_strictly_rise() -> None:
    """Rule 7: each bid must be strictly higher than the current high bid."""
    game = new_smear(DEAL_B1)  # dealer 2: seats 3, 0, 1, 2
    call(game, 3, 2)
    assert _legal(game) == sorted(
        [{"type": "pass"}, {"type": "bid", "amount": 3}, {"type": "bid", "amount": 4}], key=json.dumps
    )
    assert "high bid" in refused(game, {"type": "bid", "amount": 2})
    call(game, 0, None)
    call(game, 1, 3)
    assert _legal(game) == sorted([{"type": "pass"}, {"type": "bid", "amount": 4}], key=json.dumps)
    for amount in (2, 3):  # the dealer has no privilege: it too must bid higher
        assert "high bid" in refused(game, {"type": "bid", "amount": amount})
    events = call(game, 2, None)
    assert [(e.seat, e.amount) for e in events if isinstance(e, BiddingWon)] == [(1, 3)]
    assert game.bidder == 1
    assert game.bid == 3


@pytest.mark.parametrize("amount", [0, 1, 5, 10, -2])
def test_bids_out_of_range_are_refused(amount: int) -> None:
    """Rule 7: bids range from 2 to 4."""
    game = new_smear(DEAL_B1)
    assert "2 to 4" in refused(game, {"type": "bid", "amount": amount})


def test_calls_out_of_turn_are_refused() -> None:
    """Rule 7: only the seat whose turn it is may speak."""
    game = new_smear(DEAL_B1)  # seat 3 speaks first
    for seat in (0, 1, 2):
        assert "seat 3" in refused(game, {"type": "pass"}, seat=seat)
        assert "seat 3" in refused(game, {"type": "bid", "amount": 2}, seat=seat)
        with pytest.raises(tablegames.IllegalActionError):
            game.apply(game.legal_actions()[0], seat=seat)
    assert game.current_player == 3
    assert view(game, 0)["bids"] == []


def test_a_bid_of_four_ends_the_bidding_at_once() -> None:
    """Rule 7: bidding ends at once when someone bids 4; later seats do not speak."""
    game = new_smear(DEAL_B1)  # dealer 2: seats 3, 0, 1, 2
    call(game, 3, None)
    events = call(game, 0, 4)
    assert [type(e) for e in events] == [BidMade, BiddingWon]
    won = events[1]
    assert isinstance(won, BiddingWon)
    assert (won.seat, won.amount) == (0, 4)
    v = view(game, 1)
    assert v["bids"] == [{"seat": 3, "amount": None}, {"seat": 0, "amount": 4}]
    assert (v["bidder"], v["bid"], v["phase"]) == (0, 4, "play")
    assert game.current_player == 0  # the bidder leads
    assert "closed" in refused(game, {"type": "pass"})
    assert "closed" in refused(game, {"type": "bid", "amount": 4})


def test_a_bid_of_four_by_the_first_speaker_ends_the_bidding() -> None:
    """Rule 7: a first-speaker bid of 4 leaves the other three silent."""
    game = new_smear(DEAL_B1)
    events = call(game, 3, 4)
    assert [type(e) for e in events] == [BidMade, BiddingWon]
    assert view(game, 0)["bids"] == [{"seat": 3, "amount": 4}]
    assert game.current_player == 3


def test_bids_after_the_bidding_closed_are_refused() -> None:
    """Rule 7: once the dealer has spoken the bidding is closed."""
    game = new_smear(DEAL_A, seen_undealt=2)
    bid_round(game, A_CALLS)
    assert view(game, 0)["phase"] == "discard"
    assert "closed" in refused(game, {"type": "bid", "amount": 4})
    assert "closed" in refused(game, {"type": "pass"})
    game = new_smear(DEAL_A)
    bid_round(game, A_CALLS)
    assert view(game, 0)["phase"] == "play"
    assert "closed" in refused(game, {"type": "bid", "amount": 4})


def test_illegal_action_objects_are_refused_by_apply() -> None:
    """Rule 7: apply refuses an illegal action object and leaves the game as it was."""
    game = new_smear(DEAL_B1)
    call(game, 3, 3)
    before = tablegames.dumps(game.log())
    for action in (Bid(2), Bid(3), Bid(5), Discard(()), PlayCard(Card.parse("AS"))):
        with pytest.raises(tablegames.IllegalActionError):
            game.apply(action)
        assert tablegames.dumps(game.log()) == before
    with pytest.raises(tablegames.IllegalActionError):
        game.apply(Pass(), seat=1)
    assert tablegames.dumps(game.log()) == before
    game.apply(Pass(), seat=0)
    assert game.current_player == 1


def test_malformed_actions_are_refused() -> None:
    """Rule 7: an action that is not a Smear action is refused."""
    game = new_smear(DEAL_B1)
    for data in ({"type": "fold"}, {"amount": 3}, "pass", None, {"type": "bid"}):
        refused(game, data)


# -- throw-in and rotation (rules 5 and 7) ----------------------------------------------------------


def test_all_four_passing_throws_the_hand_in_and_the_same_dealer_redeals() -> None:
    """Rules 5 and 7: after four passes the cards are thrown in and the same dealer deals again."""
    game = new_smear(DEAL_B1, DEAL_A, DEAL_U)  # dealer 2
    events = bid_round(game, [(3, None), (0, None), (1, None)])
    assert all(isinstance(e, BidPassed) for e in events)
    events = call(game, 2, None)
    assert [type(e) for e in events] == [BidPassed, ThrownIn, HandDealt]
    thrown, dealt = events[1], events[2]
    assert isinstance(thrown, ThrownIn) and isinstance(dealt, HandDealt)
    assert thrown.hand_number == 1
    assert (dealt.hand_number, dealt.dealer) == (2, 2)
    for seat in range(4):
        v = view(game, seat)
        assert (v["hand_number"], v["dealer"], v["phase"]) == (2, 2, "bidding")
        assert v["bids"] == []
        assert v["bidder"] is None
        assert v["scores"] == [0, 0]
        assert v["last_hand"] is None
        # The second stacked deal is used: its "dealer" is ignored, the dealer stays 2.
        assert sorted(v["hand"]) == sorted(DEAL_A["hands"][seat])
    assert game.current_player == 3
    # A second throw-in: still dealer 2, hand 3, the third stacked deal.
    bid_round(game, [(3, None), (0, None), (1, None), (2, None)])
    v = view(game, 0)
    assert (v["hand_number"], v["dealer"]) == (3, 2)
    assert sorted(v["hand"]) == sorted(DEAL_U["hands"][0])
    assert game.current_player == 3


def test_the_deal_rotates_clockwise_after_a_played_hand() -> None:
    """Rule 5: after a played hand the deal passes to the next seat clockwise."""
    second = {**DEAL_A, "dealer": 3}  # a later deal's "dealer" is ignored: the deal rotates
    game = new_smear(DEAL_D7, second)  # dealer 0
    events = _hand(game, ONE_BIDS_TWO, PLAY_D7)
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert [(e.hand_number, e.dealer) for e in dealt] == [(2, 1)]
    v = view(game, 3)
    assert (v["hand_number"], v["dealer"], v["phase"]) == (2, 1, "bidding")
    assert sorted(v["hand"]) == sorted(DEAL_A["hands"][3])
    assert game.current_player == 2


def test_a_throw_in_then_a_played_hand_rotates_from_the_same_dealer() -> None:
    """Rules 5 and 7: a throw-in keeps the dealer; the hand after the played one moves on one seat."""
    game = new_smear(DEAL_B1, DEAL_B2)  # dealer 2
    bid_round(game, [(3, None), (0, None), (1, None), (2, None)])
    _hand(game, [(3, 4)], PLAY_B2)
    v = view(game, 0)
    assert (v["hand_number"], v["dealer"]) == (3, 3)
    assert game.current_player == 0


# -- pickup and discard (rule 8) ---------------------------------------------------------------------


def test_the_pickup_is_seen_only_by_the_bidder() -> None:
    """Rule 8: the bidder takes the top seen_undealt undealt cards; only the bidder sees them."""
    game = new_smear(DEAL_D7, seen_undealt=2)
    events = bid_round(game, ONE_BIDS_TWO)
    taken = [e for e in events if isinstance(e, UndealtTaken)]
    assert len(taken) == 1
    assert taken[0].seat == 1
    assert taken[0].count == 2
    bidder_view = view(game, 1)
    assert sorted(bidder_view["picked_up"]) == ["7H", "AS"]
    assert sorted(bidder_view["hand"]) == sorted(["AH", "KH", "QH", "JH", "10H", "9H", "7H", "AS"])
    assert bidder_view["phase"] == "discard"
    for seat in (0, 2, 3):
        v = view(game, seat)
        assert v["picked_up"] is None
        assert v["discarded"] is None
        assert v["hand_sizes"] == [6, 8, 6, 6]
        logged = [e for e in js(game.log(seat))["events"] if e["type"] == "undealt_taken"]
        assert logged == [{"type": "undealt_taken", "seat": 1, "count": 2, "cards": None}]
    logged = [e for e in js(game.log(1))["events"] if e["type"] == "undealt_taken"]
    assert sorted(logged[0]["cards"]) == ["7H", "AS"]
    for seat in range(4):  # nobody's log shows the undealt stack
        assert all(e["undealt"] is None for e in js(game.log(seat))["events"] if e["type"] == "hand_dealt")


def test_the_discard_is_seen_only_by_the_bidder_even_after_the_hand() -> None:
    """Rule 8: the bidder discards as many as taken, face down; nobody else ever sees them."""
    game = new_smear(DEAL_D7, seen_undealt=2)
    bid_round(game, ONE_BIDS_TWO)
    discard(game, 1, "AS 7H")
    v = view(game, 1)
    assert sorted(v["discarded"]) == ["7H", "AS"]
    assert sorted(v["hand"]) == sorted(["AH", "KH", "QH", "JH", "10H", "9H"])
    assert v["phase"] == "play"
    for seat in (0, 2, 3):
        assert view(game, seat)["discarded"] is None
        assert view(game, seat)["hand_sizes"] == [6, 6, 6, 6]
    play_tricks(game, PLAY_D7)
    for seat in (0, 2, 3):
        for event in js(game.log(seat))["events"]:
            if event["type"] in ("discarded", "undealt_taken"):
                assert event["cards"] is None
    logged = [e for e in js(game.log(1))["events"] if e["type"] == "discarded"]
    assert sorted(logged[0]["cards"]) == ["7H", "AS"]


def test_without_seen_undealt_the_bidder_takes_nothing() -> None:
    """Rule 8: with seen_undealt 0 the bidder takes no card and play starts at once."""
    game = new_smear(DEAL_D7)
    events = bid_round(game, ONE_BIDS_TWO)
    assert not any(isinstance(e, UndealtTaken) for e in events)
    assert view(game, 1)["phase"] == "play"
    assert len(view(game, 1)["hand"]) == 6


@pytest.mark.parametrize("seen", [1, 2, 3])
def test_the_discard_must_match_the_pickup_in_number(seen: int) -> None:
    """Rule 8: the bidder discards exactly as many cards as taken, back to 6."""
    game = new_smear(DEAL_D7, seen_undealt=seen)
    bid_round(game, ONE_BIDS_TWO)
    hand = ["AS", "KH", "QH", "JH"]
    for count in range(0, 5):
        if count != seen:
            refused(game, {"type": "discard", "cards": hand[:count]})
    for a in game.legal_actions():
        assert len(js(a)["cards"]) == seen


def test_a_discard_of_cards_not_held_is_refused() -> None:
    """Rule 8: the bidder discards from its own cards, each card once."""
    game = new_smear(DEAL_D7, seen_undealt=2)
    bid_round(game, ONE_BIDS_TWO)
    assert "9D" in refused(game, {"type": "discard", "cards": ["9D", "AS"]})  # seat 2's card
    assert "8H" in refused(game, {"type": "discard", "cards": ["KH", "8H"]})  # still undealt
    refused(game, {"type": "discard", "cards": ["AS", "AS"]})
    refused(game, {"type": "discard", "cards": ["AS", "ZZ"]})
    refused(game, {"type": "discard", "cards": ["AS", "KH"]}, seat=2)


def test_discarding_and_playing_out_of_phase_are_refused() -> None:
    """Rule 8: only the bidder discards, after the pickup; cards are played after the discard."""
    game = new_smear(DEAL_D7, seen_undealt=2)
    refused(game, {"type": "discard", "cards": ["AH", "KH"]})
    refused(game, {"type": "play", "card": "AH"})
    bid_round(game, ONE_BIDS_TWO)
    refused(game, {"type": "play", "card": "AH"})
    discard(game, 1, "7H AS")
    refused(game, {"type": "discard", "cards": ["KH", "QH"]})


# -- the trump-discard restriction (rule 9) ---------------------------------------------------------

ALL_HEARTS = {"AH", "KH", "QH", "JH", "10H", "9H"}
AS_FIRST = "AS 7H 8H 7S 7D 7C 8C 8D"


@pytest.mark.parametrize(
    ("seen", "undealt", "thrown", "leads"),
    [
        # Seven hearts after the pickup: one heart may go (1 <= 7 - 6).
        (1, None, "7H", ALL_HEARTS),
        (2, None, "AS 9H", {"AH", "KH", "QH", "JH", "10H", "7H"}),
        # Two hearts out of seven: hearts may not be led; the ace of spades may.
        (2, None, "7H 9H", {"AS"}),
        # Eight hearts: two may go (2 <= 8 - 6), three may not.
        (3, None, "AS 8H 7H", ALL_HEARTS),
        (3, None, "9H 8H 7H", {"AS"}),
        # Exactly six hearts after the pickup: none may go (max(0, 6 - 6) = 0).
        (1, AS_FIRST, "9H", {"AS"}),
        (1, AS_FIRST, "AS", ALL_HEARTS),
    ],
)
def test_the_first_lead_respects_the_trump_discard_restriction(
    seen: int, undealt: str | None, thrown: str, leads: set[str]
) -> None:
    """Rule 9: a first lead of suit S is legal only if #S discarded <= max(0, #S held after pickup - 6)."""
    data = DEAL_D7 if undealt is None else _with_undealt(DEAL_D7, undealt)
    game = new_smear(data, seen_undealt=seen)
    bid_round(game, ONE_BIDS_TWO)
    discard(game, 1, thrown)
    assert _legal_cards(game) == leads
    for card in view(game, 1)["hand"]:
        if card not in leads:
            assert "discard" in refused(game, {"type": "play", "card": card})


def test_the_restriction_ends_with_the_first_lead() -> None:
    """Rule 9: the restriction applies to the bidder's first lead only; later the suit may be led."""
    game = new_smear(DEAL_D7, seen_undealt=2)
    bid_round(game, ONE_BIDS_TWO)
    discard(game, 1, "7H 9H")
    play_tricks(game, [(1, "AS 9D 9C 8S", 1)])  # spades are trump; seat 0's 8S is a lower trump
    assert view(game, 0)["trump"] == "S"
    assert game.current_player == 1
    assert _legal_cards(game) == {"AH", "KH", "QH", "JH", "10H"}


def test_a_discard_leaving_no_legal_first_lead_is_refused() -> None:
    """Rule 9: a discard that leaves no legal first lead is itself illegal."""
    game = new_smear(DEAL_R9, seen_undealt=2)
    bid_round(game, ONE_BIDS_TWO)
    # Seat 1 holds AS KS QS JS AH KH QH JH: four of each, so no spade and no heart may go if
    # that suit is to be led. A spade and a heart together leave nothing to lead.
    assert sorted(view(game, 1)["hand"]) == sorted(["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"])
    assert "lead" in refused(game, {"type": "discard", "cards": ["AS", "AH"]})
    assert "lead" in refused(game, {"type": "discard", "cards": ["JH", "JS"]})
    spades, hearts = ["AS", "KS", "QS", "JS"], ["AH", "KH", "QH", "JH"]
    same_suit = {frozenset((a, b)) for suit in (spades, hearts) for i, a in enumerate(suit) for b in suit[i + 1 :]}
    assert {frozenset(js(a)["cards"]) for a in game.legal_actions()} == same_suit
    discard(game, 1, "AS KS")
    assert _legal_cards(game) == set(hearts)


def test_without_a_discard_any_first_lead_is_legal() -> None:
    """Rule 9: with nothing discarded the bidder may lead any card."""
    game = new_smear(DEAL_R9)
    bid_round(game, ONE_BIDS_TWO)
    assert _legal_cards(game) == {"AS", "KS", "QS", "AH", "KH", "QH"}


# -- trump and following (rules 9 and 10) ------------------------------------------------------------


def test_trump_is_the_suit_of_the_bidders_first_lead() -> None:
    """Rule 9: trump is unknown to every seat until the bidder's first lead names it."""
    game = new_smear(DEAL_W1)
    bid_round(game, ONE_BIDS_TWO)
    assert game.current_player == 1  # the bidder leads
    for seat in range(4):
        assert view(game, seat)["trump"] is None
    play(game, 1, "AH")
    for seat in range(4):
        v = view(game, seat)
        assert v["trump"] == "H"
        assert v["trick"] == [{"seat": 1, "card": "AH"}]


def test_trump_may_be_the_bidders_short_suit() -> None:
    """Rule 9: whatever suit the bidder leads first is trump."""
    game = new_smear(DEAL_W1)
    bid_round(game, ONE_BIDS_TWO)
    play(game, 1, "9C")
    assert view(game, 3)["trump"] == "C"


def test_following_a_trump_lead_and_a_side_suit_lead() -> None:
    """Rule 10: holding the suit led, play it or a trump (worked check: led 9C, 8C 7H KD gives 8C, 7H)."""
    game = new_smear(DEAL_W1)
    bid_round(game, ONE_BIDS_TWO)
    play(game, 1, "AH")  # trump hearts
    assert _legal_cards(game) == {"AC", "10C", "7D", "8D", "9D", "10D"}  # void in hearts: any card
    play(game, 2, "7D")
    assert _legal_cards(game) == {"8H", "7H"}  # trump led: a trump
    assert "hearts" in refused(game, {"type": "play", "card": "9S"})
    play(game, 3, "8H")
    assert _legal_cards(game) == {"QH"}
    play(game, 0, "QH")
    play_tricks(game, [(1, "AS 8D 9S 10S", 1), (1, "KS 9D 8S 7S", 1)])
    play(game, 1, "9C")
    assert _legal_cards(game) == {"AC", "10C"}  # clubs; no trump held
    assert "clubs" in refused(game, {"type": "play", "card": "10D"})
    play(game, 2, "AC")
    assert sorted(view(game, 3)["hand"]) == sorted(["8C", "7H", "KD"])
    assert _legal_cards(game) == {"8C", "7H"}  # the worked check
    assert "clubs" in refused(game, {"type": "play", "card": "KD"})  # a renege
    play(game, 3, "8C")
    assert _legal_cards(game) == {"KC", "QC", "JC"}
    play(game, 0, "KC")
    assert game.current_player == 2  # AC won
    play(game, 2, "10C")
    assert sorted(view(game, 3)["hand"]) == sorted(["7H", "KD"])
    assert _legal_cards(game) == {"7H", "KD"}  # the worked check: void in clubs, either


def test_a_trump_lead_must_be_followed_with_trump() -> None:
    """Rule 10: led 9H (trump hearts) with QH AC, only QH may be played (worked check)."""
    game = new_smear(DEAL_W2)
    bid_round(game, ONE_BIDS_TWO)
    play_tricks(game, [(1, "AH 10H 8H 7H", 1), (1, "AS 7D 10S 9C", 1), (1, "KS 8D 9S 10C", 1), (1, "QS 9D 8S JC", 1)])
    play(game, 1, "9H")
    assert sorted(view(game, 2)["hand"]) == sorted(["QH", "AC"])
    assert _legal_cards(game) == {"QH"}
    assert "hearts" in refused(game, {"type": "play", "card": "AC"})  # a renege
    refused(game, {"type": "play", "card": "KD"})  # not held
    refused(game, {"type": "play", "card": "QH"}, seat=3)  # not seat 3's turn


def test_trick_winners_with_and_without_trump() -> None:
    """Rule 11: the highest trump wins; without one, the highest card of the suit led (KC AD QC 7H -> 7H)."""
    game = new_smear(DEAL_T)
    bid_round(game, ONE_BIDS_TWO)
    events = play_tricks(
        game,
        [
            (1, "AH QS 8H 9H", 1),  # three trumps: the ace
            (1, "KC AD QC 7H", 0),  # the worked check: the lone trump beats the off-suit ace
            (0, "JS 9S AS 9C", 2),  # no trump: the highest spade
            (2, "KD 8C JD 10D", 2),  # no trump: the highest diamond
        ],
    )
    won = [e for e in js(list(events)) if e["type"] == "trick_won"]
    assert [(e["seat"], e["side"], e["cards"]) for e in won] == [
        (1, 1, ["AH", "QS", "8H", "9H"]),
        (0, 0, ["KC", "AD", "QC", "7H"]),
        (2, 0, ["JS", "9S", "AS", "9C"]),
        (2, 0, ["KD", "8C", "JD", "10D"]),
    ]
    assert view(game, 1)["tricks_won"] == [3, 1]
    assert view(game, 1)["trick"] == []


def _trick_json(leader: int, cards: str, winner: int) -> dict[str, Any]:
    """The JSON form of a view's ``last_trick``: the cards in play order from ``leader``, and the winner."""
    played = [{"seat": (leader + i) % 4, "card": card} for i, card in enumerate(cards.split())]
    return {"cards": played, "winner": winner}


def test_the_view_carries_the_last_completed_trick_of_the_hand() -> None:
    """Every seat's view shows the last trick taken and its winner; ``None`` from each deal until a trick closes."""
    game = new_smear(DEAL_A)
    assert all(view(game, seat)["last_trick"] is None for seat in range(4))
    bid_round(game, A_CALLS)
    assert all(view(game, seat)["last_trick"] is None for seat in range(4))
    play(game, 3, "AS")  # a trick under way is not a completed one
    assert view(game, 0)["last_trick"] is None
    for seat, card in zip((0, 1, 2), ["8S", "7S", "9S"], strict=True):
        play(game, seat, card)
    first = _trick_json(3, "AS 8S 7S 9S", 3)
    assert [view(game, seat)["last_trick"] for seat in range(4)] == [first] * 4
    play(game, 3, "JS")  # the next trick begins: the last one is still shown
    assert view(game, 1)["last_trick"] == first
    for seat, card in zip((0, 1, 2), ["KS", "8D", "QS"], strict=True):
        play(game, seat, card)
    assert view(game, 2)["last_trick"] == _trick_json(3, "JS KS 8D QS", 0)
    play_tricks(game, PLAY_A[2:5])
    assert view(game, 3)["last_trick"] == _trick_json(3, "9C JC 7C AC", 2)
    play_tricks(game, PLAY_A[5:])  # the hand ends and the next one is dealt
    assert game.hand_number == 2
    assert all(view(game, seat)["last_trick"] is None for seat in range(4))


# -- the four points (rule 12) ------------------------------------------------------------------------


class Setup:
    """A hand to play: the stacked deals, seen_undealt, every call, the discard and the tricks."""

    def __init__(
        self,
        deals: Sequence[dict[str, Any]],
        calls: Calls,
        tricks: Sequence[Trick],
        *,
        seen: int = 0,
        thrown: str | None = None,
    ) -> None:
        self.deals = list(deals)
        self.calls = calls
        self.tricks = list(tricks)
        self.seen = seen
        self.thrown = thrown


PLAY_D7_AH_THROWN = [(1, "7H 9D 9C 8S", 1), *PLAY_D7[1:]]
SETUPS: dict[str, Setup] = {
    "A": Setup([DEAL_A], A_CALLS, PLAY_A),
    "E": Setup([DEAL_A], E_CALLS, PLAY_E),
    "B2": Setup([DEAL_B1, DEAL_B2], [(3, None), (0, None), (1, None), (2, None), (3, 4)], PLAY_B2),
    "C": Setup([DEAL_C], C_CALLS, PLAY_C, seen=2, thrown="10D AD"),
    "D7": Setup([DEAL_D7], ONE_BIDS_TWO, PLAY_D7),
    "D7-7H-thrown": Setup([DEAL_D7], ONE_BIDS_TWO, PLAY_D7, seen=2, thrown="7H AS"),
    "D7-AH-thrown": Setup([DEAL_D7], ONE_BIDS_TWO, PLAY_D7_AH_THROWN, seen=2, thrown="AH AS"),
    "U": Setup([DEAL_U], ONE_BIDS_TWO, PLAY_U),
    "V": Setup([DEAL_V], ONE_BIDS_TWO, PLAY_V),
}


def _played(name: str, **options: Any) -> tuple[Smear, HandScored]:
    setup = SETUPS[name]
    game = new_smear(*setup.deals, seen_undealt=setup.seen, **options)
    events = _hand(game, setup.calls, setup.tricks, discard_cards=setup.thrown)
    return game, hand_scored(events)


@pytest.mark.parametrize(
    ("name", "high_low", "sides", "card_points", "won"),
    [
        ("A", "ace-seven", (1, 1, 0, 1), (27, 37), (1, 3)),
        ("E", "ace-seven", (1, 1, 0, 0), (43, 21), (2, 2)),
        ("B2", "ace-seven", (1, 1, 0, 1), (17, 61), (1, 3)),
        ("C", "ace-seven", (0, 0, 1, 0), (45, 31), (3, 1)),
        ("D7", "ace-seven", (1, None, 1, 1), (0, 76), (0, 3)),
        ("D7-7H-thrown", "ace-seven", (1, None, 1, 1), (0, 80), (0, 3)),
        ("D7-AH-thrown", "ace-seven", (None, 1, 1, 1), (0, 80), (0, 3)),
        ("U", "ace-seven", (None, None, 0, 0), (51, 15), (2, 0)),
        ("V", "ace-seven", (None, None, None, None), (30, 30), (0, 0)),
        ("U", "in-play", (1, 0, 0, 0), (51, 15), (3, 1)),
        ("V", "in-play", (1, 1, None, None), (30, 30), (0, 2)),
    ],
)
def test_the_four_points(
    name: str,
    high_low: str,
    sides: tuple[int | None, ...],
    card_points: tuple[int, int],
    won: tuple[int, int],
) -> None:
    """Rule 12: High, Low, Jack and Game go where the hand-worked deals say, with the card points."""
    game, scored = _played(name, high_low=high_low)
    assert _sides(scored) == dict(zip(("high", "low", "jack", "game"), sides, strict=True))
    assert tuple(scored.card_points) == card_points
    assert tuple(scored.won) == won
    last = view(game, 0)["last_hand"]
    assert last == view(game, 3)["last_hand"]  # the result is public
    assert tuple(last["card_points"]) == card_points
    assert tuple(last["won"]) == won


def test_high_goes_to_the_side_that_played_the_ace_of_trump() -> None:
    """Rule 12: High to the side whose player played the ace of trump."""
    _, scored = _played("A")
    assert awards(scored)["high"] == (1, "AS")


def test_low_goes_to_the_side_that_played_the_seven_even_if_the_trick_was_lost() -> None:
    """Rule 12: Low to the side whose player played the 7 of trump, whoever won that trick."""
    game = new_smear(DEAL_C, seen_undealt=2)
    bid_round(game, C_CALLS)
    discard(game, 0, "10D AD")
    events = play_tricks(game, PLAY_C[:2])
    won = [e for e in js(list(events)) if e["type"] == "trick_won"]
    assert (won[1]["cards"][0], won[1]["side"]) == ("7C", 1)  # seat 0's 7C, side 1's trick
    scored = hand_scored(play_tricks(game, PLAY_C[2:]))
    assert awards(scored)["low"] == (0, "7C")


@pytest.mark.parametrize(("name", "jack"), [("A", "JS"), ("B2", "JD"), ("C", "JC")])
def test_jack_goes_to_the_side_that_won_the_trick_holding_it(name: str, jack: str) -> None:
    """Rule 12: Jack to the side that won the trick holding the jack of trump, not the side that played it."""
    # A: seat 3 (side 1) leads JS, seat 0's KS takes it. B2: seat 0 trumps in with JD and wins.
    # C: seat 2 (side 0) plays JC under seat 1's KC.
    expected = {"A": 0, "B2": 0, "C": 1}[name]
    _, scored = _played(name)
    assert awards(scored)["jack"] == (expected, jack)


def test_game_counts_the_bidders_discards() -> None:
    """Rules 8 and 12: the bidder's discards count for the bidder's side in the Game total."""
    # Tricks alone tie 31-31 (Game to nobody); the discarded 10D AD add 14 to side 0.
    _, scored = _played("C")
    assert tuple(scored.card_points) == (45, 31)
    assert awards(scored)["game"][0] == 0


def test_a_game_tie_goes_to_nobody() -> None:
    """Rule 12: a Game tie goes to nobody."""
    _, scored = _played("V")
    assert tuple(scored.card_points) == (30, 30)
    assert awards(scored)["game"][0] is None


@pytest.mark.parametrize(
    ("name", "nobody"),
    [
        ("U", ("high", "low")),
        ("V", ("high", "low", "jack")),
        ("D7", ("low",)),
        ("D7-7H-thrown", ("low",)),
        ("D7-AH-thrown", ("high",)),
    ],
)
def test_a_point_whose_card_was_not_played_goes_to_nobody(name: str, nobody: tuple[str, ...]) -> None:
    """Rule 12: a point whose card was undealt or discarded goes to nobody."""
    _, scored = _played(name)
    sides = _sides(scored)
    for point in nobody:
        assert sides[point] is None
    for point in set(sides) - set(nobody) - {"game"}:
        assert sides[point] is not None


def test_in_play_high_and_low_are_the_highest_and_lowest_trumps_played() -> None:
    """Rule 12 (in-play): High and Low go to the sides that played the highest and lowest trump played."""
    _, scored = _played("U", high_low="in-play")
    result = awards(scored)
    assert result["high"] == (1, "KH")  # the ace was never dealt
    assert result["low"] == (0, "8H")  # nor the 7
    assert result["jack"] == (0, "JH")


def test_in_play_a_single_trump_gives_its_side_both_points() -> None:
    """Rule 12 (in-play): if only one trump was played, that card gives its side both High and Low."""
    _, scored = _played("V", high_low="in-play")
    result = awards(scored)
    assert result["high"] == (1, "9H")
    assert result["low"] == (1, "9H")


def test_in_play_counts_the_ace_and_seven_when_they_are_played() -> None:
    """Rule 12 (in-play): with the ace and the 7 of trump played, High and Low fall as in ace-seven."""
    _, scored = _played("A", high_low="in-play")
    result = awards(scored)
    assert result["high"] == (1, "AS")
    assert result["low"] == (1, "7S")


# -- settlement (rule 13) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "high_low", "made", "changes"),
    [
        ("A", "ace-seven", True, (1, 3)),  # bid 3, won 3
        ("D7", "ace-seven", True, (0, 3)),  # bid 2, won 3: all 3 count
        ("E", "ace-seven", True, (2, 2)),  # bid 2, won 2; side 0 adds its 2
        ("C", "ace-seven", True, (3, 1)),  # bid 3 by side 0, won 3
        ("U", "ace-seven", False, (2, -2)),  # bid 2, won 0: minus 2; side 0 adds 2
        ("B2", "ace-seven", False, (1, -4)),  # bid 4, won 3: minus 4
        ("V", "ace-seven", False, (0, -2)),  # bid 2, nobody won a point
        ("U", "in-play", False, (3, -2)),  # bid 2, won 1
        ("V", "in-play", True, (0, 2)),  # bid 2, won 2
    ],
)
def test_settlement(name: str, high_low: str, made: bool, changes: tuple[int, int]) -> None:
    """Rule 13: made, the bidder's side adds all it won; set, it loses its bid; the other side adds its points."""
    game, scored = _played(name, high_low=high_low)
    assert scored.made is made
    assert tuple(scored.changes) == changes
    assert game.scores == changes
    assert tuple(scored.scores) == changes
    last = view(game, 1)["last_hand"]
    assert (last["made"], tuple(last["changes"])) == (made, changes)
    assert view(game, 2)["scores"] == list(changes)


def test_scores_go_negative_and_accumulate() -> None:
    """Rule 13: a set side's score may go below zero, and settlements add up hand after hand."""
    game = new_smear(DEAL_U, DEAL_V, DEAL_B1, DEAL_B2)
    _hand(game, ONE_BIDS_TWO, PLAY_U)  # (2, -2)
    assert game.scores == (2, -2)
    # Hand 2, dealer 1: seat 1 bids 2 last; all four points go to nobody: minus 2 more.
    _hand(game, [(2, None), (3, None), (0, None), (1, 2)], PLAY_V)
    assert game.scores == (2, -4)
    # Hand 3, dealer 2: a throw-in; hand 4, dealer 2 again: seat 3 bids 4 and is set.
    _hand(game, [(3, None), (0, None), (1, None), (2, None), (3, 4)], PLAY_B2)
    assert game.scores == (3, -8)
    assert not game.is_over
    assert view(game, 0)["hand_number"] == 5
    assert view(game, 0)["dealer"] == 3


# -- end of game (rules 14, 15, 16) ------------------------------------------------------------------


def _ended(events: Sequence[Event]) -> list[GameEnded]:
    return [e for e in events if isinstance(e, GameEnded)]


def test_a_side_reaching_the_target_wins() -> None:
    """Rule 14: after settlement, a side that has reached the target wins."""
    game, _ = _played("D7", target=3)
    assert game.is_over
    assert game.winner == 1
    assert game.scores == (0, 3)
    assert game.current_player is None
    assert list(game.legal_actions()) == []
    assert [(e.winner, tuple(e.scores)) for e in _ended(game.log().events)] == [(1, (0, 3))]
    assert view(game, 0)["winner"] == 1
    refused(game, {"type": "pass"})
    refused(game, {"type": "play", "card": "AH"})


def test_a_side_below_the_target_plays_on() -> None:
    """Rule 14: below the target the match goes on with the next hand."""
    game, _ = _played("D7", target=4)
    assert not game.is_over
    assert game.winner is None
    assert game.scores == (0, 3)
    assert view(game, 0)["hand_number"] == 2
    assert game.current_player == 2


@pytest.mark.parametrize(("name", "winner", "scores"), [("A", 1, (1, 3)), ("C", 0, (3, 1))])
def test_both_sides_reaching_the_target_the_higher_wins(name: str, winner: int, scores: tuple[int, int]) -> None:
    """Rule 14: if both sides have reached the target, the higher score wins."""
    game, _ = _played(name, target=1)
    assert game.scores == scores
    assert game.winner == winner


U_D7_E_CALLS: list[Calls] = [
    ONE_BIDS_TWO,  # hand 1, dealer 0: seat 1 bids 2
    [(2, None), (3, None), (0, None), (1, 2)],  # hand 2, dealer 1: seat 1 bids 2
    [(3, 2), (0, None), (1, None), (2, None)],  # hand 3, dealer 2: seat 3 bids 2
]


def _u_d7_e(**options: Any) -> Smear:
    game = new_smear(DEAL_U, DEAL_D7, DEAL_A, **options)
    _hand(game, U_D7_E_CALLS[0], PLAY_U)  # (2, -2)
    assert (game.scores, game.is_over) == ((2, -2), False)
    _hand(game, U_D7_E_CALLS[1], PLAY_D7)  # (2, 1)
    assert (game.scores, game.is_over) == ((2, 1), False)
    _hand(game, U_D7_E_CALLS[2], PLAY_E)  # (4, 3): side 1 bid 2 and made it; side 0 added 2
    assert game.scores == (4, 3)
    return game


def test_both_reaching_the_target_the_higher_wins_even_if_it_did_not_bid() -> None:
    """Rule 14: both at the target: the higher score wins, even the side that did not bid."""
    game = _u_d7_e(target=3)
    assert game.is_over
    assert game.winner == 0


@pytest.mark.parametrize(("steps", "winner"), [(0, 1), (1, 0), (2, 1), (3, 0)])
def test_an_exact_tie_at_the_target_goes_to_the_bidders_side(steps: int, winner: int) -> None:
    """Rule 14: both at the target with equal scores: the bidder's side wins."""
    game = new_smear(rotate(DEAL_A, steps), target=2)
    _hand(game, _rot_calls(E_CALLS, steps), _rot_play(PLAY_E, steps))
    assert game.bidder is not None and game.bidder % 2 == winner
    assert game.scores == (2, 2)
    assert game.winner == winner


def test_win_only_on_bid_a_non_bidding_side_at_the_target_does_not_win() -> None:
    """Rule 15: with win_only_on_bid a side that did not bid does not win at the target; play goes on."""
    game, _ = _played("U", target=2)
    assert (game.scores, game.winner) == ((2, -2), 0)  # without the option side 0 wins
    game, _ = _played("U", target=2, win_only_on_bid=True)
    assert game.scores == (2, -2)
    assert not game.is_over
    assert game.winner is None
    assert (view(game, 0)["hand_number"], view(game, 0)["dealer"]) == (2, 1)


def test_win_only_on_bid_the_bidders_side_wins_whatever_the_others_score() -> None:
    """Rule 15: the bidder's side that made its bid wins at the target, even below the other side."""
    game = _u_d7_e(target=3, win_only_on_bid=True)
    assert game.is_over
    assert game.winner == 1  # 3 against 4, but side 1 bid and made it


def test_win_only_on_bid_a_side_past_the_target_wins_when_it_bids_and_makes() -> None:
    """Rule 15: a side already at the target wins in the first hand it bids and makes."""
    game = new_smear(DEAL_U, rotate(DEAL_A, 1), target=2, win_only_on_bid=True)
    _hand(game, ONE_BIDS_TWO, PLAY_U)
    assert (game.scores, game.is_over) == ((2, -2), False)
    # Hand 2, dealer 1: deal A turned one seat, so seat 0 bids 3 and makes 3 (side 1 adds 1).
    _hand(game, _rot_calls(A_CALLS, 1), _rot_play(PLAY_A, 1))
    assert game.scores == (5, -1)
    assert game.winner == 0


def test_win_only_on_bid_a_made_bid_below_the_target_plays_on() -> None:
    """Rule 15: the bidder's side made its bid but has not reached the target: play goes on."""
    game, _ = _played("D7", target=4, win_only_on_bid=True)
    assert game.scores == (0, 3)
    assert not game.is_over


def test_cap_non_bidders_caps_the_side_that_did_not_bid_at_the_target() -> None:
    """Rule 16: a non-bidding side's new total is min(old + won, max(old, target))."""
    game, _ = _played("U", target=1)
    assert game.scores == (2, -2)
    game, _ = _played("U", target=1, cap_non_bidders=True)
    assert game.scores == (1, -2)  # min(0 + 2, max(0, 1)) = 1
    assert game.winner == 0
    game, _ = _played("U", cap_non_bidders=True)
    assert game.scores == (2, -2)  # below the target nothing is cut


def test_cap_non_bidders_changes_the_winner_when_both_sides_cross() -> None:
    """Rule 16: both sides cross the target in one hand: the capped defenders (2 + 2 -> 3) tie and lose."""
    game = _u_d7_e(target=3)
    assert (game.scores, game.winner) == ((4, 3), 0)  # without the cap the defenders win 4 to 3
    game = new_smear(DEAL_U, DEAL_D7, DEAL_A, target=3, cap_non_bidders=True)
    for calls, tricks in zip(U_D7_E_CALLS, (PLAY_U, PLAY_D7, PLAY_E), strict=True):
        _hand(game, calls, tricks)
    assert game.scores == (3, 3)  # min(2 + 2, max(2, 3)) = 3
    assert game.winner == 1  # an exact tie at the target goes to the bidder's side


def test_cap_non_bidders_does_not_cap_the_bidders_side() -> None:
    """Rule 16: the bidder's side counts all its points, past the target too."""
    game, _ = _played("D7", target=2, cap_non_bidders=True)
    assert game.scores == (0, 3)
    assert game.winner == 1


def test_cap_non_bidders_keeps_a_side_at_the_target_there() -> None:
    """Rule 16: a non-bidding side already at the target gains nothing: min(2 + 1, max(2, 2)) = 2."""
    for cap, scores in ((True, (2, 1)), (False, (3, 1))):
        game = new_smear(DEAL_U, DEAL_A, target=2, win_only_on_bid=True, cap_non_bidders=cap)
        _hand(game, ONE_BIDS_TWO, PLAY_U)
        assert game.scores == (2, -2)  # min(0 + 2, max(0, 2)) = 2: no cut
        # Hand 2, dealer 1: seat 2 bids 2, seat 3 bids 3 and makes 3; side 0 wins 1 point.
        _hand(game, [(2, 2), (3, 3), (0, None), (1, None)], PLAY_A)
        assert game.scores == scores
        assert not game.is_over
