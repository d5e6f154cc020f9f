"""Text for the terminal: the paper tally, the scoresheet, the narration of a match, and a seat's view.

Everything here works from what a reader is entitled to see: events (full, or redacted for
one seat) and views. Nothing reads a game's hidden state, so what the command line shows a
person is exactly what their seat's redacted log and view hold.

Nothing here knows a variant: the words come from the text capabilities of
:class:`~tablegames.core.game.Game` (:meth:`~tablegames.core.game.Game.describe_event`,
:meth:`~tablegames.core.game.Game.render_view`, :meth:`~tablegames.core.game.Game.hand_note`,
:attr:`~tablegames.core.game.Game.paper_tally`), each with a generic default.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, Final, TextIO

import attrs

from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.registry import get_variant, variant_names
from tablegames.core.serde import dumps

__all__ = [
    "FIFTY",
    "STROKE",
    "Narrator",
    "Scoresheet",
    "render_action",
    "render_choices",
    "render_view",
    "seat_sides",
    "side_labels",
    "tally",
]

STROKE: Final = "|"
"""The paper tally's mark for 5 points."""
FIFTY: Final = "X(xxxx)"
"""The paper tally's mark for 50 points, a big X with a small x in each of its four spaces."""
_MAX_FIFTIES: Final = 5
"""More fifties than this are written once with a count, ``X(xxxx)*12``."""


def tally(score: int) -> str:
    """``score`` as the paper tally, in text (see :attr:`~tablegames.core.game.Game.paper_tally`).

    A stroke ``|`` is 5 points, written in groups of five; 50 points are ``X(xxxx)``, the big X
    with a small x in each of its four spaces, and ten strokes always become one. More than
    five fifties are written once with a count (``X(xxxx)*12``). Points that are not a multiple
    of 5 (no Sniff score has them) follow as ``+2``. A score below zero is the tally of its size
    in ``-( )``; a score of 0 has no marks.

    >>> from tablegames.cli.render import tally
    >>> tally(5), tally(45), tally(135)
    ('|', '||||| ||||', 'X(xxxx) X(xxxx) ||||| ||')
    >>> tally(-15), tally(0), tally(17), tally(600)
    ('-(|||)', '', '||| +2', 'X(xxxx)*12')
    """
    size = abs(score)
    fifties, rest = divmod(size, 50)
    strokes, extra = divmod(rest, 5)
    marks = [FIFTY] * fifties if fifties <= _MAX_FIFTIES else [f"{FIFTY}*{fifties}"]
    if strokes:
        marks.append(STROKE * min(strokes, 5))
        if strokes > 5:
            marks.append(STROKE * (strokes - 5))
    if extra:
        marks.append(f"+{extra}")
    body = " ".join(marks)
    return f"-({body})" if score < 0 else body


def seat_sides(game: Game) -> tuple[int, ...]:
    """The side each seat of ``game`` scores for (:meth:`~tablegames.core.game.Game.side_of`)."""
    return tuple(game.side_of(s) for s in range(game.players))


def side_labels(sides_of_seats: Sequence[int]) -> list[str]:
    """A label per side: ``"seat 1"`` for a seat playing alone, ``"seats 0+2"`` for a partnership.

    >>> from tablegames.cli.render import side_labels
    >>> side_labels((0, 1, 0, 1)), side_labels((0, 1, 2))
    (['seats 0+2', 'seats 1+3'], ['seat 0', 'seat 1', 'seat 2'])
    """
    count = max(sides_of_seats, default=-1) + 1
    labels = []
    for side in range(count):
        seats = [str(s) for s, of in enumerate(sides_of_seats) if of == side]
        labels.append(f"seat {seats[0]}" if len(seats) == 1 else f"seats {'+'.join(seats)}")
    return labels


@attrs.define
class _Row:
    hand: int
    start: tuple[int, ...]
    end: tuple[int, ...] = ()
    note: str = ""


_DECLARED: dict[type, type[Game]] = {}
"""The variant found to declare each event class so far (see :func:`_declaring`)."""


def _declaring(event_type: type) -> type[Game] | None:
    """The registered variant whose ``event_classes`` hold ``event_type``, if one does."""
    found = _DECLARED.get(event_type)
    if found is not None:
        return found
    for name in variant_names():
        try:
            cls = get_variant(name)
        except Exception:  # a third-party variant that does not load declares nothing here
            continue
        if event_type in cls.event_classes:
            _DECLARED[event_type] = cls
            return cls
    return None


class Scoresheet:
    """The running scoresheet of a match, kept from its events (full or redacted: scoring is public).

    Args:
        labels: one label per side (see :func:`side_labels`).
        target: the score that wins, if the variant has one, for the title.
        paper_tally: whether to add the totals as the paper tally (:func:`tally`).
        variant: the variant whose :meth:`~tablegames.core.game.Game.hand_note` gives each row its
            notes (default: for each event, the registered variant whose ``event_classes`` hold
            its class, if any).
    """

    def __init__(
        self,
        labels: Sequence[str],
        *,
        target: int | None = None,
        paper_tally: bool = False,
        variant: type[Game] | None = None,
    ) -> None:
        self.labels = list(labels)
        """The label of each side."""
        self.target = target
        """The score that wins, shown in the title."""
        self.paper_tally = paper_tally
        """Whether the totals are also written as the paper tally."""
        self.totals = [0] * len(labels)
        """Each side's score so far."""
        self.winner: int | None = None
        """The winning side, once a ``game_ended`` event was recorded."""
        self.variant = variant
        """The variant whose ``hand_note`` words the rows (``None``: found from each event)."""
        self._rows: list[_Row] = []

    @classmethod
    def for_game(cls, game: Game) -> Scoresheet:
        """An empty scoresheet for a match like ``game`` (its sides, target, tally and notes).

        The target is the variant's declared :meth:`~tablegames.core.game.Game.target_score`.
        """
        return cls(
            side_labels(seat_sides(game)),
            target=game.target_score(game.options),
            paper_tally=game.paper_tally,
            variant=type(game),
        )

    @property
    def hands(self) -> int:
        """How many hands have begun."""
        return len(self._rows)

    @property
    def current_hand(self) -> int:
        """The number of the last hand begun (0 before the first)."""
        return self._rows[-1].hand if self._rows else 0

    def begin_hand(self, number: int) -> None:
        """Start the row of hand ``number``."""
        self._close()
        self._rows.append(_Row(number, tuple(self.totals)))

    def record(self, event: Event) -> None:
        """Take the scores and the match's winner from ``event``, if it declares them.

        It reads what the event declares (:meth:`~tablegames.core.events.Event.side_scores`
        and :meth:`~tablegames.core.events.Event.winning_side`), never its fields by name.
        """
        totals = self.totals
        for side, total in event.side_scores().items():
            if type(side) is int and type(total) is int and 0 <= side < len(totals):
                totals[side] = total
        winner = event.winning_side()
        if type(winner) is int and 0 <= winner < len(totals):
            self.winner = winner
        note = self._note(event)
        if note and self._rows:
            row = self._rows[-1]
            row.note = f"{row.note}; {note}" if row.note else note

    def _note(self, event: Event) -> str:
        variant = self.variant or _declaring(type(event))
        note = variant.hand_note(event) if variant is not None else None
        if note:
            return note
        if self.winner is not None and event.winning_side() is not None:
            return f"{self.labels[self.winner]} won"
        return ""

    def _close(self) -> None:
        if self._rows:
            self._rows[-1].end = tuple(self.totals)

    def render(self) -> str:
        """The scoresheet so far: a row per hand with each side's change, the totals, the tally."""
        self._close()
        last = self._rows[-1].hand if self._rows else 0
        title = f"scoresheet after hand {last}" + (f" (target {self.target})" if self.target is not None else "")
        cells = [[f"{e - s:+d}" for s, e in zip(row.start, row.end, strict=True)] for row in self._rows]
        totals = [str(t) for t in self.totals]
        width = max(len(text) for text in [*self.labels, *totals, *(c for r in cells for c in r)]) + 3
        lines = [title, "  hand " + "".join(label.rjust(width) for label in self.labels)]
        for row, values in zip(self._rows, cells, strict=True):
            note = f"   {row.note}" if row.note else ""
            lines.append(f"  {row.hand:>4} " + "".join(v.rjust(width) for v in values) + note)
        lines.append("  total" + "".join(t.rjust(width) for t in totals))
        if self.paper_tally:
            pad = max(len(label) for label in self.labels)
            for i, (label, total) in enumerate(zip(self.labels, self.totals, strict=True)):
                lines.append(f"  {'tally' if i == 0 else '':5}  {label.ljust(pad)}  {tally(total)}".rstrip())
        return "\n".join(lines)


class Narrator:
    """Writes a match as it happens: a header per hand, a line per event, the scoresheet after each hand.

    Feed it events in order, full or redacted for one seat; it prints only what they hold. A
    hand begins at an event that declares the hand it deals
    (:meth:`~tablegames.core.events.Event.dealt_hand`), or at one tagged ``hand_dealt``.

    Args:
        game: a game of the variant (its ``describe_event`` words the events; nothing else is read).
        out: where to write.
        quiet: print only one line of scores after each hand.
        sheet: the scoresheet to keep (default: a new one for ``game``).
    """

    def __init__(self, game: Game, out: TextIO, *, quiet: bool = False, sheet: Scoresheet | None = None) -> None:
        self.game = game
        """The game whose ``describe_event`` words the events."""
        self.out = out
        """Where the narration goes."""
        self.quiet = quiet
        """Whether only the scores after each hand are printed."""
        self.sheet = sheet or Scoresheet.for_game(game)
        """The running scoresheet."""
        self._open = False

    def feed(self, events: Iterable[Event]) -> None:
        """Narrate ``events``, in order."""
        out = self.out
        for event in events:
            number = event.dealt_hand()
            if number is not None or event.tag == "hand_dealt":
                self.end_hand()
                self.sheet.begin_hand(number if type(number) is int else self.sheet.hands + 1)
                self._open = True
                if not self.quiet:
                    out.write(f"\n== hand {self.sheet.current_hand} ==\n")
            self.sheet.record(event)
            if not self.quiet:
                out.write(f"  {self.game.describe_event(event)}\n")
            if self.sheet.winner is not None:
                self.end_hand()

    def end_hand(self) -> None:
        """Print the scores of the hand that is under way, if any (once)."""
        if not self._open:
            return
        self._open = False
        if self.quiet:
            hand = self.sheet.current_hand
            self.out.write(f"after hand {hand}: scores {', '.join(str(t) for t in self.sheet.totals)}\n")
        else:
            self.out.write("\n" + self.sheet.render() + "\n")


# -- a seat's view ----------------------------------------------------------------------


def render_action(action: Action) -> str:
    """An action in words, ``str(action)`` (``"6-4 on W"``, ``"bid 3"``); its JSON form if it has no words of its own.

    An action class that defines no ``__str__`` (attrs gives it the ``repr``) is shown as its
    JSON form, ``{"type": ...}``.
    """
    text = str(action)
    return dumps(action) if text == repr(action) else text


def render_choices(actions: Sequence[Action], *, width: int = 96) -> str:
    """The actions as a numbered list from 1, in columns when there are many.

    >>> from tablegames.cli.render import render_choices
    >>> import tablegames
    >>> game = tablegames.new_game("four-point-smear", seed=3)
    >>> print(render_choices(game.legal_actions()))
      1) pass     2) bid 2    3) bid 3    4) bid 4
    """
    digits = len(str(len(actions)))
    items = [f"{i:>{digits}}) {render_action(a)}" for i, a in enumerate(actions, 1)]
    if not items:
        return ""
    column = max(len(item) for item in items) + 4
    columns = max(1, min(len(items), (width - 2) // column))
    rows = math.ceil(len(items) / columns)
    lines = []
    for r in range(rows):
        row = [items[c * rows + r] for c in range(columns) if c * rows + r < len(items)]
        lines.append("  " + "".join(item.ljust(column) for item in row).rstrip())
    return "\n".join(lines)


def render_view(view: Any, labels: Sequence[str], *, variant: type[Game] = Game) -> str:
    """What one seat sees now, as a few lines: the variant's lines for the view, then the scores.

    Args:
        view: a seat's view.
        labels: the label of each side (see :func:`side_labels`).
        variant: the variant whose :meth:`~tablegames.core.game.Game.render_view` writes the
            view (default: the generic rendering, field by field, with the ``hand`` last as
            ``your pieces``).

    >>> from tablegames.cli.render import render_view
    >>> import tablegames
    >>> game = tablegames.new_game("four-point-smear", seed=3)
    >>> print(render_view(game.view(0), ["seats 0+2", "seats 1+3"], variant=type(game)))
    hand 1, dealt by seat 0; bidding; trump not yet set
    bidding   (nobody has spoken)
    your cards  10S 9S 8S  AH 8H  10D    (cards held: seat 0 6, seat 1 6, seat 2 6, seat 3 6)
    scores    seats 0+2 0, seats 1+3 0 (target 15)
    """
    lines = list(variant.render_view(view, labels))
    scores = ", ".join(f"{label} {score}" for label, score in zip(labels, view.scores, strict=False))
    target = getattr(view, "target", None)
    lines.append(f"scores    {scores}" + (f" (target {target})" if type(target) is int else ""))
    return "\n".join(lines)
