"""The kit's check of the text capabilities the command line uses, the variant's or the defaults.

>>> from tablegames.testing.text import check_text
>>> from tablegames.core.registry import get_variant
>>> from tablegames.testing import Scenario
>>> check_text(Scenario(variant=get_variant("american-sniff"), options={"players": 2}, seed=3, steps=9))
"""

from __future__ import annotations

from tablegames.testing._support import as_registered
from tablegames.testing.scenario import ConformanceError, Scenario

__all__ = ["check_text"]


def check_text(scenario: Scenario, *, max_steps: int = 10_000) -> None:
    """The command line's text hooks answer text, for every event so far and every seat's view.

    At the scenario's position: :attr:`~tablegames.core.game.Game.summary` is one line;
    :meth:`~tablegames.core.game.Game.describe_event` gives a non-empty line for every event,
    full and as each seat sees it; :meth:`~tablegames.core.game.Game.hand_note` gives ``None``
    or a line for each of them; :meth:`~tablegames.core.game.Game.render_view` gives a list of
    lines for each seat's view.
    """

    def fail(detail: str) -> ConformanceError:
        return ConformanceError("text", scenario, scenario.steps, detail)

    def one_line(text: object) -> bool:
        return isinstance(text, str) and "\n" not in text

    cls = scenario.variant
    if not one_line(cls.summary):
        raise fail(f"summary {cls.summary!r} is not one line of text")
    game = scenario.position()
    labels = [f"side {side}" for side in range(game.sides)]
    with as_registered(cls):
        for seat in (None, *range(game.players)):
            for index, event in enumerate(game.log(seat).events):
                text = game.describe_event(event)
                if not one_line(text) or not text:
                    raise fail(f"describe_event of events[{index}] (seat {seat}) gave {text!r}, not a line of text")
                note = cls.hand_note(event)
                if note is not None and not one_line(note):
                    raise fail(f"hand_note of events[{index}] (seat {seat}) gave {note!r}, not None or a line")
        for seat in range(game.players):
            lines = cls.render_view(game.view(seat), labels)
            if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
                raise fail(f"render_view of seat {seat}'s view gave {lines!r}, not a list of lines")
