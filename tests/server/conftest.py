"""A real PostgreSQL server for the store's tests: started once in a temporary folder, on loopback.

Debian's package puts its programs in ``/usr/lib/postgresql/<version>/bin``; ``make test``
installs it where it can. As root, the server runs as the ``postgres`` user the package
creates (PostgreSQL refuses to run as root). Where PostgreSQL is not installed, the tests that
need it skip, saying so in one line.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest


def _bin() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def postgres_cluster() -> Iterator[PostgresCluster]:
    """A PostgreSQL server of its own, in a temporary folder, on loopback, removed at the end (else a skip)."""
    bindir = _bin()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (no initdb): the PostgreSQL store's tests skip")
    data = Path(tempfile.mkdtemp(prefix="tablegames-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(data, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    subprocess.run(
        [*prefix, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "tablegames"],
        check=True,
        capture_output=True,
        timeout=120,
    )
    cluster = PostgresCluster(bindir, data, prefix, _port())
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(data, ignore_errors=True)


@attrs.define
class PostgresCluster:
    """A PostgreSQL server a test started: its URL, and a way to stop and start it again."""

    bindir: Path
    data: Path
    prefix: list[str]
    port: int

    @property
    def url(self) -> str:
        """The URL of its ``postgres`` database."""
        return f"postgresql://tablegames@127.0.0.1:{self.port}/postgres"

    def _ctl(self, *args: str, check: bool) -> None:
        subprocess.run(
            [*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.data), *args],
            check=check,
            capture_output=True,
            timeout=120,
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1"
        self._ctl("-o", options, "-w", "-l", str(self.data / "log"), "start", check=True)

    def stop(self) -> None:
        self._ctl("-m", "immediate", "-w", "stop", check=False)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server started for this test run (its ``postgres`` database)."""
    with postgres_cluster() as cluster:
        yield cluster.url


@pytest.fixture
def postgres_url(postgres_server: str, request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh, empty database on the test run's PostgreSQL server, dropped after the test."""
    import psycopg

    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name.lower())[:50]
    with psycopg.connect(postgres_server, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        db.execute(f'CREATE DATABASE "{name}"')
    url = postgres_server.rsplit("/", 1)[0] + "/" + name
    yield url
    with psycopg.connect(postgres_server, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
