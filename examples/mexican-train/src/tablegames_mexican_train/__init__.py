"""Mexican Train (``mexican-train``): double-twelve dominoes with personal trains and a public one.

A round for each double from 12-12 down, the pips left in hand as penalty points, the lowest
total winning; built on the public API of :mod:`tablegames` as a separate, installable
package. The rules are in ``RULES.rst`` (``tablegames rules mexican-train``).

>>> import tablegames
>>> game = tablegames.new_game("mexican-train", seed=2, players=3)
>>> view = game.view(game.current_player)
>>> str(view.engine), [train.id for train in view.trains], view.hand_sizes.count(14)
('12-12', [0, 1, 2, 'mexican'], 1)
>>> game.apply(view.legal_actions[0])[0].tile.high
12
"""

from tablegames_mexican_train.actions import MEXICAN, TRAIN_IDS, Play, TrainId, play, train_name
from tablegames_mexican_train.events import (
    END_REASONS,
    TIE_BREAKS,
    EnginePlaced,
    GameEnded,
    HandDealt,
    HandEnded,
    MarkerPlaced,
    MarkerRemoved,
    Passed,
    TileDrawn,
    TilePlayed,
)
from tablegames_mexican_train.game import MexicanTrain
from tablegames_mexican_train.options import (
    DOUBLE_BLANK_VALUES,
    HAND_SIZES,
    MAX_ROUNDS,
    TILES,
    MexicanTrainDeal,
    MexicanTrainOptions,
    check_mexican_train_deal,
)
from tablegames_mexican_train.rules import engine_of, hand_points, match_winner
from tablegames_mexican_train.text import describe_event, hand_note, render_tiles, render_trains, view_lines
from tablegames_mexican_train.view import LastLayout, MexicanTrainView, RoundResult, TrainView

__all__ = [
    "DOUBLE_BLANK_VALUES",
    "END_REASONS",
    "HAND_SIZES",
    "MAX_ROUNDS",
    "MEXICAN",
    "TIE_BREAKS",
    "TILES",
    "TRAIN_IDS",
    "EnginePlaced",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "LastLayout",
    "MarkerPlaced",
    "MarkerRemoved",
    "MexicanTrain",
    "MexicanTrainDeal",
    "MexicanTrainOptions",
    "MexicanTrainView",
    "Passed",
    "Play",
    "RoundResult",
    "TileDrawn",
    "TilePlayed",
    "TrainId",
    "TrainView",
    "check_mexican_train_deal",
    "describe_event",
    "engine_of",
    "hand_note",
    "hand_points",
    "match_winner",
    "play",
    "render_tiles",
    "render_trains",
    "train_name",
    "view_lines",
]
