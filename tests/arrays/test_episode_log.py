"""Episodes of the array games as the library's logs: replayed on the reference, loaded, re-dumped, refused."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")

import tablegames  # noqa: E402
from tablegames.core.errors import IllegalActionError, LogError  # noqa: E402
from tablegames.jax import DealsAhead, EpisodeReplay, episode_game, episode_log, make  # noqa: E402
from tablegames.rl.decisions import MissingCapability  # noqa: E402

SNIFF_TARGETS = {2: 61, 3: 41, 4: 61}
"""Low targets, so that a random match of American Sniff ends within a few hands."""

SMEAR_OPTIONS = ({"target": 5}, {"target": 4, "seen_undealt": 2}, {"target": 5, "seen_undealt": 3})
"""Short Smear matches: plain, and with discards chosen card by card (two and three parts)."""


def _episode(arrays: Any, key: Any, *, seed: int, limit: int = 5_000) -> tuple[list[int], list[int], list[Any]]:
    """A random whole match on ``arrays`` from ``key``: the ids, the steps after which a hand ended, the scores then.

    Bids as the random bot does where the mask offers a pass and bids (a pass 60% of the time,
    else the lowest bid); elsewhere a uniformly random legal id.
    """
    step = jax.jit(arrays.step)
    rng = random.Random(seed)
    state = jax.jit(arrays.init)(key)
    ids: list[int] = []
    ends: list[int] = []
    scores: list[Any] = []
    while not bool(state.terminated) and len(ids) < limit:
        legal = np.flatnonzero(np.asarray(state.legal_action_mask)).tolist()
        bidding = arrays.name == "four-point-smear" and int(state.phase) == 0
        chosen = rng.choice(legal)
        if bidding and len(legal) > 1:  # a pass, else the lowest bid
            chosen = 0 if rng.random() < 0.6 else legal[1]
        hand = int(state.hand_number)
        ids.append(chosen)
        state = step(state, chosen)
        if int(state.hand_number) != hand or bool(state.terminated):
            ends.append(len(ids))
            scores.append(tuple(int(s) for s in np.asarray(state.scores)))
    assert bool(state.terminated) or len(ids) == limit, "the random match did not end"
    return ids, ends, scores


def _check_whole_match(name: str, options: dict[str, Any], key: Any, *, seed: int) -> None:
    """The episode's log loads and replays to the kernel's scores at every hand's end, and re-dumps the same."""
    arrays = make(name, **options)
    ids, ends, scores = _episode(arrays, key, seed=seed)
    replay = EpisodeReplay(name, options=options)
    assert len(ends) >= 2  # more than one hand
    for end, expected in zip(ends, scores, strict=True):
        text = replay.log(ids[:end], key=key)
        game = tablegames.replay(tablegames.load_log(text))
        assert game.scores == expected, f"after {end} ids"
        assert tablegames.dumps(game.log()) == text
    assert game.is_over and not game.log().deals  # the last: the whole match, no deal left stacked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_sniff_match_replays_to_the_kernels_scores_at_every_hand(players: int) -> None:
    """American Sniff, 2, 3 and 4 players: every hand's end scores the same; the log round-trips byte for byte."""
    options = {"players": players, "target": SNIFF_TARGETS[players]}
    _check_whole_match("american-sniff", options, jax.random.PRNGKey(100 + players), seed=players)


@pytest.mark.parametrize("options", SMEAR_OPTIONS, ids=["plain", "discard-2", "discard-3"])
def test_a_random_smear_match_replays_to_the_kernels_scores_at_every_hand(options: dict[str, Any]) -> None:
    """Four Point Smear, discards in parts included: every hand's end scores the same; the log round-trips."""
    _check_whole_match("four-point-smear", options, jax.random.PRNGKey(11), seed=1)


def test_the_log_holds_the_kernels_deals_and_an_unfinished_episode_stacks_the_next() -> None:
    """Mid-hand, the replayed game holds the kernel's pieces (from_game agrees) and the log stacks the next deal."""
    arrays = make("american-sniff", players=3)
    key = jax.random.key(5)  # a typed key works as a raw one does
    ids, _, _ = _episode(arrays, key, seed=2, limit=9)
    game = episode_game("american-sniff", ids, key=key, options={"players": 3})
    state = jax.jit(arrays.init)(key)
    for chosen in ids:
        state = arrays.step(state, chosen)
    again = arrays.from_game(game, key=key)
    for field in ("holder", "stock", "drawn", "on_table", "scores", "current_player", "legal_action_mask"):
        assert np.array_equal(np.asarray(getattr(again, field)), np.asarray(getattr(state, field))), field
    assert len(game.log().deals) == 1  # the next hand's deal, as the kernel will deal it
    assert len(ids) == 9 and game.players == 3


def test_a_wrong_id_is_refused_naming_the_step_and_the_legal_ids() -> None:
    """An id the reference does not allow raises IllegalActionError at its step; so does an id after the end."""
    key = jax.random.PRNGKey(3)
    options = {"players": 2, "target": 61}
    ids, _, _ = _episode(make("american-sniff", **options), key, seed=0)
    replay = EpisodeReplay("american-sniff", options=options)
    legal = replay.game(ids[:4], key=key)
    wrong = next(i for i in range(replay.arrays.num_actions) if i not in _legal_ids(legal))
    with pytest.raises(IllegalActionError, match=r"ids\[4\]: seat \d may not give id \d+ in the reference") as caught:
        replay.game([*ids[:4], wrong, *ids[5:]], key=key)
    assert caught.value.action == wrong and isinstance(caught.value, ValueError)
    with pytest.raises(IllegalActionError, match="the match is already over"):
        replay.game([*ids, ids[-1]], key=key)
    with pytest.raises(IllegalActionError):  # another key deals other tiles: its ids do not fit
        replay.game(ids, key=jax.random.PRNGKey(4))


def _legal_ids(game: tablegames.Game) -> set[int]:
    from tablegames.rl.decisions import Decision, capabilities

    return set(Decision(game, capabilities(game)[0]).legal_ids())


class _Wrapped:
    """American Sniff's two-player array game, passed through, without ``next_deal``."""

    def __init__(self) -> None:
        self.inner: Any = make("american-sniff", players=2)
        self.name, self.num_players, self.num_actions = self.inner.name, 2, self.inner.num_actions
        self.observation_size = self.inner.observation_size

    def init(self, key: Any) -> Any:
        return self.inner.init(key)

    def step(self, state: Any, action: Any) -> Any:
        return self.inner.step(state, action)

    def observe(self, state: Any, seat: Any) -> Any:
        return self.inner.observe(state, seat)

    def from_game(self, game: Any, *, key: Any) -> Any:
        return self.inner.from_game(game, key=key)


class _Miscounted(_Wrapped):
    """The same with ``next_deal``, and one point too many for side 0 after every step: a kernel that parts."""

    def step(self, state: Any, action: Any) -> Any:
        moved = self.inner.step(state, action)
        return moved._replace(scores=moved.scores.at[0].add(1))

    def next_deal(self, state: Any) -> Any:
        return self.inner.next_deal(state)


def test_an_array_game_that_parts_from_the_reference_is_named_at_the_first_step() -> None:
    """A kernel whose scores differ raises LogError at ids[0], naming the field and both values."""
    key = jax.random.PRNGKey(0)
    replay = EpisodeReplay("american-sniff", options={"players": 2}, arrays=_Miscounted())
    state = make("american-sniff", players=2).init(key)
    first = int(np.flatnonzero(np.asarray(state.legal_action_mask))[0])
    with pytest.raises(LogError, match=r"the scores differ: array game \(1, 0\), reference \(0, 0\)") as caught:
        replay.game([first], key=key)
    assert caught.value.where == "ids[0]"


def test_an_array_game_that_cannot_say_its_deals_is_refused() -> None:
    """Without next_deal (DealsAhead) the reference cannot be dealt the kernel's hands: MissingCapability."""

    with pytest.raises(MissingCapability, match="cannot say its deals ahead"):
        EpisodeReplay("american-sniff", options={"players": 2}, arrays=_Wrapped())
    assert isinstance(make("four-point-smear"), DealsAhead) and isinstance(make("american-sniff"), DealsAhead)
    unplayed = tablegames.replay(tablegames.load_log(episode_log("four-point-smear", [], key=jax.random.PRNGKey(0))))
    assert unplayed.name == "four-point-smear" and unplayed.current_player is not None


def test_bad_ids_and_keys_are_refused() -> None:
    """Ids that are not whole numbers, and a batch of keys, raise ValueError before anything is replayed."""
    replay = EpisodeReplay("american-sniff", options={"players": 2})
    with pytest.raises(ValueError, match="ids must be a sequence of ints"):
        replay.game([0.5], key=jax.random.PRNGKey(0))  # type: ignore[list-item]
    with pytest.raises(ValueError, match="key must be one JAX key"):
        replay.game([], key=jax.random.split(jax.random.PRNGKey(0), 2))
    nothing = tablegames.replay(tablegames.load_log(replay.log([], key=jax.random.PRNGKey(0))))
    first = replay.arrays.init(jax.random.PRNGKey(0))
    assert not nothing.is_over and nothing.current_player == int(first.current_player)
