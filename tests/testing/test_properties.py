"""The kit's shared property-test bodies: random matches, replay, clones and named pieces."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings

from tablegames.components.cards import Card
from tablegames.core.errors import IllegalActionError
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.core.serde import dumps
from tablegames.mechanics.tricks import CardPlayed
from tablegames.testing import (
    check_goes_on_like_clone_and_replay,
    check_log_replays,
    named_pieces,
    play_random,
    seeds,
)
from tablegames.variants.smear import Smear
from tablegames.variants.sniff import Sniff

SNIFF = {"players": 2, "target": 50}


@settings(max_examples=10, deadline=None)
@given(seed=seeds())
def test_a_random_match_ends_and_is_the_same_for_the_same_seed(seed: int) -> None:
    """play_random plays to the end; the same seed and policy give the same log, which replays."""
    game = play_random(Sniff, SNIFF, seed=seed)
    assert game.is_over and game.winner is not None
    check_log_replays(game, again=play_random(Sniff, SNIFF, seed=seed))


def test_the_policy_picks_and_the_check_sees_every_position() -> None:
    """The policy is asked with the legal actions and the seeded generator; the check runs before each action."""
    asked: list[int] = []
    seen: list[int] = []

    def first(game: Game, legal: Sequence[Action], rng: random.Random) -> Action:
        assert list(legal) == list(game.legal_actions()) and isinstance(rng, random.Random)
        asked.append(len(game.events))
        return legal[0]

    game = play_random(Sniff, SNIFF, seed=3, policy=first, check=lambda g: seen.append(len(g.events)))
    assert asked == seen and len(asked) > 10 and game.is_over


def test_an_endless_match_and_an_illegal_pick_are_reported() -> None:
    """A match that does not end in max_steps fails with its seed; a policy's illegal action is refused."""
    with pytest.raises(AssertionError, match=r"american-sniff: the match from seed 5 did not end in 3 actions"):
        play_random(Sniff, SNIFF, seed=5, max_steps=3)
    game = Sniff.create(SNIFF, seed=1)
    other = next(a for a in Sniff.create(SNIFF, seed=2).legal_actions() if a not in game.legal_actions())
    with pytest.raises(IllegalActionError):
        play_random(Sniff, SNIFF, seed=1, policy=lambda g, legal, rng: other)


def test_check_log_replays_reports_another_match() -> None:
    """Two different matches' logs differ: check_log_replays says so."""
    game = play_random(Sniff, SNIFF, seed=1)
    check_log_replays(game)
    with pytest.raises(AssertionError, match="the same match played again logs differently"):
        check_log_replays(game, again=play_random(Sniff, SNIFF, seed=2))


def test_a_clone_and_a_replayed_game_go_on_alike_and_leave_the_original() -> None:
    """Mid-match, the clone and the replay play the same actions to the same log; the original is unchanged."""
    game = Smear.create(seed=8)
    rng = random.Random(8)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    before = dumps(game.log())
    check_goes_on_like_clone_and_replay(game, steps=25)
    check_goes_on_like_clone_and_replay(game, steps=25, choose=lambda legal: legal[0])
    assert dumps(game.log()) == before


def test_a_clone_that_shares_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone that is the game itself changes the original: the check fails."""
    game = Smear.create(seed=8)
    monkeypatch.setattr(Smear, "clone", lambda self: self)
    with pytest.raises(AssertionError, match="playing on a clone changed the original's log"):
        check_goes_on_like_clone_and_replay(game, steps=5)


def test_named_pieces_finds_notation_anywhere_in_the_json_form() -> None:
    """The pieces whose notation is a string of the JSON form (a key or a value, at any depth)."""
    ah, kh = Card.parse("AH"), Card.parse("KH")
    assert named_pieces(CardPlayed(1, ah), [ah, kh]) == {ah}
    assert named_pieces({"trick": [{"card": "KH"}], "AH": 1}, (ah, kh)) == {ah, kh}
    assert named_pieces({"note": "AH KH"}, [ah, kh]) == set()  # only whole strings are notation
