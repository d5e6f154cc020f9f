"""What a variant publishes about its classes, read as data: its pieces by type, annotations, declared values.

The derived capabilities (:mod:`tablegames.core.derived`,
:mod:`tablegames.core.derived_observation`) read a variant only through these: the same
sources, read the same way, as the published JSON Schemas (:mod:`tablegames.schema`).
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Mapping
from typing import Any, Final

import attrs

from tablegames.core.game import Game
from tablegames.core.options import OptionRule
from tablegames.core.serde import to_json

__all__ = ["declared", "field_hints", "json_key", "natural_key", "pieces_by_type", "pieces_of", "union_args"]


def natural_key(text: str) -> list[Any]:
    """A sort key that orders the numbers inside ``text`` by value (``"2-1"`` before ``"10-0"``)."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text) if part]


def json_key(value: Any) -> list[Any]:
    """The natural sort key of ``value``'s JSON form (a piece's notation)."""
    data = to_json(value)
    return natural_key(data if isinstance(data, str) else repr(data))


def pieces_by_type(variant: type[Game]) -> dict[type, tuple[Any, ...]]:
    """The variant's pieces by type, each in the natural order of their JSON forms (``0-0``, ``1-0``, ``1-1``...)."""
    kinds: dict[type, list[Any]] = {}
    for piece in variant.pieces:
        kinds.setdefault(type(piece), []).append(piece)
    return {
        kind: tuple(sorted(found, key=json_key)) for kind, found in sorted(kinds.items(), key=lambda k: k[0].__name__)
    }


def pieces_of(hint: Any, pieces: Mapping[type, tuple[Any, ...]]) -> tuple[Any, ...] | None:
    """The pieces a field annotated ``hint`` may hold (``hint`` is a piece type), else ``None``."""
    if not isinstance(hint, type) or hint is object:
        return None
    found = [p for kind, group in pieces.items() if issubclass(kind, hint) for p in group]
    return tuple(found) if found else None


def union_args(hint: Any) -> tuple[Any, ...] | None:
    """The members of a union annotation (``X | Y``, ``Optional[X]``), else ``None``."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return None


def field_hints(cls: type) -> dict[str, Any]:
    """The resolved annotations of the attrs class ``cls`` (``{}`` where they do not resolve)."""
    try:
        return typing.get_type_hints(cls)
    except Exception:  # an annotation that does not resolve: its fields are read as unannotated
        return {}


def declared(field: attrs.Attribute[Any]) -> dict[str, Any]:
    """What a field declares of its values: its validator read as data, then its ``json_schema`` metadata.

    The same sources, read the same way, as the published JSON Schemas (:mod:`tablegames.schema`).
    """
    out = _from_validator(field.validator) if field.validator is not None else {}
    extra = field.metadata.get("json_schema")
    if isinstance(extra, Mapping):
        out.update(extra)
    return out


def _from_validator(validator: Any) -> dict[str, Any]:
    if isinstance(validator, OptionRule):
        return validator.json_schema()
    parts = getattr(validator, "_validators", None)
    if isinstance(parts, tuple):  # attrs.validators.and_: its parts, which attrs keeps in _validators
        out: dict[str, Any] = {}
        for part in parts:
            out.update(_from_validator(part))
        return out
    inner = getattr(validator, "validator", None)
    if inner is not None:  # attrs.validators.optional: the inner validator's values, and None
        out = _from_validator(inner)
        if isinstance(out.get("enum"), list):
            out["enum"] = [None, *out["enum"]]
        return out
    bound, op = getattr(validator, "bound", None), getattr(validator, "compare_op", None)
    if type(bound) is int and op in _BOUNDS:
        return {_BOUNDS[op]: bound + _NUDGE[op]}
    options = getattr(validator, "options", None)
    if isinstance(options, (tuple, list)) and options:
        return {"enum": [to_json(o) for o in options]}
    if isinstance(options, (frozenset, set)) and options:
        return {"enum": sorted((to_json(o) for o in options), key=lambda v: natural_key(str(v)))}
    return {}


_BOUNDS: Final = {">=": "minimum", "<=": "maximum", ">": "minimum", "<": "maximum"}
_NUDGE: Final = {">=": 0, "<=": 0, ">": 1, "<": -1}
