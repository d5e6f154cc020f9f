"""Players that choose actions from what one seat may know.

A bot follows the :class:`~tablegames.bots.base.Bot` protocol: it receives an
:class:`~tablegames.bots.base.Observation` (its view, its redacted log, its legal actions)
and a random generator, never the game. A :class:`~tablegames.bots.base.Table` runs a
match between bots.
"""

from tablegames.bots.base import Bot, Observation, Table
from tablegames.bots.random import RandomBot
from tablegames.bots.registry import bot_names, make_bot, register_bot

__all__ = ["Bot", "Observation", "RandomBot", "Table", "bot_names", "make_bot", "register_bot"]
