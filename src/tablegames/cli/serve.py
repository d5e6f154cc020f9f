"""``tablegames serve``: the game server (:mod:`tablegames.server`) over a database, with uvicorn."""

from __future__ import annotations

import importlib.util
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from tablegames.cli.errors import CommandError

__all__ = ["DEFAULT_DB", "run_serve", "signing_key"]

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
) -> int:
    """Serve the API on ``host:port`` over the store ``db`` until interrupted; the exit status.

    Raises:
        CommandError: if the ``server`` extra is not installed, or ``db`` names no store.

    """
    if importlib.util.find_spec("uvicorn") is None or importlib.util.find_spec("starlette") is None:
        raise CommandError("tablegames serve needs the server extra: pip install 'tablegames[server]'")
    # the server extra is optional: only this command imports it, and only when run
    import uvicorn  # noqa: PLC0415

    from tablegames.server.app import ServerConfig, create_app  # noqa: PLC0415
    from tablegames.server.storage import open_store  # noqa: PLC0415

    try:
        store = open_store(db)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    hosts = tuple(dict.fromkeys([*allowed_hosts, host, "127.0.0.1", "localhost", "::1"]))
    config = ServerConfig(
        allowed_hosts=hosts, allow_seed=allow_seed, signing_key=signing_key(key_file), **(limits or {})
    )
    app = create_app(store, config)
    out.write(
        f"tablegames serve: games in {db}; the page on http://{host}:{port}/, the API under /api/"
        f" (hosts: {', '.join(hosts)})\n"
    )
    out.flush()
    uvicorn.run(app, host=host, port=port, log_level="info")
    return 0
