"""A bounded load on ``tablegames serve`` over loopback: many games at once, then a kill -9 and a restart.

Starts the server on a fresh SQLite file, plays ``--games`` two-player Sniff games against its
greedy bot concurrently (each client acts, waits for the answer, acts again), and prints the
actions per second, the p50 and p99 latency of an action and the server's memory (RSS) before
and after. With ``--kill``, it then plays a second round and kills the server with SIGKILL in
the middle of it (once half of that round's actions are acknowledged, with requests in
flight), restarts it on the same file, and checks that every acknowledged action is there and
that every game goes on. It exits with status 1 if an acknowledged action was lost or a game
could not go on. A measurement (``tests/server/test_load.py`` runs a short version as a test).

    .venv/bin/python benchmarks/server_load.py [--games 200] [--actions 10] [--kill]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "tablegames", "serve", "--db", f"sqlite:///{db}", "--port", str(port)]
    # the load comes from one address, so the per-client limits are lifted for it
    command += ["--creations-per-minute", "100000", "--live-games", "100000"]
    for limit in ("actions_per_second", "actions_burst", "bot_requests_per_client", "bot_queue"):
        command += ["--limit", f"{limit}=100000"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(400):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/variants", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start")


class _Connection:
    """One kept-alive HTTP/1.1 connection per simulated client: a small asyncio client, light enough
    that the measurement is of the server (httpx's pool cost the client more CPU than the server)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def post(self, path: str, body: Any, token: str) -> dict[str, Any]:
        """POST ``body`` as JSON with the seat's token; the JSON answer (``OSError`` if not 200)."""
        if self.streams is None:
            self.streams = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = self.streams
        data = json.dumps(body).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        writer.write(head.encode() + data)
        await writer.drain()
        status = await reader.readline()
        length = 0
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        answer = await reader.readexactly(length)
        if not status.startswith(b"HTTP/1.1 200"):
            raise OSError(f"{status.decode().strip()}: {answer[:200]!r}")
        result: dict[str, Any] = json.loads(answer)
        return result

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()


async def _play(port: int, game: dict[str, Any], actions: int, latencies: list[float], *, dying: bool = False) -> None:
    """Play up to ``actions`` of the person's actions, keeping in ``game["acked"]`` the version last acknowledged.

    With ``dying``, a failed request (the server was killed) ends the game's round quietly.
    """
    state = game["state"]
    connection = _Connection(port)
    try:
        for _ in range(actions):
            if state["is_over"]:
                break
            body = {"action": state["legal_actions"][0], "version": state["version"]}
            start = time.perf_counter()
            try:
                state = await connection.post(f"/api/games/{game['game']}/actions", body, game["token"])
            except (OSError, asyncio.IncompleteReadError, ValueError):
                if dying:
                    return
                raise
            latencies.append(time.perf_counter() - start)
            game["state"], game["acked"] = state, state["version"]
    finally:
        connection.close()


async def _round(port: int, games: list[dict[str, Any]], actions: int) -> tuple[float, list[float]]:
    latencies: list[float] = []
    start = time.perf_counter()
    await asyncio.gather(*(_play(port, g, actions, latencies) for g in games))
    return time.perf_counter() - start, latencies


async def _round_killed(port: int, games: list[dict[str, Any]], actions: int, server: subprocess.Popen[bytes]) -> int:
    """A round in which the server is killed with SIGKILL once half its actions are acknowledged; how many were."""
    latencies: list[float] = []
    players = [asyncio.create_task(_play(port, g, actions, latencies, dying=True)) for g in games]
    while len(latencies) < len(games) * actions // 2 and not all(p.done() for p in players):
        await asyncio.sleep(0.005)
    server.send_signal(signal.SIGKILL)
    await asyncio.gather(*players)
    return len(latencies)


async def _create(port: int, count: int) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
        body = {"variant": "american-sniff", "options": {"players": 2}}
        responses = [await client.post("/api/games", json=body) for _ in range(count)]
    for response in responses:
        response.raise_for_status()
    return [r.json() for r in responses]


def _report(label: str, elapsed: float, latencies: list[float]) -> None:
    cuts = statistics.quantiles(latencies, n=100)
    print(
        f"{label}: {len(latencies)} actions in {elapsed:.1f} s = {len(latencies) / elapsed:.0f} actions/s; "
        f"latency p50 {1000 * cuts[49]:.1f} ms, p99 {1000 * cuts[98]:.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--actions", type=int, default=10, help="actions per game in each half")
    parser.add_argument("--kill", action="store_true", help="kill -9 the server halfway and restart it")
    args = parser.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    folder = Path(tempfile.mkdtemp(prefix="tablegames-load-"))
    db, port = folder / "games.db", _port()
    server = _start(db, port)
    try:
        before = _rss_kib(server.pid)
        games = asyncio.run(_create(port, args.games))
        cpu = _cpu_seconds(server.pid)
        elapsed, latencies = asyncio.run(_round(port, games, args.actions))
        _report(f"{args.games} games at once", elapsed, latencies)
        print(f"server CPU: {1000 * (_cpu_seconds(server.pid) - cpu) / max(1, len(latencies)):.1f} ms per action")
        print(f"server memory: {before / 1024:.0f} MiB before, {_rss_kib(server.pid) / 1024:.0f} MiB after")
        if not args.kill:
            return 0
        acked = asyncio.run(_round_killed(port, games, args.actions, server))
        server.wait(timeout=30)
        server = _start(db, port)
        lost = 0
        for game in games:
            got = httpx.get(
                f"http://127.0.0.1:{port}/api/games/{game['game']}",
                headers={"Authorization": f"Bearer {game['token']}"},
                timeout=60,
            ).json()
            lost += got["version"] < game.get("acked", 0)
            game["state"] = got
        print(
            f"killed with SIGKILL mid-round after {acked} acknowledged actions; after a restart, "
            f"{lost} of {len(games)} games lost an acknowledged action"
        )
        restored = {g["game"]: g["state"]["version"] for g in games}
        elapsed, latencies = asyncio.run(_round(port, games, args.actions))
        going_on = sum(1 for g in games if g["state"]["is_over"] or g["state"]["version"] > restored[g["game"]])
        _report("every game going on after the restart", elapsed, latencies)
        print(f"{going_on} of {len(games)} games went on after the restart")
        return 0 if lost == 0 and going_on == len(games) else 1
    finally:
        server.kill()
        server.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
