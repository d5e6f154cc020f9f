"""Helpers the checks share: comparable snapshots, piece strings, differences, registration."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from tablegames.core import registry
from tablegames.core.errors import IllegalActionError, InvalidOptionsError, TableGamesError
from tablegames.core.game import Game
from tablegames.core.serde import dumps, to_json
from tablegames.testing.scenario import ConformanceError, Scenario

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


def redaction_problem(full: Any, seen: Any, path: str, *, upper: str = "the full event") -> str | None:
    """Where parsed JSON ``seen`` is not ``full`` (``upper`` in the message) with some values set to null."""
    if seen is None or seen == full:
        return None
    if isinstance(full, dict) and isinstance(seen, dict):
        if set(full) != set(seen):
            return f"{path} has keys {sorted(seen)}, {upper} {sorted(full)} (hidden fields become null)"
        for key in full:
            problem = redaction_problem(full[key], seen[key], f"{path}.{key}", upper=upper)
            if problem is not None:
                return problem
        return None
    if isinstance(full, list) and isinstance(seen, list) and len(full) == len(seen):
        for i, (a, b) in enumerate(zip(full, seen, strict=True)):
            problem = redaction_problem(a, b, f"{path}[{i}]", upper=upper)
            if problem is not None:
                return problem
        return None
    return f"{path} is {json.dumps(seen)}, but {upper} has {json.dumps(full)} (a redacted field is null)"


Looks = Callable[[Game], Sequence[tuple[str, str]]]
"""What an observer sees of a game: a few JSON texts, each with a plural label (``"views"``)."""


def _strings_seen(looks: Sequence[tuple[str, str]]) -> set[str]:
    found: set[str] = set()
    for _, text in looks:
        found |= strings_in(json.loads(text))
    return found


def play_alike(
    check: str, scenario: Scenario, start: Game, *, observer: str, looks: Looks, hand_seat: int, max_steps: int
) -> None:
    """Two games whose first deals differ only in pieces ``observer`` cannot see must look alike to it.

    The pieces of ``start``'s first deal that ``looks(start)`` never names are swapped by the
    scenario's ``swaps``, giving a second stacked deal. Both games play the same actions (with
    the swapped pieces exchanged) while they stay legal, the full logs stay alike but for the
    exchange, and the swapped pieces stay out of what the observer sees, until the end of the
    first hand (read from ``hand_seat``'s view); what ``looks`` gives must be identical throughout.

    Raises:
        ConformanceError: naming ``check`` and the first text that differs.

    """
    variant = scenario.variant
    deal = to_json(variant.deals_from_events(list(start.log().events))[0])
    pieces = piece_strings(variant)
    hidden = sorted((strings_in(deal) & pieces) - _strings_seen(looks(start)))
    if len(hidden) < 2:
        return
    order = list(hidden)
    for x, y in scenario.swaps:
        i, j = x % len(order), y % len(order)
        order[i], order[j] = order[j], order[i]
    mapping = {a: b for a, b in zip(hidden, order, strict=True) if a != b}
    if not mapping:
        return
    moved = set(mapping)
    second = map_strings(deal, mapping)
    a = scenario.new_game(deals=[deal])
    try:
        b = scenario.new_game(deals=[second])
    except InvalidOptionsError as exc:
        raise ConformanceError(check, scenario, 0, f"the deal with {mapping} exchanged was refused: {exc}") from None
    hand = json.loads(dumps(a.view(hand_seat)))["hand_number"]
    choose = scenario.chooser()
    step = 0
    what = f"{observer} with {', '.join(f'{x}<->{y}' for x, y in sorted(mapping.items()) if x < y) or mapping}"
    while True:
        if json.loads(dumps(a.view(hand_seat)))["hand_number"] != hand:
            return
        if map_strings(json.loads(dumps(a.log())), mapping) != json.loads(dumps(b.log())):
            return  # play went differently (a seat drew instead of playing...): that may show
        seen_a, seen_b = looks(a), looks(b)
        if moved & (_strings_seen(seen_a) | _strings_seen(seen_b)):
            return
        for (label, text_a), (_, text_b) in zip(seen_a, seen_b, strict=True):
            if text_a != text_b:
                detail = f"{what}: the {label} differ {json_difference(text_a, text_b)}"
                raise ConformanceError(check, scenario, step, detail)
        if a.is_over or step >= max_steps:
            return
        action = choose(a, step)
        mirrored = map_strings(to_json(action), mapping)
        a.apply(action)
        try:
            b.apply(b.action_from_json(mirrored))
        except IllegalActionError:
            return
        step += 1
