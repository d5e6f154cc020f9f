"""Action ids and observation vectors for any variant, derived from what it already publishes.

The reinforcement-learning environments need two things of a variant: a fixed numbering of its
actions (:class:`~tablegames.core.capabilities.ActionIds`) and a flat vector of what a seat may
know (:class:`~tablegames.core.capabilities.ObservationSpec`). A variant may write both itself
(:meth:`Game.action_ids <tablegames.core.game.Game.action_ids>` and
:meth:`Game.observation_spec <tablegames.core.game.Game.observation_spec>`, as American Sniff
and Four Point Smear do); where it does not, this module derives them from the contract, with
no code from the author:

* :func:`derived_action_ids`: one id for every action of every class of
  :attr:`~tablegames.core.game.Game.action_classes`, each field taking every value it declares
  (:class:`DerivedActionIds` says where the values come from), or the values the variant's
  :meth:`~tablegames.core.game.Game.action_values` gives it. A field whose values are not
  declared (a bare ``int`` or ``str``) makes the numbering impossible:
  :class:`~tablegames.core.errors.UnderivableError` says which field, and how to declare it.
  Nothing is guessed.
* :func:`derived_observation_spec`: the seat's :meth:`~tablegames.core.game.Game.view`, laid
  out by the view class's fields, with whose turn it is and every side's score before it
  (:class:`~tablegames.core.derived_observation.DerivedObservation`). It writes only from the
  view and those public facts, so it is as free of leaks as the view.

:func:`action_ids_of` and :func:`observation_spec_of` give the variant's own capability where
it has one, else the derived default: the environments (:mod:`tablegames.rl`) and the
conformance kit (:mod:`tablegames.testing`) ask them, so the kit's ``action_ids`` and
``observation`` checks (its no-leak check included) hold the defaults too. Both are worked out
once per variant and options and kept; nothing here runs while a game is played, except
:meth:`DerivedActionIds.encode`, :meth:`DerivedActionIds.decode` and
:meth:`DerivedObservation.write() <tablegames.core.derived_observation.DerivedObservation.write>`.

>>> from tablegames.core.derived import derived_action_ids, derived_observation_spec
>>> import array, tablegames
>>> euchre = tablegames.get_variant("euchre")
>>> ids = derived_action_ids(euchre, euchre.options_class())
>>> ids.size, ids.names()[:4]
(57, ('pass', 'call spades', 'call spades alone', 'call hearts'))
>>> game = euchre.create(seed=1)
>>> [ids.names()[ids.encode(a)[0]] for a in game.legal_actions()]
['pass', 'call diamonds', 'call diamonds alone']
>>> spec = derived_observation_spec(euchre, game.options)
>>> out = array.array("f", [0.0]) * spec.size
>>> spec.write(game, 0, out)
>>> sum(out[spec.fields["view.hand"]])
5.0
"""

from __future__ import annotations

import enum
import itertools
import math
import operator
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from tablegames.core._published import declared, field_hints, pieces_by_type, pieces_of, union_args
from tablegames.core.capabilities import ActionIds, ObservationSpec
from tablegames.core.derived_observation import DerivedObservation
from tablegames.core.errors import UnderivableError, quote
from tablegames.core.events import Action
from tablegames.core.game import Game, build_options
from tablegames.core.memo import Kept
from tablegames.core.serde import structure

__all__ = [
    "MAX_DERIVED_IDS",
    "DerivedActionIds",
    "action_ids_of",
    "derived_action_ids",
    "derived_observation_spec",
    "observation_spec_of",
]

MAX_DERIVED_IDS: Final = 4096
"""The most ids a derived numbering may have; a variant whose declared values give more is refused
(:class:`~tablegames.core.errors.UnderivableError`): a policy's output layer of that size is a
sign that the variant needs its own numbering, with actions chosen in parts."""


_HOW: Final = (
    "declare its values (a json_schema enum in the field's metadata, minimum and maximum, an attrs in_ "
    "validator, a Literal or an enum type), list them in the variant's action_values, or give the variant its "
    "own action_ids"
)


# -- action ids ---------------------------------------------------------------------------------------


class _Undeclared(Exception):
    """A field's values are not declared (internal: :func:`derived_action_ids` turns it into an error)."""


def _type_values(hint: Any, pieces: Mapping[type, tuple[Any, ...]]) -> tuple[Any, ...]:
    """Every value the annotation ``hint`` allows, where it says them all; else :class:`_Undeclared`."""
    if hint is type(None) or hint is None:
        return (None,)
    if hint is bool:
        return (False, True)
    found = pieces_of(hint, pieces)
    if found is not None:
        return found
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return tuple(hint)
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    members = union_args(hint)
    if members is not None:
        return tuple(v for member in members for v in _type_values(member, pieces))
    raise _Undeclared(hint)


def _field_values(field: attrs.Attribute[Any], hint: Any, pieces: Mapping[type, tuple[Any, ...]]) -> tuple[Any, ...]:
    """Every value ``field`` (annotated ``hint``) declares, ``None`` first; else :class:`_Undeclared`."""
    found = declared(field)
    members = union_args(hint) or (hint,)
    nullable = type(None) in members or None in members
    if "enum" in found:
        values = tuple(_from_json(v, hint) for v in found["enum"])
    elif type(found.get("minimum")) is int and type(found.get("maximum")) is int:
        low, high = found["minimum"], found["maximum"]
        if high - low >= MAX_DERIVED_IDS:
            raise _Undeclared(hint)
        values = (*range(low, high + 1), *((None,) if nullable else ()))
    else:
        values = _type_values(hint, pieces)
    unique = list(dict.fromkeys((type(v), v) for v in values))
    ordered = [v for t, v in unique if v is None] + [v for t, v in unique if v is not None]
    if any(isinstance(v, (list, dict, tuple, set, frozenset)) for v in ordered):
        raise _Undeclared(hint)
    return tuple(ordered)


def _given(key: str, values: Sequence[Any]) -> tuple[Any, ...]:
    """The values a variant's ``action_values`` gives for the field ``key``, each once; else :class:`_Undeclared`."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise _Undeclared(key)
    unique = tuple(dict.fromkeys(values))
    if not unique or any(isinstance(v, (list, dict, set)) for v in unique):
        raise _Undeclared(key)
    return unique


def _from_json(value: Any, hint: Any) -> Any:
    """The Python value of a declared JSON value ``value`` of a field annotated ``hint``."""
    if value is None or (isinstance(value, (bool, int, float, str)) and not _needs_structure(hint)):
        return value
    return structure(value, hint)


def _needs_structure(hint: Any) -> bool:
    """Whether a JSON scalar stands for another Python value in a field annotated ``hint`` (a piece, an enum)."""
    members = union_args(hint) or (hint,)
    return not all(
        m in (type(None), None, bool, int, float, str) or typing.get_origin(m) is typing.Literal for m in members
    )


def _class_actions(
    variant: type[Game],
    action_class: type[Action],
    pieces: Mapping[type, tuple[Any, ...]],
    given: Mapping[str, Sequence[Any]],
) -> list[Action]:
    """Every action of ``action_class`` its fields declare, in order (the first field slowest).

    ``given`` is the variant's :meth:`~tablegames.core.game.Game.action_values`: a field named
    there takes those values instead of its declaration.
    """
    make: Callable[..., Action] = action_class
    if not attrs.has(action_class):
        raise UnderivableError(variant.name, f"the action class {action_class.__name__} is not an attrs class")
    hints = field_hints(action_class)
    fields = [f for f in attrs.fields(action_class) if f.init]
    domains = []
    for field in fields:
        if field.name not in hints:
            raise UnderivableError(variant.name, f"{action_class.__name__}.{field.name} has no type annotation: {_HOW}")
        key = f"{action_class.__name__}.{field.name}"
        try:
            domains.append(_given(key, given[key]) if key in given else _field_values(field, hints[field.name], pieces))
        except _Undeclared:
            raise UnderivableError(
                variant.name,
                f"{action_class.__name__}.{field.name} ({_hint_text(hints[field.name])}) declares no values: {_HOW}",
            ) from None
    size = math.prod(len(d) for d in domains)
    if size > MAX_DERIVED_IDS:
        raise UnderivableError(variant.name, _too_many(size))
    actions: list[Action] = []
    for values in itertools.product(*domains):
        try:
            actions.append(make(**{f.alias: v for f, v in zip(fields, values, strict=True)}))
        except (TypeError, ValueError):  # a combination the class itself refuses is no action
            continue
    return actions


def _hint_text(hint: Any) -> str:
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")


def _too_many(size: int) -> str:
    return (
        f"the declared values give {size} actions, more than MAX_DERIVED_IDS ({MAX_DERIVED_IDS}); "
        "give the variant its own action_ids, with actions chosen in parts"
    )


def _field_types(action: Action) -> tuple[type, ...]:
    return tuple(type(getattr(action, f.name)) for f in attrs.fields(type(action)))


class DerivedActionIds:
    """The default numbering of a variant's actions: every action its classes declare, one id each.

    The action classes are taken in the order of
    :attr:`~tablegames.core.game.Game.action_classes`; within a class, every combination of its
    fields' values, the first field changing slowest. A field's values are, in this order of
    preference:

    * those the variant's :meth:`~tablegames.core.game.Game.action_values` gives for it under
      the options, in that order (``None`` where it is listed);
    * those its ``json_schema`` metadata lists (``enum``), or the ints from its ``minimum`` to
      its ``maximum``, or what its validator allows, read as data (an option rule of
      :mod:`tablegames.core.options`, attrs' ``in_``, ``ge``, ``le``, ``gt``, ``lt``): the same
      declarations the published action schema shows;
    * else what its annotation allows: for a piece type, the variant's
      :attr:`~tablegames.core.game.Game.pieces` of that type, in the natural order of their
      JSON forms (``0-0``, ``1-0``, ``1-1``, ... ``6-6``; ``10C`` after ``9C``); an enum's
      members; ``False`` and ``True``; a ``Literal``'s values; a union's members' values.

    ``None``, where a field allows it, comes first (except in given values). A combination the class's own validators
    refuse is left out. Every action is one id (``parts`` is 1), and ids of actions no position
    allows are never legal (masks leave them out). :meth:`encode` refuses any action not built
    exactly so (a ``True`` where an ``int`` was declared, say); :meth:`decode` gives an action
    made once and kept, equal to the game's own (the environments apply the game's own legal
    action, found by its ids).

    Built by :func:`derived_action_ids`, which says when no numbering can be derived.
    """

    __slots__ = ("_actions", "_codes", "_names", "_types", "variant")

    def __init__(self, variant: str, actions: Sequence[Action]) -> None:
        self.variant = variant
        """The variant's registered name."""
        self._actions: tuple[Action, ...] = tuple(actions)
        self._codes: dict[Action, tuple[int]] = {}
        for i, action in enumerate(self._actions):
            self._codes.setdefault(action, (i,))
        if len(self._codes) != len(self._actions):
            raise UnderivableError(variant, "two combinations of declared values give equal actions")
        self._types = tuple(map(_field_types, self._actions))
        self._names = tuple(_label(a) for a in self._actions)

    @property
    def size(self) -> int:
        """How many ids there are."""
        return len(self._actions)

    @property
    def parts(self) -> int:
        """Always 1, as every action is one id."""
        return 1

    def names(self) -> tuple[str, ...]:
        """Each id's action in words (``str(action)``), in id order."""
        return self._names

    def actions(self) -> tuple[Action, ...]:
        """The action of each id, in id order."""
        return self._actions

    def encode(self, action: Action) -> tuple[int]:
        """The one id of ``action``.

        Raises:
            ValueError: if ``action`` is not one of the numbered actions (of another class, a
                value not declared, or a value of another type that compares equal).

        """
        try:
            code = self._codes.get(action)
        except TypeError:  # an unhashable field
            code = None
        if code is not None:
            i = code[0]
            if type(action) is type(self._actions[i]) and _field_types(action) == self._types[i]:
                return code
        raise ValueError(f"no id for {quote(action)}: not an action of {self.variant} with declared values")

    def decode(self, ids: Sequence[int]) -> Action:
        """The action whose id is the one element of ``ids``.

        Raises:
            ValueError: if ``ids`` is not one id from 0 to ``size - 1``.

        """
        try:
            i = operator.index(ids[0]) if len(ids) == 1 and type(ids[0]) is not bool else -1
        except (TypeError, KeyError, IndexError):  # not a sequence of ints
            i = -1
        if 0 <= i < len(self._actions):
            return self._actions[i]
        raise ValueError(f"no action of {self.variant} has the ids {quote(ids)}: one id from 0 to {self.size - 1}")

    def __repr__(self) -> str:
        return f"<DerivedActionIds {self.variant!r} size={self.size}>"


def _label(action: Action) -> str:
    text = str(action)
    return text if text else action.tag


# The derived capabilities of each variant and options, worked out once (a refusal is kept too).
_IDS: Final = Kept[tuple[type[Game], Any], DerivedActionIds | UnderivableError](
    "tablegames.core.derived: the numbering of each variant and options", most=256
)
_SPECS: Final = Kept[tuple[type[Game], Any], DerivedObservation](
    "tablegames.core.derived: the observation of each variant and options", most=256
)


def _options(variant: type[Game], options: Any) -> Any:
    return build_options(variant.options_class, {} if options is None else options)


def derived_action_ids(variant: type[Game], options: Any = None) -> DerivedActionIds:
    """The default numbering of ``variant``'s actions under ``options`` (a :class:`DerivedActionIds`).

    ``options`` is the variant's options object, a mapping of options, or ``None`` for the
    defaults. Worked out once per variant and options, and kept (as the refusal is).

    Raises:
        UnderivableError: if a field of an action class declares no values (a bare ``int`` or
            ``str``), holds several pieces (a tuple), or the values give more than
            :data:`MAX_DERIVED_IDS` ids; the message names the field.
        InvalidOptionsError: for options the variant does not have.

    """
    opts = _options(variant, options)
    key = (variant, opts)
    found = _IDS.get(key)
    if found is None:
        try:
            found = _IDS.keep(key, _build_ids(variant, opts))
        except UnderivableError as exc:
            found = _IDS.keep(key, exc)
    if isinstance(found, UnderivableError):
        raise UnderivableError(found.variant, found.reason)
    return found


def _build_ids(variant: type[Game], options: Any) -> DerivedActionIds:
    pieces = pieces_by_type(variant)
    given = variant.action_values(options)
    fields = {f"{c.__name__}.{f.name}" for c in variant.action_classes if attrs.has(c) for f in attrs.fields(c)}
    unknown = sorted(set(given) - fields)
    if unknown:
        raise UnderivableError(
            variant.name, f"action_values names {quote(unknown[0])}, which is no field of its action classes"
        )
    actions: list[Action] = []
    for action_class in variant.action_classes:
        actions += _class_actions(variant, action_class, pieces, given)
        if len(actions) > MAX_DERIVED_IDS:
            raise UnderivableError(variant.name, _too_many(len(actions)))
    if not actions:
        raise UnderivableError(variant.name, "its action classes declare no action")
    return DerivedActionIds(variant.name, actions)


def action_ids_of(variant: type[Game], options: Any = None) -> ActionIds:
    """``variant``'s own numbering (:meth:`~tablegames.core.game.Game.action_ids`) if it has one, else the derived one.

    Raises:
        UnderivableError: if the variant has none and none can be derived (see :func:`derived_action_ids`).

    """
    own = variant.action_ids(_options(variant, options))
    return own if own is not None else derived_action_ids(variant, options)


def derived_observation_spec(variant: type[Game], options: Any = None) -> DerivedObservation:
    """The default observation of ``variant`` under ``options``.

    A :class:`~tablegames.core.derived_observation.DerivedObservation`.

    ``options`` is the variant's options object, a mapping of options, or ``None`` for the
    defaults. Worked out once per variant and options (from a game made with seed 0, whose
    first view gives the view class), and kept.

    Raises:
        InvalidOptionsError: for options the variant does not have.

    """
    opts = _options(variant, options)
    key = (variant, opts)
    found = _SPECS.get(key)
    if found is None:
        found = _SPECS.keep(key, DerivedObservation(variant, opts))
    return found


def observation_spec_of(variant: type[Game], options: Any = None) -> ObservationSpec[Game]:
    """``variant``'s own observation layout if it has one, else the derived one.

    Its own is :meth:`~tablegames.core.game.Game.observation_spec`; the derived one,
    :func:`derived_observation_spec`.
    """
    opts = _options(variant, options)
    own: ObservationSpec[Game] | None = variant.observation_spec(opts)
    return own if own is not None else derived_observation_spec(variant, opts)
