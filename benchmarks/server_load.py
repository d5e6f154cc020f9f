"""A bounded load on ``tablegames serve`` over loopback: many games at once, then a kill -9 and a restart.

Starts the server on a fresh SQLite file, plays ``--games`` two-player Sniff games against its
greedy bot concurrently (each client acts, waits for the answer, acts again), and prints the
actions per second, the p50 and p99 latency of an action and the server's memory (RSS) before
and after. With ``--kill``, it kills the server with SIGKILL halfway, restarts it on the same
file, and checks that every acknowledged action is there and every game goes on. A measurement,
not a test (the suite runs short versions of the same checks).

    .venv/bin/python benchmarks/server_load.py [--games 200] [--actions 10] [--kill]
"""

from __future__ import annotations

import argparse
import asyncio
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


def _start(db: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "tablegames", "serve", "--db", f"sqlite:///{db}", "--port", str(port)]
    # the load comes from one address, so the per-client limits are lifted for it
    command += ["--creations-per-minute", "100000", "--live-games", "100000"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(400):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/variants", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start")


async def _play(client: httpx.AsyncClient, game: dict[str, Any], actions: int, latencies: list[float]) -> int:
    """Play up to ``actions`` of the person's actions; the version acknowledged last."""
    state = game["state"]
    headers = {"Authorization": f"Bearer {game['token']}"}
    for _ in range(actions):
        if state["is_over"]:
            break
        body = {"action": state["legal_actions"][0], "version": state["version"]}
        start = time.perf_counter()
        response = await client.post(f"/api/games/{game['game']}/actions", json=body, headers=headers)
        latencies.append(time.perf_counter() - start)
        response.raise_for_status()
        state = response.json()
    game["state"] = state
    return int(state["version"])


async def _round(port: int, games: list[dict[str, Any]], actions: int) -> tuple[float, list[float], dict[str, int]]:
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=len(games) + 10)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120, limits=limits) as client:
        start = time.perf_counter()
        versions = await asyncio.gather(*(_play(client, g, actions, latencies) for g in games))
        elapsed = time.perf_counter() - start
    return elapsed, latencies, {g["game"]: v for g, v in zip(games, versions, strict=True)}


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


def main() -> None:
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
        elapsed, latencies, acked = asyncio.run(_round(port, games, args.actions))
        _report(f"{args.games} games at once", elapsed, latencies)
        print(f"server memory: {before / 1024:.0f} MiB before, {_rss_kib(server.pid) / 1024:.0f} MiB after")
        if args.kill:
            server.send_signal(signal.SIGKILL)
            server.wait(timeout=30)
            server = _start(db, port)
            lost = 0
            for game in games:
                got = httpx.get(
                    f"http://127.0.0.1:{port}/api/games/{game['game']}",
                    headers={"Authorization": f"Bearer {game['token']}"},
                    timeout=60,
                ).json()
                lost += got["version"] < acked[game["game"]]
                game["state"] = got
            print(f"after kill -9 and a restart: {lost} of {len(games)} games lost an acknowledged action")
            elapsed, latencies, _ = asyncio.run(_round(port, games, args.actions))
            _report("every game going on after the restart", elapsed, latencies)
    finally:
        server.kill()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
