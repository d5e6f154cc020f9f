"""The strict JSON reader (tablegames.core.jsontext): JSON as json.loads reads it, and nothing it reads silently."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

from tablegames.core.jsontext import read_json
from tests.strategies import any_json

_MESSAGE_BOUND = 300
"""The longest message read_json may give."""


def refused(text: str | bytes) -> str:
    """The message of the ValueError that read_json raises for ``text`` (checked to be short)."""
    with pytest.raises(ValueError) as caught:
        read_json(text)
    message = str(caught.value)
    assert len(message) <= _MESSAGE_BOUND, message[:400]
    return message


@given(any_json)
def test_json_written_by_json_dumps_reads_as_json_loads_reads_it(value: Any) -> None:
    """Any JSON value, written compact, indented or all-ASCII, reads back as the standard library reads it."""
    for text in (json.dumps(value), json.dumps(value, indent=2), json.dumps(value, ensure_ascii=False)):
        assert read_json(text) == json.loads(text)
        assert read_json(text.encode()) == json.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"seed":5,"seed":4}',
        '{"a":1,"b":2,"a":1}',
        '[1, {"x": [{"y": {"z": 1, "z": 2}}]}]',
        '{"log": {"seed": 1}, "signature": {}, "log": {"seed": 2}}',
    ],
)
def test_a_key_twice_in_any_object_is_refused(text: str) -> None:
    """json.loads keeps the last of two equal keys; read_json refuses the text, so no two readers disagree."""
    assert "duplicate key" in refused(text)
    assert "duplicate key" in refused(text.encode())


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"a": -Infinity}', "1e400", "[-1e999]"])
def test_constants_and_numbers_that_are_no_finite_float_are_refused(text: str) -> None:
    """NaN, Infinity and -Infinity are not JSON; 1e400 is JSON but no float holds it."""
    refused(text)


@pytest.mark.parametrize(
    "text",
    ['"\\ud800"', '["a\\udfff"]', '{"\\ud83c": 1}', '"\\udca1\\ud83c"', '"\\ud83c\\\\udca1"', '"x\\ud800\\n"'],
)
def test_a_lone_surrogate_escape_is_refused(text: str) -> None:
    """A \\u escape of half a surrogate pair names no character: no UTF-8 text can hold it."""
    assert "lone surrogate" in refused(text)


def test_a_raw_lone_surrogate_in_a_str_is_refused() -> None:
    """A str may hold a lone surrogate itself (not escaped): refused too."""
    assert "lone surrogate" in refused('"\ud800"')
    assert "lone surrogate" in refused('{"a": "ok", "b": "\udc00"}')


def test_surrogate_pairs_and_escaped_backslashes_are_read() -> None:
    """A pair of escapes is one character; a backslash escaped before "ud800" is no escape of a surrogate."""
    assert read_json('"\\ud83c\\udca1"') == "\U0001f0a1"
    assert read_json('"\\\\ud800"') == "\\ud800"
    assert read_json('["\\\\", "\\u00e9", "\U0001f0a1"]') == ["\\", "\u00e9", "\U0001f0a1"]


@pytest.mark.parametrize(
    "raw",
    [b'"\xff"', b'"\xed\xa0\x80"', '"é"'.encode("utf-16"), "[1]".encode("utf-32"), b'"\xc3"'],
)
def test_bytes_that_are_not_utf8_are_refused(raw: bytes) -> None:
    """Bytes are UTF-8 (RFC 8259), never UTF-16 or UTF-32, and never an encoded surrogate."""
    refused(raw)


def test_a_utf8_byte_order_mark_is_skipped_in_bytes() -> None:
    """As json.loads skips it in bytes; a str holding one is refused, as json.loads refuses it."""
    assert read_json(b"\xef\xbb\xbf[1]") == [1]
    refused("\ufeff[1]")


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 100_000, "[" * 100_000 + "]" * 100_000])
def test_text_nested_too_deeply_is_a_value_error(text: str) -> None:
    """Never a RecursionError."""
    assert "nested too deeply" in refused(text)


@pytest.mark.parametrize("text", ["", "{", '{"a":1,}', "[1] [2]", "1" * 5000, '"' + "x" * 1_000_000])
def test_text_that_is_not_json_gets_a_short_message(text: str) -> None:
    """The json module's message, cut short: it never quotes the whole text."""
    refused(text)


def test_what_is_not_text_is_a_type_error() -> None:
    """read_json takes a str or bytes."""
    with pytest.raises(TypeError, match="str or bytes, not int"):
        read_json(3)  # type: ignore[arg-type]
