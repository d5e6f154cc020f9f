"""How a server drives a game for front ends: JSON in, JSON out, one seat at a time.

The match's options arrive as JSON from the client that opens the table and go in whole as
``options=``, so a ``"seed"`` or ``"deals"`` key in them is refused, never obeyed. Each seat
receives only its own view (and, if it wants, its redacted log); actions arrive as JSON and
are checked with ``action_from_json``, which refuses anything malformed, illegal or sent out
of turn without changing the game.
"""

from __future__ import annotations

import json
import random
from typing import Any

import tablegames


def serve_one_match(seed: int, request: str = '{"players": 4}') -> list[dict[str, Any]]:
    """Play a match where every seat is a 'remote' client choosing from its view's JSON.

    ``request`` is the JSON object of options the opening client sent; the seed is the server's.
    """
    game = tablegames.new_game("american-sniff", options=json.loads(request), seed=seed)
    rng = random.Random(seed)
    refused: list[dict[str, Any]] = []
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        view = json.loads(tablegames.dumps(game.view(seat)))  # what the server sends
        wire = rng.choice(view["legal_actions"])              # what the client sends back
        other = (seat + 1) % game.players
        try:
            game.action_from_json(wire, seat=other)           # a seat acting out of turn
        except tablegames.IllegalActionError as exc:
            refused.append({"seat": other, "reason": exc.reason})
        game.apply(game.action_from_json(wire, seat=seat), seat=seat)
    return refused


if __name__ == "__main__":
    print(f"{len(serve_one_match(3))} out-of-turn actions refused; the match still ended normally")
