"""tablegames: table games (dominoes and cards) by their exact rules.

>>> import tablegames
>>> game = tablegames.new_game("american-sniff", seed=7, players=2)
>>> game.current_player in (0, 1), game.is_over
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablegames.core.errors import (
    IllegalActionError,
    InvalidOptionsError,
    LogError,
    TableGamesError,
    UnknownVariantError,
)
from tablegames.core.events import Action, Event, EventLog
from tablegames.core.game import Game
from tablegames.core.logs import load_log, replay
from tablegames.core.registry import get_variant, register_variant, variant_names
from tablegames.core.serde import dumps, to_json
from tablegames.core.signing import SignatureError, sign_log, verify_log

__all__ = [
    "Action",
    "Event",
    "EventLog",
    "Game",
    "IllegalActionError",
    "InvalidOptionsError",
    "LogError",
    "SignatureError",
    "TableGamesError",
    "UnknownVariantError",
    "__version__",
    "dumps",
    "get_variant",
    "load_log",
    "new_game",
    "register_variant",
    "replay",
    "sign_log",
    "to_json",
    "variant_names",
    "verify_log",
]

__version__ = "0.1.0"
"""The library's version."""


def new_game(name: str, *, seed: int | None = None, deals: Sequence[Any] = (), **options: Any) -> Game:
    """A new match of the variant ``name``, ready for its first decision.

    Args:
        name: a registered variant name (see :func:`variant_names`).
        seed: the seed of every shuffle and random draw; a fresh one if ``None``.
        deals: stacked deals for the first hands (the variant's deal class or JSON forms).
        **options: the variant's options, such as ``players=2``.

    Raises:
        UnknownVariantError: if no variant is called ``name``.
        InvalidOptionsError: for an unknown option, a bad value or an invalid deal.

    >>> new_game("american-sniff", seed=1, players=3).players
    3

    """
    return get_variant(name).create(options, seed=seed, deals=deals)
