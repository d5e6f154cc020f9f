"""load_log reads its text strictly and within a size: the limit, its override, duplicate keys, lone surrogates."""

from __future__ import annotations

import random
from functools import cache

import pytest

import tablegames
from tablegames.core import logs
from tablegames.core.errors import LogError
from tablegames.core.logs import MAX_LOG_BYTES, load_log


@cache
def _text() -> str:
    """The full log of a two-player Sniff game some way in, as dumps writes it."""
    game = tablegames.new_game("american-sniff", seed=4, players=2)
    rng = random.Random(4)
    for _ in range(30):
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    return tablegames.dumps(game.log())


def test_a_key_written_twice_is_refused() -> None:
    """json.loads would keep the last seed ("seed":5,"seed":4 reads as 4): the log is refused instead."""
    text = _text()
    assert '"seed":4' in text
    twice = text.replace('"seed":4', '"seed":5,"seed":4')
    for given in (twice, twice.encode()):
        with pytest.raises(LogError, match="duplicate key 'seed'") as caught:
            load_log(given)
        assert caught.value.where == "$"
    inner = text.replace('"type":"hand_dealt"', '"type":"hand_dealt","type":"hand_dealt"', 1)
    with pytest.raises(LogError, match="duplicate key 'type'"):
        load_log(inner)


def test_a_lone_surrogate_and_nan_are_refused_as_json() -> None:
    """A \\ud800 escape or a NaN anywhere: a LogError at $, before the log is read as a game."""
    for bad in ('"\\ud800"', "NaN"):
        with pytest.raises(LogError, match="not JSON text") as caught:
            load_log(_text().replace('"seed":4', f'"seed":{bad}'))
        assert caught.value.where == "$"


def test_a_text_longer_than_max_bytes_is_refused_before_it_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit holds for str and bytes; the text is never handed to the JSON reader."""
    text = _text()
    size = len(text.encode())

    def never(_: object) -> None:
        raise AssertionError("parsed")

    monkeypatch.setattr(logs, "read_json", never)
    for given in (text, text.encode(), bytearray(text.encode())):
        with pytest.raises(LogError, match=f"more than {size - 1} bytes") as caught:
            load_log(given, max_bytes=size - 1)  # type: ignore[arg-type]
        assert caught.value.where == "$"


def test_the_limit_counts_utf8_bytes_and_allows_exactly_max_bytes() -> None:
    """A text of exactly max_bytes loads; a non-ASCII str is counted in UTF-8 bytes, not characters."""
    text = _text()
    size = len(text.encode())
    assert load_log(text, max_bytes=size) == load_log(text)
    accented = text[:-1] + ',"é":1}'  # "é" is 2 bytes; an unknown key, refused after the size is checked
    with pytest.raises(LogError, match="more than"):
        load_log(accented, max_bytes=len(accented))  # as many characters as allowed bytes, one byte more
    with pytest.raises(LogError, match="unknown keys"):
        load_log(accented, max_bytes=len(accented.encode()))


def test_the_default_limit_and_its_override() -> None:
    """MAX_LOG_BYTES by default, far above any real log; max_bytes=None lifts it, a larger one raises it."""
    assert MAX_LOG_BYTES == 16 * 1024 * 1024
    padded = _text() + " " * MAX_LOG_BYTES  # JSON whitespace: a valid log of MAX_LOG_BYTES + len bytes
    with pytest.raises(LogError, match=f"more than {MAX_LOG_BYTES} bytes"):
        load_log(padded)
    assert load_log(padded, max_bytes=None) == load_log(_text())
    assert load_log(padded, max_bytes=2 * MAX_LOG_BYTES) == load_log(_text())


def test_a_bad_max_bytes_is_a_type_or_value_error() -> None:
    """max_bytes is a count of bytes or None."""
    with pytest.raises(TypeError, match="max_bytes"):
        load_log(_text(), max_bytes="10")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_bytes"):
        load_log(_text(), max_bytes=-1)
