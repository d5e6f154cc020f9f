"""The derived RL defaults: numbering from declared values only, a leak-free observation from the view."""

from __future__ import annotations

import array
import enum
import pickle
from typing import Any, ClassVar, Literal

import attrs
import numpy as np
import pytest

import tablegames
from tablegames.components.tiles import Tile
from tablegames.core.capabilities import ActionIds, ObservationSpec
from tablegames.core.derived import (
    MAX_DERIVED_IDS,
    DerivedActionIds,
    action_ids_of,
    derived_action_ids,
    derived_observation_spec,
    observation_spec_of,
)
from tablegames.core.derived_observation import DerivedObservation, symlog
from tablegames.core.errors import InvalidOptionsError, TableGamesError, UnderivableError
from tablegames.core.events import Action
from tablegames.core.options import int_option
from tablegames.variants.sniff import Play, Sniff, SniffActionIds, SniffOptions, play


class Colour(enum.Enum):
    """A toy enum."""

    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Declared(Action):
    """A toy action whose every field declares its values, in each way the derivation reads."""

    tag: ClassVar[str] = "declared"
    tile: Tile
    colour: Colour
    size: Literal["small", "large"]
    amount: int = attrs.field(metadata={"json_schema": {"minimum": 2, "maximum": 4}})
    seat: int | None = attrs.field(default=None, validator=attrs.validators.optional(attrs.validators.in_((0, 1))))
    level: int = attrs.field(default=1, validator=int_option(1, 2))
    flag: bool = False


class _Toy(Sniff):
    """American Sniff's pieces and options, with toy action classes and none of Sniff's capabilities."""

    name: ClassVar[str] = "derived-toy"

    @classmethod
    def action_ids(cls, options: Any) -> None:  # type: ignore[override]  # the base class default, on purpose
        return None

    @classmethod
    def observation_spec(cls, options: Any) -> None:  # type: ignore[override]  # the base class default, on purpose
        return None


class DeclaredToy(_Toy):
    """Its one action class declares every field's values."""

    action_classes: ClassVar[tuple[type[Action], ...]] = (Declared,)


@attrs.frozen
class Bare(Action):
    """A toy action with a bare ``int`` field."""

    tag: ClassVar[str] = "bare"
    amount: int


class BareToy(_Toy):
    """Its action class has a field that declares no values."""

    action_classes: ClassVar[tuple[type[Action], ...]] = (Bare,)


@attrs.frozen
class Several(Action):
    """A toy action holding several pieces."""

    tag: ClassVar[str] = "several"
    tiles: tuple[Tile, ...]


class SeveralToy(_Toy):
    """Its action class holds a tuple of pieces."""

    action_classes: ClassVar[tuple[type[Action], ...]] = (Several,)


@attrs.frozen
class Huge(Action):
    """A toy action with too many declared values."""

    tag: ClassVar[str] = "huge"
    a: Tile
    b: Tile
    c: bool


class HugeToy(_Toy):
    """Its declared values give 28 * 28 * 2 * 3 actions, above the bound."""

    action_classes: ClassVar[tuple[type[Action], ...]] = (Huge, Huge, Huge)


class PlainSniff(_Toy):
    """American Sniff with neither capability of its own: the derived defaults serve it."""

    name: ClassVar[str] = "american-sniff"


OPTIONS = SniffOptions(players=2)


def test_the_derived_sniff_numbering_is_sniffs_hand_tuned_one() -> None:
    """Tiles in the natural order of their notation, ends None first then as declared: Sniff's own 140 ids."""
    derived = derived_action_ids(PlainSniff, OPTIONS)
    own = SniffActionIds()
    assert derived.size == own.size == 140
    assert derived.parts == 1
    for i in range(own.size):
        action = own.decode([i])
        assert derived.encode(action) == (i,)
        assert derived.decode([i]) == action
        assert type(derived.decode([i])) is Play
    assert derived.names()[:2] == ("open with 0-0", "0-0 on W")


def test_every_declaration_is_read_in_order_with_none_first() -> None:
    """json_schema bounds, in_ and option-rule validators, enums, Literals, bools and pieces each give their values."""
    ids = derived_action_ids(DeclaredToy, OPTIONS)
    # 28 tiles, 2 colours, 2 sizes, 3 amounts, 3 seats (None, 0, 1), 2 levels, 2 flags
    assert ids.size == 28 * 2 * 2 * 3 * 3 * 2 * 2
    first, second, last = ids.decode([0]), ids.decode([1]), ids.decode([ids.size - 1])
    assert first == Declared(Tile(0, 0), Colour.RED, "small", 2, None, 1, False)
    assert second == Declared(Tile(0, 0), Colour.RED, "small", 2, None, 1, True)
    assert last == Declared(Tile(6, 6), Colour.BLUE, "large", 4, 1, 2, True)
    assert ids.encode(Declared(Tile(6, 5), Colour.BLUE, "small", 3, 0, 2, False)) == (
        ids.actions().index(Declared(Tile(6, 5), Colour.BLUE, "small", 3, 0, 2, False)),
    )


def test_encode_refuses_what_was_not_numbered() -> None:
    """A value outside the declared ones, a bool for an int, another class, an unhashable field: ValueError."""
    ids = derived_action_ids(DeclaredToy, OPTIONS)
    good = Declared(Tile(6, 5), Colour.BLUE, "small", 3, 0, 2, False)
    assert len(ids.encode(good)) == 1
    for bad in (
        attrs.evolve(good, amount=5),
        Declared(Tile(6, 5), Colour.BLUE, "small", 3, False, 2, False),  # False == 0, but not a seat
        Declared(Tile(6, 5), Colour.BLUE, "small", 3, 0, 2, 0),  # type: ignore[arg-type]  # 0 == False, not a bool
        Declared(Tile(6, 5), Colour.BLUE, "small", [3], 0, 2, False),  # type: ignore[arg-type]  # unhashable
        play(Tile(6, 5), "W"),
    ):
        with pytest.raises(ValueError, match="no id for"):
            ids.encode(bad)


def test_decode_refuses_anything_but_one_id_in_range() -> None:
    """decode takes one int (a NumPy int too) from 0 to size - 1, never a bool, and nothing else."""
    ids = derived_action_ids(PlainSniff, OPTIONS)
    assert ids.decode([np.int64(7)]) == ids.decode([7])  # type: ignore[list-item]  # a NumPy int is an index
    junks: list[Any] = [[], [140], [-1], [True], [0, 1], ["0"], [1.0], 7]
    for junk in junks:
        with pytest.raises(ValueError, match="no action of american-sniff has the ids"):
            ids.decode(junk)


@pytest.mark.parametrize(
    ("variant", "detail"),
    [
        (BareToy, r"Bare\.amount \(int\) declares no values: declare its values"),
        (SeveralToy, r"Several\.tiles \(tuple\[.*Tile, \.\.\.\]\) declares no values"),
        (HugeToy, rf"more than MAX_DERIVED_IDS \({MAX_DERIVED_IDS}\)"),
    ],
)
def test_what_cannot_be_numbered_is_refused_naming_why(variant: type[Sniff], detail: str) -> None:
    """A bare int, several pieces in one field, or too many ids: UnderivableError, never a guess."""
    for _ in range(2):  # the refusal is kept, and said again
        with pytest.raises(UnderivableError, match=detail) as info:
            derived_action_ids(variant, OPTIONS)
        assert info.value.variant == "derived-toy"
    with pytest.raises(UnderivableError, match=detail):
        action_ids_of(variant, OPTIONS)


def test_the_error_is_a_library_error_and_a_type_error_that_pickles() -> None:
    """UnderivableError subclasses TableGamesError and TypeError and keeps its attributes through pickle."""
    error = UnderivableError("x", "Bare.amount declares no values")
    again = pickle.loads(pickle.dumps(error))
    assert isinstance(again, UnderivableError)
    assert isinstance(again, TableGamesError) and isinstance(again, TypeError)
    assert (again.variant, again.reason, str(again)) == (error.variant, error.reason, str(error))


def test_a_registered_variant_with_an_undeclared_field_is_named() -> None:
    """Four Point Smear's bid amounts are bare (it numbers its own actions): the derived numbering names the field."""
    with pytest.raises(UnderivableError, match=r"Bid\.amount \(int\) declares no values.*action_values"):
        derived_action_ids(tablegames.get_variant("four-point-smear"))


class GivenToy(BareToy):
    """Its bare field's values are given by ``action_values``, from the options."""

    @classmethod
    def action_values(cls, options: SniffOptions) -> dict[str, tuple[int, ...]]:
        return {"Bare.amount": tuple(range(10, 10 + options.players))}


def test_action_values_give_an_undeclared_field_its_values_from_the_options() -> None:
    """A variant's action_values number a bare field, in the order given, as many as the options say."""
    ids = derived_action_ids(GivenToy, OPTIONS)
    assert ids.actions() == (Bare(10), Bare(11))
    assert derived_action_ids(GivenToy, SniffOptions(players=4)).actions() == tuple(Bare(a) for a in (10, 11, 12, 13))


class NamingNoField(BareToy):
    """Its action_values names a field no action class has."""

    @classmethod
    def action_values(cls, options: Any) -> dict[str, tuple[int, ...]]:
        return {"Bare.amount": (1,), "Bare.size": (1, 2)}


class GivingAString(BareToy):
    """Its action_values gives a string where a sequence of values is due."""

    @classmethod
    def action_values(cls, options: Any) -> dict[str, str]:
        return {"Bare.amount": "12"}


@pytest.mark.parametrize(
    ("variant", "detail"),
    [
        (NamingNoField, r"action_values names 'Bare\.size', which is no field of its action classes"),
        (GivingAString, r"Bare\.amount \(int\) declares no values"),
    ],
)
def test_action_values_that_name_no_field_or_give_no_sequence_are_refused(variant: type[Sniff], detail: str) -> None:
    """A misspelt field or a string instead of values: UnderivableError, never a guess."""
    with pytest.raises(UnderivableError, match=detail):
        derived_action_ids(variant, OPTIONS)


@pytest.mark.parametrize(
    ("name", "players", "size"), [("all-fives", 2, 28 * 5), ("mexican-train", 2, 91 * 3), ("mexican-train", 4, 91 * 5)]
)
def test_the_example_plug_ins_number_their_ends_and_trains(name: str, players: int, size: int) -> None:
    """All Fives (DrawGame's ends) and Mexican Train (a train per seat and the Mexican) through action_values."""
    variant = tablegames.get_variant(name)
    ids = derived_action_ids(variant, {"players": players})
    assert ids.size == size
    game = tablegames.new_game(name, seed=4, players=players)
    for _ in range(60):
        if game.current_player is None:
            break
        legal = game.legal_actions()
        assert [ids.decode(ids.encode(a)) for a in legal] == list(legal)
        game.apply(legal[len(legal) // 2])


def test_the_defaults_are_kept_per_variant_and_options() -> None:
    """Built once: equal options (an object or a mapping) give the very same numbering and observation."""
    assert derived_action_ids(PlainSniff, OPTIONS) is derived_action_ids(PlainSniff, {"players": 2})
    assert derived_observation_spec(PlainSniff, OPTIONS) is derived_observation_spec(PlainSniff, {"players": 2})
    assert derived_observation_spec(PlainSniff, OPTIONS) is not derived_observation_spec(PlainSniff, {"players": 3})
    with pytest.raises(InvalidOptionsError):
        derived_action_ids(PlainSniff, {"players": 9})


def test_a_variants_own_capabilities_come_first() -> None:
    """action_ids_of and observation_spec_of give Sniff's own, and the derived ones where it has none."""
    assert isinstance(action_ids_of(Sniff, OPTIONS), SniffActionIds)
    assert action_ids_of(Sniff, OPTIONS) is Sniff.action_ids(OPTIONS)
    assert observation_spec_of(Sniff, OPTIONS) is Sniff.observation_spec(OPTIONS)
    assert isinstance(action_ids_of(PlainSniff, OPTIONS), DerivedActionIds)
    assert isinstance(observation_spec_of(PlainSniff, OPTIONS), DerivedObservation)
    assert isinstance(action_ids_of(PlainSniff, OPTIONS), ActionIds)
    assert isinstance(observation_spec_of(PlainSniff, OPTIONS), ObservationSpec)


def _observe(spec: DerivedObservation, game: Any, seat: int) -> array.array[float]:
    out = array.array("f", [0.0]) * spec.size
    spec.write(game, seat, out)
    return out


def test_the_observation_lays_out_the_view_and_the_standing() -> None:
    """Turn relative to the observer, scores over the target, the hand as a piece mask, numbers through symlog."""
    game = PlainSniff.create({"players": 3, "target": 50}, seed=4)
    spec = derived_observation_spec(PlainSniff, game.options)
    fields = spec.fields
    assert list(fields)[:4] == ["game.turn", "game.scores", "view.seat", "view.hand_number"]
    assert sum(s.stop - s.start for s in fields.values()) == spec.size
    order = sorted(Sniff.pieces, key=lambda t: t.index)  # the natural order of "0-0", "1-0", "1-1"...
    while game.scores == (0, 0, 0) and not game.is_over:
        game.apply(game.legal_actions()[0])
    for seat in range(3):
        out = _observe(spec, game, seat)
        view = game.view(seat)
        hand = [order[i] for i, x in enumerate(out[fields["view.hand"]]) if x]
        assert sorted(hand, key=lambda t: t.index) == sorted(view.hand, key=lambda t: t.index)
        assert game.current_player is not None
        assert out[fields["game.turn"]].index(1.0) == (game.current_player - seat) % 3
        scores = [game.scores[(seat + p) % 3] / 50 for p in range(3)]
        assert list(out[fields["game.scores"]]) == pytest.approx(scores)
        assert list(out[fields["view.hand_sizes"]]) == pytest.approx([symlog(n) for n in view.hand_sizes])
        assert out[fields["view.seat"]][0] == pytest.approx(symlog(seat))
        table = {order[i] for i, x in enumerate(out[fields["view.arms.tiles"]]) if x}
        assert table == {t for arm in view.arms for t in arm.tiles}


def test_the_observation_reads_only_the_seats_view() -> None:
    """Two games whose views of a seat are equal give it the same vector, whatever the other hands hold."""
    game = PlainSniff.create({"players": 2}, seed=1)
    spec = derived_observation_spec(PlainSniff, game.options)
    other = game.clone()
    mine, theirs = other.hands[0], other.hands[1]
    theirs[0], other.stock[0] = other.stock[0], theirs[0]  # swap a hidden tile: seat 0 cannot tell
    assert game.view(0) == other.view(0)
    assert _observe(spec, game, 0) == _observe(spec, other, 0)
    assert game.view(1) != other.view(1) and _observe(spec, game, 1) != _observe(spec, other, 1)
    assert mine == game.hands[0]


def test_symlog_is_odd_and_monotone() -> None:
    """symlog keeps signs and order."""
    xs = [-300, -5, -1, 0, 1, 5, 300]
    ys = [symlog(x) for x in xs]
    assert ys == sorted(ys) and all(symlog(-x) == -symlog(x) for x in xs)
