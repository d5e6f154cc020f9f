"""The server tried as an attacker would: floods and forgeries from loopback, each bounded.

Each test starts the servers it needs (``tablegames serve`` processes, a PostgreSQL server) and
stops them at the end. Clients are told apart by address: the tests send from ``127.0.0.1``,
``127.0.0.2``... (see :mod:`tests.server.serving`).
"""

from __future__ import annotations

import http.client
import socket
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tablegames.server.app import ServerConfig, create_app
from tablegames.server.storage import GameRecord, PostgresStore, SqliteStore, Store
from tests.server.conftest import postgres_cluster
from tests.server.serving import SNIFF_2P, call, open_stream, serving

_A, _B = "127.0.0.1", "127.0.0.2"


def _limits(**values: float) -> list[str]:
    return [flag for name, value in values.items() for flag in ("--limit", f"{name}={value}")]


# -- 1. event streams -----------------------------------------------------------------------


def test_one_client_cannot_take_every_event_stream(tmp_path: Path) -> None:
    """Streams are capped per seat and per client, so the server's cap leaves room for everyone else."""
    flags = _limits(streams=8, streams_per_client=5, streams_per_seat=3)
    held: list[http.client.HTTPConnection] = []

    def stream(game: dict[str, Any], source: str) -> int:
        status, connection = open_stream(port, game["game"], game["token"], source=source)
        held.append(connection)
        return status

    with serving(tmp_path / "games.db", *flags) as port:
        try:
            first, second = (call(port, "/api/games", SNIFF_2P)[1] for _ in range(2))
            assert [stream(first, _A) for _ in range(3)] == [200, 200, 200]
            assert stream(first, _A) == 429  # a seat holds 3 at most
            assert [stream(second, _A) for _ in range(3)] == [200, 200, 429]  # a client, 5
            other = call(port, "/api/games", SNIFF_2P, source=_B)[1]
            assert [stream(other, _B) for _ in range(3)] == [200, 200, 200]  # the room left for others
            another = call(port, "/api/games", SNIFF_2P, source=_B)[1]
            refused = call(port, f"/api/games/{another['game']}/events", token=another["token"], source=_B)
            assert refused[0] == 503 and refused[1]["error"] == "Busy"  # the server's 8 are open
            assert int(refused[2]["retry-after"]) >= 1
            for connection in held[:2]:  # the first client lets two go: the others may have them
                connection.close()
            deadline = time.monotonic() + 10
            while (status := stream(another, _B)) != 200 and time.monotonic() < deadline:
                time.sleep(0.1)
            assert status == 200
        finally:
            for connection in held:
                connection.close()


# -- 2. the bots' thinking ------------------------------------------------------------------


def test_a_cpu_flood_from_one_client_is_bounded_and_others_play_on(tmp_path: Path) -> None:
    """Search bots from one client: its requests are refused past its thinking time; another plays meanwhile."""
    flags = ["--creations-per-minute", "100", *_limits(bot_seconds_per_minute=2, bot_requests_per_client=2)]
    smear = {"variant": "four-point-smear", "seats": ["me", "ismcts", "ismcts", "ismcts"]}
    refusals: list[tuple[str, int]] = []
    stop = threading.Event()

    def flood(game: dict[str, Any]) -> None:
        state = game["state"]
        while not stop.is_set() and not state["is_over"]:
            body = {"action": state["legal_actions"][0], "version": state["version"]}
            status, answer, headers = call(port, f"/api/games/{game['game']}/actions", body, game["token"])
            if status == 200:
                state = answer
                continue
            assert status == 429 and answer["error"] == "TooManyRequests", (status, answer)
            assert int(headers["retry-after"]) >= 1
            refusals.append((answer["message"], status))
            _, now, _ = call(port, f"/api/games/{game['game']}", token=game["token"])
            assert now["version"] == state["version"]  # the refused action changed nothing
            time.sleep(0.05)

    with serving(tmp_path / "games.db", *flags) as port:
        games = []
        for _ in range(4):
            status, game, _ = call(port, "/api/games", smear)
            if status == 201:
                games.append(game)
        assert games, "no Smear game against search bots could be made"
        threads = [threading.Thread(target=flood, args=(game,)) for game in games]
        for thread in threads:
            thread.start()
        try:
            status, mine, _ = call(port, "/api/games", SNIFF_2P, source=_B)
            assert status == 201
            state, fetches = mine["state"], []
            for _ in range(12):
                start = time.monotonic()
                status, _, _ = call(port, f"/api/games/{mine['game']}", token=mine["token"], source=_B)
                fetches.append(time.monotonic() - start)
                assert status == 200
                if not state["is_over"]:
                    body = {"action": state["legal_actions"][0], "version": state["version"]}
                    status, state, _ = call(port, f"/api/games/{mine['game']}/actions", body, mine["token"], source=_B)
                    assert status == 200, state
            deadline = time.monotonic() + 60
            while not any("thought" in message for message, _ in refusals) and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=120)
    assert any("thought 2 s in the last minute" in message for message, _ in refusals), refusals[:3]
    # A generous bound: without a bounded queue of thinkers, such a flood took a GET to 0.5-1 s.
    assert statistics.median(fetches) < 0.5, fetches


# -- 3. the live-games limit under simultaneous creations -----------------------------------


def _create_at_once(ports: list[int], count: int) -> list[int]:
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(lambda i: call(ports[i % len(ports)], "/api/games", SNIFF_2P)[0], range(count)))


def test_simultaneous_creations_stop_at_the_live_games_limit(tmp_path: Path) -> None:
    with serving(tmp_path / "games.db", "--live-games", "5", "--creations-per-minute", "1000") as port:
        codes = _create_at_once([port], 30)
    assert sorted(codes) == [201] * 5 + [429] * 25


def test_simultaneous_creations_through_two_servers_on_postgresql_stop_at_the_limit(postgres_url: str) -> None:
    flags = ("--live-games", "5", "--creations-per-minute", "1000")
    with serving(postgres_url, *flags) as one, serving(postgres_url, *flags) as two:
        codes = _create_at_once([one, two], 30)
    assert sorted(codes) == [201] * 5 + [429] * 25


# -- 4. X-Forwarded-For ---------------------------------------------------------------------


def _creations(port: int, forwarded: list[str], *, source: str = _A) -> list[int]:
    return [call(port, "/api/games", SNIFF_2P, source=source, headers={"X-Forwarded-For": f})[0] for f in forwarded]


def test_a_forged_forwarded_for_does_not_change_the_client(tmp_path: Path) -> None:
    rotating = [f"10.0.0.{i}" for i in range(5)]
    with serving(tmp_path / "a.db", "--creations-per-minute", "2") as port:
        assert _creations(port, rotating) == [201, 201, 429, 429, 429]


def test_a_trusted_proxy_names_the_client_and_no_one_else_does(tmp_path: Path) -> None:
    with serving(tmp_path / "b.db", "--creations-per-minute", "2", "--trust-proxy", _A) as port:
        assert _creations(port, [f"10.0.0.{i}" for i in range(5)]) == [201] * 5  # five clients behind the proxy
        assert _creations(port, ["10.9.9.9"] * 3) == [201, 201, 429]  # one of them, three times
        assert _creations(port, [f"10.1.0.{i}" for i in range(4)], source=_B) == [201, 201, 429, 429]  # no proxy


def test_an_ipv6_client_is_its_64_network(tmp_path: Path) -> None:
    config = ServerConfig(creations_per_minute=2, allowed_hosts=("testserver",))
    app = create_app(SqliteStore(tmp_path / "games.db"), config)
    codes = [
        TestClient(app, client=(f"2001:db8:0:1:{i}::1", 5000)).post("/api/games", json=SNIFF_2P).status_code
        for i in range(4)
    ]
    assert codes == [201, 201, 429, 429]
    assert TestClient(app, client=("2001:db8:0:2::1", 5000)).post("/api/games", json=SNIFF_2P).status_code == 201


# -- 5. the lobby ---------------------------------------------------------------------------


def test_no_client_can_crowd_the_lobby(tmp_path: Path) -> None:
    config = ServerConfig(creations_per_minute=1000, live_games_per_client=1000, allowed_hosts=("testserver",))
    app = create_app(SqliteStore(tmp_path / "games.db"), config)
    open_game = {**SNIFF_2P, "seats": ["me", "open"]}
    player = TestClient(app, client=("10.0.0.9", 5000))
    mine = player.post("/api/games", json=open_game).json()["game"]
    made: dict[str, set[str]] = {}
    for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        crowd = TestClient(app, client=(address, 5000))
        made[address] = {crowd.post("/api/games", json=open_game).json()["game"] for _ in range(20)}
    listed = {game["game"] for game in player.get("/api/lobby").json()["games"]}
    assert mine in listed
    assert all(len(listed & games) == config.lobby_per_client for games in made.values())


# -- 6. creations cost the same however many games a client has -----------------------------


class _CountingStore:
    """A store that counts the games read one by one (``record`` and ``load``)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.reads = 0

    def record(self, game_id: str) -> GameRecord:
        self.reads += 1
        return self.store.record(game_id)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


def test_a_creation_reads_none_of_the_clients_games(tmp_path: Path) -> None:
    store = _CountingStore(SqliteStore(tmp_path / "games.db"))
    config = ServerConfig(creations_per_minute=1000, live_games_per_client=1000, allowed_hosts=("testserver",))
    client = TestClient(create_app(store, config))
    for _ in range(60):
        assert client.post("/api/games", json=SNIFF_2P).status_code == 201
    store.reads = 0
    assert client.post("/api/games", json=SNIFF_2P).status_code == 201
    assert store.reads == 0  # one count in the database, not a read of each of the 60


# -- 7. small ones --------------------------------------------------------------------------


def test_a_token_in_the_url_is_refused_and_not_logged(tmp_path: Path) -> None:
    log_path = tmp_path / "serve.log"
    with log_path.open("wb") as log, serving(tmp_path / "games.db", log=log) as port:
        status, answer, _ = call(port, "/api/games/some-game?token=s3cr3t-t0ken-in-the-url")
        assert status == 400 and answer["error"] == "BadRequest"
        time.sleep(0.3)  # the access log line is written after the answer
    written = log_path.read_text()
    assert "s3cr3t-t0ken" not in written
    assert '"GET /api/games/some-game?… HTTP/1.1" 400' in written


def test_an_unknown_field_name_is_not_echoed_whole(tmp_path: Path) -> None:
    client = TestClient(create_app(SqliteStore(tmp_path / "games.db"), ServerConfig(allowed_hosts=("testserver",))))
    for body in ({"n" * 60_000: 1}, {"variant": "american-sniff", "options": {"o" * 60_000: 1}}):
        response = client.post("/api/games", json=body)
        assert response.status_code == 400 and len(response.content) < 1_000, len(response.content)


def test_a_body_shorter_than_its_length_is_not_held_open(tmp_path: Path) -> None:
    with (
        serving(tmp_path / "games.db", *_limits(body_seconds=1)) as port,
        socket.create_connection(("127.0.0.1", port), timeout=20) as raw,
    ):
        raw.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"variant"'
        )
        start = time.monotonic()
        answer = raw.recv(4096)
        waited = time.monotonic() - start
        while b"}" not in answer.partition(b"\r\n\r\n")[2]:  # the body may come in a second segment
            more = raw.recv(4096)
            if not more:
                break
            answer += more
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:80]
    assert b'"error":"Timeout"' in answer and waited < 10


def test_an_unreachable_database_gets_503_with_retry_after(tmp_path: Path) -> None:
    with postgres_cluster() as cluster:
        config = ServerConfig(allowed_hosts=("testserver",))
        client = TestClient(create_app(PostgresStore(cluster.url), config))
        game = client.post("/api/games", json=SNIFF_2P).json()
        url, auth = f"/api/games/{game['game']}", {"Authorization": f"Bearer {game['token']}"}
        assert client.get(url, headers=auth).status_code == 200
        cluster.stop()
        for response in (
            client.get(url, headers=auth),
            client.get("/api/lobby"),
            client.post("/api/games", json=SNIFF_2P),
            client.get(f"{url}/events", headers=auth),
        ):
            assert response.status_code == 503, response.text
            assert response.json()["error"] == "Unavailable" and response.headers["retry-after"] == "5"
        cluster.start()
        assert client.get(url, headers=auth).status_code == 200
        assert client.post("/api/games", json=SNIFF_2P).status_code == 201


@pytest.mark.parametrize("body", [b'{"action": {"type": "play"', b'{"action": [], "version": 0}'])
def test_malformed_action_json_gets_400(tmp_path: Path, body: bytes) -> None:
    client = TestClient(create_app(SqliteStore(tmp_path / "games.db"), ServerConfig(allowed_hosts=("testserver",))))
    game = client.post("/api/games", json=SNIFF_2P).json()
    headers = {"Authorization": f"Bearer {game['token']}", "Content-Type": "application/json"}
    response = client.post(f"/api/games/{game['game']}/actions", content=body, headers=headers)
    assert response.status_code == 400, response.text


@pytest.mark.parametrize(
    "body",
    [
        b'{"variant": "american-sniff", "variant": "four-point-smear"}',
        b'{"variant": "american-sniff", "options": {"players": 2, "players": 4}}',
        b'{"variant": "american-sniff", "options": {"target": NaN}}',
    ],
)
def test_a_body_with_a_key_twice_or_nan_is_refused(tmp_path: Path, body: bytes) -> None:
    """The server reads JSON as the library does: a key written twice is not silently the last one."""
    client = TestClient(create_app(SqliteStore(tmp_path / "games.db"), ServerConfig(allowed_hosts=("testserver",))))
    response = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["error"] == "BadRequest", response.text
