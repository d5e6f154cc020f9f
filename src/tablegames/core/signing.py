"""Tamper-evident logs: sign a log with a secret key, and load only what that key signed.

A log replays only if it obeys the rules, but the rules cannot tell a real log from an
invented one that also obeys them: a log whose first deal gives one seat every double, or
whose seed was changed to choose the next deals, replays without complaint. A server that
exports logs and takes them back signs them, so it can tell its own from anybody else's.

A signed log is a JSON object with two keys: ``log``, the log exactly as :func:`~tablegames.dumps`
writes it, and ``signature``, an object naming the algorithm (``"hmac-sha256"``, the standard
library's ``hmac``), the key's id (any string, to rotate keys; ``null`` if none) and the
MAC in lowercase hexadecimal. :func:`sign_log` writes it as ``{"log":<log>,"signature":{...}}``.

**What the signature authenticates.** The MAC is computed over the key id (as
``json.dumps`` writes it), a newline, and the text of the ``log`` value *exactly as
received*, byte for byte in UTF-8: :func:`verify_log` finds where that value starts and ends in
the text it is given, checks the MAC over those very bytes, and then loads those same bytes with
:func:`~tablegames.load_log`. Nothing is parsed and written again before the check, so the log
that loads is the text that was signed: re-indented, reordered or re-escaped log text, or one
with a key written twice (refused anyway, see :mod:`tablegames.core.jsontext`), does not verify.
The algorithm must be ``"hmac-sha256"``. What lies outside the ``log`` value (the whitespace
around the two members and their order, how the ``signature`` object is written) is not
authenticated and may differ from what :func:`sign_log` wrote; it carries nothing a game reads.

>>> from tablegames.core.signing import sign_log, verify_log
>>> import tablegames
>>> game = tablegames.new_game("american-sniff", seed=4, players=2)
>>> signed = sign_log(game.log(), b"the server's secret key", key_id="2026-12")
>>> verify_log(signed, {"2026-12": b"the server's secret key"}).seed
4
>>> forged = signed.replace('"seed":4', '"seed":5')
>>> verify_log(forged, {"2026-12": b"the server's secret key"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tablegames.core.signing.SignatureError: bad log at $.signature: the signature does not match the log: ...
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections.abc import Mapping
from typing import Any, Final

from tablegames.core.errors import LogError, quote
from tablegames.core.events import EventLog
from tablegames.core.logs import MAX_LOG_BYTES, _read_log_json, load_log
from tablegames.core.serde import dumps

__all__ = ["ALGORITHM", "SignatureError", "sign_log", "verify_log"]

ALGORITHM: Final = "hmac-sha256"
"""HMAC with SHA-256, from the standard library, the one signature algorithm."""

_KEYS: Final = frozenset({"log", "signature"})
_SIGNATURE_KEYS: Final = frozenset({"algorithm", "key_id", "value"})
_MIN_KEY: Final = 16
_SPACE: Final = re.compile(r"[ \t\n\r]*")
"""JSON's whitespace, between tokens."""
_DECODER: Final = json.JSONDecoder()
"""Finds where a value ends in text already read whole (and strictly) by :func:`_read_log_json`."""


class SignatureError(LogError):
    """A signed log whose signature is missing, malformed, by an unknown key or wrong.

    A :class:`~tablegames.core.errors.LogError`, so code that refuses bad logs refuses these too; a
    server may answer it apart (403 rather than 400).
    """


def _check_key(key: object) -> bytes:
    if not isinstance(key, bytes):
        raise TypeError(f"a signing key is bytes, not {type(key).__name__}")
    if len(key) < _MIN_KEY:
        raise ValueError(f"a signing key needs at least {_MIN_KEY} bytes (got {len(key)}); use secrets.token_bytes(32)")
    return key


def _mac(key: bytes, key_id: str | None, text: str) -> str:
    """The MAC of the key id and the log's text: the id (JSON), a newline, then the text."""
    message = json.dumps(key_id).encode() + b"\n" + text.encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def sign_log(log: EventLog, key: bytes, *, key_id: str | None = None) -> str:
    """The JSON text of ``log`` signed with ``key`` (see the module's description of the form).

    Args:
        log: a full or a redacted log.
        key: the secret, at least 16 bytes (``secrets.token_bytes(32)`` makes a good one).
        key_id: a name for the key, written in the clear, so a verifier can hold several.

    Raises:
        TypeError: if ``key`` is not bytes or ``key_id`` neither a string nor ``None``.
        ValueError: if ``key`` is shorter than 16 bytes.

    """
    _check_key(key)
    if key_id is not None and not isinstance(key_id, str):
        raise TypeError(f"a key id is a string or None, not {type(key_id).__name__}")
    text = dumps(log)
    signature = json.dumps({"algorithm": ALGORITHM, "key_id": key_id, "value": _mac(key, key_id, text)})
    return f'{{"log":{text},"signature":{signature}}}'


def verify_log(
    text: str | bytes, keys: bytes | Mapping[str | None, bytes], *, max_bytes: int | None = MAX_LOG_BYTES
) -> EventLog:
    """The log that ``text`` signs, once its signature is checked; then loaded as :func:`~tablegames.load_log` does.

    The signature is checked, over the log's text exactly as ``text`` holds it (see the
    module's description), before anything in the log is read as a game.

    Args:
        text: a signed log, as :func:`sign_log` writes it: a str or UTF-8 bytes.
        keys: the key, or the keys by id (``None`` for a key signed without an id).
        max_bytes: the most bytes ``text`` may take in UTF-8
            (:data:`~tablegames.core.logs.MAX_LOG_BYTES` by default), checked before it is
            parsed; ``None``: no limit.

    Raises:
        SignatureError: if the signature is missing or malformed, names an unknown key, or
            does not match the log.
        LogError: if the text is too long, is not JSON (:func:`~tablegames.core.jsontext.read_json`
            refuses it: a duplicate key, ``NaN``, a lone surrogate), or the signed log itself is
            malformed (its ``where`` then starts ``$.log``).
        TypeError: if ``keys`` is neither bytes nor a mapping of key ids to bytes, or holds a key
            that is not bytes; or if ``max_bytes`` is neither an int nor ``None``.
        ValueError: if a key is shorter than 16 bytes, or ``max_bytes`` is negative.

    """
    by_id: Mapping[str | None, bytes] = keys if isinstance(keys, Mapping) else {None: _check_key(keys)}
    for key in by_id.values():
        _check_key(key)
    data = _read_log_json(text, max_bytes=max_bytes)
    if not isinstance(data, dict) or data.keys() != _KEYS:
        got = sorted(data) if isinstance(data, dict) else type(data).__name__
        raise SignatureError("$", f"a signed log is a JSON object with keys ['log', 'signature'], not {quote(got)}")
    signature: Any = data["signature"]
    if not isinstance(signature, dict) or signature.keys() != _SIGNATURE_KEYS:
        raise SignatureError("$.signature", "expected an object with keys ['algorithm', 'key_id', 'value']")
    if signature["algorithm"] != ALGORITHM:
        raise SignatureError("$.signature.algorithm", f"expected {ALGORITHM!r}, got {quote(signature['algorithm'])}")
    key_id, value = signature["key_id"], signature["value"]
    if key_id is not None and not isinstance(key_id, str):
        raise SignatureError("$.signature.key_id", f"expected a string or null, got {quote(key_id)}")
    if not isinstance(value, str):
        raise SignatureError("$.signature.value", f"expected a hexadecimal string, got {quote(value)}")
    found = by_id.get(key_id)
    if found is None:
        raise SignatureError("$.signature.key_id", f"no key {quote(key_id)} is known here")
    log_text = _member_text(text if isinstance(text, str) else bytes(text).decode("utf-8-sig"), "log")
    if not (value.isascii() and hmac.compare_digest(_mac(found, key_id, log_text), value)):
        raise SignatureError(
            "$.signature", "the signature does not match the log: it was changed, or signed with another key"
        )
    try:
        return load_log(log_text, max_bytes=None)
    except LogError as exc:  # where in the signed text: under "log"
        raise LogError("$.log" + exc.where[1:], exc.reason) from None


def _member_text(text: str, name: str) -> str:
    """The text of the value of member ``name`` of the JSON object ``text``, exactly as written.

    ``text`` has been read whole already, strictly, and is an object with that member, so
    every step here finds what it expects.
    """
    try:
        at = _skip(text, 0) + 1  # past "{"
        while True:
            key, at = _DECODER.raw_decode(text, _skip(text, at))
            start = _skip(text, _skip(text, at) + 1)  # past ":"
            end = _DECODER.raw_decode(text, start)[1]
            if key == name:
                return text[start:end]
            at = _skip(text, end) + 1  # past ","
    except (ValueError, RecursionError):  # pragma: no cover - read_json read this very text
        raise SignatureError("$", f"the {name!r} member cannot be found in the text") from None


def _skip(text: str, at: int) -> int:
    """Where the JSON whitespace from ``at`` ends."""
    found = _SPACE.match(text, at)
    assert found is not None  # the pattern matches the empty text too
    return found.end()
