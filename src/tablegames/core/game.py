"""The Game contract: the base class every variant extends, and option helpers.

A variant subclasses :class:`Game`, sets its class attributes (``name``, ``options_class``,
``deal_class``, ``action_classes``, ``event_classes``, ``min_players``, ``max_players``) and
implements the documented hooks (the methods whose names start with ``_`` and that are listed
under *Hooks* below). Everything the public contract promises beyond those hooks (checking
turns and legality before anything changes, parsing actions from JSON, redacted logs,
replay) is done here once for every variant.

Hooks:

* ``_start()``: deal the first hand and run the automatic steps up to the first decision.
* ``_compute_legal()``: the current player's legal actions, in a deterministic order.
* ``_shuffled_deal(hand_number)``: a deal shuffled from the seed.
* ``_why_illegal(action)``: the one place that decides legality: a reason, or ``None``.
* ``_do(action)``: carry out a legal action and every automatic step after it, appending
  events with :meth:`Game._emit`, and set ``self._legal = None``: that cache of
  ``_compute_legal()`` is what :meth:`Game.apply` trusts, without asking ``_why_illegal``,
  for an action it handed out itself (the very object).
* ``_copy_state(new)``: copy the variant's own state into a fresh instance for
  :meth:`Game.clone`.
* ``_deals_from_events(events)``: the deals a log's events record, for
  :func:`~tablegames.core.logs.replay`.
* ``_action_of(event)``: the ``(seat, action)`` an event records, or ``None``.
* ``check_deal(deal, options)``: what is wrong with a stacked deal, or ``None``.

Optional overrides: ``_canonical(action)`` (the interned instance of a parsed action),
``describe_event(event)``, ``render_table()``, ``render_view(view, labels)``,
``hand_note(event)``, ``summary`` and ``paper_tally`` (text for the command line, each with a
generic default), and
``piece_places()`` and ``hidden_pieces(seat)`` (where the pieces are and what a seat may not
see, for the conformance kit).
"""

from __future__ import annotations

import abc
import typing
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Self

import attrs

from tablegames.core.capabilities import LogFiller
from tablegames.core.errors import IllegalActionError, InvalidOptionsError, quote
from tablegames.core.events import Action, Event, EventLog
from tablegames.core.observation import Observation
from tablegames.core.rng import SEEDS, fresh_seed, is_seed
from tablegames.core.search import SearchWorlds, WorldSource
from tablegames.core.serde import describe_error, json_int, structure, to_json
from tablegames.core.text import summary_line, view_lines

__all__ = ["MAX_TARGET", "Game", "build_options", "foreign_piece", "int_option"]

MAX_TARGET: Final = 10_000
"""The highest ``target`` score any built-in variant allows: generous for every game here, and
far below the 2**53 past which JSON clients lose precision. Plug-ins are asked to use it too."""


def int_option(low: int, high: int | None = None) -> Any:
    """An attrs validator: an int (not a bool) from ``low`` to ``high``.

    Give every option a ``high``: an option without a maximum lets a client make a match
    endless (the options schema then has no ``maximum`` either). ``None`` remains for
    compatibility and means no upper bound.

    Raises :class:`~tablegames.core.errors.InvalidOptionsError` naming the option.
    """

    def check(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        allowed = f"an int from {low} to {high}" if high is not None else f"an int >= {low}"
        if type(value) is not int:
            raise InvalidOptionsError(attribute.name, f"{quote(value)} is not an int; allowed: {allowed}")
        if value < low or (high is not None and value > high):
            raise InvalidOptionsError(attribute.name, f"{quote(value)} is out of range; allowed: {allowed}")

    return check


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
    except (TypeError, ValueError) as exc:  # pragma: no cover - validators raise our own
        raise InvalidOptionsError("options", str(exc)) from None


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


class Game(abc.ABC):
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
    reward_scale: ClassVar[float | None] = None
    """The score difference between sides that makes a hand clearly good or bad (an optional
    capability), for search bots (``ismcts`` rewards a hand's playout with ``0.5 + 0.5 * tanh(d /
    reward_scale)``). ``None``: a tenth of the ``target`` option, or 10."""

    __slots__ = ("_current", "_events", "_legal", "_pending_deals", "_scores", "_winner", "options", "seed")

    options: Any
    """The game's options (the variant's options class)."""
    seed: int
    """The seed every shuffle and random draw of this game comes from."""
    _events: list[Event]
    _pending_deals: tuple[Any, ...]
    _current: int | None
    """The seat to act (variants set it)."""
    _legal: tuple[Action, ...] | None
    """The cached legal actions; variants reset it to ``None`` whenever they change the state."""
    _scores: list[int]
    """Each side's score (variants keep it)."""
    _winner: int | None
    """The winning side once over (set by :meth:`_finish`)."""

    # -- construction ---------------------------------------------------------------

    @classmethod
    def create(
        cls, options: Mapping[str, Any] | Any = None, *, seed: int | None = None, deals: Sequence[Any] = ()
    ) -> Self:
        """A new game with validated options and stacked deals (see :func:`tablegames.new_game`).

        Raises:
            InvalidOptionsError: for bad options, a bad seed or an invalid stacked deal.

        """
        opts = build_options(cls.options_class, {} if options is None else options)
        if seed is None:
            seed = fresh_seed()
        elif not is_seed(seed):
            raise InvalidOptionsError("seed", f"{quote(seed)} is not a seed; allowed: {SEEDS}, or None")
        if isinstance(deals, (str, bytes, Mapping)) or not isinstance(deals, Sequence):
            raise InvalidOptionsError("deals", f"expected a list of deals, got {quote(deals)}")
        checked = tuple(cls.parse_deal(d, opts, where=f"deals[{i}]") for i, d in enumerate(deals))
        game = cls.__new__(cls)
        game.options = opts
        game.seed = seed
        game._events = []
        game._pending_deals = checked
        game._current = None
        game._legal = None
        game._scores = []
        game._winner = None
        game._start()
        return game

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
        """What is wrong with ``deal`` for a game with ``options``, or ``None`` if it is valid."""

    # -- the contract ---------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; ``None`` once the game is over."""
        return self._current

    @property
    def is_over(self) -> bool:
        """Whether a side has won."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The winning side, once the game is over."""
        return self._winner

    @property
    def scores(self) -> tuple[int, ...]:
        """The score of each side."""
        return tuple(self._scores)

    @property
    @abc.abstractmethod
    def players(self) -> int:
        """How many seats play."""

    @property
    def sides(self) -> int:
        """How many sides score (one per seat in solo play, two for partnerships)."""
        return len(self._scores) or self.players

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (an index into :attr:`scores`).

        The default: each seat its own side, or, with fewer sides than seats, partners sitting
        across (seats 0 and 2 are side 0, seats 1 and 3 side 1). A variant seated otherwise
        overrides it.

        Raises:
            InvalidOptionsError: if ``seat`` is not a seat of this game.

        """
        self._check_seat(seat)
        return seat % self.sides

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of the current player, in a deterministic order; empty once over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal() if self._current is not None else ()
        return legal

    @abc.abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may know now, as the variant's view class (JSON via ``dumps``).

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

        """
        if self._winner is not None:
            raise IllegalActionError(action, "the game is over")
        if seat is not None and seat != self._current:
            raise IllegalActionError(action, self._not_your_turn(seat))
        legal = self._legal
        if legal is not None:
            for known in legal:  # an action legal_actions() handed out needs no second check
                if known is action:
                    break
            else:
                legal = None
        if legal is None:
            reason = self._why_illegal(action)
            if reason is not None:
                raise IllegalActionError(action, reason)
        events = self._events
        start = len(events)
        self._do(action)
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

        """
        if self.is_over:
            raise IllegalActionError(data, "the game is over")
        action = self._canonical(self.parse_action(data))
        if seat is not None and seat != self.current_player:
            raise IllegalActionError(data, self._not_your_turn(seat))
        reason = self._why_illegal(action)
        if reason is not None:
            raise IllegalActionError(data, reason)
        return action

    def log(self, seat: int | None = None) -> EventLog:
        """The event log: full (``seat=None``) or as ``seat`` saw it.

        Raises:
            InvalidOptionsError: if ``seat`` is not a seat of this game.

        """
        if seat is None:
            return EventLog(
                variant=self.name,
                options=self.options,
                events=tuple(self._events),
                seed=self.seed,
                deals=self._pending_deals,
            )
        self._check_seat(seat)
        return EventLog(
            variant=self.name,
            options=self.options,
            events=tuple(e.redact(seat) for e in self._events),
            seat=seat,
        )

    def clone(self) -> Self:
        """An independent copy: applying actions to one never changes the other."""
        new = self.__class__.__new__(self.__class__)
        new.options = self.options
        new.seed = self.seed
        new._events = self._events[:]
        new._pending_deals = self._pending_deals
        new._current = self._current
        new._legal = self._legal
        new._scores = self._scores[:]
        new._winner = self._winner
        self._copy_state(new)
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
        if seed is not None and not is_seed(seed):
            raise InvalidOptionsError("seed", f"{quote(seed)} is not a seed; allowed: {SEEDS}")
        new = self.clone()
        new._pending_deals = checked
        if seed is not None:
            new.seed = seed
        return new

    # -- hooks for variants -----------------------------------------------------------

    @abc.abstractmethod
    def _start(self) -> None:
        """Deal the first hand and run the automatic steps up to the first decision."""

    @abc.abstractmethod
    def _compute_legal(self) -> tuple[Action, ...]:
        """The current player's legal actions (called only when a seat is to act; cached)."""

    @abc.abstractmethod
    def _why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not legal now (for the current player), or ``None`` if it is."""

    @abc.abstractmethod
    def _do(self, action: Action) -> None:
        """Carry out a legal action and the automatic steps after it."""

    @abc.abstractmethod
    def _copy_state(self, new: Self) -> None:
        """Copy the variant's own state into ``new`` (a bare instance) for :meth:`clone`."""

    def _canonical(self, action: Action) -> Action:
        """The canonical (interned) instance of a freshly parsed action."""
        return action

    @classmethod
    @abc.abstractmethod
    def _deals_from_events(cls, events: Sequence[Event]) -> list[Any]:
        """The deals recorded in ``events``, in order, for replaying them.

        Raises:
            LogError: if a recorded deal is not a valid deal.

        """

    @classmethod
    @abc.abstractmethod
    def _action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The seat and action ``event`` records, or ``None`` for an automatic event."""

    # -- helpers --------------------------------------------------------------------

    def piece_places(self) -> Mapping[str, Sequence[Any]] | None:
        """Where every piece is now, by place (``"hand 0"``, ``"stock"``, ...), for checks.

        Every piece of :attr:`pieces` is in exactly one place at any moment; the conformance
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
    """Optional capability: one line saying what the variant is, which ``tablegames rules`` and
    ``tablegames variants`` print (reStructuredText roles are shown as plain text). Default: the
    first line of the variant class's docstring (of the nearest class that has one); ``""`` if
    none has, and the command line then shows the variant's :attr:`name`."""
    paper_tally: ClassVar[bool] = False
    """Optional capability: whether the command line's scoresheet also writes each side's total
    as the paper tally (a stroke for 5 points, a crossed box for 50), as American Sniff's sources
    keep score. Default: ``False``, the totals as numbers only."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give a class that sets no :attr:`summary` the first line of its own docstring as one."""
        super().__init_subclass__(**kwargs)
        if "summary" not in cls.__dict__:
            line = summary_line(cls.__dict__.get("__doc__"))
            if line:
                cls.summary = line

    def describe_event(self, event: Event) -> str:
        """Optional capability: one line of text saying what ``event`` means (the command line prints these).

        ``event`` may be redacted for a seat (hidden fields ``None``). Default: the event's ``repr``.
        """
        return repr(event)

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

    def _emit(self, event: Event) -> None:
        """Append ``event`` to the log."""
        self._events.append(event)

    def _next_deal(self, hand_number: int) -> Any:
        """The deal of hand ``hand_number``: the next stacked deal, else one shuffled from the seed."""
        if self._pending_deals:
            deal = self._pending_deals[0]
            self._pending_deals = self._pending_deals[1:]
            return deal
        return self._shuffled_deal(hand_number)

    @abc.abstractmethod
    def _shuffled_deal(self, hand_number: int) -> Any:
        """A deal for hand ``hand_number`` shuffled from the seed (see :func:`~tablegames.core.rng.hand_rng`)."""

    def _finish(self, side: int, event: Event) -> None:
        """End the match: ``side`` has won; ``event`` (the variant's game-ended event) is logged."""
        self._winner = side
        self._current = None
        self._legal = ()
        self._emit(event)

    def _not_your_turn(self, seat: int) -> str:
        if self.is_over:
            return "the game is over"
        return f"it is seat {self.current_player}'s turn, not seat {quote(seat)}'s"

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidOptionsError("seat", f"{quote(seat)} is not a seat; seats are 0 to {self.players - 1}")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed} events={len(self._events)} scores={self.scores}>"

    def to_json_view(self, seat: int) -> Any:
        """The JSON data of :meth:`view` (a convenience for servers)."""
        return to_json(self.view(seat))
