"""The bots' generic worlds for Euchre: a face-down discard is a hidden choice the sampler branches on."""

from __future__ import annotations

from tablegames_euchre.events import Discarded

import tablegames
from tablegames.testing import Scenario, check_capabilities


def test_worlds_are_found_where_the_dealer_discarded_the_up_card_face_down() -> None:
    """Found by the kit's random profile: in hand 3 the dealer took up the K of spades and
    discarded it again, face down; seat 1 sees a discard, then the dealer play five other
    cards. A world must make that same discard, which only the later plays tell: before the
    sampler tried each hidden choice in turn, it gave up here after 6,000 tries."""
    scenario = Scenario(
        variant=tablegames.get_variant("euchre"),
        options={"target": 7, "alone": False, "stick_the_dealer": False},
        seed=195,
        choices=(),
        then=1211888,
        steps=198,
        seat=0,
        swaps=(),
    )
    game = scenario.position()
    hand_3 = [e for e in game.log(1).events if isinstance(e, Discarded)][2]
    assert hand_3.seat == 3 and hand_3.card is None  # hidden from seat 1
    check_capabilities(scenario)
