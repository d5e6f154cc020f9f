"""The checks: plain functions that raise ConformanceError when a variant breaks the contract.

Each takes a :class:`~tablegames.testing.scenario.Scenario` and raises
:class:`~tablegames.testing.scenario.ConformanceError` with what differed.

Each check plays the scenario (see :class:`~tablegames.testing.scenario.Scenario`) and needs nothing
but the public contract, plus :meth:`~tablegames.core.game.Game.piece_places` and
:meth:`~tablegames.core.game.Game.hidden_pieces` for the two checks that say so.

>>> from tablegames.testing.checks import check_replay
>>> from tablegames.core.registry import get_variant

>>> Sniff = get_variant("american-sniff")
>>> from tablegames.testing import Scenario
>>> check_replay(Scenario(variant=Sniff, options={"players": 3}, seed=5, steps=20))
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Final

from tablegames.core.errors import IllegalActionError, InvalidOptionsError, LogError
from tablegames.core.events import Action, Event
from tablegames.core.game import Game, build_options
from tablegames.core.logs import load_log, replay
from tablegames.core.serde import dumps, structure, to_json
from tablegames.testing._support import (
    action_texts,
    as_registered,
    json_difference,
    piece_strings,
    play_alike,
    quick_state,
    redaction_problem,
    snapshot,
    snapshot_difference,
    strings_in,
)
from tablegames.testing.rl import check_action_ids, check_observation
from tablegames.testing.scenario import CheckNotApplicable, ConformanceError, Scenario
from tablegames.testing.spectator import check_public, check_public_indistinguishable
from tablegames.testing.text import check_text
from tablegames.testing.worlds import check_capabilities, check_worlds

__all__ = [
    "CHECKS",
    "DEFAULT_MAX_STEPS",
    "HISTORY_VIEW_KEYS",
    "VIEW_KEYS",
    "Check",
    "check_clone",
    "check_illegal_refused",
    "check_indistinguishable",
    "check_json_round_trip",
    "check_no_leaks",
    "check_pieces_conserved",
    "check_replay",
    "check_same_seed",
    "check_terminates",
    "check_views",
]

DEFAULT_MAX_STEPS: Final = 10_000
"""The most actions a check plays in one game before it calls the game endless."""
VIEW_KEYS: Final = ("seat", "hand_number", "hand", "hand_sizes", "scores", "current_player", "legal_actions")
"""The keys every view's JSON has, whatever the variant."""

HISTORY_VIEW_KEYS: Final = ("last_hand",)
"""View keys that summarise an earlier hand, and so may name pieces shown openly then."""

_LEAK_WINDOW: Final = 12
_CLONE_STEPS: Final = 30
_KNOWN_WINDOW: Final = 60
_MAX_KNOWN: Final = 150
_MAX_LISTED: Final = 24

Check = Callable[..., None]
"""The type of a check, ``check(scenario, *, max_steps=...)``, raising ConformanceError on a failure."""


def _fail(check: str, scenario: Scenario, step: int | None, detail: str) -> ConformanceError:
    return ConformanceError(check, scenario, step, detail)


def _last(game: Game) -> str:
    events = game.log().events
    return dumps(events[-1]) if events else "nothing"


# -- whole games -------------------------------------------------------------------------


def _check_event_kinds(
    name: str, scenario: Scenario, step: int, events: Sequence[Any], kinds: frozenset[type]
) -> None:
    for event in events:
        if type(event) not in kinds:
            raise _fail(name, scenario, step, f"logged {event!r}, which is not one of the variant's event_classes")


def check_terminates(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """Every game ends within ``max_steps`` actions, with a winner, and nothing is legal after.

    While it goes on there is always a current player with at least one legal action, and
    ``scores`` keeps one entry per side. Every event logged is of one of the variant's
    ``event_classes``, and what ``apply`` returns is exactly what it added to the log. Once it is
    over, the last actions played are refused with IllegalActionError (for any seat, as objects
    and as JSON) and the log stays as it was.
    """
    name = "terminates"
    game = scenario.new_game()
    sides = len(game.scores)
    if sides < 1:
        raise _fail(name, scenario, 0, f"scores is {game.scores!r}: expected one score per side")
    kinds = frozenset(scenario.variant.event_classes)
    _check_event_kinds(name, scenario, 0, game.events, kinds)
    choose = scenario.chooser()
    step = 0
    played: list[Action] = []
    while not game.is_over:
        if step >= max_steps:
            raise _fail(name, scenario, step, f"the game is not over after {max_steps} steps; scores {game.scores}")
        if game.current_player is None or not 0 <= game.current_player < game.players:
            raise _fail(name, scenario, step, f"not over, but current_player is {game.current_player!r}")
        if game.winner is not None:
            raise _fail(name, scenario, step, f"winner is {game.winner!r} while the game is not over")
        action = choose(game, step)
        logged = len(game.events)
        produced = game.apply(action)
        played.append(action)
        step += 1
        if tuple(game.events[logged:]) != produced:
            raise _fail(
                name, scenario, step, f"apply() returned {len(produced)} events but logged {len(game.events) - logged}"
            )
        _check_event_kinds(name, scenario, step, produced, kinds)
        if len(game.scores) != sides:
            raise _fail(name, scenario, step, f"scores went from {sides} entries to {game.scores!r}")
    winner = game.winner
    if type(winner) is not int or not 0 <= winner < sides:
        raise _fail(name, scenario, step, f"the game is over but winner is {winner!r}; sides are 0 to {sides - 1}")
    if game.current_player is not None:
        raise _fail(name, scenario, step, f"the game is over but current_player is {game.current_player!r}")
    if list(game.legal_actions()):
        raise _fail(name, scenario, step, f"the game is over but legal_actions() lists {action_texts(game)}")
    if not all(type(s) is int for s in game.scores):
        raise _fail(name, scenario, step, f"scores {game.scores!r} are not all ints")
    final = dumps(game.log())
    for action in played[-3:]:
        for seat in (None, *range(game.players)):
            try:
                game.apply(action, seat=seat)
            except IllegalActionError:
                pass
            else:
                raise _fail(name, scenario, step, f"the finished game accepted {scenario.describe(action)}")
            try:
                game.action_from_json(to_json(action), seat=seat)
            except IllegalActionError:
                pass
            else:
                raise _fail(name, scenario, step, f"the finished game parsed {scenario.describe(action)} as legal")
    if dumps(game.log()) != final:
        raise _fail(name, scenario, step, "refusing actions changed the finished game's log")


def _places_problem(variant: type[Game], options: Any, places: Mapping[str, Any]) -> str | None:
    where: dict[Any, list[str]] = {}
    for place, pieces in places.items():
        for piece in pieces:
            where.setdefault(piece, []).append(place)
    expected = Counter(variant.pieces_for(options))
    foreign = sorted(str(p) for p in expected if p not in variant.pieces)
    if foreign:
        return f"pieces_for(options) names {', '.join(foreign)}, not in {variant.__qualname__}.pieces"
    problems = []
    missing = sorted(str(p) for p in expected if p not in where)
    if missing:
        problems.append(f"missing {', '.join(missing)}")
    for piece, found in sorted(where.items(), key=lambda kv: str(kv[0])):
        if piece not in expected:
            problems.append(f"{piece} (not a piece of {variant.name}) in {', '.join(found)}")
        elif len(found) > 1:
            problems.append(f"{piece} is in {len(found)} places: {', '.join(found)}")
    return "; ".join(problems) or None


def check_pieces_conserved(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """After every step, each piece of the match (``variant.pieces_for(options)``) is in exactly one place.

    The places come from :meth:`~tablegames.core.game.Game.piece_places`; each view's
    ``hand`` must match that seat's ``"hand <seat>"`` place, where the variant has one, and
    its ``hand_sizes`` every seat's.

    Raises:
        CheckNotApplicable: if the variant does not implement ``piece_places``.

    """
    name = "pieces"
    game = scenario.new_game()
    if game.piece_places() is None:
        raise CheckNotApplicable(f"{scenario.variant.__qualname__} does not implement Game.piece_places()")
    choose = scenario.chooser()
    step = 0
    last = "the start"
    while True:
        places = game.piece_places()
        assert places is not None
        problem = _places_problem(scenario.variant, game.options, places)
        if problem is not None:
            raise _fail(name, scenario, step, f"after {last}: {problem}")
        for seat in range(game.players):
            held = places.get(f"hand {seat}")
            if held is None:
                continue
            view = json.loads(dumps(game.view(seat)))
            if sorted(view.get("hand", [])) != sorted(str(p) for p in held):
                raise _fail(
                    name,
                    scenario,
                    step,
                    f"view({seat}).hand is {view.get('hand')}, but seat {seat} holds {sorted(map(str, held))}",
                )
            sizes = view.get("hand_sizes")
            expected = [len(places.get(f"hand {s}", ())) for s in range(game.players)]
            if sizes != expected:
                raise _fail(name, scenario, step, f"view({seat}).hand_sizes is {sizes}, but the hands hold {expected}")
        if game.is_over or step >= max_steps:
            return
        action = choose(game, step)
        game.apply(action)
        step += 1
        last = scenario.describe(action)


# -- replay and determinism ----------------------------------------------------------------


def check_replay(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """The log replays byte for byte, and the replayed game goes on identically.

    At the scenario's position: ``dumps(game.log())`` -> ``load_log`` -> ``replay`` gives a
    game of the same class whose log has the same text and whose views, scores and legal
    actions are the same; then both play on to the end, step for step, giving the same events.
    """
    name = "replay"
    game = scenario.new_game()
    choose = scenario.chooser()
    step = 0
    while step < scenario.steps and not game.is_over:
        game.apply(choose(game, step))
        step += 1
    text = dumps(game.log())
    with as_registered(scenario.variant):
        try:
            loaded = load_log(text)
        except LogError as exc:
            raise _fail(name, scenario, step, f"load_log refused the game's own log: {exc}") from None
        try:
            replayed = replay(loaded)
        except LogError as exc:
            raise _fail(name, scenario, step, f"replay refused the game's own log: {exc}") from None
    if type(replayed) is not type(game):
        raise _fail(
            name, scenario, step, f"replay gave a {type(replayed).__qualname__}, not a {type(game).__qualname__}"
        )
    again = dumps(replayed.log())
    if again != text:
        raise _fail(name, scenario, step, f"the replayed log differs {json_difference(text, again)}")
    difference = snapshot_difference(snapshot(game), snapshot(replayed))
    if difference is not None:
        raise _fail(name, scenario, step, f"the replayed game: {difference}")
    while not game.is_over and step < max_steps:
        action = choose(game, step)
        expected = [dumps(e) for e in game.apply(action)]
        try:
            got = [dumps(e) for e in replayed.apply(action)]
        except IllegalActionError as exc:
            raise _fail(name, scenario, step, f"the replayed game refused {scenario.describe(action)}: {exc}") from None
        step += 1
        if got != expected:
            raise _fail(
                name,
                scenario,
                step,
                f"after {scenario.describe(action)} the original gave {expected}, the replayed game {got}",
            )
    final = dumps(replayed.log())
    if final != dumps(game.log()):
        raise _fail(name, scenario, step, f"the logs differ at the end {json_difference(dumps(game.log()), final)}")


def check_same_seed(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """The same seed and the same choices give a byte-identical log, whatever else happened.

    Two games are played side by side, step for step, with Python's global ``random``
    generator reseeded differently before each game's steps, so a variant that draws from it
    (or from any other state outside the game, such as a class attribute) shows up.
    """
    name = "same_seed"
    saved = random.getstate()
    try:
        random.seed(scenario.then ^ 0x5EED)
        first = scenario.new_game()
        random.seed(scenario.then ^ 0xFEED)
        second = scenario.new_game()
        choose_first, choose_second = scenario.chooser(), scenario.chooser()
        step = 0
        while True:
            a, b = first.log().events, second.log().events
            if a[-3:] != b[-3:] or len(a) != len(b) or first.is_over or step >= max_steps:
                text_a, text_b = dumps(first.log()), dumps(second.log())
                if text_a != text_b:
                    difference = json_difference(text_a, text_b)
                    raise _fail(name, scenario, step, f"two games with the same seed and choices differ {difference}")
                if first.is_over or step >= max_steps:
                    return
            random.seed(scenario.then ^ step)
            first.apply(choose_first(first, step))
            random.seed(~scenario.then ^ step)
            second.apply(choose_second(second, step))
            step += 1
    finally:
        random.setstate(saved)


def _light_snapshot(game: Game) -> dict[str, str]:
    """The parts of :func:`snapshot` that are cheap to take at every step (no full log)."""
    shot: dict[str, str] = {}
    shot["events"] = str(len(game.log().events))
    shot["current_player"] = repr(game.current_player)
    shot["scores"] = repr(game.scores)
    for seat in range(game.players):
        shot[f"view({seat})"] = dumps(game.view(seat))
    return shot


def check_clone(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """``clone()`` is independent: acting on the clone changes nothing in the original, and back.

    At the position the clone must equal the original (log, views, scores, legal actions);
    then the clone plays some steps and the original must be unchanged, and the other way
    round.
    """
    name = "clone"
    game = scenario.position()
    step = scenario.steps
    before = snapshot(game)
    clone = game.clone()
    if type(clone) is not type(game):
        raise _fail(name, scenario, step, f"clone() gave a {type(clone).__qualname__}, not a {type(game).__qualname__}")
    difference = snapshot_difference(before, snapshot(game))
    if difference is not None:
        raise _fail(name, scenario, step, f"clone() changed the original: {difference}")
    difference = snapshot_difference(before, snapshot(clone))
    if difference is not None:
        raise _fail(name, scenario, step, f"the fresh clone differs from the original: {difference}")
    rng = random.Random(scenario.then)
    more = min(_CLONE_STEPS, max_steps)
    for mover, other, label in ((clone, game, "the clone"), (game, clone, "the original")):
        other_before = snapshot(other)
        other_light = _light_snapshot(other)
        for i in range(more):
            if mover.is_over:
                break
            legal = mover.legal_actions()
            action = legal[rng.randrange(len(legal))]
            mover.apply(action)
            difference = snapshot_difference(other_light, _light_snapshot(other))
            if difference is not None:
                moved = "original" if label == "the clone" else "clone"
                raise _fail(
                    name,
                    scenario,
                    step,
                    f"{label} applied {scenario.describe(action)} ({i + 1} after cloning) "
                    f"and the {moved} changed: {difference}",
                )
        difference = snapshot_difference(other_before, snapshot(other))
        if difference is not None:
            raise _fail(name, scenario, step, f"{label} played on and the other changed: {difference}")


# -- hidden information ------------------------------------------------------------------------


def _hand_start(events: list[Any], hand_number: Any) -> int:
    """The index of the first event of the current hand: the first event naming its number."""
    for i, event in enumerate(events):
        if isinstance(event, dict) and event.get("hand_number") == hand_number:
            return i
    return 0


def check_no_leaks(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """No view and no redacted log of a seat names a piece hidden from that seat.

    Looked at from the position for a dozen steps, for every seat: the view must not name a
    piece of :meth:`~tablegames.core.game.Game.hidden_pieces`, nor any redacted event of the
    current hand (earlier hands may have shown pieces openly, as the rules allow; so may the
    view's summaries of an earlier hand, the keys in the variant's ``view_history_keys``
    class attribute if it has one, else :data:`HISTORY_VIEW_KEYS`). Every
    redacted event must be its full event with hidden fields set to ``null``, and a redacted
    log must carry its ``seat`` and never the seed.

    Raises:
        CheckNotApplicable: if the variant does not implement ``hidden_pieces``.

    """
    name = "no_leaks"
    game = scenario.position()
    if game.hidden_pieces(0) is None:
        raise CheckNotApplicable(f"{scenario.variant.__qualname__} does not implement Game.hidden_pieces()")
    history = set(getattr(scenario.variant, "view_history_keys", HISTORY_VIEW_KEYS))
    choose = scenario.chooser()
    step = scenario.steps
    for _ in range(min(_LEAK_WINDOW, max_steps)):
        full_events = json.loads(dumps(game.log()))["events"]
        for seat in range(game.players):
            hidden_pieces = game.hidden_pieces(seat)
            assert hidden_pieces is not None
            hidden = {str(p) for p in hidden_pieces}
            view = json.loads(dumps(game.view(seat)))
            leaked = strings_in({k: v for k, v in view.items() if k not in history}) & hidden
            if leaked:
                raise _fail(
                    name,
                    scenario,
                    step,
                    f"view({seat}) names {', '.join(sorted(leaked))}, hidden from seat {seat}: "
                    f"{dumps(game.view(seat))}",
                )
            log = json.loads(dumps(game.log(seat)))
            if log.get("seat") != seat or "seed" in log or "deals" in log:
                raise _fail(
                    name,
                    scenario,
                    step,
                    f"log({seat}) must carry seat {seat} and no seed or deals; it has keys {sorted(log)}",
                )
            events = log["events"]
            if len(events) != len(full_events):
                raise _fail(
                    name, scenario, step, f"log({seat}) has {len(events)} events, the full log {len(full_events)}"
                )
            for i, (full, seen) in enumerate(zip(full_events, events, strict=True)):
                problem = redaction_problem(full, seen, f"events[{i}]")
                if problem is not None:
                    raise _fail(name, scenario, step, f"log({seat}): {problem}")
            start = _hand_start(events, view.get("hand_number"))
            for i, event in enumerate(events[start:], start):
                leaked = strings_in(event) & hidden
                if leaked:
                    raise _fail(
                        name,
                        scenario,
                        step,
                        f"log({seat}) events[{i}] names {', '.join(sorted(leaked))}, hidden from seat {seat}: "
                        f"{json.dumps(event)}",
                    )
        if game.is_over:
            return
        game.apply(choose(game, step))
        step += 1


def check_indistinguishable(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """Within a hand, two games that differ only in what a seat cannot see look alike to it.

    The first game's first deal is written as JSON; the pieces the seat cannot see at the
    start (those in neither its view nor its redacted log) are swapped by the scenario's
    ``swaps``, giving a second stacked deal. Both games play the same actions (with the swapped
    pieces exchanged) while they stay legal and the swapped pieces stay hidden, until the end
    of the first hand; the seat's views and redacted logs must be identical throughout.
    """
    start = scenario.new_game()
    seat = scenario.seat_of(start)

    def looks(game: Game) -> tuple[tuple[str, str], ...]:
        return (("views", dumps(game.view(seat))), ("redacted logs", dumps(game.log(seat))))

    play_alike(
        "indistinguishable", scenario, start, observer=f"seat {seat}", looks=looks, hand_seat=seat, max_steps=max_steps
    )


# -- illegal actions ----------------------------------------------------------------------------

_JUNK: Final[tuple[Any, ...]] = (
    None,
    0,
    7,
    -1,
    1.5,
    True,
    "",
    "play",
    [],
    [None],
    {},
    {"type": None},
    {"type": 7},
    {"type": "no such action"},
)
_BAD_VALUES: Final[tuple[Any, ...]] = (None, -1, 10**6, "", "??", [], {}, True, 2.5)


def _junk_for(game: Game) -> list[Any]:
    junk: list[Any] = list(_JUNK)
    junk += [{"type": cls.tag} for cls in game.action_classes]
    for action in list(game.legal_actions())[:6]:
        data = to_json(action)
        junk.append({**data, "unknown": 1})
        for key in data:
            if key == "type":
                continue
            for bad in _BAD_VALUES:
                if data[key] != bad or type(data[key]) is not type(bad):
                    junk.append({**data, key: bad})
    return junk


def _known_actions(game: Game, scenario: Scenario, max_steps: int) -> list[Action]:
    """Play ``game`` (new) to its end; every action legal somewhere on the way, in the order met."""
    seen: dict[str, Action] = {}
    for action in game.legal_actions():
        seen.setdefault(dumps(action), action)
    for _ in scenario.play(game, limit=max_steps):
        for action in game.legal_actions():
            seen.setdefault(dumps(action), action)
    return list(seen.values())


def _refused(  # noqa: PLR0917 - the attempt's own arguments follow
    scenario: Scenario,
    step: int | None,
    game: Game,
    state: tuple[Any, ...],
    what: str,
    attempt: Callable[..., object],
    *args: Any,
    **kw: Any,
) -> None:
    """``attempt(*args, **kw)`` must raise IllegalActionError and leave ``game`` in ``state``."""
    name = "illegal_refused"
    try:
        result = attempt(*args, **kw)
    except IllegalActionError:
        pass
    except Exception as exc:
        raise _fail(
            name, scenario, step, f"{what} raised {type(exc).__name__}: {exc}, not IllegalActionError"
        ) from None
    else:
        legal = action_texts(game)
        raise _fail(name, scenario, step, f"{what} was accepted (gave {result!r}); legal were: {legal}")
    if quick_state(game) != state:
        raise _fail(name, scenario, step, f"{what} was refused but changed the game")


def _parsed_or_refused(scenario: Scenario, step: int | None, game: Game, junk: Any) -> None:
    """``action_from_json(junk)`` raises IllegalActionError or gives a legal action; nothing changes."""
    name = "illegal_refused"
    what = f"action_from_json({json.dumps(junk)})"
    state = quick_state(game)
    try:
        parsed = game.action_from_json(junk)
    except IllegalActionError:
        pass
    except Exception as exc:
        raise _fail(
            name, scenario, step, f"{what} raised {type(exc).__name__}: {exc}, not IllegalActionError"
        ) from None
    else:
        if dumps(parsed) not in action_texts(game):
            raise _fail(name, scenario, step, f"{what} gave {dumps(parsed)}, which is not legal now")
    if quick_state(game) != state:
        raise _fail(name, scenario, step, f"{what} changed the game")


def _listed_accepted(scenario: Scenario, step: int, game: Game) -> None:
    """Each listed action passes ``why_illegal``, and an equal copy of it is applied on a clone."""
    current = game.current_player
    if current is None:
        return
    for action in game.legal_actions()[:_MAX_LISTED]:
        text = dumps(action)
        reason = game.why_illegal(action, current)
        if reason is not None:
            raise _fail("illegal_refused", scenario, step, f"{text} is listed, but why_illegal says: {reason}")
        copy = game.action_from_json(to_json(action))
        try:
            game.clone().apply(copy, seat=current)
        except IllegalActionError as exc:
            detail = f"{text} is listed, but an equal copy was refused: {exc}"
            raise _fail("illegal_refused", scenario, step, detail) from None


def check_illegal_refused(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """An action is accepted exactly when it is listed; every other is refused, changing nothing.

    At the position: junk JSON and malformed actions, every action legal somewhere else in
    the game (up to some steps after the position) but not now, both as objects to ``apply``
    and as JSON to ``action_from_json``, and each legal action sent for another seat, must
    raise IllegalActionError; the full log and every view are compared before and after.
    The variant's one legality hook must agree with its list: ``why_illegal`` gives a reason
    for each of those unlisted actions and ``None`` for each listed one, and an equal copy of
    a listed action (rebuilt from its JSON, so not the very object ``legal_actions`` handed
    out) is accepted by ``apply`` on a clone. (:func:`check_terminates` checks that a
    finished game refuses everything.)
    """
    name = "illegal_refused"
    game = scenario.position()
    known = _known_actions(scenario.new_game(), scenario, min(max_steps, scenario.steps + _KNOWN_WINDOW))
    for position in (game,):
        step = scenario.steps
        before = snapshot(position)
        state = quick_state(position)
        legal = set(action_texts(position))
        for junk in _junk_for(position):
            _parsed_or_refused(scenario, step, position, junk)
            _refused(scenario, step, position, state, f"apply({json.dumps(junk)})", position.apply, junk)
        current = position.current_player
        for action in known[:_MAX_KNOWN]:
            text = dumps(action)
            if text in legal:
                continue
            _refused(scenario, step, position, state, f"apply({text})", position.apply, action)
            if current is not None and not position.why_illegal(action, current):
                raise _fail(name, scenario, step, f"why_illegal({text}) gave no reason, but it is not listed")
            _refused(
                scenario, step, position, state, f"action_from_json({text})", position.action_from_json, to_json(action)
            )
        _listed_accepted(scenario, step, position)
        for action in list(position.legal_actions())[:4]:
            text = dumps(action)
            for seat in (*range(position.players), -1, position.players):
                if seat != current:
                    _refused(
                        scenario,
                        step,
                        position,
                        state,
                        f"apply({text}, seat={seat})",
                        position.apply,
                        action,
                        seat=seat,
                    )
                    data = to_json(action)
                    what = f"action_from_json({text}, seat={seat})"
                    _refused(scenario, step, position, state, what, position.action_from_json, data, seat=seat)
        difference = snapshot_difference(before, snapshot(position))
        if difference is not None:
            raise _fail(name, scenario, step, f"refusing illegal actions changed the game: {difference}")


# -- JSON -------------------------------------------------------------------------------------------


def _round_trip(scenario: Scenario, step: int, what: str, obj: Any, back: Callable[[Any], Any]) -> None:
    check = "json_round_trip"
    text = dumps(obj)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise _fail(check, scenario, step, f"dumps({what}) is not JSON: {exc}") from None
    try:
        again = back(data)
    except Exception as exc:
        raise _fail(
            check, scenario, step, f"{what} does not load from its own JSON {text[:300]}: {type(exc).__name__}: {exc}"
        ) from None
    if again != obj:
        raise _fail(check, scenario, step, f"{what} loads from its JSON as {again!r}, not {obj!r}")
    if dumps(again) != text:
        raise _fail(
            check, scenario, step, f"{what} does not write the same JSON twice {json_difference(text, dumps(again))}"
        )


def _structure(cls: type[Any], data: Any) -> Any:
    return structure(data, cls)


def check_json_round_trip(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """Every published form round-trips through JSON: options, deals, actions, events, views, logs.

    At the position: the options, every deal the log records, every legal action (also
    through ``action_from_json``), every event (full and as each seat sees it), and the full
    and redacted logs (through ``load_log``) load back equal from their JSON and write the
    same text again. Views are written, never read, by the library: each view's JSON must be
    canonical and each of its ``legal_actions`` must parse back to that action.
    """
    name = "json_round_trip"
    variant = scenario.variant
    game = scenario.position()
    step = scenario.steps
    _round_trip(scenario, step, "the options", game.options, lambda d: build_options(variant.options_class, d))
    events = list(game.log().events)
    for i, deal in enumerate(variant.deals_from_events(events)):
        _round_trip(scenario, step, f"deal {i}", deal, lambda d: variant.parse_deal(d, game.options))
    for action in game.legal_actions():
        _round_trip(scenario, step, f"action {action!r}", action, partial(_structure, type(action)))
        _round_trip(scenario, step, f"action {action!r}", action, game.action_from_json)
    seats: list[int | None] = [None, *range(game.players)]
    for seat in seats:
        for i, event in enumerate(events):
            shown: Event = event.redact(seat)
            _round_trip(scenario, step, f"events[{i}] for seat {seat}", shown, partial(_structure, type(shown)))
    for seat in range(game.players):
        text = dumps(game.view(seat))
        data = json.loads(text)
        if json.dumps(data, separators=(",", ":"), ensure_ascii=False) != text:
            raise _fail(name, scenario, step, f"view({seat})'s JSON is not canonical: {text[:300]}")
        for i, legal in enumerate(data.get("legal_actions", [])):
            try:
                parsed = game.action_from_json(legal, seat=seat)
            except IllegalActionError as exc:
                raise _fail(name, scenario, step, f"view({seat}).legal_actions[{i}] does not parse: {exc}") from None
            if dumps(parsed) != json.dumps(legal, separators=(",", ":"), ensure_ascii=False):
                raise _fail(name, scenario, step, f"view({seat}).legal_actions[{i}] parses as {dumps(parsed)}")
    with as_registered(variant):
        for seat in seats:
            text = dumps(game.log(seat))
            try:
                again = dumps(load_log(text))
            except LogError as exc:
                raise _fail(name, scenario, step, f"load_log refused log({seat}): {exc}") from None
            if again != text:
                raise _fail(
                    name, scenario, step, f"log({seat}) does not load back the same {json_difference(text, again)}"
                )


# -- views ----------------------------------------------------------------------------------------------


def check_views(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS) -> None:
    """Every view has the contract's fields, consistent with the game, at every step to the position.

    ``seat``, ``hand_number``, ``hand`` (pieces in their wire form, as many as
    ``hand_sizes[seat]``), ``hand_sizes`` (one per seat), ``scores``, ``current_player`` and
    ``legal_actions`` (the JSON forms of
    :meth:`~tablegames.core.game.Game.legal_actions` for the current player, ``[]``
    for the others). A seat that is not at the table is refused by ``view`` and ``log``.
    """
    name = "views"
    game = scenario.new_game()
    pieces = piece_strings(scenario.variant)
    choose = scenario.chooser()
    step = 0
    for bad in (-1, game.players):
        for method in (game.view, game.log):
            try:
                method(bad)
            except InvalidOptionsError:
                continue
            except Exception as exc:
                raise _fail(
                    name,
                    scenario,
                    step,
                    f"{method.__name__}({bad}) raised {type(exc).__name__}, not InvalidOptionsError",
                ) from None
            raise _fail(
                name, scenario, step, f"{method.__name__}({bad}) did not refuse a seat that is not at the table"
            )
    while True:
        legal = [to_json(a) for a in game.legal_actions()]
        for seat in range(game.players):
            view = json.loads(dumps(game.view(seat)))
            if not isinstance(view, dict):
                raise _fail(name, scenario, step, f"view({seat}) is not a JSON object: {view!r}")
            missing = [k for k in VIEW_KEYS if k not in view]
            if missing:
                raise _fail(name, scenario, step, f"view({seat}) lacks {', '.join(missing)}")
            expected: dict[str, Any] = {
                "seat": seat,
                "scores": list(game.scores),
                "current_player": game.current_player,
                "legal_actions": legal if seat == game.current_player else [],
            }
            for key, value in expected.items():
                if view[key] != value:
                    raise _fail(
                        name,
                        scenario,
                        step,
                        f"view({seat}).{key} is {json.dumps(view[key])}, expected {json.dumps(value)}",
                    )
            hand, sizes = view["hand"], view["hand_sizes"]
            if not isinstance(hand, list) or not all(isinstance(p, str) and p in pieces for p in hand):
                raise _fail(name, scenario, step, f"view({seat}).hand is {json.dumps(hand)}, not a list of pieces")
            if not isinstance(sizes, list) or len(sizes) != game.players or sizes[seat] != len(hand):
                raise _fail(
                    name,
                    scenario,
                    step,
                    f"view({seat}).hand_sizes is {json.dumps(sizes)} with {len(hand)} pieces in hand",
                )
            if type(view["hand_number"]) is not int or view["hand_number"] < 1:
                raise _fail(name, scenario, step, f"view({seat}).hand_number is {json.dumps(view['hand_number'])}")
        if game.is_over or step >= min(scenario.steps, max_steps):
            return
        game.apply(choose(game, step))
        step += 1


CHECKS: Final[Mapping[str, Check]] = {
    "terminates": check_terminates,
    "views": check_views,
    "pieces": check_pieces_conserved,
    "replay": check_replay,
    "same_seed": check_same_seed,
    "clone": check_clone,
    "no_leaks": check_no_leaks,
    "indistinguishable": check_indistinguishable,
    "public": check_public,
    "public_indistinguishable": check_public_indistinguishable,
    "illegal_refused": check_illegal_refused,
    "json_round_trip": check_json_round_trip,
    "worlds": check_worlds,
    "capabilities": check_capabilities,
    "text": check_text,
    "action_ids": check_action_ids,
    "observation": check_observation,
}
"""Every check by its short name, in the order :func:`~tablegames.testing.runner.check_variant` runs them."""
