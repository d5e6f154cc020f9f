"""The line-building layout: opening tiles, crosswise doubles, the spinner and its branches."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.tiles import Tile, domino_set
from tablegames.mechanics.line import (
    ARM_IDS,
    EAST,
    NORTH,
    SOUTH,
    WEST,
    ArmEnd,
    ArmView,
    EndView,
    LineLayout,
    arm_index,
    arm_views,
    end_views,
    tile_mask,
)
from tests.strategies import TILES


def t(text: str) -> Tile:
    """The tile written ``text``."""
    return Tile.parse(text)


def layout_of(*placements: tuple[str, int | None], spinner: bool = True, branches_after: int = 2) -> LineLayout:
    """A layout with ``placements`` (tile, arm) made in order."""
    layout = LineLayout(spinner=spinner, branches_after=branches_after)
    for tile, arm in placements:
        layout.place(t(tile), arm)
    return layout


def test_arm_ids_are_fixed() -> None:
    """The arms are "W", "E" (the line) and "N", "S" (the spinner's branches), with stable indices."""
    assert ARM_IDS == ("W", "E", "N", "S")
    assert (WEST, EAST, NORTH, SOUTH) == (0, 1, 2, 3)
    assert [arm_index(a) for a in ARM_IDS] == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="'X'"):
        arm_index("X")


def test_an_empty_layout_takes_any_tile_as_its_opening_only() -> None:
    """Before the opening nothing is open, and every tile fits only as the opening (arm None)."""
    layout = LineLayout()
    assert layout.open_arms() == ()
    assert layout.all_tiles() == []
    assert len(layout) == 0
    for tile in TILES:
        assert list(layout.places_for(tile)) == [None]
        assert layout.fits(tile, None)
        assert not any(layout.fits(tile, arm) for arm in range(4))
    with pytest.raises(ValueError, match="does not fit"):
        layout.place(t("6-4"), WEST)


def test_a_non_double_opening_puts_its_high_half_west_and_low_half_east() -> None:
    """An opening 6-4 leaves ends W=6 and E=4, plain, with no spinner and closed branches."""
    layout = layout_of(("6-4", None))
    assert layout.opening is t("6-4")
    assert layout.open_arms() == (WEST, EAST)
    assert (layout.value(WEST), layout.value(EAST)) == (6, 4)
    assert (layout.outer(WEST), layout.outer(EAST)) == (ArmEnd.PLAIN, ArmEnd.PLAIN)
    assert layout.spinner is None
    assert not layout.branches_open
    assert layout.line_sides_continued() == 0
    assert layout.uncovered_branches() == 0
    assert not layout.fits(t("6-4"), None)
    assert list(layout.places_for(t("6-1"))) == [WEST]
    assert list(layout.places_for(t("4-1"))) == [EAST]
    assert list(layout.places_for(t("6-4"))) == [WEST, EAST]
    assert list(layout.places_for(t("5-1"))) == []
    assert not layout.fits(t("6-6"), NORTH)


def test_a_tile_on_an_arm_turns_its_other_half_outward() -> None:
    """Rule 7: a tile matched to an end by one half leaves its other half as that arm's new end."""
    layout = layout_of(("6-4", None), ("6-1", WEST), ("4-2", EAST), ("2-5", EAST))
    assert (layout.value(WEST), layout.value(EAST)) == (1, 5)
    assert layout.tiles[WEST] == [t("6-1")]
    assert layout.tiles[EAST] == [t("4-2"), t("5-2")]
    assert layout.all_tiles() == [t("6-4"), t("6-1"), t("4-2"), t("5-2")]
    assert len(layout) == 4


def test_a_double_opening_is_the_spinner_with_closed_branches() -> None:
    """Rules 8-9: an opening double is the spinner; its branches wait for both line sides (branches_after=2)."""
    layout = layout_of(("4-4", None))
    assert layout.spinner is t("4-4")
    assert layout.spinner_arm is None
    assert (layout.value(WEST), layout.value(EAST)) == (4, 4)
    assert (layout.outer(WEST), layout.outer(EAST)) == (ArmEnd.SPINNER, ArmEnd.SPINNER)
    assert layout.open_arms() == (WEST, EAST)
    assert layout.line_sides_continued() == 0
    assert not layout.fits(t("4-2"), NORTH)
    with pytest.raises(ValueError, match="does not fit"):
        layout.place(t("4-2"), NORTH)
    layout.place(t("6-4"), WEST)
    assert layout.line_sides_continued() == 1
    assert not layout.branches_open
    assert layout.open_arms() == (WEST, EAST)
    layout.place(t("4-1"), EAST)
    assert layout.line_sides_continued() == 2
    assert layout.branches_open
    assert layout.open_arms() == (WEST, EAST, NORTH, SOUTH)
    assert (layout.value(NORTH), layout.value(SOUTH)) == (4, 4)
    assert (layout.outer(NORTH), layout.outer(SOUTH)) == (ArmEnd.SPINNER, ArmEnd.SPINNER)
    assert layout.uncovered_branches() == 2
    assert list(layout.places_for(t("4-2"))) == [NORTH, SOUTH]
    layout.place(t("4-2"), NORTH)
    assert layout.uncovered_branches() == 1
    assert layout.value(NORTH) == 2
    layout.place(t("4-3"), SOUTH)
    assert layout.uncovered_branches() == 0
    assert layout.all_tiles() == [t("4-4"), t("6-4"), t("4-1"), t("4-2"), t("4-3")]


def test_two_tiles_on_one_line_side_do_not_open_the_branches() -> None:
    """Rule 9: the branches need both line sides continued, not two tiles on one side."""
    layout = layout_of(("4-4", None), ("6-4", WEST), ("6-3", WEST))
    assert layout.line_sides_continued() == 1
    assert not layout.branches_open


def test_a_spinner_played_later_sits_inside_its_arm() -> None:
    """Rule 9: the first double played on an arm is the spinner; its touching side counts as continued."""
    layout = layout_of(("6-4", None), ("6-6", WEST))
    assert layout.spinner is t("6-6")
    assert layout.spinner_arm == WEST
    assert layout.outer(WEST) == ArmEnd.SPINNER
    assert layout.value(WEST) == 6
    assert layout.line_sides_continued() == 1
    assert not layout.branches_open
    layout.place(t("4-2"), EAST)
    assert not layout.branches_open, "the other line arm is not a side of the spinner"
    layout.place(t("6-3"), WEST)
    assert layout.line_sides_continued() == 2
    assert layout.branches_open
    assert (layout.value(NORTH), layout.value(SOUTH)) == (6, 6)
    assert layout.value(WEST) == 3
    assert layout.outer(WEST) == ArmEnd.PLAIN
    assert layout.tiles[WEST] == [t("6-6"), t("6-3")]


@pytest.mark.parametrize(
    ("branches_after", "opened_after"),
    [(0, 1), (1, 2), (2, 3)],
)
def test_branches_after_counts_the_continued_line_sides(branches_after: int, opened_after: int) -> None:
    """With branches_after=k the branches of an opening spinner open once k of its line sides carry a tile."""
    layout = LineLayout(branches_after=branches_after)
    steps = [(t("5-5"), None), (t("5-1"), WEST), (t("5-2"), EAST)]
    for placed, (tile, arm) in enumerate(steps, start=1):
        layout.place(tile, arm)
        assert layout.branches_open == (placed >= opened_after), (branches_after, placed)


@pytest.mark.parametrize(("branches_after", "open_at_once"), [(0, True), (1, True), (2, False)])
def test_branches_after_for_a_spinner_inside_an_arm(branches_after: int, open_at_once: bool) -> None:
    """A spinner placed on an arm has one line side continued already: branches_after 0 or 1 opens it at once."""
    layout = layout_of(("5-3", None), ("5-5", WEST), branches_after=branches_after)
    assert layout.branches_open == open_at_once


def test_branches_after_must_be_0_1_or_2() -> None:
    """LineLayout refuses a branches_after other than 0, 1 or 2."""
    with pytest.raises(ValueError, match="branches_after"):
        LineLayout(branches_after=3)


def test_later_doubles_are_ordinary_with_both_halves_outward() -> None:
    """Rule 8: after the spinner, a double is ordinary: its arm ends in a DOUBLE of the same value until covered."""
    layout = layout_of(("4-4", None), ("6-4", WEST), ("6-6", WEST))
    assert layout.spinner is t("4-4")
    assert layout.outer(WEST) == ArmEnd.DOUBLE
    assert layout.value(WEST) == 6
    layout.place(t("6-2"), WEST)
    assert layout.outer(WEST) == ArmEnd.PLAIN
    assert layout.value(WEST) == 2
    layout.place(t("4-1"), EAST)
    layout.place(t("4-0"), NORTH)
    layout.place(t("0-0"), NORTH)
    assert layout.outer(NORTH) == ArmEnd.DOUBLE
    assert layout.value(NORTH) == 0
    assert layout.uncovered_branches() == 1


def test_without_the_spinner_rule_no_double_spins() -> None:
    """With spinner=False an opening double is ordinary and no branch ever opens."""
    layout = layout_of(("3-3", None), ("3-1", WEST), ("3-2", EAST), ("2-2", EAST), spinner=False)
    assert layout.spinner is None
    assert not layout.branches_open
    assert layout.open_arms() == (WEST, EAST)
    assert layout.outer(EAST) == ArmEnd.DOUBLE
    fresh = layout_of(("3-3", None), spinner=False)
    assert (fresh.outer(WEST), fresh.outer(EAST)) == (ArmEnd.DOUBLE, ArmEnd.DOUBLE)


@pytest.mark.parametrize("arm", [-1, 4, 7])
def test_no_tile_fits_an_arm_that_does_not_exist(arm: int) -> None:
    """fits() is False for an arm index outside 0..3, even with the branches open."""
    layout = layout_of(("4-4", None), ("4-1", WEST), ("4-2", EAST), branches_after=2)
    assert layout.branches_open
    assert not layout.fits(t("4-3"), arm)


def test_a_copy_is_independent() -> None:
    """Placing on a copy leaves the original unchanged, and the other way round."""
    original = layout_of(("4-4", None), ("6-4", WEST))
    twin = original.copy()
    assert twin.all_tiles() == original.all_tiles()
    twin.place(t("4-1"), EAST)
    twin.place(t("4-2"), NORTH)
    assert original.all_tiles() == [t("4-4"), t("6-4")]
    assert not original.branches_open
    assert original.values[EAST] == 4
    assert original.tiles[EAST] == []
    original.place(t("6-5"), WEST)
    assert twin.value(WEST) == 6
    assert twin.tiles[WEST] == [t("6-4")]
    assert twin.outer(NORTH) == ArmEnd.PLAIN


@given(data=st.data(), branches_after=st.sampled_from((0, 1, 2)))
def test_random_growth_keeps_every_end_equal_to_its_outer_tiles_free_half(
    data: st.DataObject, branches_after: int
) -> None:
    """However a layout grows, every end shows the free half of its outer tile, and each tile is placed once."""
    layout = LineLayout(branches_after=branches_after)
    supply = list(data.draw(st.permutations(TILES)))
    placed: list[Tile] = []
    for _ in range(data.draw(st.integers(min_value=1, max_value=28))):
        options = [(tile, arm) for tile in supply for arm in layout.places_for(tile)]
        if not options:
            break
        tile, arm = data.draw(st.sampled_from(options))
        expected_value = tile.high if arm is None else tile.other(layout.value(arm))
        layout.place(tile, arm)
        supply.remove(tile)
        placed.append(tile)
        if arm is not None:
            assert layout.value(arm) == expected_value
            assert layout.tiles[arm][-1] is tile
            assert layout.outer(arm) == (
                ArmEnd.SPINNER if tile is layout.spinner else ArmEnd.DOUBLE if tile.is_double else ArmEnd.PLAIN
            )
        assert sorted(layout.all_tiles(), key=str) == sorted(placed, key=str)
        assert len(layout) == len(placed)
        doubles = [x for x in placed if x.is_double]
        assert layout.spinner is (doubles[0] if doubles else None)
        if layout.branches_open:
            assert layout.line_sides_continued() >= branches_after


def _all_fives_count(layout: LineLayout) -> int:
    """All Fives (Muggins) counted on the same layout, written outside the library.

    Every open arm counts its outer end (both halves for a crosswise double); the spinner
    counts both halves while it is an end of the line, and its uncovered branches count
    nothing (unlike Sniff, where each counts one half).
    """
    if layout.opening is None:
        return 0
    total = 0
    for arm in layout.open_arms():
        kind = layout.outer(arm)
        if kind == ArmEnd.PLAIN:
            total += layout.value(arm)
        elif kind == ArmEnd.DOUBLE:
            total += 2 * layout.value(arm)
    spinner = layout.spinner
    if spinner is not None and layout.line_sides_continued() < 2:
        total += 2 * spinner.high
    return total


def test_all_fives_can_be_counted_on_the_layout_without_changing_it() -> None:
    """The layout is general enough for All Fives: its counting rule is supplied from outside."""
    layout = LineLayout(spinner=True, branches_after=2)
    counts = []
    for tile, arm in [
        (Tile(5, 5), None),  # the spinner: 10
        (Tile(5, 0), WEST),  # 0 + 10 (the spinner is still an end of the line)
        (Tile(5, 3), EAST),  # 0 + 3; both line sides continued: the spinner stops counting
        (Tile(5, 2), NORTH),  # 0 + 3 + 2 (the uncovered south branch counts nothing)
        (Tile(3, 3), EAST),  # 0 + 6 (a crosswise double) + 2
        (Tile(5, 4), SOUTH),  # 0 + 6 + 2 + 4
    ]:
        layout.place(tile, arm)
        counts.append(_all_fives_count(layout))
    assert counts == [10, 10, 3, 5, 8, 12]
    assert [ARM_IDS[a] for a in layout.open_arms()] == ["W", "E", "N", "S"]


@pytest.mark.parametrize("arm", [NORTH, SOUTH])
def test_a_closed_branch_refuses_even_a_tile_matching_its_value(arm: int) -> None:
    """Closed branches hold 0 until they open; a blank-ended tile still does not fit there."""
    layout = layout_of(("4-4", None), ("4-1", WEST))
    assert not layout.branches_open
    assert layout.value(arm) == 0
    assert not layout.fits(t("4-0"), arm)
    assert list(layout.places_for(t("4-0"))) == [EAST]
    assert layout.open_mask() == 1 << 4 | 1 << 1
    with pytest.raises(ValueError, match="does not fit"):
        layout.place(t("4-0"), arm)


def test_a_copy_before_the_first_double_keeps_the_spinner_rule() -> None:
    """A copy made before any double keeps the rule that the first double spins, and branches_after."""
    for spinner, branches_after in ((True, 1), (False, 2)):
        original = layout_of(("6-4", None), spinner=spinner, branches_after=branches_after)
        twin = original.copy()
        assert (twin.has_spinner_rule, twin.branches_after) == (spinner, branches_after)
        twin.place(t("6-6"), WEST)
        assert twin.spinner is (t("6-6") if spinner else None)
        assert twin.spinner_arm == (WEST if spinner else None)
        assert twin.branches_open is spinner, "one line side is enough with branches_after=1"
        assert original.spinner is None and original.tiles[WEST] == []


def test_a_copy_keeps_a_spinner_inside_an_arm() -> None:
    """A copy of a layout whose spinner sits inside W knows it is there: its line sides count the same."""
    original = layout_of(("6-4", None), ("6-6", WEST))
    twin = original.copy()
    assert (twin.spinner, twin.spinner_arm) == (t("6-6"), WEST)
    assert twin.line_sides_continued() == original.line_sides_continued() == 1
    twin.place(t("6-3"), WEST)
    assert twin.line_sides_continued() == 2
    assert twin.branches_open
    assert (twin.value(NORTH), twin.outer(NORTH)) == (6, ArmEnd.SPINNER)
    assert not original.branches_open


def test_end_views_list_the_open_ends_only() -> None:
    """end_views: nothing before the opening, W and E while the branches are closed, then N and S."""
    assert end_views(LineLayout()) == ()
    layout = layout_of(("4-4", None), ("6-4", WEST))
    assert end_views(layout) == (EndView("W", 6), EndView("E", 4))
    layout.place(t("4-1"), EAST)
    assert end_views(layout) == (EndView("W", 6), EndView("E", 1), EndView("N", 4), EndView("S", 4))


def test_arm_views_show_every_arm_with_its_tiles_value_and_state() -> None:
    """arm_views: none before the opening; W and E without a spinner; all four, closed or open, with one."""
    assert arm_views(LineLayout()) == ()
    line = layout_of(("6-4", None), ("4-1", EAST), spinner=False)
    assert arm_views(line) == (ArmView("W", (), 6, True), ArmView("E", (t("4-1"),), 1, True))
    layout = layout_of(("4-4", None), ("6-4", WEST))
    assert arm_views(layout) == (
        ArmView("W", (t("6-4"),), 6, True),
        ArmView("E", (), 4, True),
        ArmView("N", (), 0, False),
        ArmView("S", (), 0, False),
    )
    layout.place(t("4-1"), EAST)
    layout.place(t("4-2"), SOUTH)
    assert arm_views(layout) == (
        ArmView("W", (t("6-4"),), 6, True),
        ArmView("E", (t("4-1"),), 1, True),
        ArmView("N", (), 4, True),
        ArmView("S", (t("4-2"),), 2, True),
    )


def test_tile_mask_and_open_mask_agree_with_fits() -> None:
    """A tile fits some open end exactly when its mask meets the layout's open mask."""
    layout = layout_of(("4-4", None), ("6-4", WEST), ("4-1", EAST), ("4-2", NORTH))
    for tile in TILES:
        fits_somewhere = any(layout.fits(tile, arm) for arm in (WEST, EAST, NORTH, SOUTH))
        assert bool(tile_mask(tile) & layout.open_mask()) == fits_somewhere, tile
    assert layout_of().open_mask() == 0


def test_a_new_layout_holds_nothing_and_shows_plain_zero_ends() -> None:
    """Before the opening every arm is empty, shows 0 and ends PLAIN; nothing but an opening fits."""
    layout = LineLayout()
    assert layout.values == [0, 0, 0, 0]
    assert layout.outer_kinds == [ArmEnd.PLAIN] * 4
    assert layout.tiles == [[], [], [], []]
    assert (layout.opening, layout.spinner, layout.spinner_arm, layout.branches_open) == (None, None, None, False)
    assert not any(layout.fits(t("1-0"), arm) for arm in (WEST, EAST, NORTH, SOUTH))


def test_a_copy_keeps_every_arm_apart() -> None:
    """A copy's arms hold exactly the original's tiles, arm by arm, and its ends the same values."""
    original = layout_of(("4-4", None), ("6-4", WEST), ("4-1", EAST), ("4-2", NORTH), ("4-3", SOUTH))
    twin = original.copy()
    assert twin.tiles == [[t("6-4")], [t("4-1")], [t("4-2")], [t("4-3")]]
    assert (twin.values, twin.outer_kinds) == (original.values, original.outer_kinds)


def test_placing_a_tile_that_does_not_fit_says_where() -> None:
    """place() refuses a misfit naming the place: as the opening, or on the arm's index."""
    layout = layout_of(("6-4", None))
    with pytest.raises(ValueError, match=r"^5-5 does not fit as the opening$"):
        layout.place(t("5-5"), None)
    with pytest.raises(ValueError, match=r"^5-5 does not fit on arm 1$"):
        layout.place(t("5-5"), EAST)


def test_an_unknown_arm_id_names_the_arms() -> None:
    """arm_index refuses an id that is not an arm, listing the four."""
    with pytest.raises(ValueError, match=r"^no arm 'X': arms are W, E, N, S$"):
        arm_index("X")


def _fresh_arm_views(layout: LineLayout) -> tuple[ArmView, ...]:
    """The arm views built from the layout's state alone, as arm_views built them before it kept any."""
    if layout.opening is None:
        return ()
    ids = [ARM_IDS[a] for a in range(4)] if layout.spinner is not None else ["W", "E"]
    return tuple(
        ArmView(end, tuple(layout.tiles[a]), layout.values[a], a in layout.open_arms()) for a, end in enumerate(ids)
    )


@given(
    tiles=st.permutations(TILES),
    picks=st.lists(st.integers(min_value=0, max_value=50), min_size=28, max_size=28),
    spinner=st.booleans(),
)
def test_arm_and_end_views_kept_between_placements_are_those_built_afresh(
    tiles: list[Tile], picks: list[int], spinner: bool
) -> None:
    """arm_views reuses an arm's view while the arm is unchanged, and copies go their own way."""
    layout = LineLayout(spinner=spinner)
    copies: list[tuple[LineLayout, tuple[ArmView, ...], tuple[EndView, ...]]] = []
    for tile, pick in zip(tiles, picks, strict=True):
        places = layout.placements([tile])
        if not places:
            continue
        _, end = places[pick % len(places)]
        layout.place(tile, None if end is None else arm_index(end))
        views = arm_views(layout)
        assert views == _fresh_arm_views(layout)
        assert end_views(layout) == tuple(EndView(ARM_IDS[a], layout.values[a]) for a in layout.open_arms())
        before = arm_views(layout)
        assert all(a is b for a, b in zip(before, views, strict=True))  # unchanged: the same views again
        copies.append((layout.copy(), views, end_views(layout)))
    for copy, views, ends in copies:  # each copy shows what the layout showed when it was copied
        assert arm_views(copy) == views == _fresh_arm_views(copy) and end_views(copy) == ends


# -- ends played before any other (play_first) -------------------------------------------------


def _cross(*plays: tuple[str, str | None]) -> LineLayout:
    """A layout where every double spins and its branches open at once, after ``plays``."""
    layout = LineLayout(spinners="every", branches_after=0)
    for tile, end in plays:
        layout.place(t(tile), None if end is None else layout.index_of(end))
    return layout


def _open_ids(layout: LineLayout) -> list[str]:
    return [layout.ids[a] for a in layout.open_arms()]


def test_named_ends_are_played_before_any_other_then_every_end_opens() -> None:
    """A later double's two branches named first: only they take tiles, each once, then all ends do."""
    layout = _cross(("6-4", None), ("4-4", "E"), ("5-6", "W"), ("5-5", "W"))
    assert _open_ids(layout) == ["W", "E", "N", "S", "N5", "S5"]
    layout.play_first(["N5", "S5"])
    assert _open_ids(layout) == ["N5", "S5"]
    assert layout.can_play([t("4-1")]) is False and layout.can_play([t("5-1")]) is True
    assert layout.placements([t("5-1"), t("4-1")]) == [(t("5-1"), "N5"), (t("5-1"), "S5")]
    assert layout.why_not(t("4-1"), "E") == "end E must wait: the ends N5, S5 are played first"
    assert layout.why_not(t("5-1"), "N5") is None
    layout.place(t("5-1"), layout.index_of("S5"))
    assert _open_ids(layout) == ["N5"], "a covered end of the set takes no second tile before the others"
    assert layout.why_not(t("5-2"), "S5") == "end S5 must wait: the ends N5 are played first"
    layout.place(t("5-2"), layout.index_of("N5"))
    assert _open_ids(layout) == ["W", "E", "N", "S", "N5", "S5"]
    assert layout.why_not(t("4-1"), "E") is None


def test_more_ends_may_wait_and_a_spinner_on_one_adds_no_waiting_branch() -> None:
    """Called again, ``play_first`` adds ends; a spinner placed on a waiting end opens its branches after."""
    layout = _cross(("6-4", None), ("4-4", "E"))
    layout.play_first(["N", "S"])
    layout.place(t("4-2"), NORTH)
    assert _open_ids(layout) == ["S"]
    layout.play_first(["W"])
    assert _open_ids(layout) == ["W", "S"]
    assert layout.first_ends == ("W", "S")
    layout.place(t("6-6"), WEST)  # a spinner on a waiting end: its branches are not of the set
    assert _open_ids(layout) == ["S"]
    layout.place(t("4-0"), SOUTH)
    assert not layout.first_ends
    assert _open_ids(layout) == ["W", "E", "N", "S", "N6", "S6"]


def test_ends_of_the_set_that_are_not_open_do_not_hold_play_back() -> None:
    """Naming a closed branch alone changes nothing: only open ends of the set wait for tiles."""
    layout = LineLayout(spinners="first", branches_after=2)
    layout.place(t("6-4"), None)
    layout.place(t("4-4"), EAST)
    assert _open_ids(layout) == ["W", "E"]
    layout.play_first(["N", "S"])
    assert _open_ids(layout) == ["W", "E"]
    layout.place(t("4-1"), EAST)
    assert _open_ids(layout) == ["W", "E", "N", "S"], "the branches open as usual, and nothing waits any more"


def test_a_copy_keeps_its_own_waiting_ends() -> None:
    """Placing on a copy of a restricted layout leaves the original's waiting ends as they were."""
    layout = _cross(("6-4", None), ("4-4", "E"))
    layout.play_first(["N", "S"])
    copy = layout.copy()
    copy.place(t("4-1"), NORTH)
    copy.place(t("4-2"), SOUTH)
    assert _open_ids(copy) == ["W", "E", "N", "S"]
    assert _open_ids(layout) == ["N", "S"]
    assert layout.why_not(t("6-1"), "W") == "end W must wait: the ends N, S are played first"


def test_an_unknown_end_is_refused_and_changes_nothing() -> None:
    """``play_first`` with an end the layout does not have raises ValueError, the open ends unchanged."""
    layout = _cross(("6-4", None))
    with pytest.raises(ValueError, match="no arm 'N6'"):
        layout.play_first(["W", "N6"])
    assert _open_ids(layout) == ["W", "E"]


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=40), st.integers(0, 10**6))
def test_waiting_ends_are_always_a_subset_of_the_open_ends(choices: list[int], seed: int) -> None:
    """Random plays and sets: the waiting ends are open in a twin without the rule, and all of them once none wait."""
    tiles = list(domino_set(6))
    tiles = tiles[seed % 28 :] + tiles[: seed % 28]
    free = LineLayout(spinners="every", branches_after=1)
    held = free.copy()
    for choice in choices:
        places = [(tile, arm) for tile in tiles for arm in held.places_for(tile)]
        if not places:
            break
        tile, arm = places[choice % len(places)]
        assert free.fits(tile, arm)
        free.place(tile, arm)
        held.place(tile, arm)
        tiles.remove(tile)
        if choice % 3 == 0 and held.opening is not None:
            arms = held.open_arms()
            held.play_first([held.ids[a] for a in arms[choice % len(arms) :: 2]])
        assert set(held.open_arms()) <= set(free.open_arms())
        if not held.first_ends:
            assert held.open_arms() == free.open_arms()
