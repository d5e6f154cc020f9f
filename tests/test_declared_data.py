"""The layers above the variants read declared data, never a name that happens to exist.

A game's target score, who wins on the lowest score, the scores and winner an event states,
the hand it deals and an action's part in an auction are declared (``Game.target_score``,
``Game.lower_score_wins``, ``Event.side_scores`` and the rest, in ``core/events.py``). This
test reads the modules of the layers that once looked them up by name (the command line's
text, the environments, the random bot) and fails on any ``getattr`` or ``hasattr`` of a
constant name there, except the few listed in :data:`ALLOWED` with their reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "tablegames"

MODULES: tuple[str, ...] = (
    "core/search.py",
    "cli/render.py",
    "cli/replay.py",
    "cli/play.py",
    "rl/decisions.py",
    "rl/gymnasium.py",
    "rl/openspiel.py",
    "rl/pettingzoo.py",
    "rl/policy.py",
    "bots/random.py",
)
"""The modules held to declared data."""

ALLOWED: dict[tuple[str, str, str], str] = {
    ("cli/render.py", "view", "target"): "a view's optional published field, shown beside the scores",
    ("cli/play.py", "view", "hand_number"): "a field every view publishes (the contract), read for a message",
}
"""``(module, object, name)`` looked up by name on purpose, with the reason."""


def _lookups(path: Path) -> list[tuple[str, str, int]]:
    """Each ``getattr``/``hasattr`` of a constant name in ``path``: the object's source, the name, the line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            found.append((ast.unparse(node.args[0]), node.args[1].value, node.lineno))
    return found


@pytest.mark.parametrize("module", MODULES)
def test_the_layers_above_read_no_option_event_field_or_tag_by_name(module: str) -> None:
    """No getattr of an option, an event's field or an action's tag: the module reads declared data."""
    unexpected = [
        f"{module}:{line}: getattr({obj}, {name!r})"
        for obj, name, line in _lookups(SRC / module)
        if (module, obj, name) not in ALLOWED
    ]
    assert not unexpected, "read by name instead of declared data:\n" + "\n".join(unexpected)


def test_the_check_sees_a_lookup_by_name(tmp_path: Path) -> None:
    """The reader finds getattr and hasattr of constant names, and only those."""
    path = tmp_path / "sample.py"
    path.write_text('getattr(game.options, "target", None)\nhasattr(event, "side")\ngetattr(x, name)\n')
    assert _lookups(path) == [("game.options", "target", 1), ("event", "side", 2)]
