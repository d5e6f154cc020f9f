"""Events, the one visibility rule, and the event log.

Everything that happens in a game is an :class:`Event`: a frozen attrs class with a stable
JSON ``type`` tag. An event knows who may see which of its fields; :meth:`Event.redact`
returns the event as one seat sees it, with hidden fields set to ``None`` (``null`` in JSON,
never left out). Both a seat's redacted log and its view are built with :func:`visible`, so a
leak in one is a leak in the other and one test covers both. What someone who holds no seat
(a spectator) sees is derived from the seats' redactions, never written by a variant:
:func:`redact_public`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal, TypeVar

import attrs

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "READ_VERSIONS",
    "Action",
    "Event",
    "EventLog",
    "fast_constructor",
    "redact_hands",
    "redact_public",
    "visible",
]

FORMAT: Final = "tablegames.log"
"""The ``format`` key of every log."""
FORMAT_VERSION: Final = 2
"""The version of the published JSON forms this library writes; bumped on any change to one.

Version 2 added fields to views (the last completed trick, the last hand's layout); logs and
everything in them are as in version 1, so version 1's logs are read too
(:data:`READ_VERSIONS`)."""
READ_VERSIONS: Final = (1, 2)
"""Which format versions of logs this library reads (each one whose log form it still writes)."""

_E = TypeVar("_E", bound="Event")
_T = TypeVar("_T")
_H = TypeVar("_H")


def visible(owner: int | None, seat: int | None) -> bool:
    """Whether ``seat`` may see a piece held privately by ``owner``: the visibility rule.

    Args:
        owner: the seat a private piece belongs to, or ``None`` for a piece nobody may see
            (a face-down stock, untouched undealt cards).
        seat: the seat asking, or ``None`` for the full, omniscient record.

    >>> from tablegames.core.events import visible
    >>> visible(2, 2), visible(2, 0), visible(None, 0), visible(None, None)
    (True, False, False, True)

    """
    return seat is None or (owner is not None and owner == seat)


def redact_hands(hands: tuple[_H | None, ...], seat: int | None) -> tuple[_H | None, ...]:
    """``hands`` (one private pile per seat) as ``seat`` sees them: others' piles become ``None``.

    >>> from tablegames.core.events import redact_hands
    >>> redact_hands((("6-4",), ("5-5",)), 1)
    (None, ('5-5',))
    """
    if seat is None:
        return hands
    return tuple(pile if visible(owner, seat) else None for owner, pile in enumerate(hands))


def redact_public(event: _E, players: int) -> _E:
    """``event`` as someone who holds no seat (a spectator) sees it, in a game of ``players`` seats.

    A spectator sees what every seat sees: the result is the *meet* of the seats' redactions
    ``event.redact(seat)`` for each seat in ``range(players)``. If every seat's redaction is the
    event itself (a public event), the event is returned unchanged. Otherwise each field is the
    meet of the seats' values: a value every seat sees alike is kept; tuples (or lists) of one
    length are met element by element, and attrs instances of one class field by field;
    anything else that differs between seats becomes ``None``, as a hidden field does in a
    seat's redaction. The result is built with ``attrs.evolve``, so the event's validators
    run. Nothing here knows a variant: it follows from :meth:`Event.redact` alone, so a
    spectator can never see a piece that some seat may not see.

    So a spectator sees every hand as ``None``, and a piece shown to one seat only (a drawn
    tile, a face-down discard) as ``None``; but a piece every seat sees is shown (in a two-seat
    game, one passed openly between the two seats, say).

    Args:
        event: the full event.
        players: how many seats the game has (at least 1).

    Raises:
        ValueError: if ``players`` is not a positive int.
        TypeError: if a seat's redaction is not of the event's own class.

    >>> from tablegames.core.events import visible, redact_hands
    >>> from tablegames.core.events import Event
    >>> from tablegames.core.events import redact_public
    >>> import attrs
    >>> @attrs.frozen
    ... class Drawn(Event):
    ...     seat: int
    ...     tile: str | None
    ...     def redact(self, seat):
    ...         return self if visible(self.seat, seat) else attrs.evolve(self, tile=None)
    >>> @attrs.frozen
    ... class Dealt(Event):
    ...     hand_number: int
    ...     hands: tuple[tuple[str, ...] | None, ...]
    ...     def redact(self, seat):
    ...         return self if seat is None else attrs.evolve(self, hands=redact_hands(self.hands, seat))
    >>> redact_public(Drawn(1, "6-4"), 3)
    Drawn(seat=1, tile=None)
    >>> redact_public(Dealt(1, (("6-4",), ("5-5",))), 2)
    Dealt(hand_number=1, hands=(None, None))
    >>> redact_public(Dealt(1, (("6-4",),)), 1)  # one seat: it sees its own hand, and so does a spectator
    Dealt(hand_number=1, hands=(('6-4',),))
    >>> @attrs.frozen
    ... class Opened(Event):
    ...     seat: int
    >>> opened = Opened(2)
    >>> redact_public(opened, 4) is opened
    True
    """
    if type(players) is not int or players < 1:
        raise ValueError(f"players must be a positive int, got {players!r}")
    seen = [event.redact(seat) for seat in range(players)]
    if all(shown is event for shown in seen):
        return event
    kind = type(event)
    for seat, shown in enumerate(seen):
        if type(shown) is not kind:
            raise TypeError(f"{kind.__name__}.redact({seat}) returned a {type(shown).__name__}, not a {kind.__name__}")
    met: _E = _meet(seen)
    return met


def _meet(values: Sequence[Any]) -> Any:
    """What every one of ``values`` (one per seat) shows: see :func:`redact_public`."""
    first = values[0]
    if all(value is first or value == first for value in values):
        return first
    kind = type(first)
    if any(type(value) is not kind for value in values):
        return None
    if kind is tuple or kind is list:
        size = len(first)
        if any(len(value) != size for value in values):
            return None
        return kind(_meet(column) for column in zip(*values, strict=True))
    if attrs.has(kind):
        changes = {}
        for field in attrs.fields(kind):
            if not field.init:  # derived from the others: evolve computes it again
                continue
            column = [getattr(value, field.name) for value in values]
            shown = _meet(column)
            if shown is not column[0]:
                changes[field.alias] = shown
        return attrs.evolve(first, **changes)
    return None


_NO_SCORES: Final[Mapping[int, int]] = MappingProxyType({})


@attrs.frozen
class Action:
    """The base of every variant's actions: frozen, hashable, with a JSON ``type`` tag.

    Beside its tag, an action may declare its part in an auction (:attr:`auction_call` and
    :meth:`bid_amount`), which generic bots read instead of guessing from names.
    """

    tag: ClassVar[str] = ""
    """The action's ``type`` in JSON; unique within its variant."""
    auction_call: ClassVar[Literal["bid", "pass"] | None] = None
    """Whether the action is a bid or a pass in an auction, declared for the layers above.

    ``"bid"`` for a bid (its amount is :meth:`~tablegames.core.events.Action.bid_amount`),
    ``"pass"`` for a pass, ``None`` (the default) for any other action.
    :class:`~tablegames.bots.random.RandomBot` bids cautiously where both are offered."""

    def bid_amount(self) -> int | None:
        """Declared data: the amount an auction bid offers; ``None`` (the default) for any other action."""
        return None


@attrs.frozen
class Event:
    """The base of every event: frozen, with a JSON ``type`` tag and a visibility rule.

    Beside its tag and :meth:`redact`, an event declares what the layers above read from it,
    each with a default that says "nothing": :meth:`describe` (its text), :meth:`side_scores`
    (the scores it states), :meth:`winning_side` (the match's winner it announces) and
    :meth:`dealt_hand` (the hand it deals). The command line's narration and scoresheet read
    these, never an event's fields by name, so a variant's events need no particular field
    names.
    """

    tag: ClassVar[str] = ""
    """The event's ``type`` in JSON; unique within its variant and never changed."""

    def redact(self: _E, seat: int | None) -> _E:
        """The event as ``seat`` sees it (``None``: the full event).

        Public events return themselves; events with private fields override this and use
        :func:`visible`.
        """
        return self

    def describe(self) -> str:
        """The event in words, one line (the command line prints it).

        It may be a seat's redaction (hidden fields ``None``). The default is the event's
        ``repr``; every event of the mechanics words itself.
        """
        return repr(self)

    def side_scores(self) -> Mapping[int, int]:
        """Declared data: each side's score once this event is done, for the sides whose score it states.

        A mapping from side to its total, empty (the default) for an event that states no
        score. An event that states every side's score (a hand's settlement, the match's end)
        gives them all; one that changes one side's score gives that side's new total.

        >>> from tablegames.core.events import Event
        >>> Event().side_scores()
        mappingproxy({})
        """
        return _NO_SCORES

    def winning_side(self) -> int | None:
        """Declared data: the side this event announces as the match's winner; ``None`` (the default) otherwise."""
        return None

    def dealt_hand(self) -> int | None:
        """Declared data: the number of the hand this deal event deals; ``None`` (the default) for any other event.

        A hand begins at its deal event: the command line's narration starts a new hand there.
        """
        return None


@attrs.frozen(kw_only=True)
class EventLog:
    """A game's record: everything needed to replay it (full) or what one seat saw (redacted).

    A full log (``seat is None``) carries the ``seed`` and the stacked ``deals`` not yet used,
    so a replayed game can go on. A redacted log carries ``seat`` instead and never the seed.
    """

    variant: str
    """The registered name of the variant."""
    options: Any
    """The variant's options object."""
    events: tuple[Event, ...]
    """Every event, in order (redacted for ``seat`` if ``seat`` is set)."""
    seed: int | None = None
    """The seed of a full log; ``None`` in a redacted one."""
    seat: int | None = None
    """The seat a redacted log was made for; ``None`` for a full log."""
    deals: tuple[Any, ...] = ()
    """Stacked deals given to the game and not yet used (full logs only)."""
    version: int = FORMAT_VERSION
    """The format version the log was written in."""

    @property
    def is_full(self) -> bool:
        """Whether this is a full log, which :func:`tablegames.replay` accepts."""
        return self.seat is None


def fast_constructor(cls: type[_T]) -> Callable[..., _T]:
    """A positional constructor for ``cls``, a frozen slotted attrs class, for a hot path.

    ``fast_constructor(cls)(*values)`` returns the same object as ``cls(*values)`` (every field
    given, in order) about a third faster: it fills the slots directly instead of going through
    the frozen class's ``__setattr__`` guard. Events are built this way on a variant's hot path.

    Raises:
        TypeError: if ``cls`` is not a slotted attrs class, or has a field with a validator or a
            converter, a field left out of ``__init__``, or an ``__attrs_post_init__``, whose
            work the fast constructor would skip.

    >>> from tablegames.core.events import Event
    >>> from tablegames.core.events import fast_constructor
    >>> import attrs
    >>> @attrs.frozen
    ... class Moved(Event):
    ...     seat: int
    ...     to: str
    >>> fast_constructor(Moved)(1, "W") == Moved(1, "W")
    True
    """
    if not attrs.has(cls) or "__slots__" not in cls.__dict__ or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__} is not a slotted attrs class without __attrs_post_init__")
    setters: dict[str, Any] = {}
    names = []
    for field in attrs.fields(cls):
        if field.validator is not None or field.converter is not None or not field.init:
            raise TypeError(f"{cls.__name__}.{field.name} has a validator or converter, or is not in __init__")
        slot = next(klass.__dict__[field.name] for klass in cls.__mro__ if field.name in klass.__dict__)
        setters[f"_set_{field.name}"] = slot.__set__
        names.append(field.name)
    lines = [f"def make({', '.join(names)}):", "    self = _new(_cls)"]
    lines += [f"    _set_{name}(self, {name})" for name in names]
    lines.append("    return self")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, **setters}
    exec("\n".join(lines), namespace)  # the attrs way: names are the class's own field names
    make: Callable[..., _T] = namespace["make"]
    make.__doc__ = f"Build a {cls.__name__} from its field values, in order."
    return make
