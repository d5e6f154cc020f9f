"""Draw-game log filling: which hidden tile each seat was dealt or drew, from what its log shows.

A *log filler* (:class:`~tablegames.core.capabilities.LogFiller`) rebuilds, from one seat's
redacted log, a full log consistent with everything that seat saw; the search bots replay
what it returns to sample worlds. In a game where seats draw tiles from a face-down pile
(American Sniff, Mexican Train, Block and Draw games), the hidden fields are the other seats'
deals and draws, and the log constrains them in two ways. This module holds that reasoning;
the variant reads its own log (who played, drew and passed, and what each seat could have
played on at each moment) and writes the filled events back.

**Slots.** One seat's tiles in one hand fill *slots*, in time order: the tiles dealt to it
(all at time -1), then each tile it drew and kept, at the time (event index) of the draw. A
draw followed at once by that seat's play of the drawn tile is *forced*: the play names the
tile, and it fills no slot. :meth:`Holder.slot_times` lists the slots' times.

**No-play moments.** Whenever the seat drew or passed, it could not play: it held no tile
showing a value it could have played on then (a bit set of pip values, as
:func:`~tablegames.mechanics.line.tile_mask` gives them). A tile that would have fitted at
such a moment was not held then: it came later.

**Intervals.** So a tile may fill only the slots after its last no-play moment at which it
would have fitted (while held), and before the time it was played (:data:`NEVER` for a tile
still held): an interval of slots, its :class:`Span` (:meth:`Holder.span`). Filling the
seat's slots is matching tiles to slots within their intervals.

**Earliest deadline first.** Slot by slot, among the tiles whose interval has opened, give
the slot the tile whose interval closes soonest. This finds a perfect matching of intervals
to slots whenever one exists (an exchange argument: any matching can be rearranged into the
greedy one without leaving an interval), so :func:`match_spans` settles a finished hand,
whose remaining tiles the log shows, in one pass. In the hand in progress the tiles still
held are unknown: :func:`fill_slots` lays out at random which slots take a tile played
since and which are *holes*, keeping every played tile placeable (:func:`spans_fit`), then
fills each hole with a random unseen tile that fits it.

>>> from tablegames.mechanics.line import tile_mask
>>> from tablegames.mechanics.drawfill import NEVER, Span
>>> from tablegames.mechanics.drawfill import Holder, match_spans
>>> from tablegames.components.tiles import Tile
>>> seat = Holder()
>>> seat.passed(2, tile_mask(Tile(6, 6)))  # could not play on 6
>>> seat.drew(4, None, tile_mask(Tile(3, 3)))  # could not play on 3; drew a hidden tile, kept it
>>> seat.played(7, Tile(5, 5))
True
>>> times = seat.slot_times(2)  # two tiles dealt, one drawn
>>> times
[-1, -1, 4]
>>> seat.span(Tile(5, 5), times, 7)  # played at 7, never fitted before: any slot
Span(tile=Tile(5, 5), first=0, last=2)
>>> seat.span(Tile(6, 1), times, NEVER)  # still held; fitted at 2, so it was the draw at 4
Span(tile=Tile(6, 1), first=2, last=2)
>>> seat.span(Tile(3, 0), times, NEVER)  # fitted at 4, after the last slot: it is not held
Span(tile=Tile(3, 0), first=3, last=2)
>>> match_spans([Span(Tile(5, 5), 0, 2), Span(Tile(6, 1), 2, 2), Span(Tile(4, 0), 0, 2)], 3)
[Tile(5, 5), Tile(4, 0), Tile(6, 1)]
"""

from __future__ import annotations

import bisect
import heapq
import operator
import random
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from tablegames.components.tiles import Tile
from tablegames.mechanics.line import tile_mask

__all__ = ["NEVER", "Holder", "Span", "fill_slots", "match_spans", "spans_fit"]

NEVER: Final = 1 << 30
"""A time after every event, the release time of a tile still held (never played)."""
_LAST: Final = operator.attrgetter("last")


@attrs.frozen
class Span:
    """A tile and the interval of slots it may fill, ``first`` to ``last`` inclusive.

    An empty interval (``first > last``) means the tile cannot have been held by the seat.
    """

    tile: Tile
    """The tile."""
    first: int
    """The first slot it may fill."""
    last: int
    """The last slot it may fill."""


class Holder:
    """What one seat did in one hand, by time (event index): its plays, draws and no-play moments.

    The variant feeds it the seat's events in log order (:meth:`drew`, :meth:`passed`,
    :meth:`played`) and then asks for the seat's slots and spans.
    """

    __slots__ = ("drawn", "draws", "forced", "noplay", "plays")

    def __init__(self) -> None:
        self.plays: list[tuple[int, Tile]] = []
        """Each tile the seat put down, with its time."""
        self.draws: list[int] = []
        """The time of each draw."""
        self.drawn: list[Tile | None] = []
        """The tile of each draw, where the log shows it or a forced draw's play names it."""
        self.forced: list[bool] = []
        """Whether each draw was played at once, or is to be (see :meth:`last_draw_fits`); such a draw fills no slot."""
        self.noplay: list[tuple[int, int]] = []
        """Each moment the seat could not play, with the bit set of the values it could have played on."""

    def drew(self, time: int, tile: Tile | None, reach: int) -> None:
        """The seat, unable to play on the values of ``reach``, drew ``tile`` (``None`` if hidden) at ``time``."""
        self.noplay.append((time, reach))
        self.draws.append(time)
        self.drawn.append(tile)
        self.forced.append(False)

    def passed(self, time: int, reach: int) -> None:
        """The seat could not play on the values of ``reach`` at ``time``, and passed."""
        self.noplay.append((time, reach))

    def played(self, time: int, tile: Tile) -> bool:
        """The seat put ``tile`` down at ``time``; ``False`` if the log contradicts itself.

        A play right after the seat's own draw (at ``time - 1``) played the drawn tile: the
        draw is forced, and a hidden drawn tile becomes known. Returns ``False`` when such a
        draw showed another tile (the variant refuses the log).
        """
        self.plays.append((time, tile))
        if self.draws and self.draws[-1] == time - 1:
            self.forced[-1] = True
            seen = self.drawn[-1]
            if seen is None:
                self.drawn[-1] = tile
            return seen is None or seen is tile
        return True

    def last_draw_fits(self) -> None:
        """The seat's last draw ends the log and fits: it is to be played, so it fills no slot.

        Raises:
            ValueError: if the seat has not drawn.

        """
        if not self.forced:
            raise ValueError("the seat has not drawn")
        self.forced[-1] = True

    def forced_tiles(self) -> set[Tile]:
        """The known tiles of the forced draws (they were drawn, not dealt)."""
        return {t for t, f in zip(self.drawn, self.forced, strict=True) if f and t is not None}

    def slot_times(self, dealt: int) -> list[int]:
        """The times of the seat's slots: ``dealt`` slots at -1, then each draw it kept."""
        return [-1] * dealt + [t for t, forced in zip(self.draws, self.forced, strict=True) if not forced]

    def span(self, tile: Tile, times: Sequence[int], release: int) -> Span:
        """The slots (of ``times``, from :meth:`slot_times`) ``tile`` may fill if held until ``release``.

        ``release`` is the time it was played, :data:`NEVER` for a tile still held.
        """
        bits = tile_mask(tile)
        fitted = -2  # the last no-play moment, before release, at which it would have fitted
        for time, reach in self.noplay:
            if time >= release:
                break
            if bits & reach:
                fitted = time
        return Span(tile, bisect.bisect_right(times, fitted), bisect.bisect_left(times, release) - 1)

    def played_spans(self, times: Sequence[int]) -> list[Span]:
        """The span of each tile the seat played from its slots (not a forced draw), in play order."""
        forced = self.forced_tiles()
        return [self.span(tile, times, time) for time, tile in self.plays if tile not in forced]


def match_spans(spans: Sequence[Span], slots: int) -> list[Tile] | None:
    """One tile per slot, each in its span, by earliest deadline first; ``None`` if no matching exists.

    ``spans`` must number ``slots`` (else ``None``). Among tiles whose spans close at the same
    slot, the one listed first goes first.

    >>> from tablegames.mechanics.drawfill import Span
    >>> from tablegames.mechanics.drawfill import match_spans
    >>> from tablegames.components.tiles import Tile
    >>> a, b, c = Tile(6, 6), Tile(5, 5), Tile(4, 4)
    >>> match_spans([Span(a, 0, 2), Span(b, 0, 0), Span(c, 1, 1)], 3)
    [Tile(5, 5), Tile(4, 4), Tile(6, 6)]
    >>> match_spans([Span(a, 0, 0), Span(b, 0, 0), Span(c, 1, 2)], 3) is None
    True
    """
    if len(spans) != slots:
        return None
    order = sorted(range(slots), key=lambda i: spans[i].first)
    ready: list[tuple[int, int]] = []
    out: list[Tile] = []
    k = 0
    for slot in range(slots):
        while k < slots and spans[order[k]].first <= slot:
            i = order[k]
            heapq.heappush(ready, (spans[i].last, i))
            k += 1
        if not ready:
            return None
        last, i = heapq.heappop(ready)
        if last < slot:
            return None
        out.append(spans[i].tile)
    return out


def spans_fit(spans: Sequence[Span], start: int, stop: int) -> bool:
    """Whether each span can have a slot of its own among ``start`` to ``stop - 1`` (some may stay empty).

    The feasibility test of laying out a seat's slots: earliest deadline first again.

    >>> from tablegames.mechanics.drawfill import Span, spans_fit
    >>> from tablegames.components.tiles import Tile
    >>> spans = [Span(Tile(6, 6), 0, 1), Span(Tile(5, 5), 1, 1)]
    >>> spans_fit(spans, 0, 3), spans_fit(spans, 1, 3)
    (True, False)
    """
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


def _fit_after(left: list[Span], slot: int, stop: int) -> bool:
    """:func:`spans_fit` of ``left``, sorted by deadline, from ``slot + 1`` to ``stop``: without it where it can.

    The k-th deadline (from 0) must be at least ``slot + 1 + k``: the k + 1 spans that close
    by then need as many slots. Where every span may open by ``slot + 1``, that is enough
    (earliest deadline first fills the slots from there in turn); where one opens later,
    :func:`spans_fit` decides.
    """
    start = slot + 1
    if len(left) > stop - start:
        return False
    for k, span in enumerate(left):
        if span.last < start + k:
            return False
        if span.first > start:
            return spans_fit(left, start, stop)
    return True


def fill_slots(
    slots: int, must: Sequence[Span], firsts: Mapping[Tile, int], pool: list[Tile], rng: random.Random
) -> list[Tile] | None:
    """Fill one seat's ``slots`` at random: the ``must`` tiles in their spans, the others from ``pool``.

    ``must`` are the spans of the tiles the seat has played since (:meth:`Holder.played_spans`);
    ``firsts`` gives each tile of ``pool`` (the unseen tiles) the first slot it may fill if
    still held (its :class:`Span` with release :data:`NEVER`: a tile allowed in a slot is
    allowed in every later one). The tiles taken leave ``pool``, so the seats of a hand are
    filled one after another from one pool.

    First the must tiles and the *holes* (tiles still held) are laid out, slot by slot: a
    hole at random (as many holes as are left, over the slots left) where it keeps every must
    tile placeable and some pool tile may fill it, else the ready must tile of earliest
    deadline. Then each hole, in slot order, takes a random tile of ``pool`` allowed there.

    Returns:
        The tile of each slot, or ``None`` at a dead end (draw again).

    >>> import random
    >>> from tablegames.mechanics.drawfill import Span
    >>> from tablegames.mechanics.drawfill import fill_slots
    >>> from tablegames.components.tiles import Tile
    >>> pool = [Tile(1, 0), Tile(2, 0), Tile(3, 0)]
    >>> filled = fill_slots(3, [Span(Tile(6, 6), 0, 0)], {t: 0 for t in pool}, pool, random.Random(1))
    >>> filled[0], len(filled), len(pool)
    (Tile(6, 6), 3, 1)
    """
    left = sorted(must, key=_LAST)  # earliest deadline first (in the order given, on a tie)
    holes = slots - len(left)
    if holes < 0:
        return None
    opens = sorted(firsts[t] for t in pool)  # the first slot each pool tile may fill
    layout: list[Tile | None] = []
    made = 0  # holes laid out so far
    for slot in range(slots):
        pick = next((s for s in left if s.first <= slot), None)  # the ready must tile of earliest deadline
        can_skip = (
            holes > 0
            and bisect.bisect_right(opens, slot) > made  # a pool tile is left for this hole too
            and _fit_after(left, slot, slots)
        )
        if can_skip and (pick is None or rng.randrange(slots - slot) < holes):
            layout.append(None)
            holes -= 1
            made += 1
            continue
        if pick is None or pick.last < slot:
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
        if opens and opens[-1] <= slot:  # every tile left may fill it: no list to build
            chosen = pool[rng.randrange(len(pool))]
        else:
            allowed = [t for t in pool if firsts[t] <= slot]
            if not allowed:
                return None
            chosen = allowed[rng.randrange(len(allowed))]
        pool.remove(chosen)
        del opens[bisect.bisect_left(opens, firsts[chosen])]
        out.append(chosen)
    return out
