"""The pytest plugin of the conformance kit, registered through the ``pytest11`` entry point.

It adds command-line options for every :class:`~tablegames.testing.suite.ConformanceSuite` in the
session and registers two Hypothesis profiles:

* ``--tablegames-examples N``: scenarios per check (default 20, or fewer under a smaller
  Hypothesis profile).
* ``--tablegames-max-steps N``: the most actions in one game.
* ``--tablegames-max-position N``: the most actions a scenario plays before the position its
  check looks at (default 300): raise it to look deeper into long matches.
* ``--tablegames-time-limit SECONDS``: the time each check may spend before it stops playing
  further scenarios (default: no bound).
* ``--tablegames-profile NAME``: the Hypothesis profile the kit's runs start from, such as
  ``tablegames-fast`` (10 derandomized examples, for CI) or ``tablegames-thorough`` (500).
"""

from __future__ import annotations

from typing import Any, Final

import pytest
from hypothesis import HealthCheck, settings

from tablegames.testing.suite import suite_defaults

__all__ = ["FAST_PROFILE", "THOROUGH_PROFILE", "pytest_addoption", "pytest_configure", "pytest_report_header"]

FAST_PROFILE: Final = "tablegames-fast"
"""The Hypothesis profile for CI (10 examples, derandomized, no database, no deadline)."""
THOROUGH_PROFILE: Final = "tablegames-thorough"
"""The Hypothesis profile for a long local run (500 examples, no deadline)."""

_SLOW: Final = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile(
    FAST_PROFILE, max_examples=10, derandomize=True, database=None, deadline=None, suppress_health_check=_SLOW
)
settings.register_profile(THOROUGH_PROFILE, max_examples=500, deadline=None, suppress_health_check=_SLOW)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(f"{text!r} is not a positive int")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    if not value > 0 or value == float("inf"):
        raise ValueError(f"{text!r} is not a positive number of seconds")
    return value


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add the ``--tablegames-*`` options."""
    group = parser.getgroup("tablegames", "tablegames conformance kit")
    group.addoption(
        "--tablegames-examples", type=_positive, default=None, metavar="N", help="scenarios per conformance check"
    )
    group.addoption(
        "--tablegames-max-steps", type=_positive, default=None, metavar="N", help="the most actions in one game"
    )
    group.addoption(
        "--tablegames-max-position",
        type=_positive,
        default=None,
        metavar="N",
        help="the most actions before the position a conformance check looks at (default 300)",
    )
    group.addoption(
        "--tablegames-time-limit",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="the time each conformance check may spend before it stops drawing scenarios",
    )
    group.addoption(
        "--tablegames-profile",
        default=None,
        metavar="NAME",
        help=f"the Hypothesis profile conformance checks start from ({FAST_PROFILE}, {THOROUGH_PROFILE}, ...)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Store the options where :class:`~tablegames.testing.suite.ConformanceSuite` reads them."""
    profile = config.getoption("--tablegames-profile", None)
    if profile is not None:
        settings.get_profile(profile)  # an unknown name fails here, with Hypothesis' message
    suite_defaults["examples"] = config.getoption("--tablegames-examples", None)
    suite_defaults["max_steps"] = config.getoption("--tablegames-max-steps", None)
    suite_defaults["max_position"] = config.getoption("--tablegames-max-position", None)
    suite_defaults["time_limit"] = config.getoption("--tablegames-time-limit", None)
    suite_defaults["profile"] = profile


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    """One header line when the kit's options are in use."""
    used: dict[str, Any] = {k: v for k, v in suite_defaults.items() if v is not None}
    if not used:
        return None
    return ["tablegames conformance kit: " + ", ".join(f"{k}={v}" for k, v in sorted(used.items()))]
