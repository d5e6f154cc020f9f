"""tablegames: table games (dominoes and cards) by their exact rules.

>>> import tablegames
>>> game = tablegames.new_game("american-sniff", seed=7, players=2)
>>> game.current_player in (0, 1), game.is_over
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.core.errors import (
    IllegalActionError,
    InvalidOptionsError,
    LogError,
    NoWorldError,
    TableGamesError,
    UnderivableError,
    UnknownVariantError,
)
from tablegames.core.errors import quote as _quote
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
    "NoWorldError",
    "SignatureError",
    "TableGamesError",
    "UnderivableError",
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


def new_game(
    name: str,
    options: Mapping[str, Any] | Any = None,
    *,
    seed: int | None = None,
    deals: Sequence[Any] = (),
    **keyword_options: Any,
) -> Game:
    """A new match of the variant ``name``, ready for its first decision.

    Give the options either as one mapping, ``options=``, or as keywords, never both. Take
    options that come from outside (a client's request, a file, a command line) as
    ``options=``: every key of it is an option, so a client's ``"seed"``, ``"deals"`` or
    ``"name"`` is refused as an unknown option and can neither pick the seed nor stack the deck.
    The keywords (``players=2``) are for options written in your own code.

    Args:
        name: a registered variant name (see :func:`variant_names`).
        options: the variant's options, as a mapping of option names to values (their JSON
            form, as in a log's ``options``) or as the variant's options class; ``None`` for the
            defaults (or the keyword options).
        seed: the seed of every shuffle and random draw; a fresh one if ``None``.
        deals: stacked deals for the first hands (the variant's deal class or JSON forms).
        **keyword_options: the variant's options as keywords, such as ``players=2``.

    Raises:
        UnknownVariantError: if no variant is called ``name``.
        InvalidOptionsError: for an unknown option, a bad value, ``options`` that is not a
            mapping, a bad seed or an invalid deal.
        TypeError: if both ``options`` and keyword options are given.

    >>> new_game("american-sniff", seed=1, players=3).players
    3
    >>> request = {"players": 2, "target": 100}            # a client's options, say
    >>> new_game("american-sniff", options=request, seed=1).options
    SniffOptions(players=2, target=100)
    >>> try:
    ...     new_game("american-sniff", options={"players": 2, "seed": 7})  # never the seed
    ... except InvalidOptionsError as exc:
    ...     print(exc)
    invalid option seed: unknown option 'seed'; allowed options: players, target

    """
    if keyword_options:
        if options is not None:
            raise TypeError(
                f"new_game() takes options either as options= or as keywords, not both "
                f"(got options= and {_quote(tuple(keyword_options))})"
            )
        options = keyword_options
    return get_variant(name).create(options, seed=seed, deals=deals)
