"""Mutation testing of the rules and mechanics modules, each against its own tests (mutmut).

For every target below, a copy of ``src/``, ``tests/`` and ``pyproject.toml`` is made under
``.mutation/<name>/`` with a ``[tool.mutmut]`` section that mutates that one module and runs
only its own tests (under the ``ci`` Hypothesis profile, so each run sees the same examples).
mutmut runs there; the survivors are then compared with ``tools/mutation_equivalents.json``,
the mutants reviewed by hand as equivalent (no behaviour a test could see changes), and the
score is killed / (mutants - equivalent). Not part of ``make test``: it takes many minutes.

    .venv/bin/python tools/mutation.py [NAME ...] [--keep]

It prints a table, writes ``.mutation/report.json``, and lists each survivor that is not a
known equivalent with its diff, for a test to be written. It exits 1 if any target scores
below ``--floor`` (98 by default).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent
WORK: Final = ROOT / ".mutation"
EQUIVALENTS: Final = ROOT / "tools" / "mutation_equivalents.json"
MUTMUT: Final = Path(sys.executable).parent / "mutmut"

TARGETS: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "sniff-rules": ("src/tablegames/variants/sniff/rules.py", ("tests/variants/sniff",)),
    "smear-rules": ("src/tablegames/variants/smear/rules.py", ("tests/variants/smear",)),
    "line": ("src/tablegames/mechanics/line.py", ("tests/mechanics/test_line.py",)),
    "tricks": ("src/tablegames/mechanics/tricks.py", ("tests/mechanics/test_tricks.py",)),
    "bidding": ("src/tablegames/mechanics/bidding.py", ("tests/mechanics/test_bidding.py",)),
}
"""Each target's name: the module mutated and its own tests."""

_RESULT: Final = re.compile(r"^\s*(\S+__mutmut_\d+): (\S.*)$")
_KILLED: Final = frozenset({"killed", "timeout", "segfault"})


def _config(module: str, tests: tuple[str, ...]) -> str:
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"only_mutate = [{json.dumps(module)}]\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(list(tests))}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x"]\n'
    )


def _prepare(name: str, module: str, tests: tuple[str, ...]) -> Path:
    where = WORK / name
    if where.exists():
        shutil.rmtree(where)
    where.mkdir(parents=True)
    for folder in ("src", "tests"):
        shutil.copytree(ROOT / folder, where / folder, ignore=shutil.ignore_patterns("__pycache__", "artifacts"))
    text = (ROOT / "pyproject.toml").read_text()
    (where / "pyproject.toml").write_text(text + _config(module, tests))
    return where


def _diff(where: Path, mutant: str) -> str:
    shown = subprocess.run([str(MUTMUT), "show", mutant], cwd=where, capture_output=True, text=True, check=False)
    lines = [
        line
        for line in shown.stdout.splitlines()
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    return "\n".join(lines)


def _function(mutant: str) -> str:
    name = mutant.rsplit(".", 1)[-1].split("__mutmut_", maxsplit=1)[0]
    return name.removeprefix("x_").removeprefix("xǁ").replace("ǁ", ".")


def run_target(name: str, equivalents: list[dict[str, str]]) -> dict[str, Any]:
    """Run mutmut on one target and classify every mutant."""
    module, tests = TARGETS[name]
    where = _prepare(name, module, tests)
    env = {**os.environ, "CI": "true", "HYPOTHESIS_PROFILE": "ci"}
    subprocess.run([str(MUTMUT), "run"], cwd=where, env=env, capture_output=True, text=True, check=False)
    listed = subprocess.run(
        [str(MUTMUT), "results", "--all", "true"], cwd=where, capture_output=True, text=True, check=False
    ).stdout
    statuses = {m.group(1): m.group(2).strip() for line in listed.splitlines() if (m := _RESULT.match(line))}
    known = [e for e in equivalents if e["module"] == module]
    survivors, equivalent, other = [], [], []
    for mutant, status in sorted(statuses.items()):
        if status in _KILLED:
            continue
        diff = _diff(where, mutant)
        added = "\n".join(line[1:].strip() for line in diff.splitlines() if line.startswith("+"))
        function = _function(mutant)
        match = next((e for e in known if e["function"] == function and e["mutated"] == added), None)
        entry = {"mutant": mutant, "status": status, "function": function, "diff": diff}
        if match is not None and status == "survived":
            equivalent.append({**entry, "why": match["why"]})
        elif status == "survived":
            survivors.append(entry)
        else:
            other.append(entry)
    total = len(statuses)
    killed = sum(1 for s in statuses.values() if s in _KILLED)
    scored = total - len(equivalent)
    return {
        "module": module,
        "tests": list(tests),
        "mutants": total,
        "killed": killed,
        "equivalent": len(equivalent),
        "survived": len(survivors),
        "other": other,
        "score": round(100 * killed / scored, 1) if scored else 100.0,
        "survivors": survivors,
        "equivalents": equivalent,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"targets (default: all: {', '.join(TARGETS)})")
    parser.add_argument("--floor", type=float, default=98.0, help="the lowest acceptable score, in percent")
    parser.add_argument("--keep", action="store_true", help="keep the .mutation/<name> copies")
    args = parser.parse_args()
    names = args.names or list(TARGETS)
    unknown = [n for n in names if n not in TARGETS]
    if unknown:
        parser.error(f"unknown targets {unknown}; the targets are {', '.join(TARGETS)}")
    equivalents = json.loads(EQUIVALENTS.read_text())["equivalents"]
    report = {}
    for name in names:
        print(f"{name}: mutating {TARGETS[name][0]} against {' '.join(TARGETS[name][1])} ...", flush=True)
        report[name] = run_target(name, equivalents)
        if not args.keep:
            shutil.rmtree(WORK / name, ignore_errors=True)
    WORK.mkdir(exist_ok=True)
    (WORK / "report.json").write_text(json.dumps(report, indent=2) + "\n")
    print(f"\n{'target':<13} {'mutants':>7} {'killed':>7} {'equiv.':>7} {'survived':>8} {'other':>6} {'score':>7}")
    for name, row in report.items():
        print(
            f"{name:<13} {row['mutants']:>7} {row['killed']:>7} {row['equivalent']:>7} "
            f"{row['survived']:>8} {len(row['other']):>6} {row['score']:>6.1f}%"
        )
    for name, row in report.items():
        for entry in row["survivors"] + row["other"]:
            print(f"\n{name} {entry['status']}: {entry['mutant']}\n{entry['diff']}")
    return 1 if any(row["score"] < args.floor for row in report.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
