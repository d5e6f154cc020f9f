"""Bidding: numeric auctions, and rounds of named calls.

:class:`Auction` covers the single-round auction of the Pitch family (one speaking turn each,
the dealer last, an early end on the maximum bid, a throw-in when everyone passes, or with
``forced_bid`` the dealer *stuck* with that bid when everyone else passes).

>>> from tablegames.mechanics.bidding import Auction, Calling
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

:class:`Calling` covers rounds of named calls, as in Euchre: in round 1 each seat from the
dealer's left may order the up-card's suit as trump or pass; if all pass, in round 2 each may
name another suit. The calls are the variant's values (here strings), per round or from a
function of the seat and the round:

>>> calling = Calling(order=(1, 2, 3, 0), calls=[("order-up", "order-up-alone"), ("S", "D", "C")])
>>> calling.legal_calls(), calling.speaker, calling.round
(('order-up', 'order-up-alone'), 1, 1)
>>> for seat in (1, 2, 3, 0, 1):
...     calling.pass_(seat)
>>> calling.round, calling.speaker, calling.legal_calls()
(2, 2, ('S', 'D', 'C'))
>>> calling.call(2, "C")
>>> calling.is_over, calling.winner
(True, (2, 'C', 2))

If everyone passes every round, the hand is thrown in; with ``stick_last`` the last seat of
the last round (*stick the dealer*) may not pass:

>>> stuck = Calling(order=(1, 2, 3, 0), calls=[("order-up",), ("S", "D", "C")], stick_last=True)
>>> for seat in (1, 2, 3, 0, 1, 2, 3):
...     stuck.pass_(seat)
>>> stuck.must_call, stuck.why_not(0, None)
(True, "every other call was a pass: seat 0 may not pass, and calls one of 'S', 'D', 'C'")
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import ClassVar, Final, Generic, Literal, TypeVar

import attrs

from tablegames.core.errors import quote
from tablegames.core.events import Action, Event

__all__ = [
    "Auction",
    "Bid",
    "BidMade",
    "BidPassed",
    "BidView",
    "BiddingWon",
    "CallView",
    "Calling",
    "ForcedBiddingWon",
    "Pass",
]

_C = TypeVar("_C", bound=Hashable)  # the type of a variant's calls
_new: Final = object.__new__


@attrs.frozen
class BidView:
    """One call of an auction, as a view shows it. JSON: ``{"seat": 1, "amount": 2}``, ``amount`` null for a pass."""

    seat: int
    """The seat that spoke."""
    amount: int | None
    """Its bid, or ``None`` for a pass."""


@attrs.frozen
class Bid(Action):
    """Bid ``amount`` in an :class:`~tablegames.mechanics.bidding.Auction`. JSON: ``{"type": "bid", "amount": 3}``."""

    tag: ClassVar[str] = "bid"
    auction_call: ClassVar[Literal["bid", "pass"] | None] = "bid"
    amount: int
    """The points the bidder's side undertakes to win."""

    def __str__(self) -> str:
        return f"bid {self.amount}"

    def bid_amount(self) -> int:
        """The amount bid (declared for generic bots)."""
        return self.amount


@attrs.frozen
class Pass(Action):
    """Pass in the bidding. JSON: ``{"type": "pass"}``."""

    tag: ClassVar[str] = "pass"
    auction_call: ClassVar[Literal["bid", "pass"] | None] = "pass"

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class BidMade(Event):
    """A seat bid in an :class:`~tablegames.mechanics.bidding.Auction`."""

    tag: ClassVar[str] = "bid_made"
    seat: int
    """The seat that bid."""
    amount: int
    """Its bid."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.bidding import BidMade
        >>> BidMade(2, 3).describe()
        'seat 2 bids 3'
        """
        return f"seat {self.seat} bids {self.amount}"


@attrs.frozen
class BidPassed(Event):
    """A seat passed in the bidding."""

    tag: ClassVar[str] = "bid_passed"
    seat: int
    """The seat that passed."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.bidding import BidPassed
        >>> BidPassed(1).describe()
        'seat 1 passes'
        """
        return f"seat {self.seat} passes"


@attrs.frozen
class BiddingWon(Event):
    """The bidding ended with a high bidder (:attr:`~tablegames.mechanics.bidding.Auction.winner`)."""

    tag: ClassVar[str] = "bidding_won"
    seat: int
    """The high bidder."""
    amount: int
    """The winning bid."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.bidding import BiddingWon
        >>> BiddingWon(1, 3).describe()
        'seat 1 wins the bidding at 3'
        """
        return f"seat {self.seat} wins the bidding at {self.amount}"


@attrs.frozen
class ForcedBiddingWon(BiddingWon):
    """The bidding of an auction with a ``forced_bid`` ended: the high bidder, and whether it was stuck.

    JSON as :class:`~tablegames.mechanics.bidding.BiddingWon` with one more field, ``forced``
    (:attr:`~tablegames.mechanics.bidding.Auction.stuck`).
    """

    forced: bool
    """Whether the bidder is the last seat, stuck with the forced bid because everyone else passed."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.bidding import ForcedBiddingWon
        >>> ForcedBiddingWon(3, 2, True).describe()
        'everyone else passed: seat 3, the last to speak, is stuck with the bid at 2'
        """
        if self.forced:
            return f"everyone else passed: seat {self.seat}, the last to speak, is stuck with the bid at {self.amount}"
        return super().describe()


def _notation_or_pass(view: CallView, attribute: attrs.Attribute[str | None], value: object) -> None:
    """A :class:`CallView`'s ``call`` is the call's notation, a string, or ``None`` for a pass."""
    if value is not None and type(value) is not str:
        raise ValueError(f"a CallView's call is its notation, a str, or None for a pass; not {quote(value)}")


@attrs.frozen
class CallView:
    """One speech of a :class:`Calling`, as a view shows it.

    JSON: ``{"seat": 1, "round": 2, "call": "hearts"}``, ``call`` null for a pass.

    A :class:`Calling`'s calls may be any hashable values (Euchre's are its ``Call`` actions);
    a view shows each as a string, in the notation the calling was given (see
    :meth:`Calling.views`), so front ends read the same text whatever the variant's values.

    Raises:
        ValueError: if ``call`` is neither a string nor ``None`` (a calling of non-string
            calls needs a ``notation=`` that writes each as a string).

    >>> from tablegames.mechanics.bidding import CallView
    >>> CallView(1, 2, ("H", True))
    Traceback (most recent call last):
    ...
    ValueError: a CallView's call is its notation, a str, or None for a pass; not ('H', True)
    """

    seat: int
    """The seat that spoke."""
    round: int
    """The round it spoke in, from 1."""
    call: str | None = attrs.field(validator=_notation_or_pass)
    """Its call in the variant's notation, always a string, or ``None`` for a pass."""


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
    def stuck(self) -> bool:
        """Whether the auction is over and its winner was stuck with ``forced_bid`` (all the others passed).

        >>> from tablegames.mechanics.bidding import Auction
        >>> stuck = Auction(players=2, first=1, minimum=2, maximum=4, forced_bid=2)
        >>> stuck.pass_(1); stuck.bid(0, 2)
        >>> stuck.stuck, stuck.winner
        (True, (0, 2))
        """
        return (
            self.speaker is None
            and self.forced_bid is not None
            and len(self.bids) == self.players
            and all(amount is None for _, amount in self.bids[:-1])
        )

    def views(self) -> tuple[BidView, ...]:
        """The calls so far, for a view."""
        return tuple([BidView(s, a) for s, a in self.bids])

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


class Calling(Generic[_C]):
    """Rounds of named calls: each seat speaks in turn, calling or passing, until a call ends it.

    In each round the seats of ``order`` speak in that order (by default once each: the round
    ends when every seat has spoken). A speech is a pass or one of the calls ``calls`` allows
    that seat in that round. A *final* call (by default, every call) ends the calling at once;
    after a call that is not final the calling goes on, and the last call made stands. After
    the last round the calling is over: won by the call that stands or, if every speech was a
    pass, thrown in. With ``stick_last`` there is no throw-in: the seat whose pass would end
    the last round with no call made may not pass.

    Args:
        order: the seats in speaking order, the same in every round (in Euchre, clockwise
            from the dealer's left, the dealer last).
        calls: the calls other than a pass: one sequence per round, or a function of the
            seat and the round (from 1) giving that seat's calls in that round. A call is
            any hashable value other than ``None`` (which stands for a pass), such as a
            string (``"order-up"``, ``"order-up-alone"``) or a tuple (``("order-up", True)``).
            A function must depend on its arguments only, since copies share it.
        rounds: how many rounds; by default as many as ``calls`` gives (required when
            ``calls`` is a function).
        final: whether a call ends the calling; by default every call does.
        round_ends: whether a round is over, given its speeches so far as ``(seat, round,
            call)``; by default once each seat of ``order`` has spoken. With it, the seats
            go round ``order`` as many times as it takes.
        stick_last: *stick the dealer*: when no call has been made, the seat whose pass
            would end the last round may not pass. The variant must give that seat a call.
        notation: a call as front ends see it, a string (Euchre's ``"H alone"``); by default
            ``str``. :meth:`views` writes the calls with it, and :meth:`why_not` quotes them
            with it, so a refusal names calls as the views show them.

    Raises:
        ValueError: for an empty or repeated order, a bad number of rounds, or a round of
            calls that holds ``None``.

    The state is public for views; change it only through :meth:`call` and :meth:`pass_`.
    """

    __slots__ = (
        "_calls",
        "_final",
        "_notation",
        "_round_ends",
        "_start",
        "order",
        "record",
        "round",
        "rounds",
        "speaker",
        "standing",
        "stick_last",
    )

    def __init__(
        self,
        *,
        order: Sequence[int],
        calls: Sequence[Sequence[_C]] | Callable[[int, int], Sequence[_C]],
        rounds: int | None = None,
        final: Callable[[_C], bool] | None = None,
        round_ends: Callable[[Sequence[tuple[int, int, _C | None]]], bool] | None = None,
        stick_last: bool = False,
        notation: Callable[[_C], str] = str,
    ) -> None:
        order = tuple(order)
        if not order or any(type(s) is not int or s < 0 for s in order) or len(set(order)) != len(order):
            raise ValueError(f"the order names each speaking seat once, not {order!r}")
        if callable(calls):
            function = calls
            if rounds is None:
                raise ValueError("give rounds= when the calls come from a function")
        else:
            per_round = tuple(tuple(round_calls) for round_calls in calls)
            if any(None in round_calls for round_calls in per_round):
                raise ValueError("None stands for a pass: a call is another hashable value")
            if rounds is None:
                rounds = len(per_round)
            elif rounds != len(per_round):
                raise ValueError(f"{rounds} rounds need {rounds} sequences of calls, not {len(per_round)}")

            def function(seat: int, round_number: int) -> Sequence[_C]:
                return per_round[round_number - 1]

        if type(rounds) is not int or rounds < 1:
            raise ValueError(f"rounds is a positive int, not {rounds!r}")
        if type(stick_last) is not bool:
            raise ValueError(f"stick_last is True or False, not {stick_last!r}")
        if not callable(notation):
            raise ValueError(f"notation is a function from a call to its text, not {quote(notation)}")
        self._notation: Callable[[_C], str] = notation
        self._calls: Callable[[int, int], Sequence[_C]] = function
        self._final = final
        self._round_ends = round_ends
        self._start = 0
        self.order: tuple[int, ...] = order
        """The seats in speaking order."""
        self.rounds: int = rounds
        """How many rounds there are at most."""
        self.stick_last = stick_last
        """Whether the seat that would end the last round with no call made may not pass."""
        self.record: list[tuple[int, int, _C | None]] = []
        """Every speech so far as ``(seat, round, call)``, ``call`` ``None`` for a pass."""
        self.round = 1
        """The round in progress, from 1 (once over, the round the calling ended in)."""
        self.speaker: int | None = order[0]
        """The seat to speak next; ``None`` once the calling is over."""
        self.standing: tuple[int, _C, int] | None = None
        """The last call made, as ``(seat, call, round)``, or ``None``."""

    def copy(self) -> Calling[_C]:
        """An independent copy (the settings and functions are shared)."""
        new: Calling[_C] = _new(Calling)
        new._calls = self._calls
        new._final = self._final
        new._notation = self._notation
        new._round_ends = self._round_ends
        new._start = self._start
        new.order = self.order
        new.rounds = self.rounds
        new.stick_last = self.stick_last
        new.record = self.record[:]
        new.round = self.round
        new.speaker = self.speaker
        new.standing = self.standing
        return new

    @property
    def is_over(self) -> bool:
        """Whether a final call was made or the last round ended."""
        return self.speaker is None

    @property
    def winner(self) -> tuple[int, _C, int] | None:
        """``(seat, call, round)`` of the call that stands once over; ``None`` before, or after a throw-in."""
        return self.standing if self.speaker is None else None

    @property
    def thrown_in(self) -> bool:
        """Whether the calling is over with every speech a pass."""
        return self.speaker is None and self.standing is None

    @property
    def round_speeches(self) -> list[tuple[int, int, _C | None]]:
        """The speeches of the round in progress, as ``(seat, round, call)``."""
        return self.record[self._start :]

    @property
    def must_call(self) -> bool:
        """Whether the speaker is stuck now (``stick_last``, no call made, and its pass would end the last round)."""
        if not self.stick_last or self.speaker is None or self.standing is not None or self.round != self.rounds:
            return False
        if self._round_ends is None:
            return len(self.record) - self._start == len(self.order) - 1
        return self._round_ends([*self.round_speeches, (self.speaker, self.round, None)])

    @property
    def may_pass(self) -> bool:
        """Whether the speaker may pass now."""
        return self.speaker is not None and not self.must_call

    def legal_calls(self) -> tuple[_C, ...]:
        """The calls the speaker may make now, a pass aside (see :attr:`may_pass`); ``()`` once over."""
        if self.speaker is None:
            return ()
        return tuple(self._calls(self.speaker, self.round))

    @property
    def notation(self) -> Callable[[_C], str]:
        """A call as front ends see it (the ``notation`` given; ``str`` by default)."""
        return self._notation

    def _quoted(self, call: object) -> str:
        """``call`` quoted as the views write it; a value the notation cannot write, as it is."""
        try:
            text = self._notation(call)  # type: ignore[arg-type]
        except Exception:  # not a call of this calling (junk from JSON): quote it as it is
            return quote(call)
        return quote(text) if type(text) is str else quote(call)

    def why_not(self, seat: int, call: _C | None) -> str | None:
        """Why ``seat`` may not make ``call`` now (``None``: a pass), or ``None``.

        The message quotes calls in the calling's :attr:`notation`, as the views show them.

        >>> from tablegames.mechanics.bidding import Calling
        >>> def written(call):  # ("H", True) is "H alone"
        ...     return call[0] + " alone" * call[1]
        >>> calling = Calling(order=(0, 1), calls=[(("H", False), ("H", True))], notation=written)
        >>> calling.why_not(0, ("S", False))
        "'S' is not a call of seat 0 in round 1; allowed: 'H', 'H alone' or a pass"
        """
        speaker = self.speaker
        if speaker is None:
            return "the calling is over"
        if seat != speaker:
            return f"it is seat {speaker}'s turn to call, not seat {seat}'s"
        legal = self.legal_calls()
        if call is None:
            if self.must_call:
                allowed = ", ".join(self._quoted(c) for c in legal)
                return f"every other call was a pass: seat {seat} may not pass, and calls one of {allowed}"
            return None
        try:
            found = call in legal
        except Exception:  # a value whose comparison fails is no call
            found = False
        if not found:  # the message is written only for a refusal: legal calls are the hot path
            allowed = ", ".join(self._quoted(c) for c in legal)
            if not legal:
                return f"{self._quoted(call)} is not a call of seat {seat} in round {self.round}: it may only pass"
            options = allowed if self.must_call else f"{allowed} or a pass"
            return f"{self._quoted(call)} is not a call of seat {seat} in round {self.round}; allowed: {options}"
        return None

    def call(self, seat: int, call: _C) -> None:
        """``seat`` makes ``call``.

        Raises:
            ValueError: if that is not legal now (see :meth:`why_not`), or ``call`` is ``None``.
        """
        problem = self.why_not(seat, call) if call is not None else "a pass is pass_(seat), not a call of None"
        if problem is not None:
            raise ValueError(problem)
        self.standing = (seat, call, self.round)
        self._advance(seat, call, final=self._final is None or self._final(call))

    def pass_(self, seat: int) -> None:
        """``seat`` passes.

        Raises:
            ValueError: if it is not ``seat``'s turn, or ``seat`` is stuck (see :attr:`must_call`).
        """
        problem = self.why_not(seat, None)
        if problem is not None:
            raise ValueError(problem)
        self._advance(seat, None, final=False)

    def views(self, notation: Callable[[_C], str] | None = None) -> tuple[CallView, ...]:
        """Every speech so far as a :class:`CallView`, each call written by ``notation`` (by default the calling's).

        Raises:
            ValueError: if the notation writes a call as something other than a string.
        """
        write = self._notation if notation is None else notation
        return tuple([CallView(s, r, None if c is None else write(c)) for s, r, c in self.record])

    def _advance(self, seat: int, call: _C | None, *, final: bool) -> None:
        record = self.record
        record.append((seat, self.round, call))
        if final:
            self.speaker = None
            return
        spoken = len(record) - self._start
        ends = self._round_ends
        over = spoken == len(self.order) if ends is None else ends(record[self._start :])
        if not over:
            self.speaker = self.order[spoken % len(self.order)]
        elif self.round == self.rounds:
            self.speaker = None
        else:
            self.round += 1
            self._start = len(record)
            self.speaker = self.order[0]
