"""restore bounds every count of a compact form's header by its bytes before it builds anything.

A compact form of a fresh game is about 170 bytes; with its ``hands`` count changed to 10**8 it
once made restore allocate 2.3 GB over several seconds, 10**12 raised MemoryError and 2**64
OverflowError. Each is now a LogError, before any allocation in proportion to the count.
"""

from __future__ import annotations

import json
import tracemalloc
import zlib
from collections.abc import Callable
from typing import Any, Final

import pytest

import tablegames as tg
from tablegames.core.compact import MAGIC, VERSION, restore
from tablegames.core.errors import LogError

_PEAK: Final = 8 * 1024 * 1024
"""The most memory restore may take for a form of a few hundred bytes (a real game's rebuild takes far less)."""


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | 0x80 if n else byte)
        if not n:
            return bytes(out)


def _parts(data: bytes) -> tuple[dict[str, Any], bytes]:
    rest = zlib.decompress(data[5:]) if data[4] & 1 else data[5:]
    length = shift = i = 0
    while True:
        byte = rest[i]
        length |= (byte & 0x7F) << shift
        shift += 7
        i += 1
        if not byte & 0x80:
            break
    return json.loads(rest[i : i + length]), rest[i + length :]


def _form(header: dict[str, Any], body: bytes = b"") -> bytes:
    text = json.dumps(header, separators=(",", ":")).encode()
    return MAGIC + bytes([VERSION, 0]) + _varint(len(text)) + text + body


def _refused(data: bytes) -> LogError:
    """The LogError restore raises for ``data``, checked to come without a large allocation."""
    tracemalloc.start()
    try:
        with pytest.raises(LogError) as caught:
            restore(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < _PEAK, f"restore took {peak} bytes to refuse {len(data)} bytes"
    return caught.value


_FRESH: Final[dict[str, Callable[[], tg.Game]]] = {
    "american-sniff": lambda: tg.new_game("american-sniff", seed=1, players=2),  # actions as one-byte ids
    "all-fives": lambda: tg.new_game("all-fives", seed=1),  # actions as JSON
}


@pytest.mark.parametrize("name", sorted(_FRESH))
@pytest.mark.parametrize(
    "hands",
    [10**8, 10**12, 2**64, 10**400, -1, "7", 1.5, True, None, [3], 1e300],
    ids=["1e8", "1e12", "2**64", "1e400", "-1", "str", "1.5", "true", "null", "list", "float-1e300"],
)
def test_a_hand_count_beyond_the_actions_is_refused_at_once(name: str, hands: object) -> None:
    """hands can be at most actions + 1; a larger count, a negative one or one that is no int: a LogError."""
    data = _FRESH[name]().compact()
    header, body = _parts(data)
    assert header["actions"] == 0
    form = _form(dict(header, hands=hands), body)
    assert len(form) < 1000
    error = _refused(form)
    assert error.where == "compact.hands"


def test_a_stacked_deal_far_past_the_actions_is_refused_at_once() -> None:
    """A deal for hand 10**8 - 1 needs 10**8 hands, which no action deals: refused before the hands are laid out."""
    game = tg.new_game("american-sniff", seed=1, players=2)
    header, body = _parts(game.compact())
    deal = tg.new_game("american-sniff", seed=2, players=2)
    deals = type(deal).deals_from_events(deal.events)
    stacked = [[10**8 - 1, json.loads(tg.dumps(deals[0]))]]
    assert _refused(_form(dict(header, hands=10**8, deals=stacked), body)).where == "compact.hands"


@pytest.mark.parametrize("actions", [10**8, 10**12, 2**64], ids=["1e8", "1e12", "2**64"])
def test_an_action_count_beyond_the_ids_is_refused_at_once(actions: int) -> None:
    """actions is bounded by the ids the body holds: the first missing one is named, nothing is allocated (a guard)."""
    game = tg.new_game("american-sniff", seed=1, players=2)
    game.apply(game.legal_actions()[0])
    header, body = _parts(game.compact())
    assert header["actions"] == 1 and len(body) == 1
    assert _refused(_form(dict(header, actions=actions), body)).where == "compact.actions[1]"


def test_every_real_hand_count_is_within_the_bound() -> None:
    """The bound refuses no real game: hands <= actions + 1 at every step of long matches of every installed variant."""
    for name in tg.variant_names():
        game = tg.new_game(name, seed=3)
        actions = 0
        while not game.is_over and actions < 3000:
            game.apply(game.legal_actions()[0])
            actions += 1
            hands = len(game._deal_record()[1])
            assert hands <= actions + 1, (name, hands, actions)
        header, _ = _parts(game.compact())
        assert (header["hands"], header["actions"]) == (hands, actions)
        assert tg.dumps(restore(game.compact()).log()) == tg.dumps(game.log())
