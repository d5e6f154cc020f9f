"""JSON text written straight from the objects is the converter's text, byte for byte.

`dumps` writes an attrs object (a view, an action, an event, options) with a function made
from its class's annotations, in one walk, instead of the converter's data passed to
`json.dumps`. These tests hold that the text is the same: for every installed variant, at
every step of random games, every seat's view, every event and every legal action; and that
a class the functions cannot write as the converter does is written by the converter.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.components.tiles import Tile
from tablegames.core import jsonwriter, serde
from tablegames.core.registry import get_variant, variant_names


def reference(obj: Any) -> str:
    """The converter's data of ``obj`` passed to ``json.dumps``: the definition of its text."""
    return json.dumps(serde.to_json(obj), separators=(",", ":"), ensure_ascii=False)


def step(game: Any, rng: random.Random) -> None:
    """One random legal action (with low bids favoured, so card matches end)."""
    legal = game.legal_actions()
    game.apply(legal[0] if len(legal) > 3 and rng.random() < 0.5 else rng.choice(legal))


@pytest.mark.parametrize("name", variant_names())
@given(seed=st.integers(min_value=0, max_value=2**32), choices=st.integers(min_value=0, max_value=2**32))
def test_views_events_and_actions_are_written_as_the_converter_writes_them(name: str, seed: int, choices: int) -> None:
    game = tablegames.new_game(name, seed=seed)
    rng = random.Random(choices)
    assert tablegames.dumps(game.options) == reference(game.options)
    seen = 0
    for _ in range(120):
        for seat in range(game.players):
            view = game.view(seat)
            assert tablegames.dumps(view) == reference(view)
        for action in game.legal_actions():
            assert tablegames.dumps(action) == reference(action)
        for event in game.events[seen:]:
            assert tablegames.dumps(event) == reference(event)
            for seat in range(game.players):
                redacted = event.redact(seat)
                assert tablegames.dumps(redacted) == reference(redacted)
        seen = len(game.events)
        if game.is_over:
            break
        step(game, rng)
    assert tablegames.dumps(game.log()) == reference(game.log())


def test_every_variant_view_class_is_written_by_a_function() -> None:
    """The fast way is taken for the views of every installed variant (none falls back to the converter)."""
    for name in variant_names():
        game = tablegames.new_game(name, seed=1)
        tablegames.dumps(game.view(0))
        tablegames.dumps(game.view(0))  # the first object checks the function; the second uses it
        cls = type(game.view(0))
        assert cls in jsonwriter._TEXT_ENCODERS, f"{get_variant(name).name}'s {cls.__name__} is written the general way"
        assert cls not in jsonwriter._GENERAL


@attrs.frozen
class _Odd:
    """A class the converter writes with a hook of its own (registered in the test below)."""

    value: int


@attrs.frozen
class _Holder:
    odd: _Odd
    tiles: tuple[Tile, ...]
    flag: bool
    maybe: int | None
    anything: Any
    table: dict[str, int]


def test_a_class_with_a_hook_of_its_own_is_written_by_the_converter() -> None:
    serde.converter.register_unstructure_hook(_Odd, lambda odd: {"odd": odd.value * 2})
    holder = _Holder(
        odd=_Odd(3), tiles=(Tile(6, 4), Tile(0, 0)), flag=True, maybe=None, anything=(1, "x", None), table={"a": 1}
    )
    assert tablegames.dumps(holder) == reference(holder)
    assert tablegames.dumps(holder) == reference(holder)  # again, once the check has been made
    assert '"odd":{"odd":6}' in tablegames.dumps(holder)
    assert _Odd in jsonwriter._GENERAL


@attrs.frozen
class _Unresolved:
    ref: NoSuchType  # type: ignore[name-defined]  # noqa: F821 - an annotation that cannot be resolved


def test_a_class_whose_annotations_cannot_be_resolved_is_left_to_the_converter() -> None:
    """The converter cannot write it either: both fail alike, and the class is marked for the converter."""
    with pytest.raises(NameError):
        reference(_Unresolved(5))
    with pytest.raises(NameError):
        tablegames.dumps(_Unresolved(5))
    assert _Unresolved in jsonwriter._GENERAL


@pytest.mark.parametrize(
    "value",
    [True, False, 0, -7, 2**70, "é\n\"", None, 1.5],
)
def test_values_of_the_wrong_type_are_written_as_the_converter_writes_them(value: Any) -> None:
    """A value of another type than declared is written as the converter writes it (or refused alike)."""

    @attrs.frozen
    class Loose:
        number: int
        text: str
        maybe: int | None
        numbers: tuple[int, ...]
        listed: tuple[int, ...]
        tiles: tuple[Tile, ...]
        flag: bool

    lists: Any = ([2, value], [Tile(1, 0)])  # lists where tuples are declared: written as the converter writes them
    loose = Loose(
        number=value, text=value, maybe=value, numbers=(1, value), listed=lists[0], tiles=lists[1], flag=value
    )
    try:
        expected = reference(loose)
    except Exception as exc:  # the converter refuses it: so must the function, with the same kind of error
        with pytest.raises(type(exc)):
            tablegames.dumps(loose)
        return
    assert tablegames.dumps(loose) == expected


@attrs.frozen
class _Row:
    number: int
    numbers: tuple[int, ...]
    tile: Tile | None


@attrs.define
class _Changing:
    number: int


@attrs.frozen
class _HoldsChanging:
    inner: _Changing


def test_an_object_of_values_that_cannot_change_is_kept_and_anything_else_is_written_again() -> None:
    """dumps keeps the text of an object written twice in a row only if nothing in it can change."""
    row = _Row(number=1, numbers=(2, 3), tile=Tile(6, 4))
    check = jsonwriter._immutable_check(_Row)
    assert check is not None and check(row)
    assert tablegames.dumps(row) == tablegames.dumps(row) == tablegames.dumps(row) == reference(row)
    listed: Any = [2, 3]  # a list where a tuple is declared: it can change
    loose = _Row(number=1, numbers=listed, tile=None)
    assert not check(loose) and not check(_Row(number=True, numbers=(), tile=None))
    for _ in range(3):
        assert tablegames.dumps(loose) == reference(loose)
    listed.append(4)
    assert tablegames.dumps(loose) == reference(loose) == '{"number":1,"numbers":[2,3,4],"tile":null}'
    changing = _Changing(5)
    holder = _HoldsChanging(changing)
    assert jsonwriter._immutable_check(_Changing) is None and jsonwriter._immutable_check(_HoldsChanging) is None
    for obj in (changing, holder, changing, holder):
        assert tablegames.dumps(obj) == reference(obj)
    changing.number = 6
    assert tablegames.dumps(changing) == '{"number":6}' and tablegames.dumps(holder) == '{"inner":{"number":6}}'

