"""The draw game base: a new draw game is its settings and a hook, and gets turns, draws, blocks and replay."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest

import tablegames as tg
from tablegames.components.tiles import Tile, domino_set
from tablegames.core import registry
from tablegames.core.game import int_option
from tablegames.mechanics.dominoes import HandEnded, Passed, TileDrawn, TilePlayed
from tablegames.mechanics.drawgame import DrawGame, LeaderDrawn, Scored, TileDeal, TileLaid, render_layout
from tablegames.mechanics.line import LineLayout, Play
from tablegames.testing import check_variant
from tests.bots.support import observe


@attrs.frozen(kw_only=True)
class BlockOptions:
    players: int = attrs.field(default=2, validator=int_option(2, 4))
    target: int = attrs.field(default=50, validator=int_option(1, 500))
    top: int = attrs.field(default=6, validator=int_option(6, 9))


class Block(DrawGame):
    """A Draw game: no count; the seat that dominoes scores every pip left; the others lead by the draw."""

    name: ClassVar[str] = "test-draw-block"
    options_class: ClassVar[type[Any]] = BlockOptions

    def settle_hand(self, reason: str, seat: int | None) -> int | None:
        if seat is not None:
            self.score(seat, sum(t.pips for hand in self.hands for t in hand), "domino")
        return seat


class BigBlock(Block):
    """Block with a set option: double-six to double-nine, every tile it may use in ``pieces``."""

    name: ClassVar[str] = "test-draw-big-block"
    pieces: ClassVar[frozenset[Any]] = frozenset(domino_set(9))

    @classmethod
    def tile_set(cls, options: Any) -> tuple[Tile, ...]:
        return domino_set(options.top)


class Fives(DrawGame):
    """A Fives game with Sniff's draw rule: every double spins, a drawn tile that fits must be played."""

    name: ClassVar[str] = "test-draw-fives"
    options_class: ClassVar[type[Any]] = BlockOptions
    spinners: ClassVar[str] = "every"
    branches_after: ClassVar[int] = 1
    play_drawn: ClassVar[bool] = True
    hand_sizes: ClassVar[dict[int, int]] = {2: 5, 3: 5, 4: 5}
    event_classes = (*DrawGame.event_classes, TilePlayed)

    @classmethod
    def layout_count(cls, layout: LineLayout, options: Any) -> int:
        values, kinds = layout.values, layout.outer_kinds
        return sum(values[a] * (2 if kinds[a] else 1) for a in layout.open_arms())

    def settle_hand(self, reason: str, seat: int | None) -> int | None:
        for s, hand in enumerate(self.hands):
            if hand:
                self.score(s, -sum(t.pips for t in hand), "remaining")
        return seat


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The test games registered for one test (replay finds a game by its name), then removed again."""
    for cls in (Block, BigBlock, Fives):
        monkeypatch.setitem(registry._registered, cls.name, cls)
    yield


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def stacked(hands: list[str], rest: tuple[Tile, ...] | None = None, leader: int = 0, top: int = 6) -> TileDeal:
    """A deal of ``hands``; the stock is every other tile of the set, highest first (or ``rest``)."""
    dealt = tuple(tiles(h) for h in hands)
    held = {t for h in dealt for t in h}
    stock = rest if rest is not None else tuple(t for t in domino_set(top) if t not in held)
    return TileDeal(hands=dealt, stock=stock, leader=leader)


def test_a_game_without_a_count_logs_tile_laid_and_no_count() -> None:
    """Block keeps no count: its placements are ``tile_played`` events without a ``count`` field."""
    game = Block.create(seed=5)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    laid = [e for e in game.events if isinstance(e, TilePlayed | TileLaid)]
    assert laid and all(type(e) is TileLaid for e in laid)
    assert all("count" not in tg.to_json(e) for e in laid)
    assert max(game.scores) >= 50 and game.winner == game.scores.index(max(game.scores))
    assert isinstance(game.events[1], LeaderDrawn) and game.view(0).count == 0
    assert "count" not in game.render_table()


def test_a_drawn_tile_that_fits_must_be_played_with_play_drawn() -> None:
    """Sniff's rule: seat 1 cannot match 6, draws 5-5 then 6-1; only 6-1 may be played, on either end."""
    deal = stacked(
        ["6-6 4-4 3-3 2-2 1-1", "5-4 5-3 5-2 5-1 5-0"],
        rest=(*tiles("5-5 6-1"), *tiles("6-5 6-4 6-3 6-2 6-0 4-3 4-2 4-1 4-0 3-2 3-1 3-0 2-1 2-0 1-0 0-0")),
    )
    game = Fives.create(seed=1, deals=[deal])
    game.apply(Play(Tile(6, 6), None))
    drawn = [e for e in game.events if isinstance(e, TileDrawn)]
    assert [str(e.tile) for e in drawn] == ["5-5", "6-1"] and game.current_player == 1
    assert {str(a) for a in game.legal_actions()} == {"6-1 on W", "6-1 on E"}
    with pytest.raises(tg.IllegalActionError, match="seat 1 drew 6-1, which fits, and must play it"):
        game.apply(Play(Tile(5, 5), "W"))


def test_every_double_spins_and_counts_as_the_rule_says() -> None:
    """With ``spinners="every"`` a later double grows its own branches, named by its value."""
    deal = stacked(["6-4 4-4 3-3 2-2 1-1", "4-0 6-6 5-3 5-2 5-1"])
    game = Fives.create(seed=1, deals=[deal])
    game.apply(Play(Tile(6, 4), None))
    assert [str(a) for a in game.legal_actions()] == ["6-6 on W", "4-0 on E"]
    game.apply(Play(Tile(6, 6), "W"))
    assert {e.id for e in game.view(0).ends} == {"W", "E", "N", "S"}
    assert "N from the spinner 6-6" in render_layout(game.layout)
    played = [e for e in game.events if isinstance(e, TilePlayed)]
    assert [e.count for e in played] == [10, 12 + 4 + 12 + 12]  # this count doubles a spinner on every open end


def test_the_pieces_may_depend_on_the_options() -> None:
    """``tile_set(options)`` deals a double-nine set with ``top=9``: 55 tiles, checked as such in a stacked deal."""
    game = BigBlock.create({"top": 9}, seed=3)
    places = game.piece_places()
    assert sum(len(p) for p in places.values()) == 55 and max(t.high for p in places.values() for t in p) == 9
    hands = ["6-6 5-5 4-4 3-3 2-2 1-1 0-0", "6-5 6-4 6-3 6-2 6-1 6-0 5-4"]
    assert BigBlock.create({"top": 9}, seed=3, deals=[stacked(hands, top=9)]).stock[0] == Tile(9, 9)
    with pytest.raises(tg.InvalidOptionsError, match="the stock has 14 tiles; with 2 players it has 41"):
        BigBlock.create({"top": 9}, seed=3, deals=[stacked(hands)])
    assert BigBlock.create(seed=3, deals=[stacked(hands)]).hand_number == 1  # double-six by default


def test_the_ends_a_play_may_name_follow_the_spinner_rule() -> None:
    """action_values: W and E with no spinner, N and S with one, and every double's branches when all spin."""
    options = BlockOptions(top=9)

    class Line(Block):
        spinners: ClassVar[str] = "none"

    assert Line.action_values(options) == {"Play.end": (None, "W", "E")}
    assert Block.action_values(options) == {"Play.end": (None, "W", "E", "N", "S")}
    every = Fives.action_values(BlockOptions())["Play.end"]
    assert every[:5] == (None, "W", "E", "N", "S") and every[5:] == tuple(f"{s}{v}" for v in range(7) for s in "NS")


def test_hands_end_by_domino_or_block_and_the_match_goes_on() -> None:
    """Played out, hands end by a domino or a block; a seat with nothing to play and no stock passes."""
    game = Block.create(seed=2)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    ends = [e for e in game.events if isinstance(e, HandEnded)]
    assert ends and all(e.reason in ("domino", "blocked") for e in ends)
    assert any(isinstance(e, Passed) for e in game.events) or any(e.reason == "domino" for e in ends)


def test_replay_gives_the_same_game_and_the_draw_belongs_to_its_deal() -> None:
    """A full log replays to the same log; each deal is recovered with the leader drawn after it."""
    game = Fives.create({"players": 3}, seed=9)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    again = tg.replay(game.log())
    assert tg.dumps(again.log()) == tg.dumps(game.log())
    deals = Fives.deals_from_events(game.events)
    assert deals[0].leader == next(e.seat for e in game.events if isinstance(e, LeaderDrawn))
    assert any(isinstance(e, Scored) and e.reason == "remaining" for e in game.events)


@pytest.mark.parametrize("variant", [Block, Fives])
def test_the_conformance_kit_passes_on_a_game_of_settings_and_hooks(variant: type[DrawGame]) -> None:
    """Pieces conserved, nothing leaked, legality listed and refused alike, replay: the kit's checks pass."""
    checks = ["terminates", "views", "pieces", "replay", "clone", "no_leaks", "illegal_refused", "json_round_trip"]
    outcomes = check_variant(variant, options={"players": 3, "target": 30}, checks=checks, examples=3)
    assert set(outcomes.values()) == {"passed"}, outcomes


@pytest.mark.parametrize("top", [6, 9])
def test_the_kit_counts_the_pieces_of_the_match_not_of_the_class(top: int) -> None:
    """With ``top=6`` a double-nine class deals 28 tiles: ``pieces_for(options)`` is what the kit conserves."""
    assert len(BigBlock.pieces_for(BigBlock.options_class(top=top))) == {6: 28, 9: 55}[top]
    outcomes = check_variant(BigBlock, options={"players": 2, "top": top}, checks=["pieces", "replay"], examples=2)
    assert set(outcomes.values()) == {"passed"}, outcomes


def _points_now(game: DrawGame, action: Play) -> int:
    """What ``action`` scores for its count at once, by the engine itself."""
    events = game.clone().apply(action)
    return sum(e.points for e in events if isinstance(e, Scored) and e.reason == "count")


def _greedy(game: DrawGame) -> Play:
    seat = game.current_player
    assert seat is not None
    choice = type(game).heuristic_choice(observe(game, seat))
    assert isinstance(choice, Play)
    return choice


def test_the_family_heuristic_plays_the_placement_that_scores() -> None:
    """6-4 opens (ends 6 and 4); 6-1 on W makes 1 + 4 = 5 and scores, so it beats the heavier 6-5 (5 + 4 = 9)."""
    game = Fives.create(seed=1, deals=[stacked(["6-4 3-3 2-2 1-1 0-0", "6-1 6-5 4-2 3-0 2-1"])])
    game.apply(Play(Tile(6, 4), None))
    assert {str(a): _points_now(game, a) for a in game.legal_actions()} == {"6-1 on W": 5, "6-5 on W": 0, "4-2 on E": 0}
    assert str(_greedy(game)) == "6-1 on W"


def test_the_family_heuristic_sheds_the_heaviest_tile_when_nothing_scores() -> None:
    """Ends 6 and 4: 6-5 on W (9), 6-3 on W (7), 4-2 on E (8), 4-0 on E (6) score nothing; 6-5 has the most pips."""
    game = Fives.create(seed=1, deals=[stacked(["6-4 3-3 2-2 1-1 0-0", "4-2 6-3 4-0 6-5 2-1"])])
    game.apply(Play(Tile(6, 4), None))
    assert len(game.legal_actions()) == 4 and not any(_points_now(game, a) for a in game.legal_actions())
    assert str(_greedy(game)) == "6-5 on W"


@pytest.mark.parametrize(
    ("variant", "options"),
    [(Block, {"players": 2}), (BigBlock, {"players": 3, "top": 9}), (Fives, {"players": 2}), (Fives, {"players": 4})],
)
def test_the_family_heuristic_scores_the_most_now_then_sheds_the_heaviest(
    variant: type[DrawGame], options: dict[str, Any]
) -> None:
    """In positions of random matches (every spinner rule here), the greedy placement scores as much as any legal
    one, by the engine, and is the heaviest of those; the layout it rebuilds from the seat's log is the game's."""
    checked = 0
    for seed in range(3):
        game = variant.create(options, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            seat = game.current_player
            assert seat is not None
            rebuilt = variant._layout_in_log(observe(game, seat).events)
            assert render_layout(rebuilt) == render_layout(game.layout)
            if len(legal) > 1:
                choice = _greedy(game)
                points = {a: _points_now(game, a) for a in legal}
                best = max(points.values())
                assert choice in legal and points[choice] == best
                assert choice.tile.pips == max(a.tile.pips for a in legal if points[a] == best)
                checked += 1
            game.apply(rng.choice(legal))
    assert checked >= 30
