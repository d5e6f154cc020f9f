"""Signed logs: what a key signed loads; a change anywhere, another key or a forged signature does not."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import LogError
from tablegames.core.signing import ALGORITHM, SignatureError, sign_log, verify_log

KEY = b"0123456789abcdef-server"
OTHER = b"0123456789abcdef-other!"


@cache
def _game(variant: str, steps: int) -> tablegames.Game:
    game = tablegames.new_game(variant, seed=11)
    rng = random.Random(11)
    for _ in range(steps):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return game


@pytest.mark.parametrize("variant", ["american-sniff", "four-point-smear"])
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_a_signed_log_verifies_to_the_same_log(variant: str, seat: int | None) -> None:
    log = _game(variant, 40).log(seat)
    signed = sign_log(log, KEY, key_id="k1")
    assert verify_log(signed, {"k1": KEY}) == log
    assert tablegames.dumps(verify_log(signed.encode(), {"k1": KEY})) == tablegames.dumps(log)
    assert json.loads(signed)["log"] == json.loads(tablegames.dumps(log))


def test_a_key_without_an_id() -> None:
    log = _game("american-sniff", 10).log()
    signed = sign_log(log, KEY)
    assert json.loads(signed)["signature"] == {
        "algorithm": ALGORITHM,
        "key_id": None,
        "value": json.loads(signed)["signature"]["value"],
    }
    assert verify_log(signed, KEY) == log
    assert verify_log(signed, {None: KEY, "k2": OTHER}) == log


def test_the_seed_changed_is_refused() -> None:
    """The finding of the issue: a changed seed changes every later deal, silently, unless signed."""
    log = _game("american-sniff", 30).log()
    assert log.seed is not None
    signed = sign_log(log, KEY)
    seed = f'"seed":{log.seed}'
    assert seed in signed
    forged = signed.replace(seed, f'"seed":{log.seed + 1}')
    tablegames.load_log(json.dumps(json.loads(forged)["log"]))  # a valid log on its own
    with pytest.raises(SignatureError, match="does not match"):
        verify_log(forged, KEY)


def test_a_stacked_deal_is_refused_without_the_key() -> None:
    """A log made elsewhere (here: another seed's game) signed with another key does not load."""
    log = _game("american-sniff", 30).log()
    with pytest.raises(SignatureError, match="does not match") as caught:
        verify_log(sign_log(log, OTHER), KEY)
    assert caught.value.where == "$.signature"
    assert isinstance(caught.value, LogError)


def test_the_key_id_is_signed_too() -> None:
    log = _game("american-sniff", 5).log()
    signed = json.loads(sign_log(log, KEY, key_id="old"))
    signed["signature"]["key_id"] = "new"
    with pytest.raises(SignatureError, match="does not match"):
        verify_log(json.dumps(signed), {"old": KEY, "new": KEY})


@pytest.mark.parametrize(
    ("mutate", "where", "words"),
    [
        (lambda d: d.pop("signature"), "$", "keys"),
        (lambda d: d.update(extra=1), "$", "keys"),
        (lambda d: d.update(signature="abc"), "$.signature", "expected an object"),
        (lambda d: d["signature"].update(algorithm="md5"), "$.signature.algorithm", "hmac-sha256"),
        (lambda d: d["signature"].update(key_id=7), "$.signature.key_id", "string or null"),
        (lambda d: d["signature"].update(key_id="nobody"), "$.signature.key_id", "no key"),
        (lambda d: d["signature"].update(value=None), "$.signature.value", "hexadecimal"),
        (lambda d: d["signature"].update(value="00" * 32), "$.signature", "does not match"),
        (lambda d: d["signature"].update(value="\u00e9" * 64), "$.signature", "does not match"),
    ],
)
def test_malformed_signatures(mutate: object, where: str, words: str) -> None:
    data = json.loads(sign_log(_game("american-sniff", 5).log(), KEY, key_id="k"))
    mutate(data)  # type: ignore[operator]
    with pytest.raises(SignatureError, match=words) as caught:
        verify_log(json.dumps(data), {"k": KEY})
    assert caught.value.where == where


@pytest.mark.parametrize("text", ["", "[1]", '"log"', "{", "[" * 100_000])
def test_not_a_signed_log(text: str) -> None:
    with pytest.raises(LogError):
        verify_log(text, KEY)


def test_a_signed_log_that_is_itself_malformed_says_where() -> None:
    """Only the key's holder can sign a bad log; it still loads through every check."""
    log = _game("american-sniff", 5).log()
    data = json.loads(tablegames.dumps(log))
    data["events"][0]["type"] = "nonsense"
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    signed = json.dumps({"log": data, "signature": json.loads(sign_log(log, KEY))["signature"]})
    with pytest.raises(SignatureError):  # changed after signing
        verify_log(signed, KEY)
    from tablegames.core.signing import _mac  # re-sign the bad log as its key holder would

    signature = {"algorithm": ALGORITHM, "key_id": None, "value": _mac(KEY, None, text)}
    signed = f'{{"log":{text},"signature":{json.dumps(signature)}}}'  # the very text signed, as sign_log lays it out
    with pytest.raises(LogError) as caught:
        verify_log(signed, KEY)
    assert not isinstance(caught.value, SignatureError)
    assert caught.value.where == "$.log.events[0]"


def test_bad_keys() -> None:
    log = _game("american-sniff", 5).log()
    with pytest.raises(ValueError, match="16 bytes"):
        sign_log(log, b"short")
    with pytest.raises(TypeError, match="bytes"):
        sign_log(log, "a string key of some length")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="key id"):
        sign_log(log, KEY, key_id=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="16 bytes"):
        verify_log(sign_log(log, KEY), {"k": b"short"})


@given(st.data())
def test_any_change_to_the_text_is_refused_or_changes_nothing(data: st.DataObject) -> None:
    """Change one character of a signed log: it fails to verify, or it verifies to the very same log."""
    log = _game("four-point-smear", 25).log()
    signed = sign_log(log, KEY, key_id="k")
    at = data.draw(st.integers(0, len(signed) - 1), label="at")
    char = data.draw(st.characters(codec="utf-8"), label="char")
    changed = signed[:at] + char + signed[at + 1 :]
    try:
        got = verify_log(changed, {"k": KEY})
    except LogError:
        return
    assert got == log
