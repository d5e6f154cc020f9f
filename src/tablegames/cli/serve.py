"""``tablegames serve``: the game server (:mod:`tablegames.server`) over a database, with uvicorn."""

from __future__ import annotations

import copy
import importlib.util
import logging
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from tablegames.cli.errors import CommandError

__all__ = ["DEFAULT_DB", "parse_limit", "run_serve", "signing_key"]

DEFAULT_DB = "sqlite:///tablegames.db"
"""The database ``tablegames serve`` uses unless ``--db`` names one: an SQLite file here."""


def signing_key(path: str | None) -> bytes | None:
    """The signing key kept in the file ``path``, made (32 random bytes, readable by its owner only) if missing.

    Raises:
        CommandError: if the file holds fewer than 16 bytes.

    """
    if path is None:
        return None
    file = Path(path)
    if not file.exists():
        file.touch(mode=0o600)
        file.write_bytes(secrets.token_bytes(32))
    key = file.read_bytes()
    if len(key) < 16:
        raise CommandError(f"the key file {path} holds {len(key)} bytes; a signing key needs at least 16")
    return key


def parse_limit(text: str, limits: Sequence[tuple[str, type]]) -> tuple[str, int | float]:
    """A ``--limit NAME=VALUE`` flag's name and value, checked against ``limits`` (each field's name and type).

    Raises:
        CommandError: for a name not in ``limits``, or a value that is not a positive number of its type.

    """
    name, _, value = text.partition("=")
    kinds = dict(limits)
    kind = kinds.get(name.strip().replace("-", "_"))
    if kind is None:
        raise CommandError(f"--limit {name[:40]!r}: not a limit; the limits are {', '.join(sorted(kinds))}")
    try:
        number = kind(value)
    except ValueError:
        number = None
    if number is None or not 0 < number < float("inf"):
        raise CommandError(f"--limit {name.strip()}: {value[:40]!r} is not a positive {kind.__name__}")
    return name.strip().replace("-", "_"), number


class _PathOnly(logging.Filter):
    """Takes the query out of uvicorn's access log lines: the path stays, its query does not.

    A query may carry what a client should not have put there (a token), and the server
    refuses every query but ``since``; what was refused should not be written down.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep ``record``, with the path of its request (its third argument) cut at ``?``."""
        args = record.args
        if isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str) and "?" in args[2]:
            record.args = (*args[:2], args[2].split("?", 1)[0] + "?…", *args[3:])
        return True


def _log_config() -> dict[str, Any]:
    """Uvicorn's logging, with :class:`_PathOnly` on the access log."""
    from uvicorn.config import LOGGING_CONFIG  # noqa: PLC0415 - the server extra, imported when serving

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["path_only"] = {"()": f"{__name__}._PathOnly"}
    config["loggers"]["uvicorn.access"]["filters"] = ["path_only"]
    return config


def run_serve(
    *,
    db: str,
    host: str,
    port: int,
    allowed_hosts: Sequence[str],
    allow_seed: bool,
    out: TextIO,
    key_file: str | None = None,
    limits: Mapping[str, Any] | None = None,
    limit_flags: Sequence[str] = (),
    trusted_proxies: Sequence[str] = (),
) -> int:
    """Serve the API on ``host:port`` over the store ``db`` until interrupted; the exit status.

    ``limit_flags`` are ``--limit NAME=VALUE`` flags, for any number field of
    :class:`~tablegames.server.app.ServerConfig`. The client a request counts to is its peer's
    address; ``X-Forwarded-For`` is read only from the ``trusted_proxies`` (addresses or
    networks) the operator names, never by default, so a client cannot choose what it counts
    as. The access log holds no query strings.

    Raises:
        CommandError: if the ``server`` extra is not installed, ``db`` names no store, or a
            ``limit_flags`` flag names no limit or no positive number.

    """
    if importlib.util.find_spec("uvicorn") is None or importlib.util.find_spec("starlette") is None:
        raise CommandError("tablegames serve needs the server extra: pip install 'tablegames[server]'")
    # the server extra is optional: only this command imports it, and only when run
    import uvicorn  # noqa: PLC0415

    from tablegames.server.app import ServerConfig, create_app  # noqa: PLC0415
    from tablegames.server.storage import open_store  # noqa: PLC0415

    numbers = [(f.name, f.type) for f in attrs.fields(ServerConfig) if f.type in ("int", "float", int, float)]
    kinds = [(name, int if kind in ("int", int) else float) for name, kind in numbers]
    limits = {**(limits or {}), **dict(parse_limit(text, kinds) for text in limit_flags)}
    try:
        store = open_store(db)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    hosts = tuple(dict.fromkeys([*allowed_hosts, host, "127.0.0.1", "localhost", "::1"]))
    config = ServerConfig(allowed_hosts=hosts, allow_seed=allow_seed, signing_key=signing_key(key_file), **limits)
    app = create_app(store, config)
    out.write(
        f"tablegames serve: games in {db}; the page on http://{host}:{port}/, the API under /api/"
        f" (hosts: {', '.join(hosts)})\n"
    )
    out.flush()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="info",
        log_config=_log_config(),
        proxy_headers=bool(trusted_proxies),
        forwarded_allow_ips=list(trusted_proxies) or None,
    )
    return 0
