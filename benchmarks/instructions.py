"""Random 2-player Sniff matches for an instruction count (see ``instructions.sh``).

``python benchmarks/instructions.py N`` plays N matches from seeds 0..N-1 and prints the
number of decisions; ``python benchmarks/instructions.py 0`` only imports the library and
creates one game, the baseline that ``instructions.sh`` subtracts. Under callgrind the count
is the same from run to run whatever else the machine does, so two versions of the engine
can be compared on a busy machine.
"""

from __future__ import annotations

import random
import sys

import tablegames


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    tablegames.new_game("american-sniff", seed=0, players=2)
    rng = random.Random(1)
    decisions = 0
    for seed in range(matches):
        game = tablegames.new_game("american-sniff", seed=seed, players=2)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    print(decisions)


if __name__ == "__main__":
    main()
