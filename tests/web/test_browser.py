"""The server's page in a real browser: a person plays Sniff, Smear, All Fives and Auction Pitch by clicking.

The game server (:mod:`tablegames.server`, over an SQLite file) runs with uvicorn on a free
local port; headless Chromium (the system's ``/usr/bin/chromium``) drives the page with
Playwright. What the page shows (the count, the scores; for the plug-ins, drawn by the generic
table, the hand, the turn, the table's facts and the action buttons) is checked against the
seat's state fetched from the API with the seat's token. Screenshots go to
``tests/web/artifacts/``.
"""

from __future__ import annotations

import random
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import httpx
import pytest
import uvicorn

import tablegames
from tablegames.server.app import ServerConfig, create_app
from tablegames.server.storage import SqliteStore

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


STEP_MS: Final = 15
"""How long the page shows each move of the bots, in these tests (a person sees 450 ms)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The game server and its page, served by uvicorn on a free port of 127.0.0.1, in a thread."""
    port = _free_port()
    store = SqliteStore(str(tmp_path_factory.mktemp("web") / "games.db"))
    app = create_app(
        store, ServerConfig(allow_seed=True, creations_per_minute=1000, actions_per_second=1000.0, actions_burst=1000)
    )
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
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


def _refusal(text: str) -> bool:
    """Whether a console error is the browser noting a refusal the page asked for and shows (a 400 or a 409).

    Every other console error fails the test: a refused inline style or script (the CSP), a
    missing file (404), a script error.
    """
    return re.fullmatch(r"Failed to load resource: the server responded with a status of 4(00|09) .*", text) is not None


def _until(page: Any, done: Callable[[], object]) -> None:
    """Wait up to the tests' wait until ``done()`` holds: for what the test sees outside the page (requests)."""
    for _ in range(WAIT_MS // 50):
        if done():
            return
        page.wait_for_timeout(50)


def _open_page(browser: Any, width: int, height: int) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"window.TABLEGAMES_STEP_MS = {STEP_MS};")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" and not _refusal(msg.text) else None)
    return context, page, errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page, large enough for the whole table; it must raise nothing and log no error."""
    context, page, errors = _open_page(browser, 1400, 950)
    yield page
    context.close()
    assert not errors, f"the page raised: {errors}"


def _credentials(page: Any) -> tuple[str, str]:
    """The game and the seat's token, as the page holds them (the token is in no address)."""
    game, token = page.evaluate("[S.game, S.token]")
    assert page.evaluate("location.hash") == f"#game={game}"
    assert token not in page.evaluate("location.href")
    return game, token


def _server_state(base: str, page: Any) -> dict[str, Any]:
    """The seat's state with every event (since 0), fetched as the seat."""
    game, token = _credentials(page)
    response = httpx.get(
        f"{base}/api/games/{game}", params={"since": 0}, headers={"Authorization": f"Bearer {token}"}, timeout=30
    )
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
    page.wait_for_function(
        "() => !document.body.classList.contains('busy') && location.hash.length > 1", timeout=WAIT_MS
    )


def _click_and_wait(page: Any, selector: str) -> None:
    with page.expect_response(lambda r: "/actions" in r.url) as answer:
        page.locator(selector).first.click()
    assert answer.value.status == 200, answer.value.text()
    page.wait_for_function("() => !document.body.classList.contains('busy')", timeout=WAIT_MS)


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
        assert _option_texts(page, "#bots") == [*entry["bots"], "open seats (people join)"]
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


def _drawn_fields(page: Any) -> set[str]:
    """The view's fields the generic table draws (a trick, a line or rows of dominoes) rather than lists."""
    names: list[str] = page.eval_on_selector_all("#center [data-drawn]", "nodes => nodes.map(n => n.dataset.drawn)")
    return {field for name in names for field in name.split()}


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
    drawn = _drawn_fields(page)
    expected = [key for key in view if key not in SHOWN_ELSEWHERE and key not in drawn]
    assert [fields.nth(i).get_attribute("data-field") for i in range(fields.count())] == expected
    assert drawn <= set(view) - SHOWN_ELSEWHERE  # each field is drawn on the table or listed, once
    for key in expected:
        if isinstance(view[key], int) and not isinstance(view[key], bool):
            assert page.inner_text(f'#view-fields > dd[data-field="{key}"]') == str(view[key])
    assert page.text_content("#hand-number") == f"Hand {view['hand_number']}"


def _act_and_wait(page: Any, selector: str) -> None:
    with page.expect_response(lambda r: "/actions" in r.url, timeout=WAIT_MS) as answer:
        page.locator(selector).click(timeout=WAIT_MS)
    assert answer.value.status == 200, answer.value.text()
    page.wait_for_function("() => !document.body.classList.contains('busy')", timeout=WAIT_MS)


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


def _as_read(page: Any, line: str) -> str:
    """A log line as the page words it for its seat ("You ..."; test_the_log_says_you checks the wording)."""
    text: str = page.evaluate("(line) => youLine(line)", line)
    return text


def _check_hand_scored(page: Any, state: dict[str, Any], end_type: str) -> None:
    """After hand 1, the page shows the hand-end event's line (log and banner) and the server's scores."""
    events = state["events"]
    line = _as_read(page, state["log_text"][next(i for i, e in enumerate(events) if e["type"] == end_type)])
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
    assert state["options"] == {"players": 3, "target": 100}
    assert state["seats"] == ["bot:random", "bot:random", "person"]
    page.reload()
    page.wait_for_selector("#view-fields", timeout=WAIT_MS)
    assert page.input_value("#variant") == "all-fives"
    assert (page.input_value("#players"), page.input_value("#target"), page.input_value("#seat")) == ("3", "100", "2")
    _check_generic(page, _server_state(server, page), "tiles")


# -- the server's page: phones, "You", animation, stale tabs, the lobby, spectators ------------


def _no_overflow(page: Any, width: int) -> None:
    """Nothing on the page is wider than the screen: no horizontal scroll, every seat and piece inside."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for selector in (".seat", "#hand .piece", "#actions button", "#scores .score-row"):
        boxes = page.locator(selector)
        for i in range(boxes.count()):
            box = boxes.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (selector, i, box)


SIX: Final = ("american-sniff", "four-point-smear", "all-fives", "auction-pitch", "euchre", "mexican-train")
"""The variants the project ships: the two built in and the four example plug-ins."""


def _play_into_the_hand(server: str, page: Any) -> dict[str, Any]:
    """A few of the person's moves (a play where there is one, else a bid or call), until pieces lie on the table."""
    state = _server_state(server, page)
    for move in range(8):
        view = state["view"]
        on_table = view.get("trick") or view.get("opening") or any(t["tiles"] for t in view.get("trains") or [])
        if state["is_over"] or (move >= 2 and on_table) or state["current_player"] != state["seat"]:
            break
        legal = state["legal_actions"]
        index = next((i for i, a in enumerate(legal) if a["type"] == "play"), None)
        if index is None:
            index = next((i for i, a in enumerate(legal) if a["type"] != "pass"), 0)
        with page.expect_response(lambda r: "/actions" in r.url, timeout=WAIT_MS):
            page.evaluate("(i) => { send(S.state.legal_actions[i]); }", index)
        page.wait_for_function("() => !document.body.classList.contains('busy')", timeout=WAIT_MS)
        state = _server_state(server, page)
    return state


def _check_drawn(page: Any, state: dict[str, Any], own: bool) -> None:
    """The table shows the seat's state: its drawing, hand, scores, pieces on the table, a control per legal action."""
    view = state["view"]
    assert page.get_attribute("#felt", "data-renderer") == (state["variant"] if own else "generic")
    hand = page.locator("#hand .piece")
    shown = [
        hand.nth(i).get_attribute("data-tile") or hand.nth(i).get_attribute("data-card") for i in range(hand.count())
    ]
    assert shown == view["hand"]
    assert [int(t) for t in page.locator("#scores .score-num").all_inner_texts()] == state["scores"]
    legal_pieces = {p for used in _uses(state) for p in used}
    enabled = page.locator("#hand .piece.legal:not([disabled])")
    assert {enabled.nth(i).get_attribute("data-piece") for i in range(enabled.count())} == legal_pieces
    buttons = page.locator("#actions .action-btn").count()
    if not own:
        assert page.locator("#actions .action-btn").all_inner_texts() == state["labels"]
    elif state["current_player"] == state["seat"]:
        assert buttons or legal_pieces  # every legal action is a piece to click or a button
    if view.get("trick"):
        assert page.locator("#trick .slot").count() == len(view["trick"])
    if view.get("opening"):
        assert page.locator("#layout .domino").count() == 1 + sum(len(a["tiles"]) for a in view["arms"])
    if "trains" in view:
        assert page.locator("#layout .row").count() == len(view["trains"])
        assert page.locator("#layout .domino").count() == sum(len(t["tiles"]) for t in view["trains"])


@pytest.mark.parametrize("variant", SIX)
def test_every_variant_is_drawn_on_a_phone_and_a_laptop(browser: Any, server: str, variant: str) -> None:
    """Each shipped variant, a few moves into a hand, at 390 px (a phone) and 1280 px: its drawing (own or generic)
    shows the hand, the pieces on the table, the scores and the legal actions, with no horizontal scroll and no
    console error; screenshots."""
    own = _variants(server)[variant]["page_script"] is not None
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((390, 844), (1280, 800)):
        context, page, errors = _open_page(browser, width, height)
        try:
            _start(
                page,
                server,
                variant,
                bots="random",
                seed="21",
                **({"players": "4"} if variant == "american-sniff" else {}),
            )
            state = _play_into_the_hand(server, page)
            assert page.locator(".seat").count() == state["players"]
            assert len(state["view"]["hand"]) > 0
            _check_drawn(page, state, own)
            _no_overflow(page, width)
            page.screenshot(path=str(ARTIFACTS / f"{variant}-{width}px.png"), full_page=True)
        finally:
            context.close()
        assert not errors, f"the page raised or logged errors at {width} px: {errors}"


def test_a_drawing_that_fails_gives_way_to_the_generic_table(server: str, page: Any) -> None:
    """A variant's drawing that throws is reported on the page, and the generic table draws that game instead."""
    page.route(
        "**/api/variants/american-sniff/page.js",
        lambda route: route.fulfill(
            content_type="text/javascript", body="export default function () { throw new Error('no table'); }\n"
        ),
    )
    _start(page, server, "american-sniff", players="2", bots="random", seed="11")
    page.wait_for_function(  # the drawing's module loads on its own, after the game is shown
        "() => document.querySelector('#error').innerText.includes('failed')", timeout=WAIT_MS
    )
    assert "the drawing of american-sniff failed (no table)" in page.inner_text("#error")
    state = _server_state(server, page)
    _check_generic(page, state, "tiles")
    _act_and_wait(page, '#actions .action-btn[data-index="0"]')  # and the game goes on from it
    assert _server_state(server, page)["version"] > state["version"]


def test_the_log_says_you_to_the_seat(server: str, page: Any) -> None:
    """The person reads their own seat as "You", with the verb agreeing; other seats keep their numbers."""
    _start(page, server, "four-point-smear", bots="greedy", seed="3")
    assert page.evaluate("S.state.seat") == 0
    cases = {
        "seat 0 plays AH": "You play AH",
        "seat 0 bids 3": "You bid 3",
        "seat 0 passes": "You pass",
        "seat 0 is the bidder at 3": "You are the bidder at 3",
        "seat 0 takes the trick AH 7H (side 0)": "You take the trick AH 7H (side 0)",
        "hand 2 ends: seat 0 dominoes (left: seat 1: 6-6)": "hand 2 ends: you domino (left: seat 1: 6-6)",
        "hand 3, trump hearts: high side 1; seat 0 bid 4 and was set; scores (0, 2)": (
            "hand 3, trump hearts: high side 1; you bid 4 and were set; scores (0, 2)"
        ),
        "seat 1 plays 5-5 on W: count 10": "seat 1 plays 5-5 on W: count 10",
        "seat 10 passes": "seat 10 passes",
        "the deal passes to seat 0": "the deal passes to you",
    }
    assert {line: _as_read(page, line) for line in cases} == cases
    page.wait_for_selector("#log li", timeout=WAIT_MS)  # the log's lines come as the events are shown
    shown = page.locator("#log li").all_inner_texts()
    assert shown and not any(re.search(r"\bseat 0\b", line) for line in shown)


def test_the_bots_moves_play_out_one_by_one(server: str, page: Any) -> None:
    """After the person acts, each bot's move is shown on its own, in order, before the table is drawn."""
    _start(page, server, "american-sniff", players="4", bots="greedy", seed="11")
    page.evaluate(
        """() => {
          window.shownMoves = [];
          new MutationObserver(() => {
            const box = document.getElementById("move");
            if (!box.hidden) window.shownMoves.push(box.textContent);
          }).observe(document.getElementById("move"),
                     { childList: true, attributes: true, characterData: true, subtree: true });
        }"""
    )
    before = _server_state(server, page)
    assert before["current_player"] == before["seat"] == 0
    _click_and_wait(page, "#hand .piece.legal:not([disabled])")
    after = _server_state(server, page)
    new_lines = [_as_read(page, line) for line in after["log_text"][before["version"] :]]
    assert len(new_lines) >= 4  # the person's move and at least one move of each of three bots
    shown = page.evaluate("window.shownMoves")
    assert [line for i, line in enumerate(shown) if i == 0 or shown[i - 1] != line] == new_lines
    assert page.evaluate("S.state.version") == after["version"]


def test_a_stale_tab_gets_the_current_table_and_goes_on(server: str, page: Any) -> None:
    """An action chosen on an old state gets 409 with the current state; the page shows it and plays on."""
    # This tab's event stream is held unanswered, so the move made elsewhere cannot reach it before
    # the click: the tab is stale for sure, not by a race with the stream.
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)  # and never answer it

    page.route("**/events?*", hold)
    _start(page, server, "american-sniff", players="2", bots="greedy", seed="11")
    _until(page, lambda: held)  # the page opens its stream once it shows the game (later on a loaded machine)
    assert held, "the page opened no event stream"
    game, token = _credentials(page)
    state = _server_state(server, page)
    action = state["legal_actions"][0]
    played = httpx.post(  # the same seat acts from elsewhere (another tab): this page is now stale
        f"{server}/api/games/{game}/actions",
        json={"action": action, "version": state["version"]},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    assert played.status_code == 200, played.text
    with page.expect_response(lambda r: "/actions" in r.url, timeout=WAIT_MS) as answer:
        page.locator("#hand .piece.legal:not([disabled])").first.click()
    assert answer.value.status == 409
    assert answer.value.json()["error"] in ("Stale", "IllegalActionError")
    page.wait_for_function("() => !document.body.classList.contains('busy')", timeout=WAIT_MS)
    now = _server_state(server, page)
    assert page.evaluate("S.state.version") == now["version"] > state["version"]
    assert page.is_visible("#note")
    assert page.evaluate("S.lines") == now["log_text"]
    if now["current_player"] == now["seat"]:
        _click_and_wait(page, "#hand .piece.legal:not([disabled])")  # and the game goes on from the page
        assert _server_state(server, page)["version"] > now["version"]


def test_a_second_person_joins_from_the_lobby_and_a_spectator_watches(browser: Any, server: str) -> None:
    """A game with an open seat: a second person joins it from the lobby; a spectator sees what every seat sees."""
    created = httpx.post(
        f"{server}/api/games",
        json={"variant": "american-sniff", "options": {"players": 2}, "seats": ["me", "open"], "seed": 4},
        timeout=30,
    )
    assert created.status_code == 201, created.text
    host = created.json()
    context, page, errors = _open_page(browser, 1280, 800)
    try:
        page.goto(server)
        page.wait_for_selector(f'#lobby li[data-game="{host["game"]}"]', timeout=WAIT_MS)
        with page.expect_response(lambda r: r.url.endswith("/join"), timeout=WAIT_MS) as answer:
            page.click(f'#lobby li[data-game="{host["game"]}"] .join')
        assert answer.value.status == 201
        page.wait_for_function("() => S.state !== null && !document.body.classList.contains('busy')", timeout=WAIT_MS)
        state = _server_state(server, page)
        assert state["seat"] == 1 and state["seats"] == ["person", "person"]
        assert page.locator("#hand .piece").count() == len(state["view"]["hand"])
        # The host moves (through the API); the joined page learns of it from its event stream.
        if state["current_player"] == 0:
            host_state = httpx.get(
                f"{server}/api/games/{host['game']}",
                headers={"Authorization": f"Bearer {host['token']}"},
                timeout=30,
            ).json()
            moved = httpx.post(
                f"{server}/api/games/{host['game']}/actions",
                json={"action": host_state["legal_actions"][0], "version": host_state["version"]},
                headers={"Authorization": f"Bearer {host['token']}"},
                timeout=30,
            )
            assert moved.status_code == 200, moved.text
            page.wait_for_function(f"() => S.state.version === {moved.json()['version']}", timeout=WAIT_MS)
        state = _server_state(server, page)
        assert page.evaluate("S.lines") == state["log_text"]
        assert page.evaluate("S.state.current_player") == state["current_player"] == 1

        watcher = context.new_page()
        watcher.goto(f"{server}/#watch={host['game']}")
        watcher.wait_for_function(
            "() => S.state !== null && !document.body.classList.contains('busy')", timeout=WAIT_MS
        )
        public = httpx.get(f"{server}/api/games/{host['game']}/watch", params={"since": 0}, timeout=30).json()
        assert watcher.evaluate("S.lines") == public["log_text"]
        assert watcher.locator("#hand .piece").count() == 0
        assert "view" not in public and "legal_actions" not in public
        for tile in state["view"]["hand"]:  # the joined seat's tiles are nowhere on the spectator's page
            assert tile not in watcher.inner_text("body")
    finally:
        context.close()
    assert not errors, f"the pages raised or logged errors: {errors}"


def test_a_stream_refused_for_a_limit_is_opened_again_later(browser: Any, server: str) -> None:
    """A stream refused for a limit (429, too many streams) is said, but not for good: the page opens one later."""
    context, page, errors = _open_page(browser, 1280, 800)
    try:
        _start(page, server, "american-sniff", players="2", bots="greedy", seed="11")
        limited: list[str] = []

        def limit(route: Any) -> None:
            if limited:
                route.continue_()
                return
            limited.append(route.request.url)
            body = '{"error": "TooManyRequests", "message": "this client holds too many event streams"}'
            route.fulfill(status=429, content_type="application/json", body=body, headers={"Retry-After": "1"})

        page.route("**/events?*", limit)
        page.evaluate("() => { stopStream(); startStream(); }")
        page.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
        assert limited and "too many event streams" in page.inner_text("#error")
        streams: list[str] = []
        page.on("request", lambda r: streams.append(r.url) if "/events" in r.url else None)
        page.evaluate("() => startStream()")  # as the page's next state would
        page.wait_for_function("() => S.stream !== null", timeout=WAIT_MS)
        _until(page, lambda: streams)
        assert streams, "the page did not ask for the stream again"
    finally:
        context.close()
    assert all("status of 429" in e for e in errors), errors


def test_a_refused_stream_is_said_and_not_tried_again(browser: Any, server: str) -> None:
    """A stream the server refuses (a token it does not take) is reported on the page, and not retried every second."""
    context, page, errors = _open_page(browser, 1280, 800)
    try:
        _start(page, server, "american-sniff", players="2", bots="greedy", seed="11")
        streams: list[str] = []
        page.on("request", lambda r: streams.append(r.url) if "/events" in r.url else None)
        page.evaluate("() => { stopStream(); S.token = 'not-a-token'; startStream(); }")
        page.wait_for_selector("#error:not([hidden])", timeout=WAIT_MS)
        assert "no longer follows the game" in page.inner_text("#error")
        # Nor by any other path that starts a stream (a reconnection timed before the refusal, or
        # the end of an animation, which calls startStream as this does).
        page.evaluate("() => startStream()")
        page.wait_for_timeout(2500)  # a retry would come after one second
        assert len(streams) == 1
    finally:
        context.close()
    assert all("status of 403" in e for e in errors), errors  # the refusal itself, and nothing else
