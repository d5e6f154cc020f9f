"""Mexican Train's options and stacked deals (rules 3, 4, 21 and 24 of the rules page)."""

from __future__ import annotations

from typing import Final

import attrs

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.errors import InvalidOptionsError, quote
from tablegames.core.options import choice_option, int_option
from tablegames.mechanics.dominoes import tile_problems

__all__ = [
    "DOUBLE_BLANK_VALUES",
    "HAND_SIZES",
    "MAX_ROUNDS",
    "TILES",
    "MexicanTrainDeal",
    "MexicanTrainOptions",
    "check_mexican_train_deal",
]

TILES: Final = domino_set(12)
"""The 91 tiles of the double-twelve set, highest first (12-12, 12-11, ..., 0-0)."""
HAND_SIZES: Final = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}
"""The default tiles dealt to each player, by the number of players (rule 4)."""
MAX_ROUNDS: Final = 13
"""Rounds in a full match: one for each double from 12-12 down to 0-0 (rule 3)."""
DOUBLE_BLANK_VALUES: Final = (0, 50)
"""What a 0-0 left in hand may count (rule 21): its pips, or the house rule's 50."""

_FULL_SET: Final = frozenset(TILES)


def _default_hand_size(options: MexicanTrainOptions) -> int:
    players = options.players  # a bad player count (even an unhashable one) is refused by its own validator
    return HAND_SIZES.get(players, 2) if type(players) is int else 2


@attrs.frozen(kw_only=True)
class MexicanTrainOptions:
    """The options of Mexican Train.

    >>> MexicanTrainOptions().hand_size, MexicanTrainOptions(players=6).hand_size
    (15, 12)
    >>> MexicanTrainOptions(players=8, hand_size=12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tablegames.core.errors.InvalidOptionsError: invalid option hand_size: 12 tiles for each of 8 players ...
    """

    players: int = attrs.field(default=4, validator=int_option(2, 8))
    """2 to 8 players, each playing alone."""
    rounds: int = attrs.field(default=MAX_ROUNDS, validator=int_option(1, MAX_ROUNDS))
    """How many rounds the match has: the first ``rounds`` engines from 12-12 down (13: all)."""
    double_blank: int = attrs.field(
        default=0, validator=choice_option(*DOUBLE_BLANK_VALUES, what="a double-blank value")
    )
    """What a 0-0 left in a hand counts at the end of a round: 0 (its pips) or 50."""
    hand_size: int = attrs.field(
        default=attrs.Factory(_default_hand_size, takes_self=True), validator=int_option(2, 45)
    )
    """Tiles dealt to each player (by default 15 with 2 to 4 players, 12 with 5 or 6, 10 with 7
    or 8); ``players`` times ``hand_size`` is at most 91."""

    def __attrs_post_init__(self) -> None:
        """Refuse more tiles in the hands than the set holds."""
        dealt = self.players * self.hand_size
        if dealt > len(TILES):
            most = len(TILES) // self.players
            raise InvalidOptionsError(
                "hand_size",
                f"{self.hand_size} tiles for each of {self.players} players is {dealt}, more than the "
                f"{len(TILES)} tiles of the set; allowed with {self.players} players: an int from 2 to {most}",
            )


@attrs.frozen(kw_only=True)
class MexicanTrainDeal:
    """One stacked round. JSON: ``{"hands": [["12-12", ...], ...], "boneyard": ["5-1", ...], "first": 0}``.

    ``hands[i]`` belongs to seat ``i``; ``boneyard`` is in drawing order. The 91 tiles are
    there once each, the round's engine included, wherever the deal puts it (so one deal fits
    any round). ``first`` stands for the neutral draw of the first player: it is used only when
    no hand holds the engine; left out, the seed draws.
    """

    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles."""
    boneyard: tuple[Tile, ...]
    """The boneyard, first tile drawn first."""
    first: int | None = None
    """The seat the neutral draw picks when nobody holds the engine."""


def check_mexican_train_deal(deal: MexicanTrainDeal, options: MexicanTrainOptions) -> str | None:
    """What is wrong with ``deal`` for ``options``, or ``None`` if it is a valid deal.

    >>> deal = MexicanTrainDeal(hands=(TILES[:15], TILES[15:30]), boneyard=TILES[30:])
    >>> check_mexican_train_deal(deal, MexicanTrainOptions(players=2)) is None
    True
    >>> check_mexican_train_deal(deal, MexicanTrainOptions(players=2, hand_size=10))
    'hands[0] has 15 tiles; each hand has 10 (hand_size)'
    """
    n, size = options.players, options.hand_size
    hands, boneyard = deal.hands, deal.boneyard
    if not isinstance(hands, tuple) or len(hands) != n:
        return f"{len(hands) if isinstance(hands, tuple) else quote(hands)} hands for {n} players; one hand per seat"
    for seat, hand in enumerate(hands):
        if not isinstance(hand, tuple) or len(hand) != size:
            got = len(hand) if isinstance(hand, tuple) else quote(hand)
            return f"hands[{seat}] has {got} tiles; each hand has {size} (hand_size)"
    rest = len(TILES) - n * size
    if not isinstance(boneyard, tuple) or len(boneyard) != rest:
        got = len(boneyard) if isinstance(boneyard, tuple) else quote(boneyard)
        return f"the boneyard has {got} tiles; with {n} hands of {size} it has {rest}"
    every = [tile for hand in hands for tile in hand]
    every += boneyard
    if len(every) != len(TILES) or frozenset(every) != _FULL_SET:
        problem = tile_problems(every, TILES, complete=True)  # not each of the 91 once: what is wrong
        if problem is not None:
            return problem
    first = deal.first
    if first is not None and (type(first) is not int or not 0 <= first < n):
        return f"first {quote(first)} is not a seat; seats are 0 to {n - 1}"
    return None

