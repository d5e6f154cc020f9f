"""How much of each example plug-in repeats the built-in variants, line for line.

For each package under ``examples/*/src/``, counts its non-blank lines (leading and trailing
whitespace stripped) and how many of them occur, identically, in some file under
``src/tablegames/variants/``. An example built on the shared machinery repeats little: what is
left in common is mostly punctuation and boilerplate (``)``, ``\"\"\"``, ``@attrs.frozen``), which
the ``short`` column counts apart (shared lines of at most ``--short`` characters).

    .venv/bin/python tools/shared_lines.py [--files] [--short 16]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
VARIANTS: Final = ROOT / "src" / "tablegames" / "variants"


def _lines(path: Path) -> list[str]:
    return [s for s in (line.strip() for line in path.read_text(encoding="utf-8").splitlines()) if s]


def variant_lines() -> frozenset[str]:
    """Every distinct non-blank line of the built-in variants, stripped."""
    return frozenset(line for path in sorted(VARIANTS.rglob("*.py")) for line in _lines(path))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--files", action="store_true", help="also print each file's figures")
    parser.add_argument("--short", type=int, default=16, help="the longest line counted as short (default 16)")
    args = parser.parse_args(argv)
    known = variant_lines()
    print(f"{'example':28} {'lines':>6} {'shared':>7} {'share':>6} {'short':>6} {'long':>6}")
    for src in sorted(ROOT.glob("examples/*/src")):
        total = shared = short = 0
        for path in sorted(src.rglob("*.py")):
            lines = _lines(path)
            same = [line for line in lines if line in known]
            few = sum(len(line) <= args.short for line in same)
            total, shared, short = total + len(lines), shared + len(same), short + few
            if args.files:
                name = str(path.relative_to(src))
                print(f"  {name:26} {len(lines):6} {len(same):7} {100 * len(same) / max(len(lines), 1):5.1f}%")
        name = src.parent.name
        long = shared - short
        print(f"{name:28} {total:6} {shared:7} {100 * shared / max(total, 1):5.1f}% {short:6} {long:6}")


if __name__ == "__main__":
    main()
