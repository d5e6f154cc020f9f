"""Play a whole match of American Sniff between random players and replay its log.

Run: ``python examples/random_match.py [SEED]``.
"""

from __future__ import annotations

import random
import sys

import tablegames


def play(seed: int, players: int = 2) -> tablegames.Game:
    """A finished match between random players, checked by replaying its log."""
    game = tablegames.new_game("american-sniff", seed=seed, players=players)
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    text = tablegames.dumps(game.log())
    again = tablegames.replay(tablegames.load_log(text))
    assert tablegames.dumps(again.log()) == text
    return game


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    game = play(seed)
    hands = game.view(0).hand_number
    print(f"seed {seed}: side {game.winner} won {game.scores} after {hands} hands")


if __name__ == "__main__":
    main()
