"""Perft golden counts: the number of legal action sequences from fixed stacked deals.

The counts in ``tests/data/perft/`` are written by ``tools/perft.py``; a change in any rule of
legality, any automatic step or the order of turns changes them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames.testing import perft, perft_divide

DATA = Path(__file__).parent / "data" / "perft"
VARIANTS = ("american-sniff", "four-point-smear", "all-fives", "auction-pitch", "euchre", "mexican-train")


def _load(variant: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{variant}.json").read_text(encoding="utf-8"))
    return data


def _entries() -> list[Any]:
    return [
        pytest.param(variant, entry, id=f"{variant}: {entry['name']}")
        for variant in VARIANTS
        for entry in _load(variant)["entries"]
    ]


def _game(variant: str, entry: dict[str, Any]) -> tablegames.Game:
    return tablegames.new_game(variant, seed=entry["seed"], deals=entry["deals"], **entry["options"])


def _entry(variant: str, name: str) -> dict[str, Any]:
    return next(e for e in _load(variant)["entries"] if e["name"] == name)


def test_golden_files_cover_the_required_option_sets() -> None:
    """Sniff with 2 and 4 players and Smear with default options and seen_undealt=3 are counted."""
    sniff = [e["options"].get("players") for e in _load("american-sniff")["entries"]]
    smear = [e["options"] for e in _load("four-point-smear")["entries"]]
    assert 2 in sniff and 4 in sniff
    assert {} in smear and {"seen_undealt": 3} in smear
    for variant in VARIANTS:
        for entry in _load(variant)["entries"]:
            assert entry["depths"] == list(range(1, len(entry["counts"]) + 1))
            assert len(entry["depths"]) >= 5, "too shallow to pin anything beyond the first actions"


@pytest.mark.parametrize(("variant", "entry"), _entries())
def test_perft_matches_the_golden_counts(variant: str, entry: dict[str, Any]) -> None:
    """perft from each stored deal and option set gives the stored count at every stored depth."""
    game = _game(variant, entry)
    assert [perft(game, depth) for depth in entry["depths"]] == entry["counts"]


@pytest.mark.parametrize(("variant", "entry"), _entries())
def test_golden_counts_do_not_depend_on_the_seed(variant: str, entry: dict[str, Any]) -> None:
    """Every hand the stored depths reach is stacked, so another seed gives the same counts."""
    game = tablegames.new_game(variant, seed=entry["seed"] + 1, deals=entry["deals"], **entry["options"])
    cheap = [(d, c) for d, c in zip(entry["depths"], entry["counts"], strict=True) if c <= 20_000]
    assert len(cheap) >= 5
    assert [perft(game, depth) for depth, _ in cheap] == [count for _, count in cheap]


# Hand-checked counts (the golden files must agree with them).
#
# American Sniff, two players, the guide's deal (leader seat 0):
#   seat 0 holds 4-4 4-1 6-6 5-5 3-3 2-2 1-1, seat 1 holds 6-4 4-2 6-5 6-3 6-2 6-1 6-0.
#   Depth 1: seat 0 may open with any of its 7 tiles: 7.
#   Depth 2: seat 1's replies to each opening (a line side W or E; the Sniff's branches N and S
#   open only once both line sides carry a tile, and alike places are separate actions):
#     6-6 (ends 6, 6): six tiles with a 6, on W or E       12
#     5-5 (ends 5, 5): 6-5 on W or E                        2
#     4-4 (ends 4, 4): 6-4 and 4-2, on W or E               4
#     4-1 (W 4, E 1): 6-4 on W, 4-2 on W, 6-1 on E          3
#     3-3: 6-3 on W or E                                    2
#     2-2: 6-2 and 4-2, on W or E                           4
#     1-1: 6-1 on W or E                                    2
#   total 29. Seat 1 always has a fitting tile, so no draw comes between.
#
# Four Point Smear, default options (seen_undealt 0), dealer 0, so seat 1 speaks first:
#   Depth 1: pass, or bid 2, 3 or 4: 4.
#   Depth 2: after a pass, seat 2 has the same 4; after a bid of 2, pass, 3 or 4: 3; after a
#   bid of 3, pass or 4: 2; a bid of 4 ends the bidding at once and seat 1 leads any of its
#   6 cards: 6. Total 4 + 3 + 2 + 6 = 15.
#   With seen_undealt=3 the bid of 4 is followed by the pickup (9 cards in hand) and a discard
#   of any 3 of them (trump is not set before the first lead): C(9, 3) = 84, so 4 + 3 + 2 + 84
#   = 93.
HAND_CHECKED = [
    ("american-sniff", "two players, the guide's deal", [7, 29]),
    ("four-point-smear", "default options", [4, 15]),
    ("four-point-smear", "seen_undealt=3", [4, 93]),
]


@pytest.mark.parametrize(("variant", "name", "counts"), HAND_CHECKED)
def test_small_depths_agree_with_the_hand_count(variant: str, name: str, counts: list[int]) -> None:
    """Depths 1 and 2 are the counts worked out by hand above, in the engine and the golden file."""
    entry = _entry(variant, name)
    assert entry["counts"][: len(counts)] == counts
    game = _game(variant, entry)
    assert [perft(game, depth) for depth in range(1, len(counts) + 1)] == counts
    assert perft(game, 1) == len(game.legal_actions())


def test_divide_by_first_action_matches_the_hand_count() -> None:
    """perft_divide keys each first action's JSON form and splits depth 2 as counted by hand."""
    entry = _entry("american-sniff", "two players, the guide's deal")
    game = _game("american-sniff", entry)
    divided = perft_divide(game, 2)
    by_tile = {json.loads(key)["tile"]: count for key, count in divided.items()}
    assert by_tile == {"6-6": 12, "5-5": 2, "4-4": 4, "4-1": 3, "3-3": 2, "2-2": 4, "1-1": 2}
    assert list(divided) == [tablegames.dumps(action) for action in game.legal_actions()]
    for key in divided:
        assert game.action_from_json(json.loads(key)) in game.legal_actions()


@pytest.mark.parametrize("variant", VARIANTS)
def test_divide_adds_up_to_perft(variant: str) -> None:
    """The counts per first action add up to perft one level deeper."""
    entry = _load(variant)["entries"][0]
    game = _game(variant, entry)
    for depth in (1, 2, 3):
        divided = perft_divide(game, depth)
        assert len(divided) == len(game.legal_actions())
        assert sum(divided.values()) == perft(game, depth) == entry["counts"][depth - 1]


@pytest.mark.parametrize("variant", VARIANTS)
def test_perft_leaves_the_game_unchanged(variant: str) -> None:
    """Counting clones the game: its log and legal actions are the same before and after."""
    game = _game(variant, _load(variant)["entries"][0])
    before = tablegames.dumps(game.log())
    legal = tuple(game.legal_actions())
    perft(game, 4)
    perft_divide(game, 3)
    assert tablegames.dumps(game.log()) == before
    assert tuple(game.legal_actions()) == legal


def test_depth_zero_and_a_finished_game_count_once() -> None:
    """Depth 0 is the empty sequence; a match that is over counts 1 at every depth and divides into nothing."""
    game = tablegames.new_game("american-sniff", seed=3, players=2, target=5)
    assert perft(game, 0) == 1
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert [perft(game, depth) for depth in range(4)] == [1, 1, 1, 1]
    assert perft_divide(game, 2) == {}


def test_sequences_that_end_the_match_count_once_at_their_end() -> None:
    """A sequence that ends the match before the depth counts once, not zero times and not more."""
    game = tablegames.new_game("american-sniff", seed=3, players=2, target=5)
    # Walk to a point where some action ends the match at once.
    while True:
        ending = [a for a in game.legal_actions() if game.clone().apply(a)[-1].tag == "game_ended"]
        if ending:
            break
        game.apply(game.legal_actions()[0])
    divided = perft_divide(game, 3)
    for action in ending:
        assert divided[tablegames.dumps(action)] == 1


@pytest.mark.parametrize("depth", [-1, 1.0, "2", None])
def test_a_bad_depth_is_refused(depth: Any) -> None:
    """A depth that is not an int >= 0 raises ValueError naming it."""
    game = tablegames.new_game("american-sniff", seed=1, players=2)
    with pytest.raises(ValueError, match="depth"):
        perft(game, depth)
    with pytest.raises(ValueError, match="depth"):
        perft_divide(game, depth)


def test_divide_needs_a_first_action_and_perft_needs_a_game() -> None:
    """perft_divide refuses depth 0; both refuse something that is not a Game."""
    game = tablegames.new_game("four-point-smear", seed=1)
    with pytest.raises(ValueError, match="depth 0"):
        perft_divide(game, 0)
    with pytest.raises(TypeError, match="needs a Game"):
        perft("american-sniff", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a Game"):
        perft_divide(None, 1)  # type: ignore[arg-type]
