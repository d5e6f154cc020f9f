"""Helpers for the Four Point Smear scenario and golden tests: stacked deals written in card
notation, driving a game through its JSON action forms, and reading its views as JSON.

Nothing here computes a score: every expected value in the tests is worked out by hand.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import pytest

import tablegames
from tablegames.core.events import Event
from tablegames.variants.smear import HandScored, Smear, TrickWon

__all__ = [
    "SMEAR",
    "Trick",
    "awards",
    "bid_round",
    "call",
    "deal",
    "discard",
    "hand_scored",
    "js",
    "new_smear",
    "play",
    "play_tricks",
    "refused",
    "rotate",
    "view",
]

SMEAR: Final = "four-point-smear"
"""The registered name of Four Point Smear."""

Trick: TypeAlias = tuple[int, str, int]
"""One trick as ``(leader, "the four cards in play order", winning seat)``."""


def deal(dealer: int | None, hands: Sequence[str], undealt: str) -> dict[str, Any]:
    """The JSON form of a stacked deal; ``hands[i]`` (seat ``i``) and ``undealt`` are space-separated cards."""
    data: dict[str, Any] = {"hands": [h.split() for h in hands], "undealt": undealt.split()}
    if dealer is not None:
        data["dealer"] = dealer
    return data


def rotate(data: dict[str, Any], steps: int) -> dict[str, Any]:
    """The same deal with every seat (the dealer's too) moved ``steps`` places clockwise."""
    hands = data["hands"]
    moved = [hands[(seat - steps) % 4] for seat in range(4)]
    out: dict[str, Any] = {"hands": moved, "undealt": data["undealt"]}
    if "dealer" in data:
        out["dealer"] = (data["dealer"] + steps) % 4
    return out


def new_smear(*deals: dict[str, Any], seed: int = 1, **options: Any) -> Smear:
    """A new Four Point Smear game with these stacked deals (typed as :class:`Smear`)."""
    game = tablegames.new_game(SMEAR, seed=seed, deals=list(deals), **options)
    assert isinstance(game, Smear)
    return game


def js(obj: object) -> Any:
    """The parsed JSON form of any options, action, event, log or view."""
    return json.loads(tablegames.dumps(obj))


def view(game: Smear, seat: int) -> dict[str, Any]:
    """``seat``'s view, as parsed JSON."""
    data = js(game.view(seat))
    assert isinstance(data, dict)
    return data


def _act(game: Smear, data: dict[str, Any], seat: int) -> tuple[Event, ...]:
    assert game.current_player == seat, f"expected seat {seat} to act, not seat {game.current_player}"
    return game.apply(game.action_from_json(data, seat=seat), seat=seat)


def call(game: Smear, seat: int, amount: int | None) -> tuple[Event, ...]:
    """``seat`` bids ``amount`` (``None``: passes); it must be ``seat``'s turn."""
    data: dict[str, Any] = {"type": "pass"} if amount is None else {"type": "bid", "amount": amount}
    return _act(game, data, seat)


def bid_round(game: Smear, calls: Sequence[tuple[int, int | None]]) -> tuple[Event, ...]:
    """Each ``(seat, amount or None)`` call in turn; the events of them all."""
    events: list[Event] = []
    for seat, amount in calls:
        events.extend(call(game, seat, amount))
    return tuple(events)


def discard(game: Smear, seat: int, cards: str) -> tuple[Event, ...]:
    """``seat`` (the bidder) discards the space-separated ``cards``."""
    return _act(game, {"type": "discard", "cards": cards.split()}, seat)


def play(game: Smear, seat: int, card: str) -> tuple[Event, ...]:
    """``seat`` plays ``card``; it must be ``seat``'s turn."""
    return _act(game, {"type": "play", "card": card}, seat)


def play_tricks(game: Smear, tricks: Sequence[Trick]) -> tuple[Event, ...]:
    """Play whole tricks, checking the leader, the turn order and the winner of each."""
    events: list[Event] = []
    for number, (leader, cards, winner) in enumerate(tricks, 1):
        produced: list[Event] = []
        for i, card in enumerate(cards.split()):
            produced.extend(play(game, (leader + i) % 4, card))
        won = [e for e in produced if isinstance(e, TrickWon)]
        assert len(won) == 1, f"trick {number} ({cards}) did not end with one trick_won event"
        assert won[0].seat == winner, f"trick {number} ({cards}) won by seat {won[0].seat}, expected seat {winner}"
        events.extend(produced)
    return tuple(events)


def hand_scored(events: Sequence[Event]) -> HandScored:
    """The one ``hand_scored`` event among ``events``."""
    scored = [e for e in events if isinstance(e, HandScored)]
    assert len(scored) == 1, f"expected one hand_scored event, got {len(scored)}"
    return scored[0]


def awards(event: HandScored) -> dict[str, tuple[int | None, str | None]]:
    """Each point's ``(side, deciding card)`` from a ``hand_scored`` event, by point name."""
    data = js(event)
    return {a["point"]: (a["side"], a["card"]) for a in data["awards"]}


def refused(game: Smear, data: object, *, seat: int | None = None) -> str:
    """Check ``data`` is refused with IllegalActionError and the game is unchanged; the reason."""
    before = (tablegames.dumps(game.log()), [js(a) for a in game.legal_actions()], game.current_player)
    with pytest.raises(tablegames.IllegalActionError) as info:
        game.action_from_json(data, seat=seat)
    after = (tablegames.dumps(game.log()), [js(a) for a in game.legal_actions()], game.current_player)
    assert after == before, "a refused action changed the game"
    assert isinstance(info.value, ValueError)
    return info.value.reason
