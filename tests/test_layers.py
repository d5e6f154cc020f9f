"""The layers point down only: every import under src/ and the examples, against one table.

The table :data:`ALLOWED` says which layers of tablegames each layer may import (DESIGN.md,
"Layers, bottom to top"); :data:`THIRD_PARTY` says which outside distributions it may import
beside the standard library. A layer is a subpackage of ``tablegames`` (``core``, ``bots``,
...) or one of the example packages; an import of the top-level ``tablegames`` package counts
as ``api`` (the names it re-exports). Relative imports are resolved, and
``importlib.import_module`` with a constant name counts as an import.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PLUGINS: tuple[tuple[str, Path], ...] = tuple(
    (path.name, path) for path in sorted(ROOT.glob("examples/*/src/tablegames_*")) if (path / "__init__.py").exists()
)
"""Every example plug-in variant: its package name and folder (``examples/<name>/src/<package>``)."""
_PLUGIN_NAMES = frozenset(name for name, _ in PLUGINS)

ALLOWED: dict[str, frozenset[str]] = {
    # the engine: nothing of tablegames above it, no piece type, no variant
    "core": frozenset(),
    "components": frozenset({"core"}),
    "mechanics": frozenset({"core", "components"}),
    "variants": frozenset({"core", "components", "mechanics"}),
    # the layers that use games: only the core contract (and pieces to draw them)
    "schema": frozenset({"core"}),
    "bots": frozenset({"core"}),
    "testing": frozenset({"core", "bots", "schema"}),
    "cli": frozenset({"core", "components", "bots", "schema", "server"}),
    "api": frozenset({"core", "cli"}),  # tablegames/__init__.py and __main__.py
    # the game server (the ``server`` extra): the public API, bots and schemas
    "server": frozenset({"core", "bots", "schema"}),
    # the environments (the ``rl`` extra): the core contract and the bots (opponents, worlds)
    "rl": frozenset({"core", "bots"}),
    # the array games (the ``jax`` extra): found through the variants' capability; the lockstep
    # plays the reference with the bots and numbers its actions as the environments do
    "jax": frozenset({"core", "bots", "rl"}),
    # the examples: the plug-in variants, and a web site that mounts the game server
    "example-variant": frozenset({"core", "components", "mechanics"}),
    "web": frozenset({"api", "server"}),
}
"""Which layers each layer may import. Change it here when the design changes."""

THIRD_PARTY: dict[str, frozenset[str]] = {
    "core": frozenset({"attrs", "cattrs", "typing_extensions"}),  # typing_extensions: type checking only (core.game)
    "components": frozenset({"attrs", "cattrs"}),
    "mechanics": frozenset({"attrs", "cattrs"}),
    "variants": frozenset({"attrs", "cattrs", "jax", "numpy"}),  # jax: a variant's array game, imported when asked
    "schema": frozenset({"attrs", "cattrs"}),
    "bots": frozenset({"attrs", "cattrs"}),
    # matplotlib: tournament --plot only; ray: simulate --backend ray only; pyarrow: simulate --parquet only
    "cli": frozenset({"attrs", "cattrs", "uvicorn", "matplotlib", "ray", "pyarrow"}),
    "api": frozenset({"attrs", "cattrs"}),
    "server": frozenset({"attrs", "cattrs", "starlette", "uvicorn", "psycopg"}),
    "rl": frozenset({"attrs", "cattrs", "numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"}),
    "testing": frozenset({"attrs", "cattrs", "hypothesis", "pytest", "_pytest"}),
    "jax": frozenset({"attrs", "cattrs", "jax", "numpy", "gymnasium"}),  # gymnasium: the vector environment only
    "example-variant": frozenset({"attrs", "cattrs"}) | _PLUGIN_NAMES,
    "web": frozenset({"attrs", "cattrs", "starlette", "uvicorn", "tablegames_web"}),
}
"""Which outside top-level modules each layer may import beside the standard library: the core
runtime needs attrs and cattrs only; the extras (``testing``, ``web``) bring their own."""

_SOURCES: tuple[tuple[str, Path, str], ...] = (
    ("tablegames", ROOT / "src" / "tablegames", ""),
    *((name, path, "example-variant") for name, path in PLUGINS),
    ("tablegames_web", ROOT / "examples" / "web" / "tablegames_web", "web"),
)

_LAYER_PACKAGES = frozenset(
    p.stem for p in (ROOT / "src" / "tablegames").iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()
) - {"__init__", "__main__"}


def layer_of(module: str) -> str | None:
    """The layer of a module name, ``None`` for a module outside the project."""
    parts = module.split(".")
    if parts[0] == "tablegames":
        if len(parts) == 1 or parts[1] == "__main__":
            return "api"
        return parts[1]
    if parts[0] in _PLUGIN_NAMES:
        return "example-variant"
    if parts[0] == "tablegames_web":
        return "web"
    return None


def imports(source: str, module: str, *, is_package: bool) -> Iterator[tuple[int, str]]:
    """Every module ``source`` (the text of ``module``) imports, with its line."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            yield node.lineno, name
            for alias in node.names:  # "from tablegames import variants" names a layer too
                if name == "tablegames" and alias.name in _LAYER_PACKAGES:
                    yield node.lineno, f"{name}.{alias.name}"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Attribute, ast.Name))
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, node.args[0].value


def violations(source: str, module: str, *, is_package: bool, layer: str) -> list[str]:
    """What is wrong with the imports of ``module`` (in ``layer``): one line per bad arrow."""
    bad = []
    for line, name in imports(source, module, is_package=is_package):
        target = layer_of(name)
        top = name.split(".")[0]
        if target is not None:
            if target != layer and target not in ALLOWED[layer]:
                bad.append(f"{module}:{line}: {layer} imports {name} ({target})")
        elif top not in sys.stdlib_module_names and top not in THIRD_PARTY[layer] and top != "__future__":
            bad.append(f"{module}:{line}: {layer} imports the outside module {name}")
    return bad


def _modules() -> Iterator[tuple[str, str, bool, str]]:
    for package, folder, fixed_layer in _SOURCES:
        for path in sorted(folder.rglob("*.py")):
            rel = path.relative_to(folder).with_suffix("").parts
            is_package = rel[-1] == "__init__"
            parts = rel[:-1] if is_package else rel
            module = ".".join((package, *parts))
            layer = fixed_layer or layer_of(module)
            assert layer is not None
            yield module, path.read_text(), is_package, layer


def test_every_layer_is_in_the_tables() -> None:
    """A new subpackage of tablegames must be given its arrows before it can be imported."""
    layers = {layer for _, _, _, layer in _modules()}
    assert layers <= set(ALLOWED), sorted(layers - set(ALLOWED))
    assert set(ALLOWED) == set(THIRD_PARTY)
    assert {"core", "components", "mechanics", "variants", "bots", "cli", "testing", "web"} <= layers
    assert {"tablegames_all_fives", "tablegames_auction_pitch"} <= _PLUGIN_NAMES, "the plug-ins are found"


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_the_arrows_point_down_only(layer: str) -> None:
    """Every import of every module of ``layer`` is allowed by the tables."""
    found = [m for m in _modules() if m[3] == layer]
    assert found, f"no module of layer {layer}"
    bad = [
        v
        for module, source, is_package, lay in found
        for v in violations(source, module, is_package=is_package, layer=lay)
    ]
    assert not bad, "\n".join(bad)


def test_no_layer_above_the_variants_names_a_variant_module() -> None:
    """Not even in a docstring or a doctest: the layers that use games speak of the contract only.

    The one exception is the published entry-point group, ``"tablegames.variants"``, which the
    registry reads.
    """
    bad = []
    for module, source, _, layer in _modules():
        if layer in ("variants", "example-variant"):
            continue
        for number, line in enumerate(source.splitlines(), 1):
            if "tablegames.variants." in line or any(name in line for name in _PLUGIN_NAMES):
                bad.append(f"{module}:{number}: {line.strip()}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    ("module", "layer", "source", "expected"),
    [
        (
            "tablegames.bots.x",
            "bots",
            "from tablegames.variants.sniff import Sniff\n",
            "bots imports tablegames.variants",
        ),
        ("tablegames.bots.x", "bots", "from ..variants import sniff\n", "bots imports tablegames.variants"),
        ("tablegames.bots.x", "bots", "from tablegames import variants\n", "tablegames.variants"),
        ("tablegames.core.x", "core", "import tablegames.components.tiles\n", "core imports tablegames.components"),
        ("tablegames.core.x", "core", "from . import game\nimport numpy\n", "the outside module numpy"),
        ("tablegames.components.x", "components", "from tablegames.mechanics import line\n", "mechanics"),
        ("tablegames.cli.x", "cli", "importlib.import_module('tablegames.variants.smear')\n", "tablegames.variants"),
        ("tablegames_web.app", "web", "from tablegames.cli.render import tally\n", "web imports tablegames.cli"),
    ],
)
def test_the_check_catches_a_bad_arrow(module: str, layer: str, source: str, expected: str) -> None:
    """A planted wrong import is reported (the check can fail)."""
    found = violations(source, module, is_package=False, layer=layer)
    assert any(expected in v for v in found), found


def test_the_check_lets_good_arrows_through() -> None:
    """Allowed imports, relative ones included, are not reported."""
    source = "from . import game\nfrom ..components.tiles import Tile\nimport attrs\nimport random\n"
    assert violations(source, "tablegames.mechanics.line", is_package=False, layer="mechanics") == []
