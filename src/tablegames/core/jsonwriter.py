"""JSON text written straight from the objects: the converter's JSON, byte for byte, in one walk.

:func:`dumps` is the library's writer of every published form (also in
:mod:`tablegames.core.serde`, and re-exported as ``tablegames.dumps``). A game's log is written
from its :class:`LogTexts`, each event encoded once; any other attrs object by a function made
from its class's field annotations when the class is first met (see the notes below, and the
"Speed" page of the docs for what this saves).
"""

from __future__ import annotations

import collections.abc
import enum
import json
import types
import typing
import weakref
from collections.abc import Callable
from typing import Any, Final

import attrs

from tablegames.core.converter import _is_tagged, _log_head, _write_notation, converter, to_json
from tablegames.core.events import Event, EventLog
from tablegames.core.memo import Kept
from tablegames.core.notation import is_notated

__all__ = ["LogTexts", "dumps", "remember_texts"]


# -- JSON text written straight from the objects ------------------------------------------------
#
# The converter's data passed to json.dumps walks an object twice, the first walk building
# dicts and lists only for the second to read them. For each attrs class met, _text_encoder()
# writes a function that makes the same text in one walk, from the class's field annotations,
# read the way the converter reads them: a declared attrs class by its own fields; an action,
# an event or anything declared Any by its class at run time; a piece by its notation (each
# piece's text kept once written); an int, a str, a bool or None as json.dumps writes them. A value of
# any other declared type is written by the converter and json.dumps, as before; so is a class
# whose annotations cannot be resolved, and a class whose first object's text is not the
# converter's (the first object of every class is checked, which catches a hook registered on
# the converter for a class of one's own).

_JSON: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
_string_text: Final[Callable[[str], str]] = json.encoder.encode_basestring
_int_text: Final = int.__repr__
_TEXT_ENCODERS: Final[Kept[type, Callable[[Any], str]]] = Kept(
    "tablegames.core.jsonwriter: the text function of each class", most=4096
)
"""The text function of each attrs class written so far."""
_GENERAL: Final[set[type]] = {EventLog}
"""The attrs classes written through the converter (EventLog has a hook of its own)."""


def _reference_text(obj: Any, declared: Any = None) -> str:
    """The text of ``obj`` through the converter, which the written functions match."""
    if declared is None:
        declared = Event if _is_tagged(type(obj)) else type(obj)
    return _JSON.encode(converter.unstructure(obj, declared))


_PIECES_KEPT: Final = 4096


class _PieceTexts(dict[Any, str]):
    """The text of each piece of one class written so far, by the piece (pieces are few and written often)."""

    def __init__(self, cls: type) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, piece: Any) -> str:
        if type(piece) is not self.cls:  # not the declared class: written (and refused) as the converter does
            return _reference_text(piece, self.cls)
        text = _string_text(_write_notation(piece))
        if len(self) < _PIECES_KEPT:  # a bound, for a class of pieces without end
            self[piece] = text
        return text


def _piece_texts(cls: type) -> Callable[[Any], str]:
    """The text of a piece declared ``cls``: its notation's, kept for each piece once written."""
    texts = _PieceTexts(cls)
    if not issubclass(cls, enum.Enum):  # pieces equal only themselves: a piece found is of the class
        return texts.__getitem__
    get = texts.__getitem__

    def text(piece: Any) -> str:  # an enum member equals its value (Suit.SPADES == 0): the class is checked
        return get(piece) if type(piece) is cls else _reference_text(piece, cls)

    return text


_INTS: Final = frozenset({int})


def _any_text(value: Any) -> str:
    """The text of ``value`` by its class at run time, as the converter writes a value declared ``Any``."""
    kind = type(value)
    encoder = _TEXT_ENCODERS.get(kind)
    if encoder is not None:
        return encoder(value)
    if kind is int:
        return _int_text(value)
    if kind is str:
        return _string_text(value)
    if value is None:
        return "null"
    if kind is tuple or kind is list:
        return f"[{','.join(map(_any_text, value))}]"
    if is_notated(kind):
        pieces = _TEXT_ENCODERS[kind] = _piece_texts(kind)  # kept with the classes' functions: found first next time
        return pieces(value)
    if attrs.has(kind) and kind not in _GENERAL:
        encoder = _text_encoder(kind)
        if encoder is not None:
            return encoder(value)
    return _reference_text(value)


def _value_writer(declared: Any) -> Callable[[Any], str]:
    """A function writing a value declared ``declared`` as the converter and json.dumps do."""
    origin = typing.get_origin(declared)
    args = typing.get_args(declared)
    if declared is int:
        return lambda v: _int_text(v) if type(v) is int else _reference_text(v, int)
    if declared is str:
        return lambda v: _string_text(v) if type(v) is str else _reference_text(v, str)
    if declared is bool:
        return lambda v: "true" if v is True else "false" if v is False else _reference_text(v, bool)
    if declared is Any:
        return _any_text
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _value_writer(args[0] if args[1] is type(None) else args[1])
        return lambda v: "null" if v is None else inner(v)
    homogeneous = origin is tuple and len(args) == 2 and args[1] is Ellipsis
    if homogeneous and args[0] is int:

        def ints(v: Any) -> str:
            if (type(v) is tuple or type(v) is list) and _INTS.issuperset(map(type, v)):
                return f"[{','.join(map(_int_text, v))}]"
            return _reference_text(v, declared)

        return ints
    if homogeneous or (origin in (list, collections.abc.Sequence) and len(args) == 1):
        kind = args[0]
        item = _value_writer(kind)
        if isinstance(kind, type) and attrs.has(kind) and not _is_tagged(kind) and not is_notated(kind):

            def records(v: Any, found: Callable[[type], Callable[[Any], str] | None] = _TEXT_ENCODERS.get) -> str:
                if type(v) is tuple or type(v) is list:  # the class's function looked up once, not per item
                    return f"[{','.join(map(found(kind) or item, v))}]"
                return _reference_text(v, declared)

            return records

        def sequence(v: Any) -> str:
            if type(v) is tuple or type(v) is list:
                return f"[{','.join(map(item, v))}]"
            return _reference_text(v, declared)

        return sequence
    if isinstance(declared, type):
        if _is_tagged(declared):
            return _any_text  # an action or an event is written by its class at run time, with its tag
        if is_notated(declared):
            return _piece_texts(declared)
        if attrs.has(declared) and declared not in _GENERAL:

            def nested(v: Any, found: Callable[[type], Callable[[Any], str] | None] = _TEXT_ENCODERS.get) -> str:
                encoder = found(declared)
                return encoder(v) if encoder is not None else _class_text(declared, v)

            return nested
    return lambda v: _reference_text(v, declared)


def _class_text(cls: type, value: Any) -> str:
    """The text of ``value``, declared the attrs class ``cls``: by ``cls``'s fields, as the converter writes it."""
    encoder = _TEXT_ENCODERS.get(cls)
    if encoder is None and cls not in _GENERAL:
        encoder = _text_encoder(cls)
    return encoder(value) if encoder is not None else _reference_text(value, cls)


def _inline(declared: Any, get: str, writer: str, names: dict[str, Any]) -> str:
    """The f-string expression writing the field ``get`` (an attribute read), declared ``declared``.

    An int, a str, a bool, an optional value and a tuple of ints, pieces or records are
    written in place, with no call of the field's writer in the common case; anything else by
    the field's writer (``writer``, a name in ``names``, which also takes every value of an
    unexpected type).
    """
    if declared is int:
        return f"(_I(x) if type(x := {get}) is int else {writer}(x))"
    if declared is str:
        return f"(_S(x) if type(x := {get}) is str else {writer}(x))"
    if declared is bool:
        return f'("true" if (x := {get}) is True else "false" if x is False else {writer}(x))'
    args = typing.get_args(declared)
    if typing.get_origin(declared) in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = args[0] if args[1] is type(None) else args[1]
        names[f"{writer}_"] = _value_writer(inner)
        if inner is int:
            return f'("null" if (x := {get}) is None else _I(x) if type(x) is int else {writer}_(x))'
        return f'("null" if (x := {get}) is None else {writer}_(x))'
    if typing.get_origin(declared) is tuple and len(args) == 2 and args[1] is Ellipsis:  # a tuple, joined in place
        kind = args[0]
        join = f'("[" + ",".join(map({{}}, x)) + "]") if type(x := {get}) is tuple'
        if kind is int:
            return f"({join.format('_I')} and _INTS.issuperset(map(type, x)) else {writer}(x))"
        if isinstance(kind, type) and is_notated(kind) and not issubclass(kind, enum.Enum):
            names[f"{writer}_"] = _piece_texts(kind)
            return f"({join.format(writer + '_')} else {writer}(x))"
        if isinstance(kind, type) and attrs.has(kind) and not _is_tagged(kind):
            names[f"{writer}_"] = _value_writer(kind)
            names[f"{writer}_k"] = kind
            return f"({join.format(f'_F({writer}_k) or {writer}_')} else {writer}(x))"
    return f"{writer}({get})"


_KEPT_PER_CLASS: Final = 256
"""How many objects of one class :func:`dumps` holds with their texts (each by its ``id``: held,
so the ``id`` is not reused); when full it forgets them all."""
_UNCHANGING: Final = frozenset({int, str, bool, float, type(None)})
_CHECKS: Final[Kept[type, Callable[[Any], bool] | None]] = Kept(
    "tablegames.core.jsonwriter: which classes hold only values that cannot change", most=4096
)


def _immutable_check(cls: type) -> Callable[[Any], bool] | None:
    """A test that an object declared ``cls`` holds nothing that can change, or ``None`` if it may.

    A class qualifies if it is a frozen attrs class whose fields are declared as ints, strings,
    bools, floats, pieces, enum members, frozen attrs classes that qualify, optional values and
    tuples of these. The test then checks an object's values deeply, by their classes at run
    time: a list where a tuple is declared, a subclass or any other value fails it.
    """
    if cls in _CHECKS:
        return _CHECKS[cls]
    _CHECKS[cls] = None  # a class that refers to itself does not qualify
    try:
        frozen = attrs.inspect(cls).is_frozen
        hints = typing.get_type_hints(cls)
        tests = [(f.name, _value_check(hints[f.name])) for f in attrs.fields(cls) if f.init]
    except Exception:
        return None
    checks = [(name, test) for name, test in tests if test is not None]
    if not frozen or len(checks) < len(tests):
        return None

    def check(value: Any) -> bool:
        return type(value) is cls and all(test(getattr(value, name)) for name, test in checks)

    _CHECKS[cls] = check
    return check


def _value_check(declared: Any) -> Callable[[Any], bool] | None:
    """A test that a value declared ``declared`` cannot change (see :func:`_immutable_check`), or ``None``."""
    if declared in _UNCHANGING:
        kind = declared
        return lambda v: type(v) is kind
    origin = typing.get_origin(declared)
    args = typing.get_args(declared)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _value_check(args[0] if args[1] is type(None) else args[1])
        return None if inner is None else (lambda v: v is None or inner(v))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _value_check(args[0])
        return None if item is None else (lambda v: type(v) is tuple and all(map(item, v)))
    if not isinstance(declared, type):
        return None
    if is_notated(declared) or issubclass(declared, enum.Enum):  # pieces cannot change (their texts are kept)
        return lambda v: type(v) is declared
    if attrs.has(declared) and not _is_tagged(declared):
        return _immutable_check(declared)
    return None


def _text_encoder(cls: type) -> Callable[[Any], str] | None:
    """The text function of the attrs class ``cls``, written on first use and checked on its first object.

    ``None`` for a class the converter must write (its annotations cannot be resolved).
    """
    try:
        hints = typing.get_type_hints(cls)
        fields = [f for f in attrs.fields(cls) if f.init]  # as the converter, which skips init=False fields
        names: dict[str, Any] = {f"_w{i}": _value_writer(hints[f.name]) for i, f in enumerate(fields)}
    except Exception:  # annotations that cannot be resolved
        _GENERAL.add(cls)
        return None
    parts = []  # the members of the f-string written, each a key and the expression of its value
    if _is_tagged(cls):
        names["_tag"] = f'"type":{_string_text(cls.tag)}'  # type: ignore[attr-defined]
        parts.append("{_tag}")
    names.update(_I=_int_text, _S=_string_text, _INTS=_INTS, _F=_TEXT_ENCODERS.get)
    for i, f in enumerate(fields):
        parts.append(f'"{f.name}":{{{_inline(hints[f.name], f"o.{f.name}", f"_w{i}", names)}}}')
    text = "f'{{" + ",".join(parts) + "}}'"
    check = None if _is_tagged(cls) else _immutable_check(cls)
    if check is None:
        source = f"def encode(o):\n    return {text}\n"
    else:  # an object written a second time whose fields hold only values that cannot change: its text kept
        names.update(_M={}, _C=check, _K=_KEPT_PER_CLASS)
        source = (
            "def encode(o):\n"
            "    k = _M.get(i := id(o))\n"
            "    if k is not None and k[0] is o:\n"
            "        t = k[1]\n"
            "        if t is None:\n"
            f"            t = {text}\n"
            "            if _C(o):\n"
            "                _M[i] = (o, t)\n"
            "        return t\n"
            "    if len(_M) >= _K:\n"
            "        _M.clear()\n"
            "    _M[i] = (o, None)\n"
            f"    return {text}\n"
        )
    space: dict[str, Any] = dict(names)
    exec(compile(source, f"<text of {cls.__qualname__}>", "exec"), space)  # source made of field names only
    written: Callable[[Any], str] = space["encode"]
    declared: Any = Event if _is_tagged(cls) else cls

    def first(value: Any) -> str:
        text = written(value)
        if text == _reference_text(value, declared):
            _TEXT_ENCODERS[cls] = written
            return text
        _TEXT_ENCODERS.pop(cls, None)  # not what the converter writes (a hook of its own): the converter's way
        _GENERAL.add(cls)
        return _reference_text(value, declared)

    _TEXT_ENCODERS[cls] = first
    return first


def dumps(obj: Any) -> str:
    """The JSON text of any options, deal, action, event, log or view.

    The text is canonical: the same object always gives the same bytes. A log from
    :meth:`Game.log() <tablegames.core.game.Game.log>` is written from its game's
    :class:`LogTexts`: each event is encoded once, the first time a log holding it is written,
    so writing a growing game's log again costs the events added since. Any other attrs object
    (a view, an action, an event, options) is written in one walk, by a function made from its
    class's field annotations when the class is first met: the converter's text, byte for byte,
    without building its dicts and lists first. An object written a second time (a part the
    views of a game share, such as the last hand's table) keeps its text from then on if it is
    of a frozen class and holds only values that cannot change (ints, strings, bools, pieces,
    and tuples and frozen objects of these, checked by their classes at run time); changing
    such an object with ``object.__setattr__`` afterwards would leave its old text.

    >>> from tablegames.core.jsonwriter import dumps
    >>> from tablegames.components.cards import Card
    >>> from tablegames.components.tiles import Tile
    >>> dumps([Tile(4, 6), Card.parse("10H")])
    '["6-4","10H"]'
    """
    if type(obj) is EventLog:
        entry = _LOG_TEXTS.get(id(obj))
        if entry is not None and entry[0]() is obj:
            head = json.dumps(_log_head(converter, obj), separators=(",", ":"), ensure_ascii=False)
            return f'{head[:-1]},"events":[{entry[1].joined(len(obj.events))}]}}'
    else:
        encoder = _TEXT_ENCODERS.get(type(obj))
        if encoder is not None:
            return encoder(obj)
        if attrs.has(type(obj)) and not is_notated(type(obj)):
            return _any_text(obj)  # writes (and keeps) the class's text function
    return json.dumps(to_json(obj), separators=(",", ":"), ensure_ascii=False)


class LogTexts:
    """The JSON texts of a list of events that only grows, each encoded once, when first needed.

    A game keeps one for its full log and one for each seat's (:meth:`Game.log()
    <tablegames.core.game.Game.log>`), and :func:`remember_texts` ties each log it returns to
    it, so :func:`dumps` joins the texts instead of encoding every event again.

    Args:
        events: the events, a list that is only ever appended to (the texts of its first
            events are kept, so an event replaced later would be written as it was).
    """

    __slots__ = ("events", "texts")

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        """The events, in order."""
        self.texts: list[str] = []
        """The JSON texts of the first events, as many as were needed so far."""

    def joined(self, count: int) -> str:
        """The texts of the first ``count`` events, comma-separated (encoding those not yet encoded)."""
        texts = self.texts
        done = len(texts)
        if done < count:
            texts.extend(map(_any_text, self.events[done:count]))
        return ",".join(texts if len(texts) == count else texts[:count])


_LOG_TEXTS: Final[dict[int, tuple[weakref.ref[EventLog], LogTexts]]] = {}
"""The texts of the logs that :func:`remember_texts` was given, by the log's ``id`` (a dead log's entry
stays until the next sweep, and a new log with its ``id`` replaces it)."""


def remember_texts(log: EventLog, texts: LogTexts) -> None:
    """Tie ``log`` to ``texts``, which hold (or will hold) the JSON of ``log.events`` in order, for :func:`dumps`.

    The tie lasts as long as ``log``. ``texts.events`` must begin with the very objects of
    ``log.events``: only :meth:`Game.log() <tablegames.core.game.Game.log>` calls this.
    """
    table = _LOG_TEXTS
    table[id(log)] = (weakref.ref(log), texts)
    if len(table) > _sweep_at:  # forget the logs that are gone, now and then (not on every call)
        _sweep()


def _sweep() -> None:
    """Remove the entries of dead logs from :data:`_LOG_TEXTS`, and set when to sweep next.

    A server's other threads may add logs while the table is walked (no lock is taken, so that
    :func:`remember_texts`, called for every log, stays a plain store): a walk they interrupt
    raises ``RuntimeError`` and is made again; an entry is removed only if its log is still dead.
    """
    global _sweep_at
    table = _LOG_TEXTS
    while True:
        try:
            dead = [key for key, entry in table.items() if entry[0]() is None]
        except RuntimeError:  # "dictionary changed size during iteration": another thread added a log
            continue
        break
    for key in dead:
        entry = table.get(key)
        if entry is not None and entry[0]() is None:
            table.pop(key, None)  # a live log that took the key just now only loses its kept texts
    _sweep_at = 2 * len(table) + _SWEEP_FLOOR


_SWEEP_FLOOR: Final = 256
_sweep_at = _SWEEP_FLOOR
"""The size of :data:`_LOG_TEXTS` past which the next :func:`remember_texts` removes the dead logs."""
