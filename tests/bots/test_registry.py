"""Bots by name: the library's, those registered from code, and those installed distributions list as entry points."""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from tablegames.bots import RandomBot, registry


class _Listed(RandomBot):
    """A bot an installed distribution lists, with a setting."""

    name = "listed"

    def __init__(self, *, level: int = 1) -> None:
        self.level = level


def _entry(name: str, extras: list[str], requires: list[str] | None) -> Any:
    """An entry point of the ``tablegames.bots`` group as ``importlib.metadata`` gives it: name, extras, dist, load."""
    return types.SimpleNamespace(
        name=name, extras=extras, dist=types.SimpleNamespace(requires=requires), load=lambda: _Listed
    )


@pytest.fixture
def listed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Three listed bots: one with no extra, one whose extra is installed (cattrs), one whose extra is not."""
    requires = ['attrs>=23.1', 'cattrs>=23.2; extra == "have"', 'no-such-distribution-here>=1; extra == "lack"']
    named: tuple[tuple[str, list[str]], ...] = (("plain", []), ("extra-met", ["have"]), ("extra-unmet", ["lack"]))
    found = [_entry(name, extras, requires) for name, extras in named]

    def entry_points(*, group: str) -> list[Any]:
        assert group == registry.ENTRY_POINT_GROUP == "tablegames.bots"
        return found

    monkeypatch.setattr(registry, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_discovered", None)
    yield


@pytest.mark.usefixtures("listed")
def test_listed_bots_are_offered_where_their_extras_are_installed() -> None:
    """A listed bot is a name beside the library's unless an extra it needs is missing; it is made with settings."""
    assert registry.bot_names() == ["extra-met", "greedy", "ismcts", "plain", "random"]
    bot = registry.make_bot("extra-met", level=3)
    assert isinstance(bot, _Listed) and bot.level == 3
    with pytest.raises(LookupError, match="unknown bot 'extra-unmet': known bots are extra-met, greedy, ismcts, plain"):
        registry.make_bot("extra-unmet")


@pytest.mark.usefixtures("listed")
def test_a_bot_registered_from_code_is_found_first() -> None:
    """``register_bot`` (what a ``--plugin`` module does) takes a name before an entry point of the same name."""
    registry.register_bot("plain", RandomBot)
    assert type(registry.make_bot("plain")) is RandomBot


@pytest.mark.parametrize(
    ("extras", "requires", "installed"),
    [
        ([], ['no-such-distribution-here; extra == "x"'], True),
        (["x"], None, True),
        (["x"], ['cattrs; extra == "x"', "no-such-distribution-here"], True),
        (["x"], ["cattrs>=1; extra == 'x'", 'no-such-distribution-here[a]>=2 ; extra == "x"'], False),
        (["x", "y"], ['attrs; extra == "x"', 'no-such-distribution-here; os_name != "x" and extra == "y"'], False),
    ],
)
def test_an_extra_is_installed_when_every_requirement_of_it_is(
    extras: list[str], requires: list[str] | None, installed: bool
) -> None:
    """Only requirements marked with one of the extras count; a missing distribution among them is enough."""
    assert registry.extras_installed(extras, requires) is installed
