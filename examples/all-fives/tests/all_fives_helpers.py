"""Plain helpers for the All Fives tests: stacked deals in notation, placements through JSON, random play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import pytest
from tablegames_all_fives import AllFives, Play

import tablegames as tg
from tablegames.components.tiles import Tile

__all__ = [
    "NAME",
    "TILES",
    "deal",
    "ends",
    "kinds",
    "legal",
    "new",
    "pick",
    "pips",
    "play_out",
    "put",
    "refuse",
    "snapshot",
    "view",
]

NAME: Final = "all-fives"
"""The registered name of All Fives."""
TILES: Final = tuple(f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1))
"""The 28 tiles of a double-six set, highest first."""


def pips(tiles: Sequence[str]) -> int:
    """The pips of some tiles in notation (to double-check hand arithmetic in the tests)."""
    return sum(int(t[0]) + int(t[2]) for t in tiles)


def deal(hands: Sequence[Sequence[str]], boneyard: Sequence[str] = ()) -> dict[str, Any]:
    """A stacked deal's JSON: ``hands``, then a boneyard of ``boneyard`` followed by every other tile, highest first."""
    given = [t for hand in hands for t in hand] + list(boneyard)
    assert len(given) == len(set(given)), "a test deal repeats a tile"
    assert set(given) <= set(TILES), "a test deal misspells a tile"
    rest = [t for t in TILES if t not in given]
    return {"hands": [list(h) for h in hands], "boneyard": [*boneyard, *rest]}


def new(*deals: dict[str, Any], seed: int = 1, **options: Any) -> AllFives:
    """A new All Fives game with the player count of the first stacked deal."""
    game = tg.new_game(NAME, seed=seed, players=len(deals[0]["hands"]), deals=list(deals), **options)
    assert isinstance(game, AllFives)
    return game


def put(game: tg.Game, tile: str, end: str | None) -> list[Any]:
    """Place ``tile`` on ``end`` through its JSON form; the events it produced, as JSON."""
    action = game.action_from_json({"type": "play", "tile": tile, "end": end})
    return [tg.to_json(e) for e in game.apply(action)]


def view(game: tg.Game, seat: int = 0) -> Any:
    """The JSON view of ``seat``."""
    return tg.to_json(game.view(seat))


def ends(game: tg.Game) -> dict[str, int]:
    """The view's open ends, id to value."""
    return {e["id"]: e["value"] for e in view(game)["ends"]}


def legal(game: tg.Game) -> set[tuple[str, str | None]]:
    """The legal actions as (tile, end) pairs, read from their JSON forms."""
    out = set()
    for action in game.legal_actions():
        data = tg.to_json(action)
        assert data["type"] == "play"
        out.add((data["tile"], data["end"]))
    return out


def kinds(events: Sequence[Any]) -> list[str]:
    """The type tags of some JSON events."""
    return [e["type"] for e in events]


def snapshot(game: tg.Game) -> str:
    """The full log and every seat's view, as JSON text."""
    return tg.dumps(game.log()) + "".join(tg.dumps(game.view(s)) for s in range(game.players))


def refuse(game: tg.Game, tile: str, end: str | None, reason: str) -> None:
    """Placing ``tile`` on ``end`` is refused by both entry points with ``reason``, and the game is unchanged."""
    before = snapshot(game)
    assert (tile, end) not in legal(game)
    with pytest.raises(tg.IllegalActionError, match=reason):
        game.action_from_json({"type": "play", "tile": tile, "end": end})
    with pytest.raises(tg.IllegalActionError, match=reason):
        game.apply(Play(Tile.parse(tile), end))
    assert snapshot(game) == before


def pick(game: tg.Game, rng: random.Random) -> Any:
    """A legal action chosen uniformly at random."""
    actions = game.legal_actions()
    assert actions, "a game that is not over must offer a legal action"
    return actions[rng.randrange(len(actions))]


def play_out(game: tg.Game, rng: random.Random, *, limit: int = 5_000) -> int:
    """Play random legal actions until the game is over; how many were played."""
    played = 0
    while not game.is_over:
        game.apply(pick(game, rng))
        played += 1
        assert played <= limit, "the game did not end"
    return played
