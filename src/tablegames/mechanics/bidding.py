"""Auctions: each seat speaks in turn, bids rise strictly within a range.

:class:`Auction` covers the single-round auction of the Pitch family (one speaking turn each,
the dealer last, an early end on the maximum bid, a throw-in when everyone passes, or with
``forced_bid`` the dealer *stuck* with that bid when everyone else passes).

>>> auction = Auction(players=4, first=1, minimum=2, maximum=4)
>>> auction.legal_bids()
(2, 3, 4)
>>> auction.bid(1, 2); auction.pass_(2); auction.bid(3, 3)
>>> auction.legal_bids(), auction.speaker
((4,), 0)
>>> auction.pass_(0)
>>> auction.is_over, auction.winner
(True, (3, 3))

With ``forced_bid``, the last seat may not pass when everyone before it passed, and must make
that bid:

>>> stuck = Auction(players=4, first=1, minimum=2, maximum=4, forced_bid=2)
>>> stuck.pass_(1); stuck.pass_(2); stuck.pass_(3)
>>> stuck.must_bid, stuck.legal_bids(), stuck.why_not(0, None)
(True, (2,), 'every other seat passed: seat 0 must bid 2')
"""

from __future__ import annotations

import attrs

__all__ = ["Auction", "BidView"]


@attrs.frozen
class BidView:
    """One call of an auction, as a view shows it. JSON: ``{"seat": 1, "amount": 2}``, ``amount`` null for a pass."""

    seat: int
    """The seat that spoke."""
    amount: int | None
    """Its bid, or ``None`` for a pass."""


class Auction:
    """A single-round auction: every seat speaks once, clockwise from ``first``.

    Args:
        players: how many seats speak.
        first: the seat that speaks first (in the Pitch family, left of the dealer).
        minimum: the lowest bid.
        maximum: the highest bid; a bid of it ends the auction at once.
        forced_bid: if given, when every seat before the last one passed, the last one (in
            the Pitch family, the dealer) may not pass: its only call is a bid of this amount
            (*stick the dealer*, as in Auction Pitch's forced bid of 2), and the auction always
            has a winner. By default (``None``) an all-pass ends the auction with none.

    Raises:
        ValueError: for an empty range, or a ``forced_bid`` outside it.

    The state is public for views; change it only through :meth:`bid` and :meth:`pass_`.
    """

    __slots__ = ("bids", "first", "forced_bid", "high", "maximum", "minimum", "players", "speaker")

    def __init__(self, *, players: int, first: int, minimum: int, maximum: int, forced_bid: int | None = None) -> None:
        if not 0 < minimum <= maximum:
            raise ValueError(f"bids range from a positive minimum up to the maximum, not {minimum}..{maximum}")
        if forced_bid is not None and (type(forced_bid) is not int or not minimum <= forced_bid <= maximum):
            raise ValueError(f"a forced bid is an int from {minimum} to {maximum}, not {forced_bid!r}")
        self.players = players
        """How many seats speak."""
        self.first = first
        """The first seat to speak."""
        self.minimum = minimum
        """The lowest bid."""
        self.maximum = maximum
        """The highest bid."""
        self.forced_bid = forced_bid
        """The bid the last seat must make when all the others passed, or ``None``."""
        self.bids: list[tuple[int, int | None]] = []
        """Each call so far as ``(seat, amount)``, with ``amount`` ``None`` for a pass."""
        self.high: tuple[int, int] | None = None
        """The high bid so far, ``(seat, amount)``."""
        self.speaker: int | None = first
        """The seat to speak next; ``None`` once the auction is over."""

    def copy(self) -> Auction:
        """An independent copy."""
        new = Auction.__new__(Auction)
        new.players, new.first, new.minimum, new.maximum = self.players, self.first, self.minimum, self.maximum
        new.forced_bid = self.forced_bid
        new.bids = self.bids[:]
        new.high = self.high
        new.speaker = self.speaker
        return new

    @property
    def is_over(self) -> bool:
        """Whether every seat has spoken, or the maximum was bid."""
        return self.speaker is None

    @property
    def winner(self) -> tuple[int, int] | None:
        """``(seat, amount)`` of the high bidder once over; ``None`` if all passed (a throw-in)."""
        return self.high if self.speaker is None else None

    @property
    def must_bid(self) -> bool:
        """Whether the speaker is stuck now (``forced_bid`` is set and every other seat passed)."""
        return (
            self.forced_bid is not None
            and self.speaker is not None
            and self.high is None
            and len(self.bids) == self.players - 1
        )

    def legal_bids(self) -> tuple[int, ...]:
        """The amounts the speaker may bid now (strictly above the high bid; only the forced bid if stuck)."""
        if self.speaker is None:
            return ()
        if self.forced_bid is not None and self.must_bid:
            return (self.forced_bid,)
        low = self.minimum if self.high is None else self.high[1] + 1
        return tuple(range(low, self.maximum + 1))

    def why_not(self, seat: int, amount: int | None) -> str | None:
        """Why ``seat`` may not make this call now (``None`` amount: a pass), or ``None``."""
        if self.speaker is None:
            return "the bidding is closed"
        if seat != self.speaker:
            return f"it is seat {self.speaker}'s turn to bid, not seat {seat}'s"
        if amount is None:
            if self.must_bid:
                return f"every other seat passed: seat {seat} must bid {self.forced_bid}"
            return None
        if type(amount) is not int:
            return f"a bid is an int, not {amount!r}"
        if self.must_bid and amount != self.forced_bid:
            return f"every other seat passed: seat {seat} is stuck with a bid of {self.forced_bid}, not {amount}"
        legal = self.legal_bids()  # never empty while someone is to speak: a bid of the maximum ends it
        if amount not in legal:
            allowed = ", ".join(map(str, legal))
            if self.high is not None and self.minimum <= amount <= self.high[1]:
                return f"a bid must beat the high bid of {self.high[1]}; allowed: {allowed}"
            return f"bids range from {self.minimum} to {self.maximum}; allowed now: {allowed}"
        return None

    def bid(self, seat: int, amount: int) -> None:
        """``seat`` bids ``amount``.

        Raises:
            ValueError: if that is not legal now (see :meth:`why_not`).
        """
        problem = self.why_not(seat, amount) if amount is not None else f"a bid is an int, not {amount!r}"
        if problem is not None:
            raise ValueError(problem)
        self.bids.append((seat, amount))
        self.high = (seat, amount)
        self._advance(seat, final=amount == self.maximum)

    def pass_(self, seat: int) -> None:
        """``seat`` passes.

        Raises:
            ValueError: if it is not ``seat``'s turn, or ``seat`` must bid (see :attr:`must_bid`).
        """
        problem = self.why_not(seat, None)
        if problem is not None:
            raise ValueError(problem)
        self.bids.append((seat, None))
        self._advance(seat, final=False)

    def _advance(self, seat: int, *, final: bool) -> None:
        if final or len(self.bids) == self.players:
            self.speaker = None
        else:
            self.speaker = (seat + 1) % self.players
