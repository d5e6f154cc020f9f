"""How much of each example plug-in repeats the built-in variants, line for line and block by block.

For each package under ``examples/*/src/``, two figures against the files under
``src/tablegames/variants/``:

``share``
    Identical lines: the example's non-blank lines (leading and trailing whitespace stripped)
    that occur, identically, anywhere in a built-in variant. This counts every line two Python
    files on the same library have in common whether copied or not: imports of the same names,
    the signatures of the same hooks, ``)`` and ``\"\"\"``, the docstring of a field both games
    have. The ``short`` column counts apart the shared lines of at most ``--short`` characters.
``copied``
    Copied blocks, the measure of copy-and-paste detectors (pylint's ``similarities`` checker,
    with its defaults): lines that lie in a run of at least ``--block`` (4) consecutive code
    lines found, in the same order, in one built-in variant's file, where comments,
    docstrings, imports and function signatures are left out before comparing. Both figures
    are over all the example's non-blank lines.

    .venv/bin/python tools/shared_lines.py [--files] [--short 16] [--block 4]
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
VARIANTS: Final = ROOT / "src" / "tablegames" / "variants"


def _lines(path: Path) -> list[str]:
    return [s for s in (line.strip() for line in path.read_text(encoding="utf-8").splitlines()) if s]


def variant_lines() -> frozenset[str]:
    """Every distinct non-blank line of the built-in variants, stripped."""
    return frozenset(line for path in sorted(VARIANTS.rglob("*.py")) for line in _lines(path))


def code_lines(path: Path) -> list[str]:
    """The file's code lines, stripped, in order: no blank lines, comments, docstrings, imports or signatures.

    A docstring is any statement that is only a string (module, class, function and attribute
    docstrings); a signature runs from a function's ``def`` (or first decorator) to the line
    before its body.
    """
    text = path.read_text(encoding="utf-8")
    skip: set[int] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import | ast.ImportFrom) or (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        ):
            skip.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            skip.update(range(first, node.body[0].lineno))
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and number not in skip and not stripped.startswith("#"):
            out.append(stripped)
    return out


def variant_blocks(size: int) -> frozenset[tuple[str, ...]]:
    """Every run of ``size`` consecutive code lines of one built-in variant's file."""
    blocks: set[tuple[str, ...]] = set()
    for path in sorted(VARIANTS.rglob("*.py")):
        lines = code_lines(path)
        blocks.update(tuple(lines[i : i + size]) for i in range(len(lines) - size + 1))
    return frozenset(blocks)


def copied_lines(path: Path, blocks: frozenset[tuple[str, ...]], size: int) -> int:
    """How many of the file's code lines lie in a run of ``size`` found in ``blocks``."""
    lines = code_lines(path)
    marked = [False] * len(lines)
    for i in range(len(lines) - size + 1):
        if tuple(lines[i : i + size]) in blocks:
            marked[i : i + size] = [True] * size
    return sum(marked)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--files", action="store_true", help="also print each file's figures")
    parser.add_argument("--short", type=int, default=16, help="the longest line counted as short (default 16)")
    parser.add_argument("--block", type=int, default=4, help="the shortest run counted as copied (default 4)")
    args = parser.parse_args(argv)
    known = variant_lines()
    blocks = variant_blocks(args.block)
    print(f"{'example':28} {'lines':>6} {'shared':>7} {'share':>6} {'short':>6} {'long':>6} {'copied':>7}")
    for src in sorted(ROOT.glob("examples/*/src")):
        total = shared = short = copied = 0
        for path in sorted(src.rglob("*.py")):
            lines = _lines(path)
            same = [line for line in lines if line in known]
            few = sum(len(line) <= args.short for line in same)
            block = copied_lines(path, blocks, args.block)
            total, shared, short, copied = total + len(lines), shared + len(same), short + few, copied + block
            if args.files:
                name = str(path.relative_to(src))
                print(
                    f"  {name:26} {len(lines):6} {len(same):7} {100 * len(same) / max(len(lines), 1):5.1f}%"
                    f" {few:6} {len(same) - few:6} {100 * block / max(len(lines), 1):6.1f}%"
                )
        name = src.parent.name
        print(
            f"{name:28} {total:6} {shared:7} {100 * shared / max(total, 1):5.1f}% {short:6} {shared - short:6}"
            f" {100 * copied / max(total, 1):6.1f}%"
        )


if __name__ == "__main__":
    main()
