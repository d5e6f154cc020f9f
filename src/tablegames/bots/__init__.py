"""Players that choose actions from what one seat may know.

For now only :class:`RandomBot`; stronger bots come with their own protocol.
"""

from tablegames.bots.random import RandomBot

__all__ = ["RandomBot"]
