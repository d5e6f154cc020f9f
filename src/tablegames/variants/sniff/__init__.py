"""American Sniff (``american-sniff``).

Double-six dominoes scored on multiples of five, with the first double as the Sniff.
"""

from tablegames.variants.sniff.actions import END_IDS, Play, play
from tablegames.variants.sniff.events import (
    GameEnded,
    HandDealt,
    HandEnded,
    LeaderDrawn,
    Passed,
    Scored,
    TileDrawn,
    TilePlayed,
)
from tablegames.variants.sniff.game import Sniff
from tablegames.variants.sniff.options import HAND_SIZES, SniffDeal, SniffOptions, check_sniff_deal
from tablegames.variants.sniff.rl import COUNT_SCALE, SniffActionIds, SniffObservation
from tablegames.variants.sniff.rules import new_layout, round_pips, sniff_count
from tablegames.variants.sniff.view import ArmView, EndView, LastLayout, SniffView

__all__ = [
    "COUNT_SCALE",
    "END_IDS",
    "HAND_SIZES",
    "ArmView",
    "EndView",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "LastLayout",
    "LeaderDrawn",
    "Passed",
    "Play",
    "Scored",
    "Sniff",
    "SniffActionIds",
    "SniffDeal",
    "SniffObservation",
    "SniffOptions",
    "SniffView",
    "TileDrawn",
    "TilePlayed",
    "check_sniff_deal",
    "new_layout",
    "play",
    "round_pips",
    "sniff_count",
]
