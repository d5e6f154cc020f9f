"""Lockstep: American Sniff's array game against the reference engine, over whole matches of every option set."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from tablegames.jax import lockstep  # noqa: E402
from tablegames.variants.sniff import arrays  # noqa: E402

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "target": 60},
    {"players": 3, "target": 35},
    {"players": 4, "target": 45},
]
MATCHES = 200


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_lockstep_over_whole_matches(options: dict[str, Any]) -> None:
    """Every step of 200 matches: masks, player to move, scores, end flags, rewards, every observation agree."""
    report = lockstep("american-sniff", matches=MATCHES, options=options, seed=1, width=100)
    assert report.matches == MATCHES
    assert report.hands > MATCHES and report.steps > 5 * report.hands
    assert report.observations >= options["players"] * report.steps


def test_a_wrong_count_fails_lockstep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that counts an ordinary double at an arm's end once, not twice, is caught."""
    monkeypatch.setattr(arrays, "_WEIGHT", np.array([1, 1, 0], dtype=np.int32))
    with pytest.raises(AssertionError, match=r"match seed \d+, hand \d+, step \d+ \(after id \d+ \('\d-\d [WENS]'\)\)"):
        lockstep("american-sniff", matches=8, options={"players": 2}, seed=3)


def test_a_wrong_winner_fails_lockstep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that wins only past the target, not on reaching it, is caught on the end flags or scores."""
    monkeypatch.setattr(arrays, "_reaches", lambda total, target: total > target)
    with pytest.raises(AssertionError, match=r"terminated|current_player|rewards|legal_action_mask"):
        lockstep("american-sniff", matches=16, options={"players": 3, "target": 30}, seed=3)


def test_a_wrong_leader_fails_lockstep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that lets the seat after the one who dominoed lead is caught on the step that deals."""
    monkeypatch.setattr(arrays, "_next_leader", lambda shape, seat, domino: jnp.where(domino, (seat + 1) % 4, -1))
    with pytest.raises(AssertionError, match=r"current_player|legal_action_mask|turn"):
        lockstep("american-sniff", matches=8, options={"players": 4}, seed=3)


def test_early_branches_fail_lockstep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that opens the Sniff's branches once one line side carries a tile is caught."""

    def opened(sniff: Any, kinds: Any) -> Any:
        return (sniff >= 0) & ((kinds[0] != 2) | (kinds[1] != 2))

    monkeypatch.setattr(arrays, "_branches_open", opened)
    with pytest.raises(AssertionError, match=r"legal_action_mask|ends|count|end_sniff"):
        lockstep("american-sniff", matches=8, options={"players": 2}, seed=3)


def test_settling_nothing_fails_lockstep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that forgets the remaining pips at a hand's end is caught on the scores."""
    monkeypatch.setattr(arrays, "_settle", lambda shape, scores, holder: scores)
    with pytest.raises(AssertionError, match="scores"):
        lockstep("american-sniff", matches=8, options={"players": 4}, seed=3)
