"""Euchre's text for the command line: each event in words, the scoresheet notes, a seat's view, the table."""

from __future__ import annotations

import pytest
from euchre_support import moves, new, scenario_deal
from tablegames_euchre import (
    CardPlayed,
    DealerDrawn,
    Discarded,
    Euchre,
    GameEnded,
    HandDealt,
    HandScored,
    HandThrownIn,
    Passed,
    TrickWon,
    TrumpMade,
    UpCardTaken,
)
from tablegames_euchre.text import describe_event, hand_note

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (DealerDrawn(3), "seat 3 is drawn to deal first"),
        (
            HandDealt(2, 0, (cards("KS AH JH 9D AC"), None, None, None), Card.parse("9H"), None),
            "hand 2: seat 0 deals and turns up 9H (seat 0: KS AH JH 9D AC; seat 1: ?; seat 2: ?; seat 3: ?)",
        ),
        (Passed(1, 1), "seat 1 passes"),
        (Passed(1, 2), "seat 1 passes again"),
        (TrumpMade(0, Suit.HEARTS, 1, False, False), "seat 0 orders up hearts"),
        (TrumpMade(1, Suit.DIAMONDS, 2, True, False), "seat 1 names diamonds and goes alone"),
        (TrumpMade(3, Suit.CLUBS, 2, False, True), "seat 3, the dealer, stuck, names clubs"),
        (UpCardTaken(3, Card.parse("9H")), "seat 3 picks up 9H"),
        (Discarded(3, Card.parse("9C")), "seat 3 discards 9C"),
        (Discarded(3, None), "seat 3 discards a card face down"),
        (CardPlayed(2, Card.parse("JD")), "seat 2 plays JD"),
        (TrickWon(1, 1, cards("AH JD QS")), "seat 1 wins the trick: AH JD QS"),
        (
            HandScored(1, 0, Suit.HEARTS, False, (4, 1), "made", 0, 1, (1, 0)),
            "hand 1: seat 0 (seats 0+2) made hearts, 4 tricks: seats 0+2 score 1 point (1-0)",
        ),
        (
            HandScored(1, 2, Suit.SPADES, True, (5, 0), "march", 0, 4, (4, 0)),
            "hand 1: seat 2 (seats 0+2) made spades alone, a march: seats 0+2 score 4 points (4-0)",
        ),
        (
            HandScored(3, 1, Suit.SPADES, True, (3, 2), "euchre", 0, 2, (2, 0)),
            "hand 3: seat 1 (seats 1+3) made spades alone, took 2 tricks and is euchred: seats 0+2 score 2 (2-0)",
        ),
        (HandThrownIn(4, 2), "hand 4 is thrown in: nobody made trump; the deal passes to the left"),
        (GameEnded(0, (12, 8)), "side 0 wins the match (12, 8)"),
    ],
)
def test_each_event_in_words(event: Event, text: str) -> None:
    """describe_event writes every kind of event as one line, hidden fields as '?' or 'face down'."""
    assert describe_event(event) == text
    assert Euchre.create(seed=1).describe_event(event) == text


def test_hand_notes_for_the_scoresheet() -> None:
    """A played hand notes its maker, trump and result; a throw-in says so; other events note nothing."""
    assert (
        hand_note(HandScored(1, 0, Suit.HEARTS, False, (4, 1), "made", 0, 1, (1, 0))) == "seat 0 made hearts: 4 tricks"
    )
    assert (
        hand_note(HandScored(1, 3, Suit.CLUBS, True, (0, 5), "march", 1, 4, (0, 4))) == "seat 3 made clubs alone: march"
    )
    assert (
        hand_note(HandScored(1, 2, Suit.CLUBS, False, (2, 3), "euchre", 1, 2, (0, 2))) == "seat 2 made clubs: euchred"
    )
    assert hand_note(HandThrownIn(1, 3)) == "thrown in"
    assert hand_note(Passed(0, 1)) is None
    assert Euchre.hand_note(HandThrownIn(1, 3)) == "thrown in"


LABELS = ["seats 0+2", "seats 1+3"]


def test_a_seats_view_in_lines() -> None:
    """render_view shows the deal, the calls, the round or the trump, the trick and the seat's own cards."""
    game = new(scenario_deal("S5"))
    assert Euchre.render_view(game.view(0), LABELS) == [
        "hand 1: seat 3 deals, up card KH",
        "first round: order up hearts or pass",
        "your cards  QS AH QH 9D KC",
    ]
    moves(game, *["pass"] * 4)
    lines = Euchre.render_view(game.view(0), LABELS)
    assert lines[1:3] == [
        "calls: seat 0 pass, seat 1 pass, seat 2 pass, seat 3 pass",
        "second round: the KH is turned down; name another suit or pass",
    ]
    moves(game, "pass", "call D", "AH 9C 9H 10H", "9D")
    assert Euchre.render_view(game.view(3), LABELS) == [
        "hand 1: seat 3 deals, up card KH",
        "calls: seat 0 pass, seat 1 pass, seat 2 pass, seat 3 pass, seat 0 pass, seat 1 D",
        "trump diamonds, made by seat 1",
        "trick: seat 0 9D",
        "last trick: seat 0 AH, seat 1 9C, seat 2 9H, seat 3 10H",
        "tricks: seats 0+2 1, seats 1+3 0",
        "your cards  KS JH AC 10C",
    ]


def test_the_stuck_dealer_the_discard_and_the_last_hand_in_lines() -> None:
    """The stuck dealer is named; the dealer sees his discard; after a hand, its result."""
    game = new(scenario_deal("S5"), stick_the_dealer=True)
    moves(game, *["pass"] * 7)
    assert "seat 3, the dealer, is stuck: he must name trump" in Euchre.render_view(game.view(1), LABELS)
    game = new(scenario_deal("S8"), scenario_deal("S1"))
    moves(game, "call S alone")
    lines = Euchre.render_view(game.view(3), LABELS)
    assert "trump spades, made by seat 0 alone (seat 2 sits out)" in lines
    assert "seat 3 picked up 9S and discards" in lines
    moves(game, "discard KD")
    assert "your discard: KD" in Euchre.render_view(game.view(3), LABELS)
    assert not any(line.startswith("your discard") for line in Euchre.render_view(game.view(0), LABELS))
    moves(game, "JS KS 9S", "JC 10C 10S", "AS 9D QS", "AH KH KC", "AD QH QC")
    assert "last hand: seat 0 made spades alone, march: seats 0+2 +4" in Euchre.render_view(game.view(1), LABELS)


def test_the_table_after_a_match() -> None:
    """render_table gives trump, the maker and the last trick; before trump is made, says so."""
    game = new(scenario_deal("S8"), target=4)
    assert game.render_table() == "trump not made yet"
    moves(game, "call S alone", "discard KD", "JS KS")
    assert game.render_table() == "trump spades, made by seat 0 alone; trick: seat 0: JS, seat 1: KS"
    moves(game, "9S", "JC 10C 10S", "AS 9D QS", "AH KH KC", "AD QH QC")
    assert game.is_over
    assert game.render_table() == "trump spades, made by seat 0 alone; trick: seat 0: AD, seat 1: QH, seat 3: QC"
