"""All Fives (``all-fives``), also called Muggins.

Double-six dominoes scored on multiples of five, with the first double as the only spinner,
built on the public API of :mod:`tablegames` as a separate, installable package.
"""

from tablegames_all_fives.actions import END_IDS, Play, play
from tablegames_all_fives.events import (
    LEAD_REASONS,
    SCORE_REASONS,
    GameEnded,
    HandDealt,
    HandEnded,
    LeaderChosen,
    Passed,
    Scored,
    TileDrawn,
    TilePlayed,
)
from tablegames_all_fives.game import AllFives
from tablegames_all_fives.options import (
    DEFAULT_TARGET,
    HAND_SIZES,
    AllFivesDeal,
    AllFivesOptions,
    check_all_fives_deal,
)
from tablegames_all_fives.rules import (
    BlockResult,
    Lead,
    all_fives_count,
    block_result,
    domino_points,
    new_layout,
    opening_lead,
    round_to_five,
)
from tablegames_all_fives.text import describe_event, render_layout, render_tiles
from tablegames_all_fives.view import AllFivesView, ArmView, EndView, LastLayout

__all__ = [
    "DEFAULT_TARGET",
    "END_IDS",
    "HAND_SIZES",
    "LEAD_REASONS",
    "SCORE_REASONS",
    "AllFives",
    "AllFivesDeal",
    "AllFivesOptions",
    "AllFivesView",
    "ArmView",
    "BlockResult",
    "EndView",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "LastLayout",
    "Lead",
    "LeaderChosen",
    "Passed",
    "Play",
    "Scored",
    "TileDrawn",
    "TilePlayed",
    "all_fives_count",
    "block_result",
    "check_all_fives_deal",
    "describe_event",
    "domino_points",
    "new_layout",
    "opening_lead",
    "play",
    "render_layout",
    "render_tiles",
    "round_to_five",
]
