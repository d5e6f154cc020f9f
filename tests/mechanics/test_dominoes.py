"""The draw games' shared events, draw/pass/block steps, deal checks and the line's interned play."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.events import Event
from tablegames.core.serde import dumps, structure
from tablegames.mechanics.dominoes import (
    HAND_END_REASONS,
    HandEnded,
    Passed,
    TileDrawn,
    TilePlayed,
    check_tile_deal,
    draw_until_fits,
    holds_playable,
    nobody_can_play,
    render_tiles,
    set_name,
    tile_problems,
)
from tablegames.mechanics.line import Play, play, tile_mask

TILES = domino_set(6)
SIX_FOUR, FIVE_FIVE = Tile(6, 4), Tile(5, 5)


def _mask(*values: int) -> int:
    out = 0
    for value in values:
        out |= 1 << value
    return out


# -- events ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (
            TilePlayed(1, SIX_FOUR, "W", 10),
            '{"type": "tile_played", "seat": 1, "tile": "6-4", "end": "W", "count": 10}',
        ),
        (
            TilePlayed(0, FIVE_FIVE, None, 5),
            '{"type": "tile_played", "seat": 0, "tile": "5-5", "end": null, "count": 5}',
        ),
        (TileDrawn(2, SIX_FOUR), '{"type": "tile_drawn", "seat": 2, "tile": "6-4"}'),
        (TileDrawn(2, None), '{"type": "tile_drawn", "seat": 2, "tile": null}'),
        (Passed(3), '{"type": "passed", "seat": 3}'),
        (
            HandEnded(4, "blocked", None, ((SIX_FOUR,), ())),
            '{"type": "hand_ended", "hand_number": 4, "reason": "blocked", "seat": null, "hands": [["6-4"], []]}',
        ),
    ],
)
def test_events_have_their_published_json(event: Event, text: str) -> None:
    """Each shared event keeps its tag and field order in JSON, and reads back equal."""
    data = json.loads(text)
    assert dumps(event) == json.dumps(data, separators=(",", ":"))
    assert structure(data, type(event)) == event


def test_a_drawn_tile_is_seen_by_its_drawer_only() -> None:
    """``tile_drawn`` hides the tile from the other seats, not from the drawer or the full log."""
    drawn = TileDrawn(1, SIX_FOUR)
    assert drawn.redact(1) is drawn and drawn.redact(None) is drawn
    assert drawn.redact(0) == TileDrawn(1, None)
    assert Passed(1).redact(0) == Passed(1)


def test_a_hand_ends_for_one_of_two_reasons() -> None:
    """``hand_ended`` names ``domino`` or ``blocked``; any other reason is refused when read."""
    assert HAND_END_REASONS == ("domino", "blocked")
    data = {"type": "hand_ended", "hand_number": 1, "reason": "tired", "seat": None, "hands": []}
    with pytest.raises(ValueError, match="reason is one of"):
        structure(data, HandEnded)
    assert attrs.fields(HandEnded).reason.metadata["json_schema"] == {"enum": ["domino", "blocked"]}


def test_events_say_themselves_in_words() -> None:
    """The shared events' text, as the variants print it."""
    assert TilePlayed(1, SIX_FOUR, "N", 15).describe() == "seat 1 plays 6-4 on N: count 15"
    assert TilePlayed(0, FIVE_FIVE, None, 10).describe() == "seat 0 opens with 5-5: count 10"
    assert TileDrawn(2, None).describe() == "seat 2 draws a tile"
    assert TileDrawn(2, SIX_FOUR).describe() == "seat 2 draws 6-4"
    assert Passed(0).describe() == "seat 0 passes"
    ended = HandEnded(3, "domino", 0, ((), (SIX_FOUR, FIVE_FIVE)))
    assert ended.describe() == "hand 3 ends: seat 0 dominoes (left: seat 0: -; seat 1: 6-4 5-5)"
    assert render_tiles(None) == "?"


def test_a_hand_ended_subclass_adds_fields_at_the_end() -> None:
    """A variant's ``hand_ended`` with more fields keeps the shared ones first, and their text."""

    @attrs.frozen
    class Scored(HandEnded):
        points: tuple[int, ...]

    event = Scored(1, "blocked", None, ((), ()), (3, 4))
    assert [f.name for f in attrs.fields(Scored)] == ["hand_number", "reason", "seat", "hands", "points"]
    assert event.tag == "hand_ended" and event.describe().startswith("hand 1 ends: the hand is blocked")


# -- drawing, passing, the block -------------------------------------------------------------


def test_holds_playable_tests_each_tile_against_the_open_ends() -> None:
    """A hand can play if a tile shows a value an open end shows; any tile of a double-18 set works."""
    assert holds_playable([Tile(6, 6), Tile(3, 1)], _mask(1))
    assert not holds_playable([Tile(6, 6), Tile(3, 1)], _mask(4, 5))
    assert not holds_playable([], _mask(*range(7)))
    assert holds_playable([Tile(18, 12)], _mask(12))


def test_a_block_needs_an_empty_stock_and_no_tile_that_fits() -> None:
    """Nobody can play only when the stock is empty and no hand holds a tile for an open end."""
    hands = [[Tile(6, 6)], [Tile(3, 1)]]
    assert nobody_can_play(hands, [], _mask(4))
    assert not nobody_can_play(hands, [Tile(0, 0)], _mask(4))
    assert not nobody_can_play(hands, [], _mask(1))
    assert nobody_can_play([[], []], [], _mask(*range(7)))


@given(st.permutations(TILES), st.integers(0, 28), st.sets(st.integers(0, 6)), st.booleans())
def test_drawing_stops_at_the_first_tile_that_fits(
    order: list[Tile], split: int, values: set[int], keyed: bool
) -> None:
    """Draws come off the stock's front, each logged for the drawer, up to the first that fits."""
    hand, stock = list(order[:split]), list(order[split:])
    before_hand, before_stock = hand[:], stock[:]
    mask = _mask(*values)
    events: list[Event] = []
    rank = {t: i for i, t in enumerate(TILES)}
    drawn = draw_until_fits(hand, stock, mask, seat=2, emit=events.append, key=rank.__getitem__ if keyed else None)
    fits = [i for i, t in enumerate(before_stock) if tile_mask(t) & mask]
    taken = before_stock[: fits[0] + 1] if fits else before_stock
    assert drawn == (before_stock[fits[0]] if fits else None)
    assert stock == before_stock[len(taken) :]
    assert events == [TileDrawn(2, t) for t in taken]
    assert sorted(hand, key=rank.__getitem__) == sorted(before_hand + taken, key=rank.__getitem__)
    if keyed and taken:
        assert hand == sorted(hand, key=rank.__getitem__)
    elif not keyed:
        assert hand == before_hand + taken


def test_drawing_from_an_empty_stock_draws_nothing() -> None:
    """An empty stock gives ``None``, no event, and leaves the hand as it was (even unsorted)."""
    hand = [Tile(0, 0), Tile(6, 6)]
    events: list[Event] = []
    assert draw_until_fits(hand, [], _mask(0), seat=0, emit=events.append, key=str) is None
    assert hand == [Tile(0, 0), Tile(6, 6)] and events == []


# -- stacked deals ---------------------------------------------------------------------------


def test_set_names() -> None:
    """A set is named by its highest double, as players name it."""
    assert [set_name(domino_set(n)) for n in (0, 6, 9, 12, 15, 18)] == [
        "double-blank",
        "double-six",
        "double-nine",
        "double-twelve",
        "double-fifteen",
        "double-eighteen",
    ]
    with pytest.raises(ValueError, match="empty"):
        set_name(())


def test_tile_problems_name_every_wrong_tile() -> None:
    """Duplicates, missing tiles (for a complete deal) and foreign tiles, each listed in order."""
    tiles = [*TILES[1:], TILES[1], Tile(9, 1)]
    assert tile_problems(tiles, TILES, complete=True) == (
        "duplicate tiles 6-5; missing tiles 6-6; tiles outside double-six 9-1; "
        "a deal holds each of the 28 double-six tiles once"
    )
    assert tile_problems(tiles, TILES) == "duplicate tiles 6-5; tiles outside double-six 9-1"
    assert tile_problems(TILES[:3], TILES) is None
    assert tile_problems([*TILES[:3], "6-6"], TILES) == "every piece must be a Tile"


@pytest.mark.parametrize(
    ("hands", "stock", "message"),
    [
        ((TILES[:7],), TILES[7:], "1 hands for 2 players; one hand per seat"),
        ([TILES[:7], TILES[7:14]], TILES[14:], "[(Tile(6, 6), "),
        ((TILES[:7], TILES[7:13]), TILES[13:], "hands[1] has 6 tiles; with 2 players each hand has 7"),
        ((TILES[:7], list(TILES[7:14])), TILES[14:], "hands[1] has [Tile(5, 5), "),
        ((TILES[:7], TILES[7:14]), TILES[15:], "the stock has 13 tiles; with 2 players it has 14"),
        ((TILES[:7], TILES[7:14]), list(TILES[14:]), "the stock has [Tile("),
        ((TILES[:7], TILES[:7]), TILES[14:], "duplicate tiles 6-0, 6-1, 6-2, 6-3, 6-4, 6-5, 6-6; missing tiles 5-5"),
        ((TILES[:7], (*TILES[7:13], [1])), TILES[14:], "every piece must be a Tile"),
    ],
)
def test_deal_checks_say_what_is_wrong(hands: Any, stock: Any, message: str) -> None:
    """The deal check reports the first problem: hand count, hand size, stock size, then the tiles."""
    found = check_tile_deal(hands, stock, TILES, players=2, size=7)
    assert found is not None and found.startswith(message)


@given(st.permutations(TILES), st.sampled_from([(2, 7), (3, 6), (4, 5)]))
def test_every_whole_deal_passes(order: list[Tile], shape: tuple[int, int]) -> None:
    """Any shuffle of the set, dealt in hands of the right size with the rest as the stock, is valid."""
    players, size = shape
    hands = tuple(tuple(order[i * size : (i + 1) * size]) for i in range(players))
    assert check_tile_deal(hands, tuple(order[players * size :]), TILES, players=players, size=size) is None


# -- the play action -------------------------------------------------------------------------


def test_plays_are_interned_for_any_tile_and_end_id() -> None:
    """The same tile and end give the same play, for any end id a line layout can have."""
    assert play(SIX_FOUR, "W") is play(Tile(4, 6), "W")
    assert play(Tile(12, 3), "N11") is play(Tile(12, 3), "N11")
    assert play(FIVE_FIVE, None) is play(FIVE_FIVE, None) == Play(FIVE_FIVE, None)
    assert str(play(SIX_FOUR, "S")) == "6-4 on S" and str(play(SIX_FOUR, None)) == "open with 6-4"
    assert dumps(play(SIX_FOUR, "E")) == '{"type":"play","tile":"6-4","end":"E"}'


@pytest.mark.parametrize("end", ["X", "W\n", "N19", "", "w"])
def test_junk_ends_make_equal_plays_that_are_not_kept(end: str) -> None:
    """A bad end id still makes an equal play (the game says why it is illegal), but none is stored."""
    made = play(SIX_FOUR, end)
    assert made == Play(SIX_FOUR, end) and made is not play(SIX_FOUR, end)


def test_a_variant_interns_its_own_subclass() -> None:
    """``interner()`` of a subclass gives that subclass, interned apart from the line's plays."""

    @attrs.frozen
    class Narrow(Play):
        end: str | None = attrs.field(metadata={"json_schema": {"enum": ["W", "E", None]}})

    narrow = Narrow.interner()
    made = narrow(SIX_FOUR, "W")
    assert type(made) is Narrow and narrow(SIX_FOUR, "W") is made and made is not play(SIX_FOUR, "W")
    assert [f.name for f in attrs.fields(Narrow)] == ["tile", "end"] and made.tag == "play"
