"""Euchre scenarios from stacked deals, with hand-checked tricks and scores (RULES.rst, rules 7 to 21)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from euchre_support import DEALS, action, deal, moves, names, new, rotated, scenario_deal, words
from tablegames_euchre import (
    CallView,
    CardPlayed,
    Discarded,
    Euchre,
    GameEnded,
    HandDealt,
    HandScored,
    HandThrownIn,
    LastTrick,
    Passed,
    TrickCard,
    TrickWon,
    TrumpMade,
    UpCardTaken,
)

from tablegames import IllegalActionError
from tablegames.components.cards import Card, Suit, euchre_deck
from tablegames.core.events import Event


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def scored(events: Sequence[Event]) -> HandScored:
    found = [e for e in events if isinstance(e, HandScored)]
    assert len(found) == 1
    return found[0]


def trick_winners(events: Sequence[Event]) -> list[int]:
    return [e.seat for e in events if isinstance(e, TrickWon)]


def legal(game: Euchre) -> list[str]:
    return names(game.legal_actions())


def refused(game: Euchre, name: str) -> str:
    """The reason the current player may not take the move ``name``."""
    with pytest.raises(IllegalActionError) as info:
        game.apply(action(name))
    return info.value.reason


def plays(game: Euchre, seat: int) -> list[str]:
    """The cards ``seat`` (the current player) may play, in hand order."""
    assert game.current_player == seat
    return [n.removeprefix("play ") for n in legal(game)]


# -- S1 ---------------------------------------------------------------------------------------


def test_s1_eldest_orders_up_the_dealer_discards_and_the_bowers_win() -> None:
    """Eldest orders up hearts; the dealer picks up and discards; the right and left bowers win; 4 tricks: 1."""
    game = new(scenario_deal("S1"))
    assert game.current_player == 0 and game.phase == "calling" and game.view(0).calling_round == 1
    assert legal(game) == ["pass", "call hearts", "call hearts alone"]
    assert refused(game, "call S") == (
        "in the first round only the up-card's suit, hearts, can be made trump: call hearts or pass"
    )
    events = moves(game, "call H")
    assert events == [TrumpMade(0, Suit.HEARTS, 1, False, False), UpCardTaken(3, c("9H"))]
    assert game.current_player == 3 and game.phase == "discard"
    assert legal(game) == ["discard JS", "discard 10S", "discard KH", "discard 9H", "discard QD", "discard 9C"]
    events = moves(game, "discard 9C")
    assert events == [Discarded(3, c("9C"))]
    assert events[0].redact(0) == Discarded(3, None) and events[0].redact(3) == events[0]
    assert game.view(3).discard == c("9C") and game.view(0).discard is None
    assert game.view(3).hand == cards("JS 10S KH 9H QD")
    assert game.current_player == 0 and game.phase == "play"  # the dealer's left leads (rule 16)
    events = moves(game, "JH")
    assert plays(game, 1) == ["QH", "JD"]  # the JD is a heart
    events += moves(game, "QH 10H 9H", "AH")
    assert plays(game, 1) == ["JD"]  # his only heart is the left bower
    events += moves(game, "JD QS KH", "KD AD QD 9D", "AS JS KS 9S", "KC")
    assert plays(game, 3) == ["10S"]  # void in clubs after the discard
    events += moves(game, "10S AC 10C")
    assert trick_winners(events) == [0, 1, 2, 2, 0]
    hand = scored(events)
    assert hand == HandScored(1, 0, Suit.HEARTS, False, (4, 1), "made", 0, 1, (1, 0))
    assert game.scores == (1, 0)
    assert game.hand_number == 2 and game.dealer == 0 and game.current_player == 1
    assert game.phase == "calling" and game.view(1).calling_round == 1 and game.trump is None


def test_s1_the_view_carries_the_last_completed_trick_and_its_winner() -> None:
    """Every view shows the last trick taken (cards in play order, winner); ``None`` from a deal until one closes."""
    game = new(scenario_deal("S1"))
    assert all(game.view(seat).last_trick is None for seat in range(4))
    moves(game, "call H", "discard 9C", "JH QH 10H")
    assert game.phase == "play" and all(game.view(seat).last_trick is None for seat in range(4))
    moves(game, "9H")
    first = LastTrick(
        cards=tuple(TrickCard(s, c(t)) for s, t in zip(range(4), words("JH QH 10H 9H"), strict=True)), winner=0
    )
    assert [game.view(seat).last_trick for seat in range(4)] == [first] * 4
    moves(game, "AH JD QS")  # the trick under way leaves the last one shown
    assert game.view(2).last_trick == first
    moves(game, "KH")
    second = LastTrick(
        cards=tuple(TrickCard(s, c(t)) for s, t in zip(range(4), words("AH JD QS KH"), strict=True)), winner=1
    )
    assert game.view(3).last_trick == second
    moves(game, "KD AD QD 9D", "AS JS KS 9S", "KC 10S AC 10C")  # the hand ends; the next is dealt
    assert game.hand_number == 2 and all(game.view(seat).last_trick is None for seat in range(4))


# -- S2 ---------------------------------------------------------------------------------------


def test_s2_the_dealers_partner_assists_the_left_bower_trumps_its_printed_suit_and_a_march_scores_2() -> None:
    """The dealer's partner orders up spades; the JC, a spade, is void in clubs and trumps; all 5 tricks: 2."""
    game = new(scenario_deal("S2"))
    moves(game, "pass", "call S")
    assert game.current_player == 3
    assert legal(game) == ["discard AS", "discard QS", "discard 10S", "discard KH", "discard 9D", "discard AC"]
    moves(game, "discard 9D", "KC")
    assert plays(game, 1) == ["KS", "JS", "AH", "AD", "JC"]  # clubs led: the JC is a spade, seat 1 is void
    events = moves(game, "JC")
    assert plays(game, 2) == ["10C", "9C"]
    events += moves(game, "9C AC", "JS 10C 10S 9S", "KS KD QS QD", "AH JH KH 10H", "AD 9H AS QH")
    assert trick_winners(events) == [1, 1, 1, 1, 3]
    assert scored(events) == HandScored(1, 1, Suit.SPADES, False, (0, 5), "march", 1, 2, (0, 2))
    assert game.scores == (0, 2)


# -- S3 ---------------------------------------------------------------------------------------


def test_s3_the_seat_right_of_the_dealer_orders_up_and_is_euchred() -> None:
    """Seat 2 orders up diamonds, his side takes 2 tricks: euchred, the defenders score 2."""
    game = new(scenario_deal("S3"))
    moves(game, "pass", "pass", "call D", "discard 10S")
    assert game.view(3).hand == cards("JS AH KH QH 10D")
    events = moves(game, "KS")
    assert plays(game, 1) == ["JH", "JD", "AC", "KC", "10C"]  # void in spades: the JH is a diamond
    events += moves(game, "JH AS JS")
    assert trick_winners(events) == [1]  # the left bower trumps
    assert plays(game, 1) == ["JD", "AC", "KC", "10C"]
    events += moves(game, "JD 9D 10D QD", "AC 9C QH 9H", "KC KD KH 10H", "AD AH QS 10C")
    assert trick_winners(events) == [1, 1, 1, 2, 2]
    assert scored(events) == HandScored(1, 2, Suit.DIAMONDS, False, (2, 3), "euchre", 1, 2, (0, 2))
    assert game.scores == (0, 2)


# -- S4 ---------------------------------------------------------------------------------------


def test_s4_the_dealer_takes_it_up_and_discards_the_up_card_itself() -> None:
    """The dealer orders up clubs himself and discards the 9C he picked up; his side takes exactly 3: 1."""
    game = new(scenario_deal("S4"))
    moves(game, "pass", "pass", "pass")
    assert game.current_player == 3 and legal(game) == ["pass", "call clubs", "call clubs alone"]
    moves(game, "call C")
    assert legal(game) == ["discard JS", "discard KH", "discard QD", "discard AC", "discard JC", "discard 9C"]
    events = moves(game, "discard 9C")
    assert game.piece_places()["kitty"] == cards("QS 9S 10D 9C")
    assert game.piece_places()["up card"] == ()
    events += moves(game, "AH 9H 10H KH", "AS 10S JD")
    assert plays(game, 3) == ["JS", "QD", "AC", "JC"]  # spades led: his JS is a club, so he is void
    events += moves(game, "JS", "JC QC 10C KD", "AC KC KS QH", "QD AD 9D JH")
    assert trick_winners(events) == [0, 3, 3, 3, 0]
    assert scored(events) == HandScored(1, 3, Suit.CLUBS, False, (2, 3), "made", 1, 1, (0, 1))
    assert game.scores == (0, 1)


# -- S5, S6, S7 ---------------------------------------------------------------------------------


def test_s5_all_pass_then_round_2_names_another_suit_and_the_left_bower_follows_trump() -> None:
    """All pass on the KH; the KH may not be named again; seat 1 names diamonds; the JH is a diamond."""
    game = new(scenario_deal("S5"))
    moves(game, "pass", "pass", "pass")
    assert legal(game) == ["pass", "call hearts", "call hearts alone"]
    events = moves(game, "pass")
    assert events == [Passed(3, 1)]
    view = game.view(0)
    assert view.turned_down and view.calling_round == 2 and game.current_player == 0
    assert legal(game) == [
        "pass",
        "call spades",
        "call spades alone",
        "call diamonds",
        "call diamonds alone",
        "call clubs",
        "call clubs alone",
    ]
    assert refused(game, "call H") == "hearts was turned down: name spades, diamonds or clubs, or pass"
    events = moves(game, "pass", "call D")
    assert events == [Passed(0, 2), TrumpMade(1, Suit.DIAMONDS, 2, False, False)]
    passes = [CallView(s, 1, None) for s in range(4)]
    assert game.view(2).calls == (*passes, CallView(0, 2, None), CallView(1, 2, "D"))
    assert game.view(2).turned_down and game.view(2).calling_round is None
    assert game.phase == "play" and game.current_player == 0
    assert game.view(3).hand == cards("KS JH 10H AC 10C")  # no pick-up in the second round
    assert game.piece_places()["up card"] == (c("KH"),)
    events = moves(game, "AH 9C 9H")
    assert plays(game, 3) == ["10H"]  # his only heart: the JH is a diamond
    assert refused(game, "JH") == (
        "seat 3 holds hearts, the suit led: play hearts; the JH is a diamond, the left bower"
    )
    events += moves(game, "10H", "9D KD 10D")
    assert plays(game, 3) == ["JH"]  # trump led: his only trump is the left bower
    events += moves(game, "JH", "AC KC AS QC", "10C QS AD 10S", "JD JS KS QH")
    assert trick_winners(events) == [0, 3, 3, 1, 1]
    assert scored(events) == HandScored(1, 1, Suit.DIAMONDS, False, (1, 4), "made", 1, 1, (0, 1))
    assert game.scores == (0, 1)


S5_PLAY = ("AH 9C 9H 10H", "9D KD 10D JH", "AC KC AS QC", "10C QS AD 10S", "JD JS KS QH")


def test_s6_a_hand_nobody_makes_is_thrown_in_and_the_deal_passes_left() -> None:
    """Without stick the dealer, eight passes throw the hand in: nobody scores, seat 0 deals hand 2."""
    second = deal(rotated(DEALS["S1"][0], 1), DEALS["S1"][1], DEALS["S1"][2])
    game = new(scenario_deal("S5"), second)
    events = moves(game, *["pass"] * 8)
    assert events[:9] == [*(Passed(s, 1) for s in range(4)), *(Passed(s, 2) for s in range(4)), HandThrownIn(1, 3)]
    dealt = events[9]
    assert isinstance(dealt, HandDealt) and (dealt.hand_number, dealt.dealer, dealt.up_card) == (2, 0, c("9H"))
    assert len(events) == 10
    assert game.scores == (0, 0) and game.last_hand is None
    assert (game.hand_number, game.dealer, game.current_player, game.phase) == (2, 0, 1, "calling")
    assert game.view(1).calling_round == 1 and not game.view(1).turned_down and game.view(1).calls == ()
    assert game.view(1).hand == cards("KS AH JH 9D AC")  # the second stacked deal, seat 1 has S1's seat 0 hand


def test_s6_a_thrown_in_hand_is_followed_by_a_shuffled_one() -> None:
    """With one stacked deal, the hand after a throw-in is shuffled from the seed, as hand 2."""
    game = new(scenario_deal("S5"), seed=9)
    moves(game, *["pass"] * 8)
    assert game.log().events[-1] == HandDealt(2, 0, *_shuffled(game, 2))


def _shuffled(game: Euchre, number: int) -> tuple[tuple[tuple[Card, ...], ...], Card, tuple[Card, ...]]:
    shuffled = game.shuffled_deal(number)
    order = {card: i for i, card in enumerate(euchre_deck())}
    hands = tuple(tuple(sorted(h, key=order.__getitem__)) for h in shuffled.hands)
    assert shuffled.kitty is not None
    return hands, shuffled.up_card, shuffled.kitty


def test_s7_stick_the_dealer_may_not_pass_nor_name_the_turned_down_suit() -> None:
    """With stick the dealer, after seven passes the dealer must name spades, diamonds or clubs."""
    game = new(scenario_deal("S5"), stick_the_dealer=True)
    moves(game, *["pass"] * 7)
    assert game.current_player == 3
    assert all(game.view(s).must_call for s in range(4))
    assert legal(game) == [
        "call spades",
        "call spades alone",
        "call diamonds",
        "call diamonds alone",
        "call clubs",
        "call clubs alone",
    ]
    assert refused(game, "pass") == (
        "every other seat passed twice: seat 3, the dealer, must name trump (spades, diamonds or clubs)"
    )
    assert refused(game, "call H") == "hearts was turned down: name spades, diamonds or clubs"
    events = moves(game, "call D")
    assert events == [TrumpMade(3, Suit.DIAMONDS, 2, False, True)]
    assert not game.view(0).must_call and game.current_player == 0
    events += moves(game, *S5_PLAY)
    assert trick_winners(events) == [0, 3, 3, 1, 1]
    assert scored(events) == HandScored(1, 3, Suit.DIAMONDS, False, (1, 4), "made", 1, 1, (0, 1))


def test_without_stick_the_dealer_the_dealer_may_pass_last() -> None:
    """The option off, the dealer's second-round pass is legal after three others (no must_call)."""
    game = new(scenario_deal("S5"))
    moves(game, *["pass"] * 7)
    assert not game.view(3).must_call and legal(game)[0] == "pass"


# -- going alone: S8 to S11, S13 ------------------------------------------------------------------

S8_MOVES = ("call S alone", "discard KD", "JS KS 9S", "JC 10C 10S", "AS 9D QS", "AH KH KC", "AD QH QC")


def test_s8_eldest_goes_alone_his_partner_sits_out_and_a_lone_march_scores_4() -> None:
    """Seat 0 orders up spades alone: seat 2 sits out, 3-card tricks, all five: 4 points."""
    game = new(scenario_deal("S8"))
    assert legal(game) == ["pass", "call spades", "call spades alone"]
    events = moves(game, "call S alone")
    assert events == [TrumpMade(0, Suit.SPADES, 1, True, False), UpCardTaken(3, c("9S"))]
    assert game.view(0).sitting_out == 2 and game.view(1).alone and game.view(1).calls == (CallView(0, 1, "S alone"),)
    assert not game.view(1).turned_down
    assert legal(game) == ["discard QS", "discard 10S", "discard 9S", "discard KD", "discard KC", "discard QC"]
    events = moves(game, "discard KD")
    seen = []
    for trick in S8_MOVES[2:]:
        for card in trick.split():
            assert game.current_player != 2 and game.view(2).legal_actions == ()
            seen.append(game.current_player)
            if trick == "JC 10C 10S" and card == "10C":
                assert plays(game, 1) == ["KH", "QH", "9D", "10C"]  # trumps led (the JC): void in spades
            events += moves(game, card)
        if trick == "AH KH KC":
            assert game.view(0).hand_sizes == (1, 1, 5, 1)
    assert seen == [0, 1, 3] * 5
    won = [e for e in events if isinstance(e, TrickWon)]
    assert [w.seat for w in won] == [0] * 5 and all(len(w.cards) == 3 for w in won)
    assert scored(events) == HandScored(1, 0, Suit.SPADES, True, (5, 0), "march", 0, 4, (4, 0))
    assert game.scores == (4, 0)


def test_s8_the_partner_who_sits_out_keeps_his_cards_out_of_play() -> None:
    """During a lone hand the partner's five cards stay in his hand, hidden from the other seats."""
    game = new(scenario_deal("S8"))
    moves(game, "call S alone", "discard KD", "JS KS 9S")
    assert game.piece_places()["hand 2"] == cards("JH 10H 9H QD JD")
    assert game.view(2).hand == cards("JH 10H 9H QD JD")
    assert cards("JH 10H 9H QD JD")[0] in game.hidden_pieces(0)
    with pytest.raises(IllegalActionError, match="it is seat 0's turn"):
        game.apply(action("JH"), seat=2)


def test_s9_right_of_the_dealer_goes_alone_and_the_dealers_partner_leads() -> None:
    """Seat 2 names hearts alone in round 2: seat 0 sits out, so seat 1 leads; 3 tricks alone: 1."""
    game = new(scenario_deal("S9"))
    moves(game, *["pass"] * 6)
    assert game.current_player == 2
    assert legal(game) == [
        "pass",
        "call spades",
        "call spades alone",
        "call hearts",
        "call hearts alone",
        "call clubs",
        "call clubs alone",
    ]
    events = moves(game, "call H alone")
    assert events == [TrumpMade(2, Suit.HEARTS, 2, True, False)]
    assert game.view(1).sitting_out == 0 and game.current_player == 1 and game.phase == "play"
    events += moves(game, "AS KC QS", "QC AC 9H", "AD 9C AH", "JH 10H QH", "KH KS 10S")
    assert trick_winners(events) == [1, 3, 2, 2, 2]
    assert [e.seat for e in events if isinstance(e, CardPlayed)][6:9] == [3, 1, 2]  # seat 0 skipped
    assert scored(events) == HandScored(1, 2, Suit.HEARTS, True, (3, 2), "made", 0, 1, (1, 0))
    assert game.scores == (1, 0)


def test_s10_the_dealers_partner_goes_alone_the_dealer_sits_out_without_picking_up() -> None:
    """Seat 1 orders up spades alone: the dealer sits out, takes nothing, discards nothing; euchred: 2."""
    game = new(scenario_deal("S10"))
    events = moves(game, "pass", "call S alone")
    assert events == [Passed(0, 1), TrumpMade(1, Suit.SPADES, 1, True, False)]  # no pick-up, no discard
    assert game.phase == "play" and game.current_player == 0 and game.view(0).sitting_out == 3
    assert game.piece_places()["up card"] == (c("AS"),)
    assert game.view(3).hand == cards("JH 10H JD 10D QC") and game.view(3).discard is None
    events = moves(game, "AD KD 9S", "AC")
    assert plays(game, 0) == ["10S", "9H", "QD", "JC"]  # clubs led: his JC is a spade
    events += moves(game, "9H QS", "JS KH")
    assert plays(game, 0) == ["10S", "JC"]  # trump led: both are spades
    events += moves(game, "10S", "KS QH JC", "QD AH KC")
    assert trick_winners(events) == [2, 1, 1, 0, 0]
    assert scored(events) == HandScored(1, 1, Suit.SPADES, True, (3, 2), "euchre", 0, 2, (2, 0))
    assert game.scores == (2, 0)


def test_s11_the_dealer_goes_alone_picking_up_the_right_bower() -> None:
    """The dealer orders up diamonds alone on the JD: his partner sits out; 4 tricks alone: 1."""
    game = new(scenario_deal("S11"))
    moves(game, "pass", "pass", "pass")
    assert legal(game) == ["pass", "call diamonds", "call diamonds alone"]
    events = moves(game, "call D alone")
    assert events == [TrumpMade(3, Suit.DIAMONDS, 1, True, False), UpCardTaken(3, c("JD"))]
    assert game.view(0).sitting_out == 1
    assert legal(game) == ["discard 9S", "discard JH", "discard AD", "discard KD", "discard JD", "discard AC"]
    events += moves(game, "discard AC")
    assert game.view(3).hand == cards("9S JH AD KD JD")
    events += moves(game, "AS QH 9S", "KS QC KD", "JD QD 10D", "JH AH KH", "AD 9C KC")
    assert trick_winners(events) == [0, 3, 3, 3, 3]
    assert scored(events) == HandScored(1, 3, Suit.DIAMONDS, True, (1, 4), "made", 1, 1, (0, 1))


def test_s13_with_going_alone_off_the_same_cards_with_a_partner_march_for_2() -> None:
    """The alone option off: no lone calls; with the partner playing, the march scores 2."""
    game = new(scenario_deal("S8"), alone=False)
    assert legal(game) == ["pass", "call spades"]
    assert refused(game, "call S alone") == "going alone is not allowed in this game (the alone option is off)"
    events = moves(game, "call S", "discard KD")
    events += moves(game, "JS KS 9H 9S", "JC 10C 10H 10S", "AS 9D JH QS", "AH KH QD KC", "AD QH")
    assert plays(game, 2) == ["JD"]  # diamonds led: with spades trump the JD is a plain diamond
    events += moves(game, "JD QC")
    assert trick_winners(events) == [0] * 5
    assert scored(events) == HandScored(1, 0, Suit.SPADES, False, (5, 0), "march", 0, 2, (2, 0))


# -- S12: the match ---------------------------------------------------------------------------


def test_s12_five_lone_marches_the_deal_rotating_and_the_match_ends_past_10() -> None:
    """The eldest marches alone every hand; (4,0) (4,4) (8,4) (8,8) (12,8): side 0 wins with 12."""
    deals = [scenario_deal("S8", dealer=3 if k == 0 else None, steps=k) for k in range(5)]
    game = new(*deals)
    totals = []
    for k in range(5):
        assert game.dealer == (3 + k) % 4 and game.current_player == k % 4
        events = moves(game, *S8_MOVES)
        hand = scored(events)
        assert (hand.hand_number, hand.maker, hand.result, hand.points) == (k + 1, k % 4, "march", 4)
        totals.append(hand.scores)
        if k < 4:
            assert not game.is_over
    assert totals == [(4, 0), (4, 4), (8, 4), (8, 8), (12, 8)]
    assert game.log().events[-1] == GameEnded(0, (12, 8))
    assert isinstance(game.log().events[-2], HandScored)
    assert game.is_over and game.winner == 0 and game.current_player is None and game.legal_actions() == ()
    assert game.phase == "over" and game.scores == (12, 8)
    assert sum(isinstance(e, HandDealt) for e in game.log().events) == 5


def test_s12_a_short_target_ends_the_match_after_one_hand() -> None:
    """With target 4, the lone march of hand 1 wins at once."""
    game = new(scenario_deal("S8"), target=4)
    events = moves(game, *S8_MOVES)
    assert events[-1] == GameEnded(0, (4, 0)) and game.is_over
