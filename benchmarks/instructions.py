"""Random matches of one variant for an instruction count (see ``instructions.sh``).

``python benchmarks/instructions.py N [VARIANT]`` plays N matches of ``VARIANT`` (default
2-player American Sniff) from seeds 0..N-1 and prints the number of decisions;
``python benchmarks/instructions.py 0 [VARIANT]`` only imports the library and creates one
game, the baseline that ``instructions.sh`` subtracts. Under callgrind the count
is the same from run to run whatever else the machine does, so two versions of the engine
can be compared on a busy machine.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import tablegames

STEPS = 400
"""Decisions played from one match at most (random Smear, setting back, can run very long)."""


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    variant = sys.argv[2] if len(sys.argv) > 2 else "american-sniff"
    options: dict[str, Any] = {"players": 2} if variant == "american-sniff" else {}
    tablegames.new_game(variant, seed=0, **options)
    rng = random.Random(1)
    decisions = 0
    for seed in range(matches):
        game = tablegames.new_game(variant, seed=seed, **options)
        for _ in range(STEPS):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    print(decisions)


if __name__ == "__main__":
    main()
