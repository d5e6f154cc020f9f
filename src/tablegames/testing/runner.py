"""Running the checks over many Hypothesis-drawn scenarios: :func:`check_variant` and friends."""

from __future__ import annotations

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


def run_check(
    variant: type[Game],
    check: str | Check,
    *,
    options: Any = None,
    examples: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    max_choices: int = DEFAULT_MAX_CHOICES,
    max_position: int = DEFAULT_MAX_POSITION,
    seeds: st.SearchStrategy[int] | None = None,
    hypothesis_settings: settings | None = None,
) -> None:
    """Run one check (a name from :data:`~tablegames.testing.checks.CHECKS` or a function) over drawn scenarios.

    Hypothesis draws scenarios with :func:`~tablegames.testing.strategies.scenarios`; a failure is
    shrunk to a small scenario and raised as :class:`~tablegames.testing.scenario.ConformanceError`.

    Raises:
        ConformanceError: the shrunk failure.
        CheckNotApplicable: if the variant lacks a hook the check needs.
        KeyError: for an unknown check name.

    """
    func = CHECKS[check] if isinstance(check, str) else check
    reason = _not_applicable(variant, func, options)
    if reason is not None:
        raise CheckNotApplicable(reason)
    strategy = scenarios(variant, options=options, seeds=seeds, max_choices=max_choices, max_position=max_position)
    chosen = hypothesis_settings if hypothesis_settings is not None else kit_settings(examples=examples)

    @chosen
    @given(scenario=strategy)
    def run(scenario: Scenario) -> None:
        func(scenario, max_steps=max_steps)

    run()


def check_variant(
    variant: type[Game],
    *,
    options: Any = None,
    checks: Iterable[str] | None = None,
    skip: Iterable[str] = (),
    examples: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
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
        seeds: the strategy of seeds.
        hypothesis_settings: settings to use instead of :func:`kit_settings`.
        progress: called with ``(check name, outcome)`` after each check.

    Returns:
        Each check's outcome by name: ``"passed"``, or ``"not applicable: <why>"``.

    Raises:
        ConformanceError: the first failure, shrunk to a small scenario.
        KeyError: for an unknown check name.

    >>> from tablegames.core.registry import get_variant

    >>> Sniff = get_variant("american-sniff")
    >>> check_variant(Sniff, options={"players": 2, "target": 60}, checks=["replay", "clone"], examples=3)
    {'replay': 'passed', 'clone': 'passed'}

    """
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
