"""The kit's RL checks: ``action_ids`` and ``observation`` pass a right toy and fail each planted bug."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import settings

from tablegames.core.capabilities import ActionIds, FloatBuffer, ObservationSpec
from tablegames.core.derived import DerivedActionIds
from tablegames.core.derived_observation import DerivedObservation
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.core.registry import get_variant
from tablegames.testing import (
    CHECKS,
    ConformanceError,
    Scenario,
    check_action_ids,
    check_observation,
    check_variant,
    kit_settings,
    run_check,
)
from tablegames.variants.sniff import Sniff
from tests.rl import unnumbered
from tests.testing.planted_rl import (
    AcceptingSniff,
    GappedSniff,
    InfiniteSniff,
    LeakingSniff,
    NotInverseSniff,
    OutOfRangeSniff,
    OverlappingSniff,
    PrefixedSniff,
    RestlessSniff,
    SharedIdSniff,
    ToyIds,
    ToySniff,
    ToySpec,
    UndercountedSniff,
)

pytestmark = pytest.mark.every_profile

_BOTH_ENDS = Scenario(variant=ToySniff, options={"players": 2}, seed=1, steps=1)
"""A scenario whose second decision offers 6-0 on W and on E (the opening is a double)."""


_ONE_BUG = settings(kit_settings(examples=20), report_multiple_bugs=False)
"""The kit's settings, reporting one failure where a planted bug shows in two places (a shared id, say)."""


class _NoCapabilities(Sniff):
    """American Sniff with neither capability, whatever Sniff's own are."""

    @classmethod
    def action_ids(cls, options: Any) -> None:  # type: ignore[override]  # the base class default, on purpose
        return None

    @classmethod
    def observation_spec(cls, options: Any) -> None:  # type: ignore[override]  # the base class default, on purpose
        return None


class _EmptyDecoded(ToyIds):
    def decode(self, ids: Sequence[int]) -> Action:
        return super().decode(tuple(ids) or (0,))


class _DecodesEmpty(ToySniff):
    """Its numbering refuses foreign actions but decodes ``()`` as the first play."""

    ids: ClassVar[ActionIds] = _EmptyDecoded()


class _Rotating(ToySpec):
    def write(self, game: Game, seat: int, out: FloatBuffer) -> None:
        super().write(game, seat, out)
        assert isinstance(game, Sniff)
        hand = game.hands[seat]
        if hand:
            hand.append(hand.pop(0))


class _Meddling(ToySniff):
    """Its observation moves the seat's first tile to the end of its hand."""

    spec: ClassVar[ObservationSpec[Game]] = _Rotating()


def test_the_checks_are_registered() -> None:
    """Both RL checks run with every other check of the kit."""
    assert CHECKS["action_ids"] is check_action_ids
    assert CHECKS["observation"] is check_observation


def test_the_toy_passes_both_checks_over_drawn_scenarios() -> None:
    """A right numbering and observation pass both checks, for 2 to 4 players."""
    for players in (2, 3, 4):
        outcomes = check_variant(
            ToySniff, options={"players": players}, checks=["action_ids", "observation"], examples=6
        )
        assert outcomes == {"action_ids": "passed", "observation": "passed"}


def test_a_variant_without_the_capabilities_has_its_derived_defaults_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without action_ids and observation_spec both checks hold the derived defaults, played along the scenario."""
    scenario = Scenario(variant=_NoCapabilities, options={"players": 2}, seed=1, steps=5)
    check_action_ids(scenario)
    check_observation(scenario)
    outcomes = check_variant(_NoCapabilities, options={"players": 2}, checks=["action_ids", "observation"], examples=2)
    assert outcomes == {"action_ids": "passed", "observation": "passed"}
    encode = DerivedActionIds.encode

    def shared(self: DerivedActionIds, action: Action) -> tuple[int]:
        encode(self, action)  # a foreign action is still refused
        return (0,)

    monkeypatch.setattr(DerivedActionIds, "encode", shared)
    with pytest.raises(ConformanceError, match="both encoded"):
        check_action_ids(scenario)


def test_a_derived_observation_that_leaks_fails_the_no_leak_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit's no-leak check holds the derived observation: one that writes the stock's first tile is caught."""
    write = DerivedObservation.write

    def leaking(self: DerivedObservation, game: Game, seat: int, out: FloatBuffer) -> None:
        write(self, game, seat, out)
        assert isinstance(game, Sniff)
        if game.stock:
            out[self.size - 1] = game.stock[0].index / 27

    monkeypatch.setattr(DerivedObservation, "write", leaking)
    _caught(_NoCapabilities, "observation", "the observations differ at $.view.last_layout.arms.tiles[")


def test_a_variant_whose_actions_cannot_be_numbered_passes_action_ids_without_being_played() -> None:
    """A field that declares no values: no numbering, so nothing to check, even on a scenario no game can play."""
    scenario = Scenario(variant=unnumbered.BareSniff, options={"players": 2}, seed=1, steps=10**6)
    check_action_ids(scenario, max_steps=0)


@pytest.mark.parametrize("name", ["all-fives", "auction-pitch", "euchre", "mexican-train"])
def test_the_plug_ins_pass_both_checks(name: str) -> None:
    """A plug-in with neither capability passes both checks on its derived defaults (ids where derivable)."""
    outcomes = check_variant(get_variant(name), checks=["action_ids", "observation"], examples=2)
    assert outcomes == {"action_ids": "passed", "observation": "passed"}


def _caught(variant: type[Sniff], check: str, detail: str) -> ConformanceError:
    """Run ``check`` on ``variant`` over drawn scenarios: it fails with ``detail``, again on the shrunk scenario."""
    with pytest.raises(ConformanceError) as info:
        run_check(variant, check, options={"players": 2}, max_position=60, hypothesis_settings=_ONE_BUG)
    error = info.value
    assert error.check == check
    assert detail in error.detail, error.detail
    with pytest.raises(ConformanceError) as again:
        CHECKS[check](error.scenario)
    assert (again.value.step, again.value.detail) == (error.step, error.detail)
    return error


@pytest.mark.parametrize(
    ("variant", "detail"),
    [
        (NotInverseSniff, "is the encoding of Play(tile=Tile("),
        (OutOfRangeSniff, "not a non-empty tuple of ints in range(100)"),
        (AcceptingSniff, "encode of a foreign action"),
    ],
    ids=["not-inverse", "out-of-range", "accepts-foreign"],
)
def test_a_broken_numbering_fails_action_ids(variant: type[Sniff], detail: str) -> None:
    """A decode that is not encode's inverse, an id beyond the size, an encode that takes anything: each is caught."""
    _caught(variant, "action_ids", detail)


def test_junk_ids_must_be_refused() -> None:
    """A decode that answers ``()`` with an action fails, naming the junk."""
    with pytest.raises(ConformanceError, match=r"decode\(\(\)\) gave Play"):
        check_action_ids(Scenario(variant=_DecodesEmpty, options={"players": 2}))


@pytest.mark.parametrize(
    ("variant", "detail"),
    [
        (SharedIdSniff, "both legal, are both encoded (106,)"),
        (PrefixedSniff, "is a prefix of"),
        (UndercountedSniff, "more ids than the numbering's parts (1)"),
    ],
    ids=["shared-id", "prefix", "undercounted-parts"],
)
def test_encodings_must_be_distinct_and_prefix_free(variant: type[Sniff], detail: str) -> None:
    """Two legal actions with one encoding, or one's a prefix of the other's, fail where both are legal."""
    with pytest.raises(ConformanceError) as info:
        check_action_ids(attrs.evolve(_BOTH_ENDS, variant=variant))
    assert detail in info.value.detail
    assert info.value.step == 1
    check_action_ids(_BOTH_ENDS)
    with pytest.raises(ConformanceError):
        run_check(variant, "action_ids", options={"players": 2}, max_position=60, hypothesis_settings=_ONE_BUG)


@pytest.mark.parametrize(
    ("variant", "detail"),
    [
        (GappedSniff, "the fields leave a gap: nothing covers [28, 29) before field 'table'"),
        (OverlappingSniff, "field 'table' at [28, 56) overlaps what lies before 29"),
        (RestlessSniff, "differs when written again: 0.0, then 1.0 at turn[3] (index 63)"),
        (InfiniteSniff, "has inf at sizes[0] (index 56)"),
        (LeakingSniff, "the observations differ at $.hand["),
    ],
    ids=["gap", "overlap", "non-deterministic", "infinite", "leak"],
)
def test_a_broken_observation_fails_observation(variant: type[Sniff], detail: str) -> None:
    """A gap or overlap in the layout, a vector that changes when written again, infinity, a leak: each is caught."""
    _caught(variant, "observation", detail)


def test_the_leak_is_found_only_by_the_pair_of_games() -> None:
    """The leaking observation is finite and deterministic: only two games the seat cannot tell apart show it."""
    error = _caught(LeakingSniff, "observation", "seat 0 with ")
    scenario = error.scenario
    assert scenario.swaps
    check_observation(attrs.evolve(scenario, variant=ToySniff))  # the right observation, on the same pair
    check_observation(attrs.evolve(scenario, swaps=(), steps=40))  # no pair: finite and deterministic


def test_writing_must_not_change_the_game() -> None:
    """An observation that reorders the seat's hand is caught."""
    with pytest.raises(ConformanceError, match="writing the observations changed the game"):
        check_observation(Scenario(variant=_Meddling, options={"players": 2}, seed=2, steps=3))


class _NoSize(ToyIds):
    @property
    def size(self) -> int:
        return 0


class _NoParts(ToyIds):
    @property
    def parts(self) -> int:
        return 0


class _ShortNames(ToyIds):
    def names(self) -> Sequence[str]:
        return list(super().names())[1:]


class _NoDecode:
    size = 140

    def names(self) -> Sequence[str]:
        return ToyIds().names()

    def encode(self, action: Action) -> tuple[int, ...]:
        return ToyIds().encode(action)


@pytest.mark.parametrize(
    ("ids", "detail"),
    [
        (_NoSize(), "the numbering's size is 0, not a positive int"),
        (_NoParts(), "the numbering's parts is 0, not a positive int"),
        (_ShortNames(), "names() has 139 labels for 140 ids"),
        (_NoDecode(), "which is not an ActionIds"),
    ],
    ids=["size-0", "parts-0", "short-names", "no-decode"],
)
def test_the_numbering_must_have_the_protocol_and_a_name_per_id(ids: Any, detail: str) -> None:
    """A numbering without decode, of size 0, or with a name missing fails before any game is played."""
    variant = type("Shapeless", (ToySniff,), {"ids": ids})
    with pytest.raises(ConformanceError) as info:
        check_action_ids(Scenario(variant=variant, options={"players": 2}))
    assert detail in info.value.detail
    assert info.value.step is None


class _Fickle(ToySniff):
    """Its numbering for options equal to the first ones, but another object, has 100 ids."""

    @classmethod
    def action_ids(cls, options: Any) -> ActionIds:
        return _FICKLE.setdefault(id(options), ToyIds() if not _FICKLE else _Hundred())

    @classmethod
    def observation_spec(cls, options: Any) -> ObservationSpec[Game]:
        return _FICKLE_SPEC.setdefault(id(options), ToySpec() if not _FICKLE_SPEC else _Shifted())


class _Hundred(ToyIds):
    @property
    def size(self) -> int:
        return 100

    def names(self) -> Sequence[str]:
        return list(super().names())[:100]


class _Shifted(ToySpec):
    @property
    def fields(self) -> Mapping[str, slice]:
        return {"hand": slice(0, 28), "table": slice(28, 56), "sizes": slice(56, 62), "turn": slice(62, 64)}


_FICKLE: dict[int, ActionIds] = {}
_FICKLE_SPEC: dict[int, ObservationSpec[Game]] = {}


def test_equal_options_must_give_the_same_numbering_and_layout() -> None:
    """A numbering or layout that depends on which options object it is given, not on its value, fails."""
    _FICKLE.clear()
    _FICKLE_SPEC.clear()
    scenario = Scenario(variant=_Fickle, options={"players": 2})
    with pytest.raises(ConformanceError, match=r"action_ids\(\) of equal options gave size 100, not 140"):
        check_action_ids(scenario)
    with pytest.raises(
        ConformanceError, match=r"observation_spec\(\) of equal options .* gave \(64, .*'sizes': slice\(56, 62"
    ):
        check_observation(scenario)
