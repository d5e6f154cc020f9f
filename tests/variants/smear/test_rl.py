"""Four Point Smear for reinforcement learning: the action ids and the observation vector.

Every expected index below is worked out by hand from the documented layouts (cards in deck
order AS KS ... 7S, AH ... 7C, so AS is 0, AH 8, AD 16, AC 24; seats relative to the observer).
"""

from __future__ import annotations

import array
import itertools
import json
import random
from collections.abc import Sequence
from typing import Any, ClassVar, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.components.cards import Card, piquet_deck
from tablegames.core.capabilities import ActionIds, ObservationSpec
from tablegames.core.errors import InvalidOptionsError
from tablegames.core.events import Action
from tablegames.core.serde import dumps
from tablegames.testing._support import play_alike
from tablegames.testing.scenario import ConformanceError, Scenario
from tablegames.variants.smear import Bid, Discard, Pass, PlayCard, Smear, SmearOptions
from tablegames.variants.smear import rl as smear_rl
from tablegames.variants.smear.rl import DISCARD_IDS, PLAY_IDS, SmearActionIds, SmearObservation
from tests.strategies import SmearCase, smear_cases, smear_options
from tests.variants.smear.deals import DEAL_A
from tests.variants.smear.support import bid_round, discard, new_smear, play, play_tricks

DECK = piquet_deck()


def _new(case: SmearCase) -> Smear:
    game = tablegames.new_game("four-point-smear", seed=case.seed, **attrs.asdict(case.options))
    assert isinstance(game, Smear)
    return game


def _step(game: Smear, rng: random.Random) -> None:
    """A random legal action; in the bidding mostly a pass, else any bid (so matches end)."""
    legal = game.legal_actions()
    if game.phase == "bidding" and isinstance(legal[0], Pass) and rng.random() < 0.6:
        game.apply(legal[0])
    else:
        game.apply(legal[rng.randrange(len(legal))])


def _positions(case: SmearCase, steps: int) -> list[Smear]:
    """Clones of the positions of a random game of ``case``, up to ``steps`` of them."""
    game = _new(case)
    rng = case.rng()
    out: list[Smear] = []
    while not game.is_over and len(out) < steps:
        out.append(game.clone())
        _step(game, rng)
    out.append(game)
    return out


# -- the numbering -------------------------------------------------------------------------------


@pytest.mark.parametrize("seen_undealt", [0, 1, 2, 3])
def test_the_numbering_has_68_documented_ids_under_every_option(seen_undealt: int) -> None:
    """Ids 0-3 pass and the bids, 4-35 the plays, 36-67 the discard parts, cards in deck order."""
    ids = Smear.action_ids(SmearOptions(seen_undealt=seen_undealt))
    assert isinstance(ids, ActionIds)
    assert ids.size == 68 == len(ids.names())
    assert ids.parts == max(1, seen_undealt)  # a discard's cards, one id each
    names = list(ids.names())
    assert names[:4] == ["pass", "bid 2", "bid 3", "bid 4"]
    assert names[4:12] == [f"play {r}S" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
    assert names[PLAY_IDS + 8] == "play AH" and names[35] == "play 7C"
    assert names[DISCARD_IDS] == "discard AS" and names[DISCARD_IDS + 8] == "discard AH" and names[67] == "discard 7C"
    assert len(set(names)) == 68
    assert ids.encode(Pass()) == (0,)
    assert [ids.encode(Bid(n)) for n in (2, 3, 4)] == [(1,), (2,), (3,)]
    assert ids.encode(PlayCard(Card.parse("AH"))) == (12,)
    assert ids.encode(PlayCard(Card.parse("7C"))) == (35,)


def test_a_discard_is_its_cards_part_ids_in_ascending_order() -> None:
    """A discard encodes as one part id per card, ascending whatever the order given; it decodes to deck order."""
    ids = Smear.action_ids(SmearOptions(seen_undealt=3))
    cards = tuple(Card.parse(c) for c in ("7C", "AH", "KS"))
    assert ids.encode(Discard(cards)) == (37, 44, 67)
    decoded = ids.decode([37, 44, 67])
    assert decoded == Discard(tuple(Card.parse(c) for c in ("KS", "AH", "7C")))
    assert ids.decode([37, 44, 67]) is decoded  # interned


def test_action_ids_are_cached_per_options_and_take_a_mapping() -> None:
    """One numbering per seen_undealt; a mapping of options or None is accepted; bad options are refused."""
    a = Smear.action_ids(SmearOptions(seen_undealt=2, target=7))
    assert Smear.action_ids({"seen_undealt": 2}) is a
    assert Smear.action_ids(None) is Smear.action_ids(SmearOptions())
    assert Smear.action_ids(None) is not a
    with pytest.raises(InvalidOptionsError):
        Smear.action_ids({"seen_undealt": 9})
    with pytest.raises(ValueError, match="seen_undealt"):
        SmearActionIds(4, singles=(), discard=Discard)
    with pytest.raises(ValueError, match="singles"):
        SmearActionIds(1, singles=(Pass(),), discard=Discard)


def _check_numbering(game: Smear, ids: ActionIds) -> None:
    legal = game.legal_actions()
    encodings = [ids.encode(a) for a in legal]
    assert len(set(encodings)) == len(encodings), "distinct legal actions have distinct encodings"
    for action, ids_of in zip(legal, encodings, strict=True):
        assert all(type(i) is int and 0 <= i < ids.size for i in ids_of)
        assert ids.decode(ids_of) is action, "decode gives the very object legal_actions holds"
        if isinstance(action, Discard):
            assert len(ids_of) == game.options.seen_undealt
            assert list(ids_of) == sorted(ids_of)
            assert all(i >= DISCARD_IDS for i in ids_of)
        else:
            assert len(ids_of) == 1 and ids_of[0] < DISCARD_IDS
    for a, b in itertools.permutations(encodings, 2):
        assert a[: len(b)] != b, f"{b} is a prefix of {a}"


@given(case=smear_cases)
def test_every_legal_action_of_random_games_round_trips_through_its_ids(case: SmearCase) -> None:
    """encode then decode gives the legal action itself; encodings are distinct and prefix-free (every option)."""
    game = _new(case)
    ids = Smear.action_ids(case.options)
    rng = case.rng()
    hands = 0
    while not game.is_over and game.hand_number <= 2:
        _check_numbering(game, ids)
        _step(game, rng)
        hands += 1
    assert hands > 0


@given(seen_undealt=st.integers(min_value=1, max_value=3), seed=st.integers(min_value=0, max_value=2**32))
def test_every_discard_of_a_position_round_trips(seen_undealt: int, seed: int) -> None:
    """At the discard, every legal discard (all of one length) round-trips; the bids are won by whoever bids first."""
    game = new_smear(seed=seed, seen_undealt=seen_undealt)
    game.apply(Bid(2))
    while game.phase == "bidding":
        game.apply(Pass())
    assert game.phase == "discard"
    ids = Smear.action_ids(game.options)
    _check_numbering(game, ids)
    assert {len(ids.encode(a)) for a in game.legal_actions()} == {seen_undealt}


class _Other(Action):
    tag: ClassVar[str] = "other"


@pytest.mark.parametrize(
    ("seen_undealt", "action"),
    [
        (2, _Other()),
        (2, Bid(1)),
        (2, Bid(5)),
        (2, Bid(True)),
        (2, Bid(2.0)),  # type: ignore[arg-type]
        (2, PlayCard(Card.parse("2H"))),
        (2, PlayCard("AH")),  # type: ignore[arg-type]
        (2, Discard((Card.parse("AH"),))),
        (2, Discard((Card.parse("AH"), Card.parse("AH")))),
        (2, Discard((Card.parse("AH"), Card.parse("2H")))),
        (2, Discard(["AH", "KH"])),  # type: ignore[arg-type]
        (0, Discard(())),
        (1, Discard(("AH",))),  # type: ignore[arg-type]
    ],
)
def test_encode_refuses_what_is_not_a_smear_action(seen_undealt: int, action: Action) -> None:
    """encode raises ValueError for another game's action, a bad bid or card, a discard of the wrong size."""
    ids = Smear.action_ids(SmearOptions(seen_undealt=seen_undealt))
    with pytest.raises(ValueError, match=r"not a|no discard"):
        ids.encode(action)


@pytest.mark.parametrize(
    ("seen_undealt", "encoded"),
    [
        (2, []),
        (2, [68]),
        (2, [-1]),
        (2, [True]),
        (2, [1.0]),
        (2, ["0"]),
        (2, [0, 1]),
        (2, [36]),
        (2, [37, 36]),
        (2, [36, 36]),
        (2, [36, 68]),
        (2, [36, 37, 38]),
        (0, [36]),
        (1, [36, 37]),
        (3, [36, 37]),
        (2, None),
    ],
)
def test_decode_refuses_ids_that_encode_nothing(seen_undealt: int, encoded: Any) -> None:
    """decode raises ValueError for ids out of range, in parts that make no discard, or not ints."""
    ids = Smear.action_ids(SmearOptions(seen_undealt=seen_undealt))
    with pytest.raises(ValueError, match="encode no Smear action"):
        ids.decode(encoded)


def test_decode_takes_any_integer_type() -> None:
    """An id may be any int-like number (a NumPy integer, say), not only int."""
    numpy = pytest.importorskip("numpy")
    ids = Smear.action_ids(SmearOptions(seen_undealt=2))
    assert ids.decode([numpy.int64(12)]) is ids.decode([12])
    assert ids.decode(numpy.array([37, 67])) is ids.decode([37, 67])


# -- the observation -------------------------------------------------------------------------------


def _observe(game: Smear, seat: int) -> list[float]:
    spec = Smear.observation_spec(game.options)
    out = array.array("f", [0.0]) * spec.size
    spec.write(game, seat, cast(Any, memoryview(out)))
    return list(out)


def _nonzero(vector: Sequence[float], lo: int = 0, hi: int | None = None) -> dict[int, float]:
    return {i: x for i, x in enumerate(vector) if x and lo <= i < (len(vector) if hi is None else hi)}


def test_the_fields_tile_the_vector_in_order() -> None:
    """The fields are contiguous, in layout order, with no gap or overlap, and cover all 321 entries."""
    spec = Smear.observation_spec(None)
    assert isinstance(spec, ObservationSpec)
    assert spec.size == 321
    start = 0
    for sl in spec.fields.values():
        assert sl.start == start and sl.stop > sl.start and sl.step is None
        start = sl.stop
    assert start == spec.size
    widths = {name: sl.stop - sl.start for name, sl in spec.fields.items()}
    assert widths == {
        "hand": 32,
        "played": 32,
        "trick": 128,
        "leader": 4,
        "void": 16,
        "phase": 4,
        "dealer": 4,
        "bids": 16,
        "bidder": 4,
        "bid": 3,
        "trump": 4,
        "turn": 4,
        "tricks_won": 2,
        "card_points": 2,
        "picked_up": 32,
        "discards": 32,
        "scores": 2,
    }


def test_observation_specs_are_cached_per_target() -> None:
    """One spec per target; a bad seat is refused."""
    spec = Smear.observation_spec({"target": 7, "seen_undealt": 3})
    assert spec is Smear.observation_spec(SmearOptions(target=7))
    assert spec is not Smear.observation_spec(None)
    game = new_smear()
    for seat in (4, -1, None, "0"):
        with pytest.raises(ValueError, match="seat is 0 to 3"):
            spec.write(game, seat, [0.0] * spec.size)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="target"):
        SmearObservation(0)


def test_a_hand_checked_position_mid_trick() -> None:
    """Deal A after two tricks and two cards of the third, seen by seat 2: every entry checked by hand."""
    game = new_smear(DEAL_A)
    # dealer 0: seat 1 passes, 2 bids 2, 3 bids 3, 0 passes
    bid_round(game, [(1, None), (2, 2), (3, 3), (0, None)])
    # spades trump; trick 2 led JS: seat 1 plays 8D, showing it has no spade
    play_tricks(game, [(3, "AS 8S 7S 9S", 3), (3, "JS KS 8D QS", 0)])
    play(game, 0, "AH")
    play(game, 1, "9H")
    vector = _observe(game, 2)  # seat 2 is relative seat 0; 3 is 1, 0 is 2, 1 is 3
    assert _nonzero(vector) == {
        # hand: 7H 10D AC KC
        15: 1.0,
        20: 1.0,
        24: 1.0,
        25: 1.0,
        # played: AS KS QS JS 9S 8S 7S and 8D
        **{32 + i: 1.0 for i in (0, 1, 2, 3, 5, 6, 7, 22)},
        # trick: AH by relative seat 2, 9H by relative seat 3
        64 + 2 * 32 + 8: 1.0,
        64 + 3 * 32 + 13: 1.0,
        192 + 2: 1.0,  # leader: seat 0
        196 + 4 * 3 + 0: 1.0,  # void: seat 1 (relative 3) in spades
        212 + 2: 1.0,  # phase: play
        216 + 2: 1.0,  # dealer: seat 0
        # bids: relative 0 bid 2, 1 bid 3, 2 passed, 3 passed
        220 + 0 + 1: 1.0,
        220 + 4 + 2: 1.0,
        220 + 8 + 0: 1.0,
        220 + 12 + 0: 1.0,
        236 + 1: 1.0,  # bidder: seat 3
        240 + 1: 1.0,  # bid: 3
        243 + 0: 1.0,  # trump: spades
        247 + 0: 1.0,  # turn: seat 2
        251: pytest.approx(1 / 6),  # a trick each
        252: pytest.approx(1 / 6),
        253: pytest.approx(6 / 80),  # our side: JS KS QS
        254: pytest.approx(4 / 80),  # theirs: AS
    }
    # seat 1 sees its own void row the same, and the trick from its own side
    seen_by_1 = _nonzero(_observe(game, 1))
    assert seen_by_1[196 + 0] == 1.0
    assert seen_by_1[64 + 3 * 32 + 8] == 1.0 and seen_by_1[64 + 0 * 32 + 13] == 1.0


def test_trumping_shows_no_void_and_a_non_trump_discard_does() -> None:
    """Rule 10: a trump on a suit led shows nothing; a card of neither the suit led nor trump shows a void."""
    game = new_smear(DEAL_A)
    bid_round(game, [(1, None), (2, 2), (3, 3), (0, None)])
    play_tricks(game, [(3, "AS 8S 7S 9S", 3), (3, "JS KS 8D QS", 0)])
    # trick 3: seat 3 trumps the heart lead (10S) though it holds 8H: no void shown
    play_tricks(game, [(0, "AH 9H 7H 10S", 3)])
    voids = _nonzero(_observe(game, 0), 196, 212)
    assert voids == {196 + 4 * 1 + 0: 1.0}  # only seat 1's spades, from trick 2
    # trick 4: AD QC KD 10D, seat 0 (the observer) plays QC on diamonds: its own row shows it
    play_tricks(game, [(3, "AD QC KD 10D", 3)])
    assert _nonzero(_observe(game, 2), 196, 212) == {196 + 4 * 2 + 2: 1.0, 196 + 4 * 3 + 0: 1.0}


def test_the_bidder_alone_sees_its_pickup_and_discards() -> None:
    """With seen_undealt=2 the bidder's vector has the cards it took up and put back; the others' none."""
    game = new_smear(DEAL_A, seen_undealt=2)
    bid_round(game, [(1, None), (2, 2), (3, 3), (0, None)])
    # seat 3 takes QH JH
    assert _nonzero(_observe(game, 3), 255, 319) == {255 + 10: 1.0, 255 + 11: 1.0}
    assert _nonzero(_observe(game, 3), 212, 216) == {213: 1.0}  # phase: discard
    discard(game, 3, "8H 9C")
    bidder = _observe(game, 3)
    assert _nonzero(bidder, 255, 319) == {255 + 10: 1.0, 255 + 11: 1.0, 287 + 14: 1.0, 287 + 29: 1.0}
    assert _nonzero(bidder, 0, 32) == {i: 1.0 for i in (0, 3, 4, 10, 11, 16)}  # AS JS 10S QH JH AD
    assert bidder[192 + 0] == 1.0  # the bidder leads
    for seat in (0, 1, 2):
        assert _nonzero(_observe(game, seat), 255, 319) == {}


def test_scores_are_scaled_by_the_target_from_the_observers_side() -> None:
    """After deal A's first hand (side 1 makes its bid of 3, side 0 takes Jack), each side's score over the target."""
    game = new_smear(DEAL_A, target=10)
    bid_round(game, [(1, None), (2, 2), (3, 3), (0, None)])
    play_tricks(
        game,
        [
            (3, "AS 8S 7S 9S", 3),
            (3, "JS KS 8D QS", 0),
            (0, "AH 9H 7H 10S", 3),
            (3, "AD QC KD 10D", 3),
            (3, "9C JC 7C AC", 2),
            (2, "KC 8H KH 10H", 2),
        ],
    )
    # High, Low and Game to side 1 (3 points, its bid made); Jack to side 0
    assert game.scores == (1, 3)
    assert _observe(game, 0)[319:321] == [pytest.approx(0.1), pytest.approx(0.3)]
    assert _observe(game, 3)[319:321] == [pytest.approx(0.3), pytest.approx(0.1)]


def _expected(game: Smear, seat: int) -> dict[int, float]:
    """The observation rebuilt from ``seat``'s view and redacted log alone, by the documented layout."""
    view = json.loads(dumps(game.view(seat)))
    events = json.loads(dumps(game.log(seat)))["events"]
    index = {str(c): i for i, c in enumerate(DECK)}
    out: dict[int, float] = {}

    def rel(s: int) -> int:
        return (s - seat) % 4

    for c in view["hand"]:
        out[index[c]] = 1.0
    out[212 + ("bidding", "discard", "play", "over").index(view["phase"])] = 1.0
    out[216 + rel(view["dealer"])] = 1.0
    for b in view["bids"]:
        out[220 + 4 * rel(b["seat"]) + (0 if b["amount"] is None else b["amount"] - 1)] = 1.0
    if view["bidder"] is not None:
        out[236 + rel(view["bidder"])] = 1.0
        out[240 + view["bid"] - 2] = 1.0
    if view["current_player"] is not None:
        out[247 + rel(view["current_player"])] = 1.0
    ours, theirs = view["scores"][seat % 2], view["scores"][1 - seat % 2]
    for i, score in ((319, ours), (320, theirs)):
        if score:
            out[i] = score / view["target"]
    for i, name in ((255, "picked_up"), (287, "discarded")):
        for c in view[name] or ():
            out[i + index[c]] = 1.0
    if view["phase"] != "play":
        return out
    start = max(i for i, e in enumerate(events) if e["type"] == "hand_dealt")
    plays = [(e["seat"], e["card"]) for e in events[start:] if e["type"] == "card_played"]
    tricks = [e for e in events[start:] if e["type"] == "trick_won"]
    leader = view["bidder"] if not tricks else tricks[-1]["seat"]
    out[192 + rel(leader)] = 1.0
    if not plays:
        return out
    trump = plays[0][1][-1]
    out[243 + "SHDC".index(trump)] = 1.0
    points = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}
    taken = [0, 0]
    won = [0, 0]
    for k, trick in enumerate(tricks):
        side = rel(trick["seat"]) % 2
        won[side] += 1
        for _, c in plays[4 * k : 4 * k + 4]:
            out[32 + index[c]] = 1.0
            taken[side] += points.get(c[:-1], 0)
    for i in (0, 1):
        if won[i]:
            out[251 + i] = won[i] / 6
        if taken[i]:
            out[253 + i] = taken[i] / 80
    for k in range(0, len(plays), 4):
        led = plays[k][1][-1]
        for s, c in plays[k + 1 : k + 4]:
            if c[-1] not in (led, trump):
                out[196 + 4 * rel(s) + "SHDC".index(led)] = 1.0
    for t in view["trick"]:
        out[64 + 32 * rel(t["seat"]) + index[t["card"]]] = 1.0
    return out


@given(case=smear_cases, seat=st.integers(min_value=0, max_value=3))
def test_every_entry_is_what_the_view_and_the_redacted_log_say(case: SmearCase, seat: int) -> None:
    """Over random games, the vector equals one rebuilt from the seat's view and redacted log (so within its ranges)."""
    for game in _positions(case, 90):
        vector = _observe(game, seat)
        assert all(-1e4 <= x <= 1e4 for x in vector[319:])
        assert all(0.0 <= x <= 1.0 for x in vector[:319])
        assert _nonzero(vector) == pytest.approx(_expected(game, seat))


@given(case=smear_cases)
def test_every_buffer_type_gets_the_same_vector(case: SmearCase) -> None:
    """A list, an array.array("f"), a memoryview of one and a NumPy float32 array are written alike."""
    numpy = pytest.importorskip("numpy")
    spec = Smear.observation_spec(case.options)
    for game in _positions(case, 40)[::7]:
        seat = game.current_player if game.current_player is not None else 0
        plain = [0.0] * spec.size
        spec.write(game, seat, plain)
        packed = array.array("f", [0.0]) * spec.size
        spec.write(game, seat, packed)
        viewed = array.array("f", [0.0]) * spec.size
        spec.write(game, seat, cast(Any, memoryview(viewed)))
        arr = numpy.zeros(spec.size, dtype=numpy.float32)
        spec.write(game, seat, arr)
        single = numpy.array(plain, dtype=numpy.float32).tolist()
        assert list(packed) == list(viewed) == arr.tolist() == single


@given(
    options=smear_options,
    seed=st.integers(min_value=0, max_value=2**32),
    then=st.integers(min_value=0, max_value=2**32),
    seat=st.integers(min_value=0, max_value=3),
    swaps=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=1, max_size=4),
)
def test_two_games_a_seat_cannot_tell_apart_give_it_the_same_vector(
    options: SmearOptions, seed: int, then: int, seat: int, swaps: list[tuple[int, int]]
) -> None:
    """Deals differing only in cards hidden from the seat give it identical vectors throughout the hand."""
    scenario = Scenario(variant=Smear, options=options, seed=seed, then=then, seat=seat, swaps=cast(Any, tuple(swaps)))
    start = scenario.new_game()
    spec = Smear.observation_spec(options)

    def looks(game: tablegames.Game) -> tuple[tuple[str, str], ...]:
        out = array.array("f", [0.0]) * spec.size
        assert isinstance(game, Smear)
        spec.write(game, seat, cast(Any, memoryview(out)))
        return (
            ("views", dumps(game.view(seat))),
            ("redacted logs", dumps(game.log(seat))),
            ("observations", json.dumps(list(out))),
        )

    play_alike("observation", scenario, start, observer=f"seat {seat}", looks=looks, hand_seat=seat, max_steps=80)


def test_the_indistinguishable_check_would_catch_a_leak() -> None:
    """A planted leak (another seat's hand written into the vector) fails the same check."""
    first = new_smear(seed=5)
    hidden = sorted({str(c) for c in DECK} - {str(c) for c in first.hands[0]})  # as play_alike orders them
    swap = (hidden.index(str(first.hands[1][0])), hidden.index(str(first.hands[3][0])))
    scenario = Scenario(variant=Smear, options=SmearOptions(), seed=5, then=1, seat=0, swaps=cast(Any, (swap,)))
    start = scenario.new_game()
    spec = Smear.observation_spec(None)

    def looks(game: tablegames.Game) -> tuple[tuple[str, str], ...]:
        out = [0.0] * spec.size
        assert isinstance(game, Smear)
        spec.write(game, 1, out)  # seat 1's hand: hidden from seat 0
        return (("views", dumps(game.view(0))), ("redacted logs", dumps(game.log(0))), ("leak", json.dumps(out)))

    with pytest.raises(ConformanceError, match="leak"):
        play_alike("observation", scenario, start, observer="seat 0", looks=looks, hand_seat=0, max_steps=80)


@given(case=smear_cases, seat=st.integers(min_value=0, max_value=3))
def test_clones_that_part_ways_each_get_their_own_tricks(case: SmearCase, seat: int) -> None:
    """Completed tricks are worked out once each: a clone playing on otherwise mid-hand is not given its twin's."""
    for game in _positions(case, 40):
        if game.phase != "play" or game.is_over:
            continue
        twin = game.clone()
        _observe(game, seat)  # the shared tricks so far are worked out and kept
        rng = random.Random(case.seed)
        for g in (game, twin):  # each finishes the trick in progress its own way (they may agree)
            tricks = len(g.trick_play.tricks)
            while not g.is_over and g.phase == "play" and len(g.trick_play.tricks) == tricks:
                g.apply(rng.choice(g.legal_actions()))
        for g in (game, twin):
            assert _nonzero(_observe(g, seat)) == pytest.approx(_expected(g, seat))
        smear_rl._TRICKS_MEMO.clear()  # what is worked out again is the same
        for g in (twin, game):
            assert _nonzero(_observe(g, seat)) == pytest.approx(_expected(g, seat))
