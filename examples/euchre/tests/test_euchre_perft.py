"""Perft counts of Euchre from a stacked deal: the first depths worked out by hand, the next pinned."""

from __future__ import annotations

from typing import Any

import pytest
from tablegames_euchre import Euchre

from tablegames.testing.perft import perft, perft_divide

# The first shuffled deal of seed 3 (tools/perft.py's source for Euchre), dealt by seat 0, JD up.
DEAL: dict[str, Any] = {
    "hands": [
        ["AH", "KH", "AD", "AC", "QC"],
        ["AS", "QS", "9D", "10C", "9C"],
        ["9S", "JH", "10H", "QD", "10D"],
        ["JS", "QH", "9H", "KD", "KC"],
    ],
    "up_card": "JD",
    "kitty": ["10S", "KS", "JC"],
    "dealer": 0,
}


def test_the_first_depths_by_hand() -> None:
    """Seat 1 passes or orders up the JD (alone or not); each call has the dealer discard one of six.

    Depth 2: after a pass seat 2 has the same 3 calls; after either call the dealer has 6
    discards: 3 + 6 + 6 = 15. Depth 3: two passes give seat 3 its 3 calls; a pass and seat 2's
    call give the dealer 6 discards, but seat 2 alone makes the dealer sit out and seat 1 lead
    one of 5 cards (3 + 6 + 5); after seat 1's call and a discard, seat 1 leads one of 5 cards,
    alone or not (2 x 6 x 5): 14 + 60 = 74.
    """
    game = Euchre.create(seed=1, deals=[DEAL])
    assert [perft(game, depth) for depth in (1, 2, 3)] == [3, 15, 74]
    assert perft_divide(game, 3) == {
        '{"type":"pass"}': 14,
        '{"type":"call","suit":"D","alone":false}': 30,
        '{"type":"call","suit":"D","alone":true}': 30,
    }


@pytest.mark.parametrize(
    ("options", "counts"),
    [
        ({}, [3, 15, 74, 240, 464, 1323]),
        ({"stick_the_dealer": True, "alone": False}, [2, 8, 38, 128, 220, 419]),
    ],
)
def test_counts_to_depth_6(options: dict[str, Any], counts: list[int]) -> None:
    """The counts tools/perft.py finds for this deal (with and without going alone) do not change."""
    game = Euchre.create(options, seed=1, deals=[DEAL])
    assert [perft(game, depth) for depth in range(1, 7)] == counts
