"""TEMPORARY private adapter: the trains of one round, until ``tablegames.mechanics.trains`` lands.

Marked as such: the game is to use the library's trains mechanic; this stands in for it only
while that module is not committed, and holds no rule of Mexican Train's own.
"""

from __future__ import annotations

from tablegames.components.tiles import Tile

__all__ = ["Tracks"]


class Tracks:
    """``n`` personal trains (0 to n-1) and a public one (index n), from an engine value."""

    __slots__ = ("ends", "marked", "tiles", "unsatisfied")

    def __init__(self, players: int, engine: int) -> None:
        self.ends = [engine] * (players + 1)
        self.tiles: list[list[Tile]] = [[] for _ in range(players + 1)]
        self.marked = [False] * players
        self.unsatisfied: int | None = None

    def place(self, tile: Tile, train: int) -> int:
        end = self.ends[train]
        new = tile.low if tile.high == end else tile.high
        self.ends[train] = new
        self.tiles[train].append(tile)
        self.unsatisfied = train if tile.high == tile.low else None
        return new

    def copy(self) -> Tracks:
        new = Tracks.__new__(Tracks)
        new.ends = self.ends[:]
        new.tiles = [t[:] for t in self.tiles]
        new.marked = self.marked[:]
        new.unsatisfied = self.unsatisfied
        return new
