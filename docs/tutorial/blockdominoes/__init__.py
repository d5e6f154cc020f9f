"""The Block Game (``block-dominoes``): a small domino variant for tablegames.

>>> import tablegames
>>> from blockdominoes import BlockDominoes
>>> game = BlockDominoes.create({"players": 2}, seed=7)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> max(game.scores) >= 100
True
"""

from blockdominoes.actions import Play
from blockdominoes.events import GameEnded, HandDealt, HandEnded, Passed, TilePlayed
from blockdominoes.game import BlockDominoes
from blockdominoes.options import HAND_SIZE, BlockDeal, BlockOptions, check_block_deal
from blockdominoes.view import BlockView, EndView

__all__ = [
    "HAND_SIZE",
    "BlockDeal",
    "BlockDominoes",
    "BlockOptions",
    "BlockView",
    "EndView",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "Passed",
    "Play",
    "TilePlayed",
    "check_block_deal",
]
