"""The reference web server: the whole flow, no leaks in any response, and clean refusals.

The server must send a seat only what that seat may see: every piece named anywhere in a
response (view, redacted log, its text, legal actions, new events) must appear in the seat's
own view or redacted log as the library builds them, and neither the full log nor the seed
may appear. Every bad request gets a 4xx with the library's message and leaves the game's
full log exactly as it was.
"""

from __future__ import annotations

import json
import random
import re
import time
import warnings
from collections.abc import Iterator
from typing import Any, ClassVar, Final

import attrs
import pytest
from tablegames_web.app import STATIC, GameStore, Session, _label, create_app, offered_bots

import tablegames
from tablegames.bots import bot_names
from tablegames.schema import schema_for

_HTTPX_NOTE: Final = "Using `httpx` with `starlette.testclient` is deprecated"
"""Newer Starlette prefers another HTTP client for its test client; httpx still works."""

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=_HTTPX_NOTE)
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings(f"ignore:{_HTTPX_NOTE}")

SNIFF: Final = "american-sniff"
SMEAR: Final = "four-point-smear"
PIECE: Final = re.compile(r"(?<![\w-])(?:[0-6]-[0-6]|(?:10|[AKQJ987])[SHDC])(?![\w-])")
"""A tile (``6-4``) or a card (``10H``) inside any text."""
_SKIP_KEYS: Final = frozenset({"game", "token"})
"""Keys whose values are random ids, not game text."""
BUDGET: Final = 12.0
"""Seconds the random-games loop may take."""


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A client of a fresh app."""
    with TestClient(create_app()) as test_client:
        yield test_client


def store_of(client: TestClient) -> GameStore:
    store = client.app.state.store  # type: ignore[attr-defined]
    assert isinstance(store, GameStore)
    return store


def session_of(client: TestClient, created: dict[str, Any]) -> Session:
    return store_of(client).get(created["game"], created["token"])


def pieces_in(data: Any) -> set[str]:
    """Every piece named in any string of parsed JSON ``data`` (keys and values), ids left out."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.update(PIECE.findall(item))
        elif isinstance(item, dict):
            for key, value in item.items():
                stack.append(key)
                if key not in _SKIP_KEYS:
                    stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    return found


def visible_to(game: tablegames.Game, seat: int) -> set[str]:
    """The pieces ``seat`` may know of: those in its own view and redacted log, from the library."""
    return pieces_in(json.loads(tablegames.dumps(game.view(seat)))) | pieces_in(
        json.loads(tablegames.dumps(game.log(seat)))
    )


def assert_no_leak(game: tablegames.Game, seat: int, response: dict[str, Any]) -> None:
    """Nothing in ``response`` is hidden from ``seat``; no seed, no full log."""
    shown = pieces_in(response)
    assert shown <= visible_to(game, seat), f"hidden pieces sent: {sorted(shown - visible_to(game, seat))}"
    state = response.get("state", response)
    assert state["log"]["seat"] == seat
    assert "seed" not in state["log"]
    text = json.dumps(response)
    assert '"seed"' not in text


def create(client: TestClient, **request: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=request)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def act(client: TestClient, created: dict[str, Any], action: Any) -> Any:
    url = f"/api/games/{created['game']}/actions"
    return client.post(url, params={"token": created["token"]}, content=json.dumps(action).encode())


def test_leak_check_catches_a_hidden_piece() -> None:
    """The leak check itself fails on a response holding the full log (so the checks below can fail)."""
    game = tablegames.new_game(SNIFF, seed=4, players=2)
    full = json.loads(tablegames.dumps(game.log()))
    fake = {"log": {**full, "seat": 0}, "view": json.loads(tablegames.dumps(game.view(0)))}
    with pytest.raises(AssertionError, match="hidden pieces"):
        assert_no_leak(game, 0, fake)


def test_whole_sniff_match_through_the_api(client: TestClient) -> None:
    """A person plays a whole Sniff match against a bot: every state is the seat's, and the match ends."""
    created = create(client, variant=SNIFF, options={"players": 2, "target": 60}, seat=1, bots="greedy", seed=8)
    session = session_of(client, created)
    game = session.game
    assert created["seat"] == 1 and created["state"]["bots"] == ["greedy", None]
    state = created["state"]
    rng = random.Random(8)
    moves = 0
    while not state["is_over"]:
        assert state["current_player"] == 1
        assert state["legal_actions"] == json.loads(tablegames.dumps(game.legal_actions()))
        before = len(game.log(1).events)
        choice = rng.choice(state["legal_actions"])
        response = act(client, created, choice)
        assert response.status_code == 200, response.text
        state = response.json()
        assert state["events_from"] == before
        assert state["events"] == json.loads(tablegames.dumps(game.log(1)))["events"][before:]
        first = state["events"][0]
        assert (first["type"], first["seat"]) == ("tile_played", 1)
        assert (first["tile"], first["end"]) == (choice["tile"], choice["end"])
        assert state["view"] == json.loads(tablegames.dumps(game.view(1)))
        assert_no_leak(game, 1, state)
        moves += 1
        assert moves < 2000
    assert game.is_over and state["winner"] == game.winner is not None
    assert state["scores"] == list(game.scores)
    assert state["legal_actions"] == [] and state["current_player"] is None
    shown = client.get(f"/api/games/{created['game']}", params={"token": created["token"]}).json()
    assert shown["winner"] == game.winner and shown["events"] == []


def test_get_returns_the_seats_state_and_events_since(client: TestClient) -> None:
    """GET gives the same state as the last answer, with the events from ``since`` on."""
    created = create(client, variant=SMEAR, options={"seen_undealt": 1}, bots="random", seed=3)
    game = session_of(client, created).game
    shown = client.get(f"/api/games/{created['game']}", params={"token": created["token"], "since": "2"}).json()
    assert shown["view"] == created["state"]["view"]
    assert shown["events"] == json.loads(tablegames.dumps(game.log(0)))["events"][2:]
    assert shown["log_text"] == [game.describe_event(e) for e in game.log(0).events]
    assert_no_leak(game, 0, shown)


def _random_request(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.5:
        players = rng.choice([2, 3, 4])
        return {
            "variant": SNIFF,
            "options": {"players": players, "target": rng.choice([50, 100])},
            "seat": rng.randrange(players),
            "bots": rng.choice(["random", "greedy"]),
            "seed": rng.randrange(10**9),
        }
    return {
        "variant": SMEAR,
        "options": {"seen_undealt": rng.randrange(4), "target": rng.choice([7, 11])},
        "seat": rng.randrange(4),
        "bots": rng.choice(["random", "greedy"]),
        "seed": rng.randrange(10**9),
    }


def test_no_response_ever_holds_a_hidden_piece(client: TestClient) -> None:
    """Over many random games of both variants, every response names only pieces its seat may see."""
    rng = random.Random(20240601)
    started = time.monotonic()
    games = responses = 0
    variants = set()
    while time.monotonic() - started < BUDGET and games < 60:
        created = create(client, **_random_request(rng))
        session = session_of(client, created)
        game, seat = session.game, session.seat
        variants.add(game.name)
        assert_no_leak(game, seat, created)
        state = created["state"]
        for _ in range(rng.randrange(5, 80)):
            if state["is_over"]:
                break
            response = act(client, created, rng.choice(state["legal_actions"]))
            assert response.status_code == 200, response.text
            state = response.json()
            assert_no_leak(game, seat, state)
            responses += 1
            if rng.random() < 0.1:
                shown = client.get(f"/api/games/{created['game']}", params={"token": created["token"], "since": "0"})
                assert_no_leak(game, seat, shown.json())
        games += 1
    assert variants == {SNIFF, SMEAR}
    assert games >= 4 and responses >= 50


# -- refusals --------------------------------------------------------------------------------


def _library_message(game: tablegames.Game, data: Any, seat: int) -> str:
    with pytest.raises(tablegames.IllegalActionError) as info:
        game.clone().action_from_json(data, seat=seat)
    return str(info.value)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "play", "tile": "9-9", "end": "W"},
        {"type": "play", "tile": "6-6"},
        {"type": "bid", "amount": 3},
        {"type": "play", "tile": 64, "end": None},
        [1, 2],
        "play",
        None,
    ],
)
def test_a_refused_action_changes_nothing(client: TestClient, data: Any) -> None:
    """Malformed or illegal actions get 409 with the library's message and leave the full log as it was."""
    created = create(client, variant=SNIFF, options={"players": 3}, bots="greedy", seed=12)
    game = session_of(client, created).game
    before = tablegames.dumps(game.log())
    expected = _library_message(game, data, 0)
    response = act(client, created, data)
    assert response.status_code == 409
    assert response.json() == {"error": "IllegalActionError", "message": expected}
    assert tablegames.dumps(game.log()) == before


def test_an_illegal_smear_action_changes_nothing(client: TestClient) -> None:
    """A Smear card the seat does not hold, or a bid out of range, is refused with the library's message."""
    created = create(client, variant=SMEAR, options={"seen_undealt": 2}, bots="greedy", seed=2)
    game = session_of(client, created).game
    before = tablegames.dumps(game.log())
    for data in ({"type": "bid", "amount": 9}, {"type": "play", "card": "AS"}, {"type": "discard", "cards": ["AS"]}):
        response = act(client, created, data)
        assert response.status_code == 409
        assert response.json()["message"] == _library_message(game, data, created["seat"])
    assert tablegames.dumps(game.log()) == before


@pytest.mark.parametrize("body", [b"", b"{", b"not json", b"\xff\xfe"])
def test_junk_bodies_are_refused(client: TestClient, body: bytes) -> None:
    """A body that is not JSON gets 400, for an action and for a new game, and changes nothing."""
    created = create(client, variant=SNIFF, options={"players": 2}, seed=1)
    game = session_of(client, created).game
    before = tablegames.dumps(game.log())
    url = f"/api/games/{created['game']}/actions?token={created['token']}"
    for target in (url, "/api/games"):
        response = client.post(target, content=body)
        assert response.status_code == 400
        assert response.json()["error"] == "BadRequest"
        assert response.json()["message"].startswith("the body is not JSON")
    assert tablegames.dumps(game.log()) == before


def test_wrong_tokens_and_unknown_games_are_refused(client: TestClient) -> None:
    """Another game's token, a wrong or missing token get 403; an unknown game 404; nothing changes."""
    first = create(client, variant=SNIFF, options={"players": 2}, seed=5)
    second = create(client, variant=SNIFF, options={"players": 2}, seed=6)
    game = session_of(client, first).game
    before = tablegames.dumps(game.log())
    action = first["state"]["legal_actions"][0]
    url = f"/api/games/{first['game']}"
    for params in ({"token": second["token"]}, {"token": "x"}, {}):
        assert client.get(url, params=params).status_code == 403
        refused = client.post(f"{url}/actions", params=params, json=action)
        assert refused.status_code == 403
        assert refused.json() == {"error": "Forbidden", "message": "a wrong or missing token for this game"}
    missing = client.get("/api/games/nope", params={"token": first["token"]})
    assert missing.status_code == 404 and missing.json()["message"] == "no game 'nope' on this server"
    assert client.post("/api/games/nope/actions", params={"token": first["token"]}, json=action).status_code == 404
    assert client.get(url, params={"token": first["token"], "since": "-1"}).status_code == 400
    assert tablegames.dumps(game.log()) == before


def test_an_action_after_the_match_is_refused(client: TestClient) -> None:
    """Once the match is over, any action gets 409 'the game is over'."""
    created = create(client, variant=SNIFF, options={"players": 2, "target": 5}, bots="greedy", seed=3)
    game = session_of(client, created).game
    state = created["state"]
    rng = random.Random(3)
    while not state["is_over"]:
        state = act(client, created, rng.choice(state["legal_actions"])).json()
    before = tablegames.dumps(game.log())
    response = act(client, created, {"type": "play", "tile": "6-6", "end": "W"})
    assert response.status_code == 409
    assert response.json()["message"].endswith("the game is over")
    assert tablegames.dumps(game.log()) == before


@pytest.mark.parametrize(
    ("request_body", "kind", "library"),
    [
        ({"variant": "chess"}, "UnknownVariantError", lambda: tablegames.new_game("chess")),
        ({"variant": 7}, "UnknownVariantError", lambda: tablegames.new_game(7)),  # type: ignore[arg-type]
        (
            {"variant": SNIFF, "options": {"players": 9}},
            "InvalidOptionsError",
            lambda: tablegames.new_game(SNIFF, players=9),
        ),
        (
            {"variant": SNIFF, "options": {"colour": "red"}},
            "InvalidOptionsError",
            lambda: tablegames.new_game(SNIFF, colour="red"),
        ),
        (
            {"variant": SMEAR, "options": {"seen_undealt": "2"}},
            "InvalidOptionsError",
            lambda: tablegames.new_game(SMEAR, seen_undealt="2"),
        ),
        ({"variant": SNIFF, "seed": "7"}, "InvalidOptionsError", lambda: tablegames.new_game(SNIFF, seed="7")),  # type: ignore[arg-type]
    ],
)
def test_bad_variants_and_options_get_the_librarys_message(
    client: TestClient, request_body: dict[str, Any], kind: str, library: Any
) -> None:
    """An unknown variant or bad options get 400 with the message the library gives."""
    with pytest.raises(tablegames.TableGamesError) as info:
        library()
    response = client.post("/api/games", json=request_body)
    assert response.status_code == 400
    assert response.json() == {"error": kind, "message": str(info.value)}
    assert len(store_of(client)._games) == 0


@pytest.mark.parametrize(
    ("request_body", "words"),
    [
        ([SNIFF], "expected a JSON object"),
        ({"variant": SNIFF, "colour": 1}, "unknown field 'colour'"),
        ({"variant": SNIFF, "options": [2]}, "options must be an object"),
        ({"variant": SNIFF, "options": {"seed": 3}}, "'seed' is not an option"),
        ({"variant": SNIFF, "options": {"deals": []}}, "'deals' is not an option"),
        ({"variant": SNIFF, "options": {"players": 2}, "seat": 2}, "seat must be an int from 0 to 1"),
        ({"variant": SNIFF, "options": {"players": 2}, "seat": True}, "seat must be an int"),
        ({"variant": SNIFF, "bots": "oracle"}, "unknown bot 'oracle'"),
        ({"variant": SNIFF, "options": {"players": 3}, "bots": ["random"]}, "a list of 2 names"),
    ],
)
def test_bad_new_game_requests_are_refused(client: TestClient, request_body: Any, words: str) -> None:
    """A new-game request with a bad field gets 400 saying what is wrong, and no game is made."""
    response = client.post("/api/games", json=request_body)
    assert response.status_code == 400
    assert words in response.json()["message"]
    assert len(store_of(client)._games) == 0


def test_a_server_may_refuse_client_seeds_and_forgets_old_games() -> None:
    """With ``allow_seed=False`` a seed is refused; beyond ``capacity`` the oldest game is forgotten."""
    with TestClient(create_app(allow_seed=False, capacity=2)) as client:
        refused = client.post("/api/games", json={"variant": SNIFF, "seed": 3})
        assert refused.status_code == 400 and "chooses the seed" in refused.json()["message"]
        made = [create(client, variant=SNIFF, options={"players": 2}) for _ in range(3)]
        assert client.get(f"/api/games/{made[0]['game']}", params={"token": made[0]["token"]}).status_code == 404
        assert client.get(f"/api/games/{made[2]['game']}", params={"token": made[2]["token"]}).status_code == 200


def test_bots_play_first_and_seats_are_named(client: TestClient) -> None:
    """When a bot must act first, the new game's state is already the person's turn; bots per seat are listed."""
    bots = ["random", "greedy", "random"]
    created = create(client, variant=SMEAR, options={"seen_undealt": 0}, seat=2, bots=bots, seed=9)
    state = created["state"]
    assert state["bots"] == ["random", "greedy", None, "random"]
    assert state["current_player"] == 2 and state["legal_actions"]
    assert state["side_of_seat"] == [0, 1, 0, 1]


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    """``/`` is the page; its script and style are served from the package; variants and bots are listed."""
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200
    listed = client.get("/api/variants").json()
    assert {v["name"] for v in listed["variants"]} >= {SNIFF, SMEAR}
    assert "greedy" in listed["bots"]


# -- any variant: the menu's data, labels, plug-ins with every bot ---------------------------

PLUG_INS: Final = ("all-fives", "auction-pitch")
"""The example plug-in variants (examples/all-fives, examples/auction-pitch), installed in the venv."""


def test_every_variant_is_offered_with_its_options_schema_and_bots(client: TestClient) -> None:
    """``/api/variants`` lists every registered variant with its players, summary, options schema and every bot."""
    listed = client.get("/api/variants").json()
    assert [v["name"] for v in listed["variants"]] == tablegames.variant_names()
    assert set(PLUG_INS) <= {v["name"] for v in listed["variants"]}
    assert listed["bots"] == offered_bots() and set(offered_bots()) == set(bot_names())
    assert listed["bots"][0] == "greedy"
    for entry in listed["variants"]:
        cls = tablegames.get_variant(entry["name"])
        assert entry["options_schema"] == schema_for(entry["name"], "options")
        assert (entry["min_players"], entry["max_players"]) == (cls.min_players, cls.max_players)
        assert entry["paper_tally"] is cls.paper_tally
        assert entry["bots"] == listed["bots"]
        assert entry["summary"] and "`" not in entry["summary"]


def test_labels_run_beside_the_legal_actions(client: TestClient) -> None:
    """A state's ``labels`` are the actions' own text, one per legal action; both empty off turn or once over."""
    created = create(client, variant="all-fives", options={"players": 3}, seat=1, bots="greedy", seed=4)
    game = session_of(client, created).game
    state = created["state"]
    assert state["current_player"] == 1
    assert state["labels"] == [str(a) for a in game.legal_actions()]
    assert len(state["labels"]) == len(state["legal_actions"]) > 0
    finished = create(client, variant=SNIFF, options={"players": 2, "target": 5}, bots="greedy", seed=3)
    state = finished["state"]
    rng = random.Random(3)
    while not state["is_over"]:
        assert len(state["labels"]) == len(state["legal_actions"])
        state = act(client, finished, rng.choice(state["legal_actions"])).json()
    assert state["labels"] == state["legal_actions"] == []


def test_an_action_class_without_text_gets_no_label() -> None:
    """An action whose class gives no ``str`` of its own is labelled ``None`` (the page then words its JSON)."""

    @attrs.frozen
    class Knock(tablegames.Action):
        tag: ClassVar[str] = "knock"

    assert _label(Knock()) is None
    game = tablegames.new_game("auction-pitch", seed=1)
    assert [_label(a) for a in game.legal_actions()] == [str(a) for a in game.legal_actions()]


@pytest.mark.parametrize("bot", offered_bots())
@pytest.mark.parametrize("variant", PLUG_INS)
def test_plug_in_variants_play_against_every_bot(client: TestClient, variant: str, bot: str) -> None:
    """A plug-in variant plays through the API against each offered bot: all answers 200, bots move, no leak."""
    created = create(client, variant=variant, seat=0, bots=bot, seed=21)
    session = session_of(client, created)
    game = session.game
    state = created["state"]
    assert state["bots"][1:] == [bot] * (game.players - 1)
    bot_moves = sum(1 for e in state["events"] if e.get("seat") not in (None, 0))
    for _ in range(4):
        assert state["current_player"] == 0 and not state["is_over"]
        assert state["labels"] == [str(a) for a in game.legal_actions()]
        response = act(client, created, state["legal_actions"][-1])
        assert response.status_code == 200, response.text
        state = response.json()
        assert_no_leak(game, 0, state)
        bot_moves += sum(1 for e in state["events"] if e.get("seat") not in (None, 0))
    assert bot_moves >= 3
    assert state["view"] == json.loads(tablegames.dumps(game.view(0)))


def test_the_page_names_a_variant_only_to_register_its_renderer() -> None:
    """The page's files name a variant only in its renderer's registration: menus and forms come from the API."""
    for name in tablegames.variant_names():
        for path in (STATIC / "app.js", STATIC / "index.html", STATIC / "style.css"):
            lines = [line for line in path.read_text().splitlines() if name in line]
            assert all(line.startswith(f'renderers["{name}"] = {{') for line in lines), (path.name, lines)
