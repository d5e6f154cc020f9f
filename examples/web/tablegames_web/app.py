"""The server: games in memory, one person's seat per game, bots in the others.

Every response is built from what the person's seat may see and nothing else: its view, its
redacted log and, when it is its turn, the legal actions, all in the library's published JSON
forms. The full log, the seed and the other seats' hands never leave the server. Actions
arrive as JSON and go through ``game.action_from_json(data, seat=seat)`` and
``game.apply(action, seat=seat)``, so a refused action leaves the game exactly as it was.

Endpoints:

* ``GET /api/variants``: the variants the server offers, each with its players, a one-line
  summary, the JSON Schema of its options (``tablegames.schema``) and the bots it may play
  against; ``bots`` lists every bot offered, the default first.
* ``POST /api/games`` with ``{"variant", "options", "seat", "bots", "seed"}``: a new game;
  the answer carries its ``game`` id, the seat's ``token`` and the seat's ``state``.
* ``GET /api/games/{id}?token=...``: the seat's state.
* ``POST /api/games/{id}/actions?token=...`` with an action's JSON form: applies it, lets the
  bots play until it is the person's turn again or the match is over, and returns the new state
  with the ``events`` (redacted) that happened since the person acted.

A state's ``labels`` runs beside its ``legal_actions``: for each action, the text the variant
gives it (its ``str``, such as ``"play 6-4 on W"``), or ``null`` where its class has none.

Errors are JSON ``{"error": <kind>, "message": <text>}`` with a 4xx status: 400 for a body that
is not JSON or not the expected object, an unknown variant or bad options; 403 for a bad token;
404 for an unknown game; 409 for an action that is refused (malformed, illegal or out of turn).
"""

from __future__ import annotations

import json
import random
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any, Final

import attrs
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import tablegames
from tablegames.bots import Bot, Observation, Table, bot_names, make_bot
from tablegames.schema import schema_for

__all__ = ["STATIC", "GameStore", "Session", "WebError", "create_app", "offered_bots", "state_for", "variant_info"]

STATIC: Final = Path(__file__).resolve().parent / "static"
"""The folder of the page's files (HTML, JavaScript, CSS)."""
_BOT_ORDER: Final = ("greedy", "random", "ismcts")
"""The order of the bots in the menu (the first is the default); other bots follow, sorted."""
_BOT_SETTINGS: Final[Mapping[str, Mapping[str, Any]]] = {"ismcts": {"iterations": 150}}
"""Settings that keep a bot quick enough to answer a web request."""
_RST_MARKUP: Final = re.compile(r":[\w:]+:`([^`<]*?)\s*(?:<[^>`]*>)?`|``([^`]*)``")
"""A Sphinx role (``:doc:`rules <x>```) or an inline literal, in a variant's summary."""


def offered_bots() -> list[str]:
    """The bots a person may play against, the default first: every registered bot.

    The bots (:mod:`tablegames.bots`) are generic over the core contract, so each of them plays
    every conforming variant, built in or plugged in.
    """
    rank = {name: i for i, name in enumerate(_BOT_ORDER)}
    return sorted(bot_names(), key=lambda name: (rank.get(name, len(rank)), name))


def variant_info(name: str) -> dict[str, Any]:
    """What the page needs to offer the variant ``name``.

    Returns:
        Its ``name``, ``summary`` (the variant's ``summary`` in plain text, else its name),
        ``min_players`` and ``max_players``, ``paper_tally`` (whether its scores are kept as the
        paper tally), ``options_schema`` (the JSON Schema of its options) and ``bots``.

    Raises:
        UnknownVariantError: if no variant has that name.

    """
    cls = tablegames.get_variant(name)
    summary = _RST_MARKUP.sub(lambda m: m.group(1) or m.group(2), cls.summary)
    return {
        "name": name,
        "summary": summary or name,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "paper_tally": cls.paper_tally,
        "options_schema": schema_for(name, "options"),
        "bots": offered_bots(),
    }


def _label(action: tablegames.Action) -> str | None:
    """The variant's text for ``action`` (its ``str``), or ``None`` if its class gives none."""
    return str(action) if type(action).__str__ is not object.__str__ else None


class WebError(Exception):
    """A refused request: its HTTP status, a short kind and the message sent back.

    Attributes:
        status: the HTTP status code (4xx).
        kind: the error's kind, such as ``"IllegalActionError"`` or ``"NotFound"``.
        message: the text for the person (the library's message where the library refused).

    """

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message

    @classmethod
    def from_library(cls, exc: tablegames.TableGamesError) -> WebError:
        """The web error for one of the library's errors, with the library's message."""
        status = 409 if isinstance(exc, tablegames.IllegalActionError) else 400
        return cls(status, type(exc).__name__, str(exc))


class _Person:
    """The person's seat at the table: a bot that plays the action the person sent."""

    name = "person"

    def __init__(self) -> None:
        self.pending: tablegames.Action | None = None

    def act(self, observation: Observation, rng: random.Random) -> tablegames.Action:
        action, self.pending = self.pending, None
        if action is None:
            raise RuntimeError("the person's seat was asked to act with no action sent")
        return action


@attrs.define(eq=False)
class Session:
    """One game on the server: the table (game and bots), the person's seat and its token."""

    id: str
    """The game's id in URLs."""
    table: Table
    """The table that holds the game and asks the bots."""
    seat: int
    """The person's seat."""
    token: str
    """The secret that proves a request comes from the person's seat."""
    bots: tuple[str | None, ...]
    """The bot's name in each seat, ``None`` for the person's."""
    lock: threading.Lock = attrs.field(factory=threading.Lock)
    """Serialises requests to this game."""

    @property
    def game(self) -> tablegames.Game:
        """The game being played."""
        return self.table.game

    def play_bots(self) -> None:
        """Let the bots act until it is the person's turn or the match is over."""
        game = self.game
        while not game.is_over and game.current_player != self.seat:
            self.table.step()

    def act(self, data: Any) -> int:
        """Apply the person's action (JSON) and the bots' replies; where the new events start.

        Raises:
            WebError: (409) if the action is malformed, illegal or out of turn; the game is
                then unchanged.

        """
        game = self.game
        start = len(game.log(self.seat).events)
        try:
            action = game.action_from_json(data, seat=self.seat)
        except tablegames.IllegalActionError as exc:
            raise WebError.from_library(exc) from None
        person = self.table.bots[self.seat]
        assert isinstance(person, _Person)
        person.pending = action
        self.table.step()
        self.play_bots()
        return start


def state_for(session: Session, *, since: int | None = None) -> dict[str, Any]:
    """What the person's seat may see now, as JSON-ready data.

    Args:
        session: the game.
        since: the index in the seat's log where the ``events`` to animate start (none if
            ``None``).

    Returns:
        The view, the redacted log (and a line of text per event), the legal actions (only on
        the seat's turn) and their labels, scores, winner, and who sits where.

    """
    game = session.game
    seat = session.seat
    log = game.log(seat)
    events = log.events
    legal = game.legal_actions() if game.current_player == seat else ()
    return {
        "game": session.id,
        "variant": game.name,
        "seat": seat,
        "players": game.players,
        "bots": list(session.bots),
        "side_of_seat": [game.side_of(s) for s in range(game.players)],
        "view": tablegames.to_json(game.view(seat)),
        "log": tablegames.to_json(log),
        "log_text": [game.describe_event(e) for e in events],
        "events": [] if since is None else [tablegames.to_json(e) for e in events[since:]],
        "events_from": len(events) if since is None else since,
        "legal_actions": [tablegames.to_json(a) for a in legal],
        "labels": [_label(a) for a in legal],
        "current_player": game.current_player,
        "scores": list(game.scores),
        "winner": game.winner,
        "is_over": game.is_over,
    }


class GameStore:
    """The games held in memory, the oldest forgotten beyond ``capacity``.

    Args:
        capacity: how many games to keep.
        allow_seed: whether a request may choose the seed (for reproducible games; a public
            server should refuse it, as a known seed lets the person work out every hand).

    """

    def __init__(self, *, capacity: int = 1000, allow_seed: bool = True) -> None:
        self.capacity = capacity
        """How many games are kept."""
        self.allow_seed = allow_seed
        """Whether a new game's request may give its seed."""
        self._games: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()

    def create(self, request: Any) -> Session:
        """A new game from a request's JSON object (see the module's docstring).

        Raises:
            WebError: (400) for a request that is not an object, a bad field, an unknown
                variant or bot, or options the variant refuses.

        """
        if not isinstance(request, Mapping):
            raise WebError(400, "BadRequest", f"expected a JSON object, got {request!r}")
        unknown = sorted(set(request) - {"variant", "options", "seat", "bots", "seed"})
        if unknown:
            raise WebError(
                400, "BadRequest", f"unknown field {unknown[0]!r}; allowed: variant, options, seat, bots, seed"
            )
        variant = request.get("variant")
        options = request.get("options", {})
        seed = request.get("seed")
        if not isinstance(options, Mapping):
            raise WebError(400, "BadRequest", f"options must be an object, got {options!r}")
        reserved = [key for key in options if key in ("seed", "deals") or not isinstance(key, str)]
        if reserved:
            raise WebError(400, "BadRequest", f"{reserved[0]!r} is not an option a request may set")
        if seed is not None and not self.allow_seed:
            raise WebError(400, "BadRequest", "this server chooses the seed itself")
        try:
            if not isinstance(variant, str):
                raise tablegames.UnknownVariantError(variant, tuple(tablegames.variant_names()))
            game = tablegames.new_game(variant, seed=seed, **options)
        except tablegames.TableGamesError as exc:
            raise WebError.from_library(exc) from None
        seat = request.get("seat", 0)
        if type(seat) is not int or not 0 <= seat < game.players:
            raise WebError(400, "BadRequest", f"seat must be an int from 0 to {game.players - 1}, got {seat!r}")
        names = _bot_names(request.get("bots", "greedy"), game.players, seat)
        bots: list[Bot] = [
            _Person() if name is None else make_bot(name, **_BOT_SETTINGS.get(name, {})) for name in names
        ]
        rng = random.Random(seed if seed is not None else secrets.randbits(64))
        session = Session(
            id=secrets.token_urlsafe(9),
            table=Table(game, bots, rng=rng),
            seat=seat,
            token=secrets.token_urlsafe(18),
            bots=names,
        )
        session.play_bots()
        with self._lock:
            self._games[session.id] = session
            while len(self._games) > self.capacity:
                self._games.popitem(last=False)
        return session

    def get(self, game_id: str, token: str | None) -> Session:
        """The game ``game_id`` if ``token`` is its seat's token.

        Raises:
            WebError: 404 for an unknown game, 403 for a missing or wrong token.

        """
        with self._lock:
            session = self._games.get(game_id)
        if session is None:
            raise WebError(404, "NotFound", f"no game {game_id!r} on this server")
        if token is None or not secrets.compare_digest(token.encode(), session.token.encode()):
            raise WebError(403, "Forbidden", "a wrong or missing token for this game")
        return session


def _bot_names(given: Any, players: int, seat: int) -> tuple[str | None, ...]:
    """The bot in each seat (``None`` for the person) from a name, or a list of one per other seat."""
    others = players - 1
    if isinstance(given, str):
        chosen = [given] * others
    elif isinstance(given, list) and len(given) == others and all(isinstance(n, str) for n in given):
        chosen = list(given)
    else:
        raise WebError(400, "BadRequest", f"bots must be a bot's name or a list of {others} names, got {given!r}")
    offered = offered_bots()
    for name in chosen:
        if name not in offered:
            raise WebError(400, "BadRequest", f"unknown bot {name!r}: known bots are {', '.join(offered)}")
    chosen.insert(seat, None)  # type: ignore[arg-type]
    return tuple(chosen)


async def _body(request: Request) -> Any:
    raw = await request.body()
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise WebError(400, "BadRequest", f"the body is not JSON: {exc}") from None


def _refusals(
    handler: Callable[[Request], Awaitable[dict[str, Any]]],
) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            return JSONResponse(await handler(request))
        except WebError as exc:
            return JSONResponse({"error": exc.kind, "message": exc.message}, status_code=exc.status)

    return endpoint


def create_app(*, capacity: int = 1000, allow_seed: bool = True) -> Starlette:
    """The web application: the JSON API under ``/api`` and the page at ``/``.

    Args:
        capacity: how many games the server keeps in memory.
        allow_seed: whether a new game's request may choose its seed.

    Run it with ``uvicorn --factory tablegames_web.app:create_app``. The games are kept in
    ``app.state.store`` (a :class:`GameStore`).
    """
    store = GameStore(capacity=capacity, allow_seed=allow_seed)

    async def variants(request: Request) -> dict[str, Any]:
        found = [variant_info(name) for name in tablegames.variant_names()]
        return {"variants": found, "bots": offered_bots()}

    async def new_game(request: Request) -> dict[str, Any]:
        data = await _body(request)
        session = await run_in_threadpool(store.create, data)
        with session.lock:
            state = state_for(session, since=0)
        return {"game": session.id, "token": session.token, "seat": session.seat, "state": state}

    async def show(request: Request) -> dict[str, Any]:
        session = store.get(request.path_params["game_id"], request.query_params.get("token"))
        since = request.query_params.get("since")
        if since is not None and not since.isdigit():
            raise WebError(400, "BadRequest", f"since must be a count of events, got {since!r}")

        def read() -> dict[str, Any]:
            with session.lock:
                return state_for(session, since=None if since is None else int(since))

        return await run_in_threadpool(read)

    async def act(request: Request) -> dict[str, Any]:
        session = store.get(request.path_params["game_id"], request.query_params.get("token"))
        data = await _body(request)

        def move() -> dict[str, Any]:
            with session.lock:
                start = session.act(data)
                return state_for(session, since=start)

        return await run_in_threadpool(move)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    routes = [
        Route("/", index),
        Route("/api/variants", _refusals(variants)),
        Route("/api/games", _refusals(new_game), methods=["POST"]),
        Route("/api/games/{game_id}", _refusals(show)),
        Route("/api/games/{game_id}/actions", _refusals(act), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.store = store
    return app
