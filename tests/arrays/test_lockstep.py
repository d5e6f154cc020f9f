"""Lockstep: Four Point Smear's array game against the reference engine, over whole matches of every option set."""

from __future__ import annotations

from typing import Any

import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from tablegames.jax import lockstep, make  # noqa: E402
from tablegames.variants.smear import arrays  # noqa: E402

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"seen_undealt": 1},
    {"seen_undealt": 2},
    {"seen_undealt": 3},
    {"high_low": "in-play"},
    {"win_only_on_bid": True, "cap_non_bidders": True, "target": 5},
    {"cap_non_bidders": True, "seen_undealt": 2, "target": 3},
    {"win_only_on_bid": True, "seen_undealt": 3, "high_low": "in-play", "target": 7},
]
MATCHES = 200


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_lockstep_over_whole_matches(options: dict[str, Any]) -> None:
    """Every step of 200 matches: masks, player to move, scores, end flags, rewards, every observation agree."""
    report = lockstep("four-point-smear", matches=MATCHES, options=options, seed=1)
    assert report.matches == MATCHES
    assert report.hands > MATCHES and report.steps > 10 * report.hands
    assert report.observations >= 4 * report.steps


def _lowest_of_suit_led(trick: Any, trump: Any, led: Any) -> Any:
    """A wrong trick winner: the highest card of the suit led, trumps ignored."""
    rank = jnp.where(trick // 8 == led, 8 - trick % 8, 0)
    return jnp.argmax(rank).astype(jnp.int32)


def test_a_wrong_trick_winner_fails_lockstep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel whose trick winner ignores trump is caught, naming the step."""
    monkeypatch.setattr(arrays, "trick_winner", _lowest_of_suit_led)
    with pytest.raises(AssertionError, match=r"match seed \d+, hand \d+, step \d+ \(after id \d+ \('play "):
        lockstep("four-point-smear", matches=8, seed=3)


def test_a_wrong_count_fails_lockstep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that counts the jack as 2 card points for Game is caught, on the observation's card points."""
    points = arrays._POINTS.copy()
    points[3::8] = 2
    monkeypatch.setattr(arrays, "_POINTS", points)
    with pytest.raises(AssertionError, match="card_points"):
        lockstep("four-point-smear", matches=8, seed=3)


def test_a_wrong_score_fails_lockstep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that never sets the bidder (it keeps what it won) is caught at a hand's end, on the scores."""
    real = arrays._points

    def points(rules: Any, state: Any, card_points: Any) -> Any:
        won, totals = real(rules, state, card_points)
        bidder_side = state.bidder % 2
        return jnp.where(jnp.arange(2) == bidder_side, jnp.maximum(won, state.bid), won), totals

    monkeypatch.setattr(arrays, "_points", points)
    with pytest.raises(AssertionError, match="scores"):
        lockstep("four-point-smear", matches=8, seed=3)


def test_a_wrong_mask_fails_lockstep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that lets a seat holding the suit led play anything is caught on the legal mask."""
    real = arrays._mask

    def mask(state: Any, take: int) -> Any:
        loose = state.holder == state.current_player
        plays = jnp.where(state.phase == 2, loose, False)
        return real(state, take).at[4:36].set(plays)

    monkeypatch.setattr(arrays, "_mask", mask)
    with pytest.raises(AssertionError, match="legal_action_mask"):
        lockstep("four-point-smear", matches=8, seed=3, arrays=make("four-point-smear"))
