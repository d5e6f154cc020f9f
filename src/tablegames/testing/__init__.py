"""The conformance kit: checks that any variant author runs against their own variant.

Install it with the ``testing`` extra (``pip install tablegames[testing]``); the core never
imports it.

Usage, in a variant's test module (pytest collects one test per check)::

    from tablegames.testing import ConformanceSuite, conformance_tests

    class TestMyVariant(ConformanceSuite):
        variant = MyVariant                       # a Game subclass, registered or not
        options = {"players": 2}                  # values or Hypothesis strategies per option

    TestMyVariantFour = conformance_tests(MyVariant, options={"players": 4})

Without pytest, one call runs every check over Hypothesis-drawn scenarios and raises a
``ConformanceError`` (an ``AssertionError``) with a shrunk, readable example::

    check_variant(MyVariant, options=None, checks=None, skip=(), examples=None,
                  max_steps=10_000, max_position=300, time_limit=None, seeds=None,
                  hypothesis_settings=None) -> dict[str, str]

``max_position`` is the most actions a scenario plays before the position its check looks at
(raise it to look deeper into long matches); ``time_limit`` bounds the seconds each check
spends (the scenarios left once it is spent are not played).

Each check is a plain function ``check_<name>(scenario, *, max_steps=10_000) -> None`` on a
``Scenario`` (variant, options, seed, choices, then, steps, seat, swaps), and
``CHECKS`` maps the short names (``terminates``, ``views``, ``pieces``, ``replay``,
``same_seed``, ``clone``, ``no_leaks``, ``indistinguishable``, ``public``,
``public_indistinguishable``, ``illegal_refused``, ``json_round_trip``, ``worlds``,
``capabilities``, ``text``, ``action_ids``, ``observation``) to them; ``run_check`` runs one
over drawn scenarios. Strategies: ``variant_options``, ``seeds``, ``action_choices``, ``scenarios``.

Two checks need optional hooks of :class:`~tablegames.core.game.Game`:
``piece_places()`` (``pieces``) and ``hidden_pieces(seat)`` (``no_leaks``); without them
those checks are reported as not applicable (skipped under pytest).

Move-path counting (``perft(game, depth)``, ``perft_divide``) is re-exported here too, and the
shared bodies of a variant's own property tests over whole random matches (``play_random``,
``check_log_replays``, ``check_goes_on_like_clone_and_replay``, ``named_pieces``).

pytest options (the plugin is installed with the package): ``--tablegames-examples N``,
``--tablegames-max-steps N``, ``--tablegames-max-position N``, ``--tablegames-time-limit
SECONDS``, ``--tablegames-profile tablegames-fast|tablegames-thorough``.

>>> from tablegames.testing.scenario import Scenario
>>> from tablegames.testing.checks import check_replay
>>> from tablegames.core.registry import get_variant

>>> Sniff = get_variant("american-sniff")
>>> check_replay(Scenario(variant=Sniff, options={"players": 2}, seed=3, steps=10))
"""

from __future__ import annotations

from tablegames.testing.checks import (
    CHECKS,
    DEFAULT_MAX_STEPS,
    HISTORY_VIEW_KEYS,
    VIEW_KEYS,
    Check,
    check_clone,
    check_illegal_refused,
    check_indistinguishable,
    check_json_round_trip,
    check_no_leaks,
    check_pieces_conserved,
    check_replay,
    check_same_seed,
    check_terminates,
    check_views,
)
from tablegames.testing.perft import perft, perft_divide
from tablegames.testing.properties import (
    DEFAULT_MATCH_STEPS,
    Policy,
    check_goes_on_like_clone_and_replay,
    check_log_replays,
    named_pieces,
    play_random,
)
from tablegames.testing.rl import check_action_ids, check_observation
from tablegames.testing.runner import DEFAULT_EXAMPLES, check_variant, kit_settings, run_check
from tablegames.testing.scenario import CheckNotApplicable, ConformanceError, Scenario
from tablegames.testing.spectator import check_public, check_public_indistinguishable
from tablegames.testing.strategies import (
    DEFAULT_MAX_CHOICES,
    DEFAULT_MAX_POSITION,
    action_choices,
    scenarios,
    seeds,
    variant_options,
)
from tablegames.testing.suite import ConformanceSuite, conformance_tests
from tablegames.testing.text import check_text
from tablegames.testing.worlds import check_capabilities, check_worlds

__all__ = [
    "CHECKS",
    "DEFAULT_EXAMPLES",
    "DEFAULT_MAX_CHOICES",
    "DEFAULT_MAX_POSITION",
    "DEFAULT_MATCH_STEPS",
    "DEFAULT_MAX_STEPS",
    "HISTORY_VIEW_KEYS",
    "Policy",
    "VIEW_KEYS",
    "Check",
    "CheckNotApplicable",
    "ConformanceError",
    "ConformanceSuite",
    "Scenario",
    "action_choices",
    "check_action_ids",
    "check_clone",
    "check_goes_on_like_clone_and_replay",
    "check_illegal_refused",
    "check_indistinguishable",
    "check_json_round_trip",
    "check_log_replays",
    "check_capabilities",
    "check_worlds",
    "check_no_leaks",
    "check_observation",
    "check_pieces_conserved",
    "check_public",
    "check_public_indistinguishable",
    "check_replay",
    "check_same_seed",
    "check_terminates",
    "check_text",
    "check_variant",
    "check_views",
    "conformance_tests",
    "kit_settings",
    "named_pieces",
    "perft",
    "perft_divide",
    "play_random",
    "run_check",
    "scenarios",
    "seeds",
    "variant_options",
]
