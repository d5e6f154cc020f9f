"""Properties of All Fives over random seeds, player counts and random legal play."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from all_fives_helpers import NAME, TILES, pick, play_out
from hypothesis import given, settings
from hypothesis import strategies as st
from tablegames_all_fives import AllFives, GameEnded, HandDealt, HandEnded, Scored, TilePlayed

import tablegames as tg

seeds = st.integers(min_value=0, max_value=2**32)
players = st.integers(min_value=2, max_value=4)
targets = st.sampled_from([61, 61, 121, 20])


def new_game(seed: int, count: int, target: int = 61) -> AllFives:
    game = tg.new_game(NAME, seed=seed, players=count, target=target)
    assert isinstance(game, AllFives)
    return game


def view_count(data: dict[str, Any]) -> int:
    """The count from a JSON view alone, by the rules page (rule 10), independently of the engine.

    Each open arm counts its outer piece (the last tile of the arm; the opening tile for an
    empty line arm; the spinner for an empty branch): the spinner adds nothing there, a double
    both halves, any other tile the end's value. The spinner adds both halves while fewer than
    two of its sides carry a tile.
    """
    if data["opening"] is None:
        return 0
    spinner, opening = data["spinner"], data["opening"]
    total = 0
    sides = 0
    for arm in data["arms"]:
        tiles = arm["tiles"]
        if arm["id"] in ("W", "E") and spinner is not None:
            if opening == spinner:
                sides += bool(tiles)
            elif spinner in tiles:
                sides += 1 + (tiles[-1] != spinner)
        if not arm["open"]:
            continue
        outer = tiles[-1] if tiles else (opening if arm["id"] in ("W", "E") else spinner)
        if outer == spinner:
            continue
        total += 2 * arm["value"] if outer[0] == outer[2] else arm["value"]
    if spinner is not None and sides < 2:
        total += 2 * int(spinner[0])
    return total


@settings(deadline=None)
@given(seed=seeds, count=players, target=targets)
def test_every_match_ends_with_one_winner_and_scores_from_scored_events(seed: int, count: int, target: int) -> None:
    """Rule 17: every match ends; only the winner is at or past the target; every point comes
    from a ``scored`` event, a positive multiple of 5."""
    game = new_game(seed, count, target)
    play_out(game, random.Random(seed))
    winner = game.winner
    assert winner is not None and game.is_over and game.current_player is None
    assert game.scores[winner] >= target
    assert all(s < target for side, s in enumerate(game.scores) if side != winner)
    totals = [0] * len(game.scores)
    events = game.log().events
    for event in events:
        if isinstance(event, Scored):
            assert event.points > 0 and event.points % 5 == 0
            totals[event.side] += event.points
            assert event.total == totals[event.side]
    assert tuple(totals) == game.scores
    assert isinstance(events[-1], GameEnded) and sum(isinstance(e, GameEnded) for e in events) == 1


@settings(deadline=None)
@given(seed=seeds, count=players)
def test_tiles_are_conserved_and_counts_match_the_open_ends(seed: int, count: int) -> None:
    """Every tile is in exactly one place after every step, and each placement's count is the sum
    of the open ends read from the view (rule 10)."""
    game = new_game(seed, count)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over and steps < 120:
        places = game.piece_places()
        assert Counter(str(t) for pile in places.values() for t in pile) == Counter(TILES)
        action = pick(game, rng)
        events = game.apply(action)
        played = events[0]
        assert isinstance(played, TilePlayed)
        if not any(isinstance(e, HandDealt) for e in events) and not game.is_over:
            assert played.count == view_count(tg.to_json(game.view(0))), tg.dumps(game.view(0))
            assert played.count == game.count
        steps += 1


@settings(deadline=None)
@given(seed=seeds, count=players, cut=st.integers(min_value=0, max_value=400))
def test_logs_replay_to_the_same_game_which_can_go_on(seed: int, count: int, cut: int) -> None:
    """A full log's JSON loads and replays to a game with the same log, views and legal actions."""
    game = new_game(seed, count)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(pick(game, rng))
    text = tg.dumps(game.log())
    again = tg.replay(tg.load_log(text))
    assert tg.dumps(again.log()) == text
    assert [tg.dumps(again.view(s)) for s in range(count)] == [tg.dumps(game.view(s)) for s in range(count)]
    assert list(again.legal_actions()) == list(game.legal_actions())
    if not game.is_over:
        action = pick(game, rng)
        assert game.apply(action) == again.apply(action)
    for seat in range(count):
        redacted = tg.load_log(tg.dumps(game.log(seat)))
        assert tg.dumps(redacted) == tg.dumps(game.log(seat))


@settings(deadline=None)
@given(seed=seeds, count=players, cut=st.integers(min_value=0, max_value=200))
def test_views_and_redacted_logs_name_no_hidden_tile(seed: int, count: int, cut: int) -> None:
    """No seat's view, or its log of the current hand, names a tile in another hand or the boneyard."""
    game = new_game(seed, count)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(pick(game, rng))
    for seat in range(count):
        hidden = {str(t) for t in game.hidden_pieces(seat)}
        events = game.log(seat).events
        start = max(i for i, e in enumerate(events) if isinstance(e, HandDealt))
        assert hidden >= {str(t) for t in game.boneyard}
        if not any(isinstance(e, HandEnded) for e in events[start:]):  # the hands are shown at its end
            others = {str(t) for s, hand in enumerate(game.hands) if s != seat for t in hand}
            assert hidden == others - {str(game.lead_tile)} | {str(t) for t in game.boneyard}
        view = game.view(seat)
        # the last hand's table is an earlier hand's (its tiles were dealt again since): public,
        # exactly the tiles that hand's placements show in the seat's own log
        last = view.last_layout
        ended = [e.hand_number for e in events if isinstance(e, HandEnded)]
        assert (last is None) == (not ended)
        if last is not None:
            assert last.hand_number == ended[-1]
            dealt = max(i for i, e in enumerate(events) if isinstance(e, HandDealt) and e.hand_number == ended[-1])
            placed = set()
            for event in events[dealt + 1 :]:
                if isinstance(event, HandDealt):
                    break
                if isinstance(event, TilePlayed):
                    placed.add(event.tile)
            assert {last.opening, *(t for arm in last.arms for t in arm.tiles)} == placed
        text = tg.dumps(attrs.evolve(view, last_layout=None)) + "".join(tg.dumps(e) for e in events[start:])
        assert not {t for t in hidden if f'"{t}"' in text}


@settings(deadline=None)
@given(seed=seeds, count=players, cut=st.integers(min_value=0, max_value=60))
def test_clones_are_independent_and_actions_round_trip_through_json(seed: int, count: int, cut: int) -> None:
    """A clone goes its own way without changing the original; every legal action parses back from its JSON."""
    game = new_game(seed, count)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        for action in game.legal_actions():
            assert game.action_from_json(tg.to_json(action)) is action
        game.apply(pick(game, rng))
    before = tg.dumps(game.log()), [tg.dumps(game.view(s)) for s in range(count)]
    copy = game.clone()
    play_out(copy, rng)
    assert (tg.dumps(game.log()), [tg.dumps(game.view(s)) for s in range(count)]) == before


# -- how hands end, checked against the rules page over whole matches -------------------------


def _round5(pips: int) -> int:
    return 5 * round(pips / 5)  # 0-2 down, 3-4 up: whole pips never fall halfway


def _first_lead(hands: list[list[str]]) -> tuple[int, str, str]:
    """Rule 5 for a first hand: the holder of the highest double, else of the heaviest tile."""
    for value in range(6, -1, -1):
        for seat, hand in enumerate(hands):
            if f"{value}-{value}" in hand:
                return seat, f"{value}-{value}", "highest_double"
    held = [(int(t[0]) + int(t[2]), int(t[0]), seat, t) for seat, hand in enumerate(hands) for t in hand]
    _, _, seat, tile = max(held)
    return seat, tile, "heaviest_tile"


def check_hand_ends(game: AllFives) -> set[str]:
    """Check every hand's lead and settlement in ``game``'s log against rules 5, 15 and 16; the cases seen."""
    events = [tg.to_json(e) for e in game.log().events]
    side_of = [game.seating.side_of(s) for s in range(game.players)]
    seen: set[str] = set()
    expected_lead: tuple[int, str, str | None] | None = None
    for i, event in enumerate(events):
        if event["type"] == "hand_dealt":
            lead = events[i + 1]
            assert lead["type"] == "leader_chosen"
            if expected_lead is None:
                seat, tile, reason = _first_lead(event["hands"])
                assert (lead["seat"], lead["tile"], lead["reason"]) == (seat, tile, reason)
            else:
                assert (lead["seat"], lead["reason"], lead["tile"]) == expected_lead
            expected_lead = None
        if event["type"] != "hand_ended":
            continue
        seat_pips = [sum(int(t[0]) + int(t[2]) for t in hand) for hand in event["hands"]]
        side_pips = [0] * len(game.scores)
        for seat, count in enumerate(seat_pips):
            side_pips[side_of[seat]] += count
        after = events[i + 1 : i + 3]
        scoring = [e for e in after if e["type"] == "scored"]
        if event["reason"] == "domino":
            seat = event["seat"]
            points = _round5(sum(p for s, p in enumerate(seat_pips) if side_of[s] != side_of[seat]))
            expected = [{"seat": seat, "side": side_of[seat], "points": points, "reason": "domino"}] if points else []
            next_lead: tuple[int, str, str | None] | None = (seat, "domino", None)
            seen.add("domino")
        else:
            fewest = min(side_pips)
            if side_pips.count(fewest) > 1:
                expected, next_lead = [], None
                seen.add("tied block")
            else:
                side = side_pips.index(fewest)
                mine = [s for s in range(game.players) if side_of[s] == side]
                low = min(seat_pips[s] for s in mine)
                holders = [s for s in mine if seat_pips[s] == low]
                leader = holders[0] if len(holders) == 1 else None
                points = _round5(sum(side_pips) - 2 * fewest)
                expected = [{"seat": leader, "side": side, "points": points, "reason": "block"}] if points else []
                next_lead = (leader, "block", None) if leader is not None else None
                seen.add("block" if leader is not None else "block, partners tied")
        got = [{k: e[k] for k in ("seat", "side", "points", "reason")} for e in scoring]
        assert got == expected, (event, after)
        expected_lead = next_lead  # None: the next hand is led as the first one is, checked from its deal
    return seen


@settings(deadline=None)
@given(seed=seeds, count=players)
def test_every_hand_is_led_and_settled_by_the_rules(seed: int, count: int) -> None:
    """Rules 5, 15 and 16 over whole matches: who leads each hand, and what each domino or block scores."""
    game = new_game(seed, count, 200)
    play_out(game, random.Random(seed))
    check_hand_ends(game)


@pytest.mark.parametrize(
    ("seed", "count", "case"),
    [(99, 2, "tied block"), (78, 3, "tied block"), (99, 4, "tied block"), (92, 4, "block, partners tied")],
)
def test_tied_blocks_score_nothing_and_the_next_hand_opens_by_the_highest_double(
    seed: int, count: int, case: str
) -> None:
    """Rules 5 and 16: matches in which a block ties (between sides, or between the lighter side's
    partners) are settled and led as the rules say."""
    game = new_game(seed, count, 200)
    play_out(game, random.Random(seed))
    assert case in check_hand_ends(game)
