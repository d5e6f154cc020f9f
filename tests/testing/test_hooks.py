"""The optional piece hooks of the built-in variants, which the kit's checks rely on."""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames.core.errors import InvalidOptionsError
from tablegames.variants.smear import Smear
from tablegames.variants.sniff import Sniff


def test_sniff_places_every_tile_once_and_hides_other_hands_and_the_stock() -> None:
    """Sniff's places are the hands, the stock and the layout; a seat cannot see the others' hands or the stock."""
    game = Sniff.create({"players": 3}, seed=11)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    places = game.piece_places()
    assert set(places) == {"hand 0", "hand 1", "hand 2", "stock", "layout"}
    assert Counter(t for pieces in places.values() for t in pieces) == Counter(Sniff.pieces)
    assert places["layout"] == tuple(game.layout.all_tiles())
    for seat in range(3):
        others = {t for s in range(3) if s != seat for t in places[f"hand {s}"]}
        assert game.hidden_pieces(seat) == frozenset(others | set(places["stock"]))
    with pytest.raises(InvalidOptionsError):
        game.hidden_pieces(3)


def test_smear_hides_the_untouched_undealt_and_the_discards_from_all_but_the_bidder() -> None:
    """Smear's places cover the 32 cards; the bidder's discards are hidden from everyone else."""
    game = Smear.create({"seen_undealt": 2}, seed=5)
    while game.phase != "play":
        legal = game.legal_actions()
        bids = [a for a in legal if a.tag == "bid"]
        game.apply(bids[0] if bids and game.phase == "bidding" else legal[0])
    places = game.piece_places()
    assert Counter(c for pieces in places.values() for c in pieces) == Counter(Smear.pieces)
    assert len(places["discards"]) == 2
    assert len(places["undealt"]) == 6
    bidder = game.bidder
    assert bidder is not None
    for seat in range(4):
        hidden = game.hidden_pieces(seat)
        assert set(places["undealt"]) <= hidden
        assert set(places[f"hand {seat}"]).isdisjoint(hidden)
        assert set(places["discards"]).isdisjoint(hidden) == (seat == bidder)
