"""Mexican Train's arithmetic as pure functions: the engine of a round, a round's points, the winner."""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.components.tiles import Tile
from tablegames_mexican_train.options import MAX_ROUNDS

__all__ = ["engine_of", "hand_points", "match_winner"]


def engine_of(round_number: int) -> Tile:
    """The engine of round ``round_number`` (rule 3): 12-12 in round 1, down to 0-0 in round 13.

    >>> engine_of(1), engine_of(13)
    (Tile(12, 12), Tile(0, 0))

    Raises:
        ValueError: for a round outside 1 to 13.

    """
    if type(round_number) is not int or not 1 <= round_number <= MAX_ROUNDS:
        raise ValueError(f"rounds are numbered 1 to {MAX_ROUNDS}, not {round_number!r}")
    value = MAX_ROUNDS - round_number
    return Tile(value, value)


def hand_points(hand: Sequence[Tile], *, double_blank: int) -> int:
    """The penalty points of the tiles left in a hand (rule 21): their pips, a 0-0 counting ``double_blank``.

    >>> hand_points([Tile(9, 2), Tile(7, 1)], double_blank=0)
    19
    >>> hand_points([Tile(7, 1), Tile(0, 0)], double_blank=50)
    58
    """
    total = 0
    for tile in hand:
        total += tile.high + tile.low if tile.high else double_blank
    return total


def match_winner(scores: Sequence[int], history: Sequence[Sequence[int]]) -> tuple[int, str | None]:
    """The winner of a finished match and how a tie was broken (rules 22 and 23).

    The lowest total wins. Seats tied for it are compared on the last round's points, keeping
    the lowest, then on the round before, back to round 1 (``"countback"``); if they scored
    alike in every round the lowest seat wins (``"seat"``). ``None``: there was no tie.

    Args:
        scores: each seat's total.
        history: each round's points, one int per seat, in the order played.

    >>> match_winner([35, 34], [[0, 16], [35, 0], [0, 18]])
    (1, None)
    >>> match_winner([10, 10], [[0, 10], [10, 0]])
    (1, 'countback')
    >>> match_winner([396, 396], [[396, 396]])
    (0, 'seat')
    """
    low = min(scores)
    tied = [seat for seat, total in enumerate(scores) if total == low]
    if len(tied) == 1:
        return tied[0], None
    for points in reversed(history):
        best = min(points[seat] for seat in tied)
        tied = [seat for seat in tied if points[seat] == best]
        if len(tied) == 1:
            return tied[0], "countback"
    return tied[0], "seat"
