"""Your own web application with the tablegames server inside it.

The game server (:mod:`tablegames.server`: its API and its page) is an ASGI application, so it
mounts under any path of a larger Starlette application, beside that application's own routes.
Here the site has a home page of its own at ``/`` and the tables at ``/tables/``; the games
are kept in an SQLite file (or in PostgreSQL, given a ``postgresql://`` URL).

Run it with::

    uvicorn --app-dir examples/web --factory tablegames_web.app:create_app --port 8000

and open http://127.0.0.1:8000/.
"""

from __future__ import annotations

import os

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route

from tablegames.server.app import ServerConfig
from tablegames.server.app import create_app as create_game_server
from tablegames.server.storage import open_store

__all__ = ["create_app"]

HOME = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The club's web site</title></head>
<body><h1>The club</h1><p>Our tables are <a href="tables/">here</a>.</p></body></html>
"""
"""The site's own home page (anything the embedding application serves itself)."""


async def home(request: Request) -> Response:
    """The site's own page, which links to the tables."""
    return HTMLResponse(HOME)


def create_app(db: str | None = None) -> Starlette:
    """The site: its home page at ``/`` and the game server (API and page) at ``/tables/``.

    Args:
        db: where the games are kept (an SQLite path or URL, or a PostgreSQL URL); by default
            the ``TABLES_DB`` environment variable, else ``tables.db`` in the working folder.

    """
    store = open_store(db or os.environ.get("TABLES_DB", "tables.db"))
    tables = create_game_server(store, ServerConfig(creations_per_minute=30))
    return Starlette(routes=[Route("/", home), Mount("/tables", tables)])
