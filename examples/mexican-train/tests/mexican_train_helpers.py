"""Plain helpers for the Mexican Train tests: stacked deals in notation, plays through JSON, random play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import pytest
from tablegames_mexican_train import MexicanTrain, Play

import tablegames as tg
from tablegames.components.tiles import Tile

__all__ = [
    "NAME",
    "TILES",
    "Train",
    "deal",
    "events_json",
    "kinds",
    "legal",
    "new",
    "pick",
    "pips",
    "play_out",
    "put",
    "refuse",
    "snapshot",
    "trains",
    "view",
]

NAME: Final = "mexican-train"
"""The registered name of Mexican Train."""
TILES: Final = tuple(f"{a}-{b}" for a in range(12, -1, -1) for b in range(a, -1, -1))
"""The 91 tiles of a double-twelve set, highest first."""
Train = int | str
"""A train id as the JSON forms write it: a seat, or ``"mexican"``."""


def pips(tiles: Sequence[str]) -> int:
    """The pips of some tiles in notation (to double-check hand arithmetic in the tests)."""
    return sum(int(half) for tile in tiles for half in tile.split("-"))


def deal(hands: Sequence[Sequence[str]], boneyard: Sequence[str] = (), first: int | None = None) -> dict[str, Any]:
    """A stacked deal's JSON: ``hands``, then a boneyard of ``boneyard`` and every other tile, highest first."""
    given = [t for hand in hands for t in hand] + list(boneyard)
    assert len(given) == len(set(given)), "a test deal repeats a tile"
    assert set(given) <= set(TILES), "a test deal misspells a tile"
    rest = [t for t in TILES if t not in given]
    data: dict[str, Any] = {"hands": [list(h) for h in hands], "boneyard": [*boneyard, *rest]}
    if first is not None:
        data["first"] = first
    return data


def new(*deals: dict[str, Any], seed: int = 1, **options: Any) -> MexicanTrain:
    """A new game with the player count and hand size of the first stacked deal."""
    first = deals[0]["hands"]
    options.setdefault("players", len(first))
    options.setdefault("hand_size", len(first[0]))
    game = tg.new_game(NAME, seed=seed, deals=list(deals), **options)
    assert isinstance(game, MexicanTrain)
    return game


def put(game: tg.Game, tile: str, train: Train) -> list[Any]:
    """Play ``tile`` on ``train`` through its JSON form; the events it produced, as JSON."""
    action = game.action_from_json({"type": "play", "tile": tile, "train": train})
    return [tg.to_json(e) for e in game.apply(action)]


def view(game: tg.Game, seat: int = 0) -> Any:
    """The JSON view of ``seat``."""
    return tg.to_json(game.view(seat))


def trains(game: tg.Game) -> dict[Train, int]:
    """Each train's end, id to value, from the view."""
    return {t["id"]: t["end"] for t in view(game)["trains"]}


def legal(game: tg.Game) -> list[str]:
    """The legal actions in order, as ``"tile@train"`` (``@m`` for the Mexican train), read from their JSON."""
    out = []
    for action in game.legal_actions():
        data = tg.to_json(action)
        assert data["type"] == "play"
        out.append(f"{data['tile']}@{'m' if data['train'] == 'mexican' else data['train']}")
    return out


def kinds(events: Sequence[Any]) -> list[str]:
    """The type tags of some JSON events."""
    return [e["type"] for e in events]


def events_json(game: tg.Game, seat: int | None = None) -> list[Any]:
    """The whole log's events as JSON, full or as ``seat`` saw them."""
    return [tg.to_json(e) for e in game.log(seat).events]


def snapshot(game: tg.Game) -> str:
    """The full log and every seat's view, as JSON text."""
    return tg.dumps(game.log()) + "".join(tg.dumps(game.view(s)) for s in range(game.players))


def refuse(game: tg.Game, tile: str, train: Any, reason: str) -> None:
    """Playing ``tile`` on ``train`` is refused by both entry points with ``reason``, and the game is unchanged."""
    before = snapshot(game)
    with pytest.raises(tg.IllegalActionError, match=reason):
        game.action_from_json({"type": "play", "tile": tile, "train": train})
    with pytest.raises(tg.IllegalActionError, match=reason):
        game.apply(Play(Tile.parse(tile), train))
    assert snapshot(game) == before


def pick(game: tg.Game, rng: random.Random) -> Any:
    """A legal action chosen uniformly at random."""
    actions = game.legal_actions()
    assert actions, "a game that is not over must offer a legal action"
    return actions[rng.randrange(len(actions))]


def play_out(game: tg.Game, rng: random.Random, *, limit: int = 20_000) -> int:
    """Play random legal actions until the game is over; how many were played."""
    played = 0
    while not game.is_over:
        game.apply(pick(game, rng))
        played += 1
        assert played <= limit, "the game did not end"
    return played
