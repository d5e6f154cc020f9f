"""The option rules: what each accepts and refuses, and the layers that read them as data."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import find, given
from hypothesis import strategies as st

from tablegames.cli.options import option_flags
from tablegames.core.errors import InvalidOptionsError
from tablegames.core.options import BoolOption, ChoiceOption, IntOption, bool_option, choice_option, int_option
from tablegames.schema import schema_for
from tablegames.testing.strategies import variant_options
from tablegames.variants.sniff import Sniff


def _own_rule(instance: object, attribute: attrs.Attribute[int], value: Any) -> None:
    """A variant's own validator, whose message looks like a rule's: nothing is read from it."""
    if value not in (2, 3, 4):
        raise InvalidOptionsError(attribute.name, f"{value!r} is out of range; allowed: an int from 2 to 4")


@attrs.frozen(kw_only=True)
class RuledOptions:
    """Options with one field per kind of rule."""

    players: int = attrs.field(default=4, validator=int_option(2, 8))
    """How many play."""
    alone: bool = attrs.field(default=True, validator=bool_option())
    """Whether a player may go alone."""
    deck: str = attrs.field(default="24", validator=choice_option("24", "32", what="a deck size"))
    """Which deck."""
    blank: int = attrs.field(default=0, validator=choice_option(0, 50, what="a double-blank value"))
    """What the double-blank counts."""
    seats: int = attrs.field(default=2, validator=_own_rule)
    """A field with a validator of its own."""


class Ruled(Sniff):
    """A variant from elsewhere whose options use every rule."""

    name: ClassVar[str] = "ruled-sniff"
    options_class: ClassVar[type[Any]] = RuledOptions


def _reason(**given: Any) -> str:
    with pytest.raises(InvalidOptionsError) as caught:
        RuledOptions(**given)
    return f"{caught.value.option}: {caught.value.reason}"


def test_int_option_accepts_its_range_and_refuses_the_rest() -> None:
    assert RuledOptions(players=2).players == 2 and RuledOptions(players=8).players == 8
    assert _reason(players=9) == "players: 9 is out of range; allowed: an int from 2 to 8"
    assert _reason(players=1) == "players: 1 is out of range; allowed: an int from 2 to 8"
    assert _reason(players=True) == "players: True is not an int; allowed: an int from 2 to 8"
    assert _reason(players="4") == "players: '4' is not an int; allowed: an int from 2 to 8"
    assert int_option(1).allowed == "an int >= 1" and int_option(1).json_schema() == {"minimum": 1}


def test_bool_option_refuses_ints_and_strings() -> None:
    assert RuledOptions(alone=False).alone is False
    assert _reason(alone=1) == "alone: 1 is not a bool; allowed: true or false"
    assert _reason(alone="true") == "alone: 'true' is not a bool; allowed: true or false"


def test_choice_option_compares_type_and_value() -> None:
    assert RuledOptions(deck="32").deck == "32" and RuledOptions(blank=50).blank == 50
    assert _reason(deck="52") == "deck: '52' is not a deck size; allowed: '24', '32'"
    assert _reason(deck=24) == "deck: 24 is not a deck size; allowed: '24', '32'"
    assert _reason(blank=50.0) == "blank: 50.0 is not a double-blank value; allowed: 0, 50"
    assert _reason(blank=False) == "blank: False is not a double-blank value; allowed: 0, 50"
    assert choice_option("x").json_schema() == {"const": "x"}


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: int_option(5, 4), "range is empty: 5 to 4"),
        (lambda: int_option(True, 4), "bounds of an int option are ints"),
        (lambda: int_option(1, 2.5), "bounds of an int option are ints"),  # type: ignore[arg-type]
        (choice_option, "at least one choice"),
        (lambda: choice_option("a", "a"), "repeat a value"),
        (lambda: choice_option("a", 1.5), "a str or an int, not 1.5"),  # type: ignore[arg-type]
    ],
)
def test_a_rule_that_allows_nothing_sensible_is_refused_when_it_is_made(make: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_the_rules_are_data() -> None:
    fields = attrs.fields(RuledOptions)
    assert fields.players.validator == IntOption(2, 8)
    assert isinstance(fields.alone.validator, BoolOption)
    assert fields.deck.validator == ChoiceOption(("24", "32"), "a deck size")


def test_the_options_schema_reads_the_rules_and_guesses_nothing_from_messages() -> None:
    props = schema_for(Ruled, "options")["$defs"]["RuledOptions"]["properties"]
    assert (props["players"]["minimum"], props["players"]["maximum"]) == (2, 8)
    assert props["alone"]["type"] == "boolean"
    assert props["deck"]["enum"] == ["24", "32"] and props["blank"]["enum"] == [0, 50]
    assert "minimum" not in props["seats"] and "maximum" not in props["seats"] and "enum" not in props["seats"]


def test_the_command_line_says_what_each_rule_allows() -> None:
    allowed = {flag.name: flag.allowed for flag in option_flags(RuledOptions)}
    assert allowed == {
        "players": "an int from 2 to 8",
        "alone": "true or false",
        "deck": "'24', '32'",
        "blank": "0, 50",
        "seats": "an int from 2 to 4",  # a validator of one's own: the words of its error
    }


@given(variant_options(Ruled))
def test_drawn_options_cover_each_rule(options: RuledOptions) -> None:
    assert 2 <= options.players <= 8
    assert options.alone in (True, False)
    assert options.deck in ("24", "32") and options.blank in (0, 50)
    assert options.seats == 2  # a validator the kit cannot read: the default


@pytest.mark.parametrize(
    ("name", "value"), [("deck", "24"), ("deck", "32"), ("blank", 0), ("blank", 50), ("alone", True), ("alone", False)]
)
def test_drawn_options_reach_every_choice(name: str, value: object) -> None:
    assert getattr(find(variant_options(Ruled), lambda o: getattr(o, name) == value), name) == value


@given(st.integers(min_value=-5, max_value=15))
def test_int_option_agrees_with_its_own_bounds(value: int) -> None:
    rule = int_option(2, 8)
    field = attrs.fields(RuledOptions).players
    try:
        rule(None, field, value)
    except InvalidOptionsError:
        assert not 2 <= value <= 8
    else:
        assert 2 <= value <= 8
