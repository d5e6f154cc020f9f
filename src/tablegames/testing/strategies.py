"""Hypothesis strategies for any variant: options, seeds, choices and whole scenarios.

>>> from tablegames.testing.strategies import variant_options
>>> from hypothesis import find
>>> from tablegames.core.registry import get_variant
>>> Sniff = get_variant("american-sniff")
>>> find(variant_options(Sniff), lambda o: o.players == 3).players
3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs
from hypothesis import strategies as st

from tablegames.core.errors import InvalidOptionsError
from tablegames.core.game import Game, build_options
from tablegames.core.options import BoolOption, ChoiceOption, IntOption
from tablegames.testing.scenario import Scenario

__all__ = ["DEFAULT_MAX_CHOICES", "DEFAULT_MAX_POSITION", "action_choices", "scenarios", "seeds", "variant_options"]

DEFAULT_MAX_CHOICES: Final = 40
"""The most explicit choices a drawn scenario makes before its generator takes over."""
DEFAULT_MAX_POSITION: Final = 300
"""The most steps a drawn scenario plays before the position its checks look at."""

_SEED_MAX: Final = 2**63 - 1


def seeds() -> st.SearchStrategy[int]:
    """Game seeds: any int from 0 to 2**63 - 1, shrinking towards 0."""
    return st.integers(min_value=0, max_value=_SEED_MAX)


_any_seed = seeds


def action_choices(*, max_size: int = DEFAULT_MAX_CHOICES) -> st.SearchStrategy[tuple[int, ...]]:
    """Indices into the legal actions, one per step, shrinking towards the first legal action."""
    return st.lists(st.integers(min_value=0, max_value=255), max_size=max_size).map(tuple)


def _field_strategy(field: attrs.Attribute[Any], default: Any) -> st.SearchStrategy[Any] | None:
    """A strategy for one options field from its validator and type, or None to keep the default."""
    validators = [field.validator]
    inner = getattr(field.validator, "_validators", None)  # attrs.validators.and_
    if isinstance(inner, tuple):
        validators = list(inner)
    for validator in validators:
        if isinstance(validator, IntOption):
            low, high = validator.low, validator.high
            if high is None or high - low > 100:  # a target: far-off ones make endless random games
                if type(default) is not int:
                    return st.integers(min_value=low, max_value=low + 100 if high is None else min(high, low + 100))
                top = 2 * default if high is None else min(high, 2 * default)
                low, high = max(low, default // 2), max(low, top)
            return st.integers(min_value=low, max_value=high)
        if isinstance(validator, ChoiceOption):
            return st.sampled_from(validator.choices)
        if isinstance(validator, BoolOption):
            return st.booleans()
        allowed = getattr(validator, "options", None)  # attrs.validators.in_
        if isinstance(allowed, (tuple, list, frozenset, set)) and allowed:
            return st.sampled_from(sorted(allowed, key=repr))
    if field.type is bool or field.type == "bool":
        return st.booleans()
    return None


def variant_options(variant: type[Game], **overrides: Any) -> st.SearchStrategy[Any]:
    """Options of ``variant``, drawn field by field from its options class.

    An int field validated by :func:`~tablegames.core.options.int_option` is drawn within its
    range (for a range wider than 100, such as a target's, from half its default to twice its
    default, as far-off targets make endless random games); a field validated by
    :func:`~tablegames.core.options.choice_option` or ``attrs.validators.in_`` from its allowed
    values; a field validated by :func:`~tablegames.core.options.bool_option` or annotated
    ``bool`` from both values; any
    other field keeps its default. Override a field with a strategy or a plain value.

    Args:
        variant: the variant class.
        **overrides: a strategy or a fixed value for any option, such as
            ``players=st.sampled_from([2, 3])`` or ``target=50``.

    Raises:
        InvalidOptionsError: if an override names an option the variant does not have.

    """
    cls = variant.options_class
    fields = attrs.fields(cls)
    names = {f.name for f in fields}
    for name in overrides:
        if name not in names:
            raise InvalidOptionsError(name, f"unknown option {name!r}; allowed options: {', '.join(sorted(names))}")
    try:
        defaults = cls()
    except Exception:  # an options class with required fields: no defaults to go by
        defaults = None
    parts: dict[str, st.SearchStrategy[Any]] = {}
    for field in fields:
        if field.name in overrides:
            given = overrides[field.name]
            parts[field.name] = given if isinstance(given, st.SearchStrategy) else st.just(given)
            continue
        strategy = _field_strategy(field, getattr(defaults, field.name, None))
        if strategy is not None:
            parts[field.name] = strategy

    def build(values: Mapping[str, Any]) -> Any:
        try:
            return build_options(cls, values)
        except InvalidOptionsError:
            return None

    return st.fixed_dictionaries(parts).map(build).filter(lambda o: o is not None)


def _options_strategy(variant: type[Game], options: Any) -> st.SearchStrategy[Any]:
    if options is None:
        return variant_options(variant)
    if isinstance(options, st.SearchStrategy):
        return options
    if isinstance(options, Mapping):
        return variant_options(variant, **options)
    return st.just(build_options(variant.options_class, options))


def scenarios(
    variant: type[Game],
    *,
    options: Any = None,
    seeds: st.SearchStrategy[int] | None = None,
    max_choices: int = DEFAULT_MAX_CHOICES,
    max_position: int = DEFAULT_MAX_POSITION,
) -> st.SearchStrategy[Scenario]:
    """Scenarios of ``variant`` for the kit's checks; they shrink to few steps and first choices.

    Args:
        variant: the variant class.
        options: ``None`` (draw them with :func:`variant_options`), a mapping of overrides for
            :func:`variant_options`, a strategy of options, or fixed options.
        seeds: the strategy of seeds (by default :func:`seeds`).
        max_choices: the most explicit choices drawn.
        max_position: the most steps before the position the checks look at.

    """
    seed_strategy = seeds if seeds is not None else _any_seed()
    return st.builds(
        Scenario,
        variant=st.just(variant),
        options=_options_strategy(variant, options),
        seed=seed_strategy,
        choices=action_choices(max_size=max_choices),
        then=st.integers(min_value=0, max_value=2**32 - 1),
        steps=st.integers(min_value=0, max_value=max_position),
        seat=st.integers(min_value=0, max_value=max(variant.max_players - 1, 0)),
        swaps=st.lists(
            st.tuples(st.integers(min_value=0, max_value=63), st.integers(min_value=0, max_value=63)),
            min_size=1,
            max_size=4,
        ).map(tuple),
    )
