"""Seats and sides: who sits where, who plays next, who scores together.

Seats are numbered ``0..n-1`` clockwise. A *side* is what scores: one seat in solo play, or
a partnership of the seats facing each other (``{0, 2}`` and ``{1, 3}`` at four).

>>> from tablegames.components.seats import Seating
>>> table = Seating(4, partnerships=True)
>>> table.next(3), table.partner(1), table.side_of(2), table.sides
(0, 3, 0, 2)
>>> Seating(3).side_of(2), Seating(3).sides
(2, 3)
"""

from __future__ import annotations

import attrs

__all__ = ["Seating"]


def _check_players(instance: Seating, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"players must be a positive int, not {value!r}")


@attrs.frozen
class Seating:
    """The seat arithmetic of one table, so that rules code never computes ``(s + 1) % n``."""

    players: int = attrs.field(validator=_check_players)
    """How many seats there are."""
    partnerships: bool = attrs.field(default=False, kw_only=True)
    """Whether facing seats form sides (needs an even number of players)."""

    def __attrs_post_init__(self) -> None:
        if self.partnerships and self.players % 2:
            raise ValueError(f"partnerships need an even number of players, not {self.players}")

    @property
    def sides(self) -> int:
        """How many sides score."""
        return self.players // 2 if self.partnerships else self.players

    def next(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places clockwise (to the left) of ``seat``."""
        return (seat + steps) % self.players

    def side_of(self, seat: int) -> int:
        """The side that ``seat`` scores for."""
        return seat % (self.players // 2) if self.partnerships else seat

    def partner(self, seat: int) -> int | None:
        """The seat facing ``seat`` in a partnership game, else ``None``."""
        return (seat + self.players // 2) % self.players if self.partnerships else None

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for ``side``, in seat order."""
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat once, starting at ``seat`` and going clockwise."""
        return tuple((seat + i) % self.players for i in range(self.players))
