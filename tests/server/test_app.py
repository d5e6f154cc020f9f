"""The server's HTTP API, tried as an integrator and as an attacker would, on an in-process client."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import attrs
import pytest
from starlette.testclient import TestClient

import tablegames
from tablegames.core.signing import sign_log, verify_log
from tablegames.server import app as app_module
from tablegames.server.app import ServerConfig, create_app, hash_token
from tablegames.server.storage import SqliteStore, open_store

OPEN_LIMITS = ServerConfig(
    creations_per_minute=10_000,
    live_games_per_client=10_000,
    actions_per_second=10_000.0,
    actions_burst=10_000,
    bot_requests_per_client=10_000,
    bot_seconds_per_minute=1e9,
    allowed_hosts=("testserver",),
)


def _client(tmp_path: Path, config: ServerConfig = OPEN_LIMITS) -> TestClient:
    return TestClient(create_app(SqliteStore(tmp_path / "games.db"), config))


def _create(client: TestClient, **body: Any) -> dict[str, Any]:
    body.setdefault("variant", "american-sniff")
    body.setdefault("options", {"players": 2})
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _act(client: TestClient, game: dict[str, Any], state: dict[str, Any], index: int = 0) -> Any:
    body = {"action": state["legal_actions"][index], "version": state["version"]}
    return client.post(f"/api/games/{game['game']}/actions", json=body, headers=_auth(game["token"]))


def test_a_game_is_played_through_the_api(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client)
    state = game["state"]
    assert state["seat"] == 0 and state["events_from"] == 0 and state["events"]
    assert state["seats"] == ["person", "bot:greedy"]
    for _ in range(300):
        if state["is_over"]:
            break
        assert state["current_player"] == 0 and state["legal_actions"]
        response = _act(client, game, state)
        assert response.status_code == 200, response.text
        new = response.json()
        assert new["events_from"] == state["version"] and new["version"] >= state["version"] + 1
        state = new
    assert state["is_over"]
    fetched = client.get(f"/api/games/{game['game']}?since=0", headers=_auth(game["token"])).json()
    assert fetched["version"] == state["version"] and len(fetched["events"]) == state["version"]


def test_a_response_carries_only_the_new_events(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client)
    state = game["state"]
    after = _act(client, game, state).json()
    assert len(after["events"]) == after["version"] - state["version"]
    again = client.get(f"/api/games/{game['game']}", headers=_auth(game["token"])).json()
    assert again["events"] == [] and again["version"] == after["version"]


def test_no_hidden_piece_reaches_the_seat(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client)
    for event in game["state"]["events"]:
        if event["type"] == "hand_dealt":
            assert event["hands"][1] is None and event["stock"] is None


def test_tokens_go_in_the_header_only(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client)
    url = f"/api/games/{game['game']}"
    assert client.get(url).status_code == 401
    in_url = client.get(f"{url}?token={game['token']}")  # a token in a URL opens nothing
    assert in_url.status_code == 400 and "unknown query parameter 'token'" in in_url.json()["message"]
    assert client.get(url, headers=_auth("x" + game["token"])).status_code == 403
    assert client.get(url, headers={"Authorization": f"Basic {game['token']}"}).status_code == 401
    assert client.get(url, headers=_auth(game["token"])).status_code == 200
    store = SqliteStore(tmp_path / "games.db")
    (seat,) = [s for s in store.seats(game["game"]) if s.occupant == "person"]
    assert seat.token_hash == hash_token(game["token"]) and game["token"] not in seat.token_hash


def test_an_expired_token_opens_nothing(tmp_path: Path) -> None:
    client = _client(tmp_path, ServerConfig(token_seconds=-1.0, allowed_hosts=("testserver",)))
    game = _create(client)
    assert client.get(f"/api/games/{game['game']}", headers=_auth(game["token"])).status_code == 403


def test_a_stale_action_gets_409_and_the_current_state(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client)
    state = game["state"]
    assert _act(client, game, state).status_code == 200
    stale = _act(client, game, state)
    assert stale.status_code == 409 and stale.json()["error"] == "Stale"
    current = stale.json()["state"]
    assert current["version"] > state["version"]
    assert _act(client, game, current).status_code == 200


def _send(
    client: TestClient,
    game: dict[str, Any],
    state: dict[str, Any],
    index: int,
    *,
    barrier: threading.Barrier,
    out: list[int],
) -> None:
    barrier.wait()
    out.append(_act(client, game, state, index).status_code)


def test_two_actions_at_the_same_instant_are_never_both_applied(tmp_path: Path) -> None:
    """The race of the issue: different legal actions sent together, 150 times; one applies each time."""
    client = _client(tmp_path)
    tries = doubles = 0
    while tries < 150:
        game = _create(client, options={"players": 2})
        state = game["state"]
        if len(state["legal_actions"]) < 2:
            continue
        tries += 1
        results: list[int] = []
        barrier = threading.Barrier(2)
        threads = [
            threading.Thread(target=_send, args=(client, game, state, i), kwargs={"barrier": barrier, "out": results})
            for i in (0, 1)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        doubles += results.count(200) > 1
        assert sorted(results) == [200, 409]
    assert doubles == 0


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database: an SQLite file, or one on the test run's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def test_two_server_processes_on_one_database_apply_one_of_two_racing_actions(database: str) -> None:
    """Two servers (two apps, each with its own memory) over one database: the same seat's two different
    actions, sent at once, one to each, 30 times: the database lets exactly one in every time."""
    first = TestClient(create_app(open_store(database), OPEN_LIMITS))
    second = TestClient(create_app(open_store(database), OPEN_LIMITS))
    tries = 0
    while tries < 30:
        game = _create(first, options={"players": 2})
        state = game["state"]
        if len(state["legal_actions"]) < 2:
            continue
        tries += 1
        assert second.get(f"/api/games/{game['game']}", headers=_auth(game["token"])).status_code == 200
        results: list[int] = []
        barrier = threading.Barrier(2)
        threads = [
            threading.Thread(target=_send, args=(client, game, state, i), kwargs={"barrier": barrier, "out": results})
            for i, client in enumerate((first, second))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [200, 409]
        seen = [c.get(f"/api/games/{game['game']}", headers=_auth(game["token"])).json() for c in (first, second)]
        assert seen[0]["version"] == seen[1]["version"] > state["version"]
        assert seen[0]["view"] == seen[1]["view"]
        stored = open_store(database).load(game["game"])  # and the stored log replays, rules checked
        assert len(stored.events) == seen[0]["version"]


def test_idle_games_leave_memory_and_come_back_from_the_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game idle longer than ``idle_seconds`` is dropped from memory, never from the store, and comes back whole.

    The server's clock is the test's (a machine under load must not decide what is idle).
    """
    clock = [1000.0]

    wall, nap = time.time, time.sleep

    class Clock:
        monotonic = staticmethod(lambda: clock[0])
        time = staticmethod(wall)
        sleep = staticmethod(nap)

    monkeypatch.setattr(app_module, "time", Clock)
    client = _client(tmp_path, attrs.evolve(OPEN_LIMITS, idle_seconds=60.0))
    server = client.app.state.server  # type: ignore[attr-defined]
    games = [_create(client) for _ in range(3)]
    states = [_act(client, g, g["state"]).json() for g in games]
    clock[0] += 55.0
    client.get(f"/api/games/{games[0]['game']}", headers=_auth(games[0]["token"]))
    assert server.in_memory() == 3  # nothing idle yet
    clock[0] += 6.0  # games 1 and 2 are now idle for 61 s, game 0 for 6 s (and the last sweep was 6 s ago)
    again = client.get(f"/api/games/{games[0]['game']}", headers=_auth(games[0]["token"])).json()
    assert server.in_memory() == 1  # the two others left memory
    assert again["version"] == states[0]["version"] and again["view"] == states[0]["view"]
    for game, state in zip(games[1:], states[1:], strict=True):
        back = client.get(f"/api/games/{game['game']}", headers=_auth(game["token"])).json()
        assert back["version"] == state["version"] and back["view"] == state["view"]
        assert _act(client, game, back).status_code == 200
    assert server.in_memory() == 3


def test_illegal_and_malformed_actions_change_nothing(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client)
    url = f"/api/games/{game['game']}/actions"
    version = game["state"]["version"]
    closed_arm = {**game["state"]["legal_actions"][0], "end": "N"}  # well formed, not legal now: 409
    bad = client.post(url, json={"action": closed_arm, "version": version}, headers=_auth(game["token"]))
    assert bad.status_code == 409 and bad.json()["error"] == "IllegalActionError"
    for malformed in ({"type": "play", "tile": "9-9"}, {"type": "fly"}, {"tile": "6-6"}, [1], "play"):  # 400
        refused = client.post(url, json={"action": malformed, "version": version}, headers=_auth(game["token"]))
        assert refused.status_code == 400 and refused.json()["error"] == "BadAction", (malformed, refused.text)
    bodies: list[Any] = [{"action": game["state"]["legal_actions"][0]}, {"action": 1, "version": "1"}, [], "x"]
    for body in bodies:
        response = client.post(url, json=body, headers=_auth(game["token"]))
        assert response.status_code == 400, (body, response.text)
    assert _act(client, game, game["state"]).status_code == 200


@pytest.mark.parametrize("since", ["\u00b2", "1" * 5000, "-1", "1.5", ""])
def test_since_that_is_not_a_count_gets_400(tmp_path: Path, since: str) -> None:
    client = _client(tmp_path)
    game = _create(client)
    response = client.get(f"/api/games/{game['game']}", params={"since": since}, headers=_auth(game["token"]))
    assert response.status_code == 400 and response.json()["error"] == "BadRequest"


def test_bodies_are_bounded_typed_and_parsed_without_500(tmp_path: Path) -> None:
    client = _client(tmp_path, ServerConfig(max_body=1000, creations_per_minute=100, allowed_hosts=("testserver",)))
    big = client.post("/api/games", content=b"[" * 5000, headers={"Content-Type": "application/json"})
    assert big.status_code == 413 and big.json()["error"] == "TooLarge"
    plain = client.post("/api/games", content=b'{"variant": "american-sniff"}', headers={"Content-Type": "text/plain"})
    assert plain.status_code == 415
    client = _client(tmp_path)
    nested = client.post("/api/games", content=b"[" * 100_000, headers={"Content-Type": "application/json"})
    assert nested.status_code in (400, 413), nested.text
    assert client.post("/api/games", content=b"\xff", headers={"Content-Type": "application/json"}).status_code == 400


def test_the_server_chooses_the_seed_unless_the_operator_allows_it(tmp_path: Path) -> None:
    client = _client(tmp_path)
    refused = client.post("/api/games", json={"variant": "american-sniff", "seed": 4})
    assert refused.status_code == 400 and "seed" in refused.json()["message"]
    allowing = _client(tmp_path, ServerConfig(allow_seed=True, allowed_hosts=("testserver",)))
    assert allowing.post("/api/games", json={"variant": "american-sniff", "seed": 4}).status_code == 201
    for client in (_client(tmp_path), allowing):  # null is not a seed (the schema says an integer): refused
        nulled = client.post("/api/games", json={"variant": "american-sniff", "seed": None})
        assert nulled.status_code == 400 and "seed" in nulled.json()["message"]


def test_creations_are_limited_per_client(tmp_path: Path) -> None:
    client = _client(tmp_path, ServerConfig(creations_per_minute=3, allowed_hosts=("testserver",)))
    codes = [client.post("/api/games", json={"variant": "american-sniff"}).status_code for _ in range(5)]
    assert codes == [201, 201, 201, 429, 429]
    # the live games are counted in the database: another process on it sees this client's 3
    limited = ServerConfig(live_games_per_client=2, allowed_hosts=("testserver",))
    assert _client(tmp_path, limited).post("/api/games", json={"variant": "american-sniff"}).status_code == 429
    (tmp_path / "fresh").mkdir()
    client = _client(tmp_path / "fresh", limited)
    codes = [client.post("/api/games", json={"variant": "american-sniff"}).status_code for _ in range(3)]
    assert codes == [201, 201, 429]


def test_hosts_and_headers(tmp_path: Path) -> None:
    client = _client(tmp_path)
    response = client.get("/api/variants")
    assert response.status_code == 200
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert client.get("/api/variants", headers={"Host": "evil.example"}).status_code == 400
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and missing.json()["error"] == "HTTPError"


def test_bad_creations_get_400(tmp_path: Path) -> None:
    client = _client(tmp_path)
    for body in (
        {"variant": "no-such-game"},
        {"variant": "american-sniff", "options": {"players": 9}},
        {"variant": "american-sniff", "options": {"players": 2}, "seats": ["me", "me"]},
        {"variant": "american-sniff", "options": {"players": 2}, "seats": ["me", "nobody"]},
        {"variant": "american-sniff", "extra": 1},
        {"variant": "four-point-smear", "options": {"target": 10**15}},
    ):
        response = client.post("/api/games", json=body)
        assert response.status_code == 400, (body, response.text)


def test_the_lobby_and_joining_a_seat(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client, seats=["me", "open"])
    lobby = client.get("/api/lobby").json()["games"]
    assert [(g["game"], g["open_seats"]) for g in lobby] == [(game["game"], [1])]
    joined = client.post(f"/api/games/{game['game']}/join", json={"seat": 1})
    assert joined.status_code == 201
    other = joined.json()
    assert client.post(f"/api/games/{game['game']}/join", json={"seat": 1}).status_code == 409
    assert client.get("/api/lobby").json()["games"] == []
    states = {
        0: client.get(f"/api/games/{game['game']}", headers=_auth(game["token"])).json(),
        1: client.get(f"/api/games/{game['game']}", headers=_auth(other["token"])).json(),
    }
    players = {0: game, 1: other}
    for _ in range(6):  # the two people take turns
        mover = states[0]["current_player"]
        response = _act(client, players[mover], states[mover])
        assert response.status_code == 200, response.text
        for seat in (0, 1):
            states[seat] = client.get(f"/api/games/{game['game']}", headers=_auth(players[seat]["token"])).json()


def test_a_restarted_server_continues_every_game(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client)
    state = _act(client, game, game["state"]).json()
    restarted = _client(tmp_path)  # a new process's app on the same file
    again = restarted.get(f"/api/games/{game['game']}", headers=_auth(game["token"])).json()
    assert again["version"] == state["version"] and again["view"] == state["view"]
    assert _act(restarted, game, again).status_code == 200
    assert _act(client, game, again).status_code == 409  # the first one's copy was stale, and knows it


def test_bots_catch_up_on_a_game_stopped_between_a_persons_move_and_theirs(tmp_path: Path) -> None:
    """A server killed after it committed the person's move and before the bots' leaves the bots to move:
    the next server to load the game plays them, and the person's turn comes back."""
    client = _client(tmp_path)
    game = _create(client)
    assert game["state"]["current_player"] == 0
    store = SqliteStore(tmp_path / "games.db")
    stored = store.load(game["game"])  # the person's move, committed alone, as a killed server left it
    seen = len(stored.events)
    stored.apply(stored.legal_actions()[0], seat=0)
    store.append(game["game"], seen, stored.events[seen:], finished=stored.is_over)
    assert stored.current_player == 1
    restarted = _client(tmp_path)
    again = restarted.get(f"/api/games/{game['game']}", headers=_auth(game["token"])).json()
    assert again["current_player"] == 0 and again["version"] > len(stored.events)
    assert store.record(game["game"]).events == again["version"]  # the bots' moves are committed
    assert _act(restarted, game, again).status_code == 200


def _messages(text: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for block in text.strip().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if not line.startswith(":"))
        if fields:
            out.append((fields["event"], json.loads(fields["data"])))
    return out


def test_the_event_stream_of_a_finished_game_sends_every_event_then_ends(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client)
    state = game["state"]
    while not state["is_over"]:
        state = _act(client, game, state).json()
    url = f"/api/games/{game['game']}/events"
    with client.stream("GET", url, headers=_auth(game["token"])) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        messages = _messages(response.read().decode())
    events = [m for kind, m in messages if kind == "event"]
    assert [m["index"] for m in events] == list(range(state["version"]))
    fetched = client.get(f"/api/games/{game['game']}?since=0", headers=_auth(game["token"])).json()
    assert [m["event"] for m in events] == fetched["events"]
    assert messages[-1] == (
        "version",
        {"version": state["version"], "current_player": None, "is_over": True, "scores": state["scores"]},
    )
    with client.stream("GET", f"{url}?since={state['version'] - 2}", headers=_auth(game["token"])) as response:
        tail = [m for kind, m in _messages(response.read().decode()) if kind == "event"]
    assert [m["index"] for m in tail] == [state["version"] - 2, state["version"] - 1]


def test_the_event_stream_needs_the_seat_token(tmp_path: Path) -> None:
    client = _client(tmp_path)
    game = _create(client)
    url = f"/api/games/{game['game']}/events"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=_auth("nope")).status_code == 403
    assert client.get(f"{url}?since=\u00b2", headers=_auth(game["token"])).status_code == 400


def _finish(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    state: dict[str, Any] = game["state"]
    while not state["is_over"]:
        state = _act(client, game, state).json()
    return state


def test_a_finished_game_exports_a_signed_log_that_imports_again(tmp_path: Path) -> None:
    key = b"an operator's signing key, 32 b"
    config = attrs.evolve(OPEN_LIMITS, signing_key=key)
    client = _client(tmp_path, config)
    game = _create(client)
    url = f"/api/games/{game['game']}/log"
    assert client.get(url, headers=_auth(game["token"])).status_code == 409  # not over: it shows every hand
    state = _finish(client, game)
    assert client.get(url).status_code == 401
    exported = client.get(url, headers=_auth(game["token"]))
    assert exported.status_code == 200
    signed = exported.json()["signed_log"]
    log = verify_log(signed, {"tablegames-server": key})
    assert len(log.events) == state["version"]
    (tmp_path / "other").mkdir()
    other = _client(tmp_path / "other", config)  # another server with the same key
    imported = other.post("/api/logs", json={"signed_log": signed})
    assert imported.status_code == 201, imported.text
    assert imported.json()["version"] == state["version"] and imported.json()["is_over"]


def test_unsigned_and_forged_logs_are_refused(tmp_path: Path) -> None:
    """The finding of the issue: a log whose first deal was stacked, or whose seed changed, is refused."""
    key = b"an operator's signing key, 32 b"
    client = _client(tmp_path, ServerConfig(signing_key=key, allowed_hosts=("testserver",)))
    game = tablegames.new_game("american-sniff", seed=4, players=2)
    forged_elsewhere = sign_log(game.log(), b"somebody else's key, long enough", key_id="tablegames-server")
    refused = client.post("/api/logs", json={"signed_log": forged_elsewhere})
    assert refused.status_code == 403 and refused.json()["error"] == "SignatureError"
    honest = sign_log(game.log(), key, key_id="tablegames-server")
    changed_seed = honest.replace('"seed":4', '"seed":5')
    assert client.post("/api/logs", json={"signed_log": changed_seed}).status_code == 403
    unsigned = tablegames.dumps(game.log())
    assert client.post("/api/logs", json={"signed_log": unsigned}).status_code == 403
    assert client.post("/api/logs", json={"log": unsigned}).status_code == 400
    accepted = client.post("/api/logs", json={"signed_log": honest})
    assert accepted.status_code == 201
    lobby = client.get("/api/lobby").json()["games"]
    assert [g["open_seats"] for g in lobby if g["game"] == accepted.json()["game"]] == [[0, 1]]
