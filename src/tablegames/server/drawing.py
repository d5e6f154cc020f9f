"""A variant's own drawing for the server's page: the JavaScript module its package ships.

The page (:data:`tablegames.server.app.STATIC`) draws any variant with its generic table, laid
out from the seat's view and the view's JSON Schema: the hand, a trick, a line of dominoes or
rows of them (trains), the scores, and a button for each legal action. A variant may draw its
table itself instead (an optional capability): it ships an ECMAScript module in its package,
as package data, like its ``RULES.rst``. The file is ``page.js`` next to the module that
defines the variant's class, or the path its class names in :data:`PAGE_SCRIPT`::

    class MyGame(Game):
        page_script: ClassVar[str | None] = "drawing/table.js"   # None: the generic table

The server serves that file at ``GET /api/variants/{name}/page.js`` (same origin, so the
page's ``default-src 'self'`` policy allows it; nothing inline, no ``eval``), and
``GET /api/variants`` names it in the variant's ``page_script`` (``null`` for a variant
drawn by the generic table). The module's default export is a function that takes the page's
drawing kit and returns the renderer (see :doc:`/server`, "The page").
"""

from __future__ import annotations

import importlib
import re
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Final

from tablegames.core.errors import TableGamesError
from tablegames.core.game import Game

__all__ = ["PAGE_FILE", "PAGE_SCRIPT", "page_script"]

PAGE_SCRIPT: Final = "page_script"
"""The class attribute by which a variant names its drawing for the page, the path of a ``.js``
file inside the variant's package, or ``None`` for the page's generic table. Without it, the
drawing is :data:`PAGE_FILE` if the package ships one."""
PAGE_FILE: Final = "page.js"
"""The drawing a variant's package ships by default, next to the module of its class."""

_UNSET: Final = object()
_PATH: Final = re.compile(r"(?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_.-]+\.js")
"""A file's path inside a package: names of letters, digits, ``_``, ``-`` (and ``.`` in the
file's own name), separated by ``/``; no ``..``, nothing absolute."""


def page_script(variant: type[Game]) -> Traversable | None:
    """The file of ``variant``'s own drawing for the page, or ``None`` if it ships none.

    Args:
        variant: a :class:`~tablegames.core.game.Game` subclass.

    Returns:
        The file its :data:`PAGE_SCRIPT` attribute names, inside the package of the module
        that defines the class (``None`` if the attribute is ``None``); without the attribute,
        that package's :data:`PAGE_FILE` if it ships one, else ``None``.

    Raises:
        TableGamesError: if the attribute is not a relative path to a ``.js`` file, or no
            such file ships in the package.

    >>> from tablegames.core.game import Game
    >>> from tablegames.server.drawing import page_script
    >>> page_script(Game) is None
    True
    """
    module = importlib.import_module(variant.__module__)
    package = module.__name__ if hasattr(module, "__path__") else (module.__package__ or "")
    name = getattr(variant, PAGE_SCRIPT, _UNSET)  # an optional capability, declared or not
    if name is _UNSET:
        found = files(package).joinpath(PAGE_FILE) if package else None
        return found if found is not None and found.is_file() else None
    if name is None:
        return None
    where = f"{variant.__qualname__}.{PAGE_SCRIPT}"
    if not isinstance(name, str) or not _PATH.fullmatch(name) or ".." in name.split("/"):
        raise TableGamesError(f"{where} must be the path of a .js file inside the variant's package, got {name!r}")
    if not package:
        raise TableGamesError(f"{where} names {name!r}, but {variant.__module__!r} is in no package to ship it")
    found = files(package).joinpath(*name.split("/"))
    if not found.is_file():
        raise TableGamesError(f"{where} names {name!r}, which package {package!r} does not ship")
    return found
