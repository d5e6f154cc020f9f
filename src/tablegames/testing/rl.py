"""The kit's checks of the reinforcement-learning capabilities: action ids and observation vectors.

What is checked is what the environments use: the variant's own
:meth:`~tablegames.core.game.Game.action_ids` and
:meth:`~tablegames.core.game.Game.observation_spec` where it provides them, else the defaults
derived from what it publishes (:func:`~tablegames.core.derived.action_ids_of`,
:func:`~tablegames.core.derived.observation_spec_of`), along the scenario's game. So the no-leak
check holds a derived observation too. A variant whose actions cannot be numbered
(:class:`~tablegames.core.errors.UnderivableError`: an action field declares no values) passes
``action_ids`` without being played; the environments refuse it, saying which field.

>>> from tablegames.testing.rl import check_action_ids, check_observation
>>> from tablegames.core.registry import get_variant

>>> Sniff = get_variant("american-sniff")
>>> from tablegames.testing import Scenario
>>> check_action_ids(Scenario(variant=Sniff, options={"players": 2}, seed=3, steps=12))
>>> check_observation(Scenario(variant=Sniff, options={"players": 2}, seed=3, steps=12, swaps=((0, 5),)))
"""

from __future__ import annotations

import array
import json
import math
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, ClassVar, cast

import attrs

from tablegames.core.capabilities import ActionIds, FloatBuffer, ObservationSpec
from tablegames.core.derived import derived_action_ids, derived_observation_spec
from tablegames.core.errors import UnderivableError
from tablegames.core.events import Action
from tablegames.core.game import Game, build_options
from tablegames.core.serde import dumps, to_json
from tablegames.testing._support import play_alike, snapshot, snapshot_difference
from tablegames.testing.scenario import ConformanceError, Scenario

__all__ = ["check_action_ids", "check_observation"]


@attrs.frozen
class _Foreign(Action):
    """An action of a shape no variant has, which every numbering must refuse to encode."""

    tag: ClassVar[str] = "tablegames-testing-foreign"
    tile: Any = None
    end: Any = None
    card: Any = None


_Fail = Callable[[int | None, str], ConformanceError]
"""How a check builds its failure: ``fail(step, detail)``."""


def _equal_options(scenario: Scenario) -> Any:
    """Options equal to the scenario's, built again from their JSON (another object)."""
    return build_options(scenario.variant.options_class, to_json(scenario.options))


# -- action ids -----------------------------------------------------------------------------------


def check_action_ids(scenario: Scenario, *, max_steps: int = 10_000) -> None:
    """The variant's action numbering is a fixed bijection onto short sequences of ids below its size.

    The numbering is the variant's own, else the derived one
    (:func:`~tablegames.core.derived.derived_action_ids`); the check passes at once if there is
    neither (:class:`~tablegames.core.errors.UnderivableError`: no numbering to check). The
    numbering must be an
    :class:`~tablegames.core.capabilities.ActionIds`, its ``size`` a positive int with one
    ``str`` name per id, and equal options (built again from their JSON) must give an equal
    numbering: the same size and names, and the same encoding of every legal action met.
    ``encode`` of an action of a shape no variant has raises ``ValueError``, and so does
    ``decode`` of ``()``, ``(size,)`` and ``(-1,)``. Then at every decision from the start to
    the position, every legal action's ``encode`` is a non-empty tuple of ints in
    ``range(size)``; distinct legal actions have distinct encodings, none a proper prefix of
    another's; and ``decode`` gives back the action (equal, and of the same class).
    """
    name = "action_ids"
    variant = scenario.variant
    own: Callable[[Any], ActionIds | None] = variant.action_ids
    if own(scenario.options) is None:  # no numbering of its own: the derived one, if there is one
        try:
            derived_action_ids(variant, scenario.options)
        except UnderivableError:
            return
        own = partial(derived_action_ids, variant)
    ids = own(scenario.options)
    if ids is None:  # a variant's numbering that comes and goes is caught by equal options below
        return

    def fail(step: int | None, detail: str) -> ConformanceError:
        return ConformanceError(name, scenario, step, detail)

    size = _checked_size(ids, fail)
    again = own(_equal_options(scenario))
    if again is None:
        raise fail(None, "action_ids() of equal options (built again from their JSON) gave None")
    if again.size != size:
        raise fail(None, f"action_ids() of equal options gave size {again.size!r}, not {size}")
    names, other = list(ids.names()), list(again.names())
    if names != other:
        i = next((i for i, (x, y) in enumerate(zip(names, other, strict=False)) if x != y), min(len(names), len(other)))
        raise fail(None, f"action_ids() of equal options names id {i} {other[i : i + 1]!r}, not {names[i : i + 1]!r}")
    _refuses_junk(ids, size, fail)
    game = scenario.new_game()
    choose = scenario.chooser()
    step = 0
    while True:
        _check_decision(ids, again, size, game.legal_actions(), partial(fail, step))
        if game.is_over or step >= min(scenario.steps, max_steps):
            return
        game.apply(choose(game, step))
        step += 1


def _checked_size(ids: Any, fail: _Fail) -> int:
    """The numbering's size, after checking its protocol, size and names (``fail`` builds the error)."""
    if not isinstance(ids, ActionIds):
        raise fail(None, f"action_ids() gave {ids!r}, which is not an ActionIds (size, names, encode, decode)")
    size = ids.size
    if type(size) is not int or size < 1:
        raise fail(None, f"the numbering's size is {size!r}, not a positive int")
    parts = ids.parts
    if type(parts) is not int or parts < 1:
        raise fail(None, f"the numbering's parts is {parts!r}, not a positive int")
    names = list(ids.names())
    if len(names) != size:
        raise fail(None, f"names() has {len(names)} labels for {size} ids")
    bad = next((label for label in names if not isinstance(label, str)), None)
    if bad is not None:
        raise fail(None, f"names() has {bad!r}, not a str")
    return size


def _refuses_junk(ids: ActionIds, size: int, fail: _Fail) -> None:
    """``encode`` of a foreign action and ``decode`` of junk raise ``ValueError``."""
    foreign = _Foreign()
    try:
        got: object = ids.encode(foreign)
    except ValueError:
        pass
    except Exception as exc:
        raise fail(None, f"encode of a foreign action raised {type(exc).__name__}: {exc}, not ValueError") from None
    else:
        raise fail(None, f"encode of a foreign action {foreign!r} gave {got!r}, not ValueError")
    for junk in ((), (size,), (-1,)):
        try:
            got = ids.decode(junk)
        except ValueError:
            continue
        except Exception as exc:
            raise fail(None, f"decode({junk!r}) raised {type(exc).__name__}: {exc}, not ValueError") from None
        raise fail(None, f"decode({junk!r}) gave {got!r}, not ValueError (it is the encoding of no action)")


def _check_decision(
    ids: ActionIds, again: ActionIds, size: int, legal: Sequence[Action], fail: Callable[[str], ConformanceError]
) -> None:
    """Every legal action encodes within range, distinctly and prefix-free, and decodes back."""
    seen: dict[tuple[int, ...], Action] = {}
    for action in legal:
        try:
            code = ids.encode(action)
        except Exception as exc:
            raise fail(f"encode({dumps(action)}), a legal action, raised {type(exc).__name__}: {exc}") from None
        if type(code) is not tuple or not code or not all(type(i) is int and 0 <= i < size for i in code):
            raise fail(f"encode({dumps(action)}) is {code!r}, not a non-empty tuple of ints in range({size})")
        if len(code) > ids.parts:
            raise fail(f"encode({dumps(action)}) is {code!r}, more ids than the numbering's parts ({ids.parts})")
        other = seen.get(code)
        if other is not None:
            raise fail(f"{dumps(other)} and {dumps(action)}, both legal, are both encoded {code!r}")
        seen[code] = action
        try:
            twin: object = again.encode(action)
        except Exception as exc:
            twin = f"{type(exc).__name__}: {exc}"
        if twin != code:
            raise fail(f"encode({dumps(action)}) is {code!r}, but {twin!r} from equal options")
    for code, action in seen.items():
        for k in range(1, len(code)):
            other = seen.get(code[:k])
            if other is not None:
                raise fail(f"{dumps(other)}'s encoding {code[:k]!r} is a prefix of {dumps(action)}'s {code!r}")
        try:
            back = ids.decode(code)
        except Exception as exc:
            raise fail(
                f"decode({code!r}), the encoding of {dumps(action)}, raised {type(exc).__name__}: {exc}"
            ) from None
        if type(back) is not type(action) or back != action:
            raise fail(f"decode({code!r}) is {back!r}, but {code!r} is the encoding of {action!r}")


# -- observations ---------------------------------------------------------------------------------


def check_observation(scenario: Scenario, *, max_steps: int = 10_000) -> None:
    """Every seat's observation vector is laid out as documented, finite, pure, and leaks nothing.

    The spec is the variant's own, else the derived one
    (:func:`~tablegames.core.derived.derived_observation_spec`); it must be an
    :class:`~tablegames.core.capabilities.ObservationSpec` with a positive int ``size``, whose
    ``fields`` are slices with int bounds and step 1 that tile ``[0, size)`` exactly (no gap,
    no overlap; a field may be empty); equal options (built again from their JSON) give the same
    size and fields. At every step from the start to the position, for every seat, ``write``
    into a zeroed ``array.array("f")`` (through a ``memoryview``) gives finite values, and
    writing again gives the same vector; writing changes nothing in the game (its events,
    turn, scores and legal actions at every step, and its whole snapshot, the full log's text
    and every view, at the position).

    Then the no-leak check, on the pairs of games of ``indistinguishable``: two games whose
    first deals differ only in pieces the scenario's seat cannot see, played alike to the end of
    the hand while the seat's views and redacted logs stay identical, must give that seat
    identical observation vectors at every step.
    """
    name = "observation"
    variant = scenario.variant
    own: Callable[[Any], ObservationSpec[Game] | None] = variant.observation_spec
    if own(scenario.options) is None:  # no observation of its own: the derived one
        own = partial(derived_observation_spec, variant)
    spec = own(scenario.options)
    if spec is None:
        return

    def fail(step: int | None, detail: str) -> ConformanceError:
        return ConformanceError(name, scenario, step, detail)

    fields = _layout(spec, fail)
    again = own(_equal_options(scenario))
    if again is None or again.size != spec.size or dict(again.fields) != dict(spec.fields):
        found = None if again is None else (again.size, dict(again.fields))
        raise fail(
            None,
            f"observation_spec() of equal options (built again from their JSON) gave {found!r}, "
            f"not size {spec.size} with fields {dict(spec.fields)!r}",
        )
    game = scenario.new_game()
    choose = scenario.chooser()
    step = 0
    while True:
        position = game.is_over or step >= min(scenario.steps, max_steps)
        _check_writes(spec, game, partial(fail, step), whole=position)
        if position:
            break
        game.apply(choose(game, step))
        step += 1
    start = scenario.new_game()
    seat = scenario.seat_of(start)

    def looks(game: Game) -> tuple[tuple[str, str], ...]:
        vector = _write(spec, game, seat)
        shown = {field: list(vector[where]) for field, where in fields}
        return (
            ("observations", json.dumps(shown)),
            ("views", dumps(game.view(seat))),
            ("redacted logs", dumps(game.log(seat))),
        )

    play_alike(name, scenario, start, observer=f"seat {seat}", looks=looks, hand_seat=seat, max_steps=max_steps)


def _layout(spec: Any, fail: _Fail) -> list[tuple[str, slice]]:
    """The spec's fields in vector order, after checking the protocol, the size and the tiling."""
    if not isinstance(spec, ObservationSpec):
        raise fail(None, f"observation_spec() gave {spec!r}, which is not an ObservationSpec (size, fields, write)")
    size = spec.size
    if type(size) is not int or size < 1:
        raise fail(None, f"the observation's size is {size!r}, not a positive int")
    fields = spec.fields
    if not isinstance(fields, Mapping):
        raise fail(None, f"fields is {fields!r}, not a mapping of names to slices")
    for field, where in fields.items():
        if (
            not isinstance(field, str)
            or not isinstance(where, slice)
            or type(where.start) is not int
            or type(where.stop) is not int
            or where.step not in (None, 1)
            or not 0 <= where.start <= where.stop <= size
        ):
            raise fail(
                None, f"field {field!r} is {where!r}: expected a slice(start, stop) with 0 <= start <= stop <= {size}"
            )
    ordered = sorted(fields.items(), key=lambda item: (item[1].start, item[1].stop))
    at = 0
    for field, where in ordered:
        if where.start > at:
            raise fail(None, f"the fields leave a gap: nothing covers [{at}, {where.start}) before field {field!r}")
        if where.start < at:
            raise fail(None, f"field {field!r} at [{where.start}, {where.stop}) overlaps what lies before {at}")
        at = where.stop
    if at != size:
        raise fail(None, f"the fields end at {at}, the vector at {size}: nothing covers [{at}, {size})")
    return ordered


def _write(spec: ObservationSpec[Game], game: Game, seat: int) -> array.array[float]:
    """``seat``'s observation of ``game``, written into a new zeroed buffer through a memoryview."""
    out = array.array("f", [0.0]) * spec.size
    spec.write(game, seat, cast(FloatBuffer, memoryview(out)))
    return out


def _fingerprint(game: Game) -> tuple[Any, ...]:
    """What writing must not change, cheap enough for every step: events, turn, scores, legal actions."""
    return (tuple(game.events), game.current_player, game.scores, game.winner, tuple(game.legal_actions()))


def _check_writes(
    spec: ObservationSpec[Game], game: Game, fail: Callable[[str], ConformanceError], *, whole: bool
) -> None:
    """Every seat's vector is finite and the same when written twice; writing leaves the game as it was."""
    before = _fingerprint(game)
    shot = snapshot(game) if whole else None
    for seat in range(game.players):
        vectors = []
        for _ in range(2):
            try:
                vectors.append(_write(spec, game, seat))
            except Exception as exc:
                raise fail(f"write(game, {seat}, out) raised {type(exc).__name__}: {exc}") from None
        first, second = vectors
        bad = next((i for i, x in enumerate(first) if not math.isfinite(x)), None)
        if bad is not None:
            raise fail(f"seat {seat}'s observation has {first[bad]} at {_where(spec, bad)}")
        if first != second:
            i = next(i for i, (x, y) in enumerate(zip(first, second, strict=True)) if x != y)
            raise fail(
                f"seat {seat}'s observation differs when written again: {first[i]}, then {second[i]}"
                f" at {_where(spec, i)}"
            )
    if _fingerprint(game) != before:
        raise fail("writing the observations changed the game (its events, turn, scores or legal actions)")
    if shot is not None:
        difference = snapshot_difference(shot, snapshot(game))
        if difference is not None:
            raise fail(f"writing the observations changed the game: {difference}")


def _where(spec: ObservationSpec[Game], index: int) -> str:
    """``index`` of the vector, with the field it lies in: ``"hand[3] (index 3)"``."""
    for field, where in spec.fields.items():
        if where.start <= index < where.stop:
            return f"{field}[{index - where.start}] (index {index})"
    return f"index {index}"
