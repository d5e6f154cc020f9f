"""A variant's own drawing for the page: found in its package, named by ``/api/variants``, served same-origin."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import tablegames
from tablegames.core.errors import TableGamesError
from tablegames.schema import schema_for
from tablegames.server.app import ServerConfig, create_app
from tablegames.server.drawing import PAGE_FILE, page_script
from tablegames.server.storage import SqliteStore

BUILT_IN: dict[str, Path] = {
    "american-sniff": Path(tablegames.__file__).parent / "variants" / "sniff" / PAGE_FILE,
    "four-point-smear": Path(tablegames.__file__).parent / "variants" / "smear" / PAGE_FILE,
}
"""The variants that ship their own drawing, and its file."""


@pytest.fixture
def client() -> Iterator[TestClient]:
    """The server over an in-memory store, with its page."""
    with TestClient(create_app(SqliteStore(":memory:"), ServerConfig(allowed_hosts=("*",)))) as client:
        yield client


def test_each_variant_names_its_drawing_or_none(client: TestClient) -> None:
    """``/api/variants`` gives each variant's view schema and the address of its drawing (null: the generic table)."""
    listed = {v["name"]: v for v in client.get("/api/variants").json()["variants"]}
    assert set(listed) == set(tablegames.variant_names())
    for name, entry in listed.items():
        assert entry["view_schema"] == schema_for(name, "view")
        assert entry["page_script"] == (f"api/variants/{name}/page.js" if name in BUILT_IN else None)


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_a_drawing_is_served_as_a_script_of_the_same_origin(client: TestClient, name: str) -> None:
    """The file the package ships, as JavaScript, under the page's security headers (nothing inline needed)."""
    response = client.get(f"/api/variants/{name}/page.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.content == BUILT_IN[name].read_bytes()
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "export default function" in response.text and "eval(" not in response.text


@pytest.mark.parametrize("name", ["all-fives", "no-such-game"])
def test_no_drawing_is_404(client: TestClient, name: str) -> None:
    """A variant that ships no drawing (the generic table draws it), or no variant at all: 404 with a reason."""
    response = client.get(f"/api/variants/{name}/page.js")
    assert response.status_code == 404
    assert response.json()["error"] == "NotFound"
    assert name in response.json()["message"]


def test_every_built_in_drawing_ships_in_the_wheel() -> None:
    """The built-ins' drawings are package data (``variants/*/page.js``), as their rules pages are."""
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert '"variants/*/page.js"' in text
    for name, path in BUILT_IN.items():
        found = page_script(tablegames.get_variant(name))
        assert found is not None and Path(str(found)) == path


@pytest.fixture
def package(tmp_path: Path) -> Iterator[Path]:
    """A package ``drawn_variant`` in a temporary folder on ``sys.path``, for variants defined in it."""
    root = tmp_path / "drawn_variant"
    (root / "drawing").mkdir(parents=True)
    (root / "drawing" / "table.js").write_text("export default function (kit) { return { table() {} }; }\n")
    sys.path.insert(0, str(tmp_path))
    yield root
    sys.path.remove(str(tmp_path))
    for module in [m for m in sys.modules if m == "drawn_variant" or m.startswith("drawn_variant.")]:
        del sys.modules[module]


def _variant(package: Path, body: str) -> type[tablegames.Game]:
    """A subclass of All Fives defined in ``drawn_variant.game`` with ``body`` as its class body."""
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text(
        "from typing import ClassVar\n"
        "import tablegames\n\n"
        "class Drawn(tablegames.get_variant('all-fives')):  # type: ignore[misc,valid-type]\n"
        + textwrap.indent(body, "    ")
        + "\n"
    )
    importlib.invalidate_caches()
    cls: type[tablegames.Game] = importlib.import_module("drawn_variant.game").Drawn
    return cls


def test_a_declared_drawing_is_found_in_the_variants_package(package: Path) -> None:
    """``page_script`` names a file inside the package of the variant's module, at any depth."""
    found = page_script(_variant(package, 'page_script: ClassVar[str | None] = "drawing/table.js"'))
    assert found is not None and Path(str(found)) == package / "drawing" / "table.js"


def test_the_default_drawing_is_page_js_if_shipped(package: Path) -> None:
    """Without ``page_script``, the package's ``page.js`` is the drawing, and no file means the generic table."""
    cls = _variant(package, "pass")
    assert page_script(cls) is None
    (package / PAGE_FILE).write_text("export default function (kit) { return { table() {} }; }\n")
    found = page_script(cls)
    assert found is not None and Path(str(found)) == package / PAGE_FILE


def test_none_asks_for_the_generic_table(package: Path) -> None:
    """``page_script = None`` gives no drawing even where the package ships a ``page.js``."""
    (package / PAGE_FILE).write_text("export default function (kit) { return { table() {} }; }\n")
    assert page_script(_variant(package, "page_script: ClassVar[str | None] = None")) is None


@pytest.mark.parametrize(
    ("declared", "says"),
    [
        ('"../outside.js"', "must be the path of a .js file"),
        ('"/etc/table.js"', "must be the path of a .js file"),
        ('"drawing/table.css"', "must be the path of a .js file"),
        ("3", "must be the path of a .js file"),
        ('"drawing/missing.js"', "does not ship"),
    ],
)
def test_a_bad_declaration_is_one_clear_error(package: Path, declared: str, says: str) -> None:
    """A path outside the package, not JavaScript, not a string, or not shipped: TableGamesError naming it."""
    cls = _variant(package, f"page_script: ClassVar[object] = {declared}")
    with pytest.raises(TableGamesError, match=r"Drawn\.page_script") as info:
        page_script(cls)
    assert says in str(info.value)
