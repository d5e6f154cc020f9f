"""The text capabilities of Game and their generic defaults (summary, paper_tally, render_view, hand_note)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import tablegames
from tablegames.core.game import Game
from tablegames.core.serde import to_json
from tablegames.core.text import VIEW_SKIPPED, plain_value, summary_line, view_lines
from tablegames.variants.smear import Smear
from tablegames.variants.sniff import Sniff


def _played(name: str, *, seed: int = 4, steps: int = 40, **options: Any) -> Game:
    game = tablegames.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


class Documented(Sniff):
    """A variant of this test module.

    More text that is not the summary.
    """

    name: ClassVar[str] = "documented"


class Undocumented(Sniff):
    name: ClassVar[str] = "undocumented"


class Explicit(Documented):
    """Its docstring is not its summary."""

    summary: ClassVar[str] = "An explicit summary."


def test_summary_defaults_to_the_first_line_of_the_class_docstring() -> None:
    """A class that sets no summary gets its own docstring's first line; one without a docstring inherits."""
    assert Documented.summary == "A variant of this test module."
    assert Undocumented.summary == Sniff.summary
    assert Explicit.summary == "An explicit summary."
    assert Game.summary == ""
    assert summary_line("\n\n   First line.\n   Second.") == "First line."


def test_paper_tally_is_off_by_default_and_on_for_sniff() -> None:
    """Only a variant that asks for the paper tally gets it: Sniff does, Smear keeps the default."""
    assert Game.paper_tally is False
    assert Sniff.paper_tally is True
    assert Smear.paper_tally is False


def test_hand_note_default_is_none_for_every_event() -> None:
    """The default scoresheet note is None, for full and redacted events alike."""
    game = _played("four-point-smear", steps=200)
    events = game.log().events
    assert events
    assert all(Game.hand_note(e) is None for e in events)
    assert all(Game.hand_note(e.redact(1)) is None for e in events)


def test_describe_event_default_is_the_repr() -> None:
    """Without its own words, an event is described by its repr."""
    game = _played("american-sniff", players=2)
    event = game.log().events[-1]
    assert Game.describe_event(game, event) == repr(event)


def test_render_view_default_writes_each_field_in_plain_words() -> None:
    """The default view renderer: a `name: value` line per field but the skipped ones, the hand last."""
    for name in ("american-sniff", "four-point-smear"):
        game = _played(name, players=3) if name == "american-sniff" else _played(name)
        view = game.view(1)
        lines = Game.render_view(view, ["a", "b", "c"])
        assert lines == view_lines(view)
        data = to_json(view)
        names = [key.replace("_", " ") for key in data if key not in VIEW_SKIPPED]
        assert [line.split(": ", 1)[0] for line in lines[:-1]] == names
        assert lines[-1] == "your pieces  " + (" ".join(data["hand"]) or "(none)")
        text = "\n".join(lines)
        assert "legal actions" not in text and "scores" not in text
        assert not any(mark in text for mark in ("{", '"', "null", "true", "false"))


def test_variants_render_views_their_own_way() -> None:
    """Sniff's and Smear's renderers replace the default: their own lines, their pieces' words."""
    sniff = _played("american-sniff", players=2)
    assert Sniff.render_view(sniff.view(0), ["seat 0", "seat 1"])[-1].startswith("your tiles  ")
    smear = _played("four-point-smear")
    lines = Smear.render_view(smear.view(2), ["seats 0+2", "seats 1+3"])
    assert lines[-1].startswith("your cards  ")


def test_plain_value_nests_in_parentheses() -> None:
    """Lists inside objects are put in parentheses; a list of lists is comma-separated."""
    assert (
        plain_value({"awards": [{"point": "high", "side": 0}], "made": False}) == "awards (point high side 0) made no"
    )
    assert plain_value([["6-4", "4-4"], []]) == "6-4 4-4, (none)"
    assert plain_value(12) == "12"
