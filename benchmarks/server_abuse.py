"""What one abusive client costs everyone else on the game server (a benchmark, not a test).

Two measurements, each printed as a table:

* **Creations as one client's unfinished games grow.** The median time of a new game through
  the API (in process) while the same client holds 10, 200 and 810 unfinished games, on SQLite
  (and on PostgreSQL with ``--postgres URL``).
* **A CPU flood.** ``tablegames serve`` on loopback; one client (``127.0.0.1``) plays
  ``--games`` Smear games against three ``ismcts`` bots each, as fast as it is answered; another
  (``127.0.0.2``) fetches its own game every 50 ms. Its fetch times, quiet and during the flood,
  and what the flooding client got (answers by status).

It uses only what every release of the server takes, so the same script measures an older tree
(``PYTHONPATH=../old/src python benchmarks/server_abuse.py``) beside this one.

Usage: python benchmarks/server_abuse.py [--games 20] [--seconds 20] [--postgres URL]
"""

from __future__ import annotations

import argparse
import collections
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.serving import SNIFF_2P, call, serving

from tablegames.server.app import ServerConfig, create_app
from tablegames.server.storage import open_store


def _ms(seconds: list[float], q: float) -> str:
    ordered = sorted(seconds)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f}"


def creations(url: str, label: str) -> None:
    config = ServerConfig(creations_per_minute=100_000, live_games_per_client=100_000, allowed_hosts=("testserver",))
    client = TestClient(create_app(open_store(url), config))
    held = 0
    print(f"\ncreations on {label}: median and p90 of 20, ms")
    for size in (10, 200, 810):
        while held < size:
            assert client.post("/api/games", json=SNIFF_2P).status_code == 201
            held += 1
        times = []
        for _ in range(20):
            start = time.perf_counter()
            assert client.post("/api/games", json=SNIFF_2P).status_code == 201
            times.append(time.perf_counter() - start)
            held += 1
        print(f"  {size:>4} unfinished games: {_ms(times, 0.5):>7} {_ms(times, 0.9):>7}")


def flood(games: int, seconds: float) -> None:
    smear = {"variant": "four-point-smear", "seats": ["me", "ismcts", "ismcts", "ismcts"]}
    answers: collections.Counter[int] = collections.Counter()
    stop = threading.Event()
    folder = tempfile.mkdtemp(prefix="tablegames-abuse-")
    with serving(Path(folder) / "g.db", "--creations-per-minute", "1000") as port:

        def play(game: dict[str, Any]) -> None:
            state = game["state"]
            while not stop.is_set() and not state["is_over"]:
                body = {"action": state["legal_actions"][0], "version": state["version"]}
                status, answer, _ = call(port, f"/api/games/{game['game']}/actions", body, game["token"])
                answers[status] += 1
                if status == 200:
                    state = answer
                else:
                    time.sleep(0.05)

        def fetches(game: dict[str, Any], duration: float) -> list[float]:
            times, ends = [], time.monotonic() + duration
            while time.monotonic() < ends:
                start = time.perf_counter()
                status, _, _ = call(port, f"/api/games/{game['game']}", token=game["token"], source="127.0.0.2")
                times.append(time.perf_counter() - start)
                assert status == 200
                time.sleep(0.05)
            return times

        mine = call(port, "/api/games", SNIFF_2P, source="127.0.0.2")[1]
        quiet = fetches(mine, 3)
        made = [g for s, g, _ in (call(port, "/api/games", smear) for _ in range(games)) if s == 201]
        threads = [threading.Thread(target=play, args=(g,)) for g in made]
        for thread in threads:
            thread.start()
        loaded = fetches(mine, seconds)
        stop.set()
        for thread in threads:
            thread.join()
    shutil.rmtree(folder, ignore_errors=True)
    print(f"\nCPU flood: {len(made)} Smear games against 3 ismcts bots from one client, {seconds:g} s")
    print(f"  another client's GET, quiet:       p50 {_ms(quiet, 0.5):>7} ms  p95 {_ms(quiet, 0.95):>7} ms")
    print(f"  another client's GET, under flood: p50 {_ms(loaded, 0.5):>7} ms  p95 {_ms(loaded, 0.95):>7} ms")
    print(f"  the flooding client's answers: {dict(sorted(answers.items()))}")
    print(f"  ratio of p50s (flood / quiet): {statistics.median(loaded) / statistics.median(quiet):.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--postgres", default=None, metavar="URL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        creations(f"sqlite:///{folder}/c.db", "SQLite")
    if args.postgres:
        creations(args.postgres, "PostgreSQL")
    flood(args.games, args.seconds)


if __name__ == "__main__":
    main()
