"""The web page in a real browser: a person plays Sniff, Smear and the plug-ins All Fives and Auction Pitch by clicking.

The server runs with uvicorn on a free local port; headless Chromium (the system's
``/usr/bin/chromium``) drives the page with Playwright. What the page shows (the count, the
scores; for the plug-ins, drawn by the generic table, the hand, the turn, the table's facts and
the action buttons) is checked against the seat's state fetched from the API. Screenshots go to
``tests/web/artifacts/``.
"""

from __future__ import annotations

import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import httpx
import pytest
import uvicorn
from tablegames_web.app import create_app

import tablegames

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
        if field in ("seed", "target"):
            page.fill(f"#{field}", value)
        else:
            page.select_option(f"#{field}", value)
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


# -- any variant: the form from the schemas, the generic table --------------------------------

WAIT_MS: Final = 30_000
"""The longest any single wait on the page may take, in milliseconds."""
SHOWN_ELSEWHERE: Final = frozenset(
    {"seat", "hand", "hand_number", "hand_sizes", "scores", "current_player", "legal_actions", "winner"}
)
"""View fields the generic table shows outside its list of facts (hand, seats, scores, status, buttons)."""
TILE_TEXT: Final = re.compile(r"\d{1,2}-\d{1,2}")
"""A tile's notation."""


def _variants(base: str) -> dict[str, dict[str, Any]]:
    response = httpx.get(f"{base}/api/variants", timeout=30)
    assert response.status_code == 200, response.text
    return {v["name"]: v for v in response.json()["variants"]}


def _options_of(entry: dict[str, Any]) -> dict[str, Any]:
    """The property schemas of a variant's options (the one object its options schema refers to)."""
    schema = entry["options_schema"]
    name = schema["$ref"].rsplit("/", 1)[1]
    properties: dict[str, Any] = schema["$defs"][name]["properties"]
    return properties


def _option_texts(page: Any, selector: str) -> list[str]:
    texts: list[str] = page.locator(f"{selector} option").all_inner_texts()
    return texts


def test_the_form_is_built_from_each_variants_options_schema(server: str, page: Any) -> None:
    """Every variant's menu entry and option fields come from /api/variants: types, bounds, defaults, seats, bots."""
    variants = _variants(server)
    page.goto(server)
    page.wait_for_selector("#variant option[value='auction-pitch']", state="attached", timeout=WAIT_MS)
    assert _option_texts(page, "#variant") == list(variants)
    for name, entry in variants.items():
        page.select_option("#variant", name)
        assert page.inner_text("#variant-summary") == entry["summary"]
        assert _option_texts(page, "#bots") == entry["bots"]
        fields = page.locator("#options label")
        assert fields.count() == len(_options_of(entry))
        for option, prop in _options_of(entry).items():
            field = f"#options [name={option}]"
            if prop.get("enum"):
                assert _option_texts(page, field) == [str(v) for v in prop["enum"]]
                assert page.input_value(field) == str(prop["default"])
            elif prop["type"] == "boolean":
                assert page.get_attribute(field, "type") == "checkbox"
                assert page.is_checked(field) is prop["default"]
            elif prop["maximum"] - prop["minimum"] <= 12:
                expected = [str(v) for v in range(prop["minimum"], prop["maximum"] + 1)]
                assert [t for t in _option_texts(page, field) if t != "default"] == expected
                assert page.input_value(field) == str(prop.get("default", ""))
            else:
                assert page.get_attribute(field, "type") == "number"
                assert page.get_attribute(field, "min") == str(prop["minimum"])
                assert page.get_attribute(field, "max") == str(prop["maximum"])
                assert page.input_value(field) == str(prop.get("default", ""))
        players = _options_of(entry).get("players", {}).get("default", entry["max_players"])
        assert _option_texts(page, "#seat") == [str(s) for s in range(players)]
    page.select_option("#variant", "all-fives")
    page.select_option("#players", "4")
    assert _option_texts(page, "#seat") == ["0", "1", "2", "3"]


def test_bad_options_get_the_librarys_message_on_the_page(server: str, page: Any) -> None:
    """An option out of range is refused by the library, and the page shows its message and starts no game."""
    with pytest.raises(tablegames.InvalidOptionsError) as info:
        tablegames.new_game("auction-pitch", target=0)
    page.goto(server)
    page.select_option("#variant", "auction-pitch", timeout=WAIT_MS)
    page.fill("#target", "0")
    page.check("#smudge")
    with page.expect_response(lambda r: r.url.endswith("/api/games"), timeout=WAIT_MS) as answer:
        page.click("#new-game")
    assert answer.value.status == 400
    assert answer.value.request.post_data_json["options"] == {"target": 0, "smudge": True}
    page.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
    assert page.inner_text("#error") == str(info.value)
    assert page.evaluate("location.hash") == ""


def _uses(state: dict[str, Any]) -> list[set[str]]:
    """The pieces of the seat's hand that each legal action names."""
    hand = set(state["view"]["hand"])
    return [{v for v in _strings(action) if v in hand} for action in state["legal_actions"]]


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


def _check_generic(page: Any, state: dict[str, Any], pieces: str) -> None:
    """The generic table shows the server's state: the hand as tiles or cards, scores, turn, facts, action labels."""
    view = state["view"]
    assert page.get_attribute("#felt", "data-renderer") == "generic"
    hand = page.locator("#hand .piece")
    assert [hand.nth(i).get_attribute("data-piece") for i in range(hand.count())] == view["hand"]
    if pieces == "tiles":
        assert all(TILE_TEXT.fullmatch(t) for t in view["hand"])
        assert page.locator("#hand .piece.tile svg .domino").count() == len(view["hand"])
    else:
        assert page.locator("#hand .piece .card").count() == len(view["hand"])
        shown = page.locator("#hand .piece .card .corner:not(.br)").all_inner_texts()
        assert [t.split()[0] for t in shown] == [card[:-1] for card in view["hand"]]
    assert [int(t) for t in page.locator("#scores .score-num").all_inner_texts()] == state["scores"]
    turn = page.locator(".seat.turn")
    assert turn.count() == 1 and turn.get_attribute("data-seat") == str(state["current_player"])
    assert page.inner_text("#status").startswith("Your turn.")
    assert page.locator("#actions .action-btn").all_inner_texts() == state["labels"]
    fields = page.locator("#view-fields > dt")
    expected = [key for key in view if key not in SHOWN_ELSEWHERE]
    assert [fields.nth(i).get_attribute("data-field") for i in range(fields.count())] == expected
    for key in expected:
        if isinstance(view[key], int) and not isinstance(view[key], bool):
            assert page.inner_text(f'#view-fields > dd[data-field="{key}"]') == str(view[key])
    assert page.text_content("#hand-number") == f"Hand {view['hand_number']}"


def _act_and_wait(page: Any, selector: str) -> None:
    with page.expect_response(lambda r: "/actions" in r.url, timeout=WAIT_MS) as answer:
        page.locator(selector).click(timeout=WAIT_MS)
    assert answer.value.status == 200, answer.value.text()
    page.wait_for_function("!document.body.classList.contains('busy')", timeout=WAIT_MS)


def _play_generic_hand(server: str, page: Any, variant: str, pieces: str, *, seed: int) -> dict[str, Any]:
    """Play hand 1 of ``variant`` through the generic table, by action buttons and pieces; the last state."""
    _start(page, server, variant, bots="greedy", seed=str(seed))
    state = _server_state(server, page)
    rng = random.Random(seed)
    moves = 0
    by_piece = by_choice = 0
    while state["view"]["hand_number"] == 1 and not state["is_over"]:
        _check_generic(page, state, pieces)
        choice = rng.randrange(len(state["legal_actions"]))
        uses = _uses(state)
        users = [i for i, used in enumerate(uses) if uses[choice] and used == uses[choice]]
        piece = next(iter(uses[choice])) if len(uses[choice]) == 1 else None
        if piece is not None and sum(piece in used for used in uses) == 1:
            _act_and_wait(page, f'#hand .piece[data-piece="{piece}"]')  # the only action using the piece
            by_piece += 1
        elif piece is not None and len(users) > 1:
            page.click(f'#hand .piece[data-piece="{piece}"]', timeout=WAIT_MS)  # picks out its actions
            shown = page.locator("#actions .action-btn")
            assert [int(shown.nth(i).get_attribute("data-index")) for i in range(shown.count())] == users
            _act_and_wait(page, f'#actions .action-btn[data-index="{choice}"]')
            by_choice += 1
        else:
            _act_and_wait(page, f'#actions .action-btn[data-index="{choice}"]')
        moves += 1
        assert moves < 80, "the hand did not end"
        state = _server_state(server, page)
    assert moves > 0 and by_piece > 0
    return state


def _check_hand_scored(page: Any, state: dict[str, Any], end_type: str) -> None:
    """After hand 1, the page shows the hand-end event's line (log and banner) and the server's scores."""
    events = state["log"]["events"]
    line = state["log_text"][next(i for i, e in enumerate(events) if e["type"] == end_type)]
    assert line in page.locator("#log li").all_inner_texts()
    assert line in page.inner_text("#banner") and page.is_visible("#banner")
    assert [int(t) for t in page.locator("#scores .score-num").all_inner_texts()] == state["scores"]
    assert state["scores"] != [0] * len(state["scores"])


def test_person_plays_a_whole_hand_of_all_fives(server: str, page: Any) -> None:
    """All Fives (a plug-in) through the generic table: tiles drawn as dominoes, a whole hand played by clicking."""
    state = _play_generic_hand(server, page, "all-fives", "tiles", seed=5)
    _check_hand_scored(page, state, "hand_ended")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "all-fives-after-hand.png"), full_page=True)


def test_person_plays_a_whole_hand_of_auction_pitch(server: str, page: Any) -> None:
    """Auction Pitch (a plug-in) through the generic table: bids by button, cards drawn as cards, a whole hand."""
    state = _play_generic_hand(server, page, "auction-pitch", "cards", seed=6)
    _check_hand_scored(page, state, "hand_scored")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "auction-pitch-after-hand.png"), full_page=True)


def test_a_reloaded_page_resumes_the_game_with_its_options(server: str, page: Any) -> None:
    """The chosen seat and options reach the server; after a reload the page shows the same game and its options."""
    _start(page, server, "all-fives", players="3", target="100", seat="2", bots="random", seed="9")
    state = _server_state(server, page)
    assert state["seat"] == 2 and state["players"] == 3
    assert state["log"]["options"] == {"players": 3, "target": 100}
    assert state["bots"] == ["random", "random", None]
    page.reload()
    page.wait_for_selector("#view-fields", timeout=WAIT_MS)
    assert page.input_value("#variant") == "all-fives"
    assert (page.input_value("#players"), page.input_value("#target"), page.input_value("#seat")) == ("3", "100", "2")
    _check_generic(page, _server_state(server, page), "tiles")
