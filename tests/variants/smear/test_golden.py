"""Golden Four Point Smear hands, worked out by hand from RULES.md and checked event by event.

Each test plays one stacked deal to the end of the hand and compares the whole event log with
a transcript written out here by hand: every call, every card, every trick and its winner, the
four points and who gets them, the card points, the settlement and the scores.
Card points (rule 4): A 4, K 3, Q 2, J 1, 10 ten, others 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablegames.variants.smear import Smear
from tests.variants.smear.deals import DEAL_A, DEAL_B1, DEAL_B2, DEAL_C
from tests.variants.smear.support import bid_round, discard, js, new_smear, play, view

# One trick as written by hand: (leader, cards in play order, winner, winner's side, card points).
GoldenTrick = tuple[int, str, int, int, int]


def _line(event: dict[str, Any]) -> str:
    kind = event["type"]
    if kind == "dealer_drawn":
        return f"dealer_drawn {event['seat']}"
    if kind == "hand_dealt":
        return f"hand_dealt #{event['hand_number']} dealer {event['dealer']}"
    if kind == "bid_made":
        return f"bid_made {event['seat']} {event['amount']}"
    if kind == "bid_passed":
        return f"bid_passed {event['seat']}"
    if kind == "thrown_in":
        return f"thrown_in #{event['hand_number']}"
    if kind == "bidding_won":
        return f"bidding_won {event['seat']} {event['amount']}"
    if kind in ("undealt_taken", "discarded"):
        cards = "hidden" if event["cards"] is None else " ".join(sorted(event["cards"]))
        return f"{kind} {event['seat']} {event['count']} {cards}"
    if kind == "card_played":
        return f"card_played {event['seat']} {event['card']}"
    if kind == "trick_won":
        return f"trick_won {event['seat']} side {event['side']} {' '.join(event['cards'])}"
    if kind == "hand_scored":
        return f"hand_scored #{event['hand_number']}"
    if kind == "game_ended":
        return f"game_ended {event['winner']} {event['scores']}"
    raise AssertionError(f"unexpected event {event}")


def _transcript(game: Smear) -> list[str]:
    return [_line(e) for e in js(game.log())["events"]]


def _trick_lines(tricks: Sequence[GoldenTrick]) -> list[str]:
    lines: list[str] = []
    for leader, cards, winner, side, _points in tricks:
        played = cards.split()
        lines.extend(f"card_played {(leader + i) % 4} {card}" for i, card in enumerate(played))
        lines.append(f"trick_won {winner} side {side} {cards}")
    return lines


def _play(game: Smear, tricks: Sequence[GoldenTrick]) -> None:
    for leader, cards, _winner, _side, _points in tricks:
        for i, card in enumerate(cards.split()):
            play(game, (leader + i) % 4, card)


def _card_points(tricks: Sequence[GoldenTrick], side: int) -> int:
    return sum(points for _l, _c, _w, s, points in tricks if s == side)


def _scored(game: Smear) -> dict[str, Any]:
    events = [e for e in js(game.log())["events"] if e["type"] == "hand_scored"]
    assert len(events) >= 1
    scored = dict(events[-1])
    scored["awards"] = {a["point"]: [a["side"], a["card"]] for a in scored["awards"]}
    scored["awards"]["game"] = scored["awards"]["game"][0]
    del scored["type"]
    return scored


# -- Golden A: seat 3 bids 3, trumps spades and makes it; side 0 takes Jack ---------------------

GOLDEN_A: list[GoldenTrick] = [
    (3, "AS 8S 7S 9S", 3, 1, 4),  # AS
    (3, "JS KS 8D QS", 0, 0, 6),  # J 1 + K 3 + Q 2: the jack led into the king
    (0, "AH 9H 7H 10S", 3, 1, 14),  # A 4 + 10: seat 3 trumps though holding 8H
    (3, "AD QC KD 10D", 3, 1, 19),  # A 4 + Q 2 + K 3 + 10
    (3, "9C JC 7C AC", 2, 0, 5),  # J 1 + A 4
    (2, "KC 8H KH 10H", 2, 0, 16),  # K 3 + K 3 + 10: clubs led, no trump, the king wins
]


def test_golden_a_a_made_bid() -> None:
    """Rules 7, 9-13: a bid of 3 made with High, Low and Game; the other side scores Jack."""
    game = new_smear(DEAL_A)
    bid_round(game, [(1, None), (2, 2), (3, 3), (0, None)])
    _play(game, GOLDEN_A)
    # No stacked deal is left, so hand 2 is shuffled from the seed; the deal passes to seat 1.
    assert _transcript(game) == [
        "dealer_drawn 0",
        "hand_dealt #1 dealer 0",
        "bid_passed 1",
        "bid_made 2 2",
        "bid_made 3 3",
        "bid_passed 0",
        "bidding_won 3 3",
        *_trick_lines(GOLDEN_A),
        "hand_scored #1",
        "hand_dealt #2 dealer 1",
    ]
    assert _card_points(GOLDEN_A, 0) == 27
    assert _card_points(GOLDEN_A, 1) == 37  # 27 + 37 + 16 undealt (QH JH QD JD 10C) = 80
    assert _scored(game) == {
        "hand_number": 1,
        "bidder": 3,
        "bid": 3,
        "trump": "S",
        "awards": {"high": [1, "AS"], "low": [1, "7S"], "jack": [0, "JS"], "game": 1},
        "card_points": [27, 37],
        "won": [1, 3],
        "made": True,
        "changes": [1, 3],
        "scores": [1, 3],
    }
    assert game.scores == (1, 3)
    assert not game.is_over
    v = view(game, 2)
    assert (v["hand_number"], v["dealer"], v["phase"], v["scores"]) == (2, 1, "bidding", [1, 3])
    assert v["last_hand"]["bidder"] == 3
    assert game.current_player == 2


# -- Golden B: a throw-in, then seat 3 bids 4, trumps diamonds and is set ----------------------

GOLDEN_B2: list[GoldenTrick] = [
    (3, "AD 10D 8D 9H", 3, 1, 14),  # A 4 + 10
    (3, "AC JD QC 10C", 0, 0, 17),  # A 4 + J 1 + Q 2 + 10: seat 0, void in clubs, trumps with the jack
    (0, "AH 7S 10H 7D", 3, 1, 14),  # A 4 + 10: seat 3 trumps with the 7
    (3, "KC 10S JC QS", 3, 1, 16),  # K 3 + 10 + J 1 + Q 2
    (3, "9S QH 9D AS", 1, 1, 6),  # Q 2 + A 4: the 9 of trump beats the ace of spades
    (1, "QD KS KD KH", 3, 1, 11),  # Q 2 + K 3 + K 3 + K 3
]


def test_golden_b_a_throw_in_then_a_bid_of_four_set_into_negative() -> None:
    """Rules 5, 7, 12, 13: all pass and the same dealer redeals; a bid of 4 with 3 points won is set."""
    game = new_smear(DEAL_B1, DEAL_B2)
    bid_round(game, [(3, None), (0, None), (1, None), (2, None)])
    bid_round(game, [(3, 4)])  # bidding ends at once
    _play(game, GOLDEN_B2)
    assert _transcript(game) == [
        "dealer_drawn 2",
        "hand_dealt #1 dealer 2",
        "bid_passed 3",
        "bid_passed 0",
        "bid_passed 1",
        "bid_passed 2",
        "thrown_in #1",
        "hand_dealt #2 dealer 2",
        "bid_made 3 4",
        "bidding_won 3 4",
        *_trick_lines(GOLDEN_B2),
        "hand_scored #2",
        "hand_dealt #3 dealer 3",
    ]
    assert _card_points(GOLDEN_B2, 0) == 17
    assert _card_points(GOLDEN_B2, 1) == 61  # 17 + 61 + 2 undealt (JS JH) = 80
    assert _scored(game) == {
        "hand_number": 2,
        "bidder": 3,
        "bid": 4,
        "trump": "D",
        "awards": {"high": [1, "AD"], "low": [1, "7D"], "jack": [0, "JD"], "game": 1},
        "card_points": [17, 61],
        "won": [1, 3],
        "made": False,
        "changes": [1, -4],
        "scores": [1, -4],
    }
    assert game.scores == (1, -4)
    assert game.current_player == 0
    assert view(game, 0)["tricks_won"] == [0, 0]


# -- Golden C: seen_undealt=2; the bidder's discards turn a tied Game into a point --------------

GOLDEN_C: list[GoldenTrick] = [
    (0, "AC QC 8C 10C", 0, 0, 16),  # A 4 + Q 2 + 10
    (0, "7C KC JC QH", 1, 1, 6),  # K 3 + J 1 + Q 2: seat 0's 7 of trump, side 1's trick and jack
    (1, "KS 9S AS 9C", 0, 0, 7),  # K 3 + A 4: seat 0 trumps though holding spades
    (0, "KH 9H AH JH", 2, 0, 8),  # K 3 + A 4 + J 1
    (2, "8H 10S 8S 10H", 1, 1, 20),  # 10 + 10
    (1, "QS 9D KD 7S", 1, 1, 5),  # Q 2 + K 3
]


def test_golden_c_the_discards_swing_the_game_point() -> None:
    """Rules 8, 9, 12, 13: seat 0 takes 10D AD, discards them, and their 14 card points win Game."""
    game = new_smear(DEAL_C, seen_undealt=2)
    bid_round(game, [(2, None), (3, 2), (0, 3), (1, None)])
    assert sorted(view(game, 0)["picked_up"]) == ["10D", "AD"]
    discard(game, 0, "AD 10D")
    _play(game, GOLDEN_C)
    assert _transcript(game) == [
        "dealer_drawn 1",
        "hand_dealt #1 dealer 1",
        "bid_passed 2",
        "bid_made 3 2",
        "bid_made 0 3",
        "bid_passed 1",
        "bidding_won 0 3",
        "undealt_taken 0 2 10D AD",
        "discarded 0 2 10D AD",
        *_trick_lines(GOLDEN_C),
        "hand_scored #1",
        "hand_dealt #2 dealer 2",
    ]
    seat_1 = [_line(e) for e in js(game.log(1))["events"]]
    assert "undealt_taken 0 2 hidden" in seat_1
    assert "discarded 0 2 hidden" in seat_1
    # The tricks tie 31-31; the discards (A 4 + 10) count for the bidder's side: 45 to 31.
    assert _card_points(GOLDEN_C, 0) == 31
    assert _card_points(GOLDEN_C, 1) == 31
    assert _scored(game) == {
        "hand_number": 1,
        "bidder": 0,
        "bid": 3,
        "trump": "C",
        "awards": {"high": [0, "AC"], "low": [0, "7C"], "jack": [1, "JC"], "game": 0},
        "card_points": [45, 31],
        "won": [3, 1],
        "made": True,
        "changes": [3, 1],
        "scores": [3, 1],
    }
    assert game.scores == (3, 1)


# -- Golden E: deal A again, seat 3 bids only 2; the points split 2-2 and end the match ------------

GOLDEN_E: list[GoldenTrick] = [
    (3, "AS 8S 7S 9S", 3, 1, 4),  # A 4
    (3, "JS KS 8D QS", 0, 0, 6),  # J 1 + K 3 + Q 2
    (0, "AH 9H 7H 8H", 0, 0, 4),  # A 4: seat 3 follows with 8H this time
    (0, "KH 10H 10D 9C", 0, 0, 23),  # K 3 + 10 + 10
    (0, "QC 7C AC AD", 2, 0, 10),  # Q 2 + A 4 + A 4
    (2, "KC 10S JC KD", 3, 1, 17),  # K 3 + 10 + J 1 + K 3: the last trump
]


def test_golden_e_a_tie_at_the_target_goes_to_the_bidders_side() -> None:
    """Rules 12-14: 2 points each with target 2; both reach it tied, and the bidder's side wins."""
    game = new_smear(DEAL_A, target=2)
    bid_round(game, [(1, None), (2, None), (3, 2), (0, None)])
    _play(game, GOLDEN_E)
    assert _transcript(game) == [
        "dealer_drawn 0",
        "hand_dealt #1 dealer 0",
        "bid_passed 1",
        "bid_passed 2",
        "bid_made 3 2",
        "bid_passed 0",
        "bidding_won 3 2",
        *_trick_lines(GOLDEN_E),
        "hand_scored #1",
        "game_ended 1 [2, 2]",
    ]
    assert _card_points(GOLDEN_E, 0) == 43
    assert _card_points(GOLDEN_E, 1) == 21  # 43 + 21 + 16 undealt = 80
    assert _scored(game) == {
        "hand_number": 1,
        "bidder": 3,
        "bid": 2,
        "trump": "S",
        "awards": {"high": [1, "AS"], "low": [1, "7S"], "jack": [0, "JS"], "game": 0},
        "card_points": [43, 21],
        "won": [2, 2],
        "made": True,
        "changes": [2, 2],
        "scores": [2, 2],
    }
    assert game.is_over
    assert game.winner == 1
    assert game.current_player is None
