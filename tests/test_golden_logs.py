"""Golden match logs: whole seeded random-bot matches, compared event by event.

The logs in ``tests/data/golden/`` are written by ``tools/golden.py`` (see its docstring for the
convention). They pin the behaviour of every registered variant, the example plug-ins included,
while shared machinery is rebuilt underneath them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames.bots.base import Table
from tablegames.bots.random import RandomBot

DATA = Path(__file__).parent / "data" / "golden"
VARIANTS = ("american-sniff", "four-point-smear", "all-fives", "auction-pitch", "euchre", "mexican-train")


def _entries() -> list[Any]:
    params = []
    for variant in VARIANTS:
        data = json.loads((DATA / f"{variant}.json").read_text(encoding="utf-8"))
        for entry in data["entries"]:
            label = ",".join(f"{k}={v}" for k, v in entry["options"].items()) or "defaults"
            params.append(pytest.param(variant, entry, id=f"{variant}-{label}-seed{entry['seed']}"))
    return params


@pytest.mark.parametrize(("variant", "entry"), _entries())
def test_the_match_is_played_exactly_as_recorded(variant: str, entry: dict[str, Any]) -> None:
    game = tablegames.new_game(variant, seed=entry["seed"], **entry["options"])
    Table(game, [RandomBot()] * game.players, rng=random.Random(entry["seed"])).play()
    got = tablegames.to_json(game.log())
    want = entry["log"]
    assert len(got["events"]) == len(want["events"])
    for i, (a, b) in enumerate(zip(got["events"], want["events"], strict=True)):
        assert a == b, f"event {i} differs"
    assert got == want


def test_every_golden_file_replays_to_itself() -> None:
    for variant in VARIANTS:
        data = json.loads((DATA / f"{variant}.json").read_text(encoding="utf-8"))
        for entry in data["entries"]:
            text = json.dumps(entry["log"])
            again = tablegames.replay(tablegames.load_log(text))
            assert tablegames.to_json(again.log()) == entry["log"]
