"""The Game contract: the base class every variant extends, and option helpers.

A variant subclasses :class:`Game`, sets its class attributes (``name``, ``options_class``,
``deal_class``, ``action_classes``, ``event_classes``, ``min_players``, ``max_players``,
``pieces``) and implements the hooks: public, documented methods that the engine calls and
front ends never need. Everything the public contract promises
beyond those hooks (checking turns and legality before anything changes, keeping the turn,
the legal-action cache, the scores and the event log, parsing actions from JSON, redacted
logs, replay) is done here once for every variant. A variant never writes the base class's
state: it reports whose turn it is by returning the seat from :meth:`Game.begin` and
:meth:`Game.perform`, and changes the log and the scores through the helpers below; it reads
them through the public properties (:attr:`Game.current_player`, :attr:`Game.scores`,
:attr:`Game.winner`, :attr:`Game.is_over`, :attr:`Game.events`).

What a variant owes the engine is declared once, as code, in :mod:`tablegames.core.contract`:
the hooks every variant defines (:class:`~tablegames.core.contract.VariantHooks`, each
abstract here) and the optional capabilities, each with a default here
(:class:`~tablegames.core.contract.VariantCapabilities`).

Helpers a variant calls from its hooks (and never overrides):

* ``emit(event)``: append ``event`` to the log, the only way into it.
* ``next_deal(hand_number) -> deal``: the next stacked deal, else ``shuffled_deal(hand_number)``.
* ``finish(side, event) -> None``: end the match, won by ``side``, and log ``event``;
  ``perform`` then returns ``None``.
* ``set_scores(scores)`` and ``add_points(side, points) -> int``: set every side's score
  (``begin`` starts them, which also fixes how many sides there are), or add to one side's and
  get its new total.
* ``check_seat(seat)``: refuse anything that is not a seat of this game, with the same error
  everywhere.
"""

from __future__ import annotations

import abc
import typing
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

import attrs

from tablegames.core.capabilities import ActionIds, LogFiller, ObservationSpec
from tablegames.core.errors import IllegalActionError, InvalidOptionsError, quote
from tablegames.core.events import Action, Event, EventLog, redact_public
from tablegames.core.observation import Observation
from tablegames.core.options import bool_option, choice_option, int_option
from tablegames.core.rng import SEEDS, fresh_seed, is_seed
from tablegames.core.serde import LogTexts, describe_error, json_int, remember_texts, structure, to_json
from tablegames.core.text import summary_line, view_lines

if TYPE_CHECKING:  # the search module builds on Game
    from tablegames.core.search import SearchWorlds, WorldSource

__all__ = [
    "MAX_TARGET",
    "ActionT_co",
    "Game",
    "OptionsT_co",
    "ViewT_co",
    "bool_option",
    "build_options",
    "choice_option",
    "foreign_piece",
    "int_option",
]

MAX_TARGET: Final = 10_000
"""The highest ``target`` score any built-in variant allows: generous for every game here, and
far below the 2**53 past which JSON clients lose precision. Plug-ins are asked to use it too."""


_INT_FIELDS: dict[type, frozenset[str]] = {}


def _int_fields(cls: type) -> frozenset[str]:
    """The names of the fields of the attrs class ``cls`` annotated ``int``."""
    found = _INT_FIELDS.get(cls)
    if found is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # an annotation that does not resolve: no field is taken for an int
            hints = {}
        found = _INT_FIELDS[cls] = frozenset(f.name for f in attrs.fields(cls) if hints.get(f.name) is int)
    return found


def build_options(cls: type[Any], given: Mapping[str, Any]) -> Any:
    """An instance of the options class ``cls`` from keyword options, every name checked.

    Values follow JSON's number model, as the options schema does: an option annotated
    ``int`` takes ``250.0`` as ``250``, never ``True``.

    Raises:
        InvalidOptionsError: for an unknown option, or any value its validators refuse.

    """
    if isinstance(given, cls):
        return given
    if not isinstance(given, Mapping):
        raise InvalidOptionsError("options", f"expected an object of options, got {quote(given)}")
    names = [a.name for a in attrs.fields(cls)]
    for key in given:
        if key not in names:
            raise InvalidOptionsError(
                key if isinstance(key, str) else quote(key),
                f"unknown option {quote(key)}; allowed options: {', '.join(names)}",
            )
    ints = _int_fields(cls)
    values = dict(given)
    for name in ints.intersection(values):
        number = json_int(values[name])
        if number is not None:
            values[name] = number
    try:
        return cls(**values)
    except InvalidOptionsError:
        raise
    except Exception as exc:
        # attrs works out defaults (a Factory reading another option) before any validator
        # runs, so a default may choke on a bad value (hashing a list) that a validator would
        # have named: ask the validators first.
        refused = _refused_option(cls, values)
        if refused is not None:
            raise refused from None
        if not isinstance(exc, (TypeError, ValueError)):
            raise
        raise InvalidOptionsError("options", str(exc)) from None


def _refused_option(cls: type[Any], values: Mapping[str, Any]) -> InvalidOptionsError | None:
    """The error of the first field of ``cls``, in order, whose validator refuses its value in ``values``."""
    for field in attrs.fields(cls):
        if field.validator is None or field.name not in values:
            continue
        try:
            field.validator(None, field, values[field.name])
        except InvalidOptionsError as exc:
            return exc
        except Exception:  # a validator that needs the whole instance says nothing here
            continue
    return None


def foreign_piece(value: Any, pieces: frozenset[Any]) -> Any:
    """The first piece inside ``value`` (an action, event or deal) that is not one of ``pieces``.

    Pieces are recognised by type: a value of the same type as one of ``pieces`` (a
    :class:`~tablegames.components.tiles.Tile`, say) that is not among them is foreign. It
    looks inside tuples and attrs classes. ``None`` if there is none (or ``pieces`` is empty).
    """
    kinds = _KINDS.get(pieces)
    if kinds is None:
        kinds = _KINDS[pieces] = tuple({type(p) for p in pieces})
    return _foreign(value, kinds, pieces) if kinds else None


_KINDS: dict[frozenset[Any], tuple[type, ...]] = {}


def _foreign(value: Any, kinds: tuple[type, ...], pieces: frozenset[Any]) -> Any:
    if isinstance(value, kinds):
        return None if value in pieces else value
    if isinstance(value, tuple):
        for item in value:
            found = _foreign(item, kinds, pieces)
            if found is not None:
                return found
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            found = _foreign(getattr(value, field.name), kinds, pieces)
            if found is not None:
                return found
    return None


_FROM_SEED: Final = object()
"""In a game's pending deals: this hand is shuffled from the seed, as if nothing were stacked."""


@attrs.frozen
class _Deals:
    """A game's deals: the stacked deals still to come, and how each hand so far was dealt.

    Shared between clones (it never changes; :meth:`Game.next_deal` makes a new one), so
    :meth:`Game.clone` copies one reference.
    """

    pending: tuple[Any, ...]
    """The stacked deals still to come, in order (an entry may be :data:`_FROM_SEED`)."""
    from_seed: tuple[bool, ...] = ()
    """One entry per hand dealt so far, in order: whether the game's seed (as it is now) shuffled it."""


def _check_seed(seed: object) -> None:
    """Refuse a ``seed`` that is neither ``None`` nor a seed a game takes (:func:`~tablegames.core.rng.is_seed`).

    Raises:
        InvalidOptionsError: for such a seed.
    """
    if seed is not None and not is_seed(seed):
        raise InvalidOptionsError("seed", f"{quote(seed)} is not a seed; allowed: {SEEDS}")


# Game's type parameters. The type checker sees their defaults (PEP 696, through typing_extensions,
# which cattrs requires); at run time they are plain TypeVars, as Python 3.11's typing has no
# defaults, so that the core imports nothing beyond attrs and cattrs.
if TYPE_CHECKING:
    from typing_extensions import TypeVar

    ActionT_co = TypeVar("ActionT_co", bound=Action, default=Action, covariant=True)
    OptionsT_co = TypeVar("OptionsT_co", bound=Any, default=Any, covariant=True)
    ViewT_co = TypeVar("ViewT_co", default=Any, covariant=True)
else:
    ActionT_co = typing.TypeVar("ActionT_co", bound=Action, covariant=True)
    """The type of a variant's actions (:meth:`Game.legal_actions`); by default ``Action``."""
    OptionsT_co = typing.TypeVar("OptionsT_co", bound=Any, covariant=True)
    """The type of a variant's options (:attr:`Game.options`, its :attr:`Game.options_class`); by default ``Any``."""
    ViewT_co = typing.TypeVar("ViewT_co", covariant=True)
    """The type of a variant's views (:meth:`Game.view`); by default ``Any``."""


class Game(abc.ABC, typing.Generic[ActionT_co, OptionsT_co, ViewT_co]):
    """One whole match of a variant, hand after hand, until a side wins.

    Create games with :func:`tablegames.new_game` or :func:`tablegames.replay`, never
    directly. The public methods and properties below are the contract front ends and bots
    rely on.
    """

    name: ClassVar[str]
    """The variant's registered name, such as ``"american-sniff"``."""
    min_players: ClassVar[int]
    """The fewest seats the variant allows."""
    max_players: ClassVar[int]
    """The most seats the variant allows."""
    options_class: ClassVar[type[Any]]
    """The frozen attrs class of the variant's options."""
    deal_class: ClassVar[type[Any]]
    """The frozen attrs class of one stacked deal."""
    action_classes: ClassVar[tuple[type[Action], ...]]
    """Every action class, for parsing JSON by its ``type`` tag."""
    event_classes: ClassVar[tuple[type[Event], ...]]
    """Every event class, for loading logs by ``type`` tag."""
    pieces: ClassVar[frozenset[Any]] = frozenset()
    """Every piece (tile or card) the variant plays with; loading a log refuses any other."""
    lower_score_wins: ClassVar[bool] = False
    """Whether scores are penalties and the lowest total wins, as with pips left in hand (an
    optional capability). The variant still decides the winner itself (:meth:`finish`);
    bots read this to know which way a score change is good (``greedy`` and the ``ismcts``
    playouts count a rise in a side's score as a loss for it)."""
    reward_scale: ClassVar[float | None] = None
    """The score difference between sides that makes a hand clearly good or bad (an optional
    capability), for search bots (``ismcts`` rewards a hand's playout with ``0.5 + 0.5 * tanh(d /
    reward_scale)``). ``None``: a tenth of the ``target`` option, or 10."""

    @classmethod
    def target_score(cls, options: Any) -> int | None:
        """Declared data: the score that wins a match played with ``options``, or ``None`` where there is none.

        The layers above read it, never an option by name: the command line's scoresheet
        shows it, the reinforcement-learning environments divide a hand's margin by it, and
        search bots scale their rewards by it. A match decided otherwise (a fixed number of
        rounds, the lowest total winning) has none. The default, ``None``; a variant with a
        ``target`` option returns it.

        >>> from tablegames import get_variant
        >>> sniff = get_variant("american-sniff")
        >>> sniff.target_score(sniff.options_class(players=2))
        250
        """
        return None

    # The base class's own state, name-mangled so that a variant reaches it only through the
    # properties and helpers: the seat to act (set by create and apply from what begin and
    # perform return), the cached legal actions (cleared by apply), each side's score, the
    # winning side (set by finish), the event log (written by emit only) and the deals (the
    # stacked deals still to come, taken by next_deal, and how each hand so far was dealt).
    __slots__ = ("__current", "__deals", "__events", "__legal", "__scores", "__seen", "__winner", "options", "seed")

    options: OptionsT_co
    """The game's options (the variant's options class)."""
    seed: int
    """The seed every shuffle and random draw of this game comes from."""
    __events: list[Event]
    __deals: _Deals
    __current: int | None
    __legal: tuple[ActionT_co, ...] | None
    __scores: list[int]
    __winner: int | None
    __seen: dict[int | None, LogTexts]
    """The texts of the full log (key ``None``) and each seat's, with the seats' redacted events:
    set by the first :meth:`log`, never by :meth:`clone` (a clone starts without, cheaply)."""

    # -- construction ---------------------------------------------------------------

    @classmethod
    def create(
        cls, options: Mapping[str, Any] | Any = None, *, seed: int | None = None, deals: Sequence[Any] = ()
    ) -> Self:
        """A new game with validated options and stacked deals (see :func:`tablegames.new_game`).

        Raises:
            InvalidOptionsError: for bad options, a bad seed or an invalid stacked deal.
            TypeError: if the class lacks a required hook (an abstract method), naming each.

        """
        missing = cls.__abstractmethods__
        if missing:
            hooks = ", ".join(sorted(missing))
            raise TypeError(f"{cls.__name__} lacks the required hooks {hooks}: it cannot be played")
        opts = build_options(cls.options_class, {} if options is None else options)
        if seed is None:
            seed = fresh_seed()
        elif not is_seed(seed):
            raise InvalidOptionsError("seed", f"{quote(seed)} is not a seed; allowed: {SEEDS}, or None")
        if isinstance(deals, (str, bytes, Mapping)) or not isinstance(deals, Sequence):
            raise InvalidOptionsError("deals", f"expected a list of deals, got {quote(deals)}")
        checked = tuple(cls.parse_deal(d, opts, where=f"deals[{i}]") for i, d in enumerate(deals))
        return cls._started(opts, seed, checked)

    @classmethod
    def _started(cls, options: Any, seed: int, pending: tuple[Any, ...]) -> Self:
        """A game with checked ``options``, ``seed`` and stacked deals ``pending``, begun.

        A ``pending`` entry may be ``_FROM_SEED``: that hand is shuffled from the seed.
        """
        game = cls.__new__(cls)
        game.options = options
        game.seed = seed
        game.__events = []
        game.__deals = _Deals(pending)
        game.__current = None
        game.__legal = None
        game.__scores = []
        game.__winner = None
        game.__current = game.begin()
        return game

    @classmethod
    def _rebuilt(cls, options: Any, seed: int, hands: Sequence[Any | None], pending: Sequence[Any]) -> Self:
        """A game begun with checked ``options`` and ``seed``, for :mod:`tablegames.core.compact`.

        Its hands are dealt ``hands`` in turn (``None``: shuffled from the seed), then
        ``pending``, then shuffled from the seed.
        """
        return cls._started(options, seed, (*(_FROM_SEED if d is None else d for d in hands), *pending))

    @classmethod
    def parse_deal(cls, deal: Any, options: Any, *, where: str = "deal") -> Any:
        """``deal`` (the deal class or its JSON form) as a checked deal for ``options``.

        Raises:
            InvalidOptionsError: naming ``where`` and what is wrong.

        """
        if not isinstance(deal, cls.deal_class):
            try:
                deal = structure(deal, cls.deal_class)
            except Exception as exc:
                raise InvalidOptionsError(where, f"not a deal: {describe_error(exc)}") from None
        problem = cls.check_deal(deal, options)
        if problem is not None:
            raise InvalidOptionsError(where, problem)
        return deal

    @classmethod
    def seats_for(cls, options: Any) -> int:
        """How many seats a game with ``options`` has (its ``players`` option, else the maximum)."""
        players = getattr(options, "players", None)
        return players if type(players) is int else cls.max_players

    @classmethod
    @abc.abstractmethod
    def check_deal(cls, deal: Any, options: Any) -> str | None:
        """Hook: what is wrong with ``deal`` for a game with ``options``, or ``None`` if it is valid.

        Required; its contract is :meth:`~tablegames.core.contract.VariantHooks.check_deal`.
        """

    # -- the contract ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; ``None`` once the game is over."""
        return self.__current

    @property
    def is_over(self) -> bool:
        """Whether a side has won."""
        return self.__winner is not None

    @property
    def winner(self) -> int | None:
        """The winning side, once the game is over."""
        return self.__winner

    @property
    def scores(self) -> tuple[int, ...]:
        """The score of each side."""
        return tuple(self.__scores)

    @property
    def events(self) -> Sequence[Event]:
        """Every event so far (full, unredacted and in order), as the log grows; read-only.

        It is the game's own list, shown without a copy for the layers that follow a game event
        by event (bots, replay, the conformance kit): never change it (only :meth:`emit` adds
        to it), and take ``tuple(game.events)`` to keep a snapshot. :meth:`log` is the
        published form.
        """
        return self.__events

    @property
    @abc.abstractmethod
    def players(self) -> int:
        """How many seats play."""

    @property
    def sides(self) -> int:
        """How many sides score (one per seat in solo play, two for partnerships)."""
        return len(self.__scores) or self.players

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (an index into :attr:`scores`).

        The default: each seat its own side, or, with fewer sides than seats, partners sitting
        across (seats 0 and 2 are side 0, seats 1 and 3 side 1). A variant seated otherwise
        overrides it.

        Raises:
            InvalidOptionsError: if ``seat`` is not a seat of this game.

        """
        self.check_seat(seat)
        return seat % self.sides

    def legal_actions(self) -> Sequence[ActionT_co]:
        """The legal actions of the current player, in a deterministic order; empty once over."""
        legal = self.__legal
        if legal is None:
            current = self.__current
            legal = self.__legal = self.compute_legal(current) if current is not None else ()
        return legal

    @abc.abstractmethod
    def view(self, seat: int) -> ViewT_co:
        """What ``seat`` may know now, as the variant's view class (JSON via ``dumps``).

        A hook, required; its contract is :meth:`~tablegames.core.contract.VariantHooks.view`.

        Raises:
            InvalidOptionsError: if ``seat`` is not a seat of this game.

        """

    def apply(self, action: Action, *, seat: int | None = None) -> tuple[Event, ...]:
        """Carry out ``action`` for the current player and every automatic step after it.

        Args:
            action: one of :meth:`legal_actions` (or an equal action).
            seat: the seat sending it; if given, it must be the current player.

        Returns:
            The events produced, full and unredacted, up to the next decision.

        Raises:
            IllegalActionError: if the action is malformed or illegal now, or ``seat`` is not
                the current player; the game is then exactly as before.
            InvalidOptionsError: if ``seat`` is not an int (``True``, ``1.0`` and ``"1"`` are
                not seats), as :meth:`view` refuses it; the game is then exactly as before.

        """
        current = self.__current
        if seat is not None and type(seat) is not int:
            raise self._not_a_seat(seat)
        if current is None:  # only once the game is over (or while begin() runs)
            raise IllegalActionError(action, "the game is over")
        if seat is not None and seat != current:
            raise IllegalActionError(action, self._not_your_turn(seat))
        legal = self.__legal
        if legal is not None:
            for known in legal:  # an action legal_actions() handed out needs no second check
                if known is action:
                    break
            else:
                legal = None
        if legal is None:
            reason = self.why_illegal(action, current)
            if reason is not None:
                raise IllegalActionError(action, reason)
        events = self.__events
        start = len(events)
        following = self.perform(action, current)
        self.__current = None if self.__winner is not None else following  # finish() ended it
        self.__legal = None
        return tuple(events[start:])

    @classmethod
    def parse_action(cls, data: Any) -> Action:
        """The action of this variant that the JSON form ``data`` stands for, legal now or not.

        It accepts exactly what the variant's action schema accepts, plus the leniencies of
        the contract (a tile's halves in either order, a discard's cards in any order); a
        server may use it to refuse junk before it looks at a game.

        Raises:
            IllegalActionError: if ``data`` is not a well-formed action of this variant (the
                message quotes at most :data:`~tablegames.core.errors.QUOTE_LIMIT` characters of it).

        """
        tag = data.get("type") if isinstance(data, Mapping) else None
        action_cls = next((c for c in cls.action_classes if c.tag == tag), None) if isinstance(tag, str) else None
        if action_cls is None:
            kinds = ", ".join(repr(c.tag) for c in cls.action_classes)
            raise IllegalActionError(data, f"not an action of {cls.name}: expected an object with type {kinds}")
        try:
            action = structure(data, action_cls)
        except Exception as exc:
            raise IllegalActionError(data, f"malformed {tag!r} action: {describe_error(exc)}") from None
        piece = foreign_piece(action, cls.pieces)
        if piece is not None:
            raise IllegalActionError(data, f"malformed {tag!r} action: {piece} is not a piece of {cls.name}")
        return action

    def action_from_json(self, data: Any, *, seat: int | None = None) -> Action:
        """The legal action a front end's JSON form ``data`` stands for.

        Raises:
            IllegalActionError: if ``data`` is malformed (see :meth:`parse_action`), names no
                legal action, or ``seat`` is given and is not the current player.
            InvalidOptionsError: if ``seat`` is not an int (``True``, ``1.0`` and ``"1"`` are
                not seats), as :meth:`view` refuses it.

        """
        if seat is not None and type(seat) is not int:
            raise self._not_a_seat(seat)
        current = self.__current
        if current is None:
            raise IllegalActionError(data, "the game is over")
        action = self.canonical(self.parse_action(data))
        if seat is not None and seat != current:
            raise IllegalActionError(data, self._not_your_turn(seat))
        reason = self.why_illegal(action, current)
        if reason is not None:
            raise IllegalActionError(data, reason)
        return action

    def log(self, seat: int | None = None) -> EventLog:
        """The event log: full (``seat=None``) or as ``seat`` saw it.

        The game keeps each seat's redacted events and the JSON texts of every log it gave
        (:class:`~tablegames.core.serde.LogTexts`), so asking again as the game goes on redacts,
        and :func:`~tablegames.dumps` encodes, only the events logged since.

        Raises:
            InvalidOptionsError: if ``seat`` is not a seat of this game.

        """
        if seat is not None:
            self.check_seat(seat)
        try:
            seen = self.__seen
        except AttributeError:  # the first log of this game (or of this clone)
            seen = self.__seen = {}
        events = self.__events
        texts = seen.get(seat)
        if seat is None:
            if texts is None:
                texts = seen[None] = LogTexts(events)
            log = EventLog(
                variant=self.name,
                options=self.options,
                events=tuple(events),
                seed=self.seed,
                deals=self.__deals.pending,
            )
        else:
            if texts is None:
                texts = seen[seat] = LogTexts([])
            redacted = texts.events
            if len(redacted) < len(events):  # redact only the events since the last call
                redacted.extend(e.redact(seat) for e in events[len(redacted) :])
            log = EventLog(variant=self.name, options=self.options, events=tuple(redacted), seat=seat)
        remember_texts(log, texts)
        return log

    def public_events(self, start: int = 0) -> tuple[Event, ...]:
        """The events from index ``start`` on, as someone who holds no seat (a spectator) sees them.

        Each is :func:`~tablegames.core.events.redact_public` of the full event: what every
        seat sees of it, every hand and every piece shown to one seat only set to ``None``.
        ``start`` is the number of events a spectator already has (``public_events(n)`` after
        ``n`` events is empty), so a server sends only what is new. There is no spectator
        :class:`~tablegames.core.events.EventLog`: a published log is full or one seat's.

        Raises:
            InvalidOptionsError: if ``start`` is not an int from 0 to the number of events.

        """
        events = self.__events
        if type(start) is not int or not 0 <= start <= len(events):
            raise InvalidOptionsError("start", f"{quote(start)} is not an event index; allowed: 0 to {len(events)}")
        players = self.players
        return tuple(redact_public(event, players) for event in events[start:])

    def clone(self) -> Self:
        """An independent copy: applying actions to one never changes the other."""
        new = self.__class__.__new__(self.__class__)
        new.options = self.options
        new.seed = self.seed
        new.__events = self.__events[:]
        new.__deals = self.__deals
        new.__current = self.__current
        new.__legal = self.__legal
        new.__scores = self.__scores[:]
        new.__winner = self.__winner
        self.copy_state(new)
        return new

    def with_next_deals(self, deals: Sequence[Any], *, seed: int | None = None) -> Self:
        """A copy whose next hands are dealt ``deals`` (stacked deals, as for :func:`tablegames.new_game`).

        The copy forgets the stacked deals the game had left; the hands after ``deals`` are
        shuffled from ``seed`` (by default the game's own). For analysis and search: "what if
        the next hand were dealt this way". The game itself is unchanged.

        Raises:
            InvalidOptionsError: for a deal that is not valid, or a bad seed.

        """
        if isinstance(deals, (str, bytes, Mapping)) or not isinstance(deals, Sequence):
            raise InvalidOptionsError("deals", f"expected a list of deals, got {quote(deals)}")
        checked = tuple(self.parse_deal(d, self.options, where=f"deals[{i}]") for i, d in enumerate(deals))
        _check_seed(seed)
        new = self.clone()
        self._deal_copy(new, checked, seed)
        return new

    def _deal_copy(self, new: Self, pending: tuple[Any, ...], seed: int | None) -> None:
        """Give ``new``, a copy of this game, the stacked deals ``pending`` and, if not ``None``, ``seed``.

        The hands dealt so far count as shuffled by the seed only while it stays the game's own.
        """
        dealt = self.__deals.from_seed
        if seed is not None and seed != self.seed and True in dealt:  # those hands came from another seed
            dealt = (False,) * len(dealt)
        new.__deals = _Deals(pending, dealt)
        if seed is not None:
            new.seed = seed

    def with_hidden_events(
        self, first: int, events: Sequence[Event], *, place: Callable[[Self], bool], seed: int | None = None
    ) -> Self | None:
        """A copy at the same point whose events from index ``first`` on are ``events``: the same moves, other pieces.

        For world samplers: a sampled hand rebuilt without replaying it. ``events`` are this
        game's events from ``first`` on (usually the current hand's, from its deal) with other
        hidden pieces, as a variant's log filler fills them; ``place`` moves the copy's hidden
        pieces (hands, stock) to where those events leave them and returns ``True``, or returns
        ``False`` where it cannot, and the copy is dropped. Nothing checks that the events are
        what playing the moves again would give: ``place`` vouches for it
        (:class:`~tablegames.core.capabilities.PlacesHidden`). The hands after the current one
        are shuffled from ``seed`` (by default the game's own), as with :meth:`with_next_deals`.
        The game itself is unchanged.

        Raises:
            ValueError: if ``first`` is not an index of the log, or ``events`` are not as many
                as the game's from ``first`` on, each of the same class.
            InvalidOptionsError: for a bad seed.

        >>> from tablegames import new_game
        >>> game = new_game("american-sniff", seed=7, players=2)
        >>> same = game.with_hidden_events(0, game.events, place=lambda copy: True)
        >>> same.log() == game.log() and same is not game
        True
        >>> game.with_hidden_events(0, game.events, place=lambda copy: False) is None
        True
        """
        mine = self.__events
        if type(first) is not int or not 0 <= first <= len(mine):
            raise ValueError(f"first must be an index of the game's {len(mine)} events, not {first!r}")
        if len(events) != len(mine) - first or any(
            type(event) is not type(own) for event, own in zip(events, mine[first:], strict=True)
        ):
            raise ValueError(f"events must be the game's {len(mine) - first} events from {first} on, with other pieces")
        _check_seed(seed)
        new = self.clone()
        if not place(new):
            return None
        new.__events[first:] = events
        new.__legal = None
        self._deal_copy(new, self.__deals.pending, seed)
        return new

    def compact(self) -> bytes:
        """The game in its compact form: a few hundred bytes that rebuild the identical game.

        It holds the variant's name, the options, the seed, the deals no seed gives (stacked
        ones, and any left to come) and the actions taken, as ids where the variant numbers
        its actions; :func:`tablegames.core.compact.restore` rebuilds the game from it, and
        pickling a game stores it. The format is described in :mod:`tablegames.core.compact`.

        >>> from tablegames import new_game
        >>> from tablegames.core.compact import restore
        >>> game = new_game("american-sniff", seed=7, players=2)
        >>> _ = game.apply(game.legal_actions()[0])
        >>> again = restore(game.compact())
        >>> again.log() == game.log() and len(game.compact()) < 200
        True
        """
        from tablegames.core.compact import pack  # noqa: PLC0415 - the compact module builds on Game

        return pack(self)

    def _deal_record(self) -> tuple[tuple[Any, ...], tuple[bool, ...]]:
        """The stacked deals still to come, and whether each hand dealt so far came from the seed as it is now."""
        deals = self.__deals
        return deals.pending, deals.from_seed

    def __reduce__(self) -> tuple[Any, tuple[bytes, type[Game]]]:
        """Pickle the game as its compact form (:meth:`compact`); :func:`~tablegames.core.compact.restore` reads it."""
        from tablegames.core.compact import restore  # noqa: PLC0415 - the compact module builds on Game

        return restore, (self.compact(), type(self))

    # -- hooks for variants (see the module docstring) ---------------------------------

    @abc.abstractmethod
    def begin(self) -> int:
        """Hook: set up the match, deal the first hand and run the automatic steps before the first decision.

        Required; its contract is :meth:`~tablegames.core.contract.VariantHooks.begin`.
        """

    @abc.abstractmethod
    def compute_legal(self, seat: int) -> tuple[ActionT_co, ...]:
        """Hook: the legal actions of ``seat``, the current player, in a deterministic order.

        Required; its contract is :meth:`~tablegames.core.contract.VariantHooks.compute_legal`.
        """

    @abc.abstractmethod
    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Hook: why ``seat``, the current player, may not take ``action`` now, or ``None`` if it may.

        Required; its contract is :meth:`~tablegames.core.contract.VariantHooks.why_illegal`.
        """

    @abc.abstractmethod
    def perform(self, action: Action, seat: int) -> int | None:
        """Hook: carry out ``seat``'s legal ``action`` and every automatic step after it.

        Required; its contract is :meth:`~tablegames.core.contract.VariantHooks.perform`.
        """

    @abc.abstractmethod
    def copy_state(self, new: Self) -> None:
        """Hook: copy the variant's own state into ``new``, for :meth:`clone`.

        Required; its contract is :meth:`~tablegames.core.contract.VariantHooks.copy_state`.
        """

    def canonical(self, action: Action) -> Action:
        """Optional hook: the canonical (interned) instance of a freshly parsed action.

        The default returns ``action`` itself.
        """
        return action

    @classmethod
    @abc.abstractmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[Any]:
        """Hook: the deals recorded in ``events``, in order, for replaying them.

        Required; its contract is :meth:`~tablegames.core.contract.VariantHooks.deals_from_events`.
        """

    @classmethod
    @abc.abstractmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """Hook: the seat and action ``event`` records, or ``None`` for an automatic event.

        Required; its contract is :meth:`~tablegames.core.contract.VariantHooks.action_of`.
        """

    # -- helpers --------------------------------------------------------------------

    @classmethod
    def pieces_for(cls, options: Any) -> frozenset[Any]:
        """Optional capability: the pieces a match with ``options`` plays with.

        A variant whose set depends on its options (a double-nine option of a domino game)
        returns that match's pieces, each one of :attr:`pieces` (every piece the variant may
        ever use, which loading a log accepts). The default is :attr:`pieces`. The conformance
        kit checks piece conservation against it.

        >>> from tablegames import get_variant
        >>> sniff = get_variant("american-sniff")
        >>> len(sniff.pieces_for(sniff.options_class(players=2)))
        28
        """
        return cls.pieces

    def piece_places(self) -> Mapping[str, Sequence[Any]] | None:
        """Where every piece is now, by place (``"hand 0"``, ``"stock"``, ...), for checks.

        Every piece of :meth:`pieces_for` the options is in exactly one place at any moment; the conformance
        kit (:mod:`tablegames.testing`) checks that after every step. This is a debugging
        and testing aid, never used by the engine itself. The default, ``None``, says the
        variant does not report its pieces, and the checks that need it are skipped.
        """
        return None

    @classmethod
    def log_filler(cls, events: Sequence[Event], *, seat: int, options: Any) -> LogFiller | None:
        """Optional capability: a filler for world sampling that knows this variant's rules.

        Given a seat's redacted events, the seat and the options, return a
        :class:`~tablegames.core.capabilities.LogFiller`. The default, ``None``, leaves world
        sampling to the generic sampler (:mod:`tablegames.bots.worlds`), which needs nothing
        from the variant. The conformance kit checks what a filler gives through the sampler.

        Raises:
            LogError: if the events contradict themselves in a way the filler sees at once.

        """
        return None

    @classmethod
    def action_values(cls, options: Any) -> Mapping[str, Sequence[Any]]:
        """Optional capability: the values of action fields, keyed ``"Class.field"``, under ``options``.

        For the numbering derived from what a variant publishes
        (:func:`~tablegames.core.derived.derived_action_ids`): a field whose class declares no
        values (a bare ``str`` end id, an ``int | str`` train), or whose values the options
        narrow (as many trains as players), takes the values given here, in this order, in
        place of its declaration. ``None`` is a value like any other (list it where the field
        may be ``None``). Nothing else reads them: a field named here is still read from JSON
        and refused by the variant's own rules. The default, an empty mapping: every field
        declares its own values.

        >>> from tablegames import get_variant
        >>> all_fives = get_variant("all-fives")
        >>> all_fives.action_values(all_fives.options_class())
        {'Play.end': (None, 'W', 'E', 'N', 'S')}
        """
        return {}

    @classmethod
    def action_ids(cls, options: Any) -> ActionIds | None:
        """Optional capability: the fixed numbering of this variant's actions under ``options``.

        Return an :class:`~tablegames.core.capabilities.ActionIds` (build it once per options
        and cache it: environments ask at every reset). The default, ``None``, means the
        variant has none of its own: the reinforcement-learning environments and the
        conformance kit then use the numbering derived from what the variant publishes (its
        action classes' declared field values and its pieces,
        :func:`~tablegames.core.derived.derived_action_ids`), or refuse the variant with one
        error naming the field that declares no values. A variant's own numbering is an
        improvement (a smaller output layer, actions chosen in parts); the compact form
        (:meth:`compact`) uses only a variant's own.
        """
        return None

    @classmethod
    def observation_spec(cls, options: Any) -> ObservationSpec[Self] | None:
        """Optional capability: each seat's observation as a flat vector, under ``options``.

        Return an :class:`~tablegames.core.capabilities.ObservationSpec` (cached per options,
        as for :meth:`action_ids`). The default, ``None``: the variant has none of its own, and
        the environments and the conformance kit use the observation derived from its view
        (:func:`~tablegames.core.derived.derived_observation_spec`). A variant's own is an
        improvement: written from its state directly (faster than building a view), with the
        public facts of the history a strong player tracks.
        """
        return None

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action | None:
        """Optional capability: this variant's own cheap, sensible move for ``observation``.

        :class:`~tablegames.bots.greedy.GreedyBot` plays it (a variant's own
        :meth:`search_worlds` may use it in its playouts too). Return one of
        ``observation.legal``, or ``None`` to leave the decision to the generic rule (the
        action that gains the seat's side the most points at once, judged in sampled worlds).
        The default, ``None`` for every observation, is right for a variant whose points
        follow from its moves; a heuristic earns its keep where a score change cannot see the
        point of a move (bids, discards, leads). It must read only the observation, and should
        be deterministic. The conformance kit checks that it returns a legal action.
        """
        return None

    @classmethod
    def search_worlds(cls, observation: Observation, worlds: WorldSource, *, greedy: bool) -> SearchWorlds | None:
        """Optional capability: the worlds :class:`~tablegames.bots.ismcts.ISMCTSBot` searches.

        Given the searching seat's observation, a :class:`~tablegames.core.search.WorldSource`
        (the bots' world sampler for that seat's log) and whether playouts should follow the
        variant's heuristic, return a :class:`~tablegames.core.search.SearchWorlds` (usually a
        :class:`~tablegames.core.search.HandWorlds` subclass). The default, ``None``, leaves the
        search to the generic worlds: whole sampled matches, played out to the end of the hand
        with random moves and rewarded with :attr:`reward_scale`. The conformance kit checks
        that every world it returns reaches the observation's decision.
        """
        return None

    def hidden_pieces(self, seat: int) -> frozenset[Any] | None:
        """The pieces whose place ``seat`` may not know now (others' hands, a face-down stock).

        The conformance kit checks that no view or redacted log of ``seat`` names one of
        them. The default, ``None``, says the variant does not report them, and the checks
        that need it are skipped.
        """
        return None

    # -- text for the command line (optional capabilities) ---------------------------

    summary: ClassVar[str] = ""
    """One line saying what the variant is, which ``tablegames rules`` and ``tablegames variants``
    print (an optional capability; reStructuredText roles are shown as plain text). Default: the
    first line of the variant class's docstring (of the nearest class that has one); ``""`` if
    none has, and the command line then shows the variant's :attr:`name`."""
    paper_tally: ClassVar[bool] = False
    """Whether the command line's scoresheet also writes each side's total as the paper tally (a
    stroke for 5 points, a crossed box for 50), as American Sniff's sources keep score (an
    optional capability). Default: ``False``, the totals as numbers only."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give a class that sets no :attr:`summary` the first line of its own docstring as one."""
        super().__init_subclass__(**kwargs)
        if "summary" not in cls.__dict__:
            line = summary_line(cls.__dict__.get("__doc__"))
            if line:
                cls.summary = line

    def describe_event(self, event: Event) -> str:
        """Optional capability: one line of text saying what ``event`` means (the command line prints these).

        ``event`` may be redacted for a seat (hidden fields ``None``). Default: the event's own
        words, :meth:`Event.describe() <tablegames.core.events.Event.describe>` (every event
        of the mechanics has them; an event without its own gives its ``repr``).
        """
        return event.describe()

    def render_table(self) -> str:
        """The table as a few lines of text (the command line prints it after each hand)."""
        return ""

    @classmethod
    def render_view(cls, view: Any, labels: Sequence[str]) -> list[str]:
        """Optional capability: what one seat sees now, as lines of text, for a person at the command line.

        ``tablegames play --seat N`` prints these before it numbers the seat's moves (each in
        words, ``str(action)``), and adds one line with the scores after them. The renderer must
        read only ``view``.

        Args:
            view: a view of this variant (what :meth:`view` returns).
            labels: a label per side (``"seat 1"``, ``"seats 0+2"``), for fields indexed by side.

        Returns:
            The lines, without the scores. The default (:func:`~tablegames.core.text.view_lines`)
            writes each field of the view's JSON form as ``name: value`` in plain words, leaves
            out ``legal_actions`` and ``scores``, and ends with the seat's ``hand`` as
            ``your pieces``.
        """
        return view_lines(view)

    @classmethod
    def hand_note(cls, event: Event) -> str | None:
        """Optional capability: a few words on how a hand went, for its row of the scoresheet.

        The command line asks about every event of the hand, full or redacted (read only what a
        redacted event keeps), and joins the notes of a row with ``;``: ``"seat 1 dominoed"``,
        ``"seat 2 bid 3, set"``. Default: ``None`` for every event, so a row gets only the
        generic note after a ``game_ended`` event that names the winner (``"seats 0+2 won"``).
        """
        return None

    def emit(self, event: Event) -> None:
        """Helper for the hooks: append ``event`` to the log (the only way into it)."""
        self.__events.append(event)

    def next_deal(self, hand_number: int) -> Any:
        """Helper for the hooks: the deal of hand ``hand_number``.

        The next stacked deal if one is left (it is used up), else :meth:`shuffled_deal`.
        """
        deals = self.__deals
        pending = deals.pending
        if pending:
            first = pending[0]
            if first is not _FROM_SEED:
                self.__deals = _Deals(pending[1:], (*deals.from_seed, False))
                return first
            pending = pending[1:]
        self.__deals = _Deals(pending, (*deals.from_seed, True))
        return self.shuffled_deal(hand_number)

    @abc.abstractmethod
    def shuffled_deal(self, hand_number: int) -> Any:
        """Hook: a deal for hand ``hand_number`` shuffled from the seed (see :func:`~tablegames.core.rng.hand_rng`).

        Required; its contract is :meth:`~tablegames.core.contract.VariantHooks.shuffled_deal`.
        """

    def finish(self, side: int, event: Event) -> None:
        """Helper for the hooks: end the match, won by ``side``, and log ``event`` (the variant's game-ended event).

        :meth:`perform` returns ``None`` after it.
        """
        self.__winner = side
        self.__current = None
        self.__legal = ()
        self.__events.append(event)

    def set_scores(self, scores: Sequence[int]) -> None:
        """Helper for the hooks: every side's score at once, one int per side.

        :meth:`begin` starts them (usually at 0), which also fixes how many sides there are;
        the number of sides never changes after.
        """
        self.__scores = list(scores)

    def add_points(self, side: int, points: int) -> int:
        """Helper for the hooks: add ``points`` (negative to take them off) to ``side``'s score.

        Returns:
            The side's new score.

        """
        scores = self.__scores
        total = scores[side] = scores[side] + points
        return total

    def _not_your_turn(self, seat: int) -> str:
        if self.is_over:
            return "the game is over"
        return f"it is seat {self.current_player}'s turn, not seat {quote(seat)}'s"

    def check_seat(self, seat: object) -> None:
        """Helper for the hooks: refuse anything that is not a seat of this game.

        A variant's :meth:`view` and other per-seat methods call it first, so a bad seat gets
        the same error everywhere.

        Raises:
            InvalidOptionsError: if ``seat`` is not an int from 0 to :attr:`players` less 1
                (``True``, ``1.0`` and ``"1"`` are not seats).

        >>> from tablegames import new_game
        >>> game = new_game("american-sniff", seed=1, players=2)
        >>> game.check_seat(1)
        >>> game.check_seat(2)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidOptionsError: invalid option seat: 2 is not a seat; seats are 0 to 1
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise self._not_a_seat(seat)

    def _check_seat(self, seat: object) -> None:
        """Deprecated alias of :meth:`check_seat`, kept for variants written before it was public."""
        warnings.warn("Game._check_seat is deprecated; call Game.check_seat", DeprecationWarning, stacklevel=2)
        self.check_seat(seat)

    def _not_a_seat(self, seat: object) -> InvalidOptionsError:
        return InvalidOptionsError("seat", f"{quote(seat)} is not a seat; seats are 0 to {self.players - 1}")

    def __repr__(self) -> str:
        name, events = type(self).__name__, len(self.__events)
        return f"<{name} {self.name!r} seed={self.seed} events={events} scores={self.scores}>"

    def to_json_view(self, seat: int) -> Any:
        """The JSON data of :meth:`view` (a convenience for servers)."""
        return to_json(self.view(seat))
