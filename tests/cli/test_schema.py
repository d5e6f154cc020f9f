"""`tablegames schema`: a variant's JSON Schemas printed, one kind or all of them."""

from __future__ import annotations

import json

import pytest

from tablegames.schema import SCHEMA_KINDS, format_schema, schema_for
from tests.cli.support import run


@pytest.mark.parametrize("name", ["american-sniff", "four-point-smear"])
def test_schema_prints_every_kind_keyed_by_kind(name: str) -> None:
    """Without --kind, the command prints one JSON object holding each kind's schema."""
    done = run("schema", name)
    assert done.code == 0, done
    assert done.err == ""
    printed = json.loads(done.out)
    assert sorted(printed) == sorted(SCHEMA_KINDS)
    for kind in SCHEMA_KINDS:
        assert printed[kind] == schema_for(name, kind)


@pytest.mark.parametrize("kind", SCHEMA_KINDS)
def test_schema_kind_prints_exactly_the_shipped_text(kind: str) -> None:
    """With --kind, the command prints that schema as the shipped file holds it (sorted, indented)."""
    done = run("schema", "four-point-smear", "--kind", kind)
    assert done.code == 0, done
    assert done.out == format_schema(schema_for("four-point-smear", kind))
    assert json.loads(done.out)["$id"].endswith(f":four-point-smear:{kind}")


def test_an_unknown_variant_is_a_one_line_error() -> None:
    """An unknown variant ends with exit status 2 and one line naming the known variants."""
    done = run("schema", "chess")
    assert done.code == 2
    assert done.out == ""
    assert done.err.count("\n") == 1
    assert done.err.startswith("tablegames: error: unknown variant 'chess'") and "american-sniff" in done.err


def test_an_unknown_kind_is_a_one_line_error() -> None:
    """An unknown kind ends with exit status 2 and one line naming the kinds allowed."""
    done = run("schema", "american-sniff", "--kind", "board")
    assert done.code == 2
    assert done.out == ""
    assert done.err.count("\n") == 1
    assert "invalid choice: 'board'" in done.err and all(kind in done.err for kind in SCHEMA_KINDS)


def test_a_missing_variant_is_a_usage_error() -> None:
    """The variant name is required."""
    done = run("schema")
    assert done.code == 2
    assert "NAME" in done.err or "variant" in done.err
