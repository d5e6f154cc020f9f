"""The per-client limits on their own: fairness of the bots' turns, the thinking budget, the buckets, the streams."""

from __future__ import annotations

import threading
import time

import pytest

from tablegames.server.limits import LimitReached, RateLimit, StreamSlots, Thinking


def _thinking(**limits: float) -> Thinking:
    settings = {"workers": 1, "queue": 100, "per_client": 100, "seconds_a_minute": 1e9} | limits
    return Thinking(**settings)  # type: ignore[arg-type]


def _learn_slow(thinking: Thinking, bot: str) -> None:
    with thinking.move("someone", bot):
        time.sleep(0.02)  # its moves now average 20 ms: a slow bot


def _waiting(thinking: Thinking, client: str) -> int:
    return len(thinking._waiting.get(client, ()))


def _until(condition: object) -> None:
    deadline = time.monotonic() + 10
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.001)
    assert condition(), "timed out"  # type: ignore[operator]


def test_the_clients_waiting_for_a_slow_bot_are_served_in_turn() -> None:
    """One client's three waiting moves hold up another client's move by one of theirs, not three."""
    thinking = _thinking()
    _learn_slow(thinking, "search")
    order: list[str] = []
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with thinking.move("A", "search"):
            holding.set()
            release.wait(10)

    def move(client: str) -> None:
        with thinking.move(client, "search"):
            order.append(client)

    threads = [threading.Thread(target=hold)]
    threads[0].start()
    assert holding.wait(10)
    for n in range(1, 4):
        threads.append(threading.Thread(target=move, args=("A",)))
        threads[-1].start()
        _until(lambda n=n: _waiting(thinking, "A") == n)
    threads.append(threading.Thread(target=move, args=("B",)))
    threads[-1].start()
    _until(lambda: _waiting(thinking, "B") == 1)
    release.set()
    for thread in threads:
        thread.join(10)
    assert order == ["A", "B", "A", "A"]


def test_a_quick_bot_moves_while_a_slow_one_thinks() -> None:
    thinking = _thinking()
    _learn_slow(thinking, "search")
    with thinking.move("A", "greedy"):
        pass  # its first move waits its turn (its pace is unknown); the worker is free
    holding, release, done = threading.Event(), threading.Event(), threading.Event()

    def hold() -> None:
        with thinking.move("A", "search"):
            holding.set()
            release.wait(10)

    def quick() -> None:
        with thinking.move("B", "greedy"):
            done.set()

    slow = threading.Thread(target=hold)
    slow.start()
    assert holding.wait(10)
    fast = threading.Thread(target=quick)
    fast.start()
    assert done.wait(5), "a quick bot's move waited for a slow one's"
    release.set()
    slow.join(10)
    fast.join(10)


def test_a_client_whose_bots_thought_their_minute_is_refused_until_it_passes() -> None:
    thinking = _thinking(seconds_a_minute=0.05)
    thinking.admit("A")()
    with thinking.move("A", "search"):
        time.sleep(0.06)
    with pytest.raises(LimitReached) as refused:
        thinking.admit("A")
    assert refused.value.status == 429 and 1 <= refused.value.retry_after <= 60
    thinking.admit("B")()  # another client is not held back


def test_requests_waiting_for_bots_are_bounded_per_client_and_in_all() -> None:
    thinking = _thinking(queue=3, per_client=2)
    held = [thinking.admit("A"), thinking.admit("A")]
    with pytest.raises(LimitReached) as mine:
        thinking.admit("A")
    assert mine.value.status == 429
    held.append(thinking.admit("B"))
    with pytest.raises(LimitReached) as everyone:
        thinking.admit("C")
    assert everyone.value.status == 503 and everyone.value.kind == "Busy"
    held.pop()()
    held[0]()
    held[0]()  # giving a place back twice gives it back once
    thinking.admit("C")()


def test_a_bucket_refills_at_its_rate_and_forgets_full_buckets() -> None:
    bucket = RateLimit(per_second=2.0, burst=2, what="actions")
    bucket.take("a", now=0.0)
    bucket.take("a", now=0.0)
    with pytest.raises(LimitReached) as refused:
        bucket.take("a", now=0.1)
    assert refused.value.retry_after == 1 and "actions" in refused.value.message
    bucket.take("a", now=0.6)  # half a second: one more
    bucket.take("b", now=0.6)
    bucket.take("c", now=10.0)  # long after: the sweep forgets the full buckets
    assert set(bucket._buckets) == {"c"}


def test_stream_slots_leave_room_for_the_other_clients() -> None:
    slots = StreamSlots(total=3, per_client=2, per_seat=1)
    first = slots.open("A", ("g", 0))
    slots.open("A", ("g", 1))
    with pytest.raises(LimitReached) as client:
        slots.open("A", ("h", 0))
    with pytest.raises(LimitReached) as seat:
        slots.open("B", ("g", 0))
    assert client.value.status == seat.value.status == 429
    slots.open("B", ("h", 0))
    with pytest.raises(LimitReached) as full:
        slots.open("C", ("k", 0))
    assert full.value.status == 503
    first()
    first()  # closing twice closes once
    assert slots.count() == 2
    slots.open("C", ("k", 0))
