"""`simulate --resume` reads its --out file with the strict JSON reader: a line with a key twice is no line of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablegames.cli.errors import CommandError
from tablegames.cli.simulate import MatchResult, MatchTask, first_seed, read_done

_LINE = {
    "game": 0,
    "seed": 5,
    "bots": ["greedy", "random"],
    "sides": [0, 1],
    "winner": 0,
    "scores": [250, 100],
    "hands": 4,
    "decisions": 60,
}
"""One line of an --out file, as simulate writes it (read back, its timing is not needed)."""
_TASK = MatchTask(index=0, variant="american-sniff", options={}, seed=5, bots=("greedy", "random"))


def _write(path: Path, line: str) -> str:
    path.write_text(line + "\n")
    return str(path)


def test_a_written_line_is_read(tmp_path: Path) -> None:
    """The line as simulate writes it is read back as its result, and its seed is the run's."""
    path = _write(tmp_path / "out.jsonl", json.dumps(_LINE, separators=(",", ":")))
    assert read_done(path, [_TASK]) == [MatchResult.from_json(_LINE)]
    assert first_seed(path) == 5


@pytest.mark.parametrize("line", ['{"seed":4,' + json.dumps(_LINE)[1:], json.dumps(_LINE)[:-1] + ',"seed":4}'])
def test_a_line_with_a_key_twice_is_refused(tmp_path: Path, line: str) -> None:
    """json.loads would read one of the two seeds and go on; the line is refused as no line of the file."""
    path = _write(tmp_path / "out.jsonl", line)
    with pytest.raises(CommandError, match="line 1: not a line of a simulate --out file"):
        read_done(path, [_TASK])
    with pytest.raises(CommandError, match="line 1: not a line of a simulate --out file"):
        first_seed(path)


@pytest.mark.parametrize("bad", ["NaN", '"\\ud800"'])
def test_a_line_with_nan_or_a_lone_surrogate_is_refused(tmp_path: Path, bad: str) -> None:
    """Not JSON the library reads: refused as no line of the file, never a crash later."""
    path = _write(tmp_path / "out.jsonl", json.dumps(_LINE)[:-1] + f', "note": {bad}}}')
    with pytest.raises(CommandError, match="not a line of a simulate --out file"):
        first_seed(path)
