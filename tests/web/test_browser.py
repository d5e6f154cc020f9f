"""The web page in a real browser: a person plays a whole Sniff hand and part of a Smear hand by clicking.

The server runs with uvicorn on a free local port; headless Chromium (the system's
``/usr/bin/chromium``) drives the page with Playwright. What the page shows (the count, the
scores) is checked against the seat's view fetched from the API. Screenshots go to
``tests/web/artifacts/``.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from tablegames_web.app import create_app

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The web front end served by uvicorn on a free port of 127.0.0.1, in a thread."""
    port = _free_port()
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (the system's), or a skip saying why there is none."""
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: install it (apt-get install chromium) to run the browser test")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page, large enough for the whole table."""
    context = browser.new_context(viewport={"width": 1400, "height": 950})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"the page raised: {errors}"


def _credentials(page: Any) -> tuple[str, str]:
    game, token = page.evaluate("location.hash").lstrip("#").split(":")
    return game, token


def _server_state(base: str, page: Any) -> dict[str, Any]:
    game, token = _credentials(page)
    response = httpx.get(f"{base}/api/games/{game}", params={"token": token}, timeout=30)
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def _start(page: Any, base: str, variant: str, **choices: str) -> None:
    page.goto(base)
    page.select_option("#variant", variant)
    for field, value in choices.items():
        page.fill("#seed", value) if field == "seed" else page.select_option(f"#{field}", value)
    with page.expect_response(lambda r: r.url.endswith("/api/games")):
        page.click("#new-game")
    page.wait_for_function("!document.body.classList.contains('busy') && location.hash.length > 1")


def _click_and_wait(page: Any, selector: str) -> None:
    with page.expect_response(lambda r: "/actions" in r.url) as answer:
        page.locator(selector).first.click()
    assert answer.value.status == 200, answer.value.text()
    page.wait_for_function("!document.body.classList.contains('busy')")


def _check_shown(page: Any, state: dict[str, Any]) -> None:
    """The count (Sniff) and every side's score on the page are the server's."""
    if state["variant"] == "american-sniff":
        assert page.inner_text("#count") == str(state["view"]["count"])
    shown = [int(t) for t in page.locator("#scores .score-num").all_inner_texts()]
    assert shown == state["view"]["scores"] == state["scores"]


def test_person_plays_a_whole_sniff_hand(server: str, page: Any) -> None:
    """Clicking legal tiles (and an end when a tile fits several) plays a whole hand; the page matches the view."""
    _start(page, server, "american-sniff", players="2", bots="greedy", seed="11")
    state = _server_state(server, page)
    assert state["view"]["hand_number"] == 1
    _check_shown(page, state)
    moves = 0
    while state["view"]["hand_number"] == 1 and not state["is_over"]:
        assert state["current_player"] == state["seat"]
        legal = page.locator("#hand .piece.legal:not([disabled])")
        assert legal.count() == len({a["tile"] for a in state["legal_actions"]}) > 0
        assert page.locator("#hand .piece").count() == len(state["view"]["hand"])
        assert page.locator("#hand .piece[disabled]").count() == len(state["view"]["hand"]) - legal.count()
        if page.locator(".end-choice").count():
            _click_and_wait(page, ".end-choice")
        else:
            tile = legal.first.get_attribute("data-tile")
            ends = {a["end"] for a in state["legal_actions"] if a["tile"] == tile}
            if len(ends) > 1:
                legal.first.click()
                assert page.locator(".end-choice").count() == len(ends)
                assert page.locator("#layout .end-target").count() == len(ends)
                _click_and_wait(page, ".end-choice")
            else:
                _click_and_wait(page, "#hand .piece.legal:not([disabled])")
        moves += 1
        state = _server_state(server, page)
        _check_shown(page, state)
        if moves == 3:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "sniff-mid-hand.png"), full_page=True)
        assert moves < 60, "the hand did not end"
    assert moves > 0
    log_lines = page.locator("#log li").all_inner_texts()
    assert any("hand 1 ends" in line for line in log_lines)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "sniff-after-hand.png"), full_page=True)


def test_person_bids_discards_and_plays_smear(server: str, page: Any) -> None:
    """Smear through the page: bid or pass, discard the chosen cards, play legal cards; a screenshot mid-hand."""
    _start(page, server, "four-point-smear", seen_undealt="2", bots="greedy", seed="3")
    state = _server_state(server, page)
    plays = 0
    steps = 0
    shot = False
    while (plays < 3 or not shot) and plays < 6 and not state["is_over"]:
        steps += 1
        assert steps < 40, "the person was never asked to play a card"
        kinds = {a["type"] for a in state["legal_actions"]}
        _check_shown(page, state)
        if "bid" in kinds or "pass" in kinds:
            shown = page.locator("#actions .action-btn").count()
            assert shown == len(state["legal_actions"])
            _click_and_wait(page, "#actions .action-btn[data-type=bid]" if "bid" in kinds else "[data-type=pass]")
        elif "discard" in kinds:
            wanted = state["legal_actions"][0]["cards"]
            assert page.locator("#actions [data-type=discard]").is_disabled()
            for card in wanted:
                page.click(f'#hand .piece[data-card="{card}"]')
            _click_and_wait(page, "#actions [data-type=discard]")
        else:
            assert kinds == {"play"}
            playable = {a["card"] for a in state["legal_actions"]}
            enabled = page.locator("#hand .piece.legal:not([disabled])")
            assert {enabled.nth(i).get_attribute("data-card") for i in range(enabled.count())} == playable
            trick = page.locator("#trick .slot").count()
            assert trick == len(state["view"]["trick"])
            if not shot and (trick or plays == 5):
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "smear-mid-hand.png"), full_page=True)
                shot = True
            _click_and_wait(page, "#hand .piece.legal:not([disabled])")
            plays += 1
        state = _server_state(server, page)
    assert plays >= 3 or state["is_over"]
    assert shot or state["is_over"]
