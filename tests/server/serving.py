"""A real ``tablegames serve`` process on loopback, and calls to it from any loopback address.

Linux answers every address of ``127.0.0.0/8`` on the loopback device, so a test plays several
clients by binding its sockets to ``127.0.0.2``, ``127.0.0.3``... (:func:`call`'s ``source``).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

SNIFF_2P = {"variant": "american-sniff", "options": {"players": 2}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(db: Path | str, port: int, *flags: str, log: IO[bytes] | None = None) -> subprocess.Popen[bytes]:
    """``tablegames serve`` on ``port`` over ``db`` (an SQLite file, or a store URL), once it answers."""
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    process = subprocess.Popen(
        [sys.executable, "-m", "tablegames", "serve", "--db", url, "--port", str(port), *flags],
        stdout=log if log is not None else subprocess.DEVNULL,  # uvicorn's access log
        stderr=log if log is not None else subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/variants", timeout=1).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start")


@contextlib.contextmanager
def serving(db: Path | str, *flags: str, log: IO[bytes] | None = None) -> Iterator[int]:
    """A server for the block; its port. It is killed at the end, whatever happened."""
    port = free_port()
    process = start(db, port, *flags, log=log)
    try:
        yield port
    finally:
        process.kill()
        process.wait(timeout=30)


def call(
    port: int,
    path: str,
    body: Any = None,
    token: str | None = None,
    *,
    source: str = "127.0.0.1",
    headers: dict[str, str] | None = None,
) -> tuple[int, Any, dict[str, str]]:
    """A request from ``source``: its status, its JSON body and its headers (names in lower case)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    try:
        data = None if body is None else json.dumps(body).encode()
        connection.request("GET" if body is None else "POST", path, body=data, headers=sent)
        response = connection.getresponse()
        text = response.read()
        return response.status, json.loads(text) if text else None, {k.lower(): v for k, v in response.getheaders()}
    finally:
        connection.close()


def open_stream(
    port: int, game: str, token: str, *, source: str = "127.0.0.1"
) -> tuple[int, http.client.HTTPConnection]:
    """Open a seat's event stream from ``source`` and hold it: the status, and the connection to close."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    connection.request("GET", f"/api/games/{game}/events", headers={"Authorization": f"Bearer {token}"})
    response = connection.getresponse()
    if response.status != 200:
        response.read()
    return response.status, connection
