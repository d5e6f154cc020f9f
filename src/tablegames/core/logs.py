"""Loading logs from JSON and replaying them into games, checking every event on the way."""

from __future__ import annotations

from typing import Any, Final

from tablegames.core.errors import (
    IllegalActionError,
    InvalidOptionsError,
    LogError,
    TableGamesError,
    UnknownVariantError,
    quote,
)
from tablegames.core.events import FORMAT, READ_VERSIONS, Event, EventLog
from tablegames.core.game import Game, build_options, foreign_piece
from tablegames.core.jsontext import read_json
from tablegames.core.registry import get_variant
from tablegames.core.rng import SEEDS, is_seed
from tablegames.core.serde import describe_error, dumps, json_int, structure

__all__ = ["MAX_LOG_BYTES", "load_log", "replay"]

MAX_LOG_BYTES: Final = 16 * 1024 * 1024
"""The most bytes of JSON text (UTF-8) :func:`load_log` reads unless told otherwise: 16 MiB.

A whole match at a variant's default target takes tens of kilobytes (10 to 130 kB measured for
the built-in games), so the bound is over a hundred times the longest of them, and reading a
text of that size takes about ten seconds. A longer text is refused at once, before it is
parsed. Matches played to the largest targets the options allow can be longer (to
:data:`~tablegames.core.game.MAX_TARGET` points: about 13 MB for Four Point Smear, the longest
built-in game, and 44 MB for the example Euchre plug-in): a program that keeps such logs passes
a larger ``max_bytes``, or ``None`` for its own logs; one that reads logs from untrusted
clients may pass a smaller one.
"""


_FULL_KEYS = frozenset({"format", "version", "variant", "options", "seed", "deals", "events"})
_REDACTED_KEYS = frozenset({"format", "version", "variant", "options", "seat", "events"})


def load_log(text: str | bytes, *, max_bytes: int | None = MAX_LOG_BYTES) -> EventLog:
    """The :class:`~tablegames.core.events.EventLog` written in ``text`` (JSON).

    Everything is validated: the size, the JSON itself (read by
    :func:`~tablegames.core.jsontext.read_json`: a duplicate key, ``NaN`` or a lone surrogate
    is refused), the format and version, the variant, the options, the seed or seat, every
    stacked deal and every event.

    Args:
        text: the log's JSON text, a str or UTF-8 bytes.
        max_bytes: the most bytes ``text`` may take in UTF-8 (:data:`MAX_LOG_BYTES` by
            default); a longer text is refused before it is parsed. ``None``: no limit.

    Raises:
        LogError: naming where the log is malformed, truncated, of another version, or too long.
        TypeError: if ``max_bytes`` is neither an int nor ``None``.
        ValueError: if ``max_bytes`` is negative.

    """
    data = _read_log_json(text, max_bytes=max_bytes)
    if not isinstance(data, dict):
        raise LogError("$", f"a log is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise LogError("$.format", f"expected {FORMAT!r}, got {quote(data.get('format'))}")
    version = json_int(data.get("version"))
    if version not in READ_VERSIONS:
        readable = " and ".join(str(v) for v in READ_VERSIONS)
        raise LogError(
            "$.version",
            f"version {quote(data.get('version'))} is not supported; this library reads versions {readable}",
        )
    keys = _REDACTED_KEYS if "seat" in data else _FULL_KEYS
    missing = sorted(keys - data.keys())
    extra = sorted(data.keys() - keys)
    if missing or extra:
        raise LogError("$", f"missing keys {missing}, unknown keys {extra}; a log has keys {sorted(keys)}")
    try:
        cls = get_variant(data["variant"])
    except UnknownVariantError as exc:
        raise LogError("$.variant", str(exc)) from None
    try:
        options = build_options(cls.options_class, data["options"])
    except InvalidOptionsError as exc:
        raise LogError("$.options", str(exc)) from None
    seed: int | None = None
    seat: int | None = None
    deals: tuple[Any, ...] = ()
    if "seat" in data:
        seat = json_int(data["seat"])
        seats = cls.seats_for(options)
        if seat is None or not 0 <= seat < seats:
            raise LogError("$.seat", f"expected a seat from 0 to {seats - 1}, got {quote(data['seat'])}")
    else:
        seed = json_int(data["seed"])
        if not is_seed(seed):
            raise LogError("$.seed", f"expected {SEEDS}, got {quote(data['seed'])}")
        if not isinstance(data["deals"], list):
            raise LogError("$.deals", "expected a list of deals")
        try:
            deals = tuple(cls.parse_deal(d, options, where=f"deals[{i}]") for i, d in enumerate(data["deals"]))
        except InvalidOptionsError as exc:
            raise LogError(f"$.{exc.option}", exc.reason) from None
    raw_events = data["events"]
    if not isinstance(raw_events, list):
        raise LogError("$.events", "expected a list of events")
    by_tag = {c.tag: c for c in cls.event_classes}
    events: list[Event] = []
    for i, raw in enumerate(raw_events):
        tag = raw.get("type") if isinstance(raw, dict) else None
        event_cls = by_tag.get(tag) if isinstance(tag, str) else None
        if event_cls is None:
            raise LogError(f"$.events[{i}]", f"not an event of {cls.name}: {quote(raw, 80)}")
        try:
            events.append(structure(raw, event_cls))
        except Exception as exc:
            raise LogError(f"$.events[{i}]", f"malformed {tag!r} event: {describe_error(exc)}") from None
    _check_contents(cls, events, seats=cls.seats_for(options))
    return EventLog(
        variant=cls.name, options=options, events=tuple(events), seed=seed, seat=seat, deals=deals, version=version
    )


def _read_log_json(text: str | bytes, *, max_bytes: int | None) -> Any:
    """The JSON value of ``text``, after checking its size; for :func:`load_log` and the signed-log reader.

    Raises:
        LogError: at ``$``, if ``text`` takes more than ``max_bytes`` bytes (checked before it is
            parsed), or is not JSON text that :func:`~tablegames.core.jsontext.read_json` reads.
        TypeError: if ``max_bytes`` is neither an int nor ``None``.
        ValueError: if ``max_bytes`` is negative.

    """
    if max_bytes is not None:
        if not isinstance(max_bytes, int) or isinstance(max_bytes, bool):
            raise TypeError(f"max_bytes is an int or None, not {type(max_bytes).__name__}")
        if max_bytes < 0:
            raise ValueError(f"max_bytes is a number of bytes, at least 0, not {max_bytes}")
        if _size(text, max_bytes) > max_bytes:
            raise LogError("$", f"the text takes more than {max_bytes} bytes, the most allowed (max_bytes)")
    try:
        return read_json(text)
    except (TypeError, ValueError) as exc:
        raise LogError("$", f"not JSON text ({exc})") from None  # read_json's messages are short; LogError bounds any


_CHUNK: Final = 1 << 20
"""How many characters of a str are encoded at a time to count its bytes."""


def _size(text: object, limit: int) -> int:
    """The bytes ``text`` takes in UTF-8, or a count past ``limit`` if it takes more (counted without a copy of it)."""
    if isinstance(text, bytes | bytearray | memoryview):
        return memoryview(text).nbytes
    if not isinstance(text, str):
        return 0  # read_json says what is wrong with it
    if len(text) > limit or text.isascii():  # a character takes at least one byte
        return len(text)
    size = 0
    for start in range(0, len(text), _CHUNK):
        size += len(text[start : start + _CHUNK].encode("utf-8", "surrogatepass"))
        if size > limit:
            break
    return size


def _check_contents(cls: type[Game], events: list[Event], *, seats: int) -> None:
    """Refuse events naming a piece the variant does not play with, or a seat not at the table."""
    for i, event in enumerate(events):
        piece = foreign_piece(event, cls.pieces)
        if piece is not None:
            raise LogError(f"$.events[{i}]", f"{piece} is not a piece of {cls.name}")
        seat = getattr(event, "seat", None)
        if type(seat) is int and not 0 <= seat < seats:
            raise LogError(f"$.events[{i}]", f"seat {seat} is not at the table; seats are 0 to {seats - 1}")


def replay(log: EventLog) -> Game:
    """A game in the state ``log`` records, able to go on.

    The deals come from the log's deal events (no generator is run again); every action is
    applied again and every event the rules produce is compared with the recorded one.

    Raises:
        LogError: for a redacted log, or naming the first recorded event that differs from
            what the rules produce (a tampered or truncated log).

    """
    if not isinstance(log, EventLog):
        raise LogError("$", f"expected an EventLog (see load_log), got {type(log).__name__}")
    if log.seat is not None:
        raise LogError("$.seat", "a redacted log hides hands and cannot be replayed; replay needs the full log")
    try:
        cls = get_variant(log.variant)
    except UnknownVariantError as exc:
        raise LogError("$.variant", str(exc)) from None
    recorded = log.events
    if not isinstance(recorded, tuple | list):
        raise LogError("$.events", f"expected a tuple of events, got {quote(recorded)}")
    kinds = frozenset(cls.event_classes)
    for i, event in enumerate(recorded):
        if type(event) not in kinds:
            raise LogError(f"$.events[{i}]", f"not an event of {cls.name}: {quote(event, 80)}")
    if not isinstance(log.deals, tuple | list):
        raise LogError("$.deals", f"expected a tuple of deals, got {quote(log.deals)}")
    try:
        options = build_options(cls.options_class, {} if log.options is None else log.options)
    except InvalidOptionsError as exc:
        raise LogError("$.options", str(exc)) from None
    if not is_seed(log.seed):
        raise LogError("$.seed", f"expected {SEEDS}, got {quote(log.seed)}")
    try:
        deals = cls.deals_from_events(recorded)
    except LogError:
        raise
    except Exception as exc:  # a hand-built EventLog whose deal events hold junk
        raise LogError("$.events", f"a recorded deal cannot be read: {type(exc).__name__}: {quote(str(exc))}") from None
    try:
        game = cls.create(options, seed=log.seed, deals=[*deals, *log.deals])
    except InvalidOptionsError as exc:
        raise LogError("$.events", f"a recorded deal is not valid: {exc.reason}") from None
    produced = game.events
    n = len(recorded)
    i = 0
    action_of = cls.action_of
    while True:
        end = len(produced)
        while i < end:
            if i >= n:
                raise LogError(
                    "$.events", f"the log stops after {n} events, but the rules go on with {dumps(produced[i])}"
                )
            if produced[i] == recorded[i]:  # == is one call on attrs classes, != two
                i += 1
                continue
            raise LogError(f"$.events[{i}]", f"recorded {_shown(recorded[i])}, but the rules give {dumps(produced[i])}")
        if i == n:
            return game
        event = recorded[i]
        if game.is_over:
            raise LogError(f"$.events[{i}]", f"recorded {_shown(event)} after the end of the game")
        try:
            step = action_of(event)
            if step is None:
                raise LogError(
                    f"$.events[{i}]",
                    f"recorded {_shown(event)}, but the rules wait for an action of seat {game.current_player}",
                )
            seat, action = step
            game.apply(action, seat=seat)
        except IllegalActionError as exc:
            raise LogError(f"$.events[{i}]", f"recorded action is not legal: {exc.reason}") from None
        except LogError:
            raise
        except TableGamesError as exc:  # pragma: no cover - defensive
            raise LogError(f"$.events[{i}]", str(exc)) from None
        except Exception as exc:  # a hand-built EventLog whose event holds junk the rules choke on
            raise LogError(
                f"$.events[{i}]", f"recorded {_shown(event)} cannot be applied: {type(exc).__name__}"
            ) from None


def _shown(event: Any) -> str:
    """``event`` as JSON text for a message, or quoted if it has none (a hand-built event holding junk)."""
    try:
        text = dumps(event)
    except Exception:
        return quote(event)
    return text if len(text) <= 400 else text[:397] + "..."
