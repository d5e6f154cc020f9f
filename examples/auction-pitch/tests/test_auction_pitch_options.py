"""Auction Pitch's options, stacked deals, JSON forms and registration."""

from __future__ import annotations

import doctest
import importlib
import json
from importlib.metadata import entry_points
from typing import Any

import pytest
from auction_pitch_support import deal, hands_a
from tablegames_auction_pitch import AuctionPitch, AuctionPitchOptions, Bid, Pass, PlayCard

import tablegames
from tablegames import IllegalActionError, InvalidOptionsError, LogError
from tablegames.core.registry import ENTRY_POINT_GROUP

MODULES = ["__init__", "game", "options"]


@pytest.mark.parametrize("name", MODULES)
def test_the_doctests_pass(name: str) -> None:
    """Every example in the package's docstrings runs."""
    module = importlib.import_module("tablegames_auction_pitch" + ("" if name == "__init__" else f".{name}"))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_registered_through_its_entry_point() -> None:
    """Installed, the package's entry point makes `auction-pitch` a variant like the built-in ones."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert found["auction-pitch"] == "tablegames_auction_pitch:AuctionPitch"
    assert "auction-pitch" in tablegames.variant_names()
    assert tablegames.get_variant("auction-pitch") is AuctionPitch
    game = tablegames.new_game("auction-pitch", seed=5)
    assert isinstance(game, AuctionPitch) and game.players == 4 and game.scores == (0, 0)


def test_defaults() -> None:
    """Target 11, no smudge: bids 2 to 4."""
    game = tablegames.new_game("auction-pitch", seed=2)
    assert game.options == AuctionPitchOptions(target=11, smudge=False)
    assert game.view(0).target == 11
    assert {getattr(a, "amount", None) for a in game.legal_actions()} <= {None, 2, 3, 4}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "invalid option target: 0 is out of range; allowed: an int from 1 to 10000"),
        ({"target": "11"}, "invalid option target: '11' is not an int"),
        ({"target": True}, "invalid option target: True is not an int"),
        ({"smudge": 1}, "invalid option smudge: 1 is not a bool; allowed: true or false"),
        ({"players": 4}, "unknown option 'players'; allowed options: target, smudge"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    """Each bad option names itself and what is allowed."""
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game("auction-pitch", seed=1, **options)
    assert message in str(info.value)


def test_options_are_frozen() -> None:
    """Options cannot change after construction."""
    opts = AuctionPitchOptions(target=5)
    with pytest.raises(AttributeError):
        opts.target = 7  # type: ignore[misc]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hands": [["AS"] * 6] * 3}, "3 hands; Auction Pitch deals one hand to each of 4 seats"),
        ({"hands": [["AS", "KS"]] * 4}, "hands[0] has 2 cards; each hand has 6"),
        ({"hands": [["AS", "KS", "QS", "JS", "10S", "9S"]] * 4}, "duplicate cards 10S, 9S, AS, JS, KS, QS"),
        (
            {
                "hands": [
                    ["JK1", "KS", "QS", "JS", "10S", "9S"],
                    *[[f"{r}{s}" for r in "AKQJ"] + ["2" + s, "3" + s] for s in "HDC"],
                ]
            },
            "cards outside the 52-card deck JK1",
        ),
        (
            {"hands": [[f"{r}{s}" for r in "AKQJ"] + ["2" + s, "3" + s] for s in "SHDC"], "dealer": 4},
            "dealer 4 is not a seat; seats are 0 to 3",
        ),
        ({"hands": [["XX"] * 6] * 4}, "not a deal"),
        ({"hands": [["AS"] * 6] * 4, "undealt": []}, "not a deal"),
    ],
)
def test_bad_deals_are_refused(data: dict[str, Any], message: str) -> None:
    """A stacked deal that is not a valid deal raises InvalidOptionsError naming deals[i] and the fault."""
    good = {"hands": [[f"{r}{s}" for r in "AKQJ"] + ["2" + s, "3" + s] for s in "SHDC"]}
    with pytest.raises(InvalidOptionsError) as info:
        tablegames.new_game("auction-pitch", seed=1, deals=[good, data])
    assert "deals[1]" in str(info.value) and message in str(info.value)


def test_a_deal_in_json_form_is_used_and_its_dealer_only_for_the_first_hand() -> None:
    """A JSON deal gives each seat its cards; `dealer` decides the first dealer, later deals rotate."""
    first = {"dealer": 2, "hands": [h.split() for h in hands_a()]}
    second = {"dealer": 0, "hands": [h.split() for h in hands_a("split")]}
    game = tablegames.new_game("auction-pitch", seed=1, deals=[first, second])
    assert isinstance(game, AuctionPitch)
    assert game.dealer == 2 and game.current_player == 3
    assert sorted(map(str, game.view(0).hand)) == sorted(hands_a()[0].split())
    for _ in range(3):
        game.apply(Pass())
    game.apply(Bid(2))  # the stuck dealer, seat 2
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    assert game.dealer == 3  # the deal rotates; the second deal's dealer is ignored
    assert sorted(map(str, game.view(1).hand)) == sorted(hands_a("split")[1].split())


def test_the_deal_class_round_trips_through_json() -> None:
    """dumps() of a deal is its JSON form, and that form gives the same deal back."""
    stacked = deal(hands_a(), dealer=1)
    data = json.loads(tablegames.dumps(stacked))
    assert data == {"hands": [h.split() for h in hands_a()], "dealer": 1}
    assert AuctionPitch.parse_deal(data, AuctionPitchOptions()) == stacked


@pytest.mark.parametrize(
    ("data", "action"),
    [
        ({"type": "pass"}, Pass()),
        ({"type": "bid", "amount": 3}, Bid(3)),
    ],
)
def test_action_json_forms(data: dict[str, Any], action: Any) -> None:
    """Bids and passes parse from their JSON forms into the interned actions, and print back."""
    game = tablegames.new_game("auction-pitch", seed=1, deals=[deal(hands_a(), dealer=3)])
    parsed = game.action_from_json(data, seat=0)
    assert parsed == action and parsed in game.legal_actions()
    assert json.loads(tablegames.dumps(parsed)) == data


def test_play_json_form() -> None:
    """A card play is read in the schema's notation ("AH", not "ah") and printed canonically."""
    game = tablegames.new_game("auction-pitch", seed=1, deals=[deal(hands_a(), dealer=3)])
    game.apply(Bid(4))
    parsed = game.action_from_json({"type": "play", "card": "AH"})
    assert parsed is next(a for a in game.legal_actions() if isinstance(a, PlayCard) and str(a.card) == "AH")
    assert json.loads(tablegames.dumps(parsed)) == {"type": "play", "card": "AH"}
    for other in ("ah", " AH", "AH "):
        with pytest.raises(tablegames.IllegalActionError, match="malformed 'play' action"):
            game.action_from_json({"type": "play", "card": other})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "discard", "cards": []}, "not an action of auction-pitch"),
        ({"type": "bid", "amount": "3"}, "malformed 'bid' action"),
        ({"type": "bid", "amount": 1}, "malformed 'bid' action: amount ranges from 2 to 5, not 1"),
        ({"type": "bid", "amount": 5}, "needs the smudge option; bids range from 2 to 4"),
        ({"type": "play", "card": "AH"}, "cards are played after the bidding"),
    ],
)
def test_bad_action_json_is_refused(data: dict[str, Any], message: str) -> None:
    """Malformed or illegal JSON actions raise IllegalActionError with a reason.

    A bid outside the action schema's 2 to 5 is malformed, as the schema says; a smudge bid
    without the smudge option is well formed and refused by the rules.
    """
    game = tablegames.new_game("auction-pitch", seed=1, deals=[deal(hands_a(), dealer=3)])
    with pytest.raises(IllegalActionError, match=message):
        game.action_from_json(data)


def test_view_json_has_the_contract_fields() -> None:
    """A view's JSON has the contract's fields and Smear-like table state."""
    game = tablegames.new_game("auction-pitch", seed=1, deals=[deal(hands_a(), dealer=3)])
    game.apply(Bid(2))
    data = json.loads(tablegames.dumps(game.view(1)))
    for key in ("seat", "hand_number", "hand", "hand_sizes", "scores", "current_player", "legal_actions"):
        assert key in data
    for key in ("dealer", "bids", "bidder", "bid", "trump", "trick", "tricks_won", "last_hand", "must_bid"):
        assert key in data
    assert data["bids"] == [{"seat": 0, "amount": 2}]
    assert data["legal_actions"] == [{"type": "pass"}, {"type": "bid", "amount": 3}, {"type": "bid", "amount": 4}]
    assert sorted(data["hand"]) == sorted(hands_a()[1].split())


def test_a_tampered_log_is_refused() -> None:
    """Changing a recorded card in a full log makes replay fail with LogError naming the event."""
    game = AuctionPitch.create(seed=4)
    while game.hand_number == 1:
        game.apply(game.legal_actions()[-1])
    data = json.loads(tablegames.dumps(game.log()))
    index = next(i for i, e in enumerate(data["events"]) if e["type"] == "hand_scored")
    data["events"][index]["changes"] = [9, 9]
    with pytest.raises(LogError, match=rf"\$\.events\[{index}\]"):
        tablegames.replay(tablegames.load_log(json.dumps(data)))
    redacted = tablegames.dumps(game.log(0))
    with pytest.raises(LogError, match="redacted log"):
        tablegames.replay(tablegames.load_log(redacted))
