"""Players that choose actions from what one seat may know.

A bot follows the :class:`~tablegames.bots.base.Bot` protocol: it receives an
:class:`~tablegames.core.observation.Observation` (its view, its redacted log, its legal actions)
and a random generator, never the game. A :class:`~tablegames.bots.base.Table` runs a
match between bots. Three bots come with the library: :class:`~tablegames.bots.random.RandomBot`,
:class:`~tablegames.bots.greedy.GreedyBot` and :class:`~tablegames.bots.ismcts.ISMCTSBot`;
:func:`~tablegames.bots.sampler.sample_world` deals the hidden pieces of a seat's log at random,
consistently with everything it has seen, or raises
:class:`~tablegames.core.errors.NoWorldError` where it finds no such world in its time.
"""

from tablegames.bots.base import Bot, Table
from tablegames.bots.greedy import GreedyBot
from tablegames.bots.ismcts import ISMCTSBot
from tablegames.bots.random import RandomBot
from tablegames.bots.registry import bot_names, make_bot, register_bot
from tablegames.bots.sampler import WorldSampler, sample_world
from tablegames.core.errors import NoWorldError
from tablegames.core.observation import Observation

__all__ = [
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "NoWorldError",
    "Observation",
    "RandomBot",
    "Table",
    "WorldSampler",
    "bot_names",
    "make_bot",
    "register_bot",
    "sample_world",
]
