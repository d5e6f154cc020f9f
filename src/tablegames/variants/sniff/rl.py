"""American Sniff for reinforcement learning: its action ids and its observation vector.

Two capabilities of :class:`~tablegames.variants.sniff.game.Sniff`
(:mod:`tablegames.core.capabilities`): :class:`SniffActionIds`, a fixed numbering of the
140 placements, and :class:`SniffObservation`, what one seat may know as a flat vector of
floats. Tiles are numbered by :attr:`Tile.index <tablegames.components.tiles.Tile.index>`
in both (``0-0`` is 0, ``1-0`` is 1, ``1-1`` is 2, ... ``6-6`` is 27).

>>> import array, tablegames
>>> game = tablegames.new_game("american-sniff", seed=3, players=2)
>>> ids = type(game).action_ids(game.options)
>>> first = game.legal_actions()[0]
>>> ids.encode(first), ids.names()[ids.encode(first)[0]]
((120,), '6-3 open')
>>> ids.decode(ids.encode(first)) is first
True
>>> spec = type(game).observation_spec(game.options)
>>> out = array.array("f", [0.0]) * spec.size
>>> spec.write(game, 0, out)
>>> spec.size, sum(out[spec.fields["hand"]])
(114, 7.0)
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

import tablegames.variants.sniff.game  # the module (it imports this one): write()'s annotation names its Sniff in full
from tablegames.components.seats import Seating
from tablegames.components.tiles import Tile, domino_set
from tablegames.core.capabilities import FloatBuffer
from tablegames.core.events import Action
from tablegames.core.memo import Kept
from tablegames.mechanics.line import ARM_IDS, ArmEnd
from tablegames.variants.sniff.actions import Play, play
from tablegames.variants.sniff.options import HAND_SIZES, SniffOptions

__all__ = ["COUNT_SCALE", "END_CHOICES", "SniffActionIds", "SniffObservation", "action_ids", "observation_spec"]

_TILES: Final = tuple(sorted(domino_set(6), key=lambda t: t.index))  # by Tile.index: 0-0 first
_INDEX: Final = {t: t.index for t in _TILES}
END_CHOICES: Final[tuple[str | None, ...]] = (None, *ARM_IDS)
"""The five ends a placement may name, in id order (``None`` to open, then ``"W"``, ``"E"``, ``"N"``, ``"S"``)."""
_END_NAMES: Final = ("open", *ARM_IDS)
_END_INDEX: Final = {end: i for i, end in enumerate(END_CHOICES)}
_SIZE: Final = len(_TILES) * len(END_CHOICES)

COUNT_SCALE: Final = 60
"""What the observation divides the count by, a count no Sniff layout passes.

Four arms count at most 12 each (a double-six at its end) and the Sniff at most 12 of its own.
"""


# -- action ids -------------------------------------------------------------------------------


class SniffActionIds:
    """The 140 ids of American Sniff's placements, the same for every option.

    The id of a placement of ``tile`` on ``end`` is ``5 * tile.index + e``, where ``e`` is the
    end's place in :data:`END_CHOICES`: 0 to open the layout, 1 for ``"W"``, 2 for ``"E"``, 3
    for ``"N"``, 4 for ``"S"``. So ids 0 to 4 are ``0-0`` opening, on W, E, N and S; ids 135
    to 139 are ``6-6``. Each placement is one id (nothing is chosen in parts); every id is a
    placement some position may allow. :meth:`decode` gives the interned play that
    :meth:`~tablegames.core.game.Game.legal_actions` hands out, so applying it takes the
    engine's fast path.

    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.variants.sniff.actions import play
    >>> from tablegames.variants.sniff.rl import SniffActionIds
    >>> ids = SniffActionIds()
    >>> ids.size, ids.names()[:3], ids.names()[-1]
    (140, ('0-0 open', '0-0 W', '0-0 E'), '6-6 S')
    >>> ids.encode(play(Tile(6, 4), "W"))
    (126,)
    >>> ids.decode([126]) is play(Tile(6, 4), "W")
    True
    """

    __slots__ = ()

    @property
    def size(self) -> int:
        """The number of ids, 140 (28 tiles, each to open or on one of four ends)."""
        return _SIZE

    @property
    def parts(self) -> int:
        """Always 1, as every placement is one id."""
        return 1

    def names(self) -> tuple[str, ...]:
        """``"6-4 open"``, ``"6-4 W"``... for each id, in id order."""
        return _NAMES

    def encode(self, action: Action) -> tuple[int]:
        """The one id of the placement ``action``.

        Raises:
            ValueError: if ``action`` is not a Sniff :class:`~tablegames.variants.sniff.actions.Play`
                of a double-six tile on one of :data:`END_CHOICES`.

        """
        found = _ENCODED.get(id(action))  # an interned play (interned plays live for ever: ids stay theirs)
        if found is not None:
            return found
        if type(action) is Play:
            tile, end = action.tile, action.end
            if type(tile) is Tile and tile in _INDEX and (end is None or type(end) is str) and end in _END_INDEX:
                return (5 * _INDEX[tile] + _END_INDEX[end],)
            raise ValueError(f"no id for {action!r}: a Sniff play is of a double-six tile on W, E, N, S or None")
        raise ValueError(f"no id for {action!r}: a Sniff action is a Play, not {type(action).__name__}")

    def decode(self, ids: Sequence[int]) -> Play:
        """The interned placement whose id is the one element of ``ids``.

        Raises:
            ValueError: if ``ids`` is not a sequence of one id from 0 to 139.

        """
        if len(ids) == 1:
            i = ids[0]
            if type(i) is int and 0 <= i < _SIZE:
                return _DECODED[i]
            if type(i) is not bool:  # a NumPy integer, say
                try:
                    i = operator.index(i)
                except TypeError:
                    pass
                else:
                    if 0 <= i < _SIZE:
                        return _DECODED[i]
        raise ValueError(f"no Sniff action has the ids {ids!r}: a Sniff action is one id from 0 to {_SIZE - 1}")

    def __repr__(self) -> str:
        return "SniffActionIds()"


_DECODED: Final = tuple(play(t, end) for t in _TILES for end in END_CHOICES)
_NAMES: Final = tuple(f"{t} {name}" for t in _TILES for name in _END_NAMES)
_ENCODED: Final = {id(p): (i,) for i, p in enumerate(_DECODED)}
_ACTION_IDS: Final = SniffActionIds()


def action_ids(options: SniffOptions) -> SniffActionIds:
    """The numbering of Sniff's placements (one shared :class:`SniffActionIds`: it is the same for every option).

    Raises:
        ValueError: if ``options`` are not :class:`~tablegames.variants.sniff.options.SniffOptions`.

    """
    if not isinstance(options, SniffOptions):
        raise ValueError(f"Sniff's action ids need SniffOptions, not {options!r}")
    return _ACTION_IDS


# -- the observation --------------------------------------------------------------------------

_TABLE_AT: Final = {t: 28 + i for t, i in _INDEX.items()}
_END_AT: Final = (56, 63, 70, 77)  # each arm's 7 entries of ends
_KIND_AT: Final = {ArmEnd.DOUBLE: 84, ArmEnd.SPINNER: 88}
_Plan = tuple[
    tuple[tuple[int, int], ...],  # hand_sizes: (seat, entry) by position
    tuple[tuple[int, tuple[tuple[int, ...], ...]], ...],  # lacks: (7 * seat, the entries of each set of values)
    tuple[int, ...],  # turn: the entry of each seat
    tuple[tuple[int, int], ...],  # scores: (side, entry) by position
]
_BITS: Final = tuple(tuple(v for v in range(7) if mask >> v & 1) for mask in range(128))


class SniffObservation:
    """One seat's view of a Sniff game as a flat vector of ``float32``, for ``players`` seats.

    Seats are taken in turn order from the observing seat: position 0 is the observer,
    position 1 the seat that plays after it, and so on; sides the same way (position 0 is the
    observer's side). With ``n`` players and ``k`` sides (2 with 4 players, else ``n``), the
    fields, in order:

    ==============  ============  ==========================================================
    field           length        entries (every one in ``[0, 1]`` unless said)
    ==============  ============  ==========================================================
    ``hand``        28            1 for each tile the seat holds, at its ``Tile.index``
    ``table``       28            1 for each tile on the layout, at its ``Tile.index``
    ``ends``        28            for the arms W, E, N, S (7 entries each): 1 at the value
                                  the arm shows, if it is open; nothing for a closed arm
    ``end_double``  4             1 for an open arm (W, E, N, S) whose outer piece is an
                                  ordinary double (it counts both halves)
    ``end_sniff``   4             1 for an open arm whose outer piece is the Sniff itself
                                  (it counts nothing of its own)
    ``sniff``       7             1 at the Sniff's value, once the Sniff is down
    ``count``       1             the layout's count divided by :data:`COUNT_SCALE`
    ``stock``       1             the tiles in the stock over the tiles it was dealt
    ``hand_sizes``  ``n``         each position's number of tiles over the most a hand can
                                  hold (the tiles dealt to a hand plus the stock)
    ``lacks``       ``7 (n-1)``   for positions 1 to ``n - 1`` (7 entries each): 1 at each
                                  value the seat is known to hold no tile of this hand
    ``turn``        ``n``         1 at the position to act (nothing once the game is over)
    ``scores``      ``k``         each side's score over the target, clipped to ``[-1, 1]``
                                  (negative after remaining pips take a side below 0)
    ==============  ============  ==========================================================

    So the size is 114 with 2 players, 124 with 3, 132 with 4. ``lacks`` is
    :attr:`Sniff.known_lacks <tablegames.variants.sniff.game.Sniff.known_lacks>`: public,
    from the draws and passes of the hand (a seat draws or passes only when it matches no
    open end), kept as the game goes, so :meth:`write` reads no event. Everything else is the
    seat's own hand and what the whole table sees; never another hand or the stock's order.
    The hand number is left out: the scores and the target say all that matters of the match.

    >>> from tablegames.variants.sniff.options import SniffOptions
    >>> from tablegames.variants.sniff.rl import SniffObservation
    >>> spec = SniffObservation(SniffOptions(players=4))
    >>> spec.size, spec.fields["lacks"], spec.fields["scores"]
    (132, slice(105, 126, None), slice(130, 132, None))
    """

    __slots__ = (
        "_count_at",
        "_fields",
        "_max_hand",
        "_plans",
        "_players",
        "_stock_at",
        "_stock_dealt",
        "_target",
        "size",
    )

    size: int
    """The length of the vector."""

    def __init__(self, options: SniffOptions) -> None:
        n = options.players
        seating = Seating(n, partnerships=n == 4)
        sides = seating.sides
        lengths = {
            "hand": 28,
            "table": 28,
            "ends": 28,
            "end_double": 4,
            "end_sniff": 4,
            "sniff": 7,
            "count": 1,
            "stock": 1,
            "hand_sizes": n,
            "lacks": 7 * (n - 1),
            "turn": n,
            "scores": sides,
        }
        fields: dict[str, slice] = {}
        at = 0
        for name, length in lengths.items():
            fields[name] = slice(at, at + length)
            at += length
        self.size = at
        self._fields = MappingProxyType(fields)
        self._players = n
        self._target = options.target
        self._stock_dealt = 28 - n * HAND_SIZES[n]
        self._max_hand = HAND_SIZES[n] + self._stock_dealt
        self._count_at = fields["count"].start
        self._stock_at = fields["stock"].start
        # For each observer, where each seat's (and side's) entries go: seats in turn order from it.
        plans: dict[int, _Plan] = {}
        for seat in range(n):
            order = seating.clockwise_from(seat)
            sizes = tuple((s, fields["hand_sizes"].start + p) for p, s in enumerate(order))
            lacks = tuple(
                (7 * s, tuple(tuple(fields["lacks"].start + 7 * (p - 1) + v for v in bits) for bits in _BITS))
                for p, s in enumerate(order)
                if p
            )
            turn = tuple(fields["turn"].start + order.index(s) for s in range(n))
            scores = tuple((seating.side_of(order[p]), fields["scores"].start + p) for p in range(sides))
            plans[seat] = (sizes, lacks, turn, scores)
        self._plans = plans

    @property
    def fields(self) -> Mapping[str, slice]:
        """Each field's slice of the vector (see the table above), in order."""
        return self._fields

    def write(self, game: tablegames.variants.sniff.game.Sniff, seat: int, out: FloatBuffer) -> None:
        """Set the entries of ``seat``'s observation of ``game`` that are not zero, in ``out``.

        Args:
            game: a Sniff game with these options' number of players.
            seat: the observing seat.
            out: ``size`` zeros (a NumPy ``float32`` array, a ``memoryview`` or an ``array.array("f")``).

        Raises:
            ValueError: if ``seat`` is not a seat of the game.

        """
        plan = self._plans.get(seat)
        if plan is None:
            raise ValueError(f"seat {seat!r} is not a seat; seats are 0 to {self._players - 1}")
        sizes, lack_cells, turn_cells, score_cells = plan
        g = game
        hands = g.hands
        index = _INDEX
        for tile in hands[seat]:
            out[index[tile]] = 1.0
        layout = g.layout
        opening = layout.opening
        if opening is not None:
            table = _TABLE_AT
            out[table[opening]] = 1.0
            for arm in layout.tiles:
                for tile in arm:
                    out[table[tile]] = 1.0
            values = layout.values
            kinds = layout.outer_kinds
            for a in layout.open_arms():
                out[_END_AT[a] + values[a]] = 1.0
                kind = kinds[a]
                if kind:
                    out[_KIND_AT[kind] + a] = 1.0
            spinner = layout.spinner
            if spinner is not None:
                out[92 + spinner.high] = 1.0
            count = g._count
            if count:
                out[self._count_at] = count / COUNT_SCALE
        stock = len(g.stock)
        if stock:
            out[self._stock_at] = stock / self._stock_dealt
        most = self._max_hand
        for s, cell in sizes:
            out[cell] = len(hands[s]) / most
        lacks = g._lacks
        if lacks:
            for shift, cells in lack_cells:
                for cell in cells[lacks >> shift & 127]:
                    out[cell] = 1.0
        current = g.current_player
        if current is not None:
            out[turn_cells[current]] = 1.0
        scores = g.scores
        target = self._target
        for side, cell in score_cells:
            score = scores[side]
            if score:
                x = score / target
                out[cell] = 1.0 if x > 1.0 else -1.0 if x < -1.0 else x

    def __repr__(self) -> str:
        return f"SniffObservation(players={self._players}, target={self._target})"


_SPECS: Final[Kept[SniffOptions, SniffObservation]] = Kept(
    "tablegames.variants.sniff.rl: the observation of each set of options", most=64
)


def observation_spec(options: SniffOptions) -> SniffObservation:
    """The :class:`SniffObservation` for ``options``, built once and kept.

    Raises:
        ValueError: if ``options`` are not :class:`~tablegames.variants.sniff.options.SniffOptions`.

    """
    spec = _SPECS.get(options) if isinstance(options, SniffOptions) else None
    if spec is None:
        if not isinstance(options, SniffOptions):
            raise ValueError(f"Sniff's observation needs SniffOptions, not {options!r}")
        spec = _SPECS.keep(options, SniffObservation(options))
    return spec
