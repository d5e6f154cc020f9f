"""A game server for front ends: games kept in a database as their event logs (the ``server`` extra).

Built step by step; what exists so far is the storage, :mod:`tablegames.server.storage`.
Nothing in the core imports this package.
"""
