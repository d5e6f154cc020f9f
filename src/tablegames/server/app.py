"""The HTTP API of the game server: a Starlette application over a :class:`~tablegames.server.storage.Store`.

Every game lives in the store as its log; this process keeps the games in use in memory (a
game idle for ``idle_seconds`` is dropped from memory, never from the store) and checks, on
every request, that its copy is the stored one. An action is answered only once the events it
caused are committed, and it names the version it was chosen on (the number of events the
client saw): a stale one gets 409 with the current state, so two actions sent at the same
instant are never both applied.

Each seat a person holds has a bearer token, sent in the ``Authorization`` header, stored as
its SHA-256 only, with an expiry. A game is created with its seats: the creator's (``"me"``),
bots by name, and ``"open"`` seats that others join from the lobby.

Endpoints (JSON in, JSON out; a refusal is ``{"error": <kind>, "message": <text>}``):

=========================================  =====================================================
``GET /api/openapi.json``                  this API's OpenAPI 3.1 document
``GET /api/variants``                      the variants, their options' schemas, the bots
``GET /api/variants/{name}/page.js``       the variant's own drawing for the page (a
                                           JavaScript module), if it ships one
``POST /api/games``                        ``{"variant", "options", "seats", "seed"}``: a game;
                                           answers ``{"game", "seat", "token", "expires",
                                           "state"}`` (201)
``GET /api/lobby``                         unfinished games with an open seat
``POST /api/games/{id}/join``              ``{"seat"}``: take an open seat; a token (201)
``GET /api/games/{id}?since=N``            the seat's state, with its events from ``N`` on
``POST /api/games/{id}/actions``           ``{"action", "version"}``: act; the new state with
                                           the events since ``version``
``GET /api/games/{id}/log``                a finished game's full log, signed (for its seats)
``POST /api/logs``                         ``{"signed_log"}``: a game again from a log this
                                           server signed (403 for an unsigned or forged one),
                                           its seats open (201)
``GET /api/games/{id}/events?since=N``     the seat's events from ``N`` on as they happen, as
                                           Server-Sent Events (``event`` messages, one per
                                           event, then a ``version`` message); it ends with
                                           the game
``GET /api/games/{id}/watch?since=N``      a spectator's state, no token needed: the events
                                           as no seat sees them
                                           (:meth:`~tablegames.core.game.Game.public_events`),
                                           the scores and the turn; no view, no hand
``GET /``, ``GET /static/...``             the page (:data:`STATIC`), unless
                                           ``ServerConfig(page=False)``
=========================================  =====================================================

A state (the answer to a seat's fetch or action) holds ``game``, ``variant``, ``version`` (the
event count, the index of the next event), ``seat``, ``players``, ``seats`` (``"person"``,
``"open"`` or ``"bot:<name>"`` for each), ``side_of_seat``, ``options``, ``view`` (the seat's
view), ``events_from`` and ``events`` (its redacted events from there on) with ``log_text``
beside them (a line each, :meth:`~tablegames.core.game.Game.describe_event`),
``legal_actions`` (empty unless it is the seat's turn) with ``labels`` beside them (each
action's ``str``, or ``null``), ``current_player``, ``scores``, ``winner`` and ``is_over``.

Limits (:class:`ServerConfig`, :mod:`tablegames.server.limits`) are answered with 408 (a body
too slow), 413 (body too large), 415 (a write that is not ``application/json``), 429 (one
client's limit: creations, live games, actions, streams, bots' thinking) and 503 (the server's:
streams, bots' queue) with ``Retry-After``, and 400 for the seed unless the operator allows it;
a database that cannot be reached gives 503 with ``Retry-After``. A malformed action (no state
would take it) gets 400, an illegal one 409 with the state. Security headers go with every
response and hosts not in the allow-list get 400. The limits and their defaults are listed in
:doc:`/server`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ipaddress
import json
import random
import re
import secrets
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tablegames.bots import Bot, Observation, Table, bot_names, make_bot
from tablegames.core.errors import IllegalActionError, LogError, TableGamesError, UnknownVariantError
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.jsontext import read_json
from tablegames.core.logs import replay
from tablegames.core.registry import get_variant, variant_names
from tablegames.core.serde import to_json
from tablegames.core.signing import SignatureError, sign_log, verify_log
from tablegames.schema import schema_for
from tablegames.server.drawing import page_script
from tablegames.server.limits import LimitReached, RateLimit, StreamSlots, Thinking
from tablegames.server.openapi import openapi_document
from tablegames.server.storage import (
    OPEN,
    PERSON,
    LiveGamesLimit,
    SeatRecord,
    StaleWrite,
    Store,
    StoreUnavailable,
    UnknownGame,
)

__all__ = ["STATIC", "ApiError", "ServerConfig", "create_app", "hash_token", "offered_bots", "variant_info"]

STATIC: Final = Path(__file__).resolve().parent / "static"
"""The folder of the page's files (HTML, JavaScript, CSS), served at ``/`` and ``/static/``."""
_DIGITS: Final = re.compile(r"[0-9]{1,9}")
_SINCE_ONLY: Final = frozenset({"since"})
_CATCH_UP: Final = ""
"""Whom the bots' moves of a game brought back into memory are counted to: no client."""
_BOT_SETTINGS: Final[Mapping[str, Mapping[str, Any]]] = {"ismcts": {"iterations": 150}}
"""Settings that keep a bot quick enough to answer a request."""
_BOT_ORDER: Final = ("greedy", "random", "ismcts")
"""The order bots are offered in (the first is the default); other bots follow, sorted."""
_RST_MARKUP: Final = re.compile(r":[\w:]+:`([^`<]*?)\s*(?:<[^>`]*>)?`|``([^`]*)``")
"""A Sphinx role (``:doc:`rules <x>```) or an inline literal, in a variant's summary."""
_SECURITY_HEADERS: Final = (
    (b"content-security-policy", b"default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
)


@attrs.frozen(kw_only=True)
class ServerConfig:
    """What an operator may set; every limit has a default fit for a public server."""

    max_body: int = 64 * 1024
    """The largest request body, in bytes (413 beyond)."""
    creations_per_minute: int = 20
    """New games one client (one address) may create in a minute (429 beyond)."""
    live_games_per_client: int = 50
    """Unfinished games one client may have created in this process (429 beyond)."""
    token_seconds: float = 30 * 24 * 3600.0
    """How long a seat's token works."""
    idle_seconds: float = 600.0
    """How long a game stays in memory unused (it stays in the store)."""
    allow_seed: bool = False
    """Whether a request may choose the seed (a known seed tells the person every hand)."""
    signing_key: bytes | None = attrs.field(default=None, repr=False)
    """The key exported logs are signed with, and imported ones checked with (at least 16
    bytes); ``None`` draws one for this process, so its exports verify only while it runs."""
    allowed_hosts: tuple[str, ...] = ("127.0.0.1", "localhost", "::1")
    """The ``Host`` names served (``"*"`` for any); others get 400."""
    actions_per_second: float = 5.0
    """Actions one client may send a second, on average (429 beyond)."""
    actions_burst: int = 20
    """Actions one client may send at once, before :attr:`actions_per_second` holds it back."""
    streams: int = 1000
    """Event streams open at once in this process (503 beyond)."""
    streams_per_client: int = 16
    """Event streams one client may hold open at once (429 beyond), so the rest stay for the others."""
    streams_per_seat: int = 4
    """Event streams open at once on one seat of a game, for a person's tabs and devices (429 beyond)."""
    bot_workers: int = 1
    """Slow bot moves (a search) made at once in this process; quick bots move at once."""
    bot_queue: int = 64
    """Requests waiting for bots to move, at once, in this process (503 beyond)."""
    bot_requests_per_client: int = 4
    """Requests of one client waiting for bots to move, at once (429 beyond)."""
    bot_seconds_per_minute: float = 20.0
    """What the bots of one client's requests may think in a minute, in seconds (429 beyond)."""
    lobby_per_client: int = 3
    """How many of one client's games the lobby lists at most, so no client can fill it."""
    body_seconds: float = 10.0
    """How long a request's body may take to arrive, in seconds (408 beyond)."""
    poll_seconds: float = 0.2
    """How often an event stream looks for new events in the store (other processes' too)."""
    heartbeat_seconds: float = 15.0
    """How often an idle event stream sends a comment, so proxies keep it open."""
    stream_seconds: float = 300.0
    """How long an event stream stays open; a client reconnects with ``since`` (bounded resources)."""
    page: bool = True
    """Whether to serve the web page (:data:`STATIC`) at ``/``; an embedder with its own front end
    may serve the API alone."""


class ApiError(Exception):
    """A refused request: its status, a short kind and the message sent back.

    ``retry_after`` (whole seconds) goes with a refusal that may pass later, as the
    ``Retry-After`` header: a limit (429), a busy or unavailable server (503).
    """

    def __init__(
        self,
        status: int,
        kind: str,
        message: str,
        *,
        state: dict[str, Any] | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.state = state
        self.retry_after = retry_after

    @classmethod
    def of_limit(cls, limit: LimitReached) -> ApiError:
        """The refusal a limit (:mod:`tablegames.server.limits`) answers with."""
        return cls(limit.status, limit.kind, limit.message, retry_after=limit.retry_after)

    def response(self) -> JSONResponse:
        """The JSON response: ``error``, ``message`` and, for a stale action, the current ``state``."""
        body: dict[str, Any] = {"error": self.kind, "message": self.message}
        if self.state is not None:
            body["state"] = self.state
        headers = None if self.retry_after is None else {"Retry-After": str(self.retry_after)}
        return JSONResponse(body, status_code=self.status, headers=headers)


_UNAVAILABLE: Final = ApiError(503, "Unavailable", "the database is unavailable; try again shortly", retry_after=5)
"""The answer while the store cannot be reached (:class:`~tablegames.server.storage.StoreUnavailable`)."""


def hash_token(token: str) -> str:
    """The SHA-256 of a token, in hexadecimal: what the store keeps instead of the token."""
    return hashlib.sha256(token.encode()).hexdigest()


def offered_bots() -> list[str]:
    """The bots a seat may be given, the default first: every registered bot.

    The bots (:mod:`tablegames.bots`) are generic over the core contract, so each of them plays
    every conforming variant, built in or plugged in.
    """
    rank = {name: i for i, name in enumerate(_BOT_ORDER)}
    return sorted(bot_names(), key=lambda name: (rank.get(name, len(rank)), name))


def variant_info(name: str) -> dict[str, Any]:
    """What a front end needs to offer the variant ``name``.

    Returns:
        Its ``name``, ``summary`` (the variant's :attr:`~tablegames.core.game.Game.summary` in
        plain text, else its name), ``min_players`` and ``max_players``, ``paper_tally``
        (whether its scores are kept as the paper tally), ``options_schema`` (the JSON Schema
        of its options), ``view_schema`` (that of its views, from which the page lays out its
        generic table), ``page_script`` (the address, relative to the page, of the variant's
        own drawing for the page, or ``None``: see ``tablegames.server.drawing``) and
        ``bots`` (:func:`offered_bots`).

    Raises:
        UnknownVariantError: if no variant has that name.

    """
    cls = get_variant(name)
    summary = _RST_MARKUP.sub(lambda m: m.group(1) or m.group(2), cls.summary)
    return {
        "name": name,
        "summary": summary or name,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "paper_tally": cls.paper_tally,
        "options_schema": schema_for(name, "options"),
        "view_schema": schema_for(name, "view"),
        "page_script": None if page_script(cls) is None else f"api/variants/{name}/page.js",
        "bots": offered_bots(),
    }


def _label(action: Action) -> str | None:
    return str(action) if type(action).__str__ is not object.__str__ else None


class _Person:
    """A person's seat at a table: plays the action the person sent."""

    name = "person"

    def __init__(self) -> None:
        self.pending: Action | None = None

    def act(self, observation: Observation, rng: random.Random) -> Action:
        action, self.pending = self.pending, None
        if action is None:
            raise RuntimeError("a person's seat was asked to act with no action sent")
        return action


@attrs.define(eq=False)
class _Live:
    """A game in this process's memory: its table, its seats and a lock for its requests."""

    id: str
    table: Table
    seats: tuple[SeatRecord, ...]
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    used: float = attrs.field(factory=time.monotonic)

    @property
    def game(self) -> Game:
        return self.table.game


def _table(game: Game, seats: Sequence[SeatRecord]) -> Table:
    bots: list[Bot] = [
        _Person() if s.occupant in (PERSON, OPEN) else make_bot(s.occupant, **_BOT_SETTINGS.get(s.occupant, {}))
        for s in seats
    ]
    return Table(game, bots, rng=random.Random(secrets.randbits(64)))


def _shared_state(live: _Live, since: int | None, seen: Callable[[int], Sequence[Event]]) -> dict[str, Any]:
    """What every state holds: the game, its seats and scores, and the events from ``since`` (``seen(start)``)."""
    game = live.game
    version = len(game.events)
    start = version if since is None else min(since, version)
    events = seen(start)  # redacted once, for the JSON and the text
    return {
        "game": live.id,
        "variant": game.name,
        "version": version,
        "players": game.players,
        "seats": [s.occupant if s.occupant in (OPEN, PERSON) else f"bot:{s.occupant}" for s in live.seats],
        "side_of_seat": [game.side_of(s) for s in range(game.players)],
        "options": to_json(game.options),
        "events_from": start,
        "events": [to_json(e) for e in events],
        "log_text": [game.describe_event(e) for e in events],
        "current_player": game.current_player,
        "scores": list(game.scores),
        "winner": game.winner,
        "is_over": game.is_over,
    }


def _state(live: _Live, seat: int, since: int | None) -> dict[str, Any]:
    """What ``seat`` may see now: its view, its events from ``since``, its legal actions."""
    game = live.game
    legal = game.legal_actions() if game.current_player == seat else ()
    state = _shared_state(live, since, lambda start: [e.redact(seat) for e in game.events[start:]])
    state |= {
        "seat": seat,
        "view": to_json(game.view(seat)),
        "legal_actions": [to_json(a) for a in legal],
        "labels": [_label(a) for a in legal],
    }
    return state


def _public_state(live: _Live, since: int | None) -> dict[str, Any]:
    """What someone who holds no seat may see now: the public events from ``since``, the scores, the turn."""
    return _shared_state(live, since, live.game.public_events) | {"seat": None}


def _since(request: Request, default: str | None = None) -> int | None:
    """The ``since`` query parameter as a count of events (``None`` if absent and no default)."""
    text = request.query_params.get("since", default)
    if text is not None and not _DIGITS.fullmatch(text):
        raise ApiError(400, "BadRequest", "since must be a count of events (at most 9 digits)")
    return None if text is None else int(text)


class _Server:
    """The games of one process over one store."""

    def __init__(self, store: Store, config: ServerConfig) -> None:
        self.store = store
        self.config = config
        self.creations = RateLimit(
            per_second=config.creations_per_minute / 60, burst=config.creations_per_minute, what="new games"
        )
        self.actions = RateLimit(per_second=config.actions_per_second, burst=config.actions_burst, what="actions")
        self.streams = StreamSlots(
            total=config.streams, per_client=config.streams_per_client, per_seat=config.streams_per_seat
        )
        self.thinking = Thinking(
            workers=config.bot_workers,
            queue=config.bot_queue,
            per_client=config.bot_requests_per_client,
            seconds_a_minute=config.bot_seconds_per_minute,
        )
        self._games: dict[str, _Live] = {}
        self._lock = threading.Lock()
        self._swept = time.monotonic()
        self.key = config.signing_key if config.signing_key is not None else secrets.token_bytes(32)

    # -- games in memory ----------------------------------------------------------------

    def live(self, game_id: str) -> _Live:
        """The game, from memory if the stored one has no more events, else from the store."""
        now = time.monotonic()
        self._sweep(now)
        try:
            stored = self.store.record(game_id)
        except UnknownGame:
            raise ApiError(404, "NotFound", "no such game") from None
        with self._lock:
            live = self._games.get(game_id)
        if live is None or len(live.game.events) != stored.events:
            live = self._load(game_id)
        live.used = now
        return live

    def _load(self, game_id: str) -> _Live:
        seats = tuple(self.store.seats(game_id))
        live = _Live(game_id, _table(self.store.load(game_id), seats), seats)
        with self._lock:
            self._games[game_id] = live
        with live.lock:
            # A server stopped between a person's move and the bots' (killed, say) left the bots
            # to move: they catch up now, whichever request brought the game back.
            self._advance(live, person_acts=False, client=_CATCH_UP)
        return live

    def _sweep(self, now: float) -> None:
        if now - self._swept < min(5.0, self.config.idle_seconds):
            return
        self._swept = now
        with self._lock:
            for game_id in [g for g, live in self._games.items() if now - live.used > self.config.idle_seconds]:
                del self._games[game_id]

    def in_memory(self) -> int:
        """How many games this process holds in memory."""
        with self._lock:
            return len(self._games)

    # -- requests -----------------------------------------------------------------------

    def seat(self, live: _Live, request: Request) -> int:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token:
            raise ApiError(401, "Unauthorized", "send the seat's token as 'Authorization: Bearer <token>'")
        seat = self.store.seat_of(live.id, hash_token(token.strip()), time.time())
        if seat is None:
            raise ApiError(403, "Forbidden", "this token opens no seat of this game (wrong, or expired)")
        return seat

    def create(self, data: Any, client: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise ApiError(400, "BadRequest", "expected a JSON object")
        unknown = sorted(set(data) - {"variant", "options", "seats", "seed"})
        if unknown:
            raise ApiError(
                400, "BadRequest", f"unknown field {unknown[0][:40]!r}; allowed: variant, options, seats, seed"
            )
        seed = data.get("seed")
        if "seed" in data:
            if not self.config.allow_seed:
                raise ApiError(400, "BadRequest", "this server chooses the seed itself")
            if seed is None:  # as the API's schema says: a whole number, or left out
                raise ApiError(400, "BadRequest", "seed is a whole number; leave it out for the server to choose one")
        options = data.get("options", {})
        if not isinstance(options, dict) or any(k in ("seed", "deals") for k in options):
            raise ApiError(400, "BadRequest", "options must be an object of the variant's options")
        variant = data.get("variant")
        try:
            if not isinstance(variant, str):
                raise UnknownVariantError(variant, tuple(variant_names()))
            game = get_variant(variant).create(options, seed=seed if seed is not None else secrets.randbits(63))
        except TableGamesError as exc:
            raise ApiError(400, type(exc).__name__, str(exc)) from None
        occupants = _occupants(data.get("seats"), game.players)
        self._take(self.creations, client)
        token = secrets.token_urlsafe(24)
        expires = time.time() + self.config.token_seconds
        me = occupants.index("me")
        seats = tuple(
            SeatRecord(i, PERSON, hash_token(token), expires) if o == "me" else SeatRecord(i, o, None, None)
            for i, o in enumerate(occupants)
        )
        game_id = secrets.token_urlsafe(12)
        with self._admitted(client, seats):
            self._store_new(game_id, game, seats, client)
            live = _Live(game_id, _table(game, seats), seats)
            with self._lock:
                self._games[game_id] = live
            with live.lock:
                self._advance(live, person_acts=False, client=client)
                state = _state(live, me, 0)
        return {"game": game_id, "seat": me, "token": token, "expires": expires, "state": state}

    def _store_new(self, game_id: str, game: Game, seats: Sequence[SeatRecord], client: str) -> None:
        """Store a new game of ``client``'s, if it has fewer live games than allowed (checked in the same step)."""
        try:
            self.store.create(game_id, game, seats, client=client, live_limit=self.config.live_games_per_client)
        except LiveGamesLimit:
            raise ApiError(
                429, "TooManyRequests", "this client has too many unfinished games", retry_after=60
            ) from None

    @staticmethod
    def _take(limit: RateLimit, client: str) -> None:
        try:
            limit.take(client)
        except LimitReached as exc:
            raise ApiError.of_limit(exc) from None

    @contextlib.contextmanager
    def _admitted(self, client: str, seats: Sequence[SeatRecord]) -> Iterator[None]:
        """A place for a request that may make bots move (none needed at a table of people only)."""
        release = None
        if any(s.occupant not in (PERSON, OPEN) for s in seats):
            try:
                release = self.thinking.admit(client)
            except LimitReached as exc:
                raise ApiError.of_limit(exc) from None
        try:
            yield
        finally:
            if release is not None:
                release()

    def join(self, game_id: str, data: Any) -> dict[str, Any]:
        live = self.live(game_id)
        seat = data.get("seat") if isinstance(data, dict) and set(data) <= {"seat"} else None
        if type(seat) is not int or not 0 <= seat < len(live.seats):
            raise ApiError(400, "BadRequest", f"expected {{'seat': a seat from 0 to {len(live.seats) - 1}}}")
        token = secrets.token_urlsafe(24)
        expires = time.time() + self.config.token_seconds
        if not self.store.claim(game_id, seat, hash_token(token), expires):
            raise ApiError(409, "SeatTaken", f"seat {seat} is not open")
        self._load(game_id)  # its seats changed
        return {"game": game_id, "seat": seat, "token": token, "expires": expires}

    def show(self, game_id: str, request: Request) -> dict[str, Any]:
        since = _since(request)
        live = self.live(game_id)
        seat = self.seat(live, request)
        with live.lock:
            return _state(live, seat, since)

    def watch(self, game_id: str, request: Request) -> dict[str, Any]:
        """A spectator's state: what no seat's secret shows (no token needed)."""
        since = _since(request)
        live = self.live(game_id)
        with live.lock:
            return _public_state(live, since)

    def act(self, game_id: str, request: Request, data: Any, client: str) -> dict[str, Any]:
        self._take(self.actions, client)
        live = self.live(game_id)
        seat = self.seat(live, request)
        if not isinstance(data, dict) or set(data) != {"action", "version"}:
            raise ApiError(400, "BadRequest", "expected {'action': an action's JSON, 'version': the state's version}")
        version = data["version"]
        if type(version) is not int or version < 0:
            raise ApiError(400, "BadRequest", "version must be the int 'version' of the state the action was chosen on")
        try:
            live.game.parse_action(data["action"])  # the form alone: what no state of the game would take
        except IllegalActionError as exc:
            raise ApiError(400, "BadAction", str(exc)) from None
        with self._admitted(client, live.seats), live.lock:
            game = live.game
            if version != len(game.events):
                raise ApiError(
                    409,
                    "Stale",
                    f"the game is at version {len(game.events)}, not {version}",
                    state=_state(live, seat, version),
                )
            try:
                action = game.action_from_json(data["action"], seat=seat)
            except IllegalActionError as exc:
                raise ApiError(409, "IllegalActionError", str(exc), state=_state(live, seat, version)) from None
            person = live.table.bots[seat]
            assert isinstance(person, _Person)
            person.pending = action
            if not self._advance(live, person_acts=True, client=client):
                raise ApiError(
                    409, "Stale", "another request acted first", state=self._fresh_state(live, seat, version)
                )
            return _state(live, seat, version)

    def _fresh_state(self, live: _Live, seat: int, since: int) -> dict[str, Any]:
        fresh = self._load(live.id)
        return _state(fresh, seat, since)

    def _advance(self, live: _Live, *, person_acts: bool, client: str) -> bool:
        """Play the person's action (if ``person_acts``) and the bots' moves after it; commit them at once.

        The bots play up to a person's turn or the end, each move in its turn
        (:class:`~tablegames.server.limits.Thinking`), its time counted to ``client``; ``False``
        if another writer won. One commit per request, not one per move: the answer waits for
        it either way, and the database syncs once. Nothing is kept in memory that the store
        refused.
        """
        game = live.game
        seen = len(game.events)
        try:
            if person_acts:
                live.table.step()
            while not game.is_over:
                current = game.current_player
                assert current is not None
                occupant = live.seats[current].occupant
                if occupant in (PERSON, OPEN):
                    break
                with self.thinking.move(client, occupant):
                    live.table.step()
            if len(game.events) > seen:
                self.store.append(live.id, seen, game.events[seen:], finished=game.is_over)
        except BaseException as exc:
            with self._lock:  # the copy in memory is ahead of the store: forget it, the store is the game
                if self._games.get(live.id) is live:
                    del self._games[live.id]
            if isinstance(exc, StaleWrite):
                return False
            raise
        return True

    def stream_start(self, game_id: str, request: Request, client: str) -> tuple[_Live, int, int, Callable[[], None]]:
        """Check a stream request: the game, the seat, the first event to send and what ends the stream's slot."""
        since = _since(request, "0") or 0
        live = self.live(game_id)
        seat = self.seat(live, request)
        try:
            close = self.streams.open(client, (game_id, seat))
        except LimitReached as exc:
            raise ApiError.of_limit(exc) from None
        return live, seat, since, close

    def stream_chunk(self, game_id: str, seat: int, sent: int, *, first: bool) -> tuple[str, int, bool]:
        """The SSE messages of the events from ``sent`` on, the new count, and whether the game is over."""
        live = self.live(game_id)
        with live.lock:
            game = live.game
            events = game.events
            out = []
            for index in range(sent, len(events)):
                event = events[index].redact(seat)
                data = {"index": index, "event": to_json(event), "text": game.describe_event(event)}
                out.append(f"id: {index}\nevent: event\ndata: {json.dumps(data, separators=(',', ':'))}\n\n")
            if len(events) > sent or first:
                version = {
                    "version": len(events),
                    "current_player": game.current_player,
                    "is_over": game.is_over,
                    "scores": list(game.scores),
                }
                out.append(f"event: version\ndata: {json.dumps(version, separators=(',', ':'))}\n\n")
            return "".join(out), len(events), game.is_over

    def export(self, game_id: str, request: Request) -> dict[str, Any]:
        """The signed full log of a finished game, for a seat of it."""
        live = self.live(game_id)
        self.seat(live, request)
        with live.lock:
            if not live.game.is_over:
                raise ApiError(409, "NotOver", "a game's full log is exported once it is over (it shows every hand)")
            signed = sign_log(live.game.log(), self.key, key_id="tablegames-server")
        return {"game": game_id, "signed_log": signed}

    def import_log(self, data: Any, client: str) -> dict[str, Any]:
        """A game from a log this server signed, every seat open for people to join."""
        if not isinstance(data, dict) or set(data) != {"signed_log"} or not isinstance(data["signed_log"], str):
            raise ApiError(400, "BadRequest", "expected {'signed_log': a log this server signed and exported}")
        try:
            game = replay(verify_log(data["signed_log"], {"tablegames-server": self.key}))
        except SignatureError as exc:
            raise ApiError(403, "SignatureError", str(exc)) from None
        except LogError as exc:
            raise ApiError(400, "LogError", str(exc)) from None
        self._take(self.creations, client)
        seats = tuple(SeatRecord(i, OPEN, None, None) for i in range(game.players))
        game_id = secrets.token_urlsafe(12)
        self._store_new(game_id, game, seats, client)
        return {"game": game_id, "seats": game.players, "version": len(game.events), "is_over": game.is_over}

    def lobby(self) -> dict[str, Any]:
        games = []
        for record in self.store.open_games(limit=50, per_client=self.config.lobby_per_client):
            seats = self.store.seats(record.id)
            games.append(
                {
                    "game": record.id,
                    "variant": record.variant,
                    "open_seats": [s.seat for s in seats if s.occupant == OPEN],
                    "seats": [s.occupant for s in seats],
                }
            )
        return {"games": games}


def _occupants(given: Any, players: int) -> list[str]:
    """Who sits where: ``"me"`` once, ``"open"`` or a bot's name in the other seats."""
    if given is None:
        return ["me", *["greedy"] * (players - 1)]
    known = set(bot_names())
    if (
        not isinstance(given, list)
        or len(given) != players
        or given.count("me") != 1
        or not all(isinstance(s, str) and (s in ("me", OPEN) or s in known) for s in given)
    ):
        raise ApiError(
            400,
            "BadRequest",
            f"seats must list {players} seats: 'me' once, then 'open' or a bot ({', '.join(sorted(known))})",
        )
    return list(given)


class _BodyLimit:
    """Refuses bodies larger than ``limit`` bytes with 413, and bodies slower than ``seconds`` with 408.

    A body is refused before more of it is read; a slow one is a client that sends less than
    its ``Content-Length`` says, or trickles it.
    """

    def __init__(self, app: ASGIApp, limit: int, seconds: float) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(self.limit)(scope, receive, send)
                return
        seen, whole = 0, False
        ends = time.monotonic() + self.seconds

        async def limited() -> Message:
            nonlocal seen, whole
            if whole:  # the body is in: what comes now is the disconnect, however late
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, ends - time.monotonic()))
            except TimeoutError:
                raise ApiError(408, "Timeout", f"a request body must arrive within {self.seconds:g} seconds") from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                whole = not message.get("more_body", False)
                if seen > self.limit:
                    raise ApiError(413, "TooLarge", f"a request body has at most {self.limit} bytes")
            return message

        try:
            await self.app(scope, limited, send)
        except ApiError as exc:  # the body grew too large, or too slow, while read outside an endpoint
            await exc.response()(scope, receive, send)


def _too_large(limit: int) -> JSONResponse:
    return ApiError(413, "TooLarge", f"a request body has at most {limit} bytes").response()


class _SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *_SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


async def _json_body(request: Request) -> Any:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, "UnsupportedMediaType", "a write's body is JSON, sent as 'Content-Type: application/json'")
    raw = await request.body()
    try:
        return read_json(raw)
    except ValueError as exc:  # not JSON, or JSON the library refuses (a key twice, NaN, too deep)
        raise ApiError(400, "BadRequest", f"the body is not JSON the server reads: {exc}") from None


def _client(request: Request) -> str:
    """Who sent ``request``: its peer's address (or the one a proxy the operator trusts forwarded).

    An IPv6 address counts as its ``/64`` network, which one subscriber usually holds whole: a
    client does not become many by changing the address's last half.
    """
    host = request.client.host if request.client else "unknown"
    if ":" not in host:
        return host
    try:
        return str(ipaddress.IPv6Network((host, 64), strict=False))
    except ValueError:
        return host


def _check_query(request: Request, allowed: frozenset[str]) -> None:
    unknown = sorted(set(request.query_params) - allowed)
    if unknown:
        raise ApiError(400, "BadRequest", f"unknown query parameter {unknown[0][:40]!r}; allowed: {sorted(allowed)}")


def _endpoint(
    handler: Callable[[Request], Awaitable[Any]], status: int = 200, query: frozenset[str] = frozenset()
) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            _check_query(request, query)
            return JSONResponse(await handler(request), status_code=status)
        except ApiError as exc:
            return exc.response()
        except StoreUnavailable:
            return _UNAVAILABLE.response()

    return endpoint


def create_app(store: Store, config: ServerConfig | None = None) -> Starlette:
    """The server's ASGI application over ``store`` (run it with uvicorn, or ``tablegames serve``).

    Args:
        store: where the games are kept (:func:`~tablegames.server.storage.open_store`).
        config: the limits and settings (defaults: :class:`ServerConfig`).

    """
    config = config or ServerConfig()
    server = _Server(store, config)

    async def variants(request: Request) -> Any:
        found = [variant_info(name) for name in variant_names()]
        return {"variants": found, "bots": offered_bots(), "allow_seed": config.allow_seed}

    async def new_game(request: Request) -> Any:
        data = await _json_body(request)
        return await run_in_threadpool(server.create, data, _client(request))

    async def export(request: Request) -> Any:
        return await run_in_threadpool(server.export, request.path_params["game_id"], request)

    async def import_log(request: Request) -> Any:
        data = await _json_body(request)
        return await run_in_threadpool(server.import_log, data, _client(request))

    async def lobby(request: Request) -> Any:
        return await run_in_threadpool(server.lobby)

    async def join(request: Request) -> Any:
        data = await _json_body(request)
        return await run_in_threadpool(server.join, request.path_params["game_id"], data)

    async def show(request: Request) -> Any:
        return await run_in_threadpool(server.show, request.path_params["game_id"], request)

    async def watch(request: Request) -> Any:
        return await run_in_threadpool(server.watch, request.path_params["game_id"], request)

    async def act(request: Request) -> Any:
        data = await _json_body(request)
        return await run_in_threadpool(server.act, request.path_params["game_id"], request, data, _client(request))

    async def stream(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        try:
            _check_query(request, _SINCE_ONLY)
            live, seat, since, close = await run_in_threadpool(server.stream_start, game_id, request, _client(request))
        except ApiError as exc:
            return exc.response()
        except StoreUnavailable:
            return _UNAVAILABLE.response()

        async def messages() -> AsyncIterator[str]:
            sent, quiet, first = min(since, len(live.game.events)), 0.0, True
            ends = time.monotonic() + config.stream_seconds
            try:
                while time.monotonic() < ends:
                    chunk, sent, over = await run_in_threadpool(server.stream_chunk, game_id, seat, sent, first=first)
                    first = False
                    if chunk:
                        quiet = 0.0
                        yield chunk
                    if over:
                        return
                    await asyncio.sleep(config.poll_seconds)
                    quiet += config.poll_seconds
                    if quiet >= config.heartbeat_seconds:
                        quiet = 0.0
                        yield ": still here\n\n"
            except StoreUnavailable:
                return  # the client reconnects with ``since`` once the database is back
            finally:
                close()

        return StreamingResponse(messages(), media_type="text/event-stream")

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        response = ApiError(exc.status_code, "HTTPError", str(exc.detail)).response()
        response.headers.update(exc.headers or {})  # such as 405's Allow
        return response

    async def crash(request: Request, exc: Exception) -> Response:
        return ApiError(500, "InternalError", "the server failed on this request").response()

    async def drawing(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            _check_query(request, frozenset())
            if name not in variant_names():
                raise ApiError(404, "NotFound", f"no variant named {name[:40]!r}")
            script = page_script(get_variant(name))
            if script is None:
                raise ApiError(404, "NotFound", f"{name} ships no drawing: the page's generic table draws it")
        except ApiError as exc:
            return exc.response()
        return Response(script.read_bytes(), media_type="text/javascript")

    document = openapi_document(variant_names(), sorted(bot_names()))

    async def openapi(request: Request) -> Any:
        return document

    routes: list[BaseRoute] = [
        Route("/api/openapi.json", _endpoint(openapi)),
        Route("/api/variants", _endpoint(variants)),
        Route("/api/variants/{name}/page.js", drawing),
        Route("/api/games", _endpoint(new_game, 201), methods=["POST"]),
        Route("/api/lobby", _endpoint(lobby)),
        Route("/api/games/{game_id}", _endpoint(show, query=_SINCE_ONLY)),
        Route("/api/games/{game_id}/join", _endpoint(join, 201), methods=["POST"]),
        Route("/api/games/{game_id}/actions", _endpoint(act), methods=["POST"]),
        Route("/api/games/{game_id}/watch", _endpoint(watch, query=_SINCE_ONLY)),
        Route("/api/games/{game_id}/events", stream),
        Route("/api/games/{game_id}/log", _endpoint(export)),
        Route("/api/logs", _endpoint(import_log, 201), methods=["POST"]),
    ]
    if config.page:

        async def index(request: Request) -> Response:
            return FileResponse(STATIC / "index.html")

        routes += [Route("/", index), Mount("/static", StaticFiles(directory=STATIC), name="static")]
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(_SecurityHeaders),
            Middleware(TrustedHostMiddleware, allowed_hosts=list(config.allowed_hosts)),
            Middleware(_BodyLimit, limit=config.max_body, seconds=config.body_seconds),
        ],
        exception_handlers={HTTPException: http_error, Exception: crash},
    )
    app.state.server = server
    return app
