"""Every Hypothesis strategy the tests use: seeds, player counts, random play, deals, JSON junk."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import attrs
from hypothesis import strategies as st

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.events import Event
from tablegames.variants.sniff import (
    END_IDS,
    HAND_SIZES,
    ArmView,
    EndView,
    GameEnded,
    HandDealt,
    HandEnded,
    LeaderDrawn,
    Passed,
    Play,
    Scored,
    SniffDeal,
    SniffOptions,
    SniffView,
    TileDrawn,
    TilePlayed,
    play,
)

__all__ = [
    "END_CHOICES",
    "PLAYER_COUNTS",
    "TILES",
    "TILE_TEXTS",
    "GameCase",
    "choice_seeds",
    "choices",
    "deal_json",
    "end_ids",
    "events",
    "game_cases",
    "json_junk",
    "near_miss_actions",
    "player_counts",
    "plays",
    "seeds",
    "sniff_deals",
    "sniff_options",
    "sniff_views",
    "tiles",
]

TILES: Final[tuple[Tile, ...]] = domino_set(6)
"""The 28 double-six tiles, highest first."""
TILE_TEXTS: Final[tuple[str, ...]] = tuple(str(t) for t in TILES)
"""The 28 tiles in notation."""
END_CHOICES: Final[tuple[str | None, ...]] = (None, *END_IDS)
"""Every end id a Sniff play may name, ``None`` (the opening) included."""
PLAYER_COUNTS: Final = (2, 3, 4)
"""The player counts American Sniff allows."""

seeds: st.SearchStrategy[int] = st.integers(min_value=0, max_value=2**63 - 1)
"""Game seeds."""
player_counts: st.SearchStrategy[int] = st.sampled_from(PLAYER_COUNTS)
"""2, 3 or 4 players."""
choice_seeds: st.SearchStrategy[int] = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds of the :class:`random.Random` that picks among the legal actions."""
choices: st.SearchStrategy[list[int]] = st.lists(st.integers(min_value=0, max_value=2**16 - 1), max_size=60)
"""A short sequence of choices, each an index (modulo) into the legal actions of the moment."""
tiles: st.SearchStrategy[Tile] = st.sampled_from(TILES)
"""A double-six tile."""
end_ids: st.SearchStrategy[str | None] = st.sampled_from(END_CHOICES)
"""An end id or ``None``."""
plays: st.SearchStrategy[Play] = st.builds(play, tiles, end_ids)
"""A Sniff play, legal or not."""


@attrs.frozen
class GameCase:
    """A random whole game: its seed, its player count and the seed of the random player."""

    seed: int
    players: int
    choice_seed: int

    def rng(self) -> random.Random:
        """A fresh generator for the choices, the same one every time."""
        return random.Random(self.choice_seed)


game_cases: st.SearchStrategy[GameCase] = st.builds(
    GameCase, seed=seeds, players=player_counts, choice_seed=choice_seeds
)
"""A seed, a player count and a choice seed: everything a random game depends on."""


def _split(order: Sequence[str], players: int) -> tuple[list[list[str]], list[str]]:
    size = HAND_SIZES[players]
    hands = [list(order[i * size : (i + 1) * size]) for i in range(players)]
    return hands, list(order[players * size :])


@st.composite
def deal_json(draw: st.DrawFn, players: int, *, leader: bool = True) -> dict[str, Any]:
    """The JSON form of a stacked deal for ``players``: a permutation of the 28 tiles.

    With ``leader`` the deal names a leader; otherwise it may or may not.
    """
    order = draw(st.permutations(TILE_TEXTS))
    hands, stock = _split(order, players)
    out: dict[str, Any] = {"hands": hands, "stock": stock}
    if leader or draw(st.booleans()):
        out["leader"] = draw(st.integers(min_value=0, max_value=players - 1))
    return out


@st.composite
def sniff_deals(draw: st.DrawFn, players: int | None = None) -> SniffDeal:
    """A valid :class:`SniffDeal` (for a random player count unless ``players`` is given)."""
    n = draw(player_counts) if players is None else players
    order = draw(st.permutations(TILES))
    size = HAND_SIZES[n]
    hands = tuple(tuple(order[i * size : (i + 1) * size]) for i in range(n))
    leader = draw(st.none() | st.integers(min_value=0, max_value=n - 1))
    return SniffDeal(hands=hands, stock=tuple(order[n * size :]), leader=leader)


sniff_options: st.SearchStrategy[SniffOptions] = st.one_of(
    player_counts.map(lambda n: SniffOptions(players=n)),
    st.builds(SniffOptions, players=player_counts, target=st.integers(min_value=1, max_value=10**9)),
)
"""Valid Sniff options, with the default target or an explicit one."""

_ints: st.SearchStrategy[int] = st.integers(min_value=-(10**6), max_value=10**6)
_tile_tuples: st.SearchStrategy[tuple[Tile, ...]] = st.lists(tiles, max_size=8).map(tuple)
_seat_or_none: st.SearchStrategy[int | None] = st.none() | st.integers(min_value=0, max_value=3)

events: st.SearchStrategy[Event] = st.one_of(
    st.builds(
        HandDealt,
        st.integers(min_value=1, max_value=500),
        st.lists(st.none() | _tile_tuples, min_size=2, max_size=4).map(tuple),
        st.none() | _tile_tuples,
        st.integers(min_value=0, max_value=14),
    ),
    st.builds(LeaderDrawn, st.integers(min_value=0, max_value=3)),
    st.builds(TilePlayed, st.integers(min_value=0, max_value=3), tiles, end_ids, _ints),
    st.builds(
        Scored,
        st.integers(min_value=0, max_value=3),
        st.integers(min_value=0, max_value=3),
        _ints,
        st.sampled_from(("count", "remaining")),
        _ints,
    ),
    st.builds(TileDrawn, st.integers(min_value=0, max_value=3), st.none() | tiles),
    st.builds(Passed, st.integers(min_value=0, max_value=3)),
    st.builds(
        HandEnded,
        st.integers(min_value=1, max_value=500),
        st.sampled_from(("domino", "blocked")),
        _seat_or_none,
        st.lists(_tile_tuples, min_size=2, max_size=4).map(tuple),
    ),
    st.builds(GameEnded, st.integers(min_value=0, max_value=3), st.lists(_ints, min_size=2, max_size=4).map(tuple)),
)
"""Any Sniff event with arbitrary (well-typed) fields, for JSON round trips."""

sniff_views: st.SearchStrategy[SniffView] = st.builds(
    SniffView,
    seat=st.integers(min_value=0, max_value=3),
    hand_number=st.integers(min_value=1, max_value=99),
    hand=_tile_tuples,
    hand_sizes=st.lists(st.integers(min_value=0, max_value=20), min_size=2, max_size=4).map(tuple),
    scores=st.lists(_ints, min_size=2, max_size=4).map(tuple),
    current_player=_seat_or_none,
    legal_actions=st.lists(plays, max_size=6).map(tuple),
    count=st.integers(min_value=0, max_value=60),
    ends=st.lists(st.builds(EndView, st.sampled_from(END_IDS), st.integers(0, 6)), max_size=4).map(tuple),
    stock_size=st.integers(min_value=0, max_value=14),
    players=st.sampled_from(PLAYER_COUNTS),
    target=st.integers(min_value=1, max_value=1000),
    side_of_seat=st.lists(st.integers(0, 3), min_size=2, max_size=4).map(tuple),
    opening=st.none() | tiles,
    sniff=st.none() | tiles,
    arms=st.lists(
        st.builds(ArmView, st.sampled_from(END_IDS), _tile_tuples, st.integers(0, 6), st.booleans()), max_size=4
    ).map(tuple),
    winner=_seat_or_none,
)
"""Arbitrary (well-typed) Sniff views, for JSON round trips."""

_json_scalars: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.sampled_from((*TILE_TEXTS, "4-6", "9-9", "6-", "play", "W", "E", "N", "S", "w", "")),
)
json_junk: st.SearchStrategy[Any] = st.recursive(
    _json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(("type", "tile", "end", "x")) | st.text(max_size=4), inner, max_size=4),
    ),
    max_leaves=10,
)
"""Any JSON value (no NaN or infinity), biased towards the words of Sniff actions."""


@st.composite
def near_miss_actions(draw: st.DrawFn) -> dict[str, Any]:
    """A JSON object shaped almost like a Sniff play: some fields right, some wrong or extra."""
    out: dict[str, Any] = {"type": draw(st.sampled_from(("play", "play", "Play", "bid", "")) | json_junk)}
    if draw(st.booleans()):
        out["tile"] = draw(st.sampled_from(TILE_TEXTS) | json_junk)
    if draw(st.booleans()):
        out["end"] = draw(end_ids | json_junk)
    if draw(st.booleans()):
        out[draw(st.sampled_from(("x", "seat", "count", "Tile")))] = draw(json_junk)
    return out
