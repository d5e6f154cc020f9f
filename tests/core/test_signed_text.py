"""verify_log authenticates the log's bytes as received, reads its text strictly, and takes only keys of bytes."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

import tablegames
from tablegames.core.errors import LogError
from tablegames.core.logs import MAX_LOG_BYTES
from tablegames.core.signing import SignatureError, sign_log, verify_log

KEY = b"0123456789abcdef-server"


@cache
def _signed() -> str:
    """A two-player Sniff log, seed 4, some way in, signed with KEY under the id "k"."""
    game = tablegames.new_game("american-sniff", seed=4, players=2)
    rng = random.Random(4)
    for _ in range(30):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return sign_log(game.log(), KEY, key_id="k")


def test_a_duplicate_key_in_the_signed_log_is_refused() -> None:
    """A log with "seed":5,"seed":4 re-serialises to the signed "seed":4: the text received is refused instead."""
    signed = _signed()
    assert '"seed":4' in signed
    with pytest.raises(LogError, match="duplicate key 'seed'") as caught:
        verify_log(signed.replace('"seed":4', '"seed":5,"seed":4'), {"k": KEY})
    assert caught.value.where == "$"
    signature = signed[signed.index(',"signature":') : -1]
    with pytest.raises(LogError, match="duplicate key 'signature'"):
        verify_log(signed[:-1] + signature + "}", {"k": KEY})


@pytest.mark.parametrize("indent", [None, 0, 1, 2, "\t"])
def test_the_same_log_written_again_does_not_verify(indent: int | str | None) -> None:
    """Re-indented (or spaced) text holds the same log, but not the bytes that were signed: refused."""
    data = json.loads(_signed())
    again = json.dumps(data, indent=indent)
    assert again != _signed()
    with pytest.raises(SignatureError, match="does not match") as caught:
        verify_log(again, {"k": KEY})
    assert caught.value.where == "$.signature"


def test_the_log_in_other_key_order_or_escapes_does_not_verify() -> None:
    """The log's keys in another order, or its text written with \\u escapes: other bytes, refused."""
    signed = _signed()
    data = json.loads(signed)
    log = dict(reversed(list(data["log"].items())))
    reordered = (
        '{"log":' + json.dumps(log, separators=(",", ":")) + ',"signature":' + json.dumps(data["signature"]) + "}"
    )
    with pytest.raises(SignatureError, match="does not match"):
        verify_log(reordered, {"k": KEY})
    escaped = signed.replace('"seed"', '"\\u0073eed"')
    assert json.loads(escaped) == data
    with pytest.raises(SignatureError, match="does not match"):
        verify_log(escaped, {"k": KEY})


def test_only_the_text_outside_the_log_may_be_laid_out_otherwise() -> None:
    """Whitespace around the members, their order and the signature object's layout carry no game: they verify."""
    signed = _signed()
    data = json.loads(signed)
    log_text = signed[len('{"log":') : signed.index(',"signature":')]
    expected = tablegames.dumps(verify_log(signed, {"k": KEY}))
    for text in (
        f"\n {signed} \n",
        '{ "signature" : ' + json.dumps(data["signature"], indent=1) + ' ,\n "log" : ' + log_text + " }",
    ):
        assert tablegames.dumps(verify_log(text, {"k": KEY})) == expected
        assert tablegames.dumps(verify_log(text.encode(), {"k": KEY})) == expected


def test_a_lone_surrogate_is_a_log_error() -> None:
    """A \\ud800 escape in the log was a UnicodeEncodeError when the log was written again to check it."""
    for where in ('"american-sniff"', '"k"'):
        with pytest.raises(LogError, match="lone surrogate") as caught:
            verify_log(_signed().replace(where, '"\\ud800"', 1), {"k": KEY})
        assert caught.value.where == "$"
        assert not isinstance(caught.value, SignatureError)


@pytest.mark.parametrize("keys", ["a str key of some length", 1234, None, [KEY], bytearray(KEY)])
def test_keys_that_are_neither_bytes_nor_a_mapping_are_a_type_error(keys: object) -> None:
    """verify_log(text, "a str key") was an AttributeError; it is a TypeError saying a key is bytes."""
    with pytest.raises(TypeError, match="a signing key is bytes, not"):
        verify_log(_signed(), keys)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a signing key is bytes, not"):
        verify_log(_signed(), {"k": keys})  # type: ignore[dict-item]


def test_the_size_limit_and_its_override() -> None:
    """verify_log refuses a text over max_bytes (MAX_LOG_BYTES by default) before reading it; None lifts the limit."""
    signed = _signed()
    size = len(signed.encode())
    with pytest.raises(LogError, match=f"more than {size - 1} bytes") as caught:
        verify_log(signed, {"k": KEY}, max_bytes=size - 1)
    assert not isinstance(caught.value, SignatureError)
    assert verify_log(signed, {"k": KEY}, max_bytes=size) == verify_log(signed, {"k": KEY})
    padded = signed + " " * MAX_LOG_BYTES
    with pytest.raises(LogError, match=f"more than {MAX_LOG_BYTES} bytes"):
        verify_log(padded, {"k": KEY})
    assert verify_log(padded, {"k": KEY}, max_bytes=None) == verify_log(signed, {"k": KEY})
