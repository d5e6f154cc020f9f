"""JSON Schemas (draft 2020-12) of every published JSON form, generated from the classes.

For each variant there is one schema per kind in :data:`SCHEMA_KINDS`: its ``options``, a
stacked ``deal``, an ``action``, an ``event``, a seat's ``view`` and a ``log`` (full or
redacted). They are made from the variant's attrs classes (the :class:`~tablegames.core.game.Game`
class attributes ``options_class``, ``deal_class``, ``action_classes``, ``event_classes``,
``pieces``, and the return annotation of its ``view`` method): their fields, type hints and
docstrings, and the hooks of :data:`~tablegames.core.serde.converter`. A variant installed from
another package gets its schemas without writing any.

What the schemas say:

* Pieces are strings: the ``enum`` of the variant's pieces (``"6-4"``, ``"10H"``) as the
  converter writes them; an enum type (a suit) is the ``enum`` of its members' JSON.
* Actions and events are objects with a ``type`` tag (a ``const``); the kinds ``action`` and
  ``event`` are a ``oneOf`` over the variant's classes, discriminated by that tag.
* Every field is ``required``: the library always writes every field (``null`` included),
  except that an action's field with a default may be left out, as the library reads it so
  (the schema gives the ``default``). Where the library's parsing is otherwise lenient (a tile
  written ``"4-6"``), the schema describes the canonical form the library writes.
* A field that may be ``None`` (``X | None``) allows ``null``: this is how the hidden fields of
  a redacted event (``"tile": null``) are allowed.
* Every object has ``additionalProperties: false``, as the converter refuses unknown keys.
* Option bounds and choices come from the option's validator, read as data: the option rules
  of :mod:`tablegames.core.options` and attrs' ``in_``, ``ge``, ``le``, ``gt`` and ``lt``
  validators. A field's ``metadata={"json_schema": {...}}`` adds keywords of its own.

>>> from tablegames.schema import schema_for
>>> schema = schema_for("american-sniff", "action")
>>> schema["$id"]
'urn:tablegames:schema:v2:american-sniff:action'
>>> schema["$defs"]["Play"]["properties"]["type"]
{'const': 'play'}
"""

from __future__ import annotations

import ast
import copy
import enum
import functools
import inspect
import itertools
import json
import re
import textwrap
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from tablegames.core.errors import InvalidOptionsError, TableGamesError
from tablegames.core.events import FORMAT, FORMAT_VERSION, READ_VERSIONS, Action, Event
from tablegames.core.game import Game
from tablegames.core.notation import is_notated
from tablegames.core.options import OptionRule
from tablegames.core.registry import get_variant
from tablegames.core.rng import SEED_MAX, SEED_MIN
from tablegames.core.serde import converter

__all__ = [
    "SCHEMA_DIALECT",
    "SCHEMA_KINDS",
    "format_schema",
    "schema_for",
    "schema_id",
    "schemas_for",
    "view_class",
]

SCHEMA_DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The ``$schema`` of every schema: JSON Schema draft 2020-12."""

SCHEMA_KINDS: Final = ("options", "deal", "action", "event", "view", "log")
"""The kinds of published JSON form, one schema each per variant."""

_KIND_TITLES: Final = {
    "options": "options",
    "deal": "stacked deal",
    "action": "action",
    "event": "event",
    "view": "view",
    "log": "log",
}

_KIND_DESCRIPTIONS: Final = {
    "options": "The options of a game, as the library writes them (in a log, for example).",
    "deal": "One stacked deal, as given to new_game(deals=[...]) or written in a full log's deals.",
    "action": "An action: an object with a type tag. Front ends send it to action_from_json.",
    "event": "An event: an object with a type tag. In a redacted log, hidden fields are null.",
    "view": "What one seat may know: the JSON of game.view(seat).",
    "log": (
        "A game's log: the full log (with seed and the stacked deals not yet used), or the log "
        "one seat saw (with seat, never the seed; hidden fields of events are null)."
    ),
}

_ROLE_TITLE: Final = re.compile(r":[\w:]+:`([^`<]+?)\s*<[^>`]+>`")
_ROLE_SHORT: Final = re.compile(r":[\w:]+:`~[\w.]*?(\w+)`")
_ROLE: Final = re.compile(r":[\w:]+:`([^`]+)`")
_LITERAL: Final = re.compile(r"``(.+?)``")


def schema_id(variant: str, kind: str) -> str:
    """The ``$id`` of the schema of ``kind`` for the variant named ``variant``.

    It names the format version, so the schemas of another version have other ids.

    >>> from tablegames.schema import schema_id
    >>> schema_id("four-point-smear", "log")
    'urn:tablegames:schema:v2:four-point-smear:log'
    """
    return f"urn:tablegames:schema:v{FORMAT_VERSION}:{variant}:{kind}"


def schema_for(variant: str | type[Game], kind: str) -> dict[str, Any]:
    """The JSON Schema of the JSON form ``kind`` of ``variant``.

    Args:
        variant: a registered variant name, or a :class:`~tablegames.core.game.Game` subclass.
        kind: one of :data:`SCHEMA_KINDS`.

    Returns:
        A new dict (the caller may change it): a draft 2020-12 schema with ``$schema``,
        ``$id``, ``title``, ``description`` and the ``$defs`` it refers to.

    Raises:
        UnknownVariantError: if no variant has that name.
        InvalidOptionsError: if ``kind`` is not one of :data:`SCHEMA_KINDS`.
        TableGamesError: if the variant's classes cannot be described (a field type with no
            JSON form, or a ``view`` method without a return annotation).

    >>> from tablegames.schema import schema_for
    >>> schema_for("four-point-smear", "options")["$defs"]["SmearOptions"]["properties"]["seen_undealt"]["maximum"]
    3
    """
    cls = get_variant(variant) if isinstance(variant, str) else variant
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TableGamesError(f"expected a variant name or a Game subclass, got {variant!r}")
    if kind not in SCHEMA_KINDS:
        raise InvalidOptionsError("kind", f"unknown schema kind {kind!r}; allowed: {', '.join(SCHEMA_KINDS)}")
    return copy.deepcopy(_cached_schema(cls, kind))


def schemas_for(variant: str | type[Game]) -> dict[str, dict[str, Any]]:
    """Every schema of ``variant``, keyed by kind, in the order of :data:`SCHEMA_KINDS`.

    Raises:
        UnknownVariantError: if no variant has that name.
    """
    return {kind: schema_for(variant, kind) for kind in SCHEMA_KINDS}


def format_schema(schema: Mapping[str, Any]) -> str:
    """A schema as the shipped files hold it: indented JSON, sorted keys, a final newline.

    >>> from tablegames.schema import format_schema
    >>> print(format_schema({"b": 1, "a": [True]}), end="")
    {
      "a": [
        true
      ],
      "b": 1
    }
    """
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def view_class(cls: type[Game]) -> type[Any]:
    """The attrs class a variant's ``view`` method returns, read from its return annotation.

    A variant on a family base (:class:`~tablegames.mechanics.drawgame.DrawGame`,
    :class:`~tablegames.mechanics.setback.SetbackGame`) whose ``view`` is the base's may declare the
    class instead, as its ``view_class`` class attribute; an annotation naming an attrs class wins.

    Raises:
        TableGamesError: if ``view`` has no return annotation naming an attrs class and the
            variant declares no attrs ``view_class``.

    >>> from tablegames.schema import view_class
    >>> from tablegames import get_variant
    >>> view_class(get_variant("american-sniff")).__name__
    'SniffView'
    """
    try:
        returned = typing.get_type_hints(cls.view).get("return")
    except Exception as exc:
        raise TableGamesError(f"cannot read the return annotation of {cls.__qualname__}.view: {exc}") from None
    if not (isinstance(returned, type) and attrs.has(returned)):
        returned = getattr(cls, "view_class", None)
    if not (isinstance(returned, type) and attrs.has(returned)):
        raise TableGamesError(
            f"{cls.__qualname__}.view must be annotated to return its attrs view class, not {returned!r}"
        )
    return returned


@functools.cache
def _cached_schema(cls: type[Game], kind: str) -> dict[str, Any]:
    builder = _Builder(cls)
    head: dict[str, Any] = {
        "$schema": SCHEMA_DIALECT,
        "$id": schema_id(cls.name, kind),
        "title": f"{cls.name} {_KIND_TITLES[kind]} (format version {FORMAT_VERSION})",
    }
    if kind == "options":
        body, description = builder.ref(cls.options_class), _doc(cls.options_class)
    elif kind == "deal":
        body, description = builder.ref(cls.deal_class), _doc(cls.deal_class)
    elif kind == "action":
        body, description = builder.ref(Action), _KIND_DESCRIPTIONS[kind]
    elif kind == "event":
        body, description = builder.ref(Event), _KIND_DESCRIPTIONS[kind]
    elif kind == "view":
        shown = view_class(cls)
        body, description = builder.ref(shown), _doc(shown)
    else:
        body, description = builder.log(), _KIND_DESCRIPTIONS[kind]
    schema = {**head, "description": description or _KIND_DESCRIPTIONS[kind], **body}
    schema["$defs"] = builder.defs
    return schema


class _Builder:
    """Makes the schemas of one variant's types, collecting the ``$defs`` they refer to."""

    def __init__(self, game: type[Game]) -> None:
        self.game = game
        self.defs: dict[str, Any] = {}
        self.names: dict[Any, str] = {}
        self.piece_types = {type(p) for p in game.pieces}

    # -- references ------------------------------------------------------------------

    def ref(self, key: Any) -> dict[str, Any]:
        """A ``$ref`` to the definition of ``key`` (a class), making it on first use."""
        name = self.names.get(key)
        if name is None:
            name = self._name_for(key)
            self.names[key] = name
            self.defs[name] = {}  # reserved first: a class may refer to itself
            self.defs[name] = self._define(key)
        return {"$ref": f"#/$defs/{name}"}

    def _name_for(self, key: Any) -> str:
        name = str(key.__name__)
        if name in self.defs:
            name = f"{key.__module__}.{key.__qualname__}".replace(".", "_")
        return name

    def _define(self, key: Any) -> dict[str, Any]:
        if key is Action:
            return self._union(self.game.action_classes, "Any action of the variant, told apart by its type tag.")
        if key is Event:
            return self._union(self.game.event_classes, "Any event of the variant, told apart by its type tag.")
        if key in self.piece_types:
            pieces = sorted((converter.unstructure(p) for p in self.game.pieces if type(p) is key), key=_natural)
            return {"title": key.__name__, "description": _doc(key), "type": "string", "enum": pieces}
        pattern = getattr(key, "notation_pattern", None) if is_notated(key) else None
        if isinstance(pattern, str):  # pieces the variant does not list: their notation's pattern
            return {"title": key.__name__, "description": _doc(key), "type": "string", "pattern": pattern}
        if isinstance(key, type) and issubclass(key, enum.Enum):
            values = [converter.unstructure(member) for member in key]
            return {"title": key.__name__, "description": _doc(key), **_enum_of(values)}
        if isinstance(key, type) and attrs.has(key):
            return self._object(key)
        raise TableGamesError(f"no JSON form known for {key!r} (in {self.game.name})")

    def _union(self, classes: Sequence[type[Any]], description: str) -> dict[str, Any]:
        return {"description": description, "oneOf": [self.ref(c) for c in classes]}

    # -- objects and types -----------------------------------------------------------

    def _object(self, cls: type[Any]) -> dict[str, Any]:
        hints = typing.get_type_hints(cls)
        docs = _field_docs(cls)
        properties: dict[str, Any] = {}
        required: list[str] = []
        tag = getattr(cls, "tag", None) if issubclass(cls, (Action, Event)) else None
        if tag is not None:
            properties["type"] = {"const": tag}
            required.append("type")
        for field in attrs.fields(cls):
            prop = self.type_schema(hints.get(field.name, field.type))
            prop = {**prop, **_constraints(field)}
            doc = docs.get(field.name)
            if doc:
                prop = {"description": doc, **prop}
            default = _default(field)
            if default is not _NO_DEFAULT:
                prop["default"] = default
            properties[field.name] = prop
            if default is _NO_DEFAULT or not issubclass(cls, Action):
                required.append(field.name)
        out: dict[str, Any] = {"title": cls.__name__}
        description = _doc(cls)
        if description:
            out["description"] = description
        out.update(type="object", properties=properties, required=required)
        if getattr(converter, "forbid_extra_keys", False):
            out["additionalProperties"] = False
        return out

    def type_schema(self, tp: Any) -> dict[str, Any]:
        """The schema of a value of type ``tp`` as the converter writes it."""
        if tp is Any:
            return {}
        if tp is type(None) or tp is None:
            return {"type": "null"}
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is typing.Union or origin is types.UnionType:
            return self._nullable(args)
        if origin is typing.Literal:
            return _enum_of(list(args))
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.type_schema(args[0])}
            items = [self.type_schema(a) for a in args]
            return {"type": "array", "prefixItems": items, "items": False, "minItems": len(items)}
        if origin in (list, frozenset, set) or (isinstance(origin, type) and issubclass(origin, Sequence)):
            return {"type": "array", "items": self.type_schema(args[0]) if args else {}}
        if origin is dict or (isinstance(origin, type) and issubclass(origin, Mapping)):
            return {"type": "object", "additionalProperties": self.type_schema(args[1]) if args else {}}
        simple = _SIMPLE.get(tp)
        if simple is not None:
            return {"type": simple}
        return self.ref(tp)

    def _nullable(self, args: tuple[Any, ...]) -> dict[str, Any]:
        kinds = [a for a in args if a is not type(None)]
        nullable = len(kinds) < len(args)
        options = [self.type_schema(a) for a in kinds]
        if nullable and len(options) == 1 and set(options[0]) == {"type"} and isinstance(options[0]["type"], str):
            return {"type": [options[0]["type"], "null"]}
        if nullable:
            options.append({"type": "null"})
        return options[0] if len(options) == 1 else {"anyOf": options}

    # -- the log ---------------------------------------------------------------------

    def log(self) -> dict[str, Any]:
        """The log's schema: a ``oneOf`` of the full and the redacted log, as ``$defs``."""
        game = self.game
        common: dict[str, Any] = {
            "format": {"description": "Always the same: what the object is.", "const": FORMAT},
            "version": {
                "description": (
                    f"The format version the log was written in: {FORMAT_VERSION} when this library wrote it; "
                    "the versions it reads have the same log form."
                ),
                "enum": list(READ_VERSIONS),
            },
            "variant": {"description": "The registered name of the variant.", "const": game.name},
            "options": {"description": "The game's options.", **self.ref(game.options_class)},
        }
        events = {
            "description": "Every event, in order.",
            "type": "array",
            "items": self.ref(Event),
        }
        full = {
            "title": "Full log",
            "description": "Everything needed to replay the game and go on with it.",
            "type": "object",
            "properties": {
                **common,
                "seed": {
                    "description": "The seed every shuffle and random draw comes from.",
                    "type": "integer",
                    "minimum": SEED_MIN,
                    "maximum": SEED_MAX,
                },
                "deals": {
                    "description": "Stacked deals given to the game and not yet used.",
                    "type": "array",
                    "items": self.ref(game.deal_class),
                },
                "events": events,
            },
            "required": ["format", "version", "variant", "options", "seed", "deals", "events"],
            "additionalProperties": False,
        }
        redacted = {
            "title": "Redacted log",
            "description": "What one seat saw: other seats' hidden pieces are null; never the seed.",
            "type": "object",
            "properties": {
                **common,
                "seat": {
                    "description": "The seat the log was made for.",
                    "type": "integer",
                    "minimum": 0,
                    "maximum": game.max_players - 1,
                },
                "events": events,
            },
            "required": ["format", "version", "variant", "options", "seat", "events"],
            "additionalProperties": False,
        }
        self.defs["FullLog"] = full
        self.defs["RedactedLog"] = redacted
        return {"oneOf": [{"$ref": "#/$defs/FullLog"}, {"$ref": "#/$defs/RedactedLog"}]}


_SIMPLE: Final[dict[Any, str]] = {bool: "boolean", int: "integer", float: "number", str: "string"}


class _NoDefault:
    def __repr__(self) -> str:
        return "<no default>"


_NO_DEFAULT: Final = _NoDefault()


def _default(field: attrs.Attribute[Any]) -> Any:
    """The JSON of a field's default, if it has one that depends on nothing else."""
    default = field.default
    if default is attrs.NOTHING:
        return _NO_DEFAULT
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        factory: Any = default
        if factory.takes_self:
            return _NO_DEFAULT
        default = factory.factory()
    return converter.unstructure(default)


def _enum_of(values: list[Any]) -> dict[str, Any]:
    kinds = {_SIMPLE.get(type(v)) for v in values}
    out: dict[str, Any] = {"enum": values}
    if len(kinds) == 1 and None not in kinds:
        out = {"type": kinds.pop(), **out}
    return out


def _natural(text: Any) -> list[Any]:
    """A sort key putting ``"2-1"`` before ``"10-1"``: digit runs compare as numbers."""
    return [int(part) if i % 2 else part for i, part in enumerate(re.split(r"(\d+)", str(text)))]


# -- descriptions ------------------------------------------------------------------------


def _plain(rst: str) -> str:
    """Docstring text as plain text: roles as their titles, no inline literal markup.

    ``None``, ``True`` and ``False`` become their JSON words.

    >>> from tablegames.schema import _plain
    >>> _plain("the :class:`~a.b.Tile` (``None`` where hidden)")
    'the Tile (null where hidden)'
    """
    text = rst.replace("``None``", "null").replace("``True``", "true").replace("``False``", "false")
    text = _ROLE_TITLE.sub(r"\1", text)
    text = _ROLE_SHORT.sub(r"\1", text)
    text = _ROLE.sub(r"\1", text)
    return _LITERAL.sub(r"\1", text)


def _clean(doc: str | None) -> str:
    """A docstring as a description: plain text, without its examples, paragraphs kept."""
    if not doc:
        return ""
    paragraphs = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        if paragraph.lstrip().startswith(">>>"):
            continue
        paragraphs.append(" ".join(paragraph.split()))
    return _plain("\n\n".join(p for p in paragraphs if p))


def _doc(cls: type[Any]) -> str:
    """The description of ``cls``: its own docstring (not one inherited)."""
    return _clean(cls.__dict__.get("__doc__"))


def _field_docs(cls: type[Any]) -> dict[str, str]:
    """The docstrings of the attributes of ``cls`` and its bases, read from their source."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        try:
            source = textwrap.dedent(inspect.getsource(klass))
            tree = ast.parse(source)
        except (OSError, TypeError, SyntaxError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for node, after in itertools.pairwise(body):
            if (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[node.target.id] = _clean(after.value.value)
    return docs


# -- constraints from validators ------------------------------------------------------------


def _constraints(field: attrs.Attribute[Any]) -> dict[str, Any]:
    """Keywords a field's validator implies (bounds, choices) and its ``json_schema`` metadata."""
    out = _from_validator(field.validator) if field.validator is not None else {}
    extra = field.metadata.get("json_schema")
    if isinstance(extra, Mapping):
        out.update(extra)
    return out


def _from_validator(validator: Any) -> dict[str, Any]:
    """What a validator allows, read as data: an option rule, or attrs' own validators.

    A list of validators is attrs' ``and_``, whose parts attrs keeps in ``_validators`` with no
    public accessor; a validator of any other kind says nothing here.
    """
    if isinstance(validator, OptionRule):
        return validator.json_schema()
    parts = getattr(validator, "_validators", None)
    if isinstance(parts, tuple):  # attrs.validators.and_ (a list of validators)
        out: dict[str, Any] = {}
        for part in parts:
            out.update(_from_validator(part))
        return out
    bound, op = getattr(validator, "bound", None), getattr(validator, "compare_op", None)
    if isinstance(bound, (int, float)) and op in _BOUND_KEYWORDS:
        return {_BOUND_KEYWORDS[op]: bound}
    options = getattr(validator, "options", None)
    if isinstance(options, (tuple, list, frozenset, set)) and options:
        values = [converter.unstructure(o) for o in options]
        return _enum_of(sorted(values, key=_natural) if isinstance(options, (frozenset, set)) else values)
    return {}


_BOUND_KEYWORDS: Final = {">=": "minimum", "<=": "maximum", ">": "exclusiveMinimum", "<": "exclusiveMaximum"}
