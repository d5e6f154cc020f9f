"""Mexican Train's log filler: the hidden fields of one seat's log, dealt with the rules in mind.

The world sampler (:mod:`tablegames.bots.sampler`) replays the rounds that are over as this
fills them, and the current round once; every other world of the current round it builds
without a replay, the tiles of the round this fills put in place by :meth:`MexicanTrainFiller.place_hidden`
(a :class:`~tablegames.core.capabilities.PlacesHidden`): so those fills must be right, not only
likely right (see that method for why they are). What the log shows of each other seat, round
by round:

* the engine it set in the hub was dealt to it (``engine_placed`` names the holder); an engine
  nobody held lies in the boneyard;
* each tile it played was dealt to it or drawn before; a draw followed at once by its play of
  the drawn tile drew that tile (rule 13);
* whenever it drew or passed, it held no tile fitting a train it could play on then (its own,
  the Mexican train, the trains with a marker; only the unsatisfied double while there is one).

The trains the log builds are replayed on the library's
:class:`~tablegames.mechanics.trains.TrainLayout`, which says what each seat could play on
(:meth:`~tablegames.mechanics.trains.TrainLayout.open_mask`). The slots and intervals that
follow are the generic draw-game reasoning of :mod:`tablegames.mechanics.drawfill`.
Rounds that are over show every hand left, and are settled once; in the current round each
other seat's tiles are drawn at random among the unseen tiles its slots allow, and the rest of
the boneyard is shuffled.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.errors import LogError
from tablegames.core.events import Event
from tablegames.core.game import Game
from tablegames.mechanics.dominoes import holds_playable
from tablegames.mechanics.drawfill import NEVER, Holder, Span, fill_slots, match_spans
from tablegames.mechanics.line import tile_mask
from tablegames.mechanics.trains import TrainLayout
from tablegames_mexican_train.actions import MEXICAN
from tablegames_mexican_train.events import (
    EnginePlaced,
    GameEnded,
    HandDealt,
    HandEnded,
    MarkerPlaced,
    Passed,
    TileDrawn,
    TilePlayed,
)
from tablegames_mexican_train.options import MAX_ROUNDS, TILES
from tablegames_mexican_train.rules import engine_of

if TYPE_CHECKING:
    from tablegames_mexican_train.game import MexicanTrain

__all__ = ["MexicanTrainFiller"]

_RANK: Final = {tile: i for i, tile in enumerate(TILES)}


class _Round:
    """One round of the log, read once: who did what, and the state at its end."""

    __slots__ = ("dealt", "end", "engine", "holder", "holders", "left", "pending", "reach", "start", "to_act")

    def __init__(self, start: int, dealt: HandDealt, players: int) -> None:
        self.start = start
        self.end = start + 1
        self.dealt = dealt
        self.holders = [Holder() for _ in range(players)]
        number = dealt.hand_number
        self.engine: Tile | None = engine_of(number) if type(number) is int and 1 <= number <= MAX_ROUNDS else None
        self.holder: int | None = None
        self.left: tuple[tuple[Tile, ...], ...] | None = None  # the hands shown at its end
        self.pending: int | None = None  # a seat whose hidden draw ends the log (the tile fits)
        self.to_act: int | None = None
        self.reach: list[int] = [0] * players  # each seat's playable values when the log ends


def _read(events: Sequence[Event], players: int, me: int) -> list[_Round]:
    rounds: list[_Round] = []
    current: _Round | None = None
    table = TrainLayout(players=players)  # the public trains, as the log builds them
    for i, event in enumerate(events):
        if isinstance(event, HandDealt):
            current = _Round(i, event, players)
            rounds.append(current)
            table = TrainLayout(players=players, engine=current.engine)
            continue
        if current is None:
            raise LogError(f"$.events[{i}]", "an event before the first hand_dealt")
        current.end = i + 1
        try:
            if isinstance(event, EnginePlaced):
                current.holder = event.seat
                if event.seat is not None:
                    current.holders[event.seat].played(i, event.tile)
                current.to_act = event.first
            elif isinstance(event, TilePlayed):
                seat = event.seat
                if not current.holders[seat].played(i, event.tile):
                    raise LogError(f"$.events[{i}]", f"seat {seat} drew a tile that fits and played another")
                train = event.train
                index = players if train == MEXICAN else train
                if type(index) is not int or not 0 <= index <= players:
                    raise LogError(f"$.events[{i}]", f"no train {train!r}")
                table.place_unchecked(event.tile, index, seat)  # the owner's play takes its marker off
                current.to_act = seat if table.plays_again else (seat + 1) % players
            elif isinstance(event, TileDrawn):
                current.holders[event.seat].drew(i, event.tile, table.open_mask(event.seat))
                current.to_act = event.seat
            elif isinstance(event, Passed):
                current.holders[event.seat].passed(i, table.open_mask(event.seat))
                current.to_act = (event.seat + 1) % players
            elif isinstance(event, MarkerPlaced):
                table.mark(event.seat)
            elif isinstance(event, HandEnded):
                current.left = event.hands
                current.to_act = None
            elif isinstance(event, GameEnded):
                current.to_act = None
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            raise LogError(f"$.events[{i}]", f"an event of no seat or train of this game: {exc!r}") from None
    if current is not None and current.left is None:
        current.reach = [table.open_mask(seat) for seat in range(players)]
        last = events[-1]
        if isinstance(last, TileDrawn) and last.seat != me:
            current.holders[last.seat].last_draw_fits()  # it is to be played
            current.pending = last.seat
    return rounds


@attrs.frozen
class _Plan:
    """One other seat's slots in the current round, and what may fill them."""

    slots: int
    must: list[Span]
    firsts: dict[Tile, int]
    played: frozenset[Tile]


class MexicanTrainFiller:
    """Fills the hidden fields of one seat's Mexican Train log (a :class:`~tablegames.core.capabilities.LogFiller`).

    Raises:
        LogError: if a finished round cannot be dealt consistently with what the log shows.

    """

    def __init__(self, events: Sequence[Event], *, seat: int, options: Any) -> None:
        self.events = list(events)
        self.me = seat
        self.players: int = options.players
        self.size: int = options.hand_size
        self.rounds = _read(self.events, self.players, seat)
        self.fixed: dict[int, Event] = {}
        for played in self.rounds:
            if played.left is not None:
                self._settle(played)
        last = self.rounds[-1] if self.rounds else None
        self.current = last if last is not None and last.left is None else None
        self.start = last.start if last is not None else len(self.events)
        self.pool: list[Tile] = []
        self.plans: dict[int, _Plan] = {}
        if self.current is not None:
            self._plan(self.current)

    # -- rounds that are over ------------------------------------------------------------

    def _settle(self, played: _Round) -> None:
        """Fill a finished round's hidden fields once, with one consistent deal."""
        assert played.left is not None
        slots: dict[int, list[Tile]] = {}
        for s, holder in enumerate(played.holders):
            if s == self.me:
                continue
            times = holder.slot_times(self.size)
            spans = holder.played_spans(times)
            spans += [holder.span(tile, times, NEVER) for tile in played.left[s]]
            spans.sort(key=lambda span: span.first)  # of spans closing together, the earliest to open goes first
            filled = match_spans(spans, len(times))
            if filled is None:
                raise LogError(f"$.events[{played.start}]", f"no deal to seat {s} fits what it played, drew and passed")
            slots[s] = filled
        self._write(played, slots, None, self.fixed)

    def _write(
        self,
        played: _Round,
        slots: dict[int, list[Tile]],
        rest: list[Tile] | None,
        out: dict[int, Event],
        *,
        pending: Tile | None = None,
    ) -> None:
        """Write the filled deal and draws of ``played`` into ``out``.

        ``rest`` is the undrawn boneyard (``None``: every tile held by nobody, in the set's
        order); ``pending`` the tile of a hidden draw that ends the log.
        """
        size = self.size
        hands: list[tuple[Tile, ...]] = []
        by_time: dict[int, Tile] = {}
        for s, holder in enumerate(played.holders):
            if s == self.me:
                hands.append(tuple(played.dealt.hands[s] or ()))
                for time, tile in zip(holder.draws, holder.drawn, strict=True):
                    if tile is not None:
                        by_time[time] = tile
                continue
            filled = slots[s]
            hands.append(tuple(sorted(filled[:size], key=_RANK.__getitem__)))
            kept = iter(filled[size:])
            for time, tile, forced in zip(holder.draws, holder.drawn, holder.forced, strict=True):
                got = (pending if tile is None else tile) if forced else next(kept)
                assert got is not None
                by_time[time] = got
                event = self.events[time]
                assert isinstance(event, TileDrawn)
                out[time] = attrs.evolve(event, tile=got)
        drawn = [by_time[t] for t in sorted(by_time)]
        engine = played.engine
        if rest is None:
            held = {t for hand in hands for t in hand}.union(drawn)
            rest = [t for t in TILES if t not in held and t is not engine]
        tail = [engine] if played.holder is None and engine is not None else []
        out[played.start] = attrs.evolve(played.dealt, hands=tuple(hands), boneyard=(*drawn, *rest, *tail))

    # -- the current round ---------------------------------------------------------------

    def _plan(self, current: _Round) -> None:
        """What stays the same from one sample of the current round to the next."""
        me = self.me
        seen = set(current.dealt.hands[me] or ())
        seen.update(t for t in current.holders[me].drawn if t is not None)
        for s, holder in enumerate(current.holders):
            if s != me:
                seen.update(t for _, t in holder.plays)
        if current.engine is not None:
            seen.add(current.engine)
        self.pool = [t for t in TILES if t not in seen]
        for s, holder in enumerate(current.holders):
            if s == me:
                continue
            times = holder.slot_times(self.size)
            must = holder.played_spans(times)
            firsts = {tile: holder.span(tile, times, NEVER).first for tile in self.pool}
            self.plans[s] = _Plan(len(times), must, firsts, frozenset(t for _, t in holder.plays))

    def _deal_current(self, current: _Round, rng: random.Random, out: dict[int, Event]) -> bool:
        """Deal the current round's hidden tiles at random into ``out``; ``False`` at a dead end."""
        pool = self.pool[:]
        pending: Tile | None = None
        if current.pending is not None:  # the last draw fits, and is to be played
            reach = current.reach[current.pending]
            fits = [t for t in pool if tile_mask(t) & reach]
            if not fits:
                return False
            pending = fits[rng.randrange(len(fits))]
            pool.remove(pending)
        slots: dict[int, list[Tile]] = {}
        others = [s for s in range(self.players) if s != self.me]
        rng.shuffle(others)
        for s in others:
            plan = self.plans[s]
            got = fill_slots(plan.slots, plan.must, plan.firsts, pool, rng)
            if got is None:
                return False
            slots[s] = got
        to_act = current.to_act
        if to_act is not None and to_act != self.me and pending is None:  # it has a play, or it would have drawn
            reach = current.reach[to_act]
            played = self.plans[to_act].played
            if not holds_playable((t for t in slots[to_act] if t not in played), reach):
                return False
        rng.shuffle(pool)
        self._write(current, slots, pool, out, pending=pending)
        return True

    def fill(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The log's events with every hidden field filled; ``None`` at a dead end (``relaxed`` is not used)."""
        out = dict(self.fixed)
        if self.current is not None and not self._deal_current(self.current, rng, out):
            return None
        return [out.get(i, event) for i, event in enumerate(self.events)]

    def place_hidden(self, world: Game, hand: Sequence[Event]) -> bool:
        """Put the tiles of ``hand`` (a :meth:`fill_hand` of the current round) into ``world``, at the log's end.

        (A :class:`~tablegames.core.capabilities.PlacesHidden`.) Each hand and the boneyard are
        what the round's events leave of the deal, as the game does it: the engine set from its
        holder's hand or taken from the boneyard, each draw from the boneyard's front into the
        hand (kept highest first), each play out of it.

        Every hand :meth:`fill_hand` gives is one the replay would accept: each seat held what
        it played, and nothing that fitted where it drew or passed (the slots and spans above);
        a drawn tile that fitted was played at once; the seat to act next, if another, holds a
        tile that fits. The one rule that spans several hands, a round with an empty boneyard
        ending where no hand can play (rule 20), follows: after a pass the next play (or the
        next seat to act) is of a tile its seat held at the pass and that fitted a train end, so
        the round was not blocked there. So it returns ``True`` for every hand :meth:`fill_hand` gives.
        """
        dealt = hand[0]
        if not isinstance(dealt, HandDealt) or dealt.boneyard is None:
            return False
        rank = _RANK.__getitem__
        hands = [sorted(tiles or (), key=rank) for tiles in dealt.hands]
        boneyard = list(dealt.boneyard)
        for event in hand:
            if isinstance(event, TilePlayed):
                hands[event.seat].remove(event.tile)
            elif isinstance(event, TileDrawn):
                bisect.insort(hands[event.seat], boneyard.pop(0), key=rank)
            elif isinstance(event, EnginePlaced):
                (boneyard if event.seat is None else hands[event.seat]).remove(event.tile)
        placed = cast("MexicanTrain", world)
        placed.hands, placed.boneyard = hands, boneyard
        return True

    def fill_hand(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The last round's events, from its deal on, with every hidden field filled; ``None`` at a dead end."""
        out: dict[int, Event] = self.fixed if self.current is None else {}
        if self.current is not None and not self._deal_current(self.current, rng, out):
            return None
        events = self.events
        return [out.get(i, events[i]) for i in range(self.start, len(events))]
