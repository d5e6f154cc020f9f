"""A reference web front end for tablegames: one person against bots, in the browser.

The server (:mod:`tablegames_web.app`) holds games in memory and speaks only the library's
published JSON forms; the page in ``static/`` draws them.
"""

from tablegames_web.app import create_app

__all__ = ["create_app"]
