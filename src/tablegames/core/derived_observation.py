"""The derived observation: a seat's view laid out as a flat vector by the view class's fields.

:class:`DerivedObservation` is what :func:`tablegames.core.derived.derived_observation_spec`
builds for a variant without its own :meth:`~tablegames.core.game.Game.observation_spec`; see
:mod:`tablegames.core.derived`.
"""

from __future__ import annotations

import enum
import math
import typing
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

import attrs

from tablegames.core._published import declared, field_hints, pieces_by_type, pieces_of, union_args
from tablegames.core.capabilities import FloatBuffer
from tablegames.core.events import Action
from tablegames.core.game import Game

__all__ = ["NUMBER_SLOTS_PER_SEAT", "DerivedObservation", "symlog"]

NUMBER_SLOTS_PER_SEAT: Final = 1
"""A sequence of numbers in a view (``hand_sizes``, ``scores``) gets this many entries per seat."""


def symlog(x: float) -> float:
    """``x`` squashed as ``sign(x) * log(1 + |x|)``: how the derived observation writes a view's numbers.

    Small counts stay apart (1, 2, 3 give 0.69, 1.10, 1.39) while large scores stay within a
    few units, whatever the variant's scale.

    >>> from tablegames.core.derived_observation import symlog
    >>> [round(symlog(x), 2) for x in (0, 1, -1, 10, 250)]
    [0.0, 0.69, -0.69, 2.4, 5.53]
    """
    return math.copysign(math.log1p(abs(x)), x)


_Writer = Callable[[Any, FloatBuffer], None]
_MAX_DEPTH: Final = 4


@attrs.frozen
class _Field:
    """One field of the derived observation: its name, length, and what writes it from the view."""

    name: str
    length: int
    write: Callable[[Any, FloatBuffer, int], None]


_Steps = tuple[tuple[str, bool], ...]
"""A path into a view: each step an attribute's name, and whether it holds a sequence."""


def _getter(steps: _Steps) -> Callable[[Any], list[Any]]:
    """Every value at ``steps`` in a view: attributes by name, sequences flattened, ``None`` dropped."""
    if len(steps) == 1:
        name, many = steps[0]
        if many:
            return lambda view: [v for v in getattr(view, name) if v is not None]
        return lambda view: [] if (v := getattr(view, name)) is None else [v]

    def values(view: Any) -> list[Any]:
        items = [view]
        for name, many in steps:
            found = []
            for item in items:
                value = getattr(item, name)
                if value is None:
                    continue
                if many:
                    found += [v for v in value if v is not None]
                else:
                    found.append(value)
            items = found
        return items

    return values


def _sequence_item(hint: Any) -> Any | None:
    """The item type of a sequence annotation (``tuple[X, ...]``, ``list[X]``, ``frozenset[X]``), else ``None``."""
    origin = typing.get_origin(hint)
    if origin in (tuple, list, frozenset, set, Sequence):
        args = [a for a in typing.get_args(hint) if a is not Ellipsis]
        if len(args) == 1:
            return args[0]
    return None


def _plain(hint: Any) -> tuple[Any, bool]:
    """``hint`` without ``None`` (``X | None`` is ``X``), and whether it allowed ``None``."""
    members = union_args(hint)
    if members is None:
        return hint, False
    rest = tuple(m for m in members if m is not type(None))
    if len(rest) == 1:
        return rest[0], len(rest) < len(members)
    return (typing.Union[rest] if rest else type(None)), len(rest) < len(members)  # noqa: UP007 - built at run time


def _is_number(hint: Any) -> bool:
    members = union_args(hint) or (hint,)
    return all(m in (int, float, bool) for m in members)


class _Planner:
    """Lays out a view class's fields as the derived observation's (see :class:`DerivedObservation`)."""

    def __init__(self, pieces: Mapping[type, tuple[Any, ...]], slots: int) -> None:
        self.pieces = pieces
        self.slots = slots
        self.fields: list[_Field] = []

    def walk(self, cls: type, path: _Steps, *, many: bool, depth: int) -> None:
        hints = field_hints(cls)
        for field in attrs.fields(cls):
            hint = hints.get(field.name)
            if hint is not None:
                self.field(field, hint, path, many=many, depth=depth)

    def field(self, field: attrs.Attribute[Any], hint: Any, parent: _Steps, *, many: bool, depth: int) -> None:
        plain, _ = _plain(hint)
        item = _sequence_item(plain)
        sequence = item is not None
        path = (*parent, (field.name, sequence))
        name = ".".join(("view", *(step for step, _ in path)))
        get = _getter(path)
        inner, _ = _plain(item) if item is not None else (plain, False)
        pieces = pieces_of(inner, self.pieces)
        if pieces is None:
            members = union_args(inner)
            if members is not None and all(pieces_of(m, self.pieces) for m in members):
                pieces = tuple(p for m in members for p in pieces_of(m, self.pieces) or ())
        if pieces is not None:
            self.fields.append(_Field(name, len(pieces), _mark({p: i for i, p in enumerate(pieces)}, get)))
            return
        listed = declared(field).get("enum")
        choices: tuple[Any, ...] | None = None
        if isinstance(inner, type) and issubclass(inner, enum.Enum):
            choices = tuple(inner)
        elif typing.get_origin(inner) is typing.Literal:
            choices = typing.get_args(inner)
        elif isinstance(listed, list) and not sequence:
            choices = tuple(v for v in listed if v is not None and isinstance(v, (str, int)))
        if choices:
            self.fields.append(_Field(name, len(choices), _mark({c: i for i, c in enumerate(choices)}, get)))
            return
        if _is_number(inner):
            if many:
                return  # a number inside a sequence of objects: no fixed place for it
            if sequence:
                self.fields.append(_Field(name, self.slots, _numbers(get, self.slots)))
            else:
                nullable = _plain(hint)[1]
                self.fields.append(_Field(name, 2 if nullable else 1, _number(get, present=nullable)))
            return
        if isinstance(inner, type) and attrs.has(inner) and depth < _MAX_DEPTH and not issubclass(inner, Action):
            self.walk(inner, path, many=many or sequence, depth=depth + 1)


def _mark(index: Mapping[Any, int], get: Callable[[Any], list[Any]]) -> Callable[[Any, FloatBuffer, int], None]:
    """Write 1 at each value's place (a piece, an enum member, a declared choice) found at the getter."""

    def write(view: Any, out: FloatBuffer, at: int) -> None:
        for value in get(view):
            try:
                i = index.get(value)
            except TypeError:  # an unhashable value: no place
                continue
            if i is not None:
                out[at + i] = 1.0

    return write


def _numbers(get: Callable[[Any], list[Any]], slots: int) -> Callable[[Any, FloatBuffer, int], None]:
    """Write the first ``slots`` numbers found at the getter, each through :func:`symlog`."""

    def write(view: Any, out: FloatBuffer, at: int) -> None:
        for i, value in enumerate(get(view)):
            if i >= slots:
                break
            if value:
                out[at + i] = symlog(value)

    return write


def _number(get: Callable[[Any], list[Any]], *, present: bool) -> Callable[[Any, FloatBuffer, int], None]:
    """Write one number through :func:`symlog` (after a 1 saying it is there, where it may be ``None``)."""

    def write(view: Any, out: FloatBuffer, at: int) -> None:
        for value in get(view):
            if present:
                out[at] = 1.0
                at += 1
            if value:
                out[at] = symlog(value)
            return

    return write


class DerivedObservation:
    """The default observation: the game's public standing, then the seat's view, laid out by its fields.

    With ``n`` seats and ``k`` sides, the fields, in order:

    ================  ================  ===============================================================
    field             length            entries
    ================  ================  ===============================================================
    ``game.turn``     ``n``             1 at the seat to act, counted clockwise from the observer (0:
                                        the observer); nothing once the match is over
    ``game.scores``   ``k``             each side's score, the observer's side first, divided by the
                                        declared target score (else ten times the reward scale, else
                                        100)
    ``view.<path>``   ...               one field per field of the view class, in its order, nested
                                        classes' fields under their path (``view.last_layout.arms.tiles``)
    ================  ================  ===============================================================

    A view field is laid out by its annotation:

    * a piece, or a sequence of pieces (at any depth of nested classes and sequences): one entry
      per piece of its type (in the numbering's order, :class:`~tablegames.core.derived.DerivedActionIds`), 1 for each
      piece there: the seat's own hand, the table, the tricks, the pieces shown;
    * an enum, a ``Literal``, or a ``str`` or ``int`` whose ``json_schema`` metadata lists its
      values: one entry per value, 1 at the value;
    * an ``int``, ``float`` or ``bool``: one entry, :func:`symlog` of the number (a ``bool`` is 0
      or 1); one more before it, 1 when it is set, where it may be ``None``;
    * a sequence of numbers (``hand_sizes``): :data:`NUMBER_SLOTS_PER_SEAT` entries per seat, the
      first numbers in order through :func:`symlog`;
    * a nested attrs class: its own fields, under its path.

    Left out: a number inside a sequence of nested objects (it has no fixed place), a ``str``
    that declares no values, and any field of another kind. Everything comes from the seat's
    :meth:`~tablegames.core.game.Game.view` and from the game's
    :attr:`~tablegames.core.game.Game.current_player` and
    :attr:`~tablegames.core.game.Game.scores`, which every seat sees: the observation is as free of
    leaks as the view (the conformance kit checks it). It costs a view per write; a variant that
    writes its own (:meth:`~tablegames.core.game.Game.observation_spec`) writes from its state
    directly, and faster.

    Built by :func:`~tablegames.core.derived.derived_observation_spec`.
    """

    __slots__ = ("_fields", "_layout", "_players", "_scale", "_sides", "_turn", "_writers", "size", "variant")

    size: int
    """The length of the vector."""

    def __init__(self, variant: type[Game], options: Any) -> None:
        probe = variant.create(options, seed=0)
        n = probe.players
        self.variant = variant.name
        """The variant's registered name."""
        self._players = n
        self._sides = probe.sides
        sides = [probe.side_of(s) for s in range(n)]
        # For each observer: where each seat's turn entry goes, and each side's score entry.
        self._turn = {seat: {s: (s - seat) % n for s in range(n)} for seat in range(n)}
        k = probe.sides
        self._layout = {seat: tuple((sides[seat] + p) % k for p in range(k)) for seat in range(n)}
        target = variant.target_score(options)
        self._scale = 1.0 / (target or 10 * (variant.reward_scale or 10.0))
        planner = _Planner(pieces_by_type(variant), n * NUMBER_SLOTS_PER_SEAT)
        planner.walk(type(probe.view(0)), (), many=False, depth=0)
        fields: dict[str, slice] = {}
        at = 0
        for name, length in (("game.turn", n), ("game.scores", probe.sides)):
            fields[name] = slice(at, at + length)
            at += length
        writers = []
        for field in planner.fields:
            fields[field.name] = slice(at, at + field.length)
            writers.append((field.write, at))
            at += field.length
        self._fields = MappingProxyType(fields)
        self.size = at
        self._writers: tuple[tuple[Callable[[Any, FloatBuffer, int], None], int], ...] = tuple(writers)

    @property
    def fields(self) -> Mapping[str, slice]:
        """Each field's slice of the vector, in order (see the table above)."""
        return self._fields

    def write(self, game: Game, seat: int, out: FloatBuffer) -> None:
        """Write ``seat``'s observation of ``game`` into the zeroed ``out``.

        Raises:
            InvalidOptionsError: if ``seat`` is not a seat of the game (the view refuses it).

        """
        view = game.view(seat)
        turn = self._turn[seat]
        current = game.current_player
        if current is not None:
            out[turn[current]] = 1.0
        scores = game.scores
        scale = self._scale
        at = self._players
        for p, side in enumerate(self._layout[seat]):
            score = scores[side]
            if score:
                out[at + p] = score * scale
        for write, start in self._writers:
            write(view, out, start)

    def __repr__(self) -> str:
        return f"<DerivedObservation {self.variant!r} size={self.size}>"
