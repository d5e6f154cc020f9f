"""All Fives (``all-fives``), also called Muggins.

Double-six dominoes scored on multiples of five, with the first double as the only spinner,
built on the draw game base of :mod:`tablegames` (:class:`~tablegames.mechanics.drawgame.DrawGame`)
as a separate, installable package. Its events are the library's but for the deal and the lead.
"""

from tablegames.mechanics.dominoes import HandEnded, Passed, TileDrawn, TilePlayed, render_tiles
from tablegames.mechanics.drawgame import LastLayout, Scored, render_layout
from tablegames.mechanics.line import Play, play
from tablegames.mechanics.match import GameEnded
from tablegames_all_fives.events import LEAD_REASONS, HandDealt, LeaderChosen
from tablegames_all_fives.game import AllFives, AllFivesView
from tablegames_all_fives.options import DEFAULT_TARGET, HAND_SIZES, AllFivesDeal, AllFivesOptions
from tablegames_all_fives.rules import (
    BlockResult,
    Lead,
    all_fives_count,
    block_result,
    domino_points,
    opening_lead,
    round_to_five,
)
from tablegames_all_fives.text import describe_event

__all__ = [
    "DEFAULT_TARGET",
    "HAND_SIZES",
    "LEAD_REASONS",
    "AllFives",
    "AllFivesDeal",
    "AllFivesOptions",
    "AllFivesView",
    "BlockResult",
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
    "describe_event",
    "domino_points",
    "opening_lead",
    "play",
    "render_layout",
    "render_tiles",
    "round_to_five",
]
