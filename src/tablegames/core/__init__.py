"""The engine every variant runs on: the Game contract, events and logs, JSON, errors."""

from tablegames.core.errors import (
    IllegalActionError,
    InvalidOptionsError,
    LogError,
    TableGamesError,
    UnknownVariantError,
)
from tablegames.core.events import (
    FORMAT,
    FORMAT_VERSION,
    READ_VERSIONS,
    Action,
    Event,
    EventLog,
    redact_public,
    visible,
)
from tablegames.core.game import Game, build_options
from tablegames.core.logs import load_log, replay
from tablegames.core.options import bool_option, choice_option, int_option
from tablegames.core.registry import ENTRY_POINT_GROUP, get_variant, register_variant, variant_names
from tablegames.core.serde import dumps, make_converter, to_json

__all__ = [
    "ENTRY_POINT_GROUP",
    "FORMAT",
    "FORMAT_VERSION",
    "READ_VERSIONS",
    "Action",
    "Event",
    "EventLog",
    "Game",
    "IllegalActionError",
    "InvalidOptionsError",
    "LogError",
    "TableGamesError",
    "UnknownVariantError",
    "bool_option",
    "build_options",
    "choice_option",
    "dumps",
    "get_variant",
    "int_option",
    "load_log",
    "make_converter",
    "redact_public",
    "register_variant",
    "replay",
    "to_json",
    "variant_names",
    "visible",
]
