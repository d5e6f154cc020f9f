"""The general line layout: spinner rules, the arms later spinners grow, legality messages, views."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.components.tiles import Tile, domino_set
from tablegames.core.serde import converter
from tablegames.mechanics.line import (
    ARM_IDS,
    EAST,
    END_ID_PATTERN,
    NORTH,
    SOUTH,
    WEST,
    ArmEnd,
    ArmView,
    EndView,
    Layout,
    LineLayout,
    SpinnerRule,
    arm_views,
    end_views,
    tile_mask,
)


def t(text: str) -> Tile:
    """The tile written ``text``."""
    return Tile.parse(text)


def grown(*placements: tuple[str, str | None], **rules: object) -> LineLayout:
    """A layout of ``rules`` with ``placements`` (tile, end id) made in order."""
    layout = LineLayout(**rules)  # type: ignore[arg-type]
    for tile, end in placements:
        layout.place(t(tile), None if end is None else layout.index_of(end))
    return layout


# -- the spinner rule --------------------------------------------------------------------


def test_spinner_rules_are_named_by_their_values() -> None:
    """SpinnerRule's values are the option names "none", "first" and "every", and LineLayout takes either form."""
    assert [r.value for r in SpinnerRule] == ["none", "first", "every"]
    for rule in SpinnerRule:
        assert LineLayout(spinners=rule).spinner_rule is rule
        assert LineLayout(spinners=rule.value).spinner_rule is rule


def test_the_spinner_flag_is_the_none_and_first_rules() -> None:
    """spinner=True (and the default) is the "first" rule, spinner=False the "none" rule."""
    assert LineLayout().spinner_rule is SpinnerRule.FIRST
    assert LineLayout(spinner=True, branches_after=2).spinner_rule is SpinnerRule.FIRST
    assert LineLayout(spinner=False).spinner_rule is SpinnerRule.NONE
    assert LineLayout(spinner=False).has_spinner_rule is False
    assert LineLayout(spinners="every").has_spinner_rule is True


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"spinner": True, "spinners": "first"}, "give spinner or spinners, not both"),
        ({"spinners": "all"}, "no spinner rule 'all': the rules are 'none', 'first', 'every'"),
        ({"spinners": ["every"]}, "no spinner rule \\['every'\\]"),
        ({"branches_after": 3}, "branches_after is 0, 1 or 2, not 3"),
        ({"branches_after": "2"}, "branches_after is 0, 1 or 2, not '2'"),
    ],
)
def test_bad_rules_are_refused_with_a_reason(kwargs: dict[str, object], message: str) -> None:
    """LineLayout refuses an unknown spinner rule, both spellings of it at once, and a bad branches_after."""
    with pytest.raises(ValueError, match=message):
        LineLayout(**kwargs)  # type: ignore[arg-type]


def test_with_no_spinner_every_double_is_crosswise() -> None:
    """spinners="none": every double, the opening one too, ends its arm as a DOUBLE; no branch ever exists."""
    layout = grown(("4-4", None), ("4-1", "E"), ("1-1", "E"), ("4-6", "W"), ("6-6", "W"), spinners="none")
    assert (layout.spinner, layout.spinners, layout.branches_open) == (None, (), False)
    assert layout.open_arms() == (WEST, EAST)
    assert (layout.outer(WEST), layout.outer(EAST)) == (ArmEnd.DOUBLE, ArmEnd.DOUBLE)
    assert [a.id for a in layout.arm_views()] == ["W", "E"]
    assert layout.line_sides_continued() == 0


def test_the_first_rule_spins_the_first_double_only() -> None:
    """spinners="first": the first double is the spinner with N and S; a later double is crosswise, no new arm."""
    layout = grown(("6-4", None), ("4-4", "E"), ("4-2", "E"), ("6-6", "W"), spinners="first")
    assert layout.spinners == (t("4-4"),)
    assert layout.ids == ARM_IDS
    assert layout.outer(WEST) == ArmEnd.DOUBLE
    assert layout.open_arms() == (WEST, EAST, NORTH, SOUTH)


# -- every double a spinner ---------------------------------------------------------------


def test_every_double_grows_two_branches_named_by_its_value() -> None:
    """spinners="every": each spinner after the first adds "N{v}" and "S{v}" at the next two indices."""
    layout = grown(("5-5", None), spinners="every", branches_after=0)
    assert layout.ids == ("W", "E", "N", "S")
    layout.place(t("5-3"), EAST)
    layout.place(t("3-3"), EAST)
    assert list(layout.ids) == ["W", "E", "N", "S", "N3", "S3"]
    assert layout.branches_of(t("3-3")) == (4, 5)
    assert layout.branches_of(t("5-5")) == (NORTH, SOUTH)
    layout.place(t("5-2"), NORTH)
    layout.place(t("2-2"), NORTH)
    assert list(layout.ids[6:]) == ["N2", "S2"]
    assert layout.spinners == (t("5-5"), t("3-3"), t("2-2"))
    assert [layout.index_of(a) for a in ("N3", "S3", "N2", "S2")] == [4, 5, 6, 7]
    assert layout.outer(NORTH) == ArmEnd.SPINNER
    assert (layout.value(6), layout.outer(6)) == (2, ArmEnd.SPINNER)
    assert len(layout.values) == len(layout.outer_kinds) == len(layout.tiles) == 8


def test_a_later_spinners_branches_wait_for_its_far_side_with_branches_after_2() -> None:
    """A later spinner touches its arm on one side: branches_after=2 waits for a tile beyond it on that arm."""
    layout = grown(("6-4", None), ("4-4", "E"), ("6-6", "W"), spinners="every", branches_after=2)
    assert layout.spinners == (t("4-4"), t("6-6"))
    assert layout.open_arms() == (WEST, EAST)
    assert layout.sides_covered(t("6-6")) == 1
    assert (layout.value(4), layout.outer(4), layout.tiles[4]) == (0, ArmEnd.PLAIN, [])
    layout.place(t("6-1"), WEST)
    assert layout.sides_covered(t("6-6")) == 2
    assert layout.open_arms() == (WEST, EAST, 4, 5)
    assert (layout.value(4), layout.value(5)) == (6, 6)
    assert not layout.branches_open, "the first spinner's N and S still wait for its other side"
    layout.place(t("4-0"), EAST)
    assert layout.branches_open
    assert layout.open_arms() == (WEST, EAST, NORTH, SOUTH, 4, 5)


@pytest.mark.parametrize(("branches_after", "open_at_once"), [(0, True), (1, True), (2, False)])
def test_branches_after_for_a_later_spinner(branches_after: int, open_at_once: bool) -> None:
    """Every later spinner follows branches_after as the first does: its touching side is already covered."""
    placements = (("3-3", None), ("3-1", "W"), ("3-2", "E"), ("2-2", "E"))
    layout = grown(*placements, spinners="every", branches_after=branches_after)
    assert layout.is_open(layout.index_of("N2")) == open_at_once
    assert layout.is_open(layout.index_of("S2")) == open_at_once


def test_the_first_spinner_counts_its_far_side_even_when_a_later_spinner_ends_its_arm() -> None:
    """line_sides_continued follows the first spinner's own position, not the kind of the arm's outer piece."""
    layout = grown(("6-4", None), ("6-6", "W"), spinners="every", branches_after=2)
    assert layout.line_sides_continued() == 1
    layout.place(t("6-3"), WEST)
    layout.place(t("3-3"), WEST)
    assert layout.outer(WEST) == ArmEnd.SPINNER
    assert layout.line_sides_continued() == 2
    assert layout.branches_open


def test_a_copy_of_a_layout_with_many_arms_is_independent() -> None:
    """Copies of an every-double layout share nothing changeable: arms added to one do not appear in the other."""
    original = grown(("5-5", None), ("5-1", "W"), ("5-2", "E"), spinners="every", branches_after=2)
    twin = original.copy()
    twin.place(t("2-2"), EAST)
    twin.place(t("2-0"), EAST)
    twin.place(t("0-0"), EAST)
    assert original.ids == ARM_IDS and len(original.tiles) == 4
    assert twin.ids[4:] == ("N2", "S2", "N0", "S0")
    third = twin.copy()
    third.place(t("2-6"), twin.index_of("N2"))
    assert twin.tiles[4] == [] and third.tiles[4] == [t("6-2")]
    assert original.all_tiles() == [t("5-5"), t("5-1"), t("5-2")]


def test_spinner_queries_refuse_a_tile_that_is_not_a_spinner() -> None:
    """sides_covered and branches_of name the tile they do not know."""
    layout = grown(("6-4", None))
    with pytest.raises(ValueError, match=r"^6-6 is not a spinner of this layout$"):
        layout.sides_covered(t("6-6"))
    with pytest.raises(ValueError, match=r"^6-4 is not a spinner of this layout$"):
        layout.branches_of(t("6-4"))


def test_index_of_knows_the_branches_of_this_layout_only() -> None:
    """index_of names this layout's arms, later branches included once they exist."""
    layout = grown(("6-4", None), spinners="every")
    with pytest.raises(ValueError, match=r"^no arm 'N6': arms are W, E, N, S$"):
        layout.index_of("N6")
    with pytest.raises(ValueError, match=r"^no arm None: arms are W, E, N, S$"):
        layout.index_of(None)  # type: ignore[arg-type]
    layout.place(t("4-4"), EAST)
    layout.place(t("6-6"), WEST)
    assert layout.index_of("N6") == 4


def test_end_ids_match_the_published_pattern() -> None:
    """Every id a layout gives (W, E, N, S and the branches of any double up to 18) matches END_ID_PATTERN."""
    pattern = re.compile(END_ID_PATTERN)
    ids = [*ARM_IDS, *(f"{side}{v}" for side in "NS" for v in range(19))]
    assert all(pattern.match(i) for i in ids)
    assert not any(pattern.match(i) for i in ("", "X", "N19", "N05", "n5", "W1", "NS"))


# -- why not ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("placements", "rules", "tile", "end", "message"),
    [
        ((), {}, "6-4", "W", "the first tile opens the layout: end must be null, not 'W'"),
        ((), {}, "6-4", None, None),
        ((("6-4", None),), {}, "6-1", None, "the layout is open: name an end (W, E)"),
        ((("6-4", None),), {}, "6-1", "X", "no end 'X'; the ends now are W, E"),
        ((("6-4", None),), {}, "6-1", 3, "no end 3; the ends now are W, E"),
        ((("6-4", None),), {}, "5-1", "E", "5-1 does not match end E, which shows 4"),
        ((("6-4", None),), {}, "4-1", "E", None),
        ((("6-4", None),), {}, "6-1", "N", "no end 'N' yet: the branches come with the spinner; the ends now are W, E"),
        (
            (("6-4", None),),
            {"spinners": "none"},
            "6-1",
            "S",
            "no end 'S': no double spins in this layout; the ends now are W, E",
        ),
        (
            (("5-5", None), ("5-1", "W")),
            {},
            "5-2",
            "N",
            "the spinner's branch N opens only once both its sides carry a tile; ends now W, E",
        ),
        (
            (("6-5", None), ("5-5", "E")),
            {"branches_after": 1},
            "5-2",
            "N",
            None,
        ),
        (
            (("5-5", None),),
            {"branches_after": 1},
            "5-2",
            "S",
            "the spinner's branch S opens only once one of its sides carries a tile; ends now W, E",
        ),
        (
            (("6-4", None), ("4-4", "E"), ("6-6", "W")),
            {"spinners": "every"},
            "6-2",
            "S6",
            "the branch S6 of the spinner 6-6 opens only once both its sides carry a tile; ends now W, E",
        ),
        (
            (("6-4", None), ("4-4", "E"), ("6-6", "W"), ("6-1", "W")),
            {"spinners": "every"},
            "5-2",
            "S6",
            "5-2 does not match end S6, which shows 6",
        ),
        ((("6-4", None),), {"spinners": "every"}, "6-2", "N6", "no end 'N6'; the ends now are W, E"),
    ],
)
def test_why_not_says_what_is_wrong_and_which_ends_are_open(
    placements: tuple[tuple[str, str | None], ...],
    rules: dict[str, object],
    tile: str,
    end: str | None,
    message: str | None,
) -> None:
    """why_not: None for a legal placement, else the reason naming the ends open now (All Fives' wording)."""
    layout = grown(*placements, **rules)
    assert layout.why_not(t(tile), end) == message


def test_why_not_agrees_with_fits_on_every_id() -> None:
    """A placement is refused by why_not exactly when fits refuses it, for every tile and every id."""
    layout = grown(("6-4", None), ("4-4", "E"), ("6-6", "W"), ("6-2", "W"), spinners="every", branches_after=2)
    for tile in domino_set(6):
        for index, arm_id in enumerate(layout.ids):
            assert (layout.why_not(tile, arm_id) is None) == layout.fits(tile, index), (tile, arm_id)
        assert layout.why_not(tile, None) is not None


# -- enumeration --------------------------------------------------------------------------


def test_placements_go_tile_by_tile_then_arm_by_arm() -> None:
    """placements lists (tile, end id) in the hand's order, each tile's ends in arm order, openings as None."""
    assert LineLayout().placements([t("6-4"), t("1-1")]) == [(t("6-4"), None), (t("1-1"), None)]
    layout = grown(("4-4", None), ("4-6", "W"), ("4-1", "E"), spinners="every")
    assert layout.placements([t("4-2"), t("6-1"), t("3-0")]) == [
        (t("4-2"), "N"),
        (t("4-2"), "S"),
        (t("6-1"), "W"),
        (t("6-1"), "E"),
    ]


def test_can_play_says_whether_any_placement_exists() -> None:
    """can_play is True exactly when placements is not empty: any tile before the opening, a match after."""
    assert LineLayout().can_play([t("6-4")]) and not LineLayout().can_play([])
    layout = grown(("5-5", None), ("5-1", "W"), spinners="every")
    for hand in ([t("4-2")], [t("4-2"), t("1-0")], [t("5-3")], [t("6-6"), t("2-2")]):
        assert layout.can_play(hand) == bool(layout.placements(hand)), hand


# -- views --------------------------------------------------------------------------------


def test_views_of_a_line_are_the_same_for_every_seat() -> None:
    """end_views and arm_views of a LineLayout ignore the seat, and give the later branches their ids."""
    layout = grown(("6-4", None), ("4-4", "E"), ("6-6", "W"), ("6-0", "W"), spinners="every")
    assert end_views(layout) == end_views(layout, 3) == layout.end_views()
    assert end_views(layout) == (EndView("W", 0), EndView("E", 4), EndView("N6", 6), EndView("S6", 6))
    assert arm_views(layout, 1) == arm_views(layout)
    assert arm_views(layout)[2:] == (
        ArmView("N", (), 0, False),
        ArmView("S", (), 0, False),
        ArmView("N6", (), 6, True),
        ArmView("S6", (), 6, True),
    )


def test_a_line_layout_is_a_layout() -> None:
    """LineLayout provides the Layout protocol with ArmView arms, and its views round-trip through JSON."""
    layout: Layout[ArmView] = grown(("12-12", None), ("12-10", "W"), ("12-11", "E"), branches_after=2)
    arms = arm_views(layout)
    data = converter.unstructure(arms)
    assert data[0] == {"id": "W", "tiles": ["12-10"], "value": 10, "open": True}
    assert converter.structure(data, tuple[ArmView, ...]) == arms
    ends = end_views(layout)
    assert converter.structure(converter.unstructure(ends), tuple[EndView, ...]) == ends


# -- larger sets --------------------------------------------------------------------------


@pytest.mark.parametrize("max_pips", [9, 12, 15])
def test_a_layout_of_a_larger_set_masks_and_matches_every_value(max_pips: int) -> None:
    """Values above 6 work everywhere in the layout: matching, open_mask bits, spinners and their branch ids."""
    top = Tile(max_pips, max_pips)
    layout = LineLayout(spinners="every", branches_after=0)
    layout.place(Tile(max_pips, max_pips - 1), None)
    layout.place(top, WEST)
    assert layout.ids[4:] == ()  # the first spinner has N and S
    assert layout.open_mask() == (1 << max_pips) | (1 << (max_pips - 1))
    layout.place(Tile(max_pips - 1, max_pips - 1), EAST)
    assert layout.ids[4:] == (f"N{max_pips - 1}", f"S{max_pips - 1}")
    for tile in domino_set(max_pips):
        assert bool(tile_mask(tile) & layout.open_mask()) == any(
            layout.fits(tile, arm) for arm in range(len(layout.ids))
        )


# -- properties ---------------------------------------------------------------------------


def _snapshot(layout: LineLayout) -> tuple[object, ...]:
    return (
        layout.ids,
        tuple(layout.values),
        tuple(layout.outer_kinds),
        tuple(tuple(a) for a in layout.tiles),
        layout.open_arms(),
        layout.spinners,
        layout.branches_open,
        layout.opening,
    )


@given(
    data=st.data(),
    rule=st.sampled_from(SpinnerRule),
    branches_after=st.sampled_from((0, 1, 2)),
    max_pips=st.sampled_from((6, 9, 12)),
)
def test_random_growth_keeps_the_layouts_invariants(
    data: st.DataObject, rule: SpinnerRule, branches_after: int, max_pips: int
) -> None:
    """Random legal play: each tile placed once, ends show outer halves, ids stable, listing = fits, copies apart."""
    layout = LineLayout(spinners=rule, branches_after=branches_after)
    supply = list(data.draw(st.permutations(domino_set(max_pips))))[: data.draw(st.integers(8, 40))]
    placed: list[Tile] = []
    copies: list[tuple[LineLayout, tuple[object, ...]]] = []
    while True:
        options = layout.placements(supply)
        count = len(layout.ids)
        ids = layout.ids
        assert options == [(tile, None if a is None else ids[a]) for tile in supply for a in layout.places_for(tile)]
        for tile in supply[:6]:
            for index in range(count):
                assert layout.fits(tile, index) == ((tile, layout.ids[index]) in options)
                assert (layout.why_not(tile, layout.ids[index]) is None) == layout.fits(tile, index)
        assert layout.open_mask() == sum({1 << layout.value(a) for a in layout.open_arms()}), (
            "the mask has a bit per shown value"
        )
        assert layout.can_play(supply) == bool(options)
        if not options:
            break
        tile, end = data.draw(st.sampled_from(options))
        arm = None if end is None else layout.index_of(end)
        before_ids = layout.ids
        before = None if arm is None else layout.value(arm)
        if data.draw(st.booleans()):
            copies.append((layout.copy(), _snapshot(layout)))
        layout.place(tile, arm)
        supply.remove(tile)
        placed.append(tile)
        assert layout.ids[: len(before_ids)] == before_ids, "arm ids never change"
        assert sorted(layout.all_tiles(), key=str) == sorted(placed, key=str)
        assert len(layout) == len(placed)
        if arm is not None:
            assert before is not None
            assert layout.tiles[arm][-1] is tile
            assert layout.value(arm) == tile.other(before)
        for a in layout.open_arms():
            arm_tiles = layout.tiles[a]
            outer = arm_tiles[-1] if arm_tiles else None
            if outer is not None:
                assert layout.value(a) in outer
            elif a >= NORTH:
                spinner = layout.spinners[(a - NORTH) // 2]
                assert layout.value(a) == spinner.high
            else:
                assert layout.value(a) in layout.opening  # type: ignore[operator]
        doubles = [x for x in placed if x.is_double]
        expected = {SpinnerRule.NONE: [], SpinnerRule.FIRST: doubles[:1], SpinnerRule.EVERY: doubles}[rule]
        assert list(layout.spinners) == expected
        assert len(layout.ids) == 4 + 2 * max(0, len(layout.spinners) - 1)
    for twin, snapshot in copies:
        assert _snapshot(twin) == snapshot, "a copy does not change when the original does"


@given(data=st.data(), branches_after=st.sampled_from((0, 1, 2)))
def test_the_first_rule_is_the_spinner_flag(data: st.DataObject, branches_after: int) -> None:
    """LineLayout(spinner=True) and LineLayout(spinners="first") grow identically under the same placements."""
    old = LineLayout(spinner=True, branches_after=branches_after)
    new = LineLayout(spinners="first", branches_after=branches_after)
    supply = list(data.draw(st.permutations(domino_set(6))))
    while True:
        options = [(tile, arm) for tile in supply for arm in old.places_for(tile)]
        assert options == [(tile, arm) for tile in supply for arm in new.places_for(tile)]
        if not options:
            break
        tile, arm = data.draw(st.sampled_from(options))
        old.place(tile, arm)
        new.place(tile, arm)
        supply.remove(tile)
        assert _snapshot(old) == _snapshot(new)
        assert old.line_sides_continued() == new.line_sides_continued()
        assert old.uncovered_branches() == new.uncovered_branches()
        assert old.spinner_arm == new.spinner_arm
