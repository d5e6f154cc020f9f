"""Domino hands of the draw family: the stock (boneyard), drawing, passing, the block.

In a draw game a seat that cannot play draws from the stock (the boneyard) and, once the stock
is empty, passes; the hand ends when a seat plays its last tile (it *dominoes*) or when nobody
can play and nothing is left to draw (the hand is *blocked*). This module holds what every such
game logs the same way and the small steps of that loop, so each variant keeps only its own
order of them (American Sniff plays a drawn tile that fits at once and looks for a block after
drawing; All Fives looks for the block first):

* the events :class:`TilePlayed`, :class:`TileDrawn` (hidden from the other seats),
  :class:`Passed` and :class:`HandEnded`, each with its text (``describe()``); a variant
  whose event records more subclasses it, adding fields at the end (a ``hand_ended`` with each
  seat's points), or narrows a field's schema (Sniff's ``tile_played`` lists its end ids);
* :func:`holds_playable`, :func:`draw_until_fits` and :func:`nobody_can_play`, tested against
  an open-ends mask (:meth:`~tablegames.mechanics.line.LineLayout.open_mask`);
* :func:`check_tile_deal` and :func:`tile_problems`, what is wrong with a stacked deal of tiles;
* :func:`render_tiles`, tiles as text.

A turn of a draw game, the Sniff way (a drawn tile that fits must be played):

>>> from tablegames.mechanics.dominoes import holds_playable, draw_until_fits, nobody_can_play
>>> from tablegames.components.tiles import Tile
>>> from tablegames.mechanics.line import tile_mask
>>> hand, stock, log = [Tile(6, 6)], [Tile(3, 1), Tile(5, 4), Tile(2, 0)], []
>>> mask = tile_mask(Tile(4, 4))  # the open ends show 4
>>> holds_playable(hand, mask)
False
>>> draw_until_fits(hand, stock, mask, seat=1, emit=log.append)
Tile(5, 4)
>>> [event.describe() for event in log], stock
(['seat 1 draws 3-1', 'seat 1 draws 5-4'], [Tile(2, 0)])
>>> nobody_can_play([hand], [], tile_mask(Tile(0, 0)))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Final, Self

import attrs

from tablegames.components.tiles import MAX_PIPS, Tile, domino_set
from tablegames.core.errors import quote
from tablegames.core.events import Event, fast_constructor, visible
from tablegames.core.memo import IdentityMemo
from tablegames.mechanics.line import tile_mask

__all__ = [
    "HAND_END_REASONS",
    "HandEnded",
    "Passed",
    "TileDrawn",
    "TilePlayed",
    "check_tile_deal",
    "draw_until_fits",
    "holds_playable",
    "nobody_can_play",
    "render_tiles",
    "set_name",
    "tile_problems",
]

HAND_END_REASONS: Final = ("domino", "blocked")
"""Why a hand ends (the ``reason`` of :class:`HandEnded`): a seat played its last tile, or
nobody can play and the stock is empty."""

_MASKS: Final = {tile: tile_mask(tile) for tile in domino_set(MAX_PIPS)}  # every tile there is
_NUMBERS: Final = (
    *("blank", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"),
)


def render_tiles(tiles: Sequence[Tile] | None) -> str:
    """Tiles in notation, space-separated (``"?"`` if hidden, ``"-"`` if none).

    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.dominoes import render_tiles
    >>> render_tiles([Tile(6, 4), Tile(0, 0)]), render_tiles(None), render_tiles([])
    ('6-4 0-0', '?', '-')
    """
    if tiles is None:
        return "?"
    return " ".join(str(t) for t in tiles) or "-"


# -- events ----------------------------------------------------------------------------------


@attrs.frozen
class TilePlayed(Event):
    """A seat placed a tile; ``count`` is the layout's count after it (the Fives family).

    ``end`` is any end id of the layout (see :mod:`tablegames.mechanics.line`). A variant that
    publishes the few ids its layout can have subclasses it, redefining ``end`` with a
    ``json_schema`` enum and ``count`` after it (so the fields keep their order).
    """

    tag: ClassVar[str] = "tile_played"
    seat: int
    """The seat that placed it."""
    tile: Tile
    """The tile placed."""
    end: str | None
    """The end it was attached to, ``None`` for the opening tile."""
    count: int
    """The count of the layout after the placement."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.dominoes import TilePlayed
        >>> TilePlayed(1, Tile(6, 4), "W", 10).describe(), TilePlayed(0, Tile(5, 5), None, 10).describe()
        ('seat 1 plays 6-4 on W: count 10', 'seat 0 opens with 5-5: count 10')
        """
        if self.end is None:
            return f"seat {self.seat} opens with {self.tile}: count {self.count}"
        return f"seat {self.seat} plays {self.tile} on {self.end}: count {self.count}"


@attrs.frozen
class TileDrawn(Event):
    """A seat with no legal placement drew a tile from the stock (boneyard); only that seat sees which."""

    tag: ClassVar[str] = "tile_drawn"
    seat: int
    """The seat that drew."""
    tile: Tile | None
    """The tile drawn (``None`` where hidden)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the tile from every seat but the drawer."""
        return self if visible(self.seat, seat) else attrs.evolve(self, tile=None)

    def describe(self) -> str:
        """The event in words (``a tile`` where hidden).

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.dominoes import TileDrawn
        >>> TileDrawn(2, Tile(3, 1)).describe(), TileDrawn(2, Tile(3, 1)).redact(0).describe()
        ('seat 2 draws 3-1', 'seat 2 draws a tile')
        """
        return f"seat {self.seat} draws {'a tile' if self.tile is None else self.tile}"


@attrs.frozen
class Passed(Event):
    """A seat with no legal placement and nothing it may draw passed."""

    tag: ClassVar[str] = "passed"
    seat: int
    """The seat that passed."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.dominoes import Passed
        >>> Passed(3).describe()
        'seat 3 passes'
        """
        return f"seat {self.seat} passes"


@attrs.frozen
class HandEnded(Event):
    """A hand ended by a domino or a block; the remaining tiles are shown and counted."""

    tag: ClassVar[str] = "hand_ended"
    hand_number: int
    """The hand that ended."""
    reason: str = attrs.field(metadata={"json_schema": {"enum": list(HAND_END_REASONS)}})
    """``"domino"`` (a seat placed its last tile) or ``"blocked"``."""
    seat: int | None
    """The seat that dominoed; ``None`` after a block."""
    hands: tuple[tuple[Tile, ...], ...]
    """The tiles left in each seat's hand, shown to everyone."""

    def describe(self) -> str:
        """The event in words, with the tiles left in every hand.

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.dominoes import HandEnded
        >>> HandEnded(2, "domino", 1, ((Tile(6, 6),), ())).describe()
        'hand 2 ends: seat 1 dominoes (left: seat 0: 6-6; seat 1: -)'
        >>> HandEnded(3, "blocked", None, ((), ())).describe()
        'hand 3 ends: the hand is blocked (left: seat 0: -; seat 1: -)'
        """
        left = "; ".join(f"seat {s}: {render_tiles(h)}" for s, h in enumerate(self.hands))
        how = f"seat {self.seat} dominoes" if self.reason == "domino" else "the hand is blocked"
        return f"hand {self.hand_number} ends: {how} (left: {left})"


_tile_drawn: Final = fast_constructor(TileDrawn)


# -- drawing, passing, the block -------------------------------------------------------------


def holds_playable(hand: Iterable[Tile], mask: int) -> bool:
    """Whether a tile of ``hand`` shows a value of the open-ends ``mask`` (a bit per value).

    >>> from tablegames.mechanics.line import tile_mask
    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.dominoes import holds_playable
    >>> holds_playable([Tile(6, 6), Tile(4, 1)], tile_mask(Tile(4, 0))), holds_playable([Tile(6, 6)], 0)
    (True, False)
    """
    masks = _MASKS
    for tile in hand:
        if masks[tile] & mask:
            return True
    return False


def draw_until_fits(
    hand: list[Tile],
    stock: list[Tile],
    mask: int,
    *,
    seat: int,
    emit: Callable[[Event], Any],
    key: Callable[[Tile], Any] | None = None,
) -> Tile | None:
    """Draw from the front of ``stock`` into ``hand`` until a tile fits ``mask``; that tile, or ``None``.

    Each tile drawn is emitted as a :class:`TileDrawn` of ``seat``. ``None`` means the stock
    ran out (or was empty) with nothing that fits drawn.

    Args:
        hand: the seat's tiles; the drawn tiles are added to it.
        stock: the stock in drawing order; the drawn tiles are taken off its front.
        mask: the values the open ends show, a bit per value (``open_mask()``).
        seat: the seat that draws.
        emit: where the events go (the game's ``emit``).
        key: if given, ``hand`` is sorted by it after a draw.
    """
    masks = _MASKS
    drawn: Tile | None = None
    if stock:
        while stock:
            tile = stock.pop(0)
            hand.append(tile)
            emit(_tile_drawn(seat, tile))
            if masks[tile] & mask:
                drawn = tile
                break
        if key is not None:
            hand.sort(key=key)
    return drawn


def nobody_can_play(hands: Iterable[Iterable[Tile]], stock: Sequence[Tile], mask: int) -> bool:
    """Whether the hand is blocked: the stock is empty and no tile of any hand fits ``mask``.

    >>> from tablegames.mechanics.line import tile_mask
    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.dominoes import nobody_can_play
    >>> nobody_can_play([[Tile(6, 6)], [Tile(5, 1)]], [], tile_mask(Tile(4, 0)))
    True
    >>> nobody_can_play([[Tile(6, 6)]], [Tile(4, 4)], tile_mask(Tile(4, 0)))
    False
    """
    if stock:
        return False
    masks = _MASKS
    for hand in hands:
        for tile in hand:
            if masks[tile] & mask:
                return False
    return True


# -- stacked deals ---------------------------------------------------------------------------


def set_name(tiles: Sequence[Tile]) -> str:
    """The name of a domino set by its highest half: ``"double-six"``, ``"double-twelve"``.

    >>> from tablegames.components.tiles import domino_set
    >>> from tablegames.mechanics.dominoes import set_name
    >>> set_name(domino_set(6)), set_name(domino_set(12))
    ('double-six', 'double-twelve')

    Raises:
        ValueError: if ``tiles`` is empty.
    """
    if not tiles:
        raise ValueError("an empty set of tiles has no name")
    return f"double-{_NUMBERS[max(t.high for t in tiles)]}"


def tile_problems(tiles: Sequence[Any], set_: Sequence[Tile], *, complete: bool = False) -> str | None:
    """What is wrong with the tiles of a deal: not tiles, duplicates, tiles outside ``set_``; ``None`` if nothing.

    The tile counterpart of :func:`~tablegames.mechanics.match.card_problems`.

    Args:
        tiles: every tile the deal places.
        set_: the variant's set of tiles (``domino_set(6)``), in set order.
        complete: whether the deal must place every tile of the set: then missing tiles are
            named, and the message says so.

    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.components.tiles import domino_set
    >>> from tablegames.mechanics.dominoes import tile_problems
    >>> tiles = domino_set(1)
    >>> for part in tile_problems([tiles[0], tiles[0], Tile(2, 0)], tiles, complete=True).split("; "):
    ...     print(part)
    duplicate tiles 1-1
    missing tiles 1-0, 0-0
    tiles outside double-one 2-0
    a deal holds each of the 3 double-one tiles once
    >>> tile_problems([tiles[1]], tiles) is None
    True
    """
    if not all(isinstance(t, Tile) for t in tiles):
        return "every piece must be a Tile"
    counts = Counter(tiles)
    members = frozenset(set_)
    name = set_name(set_)
    parts = []
    duplicates = sorted(str(t) for t, c in counts.items() if c > 1)
    if duplicates:
        parts.append(f"duplicate tiles {', '.join(duplicates)}")
    missing = [str(t) for t in set_ if t not in counts] if complete else []
    if missing:
        parts.append(f"missing tiles {', '.join(missing)}")
    foreign = sorted(str(t) for t in counts if t not in members)
    if foreign:
        parts.append(f"tiles outside {name} {', '.join(foreign)}")
    if not parts:
        return None
    if complete:
        parts.append(f"a deal holds each of the {len(set_)} {name} tiles once")
    return "; ".join(parts)


_FROZEN: Final = IdentityMemo[frozenset[Tile]](most=64, name="tablegames.mechanics.dominoes: the tiles of each set")


def _members(set_: Sequence[Tile]) -> frozenset[Tile]:
    """``frozenset(set_)``, kept for the few sets a program uses (the deal check runs per world in search)."""
    members = _FROZEN.get(set_)
    return _FROZEN.put(set_, frozenset(set_)) if members is None else members


def check_tile_deal(
    hands: Any,
    stock: Any,
    set_: Sequence[Tile],
    *,
    players: int,
    size: int,
    stock_name: str = "stock",
) -> str | None:
    """What is wrong with a stacked deal of a whole set: one hand of ``size`` per seat, the rest as the stock.

    The shape first (the number of hands, each hand's size, the stock's), then the tiles
    (:func:`tile_problems`, every tile of ``set_`` once); ``None`` if the deal is valid.

    Args:
        hands: the deal's hands, a tuple of tiles per seat.
        stock: the deal's stock in drawing order.
        set_: every tile of the game (``domino_set(6)``).
        players: how many seats are dealt a hand.
        size: the tiles in each hand.
        stock_name: what the variant calls the stock in its messages (``"boneyard"``).

    >>> from tablegames.components.tiles import domino_set
    >>> from tablegames.mechanics.dominoes import check_tile_deal
    >>> tiles = domino_set(6)
    >>> check_tile_deal((tiles[:7], tiles[7:14]), tiles[14:], tiles, players=2, size=7) is None
    True
    >>> check_tile_deal((tiles[:7], tiles[7:14]), tiles[14:], tiles, players=3, size=5)
    '2 hands for 3 players; one hand per seat'
    >>> check_tile_deal((tiles[:7], tiles[7:14]), tiles[15:], tiles, players=2, size=7, stock_name="boneyard")
    'the boneyard has 13 tiles; with 2 players it has 14'
    """
    n = players
    if not isinstance(hands, tuple) or len(hands) != n:
        return f"{len(hands) if isinstance(hands, tuple) else quote(hands)} hands for {n} players; one hand per seat"
    for i, hand in enumerate(hands):
        if not isinstance(hand, tuple) or len(hand) != size:
            got = len(hand) if isinstance(hand, tuple) else quote(hand)
            return f"hands[{i}] has {got} tiles; with {n} players each hand has {size}"
    rest = len(set_) - n * size
    if not isinstance(stock, tuple) or len(stock) != rest:
        got = len(stock) if isinstance(stock, tuple) else quote(stock)
        return f"the {stock_name} has {got} tiles; with {n} players it has {rest}"
    every = [t for h in hands for t in h]
    every += stock
    if len(every) == len(set_):  # the usual case, checked in C
        try:
            if frozenset(every) == _members(set_):
                return None
        except TypeError:  # an unhashable piece, named below
            pass
    return tile_problems(every, set_, complete=True)
