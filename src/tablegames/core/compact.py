"""A game's compact form: a few hundred bytes that rebuild the identical game.

:meth:`Game.compact() <tablegames.core.game.Game.compact>` writes it and :func:`restore`
rebuilds the game from it; pickling a game stores it (``pickle.dumps(game)`` is a few dozen
bytes more than ``game.compact()``). It holds what a game cannot work out again, and nothing
else:

* the variant's name, its options (their JSON form) and the seed;
* the deals no seed gives: each hand that was stacked (or shuffled from a seed the game no
  longer has, after :meth:`~tablegames.core.game.Game.with_next_deals`), as the deal its
  events record, and the stacked deals still to come. Hands shuffled from the game's seed
  are dealt again from it;
* every action taken, in order: its ids (:meth:`~tablegames.core.game.Game.action_ids`)
  where the variant numbers its actions, else its JSON form;
* how many hands were dealt and events logged, which the rebuilt game must match.

The rebuilt game is the same game: the same events, scores, turn, legal actions, views and
:meth:`~tablegames.core.game.Game.log`, and the same future (the same actions give the same
events, the next shuffled hands included, and the deals stacked by ``with_next_deals`` are still
to come). Rebuilding replays the actions through the rules, so it costs about as much as
:func:`~tablegames.core.logs.replay`; what it saves is the bytes to store or send.

Actions are ids, or JSON, rather than indexes into each position's legal actions: an index
would be as small, but writing it needs every position again (a replay per ``compact()``),
while an id or a JSON form is read off the game's events alone.

The format, version 1 (all integers unsigned):

========  =====================================================================================
bytes     content
========  =====================================================================================
0-2       the magic ``b"TGC"``
3         the format version, ``1``
4         flags: bit 0 set if the rest is compressed with zlib (it is when that is shorter)
5-        a varint (LEB128) header length, the header (UTF-8 JSON), then the action ids
========  =====================================================================================

The header is a JSON object with the keys ``variant``, ``options``, ``seed``, ``hands`` (how many
hands were dealt), ``deals`` (``[hand index, deal]`` pairs for the hands not shuffled from
the seed, the deal in its JSON form), ``pending`` (the stacked deals still to come),
``events`` (how many events the game has), ``actions`` (how many actions were taken) and
``ids`` (the number of action ids, or ``null`` if the actions are JSON, in the key
``moves``). Each action's ids take as many bytes as the largest id needs (little-endian);
an action chosen in parts has a byte with the number of its parts first.

The header is read strictly (:func:`~tablegames.core.jsontext.read_json`: no duplicate key), and
every count in it is bounded by the bytes before anything is built from it: ``actions`` by the
ids the rest of the form holds (or the ``moves`` it lists), and ``hands`` by ``actions + 1``,
since the first hand is dealt before any action and every hand that ends holds at least one
action (the engine never plays for a seat). A form of a few hundred bytes that claims a
billion hands is refused at once, never allocated for.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from typing import Any, Final

from tablegames.core.capabilities import ActionIds
from tablegames.core.errors import (
    IllegalActionError,
    InvalidOptionsError,
    LogError,
    TableGamesError,
    UnknownVariantError,
    quote,
)
from tablegames.core.events import Action
from tablegames.core.game import Game, build_options
from tablegames.core.jsontext import read_json
from tablegames.core.registry import get_variant
from tablegames.core.rng import SEEDS, is_seed
from tablegames.core.serde import json_int, to_json

__all__ = ["MAGIC", "VERSION", "restore"]

MAGIC: Final = b"TGC"
"""The first three bytes of every compact form."""
VERSION: Final = 1
"""The version of the compact format this library writes and reads."""

_COMPRESSED: Final = 1
_MAX_SIZE: Final = 64 * 1024 * 1024
"""The most bytes a compact form's compressed part may inflate to; anything longer is refused."""
_KEYS: Final = frozenset({"variant", "options", "seed", "hands", "deals", "pending", "events", "actions", "ids"})


def pack(game: Game) -> bytes:
    """``game``'s compact form (what :meth:`~tablegames.core.game.Game.compact` returns)."""
    cls = type(game)
    pending, from_seed = game._deal_record()
    deals: list[list[Any]] = []
    if False in from_seed:
        recorded = cls.deals_from_events(game.events)
        deals = [[i, to_json(recorded[i])] for i, shuffled in enumerate(from_seed) if not shuffled]
    action_of = cls.action_of
    actions = [step[1] for step in map(action_of, game.events) if step is not None]
    ids = cls.action_ids(game.options)
    header: dict[str, Any] = {
        "variant": cls.name,
        "options": to_json(game.options),
        "seed": game.seed,
        "hands": len(from_seed),
        "deals": deals,
        "pending": [to_json(d) for d in pending],
        "events": len(game.events),
        "actions": len(actions),
        "ids": None if ids is None else ids.size,
    }
    body = b""
    if ids is None:
        header["moves"] = [to_json(a) for a in actions]
    else:
        body = _encode_ids(ids, actions)
    text = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode()
    plain = _varint(len(text)) + text + body
    packed = zlib.compress(plain, 9)
    if len(packed) < len(plain):
        return MAGIC + bytes((VERSION, _COMPRESSED)) + packed
    return MAGIC + bytes((VERSION, 0)) + plain


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _width(size: int) -> int:
    """The bytes one id below ``size`` takes."""
    return max(1, ((size - 1).bit_length() + 7) // 8)


def _encode_ids(ids: ActionIds, actions: Sequence[Action]) -> bytes:
    width = _width(ids.size)
    parts = ids.parts > 1
    out = bytearray()
    for action in actions:
        encoded = ids.encode(action)
        if parts:
            out.append(len(encoded))
        for one in encoded:
            out += one.to_bytes(width, "little")
    return bytes(out)


def restore(data: bytes, variant: type[Game] | None = None) -> Game:
    """The game whose compact form (:meth:`~tablegames.core.game.Game.compact`) is ``data``.

    Args:
        data: the bytes ``compact()`` wrote.
        variant: the class to rebuild (what unpickling passes); by default the class
            registered under the variant name ``data`` holds.

    Raises:
        LogError: for data that is not a compact form, truncated or of another version, of
            another variant than ``variant``, or whose actions the rules refuse (nothing is
            returned then).

    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise LogError("compact", f"a compact form is bytes, not {type(data).__name__}")
    data = bytes(data)
    if data[:3] != MAGIC:
        raise LogError("compact", f"not a compact game: it starts {quote(data[:3])}, not {MAGIC!r}")
    if len(data) < 5:
        raise LogError("compact", "truncated: no version and flags")
    if data[3] != VERSION:
        raise LogError("compact.version", f"version {data[3]} is not supported; this library reads version {VERSION}")
    flags, rest = data[4], data[5:]
    if flags & ~_COMPRESSED:
        raise LogError("compact.flags", f"unknown flags {flags:#04x}")
    if flags & _COMPRESSED:
        rest = _inflate(rest)
    header, body = _split(rest)
    cls = _variant(header, variant)
    game = _rebuild(cls, header, body)
    return game


def _inflate(packed: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        plain = inflater.decompress(packed, _MAX_SIZE)
    except zlib.error as exc:
        raise LogError("compact", f"the compressed part is damaged ({exc})") from None
    if inflater.unconsumed_tail:
        raise LogError("compact", f"the compressed part inflates past {_MAX_SIZE} bytes")
    if not inflater.eof:
        raise LogError("compact", "truncated: the compressed part stops short")
    if inflater.unused_data:
        raise LogError("compact", f"{len(inflater.unused_data)} bytes after the compressed part")
    return plain


def _split(rest: bytes) -> tuple[dict[str, Any], bytes]:
    """The header (checked to have the right keys) and the action ids after it."""
    length = shift = i = 0
    while True:
        if i >= len(rest) or shift > 35:
            raise LogError("compact", "truncated: no header length")
        byte = rest[i]
        length |= (byte & 0x7F) << shift
        shift += 7
        i += 1
        if not byte & 0x80:
            break
    text = rest[i : i + length]
    if len(text) < length:
        raise LogError("compact.header", f"truncated: {len(text)} of {length} header bytes")
    try:
        header = read_json(text)
    except ValueError as exc:
        raise LogError("compact.header", f"not JSON text ({exc})") from None
    if not isinstance(header, dict):
        raise LogError("compact.header", f"expected a JSON object, not {type(header).__name__}")
    keys = _KEYS | ({"moves"} if header.get("ids") is None else set())
    if header.keys() != keys:
        missing, extra = sorted(keys - header.keys()), sorted(header.keys() - keys)
        raise LogError("compact.header", f"missing keys {missing}, unknown keys {extra}; it has keys {sorted(keys)}")
    return header, rest[i + length :]


def _variant(header: dict[str, Any], variant: type[Game] | None) -> type[Game]:
    name = header["variant"]
    if variant is not None:
        if name != variant.name:
            raise LogError("compact.variant", f"a game of {quote(name)}, not of {variant.name!r}")
        return variant
    if not isinstance(name, str):
        raise LogError("compact.variant", f"expected a variant name, got {quote(name)}")
    try:
        return get_variant(name)
    except UnknownVariantError as exc:
        raise LogError("compact.variant", str(exc)) from None


def _count(header: dict[str, Any], key: str) -> int:
    number = json_int(header[key])
    if number is None or number < 0:
        raise LogError(f"compact.{key}", f"expected a count, got {quote(header[key])}")
    return number


def _rebuild(cls: type[Game], header: dict[str, Any], body: bytes) -> Game:
    try:
        options = build_options(cls.options_class, header["options"])
    except InvalidOptionsError as exc:
        raise LogError("compact.options", str(exc)) from None
    seed = json_int(header["seed"])
    if not is_seed(seed):
        raise LogError("compact.seed", f"expected {SEEDS}, got {quote(header['seed'])}")
    assert seed is not None  # is_seed said so
    hands, events, count = _count(header, "hands"), _count(header, "events"), _count(header, "actions")
    actions = _actions(cls, header, body, options, count)  # as many as the body holds, at most
    if hands > len(actions) + 1:  # checked before anything is made per hand
        raise LogError("compact.hands", f"{hands} hands cannot be dealt in {len(actions)} actions")
    slots: list[Any] = [None] * hands
    stacked = header["deals"]
    if not isinstance(stacked, list):
        raise LogError("compact.deals", f"expected a list of [hand, deal] pairs, got {quote(stacked)}")
    for j, pair in enumerate(stacked):
        where = f"compact.deals[{j}]"
        hand = json_int(pair[0]) if isinstance(pair, list) and len(pair) == 2 else None
        if hand is None or not 0 <= hand < hands or slots[hand] is not None:
            raise LogError(where, f"expected [hand, deal] for a new hand below {hands}, got {quote(pair)}")
        slots[hand] = _deal(cls, pair[1], options, where)
    pending = header["pending"]
    if not isinstance(pending, list):
        raise LogError("compact.pending", f"expected a list of deals, got {quote(pending)}")
    waiting = [_deal(cls, d, options, f"compact.pending[{j}]") for j, d in enumerate(pending)]
    try:
        game = cls._rebuilt(options, seed, slots, waiting)
    except TableGamesError as exc:  # pragma: no cover - the deals were checked
        raise LogError("compact.deals", str(exc)) from None
    for i, given in enumerate(actions):
        where = f"compact.actions[{i}]"
        if game.is_over:
            raise LogError(where, f"{quote(given)} after the end of the game")
        try:
            game.apply(given if isinstance(given, Action) else game.action_from_json(given))
        except IllegalActionError as exc:
            raise LogError(where, f"the action is not legal: {exc.reason}") from None
    left, dealt = game._deal_record()
    if len(dealt) != hands or len(left) != len(waiting):
        raise LogError("compact.hands", f"{hands} hands were dealt, but the actions deal {len(dealt)}")
    if len(game.events) != events:
        raise LogError("compact.events", f"the game had {events} events, but the actions give {len(game.events)}")
    return game


def _deal(cls: type[Game], data: Any, options: Any, where: str) -> Any:
    try:
        return cls.parse_deal(data, options, where=where)
    except InvalidOptionsError as exc:
        raise LogError(exc.option, exc.reason) from None


def _actions(cls: type[Game], header: dict[str, Any], body: bytes, options: Any, count: int) -> list[Any]:
    """The actions: decoded from their ids, or their JSON forms (checked when applied)."""
    size = header["ids"]
    if size is None:
        moves = header["moves"]
        if not isinstance(moves, list) or len(moves) != count:
            raise LogError("compact.moves", f"expected a list of {count} actions, got {quote(moves)}")
        if body:
            raise LogError("compact", f"{len(body)} bytes after the header of a game whose actions are JSON")
        return moves
    ids = cls.action_ids(options)
    if ids is None or json_int(size) != ids.size:
        now = "none" if ids is None else ids.size
        raise LogError("compact.ids", f"written with {quote(size)} action ids; {cls.name} now has {now}")
    width, parts = _width(ids.size), ids.parts > 1
    actions: list[Any] = []
    at = 0
    for i in range(count):
        n = 1
        if parts:
            if at >= len(body):
                raise LogError(f"compact.actions[{i}]", f"truncated: the ids stop after {i} actions")
            n = body[at]
            at += 1
        end = at + n * width
        if end > len(body):
            raise LogError(f"compact.actions[{i}]", f"truncated: the ids stop after {i} actions")
        encoded = [int.from_bytes(body[k : k + width], "little") for k in range(at, end, width)]
        at = end
        try:
            actions.append(ids.decode(encoded))
        except Exception as exc:  # ValueError, as documented; anything else from a plug-in's numbering too
            raise LogError(f"compact.actions[{i}]", f"ids {encoded} are no action: {exc}") from None
    if at != len(body):
        raise LogError("compact", f"{len(body) - at} bytes after the last action")
    return actions
