"""Properties of Mexican Train over random options, seeds and random legal play."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mexican_train_helpers import NAME, TILES, pick, play_out
from tablegames_mexican_train import (
    MEXICAN,
    TRAIN_IDS,
    HandDealt,
    HandEnded,
    MexicanTrain,
    Play,
    TilePlayed,
    match_winner,
)

import tablegames as tg
from tablegames.components.tiles import Tile

seeds = st.integers(min_value=0, max_value=2**32)


@st.composite
def short_matches(draw: st.DrawFn) -> dict[str, Any]:
    """Options of a short match: any player count, small hands, one to three rounds."""
    players = draw(st.integers(min_value=2, max_value=8))
    return {
        "players": players,
        "hand_size": draw(st.integers(min_value=2, max_value=min(7, 91 // players))),
        "rounds": draw(st.integers(min_value=1, max_value=3)),
        "double_blank": draw(st.sampled_from([0, 50])),
    }


def new_game(seed: int, options: dict[str, Any]) -> MexicanTrain:
    game = tg.new_game(NAME, seed=seed, **options)
    assert isinstance(game, MexicanTrain)
    return game


def value(tile: str, blank: int) -> int:
    """A tile's penalty points, by the rules page (rule 21), from its notation."""
    high, low = (int(h) for h in tile.split("-"))
    return blank if high == low == 0 else high + low


@settings(deadline=None)
@given(seed=seeds, options=short_matches())
def test_every_match_ends_after_its_rounds_and_the_lowest_total_wins(seed: int, options: dict[str, Any]) -> None:
    """Rules 3, 19-23: a match has exactly ``rounds`` rounds, with the engines 12-12 down; each
    round's points are the pips left (0-0 at ``double_blank``), 0 for the seat that went out; the
    totals are their sums; the winner has the lowest total, ties broken as ``game_ended`` says."""
    game = new_game(seed, options)
    play_out(game, random.Random(seed))
    assert game.is_over and game.current_player is None and list(game.legal_actions()) == []
    events = [tg.to_json(e) for e in game.log().events]
    placed = [e["tile"] for e in events if e["type"] == "engine_placed"]
    assert placed == [f"{v}-{v}" for v in range(12, 12 - options["rounds"], -1)]
    ends = [e for e in events if e["type"] == "hand_ended"]
    assert [e["hand_number"] for e in ends] == list(range(1, options["rounds"] + 1))
    totals = [0] * options["players"]
    history = []
    for end in ends:
        points = [sum(value(t, options["double_blank"]) for t in hand) for hand in end["hands"]]
        assert end["points"] == points
        if end["reason"] == "domino":
            assert end["hands"][end["seat"]] == [] and end["points"][end["seat"]] == 0
        else:
            assert end["seat"] is None
        totals = [a + b for a, b in zip(totals, points, strict=True)]
        assert end["scores"] == totals
        history.append(points)
    assert tuple(totals) == game.scores
    last = events[-1]
    assert last["type"] == "game_ended" and sum(e["type"] == "game_ended" for e in events) == 1
    winner = game.winner
    assert winner is not None and last["winner"] == winner and game.scores[winner] == min(game.scores)
    assert (last["winner"], last["tie_break"]) == match_winner(totals, history)
    tied = game.scores.count(min(game.scores)) > 1
    assert (last["tie_break"] is None) == (not tied)


def check_table(game: MexicanTrain) -> None:
    """The invariants of the table, read from a view: trains, markers, the unsatisfied double, the tiles."""
    data = tg.to_json(game.view(0))
    engine = int(data["engine"].split("-")[0])
    places = game.piece_places()
    assert Counter(str(t) for pile in places.values() for t in pile) == Counter(TILES)
    ids = [t["id"] for t in data["trains"]]
    assert ids == [*range(game.players), MEXICAN]
    for train in data["trains"]:
        end = engine
        for tile in train["tiles"]:
            high, low = (int(h) for h in tile.split("-"))
            assert end in (high, low), f"{tile} does not follow {end} on train {train['id']}"
            end = low if end == high else high
        assert train["end"] == end
        if train["id"] == MEXICAN:
            assert train["owner"] is None and not train["marker"] and train["open"]
        else:
            assert train["owner"] == train["id"] and train["open"] == train["marker"]
    lasts = {t["id"]: t["tiles"][-1].split("-") for t in data["trains"] if t["tiles"]}
    doubles = [train for train, (high, low) in lasts.items() if high == low]
    if game.is_over:
        assert len(doubles) <= 1  # a round may end on a double (rule 18)
        return
    assert doubles == ([] if data["unsatisfied"] is None else [data["unsatisfied"]])  # never more than one (rule 17)
    legal = game.legal_actions()
    assert legal, "a seat is asked to act only with a legal play"
    if data["unsatisfied"] is not None:
        assert {a.train for a in legal} == {data["unsatisfied"]}


@settings(deadline=None)
@given(seed=seeds, options=short_matches())
def test_the_table_keeps_its_invariants_after_every_step(seed: int, options: dict[str, Any]) -> None:
    """After every play: the 91 tiles each in one place; every train a chain from the engine whose
    end is its last tile's outer half; markers on personal trains only; at most one unsatisfied
    double, the last tile of its train, and while it lasts every legal play is on it."""
    game = new_game(seed, options)
    rng = random.Random(seed)
    check_table(game)
    while not game.is_over:
        game.apply(pick(game, rng))
        check_table(game)


@settings(deadline=None)
@given(seed=seeds, options=short_matches(), probe=st.randoms(use_true_random=False))
def test_legality_is_decided_in_one_place(seed: int, options: dict[str, Any], probe: random.Random) -> None:
    """Every listed action passes ``why_illegal``; every other play (sampled from the 91 tiles on
    every train id) is refused with a reason, by ``apply`` too."""
    game = new_game(seed, options)
    rng = random.Random(seed)
    every = [Play(Tile.parse(t), train) for t in TILES for train in TRAIN_IDS]
    for _ in range(40):
        if game.is_over:
            break
        seat = game.current_player
        assert seat is not None
        legal = set(game.legal_actions())
        for action in legal:
            assert game.why_illegal(action, seat) is None
        for action in probe.sample(every, 30):
            if action not in legal:
                assert game.why_illegal(action, seat) is not None
        game.apply(pick(game, rng))


def check_block(seed: int, players: int) -> str | None:
    """Play a one-round match with the largest hands; if it blocked, check rule 20. The train of the
    unsatisfied double it blocked on (``"none"`` if none); ``None`` if a player went out."""
    game = new_game(seed, {"players": players, "rounds": 1, "hand_size": 91 // players})
    play_out(game, random.Random(seed))
    end = tg.to_json(game.log().events[-2])
    assert end["type"] == "hand_ended"
    if end["reason"] != "blocked":
        return None
    data = tg.to_json(game.view(0))
    assert data["boneyard_size"] == 0
    if data["unsatisfied"] is not None:
        ends = {t["end"] for t in data["trains"] if t["id"] == data["unsatisfied"]}
    else:
        ends = {t["end"] for t in data["trains"]}
    for hand in end["hands"]:
        for tile in hand:
            assert not {int(h) for h in tile.split("-")} & ends
    return "none" if data["unsatisfied"] is None else str(data["unsatisfied"])


@settings(deadline=None)
@given(seed=seeds, players=st.integers(min_value=2, max_value=8))
def test_a_round_blocks_only_when_nothing_can_be_played_anywhere(seed: int, players: int) -> None:
    """Rule 20: a blocked round has an empty boneyard, and no tile left in any hand fits any train
    (the unsatisfied double's end, if one is open), every train counted as open."""
    check_block(seed, players)


@pytest.mark.parametrize(("seed", "players", "double"), [(20, 4, "none"), (11, 4, "2"), (14, 7, "0")])
def test_blocks_with_and_without_an_unsatisfied_double(seed: int, players: int, double: str) -> None:
    """Rule 20 in known matches: a block on open trains, and blocks on a double nobody can satisfy."""
    assert check_block(seed, players) == double


@settings(deadline=None)
@given(seed=seeds, options=short_matches(), cut=st.integers(min_value=0, max_value=120))
def test_logs_replay_to_the_same_game_which_can_go_on(seed: int, options: dict[str, Any], cut: int) -> None:
    """A full log's JSON loads and replays to a game with the same log, views and legal actions."""
    game = new_game(seed, options)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(pick(game, rng))
    text = tg.dumps(game.log())
    again = tg.replay(tg.load_log(text))
    assert tg.dumps(again.log()) == text
    seats = range(game.players)
    assert [tg.dumps(again.view(s)) for s in seats] == [tg.dumps(game.view(s)) for s in seats]
    assert list(again.legal_actions()) == list(game.legal_actions())
    if not game.is_over:
        action = pick(game, rng)
        assert game.apply(action) == again.apply(action)


@settings(deadline=None)
@given(seed=seeds, options=short_matches(), cut=st.integers(min_value=0, max_value=80))
def test_views_and_redacted_logs_name_no_hidden_tile(seed: int, options: dict[str, Any], cut: int) -> None:
    """No seat's view, or its log of the current round, names a tile in another hand or the boneyard."""
    game = new_game(seed, options)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(pick(game, rng))
    for seat in range(game.players):
        hidden = {str(t) for t in game.hidden_pieces(seat)}
        assert hidden >= {str(t) for t in game.boneyard}
        if not game.is_over:
            others = {str(t) for s, hand in enumerate(game.hands) if s != seat for t in hand}
            assert hidden == others | {str(t) for t in game.boneyard}
        events = game.log(seat).events
        start = max(i for i, e in enumerate(events) if e.tag == "hand_dealt")
        view = game.view(seat)
        # the last round's table is an earlier round's (its tiles were dealt again since): public,
        # exactly its engine and the tiles that round's plays show in the seat's own log
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
            assert {t for train in last.trains for t in train.tiles} == placed
        text = tg.dumps(attrs.evolve(view, last_layout=None)) + "".join(tg.dumps(e) for e in events[start:])
        assert not {t for t in hidden if f'"{t}"' in text}


@settings(deadline=None)
@given(seed=seeds, options=short_matches(), cut=st.integers(min_value=0, max_value=40))
def test_clones_are_independent_and_actions_round_trip_through_json(
    seed: int, options: dict[str, Any], cut: int
) -> None:
    """A clone goes its own way without changing the original; every legal action parses back from its JSON."""
    game = new_game(seed, options)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        for action in game.legal_actions():
            assert game.action_from_json(tg.to_json(action)) is action
        game.apply(pick(game, rng))
    seats = range(game.players)
    before = tg.dumps(game.log()), [tg.dumps(game.view(s)) for s in seats]
    copy = game.clone()
    play_out(copy, rng)
    assert (tg.dumps(game.log()), [tg.dumps(game.view(s)) for s in seats]) == before
