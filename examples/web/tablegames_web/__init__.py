"""An example of embedding: a web site of its own with the tablegames game server mounted inside it.

The game server (:mod:`tablegames.server`) holds the games in a database and serves its page;
this package (:mod:`tablegames_web.app`) only places it under ``/tables/`` of a larger site.
"""

from tablegames_web.app import create_app

__all__ = ["create_app"]
