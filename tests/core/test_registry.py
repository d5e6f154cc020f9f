"""The variant registry: names, lookups, entry points and registering new variants."""

from __future__ import annotations

import random
from collections.abc import Iterator
from importlib.metadata import entry_points
from typing import Any, ClassVar

import pytest

import tablegames
from tablegames import TableGamesError, UnknownVariantError, get_variant, register_variant, variant_names
from tablegames.core import registry
from tablegames.core.game import Game
from tablegames.variants.sniff import Sniff
from tests.support import play_out


class TinySniff(Sniff):
    """American Sniff under another name: the smallest variant one can register."""

    name: ClassVar[str] = "tiny-sniff"


class Nameless(Sniff):
    """A variant class that forgot its name."""

    name: ClassVar[str] = ""


@pytest.fixture(autouse=True)
def _isolated_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test registers into a copy of the registry, restored afterwards."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    yield


def test_variant_names_lists_american_sniff() -> None:
    """variant_names() is a sorted list of names that includes american-sniff."""
    names = variant_names()
    assert "american-sniff" in names
    assert names == sorted(names)
    assert all(isinstance(n, str) for n in names)


def test_american_sniff_is_installed_through_its_entry_point() -> None:
    """The built-in variant is found through the "tablegames.variants" entry-point group, like any plug-in."""
    found = {ep.name: ep.value for ep in entry_points(group=registry.ENTRY_POINT_GROUP)}
    assert registry.ENTRY_POINT_GROUP == "tablegames.variants"
    assert "american-sniff" in found
    assert get_variant("american-sniff") is Sniff
    assert tablegames.new_game("american-sniff", seed=1).name == "american-sniff"


@pytest.mark.parametrize("name", ["no-such-game", "American-Sniff", "", " american-sniff", None, 5, ["american-sniff"]])
def test_an_unknown_name_raises_unknown_variant_error_listing_the_known_ones(name: Any) -> None:
    """Asking for a variant that is not registered raises UnknownVariantError (a LookupError) naming the known ones."""
    for ask in (lambda: get_variant(name), lambda: tablegames.new_game(name, seed=1)):
        with pytest.raises(UnknownVariantError) as info:
            ask()
        assert isinstance(info.value, LookupError)
        assert "american-sniff" in info.value.known
        assert "american-sniff" in str(info.value)


@pytest.mark.parametrize("thing", [int, object, object(), "american-sniff", None, Game, "a game"])
def test_register_variant_refuses_what_is_not_a_named_game_subclass(thing: Any) -> None:
    """register_variant raises TableGamesError for anything but a Game subclass with a name."""
    if thing == "a game":
        thing = tablegames.new_game("american-sniff", seed=1)
    before = variant_names()
    with pytest.raises(TableGamesError):
        register_variant(thing)
    assert variant_names() == before


def test_register_variant_refuses_a_nameless_variant() -> None:
    """A Game subclass whose name is empty cannot be registered."""
    with pytest.raises(TableGamesError, match="name"):
        register_variant(Nameless)


def test_a_tiny_variant_registers_and_plays() -> None:
    """A registered Game subclass is listed, created by name, played out, and its log replays by name."""
    assert register_variant(TinySniff) is TinySniff
    assert "tiny-sniff" in variant_names()
    assert get_variant("tiny-sniff") is TinySniff
    game = tablegames.new_game("tiny-sniff", seed=4, players=3)
    assert isinstance(game, TinySniff)
    play_out(game, random.Random(4))
    text = tablegames.dumps(game.log())
    assert '"variant":"tiny-sniff"' in text
    replayed = tablegames.replay(tablegames.load_log(text))
    assert type(replayed) is TinySniff
    assert tablegames.dumps(replayed.log()) == text
    assert register_variant(TinySniff) is TinySniff  # registering the same class again is harmless


def test_a_taken_name_needs_replace() -> None:
    """Registering another class under a name in use raises, unless replace=True."""
    register_variant(TinySniff)

    class OtherTiny(Sniff):
        """Another class claiming the same name."""

        name: ClassVar[str] = "tiny-sniff"

    with pytest.raises(TableGamesError, match="tiny-sniff"):
        register_variant(OtherTiny)
    assert get_variant("tiny-sniff") is TinySniff
    assert register_variant(OtherTiny, replace=True) is OtherTiny
    assert get_variant("tiny-sniff") is OtherTiny
