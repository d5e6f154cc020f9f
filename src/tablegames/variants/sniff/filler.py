"""American Sniff's log filler: the hidden fields of a seat's log, dealt with the rules in mind.

For each hand and each other seat, the tiles the seat held come from *slots*: the tiles dealt
to it (time -1) and each tile it drew (at the time of its draw). What the log shows constrains
which tile may fill which slot:

* a tile the seat played at time ``r`` was dealt or drawn before ``r``;
* whenever the seat drew or passed (a *no-play moment*, with the open ends of that time), it
  held no tile matching an open end; a drawn tile that did not fit was kept;
* a drawn tile that fits is played at once, so a draw followed by that seat's placement drew
  the placed tile (and a draw that ends the log drew a tile that fits: it is to be played).

So a tile may fill a slot whose time is after its last no-play moment that it matches (while
held) and before it is played: an interval of slots. Hands that are over show every seat's
remaining tiles, so only the slot assignment is open, and a greedy matching (earliest deadline
first, which finds a perfect matching of intervals whenever one exists) settles it once. In the
current hand each other seat's remaining tiles are drawn from the unseen tiles, slot by slot, at
random among the tiles that fit the slot; the rest of the stock is shuffled.
"""

from __future__ import annotations

import bisect
import heapq
import random
from collections.abc import Sequence
from typing import Any, Final

import attrs

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.errors import LogError
from tablegames.core.events import Event
from tablegames.mechanics.line import arm_index, tile_mask
from tablegames.variants.sniff.events import GameEnded, HandDealt, HandEnded, LeaderDrawn, Passed, TileDrawn, TilePlayed
from tablegames.variants.sniff.rules import new_layout

__all__ = ["SniffFiller"]

_TILES: Final = domino_set(6)
_INDEX: Final = {t: i for i, t in enumerate(_TILES)}
_NEVER: Final = 1 << 30
"""A time after every event: the release time of a tile still held."""


def _canonical(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=_INDEX.__getitem__))


class _Seat:
    """What one seat did in one hand, as times (indices into the log's events)."""

    __slots__ = ("draw_tiles", "draws", "forced", "noplay", "plays")

    def __init__(self) -> None:
        self.plays: list[tuple[int, Tile]] = []
        self.draws: list[int] = []
        self.draw_tiles: list[Tile | None] = []
        self.forced: list[bool] = []
        self.noplay: list[tuple[int, int]] = []

    def lowest_time(self, tile: Tile, release: int) -> int:
        """The last no-play moment before ``release`` at which ``tile`` would have fitted (-2 if none)."""
        bits = tile_mask(tile)
        last = -2
        for time, mask in self.noplay:
            if time >= release:
                break
            if bits & mask:
                last = time
        return last


class _Hand:
    """One hand of the log, read once."""

    __slots__ = ("dealt", "end", "leader", "mask", "pending", "remaining", "seats", "start", "to_act")

    def __init__(self, start: int, dealt: HandDealt, players: int) -> None:
        self.start = start
        self.end = start + 1
        self.dealt = dealt
        self.seats = [_Seat() for _ in range(players)]
        self.remaining: tuple[tuple[Tile, ...], ...] | None = None
        self.mask = 0
        self.leader: int | None = None
        self.pending: int | None = None
        self.to_act: int | None = None


def _read_hands(events: Sequence[Event], players: int) -> list[_Hand]:
    hands: list[_Hand] = []
    hand: _Hand | None = None
    layout = new_layout()
    mask = 0
    last_domino: int | None = None
    to_act: int | None = None
    for i, event in enumerate(events):
        if isinstance(event, HandDealt):
            if hand is not None:
                hand.end = i
            hand = _Hand(i, event, players)
            hand.leader = to_act = last_domino
            hands.append(hand)
            layout = new_layout()
            mask = 0
            continue
        if hand is None:
            raise LogError(f"$.events[{i}]", "an event before the first hand_dealt")
        if isinstance(event, LeaderDrawn):
            hand.leader = to_act = event.seat
        elif isinstance(event, TilePlayed):
            seat = hand.seats[event.seat]
            prev = events[i - 1]
            if isinstance(prev, TileDrawn) and prev.seat == event.seat and seat.draws and seat.draws[-1] == i - 1:
                seat.forced[-1] = True
                if seat.draw_tiles[-1] is None:
                    seat.draw_tiles[-1] = event.tile
                elif seat.draw_tiles[-1] is not event.tile:
                    raise LogError(f"$.events[{i}]", f"seat {event.seat} drew a tile that fits and played another")
            try:
                layout.place(event.tile, None if event.end is None else arm_index(event.end))
            except ValueError as exc:
                raise LogError(f"$.events[{i}]", str(exc)) from None
            mask = layout.open_mask()
            seat.plays.append((i, event.tile))
            to_act = (event.seat + 1) % players
        elif isinstance(event, TileDrawn):
            seat = hand.seats[event.seat]
            seat.noplay.append((i, mask))
            seat.draws.append(i)
            seat.draw_tiles.append(event.tile)
            seat.forced.append(False)
            to_act = event.seat
        elif isinstance(event, Passed):
            hand.seats[event.seat].noplay.append((i, mask))
            to_act = (event.seat + 1) % players
        elif isinstance(event, HandEnded):
            hand.remaining = event.hands
            last_domino = event.seat
        hand.mask = mask
    if hand is not None:
        hand.end = len(events)
        last = events[-1]
        if hand.remaining is None and isinstance(last, TileDrawn):
            seat = hand.seats[last.seat]
            seat.forced[-1] = True
            hand.pending = last.seat
        hand.to_act = None if isinstance(last, GameEnded) else to_act
    return hands


@attrs.frozen
class _Piece:
    """A tile with the interval of slots it may fill: ``first`` to ``last`` inclusive."""

    tile: Tile
    first: int
    last: int


def _slot_times(seat: _Seat, size: int) -> list[int]:
    """The times of a seat's open slots: ``size`` dealt ones (-1), then each draw that did not fit."""
    return [-1] * size + [t for t, forced in zip(seat.draws, seat.forced, strict=True) if not forced]


def _piece(seat: _Seat, times: list[int], tile: Tile, release: int) -> _Piece:
    low = seat.lowest_time(tile, release)
    first = bisect.bisect_right(times, low)
    last = bisect.bisect_left(times, release) - 1
    return _Piece(tile, first, last)


def _match(pieces: Sequence[_Piece], slots: int) -> list[Tile] | None:
    """A perfect matching of pieces to slots by earliest deadline first, or ``None`` if none exists."""
    if len(pieces) != slots:
        return None
    order = sorted(range(len(pieces)), key=lambda p: pieces[p].first)
    heap: list[tuple[int, int]] = []
    out: list[Tile] = []
    k = 0
    for slot in range(slots):
        while k < len(order) and pieces[order[k]].first <= slot:
            heapq.heappush(heap, (pieces[order[k]].last, order[k]))
            k += 1
        if not heap:
            return None
        last, p = heapq.heappop(heap)
        if last < slot:
            return None
        out.append(pieces[p].tile)
    return out


class SniffFiller:
    """Fills the hidden fields of one seat's American Sniff log."""

    def __init__(self, events: Sequence[Event], *, seat: int, options: Any) -> None:
        self.events = list(events)
        self.me = seat
        self.players: int = options.players
        self.hands = _read_hands(self.events, self.players)
        self.fixed: dict[int, Event] = {}
        for hand in self.hands:
            if hand.remaining is not None:
                self._settle(hand)
        current = self.hands[-1] if self.hands else None
        self.current = current if current is not None and current.remaining is None else None
        self.start = current.start if current is not None else len(self.events)
        self.plans: dict[int, _Plan] = {}
        self.pool: list[Tile] = []
        if self.current is not None:
            self._plan(self.current)

    # -- hands that are over ---------------------------------------------------------

    def _settle(self, hand: _Hand) -> None:
        """Fill a finished hand's hidden fields once, with one consistent assignment."""
        assert hand.remaining is not None
        size = len(hand.dealt.hands[self.me] or ())
        slots: list[list[Tile]] = []
        for s, seat in enumerate(hand.seats):
            if s == self.me:
                slots.append([])
                continue
            times = _slot_times(seat, size)
            forced = {t for t, f in zip(seat.draw_tiles, seat.forced, strict=True) if f and t is not None}
            pieces = [_piece(seat, times, tile, time) for time, tile in seat.plays if tile not in forced]
            pieces += [_piece(seat, times, tile, _NEVER) for tile in hand.remaining[s]]
            matched = _match(pieces, len(times))
            if matched is None:
                raise LogError(
                    f"$.events[{hand.start}]", f"no deal to seat {s} fits what it played, drew and passed in this hand"
                )
            slots.append(matched)
        held = {t for s, seat in enumerate(hand.seats) for t in self._seat_tiles(hand, s, slots[s])}
        rest = [t for t in _TILES if t not in held]
        self._write(hand, slots, rest)

    def _seat_tiles(self, hand: _Hand, s: int, slots: list[Tile]) -> list[Tile]:
        """Every tile seat ``s`` held in the hand: dealt and drawn."""
        if s == self.me:
            return [*(hand.dealt.hands[s] or ()), *(t for t in hand.seats[s].draw_tiles if t is not None)]
        seat = hand.seats[s]
        return [*slots, *(t for t, f in zip(seat.draw_tiles, seat.forced, strict=True) if f and t is not None)]

    def _write(
        self,
        hand: _Hand,
        slots: list[list[Tile]],
        rest: list[Tile],
        *,
        out: dict[int, Event] | None = None,
        pending: Tile | None = None,
    ) -> None:
        """Record the filled deal and draws of ``hand`` (in ``out``, by default the fixed events).

        ``pending`` is the tile of a draw that ends the log (it fits and is to be played).
        """
        target = self.fixed if out is None else out
        size = len(hand.dealt.hands[self.me] or ())
        dealt: list[tuple[Tile, ...]] = []
        drawn: dict[int, Tile] = {}
        for s, seat in enumerate(hand.seats):
            if s == self.me:
                dealt.append(tuple(hand.dealt.hands[s] or ()))
                for time, tile in zip(seat.draws, seat.draw_tiles, strict=True):
                    assert tile is not None
                    drawn[time] = tile
                continue
            filled = slots[s]
            dealt.append(_canonical(filled[:size]))
            open_tiles = iter(filled[size:])
            for time, tile, forced in zip(seat.draws, seat.draw_tiles, seat.forced, strict=True):
                got = (tile if tile is not None else pending) if forced else next(open_tiles)
                assert got is not None
                drawn[time] = got
                drawn_event = self.events[time]
                assert isinstance(drawn_event, TileDrawn)
                target[time] = attrs.evolve(drawn_event, tile=got)
        stock = [drawn[t] for t in sorted(drawn)] + rest
        target[hand.start] = attrs.evolve(hand.dealt, hands=tuple(dealt), stock=tuple(stock))

    # -- the current hand -------------------------------------------------------------

    def fill(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The events with every hidden field filled; ``None`` at a dead end (``relaxed`` is unused)."""
        events = self.events
        out = dict(self.fixed)
        hand = self.current
        if hand is not None and not self._deal_current(hand, rng, out):
            return None
        return [out.get(i, e) for i, e in enumerate(events)]

    def fill_hand(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The last hand's events, from its deal, with every hidden field filled; ``None`` at a dead end."""
        out: dict[int, Event] = {}
        hand = self.current
        if hand is None:
            out = self.fixed
        elif not self._deal_current(hand, rng, out):
            return None
        events = self.events
        return [out.get(i, events[i]) for i in range(self.start, len(events))]

    def _plan(self, hand: _Hand) -> None:
        """What does not change from one sample of the current hand to the next."""
        me = self.me
        size = len(hand.dealt.hands[me] or ())
        seen: set[Tile] = set(hand.dealt.hands[me] or ())
        seen.update(t for t in hand.seats[me].draw_tiles if t is not None)
        for s, seat in enumerate(hand.seats):
            if s != me:
                seen.update(t for _, t in seat.plays)
        self.pool = [t for t in _TILES if t not in seen]
        for s, seat in enumerate(hand.seats):
            if s == me:
                continue
            times = _slot_times(seat, size)
            forced = {t for t, f in zip(seat.draw_tiles, seat.forced, strict=True) if f and t is not None}
            must = [_piece(seat, times, tile, time) for time, tile in seat.plays if tile not in forced]
            firsts = {tile: _piece(seat, times, tile, _NEVER).first for tile in self.pool}
            self.plans[s] = _Plan(len(times), must, firsts)

    def _deal_current(self, hand: _Hand, rng: random.Random, out: dict[int, Event]) -> bool:
        """Deal the current hand's hidden tiles at random into ``out``; ``False`` at a dead end."""
        me = self.me
        pool = self.pool[:]
        pending: Tile | None = None
        if hand.pending is not None and hand.pending != me:
            fits = [t for t in pool if tile_mask(t) & hand.mask]
            if not fits:
                return False
            pending = fits[rng.randrange(len(fits))]
            pool.remove(pending)
        slots: list[list[Tile]] = [[] for _ in hand.seats]
        others = [s for s in range(self.players) if s != me]
        rng.shuffle(others)
        for s in others:
            got = _deal_seat(self.plans[s], pool, rng)
            if got is None:
                return False
            slots[s] = got
        to_act = hand.to_act
        if to_act is not None and to_act != me and hand.pending is None and hand.mask:
            played = {t for _, t in hand.seats[to_act].plays}
            if not any(tile_mask(t) & hand.mask for t in slots[to_act] if t not in played):
                return False
        rng.shuffle(pool)
        self._write(hand, slots, pool, out=out, pending=pending)
        return True


@attrs.frozen
class _Plan:
    """One other seat's open slots in the current hand, and what may fill them."""

    slots: int
    """How many open slots: dealt tiles, then draws that did not fit."""
    must: list[_Piece]
    """The tiles it has played since (not drawn and played at once), with their slots."""
    firsts: dict[Tile, int]
    """For each unseen tile, the first slot it may fill if still held."""


def _deal_seat(plan: _Plan, pool: list[Tile], rng: random.Random) -> list[Tile] | None:
    """Fill one other seat's open slots, taking the tiles it still holds from ``pool``.

    First the slots that take a tile the seat has since played (earliest deadline first) and
    the *holes* are laid out at random, keeping the played tiles placeable; then each hole,
    earliest first, takes a random unseen tile that may fill it (a tile that may fill a hole
    may fill every later one, so the order of these choices loses nothing).
    """
    slots = plan.slots
    left = list(plan.must)
    quota = slots - len(left)
    if quota < 0:
        return None
    layout: list[Tile | None] = []
    for slot in range(slots):
        ready = [p for p in left if p.first <= slot]
        hole = quota > 0 and _placeable(left, slot + 1, slots)
        if hole and (not ready or rng.randrange(slots - slot) < quota):
            layout.append(None)
            quota -= 1
        elif ready:
            piece = min(ready, key=lambda p: p.last)
            if piece.last < slot:
                return None
            left.remove(piece)
            layout.append(piece.tile)
        else:
            return None
    if left:
        return None
    firsts = plan.firsts
    out: list[Tile] = []
    for slot, placed in enumerate(layout):
        if placed is not None:
            out.append(placed)
            continue
        fits = [t for t in pool if firsts[t] <= slot]
        if not fits:
            return None
        pick = fits[rng.randrange(len(fits))]
        pool.remove(pick)
        out.append(pick)
    return out


def _placeable(pieces: Sequence[_Piece], start: int, stop: int) -> bool:
    """Whether every piece can take its own slot among ``start`` to ``stop - 1`` (slots may stay empty)."""
    if len(pieces) > stop - start:
        return False
    order = sorted(pieces, key=lambda p: p.first)
    heap: list[int] = []
    k = 0
    for slot in range(start, stop):
        while k < len(order) and order[k].first <= slot:
            heapq.heappush(heap, order[k].last)
            k += 1
        if heap and heapq.heappop(heap) < slot:
            return False
    return k == len(order) and not heap
