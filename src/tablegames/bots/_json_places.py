"""JSON helpers of the generic world sampler (:mod:`tablegames.bots.worlds`): the pieces and places inside events.

Events are read as their JSON data (:func:`tablegames.core.serde.to_json`), so the sampler
needs no variant's classes: a piece is a string naming one of the variant's ``pieces``, and a
hidden place is a ``null``.
"""

from __future__ import annotations

from typing import Any, Final

from tablegames.core.memo import Kept
from tablegames.core.serde import to_json

__all__ = ["fill", "has_null", "mirror_paths", "named", "strings", "swap_strings", "without"]

_NAMED: Final = Kept[tuple[type, Any], tuple[str, ...]](
    "tablegames.bots._json_places: the strings of each action's and event's JSON", most=1 << 16
)


def named(obj: Any) -> tuple[str, ...]:
    """Every string inside ``obj``'s JSON (:func:`strings` of :func:`~tablegames.core.serde.to_json`).

    Kept for an ``obj`` that can be hashed (a frozen action or event: the sampler asks again for
    the same ones, replay after replay), by its class and value: equal objects of one class
    write the same JSON.
    """
    try:
        found = _NAMED.get((type(obj), obj))
    except TypeError:  # a value that cannot be hashed (an event holding a list): written each time
        return tuple(strings(to_json(obj)))
    if found is None:
        found = _NAMED.keep((type(obj), obj), tuple(strings(to_json(obj))))
    return found


def swap_strings(data: Any, a: str, b: str) -> tuple[Any, bool]:
    """JSON ``data`` with the strings ``a`` and ``b`` swapped, and whether anything changed."""
    if isinstance(data, str):
        if data == a:
            return b, True
        if data == b:
            return a, True
        return data, False
    if isinstance(data, list):
        items = [swap_strings(item, a, b) for item in data]
        return [item for item, _ in items], any(changed for _, changed in items)
    if isinstance(data, dict):
        pairs = {key: swap_strings(value, a, b) for key, value in data.items()}
        return {key: value for key, (value, _) in pairs.items()}, any(changed for _, changed in pairs.values())
    return data, False


def strings(data: Any) -> list[str]:
    """Every string inside JSON ``data``."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, list):
        return [s for item in data for s in strings(item)]
    if isinstance(data, dict):
        return [s for value in data.values() for s in strings(value)]
    return []


def has_null(data: Any) -> bool:
    """Whether JSON ``data`` holds a ``null`` anywhere below its top level's own keys."""
    if data is None:
        return True
    if isinstance(data, list):
        return any(has_null(item) for item in data)
    if isinstance(data, dict):
        return any(has_null(value) for value in data.values())
    return False


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every ``(path, value)`` leaf of JSON ``data``."""
    if isinstance(data, list):
        return [leaf for i, item in enumerate(data) for leaf in _leaves(item, (*path, i))]
    if isinstance(data, dict):
        return [leaf for key, value in data.items() for leaf in _leaves(value, (*path, key))]
    return [(path, data)]


def mirror_paths(template: Any, pieces: set[str]) -> frozenset[tuple[Any, ...]]:
    """The places of a deal event that name a piece it also places elsewhere (a turned-up card).

    Read from a full deal event: of two places naming one piece, the one outside ``hands`` is
    the mirror (the later one if both or neither are inside).
    """
    first: dict[str, tuple[Any, ...]] = {}
    mirrors: set[tuple[Any, ...]] = set()
    for path, value in _leaves(template):
        if not isinstance(value, str) or value not in pieces:
            continue
        earlier = first.setdefault(value, path)
        if earlier is path:
            continue
        in_hands = (earlier[:1] == ("hands",), path[:1] == ("hands",))
        mirrors.add(earlier if in_hands == (False, True) else path)
    return frozenset(mirrors)


def without(data: Any, paths: frozenset[tuple[Any, ...]], path: tuple[Any, ...] = ()) -> Any:
    """JSON ``data`` with the leaves at ``paths`` left out (set to ``None``)."""
    if path in paths:
        return None
    if isinstance(data, list):
        return [without(item, paths, (*path, i)) for i, item in enumerate(data)]
    if isinstance(data, dict):
        return {key: without(value, paths, (*path, key)) for key, value in data.items()}
    return data


def fill(
    recorded: Any,
    template: Any,
    slots: list[tuple[Any, Any, int | None]],
    *,
    owner: int | None,
    parent: Any,
    key: Any,
) -> None:
    """Write into ``parent[key]`` a copy of ``recorded`` whose hidden parts take the template's shape.

    Each piece place left to fill is ``None`` and appended to ``slots`` as ``(container, key,
    seat)``, the seat being the owner when the place is inside ``hands[seat]``.
    """
    if recorded is None:
        if isinstance(template, str):
            parent[key] = None
            slots.append((parent, key, owner))
        elif isinstance(template, list):
            parent[key] = [None] * len(template)
            for i, item in enumerate(template):
                fill(None, item, slots, owner=owner, parent=parent[key], key=i)
        else:
            parent[key] = template
    elif isinstance(recorded, dict) and isinstance(template, dict):
        parent[key] = out = {}
        for name, value in recorded.items():
            shape = template.get(name)
            if name == "hands" and isinstance(value, list) and isinstance(shape, list):
                out[name] = hands = [None] * len(value)
                for i, pile in enumerate(value):
                    fill(pile, shape[i] if i < len(shape) else None, slots, owner=i, parent=hands, key=i)
            else:
                fill(value, shape, slots, owner=owner, parent=out, key=name)
    elif isinstance(recorded, list) and isinstance(template, list) and len(recorded) == len(template):
        parent[key] = items = [None] * len(recorded)
        for i, (r, t) in enumerate(zip(recorded, template, strict=True)):
            fill(r, t, slots, owner=owner, parent=items, key=i)
    else:
        parent[key] = recorded
