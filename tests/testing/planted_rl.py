"""A toy numbering and observation for American Sniff, right and with planted bugs, for the kit's RL checks.

:class:`ToySniff` overrides both capabilities with the small ones here (whatever Sniff's own
are), and passes ``action_ids`` and ``observation``; each other class breaks one promise.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from tablegames.components.tiles import Tile
from tablegames.core.capabilities import ActionIds, FloatBuffer, ObservationSpec
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.variants.sniff import Play, Sniff, play

__all__ = [
    "AcceptingSniff",
    "GappedSniff",
    "InfiniteSniff",
    "LeakingSniff",
    "NotInverseSniff",
    "OutOfRangeSniff",
    "OverlappingSniff",
    "PrefixedSniff",
    "RestlessSniff",
    "SharedIdSniff",
    "ToySniff",
]

TILES: Final[tuple[Tile, ...]] = tuple(sorted(Sniff.pieces, key=lambda t: (t.high, t.low)))
"""The 28 tiles in the numbering's order."""
ENDS: Final[tuple[str | None, ...]] = (None, "W", "E", "N", "S")
"""The ends in the numbering's order (``None``: the opening)."""
_TILE_INDEX: Final = {t: i for i, t in enumerate(TILES)}
_END_INDEX: Final = {e: i for i, e in enumerate(ENDS)}


class ToyIds:
    """One id per tile and end: ``5 * tile index + end index``, 140 in all."""

    @property
    def size(self) -> int:
        """How many ids there are."""
        return len(TILES) * len(ENDS)

    @property
    def parts(self) -> int:
        """1: a play is one id."""
        return 1

    def names(self) -> Sequence[str]:
        """``"6-4 W"``, ``"6-6 open"``... in id order."""
        return [f"{t} {e or 'open'}" for t in TILES for e in ENDS]

    def encode(self, action: Action) -> tuple[int, ...]:
        """The one id of a play."""
        if type(action) is not Play or action.tile not in _TILE_INDEX or action.end not in _END_INDEX:
            raise ValueError(f"{action!r} is not a Sniff play")
        return (_TILE_INDEX[action.tile] * len(ENDS) + _END_INDEX[action.end],)

    def decode(self, ids: Sequence[int]) -> Action:
        """The interned play of an id."""
        if len(ids) != 1 or type(ids[0]) is not int or not 0 <= ids[0] < self.size:
            raise ValueError(f"{ids!r} is the encoding of no Sniff play")
        tile, end = divmod(ids[0], len(ENDS))
        return play(TILES[tile], ENDS[end])


class ToySpec:
    """The seat's hand, the tiles on the table, every hand's size (sevenths) and whose turn it is."""

    @property
    def size(self) -> int:
        """28 + 28 + 4 + 4."""
        return 64

    @property
    def fields(self) -> Mapping[str, slice]:
        """The layout."""
        return {"hand": slice(0, 28), "table": slice(28, 56), "sizes": slice(56, 60), "turn": slice(60, 64)}

    def write(self, game: Game, seat: int, out: FloatBuffer) -> None:
        """Write the seat's one-hot hand, the table, the sizes and the turn."""
        assert isinstance(game, Sniff)
        for tile in game.hands[seat]:
            out[_TILE_INDEX[tile]] = 1.0
        for tile in game.layout.all_tiles():
            out[28 + _TILE_INDEX[tile]] = 1.0
        for s, hand in enumerate(game.hands):
            out[56 + s] = len(hand) / 7
        if game.current_player is not None:
            out[60 + game.current_player] = 1.0


_IDS: Final = ToyIds()
_SPEC: Final = ToySpec()


class ToySniff(Sniff):
    """American Sniff with the toy numbering and observation: passes both checks."""

    name: ClassVar[str] = "toy-rl-sniff"
    ids: ClassVar[ActionIds] = _IDS
    spec: ClassVar[ObservationSpec[Game]] = _SPEC

    @classmethod
    def action_ids(cls, options: Any) -> ActionIds:
        return cls.ids

    @classmethod
    def observation_spec(cls, options: Any) -> ObservationSpec[Game]:
        return cls.spec


# -- planted bugs in the numbering ----------------------------------------------------------


class _NotInverse(ToyIds):
    def decode(self, ids: Sequence[int]) -> Action:
        found = super().decode(ids)
        assert isinstance(found, Play)
        return play(found.tile, "W") if found.end == "E" else found  # E decodes as W


class NotInverseSniff(ToySniff):
    """Its decode gives the play on W for the id of the play on E."""

    name: ClassVar[str] = "not-inverse-sniff"
    ids: ClassVar[ActionIds] = _NotInverse()


class _Shared(ToyIds):
    def encode(self, action: Action) -> tuple[int, ...]:
        (code,) = super().encode(action)
        return (code - 1,) if code % len(ENDS) == _END_INDEX["E"] else (code,)  # E shares W's id


class SharedIdSniff(ToySniff):
    """Its encode gives the play on E the id of the same tile on W."""

    name: ClassVar[str] = "shared-id-sniff"
    ids: ClassVar[ActionIds] = _Shared()


class _OutOfRange(ToyIds):
    @property
    def size(self) -> int:
        return 100  # the tiles from the 21st on have ids of 100 and more

    def names(self) -> Sequence[str]:
        return list(super().names())[:100]


class OutOfRangeSniff(ToySniff):
    """Its size says 100 ids, but its plays of the last tiles are numbered up to 139."""

    name: ClassVar[str] = "out-of-range-sniff"
    ids: ClassVar[ActionIds] = _OutOfRange()


class _Accepting(ToyIds):
    def encode(self, action: Action) -> tuple[int, ...]:
        try:
            return super().encode(action)
        except ValueError:
            return (0,)

    def decode(self, ids: Sequence[int]) -> Action:
        return super().decode(ids[:1] or (0,))


class AcceptingSniff(ToySniff):
    """Its numbering encodes any action and decodes any ids, never raising ValueError."""

    name: ClassVar[str] = "accepting-sniff"
    ids: ClassVar[ActionIds] = _Accepting()


# -- planted bugs in the observation -------------------------------------------------------------


class _Gapped(ToySpec):
    @property
    def fields(self) -> Mapping[str, slice]:
        return {"hand": slice(0, 28), "table": slice(29, 56), "sizes": slice(56, 60), "turn": slice(60, 64)}


class GappedSniff(ToySniff):
    """Its fields leave index 28 out."""

    name: ClassVar[str] = "gapped-sniff"
    spec: ClassVar[ObservationSpec[Game]] = _Gapped()


class _Overlapping(ToySpec):
    @property
    def fields(self) -> Mapping[str, slice]:
        return {"hand": slice(0, 29), "table": slice(28, 56), "sizes": slice(56, 60), "turn": slice(60, 64)}


class OverlappingSniff(ToySniff):
    """Its fields ``hand`` and ``table`` share index 28."""

    name: ClassVar[str] = "overlapping-sniff"
    spec: ClassVar[ObservationSpec[Game]] = _Overlapping()


class _Leaking(ToySpec):
    def write(self, game: Game, seat: int, out: FloatBuffer) -> None:
        super().write(game, seat, out)
        assert isinstance(game, Sniff)
        for tile in game.hands[(seat + 1) % game.players]:
            out[_TILE_INDEX[tile]] = 0.5  # the next seat's tiles, in the seat's own hand field


class LeakingSniff(ToySniff):
    """Its observation shows the next seat's tiles (at 0.5 in the seat's hand field)."""

    name: ClassVar[str] = "leaking-sniff"
    spec: ClassVar[ObservationSpec[Game]] = _Leaking()


class _Restless(ToySpec):
    def __init__(self) -> None:
        self._counter = itertools.count()

    def write(self, game: Game, seat: int, out: FloatBuffer) -> None:
        super().write(game, seat, out)
        out[63] = float(next(self._counter) % 2)  # a different value every other call


class RestlessSniff(ToySniff):
    """Its observation's last entry flips at every write."""

    name: ClassVar[str] = "restless-sniff"
    spec: ClassVar[ObservationSpec[Game]] = _Restless()


class _Infinite(ToySpec):
    def write(self, game: Game, seat: int, out: FloatBuffer) -> None:
        super().write(game, seat, out)
        assert isinstance(game, Sniff)
        if len(game.layout.all_tiles()) == 3:
            out[56] = float("inf")


class InfiniteSniff(ToySniff):
    """Its observation writes infinity while three tiles are on the table."""

    name: ClassVar[str] = "infinite-sniff"
    spec: ClassVar[ObservationSpec[Game]] = _Infinite()


class _Prefixed(ToyIds):
    @property
    def parts(self) -> int:
        return 2

    def encode(self, action: Action) -> tuple[int, ...]:
        (code,) = super().encode(action)
        return (code - 1, 0) if code % len(ENDS) == _END_INDEX["E"] else (code,)  # W's id, then 0

    def decode(self, ids: Sequence[int]) -> Action:
        if len(ids) == 2 and ids[1] == 0 and type(ids[0]) is int and ids[0] % len(ENDS) == _END_INDEX["W"]:
            return super().decode((ids[0] + 1,))
        return super().decode(ids)


class PrefixedSniff(ToySniff):
    """Its encoding of a play on E is the same tile's play on W, then 0: a bijection, but not prefix-free."""

    name: ClassVar[str] = "prefixed-sniff"
    ids: ClassVar[ActionIds] = _Prefixed()


class _Undercounted(_Prefixed):
    @property
    def parts(self) -> int:
        return 1  # but a play on E is two ids


class UndercountedSniff(ToySniff):
    """Its numbering says every action is one id, but encodes a play on E as two."""

    name: ClassVar[str] = "undercounted-sniff"
    ids: ClassVar[ActionIds] = _Undercounted()
