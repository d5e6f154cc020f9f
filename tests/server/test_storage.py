"""The server's storage: games kept as their logs, one writer per game, nothing acknowledged lost."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import tablegames
from tablegames import Game, LogError
from tablegames.server.storage import PostgresStore, SqliteStore, StaleWrite, Store, UnknownGame, open_store

VARIANTS = ["american-sniff", "four-point-smear"]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new, empty store's URL: an SQLite file, or a database on a real PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "games.db")
    postgres: str = request.getfixturevalue("postgres_url")
    return postgres


def _play(store: Store, game_id: str, game: Game, rng: random.Random, steps: int) -> None:
    """Apply random legal actions, storing each action's events as a server would."""
    for _ in range(steps):
        if game.is_over:
            return
        seen = len(game.events)
        actions = game.legal_actions()
        new = game.apply(actions[rng.randrange(len(actions))])
        store.append(game_id, seen, new, finished=game.is_over)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_stored_game_comes_back_exactly(url: str, variant: str) -> None:
    store = open_store(url)
    game = tablegames.new_game(variant, seed=8)
    store.create("a", game)
    _play(store, "a", game, random.Random(8), 150)
    back = store.load("a")
    assert back.events == game.events
    assert back.scores == game.scores and back.current_player == game.current_player
    assert tablegames.load_log(store.log_text("a")) == game.log()
    assert store.record("a").events == len(game.events)
    store.close()
    again = open_store(url)  # as after a restart
    assert again.load("a").events == game.events
    action = back.legal_actions()[0]
    assert again.load("a").apply(action) == game.clone().apply(action)


def test_a_finished_game_stays_queryable(url: str) -> None:
    store = open_store(url)
    done = tablegames.new_game("american-sniff", seed=3, players=2)
    store.create("done", done)
    _play(store, "done", done, random.Random(3), 100_000)
    assert done.is_over
    live = tablegames.new_game("american-sniff", seed=4, players=2)
    store.create("live", live)
    assert [r.id for r in store.games(finished=True)] == ["done"]
    assert [r.id for r in store.games(finished=False)] == ["live"]
    assert {r.id for r in store.games()} == {"done", "live"}
    assert store.record("done").finished and not store.record("live").finished
    assert store.load("done").winner == done.winner
    assert len(store.games(limit=1)) == 1


@pytest.mark.parametrize("memory", [True, False])
def test_a_stale_append_is_refused_and_changes_nothing(url: str, memory: bool) -> None:
    store = SqliteStore(":memory:") if memory else open_store(url)
    game = tablegames.new_game("american-sniff", seed=5, players=2)
    store.create("g", game)
    other = game.clone()
    seen = len(game.events)
    new = game.apply(game.legal_actions()[0])
    store.append("g", seen, new, finished=False)
    late = other.apply(other.legal_actions()[-1])
    with pytest.raises(StaleWrite) as caught:
        store.append("g", seen, late, finished=False)
    assert (caught.value.expected, caught.value.actual) == (seen, seen + len(new))
    assert store.load("g").events == game.events


def test_unknown_and_duplicate_games(url: str) -> None:
    store = open_store(url)
    game = tablegames.new_game("american-sniff", seed=5, players=2)
    store.create("g", game)
    with pytest.raises(ValueError, match="already stored"):
        store.create("g", game)
    for call in (store.load, store.log_text, store.record):
        with pytest.raises(UnknownGame):
            call("nope")
    with pytest.raises(UnknownGame):
        store.append("nope", 0, (), finished=False)


def test_a_stored_log_the_rules_do_not_produce_does_not_load(tmp_path: Path) -> None:
    """Someone with the database file changes an event: loading replays, and refuses it."""
    path = tmp_path / "games.db"
    store = SqliteStore(path)
    game = tablegames.new_game("american-sniff", seed=6, players=2)
    store.create("g", game)
    _play(store, "g", game, random.Random(6), 20)
    with sqlite3.connect(path) as db:
        (body,) = db.execute("SELECT body FROM events WHERE game = 'g' AND idx = 0").fetchone()
        data = json.loads(body)
        data["hands"][0], data["hands"][1] = data["hands"][1], data["hands"][0]
        db.execute("UPDATE events SET body = ? WHERE game = 'g' AND idx = 0", (json.dumps(data),))
    with pytest.raises(LogError):
        store.load("g")


def test_a_postgres_log_the_rules_do_not_produce_does_not_load(postgres_url: str) -> None:
    import psycopg

    store = open_store(postgres_url)
    game = tablegames.new_game("four-point-smear", seed=6)
    store.create("g", game)
    _play(store, "g", game, random.Random(6), 20)
    with psycopg.connect(postgres_url, autocommit=True) as db:
        row = db.execute(
            "SELECT idx, body FROM events WHERE game = 'g' AND body LIKE '%%\"hands\"%%' ORDER BY idx"
        ).fetchone()
        assert row is not None
        data = json.loads(row[1])
        data["hands"][0], data["hands"][1] = data["hands"][1], data["hands"][0]
        db.execute("UPDATE events SET body = %s WHERE game = 'g' AND idx = %s", (json.dumps(data), row[0]))
    with pytest.raises(LogError):
        store.load("g")


def test_threads_racing_on_one_game_apply_exactly_one_action_each_turn(url: str) -> None:
    """Two writers, each with its own copy of the game, both act on every state: one wins each time."""
    store = open_store(url)
    game = tablegames.new_game("four-point-smear", seed=9)
    store.create("g", game)
    wins = [0, 0]
    stale = [0, 0]
    barrier = threading.Barrier(2)

    def writer(me: int) -> None:
        rng = random.Random(me)
        for _ in range(60):
            barrier.wait()
            mine = store.load("g")
            if mine.is_over:
                return
            seen = len(mine.events)
            actions = mine.legal_actions()
            new = mine.apply(actions[rng.randrange(len(actions))])
            barrier.wait()  # both have acted on the same state
            try:
                store.append("g", seen, new, finished=mine.is_over)
                wins[me] += 1
            except StaleWrite:
                stale[me] += 1

    threads = [threading.Thread(target=writer, args=(me,)) for me in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rounds = sum(wins)
    assert sum(stale) == rounds  # every round: one stored, one refused
    assert rounds > 0
    store.load("g")  # and what is stored is a game the rules produce


_WRITER = """
import random, sys
import tablegames
from tablegames.server.storage import StaleWrite, open_store
store = open_store(sys.argv[1])
me = int(sys.argv[2])
rng = random.Random(me)
for _ in range(int(sys.argv[3])):
    game = store.load("g")
    if game.is_over:
        break
    seen = len(game.events)
    actions = game.legal_actions()
    new = game.apply(actions[rng.randrange(len(actions))])
    try:
        store.append("g", seen, new, finished=game.is_over)
    except StaleWrite:
        continue
    print(seen + len(new), flush=True)  # acknowledged: this many events are committed
"""


def _writer(path: str, me: int, actions: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(path), str(me), str(actions)], stdout=subprocess.PIPE, text=True
    )


def test_two_processes_on_one_database_stay_correct(url: str) -> None:
    path = url
    store = open_store(url)
    store.create("g", tablegames.new_game("american-sniff", seed=12, players=2))
    writers = [_writer(path, me, 80) for me in (0, 1)]
    acks = [p.communicate(timeout=120)[0].split() for p in writers]
    assert all(p.returncode == 0 for p in writers)
    counts = sorted(int(a) for ack in acks for a in ack)
    assert len(counts) == len(set(counts)), "two writers acknowledged the same state"
    game = store.load("g")  # every stored action is legal where it stands
    assert counts[-1] == len(game.events)


@pytest.mark.skipif(os.name != "posix", reason="kill -9 is POSIX")
def test_a_writer_killed_with_sigkill_loses_no_acknowledged_action(url: str) -> None:
    path = url
    store = open_store(url)
    store.create("g", tablegames.new_game("four-point-smear", seed=13))
    writer = _writer(path, 0, 100_000)
    assert writer.stdout is not None
    acked = 0
    for _ in range(200):  # let it commit a while, then kill it mid-run
        acked = int(writer.stdout.readline())
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    rest = writer.stdout.read().split()
    acked = max([acked, *(int(a) for a in rest)])
    game = open_store(url).load("g")  # a new connection's view of the database
    assert len(game.events) >= acked  # at most the action it was killed printing is beyond


def test_open_store_reads_urls(tmp_path: Path) -> None:
    assert isinstance(open_store("sqlite://:memory:"), SqliteStore)
    assert isinstance(open_store(str(tmp_path / "a.db")), SqliteStore)
    store = open_store(f"sqlite:///{tmp_path / 'b.db'}")
    store.create("g", tablegames.new_game("american-sniff", seed=1, players=2))
    assert (tmp_path / "b.db").exists()
    with pytest.raises(ValueError, match="no store for 'mysql'"):
        open_store("mysql://localhost/games")


def test_open_store_reads_postgres_urls(postgres_url: str) -> None:
    assert isinstance(open_store(postgres_url), PostgresStore)
    assert isinstance(open_store(postgres_url.replace("postgresql://", "postgres://")), PostgresStore)
