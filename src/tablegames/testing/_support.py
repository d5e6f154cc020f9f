"""Helpers the checks share: comparable snapshots, piece strings, differences, registration."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Mapping
from typing import Any

from tablegames.core import registry
from tablegames.core.errors import TableGamesError
from tablegames.core.game import Game
from tablegames.core.serde import dumps, to_json

_MISSING: Any = object()


def piece_strings(variant: type[Game]) -> frozenset[str]:
    """The wire forms of every piece of ``variant`` (``"6-4"``, ``"10H"``...)."""
    return frozenset(str(p) for p in variant.pieces)


def strings_in(data: Any) -> set[str]:
    """Every string in parsed JSON ``data``, keys and values, at any depth."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, Mapping):
            found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def map_strings(data: Any, mapping: Mapping[str, str]) -> Any:
    """Parsed JSON ``data`` with every string value that is a key of ``mapping`` replaced."""
    if isinstance(data, str):
        return mapping.get(data, data)
    if isinstance(data, Mapping):
        return {k: map_strings(v, mapping) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [map_strings(v, mapping) for v in data]
    return data


def action_texts(game: Game) -> list[str]:
    """The JSON text of each legal action of ``game``."""
    return [dumps(a) for a in game.legal_actions()]


def snapshot(game: Game) -> dict[str, str]:
    """Everything observable about ``game`` through the public contract, as comparable text."""
    shot = {
        "log": dumps(game.log()),
        "current_player": repr(game.current_player),
        "is_over": repr(game.is_over),
        "winner": repr(game.winner),
        "scores": repr(game.scores),
        "legal_actions": json.dumps(action_texts(game)),
    }
    for seat in range(game.players):
        shot[f"view({seat})"] = dumps(game.view(seat))
    return shot


def quick_state(game: Game) -> tuple[Any, ...]:
    """A cheap fingerprint of ``game``: event count, last event, turn, scores, winner."""
    events = game.log().events
    return (len(events), events[-1] if events else None, game.current_player, game.scores, game.winner)


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def json_difference(expected: str, got: str) -> str:
    """Where two JSON texts differ, in a few words: the first differing path and both values."""
    try:
        a, b = json.loads(expected), json.loads(got)
    except ValueError:
        return f"expected {_short(expected)}, got {_short(got)}"
    path = _first_difference(a, b, "$")
    if path is None:
        return "the texts differ in formatting only"
    where, x, y = path
    return f"at {where}: expected {_short(json.dumps(x))}, got {_short(json.dumps(y))}"


def _first_difference(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a or key not in b:
                return f"{path}.{key}", a.get(key, "<missing>"), b.get(key, "<missing>")
            found = _first_difference(a[key], b[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found is not None:
                return found
        if len(a) != len(b):
            n = min(len(a), len(b))
            return f"{path}[{n}]", a[n] if n < len(a) else "<nothing>", b[n] if n < len(b) else "<nothing>"
        return None
    if a != b or type(a) is not type(b):
        return path, a, b
    return None


def snapshot_difference(expected: Mapping[str, str], got: Mapping[str, str]) -> str | None:
    """The first part of two snapshots that differs, described; ``None`` if they are equal."""
    for key in expected:
        if expected[key] != got.get(key):
            return f"{key} differs {json_difference(expected[key], got.get(key, 'null'))}"
    return None


def json_of(obj: Any) -> Any:
    """The parsed JSON of a published form, through its text (as a front end would get it)."""
    return json.loads(dumps(obj)) if obj is not None else None


def to_data(obj: Any) -> Any:
    """The JSON data of a published form (without going through text)."""
    return to_json(obj)


@contextlib.contextmanager
def as_registered(variant: type[Game]) -> Iterator[None]:
    """Within the block, ``variant.name`` resolves to ``variant`` (for load_log and replay)."""
    name = variant.name
    try:
        current: type[Game] | None = registry.get_variant(name)
    except TableGamesError:
        current = None
    if current is variant:
        yield
        return
    table = registry._registered
    saved = table.get(name, _MISSING)
    table[name] = variant
    try:
        yield
    finally:
        if saved is _MISSING:
            table.pop(name, None)
        else:
            table[name] = saved
