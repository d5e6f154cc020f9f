"""What the server's responses hold: no hidden piece in any of them, the library's own words, clean refusals.

The server must send a seat only what that seat may see: every piece named anywhere in a
response (view, events, their text, legal actions, labels) must appear in the seat's own view
or redacted log as the library builds them from the stored game, and the seed never appears.
A spectator's ``watch`` state names only pieces every seat may see. Every refused request gets
a 4xx with the library's message and leaves the stored log exactly as it was.

The games are seeded (``allow_seed``), and the server's other random draws (the bots' choices)
come from a seeded generator here, so every run plays the same games.
"""

from __future__ import annotations

import functools
import json
import random
import re
import secrets
from collections.abc import Iterator
from typing import Any, ClassVar, Final

import attrs
import pytest
from starlette.testclient import TestClient

import tablegames
import tablegames.server.app as server_app
from tablegames.bots import bot_names
from tablegames.schema import schema_for
from tablegames.server.app import STATIC, ServerConfig, _label, create_app, offered_bots
from tablegames.server.storage import SqliteStore

SNIFF: Final = "american-sniff"
SMEAR: Final = "four-point-smear"
PLUG_INS: Final = ("all-fives", "auction-pitch", "euchre", "mexican-train")
"""The example plug-in variants (``examples/``), installed in the virtual environment."""
PLUG_IN_OPTIONS: Final[dict[str, dict[str, Any]]] = {
    "all-fives": {},
    "auction-pitch": {},
    "euchre": {},
    "mexican-train": {"players": 3, "hand_size": 8},
}
"""Each plug-in's options for a few moves against every bot (small hands keep ISMCTS quick)."""
CONFIG: Final = ServerConfig(
    allow_seed=True,
    creations_per_minute=10_000,
    live_games_per_client=10_000,
    actions_per_second=10_000.0,
    actions_burst=10_000,
    bot_requests_per_client=10_000,
    bot_seconds_per_minute=1e9,
    allowed_hosts=("testserver",),
)
"""Seeds allowed (so the games are the same every run), no creation limits."""
TILE: Final = re.compile(r"(?<![\w-])(?:1[0-2]|[0-9])-(?:1[0-2]|[0-9])(?![\w-])")
"""A tile up to double-twelve (``6-4``, ``12-9``) inside any text."""
CARD: Final = re.compile(r"(?<![\w-])(?:10|[2-9AKQJ])[SHDC](?![\w-])")
"""A card (``10H``, ``AS``) inside any text."""
_SKIP_KEYS: Final = frozenset({"game", "token"})
"""Keys whose values are random ids, not game text."""


class _SeededSecrets:
    """The ``secrets`` module as the server sees it here: its random bits seeded, its tokens real.

    The server seeds each table's bots with ``secrets.randbits``; should it draw them otherwise,
    these tests still run and check the same things, only no longer on the same games each run.
    """

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        """Bits from the seeded generator (the server seeds its bots' generator with them)."""
        return self._rng.getrandbits(k)

    def __getattr__(self, name: str) -> Any:
        return getattr(secrets, name)


@attrs.define
class Api:
    """A client of a fresh server and the store it writes to."""

    client: TestClient
    store: SqliteStore

    def create(self, variant: str, options: dict[str, Any], seats: list[str], seed: int) -> dict[str, Any]:
        """A new game (201 expected): ``game``, ``seat``, ``token``, ``expires``, ``state``."""
        body = {"variant": variant, "options": options, "seats": seats, "seed": seed}
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def act(self, created: dict[str, Any], action: Any, version: Any) -> Any:
        """Post ``action`` as chosen on ``version``, with the seat's token."""
        return self.client.post(
            f"/api/games/{created['game']}/actions", json={"action": action, "version": version}, headers=auth(created)
        )

    def show(self, created: dict[str, Any], since: int | None = None) -> Any:
        """The seat's state, with its events from ``since``."""
        params = {} if since is None else {"since": str(since)}
        return self.client.get(f"/api/games/{created['game']}", params=params, headers=auth(created))

    def watch(self, game_id: str, since: int | None = None) -> Any:
        """A spectator's state, with the public events from ``since``."""
        params = {} if since is None else {"since": str(since)}
        return self.client.get(f"/api/games/{game_id}/watch", params=params)

    def game(self, game_id: str) -> tablegames.Game:
        """The server's copy of the game, rebuilt by replaying the stored full log."""
        return self.store.load(game_id)


def auth(created: dict[str, Any]) -> dict[str, str]:
    """The header that carries a seat's token."""
    return {"Authorization": f"Bearer {created['token']}"}


@pytest.fixture
def api(monkeypatch: pytest.MonkeyPatch) -> Iterator[Api]:
    """A fresh server over an in-memory store, seeds allowed, its bots seeded."""
    monkeypatch.setattr(server_app, "secrets", _SeededSecrets(20240601))
    store = SqliteStore(":memory:")
    with TestClient(create_app(store, CONFIG)) as client:
        yield Api(client, store)
    store.close()


def as_json(obj: Any) -> Any:
    """``obj`` as the library writes it in JSON, parsed."""
    return json.loads(tablegames.dumps(obj))


# -- the leak check --------------------------------------------------------------------------


def pieces_of(game: tablegames.Game) -> re.Pattern[str]:
    """The notation of ``game``'s pieces: tiles or cards, whichever its variant's full log names.

    A card game's text may show a score as ``(2-0)``, which is not one of its pieces.
    """
    return _notation(game.name)


@functools.cache
def _notation(variant: str) -> re.Pattern[str]:
    text = tablegames.dumps(tablegames.new_game(variant, seed=0).log())
    tiles, cards = TILE.search(text), CARD.search(text)
    assert bool(tiles) != bool(cards), "a game of both tiles and cards, or of neither"
    return TILE if tiles else CARD


def pieces_in(data: Any, piece: re.Pattern[str]) -> set[str]:
    """Every ``piece`` named in any string of parsed JSON ``data`` (keys and values), ids left out."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.update(piece.findall(item))
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
    piece = pieces_of(game)
    return pieces_in(as_json(game.view(seat)), piece) | pieces_in(as_json(game.log(seat)), piece)


def visible_to_all(game: tablegames.Game) -> set[str]:
    """The pieces every seat may know of: what a spectator may be shown."""
    return set.intersection(*(visible_to(game, seat) for seat in range(game.players)))


def _assert_no_seed(game: tablegames.Game, response: dict[str, Any]) -> None:
    text = json.dumps(response)
    assert '"seed"' not in text, "a seed field was sent"
    if game.seed is not None and abs(game.seed) >= 10**6:  # a short seed's digits occur by chance
        assert not re.search(rf"(?<![\d.]){game.seed}(?![\d.])", text), "the game's seed was sent"


def assert_no_leak(game: tablegames.Game, seat: int, response: dict[str, Any]) -> None:
    """Nothing in ``response`` (a state, or a body holding one) is hidden from ``seat``; no seed."""
    shown, visible = pieces_in(response, pieces_of(game)), visible_to(game, seat)
    assert shown <= visible, f"hidden pieces sent: {sorted(shown - visible)}"
    _assert_no_seed(game, response)


def assert_public_only(game: tablegames.Game, response: dict[str, Any]) -> None:
    """Every piece in a spectator's ``response`` is one every seat may see; no seat's view; no seed."""
    shown = pieces_in(response, pieces_of(game))
    public = visible_to_all(game)
    assert shown <= public, f"pieces hidden from some seat sent to a spectator: {sorted(shown - public)}"
    assert response["seat"] is None
    assert not {"view", "legal_actions", "labels"} & set(response), "a seat's part sent to a spectator"
    _assert_no_seed(game, response)


def check_state(game: tablegames.Game, seat: int, response: dict[str, Any]) -> None:
    """``response`` (a state, or a body holding one) is exactly what the library gives ``seat``, and leaks nothing."""
    assert_no_leak(game, seat, response)
    state = response.get("state", response)
    start = state["events_from"]
    seen = game.log(seat).events[start:]
    assert (state["seat"], state["version"]) == (seat, len(game.events))
    assert state["view"] == as_json(game.view(seat))
    assert state["events"] == as_json(seen)
    assert state["log_text"] == [game.describe_event(e) for e in seen]
    legal = game.legal_actions() if game.current_player == seat else ()
    assert state["legal_actions"] == as_json(legal)
    assert state["labels"] == [str(a) for a in legal]
    assert (state["current_player"], state["is_over"], state["winner"]) == (
        game.current_player,
        game.is_over,
        game.winner,
    )
    assert state["scores"] == list(game.scores)


def check_watch(game: tablegames.Game, response: dict[str, Any]) -> None:
    """``response`` is a spectator's state: the library's public events, nothing only a seat may see."""
    assert_public_only(game, response)
    assert response["version"] == len(game.events)
    assert response["events"] == as_json(game.public_events(response["events_from"]))


@pytest.mark.parametrize(
    "fake",
    [
        pytest.param(lambda g: {"seat": 0, "events": as_json(g.log().events)}, id="the-full-log"),
        pytest.param(lambda g: {"seat": 0, "view": as_json(g.view(1))}, id="another-seats-view"),
        pytest.param(lambda g: {"seat": 0, "options": {"seed": g.seed}}, id="the-seed"),
    ],
)
def test_leak_check_catches_a_hidden_piece(fake: Any) -> None:
    """The leak check fails on the full log, another seat's view, or the seed (so the checks below can fail)."""
    game = tablegames.new_game(SNIFF, seed=4, players=2)
    with pytest.raises(AssertionError, match=r"hidden pieces|seed"):
        assert_no_leak(game, 0, fake(game))


def test_spectator_check_catches_a_seats_piece() -> None:
    """The spectator check fails on a piece one seat holds, and on a seat's legal actions."""
    game = tablegames.new_game(SNIFF, seed=4, players=2)
    public = as_json(game.public_events())
    assert_public_only(game, {"seat": None, "events": public})
    with pytest.raises(AssertionError, match="hidden from some seat"):
        assert_public_only(game, {"seat": None, "events": public, "hand": as_json(game.view(0))["hand"]})
    with pytest.raises(AssertionError, match="a seat's part"):
        assert_public_only(game, {"seat": None, "events": public, "legal_actions": []})


MATCHES: Final = (
    (SNIFF, {"players": 2, "target": 60}, ["me", "greedy"]),
    (SNIFF, {"players": 4, "target": 50}, ["random", "greedy", "me", "greedy"]),
    (SMEAR, {"seen_undealt": 2, "target": 3}, ["greedy", "me", "random", "greedy"]),
    ("all-fives", {"players": 3, "target": 25}, ["greedy", "random", "me"]),
    ("auction-pitch", {"target": 5}, ["me", "greedy", "greedy", "random"]),
    ("euchre", {"target": 3}, ["greedy", "me", "greedy", "greedy"]),
    ("mexican-train", {"players": 3, "rounds": 1, "hand_size": 10}, ["greedy", "me", "random"]),
)
"""Whole matches with short targets: the built-in variants and every plug-in."""


@pytest.mark.parametrize(("variant", "options", "seats"), MATCHES, ids=[f"{v}-{len(s)}" for v, _, s in MATCHES])
def test_no_response_ever_holds_a_hidden_piece(
    api: Api, variant: str, options: dict[str, Any], seats: list[str]
) -> None:
    """Every response of a whole match (made, acted, fetched, refused, watched) is the library's, leaking nothing."""
    rng = random.Random(variant + str(len(seats)))
    created = api.create(variant, options, seats, seed=rng.randrange(10**11, 10**12))
    game_id, seat = created["game"], created["seat"]
    assert seat == seats.index("me")
    check_state(api.game(game_id), seat, created)
    state = created["state"]
    kinds = {"act": 0, "show": 0, "stale": 0, "watch": 0}
    while not state["is_over"]:
        assert state["current_player"] == seat and state["legal_actions"]
        version, turn = state["version"], kinds["act"]
        if turn % 3 == 0:
            shown = api.show(created, since=rng.randrange(version + 1))
            assert shown.status_code == 200, shown.text
            check_state(api.game(game_id), seat, shown.json())
            kinds["show"] += 1
        if turn % 3 == 1:
            watched = api.watch(game_id, since=rng.randrange(version + 1))
            assert watched.status_code == 200, watched.text
            check_watch(api.game(game_id), watched.json())
            kinds["watch"] += 1
        if turn % 4 == 2:
            stale = api.act(created, rng.choice(state["legal_actions"]), version - 1)
            assert stale.status_code == 409 and stale.json()["error"] == "Stale", stale.text
            check_state(api.game(game_id), seat, stale.json())
            kinds["stale"] += 1
        response = api.act(created, rng.choice(state["legal_actions"]), version)
        assert response.status_code == 200, response.text
        state = response.json()
        assert state["events_from"] == version
        check_state(api.game(game_id), seat, state)
        kinds["act"] += 1
        assert kinds["act"] < 1000
    game = api.game(game_id)
    assert game.is_over
    check_state(game, seat, api.show(created, since=0).json())
    check_watch(game, api.watch(game_id, since=0).json())
    assert min(kinds.values()) > 0, kinds


# -- refusals --------------------------------------------------------------------------------


def _library_message(game: tablegames.Game, data: Any, seat: int) -> str:
    with pytest.raises(tablegames.IllegalActionError) as info:
        game.action_from_json(data, seat=seat)
    return str(info.value)


def _assert_refused_unchanged(api: Api, game_id: str, before: str, response: Any, status: int) -> None:
    assert response.status_code == status, response.text
    assert api.store.log_text(game_id) == before, "a refused request changed the stored log"


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
def test_a_malformed_action_gets_400_and_changes_nothing(api: Api, data: Any) -> None:
    """An action no state of the game would take gets 400 with the library's message; the stored log stays."""
    created = api.create(SNIFF, {"players": 3}, ["me", "greedy", "greedy"], seed=12)
    game_id = created["game"]
    before = api.store.log_text(game_id)
    game = api.game(game_id)
    response = api.act(created, data, created["state"]["version"])
    _assert_refused_unchanged(api, game_id, before, response, 400)
    body = response.json()
    assert (body["error"], body["message"]) == ("BadAction", _library_message(game, data, 0))


@pytest.mark.parametrize(
    "data", [{"type": "play", "tile": "6-6", "end": "N"}, {"type": "play", "tile": "6-6", "end": None}]
)
def test_an_illegal_action_gets_409_and_changes_nothing(api: Api, data: Any) -> None:
    """A well-formed action that is not legal now gets 409 with the library's message and the state."""
    created = api.create(SNIFF, {"players": 3}, ["me", "greedy", "greedy"], seed=12)
    game_id = created["game"]
    before = api.store.log_text(game_id)
    game = api.game(game_id)
    response = api.act(created, data, created["state"]["version"])
    _assert_refused_unchanged(api, game_id, before, response, 409)
    body = response.json()
    assert (body["error"], body["message"]) == ("IllegalActionError", _library_message(game, data, 0))
    check_state(game, 0, body["state"])  # the message quotes the client's own action: not the game's
    assert body["state"]["events"] == []


def test_an_illegal_smear_action_changes_nothing(api: Api) -> None:
    """A Smear bid out of range, or a card the seat does not hold, is refused with the library's message."""
    created = api.create(SMEAR, {"seen_undealt": 2}, ["greedy", "greedy", "greedy", "me"], seed=2)
    game_id, seat = created["game"], created["seat"]
    before = api.store.log_text(game_id)
    game = api.game(game_id)
    held = set(as_json(game.view(seat))["hand"])
    card = next(c for c in ("AS", "KS", "QS", "AH") if c not in held)
    for data in ({"type": "bid", "amount": 9}, {"type": "play", "card": card}, {"type": "discard", "cards": [card]}):
        response = api.act(created, data, created["state"]["version"])
        _assert_refused_unchanged(api, game_id, before, response, 409)
        assert response.json()["message"] == _library_message(game, data, seat)


@pytest.mark.parametrize("body", [b"", b"{", b"not json", b"\xff\xfe"])
def test_junk_bodies_are_refused(api: Api, body: bytes) -> None:
    """A body that is not JSON gets 400, for an action and for a new game, and changes nothing."""
    created = api.create(SNIFF, {"players": 2}, ["me", "greedy"], seed=1)
    game_id = created["game"]
    before = api.store.log_text(game_id)
    headers = {"Content-Type": "application/json", **auth(created)}
    for target in (f"/api/games/{game_id}/actions", "/api/games"):
        response = api.client.post(target, content=body, headers=headers)
        _assert_refused_unchanged(api, game_id, before, response, 400)
        answer = response.json()  # the message says why, in the reader's words
        assert answer["error"] == "BadRequest"
        assert answer["message"].startswith("the body is not JSON the server reads: ")
    assert [g.id for g in api.store.games()] == [game_id]


def test_wrong_tokens_and_unknown_games_are_refused(api: Api) -> None:
    """Another game's token opens nothing (403) and acts for nothing; an unknown game is 404 everywhere."""
    first = api.create(SNIFF, {"players": 2}, ["me", "greedy"], seed=5)
    second = api.create(SNIFF, {"players": 2}, ["me", "greedy"], seed=6)
    game_id = first["game"]
    before = api.store.log_text(game_id)
    intruder = {**first, "token": second["token"]}
    shown = api.show(intruder)
    assert shown.status_code == 403 and shown.json()["error"] == "Forbidden"
    refused = api.act(intruder, first["state"]["legal_actions"][0], first["state"]["version"])
    _assert_refused_unchanged(api, game_id, before, refused, 403)
    assert refused.json()["error"] == "Forbidden"
    unknown = {**first, "game": "nope"}
    for response in (
        api.show(unknown),
        api.act(unknown, first["state"]["legal_actions"][0], first["state"]["version"]),
        api.watch("nope"),
        api.client.get("/api/games/nope/events", headers=auth(first)),
        api.client.get("/api/games/nope/log", headers=auth(first)),
        api.client.post("/api/games/nope/join", json={"seat": 1}),
    ):
        assert response.status_code == 404, response.text
        assert response.json() == {"error": "NotFound", "message": "no such game"}
    assert api.store.log_text(game_id) == before


def test_an_action_after_the_match_is_refused(api: Api) -> None:
    """Once the match is over, any action gets 409 with the library's 'the game is over'; the log stays."""
    created = api.create(SNIFF, {"players": 2, "target": 5}, ["me", "greedy"], seed=3)
    game_id = created["game"]
    state = created["state"]
    rng = random.Random(3)
    while not state["is_over"]:
        state = api.act(created, rng.choice(state["legal_actions"]), state["version"]).json()
    before = api.store.log_text(game_id)
    game = api.game(game_id)
    action = {"type": "play", "tile": "6-6", "end": "W"}
    response = api.act(created, action, state["version"])
    _assert_refused_unchanged(api, game_id, before, response, 409)
    assert response.json()["message"] == _library_message(game, action, 0)
    assert response.json()["message"].endswith("the game is over")


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
        (
            {"variant": SMEAR, "options": {"target": 10**15}},
            "InvalidOptionsError",
            lambda: tablegames.new_game(SMEAR, target=10**15),
        ),
        ({"variant": SNIFF, "seed": "7"}, "InvalidOptionsError", lambda: tablegames.new_game(SNIFF, seed="7")),  # type: ignore[arg-type]
    ],
)
def test_bad_variants_and_options_get_the_librarys_message(
    api: Api, request_body: dict[str, Any], kind: str, library: Any
) -> None:
    """An unknown variant or bad options get 400 with the message the library gives; no game is stored."""
    with pytest.raises(tablegames.TableGamesError) as info:
        library()
    response = api.client.post("/api/games", json=request_body)
    assert response.status_code == 400
    assert response.json() == {"error": kind, "message": str(info.value)}
    assert api.store.games() == []


@pytest.mark.parametrize(
    ("request_body", "words"),
    [
        ([SNIFF], "expected a JSON object"),
        ({"variant": SNIFF, "colour": 1}, "unknown field 'colour'"),
        ({"variant": SNIFF, "options": [2]}, "options must be an object"),
        ({"variant": SNIFF, "options": {"seed": 3}}, "options must be an object of the variant's options"),
        ({"variant": SNIFF, "options": {"deals": []}}, "options must be an object of the variant's options"),
        ({"variant": SNIFF, "options": {"players": 2}, "seats": ["me"]}, "seats must list 2 seats"),
        ({"variant": SNIFF, "options": {"players": 2}, "seats": ["greedy", "greedy"]}, "'me' once"),
        ({"variant": SNIFF, "options": {"players": 2}, "seats": ["me", "oracle"]}, "or a bot ({bots})"),
        ({"variant": SNIFF, "options": {"players": 2}, "seats": ["me", 1]}, "seats must list 2 seats"),
        ({"variant": SNIFF, "options": {"players": 2}, "seats": "me"}, "seats must list 2 seats"),
    ],
)
def test_bad_new_game_requests_are_refused(api: Api, request_body: Any, words: str) -> None:
    """A new-game request with a bad field gets 400 saying what is wrong, and no game is stored."""
    response = api.client.post("/api/games", json=request_body)
    assert response.status_code == 400
    words = words.format(bots=", ".join(bot_names()))  # the bots installed: the library's, and array-search with JAX
    assert response.json()["error"] == "BadRequest" and words in response.json()["message"]
    assert api.store.games() == []


# -- seats, labels, plug-ins -----------------------------------------------------------------


def test_bots_play_first_and_seats_are_named(api: Api) -> None:
    """When bots act first, the new game's state is already the person's turn; every seat's occupant is named."""
    created = api.create(SMEAR, {"seen_undealt": 0}, ["random", "greedy", "me", "random"], seed=9)
    state = created["state"]
    assert created["seat"] == state["seat"] == 2
    assert state["seats"] == ["bot:random", "bot:greedy", "person", "bot:random"]
    assert state["current_player"] == 2 and state["legal_actions"]
    assert any(e.get("seat") in (0, 1) and e["type"] == "bid_made" for e in state["events"]), state["events"]
    assert state["side_of_seat"] == [0, 1, 0, 1]
    check_state(api.game(created["game"]), 2, created)


def test_labels_run_beside_the_legal_actions(api: Api) -> None:
    """A state's ``labels`` are the actions' own text, one per legal action; both empty once over."""
    created = api.create("all-fives", {"players": 3}, ["greedy", "me", "greedy"], seed=4)
    game = api.game(created["game"])
    state = created["state"]
    assert state["current_player"] == 1
    assert state["labels"] == [str(a) for a in game.legal_actions()]
    assert len(state["labels"]) == len(state["legal_actions"]) > 0
    finished = api.create(SNIFF, {"players": 2, "target": 5}, ["me", "greedy"], seed=3)
    state = finished["state"]
    rng = random.Random(3)
    while not state["is_over"]:
        assert len(state["labels"]) == len(state["legal_actions"]) > 0
        state = api.act(finished, rng.choice(state["legal_actions"]), state["version"]).json()
    assert state["labels"] == state["legal_actions"] == []


def test_an_action_class_without_text_gets_no_label() -> None:
    """An action whose class gives no ``str`` of its own is labelled ``None`` (the page then words its JSON)."""

    @attrs.frozen
    class Knock(tablegames.Action):
        tag: ClassVar[str] = "knock"

    assert _label(Knock()) is None
    game = tablegames.new_game("auction-pitch", seed=1)
    legal = game.legal_actions()
    assert legal and [_label(a) for a in legal] == [str(a) for a in legal]


LIBRARY_BOTS = ("greedy", "ismcts", "random")
"""The bots the library offers by itself (collection may import a module that registers another)."""


@pytest.mark.parametrize("bot", LIBRARY_BOTS)
@pytest.mark.parametrize("variant", PLUG_INS)
def test_plug_in_variants_play_against_every_bot(api: Api, variant: str, bot: str) -> None:
    """A plug-in variant plays through the API against each offered bot: all answers 200, bots move, no leak."""
    assert set(PLUG_IN_OPTIONS) == set(PLUG_INS)
    assert set(offered_bots()) - set(LIBRARY_BOTS) <= {"array-search"}  # the library's bots (array-search: below)
    options = PLUG_IN_OPTIONS[variant]
    players = tablegames.get_variant(variant).create(options, seed=0).players
    created = api.create(variant, options, ["me", *[bot] * (players - 1)], seed=21)
    state = created["state"]
    assert state["seats"] == ["person", *[f"bot:{bot}"] * (players - 1)]
    bot_moves = sum(1 for e in state["events"] if e.get("seat") not in (None, 0))
    for turn in range(4):
        if turn >= 2 and bot_moves >= 3:
            break
        assert state["current_player"] == 0 and not state["is_over"]
        response = api.act(created, state["legal_actions"][-1], state["version"])
        assert response.status_code == 200, response.text
        state = response.json()
        check_state(api.game(created["game"]), 0, state)
        bot_moves += sum(1 for e in state["events"] if e.get("seat") not in (None, 0))
    assert bot_moves >= 3


def test_array_search_is_offered_with_no_plugin_where_jax_is_installed(api: Api) -> None:
    """With the jax extra the server offers array-search by itself (the library's entry point), and a seat of it
    plays: in Auction Pitch, which has no array game, by its documented fallback, ISMCTS."""
    pytest.importorskip("jax")
    assert "array-search" in offered_bots()
    created = api.create("auction-pitch", {}, ["me", "array-search", "greedy", "greedy"], seed=21)
    state = created["state"]
    assert state["seats"] == ["person", "bot:array-search", "bot:greedy", "bot:greedy"]
    moved = [e for e in state["events"] if e.get("seat") == 1]
    while not moved:
        assert state["current_player"] == 0 and not state["is_over"]
        response = api.act(created, state["legal_actions"][-1], state["version"])
        assert response.status_code == 200, response.text
        state = response.json()
        moved = [e for e in state["events"] if e.get("seat") == 1]
    assert moved


# -- what the page is given ------------------------------------------------------------------


@pytest.mark.parametrize("allow_seed", [True, False])
def test_every_variant_is_offered_with_its_options_schema_and_bots(allow_seed: bool) -> None:
    """``/api/variants`` lists every registered variant with its players, summary, schema, tally and every bot."""
    config = attrs.evolve(CONFIG, allow_seed=allow_seed)
    with TestClient(create_app(SqliteStore(":memory:"), config)) as client:
        listed = client.get("/api/variants").json()
    assert listed["allow_seed"] is allow_seed
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


_SECURITY: Final = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/", "text/html"),
        ("/static/app.js", "javascript"),
        ("/static/style.css", "text/css"),
        ("/static/favicon.svg", "image/svg+xml"),
    ],
)
def test_the_page_and_its_files_are_served(api: Api, path: str, kind: str) -> None:
    """``/`` is the page and its files are served from the package, each with the security headers."""
    response = api.client.get(path)
    assert response.status_code == 200 and kind in response.headers["content-type"]
    assert response.content == (STATIC / ("index.html" if path == "/" else path.removeprefix("/static/"))).read_bytes()
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert {k: response.headers[k] for k in _SECURITY} == _SECURITY


def test_the_page_needs_nothing_its_policy_forbids(api: Api) -> None:
    """Every file the page links is served, and it has no inline script or style (``default-src 'self'``)."""
    page = api.client.get("/").text
    linked = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert {"static/app.js", "static/style.css", "static/favicon.svg"} <= set(linked)
    for link in linked:
        assert api.client.get("/" + link.removeprefix("/")).status_code == 200, link
    assert not re.search(r"<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=", page)


def test_an_embedder_may_serve_the_api_alone() -> None:
    """With ``page=False`` neither the page nor its files are served; the API still is."""
    config = attrs.evolve(CONFIG, page=False)
    with TestClient(create_app(SqliteStore(":memory:"), config)) as client:
        assert client.get("/").status_code == 404
        assert client.get("/static/app.js").status_code == 404
        assert client.get("/api/variants").status_code == 200


def test_the_page_names_no_game() -> None:
    """The page's files name no variant, nor any variant's class: each draws itself, or the generic table draws it."""
    for path in sorted(STATIC.iterdir()):
        text = path.read_text()
        for name in tablegames.variant_names():
            cls = tablegames.get_variant(name)
            assert name not in text, (path.name, name)
            assert not re.search(rf"\b{cls.__name__}\b", text), (path.name, cls.__name__)
