"""Loading logs from JSON and replaying them into games, checking every event on the way."""

from __future__ import annotations

import json
from typing import Any

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
from tablegames.core.registry import get_variant
from tablegames.core.rng import SEEDS, is_seed
from tablegames.core.serde import describe_error, dumps, json_int, structure

__all__ = ["load_log", "replay"]

_FULL_KEYS = frozenset({"format", "version", "variant", "options", "seed", "deals", "events"})
_REDACTED_KEYS = frozenset({"format", "version", "variant", "options", "seat", "events"})


def load_log(text: str | bytes) -> EventLog:
    """The :class:`~tablegames.core.events.EventLog` written in ``text`` (JSON).

    Everything is validated: the format and version, the variant, the options, the seed or
    seat, every stacked deal and every event.

    Raises:
        LogError: naming where the log is malformed, truncated or of another version.

    """
    try:
        data = json.loads(text, parse_constant=_not_json)
    except RecursionError:
        raise LogError("$", "not JSON text this library reads: nested too deeply") from None
    except (TypeError, ValueError) as exc:
        raise LogError("$", f"not JSON text ({exc})") from None  # json's messages are short; LogError bounds any
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


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


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
