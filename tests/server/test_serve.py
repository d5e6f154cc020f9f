"""``tablegames serve``: a real server process on loopback, its games kept across a kill -9."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _start(db: Path, port: int, *flags: str) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "tablegames", "serve", "--db", f"sqlite:///{db}", "--port", str(port), *flags],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/variants", timeout=1).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start")


def _call(port: int, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX")
def test_serve_keeps_every_acknowledged_action_across_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    port = _port()
    server = _start(db, port)
    try:
        games = []
        for _ in range(3):
            status, created = _call(port, "/api/games", {"variant": "american-sniff", "options": {"players": 2}})
            assert status == 201
            games.append(created)
        acked: dict[str, int] = {}
        for _ in range(5):
            for game in games:
                state = game["state"]
                if state["is_over"]:
                    continue
                status, new = _call(
                    port,
                    f"/api/games/{game['game']}/actions",
                    {"action": state["legal_actions"][0], "version": state["version"]},
                    game["token"],
                )
                assert status == 200, new
                game["state"] = new
                acked[game["game"]] = new["version"]
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
        server = _start(db, port)
        for game in games:
            status, state = _call(port, f"/api/games/{game['game']}?since=0", token=game["token"])
            assert status == 200
            assert state["version"] == acked[game["game"]]
            assert state["view"] == game["state"]["view"]
            if not state["is_over"]:
                status, _ = _call(
                    port,
                    f"/api/games/{game['game']}/actions",
                    {"action": state["legal_actions"][0], "version": state["version"]},
                    game["token"],
                )
                assert status == 200
    finally:
        server.kill()
        server.wait(timeout=30)


def test_serve_without_a_store_it_knows_says_so(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tablegames", "serve", "--db", "mysql://localhost/x"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "no store for 'mysql'" in result.stderr


def test_the_event_stream_pushes_another_seats_move_as_it_happens(tmp_path: Path) -> None:
    port = _port()
    server = _start(tmp_path / "games.db", port)
    try:
        status, game = _call(
            port, "/api/games", {"variant": "american-sniff", "options": {"players": 2}, "seats": ["me", "open"]}
        )
        assert status == 201
        status, other = _call(port, f"/api/games/{game['game']}/join", {"seat": 1})
        assert status == 201
        tokens = {0: game["token"], 1: other["token"]}
        state = game["state"]
        mover = state["current_player"]
        watcher = 1 - mover
        status, state = _call(port, f"/api/games/{game['game']}", token=tokens[mover])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request(
            "GET",
            f"/api/games/{game['game']}/events?since={state['version']}",
            headers={"Authorization": f"Bearer {tokens[watcher]}"},
        )
        stream = connection.getresponse()
        assert stream.status == 200
        assert stream.readline().startswith(b"event: version")  # where the stream starts
        stream.readline(), stream.readline()
        status, after = _call(
            port,
            f"/api/games/{game['game']}/actions",
            {"action": state["legal_actions"][0], "version": state["version"]},
            tokens[mover],
        )
        assert status == 200
        lines = [stream.readline() for _ in range(3)]
        assert lines[0] == f"id: {state['version']}\n".encode()
        data = json.loads(lines[2].removeprefix(b"data: "))
        assert data["index"] == state["version"] and data["event"] == after["events"][0]
        connection.close()
    finally:
        server.kill()
        server.wait(timeout=30)


def test_a_key_file_is_made_once_and_kept(tmp_path: Path) -> None:
    from tablegames.cli.errors import CommandError
    from tablegames.cli.serve import signing_key

    path = tmp_path / "key"
    key = signing_key(str(path))
    assert key is not None and len(key) == 32
    assert path.stat().st_mode & 0o777 == 0o600
    assert signing_key(str(path)) == key
    assert signing_key(None) is None
    path.write_bytes(b"short")
    with pytest.raises(CommandError, match="at least 16"):
        signing_key(str(path))


def test_serve_takes_its_limits_from_flags(tmp_path: Path) -> None:
    port = _port()
    server = _start(tmp_path / "games.db", port, "--creations-per-minute", "2", "--max-body", "200")
    try:
        body = {"variant": "american-sniff", "options": {"players": 2}}
        codes = [_call(port, "/api/games", body)[0] for _ in range(3)]
        assert codes == [201, 201, 429]
        status, refused = _call(port, "/api/games", {"variant": "x" * 300})
        assert status == 413 and refused["error"] == "TooLarge"
    finally:
        server.kill()
        server.wait(timeout=30)
