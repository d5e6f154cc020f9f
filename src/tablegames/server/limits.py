"""What one client may spend on the game server: the per-client limits, each a small counter under a lock.

A *client* is the address a request came from (``request.client.host``: the peer, or the
address a named proxy forwarded; see :doc:`/server`). Each limit refuses with
:class:`LimitReached`, which the server answers with its status and a ``Retry-After`` header;
nothing is applied by a refused request.

* :class:`RateLimit`: a token bucket per client (creations a minute, actions a second).
* :class:`StreamSlots`: event streams open at once, in all, per client and per seat, so that
  one client cannot take the streams of everyone else.
* :class:`Thinking`: the bots' moves. Quick bots move at once; a bot whose moves take long (a
  search) moves in its turn, one such move at a time per worker, the waiting clients served in
  turn so that no client's queue holds up another's; each client's bots may think for a
  bounded number of seconds a minute, and the requests waiting are bounded in all and per
  client.

Every table is keyed by client and forgets a client once it holds nothing, so memory is bounded
by the clients active at once.

>>> from tablegames.server.limits import RateLimit
>>> bucket = RateLimit(per_second=1.0, burst=2, what="actions")
>>> bucket.take("10.0.0.1", now=0.0); bucket.take("10.0.0.1", now=0.0)
>>> bucket.take("10.0.0.1", now=0.0)
Traceback (most recent call last):
...
tablegames.server.limits.LimitReached: too many actions from this client; wait 1 s
>>> bucket.take("10.0.0.1", now=1.0)  # a second later, one more
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Final, TypeVar

__all__ = ["LimitReached", "RateLimit", "StreamSlots", "Thinking"]

_QUICK_SECONDS: Final = 0.005
"""A bot whose moves take less than this on average moves without waiting its turn."""
_WINDOW: Final = 60.0
"""The window bots' thinking time is counted over, in seconds."""

_K = TypeVar("_K", bound=Hashable)


class LimitReached(Exception):
    """A request refused by a limit: what the client sees.

    Attributes:
        status: the HTTP status (``429`` for a limit of this client, ``503`` for the server's).
        kind: the ``error`` of the JSON answer (``"TooManyRequests"`` or ``"Busy"``).
        message: what the answer says.
        retry_after: whole seconds after which the same request may pass (``Retry-After``).

    """

    def __init__(self, status: int, kind: str, message: str, *, retry_after: float) -> None:
        self.status = status
        self.kind = kind
        self.message = message
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(message)


def _too_many(message: str, retry_after: float) -> LimitReached:
    return LimitReached(429, "TooManyRequests", message, retry_after=retry_after)


class RateLimit:
    """A token bucket per client: ``burst`` at once, then ``per_second`` a second.

    Args:
        per_second: how fast a client's bucket fills.
        burst: how many a full bucket holds.
        what: the plural noun the refusal names ("actions").

    """

    def __init__(self, *, per_second: float, burst: int, what: str) -> None:
        self.per_second = per_second
        self.burst = burst
        self.what = what
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()
        self._swept = 0.0

    def take(self, client: str, *, now: float | None = None) -> None:
        """Take one for ``client``.

        Raises:
            LimitReached: (429) if its bucket is empty; ``retry_after`` says when one is back.

        """
        now = time.monotonic() if now is None else now
        with self._lock:
            if now - self._swept > self.burst / self.per_second:
                self._sweep(now)
            tokens, then = self._buckets.get(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.per_second)
            if tokens < 1.0:
                self._buckets[client] = (tokens, now)
                wait = (1.0 - tokens) / self.per_second
                raise _too_many(f"too many {self.what} from this client; wait {math.ceil(wait)} s", wait)
            self._buckets[client] = (tokens - 1.0, now)

    def _sweep(self, now: float) -> None:
        """Forget the clients whose buckets are full again (they would start full anyway)."""
        self._swept = now
        full = self.burst / self.per_second
        for client in [c for c, (_, then) in self._buckets.items() if now - then >= full]:
            del self._buckets[client]


class StreamSlots:
    """Event streams open at once: ``total`` in all, ``per_client`` for one client, ``per_seat`` for one seat of a game.

    A client may hold few of the slots, so the others stay free for everyone else.
    """

    def __init__(self, *, total: int, per_client: int, per_seat: int) -> None:
        self.total = total
        self.per_client = per_client
        self.per_seat = per_seat
        self._open = 0
        self._clients: dict[str, int] = {}
        self._seats: dict[tuple[str, int], int] = {}
        self._lock = threading.Lock()

    def open(self, client: str, seat: tuple[str, int]) -> Callable[[], None]:
        """Take a slot for ``client``'s stream of ``seat`` (a game and a seat); the function that gives it back.

        Raises:
            LimitReached: 429 if the client or the seat has all its streams open, 503 if the
                server has.

        """
        with self._lock:
            if self._clients.get(client, 0) >= self.per_client:
                raise _too_many(f"this client has {self.per_client} event streams open, the most allowed", 5)
            if self._seats.get(seat, 0) >= self.per_seat:
                raise _too_many(f"this seat has {self.per_seat} event streams open, the most allowed", 5)
            if self._open >= self.total:
                raise LimitReached(503, "Busy", "too many event streams are open; try again later", retry_after=5)
            self._open += 1
            self._clients[client] = self._clients.get(client, 0) + 1
            self._seats[seat] = self._seats.get(seat, 0) + 1
        given_back = False

        def close() -> None:
            nonlocal given_back
            with self._lock:
                if given_back:
                    return
                given_back = True
                self._open -= 1
                _decrement(self._clients, client)
                _decrement(self._seats, seat)

        return close

    def count(self) -> int:
        """How many streams are open."""
        with self._lock:
            return self._open


def _decrement(counts: dict[_K, int], key: _K) -> None:
    left = counts[key] - 1
    if left:
        counts[key] = left
    else:
        del counts[key]


class Thinking:
    """The bots' moves: quick ones at once, slow ones (a search) in turn, within each client's budget.

    A bot name's moves are timed; once they average 5 ms or more, each of
    its moves waits for one of ``workers`` turns. The clients waiting are served in turn
    (the one whose request came first, then the next client's, and so on), so one client's
    many requests cannot hold up another's. A request that may make bots move is first
    *admitted*: at most ``queue`` requests in all and ``per_client`` of one client wait or think
    at once, and a client whose bots thought ``seconds_a_minute`` seconds in the last minute
    waits until that time falls out of the minute.

    Args:
        workers: slow moves made at once (Python runs one thread at a time: more than one
            rarely helps).
        queue: requests with bots to move, at once, in all (503 beyond).
        per_client: such requests of one client at once (429 beyond).
        seconds_a_minute: what one client's bots may think in a minute (429 beyond).

    """

    def __init__(self, *, workers: int, queue: int, per_client: int, seconds_a_minute: float) -> None:
        self.workers = workers
        self.queue = queue
        self.per_client = per_client
        self.seconds_a_minute = seconds_a_minute
        self._cond = threading.Condition()
        self._running = 0
        self._line: deque[str] = deque()
        """The clients with a slow move waiting, each once, in the order they are served."""
        self._waiting: dict[str, deque[object]] = {}
        """Each waiting client's moves, first come first."""
        self._admitted: dict[str, int] = {}
        self._pending = 0
        self._spent: dict[str, deque[tuple[float, float]]] = {}
        """Each client's bots' moves in the last minute: when each ended, and how long it took."""
        self._pace: dict[str, float] = {}
        """Each bot name's average move, in seconds (an exponential moving average)."""
        self._swept = time.monotonic()

    def admit(self, client: str) -> Callable[[], None]:
        """Hold a place for a request of ``client`` that may make bots move; the function that gives it back.

        Raises:
            LimitReached: 429 if the client spent its thinking time or has ``per_client``
                requests in; 503 if ``queue`` requests are in.

        """
        with self._cond:
            now = time.monotonic()
            spent, oldest = self._spent_by(client, now)
            if spent >= self.seconds_a_minute:
                wait = oldest + _WINDOW - now
                raise _too_many(f"this client's bots thought {self.seconds_a_minute:g} s in the last minute", wait)
            if self._admitted.get(client, 0) >= self.per_client:
                raise _too_many(f"this client has {self.per_client} requests waiting for bots", 1)
            if self._pending >= self.queue:
                raise LimitReached(503, "Busy", "the bots are busy; try again shortly", retry_after=2)
            self._pending += 1
            self._admitted[client] = self._admitted.get(client, 0) + 1
        given_back = False

        def release() -> None:
            nonlocal given_back
            with self._cond:
                if not given_back:
                    given_back = True
                    self._pending -= 1
                    _decrement(self._admitted, client)

        return release

    @contextmanager
    def move(self, client: str, bot: str) -> Iterator[None]:
        """Make one move of the bot named ``bot`` for ``client``: at once if the bot is quick, else in turn."""
        slow = self._pace.get(bot, math.inf) >= _QUICK_SECONDS
        if slow:
            self._wait_turn(client)
        start = time.monotonic()
        try:
            yield
        finally:
            end = time.monotonic()
            with self._cond:
                if slow:
                    self._running -= 1
                    self._cond.notify_all()
                took = end - start
                pace = self._pace.get(bot)
                self._pace[bot] = took if pace is None else 0.8 * pace + 0.2 * took
                self._spent.setdefault(client, deque()).append((end, took))
                if end - self._swept > _WINDOW:  # forget the clients that stopped
                    self._swept = end
                    for other in list(self._spent):
                        self._spent_by(other, end)

    def _wait_turn(self, client: str) -> None:
        with self._cond:
            ticket = object()
            waiting = self._waiting.setdefault(client, deque())
            waiting.append(ticket)
            if len(waiting) == 1:
                self._line.append(client)
            while not (self._running < self.workers and self._line[0] == client and waiting[0] is ticket):
                self._cond.wait()
            self._line.popleft()
            waiting.popleft()
            if waiting:
                self._line.append(client)  # its next move waits for the other clients' turns
            else:
                del self._waiting[client]
            self._running += 1
            self._cond.notify_all()

    def _spent_by(self, client: str, now: float) -> tuple[float, float]:
        """What ``client``'s bots thought in the last minute, and when the oldest of those moves ended."""
        moves = self._spent.get(client)
        if moves is None:
            return 0.0, now
        while moves and moves[0][0] <= now - _WINDOW:
            moves.popleft()
        if not moves:
            del self._spent[client]
            return 0.0, now
        return sum(took for _, took in moves), moves[0][0]
