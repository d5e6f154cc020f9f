r"""The one strict reader of JSON text that comes from outside: logs, signed logs, compact headers, files.

The standard library's ``json.loads`` reads more than JSON, and some of it silently: an
object with a key twice keeps the last value (``{"seed":5,"seed":4}`` reads as seed 4, so two
programs can read one text two ways), ``NaN`` and ``Infinity`` read as floats, ``1e400`` reads
as infinity, a ``\ud800`` escape reads as a lone surrogate that no UTF-8 text can hold (it
breaks whatever encodes the string later), bytes may be UTF-16 or UTF-32, and text nested a
few thousand deep raises :class:`RecursionError`. :func:`read_json` reads JSON (RFC 8259) and
refuses all of these with a :class:`ValueError` whose message is short and bounded:

* an object with a duplicate key, at any depth;
* ``NaN``, ``Infinity`` and ``-Infinity``, and a number too large for a float;
* bytes that are not UTF-8 (a leading UTF-8 byte order mark is skipped, as ``json.loads``
  skips it), and a lone surrogate, written raw in a :class:`str` or as a ``\u`` escape that
  is not half of a pair (a pair, ``\ud83c\udca1``, is one character and is read);
* text nested deeper than the interpreter's recursion limit allows.

Every place in the library that parses JSON it did not write itself goes through it.

>>> from tablegames.core.jsontext import read_json
>>> read_json('{"seed": 5, "events": []}')
{'seed': 5, 'events': []}
>>> read_json('{"seed":5,"seed":4}')
Traceback (most recent call last):
...
ValueError: duplicate key 'seed' in an object
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Final

from tablegames.core.errors import QUOTE_LIMIT, quote

__all__ = ["read_json"]

_MESSAGE_LIMIT: Final = 200
"""The most characters of a message from the json module kept in read_json's message."""
_BOM: Final = b"\xef\xbb\xbf"
_ESCAPE: Final = re.compile(
    r"\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|(u[dD][89a-fA-F][0-9a-fA-F]{2})|.)", re.DOTALL
)
"""One escape of a JSON string, left to right: a surrogate pair, a lone surrogate (group 1), or any other."""
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object of ``pairs``, refusing a key that comes twice."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {quote(key, QUOTE_LIMIT)} in an object")
            seen.add(key)
    return obj


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {quote(text, 40)} is too large for a float")
    return value


_DECODER: Final = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant, parse_float=_float)


def read_json(text: str | bytes) -> Any:
    """The value that the JSON text ``text`` holds, read strictly (see the module's description).

    Args:
        text: JSON text, as a :class:`str` or as UTF-8 bytes.

    Returns:
        The value: dicts, lists, strings, ints, floats, bools and ``None``, as ``json.loads``
        builds them.

    Raises:
        TypeError: if ``text`` is neither a str nor bytes.
        ValueError: if ``text`` is not JSON, or holds what the module's description lists (a
            duplicate key, ``NaN``, a lone surrogate, bytes that are not UTF-8, nesting too
            deep); the message says what and is at most a few hundred characters.

    """
    if isinstance(text, bytes | bytearray):
        raw = bytes(text)
        try:
            text = raw.decode("utf-8-sig" if raw.startswith(_BOM) else "utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"not UTF-8 text: byte {exc.start} is {raw[exc.start : exc.start + 1]!r}") from None
    elif not isinstance(text, str):
        raise TypeError(f"JSON text is a str or bytes, not {type(text).__name__}")
    if not text.isascii():
        found = _SURROGATE.search(text)
        if found is not None:
            raise ValueError(f"a lone surrogate {found.group()!r} at character {found.start()}: not Unicode text")
    try:
        value = _DECODER.decode(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise ValueError(_short(f"{exc.msg}: line {exc.lineno} column {exc.colno} (char {exc.pos})")) from None
    except ValueError as exc:  # from the hooks above, or int() past its digit limit
        raise ValueError(_short(str(exc))) from None
    if "\\" in text:
        for escape in _ESCAPE.finditer(text):
            if escape.group(1) is not None:
                raise ValueError(
                    f"a lone surrogate \\{escape.group(1)} at character {escape.start()}: not Unicode text"
                )
    return value


def _short(message: str) -> str:
    return message if len(message) <= _MESSAGE_LIMIT else message[: _MESSAGE_LIMIT - 3] + "..."
