"""One pytest test per check for a variant: :class:`ConformanceSuite` and :func:`conformance_tests`.

In a test module of a variant's package::

    from tablegames.testing import ConformanceSuite

    class TestMyVariant(ConformanceSuite):
        variant = MyVariant
        options = {"players": 2}

or, as one line, ``TestMyVariant = conformance_tests(MyVariant, options={"players": 2})``.
Each check of :data:`~tablegames.testing.checks.CHECKS` becomes a test method ``test_<check>``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from tablegames.core.game import Game
from tablegames.testing.checks import CHECKS, DEFAULT_MAX_STEPS
from tablegames.testing.runner import kit_settings, run_check
from tablegames.testing.scenario import CheckNotApplicable
from tablegames.testing.strategies import DEFAULT_MAX_POSITION

__all__ = ["ConformanceSuite", "conformance_tests", "suite_defaults"]

suite_defaults: dict[str, Any] = {
    "examples": None,
    "max_steps": None,
    "max_position": None,
    "time_limit": None,
    "profile": None,
}
"""Session-wide settings the pytest plugin fills from the command line (``--tablegames-*``)."""


def _test_for(check: str) -> Any:
    def test(self: ConformanceSuite) -> None:
        self.run_conformance_check(check)

    test.__name__ = f"test_{check}"
    test.__qualname__ = f"ConformanceSuite.test_{check}"
    test.__doc__ = f"The variant passes the conformance check {check!r}."
    return test


class ConformanceSuite:
    """Subclass it with ``variant = MyVariant`` to get one pytest test per conformance check.

    The class attributes tune the run; the command line's ``--tablegames-examples``,
    ``--tablegames-max-steps``, ``--tablegames-max-position`` and ``--tablegames-time-limit``
    override ``examples``, ``max_steps``, ``max_position`` and ``time_limit`` for every suite.
    The base class itself collects no tests (its name does not start with ``Test``).
    """

    variant: ClassVar[type[Game] | None] = None
    """The variant class under test."""
    options: ClassVar[Any] = None
    """Its options (``None`` to draw all; a mapping of values or strategies; a strategy; or options)."""
    seeds: ClassVar[st.SearchStrategy[int] | None] = None
    """The strategy of seeds (by default any seed)."""
    examples: ClassVar[int | None] = None
    """Scenarios per check (by default 20, or fewer under a smaller Hypothesis profile)."""
    max_steps: ClassVar[int] = DEFAULT_MAX_STEPS
    """The most actions in one game."""
    max_position: ClassVar[int] = DEFAULT_MAX_POSITION
    """The most actions a scenario plays before the position its check looks at (raise it to look deeper)."""
    time_limit: ClassVar[float | None] = None
    """Seconds each check may spend before it stops playing further scenarios (``None``: no bound)."""
    skip_checks: ClassVar[frozenset[str]] = frozenset()
    """Names of checks to skip (reported as skipped, with the reason ``skip_checks``)."""

    def run_conformance_check(self, check: str) -> None:
        """Run one check of :data:`~tablegames.testing.checks.CHECKS` with this suite's settings."""
        variant = type(self).variant
        if variant is None:
            pytest.skip("no variant set on this ConformanceSuite")
        if check in self.skip_checks:
            pytest.skip(f"{check!r} is in skip_checks")
        examples = suite_defaults["examples"] or self.examples
        max_steps = suite_defaults["max_steps"] or self.max_steps
        max_position = suite_defaults["max_position"] or self.max_position
        time_limit = suite_defaults["time_limit"] or self.time_limit
        profile = suite_defaults["profile"]
        chosen = None
        if profile is not None:
            chosen = kit_settings(examples=examples, base=settings.get_profile(profile))
        try:
            run_check(
                variant,
                check,
                options=self.options,
                examples=examples,
                max_steps=max_steps,
                max_position=max_position,
                time_limit=time_limit,
                seeds=self.seeds,
                hypothesis_settings=chosen,
            )
        except CheckNotApplicable as exc:
            pytest.skip(str(exc))


for _name in CHECKS:
    setattr(ConformanceSuite, f"test_{_name}", _test_for(_name))
del _name


def conformance_tests(
    variant: type[Game],
    *,
    options: Any = None,
    seeds: st.SearchStrategy[int] | None = None,
    examples: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_position: int = DEFAULT_MAX_POSITION,
    time_limit: float | None = None,
    skip_checks: frozenset[str] | set[str] | tuple[str, ...] = (),
    name: str | None = None,
) -> type[ConformanceSuite]:
    """A :class:`ConformanceSuite` subclass for ``variant``; assign it to a ``Test...`` name.

    The keywords set the class attributes of the same names (see :class:`ConformanceSuite`).

    >>> from tablegames.testing.suite import conformance_tests
    >>> from tablegames.core.registry import get_variant

    >>> Sniff = get_variant("american-sniff")
    >>> TestSniff = conformance_tests(Sniff, options={"players": 3})
    >>> TestSniff.__name__, "test_replay" in dir(TestSniff)
    ('TestSniff', True)

    Raises:
        KeyError: if ``skip_checks`` names an unknown check.

    """
    unknown = [c for c in skip_checks if c not in CHECKS]
    if unknown:
        raise KeyError(f"unknown checks {unknown}; the checks are {', '.join(CHECKS)}")
    body: dict[str, Any] = {
        "variant": variant,
        "options": options,
        "seeds": seeds,
        "examples": examples,
        "max_steps": max_steps,
        "max_position": max_position,
        "time_limit": time_limit,
        "skip_checks": frozenset(skip_checks),
        "__doc__": f"The conformance checks of {variant.name}.",
    }
    return type(name or f"Test{variant.__name__}", (ConformanceSuite,), body)
