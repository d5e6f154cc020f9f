"""The kit's strategies draw valid options and scenarios, and honour overrides."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.core.errors import InvalidOptionsError
from tablegames.testing import Scenario, action_choices, scenarios, seeds, variant_options
from tablegames.variants.smear import Smear, SmearOptions
from tablegames.variants.sniff import Sniff, SniffOptions


@given(options=variant_options(Sniff))
def test_sniff_options_stay_within_the_validators_ranges(options: SniffOptions) -> None:
    """Players are drawn from 2 to 4, the unbounded target from half to twice its default (200)."""
    assert isinstance(options, SniffOptions)
    assert 2 <= options.players <= 4
    assert 100 <= options.target <= 400


@given(options=variant_options(Smear, target=9, high_low=st.just("in-play")))
def test_overrides_fix_or_restrict_an_option(options: SmearOptions) -> None:
    """A plain value fixes an option and a strategy restricts it; bools and ranged ints are drawn."""
    assert options.target == 9
    assert options.high_low == "in-play"
    assert 0 <= options.seen_undealt <= 3
    assert isinstance(options.win_only_on_bid, bool)


def test_every_value_of_a_drawn_option_comes_up() -> None:
    """The strategy reaches every player count and both values of a bool option."""
    seen_players: set[int] = set()
    seen_bools: set[bool] = set()

    @settings(max_examples=60, database=None)
    @given(sniff=variant_options(Sniff), smear=variant_options(Smear))
    def collect(sniff: SniffOptions, smear: SmearOptions) -> None:
        seen_players.add(sniff.players)
        seen_bools.add(smear.cap_non_bidders)

    collect()
    assert seen_players == {2, 3, 4}
    assert seen_bools == {False, True}


def test_an_unknown_override_is_refused() -> None:
    """Overriding an option the variant does not have raises InvalidOptionsError naming it."""
    with pytest.raises(InvalidOptionsError, match="unknown option 'colour'"):
        variant_options(Sniff, colour=3)


@given(seed=seeds(), choices=action_choices(max_size=5))
def test_seeds_and_choices_are_in_range(seed: int, choices: tuple[int, ...]) -> None:
    """Seeds are non-negative 63-bit ints; choices are a short tuple of small indices."""
    assert 0 <= seed < 2**63
    assert len(choices) <= 5
    assert all(0 <= c <= 255 for c in choices)


@given(scenario=scenarios(Sniff, options={"players": 3}, max_position=12))
def test_scenarios_play_to_their_position_reproducibly(scenario: Scenario) -> None:
    """A scenario's position is the game after `steps` actions, the same game every time it is built."""
    game = scenario.position()
    again = scenario.position()
    assert game.players == 3
    assert scenario.steps <= 12
    assert game.log() == again.log()
    played = sum(1 for e in game.log().events if Sniff.action_of(e) is not None)
    assert played == scenario.steps or game.is_over


def test_a_scenario_takes_options_as_a_mapping_and_checks_them() -> None:
    """Scenario options are validated by the variant's options class."""
    assert Scenario(variant=Sniff, options={"players": 2}).options == SniffOptions(players=2)
    with pytest.raises(InvalidOptionsError, match="players"):
        Scenario(variant=Sniff, options={"players": 9})
