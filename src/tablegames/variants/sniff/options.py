"""American Sniff's options and stacked deals."""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.errors import quote
from tablegames.core.game import MAX_TARGET, int_option

__all__ = ["HAND_SIZES", "SniffDeal", "SniffOptions", "check_sniff_deal"]

HAND_SIZES: Final = {2: 7, 3: 6, 4: 5}
"""Tiles dealt to each player, by the number of players."""


def _default_target(options: SniffOptions) -> int:
    return 250 if options.players == 2 else 200


@attrs.frozen(kw_only=True)
class SniffOptions:
    """The options of American Sniff.

    >>> from tablegames.variants.sniff.options import SniffOptions
    >>> SniffOptions(players=2).target
    250
    """

    players: int = attrs.field(default=4, validator=int_option(2, 4))
    """2, 3 or 4 players; four play as two partnerships (seats 0+2 and 1+3)."""
    target: int = attrs.field(
        default=attrs.Factory(_default_target, takes_self=True), validator=int_option(1, MAX_TARGET)
    )
    """The score a side must reach to win (by default 250 with 2 players, 200 with 3 or 4; at most 10,000)."""


@attrs.frozen(kw_only=True)
class SniffDeal:
    """One stacked deal. JSON: ``{"hands": [["6-4", ...], ...], "stock": [...], "leader": 0}``.

    ``hands[i]`` belongs to seat ``i``; ``stock`` is in drawing order. ``leader`` stands for
    the neutral random draw: it is used where the rules call for that draw (the first hand, and
    the hand after a block) and ignored where they decide (the player who dominoed leads);
    left out where a draw is due, the seed draws.
    """

    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles."""
    stock: tuple[Tile, ...]
    """The stock, first tile drawn first."""
    leader: int | None = None
    """The seat the neutral draw picks, where one is due."""


def check_sniff_deal(deal: SniffDeal, options: SniffOptions) -> str | None:
    """What is wrong with ``deal`` for ``options``, or ``None`` if it is a valid deal."""
    n = options.players
    size = HAND_SIZES[n]
    hands, stock = deal.hands, deal.stock
    if not isinstance(hands, tuple) or len(hands) != n:
        return f"{len(hands) if isinstance(hands, tuple) else quote(hands)} hands for {n} players; one hand per seat"
    for i, hand in enumerate(hands):
        if not isinstance(hand, tuple) or len(hand) != size:
            got = len(hand) if isinstance(hand, tuple) else hand
            return f"hands[{i}] has {got} tiles; with {n} players each hand has {size}"
    if not isinstance(stock, tuple) or len(stock) != 28 - n * size:
        got = len(stock) if isinstance(stock, tuple) else stock
        return f"the stock has {got} tiles; with {n} players it has {28 - n * size}"
    every = [t for h in hands for t in h] + list(stock)
    if len(every) == 28 and frozenset(every) == _ALL_TILES:  # the usual case, checked in C
        return _check_leader(deal.leader, n)
    if not all(isinstance(t, Tile) for t in every):
        return "every piece must be a Tile"
    counts = Counter(every)
    duplicates = sorted((str(t) for t, c in counts.items() if c > 1))
    full = domino_set(6)
    missing = [str(t) for t in full if t not in counts]
    foreign = sorted(str(t) for t in counts if t.high > 6)
    if duplicates or missing or foreign:
        parts = []
        if duplicates:
            parts.append(f"duplicate tiles {', '.join(duplicates)}")
        if missing:
            parts.append(f"missing tiles {', '.join(missing)}")
        if foreign:
            parts.append(f"tiles outside double-six {', '.join(foreign)}")
        return "; ".join(parts) + "; a deal holds each of the 28 double-six tiles once"
    return _check_leader(deal.leader, n)


_ALL_TILES: Final = frozenset(domino_set(6))


def _check_leader(leader: object, n: int) -> str | None:
    if leader is not None and (type(leader) is not int or not 0 <= leader < n):
        return f"leader {quote(leader)} is not a seat; seats are 0 to {n - 1}"
    return None
