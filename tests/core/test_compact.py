"""The compact form of a game (tablegames.core.compact): exact rebuilds, pickling, the format and bad input."""

from __future__ import annotations

import copy
import json
import pickle
import random
import zlib
from typing import Any, Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames as tg
from tablegames.core.compact import MAGIC, VERSION, restore
from tablegames.core.errors import InvalidOptionsError, LogError
from tablegames.core.game import Game, build_options
from tablegames.core.registry import get_variant, variant_names
from tablegames.core.serde import dumps, to_json
from tests.strategies import choice_seeds, seeds
from tests.variants.smear.deals import DEAL_A, DEAL_C

SNIFF: Final = "american-sniff"
SMEAR: Final = "four-point-smear"
NAMES: Final = tuple(variant_names())
"""Every installed variant: the built-in ones and the example plug-ins."""
SNIFF_DEAL: Final = {
    "hands": [["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"], ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"]],
    "stock": ["4-3", "4-2", "4-1", "4-0", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"],
    "leader": 1,
}
"""A stacked two-player Sniff deal: seat 0 holds the sixes, seat 1 the fives and 4-4; seat 1 leads."""


# -- helpers ----------------------------------------------------------------------------------


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything observable about ``game`` through the contract, as JSON text and plain values."""
    seats = range(game.players)
    return (
        type(game),
        dumps(game.log()),
        tuple(dumps(game.view(s)) for s in seats),
        tuple(dumps(game.log(s)) for s in seats),
        dumps(game.public_events()),
        tuple(dumps(a) for a in game.legal_actions()),
        game.current_player,
        game.scores,
        game.winner,
    )


def play(game: Game, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if game.is_over:
            return
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])


def assert_same_future(a: Game, b: Game, rng: random.Random, steps: int = 400) -> None:
    """The same actions give both games the same events, step by step (shuffled hands included)."""
    for _ in range(steps):
        if a.is_over:
            break
        actions = a.legal_actions()
        action = actions[rng.randrange(len(actions))]
        assert dumps(b.apply(action)) == dumps(a.apply(action))
    assert snapshot(b) == snapshot(a)


def parts(data: bytes) -> tuple[dict[str, Any], bytes]:
    """The header and the action ids of a compact form, read as its documented format says."""
    assert data[:3] == MAGIC
    assert data[3] == VERSION
    rest = zlib.decompress(data[5:]) if data[4] & 1 else data[5:]
    length = shift = i = 0
    while True:
        byte = rest[i]
        length |= (byte & 0x7F) << shift
        shift += 7
        i += 1
        if not byte & 0x80:
            break
    return json.loads(rest[i : i + length]), rest[i + length :]


def build(header: dict[str, Any], body: bytes = b"", *, compress: bool = False) -> bytes:
    """A compact form written by hand, as the documented format says."""
    text = json.dumps(header).encode()
    assert len(text) < 2**14
    length = bytes([len(text) & 0x7F | 0x80, len(text) >> 7]) if len(text) >= 0x80 else bytes([len(text)])
    plain = length + text + body
    if compress:
        return MAGIC + bytes([VERSION, 1]) + zlib.compress(plain)
    return MAGIC + bytes([VERSION, 0]) + plain


def random_options(cls: type[Game], draw: st.DrawFn) -> Any:
    """Default options, with a random player count where the variant has that option."""
    names = {f.name for f in attrs.fields(cls.options_class)}
    if "players" not in names:
        return cls.options_class()
    players = draw(st.integers(min_value=cls.min_players, max_value=cls.max_players))
    try:
        return build_options(cls.options_class, {"players": players})
    except InvalidOptionsError:
        return cls.options_class()


@st.composite
def games(draw: st.DrawFn) -> tuple[Game, random.Random]:
    """A random game of any installed variant, some way into its match, and the generator that played it."""
    cls = get_variant(draw(st.sampled_from(NAMES)))
    game = cls.create(random_options(cls, draw), seed=draw(seeds))
    rng = random.Random(draw(choice_seeds))
    play(game, rng, draw(st.integers(min_value=0, max_value=300)))
    return game, rng


def a_late_game(name: str = SNIFF, *, seed: int = 11, steps: int = 120, **options: Any) -> Game:
    """A game some way into its match, played by a seeded random player."""
    game = tg.new_game(name, seed=seed, **options)
    play(game, random.Random(seed), steps)
    return game


# -- scenarios from stacked deals -------------------------------------------------------------


def test_a_fresh_game_is_its_name_options_seed_and_counts() -> None:
    """A new two-player Sniff game at seed 7: its options and seed, one hand from the seed, two events, no action."""
    game = tg.new_game(SNIFF, seed=7, players=2)
    header, body = parts(game.compact())
    assert header == {
        "variant": SNIFF,
        "options": {"players": 2, "target": 250},
        "seed": 7,
        "hands": 1,
        "deals": [],
        "pending": [],
        "events": 2,  # hand_dealt, leader_drawn
        "actions": 0,
        "ids": 140,
    }
    assert body == b""
    assert snapshot(restore(game.compact())) == snapshot(game)


def test_sniff_stacked_deals_are_kept_and_the_actions_are_one_byte_ids() -> None:
    """Sniff: the first stacked hand is kept as dealt, the second waits; each play is one byte, its id."""
    game = tg.new_game(SNIFF, seed=3, players=2, deals=[SNIFF_DEAL, SNIFF_DEAL])
    moves = [game.action_from_json({"type": "play", "tile": "5-5", "end": None})]  # seat 1 leads the 5-5
    game.apply(moves[0])
    moves.append(game.legal_actions()[0])  # seat 0 has no five: it draws, then plays or passes
    game.apply(moves[-1])
    header, body = parts(game.compact())
    recorded = to_json(type(game).deals_from_events(game.events)[0])
    assert recorded == SNIFF_DEAL  # the deal as the events record it, leader and all
    assert header["deals"] == [[0, SNIFF_DEAL]]
    assert header["pending"] == [SNIFF_DEAL]
    assert header["hands"] == 1
    assert header["actions"] == 2
    ids = type(game).action_ids(game.options)
    assert ids is not None
    assert body == bytes(i for a in moves for i in ids.encode(a))
    again = restore(game.compact())
    assert snapshot(again) == snapshot(game)
    assert again.log().deals == game.log().deals  # the second stacked deal is still to come
    assert_same_future(game, again, random.Random(5))


def test_smear_stacked_hands_then_with_next_deals_and_a_new_seed() -> None:
    """Smear: a stacked hand, then deals stacked by with_next_deals with another seed: every hand before is kept."""
    game = tg.new_game(SMEAR, seed=21, deals=[DEAL_A])
    rng = random.Random(2)
    play(game, rng, 30)  # past the first hand (4 bids, 24 cards): hand 2 is shuffled from seed 21
    header, _ = parts(game.compact())
    hands = header["hands"]
    assert hands >= 2
    assert [i for i, _ in header["deals"]] == [0]  # only the stacked hand is written out
    moved = game.with_next_deals([DEAL_C], seed=99)
    header, _ = parts(moved.compact())
    assert [i for i, _ in header["deals"]] == list(range(hands))  # seed 99 would deal them otherwise
    assert header["pending"] == [to_json(moved.parse_deal(DEAL_C, moved.options))]
    assert header["seed"] == 99
    again = restore(moved.compact())
    assert snapshot(again) == snapshot(moved)
    assert again.seed == 99
    assert_same_future(moved, again, random.Random(8))  # DEAL_C next, then hands shuffled from 99


def test_with_next_deals_keeping_the_seed_keeps_the_shuffled_hands_out() -> None:
    """with_next_deals without a new seed: the hands shuffled so far still come from the seed, not the form."""
    game = a_late_game(SMEAR, seed=4, steps=40)
    moved = game.with_next_deals([DEAL_A])
    header, _ = parts(moved.compact())
    assert header["deals"] == []
    assert header["pending"] == [to_json(moved.parse_deal(DEAL_A, moved.options))]
    assert_same_future(moved, restore(moved.compact()), random.Random(1))


def test_a_variant_without_action_ids_writes_its_actions_as_json() -> None:
    """A plug-in without action ids (all-fives) keeps each action's JSON form, and rebuilds the same."""
    cls = get_variant("all-fives")
    assert cls.action_ids(cls.options_class()) is None
    game = a_late_game("all-fives", seed=6, steps=25)
    header, body = parts(game.compact())
    assert header["ids"] is None
    assert body == b""
    played = [dumps(step[1]) for e in game.events if (step := cls.action_of(e)) is not None]
    assert [dumps(m) for m in header["moves"]] == played
    assert snapshot(restore(game.compact())) == snapshot(game)


def test_late_in_a_match_the_form_is_far_smaller_than_the_log() -> None:
    """Late in a Sniff match, the compact form is a small fraction of the log's JSON text."""
    game = a_late_game(SNIFF, seed=2, steps=150, players=4)
    assert len(game.compact()) * 10 < len(dumps(game.log()))


# -- pickling ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_pickle_stores_the_compact_form(name: str) -> None:
    """pickle.dumps(game) holds the compact form; pickle.loads rebuilds the same game, of the same class."""
    game = a_late_game(name, seed=9, steps=60)
    data = pickle.dumps(game)
    assert game.compact() in data
    assert len(data) < len(game.compact()) + 200
    again = pickle.loads(data)
    assert snapshot(again) == snapshot(game)
    assert_same_future(game, again, random.Random(3))


def test_copy_and_deepcopy_give_the_same_game_and_clone_still_works() -> None:
    """copy.copy and copy.deepcopy go through the compact form too; a rebuilt game clones like any other."""
    game = a_late_game(SMEAR, seed=5, steps=50)
    for other in (copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game)).clone()):
        assert other is not game
        assert snapshot(other) == snapshot(game)
        assert_same_future(game.clone(), other, random.Random(6))


# -- properties over every installed variant --------------------------------------------------


@given(games())
def test_any_game_rebuilds_identically_and_goes_on_identically(case: tuple[Game, random.Random]) -> None:
    """For every variant, restore(compact()) and a pickle round trip give the same game, the same form and future."""
    game, rng = case
    data = game.compact()
    again = restore(data)
    unpickled = pickle.loads(pickle.dumps(game))
    assert snapshot(again) == snapshot(game)
    assert snapshot(unpickled) == snapshot(game)
    assert again.compact() == data
    seed = rng.randrange(2**32)
    assert_same_future(game.clone(), again, random.Random(seed))
    assert_same_future(game, unpickled, random.Random(seed))


@given(games(), st.integers(min_value=0, max_value=2**32 - 1), st.booleans(), st.integers(min_value=0, max_value=80))
def test_deals_stacked_mid_match_survive(
    case: tuple[Game, random.Random], other: int, reseed: bool, steps: int
) -> None:
    """For every variant, a game given next deals (and maybe a new seed) mid-match rebuilds the same, then and later."""
    game, rng = case
    if game.is_over:
        return
    cls = type(game)
    deal = cls.deals_from_events(cls.create(game.options, seed=other).events)[0]  # a valid deal of this variant
    moved = game.with_next_deals([deal, deal], seed=other if reseed else None)
    assert snapshot(restore(moved.compact())) == snapshot(moved)
    play(moved, rng, steps)
    again = restore(moved.compact())
    assert snapshot(again) == snapshot(moved)
    assert again.log().deals == moved.log().deals
    assert_same_future(moved, again, random.Random(other))


# -- bad input --------------------------------------------------------------------------------


@given(st.integers(min_value=0, max_value=10_000))
def test_every_cut_short_form_is_a_log_error(cut: int) -> None:
    """Any prefix of a compact form (compressed or not) is refused with a LogError, never half a game."""
    for game in (a_late_game(SNIFF, steps=80), a_late_game("all-fives", seed=3, steps=20)):
        data = game.compact()
        with pytest.raises(LogError):
            restore(data[: cut % len(data)])


@given(st.data())
def test_any_changed_byte_is_a_log_error_or_a_valid_game(data: st.DataObject) -> None:
    """A form with one byte changed is refused with a LogError or rebuilds a game that is consistent with it."""
    name = data.draw(st.sampled_from([SNIFF, SMEAR]))
    game = a_late_game(name, seed=13, steps=60)
    header, body = parts(game.compact())
    plain = build(header, body)
    at = data.draw(st.integers(min_value=0, max_value=len(plain) - 1))
    value = data.draw(st.integers(min_value=0, max_value=255).filter(lambda v: v != plain[at]))
    changed = plain[:at] + bytes([value]) + plain[at + 1 :]
    try:
        again = restore(changed)
    except LogError:
        return
    assert restore(again.compact()).compact() == again.compact()


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (b"", "compact"),
        (b"PK\x03\x04", "compact"),
        (MAGIC, "compact"),
        (MAGIC + bytes([2, 0]), "compact.version"),
        (MAGIC + bytes([VERSION, 4]), "compact.flags"),
        (MAGIC + bytes([VERSION, 1]) + b"not zlib", "compact"),
        (MAGIC + bytes([VERSION, 0, 3]) + b"[1]", "compact.header"),
        (MAGIC + bytes([VERSION, 0, 2]) + b"{}", "compact.header"),
    ],
)
def test_what_is_not_a_compact_form_is_a_log_error(data: bytes, where: str) -> None:
    """Wrong magic, version or flags, a damaged compressed part or a header that is no header: a LogError there."""
    with pytest.raises(LogError) as caught:
        restore(data)
    assert caught.value.where == where


def test_what_is_not_bytes_is_a_log_error() -> None:
    """restore takes bytes only."""
    with pytest.raises(LogError, match="is bytes, not str"):
        restore("TGC")  # type: ignore[arg-type]


def _header(**changes: Any) -> tuple[dict[str, Any], bytes]:
    game = a_late_game(SNIFF, seed=17, steps=30, players=3)
    header, body = parts(game.compact())
    header.update(changes)
    return header, body


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"variant": "chess"}, "compact.variant"),
        ({"options": {"players": 9}}, "compact.options"),
        ({"seed": 2**64}, "compact.seed"),
        ({"seed": "7"}, "compact.seed"),
        ({"hands": -1}, "compact.hands"),
        ({"hands": 0}, "compact.hands"),
        ({"events": 3}, "compact.events"),
        ({"actions": 31}, "compact.actions[30]"),
        ({"ids": 139}, "compact.ids"),
        ({"deals": [[0, {"hands": []}]]}, "compact.deals[0]"),
        ({"deals": [[5, SNIFF_DEAL]]}, "compact.deals[0]"),
        ({"pending": [{"hands": [["6-6"]]}]}, "compact.pending[0]"),
        ({"pending": {}}, "compact.pending"),
    ],
)
def test_a_header_that_contradicts_the_game_is_a_log_error(changes: dict[str, Any], where: str) -> None:
    """A bad variant, options, seed, count, numbering or deal in the header: a LogError naming it."""
    header, body = _header(**changes)
    for compress in (False, True):
        with pytest.raises(LogError) as caught:
            restore(build(header, body, compress=compress))
        assert caught.value.where == where


def test_a_missing_or_extra_key_is_a_log_error() -> None:
    """The header has exactly its keys."""
    header, body = _header()
    del header["seed"]
    with pytest.raises(LogError, match=r"missing keys \['seed'\]"):
        restore(build(header, body))
    header, body = _header(extra=1)
    with pytest.raises(LogError, match=r"unknown keys \['extra'\]"):
        restore(build(header, body))


def test_an_illegal_action_is_a_log_error_at_its_place() -> None:
    """An id naming an action that is not legal there is refused, naming the action's index."""
    game = tg.new_game(SNIFF, seed=3, players=2, deals=[SNIFF_DEAL])
    game.apply(game.action_from_json({"type": "play", "tile": "5-5", "end": None}))
    header, _ = parts(game.compact())
    ids = type(game).action_ids(game.options)
    assert ids is not None
    six = ids.encode(game.parse_action({"type": "play", "tile": "6-6", "end": None}))  # seat 1 holds no 6-6
    with pytest.raises(LogError) as caught:
        restore(build(header, bytes(six)))
    assert caught.value.where == "compact.actions[0]"
    assert "not legal" in caught.value.reason


def test_an_illegal_json_action_and_trailing_bytes_are_log_errors() -> None:
    """For a variant whose actions are JSON: a malformed move, a move too many, bytes after the header."""
    game = a_late_game("all-fives", seed=6, steps=10)
    header, _ = parts(game.compact())
    bad = dict(header, moves=[{"type": "nonsense"}, *header["moves"][1:]])
    with pytest.raises(LogError) as caught:
        restore(build(bad))
    assert caught.value.where == "compact.actions[0]"
    with pytest.raises(LogError):
        restore(build(dict(header, moves=header["moves"][:-1])))
    with pytest.raises(LogError, match="bytes after the header"):
        restore(build(header, b"\x00"))


def test_actions_after_the_end_and_trailing_ids_are_log_errors() -> None:
    """An action after the game ended, and ids left over after the last action, are refused."""
    game = a_late_game(SNIFF, seed=1, steps=10_000, players=2)
    assert game.is_over
    header, body = parts(game.compact())
    with pytest.raises(LogError, match="after the end of the game"):
        restore(build(dict(header, actions=header["actions"] + 1), body + body[-1:]))
    with pytest.raises(LogError, match="bytes after the last action"):
        restore(build(header, body + b"\x00"))


def test_restore_as_another_variant_is_a_log_error() -> None:
    """Unpickling (or restore with a class) refuses a form written by another variant."""
    data = tg.new_game(SMEAR, seed=1).compact()
    with pytest.raises(LogError) as caught:
        restore(data, get_variant(SNIFF))
    assert caught.value.where == "compact.variant"
