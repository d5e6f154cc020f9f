"""Logs kept as the game goes: `log(seat)` redacts, and `dumps(log)` encodes, only the events since the last call.

The game keeps each seat's redacted events and the JSON text of each event it wrote
(`tablegames.core.serde.LogTexts`). These tests hold the promise that this changes nothing
anyone can see: every log, and every text of a log, is what a log built afresh gives, for
every variant, at every step, through clones, and for old logs written after the game grew.
"""

from __future__ import annotations

import gc
import json
import random
import sys
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablegames
from tablegames.core import jsonwriter, serde
from tablegames.core.events import Event, EventLog
from tablegames.core.game import Game

CASES: list[tuple[str, dict[str, Any]]] = [
    ("american-sniff", {"players": 2}),
    ("american-sniff", {"players": 3}),
    ("american-sniff", {"players": 4}),
    ("four-point-smear", {}),
    ("all-fives", {}),
    ("auction-pitch", {}),
]


def afresh(game: Game, seat: int | None) -> EventLog:
    """The log of ``game`` for ``seat`` built from its events, with nothing kept."""
    if seat is None:
        return EventLog(
            variant=game.name, options=game.options, events=tuple(game.events), seed=game.seed, deals=game.log().deals
        )
    return EventLog(
        variant=game.name, options=game.options, events=tuple(e.redact(seat) for e in game.events), seat=seat
    )


def text_afresh(log: EventLog) -> str:
    """The canonical text of ``log``, encoded whole."""
    return json.dumps(serde.to_json(log), separators=(",", ":"), ensure_ascii=False)


def seats(game: Game) -> list[int | None]:
    return [None, *range(game.players)]


def step(game: Game, rng: random.Random) -> None:
    """One random legal action (Smear's random bids are kept low, so a match ends)."""
    legal = game.legal_actions()
    game.apply(legal[0] if len(legal) > 3 and rng.random() < 0.5 else rng.choice(legal))


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[f"{v}-{o}" for v, o in CASES])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), every=st.integers(2, 9))
def test_every_log_and_its_text_are_as_built_afresh(
    variant: str, options: dict[str, Any], seed: int, every: int
) -> None:
    """Every few steps each seat's log and its text equal a log built afresh; old logs keep their text."""
    rng = random.Random(seed)
    game = tablegames.new_game(variant, seed=seed, **options)
    kept: list[tuple[EventLog, str]] = []
    steps = 0
    while not game.is_over and steps < 160:
        if steps % every == 0:
            for seat in seats(game):
                log = game.log(seat)
                assert log == afresh(game, seat)
                text = tablegames.dumps(log)
                assert text == text_afresh(log)
                assert tablegames.dumps(log) == text  # asked twice, the same
                kept.append((log, text))
        step(game, rng)
        steps += 1
    for log, text in kept[:: max(1, len(kept) // 20)]:  # logs written after the game went on
        assert tablegames.dumps(log) == text


@pytest.mark.parametrize(("variant", "options"), CASES[::3], ids=[v for v, _ in CASES[::3]])
def test_a_clone_keeps_its_own_logs(variant: str, options: dict[str, Any]) -> None:
    """A clone taken after logs were asked for grows its own; the original's logs and texts are untouched."""
    rng = random.Random(4)
    game = tablegames.new_game(variant, seed=4, **options)
    for _ in range(12):
        step(game, rng)
    before = {seat: tablegames.dumps(game.log(seat)) for seat in seats(game)}
    twin = game.clone()
    for _ in range(10):
        if twin.is_over:
            break
        step(twin, rng)
        for seat in seats(twin):
            assert tablegames.dumps(twin.log(seat)) == text_afresh(afresh(twin, seat))
    for seat in seats(game):
        assert tablegames.dumps(game.log(seat)) == before[seat] == text_afresh(afresh(game, seat))


def test_writing_a_log_again_encodes_only_the_new_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """After k more events, dumps of the seat's new log encodes those k events and no other."""
    rng = random.Random(7)
    game = tablegames.new_game("four-point-smear", seed=7)
    for _ in range(30):
        step(game, rng)
    encoded: list[Any] = []
    encode = jsonwriter._any_text

    def counting(value: Any) -> str:
        if isinstance(value, Event):  # an event's own text (not a value inside one)
            encoded.append(value)
        return encode(value)

    tablegames.dumps(game.log(1))
    monkeypatch.setattr(jsonwriter, "_any_text", counting)
    grown = len(game.events)
    for _ in range(5):
        step(game, rng)
    added = len(game.events) - grown
    assert added >= 5
    text = tablegames.dumps(game.log(1))
    assert len(encoded) == added
    monkeypatch.undo()
    assert text == text_afresh(afresh(game, 1))


def test_a_log_from_elsewhere_is_encoded_whole() -> None:
    """An equal log built by hand, or loaded from text, has no kept texts and gives the same text."""
    game = tablegames.new_game("american-sniff", seed=2, players=2)
    rng = random.Random(2)
    for _ in range(20):
        step(game, rng)
    mine = game.log(0)
    loaded = tablegames.load_log(tablegames.dumps(mine))
    assert loaded == mine and tablegames.dumps(loaded) == tablegames.dumps(mine) == text_afresh(mine)


def test_the_table_of_kept_texts_forgets_logs_that_are_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the table outgrows its mark, the next log sweeps it: only live logs are left, and live ones are kept."""
    game = tablegames.new_game("american-sniff", seed=3, players=2)
    monkeypatch.setattr(jsonwriter, "_sweep_at", jsonwriter._SWEEP_FLOOR)
    jsonwriter._LOG_TEXTS.clear()  # the other tests' ties: their logs are then written whole, the same text
    first = [game.log(0) for _ in range(jsonwriter._SWEEP_FLOOR + 1)]  # all alive: their ids are distinct
    assert all(id(log) in jsonwriter._LOG_TEXTS for log in first)
    del first
    gc.collect()
    mark = jsonwriter._sweep_at
    second: list[EventLog] = []
    while jsonwriter._sweep_at == mark and len(second) < 10 * mark:  # until the next sweep
        second.append(game.log(1))
    assert jsonwriter._sweep_at != mark
    assert all(ref() is not None for ref, _ in jsonwriter._LOG_TEXTS.values())
    assert len(jsonwriter._LOG_TEXTS) == len(second)


def test_logs_of_games_on_other_threads_meanwhile() -> None:
    """Threads asking for logs of their own games at once (a server's worker threads): no error, every text right."""
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        try:
            game = tablegames.new_game("american-sniff", seed=seed, players=2)
            rng = random.Random(seed)
            for _ in range(60):
                if game.is_over:
                    break
                step(game, rng)
                for _ in range(20):  # many short-lived logs: sweeps happen while other threads add theirs
                    text = tablegames.dumps(game.log(seed % 2))
                assert text == text_afresh(afresh(game, seed % 2))
        except BaseException as exc:
            errors.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []


def test_a_sweep_another_thread_interrupts_is_made_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A walk of the kept texts that another thread's new log interrupts is made again: the dead logs still go."""
    game = tablegames.new_game("american-sniff", seed=3, players=2)

    class Interrupted(dict[int, Any]):
        walks = 0

        def items(self) -> Any:
            Interrupted.walks += 1
            if Interrupted.walks == 1:  # as when another thread adds a log during the first walk
                raise RuntimeError("dictionary changed size during iteration")
            return super().items()

    table = Interrupted()
    monkeypatch.setattr(jsonwriter, "_LOG_TEXTS", table)
    kept = game.log(0)
    gone = [game.log(1) for _ in range(3)]  # alive together (distinct ids), then gone
    del gone
    gc.collect()
    assert len(table) == 4
    jsonwriter._sweep()
    assert Interrupted.walks == 2
    assert list(table) == [id(kept)]
