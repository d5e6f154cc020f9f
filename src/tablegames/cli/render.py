"""Text for the terminal: the paper tally, the scoresheet, the narration of a match, and a seat's view.

Everything here works from what a reader is entitled to see: events (full, or redacted for
one seat) and views. Nothing reads a game's hidden state, so what the command line shows a
person is exactly what their seat's redacted log and view hold.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, Final, TextIO

import attrs

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.serde import dumps, to_json
from tablegames.variants.smear.events import GameEnded as SmearGameEnded
from tablegames.variants.smear.events import HandScored, ThrownIn
from tablegames.variants.smear.view import SmearView
from tablegames.variants.sniff.events import GameEnded as SniffGameEnded
from tablegames.variants.sniff.events import HandEnded
from tablegames.variants.sniff.view import SniffView

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
_TALLY_VARIANTS: Final = frozenset({"american-sniff"})
"""Variants whose sources keep score with the paper tally."""


def tally(score: int) -> str:
    """``score`` as the paper tally of American Sniff, in text.

    A stroke ``|`` is 5 points, written in groups of five; 50 points are ``X(xxxx)``, the big X
    with a small x in each of its four spaces, and ten strokes always become one. More than
    five fifties are written once with a count (``X(xxxx)*12``). Points that are not a multiple
    of 5 (no Sniff score has them) follow as ``+2``. A score below zero is the tally of its size
    in ``-( )``; a score of 0 has no marks.

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


class Scoresheet:
    """The running scoresheet of a match, kept from its events (full or redacted: scoring is public).

    Args:
        labels: one label per side (see :func:`side_labels`).
        target: the score that wins, if the variant has one, for the title.
        paper_tally: whether to add the totals as the paper tally (:func:`tally`).
    """

    def __init__(self, labels: Sequence[str], *, target: int | None = None, paper_tally: bool = False) -> None:
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
        self._rows: list[_Row] = []

    @classmethod
    def for_game(cls, game: Game) -> Scoresheet:
        """An empty scoresheet for a match like ``game`` (its sides, target and tally)."""
        target = getattr(game.options, "target", None)
        return cls(
            side_labels(seat_sides(game)),
            target=target if type(target) is int else None,
            paper_tally=game.name in _TALLY_VARIANTS,
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
        """Take the scores and the hand's outcome from ``event``, if it carries them."""
        side, total = getattr(event, "side", None), getattr(event, "total", None)
        if type(side) is int and type(total) is int and 0 <= side < len(self.totals):
            self.totals[side] = total
        scores = getattr(event, "scores", None)
        if isinstance(scores, tuple) and len(scores) == len(self.totals) and all(type(s) is int for s in scores):
            self.totals = list(scores)
        if isinstance(event, (SniffGameEnded, SmearGameEnded)) or (
            event.tag == "game_ended" and type(getattr(event, "winner", None)) is int
        ):
            self.winner = event.winner  # type: ignore[attr-defined]
        note = self._note(event)
        if note and self._rows:
            row = self._rows[-1]
            row.note = f"{row.note}; {note}" if row.note else note

    def _note(self, event: Event) -> str:
        if isinstance(event, HandEnded):
            return f"seat {event.seat} dominoed" if event.reason == "domino" else "blocked"
        if isinstance(event, ThrownIn):
            return "thrown in"
        if isinstance(event, HandScored):
            return f"seat {event.bidder} bid {event.bid}, {'made' if event.made else 'set'}"
        if self.winner is not None and event.tag == "game_ended":
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

    Feed it events in order, full or redacted for one seat; it prints only what they hold.

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
            if event.tag == "hand_dealt":
                self.end_hand()
                number = getattr(event, "hand_number", self.sheet.hands + 1)
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
    """An action in words (``"6-4 on W"``, ``"bid 3"``); its JSON form if it has no words of its own."""
    text = str(action)
    return dumps(action) if text == repr(action) else text


def render_choices(actions: Sequence[Action], *, width: int = 96) -> str:
    """The actions as a numbered list from 1, in columns when there are many.

    >>> from tablegames.variants.smear import Bid, Pass
    >>> print(render_choices([Pass(), Bid(2), Bid(3)]))
      1) pass     2) bid 2    3) bid 3
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


def render_view(view: Any, labels: Sequence[str]) -> str:
    """What one seat sees now, as a few lines: the table, the scores, its own pieces.

    Args:
        view: a seat's view (:class:`~tablegames.variants.sniff.view.SniffView`,
            :class:`~tablegames.variants.smear.view.SmearView`, or another variant's, shown field
            by field, with its ``hand`` last as ``your pieces``).
        labels: the label of each side (see :func:`side_labels`).
    """
    if isinstance(view, SniffView):
        lines = _sniff_lines(view)
    elif isinstance(view, SmearView):
        lines = _smear_lines(view, labels)
    else:
        data = to_json(view)
        skip = {"legal_actions", "hand", "scores"}
        lines = [f"{key}: {dumps(value)}" for key, value in data.items() if key not in skip]
        hand = data.get("hand")
        if isinstance(hand, list):
            lines.append(f"your pieces  {' '.join(str(p) for p in hand) or '(none)'}")
    scores = ", ".join(f"{label} {score}" for label, score in zip(labels, view.scores, strict=False))
    target = getattr(view, "target", None)
    lines.append(f"scores    {scores}" + (f" (target {target})" if type(target) is int else ""))
    return "\n".join(lines)


def _sniff_lines(view: SniffView) -> list[str]:
    held = ", ".join(f"seat {s} {n}" for s, n in enumerate(view.hand_sizes))
    lines = [f"hand {view.hand_number}; stock {view.stock_size} tiles; tiles held: {held}"]
    if view.opening is None:
        lines.append("layout    empty: the first tile opens it")
    else:
        arms = {arm.id: arm for arm in view.arms}

        def mark(tile: Any) -> str:
            return f"{tile}*" if tile == view.sniff else str(tile)

        west, east = arms["W"], arms["E"]
        line = [mark(t) for t in reversed(west.tiles)] + [f"[{mark(view.opening)}]"] + [mark(t) for t in east.tiles]
        lines.append(f"layout    W={west.value}  {' '.join(line)}  E={east.value}")
        branches = [arms[a] for a in ("N", "S") if a in arms]
        if branches and not any(b.open for b in branches):
            lines.append(f"          N, S: the Sniff {view.sniff}* opens them once both its line sides carry a tile")
        for arm in branches:
            if arm.open:
                tiles = " ".join(mark(t) for t in arm.tiles) or "(no tile yet)"
                lines.append(f"          {arm.id}={arm.value}  from the Sniff {view.sniff}*: {tiles}")
        ends = ", ".join(f"{end.id} {end.value}" for end in view.ends)
        lines.append(f"ends      {ends}; count {view.count}")
    lines.append(f"your tiles  {' '.join(str(t) for t in view.hand) or '(none)'}")
    return lines


def _suit_name(suit: Suit | None) -> str:
    return "not yet set" if suit is None else suit.name.lower()


def _cards(cards: Sequence[Card] | None) -> str:
    """Cards grouped by suit, the groups two spaces apart."""
    if not cards:
        return "(none)"
    groups: list[list[str]] = []
    last = None
    for card in cards:
        if card.suit != last or not groups:
            groups.append([])
            last = card.suit
        groups[-1].append(str(card))
    return "  ".join(" ".join(g) for g in groups)


def _smear_lines(view: SmearView, labels: Sequence[str]) -> list[str]:
    lines = [f"hand {view.hand_number}, dealt by seat {view.dealer}; {view.phase}; trump {_suit_name(view.trump)}"]
    last = view.last_hand
    if last is not None and view.phase == "bidding":
        points = ", ".join(
            f"{a.point} {'nobody' if a.side is None else f'side {a.side}'}" + (f" ({a.card})" if a.card else "")
            for a in last.awards
        )
        result = "made" if last.made else "set"
        lines.append(f"last hand {points}; seat {last.bidder} bid {last.bid}, {result}")
    calls = ", ".join(f"seat {b.seat} {'pass' if b.amount is None else f'bid {b.amount}'}" for b in view.bids)
    if view.bidder is not None:
        calls += f"; seat {view.bidder} is the bidder at {view.bid}"
    lines.append(f"bidding   {calls or '(nobody has spoken)'}")
    if view.phase == "play":
        trick = ", ".join(f"seat {t.seat} {t.card}" for t in view.trick) or "(no card yet)"
        won = ", ".join(f"{label} {n}" for label, n in zip(labels, view.tricks_won, strict=False))
        lines.append(f"trick     {trick}")
        lines.append(f"tricks    {won}")
    if view.picked_up:
        lines.append(f"picked up {' '.join(str(c) for c in view.picked_up)}")
    if view.discarded:
        lines.append(f"discarded {' '.join(str(c) for c in view.discarded)}")
    held = ", ".join(f"seat {s} {n}" for s, n in enumerate(view.hand_sizes))
    lines.append(f"your cards  {_cards(view.hand)}    (cards held: {held})")
    return lines
