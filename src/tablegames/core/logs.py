"""Loading logs from JSON and replaying them into games, checking every event on the way."""

from __future__ import annotations

import json
from typing import Any

import attrs

from tablegames.core.errors import (
    IllegalActionError,
    InvalidOptionsError,
    LogError,
    TableGamesError,
    UnknownVariantError,
)
from tablegames.core.events import FORMAT, FORMAT_VERSION, Event, EventLog
from tablegames.core.game import Game, build_options
from tablegames.core.registry import get_variant
from tablegames.core.serde import describe_error, dumps, structure

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
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise LogError("$", f"not JSON text ({exc})") from None
    if not isinstance(data, dict):
        raise LogError("$", f"a log is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise LogError("$.format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    version = data.get("version")
    if version != FORMAT_VERSION or type(version) is not int:
        raise LogError(
            "$.version", f"version {version!r} is not supported; this library reads version {FORMAT_VERSION}"
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
        seat = data["seat"]
        seats = cls.seats_for(options)
        if type(seat) is not int or not 0 <= seat < seats:
            raise LogError("$.seat", f"expected a seat from 0 to {seats - 1}, got {seat!r}")
    else:
        seed = data["seed"]
        if type(seed) is not int:
            raise LogError("$.seed", f"expected an int, got {seed!r}")
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
            raise LogError(f"$.events[{i}]", f"not an event of {cls.name}: {raw!r:.80}")
        try:
            events.append(structure(raw, event_cls))
        except Exception as exc:
            raise LogError(f"$.events[{i}]", f"malformed {tag!r} event: {describe_error(exc)}") from None
    _check_contents(cls, events, seats=cls.seats_for(options))
    return EventLog(
        variant=cls.name, options=options, events=tuple(events), seed=seed, seat=seat, deals=deals, version=version
    )


def _foreign(value: Any, kinds: tuple[type, ...], pieces: frozenset[Any]) -> Any:
    """The first piece inside ``value`` (an event field) that is not one of ``pieces``, if any."""
    if isinstance(value, kinds):
        return None if value in pieces else value
    if isinstance(value, tuple):
        for item in value:
            found = _foreign(item, kinds, pieces)
            if found is not None:
                return found
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            found = _foreign(getattr(value, field.name), kinds, pieces)
            if found is not None:
                return found
    return None


def _check_contents(cls: type[Game], events: list[Event], *, seats: int) -> None:
    """Refuse events naming a piece the variant does not play with, or a seat not at the table."""
    kinds = tuple({type(p) for p in cls.pieces})
    for i, event in enumerate(events):
        if kinds:
            piece = _foreign(event, kinds, cls.pieces)
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
    deals = cls._deals_from_events(recorded)
    try:
        game = cls.create(log.options, seed=log.seed, deals=[*deals, *log.deals])
    except InvalidOptionsError as exc:
        raise LogError("$.events", f"a recorded deal is not valid: {exc.reason}") from None
    produced = game._events
    n = len(recorded)
    i = 0
    action_of = cls._action_of
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
            raise LogError(f"$.events[{i}]", f"recorded {dumps(recorded[i])}, but the rules give {dumps(produced[i])}")
        if i == n:
            return game
        event = recorded[i]
        if game._winner is not None:
            raise LogError(f"$.events[{i}]", f"recorded {dumps(event)} after the end of the game")
        step = action_of(event)
        if step is None:
            raise LogError(
                f"$.events[{i}]",
                f"recorded {dumps(event)}, but the rules wait for an action of seat {game.current_player}",
            )
        seat, action = step
        try:
            game.apply(action, seat=seat)
        except IllegalActionError as exc:
            raise LogError(f"$.events[{i}]", f"recorded action is not legal: {exc.reason}") from None
        except TableGamesError as exc:  # pragma: no cover - defensive
            raise LogError(f"$.events[{i}]", str(exc)) from None
