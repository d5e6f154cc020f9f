"""PRIVATE, and generic: the core of a log filler for games that draw tiles from a face-down pile.

Nothing here is Mexican Train's: it is the slot-and-interval reasoning any draw game's filler
needs (American Sniff's filler in the library does the same inside that variant). It lives
in this plug-in only because a plug-in changes nothing outside its own package; it is
proposed for :mod:`tablegames.mechanics`, to be shared.

One seat's tiles in one hand fill *slots*: the tiles dealt to it (time -1), then each tile it
drew and kept (at the time of the draw; a draw followed at once by that seat's play of the
drawn tile is *forced* and fills no slot). The log constrains which tile fills which slot:

* a tile the seat played at time ``t`` fills a slot from before ``t``;
* at each of the seat's *no-play moments* (a draw, a pass), with a bit set of the values it
  could have played on, it held no tile showing one of them.

So a tile may fill the slots after its last no-play moment it would have fitted (while held)
and before it was played: an interval of slots.
"""

from __future__ import annotations

import bisect
import heapq
import random
from collections.abc import Sequence
from typing import Final

import attrs

from tablegames.components.tiles import Tile
from tablegames.mechanics.line import tile_mask

__all__ = ["NEVER", "Holder", "Span", "fill_slots", "match_spans"]

NEVER: Final = 1 << 30
"""A time after every event: when a tile still held is released."""


class Holder:
    """What one seat did in one hand, by event index: plays, draws and no-play moments."""

    __slots__ = ("drawn", "draws", "forced", "noplay", "plays")

    def __init__(self) -> None:
        self.plays: list[tuple[int, Tile]] = []
        """Each tile the seat put down, with its time."""
        self.draws: list[int] = []
        """The time of each draw."""
        self.drawn: list[Tile | None] = []
        """The tile of each draw, where the log shows it (or a forced draw's play names it)."""
        self.forced: list[bool] = []
        """Whether each draw was played at once."""
        self.noplay: list[tuple[int, int]] = []
        """Each moment the seat could not play, with the bit set of the values it could have played on."""

    def drew(self, time: int, tile: Tile | None, reach: int) -> None:
        """The seat, unable to play on ``reach``, drew ``tile`` (``None`` if hidden) at ``time``."""
        self.noplay.append((time, reach))
        self.draws.append(time)
        self.drawn.append(tile)
        self.forced.append(False)

    def passed(self, time: int, reach: int) -> None:
        """The seat could not play on ``reach`` at ``time``."""
        self.noplay.append((time, reach))

    def played(self, time: int, tile: Tile) -> bool:
        """The seat put ``tile`` down at ``time``; whether it was the tile drawn just before (then known).

        Returns ``False`` also for a forced draw that showed another tile (a log that
        contradicts itself: the replay refuses it).
        """
        self.plays.append((time, tile))
        if self.draws and self.draws[-1] == time - 1:
            self.forced[-1] = True
            seen = self.drawn[-1]
            if seen is None:
                self.drawn[-1] = tile
            return seen is None or seen is tile
        return True

    def slot_times(self, dealt: int) -> list[int]:
        """The times of the seat's slots: ``dealt`` at -1, then each draw it kept."""
        return [-1] * dealt + [t for t, forced in zip(self.draws, self.forced, strict=True) if not forced]

    def span(self, tile: Tile, times: Sequence[int], release: int) -> Span:
        """The slots ``tile`` may fill if it was held until ``release``."""
        bits = tile_mask(tile)
        fitted = -2
        for time, reach in self.noplay:
            if time >= release:
                break
            if bits & reach:
                fitted = time
        return Span(tile, bisect.bisect_right(times, fitted), bisect.bisect_left(times, release) - 1)


@attrs.frozen
class Span:
    """A tile and the slots it may fill, ``first`` to ``last`` inclusive."""

    tile: Tile
    first: int
    last: int


def match_spans(spans: Sequence[Span], slots: int) -> list[Tile] | None:
    """One tile per slot, each within its span (earliest deadline first), or ``None`` if no matching exists."""
    if len(spans) != slots:
        return None
    waiting = sorted(spans, key=lambda s: s.first)
    ready: list[tuple[int, int, Tile]] = []
    out: list[Tile] = []
    k = 0
    for slot in range(slots):
        while k < len(waiting) and waiting[k].first <= slot:
            heapq.heappush(ready, (waiting[k].last, k, waiting[k].tile))
            k += 1
        if not ready:
            return None
        last, _, tile = heapq.heappop(ready)
        if last < slot:
            return None
        out.append(tile)
    return out


def _fits_later(spans: Sequence[Span], start: int, stop: int) -> bool:
    """Whether each span can have a slot of its own among ``start`` to ``stop - 1`` (some slots left empty)."""
    if len(spans) > stop - start:
        return False
    waiting = sorted(spans, key=lambda s: s.first)
    ready: list[int] = []
    k = 0
    for slot in range(start, stop):
        while k < len(waiting) and waiting[k].first <= slot:
            heapq.heappush(ready, waiting[k].last)
            k += 1
        if ready and heapq.heappop(ready) < slot:
            return False
    return k == len(waiting) and not ready


def fill_slots(
    slots: int, must: Sequence[Span], firsts: dict[Tile, int], pool: list[Tile], rng: random.Random
) -> list[Tile] | None:
    """Fill one seat's ``slots``: the ``must`` tiles (played since) in their spans, the others from ``pool``.

    The must tiles and the *holes* (tiles still held) are laid out first, at random among the
    layouts that keep every must tile placeable and every hole fillable from ``pool``; then
    each hole, in slot order, takes a random tile of ``pool`` allowed there (``firsts[tile] <=
    slot``: a tile allowed in a slot is allowed in every later one, so this order loses
    nothing) and the tile leaves ``pool``. ``None`` at a dead end.
    """
    left = list(must)
    holes = slots - len(left)
    if holes < 0:
        return None
    opens = sorted(firsts[t] for t in pool)  # where each tile of the pool may first go
    layout: list[Tile | None] = []
    made = 0  # holes laid out so far
    for slot in range(slots):
        ready = [s for s in left if s.first <= slot]
        can_skip = (
            holes > 0
            and bisect.bisect_right(opens, slot) > made  # a tile of the pool may fill this hole too
            and _fits_later(left, slot + 1, slots)
        )
        if can_skip and (not ready or rng.randrange(slots - slot) < holes):
            layout.append(None)
            holes -= 1
            made += 1
            continue
        if not ready:
            return None
        pick = min(ready, key=lambda s: s.last)
        if pick.last < slot:
            return None
        left.remove(pick)
        layout.append(pick.tile)
    if left:
        return None
    out: list[Tile] = []
    for slot, placed in enumerate(layout):
        if placed is not None:
            out.append(placed)
            continue
        allowed = [t for t in pool if firsts[t] <= slot]
        if not allowed:
            return None
        chosen = allowed[rng.randrange(len(allowed))]
        pool.remove(chosen)
        out.append(chosen)
    return out
