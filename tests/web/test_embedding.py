"""The embedding example (examples/web): the game server mounted under ``/tables/`` of a site of its own."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient
from tablegames_web.app import create_app


def _client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "tables.db")), base_url="http://127.0.0.1")


def test_the_site_keeps_its_own_routes_and_the_tables_live_under_a_path(tmp_path: Path) -> None:
    """``/`` is the site's page; ``/tables/`` is the server's page, whose files and API resolve under the mount."""
    client = _client(tmp_path)
    home = client.get("/")
    assert home.status_code == 200 and 'href="tables/"' in home.text
    page = client.get("/tables/")
    assert page.status_code == 200
    assert "content-security-policy" in page.headers
    files = re.findall(r'(?:href|src)="([^"]+)"', page.text)
    assert files and all(not f.startswith("/") for f in files)  # relative: the page works under any mount path
    for name in files:
        assert client.get(f"/tables/{name}").status_code == 200, name
    script = client.get("/tables/static/app.js").text
    assert '"/api/' not in script and "`/api/" not in script
    assert client.get("/tables/api/variants").json()["variants"]


def test_a_game_is_played_under_the_mount(tmp_path: Path) -> None:
    """A game created at ``/tables/api/games`` is kept in the site's database and played with its seat's token."""
    client = _client(tmp_path)
    created = client.post("/tables/api/games", json={"variant": "american-sniff", "options": {"players": 2}})
    assert created.status_code == 201, created.text
    game = created.json()
    auth = {"Authorization": f"Bearer {game['token']}"}
    state = client.get(f"/tables/api/games/{game['game']}", headers=auth).json()
    answer = client.post(
        f"/tables/api/games/{game['game']}/actions",
        json={"action": state["legal_actions"][0], "version": state["version"]},
        headers=auth,
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["version"] > state["version"]
    again = _client(tmp_path)  # the same database, a new process's app: the game is still there
    assert again.get(f"/tables/api/games/{game['game']}", headers=auth).json()["version"] == answer.json()["version"]
