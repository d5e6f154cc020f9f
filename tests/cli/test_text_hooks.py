"""The command line's text comes from the variant's text capabilities, or their generic defaults."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import ClassVar

import attrs

from tablegames.cli.render import Narrator, Scoresheet, render_view
from tablegames.core.events import Event
from tablegames.core.game import Game
from tablegames.variants.smear import Smear, ThrownIn
from tablegames.variants.sniff import GameEnded, HandDealt, HandEnded, Sniff


class QuietSniff(Sniff):
    """Sniff without its scoresheet notes or tally: the generic defaults."""

    name: ClassVar[str] = "quiet-sniff"
    paper_tally: ClassVar[bool] = False

    @classmethod
    def hand_note(cls, event: Event) -> str | None:
        """No notes of its own."""
        return None


def test_the_scoresheet_asks_the_variant_for_notes_and_the_tally() -> None:
    """for_game takes the notes from hand_note and the tally from paper_tally, for any variant."""
    events = [HandEnded(1, "domino", 1, ((), ())), GameEnded(1, (0, 250))]
    for variant, note, tallied in ((Sniff, "seat 1 dominoed; seat 1 won", True), (QuietSniff, "seat 1 won", False)):
        sheet = Scoresheet.for_game(variant.create({"players": 2}, seed=1))
        assert sheet.variant is variant and sheet.paper_tally is tallied
        sheet.begin_hand(1)
        for event in events:
            sheet.record(event)
        text = sheet.render()
        assert text.splitlines()[2].endswith(f"   {note}")
        assert ("tally" in text) is tallied
    assert sheet.winner == 1


def test_a_sheet_without_a_game_finds_the_notes_by_the_events_class() -> None:
    """A scoresheet made without a variant asks the registered variant that declares the event."""
    sheet = Scoresheet(["seats 0+2", "seats 1+3"])
    sheet.begin_hand(1)
    sheet.record(ThrownIn(1))
    assert sheet.render().splitlines()[2].endswith("   thrown in")


def test_the_game_ends_on_any_game_ended_event_that_names_a_side() -> None:
    """Game-ended detection reads the winner the event declares, not its class."""
    sheet = Scoresheet(["seat 0", "seat 1"], variant=Game)
    sheet.record(HandDealt(1, ((), ()), (), 0))
    assert sheet.winner is None
    sheet.record(GameEnded(0, (250, 10)))
    assert sheet.winner == 0
    out = io.StringIO()
    Narrator(Sniff.create({"players": 2}, seed=1), out, quiet=True).feed(
        [HandDealt(1, ((), ()), (), 0), GameEnded(1, (0, 9))]
    )
    assert out.getvalue() == "after hand 1: scores 0, 9\n"


def test_render_view_uses_the_variants_renderer_or_the_default() -> None:
    """The variant's lines (or the generic ones by default), then one line with the scores."""
    game = Smear.create({}, seed=3)
    labels = ["seats 0+2", "seats 1+3"]
    own = render_view(game.view(0), labels, variant=Smear).splitlines()
    generic = render_view(game.view(0), labels).splitlines()
    assert own[:-1] == Smear.render_view(game.view(0), labels)
    assert generic[:-1] == Game.render_view(game.view(0), labels)
    assert own[-1] == generic[-1] == "scores    seats 0+2 0, seats 1+3 0 (target 15)"


@attrs.frozen
class _Dealt(Event):
    """A deal event of some variant, named in its own words."""

    tag: ClassVar[str] = "deal"
    number: int

    def dealt_hand(self) -> int:
        return self.number


@attrs.frozen
class _Tallied(Event):
    """A scoring event of some variant, its fields named in its own words."""

    tag: ClassVar[str] = "tallied"
    team: int
    now: int

    def side_scores(self) -> Mapping[int, int]:
        return {self.team: self.now}


@attrs.frozen
class _Over(Event):
    """The end of some variant's match."""

    tag: ClassVar[str] = "over"
    champion: int

    def winning_side(self) -> int:
        return self.champion


@attrs.frozen
class _Undeclared(Event):
    """An event whose fields are named like a score's, declaring nothing."""

    tag: ClassVar[str] = "undeclared"
    side: int
    total: int
    scores: tuple[int, ...]
    winner: int


def test_the_scoresheet_reads_what_events_declare_and_no_field_names() -> None:
    """Scores, the winner and the hands come from the events' declarations, whatever their fields are called."""
    out = io.StringIO()
    narrator = Narrator(QuietSniff.create({"players": 2}, seed=1), out, quiet=True)
    narrator.feed([_Dealt(1), _Tallied(1, 15), _Undeclared(0, 99, (99, 99), 0), _Dealt(2), _Tallied(0, 10)])
    assert narrator.sheet.totals == [10, 15] and narrator.sheet.winner is None
    narrator.feed([_Over(1)])
    assert narrator.sheet.winner == 1
    assert out.getvalue() == "after hand 1: scores 0, 15\nafter hand 2: scores 10, 15\n"
