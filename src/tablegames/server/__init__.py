"""A game server for front ends: games kept in a database as their event logs (the ``server`` extra).

:mod:`tablegames.server.storage` keeps the games (SQLite or PostgreSQL),
:mod:`tablegames.server.app` is the HTTP API and serves the page, and
:mod:`tablegames.server.openapi` describes the API. ``tablegames serve`` runs it. Nothing in
the core imports this package.
"""
