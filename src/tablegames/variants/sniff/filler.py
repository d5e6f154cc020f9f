"""American Sniff's log filler: the hidden fields of a seat's log, dealt with the rules in mind.

For each hand and each other seat, the tiles the seat held fill *slots* (the tiles dealt to
it, then each tile it drew), and what the log shows bounds each tile to an interval of slots:
the generic draw-game reasoning of :mod:`tablegames.mechanics.drawfill`. What Sniff adds:

* a seat can play on the open ends of the line, the same for every seat: the no-play moment
  of a draw or a pass has those ends;
* a drawn tile that fits is played at once, so a draw followed by that seat's placement drew
  the placed tile, and a draw that ends the log drew a tile that fits: it is to be played;
* a seat whose turn it is, with no draw pending, holds a tile that fits (or it would draw).

Hands that are over show every seat's remaining tiles, so only the slot assignment is open,
and the earliest-deadline matching settles it once. In the current hand each other seat's
remaining tiles are drawn from the unseen tiles, slot by slot, at random among the tiles that
fit the slot; the rest of the stock is shuffled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import attrs

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.errors import LogError
from tablegames.core.events import Event
from tablegames.mechanics.drawfill import NEVER, Holder, Span, match_spans, spans_fit
from tablegames.mechanics.line import arm_index, tile_mask
from tablegames.variants.sniff.events import GameEnded, HandDealt, HandEnded, LeaderDrawn, Passed, TileDrawn, TilePlayed
from tablegames.variants.sniff.rules import new_layout

__all__ = ["SniffFiller"]

_TILES: Final = domino_set(6)
_INDEX: Final = {t: i for i, t in enumerate(_TILES)}


def _canonical(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=_INDEX.__getitem__))


class _Hand:
    """One hand of the log, read once."""

    __slots__ = ("dealt", "end", "leader", "mask", "pending", "remaining", "seats", "start", "to_act")

    def __init__(self, start: int, dealt: HandDealt, players: int) -> None:
        self.start = start
        self.end = start + 1
        self.dealt = dealt
        self.seats = [Holder() for _ in range(players)]
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
            if not hand.seats[event.seat].played(i, event.tile):
                raise LogError(f"$.events[{i}]", f"seat {event.seat} drew a tile that fits and played another")
            try:
                layout.place(event.tile, None if event.end is None else arm_index(event.end))
            except ValueError as exc:
                raise LogError(f"$.events[{i}]", str(exc)) from None
            mask = layout.open_mask()
            to_act = (event.seat + 1) % players
        elif isinstance(event, TileDrawn):
            hand.seats[event.seat].drew(i, event.tile, mask)
            to_act = event.seat
        elif isinstance(event, Passed):
            hand.seats[event.seat].passed(i, mask)
            to_act = (event.seat + 1) % players
        elif isinstance(event, HandEnded):
            hand.remaining = event.hands
            last_domino = event.seat
        hand.mask = mask
    if hand is not None:
        hand.end = len(events)
        last = events[-1]
        if hand.remaining is None and isinstance(last, TileDrawn):
            hand.seats[last.seat].last_draw_fits()
            hand.pending = last.seat
        hand.to_act = None if isinstance(last, GameEnded) else to_act
    return hands


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
            times = seat.slot_times(size)
            spans = seat.played_spans(times)
            spans += [seat.span(tile, times, NEVER) for tile in hand.remaining[s]]
            matched = match_spans(spans, len(times))
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
            return [*(hand.dealt.hands[s] or ()), *(t for t in hand.seats[s].drawn if t is not None)]
        seat = hand.seats[s]
        return [*slots, *(t for t, f in zip(seat.drawn, seat.forced, strict=True) if f and t is not None)]

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
                for time, tile in zip(seat.draws, seat.drawn, strict=True):
                    assert tile is not None
                    drawn[time] = tile
                continue
            filled = slots[s]
            dealt.append(_canonical(filled[:size]))
            open_tiles = iter(filled[size:])
            for time, tile, forced in zip(seat.draws, seat.drawn, seat.forced, strict=True):
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
        seen.update(t for t in hand.seats[me].drawn if t is not None)
        for s, seat in enumerate(hand.seats):
            if s != me:
                seen.update(t for _, t in seat.plays)
        self.pool = [t for t in _TILES if t not in seen]
        for s, seat in enumerate(hand.seats):
            if s == me:
                continue
            times = seat.slot_times(size)
            firsts = {tile: seat.span(tile, times, NEVER).first for tile in self.pool}
            self.plans[s] = _Plan(len(times), seat.played_spans(times), firsts)

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
    must: list[Span]
    """The tiles it has played since (not drawn and played at once), with their slots."""
    firsts: dict[Tile, int]
    """For each unseen tile, the first slot it may fill if still held."""


def _deal_seat(plan: _Plan, pool: list[Tile], rng: random.Random) -> list[Tile] | None:
    """Fill one other seat's open slots, taking the tiles it still holds from ``pool``.

    First the slots that take a tile the seat has since played (earliest deadline first) and
    the *holes* are laid out at random, keeping the played tiles placeable; then each hole,
    earliest first, takes a random unseen tile that may fill it (a tile that may fill a hole
    may fill every later one, so the order of these choices loses nothing).

    This is :func:`~tablegames.mechanics.drawfill.fill_slots` without its look at ``pool``
    when laying out a hole (which turns some dead ends into samples, and so would change the
    samples this filler draws): Sniff's fills stay as they were.
    """
    slots = plan.slots
    left = list(plan.must)
    quota = slots - len(left)
    if quota < 0:
        return None
    layout: list[Tile | None] = []
    for slot in range(slots):
        ready = [p for p in left if p.first <= slot]
        hole = quota > 0 and spans_fit(left, slot + 1, slots)
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
