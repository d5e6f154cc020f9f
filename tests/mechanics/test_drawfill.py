"""Draw-game log filling: slots, spans, the earliest-deadline matching and the random fill."""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.tiles import Tile, domino_set
from tablegames.mechanics.drawfill import NEVER, Holder, Span, fill_slots, match_spans, spans_fit
from tablegames.mechanics.line import tile_mask

TILES = domino_set(6)


def t(text: str) -> Tile:
    """The tile written ``text``."""
    return Tile.parse(text)


def ends(*values: int) -> int:
    """The bit set of the pip ``values`` (the values a seat could have played on)."""
    return sum(1 << v for v in set(values))


# -- the holder: slots and spans ------------------------------------------------------------------


def test_a_play_right_after_the_seats_draw_played_the_drawn_tile() -> None:
    """A draw followed at once by the seat's play is forced: the play names a hidden drawn tile, and
    the draw fills no slot."""
    seat = Holder()
    seat.drew(2, None, ends(6))
    assert seat.played(3, t("4-1"))
    assert seat.forced == [True] and seat.drawn == [t("4-1")]
    assert seat.forced_tiles() == {t("4-1")}
    assert seat.slot_times(3) == [-1, -1, -1]
    assert seat.played_spans(seat.slot_times(3)) == []  # the played tile was the draw, not a slot's


def test_a_play_later_than_the_draw_leaves_it_kept() -> None:
    """A draw the seat did not play at once was kept: it fills a slot at its time."""
    seat = Holder()
    seat.drew(2, None, ends(6))
    seat.passed(4, ends(5))
    assert seat.played(6, t("4-1"))
    assert seat.forced == [False]
    assert seat.slot_times(1) == [-1, 2]
    assert seat.played_spans([-1, 2]) == [Span(t("4-1"), 0, 1)]


def test_a_forced_draw_that_showed_another_tile_contradicts_the_log() -> None:
    """A seat shown drawing one tile and playing another at once: ``played`` says the log is wrong."""
    seat = Holder()
    seat.drew(2, t("6-6"), ends(3))
    assert not seat.played(3, t("3-0"))


def test_a_span_runs_from_after_the_last_fitting_no_play_moment_to_before_the_play() -> None:
    """A tile fills the slots after the last moment it would have fitted (while held) and before its
    play; a tile that fitted after the last slot cannot be held."""
    seat = Holder()
    seat.drew(3, None, ends(6))  # kept: slot at 3
    seat.passed(5, ends(2))
    seat.drew(8, None, ends(4))  # kept: slot at 8
    times = seat.slot_times(2)
    assert times == [-1, -1, 3, 8]
    assert seat.span(t("6-0"), times, 3) == Span(t("6-0"), 0, 1)  # played at 3: dealt
    assert seat.span(t("6-0"), times, NEVER) == Span(t("6-0"), 3, 3)  # fitted at 3: drawn at 8
    assert seat.span(t("2-1"), times, NEVER) == Span(t("2-1"), 3, 3)  # fitted at 5
    assert seat.span(t("2-1"), times, 5) == Span(t("2-1"), 0, 2)  # played at 5: not held at the pass
    assert seat.span(t("4-1"), times, NEVER) == Span(t("4-1"), 4, 3)  # fitted at 8: cannot be held
    assert seat.span(t("5-1"), times, NEVER) == Span(t("5-1"), 0, 3)  # never fitted: any slot


def test_a_draw_that_ends_the_log_is_to_be_played() -> None:
    """``last_draw_fits`` takes the last draw out of the slots; with no draw it is refused."""
    seat = Holder()
    seat.drew(4, None, ends(1))
    seat.last_draw_fits()
    assert seat.slot_times(2) == [-1, -1]
    with pytest.raises(ValueError, match="the seat has not drawn"):
        Holder().last_draw_fits()


# -- the matching ---------------------------------------------------------------------------------


def _valid(spans: Sequence[Span], filled: Sequence[Tile]) -> bool:
    """Whether ``filled`` gives each span's tile exactly one slot of its span."""
    by_tile = {s.tile: s for s in spans}
    return sorted(filled, key=TILES.index) == sorted(by_tile, key=TILES.index) and all(
        by_tile[tile].first <= slot <= by_tile[tile].last for slot, tile in enumerate(filled)
    )


def _some_matching(spans: Sequence[Span], slots: int) -> bool:
    """Brute force: whether some order of the spans gives each a slot of its span."""
    if len(spans) != slots:
        return False
    return any(all(s.first <= i <= s.last for i, s in enumerate(order)) for order in itertools.permutations(spans))


@st.composite
def span_lists(draw: st.DrawFn, *, most: int = 6) -> tuple[list[Span], int]:
    """Up to ``most`` spans of distinct tiles over as many slots, some of them empty."""
    n = draw(st.integers(min_value=0, max_value=most))
    tiles = draw(st.permutations(TILES))[:n]
    spans = []
    for tile in tiles:
        first = draw(st.integers(min_value=0, max_value=n))
        last = draw(st.integers(min_value=first - 1, max_value=n - 1))
        spans.append(Span(tile, first, last))
    return spans, n


@given(span_lists())
def test_earliest_deadline_first_finds_a_matching_whenever_one_exists(case: tuple[list[Span], int]) -> None:
    """``match_spans`` returns a valid matching exactly when brute force finds one."""
    spans, slots = case
    matched = match_spans(spans, slots)
    assert (matched is not None) == _some_matching(spans, slots)
    if matched is not None:
        assert _valid(spans, matched)


def test_a_matching_needs_one_span_per_slot() -> None:
    """Too few or too many spans for the slots: no matching."""
    a, b = t("6-6"), t("5-5")
    assert match_spans([Span(a, 0, 2)], 3) is None
    assert match_spans([Span(a, 0, 0), Span(b, 0, 0)], 1) is None
    assert match_spans([], 0) == []


def test_spans_closing_together_go_in_the_order_listed() -> None:
    """Among spans that close at the same slot, the one listed first takes the earlier slot."""
    a, b, c = t("6-6"), t("5-5"), t("4-4")
    assert match_spans([Span(a, 1, 2), Span(b, 0, 2), Span(c, 0, 2)], 3) == [b, a, c]


@given(span_lists(most=5), st.integers(min_value=0, max_value=3), st.integers(min_value=0, max_value=5))
def test_spans_fit_whenever_some_slots_of_the_range_take_them(
    case: tuple[list[Span], int], start: int, size: int
) -> None:
    """``spans_fit`` agrees with brute force: distinct slots in ``start`` to ``start + size - 1``, each in its span."""
    spans, _ = case
    stop = start + size
    exists = any(
        all(s.first <= slot <= s.last for s, slot in zip(spans, chosen, strict=True))
        for chosen in itertools.permutations(range(start, stop), len(spans))
    )
    assert spans_fit(spans, start, stop) == exists


# -- the random fill ------------------------------------------------------------------------------


@st.composite
def fill_cases(draw: st.DrawFn) -> tuple[int, list[Span], dict[Tile, int], list[Tile], int]:
    """A seat's slots, the spans of tiles it played, the first slot of each unseen tile, and a seed."""
    slots = draw(st.integers(min_value=0, max_value=7))
    tiles = draw(st.permutations(TILES))
    played = draw(st.integers(min_value=0, max_value=slots))
    must = []
    for tile in tiles[:played]:
        first = draw(st.integers(min_value=0, max_value=slots))
        last = draw(st.integers(min_value=first - 1, max_value=slots - 1))
        must.append(Span(tile, first, last))
    pool = list(tiles[played : played + draw(st.integers(min_value=0, max_value=10))])
    firsts = {tile: draw(st.integers(min_value=0, max_value=slots)) for tile in pool}
    return slots, must, firsts, pool, draw(st.integers(min_value=0, max_value=2**32))


@given(fill_cases())
def test_a_fill_gives_each_slot_a_tile_its_span_allows(
    case: tuple[int, list[Span], dict[Tile, int], list[Tile], int],
) -> None:
    """Every played tile lands once in its span, every other slot takes a pool tile allowed there
    (which leaves the pool), and nothing else changes."""
    slots, must, firsts, pool, seed = case
    left = pool[:]
    filled = fill_slots(slots, must, firsts, left, random.Random(seed))
    if filled is None:
        return
    assert len(filled) == slots and len(set(filled)) == slots
    spans = {s.tile: s for s in must}
    taken = []
    for slot, tile in enumerate(filled):
        if tile in spans:
            assert spans[tile].first <= slot <= spans[tile].last
        else:
            assert firsts[tile] <= slot
            taken.append(tile)
    assert set(spans) <= set(filled)
    assert left == [tile for tile in pool if tile not in taken]


@given(st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=2**32))
def test_a_fill_with_every_tile_allowed_everywhere_always_succeeds(slots: int, seed: int) -> None:
    """With no played tiles and a pool allowed in every slot, the fill never dead-ends, and it draws
    its tiles at random (the same seed, the same fill)."""
    pool = list(TILES[:10])
    firsts = dict.fromkeys(pool, 0)
    first, again = pool[:], pool[:]
    filled = fill_slots(slots, [], firsts, first, random.Random(seed))
    assert filled is not None and len(filled) == slots
    assert fill_slots(slots, [], firsts, again, random.Random(seed)) == filled


def test_a_fill_skips_a_hole_no_unseen_tile_can_fill() -> None:
    """A slot no unseen tile may fill takes the played tile: the fill does not dead-end there."""
    a = t("6-6")
    pool = [t("1-0"), t("2-0")]
    firsts = {t("1-0"): 1, t("2-0"): 2}  # neither may have been dealt in slot 0
    for seed in range(30):
        filled = fill_slots(3, [Span(a, 0, 2)], firsts, pool[:], random.Random(seed))
        assert filled == [a, t("1-0"), t("2-0")]


def test_a_fill_refuses_more_played_tiles_than_slots() -> None:
    """Played tiles outnumbering the slots, or a played tile with an empty span: a dead end."""
    a, b = t("6-6"), t("5-5")
    assert fill_slots(1, [Span(a, 0, 0), Span(b, 0, 0)], {}, [], random.Random(0)) is None
    assert fill_slots(1, [Span(a, 1, 0)], {}, [], random.Random(0)) is None


def test_a_fill_uses_what_the_holder_says() -> None:
    """End to end on a holder: a seat that passed on 6 was not dealt the 6s it holds now."""
    seat = Holder()
    seat.passed(1, ends(6))
    seat.drew(3, None, ends(5))  # the ends changed; the drawn tile did not fit them, and was kept
    times = seat.slot_times(2)
    pool = [t("6-0"), t("3-0"), t("4-0"), t("6-1")]
    firsts = {tile: seat.span(tile, times, NEVER).first for tile in pool}
    assert firsts == {t("6-0"): 2, t("3-0"): 0, t("4-0"): 0, t("6-1"): 2}
    for seed in range(20):
        left = pool[:]
        filled = fill_slots(len(times), seat.played_spans(times), firsts, left, random.Random(seed))
        assert filled is not None
        assert not any(tile_mask(tile) & ends(6) for tile in filled[:2])


def _plain_fill_slots(
    slots: int, must: Sequence[Span], firsts: dict[Tile, int], pool: list[Tile], rng: random.Random
) -> list[Tile] | None:
    """``fill_slots`` as first written (a test of feasibility at every slot, lists built for each hole): the oracle."""
    left = list(must)
    holes = slots - len(left)
    if holes < 0:
        return None
    opens = sorted(firsts[t] for t in pool)
    layout: list[Tile | None] = []
    made = 0
    for slot in range(slots):
        ready = [s for s in left if s.first <= slot]
        can_skip = holes > 0 and bisect.bisect_right(opens, slot) > made and spans_fit(left, slot + 1, slots)
        if can_skip and (not ready or rng.randrange(slots - slot) < holes):
            layout.append(None)
            holes -= 1
            made += 1
            continue
        if not ready:
            return None
        pick = min(ready, key=lambda s: s.last)
        if pick.last < slot:
            return None
        left.remove(pick)
        layout.append(pick.tile)
    if left:
        return None
    out: list[Tile] = []
    for slot, placed in enumerate(layout):
        if placed is not None:
            out.append(placed)
            continue
        allowed = [t for t in pool if firsts[t] <= slot]
        if not allowed:
            return None
        chosen = allowed[rng.randrange(len(allowed))]
        pool.remove(chosen)
        out.append(chosen)
    return out


@given(fill_cases())
def test_a_fill_draws_what_the_plain_fill_drew(case: tuple[int, list[Span], dict[Tile, int], list[Tile], int]) -> None:
    """The fill (its feasibility test at once where every played tile's span is open, no list built for a hole
    every unseen tile may fill) gives, from the same generator, the tiles the plain version gave, and leaves the
    pool and the generator as it did."""
    slots, must, firsts, pool, seed = case
    ours, theirs = pool[:], pool[:]
    rng, oracle = random.Random(seed), random.Random(seed)
    assert fill_slots(slots, must, firsts, ours, rng) == _plain_fill_slots(slots, must, firsts, theirs, oracle)
    assert ours == theirs and rng.random() == oracle.random()
