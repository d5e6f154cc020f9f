"""Running the checks over many Hypothesis-drawn scenarios: :func:`check_variant` and friends."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tablegames.core.game import Game
from tablegames.testing.checks import CHECKS, DEFAULT_MAX_STEPS, Check
from tablegames.testing.scenario import CheckNotApplicable, Scenario
from tablegames.testing.strategies import DEFAULT_MAX_CHOICES, DEFAULT_MAX_POSITION, scenarios

__all__ = ["DEFAULT_EXAMPLES", "check_variant", "kit_settings", "run_check"]

DEFAULT_EXAMPLES: Final = 20
"""How many scenarios each check tries when nothing else says."""


def kit_settings(*, examples: int | None = None, base: settings | None = None) -> settings:
    """Hypothesis settings for the kit: ``examples`` scenarios per check, no deadline, no explain phase.

    Args:
        examples: how many scenarios per check (by default :data:`DEFAULT_EXAMPLES`, or the
            loaded profile's ``max_examples`` if it is smaller).
        base: the settings to start from (by default the loaded Hypothesis profile).

    """
    parent = base if base is not None else settings()
    if examples is None:
        examples = min(DEFAULT_EXAMPLES, parent.max_examples)
    return settings(
        parent,
        max_examples=examples,
        deadline=None,
        phases=[p for p in parent.phases if p is not Phase.explain],  # explaining re-runs games traced: slow
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


def _not_applicable(variant: type[Game], check: Check, options: Any) -> str | None:
    """Why ``check`` cannot run on ``variant`` (from its default game), or ``None``."""
    hooks = {"check_pieces_conserved": "piece_places", "check_no_leaks": "hidden_pieces"}
    hook = hooks.get(getattr(check, "__name__", ""))
    if hook is None:
        return None
    try:
        fixed = options if options is not None and not isinstance(options, (Mapping, st.SearchStrategy)) else None
        game = variant.create(fixed)
    except Exception:
        return None
    result = game.piece_places() if hook == "piece_places" else game.hidden_pieces(0)
    return None if result is not None else f"{variant.__qualname__} does not implement Game.{hook}()"


def _check_limits(max_position: int, time_limit: float | None) -> None:
    """Refuse a ``max_position`` that is not a non-negative int, or a ``time_limit`` that is not a positive number."""
    if type(max_position) is not int or max_position < 0:
        raise ValueError(f"max_position must be an int of 0 or more, not {max_position!r}")
    if time_limit is not None and (type(time_limit) not in (int, float) or not time_limit > 0):
        raise ValueError(f"time_limit must be a positive number of seconds or None, not {time_limit!r}")


def run_check(
    variant: type[Game],
    check: str | Check,
    *,
    options: Any = None,
    examples: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_choices: int = DEFAULT_MAX_CHOICES,
    max_position: int = DEFAULT_MAX_POSITION,
    time_limit: float | None = None,
    seeds: st.SearchStrategy[int] | None = None,
    hypothesis_settings: settings | None = None,
) -> int:
    """Run one check (a name from :data:`~tablegames.testing.checks.CHECKS` or a function) over drawn scenarios.

    Hypothesis draws scenarios with :func:`~tablegames.testing.strategies.scenarios`; a failure is
    shrunk to a small scenario and raised as :class:`~tablegames.testing.scenario.ConformanceError`.

    Args:
        variant: the variant class.
        check: the check, by name or as a function.
        options: the options (see :func:`check_variant`).
        examples: scenarios to draw (see :func:`kit_settings`).
        max_steps: the most actions in one game.
        max_choices: the most explicit choices a scenario draws.
        max_position: the most actions a scenario plays before the position its check looks at
            (:data:`~tablegames.testing.strategies.DEFAULT_MAX_POSITION` by default); raise it to
            look deeper into long matches.
        time_limit: seconds after which no further scenario is played (the one under way
            finishes; the first is always played), or ``None`` for no bound. Once a scenario
            has failed, its shrinking is never cut short.
        seeds: the strategy of seeds.
        hypothesis_settings: settings to use instead of :func:`kit_settings`.

    Returns:
        How many scenarios were played (fewer than drawn where the time limit cut the run short).

    Raises:
        ConformanceError: the shrunk failure.
        CheckNotApplicable: if the variant lacks a hook the check needs.
        KeyError: for an unknown check name.
        ValueError: for a ``max_position`` or ``time_limit`` out of range.

    """
    _check_limits(max_position, time_limit)
    func = CHECKS[check] if isinstance(check, str) else check
    reason = _not_applicable(variant, func, options)
    if reason is not None:
        raise CheckNotApplicable(reason)
    strategy = scenarios(variant, options=options, seeds=seeds, max_choices=max_choices, max_position=max_position)
    chosen = hypothesis_settings if hypothesis_settings is not None else kit_settings(examples=examples)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    played = 0
    failed = False

    @chosen
    @given(scenario=strategy)
    def run(scenario: Scenario) -> None:
        nonlocal played, failed
        if deadline is not None and played and not failed and time.monotonic() > deadline:
            return  # out of time: the scenarios left are not played
        played += 1
        try:
            func(scenario, max_steps=max_steps)
        except Exception:
            failed = True  # from here on every scenario is played: shrinking must see each fail again
            raise

    run()
    return played


def check_variant(
    variant: type[Game],
    *,
    options: Any = None,
    checks: Iterable[str] | None = None,
    skip: Iterable[str] = (),
    examples: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_position: int = DEFAULT_MAX_POSITION,
    time_limit: float | None = None,
    seeds: st.SearchStrategy[int] | None = None,
    hypothesis_settings: settings | None = None,
    progress: Callable[[str, str], None] | None = None,
) -> dict[str, str]:
    """Run every check of the kit (or those named) on ``variant``; the one entry point.

    Args:
        variant: the variant class (registered or not).
        options: ``None`` (drawn from the options class), a mapping of fixed values or
            strategies per option, a strategy of options, or fixed options.
        checks: the names of the checks to run (by default all of :data:`~tablegames.testing.checks.CHECKS`, in order).
        skip: names of checks not to run.
        examples: scenarios per check (see :func:`kit_settings`).
        max_steps: the most actions in one game.
        max_position: the most actions a scenario plays before the position its check looks
            at (:data:`~tablegames.testing.strategies.DEFAULT_MAX_POSITION`, 300, by default);
            raise it to look deeper into long matches.
        time_limit: seconds each check may spend before it stops playing further scenarios
            (see :func:`run_check`), or ``None`` (the default) for no bound.
        seeds: the strategy of seeds.
        hypothesis_settings: settings to use instead of :func:`kit_settings`.
        progress: called with ``(check name, outcome)`` after each check.

    Returns:
        Each check's outcome by name: ``"passed"``, or ``"not applicable: <why>"``.

    Raises:
        ConformanceError: the first failure, shrunk to a small scenario.
        KeyError: for an unknown check name.
        ValueError: for a ``max_position`` or ``time_limit`` out of range.

    >>> from tablegames.testing.runner import check_variant
    >>> from tablegames.core.registry import get_variant

    >>> Sniff = get_variant("american-sniff")
    >>> check_variant(Sniff, options={"players": 2, "target": 60}, checks=["replay", "clone"], examples=3)
    {'replay': 'passed', 'clone': 'passed'}

    """
    _check_limits(max_position, time_limit)
    names = list(CHECKS) if checks is None else list(checks)
    skipped = set(skip)
    unknown = [n for n in [*names, *skipped] if n not in CHECKS]
    if unknown:
        raise KeyError(f"unknown checks {unknown}; the checks are {', '.join(CHECKS)}")
    outcomes: dict[str, str] = {}
    for name in names:
        if name in skipped:
            continue
        try:
            run_check(
                variant,
                name,
                options=options,
                examples=examples,
                max_steps=max_steps,
                max_position=max_position,
                time_limit=time_limit,
                seeds=seeds,
                hypothesis_settings=hypothesis_settings,
            )
        except CheckNotApplicable as exc:
            outcomes[name] = f"not applicable: {exc}"
        else:
            outcomes[name] = "passed"
        if progress is not None:
            progress(name, outcomes[name])
    return outcomes
