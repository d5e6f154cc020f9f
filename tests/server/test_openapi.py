"""The API against its OpenAPI document, fuzzed by Schemathesis: no 500, every answer as documented."""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    ignored_auth,
    missing_required_header,
    negative_data_rejection,
    positive_data_acceptance,
)
from starlette.testclient import TestClient

from tablegames.server.app import ServerConfig, create_app
from tablegames.server.storage import SqliteStore

_DB = Path(tempfile.mkdtemp(prefix="tablegames-openapi-")) / "games.db"
app = create_app(
    SqliteStore(_DB),
    ServerConfig(
        creations_per_minute=100_000,
        live_games_per_client=100_000,
        actions_per_second=100_000.0,
        actions_burst=100_000,
        bot_requests_per_client=100_000,
        bot_seconds_per_minute=1e9,
        allowed_hosts=("*",),
        stream_seconds=0.3,
    ),
)
schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_documented(case: schemathesis.Case) -> None:  # type: ignore[type-arg]
    """Every check but one: a request the document allows may still be refused (400), as its
    meaning depends on the variant (how many seats, which options) and on the operator (the
    seed), which JSON Schema does not say; so ``positive_data_acceptance`` is left out."""
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


def _real_game() -> tuple[str, str]:
    client = TestClient(app)
    created = client.post("/api/games", json={"variant": "american-sniff", "options": {"players": 2}}).json()
    return created["game"], created["token"]


_GAME, _TOKEN = _real_game()


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_documented_for_a_real_seat(case: schemathesis.Case) -> None:  # type: ignore[type-arg]
    """The same, on a real game with its seat's token: the bodies, versions and since values fuzzed."""
    if case.path_parameters is not None and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = _GAME
    case.headers["Authorization"] = f"Bearer {_TOKEN}"
    # the token and the game are set by hand here, so a case generated to lack or spoil them is
    # no longer one: the checks of dropped or spoiled auth and of schema-violating data do not apply
    case.call_and_validate(
        excluded_checks=[positive_data_acceptance, ignored_auth, missing_required_header, negative_data_rejection]
    )
