"""The OpenAPI 3.1 document of the server's HTTP API, served at ``/api/openapi.json``.

Actions, events and views are each variant's own; their JSON Schemas come from
:func:`tablegames.schema.schema_for` (``tablegames schema NAME``). Here they are objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

__all__ = ["openapi_document"]

_OBJECT: Final = {"type": "object"}
_ERROR: Final = {
    "type": "object",
    "required": ["error", "message"],
    "properties": {
        "error": {"type": "string"},
        "message": {"type": "string"},
        "state": {"$ref": "#/components/schemas/State"},
    },
}
_STATE: Final[dict[str, Any]] = {
    "type": "object",
    "required": [
        "game",
        "variant",
        "version",
        "seat",
        "players",
        "seats",
        "side_of_seat",
        "options",
        "view",
        "events_from",
        "events",
        "log_text",
        "legal_actions",
        "labels",
        "current_player",
        "scores",
        "winner",
        "is_over",
    ],
    "properties": {
        "game": {"type": "string"},
        "variant": {"type": "string"},
        "version": {
            "type": "integer",
            "minimum": 0,
            "description": "How many events the game has: send it back with an action.",
        },
        "seat": {"type": "integer", "minimum": 0},
        "players": {"type": "integer", "minimum": 1},
        "seats": {"type": "array", "items": {"type": "string"}},
        "side_of_seat": {"type": "array", "items": {"type": "integer"}},
        "options": {"type": "object", "description": "The game's options, in their JSON form."},
        "view": _OBJECT,
        "events_from": {"type": "integer", "minimum": 0},
        "events": {"type": "array", "items": _OBJECT},
        "log_text": {"type": "array", "items": {"type": "string"}},
        "legal_actions": {"type": "array", "items": _OBJECT},
        "labels": {"type": "array", "items": {"type": ["string", "null"]}},
        "current_player": {"type": ["integer", "null"]},
        "scores": {"type": "array", "items": {"type": "integer"}},
        "winner": {"type": ["integer", "null"]},
        "is_over": {"type": "boolean"},
    },
}
_PUBLIC_STATE: Final[dict[str, Any]] = {
    "type": "object",
    "description": "What someone who holds no seat may see: the events every seat sees, no hand, no view.",
    "required": [k for k in _STATE["required"] if k not in ("view", "legal_actions", "labels")],
    "properties": {
        **{k: v for k, v in _STATE["properties"].items() if k not in ("view", "legal_actions", "labels")},
        "seat": {"type": "null"},
    },
}
_TOKEN: Final = {
    "type": "object",
    "required": ["game", "seat", "token", "expires"],
    "properties": {
        "game": {"type": "string"},
        "seat": {"type": "integer"},
        "token": {"type": "string", "description": "Send it as 'Authorization: Bearer <token>'."},
        "expires": {"type": "number"},
    },
}


def _json(schema: Any) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _answers(ok: int, schema: Any, *errors: int) -> dict[str, Any]:
    """``ok`` with ``schema``, the refusals any request may get, and ``errors``.

    Any request may get 503 (the database cannot be reached) and 408 (a body too slow).
    """
    out: dict[str, Any] = {str(ok): {"description": "done", "content": _json(schema)}}
    for status in sorted({400, 404, 405, 408, 413, 415, 503, *errors}):
        out[str(status)] = {"description": "refused", "content": _json({"$ref": "#/components/schemas/Error"})}
    return out


_GAME_ID: Final = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}
_SINCE: Final = {
    "name": "since",
    "in": "query",
    "required": False,
    "schema": {"type": "integer", "minimum": 0, "maximum": 999_999_999},
}
_AUTH: Final[list[dict[str, list[str]]]] = [{"bearer": []}]
_SSE_MESSAGE: Final = {
    "type": "object",
    "description": "One message: an 'event' (its data an index, the event and its text) or a 'version'.",
    "required": ["event", "data"],
    "properties": {"event": {"enum": ["event", "version"]}, "data": {"type": "string"}, "id": {"type": "string"}},
}


def openapi_document(variants: Sequence[str] = (), bots: Sequence[str] = ()) -> dict[str, Any]:
    """The OpenAPI 3.1 document of every endpoint, its parameters, bodies and answers.

    Args:
        variants: the variant names the server offers (the ``variant`` of a new game).
        bots: the bot names a seat may take.

    """
    seat_errors = (401, 403, 409, 429, 503)
    return {
        "openapi": "3.1.0",
        "info": {"title": "tablegames server", "version": "1"},
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {"State": _STATE, "PublicState": _PUBLIC_STATE, "Error": _ERROR, "Token": _TOKEN},
        },
        "paths": {
            "/api/variants": {
                "get": {
                    "summary": "The variants, their options' JSON Schemas, and the bots",
                    "responses": _answers(
                        200,
                        {
                            "type": "object",
                            "required": ["variants", "bots", "allow_seed"],
                            "properties": {
                                "variants": {"type": "array", "items": _OBJECT},
                                "bots": {"type": "array", "items": {"type": "string"}},
                                "allow_seed": {"type": "boolean"},
                            },
                        },
                    ),
                }
            },
            "/api/variants/{name}/page.js": {
                "get": {
                    "summary": "The variant's own drawing for the page: a JavaScript module (404 if it ships none)",
                    "parameters": [
                        {
                            "name": "name",
                            "in": "path",
                            "required": True,
                            "schema": {"enum": list(variants)} if variants else {"type": "string"},
                        }
                    ],
                    "responses": {
                        "200": {"description": "done", "content": {"text/javascript": {"schema": {"type": "string"}}}},
                        **{k: v for k, v in _answers(200, _OBJECT).items() if k != "200"},
                    },
                }
            },
            "/api/games": {
                "post": {
                    "summary": "A new game, and the creator's seat's token",
                    "requestBody": {
                        "required": True,
                        "content": _json(
                            {
                                "type": "object",
                                "required": ["variant"],
                                "properties": {
                                    "variant": {"enum": list(variants)} if variants else {"type": "string"},
                                    "options": _OBJECT,
                                    "seats": {"type": "array", "items": {"enum": ["me", "open", *bots]}},
                                    "seed": {"type": "integer"},
                                },
                            }
                        ),
                    },
                    "responses": _answers(
                        201,
                        {
                            "allOf": [
                                {"$ref": "#/components/schemas/Token"},
                                {
                                    "type": "object",
                                    "required": ["state"],
                                    "properties": {"state": {"$ref": "#/components/schemas/State"}},
                                },
                            ]
                        },
                        429,
                    ),
                }
            },
            "/api/lobby": {
                "get": {
                    "summary": "Unfinished games with an open seat",
                    "responses": _answers(
                        200,
                        {
                            "type": "object",
                            "required": ["games"],
                            "properties": {"games": {"type": "array", "items": _OBJECT}},
                        },
                    ),
                }
            },
            "/api/games/{game_id}": {
                "get": {
                    "summary": "The seat's state, with its events from 'since' on",
                    "parameters": [_GAME_ID, _SINCE],
                    "security": _AUTH,
                    "responses": _answers(200, {"$ref": "#/components/schemas/State"}, *seat_errors),
                }
            },
            "/api/games/{game_id}/watch": {
                "get": {
                    "summary": "A spectator's state (no seat: what every seat sees), with the events from 'since' on",
                    "parameters": [_GAME_ID, _SINCE],
                    "responses": _answers(200, {"$ref": "#/components/schemas/PublicState"}),
                }
            },
            "/api/games/{game_id}/join": {
                "post": {
                    "summary": "Take an open seat",
                    "parameters": [_GAME_ID],
                    "requestBody": {
                        "required": True,
                        "content": _json(
                            {"type": "object", "required": ["seat"], "properties": {"seat": {"type": "integer"}}}
                        ),
                    },
                    "responses": _answers(201, {"$ref": "#/components/schemas/Token"}, 409, 429),
                }
            },
            "/api/games/{game_id}/actions": {
                "post": {
                    "summary": "Act, on the state of the version given",
                    "parameters": [_GAME_ID],
                    "security": _AUTH,
                    "requestBody": {
                        "required": True,
                        "content": _json(
                            {
                                "type": "object",
                                "required": ["action", "version"],
                                "properties": {"action": _OBJECT, "version": {"type": "integer"}},
                            }
                        ),
                    },
                    "responses": _answers(200, {"$ref": "#/components/schemas/State"}, *seat_errors),
                }
            },
            "/api/games/{game_id}/log": {
                "get": {
                    "summary": "A finished game's full log, signed by this server",
                    "parameters": [_GAME_ID],
                    "security": _AUTH,
                    "responses": _answers(
                        200,
                        {
                            "type": "object",
                            "required": ["game", "signed_log"],
                            "properties": {"game": {"type": "string"}, "signed_log": {"type": "string"}},
                        },
                        *seat_errors,
                    ),
                }
            },
            "/api/logs": {
                "post": {
                    "summary": "A game again, from a log this server signed; its seats open",
                    "requestBody": {
                        "required": True,
                        "content": _json(
                            {
                                "type": "object",
                                "required": ["signed_log"],
                                "properties": {"signed_log": {"type": "string"}},
                            }
                        ),
                    },
                    "responses": _answers(
                        201,
                        {
                            "type": "object",
                            "required": ["game", "seats", "version", "is_over"],
                            "properties": {
                                "game": {"type": "string"},
                                "seats": {"type": "integer"},
                                "version": {"type": "integer"},
                                "is_over": {"type": "boolean"},
                            },
                        },
                        403,
                        429,
                    ),
                }
            },
            "/api/games/{game_id}/events": {
                "get": {
                    "summary": "The seat's events as they happen (Server-Sent Events)",
                    "parameters": [_GAME_ID, _SINCE],
                    "security": _AUTH,
                    "responses": {
                        "200": {
                            "description": "an event stream",
                            "content": {"text/event-stream": {"schema": _SSE_MESSAGE}},
                        },
                        **{k: v for k, v in _answers(200, {}, *seat_errors).items() if k != "200"},
                    },
                }
            },
        },
    }
