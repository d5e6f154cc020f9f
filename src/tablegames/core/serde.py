"""JSON for every published form: one cattrs converter with explicit, stable type tags.

Pieces are written in their notation (a tile is ``"6-4"``, a card ``"10H"``, a suit ``"H"``);
actions and events carry their ``type`` tag first. Structuring is strict: a wrong type, a
missing field or an unknown key is refused (a JSON ``5.0`` is not an int, ``true`` is not a
number), so nothing malformed gets into a game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from tablegames.components.cards import Card, Suit
from tablegames.components.tiles import Tile
from tablegames.core.events import FORMAT, Action, Event, EventLog

__all__ = ["converter", "describe_error", "dumps", "make_converter", "structure", "to_json"]

_T = TypeVar("_T")


def _strict(kind: type, name: str) -> Callable[[Any, Any], Any]:
    def hook(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {name}, got {value!r}")
        return value

    return hook


def _structure_tile(value: Any, _: Any) -> Tile:
    if not isinstance(value, str):
        raise TypeError(f"expected a tile like '6-4', got {value!r}")
    return Tile.parse(value)


def _structure_card(value: Any, _: Any) -> Card:
    if not isinstance(value, str):
        raise TypeError(f"expected a card like 'AS' or '10H', got {value!r}")
    return Card.parse(value)


_SUITS = {s.letter: s for s in Suit}


def _structure_suit(value: Any, _: Any) -> Suit:
    suit = _SUITS.get(value) if isinstance(value, str) else None
    if suit is None:
        raise TypeError(f"expected a suit letter S, H, D or C, got {value!r}")
    return suit


def _is_tagged(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, (Action, Event))


def make_converter() -> cattrs.Converter:
    """A new converter set up for the library's published forms.

    The library uses one instance, :data:`converter`; this factory exists for callers that
    want to extend a copy with hooks of their own.
    """
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict(int, "an int"))
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook(bool, _strict(bool, "true or false"))
    conv.register_unstructure_hook(Tile, str)
    conv.register_structure_hook(Tile, _structure_tile)
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, _structure_card)
    conv.register_unstructure_hook(Suit, lambda suit: suit.letter)
    conv.register_structure_hook(Suit, _structure_suit)

    unstructure_fns: dict[type, Callable[[Any], dict[str, Any]]] = {}

    def unstructure_tagged(obj: Action | Event) -> dict[str, Any]:
        cls = obj.__class__
        fn = unstructure_fns.get(cls)
        if fn is None:
            body: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cls, conv)
            tag = cls.tag

            def fn(o: Any, _body: Callable[[Any], dict[str, Any]] = body) -> dict[str, Any]:
                return {"type": tag, **_body(o)}

            unstructure_fns[cls] = fn
        return fn(obj)

    def structure_tagged_factory(cls: type) -> Callable[[Any, Any], Any]:
        body: Callable[[Any, Any], Any] = make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True)
        tag = cls.tag  # type: ignore[attr-defined]

        def hook(value: Any, _: Any) -> Any:
            if not isinstance(value, Mapping):
                raise TypeError(f"expected an object with type {tag!r}, got {value!r}")
            if value.get("type", tag) != tag:
                raise TypeError(f"expected type {tag!r}, got {value.get('type')!r}")
            return body({k: v for k, v in value.items() if k != "type"}, cls)

        return hook

    conv.register_unstructure_hook_func(_is_tagged, unstructure_tagged)
    conv.register_structure_hook_factory(_is_tagged, structure_tagged_factory)
    conv.register_unstructure_hook(EventLog, lambda log: _unstructure_log(conv, log))
    return conv


def _unstructure_log(conv: cattrs.Converter, log: EventLog) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": log.version,
        "variant": log.variant,
        "options": conv.unstructure(log.options),
    }
    if log.seat is None:
        out["seed"] = log.seed
        out["deals"] = [conv.unstructure(d) for d in log.deals]
    else:
        out["seat"] = log.seat
    out["events"] = [conv.unstructure(e, Event) for e in log.events]
    return out


converter: cattrs.Converter = make_converter()
"""The library's converter. Use :func:`dumps` and :func:`structure` rather than calling it."""


def to_json(obj: Any) -> Any:
    """The JSON-compatible data (dicts, lists, strings, numbers) of a published form."""
    if _is_tagged(type(obj)):
        return converter.unstructure(obj, Event)
    return converter.unstructure(obj)


def dumps(obj: Any) -> str:
    """The JSON text of any options, deal, action, event, log or view.

    The text is canonical: the same object always gives the same bytes.

    >>> from tablegames.components.cards import Card
    >>> from tablegames.components.tiles import Tile
    >>> dumps([Tile(4, 6), Card.parse("10h")])
    '["6-4","10H"]'
    """
    return json.dumps(to_json(obj), separators=(",", ":"), ensure_ascii=False)


def structure(data: Any, cls: type[_T]) -> _T:
    """``data`` (parsed JSON) as an instance of ``cls``, strictly.

    Raises:
        Exception: on any mismatch (a ``TypeError``, ``ValueError``, ``KeyError``,
            ``AttributeError`` or :class:`cattrs.BaseValidationError`, depending on where it
            is found); the library's callers turn them into its own errors.

    """
    return converter.structure(data, cls)


def describe_error(exc: BaseException) -> str:
    """A one-line account of a structuring failure, with the path where cattrs knows it."""
    if isinstance(exc, cattrs.BaseValidationError):
        try:
            return "; ".join(cattrs.transform_error(exc))
        except Exception:  # pragma: no cover - transform_error is best effort
            return str(exc)
    return str(exc) or type(exc).__name__
