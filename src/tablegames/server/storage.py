"""Games stored as their event logs, in a database, one writer per game enforced by the database.

A game is stored as its log: a header (the log's format, version, variant, options, seed and
stacked deals, written once at creation) and its events, one row each, numbered from 0, added
as the game goes on. An action is stored with the events it caused, in one transaction, by a
*compare and set* on the game's event count: the writer says how many events it saw
(``expected``), and the database takes the new events only if that is still the count. A
second writer (another thread, another process on the same database) that acted on the same
state gets :class:`StaleWrite` and must reload; the primary key ``(game, index)`` of the events
guards the same rule a second time.

A game is brought back by replaying its log (:func:`tablegames.replay`), which checks every
event against the rules: a stored game that the rules do not produce does not load.

:class:`SqliteStore` needs no set-up (the standard library's ``sqlite3``, a file or
``:memory:``); it commits in write-ahead-log mode with ``synchronous=FULL``, so a write that
returned survives the process being killed. :func:`open_store` opens a store from a URL.

>>> from tablegames.server.storage import SqliteStore
>>> import tablegames
>>> store = SqliteStore(":memory:")
>>> game = tablegames.new_game("american-sniff", seed=5, players=2)
>>> store.create("g1", game)
>>> seen = len(game.events)
>>> new = game.apply(game.legal_actions()[0])
>>> store.append("g1", seen, new, finished=game.is_over)
>>> store.load("g1").events == game.events
True
>>> store.append("g1", seen, new, finished=False)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tablegames.server.storage.StaleWrite: game 'g1' has ... events, not ...: another writer acted first; reload it
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, Protocol

import attrs

from tablegames.core.events import Event
from tablegames.core.game import Game
from tablegames.core.logs import load_log, replay
from tablegames.core.serde import dumps

__all__ = [
    "OPEN",
    "PERSON",
    "GameRecord",
    "LiveGamesLimit",
    "PostgresStore",
    "SeatRecord",
    "SqliteStore",
    "StaleWrite",
    "Store",
    "StoreUnavailable",
    "UnknownGame",
    "open_store",
]

OPEN: Final = "open"
"""The occupant of a seat that waits for a person to join it."""
PERSON: Final = "person"
"""The occupant of a seat a person holds (with a token)."""

_SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        header TEXT NOT NULL,
        events INTEGER NOT NULL,
        finished INTEGER NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        client TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS events (
        game TEXT NOT NULL REFERENCES games (id),
        idx INTEGER NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (game, idx)
    )""",
    """CREATE TABLE IF NOT EXISTS seats (
        game TEXT NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        occupant TEXT NOT NULL,
        token_hash TEXT,
        expires DOUBLE PRECISION,
        PRIMARY KEY (game, seat)
    )""",
    "CREATE INDEX IF NOT EXISTS games_by_state ON games (finished, updated)",
    "CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash)",
)
_CLIENT_INDEX: Final = "CREATE INDEX IF NOT EXISTS games_by_client ON games (client, finished)"
"""Made after the ``client`` column, which a database of an earlier release gains on opening."""
_LIVE_OF_CLIENT: Final = "SELECT COUNT(*) FROM games WHERE client = ? AND finished = 0"


class StaleWrite(Exception):
    """An append for a state the game is no longer in: another writer acted first.

    Attributes:
        game_id: the game.
        expected: the event count the writer saw.
        actual: the event count stored now.

    """

    def __init__(self, game_id: str, expected: int, actual: int) -> None:
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        super().__init__(f"game {game_id!r} has {actual} events, not {expected}: another writer acted first; reload it")


class LiveGamesLimit(Exception):
    """A new game refused: its client already has as many unfinished games as allowed.

    Attributes:
        client: the client.
        limit: how many unfinished games a client may have.

    """

    def __init__(self, client: str, limit: int) -> None:
        self.client = client
        self.limit = limit
        super().__init__(f"this client has {limit} unfinished games, the most allowed")


class StoreUnavailable(Exception):
    """The database cannot be reached or refused to work now (it is down, restarting or full).

    Nothing was written; the same call may succeed later. The server answers ``503`` with a
    ``Retry-After`` header.
    """


class UnknownGame(LookupError):
    """No game with this id is stored."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"no game {game_id!r} is stored")


@attrs.frozen
class GameRecord:
    """What a store knows of a game without loading it."""

    id: str
    """The game's id."""
    variant: str
    """The variant's name."""
    events: int
    """How many events are stored."""
    finished: bool
    """Whether the game is over."""
    created: float
    """When it was created (seconds since the epoch)."""
    updated: float
    """When its last events were stored."""


@attrs.frozen
class SeatRecord:
    """Who sits in one seat of a stored game."""

    seat: int
    """The seat."""
    occupant: str
    """:data:`OPEN`, :data:`PERSON`, or a bot's name."""
    token_hash: str | None
    """The SHA-256 (hexadecimal) of the person's token; ``None`` for a bot or an open seat."""
    expires: float | None
    """When the person's token stops working (seconds since the epoch)."""


class Store(Protocol):
    """Where a server keeps its games. :class:`SqliteStore` is one; a PostgreSQL store is another."""

    def create(
        self,
        game_id: str,
        game: Game,
        seats: Sequence[SeatRecord] = (),
        *,
        client: str | None = None,
        live_limit: int | None = None,
    ) -> None:
        """Store a new game: its header, the events it has so far (its first deal) and its seats.

        ``client`` is who asked for it (the server's client address), kept to share out the
        lobby (:meth:`open_games`) and to count the client's unfinished games. With
        ``live_limit``, the game is stored only if the client has fewer unfinished games than
        that, checked and written in one step, so simultaneous creations cannot pass the
        limit together (the database serialises them, across processes too).

        Raises:
            ValueError: if a game with this id is already stored.
            LiveGamesLimit: if ``client`` has ``live_limit`` unfinished games or more.

        """

    def live_games(self, client: str) -> int:
        """How many unfinished games ``client`` created (one indexed count)."""

    def seats(self, game_id: str) -> list[SeatRecord]:
        """The game's seats, in order (none for a game stored without them).

        Raises:
            UnknownGame: if no such game is stored.

        """

    def claim(self, game_id: str, seat: int, token_hash: str, expires: float) -> bool:
        """Give an open seat to a person; whether it was open (and is now theirs)."""

    def seat_of(self, game_id: str, token_hash: str, now: float) -> int | None:
        """The seat whose unexpired token has this hash, or ``None``."""

    def open_games(self, *, limit: int = 100, per_client: int | None = None) -> list[GameRecord]:
        """Unfinished games with an open seat, the most recently updated first.

        With ``per_client``, at most that many of each client's games (its most recently
        updated), so that no client can fill the list.
        """

    def append(self, game_id: str, expected: int, events: Sequence[Event], *, finished: bool) -> None:
        """Add ``events`` after the first ``expected``, in one transaction, and only if ``expected`` are stored.

        Raises:
            StaleWrite: if the game has another number of events stored.
            UnknownGame: if no such game is stored.

        """

    def log_text(self, game_id: str) -> str:
        """The game's full log, as JSON text :func:`tablegames.load_log` reads.

        Raises:
            UnknownGame: if no such game is stored.

        """

    def load(self, game_id: str) -> Game:
        """The game, replayed from its stored log (which checks it against the rules).

        Raises:
            UnknownGame: if no such game is stored.
            LogError: if the stored log is not one the rules produce.

        """

    def record(self, game_id: str) -> GameRecord:
        """What is stored about the game, without loading it.

        Raises:
            UnknownGame: if no such game is stored.

        """

    def games(self, *, finished: bool | None = None, limit: int = 100) -> list[GameRecord]:
        """The games stored, the most recently updated first (only finished or unfinished ones if asked)."""

    def close(self) -> None:
        """Release the database.

        Every method may raise :class:`StoreUnavailable` when the database cannot be reached.
        """


def _header(game: Game) -> str:
    """The game's log without its events, as JSON text."""
    data = json.loads(dumps(game.log()))
    del data["events"]
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


class _SqlStore:
    """The SQL both stores share; a subclass gives the connections and transactions.

    The statements use ``?`` for parameters; :attr:`_PARAM` is what the driver wants instead.
    """

    _PARAM: str = "?"
    _integrity: tuple[type[Exception], ...] = ()

    def _sql(self, statement: str) -> str:
        return statement if self._PARAM == "?" else statement.replace("?", self._PARAM)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:  # pragma: no cover - each subclass has its own
        raise NotImplementedError
        yield

    @contextmanager
    def _reading(self) -> Iterator[Any]:  # pragma: no cover - each subclass has its own
        raise NotImplementedError
        yield

    def _setup(self) -> None:
        with self._transaction() as db:
            for statement in _SCHEMA:
                db.execute(statement)
            if "client" not in self._columns(db, "games"):  # a database of an earlier release
                db.execute("ALTER TABLE games ADD COLUMN client TEXT")
            db.execute(_CLIENT_INDEX)

    def _columns(self, db: Any, table: str) -> set[str]:  # pragma: no cover - each subclass has its own
        raise NotImplementedError

    def _serialise(self, db: Any, client: str) -> None:
        """Hold ``client``'s creations back until this transaction ends (SQLite's writer lock does already)."""

    def create(
        self,
        game_id: str,
        game: Game,
        seats: Sequence[SeatRecord] = (),
        *,
        client: str | None = None,
        live_limit: int | None = None,
    ) -> None:
        """Store a new game (see :meth:`Store.create`)."""
        now = time.time()
        events = game.events
        header = _header(game)
        try:
            with self._transaction() as db:
                if client is not None and live_limit is not None:
                    self._serialise(db, client)
                    (live,) = db.execute(self._sql(_LIVE_OF_CLIENT), (client,)).fetchone()
                    if live >= live_limit:
                        raise LiveGamesLimit(client, live_limit)
                db.execute(
                    self._sql(
                        "INSERT INTO games (id, variant, header, events, finished, created, updated, client)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                    ),
                    (game_id, game.name, header, len(events), int(game.is_over), now, now, client),
                )
                db.executemany(
                    self._sql("INSERT INTO events (game, idx, body) VALUES (?, ?, ?)"),
                    [(game_id, i, dumps(e)) for i, e in enumerate(events)],
                )
                db.executemany(
                    self._sql("INSERT INTO seats (game, seat, occupant, token_hash, expires) VALUES (?, ?, ?, ?, ?)"),
                    [(game_id, s.seat, s.occupant, s.token_hash, s.expires) for s in seats],
                )
        except self._integrity:
            raise ValueError(f"a game {game_id!r} is already stored") from None

    def append(self, game_id: str, expected: int, events: Sequence[Event], *, finished: bool) -> None:
        """Add the events an action caused (see :meth:`Store.append`)."""
        with self._transaction() as db:
            done = db.execute(
                self._sql("UPDATE games SET events = ?, finished = ?, updated = ? WHERE id = ? AND events = ?"),
                (expected + len(events), int(finished), time.time(), game_id, expected),
            )
            if done.rowcount != 1:
                stored = db.execute(self._sql("SELECT events FROM games WHERE id = ?"), (game_id,)).fetchone()
                if stored is None:
                    raise UnknownGame(game_id)
                raise StaleWrite(game_id, expected, stored[0])
            db.executemany(
                self._sql("INSERT INTO events (game, idx, body) VALUES (?, ?, ?)"),
                [(game_id, expected + i, dumps(e)) for i, e in enumerate(events)],
            )

    def log_text(self, game_id: str) -> str:
        """The game's full log as JSON text (see :meth:`Store.log_text`)."""
        with self._reading() as db:
            row = db.execute(self._sql("SELECT header, events FROM games WHERE id = ?"), (game_id,)).fetchone()
            if row is None:
                raise UnknownGame(game_id)
            header, count = row
            bodies = [
                body
                for (body,) in db.execute(
                    self._sql("SELECT body FROM events WHERE game = ? AND idx < ? ORDER BY idx"), (game_id, count)
                ).fetchall()
            ]
        return f'{header[:-1]},"events":[{",".join(bodies)}]}}'

    def load(self, game_id: str) -> Game:
        """The game, replayed and so checked (see :meth:`Store.load`)."""
        return replay(load_log(self.log_text(game_id), max_bytes=None))  # its own log, however long

    def record(self, game_id: str) -> GameRecord:
        """What is stored about the game (see :meth:`Store.record`)."""
        with self._reading() as db:
            row = db.execute(
                self._sql("SELECT id, variant, events, finished, created, updated FROM games WHERE id = ?"), (game_id,)
            ).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return _record(row)

    def games(self, *, finished: bool | None = None, limit: int = 100) -> list[GameRecord]:
        """The stored games, the most recently updated first (see :meth:`Store.games`)."""
        query = "SELECT id, variant, events, finished, created, updated FROM games"
        args: tuple[object, ...] = ()
        if finished is not None:
            query += " WHERE finished = ?"
            args = (int(finished),)
        query += " ORDER BY updated DESC, id LIMIT ?"
        with self._reading() as db:
            rows = db.execute(self._sql(query), (*args, limit)).fetchall()
        return [_record(row) for row in rows]

    def seats(self, game_id: str) -> list[SeatRecord]:
        """The game's seats (see :meth:`Store.seats`)."""
        self.record(game_id)
        with self._reading() as db:
            rows = db.execute(
                self._sql("SELECT seat, occupant, token_hash, expires FROM seats WHERE game = ? ORDER BY seat"),
                (game_id,),
            ).fetchall()
        return [SeatRecord(*row) for row in rows]

    def claim(self, game_id: str, seat: int, token_hash: str, expires: float) -> bool:
        """Give an open seat to a person (see :meth:`Store.claim`)."""
        with self._transaction() as db:
            done = db.execute(
                self._sql(
                    "UPDATE seats SET occupant = ?, token_hash = ?, expires = ?"
                    " WHERE game = ? AND seat = ? AND occupant = ?"
                ),
                (PERSON, token_hash, expires, game_id, seat, OPEN),
            )
            return bool(done.rowcount == 1)

    def seat_of(self, game_id: str, token_hash: str, now: float) -> int | None:
        """The seat a token opens (see :meth:`Store.seat_of`)."""
        with self._reading() as db:
            row = db.execute(
                self._sql("SELECT seat FROM seats WHERE game = ? AND token_hash = ? AND expires > ?"),
                (game_id, token_hash, now),
            ).fetchone()
        return None if row is None else int(row[0])

    def live_games(self, client: str) -> int:
        """How many unfinished games ``client`` created (see :meth:`Store.live_games`)."""
        with self._reading() as db:
            (count,) = db.execute(self._sql(_LIVE_OF_CLIENT), (client,)).fetchone()
        return int(count)

    def open_games(self, *, limit: int = 100, per_client: int | None = None) -> list[GameRecord]:
        """Unfinished games with an open seat (see :meth:`Store.open_games`)."""
        # A game stored without a client (by an earlier release, or by a caller that names none)
        # counts as its own client.
        query = (
            "SELECT id, variant, events, finished, created, updated FROM ("
            " SELECT id, variant, events, finished, created, updated, ROW_NUMBER() OVER"
            " (PARTITION BY COALESCE(client, id) ORDER BY updated DESC, id) AS nth FROM games WHERE finished = 0"
            " AND EXISTS (SELECT 1 FROM seats WHERE seats.game = games.id AND occupant = ?)"
            ") AS shown WHERE nth <= ? ORDER BY updated DESC, id LIMIT ?"
        )
        with self._reading() as db:
            rows = db.execute(self._sql(query), (OPEN, per_client or limit, limit)).fetchall()
        return [_record(row) for row in rows]


class SqliteStore(_SqlStore):
    """A :class:`Store` in an SQLite database: a file, or ``":memory:"`` for one process.

    Safe to share between threads (each has its own connection to a file; an in-memory
    database has one, behind a lock; writes queue on a lock) and between processes on one
    file (SQLite's locks and the compare and set of :meth:`Store.append`).

    Args:
        path: the database file (created if missing) or ``":memory:"``.
        timeout: how long a writer waits for another's transaction to end, in seconds.

    """

    _integrity = (sqlite3.IntegrityError,)

    def __init__(self, path: str | Path, *, timeout: float = 10.0) -> None:
        self._path = str(path)
        self._timeout = timeout
        self._memory = self._path == ":memory:"
        self._local = threading.local()
        self._lock = threading.RLock()
        self._shared: sqlite3.Connection | None = None
        self._setup()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(
            self._path, timeout=self._timeout, isolation_level=None, check_same_thread=not self._memory
        )
        if not self._memory:
            db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA foreign_keys=ON")
        return db

    def _connection(self) -> sqlite3.Connection:
        if self._memory:
            if self._shared is None:
                self._shared = self._connect()
            return self._shared
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._connect()
        return db

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        # SQLite lets one writer in at a time; this process's writers queue on a lock rather than
        # on SQLite's busy handler, which sleeps and polls (a p99 of seconds under load). Other
        # processes are kept out by SQLite's own lock, as before.
        with self._lock, _unavailable_on(sqlite3.OperationalError):
            db = self._connection()
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with self._lock if self._memory else _NO_LOCK, _unavailable_on(sqlite3.OperationalError):
            yield self._connection()

    def _columns(self, db: Any, table: str) -> set[str]:
        return {row[1] for row in db.execute(f"PRAGMA table_info({table})").fetchall()}

    def close(self) -> None:
        """Close this thread's connection (and the in-memory database)."""
        db = self._shared if self._memory else getattr(self._local, "db", None)
        if db is not None:
            db.close()
        self._shared = None
        self._local = threading.local()


class PostgresStore(_SqlStore):
    """A :class:`Store` in a PostgreSQL database, for deployments (psycopg 3, in the ``server`` extra).

    Each thread has its own connection. Any number of server processes may share the
    database: the compare and set of :meth:`Store.append` runs in the database, which also keeps
    the primary keys.

    Args:
        url: a ``postgresql://`` connection URL (libpq's form).

    Raises:
        ValueError: if psycopg is not installed.

    """

    _PARAM = "%s"

    def __init__(self, url: str) -> None:
        try:
            import psycopg  # noqa: PLC0415 - an optional dependency, needed only for this store
        except ImportError:
            raise ValueError("a PostgreSQL store needs psycopg: pip install 'tablegames[server]'") from None
        self._psycopg = psycopg
        self._integrity = (psycopg.errors.IntegrityError,)
        self._url = url
        self._local = threading.local()
        self._setup()

    def _connection(self) -> Any:
        db = getattr(self._local, "db", None)
        if db is None or db.closed:
            db = self._local.db = self._psycopg.connect(self._url, autocommit=True)
        return db

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        with _unavailable_on(self._psycopg.OperationalError):
            db = self._connection()
            with db.transaction(), db.cursor() as cursor:
                yield cursor

    @contextmanager
    def _reading(self) -> Iterator[Any]:
        with _unavailable_on(self._psycopg.OperationalError), self._connection().cursor() as cursor:
            yield cursor

    def _columns(self, db: Any, table: str) -> set[str]:
        query = (
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = %s"
        )
        return {row[0] for row in db.execute(query, (table,)).fetchall()}

    def _serialise(self, db: Any, client: str) -> None:
        # one client's creations take turns, in every process on this database, until commit
        db.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (client,))

    def close(self) -> None:
        """Close this thread's connection."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
        self._local = threading.local()


def _record(row: tuple[str, str, int, int, float, float]) -> GameRecord:
    game_id, variant, events, finished, created, updated = row
    return GameRecord(game_id, variant, events, bool(finished), created, updated)


@contextmanager
def _unavailable_on(errors: type[Exception] | tuple[type[Exception], ...]) -> Iterator[None]:
    """The driver's ``errors`` (the database down, locked too long, out of disk) as :class:`StoreUnavailable`."""
    try:
        yield
    except errors as exc:
        raise StoreUnavailable(f"the database is unavailable: {type(exc).__name__}") from exc


_NO_LOCK: Final = contextlib.nullcontext()
"""What a file database's statements hold instead of the in-memory database's lock: nothing."""


def open_store(url: str) -> Store:
    """The store a URL names: ``sqlite:///path/to/file.db``, ``sqlite://:memory:``, a plain file path, or ``postgresql://...``.

    Raises:
        ValueError: for a URL of a database this library does not store games in.

    """
    if url.startswith("sqlite://"):
        rest = url.removeprefix("sqlite://")
        return SqliteStore(":memory:" if rest in ("", ":memory:", "/:memory:") else rest.removeprefix("/"))
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    if "://" in url:
        raise ValueError(f"no store for {url.split('://', maxsplit=1)[0]!r} URLs; use sqlite:///path/to/file.db")
    return SqliteStore(url)
