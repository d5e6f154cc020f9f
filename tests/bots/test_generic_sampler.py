"""The generic world sampler: right for every variant, and exact where every world can be counted."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import tablegames
from tablegames.bots.random import RandomBot
from tablegames.bots.sampler import GENERIC_ROUNDS, WorldSampler
from tablegames.bots.worlds import GenericWorlds, deal_event_class
from tablegames.core.errors import LogError
from tablegames.core.game import Game


def _position(name: str, seed: int, steps: int) -> tuple[Game, int]:
    """A game of ``name`` after ``steps`` random actions (fewer if it ends), and the seat to act."""
    game = tablegames.new_game(name, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    for _ in range(steps):
        if game.is_over:
            break
        before = game.clone()
        game.apply(bot.choose(game.legal_actions(), rng))
        if game.is_over:
            game = before
            break
    assert game.current_player is not None
    return game, game.current_player


@pytest.mark.parametrize("name", tablegames.variant_names())
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_every_world_shows_the_seat_its_own_log(name: str, seed: int, steps: int) -> None:
    """For every variant, each world its sampler draws gives the seat a byte-identical log and view."""
    game, seat = _position(name, seed, steps)
    log = game.log(seat)
    sampler = WorldSampler(log)
    rng = random.Random(seed + 1)
    for _ in range(5):
        world = sampler.sample(rng)
        assert tablegames.dumps(world.log(seat)) == tablegames.dumps(log)
        assert tablegames.dumps(world.view(seat)) == tablegames.dumps(game.view(seat))
        assert world.legal_actions() == game.legal_actions()
        world.apply(world.legal_actions()[0])  # a world is a real game that goes on


@pytest.mark.parametrize("name", ["american-sniff", "four-point-smear"])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40))
@example(seed=3205, steps=36)  # a four-seat Sniff position whose finished hands took more than swaps uphill
def test_the_generic_sampler_also_serves_the_variants_with_fillers(name: str, seed: int, steps: int) -> None:
    """Early in a match, the generic sampler finds Sniff's and Smear's worlds too, without their fillers."""
    game, seat = _position(name, seed, steps)
    worlds = GenericWorlds(game.log(seat), random.Random(seed))
    world = worlds.sample(random.Random(seed + 1))
    assert tablegames.dumps(world.log(seat)) == tablegames.dumps(game.log(seat))


def test_a_variant_without_a_filler_gets_the_generic_sampler() -> None:
    """The plug-ins provide no filler: WorldSampler draws their worlds generically; Sniff and Smear use theirs."""
    for name in tablegames.variant_names():
        game, seat = _position(name, 3, 10)
        sampler = WorldSampler(game.log(seat))
        has_filler = tablegames.get_variant(name).log_filler(game.log(seat).events, seat=seat, options=game.options)
        assert sampler.generic is (has_filler is None)
        world = sampler.sample(random.Random(1))
        assert tablegames.dumps(world.log(seat)) == tablegames.dumps(game.log(seat))
    assert not WorldSampler(_position("american-sniff", 3, 10)[0].log(0)).generic


def test_the_deal_event_class_is_found_from_a_new_game() -> None:
    """deal_event_class names each variant's deal event: the first event some seat sees redacted."""
    tags = {}
    for name in tablegames.variant_names():
        cls = tablegames.get_variant(name)
        found = deal_event_class(cls, cls.options_class())
        assert found is not None
        tags[name] = found.tag
    assert set(tags.values()) == {"hand_dealt"}


# -- exactness -------------------------------------------------------------------------------


def _chi2_sf(x: float, k: int) -> float:
    """P(X >= x) for a chi-square variable with ``k`` degrees of freedom (series of the lower gamma)."""
    a, z = k / 2, x / 2
    if z <= 0:
        return 1.0
    term = total = 1 / a
    n = 1
    while term > 1e-15 * total:
        term *= z / (a + n)
        total += term
        n += 1
    lower = math.exp(-z + a * math.log(z) - math.lgamma(a)) * total
    return max(0.0, 1.0 - lower)


def _late_smear_position() -> tuple[Game, int, list[int]]:
    """A Smear hand (no cards taken up) with one card left in every hand, and the seat to act."""
    for seed in range(200):
        game = tablegames.new_game("four-point-smear", seed=seed)
        rng = random.Random(seed)
        bot = RandomBot()
        while not game.is_over:
            view = json.loads(tablegames.dumps(game.view(0)))
            if view["hand_number"] > 1:
                break
            if all(n == 1 for n in view["hand_sizes"]) and not view["trick"] and view["bid"] is not None:
                seat = game.current_player
                assert seat is not None
                return game, seat, [s for s in range(4) if s != seat]
            game.apply(bot.choose(game.legal_actions(), rng))
    raise AssertionError("no position found")  # pragma: no cover


def _events(game: Game) -> list[dict[str, Any]]:
    return json.loads(tablegames.dumps(game.log()))["events"]  # type: ignore[no-any-return]


def test_the_generic_sampler_is_exact_where_every_world_can_be_counted() -> None:
    """Late in a Smear hand, how often each card is drawn as a seat's last card matches the count of worlds.

    Each other seat's last card and the eight undealt cards come from the eleven cards the seat
    cannot have seen; every assignment of last cards is tried by replaying the hand with it,
    and the generic sampler's frequencies over 1,200 worlds are compared with a chi-square test
    per seat (p > 0.001). Smear ships its own filler; the generic sampler is run on it directly,
    with enough fresh tries per sample that every sample is an independent draw.
    """
    game, seat, others = _late_smear_position()
    log = game.log(seat)
    events = _events(game)
    deal = next(e for e in events if e["type"] == "hand_dealt")
    dealer = next(e["seat"] for e in events if e["type"] == "dealer_drawn")
    played = {s: {e["card"] for e in events if e["type"] == "card_played" and e["seat"] == s} for s in others}
    last_card = {s: next(c for c in deal["hands"][s] if c not in played[s]) for s in others}
    hidden = sorted([*last_card.values(), *deal["undealt"]])
    mine = tablegames.dumps(log)
    consistent: list[tuple[str, ...]] = []
    for lasts in itertools.permutations(hidden, len(others)):
        hands = [list(h) for h in deal["hands"]]
        for s, card in zip(others, lasts, strict=True):
            hands[s] = [card if c == last_card[s] else c for c in hands[s]]
        undealt = [c for c in hidden if c not in lasts]
        trial = _replayed(game, {"dealer": dealer, "hands": hands, "undealt": undealt})
        if trial is not None and tablegames.dumps(trial.log(seat)) == mine:
            consistent.append(lasts)
    assert len(consistent) >= 6, "a position with some freedom left"
    worlds = GenericWorlds(log, random.Random(7))
    rng = random.Random(8)
    draws = 1200
    counts: list[Counter[str]] = [Counter() for _ in others]
    for _ in range(draws):
        world_deal = next(e for e in _events(worlds.sample(rng, fresh=300)) if e["type"] == "hand_dealt")
        for i, s in enumerate(others):
            counts[i][next(c for c in world_deal["hands"][s] if c not in played[s])] += 1
    for i in range(len(others)):
        expected = Counter(lasts[i] for lasts in consistent)
        cells = sorted(expected)
        assert set(counts[i]) <= set(cells), "a card no consistent world gives that seat"
        if len(cells) < 2:
            continue
        share = {c: draws * expected[c] / len(consistent) for c in cells}
        chi2 = sum((counts[i][c] - share[c]) ** 2 / share[c] for c in cells)
        assert _chi2_sf(chi2, len(cells) - 1) > 0.001, (counts[i], expected)


def _replayed(game: Game, deal: dict[str, Any]) -> Game | None:
    """``game``'s actions replayed on ``deal`` (its first hand), or ``None`` if they do not fit it."""
    try:
        trial = tablegames.new_game(game.name, seed=game.seed, deals=[deal], **tablegames.to_json(game.options))
        for event in game.log().events:
            step = type(game).action_of(event)
            if step is not None:
                trial.apply(step[1], seat=step[0])
    except tablegames.TableGamesError:
        return None
    return trial


def test_chi2_sf_matches_known_values() -> None:
    """The chi-square tail used above: P(X >= 3.84) = 0.05 with 1 degree, P(X >= 18.31) = 0.05 with 10."""
    assert _chi2_sf(3.841, 1) == pytest.approx(0.05, abs=1e-3)
    assert _chi2_sf(18.307, 10) == pytest.approx(0.05, abs=1e-3)


def test_a_search_that_runs_out_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """A generic search that gives up on a consistent log starts again; GENERIC_ROUNDS failures are an error."""
    game, seat = _position("all-fives", 4, 12)
    real = GenericWorlds.sample
    calls = []

    def flaky(self: GenericWorlds, rng: random.Random, **kwargs: Any) -> Game:
        calls.append(self)
        if len(calls) == 1:
            raise LogError("$.events[0]", "ran out on purpose")
        return real(self, rng, **kwargs)

    monkeypatch.setattr(GenericWorlds, "sample", flaky)
    world = WorldSampler(game.log(seat)).sample(random.Random(1))
    assert tablegames.dumps(world.log(seat)) == tablegames.dumps(game.log(seat))
    assert len(calls) == 2 and calls[0] is not calls[1], "the second round is a fresh search"

    def hopeless(self: GenericWorlds, rng: random.Random, **kwargs: Any) -> Game:
        calls.append(self)
        raise LogError("$.events[0]", "ran out on purpose")

    calls.clear()
    monkeypatch.setattr(GenericWorlds, "sample", hopeless)
    with pytest.raises(LogError, match="ran out on purpose"):
        WorldSampler(game.log(seat)).sample(random.Random(1))
    assert len(calls) == GENERIC_ROUNDS
