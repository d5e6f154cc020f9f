"""Every Hypothesis strategy the tests use: seeds, player counts, random play, deals, JSON junk."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import attrs
from hypothesis import strategies as st

from tablegames.components.cards import Card, piquet_deck
from tablegames.components.tiles import Tile, domino_set
from tablegames.core.events import Event
from tablegames.core.game import MAX_TARGET
from tablegames.variants.smear import HIGH_LOW_RULES, SmearOptions
from tablegames.variants.sniff import (
    END_IDS,
    HAND_SIZES,
    ArmView,
    EndView,
    GameEnded,
    HandDealt,
    HandEnded,
    LastLayout,
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
    "CARDS",
    "CARD_TEXTS",
    "END_CHOICES",
    "PLAYER_COUNTS",
    "SMEAR_OPTION_COMBOS",
    "TILES",
    "TILE_TEXTS",
    "GameCase",
    "SmearCase",
    "any_json",
    "choice_seeds",
    "choices",
    "deal_json",
    "end_ids",
    "events",
    "from_json_schema",
    "game_cases",
    "json_junk",
    "near_miss_actions",
    "near_miss_smear_actions",
    "near_schema",
    "player_counts",
    "plays",
    "seeds",
    "smear_cases",
    "smear_deal_json",
    "smear_json_junk",
    "smear_options",
    "smear_targets",
    "sniff_deals",
    "sniff_options",
    "sniff_views",
    "suit_heavy_smear_deal_json",
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
    st.builds(SniffOptions, players=player_counts, target=st.integers(min_value=1, max_value=MAX_TARGET)),
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

_arm_views: st.SearchStrategy[tuple[ArmView, ...]] = st.lists(
    st.builds(ArmView, st.sampled_from(END_IDS), _tile_tuples, st.integers(0, 6), st.booleans()), max_size=4
).map(tuple)

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
    arms=_arm_views,
    winner=_seat_or_none,
    last_layout=st.none()
    | st.builds(
        LastLayout,
        hand_number=st.integers(min_value=1, max_value=98),
        opening=st.none() | tiles,
        sniff=st.none() | tiles,
        arms=_arm_views,
    ),
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


# -- Four Point Smear ---------------------------------------------------------------------------

CARDS: Final[tuple[Card, ...]] = piquet_deck()
"""The 32 cards of the piquet deck (A K Q J 10 9 8 7 in each suit), in deck order."""
CARD_TEXTS: Final[tuple[str, ...]] = tuple(str(c) for c in CARDS)
"""The 32 cards in notation."""
SMEAR_OPTION_COMBOS: Final[tuple[SmearOptions, ...]] = tuple(
    SmearOptions(seen_undealt=k, win_only_on_bid=w, cap_non_bidders=c, high_low=h)
    for k in range(4)
    for w in (False, True)
    for c in (False, True)
    for h in HIGH_LOW_RULES
)
"""Every combination of the rule options (seen_undealt, win_only_on_bid, cap_non_bidders, high_low), default target."""

smear_targets: st.SearchStrategy[int] = st.one_of(st.just(15), st.integers(min_value=1, max_value=7))
"""The default target of 15, or sometimes a small one (short matches, and wins by a margin or on a tie)."""
smear_options: st.SearchStrategy[SmearOptions] = st.builds(
    SmearOptions,
    seen_undealt=st.integers(min_value=0, max_value=3),
    win_only_on_bid=st.booleans(),
    cap_non_bidders=st.booleans(),
    high_low=st.sampled_from(HIGH_LOW_RULES),
    target=smear_targets,
)
"""Valid Smear options: any combination of the rule options, with the default target or a small one."""


@attrs.frozen
class SmearCase:
    """A random Smear game: its seed, its options and the seed of the random players."""

    seed: int
    options: SmearOptions
    choice_seed: int

    def rng(self) -> random.Random:
        """A fresh generator for the choices, the same one every time."""
        return random.Random(self.choice_seed)


smear_cases: st.SearchStrategy[SmearCase] = st.builds(
    SmearCase, seed=seeds, options=smear_options, choice_seed=choice_seeds
)
"""A seed, options and a choice seed: everything a random Smear game depends on."""


@st.composite
def smear_deal_json(draw: st.DrawFn, *, dealer: bool = True) -> dict[str, Any]:
    """The JSON form of a stacked Smear deal: a permutation of the 32 cards, 6 to each seat and 8 undealt.

    With ``dealer`` the deal names a dealer; otherwise it may or may not.
    """
    order = draw(st.permutations(CARD_TEXTS))
    out: dict[str, Any] = {"hands": [list(order[i * 6 : (i + 1) * 6]) for i in range(4)], "undealt": list(order[24:])}
    if dealer or draw(st.booleans()):
        out["dealer"] = draw(st.integers(min_value=0, max_value=3))
    return out


@st.composite
def suit_heavy_smear_deal_json(draw: st.DrawFn, seat: int, seen_undealt: int) -> dict[str, Any]:
    """A stacked Smear deal giving ``seat`` 4 to 6 cards of one suit, sometimes with more of it on top of the undealt.

    With the bidding won by ``seat``, the bidder holds up to 8 cards of that suit after taking up
    ``seen_undealt`` cards: the trump-discard restriction (rule 9) at and around its limit.
    """
    suit = draw(st.sampled_from("SHDC"))
    suited = draw(st.permutations([c for c in CARD_TEXTS if c.endswith(suit)]))
    others = draw(st.permutations([c for c in CARD_TEXTS if not c.endswith(suit)]))
    held = draw(st.integers(min_value=4, max_value=6))
    on_top = draw(st.integers(min_value=0, max_value=seen_undealt))
    hand = [*suited[:held], *others[: 6 - held]]
    top = draw(st.permutations([*suited[held : held + on_top], *others[6 - held : 6 - held + seen_undealt - on_top]]))
    rest = draw(st.permutations([*suited[held + on_top :], *others[6 - held + seen_undealt - on_top :]]))
    chunks = iter(rest[i : i + 6] for i in range(0, 18, 6))
    hands = [hand if s == seat else list(next(chunks)) for s in range(4)]
    return {"hands": hands, "undealt": [*top, *rest[18:]], "dealer": draw(st.integers(min_value=0, max_value=3))}


_smear_words: st.SearchStrategy[Any] = st.sampled_from(
    (*CARD_TEXTS, "bid", "pass", "discard", "play", "Bid", "PASS", "amount", "cards", "card", "1S", "10", "JK1", "")
)
_smear_scalars: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=7),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    _smear_words,
)
smear_json_junk: st.SearchStrategy[Any] = st.recursive(
    _smear_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(("type", "amount", "cards", "card", "x")) | st.text(max_size=4), inner, max_size=4
        ),
    ),
    max_leaves=10,
)
"""Any JSON value (no NaN or infinity), biased towards the words and cards of Smear actions."""


@st.composite
def near_miss_smear_actions(draw: st.DrawFn) -> dict[str, Any]:
    """A JSON object shaped almost like a Smear action: some fields right, some wrong, missing or extra."""
    kind = draw(st.sampled_from(("bid", "pass", "discard", "play", "Play", "")) | smear_json_junk)
    out: dict[str, Any] = {"type": kind}
    if draw(st.booleans()):
        out["amount"] = draw(st.integers(min_value=-1, max_value=6) | smear_json_junk)
    if draw(st.booleans()):
        out["card"] = draw(st.sampled_from(CARD_TEXTS) | smear_json_junk)
    if draw(st.booleans()):
        out["cards"] = draw(st.lists(st.sampled_from(CARD_TEXTS), max_size=4) | smear_json_junk)
    if draw(st.booleans()):
        out[draw(st.sampled_from(("x", "seat", "Card", "tile")))] = draw(smear_json_junk)
    return out


# -- JSON Schema ---------------------------------------------------------------------------------

any_json: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=-(2**53), max_value=2**53).map(float),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=8),
        st.sampled_from(("", " ", "6-4", "4-6", " 6-4", "06-4", "\u0666-\u0664", "ah", "AH", "10h", "JK1", "2H")),
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
"""Any JSON value (no NaN or infinity): numbers written both ways, near-miss piece notations."""


def from_json_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """JSON values valid against ``schema``, for the subset of JSON Schema the library publishes.

    It understands ``$ref`` into ``$defs``, ``oneOf``/``anyOf``, ``enum``, ``const``, ``type``
    (one or a list), ``properties``/``required``, ``items``, ``prefixItems``, ``minItems`` and
    ``minimum``/``maximum``, and writes integers both as ``3`` and ``3.0``, as JSON allows.
    (hypothesis-jsonschema does this in general, but it no longer runs on current Hypothesis.)

    Raises:
        NotImplementedError: for a keyword outside that subset, so nothing is silently ignored.

    """
    defs = schema.get("$defs", {})

    def build(node: Any) -> st.SearchStrategy[Any]:
        if node is True or node == {}:
            return any_json
        known = {
            "$ref", "$defs", "$id", "$schema", "title", "description", "default", "oneOf", "anyOf", "enum",
            "const", "type", "properties", "required", "additionalProperties", "items", "prefixItems",
            "minItems", "minimum", "maximum",
        }
        unknown = set(node) - known
        if unknown:
            raise NotImplementedError(f"schema keywords {sorted(unknown)}")
        if "$ref" in node:
            name = node["$ref"].removeprefix("#/$defs/")
            return st.deferred(lambda: build(defs[name]))
        for key in ("oneOf", "anyOf"):
            if key in node:
                return st.one_of([build(branch) for branch in node[key]])
        if "enum" in node:
            return st.sampled_from(node["enum"])
        if "const" in node:
            return st.just(node["const"])
        kinds = node.get("type")
        if isinstance(kinds, list):
            return st.one_of([build({**node, "type": kind}) for kind in kinds])
        if kinds == "null":
            return st.none()
        if kinds == "boolean":
            return st.booleans()
        if kinds == "string":
            return st.text(max_size=8)
        if kinds in ("integer", "number"):
            ints = st.integers(min_value=node.get("minimum"), max_value=node.get("maximum"))
            return ints | ints.filter(lambda n: abs(n) < 2**53).map(float)
        if kinds == "array":
            if "prefixItems" in node:
                return st.tuples(*[build(item) for item in node["prefixItems"]]).map(list)
            return st.lists(build(node.get("items", {})), min_size=node.get("minItems", 0), max_size=5)
        if kinds == "object":
            properties = node.get("properties", {})
            required = set(node.get("required", ()))
            return st.fixed_dictionaries(
                {k: build(v) for k, v in properties.items() if k in required},
                optional={k: build(v) for k, v in properties.items() if k not in required},
            )
        raise NotImplementedError(f"schema node {node!r}")

    return build(schema)


@st.composite
def near_schema(draw: st.DrawFn, schema: dict[str, Any]) -> Any:
    """A value valid against ``schema`` with one part changed: a key dropped or added, a value swapped."""
    value = draw(from_json_schema(schema))
    spots: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in node:
                spots.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for i, item in enumerate(node):
                spots.append((node, i))
                walk(item)

    walk(value)
    if not spots:
        return draw(any_json)
    parent, key = draw(st.sampled_from(spots))
    how = draw(st.sampled_from(("swap", "drop", "add", "bend")))
    if how == "bend":  # the same value written a little off: case, spaces, a number as text
        old = parent[key]
        bent = [f" {old}", f"{old} ", str(old).lower(), str(old)] if isinstance(old, str) else [str(old), [old]]
        parent[key] = draw(st.sampled_from(bent))
    elif how == "swap":
        parent[key] = draw(any_json)
    elif how == "drop":
        del parent[key]
    elif isinstance(parent, dict):
        parent[draw(st.text(max_size=6))] = draw(any_json)
    else:
        parent.append(draw(any_json))
    return value
