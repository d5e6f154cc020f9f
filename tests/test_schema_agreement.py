"""The JSON entry points and the published schemas agree: what one accepts, the other does.

Values are drawn from each variant's action schema (valid ones), from near misses of them and
from any JSON at all; the library parses each with ``parse_action`` and ``jsonschema`` checks
it. The only values the library accepts beyond the schema are the contract's leniency: a tile
written with its lower half first (``"4-6"``). A discard's cards in any order are valid in the
schema already.
"""

from __future__ import annotations

import re
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablegames
from tablegames.schema import schema_for
from tests.strategies import any_json, from_json_schema, near_schema

_TILE = re.compile(r"(\d+)-(\d+)")


def _canonical_tiles(value: Any) -> Any:
    """``value`` with every tile-like string written higher half first (the contract's one leniency)."""
    if isinstance(value, str):
        match = _TILE.fullmatch(value)
        if match and match.group(1).isascii() and match.group(2).isascii():
            high, low = sorted((match.group(1), match.group(2)), key=lambda part: (len(part), part), reverse=True)
            return f"{high}-{low}"
        return value
    if isinstance(value, list):
        return [_canonical_tiles(item) for item in value]
    if isinstance(value, dict):
        return {key: _canonical_tiles(item) for key, item in value.items()}
    return value


def _parses(variant: type[tablegames.Game], value: Any) -> bool:
    try:
        variant.parse_action(value)
    except tablegames.IllegalActionError:
        return False
    return True


@pytest.mark.parametrize("name", tablegames.variant_names())
@settings(max_examples=300)
@given(data=st.data())
def test_the_library_and_the_action_schema_agree(name: str, data: st.DataObject) -> None:
    """A JSON value the action schema accepts parses as an action; one it refuses is refused, up to "4-6"."""
    variant = tablegames.get_variant(name)
    schema = schema_for(name, "action")
    validator = jsonschema.Draft202012Validator(schema)
    value = data.draw(st.one_of(from_json_schema(schema), near_schema(schema), any_json), label="value")
    in_schema = validator.is_valid(_canonical_tiles(value))
    assert _parses(variant, value) == in_schema, (value, list(validator.iter_errors(value))[:1])


@pytest.mark.parametrize("name", tablegames.variant_names())
@given(data=st.data())
def test_every_value_the_schema_generator_draws_is_valid(name: str, data: st.DataObject) -> None:
    """The schema-driven strategy draws values the schema accepts (so the agreement test tries valid ones)."""
    schema = schema_for(name, "action")
    value = data.draw(from_json_schema(schema))
    assert jsonschema.Draft202012Validator(schema).is_valid(value), value


@pytest.mark.parametrize(
    ("name", "value", "accepted"),
    [
        ("four-point-smear", {"type": "bid", "amount": 2.0}, True),
        ("four-point-smear", {"type": "bid", "amount": 2.5}, False),
        ("four-point-smear", {"type": "bid", "amount": True}, False),
        ("four-point-smear", {"type": "play", "card": "ah"}, False),
        ("four-point-smear", {"type": "play", "card": "2H"}, False),
        ("four-point-smear", {"type": "discard", "cards": ["9D", "10C"]}, True),
        ("american-sniff", {"type": "play", "tile": "\u0666-\u0664", "end": "W"}, False),
        ("american-sniff", {"type": "play", "tile": " 6-4 ", "end": "W"}, False),
        ("american-sniff", {"type": "play", "tile": "9-9", "end": "W"}, False),
        ("american-sniff", {"type": "play", "tile": "6-4", "end": "X"}, False),
        ("american-sniff", {"type": "play", "tile": "4-6", "end": None}, True),
        ("auction-pitch", {"type": "bid", "amount": 0}, False),
        ("auction-pitch", {"type": "bid", "amount": 6}, False),
        ("auction-pitch", {"type": "bid", "amount": 5}, True),
    ],
)
def test_the_cases_found_from_outside(name: str, value: Any, accepted: bool) -> None:
    """What outside testing found: 2.0 is a bid of 2; Arabic-Indic digits, spaces and lower case are refused.

    A field's declared ``minimum`` and ``maximum`` (Auction Pitch's bids) bound what parses, as
    they bound the schema.
    """
    assert _parses(tablegames.get_variant(name), value) is accepted
    in_schema = jsonschema.Draft202012Validator(schema_for(name, "action")).is_valid(_canonical_tiles(value))
    assert in_schema is accepted
