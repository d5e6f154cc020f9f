"""Plain-text rendering of Mexican Train events and trains, for terminals and logs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tablegames.components.tiles import Tile
from tablegames.core.events import Event
from tablegames.mechanics.dominoes import render_tiles
from tablegames_mexican_train.actions import train_name
from tablegames_mexican_train.events import (
    EnginePlaced,
    GameEnded,
    HandDealt,
    HandEnded,
    MarkerPlaced,
    MarkerRemoved,
    Passed,
    TileDrawn,
    TilePlayed,
)
from tablegames_mexican_train.options import MAX_ROUNDS
from tablegames_mexican_train.rules import engine_of
from tablegames_mexican_train.view import MexicanTrainView, TrainView

__all__ = ["describe_event", "hand_note", "render_tiles", "render_trains", "view_lines"]

_TIE_WORDS: Final = {"countback": ", on countback", "seat": ", as the lowest seat of those tied"}


def _totals(scores: Sequence[int]) -> str:
    return ", ".join(map(str, scores))


def describe_event(event: Event) -> str:
    """One line saying what ``event`` means, in words.

    >>> describe_event(TilePlayed(1, Tile(12, 7), "mexican", 7))
    'seat 1 plays 12-7 on the Mexican train (end 7)'
    >>> describe_event(EnginePlaced(Tile(10, 10), None, 0))
    'the engine 10-10 comes from the boneyard; seat 0 is drawn to play first'
    >>> describe_event(GameEnded(1, (10, 10), "countback"))
    'seat 1 wins with 10, the lowest total, on countback (totals 10, 10)'
    """
    if isinstance(event, TilePlayed):
        return f"seat {event.seat} plays {event.tile} on {train_name(event.train)} (end {event.end})"
    if isinstance(event, (TileDrawn, Passed)):  # the library's draw-game events, in their own words
        return event.describe()
    if isinstance(event, MarkerPlaced):
        return f"seat {event.seat} puts up a marker: train {event.seat} is open"
    if isinstance(event, MarkerRemoved):
        return f"seat {event.seat} takes its marker off: train {event.seat} is closed"
    if isinstance(event, HandDealt):
        hands = "; ".join(f"seat {seat}: {render_tiles(hand)}" for seat, hand in enumerate(event.hands))
        engine = engine_of(event.hand_number) if 1 <= event.hand_number <= MAX_ROUNDS else "?"
        return f"round {event.hand_number} dealt, engine {engine} ({hands}; boneyard {event.boneyard_size})"
    if isinstance(event, EnginePlaced):
        if event.seat is None:
            return f"the engine {event.tile} comes from the boneyard; seat {event.first} is drawn to play first"
        return f"seat {event.seat} sets the engine {event.tile} in the hub and plays first"
    if isinstance(event, HandEnded):
        how = f"seat {event.seat} goes out" if event.reason == "domino" else "the round is blocked"
        left = "; ".join(f"seat {seat}: {render_tiles(hand)}" for seat, hand in enumerate(event.hands))
        return (
            f"round {event.hand_number} ends: {how} (left: {left}); "
            f"points {_totals(event.points)}; totals {_totals(event.scores)}"
        )
    if isinstance(event, GameEnded):
        how = _TIE_WORDS.get(event.tie_break or "", "")
        low = event.scores[event.winner] if 0 <= event.winner < len(event.scores) else "?"
        return f"seat {event.winner} wins with {low}, the lowest total{how} (totals {_totals(event.scores)})"
    return repr(event)


def hand_note(event: Event) -> str | None:
    """A few words on how a round went, for the scoresheet: ``"seat 1 went out"`` or ``"blocked"``.

    >>> hand_note(HandEnded(1, "blocked", None, ((), ()), (3, 4), (3, 4))), hand_note(Passed(0))
    ('blocked', None)
    """
    if isinstance(event, HandEnded):
        return "blocked" if event.seat is None else f"seat {event.seat} went out"
    return None


def render_trains(engine: Tile, trains: Sequence[TrainView], *, boneyard: int) -> str:
    """The table as text: the engine, one line per train (``*`` marks a marker), the boneyard.

    A train ending in a double still to be satisfied shows ``!`` after it.

    >>> views = [TrainView(0, 0, (Tile(12, 5),), 5, True, True), TrainView("mexican", None, (), 12, False, True)]
    >>> print(render_trains(Tile(12, 12), views, boneyard=60))
    engine 12-12
    train 0 *: 12-5 (end 5)
    mexican: - (end 12)
    boneyard 60
    """
    lines = [f"engine {engine}"]
    for train in trains:
        name = "mexican" if train.owner is None else f"train {train.id}{' *' if train.marker else ''}"
        last = train.tiles[-1] if train.tiles else None
        flag = " !" if last is not None and last.is_double else ""
        lines.append(f"{name}: {render_tiles(train.tiles)} (end {train.end}){flag}")
    lines.append(f"boneyard {boneyard}")
    return "\n".join(lines)


def view_lines(view: MexicanTrainView, labels: Sequence[str]) -> list[str]:
    """What one seat sees, as lines for a person at the command line (the scores come after them).

    ``labels`` names each seat (``"seat 1"``), for the hand sizes.

    >>> import tablegames
    >>> game = tablegames.new_game("mexican-train", seed=1, players=2, rounds=1, hand_size=3)
    >>> print("\\n".join(view_lines(game.view(1), ["seat 0", "seat 1"])))
    round 1 of 1: seat 1 plays first
    engine 12-12
    train 0: - (end 12)
    train 1 *: - (end 12)
    mexican: - (end 12)
    boneyard 83
    tiles in hand: seat 0 3, seat 1 4
    your pieces  10-3 8-3 5-4 1-0
    """
    who = labels[view.first_player] if 0 <= view.first_player < len(labels) else f"seat {view.first_player}"
    lines = [f"round {view.hand_number} of {view.rounds}: {who} plays first"]
    lines += render_trains(view.engine, view.trains, boneyard=view.boneyard_size).splitlines()
    if view.unsatisfied is not None:
        lines.append(f"the double on {train_name(view.unsatisfied)} must be satisfied first")
    sizes = ", ".join(f"{label} {size}" for label, size in zip(labels, view.hand_sizes, strict=False))
    lines.append(f"tiles in hand: {sizes}")
    last = view.last_round
    if last is not None:
        how = "blocked" if last.seat is None else f"seat {last.seat} went out"
        lines.append(f"round {last.hand_number}: {how}; points {_totals(last.points)}")
    lines.append(f"your pieces  {render_tiles(view.hand)}")
    return lines
