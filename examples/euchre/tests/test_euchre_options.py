"""Euchre's options, stacked deals and their validation, JSON forms, registration and doctests."""

from __future__ import annotations

import doctest
import importlib
import json
from importlib.metadata import entry_points
from typing import Any

import pytest
from euchre_support import DEALS, deal, moves, scenario_deal
from tablegames_euchre import (
    Call,
    Discard,
    Euchre,
    EuchreDeal,
    EuchreOptions,
    HandDealt,
    Pass,
    PlayCard,
    check_deal,
)

import tablegames
from tablegames import IllegalActionError, InvalidOptionsError, LogError
from tablegames.components.cards import Card, Suit, euchre_deck
from tablegames.core.errors import quote
from tablegames.core.registry import ENTRY_POINT_GROUP

MODULES = ["__init__", "actions", "events", "game", "heuristic", "options", "rules", "text", "view"]
S1 = DEALS["S1"]


@pytest.mark.parametrize("name", MODULES)
def test_the_doctests_pass(name: str) -> None:
    """Every example in the package's docstrings runs."""
    module = importlib.import_module("tablegames_euchre" + ("" if name == "__init__" else f".{name}"))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_registered_through_its_entry_point() -> None:
    """Installed, the package's entry point makes `euchre` a variant like the built-in ones."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert found["euchre"] == "tablegames_euchre:Euchre"
    assert "euchre" in tablegames.variant_names()
    assert tablegames.get_variant("euchre") is Euchre
    game = tablegames.new_game("euchre", seed=5)
    assert isinstance(game, Euchre) and game.players == 4 and game.scores == (0, 0) and game.sides == 2


def test_defaults_and_their_json() -> None:
    """Target 10, going alone allowed, no stick the dealer."""
    game = tablegames.new_game("euchre", seed=2)
    assert game.options == EuchreOptions(target=10, alone=True, stick_the_dealer=False)
    assert json.loads(tablegames.dumps(game.options)) == {"target": 10, "alone": True, "stick_the_dealer": False}
    assert game.view(0).target == 10
    assert {getattr(a, "alone", None) for a in game.legal_actions()} == {None, False, True}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "invalid option target: 0 is out of range; allowed: an int from 1 to 10000"),
        ({"target": 10_001}, "invalid option target: 10001 is out of range; allowed: an int from 1 to 10000"),
        ({"target": "10"}, "invalid option target: '10' is not an int"),
        ({"target": True}, "invalid option target: True is not an int"),
        ({"alone": 1}, "invalid option alone: 1 is not a bool; allowed: true or false"),
        ({"stick_the_dealer": "yes"}, "invalid option stick_the_dealer: 'yes' is not a bool; allowed: true or false"),
        ({"players": 4}, "unknown option 'players'; allowed options: target, alone, stick_the_dealer"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    """Each bad option names itself and what is allowed."""
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game("euchre", seed=1, **options)
    assert message in str(info.value)


def test_options_are_frozen() -> None:
    """Options cannot change after construction."""
    opts = EuchreOptions(target=5)
    with pytest.raises(AttributeError):
        opts.target = 7  # type: ignore[misc]


def _good() -> dict[str, Any]:
    return {"hands": [h.split() for h in S1[0]], "up_card": S1[1], "kitty": S1[2].split()}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hands": [["AS"] * 5] * 3}, "3 hands; Euchre deals one hand to each of 4 seats"),
        ({"hands": [S1[0][0].split(), ["KS", "QS"], *[h.split() for h in S1[0][2:]]]}, "hands[1] has 2 cards"),
        ({"kitty": ["10D", "JC"]}, "the kitty has 2 cards; it holds the 3 cards under the up-card"),
        ({"up_card": "AS"}, "duplicate cards AS; a deal gives the 24 different cards of the Euchre deck"),
        ({"kitty": ["10D", "JC", "8H"]}, "cards outside the 24-card Euchre deck 8H"),
        ({"kitty": ["2C", "JC", "AC"]}, "duplicate cards AC; cards outside the 24-card Euchre deck 2C; a deal gives"),
        ({"dealer": 4}, "dealer 4 is not a seat; seats are 0 to 3"),
        ({"dealer": -1}, "dealer -1 is not a seat; seats are 0 to 3"),
        ({"dealer": "0"}, "not a deal"),
        ({"hands": [["XX"] * 5] * 4}, "not a deal"),
        ({"undealt": []}, "not a deal"),
    ],
)
def test_bad_deals_are_refused(change: dict[str, Any], message: str) -> None:
    """A stacked deal that is not a valid deal raises InvalidOptionsError naming deals[i] and the fault."""
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game("euchre", seed=1, deals=[_good(), {**_good(), **change}])
    assert "deals[1]" in str(info.value) and message in str(info.value)


def test_check_deal_refuses_what_json_cannot_say() -> None:
    """check_deal itself refuses a non-card, hands that are not tuples and a dealer that is a bool."""
    good = scenario_deal("S1")
    options = EuchreOptions()
    assert check_deal(good, options) is None
    as_text: Any = tuple(tuple(str(c) for c in h) for h in good.hands)
    assert check_deal(EuchreDeal(hands=as_text, up_card=good.up_card), options) == "every card must be a Card"
    assert check_deal(EuchreDeal(hands=list(good.hands), up_card=good.up_card), options) == (  # type: ignore[arg-type]
        f"{quote(list(good.hands))} hands; Euchre deals one hand to each of 4 seats"
    )
    lists: Any = (list(good.hands[0]), *good.hands[1:])
    assert check_deal(EuchreDeal(hands=lists, up_card=good.up_card), options) == (
        f"hands[0] has {quote(lists[0])} cards; each hand has 5"
    )
    kitty: Any = ["10D"]
    assert check_deal(EuchreDeal(hands=good.hands, up_card=good.up_card, kitty=kitty), options) == (
        "the kitty has ['10D'] cards; it holds the 3 cards under the up-card"
    )
    flag: Any = True
    assert check_deal(EuchreDeal(hands=good.hands, up_card=good.up_card, dealer=flag), options) == (
        "dealer True is not a seat; seats are 0 to 3"
    )


def test_a_deal_without_a_kitty_gets_the_three_cards_left_in_deck_order() -> None:
    """Left out, the kitty is the 3 cards neither dealt nor turned up, in euchre_deck() order; the log records them."""
    game = tablegames.new_game("euchre", seed=1, deals=[{"hands": [h.split() for h in S1[0]], "up_card": "9H"}])
    dealt = game.log().events[1]
    assert isinstance(dealt, HandDealt)
    assert dealt.kitty == tuple(Card.parse(c) for c in ("10D", "QC", "JC"))  # S H D C, A K Q J 10 9
    assert list(dealt.kitty) == [c for c in euchre_deck() if c in dealt.kitty]


def test_a_json_deal_is_used_and_its_dealer_only_for_the_first_hand() -> None:
    """A JSON deal gives each seat its cards; `dealer` decides the first dealer, later deals rotate."""
    second = {**_good(), "dealer": 1}
    game = tablegames.new_game("euchre", seed=1, deals=[{**_good(), "dealer": 2}, second])
    assert isinstance(game, Euchre)
    assert game.dealer == 2 and game.current_player == 3
    assert [str(c) for c in game.view(0).hand] == S1[0][0].split()
    moves(game, *["pass"] * 8)  # thrown in: the deal passes to seat 3 and the second deal is used
    assert game.dealer == 3 and game.hand_number == 2
    assert [str(c) for c in game.view(1).hand] == S1[0][1].split()


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    """Without a stacked dealer, the seed draws the first dealer (the same for the same seed), every seat at times."""
    dealers = {tablegames.new_game("euchre", seed=s).log().events[0].seat for s in range(40)}  # type: ignore[attr-defined]
    assert dealers == {0, 1, 2, 3}
    assert Euchre.create(seed=7).dealer == Euchre.create(seed=7).dealer


def test_the_deal_class_round_trips_through_json() -> None:
    """dumps() of a deal is its JSON form, and that form gives the same deal back."""
    stacked = deal(S1[0], S1[1], S1[2], dealer=1)
    data = json.loads(tablegames.dumps(stacked))
    assert data == {**_good(), "dealer": 1}
    assert Euchre.parse_deal(data, EuchreOptions()) == stacked


def test_deals_from_events_gives_back_the_deals_played() -> None:
    """A full log's hand_dealt events are the deals played (hands in hand order), the first with its dealer."""
    game = Euchre.create(seed=3, deals=[scenario_deal("S5"), scenario_deal("S1")])
    moves(game, *["pass"] * 8)
    deals = Euchre.deals_from_events(game.log().events)
    assert deals == [scenario_deal("S5"), scenario_deal("S1", dealer=None)]
    with pytest.raises(LogError, match=r"\$\.events\[1\]: a full log's deal shows every hand and the kitty"):
        Euchre.deals_from_events(game.log(0).events)


@pytest.mark.parametrize(
    ("data", "action"),
    [
        ({"type": "pass"}, Pass()),
        ({"type": "call", "suit": "H", "alone": False}, Call(Suit.HEARTS)),
        ({"type": "call", "suit": "H", "alone": True}, Call(Suit.HEARTS, alone=True)),
    ],
)
def test_call_json_forms(data: dict[str, Any], action: Any) -> None:
    """Passes and calls parse from their JSON forms into the interned legal actions, and print back."""
    game = Euchre.create(seed=1, deals=[scenario_deal("S1")])
    parsed = game.action_from_json(data, seat=0)
    assert parsed == action and any(parsed is a for a in game.legal_actions())
    assert json.loads(tablegames.dumps(parsed)) == data


def test_discard_and_play_json_forms() -> None:
    """A discard and a card play are read in notation and printed canonically."""
    game = Euchre.create(seed=1, deals=[scenario_deal("S1")])
    moves(game, "call H")
    parsed = game.action_from_json({"type": "discard", "card": "9C"})
    assert parsed == Discard(Card.parse("9C")) and any(parsed is a for a in game.legal_actions())
    assert json.loads(tablegames.dumps(parsed)) == {"type": "discard", "card": "9C"}
    game.apply(parsed)
    parsed = game.action_from_json({"type": "play", "card": "JH"})
    assert parsed == PlayCard(Card.parse("JH")) and any(parsed is a for a in game.legal_actions())
    for other in ("jh", " JH", "8H"):
        with pytest.raises(IllegalActionError, match="malformed 'play' action"):
            game.action_from_json({"type": "play", "card": other})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "bid", "amount": 2}, "not an action of euchre"),
        ({"type": "call", "suit": "X", "alone": False}, "malformed 'call' action"),
        ({"type": "call", "suit": "H", "alone": 1}, "malformed 'call' action"),
        ({"type": "call", "suit": "S", "alone": False}, "only the up-card's suit, hearts, can be made trump"),
        ({"type": "discard", "card": "9C"}, "only the dealer discards, after taking up the up-card"),
        ({"type": "play", "card": "AH"}, "cards are played once trump is made and the dealer has discarded"),
    ],
)
def test_bad_action_json_is_refused(data: dict[str, Any], message: str) -> None:
    """Malformed or illegal JSON actions raise IllegalActionError with a reason."""
    game = Euchre.create(seed=1, deals=[scenario_deal("S1")])
    with pytest.raises(IllegalActionError, match=message):
        game.action_from_json(data)


def _refusal(game: Euchre, action: Any) -> str:
    reason = game.why_illegal(action, game.current_player)  # type: ignore[arg-type]
    assert reason is not None
    with pytest.raises(IllegalActionError):
        game.apply(action)
    return reason


def test_every_refusal_message() -> None:
    """Each illegal action is refused with the reason the rules give, and the game is unchanged."""
    game = Euchre.create(seed=1, deals=[scenario_deal("S1")])
    bad_suit: Any = 1
    bad_alone: Any = 1
    assert _refusal(game, Call(bad_suit)) == "a call names a suit (S, H, D or C), not 1"
    assert _refusal(game, Call(Suit.HEARTS, alone=bad_alone)) == "alone is true or false, not 1"
    assert _refusal(game, Discard(Card.parse("9C"))) == (
        "only the dealer discards, after taking up the up-card; now is the calling phase"
    )
    assert _refusal(game, PlayCard(Card.parse("AH"))) == (
        "cards are played once trump is made and the dealer has discarded; now is the calling phase"
    )
    assert _refusal(game, "pass") == ("not a Euchre action: str; its actions are Pass, Call, Discard and PlayCard")
    before = tablegames.dumps(game.log())
    moves(game, "call H")
    assert _refusal(game, Pass()) == "the calling is over; now is the discard phase"
    assert _refusal(game, Discard(Card.parse("AS"))) == "seat 3 does not hold AS"
    junk: Any = "AS"
    assert _refusal(game, Discard(junk)) == "seat 3 does not hold 'AS'"
    moves(game, "discard 9C")
    assert _refusal(game, Discard(Card.parse("JS"))) == (
        "only the dealer discards, after taking up the up-card; now is the play phase"
    )
    assert _refusal(game, PlayCard(Card.parse("AS"))) == "seat 0 does not hold AS"
    moves(game, "AH")
    assert _refusal(game, PlayCard(Card.parse("KD"))) == (
        "seat 1 holds hearts, the suit led: play hearts; the JD is a heart, the left bower"
    )
    assert tablegames.dumps(game.log()).startswith(before[:-2])


def test_a_refusal_without_the_left_bower_has_no_note() -> None:
    """Following a plain suit with no bower held, the reason is the trick mechanic's alone."""
    game = Euchre.create(seed=1, deals=[scenario_deal("S1")])
    moves(game, "call H", "discard 9C", "JH QH 10H 9H", "AH JD QS KH", "KD")
    assert game.current_player == 2
    assert _refusal(game, PlayCard(Card.parse("AS"))) == "seat 2 holds diamonds, the suit led: play diamonds"


def test_view_json_has_the_contract_fields() -> None:
    """A view's JSON has the contract's fields and Euchre's table."""
    game = Euchre.create(seed=1, deals=[scenario_deal("S1")])
    data = json.loads(tablegames.dumps(game.view(0)))
    for key in ("seat", "hand_number", "hand", "hand_sizes", "scores", "current_player", "legal_actions"):
        assert key in data
    assert data["legal_actions"] == [
        {"type": "pass"},
        {"type": "call", "suit": "H", "alone": False},
        {"type": "call", "suit": "H", "alone": True},
    ]
    assert data["up_card"] == "9H" and data["dealer"] == 3 and data["calls"] == []
    moves(game, "call H alone", "discard 9C")
    data = json.loads(tablegames.dumps(game.view(1)))
    assert data["calls"] == [{"seat": 0, "round": 1, "call": "H alone"}]
    assert (data["maker"], data["trump"], data["alone"], data["sitting_out"]) == (0, "H", True, 2)
    assert data["discard"] is None and json.loads(tablegames.dumps(game.view(3)))["discard"] == "9C"
    assert data["phase"] == "play" and data["leader"] == 0 and data["trick"] == [] and data["last_trick"] is None
    moves(game, "JH QH 9H")
    data = json.loads(tablegames.dumps(game.view(1)))
    assert data["last_trick"] == {
        "cards": [{"seat": 0, "card": "JH"}, {"seat": 1, "card": "QH"}, {"seat": 3, "card": "9H"}],
        "winner": 0,
    }
    assert data["tricks_won"] == [1, 0] and data["leader"] == 0


def test_a_tampered_log_is_refused() -> None:
    """Changing a recorded score in a full log makes replay fail with LogError naming the event."""
    game = Euchre.create(seed=4)
    while game.hand_number == 1 or game.phase != "calling":
        game.apply(game.legal_actions()[-1])
    data = json.loads(tablegames.dumps(game.log()))
    index = next(i for i, e in enumerate(data["events"]) if e["type"] in ("hand_scored", "hand_thrown_in"))
    data["events"][index]["hand_number"] = 9
    with pytest.raises(LogError, match=rf"\$\.events\[{index}\]"):
        tablegames.replay(tablegames.load_log(json.dumps(data)))
    with pytest.raises(LogError, match="redacted log"):
        tablegames.replay(tablegames.load_log(tablegames.dumps(game.log(0))))
