"""Euchre (``euchre``): a tablegames variant built from outside, on the public API only.

Four players in two partnerships, the 24-card deck A K Q J 10 9, the right and left bowers,
two rounds of making trump with the up-card, the dealer's pick-up and discard, going alone,
and the makers' and defenders' scoring, to 10: the trick game base
:class:`~tablegames.mechanics.trickgame.TrickGame` with the calling mechanic. Installed, it
registers through the ``tablegames.variants`` entry point:

>>> import tablegames
>>> "euchre" in tablegames.variant_names()
True
>>> game = tablegames.new_game("euchre", seed=1, stick_the_dealer=True, target=5)
>>> game.options
EuchreOptions(target=5, alone=True, stick_the_dealer=True)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[-1])
>>> game.winner in (0, 1), max(game.scores) >= 5
(True, True)
"""

from tablegames_euchre.actions import Call, Discard, Pass, PlayCard
from tablegames_euchre.events import (
    CardPlayed,
    DealerDrawn,
    Discarded,
    GameEnded,
    HandDealt,
    HandScored,
    HandThrownIn,
    Passed,
    TrickWon,
    TrumpMade,
    UpCardTaken,
)
from tablegames_euchre.game import FOLLOW, Euchre
from tablegames_euchre.options import HAND_SIZE, KITTY_SIZE, EuchreDeal, EuchreOptions, check_deal
from tablegames_euchre.rules import (
    LEFT_STRENGTH,
    ORDER,
    RIGHT_STRENGTH,
    STRENGTH,
    SUIT_OF,
    left_bower,
    right_bower,
    score_hand,
    strength,
    suit_of,
    winner_after_hand,
)
from tablegames_euchre.view import CallView, EuchreView, LastHand, LastTrick, TrickCard

__all__ = [
    "FOLLOW",
    "HAND_SIZE",
    "KITTY_SIZE",
    "LEFT_STRENGTH",
    "ORDER",
    "RIGHT_STRENGTH",
    "STRENGTH",
    "SUIT_OF",
    "Call",
    "CallView",
    "CardPlayed",
    "DealerDrawn",
    "Discard",
    "Discarded",
    "Euchre",
    "EuchreDeal",
    "EuchreOptions",
    "EuchreView",
    "GameEnded",
    "HandDealt",
    "HandScored",
    "HandThrownIn",
    "LastHand",
    "LastTrick",
    "Pass",
    "Passed",
    "PlayCard",
    "TrickCard",
    "TrickWon",
    "TrumpMade",
    "UpCardTaken",
    "check_deal",
    "left_bower",
    "right_bower",
    "score_hand",
    "strength",
    "suit_of",
    "winner_after_hand",
]
