"""Trains: a hub double, one train per player and a public one (the Mexican Train family).

A :class:`TrainLayout` holds the *engine* (the double in the hub) and the trains grown from
it: one per seat, owned by that seat, and (``public_train=True``) one public train that every
seat may start and extend, the "Mexican train". It knows where a tile may go and nothing of
turns, drawing or scoring: those are the variant's.

Train ids, stable for the life of a hand (a play names its place by them):

* ``"T0"``, ``"T1"``, ...: the train of seat 0, 1, ... (index ``seat``);
* ``"M"``: the public train (index ``players``), if there is one.

A variant that names its trains otherwise gives its own ids (``ids=``), in the same order.

The rules it applies:

* **Private and public trains.** A seat may play on its own train, on the public train and on
  any train carrying a *marker*. A seat's train is private until the variant puts a marker on
  it (:meth:`TrainLayout.mark`, when its owner fails to play); the owner playing on it again
  takes the marker off. The public train never carries one. With ``own_train_first``, a seat
  must start its own train before it plays anywhere else.
* **Doubles must be satisfied** (``satisfy_doubles``). A double played on a train stays
  *unsatisfied* until a tile is played on it; while one is on the table the only legal place
  for every seat is on it, whoever owns the train and whatever its marker. Several unsatisfied
  doubles are satisfied in the order they were played. They arise with ``chain_doubles``: the
  seat that has just played a double may play further doubles on other trains open to it
  before it satisfies the first (the "multiple doubles" rule of some rule sets).
* **Playing again after a double** (``double_plays_again``): :attr:`TrainLayout.plays_again`
  says whether the last placement gives its seat another play at once. The variant gives the
  turns; a tile that can satisfy is still the only legal kind of play.

>>> from tablegames.mechanics.trains import TrainLayout
>>> from tablegames.components.tiles import Tile
>>> trains = TrainLayout(players=2, engine=Tile(12, 12))
>>> trains.ids
('T0', 'T1', 'M')
>>> trains.place(Tile(12, 5), trains.index_of("T0"), seat=0)
>>> trains.why_not(Tile(12, 3), "T0", seat=1)
"train T0 is seat 0's own and has no marker; seat 1 may play on T1, M"
>>> trains.place(Tile(12, 11), trains.index_of("M"), seat=1)
>>> trains.place(Tile(5, 5), 0, seat=0)
>>> trains.plays_again, trains.placements([Tile(5, 2), Tile(11, 3)], seat=0)
(True, [(Tile(5, 2), 'T0')])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.errors import quote
from tablegames.mechanics.line import EndView

__all__ = ["PUBLIC_TRAIN", "TRAIN_ID_PATTERN", "TrainLayout", "TrainView", "train_id"]

PUBLIC_TRAIN: Final = "M"
"""The id of the public train (the "Mexican train")."""
TRAIN_ID_PATTERN: Final = r"^(?:T(?:0|[1-9][0-9]*)|M)$"
"""Every train id, as a regular expression (for schemas)."""


def train_id(seat: int) -> str:
    """The id of ``seat``'s own train.

    >>> from tablegames.mechanics.trains import train_id
    >>> train_id(3)
    'T3'
    """
    return f"T{seat}"


@attrs.frozen
class TrainView:
    """One train, as a view shows it to one seat.

    JSON: ``{"id": "T0", "owner": 0, "tiles": ["12-5"], "value": 5, "marker": false,
    "open": true, "double": null}``.
    """

    id: str
    """The train's id (``"T0"``, ``"T1"``, ..., or ``"M"``), as a play names it."""
    owner: int | None
    """The seat that owns it, ``None`` for the public train."""
    tiles: tuple[Tile, ...]
    """Its tiles, outward from the engine."""
    value: int
    """The pips a tile must show to attach to it (the engine's, while it has no tile)."""
    marker: bool
    """Whether it carries a marker (open to every seat until its owner plays on it)."""
    open: bool
    """Whether the seat the view is for may play on it when no double must be satisfied
    first (its own train, the public one, a marked one); for a view for nobody, whether every
    seat may."""
    double: Tile | None
    """The unsatisfied double at its end, which must be satisfied before play goes elsewhere."""


class TrainLayout:
    """The engine and the trains, and where the next tiles may go.

    Args:
        players: how many seats, each with a train of its own (at least 1).
        engine: the double in the hub; ``None`` to have it placed as the first tile (only a
            double may be).
        public_train: whether there is a public train (``"M"``) every seat may play on.
        satisfy_doubles: whether a double must be satisfied before play goes elsewhere.
        double_plays_again: whether the seat that plays a double plays again at once (see
            :attr:`plays_again`).
        chain_doubles: whether that seat may play further doubles on other trains before it
            satisfies the first (needs ``double_plays_again`` and ``satisfy_doubles``).
        own_train_first: whether a seat must start its own train before playing elsewhere
            (satisfying a double excepted).
        ids: the trains' ids, the seats' trains in seat order then the public one: distinct
            non-empty strings, used wherever a train is named (:meth:`index_of`, :meth:`why_not`,
            the views). By default ``"T0"``, ``"T1"``, ..., ``"M"`` (:func:`train_id`,
            :data:`PUBLIC_TRAIN`), which :data:`TRAIN_ID_PATTERN` describes.

    Raises:
        ValueError: for fewer than one player, an engine that is not a double,
            ``chain_doubles`` without ``double_plays_again`` and ``satisfy_doubles``, or ids
            that are not one distinct non-empty string per train.

    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.trains import TrainLayout
    >>> named = TrainLayout(players=2, engine=Tile(6, 6), ids=("north", "south", "mexican"))
    >>> named.place(Tile(6, 2), named.index_of("north"), seat=0)
    >>> named.why_not(Tile(6, 1), "north", seat=1)
    "train north is seat 0's own and has no marker; seat 1 may play on south, mexican"

    The attributes are public for views and rules; change the layout only through
    :meth:`place` and :meth:`mark`. The lists are indexed by train (see :attr:`ids`).
    """

    __slots__ = (
        "_index",
        "chain_doubles",
        "chaining",
        "double_plays_again",
        "engine",
        "ids",
        "marked",
        "own_train_first",
        "owners",
        "players",
        "plays_again",
        "public_train",
        "satisfy_doubles",
        "tiles",
        "unsatisfied",
        "values",
    )

    def __init__(
        self,
        *,
        players: int,
        engine: Tile | None = None,
        public_train: bool = True,
        satisfy_doubles: bool = True,
        double_plays_again: bool = True,
        chain_doubles: bool = False,
        own_train_first: bool = False,
        ids: Iterable[str] | None = None,
    ) -> None:
        if type(players) is not int or players < 1:
            raise ValueError(f"a train layout has at least one player, not {quote(players)}")
        if engine is not None and (not isinstance(engine, Tile) or not engine.is_double):
            raise ValueError(f"the engine is a double, not {quote(engine)}")
        if chain_doubles and not (double_plays_again and satisfy_doubles):
            raise ValueError("chain_doubles needs double_plays_again and satisfy_doubles")
        self.players: int = players
        """How many seats have a train of their own."""
        self.public_train: bool = public_train
        """Whether there is a public train (the last index)."""
        self.satisfy_doubles: bool = satisfy_doubles
        """Whether a double must be satisfied before play goes elsewhere."""
        self.double_plays_again: bool = double_plays_again
        """Whether the seat that plays a double plays again at once."""
        self.chain_doubles: bool = chain_doubles
        """Whether that seat may play further doubles elsewhere before satisfying the first."""
        self.own_train_first: bool = own_train_first
        """Whether a seat must start its own train before playing elsewhere."""
        count = players + (1 if public_train else 0)
        if ids is None:
            names = tuple(train_id(s) for s in range(players)) + ((PUBLIC_TRAIN,) if public_train else ())
        else:
            names = tuple(ids) if not isinstance(ids, str) else (ids,)
            if len(names) != count or any(type(n) is not str or not n for n in names) or len(set(names)) != count:
                raise ValueError(
                    f"ids name each of the {count} trains once (the seats' in order"
                    f"{', then the public one' if public_train else ''}) with a non-empty str, not {quote(names)}"
                )
        self.ids: tuple[str, ...] = names
        """The id of each train, by index; the seats' trains, then the public one."""
        self.owners: tuple[int | None, ...] = (*range(players), *((None,) if public_train else ()))
        """The seat owning each train (``None`` for the public train)."""
        self.engine: Tile | None = engine
        """The double in the hub, or ``None`` before it is placed."""
        start = 0 if engine is None else engine.high
        self.values: list[int] = [start] * len(self.ids)
        """The value a tile must match to attach to each train."""
        self.tiles: list[list[Tile]] = [[] for _ in self.ids]
        """The tiles of each train, outward from the engine."""
        self.marked: list[bool] = [False] * len(self.ids)
        """Whether each train carries a marker (never the public train)."""
        self.unsatisfied: list[int] = []
        """The trains ending in an unsatisfied double, in the order those doubles were played."""
        self.chaining: int | None = None
        """The seat that may still play further doubles before satisfying (``chain_doubles``)."""
        self.plays_again: bool = False
        """Whether the last placement gives its seat another play at once (a double, with
        ``double_plays_again``)."""
        self._index: dict[str, int] = {tid: i for i, tid in enumerate(self.ids)}

    def copy(self) -> TrainLayout:
        """An independent copy."""
        new = TrainLayout.__new__(TrainLayout)
        new.players, new.public_train, new.satisfy_doubles = self.players, self.public_train, self.satisfy_doubles
        new.double_plays_again, new.chain_doubles = self.double_plays_again, self.chain_doubles
        new.own_train_first, new.ids, new.owners = self.own_train_first, self.ids, self.owners
        new._index = self._index
        new.engine = self.engine
        new.values = self.values[:]
        new.tiles = [train[:] for train in self.tiles]
        new.marked = self.marked[:]
        new.unsatisfied = self.unsatisfied[:]
        new.chaining = self.chaining
        new.plays_again = self.plays_again
        return new

    # -- reading the layout ---------------------------------------------------------------

    def index_of(self, end_id: str) -> int:
        """The index of the train named ``end_id``.

        Raises:
            ValueError: if there is no train of that id.

        """
        train = self._index.get(end_id) if isinstance(end_id, str) else None
        if train is None:
            raise ValueError(f"no train {quote(end_id)}: the trains are {', '.join(self.ids)}")
        return train

    def double_on(self, train: int) -> Tile | None:
        """The unsatisfied double at the end of ``train``, or ``None``."""
        return self.tiles[train][-1] if train in self.unsatisfied else None

    def is_open_to(self, train: int, seat: int | None) -> bool:
        """Whether ``seat`` may play on ``train`` when no double must be satisfied first.

        Its own train, the public train and marked trains; ``seat`` ``None``: whether every
        seat may (the public train and marked trains). ``own_train_first`` is not applied.
        """
        return self.owners[train] is None or self.marked[train] or self.owners[train] == seat

    def _places(self, seat: int | None, *, double: bool) -> tuple[int, ...]:
        """The trains ``seat`` may play a tile on now, whatever its pips (``double``: the tile is one).

        ``seat`` ``None``: the trains every seat may play on (the double to satisfy first, else
        the public train and the marked ones).
        """
        if self.engine is None:
            return ()
        unsatisfied = self.unsatisfied
        if seat is None:
            if unsatisfied:
                return (unsatisfied[0],)
            owners, marked = self.owners, self.marked
            return tuple(t for t in range(len(owners)) if owners[t] is None or marked[t])
        if unsatisfied:
            first = unsatisfied[0]
            if not (double and self.chaining == seat):
                return (first,)
            return tuple(t for t in self._reachable(seat) if t == first or t not in unsatisfied)
        return self._reachable(seat)

    def _reachable(self, seat: int) -> tuple[int, ...]:
        if self.own_train_first and 0 <= seat < self.players and not self.tiles[seat]:
            return (seat,)
        owners, marked = self.owners, self.marked
        return tuple(t for t in range(len(owners)) if owners[t] is None or marked[t] or owners[t] == seat)

    def fits(self, tile: Tile, train: int | None, seat: int) -> bool:
        """Whether ``seat`` may place ``tile`` on ``train`` now (``None``: as the engine)."""
        if train is None:
            return self.engine is None and tile.high == tile.low
        v = self.values[train] if type(train) is int and 0 <= train < len(self.values) else -1
        if tile.high != v and tile.low != v:
            return False
        return train in self._places(seat, double=tile.high == tile.low)

    def places_for(self, tile: Tile, seat: int) -> Iterator[int | None]:
        """Every place ``seat`` may put ``tile`` now, in train order (``None`` for the engine)."""
        if self.engine is None:
            if tile.high == tile.low:
                yield None
            return
        values = self.values
        for train in self._places(seat, double=tile.high == tile.low):
            v = values[train]
            if tile.high == v or tile.low == v:
                yield train

    def open_mask(self, seat: int | None) -> int:
        """A bit set of the values ``seat`` may play on now: bit ``v`` if some such train shows ``v``.

        Exact for every tile but the doubles a seat may chain (``chain_doubles``), which may go
        on more trains: :meth:`fits`, :meth:`places_for` and :meth:`can_play` know those.
        Before the engine, 0. ``seat`` ``None`` (a spectator, or a question about no seat in
        particular): the values of the trains every seat may play on, those of
        :meth:`end_views` for nobody (the double to satisfy first; else the public train and the
        marked ones).

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.trains import TrainLayout
        >>> trains = TrainLayout(players=2, engine=Tile(12, 12))
        >>> trains.place(Tile(12, 5), 0, seat=0); trains.place(Tile(12, 3), 2, seat=1)
        >>> bin(trains.open_mask(0)), bin(trains.open_mask(None))
        ('0b101000', '0b1000')
        >>> trains.mark(0)
        >>> bin(trains.open_mask(None))
        '0b101000'
        """
        values = self.values
        mask = 0
        for train in self._places(seat, double=False):
            mask |= 1 << values[train]
        return mask

    def can_play(self, tiles: Iterable[Tile], seat: int) -> bool:
        """Whether ``seat`` may place one of ``tiles`` now (the engine, before it is down)."""
        return any(next(self.places_for(tile, seat), False) is not False for tile in tiles)

    def placements(self, tiles: Iterable[Tile], seat: int) -> list[tuple[Tile, str | None]]:
        """Every ``(tile, train id)`` ``seat`` may place now from ``tiles``: tile by tile, train by train.

        The id is ``None`` for the engine. This is the enumeration of a hand's legal
        placements that a variant turns into its actions.
        """
        ids = self.ids
        return [(tile, None if t is None else ids[t]) for tile in tiles for t in self.places_for(tile, seat)]

    def why_not(self, tile: Tile, end: str | None, seat: int) -> str | None:
        """Why ``seat`` may not place ``tile`` on the train named ``end`` now (``None``: as the engine), or ``None``.

        Whether the seat holds the tile is the variant's to check.

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.trains import TrainLayout
        >>> trains = TrainLayout(players=2, engine=Tile(9, 9), public_train=False)
        >>> trains.why_not(Tile(9, 4), "M", seat=0)
        "no train 'M'; the trains are T0, T1"
        >>> trains.place(Tile(9, 4), 0, seat=0); trains.place(Tile(4, 4), 0, seat=0)
        >>> trains.why_not(Tile(9, 2), "T1", seat=1)
        'the double 4-4 on T0 must be satisfied first'
        """
        double = tile.high == tile.low
        if self.engine is None:
            if end is not None:
                return f"the engine opens the layout: end must be null, not {quote(end)}"
            return None if double else f"the engine is a double, not {tile}"
        train = self._index.get(end) if isinstance(end, str) else None
        places = self._places(seat, double=double)
        named = ", ".join(self.ids[t] for t in places)
        if end is None:
            return f"the engine is down: name a train ({named})"
        if train is None:
            return f"no train {quote(end)}; the trains are {', '.join(self.ids)}"
        if train not in places:
            if self.unsatisfied and train != self.unsatisfied[0]:
                first = self.unsatisfied[0]
                return f"the double {self.tiles[first][-1]} on {self.ids[first]} must be satisfied first"
            if self.own_train_first and 0 <= seat < self.players and not self.tiles[seat]:
                return f"seat {seat} must start its own train {self.ids[seat]} first"
            return f"train {end} is seat {self.owners[train]}'s own and has no marker; seat {seat} may play on {named}"
        value = self.values[train]
        if tile.high != value and tile.low != value:
            return f"{tile} does not match train {end}, which shows {value}"
        return None

    def all_tiles(self) -> list[Tile]:
        """Every tile on the table: the engine, then each train outward, in train order."""
        if self.engine is None:
            return []
        out = [self.engine]
        for train in self.tiles:
            out.extend(train)
        return out

    def __len__(self) -> int:
        return 0 if self.engine is None else 1 + sum(len(t) for t in self.tiles)

    # -- changing the layout --------------------------------------------------------------

    def place(self, tile: Tile, train: int | None, seat: int) -> None:
        """``seat`` places ``tile`` on ``train`` (``None``: as the engine).

        Raises:
            ValueError: if the tile may not go there (see :meth:`why_not`).

        """
        if not self.fits(tile, train, seat):
            if train is not None and not (type(train) is int and 0 <= train < len(self.ids)):
                raise ValueError(f"no train {train!r}: the trains are 0 to {len(self.ids) - 1}")
            problem = self.why_not(tile, None if train is None else self.ids[train], seat)
            raise ValueError(problem or f"{tile} does not fit")  # pragma: no branch - why_not names it
        self.place_unchecked(tile, train, seat)

    def place_unchecked(self, tile: Tile, train: int | None, seat: int) -> None:
        """:meth:`place` without the check, for callers that have already checked :meth:`fits`."""
        double = tile.high == tile.low
        if train is None:
            self.engine = tile
            self.values = [tile.high] * len(self.ids)
            self.plays_again = False
            return
        self.tiles[train].append(tile)
        unsatisfied = self.unsatisfied
        if train in unsatisfied:
            unsatisfied.remove(train)
        if double:
            if self.satisfy_doubles:
                unsatisfied.append(train)
        else:
            self.values[train] = tile.low if tile.high == self.values[train] else tile.high
        if self.owners[train] == seat:
            self.marked[train] = False
        self.plays_again = double and self.double_plays_again
        self.chaining = seat if double and self.chain_doubles else None

    def mark(self, seat: int) -> None:
        """Put the marker on ``seat``'s train (the seat failed to play): it opens to every seat.

        It also ends the seat's chain of doubles (``chain_doubles``). A marker already there
        stays.

        Raises:
            ValueError: if ``seat`` has no train.

        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(f"no seat {quote(seat)}: the seats are 0 to {self.players - 1}")
        self.marked[seat] = True
        self.chaining = None
        self.plays_again = False

    def end_turn(self) -> None:
        """The turn passes: no seat may chain doubles any more, and nobody plays again."""
        self.chaining = None
        self.plays_again = False

    # -- views ----------------------------------------------------------------------------

    def end_views(self, seat: int | None = None) -> tuple[EndView, ...]:
        """Every train ``seat`` may attach some tile to now (``None``: the trains open to every seat).

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.trains import TrainLayout
        >>> trains = TrainLayout(players=2, engine=Tile(6, 6))
        >>> [(end.id, end.value) for end in trains.end_views(1)]
        [('T1', 6), ('M', 6)]
        """
        if self.engine is None:
            return ()
        values, ids = self.values, self.ids
        return tuple(EndView(ids[t], values[t]) for t in self._places(seat, double=True))

    def arm_views(self, seat: int | None = None) -> tuple[TrainView, ...]:
        """Every train for drawing, as ``seat`` sees it (none before the engine).

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.trains import TrainLayout
        >>> trains = TrainLayout(players=2, engine=Tile(6, 6))
        >>> trains.place(Tile(6, 1), 0, seat=0)
        >>> trains.arm_views(1)[0]
        TrainView(id='T0', owner=0, tiles=(Tile(6, 1),), value=1, marker=False, open=False, double=None)
        """
        if self.engine is None:
            return ()
        return tuple(
            TrainView(
                self.ids[t],
                self.owners[t],
                tuple(self.tiles[t]),
                self.values[t],
                self.marked[t],
                self.is_open_to(t, seat),
                self.double_on(t),
            )
            for t in range(len(self.ids))
        )
