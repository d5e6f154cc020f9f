"""Properties of American Sniff over random seeds, player counts and random legal play."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.core.game import Game
from tablegames.mechanics.line import arm_views
from tablegames.testing import conformance_tests
from tablegames.variants.sniff import (
    GameEnded,
    HandDealt,
    HandEnded,
    LeaderDrawn,
    Passed,
    Play,
    Scored,
    Sniff,
    TileDrawn,
    TilePlayed,
    play,
    round_pips,
)
from tablegames.variants.sniff import game as sniff_game
from tablegames.variants.sniff.view import LastLayout
from tests.strategies import (
    END_CHOICES,
    TILES,
    GameCase,
    choice_seeds,
    deal_json,
    game_cases,
    json_junk,
    near_miss_actions,
    player_counts,
    seeds,
)
from tests.support import (
    current_hand_events,
    full_log,
    hidden_tiles,
    new_sniff,
    pick,
    play_out,
    play_steps,
    snapshot,
    tile_strings,
)

_ALL_TILES = Counter(TILES)


def _sides(players: int) -> int:
    return 2 if players == 4 else players


# -- whole games ------------------------------------------------------------------------


@given(case=game_cases)
def test_every_game_ends_with_one_winner_at_or_past_the_target(case: GameCase) -> None:
    """Rule 18: every match ends; the winner is at or past the target and every other side below it."""
    game = new_sniff(case.seed, case.players)
    play_out(game, case.rng())
    winner = game.winner
    target = game.options.target
    assert game.is_over
    assert winner is not None
    assert len(game.scores) == _sides(case.players)
    assert game.scores[winner] >= target
    assert all(score < target for side, score in enumerate(game.scores) if side != winner)
    assert game.current_player is None
    assert list(game.legal_actions()) == []
    events = game.log().events
    assert events[-1] == GameEnded(winner, game.scores)
    last_score = events[-2]
    assert isinstance(last_score, Scored)
    assert last_score.side == winner
    assert last_score.reason == "count"
    assert sum(isinstance(e, GameEnded) for e in events) == 1


@given(case=game_cases)
def test_the_28_tiles_are_accounted_for_after_every_step(case: GameCase) -> None:
    """Rule 1: after every step each of the 28 tiles is in exactly one place: a hand, the stock or the layout."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    while True:
        layout_tiles = game.layout.all_tiles()
        everywhere = Counter([t for hand in game.hands for t in hand] + game.stock + layout_tiles)
        assert everywhere == _ALL_TILES
        assert len(game.layout) == len(layout_tiles)
        view = game.view(0)
        assert view.hand_sizes == tuple(len(h) for h in game.hands)
        assert view.stock_size == len(game.stock)
        if game.is_over:
            break
        game.apply(pick(game, rng))


@given(case=game_cases)
def test_scores_are_the_sums_of_the_scored_events(case: GameCase) -> None:
    """Each side's score is the sum of its `scored` events' points; each event's total is that running sum."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    running = [0] * _sides(case.players)
    while not game.is_over:
        for event in game.apply(pick(game, rng)):
            if isinstance(event, Scored):
                assert event.side == game.seating.side_of(event.seat)
                running[event.side] += event.points
                assert event.total == running[event.side]
        assert game.scores == tuple(running)
        assert game.view(0).scores == tuple(running)


@given(case=game_cases)
def test_a_placement_scores_exactly_when_the_count_is_a_positive_multiple_of_5(case: GameCase) -> None:
    """Rule 12: a placement scores exactly when its count is a positive multiple of 5, and scores the count."""
    game = new_sniff(case.seed, case.players)
    play_out(game, case.rng())
    events = game.log().events
    for i, event in enumerate(events):
        if isinstance(event, TilePlayed):
            after = events[i + 1]
            scores = isinstance(after, Scored) and after.reason == "count"
            assert scores == (event.count > 0 and event.count % 5 == 0), (i, event, after)
            if isinstance(after, Scored) and scores:
                assert (after.seat, after.points) == (event.seat, event.count)
        if isinstance(event, Scored) and event.reason == "count":
            before = events[i - 1]
            assert isinstance(before, TilePlayed)


@given(case=game_cases)
def test_settlement_takes_each_seats_rounded_pips_off_its_side(case: GameCase) -> None:
    """Rule 17: after each hand_ended, each seat with a non-zero rounded pip total loses exactly that, in seat order."""
    game = new_sniff(case.seed, case.players)
    play_out(game, case.rng())
    events = game.log().events
    for i, event in enumerate(events):
        if isinstance(event, HandEnded):
            expected = [
                (seat, -round_pips(sum(t.pips for t in hand)))
                for seat, hand in enumerate(event.hands)
                if round_pips(sum(t.pips for t in hand))
            ]
            got = []
            j = i + 1
            while isinstance(events[j], Scored):
                scored = events[j]
                assert isinstance(scored, Scored)
                assert scored.reason == "remaining"
                got.append((scored.seat, scored.points))
                j += 1
            assert got == expected
            assert isinstance(events[j], HandDealt)
            if event.reason == "domino":
                assert event.seat is not None
                assert event.hands[event.seat] == ()


@given(case=game_cases)
def test_hands_are_numbered_and_led_by_rule_5(case: GameCase) -> None:
    """Rule 5: hands are numbered from 1; the domino player leads the next hand, a draw picks the leader otherwise."""
    game = new_sniff(case.seed, case.players)
    play_out(game, case.rng())
    events = game.log().events
    deals = [i for i, e in enumerate(events) if isinstance(e, HandDealt)]
    assert [e.hand_number for e in events if isinstance(e, HandDealt)] == list(range(1, len(deals) + 1))
    assert deals[0] == 0
    previous_end: HandEnded | None = None
    for i in deals:
        first_play = next(e for e in events[i + 1 :] if isinstance(e, TilePlayed))
        assert first_play.end is None
        drawn = events[i + 1]
        if previous_end is not None and previous_end.reason == "domino":
            assert not isinstance(drawn, LeaderDrawn)
            assert first_play.seat == previous_end.seat
        else:
            assert isinstance(drawn, LeaderDrawn)
            assert first_play.seat == drawn.seat
        ending = next(e for e in events[i + 1 :] if isinstance(e, (HandEnded, GameEnded)))
        previous_end = ending if isinstance(ending, HandEnded) else None


@given(case=game_cases)
def test_apply_returns_exactly_the_new_tail_of_the_log(case: GameCase) -> None:
    """apply() returns the events it appended, the placement first, up to the next decision."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    while not game.is_over:
        before = game.log().events
        seat = game.current_player
        action = pick(game, rng)
        returned = game.apply(action)
        after = game.log().events
        assert after[: len(before)] == before
        assert after[len(before) :] == returned
        first = returned[0]
        assert isinstance(first, TilePlayed)
        assert (first.seat, first.tile, first.end) == (seat, action.tile, action.end)
        assert not any(isinstance(e, TilePlayed) for e in returned[1:])
        assert game.is_over or len(game.legal_actions()) > 0


# -- replay -----------------------------------------------------------------------------


def _go_on_together(original: Sniff, replayed: Sniff, rng: random.Random) -> None:
    while not original.is_over:
        action = pick(original, rng)
        assert tuple(replayed.legal_actions()) == tuple(original.legal_actions())
        assert replayed.apply(action) == original.apply(action)
    assert replayed.is_over
    assert full_log(replayed) == full_log(original)


@given(
    seed=seeds,
    players=player_counts,
    data=st.data(),
    choice_seed=choice_seeds,
    steps=st.integers(min_value=0, max_value=40),
)
def test_replay_keeps_the_stacked_deals_not_yet_used(
    seed: int, players: int, data: st.DataObject, choice_seed: int, steps: int
) -> None:
    """A full log carries the stacked deals not yet used, so a replayed game deals them just as the original would."""
    deals = [data.draw(deal_json(players, leader=False)) for _ in range(3)]
    game = new_sniff(seed, players, deals=deals)
    rng = random.Random(choice_seed)
    play_steps(game, rng, steps)
    text = full_log(game)
    used = game.hand_number
    pending = [(d["hands"], d["stock"], d.get("leader")) for d in json.loads(text)["deals"]]
    assert pending == [(d["hands"], d["stock"], d.get("leader")) for d in deals[used:]]
    replayed = tablegames.replay(tablegames.load_log(text))
    assert isinstance(replayed, Sniff)
    assert full_log(replayed) == text
    assert snapshot(replayed) == snapshot(game)
    _go_on_together(game, replayed, rng)


# -- hidden information -------------------------------------------------------------------


def _hand_events(events: list[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """The events of hand ``number``, from its ``hand_dealt`` to the next one."""
    out: list[dict[str, Any]] = []
    current = None
    for event in events:
        if event["type"] == "hand_dealt":
            current = event["hand_number"]
        if current == number:
            out.append(event)
    return out


@given(case=game_cases, steps=st.integers(min_value=0, max_value=250))
def test_no_view_or_redacted_log_names_a_tile_hidden_from_its_seat(case: GameCase, steps: int) -> None:
    """No view and no redacted log of a seat names a tile in another seat's hand or in the stock."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    play_steps(game, rng, steps)
    for _ in range(12):
        for seat in range(game.players):
            hidden = hidden_tiles(game, seat)
            view = json.loads(tablegames.dumps(game.view(seat)))
            last = view.pop("last_layout")  # an earlier hand's table: its tiles were dealt again since
            assert not tile_strings(view) & hidden, (seat, view)
            expected_legal = game.legal_actions() if seat == game.current_player else ()
            assert view["legal_actions"] == [tablegames.to_json(a) for a in expected_legal]
            log_text = tablegames.dumps(game.log(seat))
            log = json.loads(log_text)
            assert "seed" not in log
            assert "deals" not in log
            assert log["seat"] == seat
            leaked = tile_strings(current_hand_events(log_text)) & hidden
            assert not leaked, (seat, leaked)
            for event in log["events"]:  # past hands too: their stock and others' draws stay hidden for ever
                if event["type"] == "hand_dealt":
                    assert event["stock"] is None
                    assert all((hand is None) == (owner != seat) for owner, hand in enumerate(event["hands"]))
                elif event["type"] == "tile_drawn":
                    assert (event["tile"] is None) == (event["seat"] != seat)
            # the last hand's table is public: exactly the tiles that hand's placements show in this seat's log
            ended = [e["hand_number"] for e in log["events"] if e["type"] == "hand_ended"]
            assert (last is None) == (not ended)
            if last is not None:
                assert last["hand_number"] == ended[-1]
                assert tile_strings(last) == {
                    e["tile"] for e in _hand_events(log["events"], ended[-1]) if e["type"] == "tile_played"
                }
        if game.is_over:
            break
        game.apply(pick(game, rng))


# -- the conformance kit --------------------------------------------------------------------
# Replay of the JSON log (byte for byte, then going on identically), the same seed and choices
# giving the same log, clone independence and indistinguishable deals within a hand are the
# kit's checks; this suite runs every check of the kit on American Sniff.

TestSniffConformance = conformance_tests(Sniff, options={"players": player_counts}, examples=40)


# -- legality -----------------------------------------------------------------------------


def _check_legality_agrees(game: Sniff) -> None:
    seat = game.current_player
    assert seat is not None
    legal = list(game.legal_actions())
    assert len(set(legal)) == len(legal), "legal actions are listed once each"
    legal_set = set(legal)
    hand = game.hands[seat]
    for tile in TILES:
        for end in END_CHOICES:
            action = play(tile, end)
            allowed = game.why_illegal(action, seat) is None
            assert allowed == (action in legal_set), (action, game.why_illegal(action, seat))
            if tile not in hand:
                assert not allowed
    view = json.loads(tablegames.dumps(game.view(seat)))
    assert view["legal_actions"] == [tablegames.to_json(a) for a in legal]
    end_ids = {e["id"] for e in view["ends"]}
    assert all(a.end in end_ids for a in legal if a.end is not None)


@given(case=game_cases, steps=st.integers(min_value=0, max_value=600))
def test_legality_is_decided_in_one_place(case: GameCase, steps: int) -> None:
    """For every tile and end, why_illegal(play(tile, end), seat) is None exactly when legal_actions() lists it."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    for _ in range(steps):
        if game.is_over:
            break
        _check_legality_agrees(game)
        game.apply(pick(game, rng))


@given(case=game_cases, steps=st.integers(min_value=0, max_value=400))
def test_every_legal_action_parses_from_its_json_form(case: GameCase, steps: int) -> None:
    """action_from_json of a legal action's JSON (also with the tile written low half first) is that action."""
    game = new_sniff(case.seed, case.players)
    play_steps(game, case.rng(), steps)
    for action in game.legal_actions():
        data = tablegames.to_json(action)
        assert game.action_from_json(data) is action
        assert game.action_from_json(data, seat=game.current_player) is action
        flipped = {**data, "tile": f"{action.tile.low}-{action.tile.high}"}
        assert game.action_from_json(flipped) is action


def _state(game: Sniff) -> tuple[Any, ...]:
    """The game's state, cheaper to take than a snapshot: events, turn, scores, pieces."""
    return (
        game.log().events,
        game.current_player,
        game.scores,
        tuple(game.legal_actions()),
        tuple(tuple(h) for h in game.hands),
        tuple(game.stock),
        tuple(game.layout.all_tiles()),
        game.forced_tile,
    )


def _assert_refused(game: Sniff, attempt: Callable[[], object]) -> None:
    before = _state(game)
    with pytest.raises(tablegames.IllegalActionError) as info:
        attempt()
    assert isinstance(info.value, ValueError)
    assert _state(game) == before


@given(case=game_cases, steps=st.integers(min_value=0, max_value=400))
def test_every_illegal_play_raises_and_changes_nothing(case: GameCase, steps: int) -> None:
    """Every play not in legal_actions() raises IllegalActionError (a ValueError) and leaves the game as it was."""
    game = new_sniff(case.seed, case.players)
    play_steps(game, case.rng(), steps)
    before = snapshot(game)
    legal = set(game.legal_actions())
    for tile in TILES:
        for end in (*END_CHOICES, "X", "w", ""):
            action = play(tile, end)
            if action not in legal:
                _assert_refused(game, partial(game.apply, action))
                _assert_refused(game, partial(game.action_from_json, tablegames.to_json(action)))
    assert snapshot(game) == before


@given(case=game_cases, steps=st.integers(min_value=0, max_value=400), data=st.data())
def test_junk_actions_raise_and_change_nothing(case: GameCase, steps: int, data: st.DataObject) -> None:
    """Junk JSON, near-miss JSON and non-actions raise IllegalActionError, leaving the log byte for byte unchanged."""
    game = new_sniff(case.seed, case.players)
    play_steps(game, case.rng(), steps)
    legal = game.legal_actions()
    start = snapshot(game)
    for _ in range(5):
        junk: Any = data.draw(json_junk | near_miss_actions())
        before = full_log(game)
        try:
            action = game.action_from_json(junk)
        except tablegames.IllegalActionError as exc:
            assert isinstance(exc, ValueError)
        else:
            assert action in legal
        assert full_log(game) == before
        _assert_refused(game, partial(game.apply, junk))
    odd: list[Any] = [None, 7, "play", {"type": "play"}, Play("6-4", "W"), Play(TILES[0], ["W"])]  # type: ignore[arg-type]
    for thing in odd:
        _assert_refused(game, partial(game.apply, thing))
    assert snapshot(game) == start


@given(case=game_cases, steps=st.integers(min_value=0, max_value=400))
def test_only_the_current_seat_may_act(case: GameCase, steps: int) -> None:
    """apply(..., seat=s) and action_from_json(..., seat=s) raise for every seat s but the current one."""
    game = new_sniff(case.seed, case.players)
    play_steps(game, case.rng(), steps)
    if game.is_over:
        for seat in range(game.players):
            _assert_refused(game, partial(game.apply, play(TILES[0], None), seat=seat))
        return
    current = game.current_player
    action = game.legal_actions()[0]
    data = tablegames.to_json(action)
    before = full_log(game)
    for seat in (*range(game.players), -1, game.players):
        if seat != current:
            _assert_refused(game, partial(game.apply, action, seat=seat))
            _assert_refused(game, partial(game.action_from_json, data, seat=seat))
    assert full_log(game) == before
    assert game.action_from_json(data, seat=current) is action
    game.apply(action, seat=current)


@given(case=game_cases)
def test_a_finished_game_refuses_every_action(case: GameCase) -> None:
    """Once the game is over, nothing is legal and every action or JSON form raises IllegalActionError."""
    game = new_sniff(case.seed, case.players)
    play_out(game, case.rng())
    last = game.log().events[-1]
    assert isinstance(last, GameEnded)
    before = full_log(game)
    for action in (play(TILES[0], None), play(TILES[5], "W"), play(TILES[27], "N")):
        _assert_refused(game, partial(game.apply, action))
        _assert_refused(game, partial(game.action_from_json, tablegames.to_json(action)))
    assert full_log(game) == before


@given(case=game_cases, steps=st.integers(min_value=0, max_value=600))
def test_draws_and_passes_happen_only_when_no_placement_is_possible(case: GameCase, steps: int) -> None:
    """Rules 13-16: draws and passes only without a legal placement, a drawn fit is forced, blocks end at once."""
    game = new_sniff(case.seed, case.players)
    rng = case.rng()
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        forced = game.forced_tile
        if forced is not None:
            assert {a.tile for a in legal} == {forced}
        shadow = game.clone()
        events = game.apply(pick(game, rng))
        if isinstance(events[-1], TileDrawn):
            drawn_tile = events[-1].tile
            assert drawn_tile is not None
            assert game.forced_tile is drawn_tile
            assert any(game.layout.fits(drawn_tile, a) for a in game.layout.open_arms())
        for event in events:
            if isinstance(event, TilePlayed):
                shadow.hands[event.seat].remove(event.tile)
                shadow.layout.place(event.tile, None if event.end is None else "WENS".index(event.end))
            elif isinstance(event, (TileDrawn, Passed)):
                arms = shadow.layout.open_arms()
                assert not any(shadow.layout.fits(t, a) for t in shadow.hands[event.seat] for a in arms), event
                if isinstance(event, TileDrawn):
                    assert shadow.stock, "a draw from an empty stock"
                    drawn = shadow.stock.pop(0)
                    assert event.tile == drawn
                    shadow.hands[event.seat].append(drawn)
                else:
                    assert not shadow.stock, "a pass while the stock has tiles"
                    playable = any(shadow.layout.fits(t, a) for hand in shadow.hands for t in hand for a in arms)
                    assert playable, "a pass in a blocked hand: rule 16 detects a block at once"
            elif isinstance(event, HandEnded):
                if event.reason == "blocked":
                    assert event.seat is None
                    arms = shadow.layout.open_arms()
                    assert not shadow.stock
                    assert not any(shadow.layout.fits(t, a) for hand in shadow.hands for t in hand for a in arms)
                else:
                    assert event.seat is not None
                    assert not shadow.hands[event.seat]
                assert [Counter(h) for h in event.hands] == [Counter(h) for h in shadow.hands]
                break


@given(seed=st.integers(min_value=0, max_value=2**32), players=st.sampled_from([2, 3, 4]))
def test_the_last_hands_layout_in_a_view_is_built_once_and_stays_right(seed: int, players: int) -> None:
    """Views share the last finished hand's layout view; it is the one built afresh, for clones too, memo or none."""
    game = tablegames.new_game("american-sniff", seed=seed, players=players)
    other = tablegames.new_game("american-sniff", seed=seed + 1, players=players)  # its hands end at other layouts
    rng = random.Random(seed)
    clones: list[Game] = []
    for step in range(300):
        if game.is_over or other.is_over:
            break
        for g in (game, other, *clones[-2:]):
            last = g._last_layout  # type: ignore[attr-defined]
            shown = g.view(0).last_layout
            if last is None:
                assert shown is None
                continue
            number, layout = last
            arms = arm_views(layout)
            assert shown == LastLayout(hand_number=number, opening=layout.opening, sniff=layout.spinner, arms=arms)
            assert g.view(players - 1).last_layout is shown  # built once, shared by every view
        if step % 40 == 0:
            clones.append(game.clone())
            sniff_game._LAST_VIEWS.clear()  # what is built again is the same
        game.apply(rng.choice(game.legal_actions()))
        other.apply(rng.choice(other.legal_actions()))
