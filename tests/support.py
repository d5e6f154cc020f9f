"""Plain helpers for the tests: making Sniff games, random play, and reading JSON for tiles."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any, Final

import tablegames
from tablegames.variants.sniff import Play, Sniff

__all__ = [
    "SNIFF",
    "all_views",
    "current_hand_events",
    "full_log",
    "hidden_tiles",
    "new_sniff",
    "pick",
    "play_choices",
    "play_out",
    "play_steps",
    "snapshot",
    "swap_tiles_in_text",
    "strings_matching",
    "tile_strings",
]

SNIFF: Final = "american-sniff"
"""The registered name of American Sniff."""
_TILE_TEXT: Final = re.compile(r"[0-6]-[0-6]")
_QUOTED_TILE: Final = re.compile(r'"([0-6]-[0-6])"')


def new_sniff(seed: int, players: int, deals: Sequence[Any] = (), **options: Any) -> Sniff:
    """A new American Sniff game (typed as :class:`Sniff`)."""
    game = tablegames.new_game(SNIFF, seed=seed, players=players, deals=deals, **options)
    assert isinstance(game, Sniff)
    return game


def pick(game: Sniff, rng: random.Random) -> Play:
    """A legal action chosen uniformly at random."""
    actions = game.legal_actions()
    assert actions, "a game that is not over must offer a legal action"
    return actions[rng.randrange(len(actions))]


def play_out(game: Sniff, rng: random.Random, *, limit: int = 20_000) -> list[Play]:
    """Play random legal actions until the game is over; the actions played."""
    played: list[Play] = []
    while not game.is_over:
        action = pick(game, rng)
        game.apply(action)
        played.append(action)
        assert len(played) <= limit, "the game did not end"
    return played


def play_steps(game: Sniff, rng: random.Random, steps: int) -> list[Play]:
    """Play up to ``steps`` random legal actions (fewer if the game ends); the actions played."""
    played: list[Play] = []
    while len(played) < steps and not game.is_over:
        action = pick(game, rng)
        game.apply(action)
        played.append(action)
    return played


def play_choices(game: Sniff, choices: Sequence[int]) -> Iterator[Play]:
    """Play one action per choice (an index modulo the legal actions), yielding each after it is applied."""
    for choice in choices:
        if game.is_over:
            return
        actions = game.legal_actions()
        action = actions[choice % len(actions)]
        game.apply(action)
        yield action


def full_log(game: Sniff) -> str:
    """The JSON text of the game's full log."""
    return tablegames.dumps(game.log())


def all_views(game: Sniff) -> tuple[str, ...]:
    """The JSON text of every seat's view."""
    return tuple(tablegames.dumps(game.view(s)) for s in range(game.players))


def snapshot(game: Sniff) -> tuple[Any, ...]:
    """Everything observable about a game through its public contract, as comparable values."""
    return (
        full_log(game),
        all_views(game),
        tuple(tablegames.dumps(game.log(s)) for s in range(game.players)),
        tuple(game.legal_actions()),
        game.current_player,
        game.scores,
        game.is_over,
        game.winner,
    )


def tile_strings(data: Any) -> set[str]:
    """Every string in parsed JSON ``data`` (keys and values, at any depth) that names a tile."""
    return strings_matching(data, _TILE_TEXT)


def strings_matching(data: Any, pattern: re.Pattern[str]) -> set[str]:
    """Every string in parsed JSON ``data`` (keys and values, at any depth) that ``pattern`` fully matches."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if pattern.fullmatch(item):
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def hidden_tiles(game: Sniff, seat: int) -> set[str]:
    """The tiles ``seat`` may not know of now: those in every other seat's hand and in the stock."""
    hidden = {str(t) for s, hand in enumerate(game.hands) if s != seat for t in hand}
    hidden.update(str(t) for t in game.stock)
    return hidden


def swap_tiles_in_text(text: str, a: str, b: str) -> str:
    """``text`` (JSON) with every quoted tile ``a`` written as ``b`` and every ``b`` as ``a``."""

    def swap(match: re.Match[str]) -> str:
        tile = match.group(1)
        return f'"{b}"' if tile == a else f'"{a}"' if tile == b else match.group(0)

    return _QUOTED_TILE.sub(swap, text)


def current_hand_events(log_text: str) -> list[Any]:
    """The events of a log's current hand: from its last ``hand_dealt`` event on."""
    events: list[Any] = json.loads(log_text)["events"]
    starts = [i for i, e in enumerate(events) if e["type"] == "hand_dealt"]
    return events[starts[-1] :] if starts else events
