"""JSON for every published form: one cattrs converter with explicit, stable type tags.

Pieces are written in their notation (a tile is ``"6-4"``, a card ``"10H"``, a suit ``"H"``),
which each class of pieces provides itself (:mod:`tablegames.core.notation`; the converter
knows no piece type);
actions and events carry their ``type`` tag first. Structuring accepts exactly what the
published JSON Schemas accept, plus the leniencies the contract names (a tile's halves in
either order; a discard's cards in any order, which the schemas allow anyway): a wrong type, a
missing field, an unknown key, a value outside a field's ``enum`` or its ``minimum`` and
``maximum``, a card in lower case or a tile with spaces around it is refused. Numbers follow
JSON's model, as JSON Schema does: a number with no fractional part is an integer (``2.0`` is
``2``), ``true`` is not a number.

This module holds the converter: the data of every form, and every form from its data.
:mod:`tablegames.core.jsonwriter` writes the same JSON as text straight from the objects, and
:mod:`tablegames.core.serde` gathers the two and documents their names.
"""

from __future__ import annotations

import enum
import json
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from tablegames.core.errors import quote
from tablegames.core.events import FORMAT, Action, Event, EventLog
from tablegames.core.notation import is_notated

__all__ = ["converter", "describe_error", "json_int", "make_converter", "structure", "to_json"]

_T = TypeVar("_T")


def _strict(kind: type, name: str) -> Callable[[Any, Any], Any]:
    def hook(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {name}, got {quote(value)}")
        return value

    return hook


def json_int(value: Any) -> int | None:
    """``value`` as an int if JSON counts it an integer (``3``, ``3.0``; not ``true``), else ``None``.

    >>> from tablegames.core.serde import json_int
    >>> json_int(3), json_int(3.0), json_int(3.5), json_int(True), json_int("3")
    (3, 3, None, None, None)
    """
    kind = type(value)
    if kind is int:
        return value  # type: ignore[no-any-return]
    if kind is float and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def _structure_int(value: Any, _: Any) -> int:
    number = json_int(value)
    if number is None:
        raise TypeError(f"expected an int, got {quote(value)}")
    return number


_SCALARS: Final = frozenset({int, str, type(None)})


def _is_scalar_union(tp: Any) -> bool:
    """Whether ``tp`` is ``int | str`` (or ``int | str | None``): an id that is a seat or a name."""
    if typing.get_origin(tp) not in (typing.Union, types.UnionType):
        return False
    args = set(typing.get_args(tp))
    return {int, str} <= args <= _SCALARS


def _structure_scalar_union(tp: Any) -> Callable[[Any, Any], Any]:
    """Read ``int | str`` strictly: a JSON integer as an int, a string as itself, never a bool."""
    nullable = type(None) in typing.get_args(tp)
    name = "an int, a string or null" if nullable else "an int or a string"

    def hook(value: Any, _: Any) -> Any:
        if type(value) is str or (value is None and nullable):
            return value
        number = json_int(value)
        if number is None:
            raise TypeError(f"expected {name}, got {quote(value)}")
        return number

    return hook


def _notation_structure_factory(cls: type) -> Callable[[Any, Any], Any]:
    """Read a piece of ``cls`` (a :class:`~tablegames.core.notation.Notated` class) from its notation."""
    parse = cls.from_notation  # type: ignore[attr-defined]
    name = cls.__name__

    def hook(value: Any, _: Any) -> Any:
        if not isinstance(value, str):
            raise TypeError(f"expected the notation of a {name}, got {quote(value)}")
        return parse(value)

    return hook


def _structure_enum(value: Any, cls: Any) -> Any:
    """An enum member: by its notation if the enum has one (a suit's letter), else by value."""
    if is_notated(cls):
        return _notation_structure_factory(cls)(value, cls)
    return cls(value)


def _write_notation(piece: Any) -> str:
    return piece.notation()  # type: ignore[no-any-return]


def _is_homogeneous_tuple(tp: Any) -> bool:
    args = typing.get_args(tp)
    return typing.get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis


def _homogeneous_tuple_factory(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    """``tuple[X, ...]`` from a JSON array only, stopping at the first bad item.

    cattrs' own hook goes on past a bad item to report them all, which for an array of two
    million bad items takes half a minute; the first one is enough to refuse the input.
    """

    def factory(tp: Any) -> Callable[[Any, Any], Any]:
        item_type = typing.get_args(tp)[0]
        item_hook = conv.get_structure_hook(item_type)

        def hook(value: Any, _: Any) -> Any:
            if type(value) is not list and type(value) is not tuple:
                raise TypeError(f"expected an array, got {quote(value)}")
            out = []
            for i, item in enumerate(value):
                try:
                    out.append(item_hook(item, item_type))
                except Exception as exc:
                    exc.add_note(IterableValidationNote(f"Structuring {tp} @ index {i}", i, item_type))
                    raise IterableValidationError(f"While structuring {tp}", [exc], tp) from None
            return tuple(out)

        return hook

    return factory


def _is_tagged(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, (Action, Event))


def make_converter() -> cattrs.Converter:
    """A new converter set up for the library's published forms.

    The library uses one instance, :data:`converter`; this factory exists for callers that
    want to extend a copy with hooks of their own.
    """
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook(bool, _strict(bool, "true or false"))
    conv.register_unstructure_hook_func(is_notated, _write_notation)
    conv.register_structure_hook_factory(is_notated, _notation_structure_factory)
    conv.register_structure_hook(enum.Enum, _structure_enum)  # enums dispatch by class, before any predicate,
    conv.register_structure_hook(enum.IntEnum, _structure_enum)  # and an IntEnum would otherwise be read as an int
    conv.register_structure_hook_factory(_is_homogeneous_tuple, _homogeneous_tuple_factory(conv))
    conv.register_structure_hook_factory(_is_scalar_union, _structure_scalar_union)

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
        enums = _field_enums(cls)
        bounds = _field_bounds(cls)

        def hook(value: Any, _: Any) -> Any:
            if not isinstance(value, Mapping):
                raise TypeError(f"expected an object with type {tag!r}, got {quote(value)}")
            if value.get("type", tag) != tag:
                raise TypeError(f"expected type {tag!r}, got {quote(value.get('type'))}")
            obj = body({k: v for k, v in value.items() if k != "type"}, cls)
            for name, allowed in enums:
                found = getattr(obj, name)
                if found not in allowed or type(found) is bool:
                    raise ValueError(f"{name} is one of {', '.join(map(_json_text, allowed))}, not {quote(found)}")
            for name, low, high in bounds:
                found = getattr(obj, name)
                if (low is not None and found < low) or (high is not None and found > high):
                    raise ValueError(f"{name} ranges from {_range_text(low, high)}, not {quote(found)}")
            return obj

        return hook

    conv.register_unstructure_hook_func(_is_tagged, unstructure_tagged)
    conv.register_structure_hook_factory(_is_tagged, structure_tagged_factory)
    conv.register_unstructure_hook(EventLog, lambda log: _unstructure_log(conv, log))
    return conv


def _field_enums(cls: type) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The fields of ``cls`` whose ``json_schema`` metadata lists the values they may take."""
    out = []
    for field in attrs.fields(cls):
        extra = field.metadata.get("json_schema") or {}
        if "enum" in extra:
            out.append((field.name, tuple(extra["enum"])))
    return tuple(out)


def _field_bounds(cls: type) -> tuple[tuple[str, Any, Any], ...]:
    """The fields of ``cls`` whose ``json_schema`` metadata bounds them (``minimum``, ``maximum``)."""
    out = []
    for field in attrs.fields(cls):
        extra = field.metadata.get("json_schema") or {}
        if "minimum" in extra or "maximum" in extra:
            out.append((field.name, extra.get("minimum"), extra.get("maximum")))
    return tuple(out)


def _range_text(low: Any, high: Any) -> str:
    if high is None:
        return f"{low} up"
    return f"{low} to {high}" if low is not None else f"at most {high}"


def _json_text(value: Any) -> str:
    return json.dumps(value)


def _unstructure_log(conv: cattrs.Converter, log: EventLog) -> dict[str, Any]:
    out = _log_head(conv, log)
    out["events"] = [conv.unstructure(e, Event) for e in log.events]
    return out


def _log_head(conv: cattrs.Converter, log: EventLog) -> dict[str, Any]:
    """The JSON data of ``log`` but its events, in the order of its published form (``events`` comes last)."""
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
    return out


converter: cattrs.Converter = make_converter()
"""The library's converter. Use :func:`~tablegames.core.serde.dumps` and :func:`structure` rather than calling it."""


def to_json(obj: Any) -> Any:
    """The JSON-compatible data (dicts, lists, strings, numbers) of a published form."""
    if _is_tagged(type(obj)):
        return converter.unstructure(obj, Event)
    return converter.unstructure(obj)



def structure(data: Any, cls: type[_T]) -> _T:
    """``data`` (parsed JSON) as an instance of ``cls``, strictly.

    Raises:
        Exception: on any mismatch (a ``TypeError``, ``ValueError``, ``KeyError``,
            ``AttributeError`` or :class:`cattrs.BaseValidationError`, depending on where it
            is found); the library's callers turn them into its own errors.

    """
    return converter.structure(data, cls)


def describe_error(exc: BaseException) -> str:
    """A one-line account of a structuring failure, with the path where cattrs knows it.

    At most the first few problems are listed, so the account stays short whatever the input.
    """
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    if isinstance(exc, cattrs.BaseValidationError):
        try:
            problems = cattrs.transform_error(exc)
        except Exception:  # pragma: no cover - transform_error is best effort
            return quote(str(exc), 400)
        shown = "; ".join(problems[:3])
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        return shown + more
    return str(exc) or type(exc).__name__
