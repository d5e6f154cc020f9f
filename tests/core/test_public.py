"""What a spectator sees: redact_public (the meet of every seat's redaction) and Game.public_events."""

from __future__ import annotations

import json
import random
from typing import Any, Self

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.components.cards import Card
from tablegames.components.tiles import Tile
from tablegames.core import Event, InvalidOptionsError, redact_public, visible
from tablegames.core.serde import dumps, structure, to_json
from tablegames.schema import schema_for
from tablegames.variants.smear import Discarded, Smear, UndealtTaken
from tablegames.variants.sniff import HandDealt, TileDrawn, TilePlayed
from tests.strategies import game_cases
from tests.support import new_sniff, play_steps

# -- events of the generic meet's own tests ------------------------------------------------------


@attrs.frozen
class _Shown(Event):
    """A piece seen by the seats in ``to`` only (every seat when ``to`` is empty)."""

    to: tuple[int, ...]
    piece: str | None

    def redact(self, seat: int | None) -> Self:
        return self if not self.to or seat is None or seat in self.to else attrs.evolve(self, piece=None)


@attrs.frozen
class _Hand:
    owner: int
    pieces: tuple[str, ...] | None
    size: int


@attrs.frozen
class _Nested(Event):
    """An attrs value and a list inside an event, each hiding part of itself."""

    hand: _Hand
    marks: list[str | None]

    def redact(self, seat: int | None) -> Self:
        if seat is None:
            return self
        hand = self.hand if visible(self.hand.owner, seat) else attrs.evolve(self.hand, pieces=None)
        marks = [m if visible(owner, seat) else None for owner, m in enumerate(self.marks)]
        return attrs.evolve(self, hand=hand, marks=marks)


def _one_of_two(instance: Any, attribute: Any, value: Any) -> None:
    if instance.left is None and instance.right is None:
        raise ValueError("left and right are never both hidden")


@attrs.frozen
class _Strict(Event):
    """Seat 0 sees no ``left``, seat 1 no ``right``; a validator refuses both hidden at once."""

    left: str | None
    right: str | None = attrs.field(validator=_one_of_two)

    def redact(self, seat: int | None) -> Self:
        if seat == 0:
            return attrs.evolve(self, left=None)
        if seat == 1:
            return attrs.evolve(self, right=None)
        return self


@attrs.frozen
class _Shapeshifter(Event):
    """A broken event whose redaction is of another class."""

    def redact(self, seat: int | None) -> Any:
        return self if seat is None else _Shown((), "x")


def _below(public: Any, seen: Any) -> bool:
    """Whether parsed JSON ``public`` is ``seen`` with some values set to null, at any depth."""
    if public is None or public == seen:
        return True
    if isinstance(public, dict) and isinstance(seen, dict) and public.keys() == seen.keys():
        return all(_below(public[k], seen[k]) for k in public)
    if isinstance(public, list) and isinstance(seen, list) and len(public) == len(seen):
        return all(_below(a, b) for a, b in zip(public, seen, strict=True))
    return False


def _event_class(variant: str, tag: str) -> type[Event]:
    """The event class of a registered variant (a plug-in's too) by its JSON tag."""
    return next(c for c in tablegames.get_variant(variant).event_classes if c.tag == tag)


# -- the meet ------------------------------------------------------------------------------------


def test_a_public_event_is_returned_itself() -> None:
    """An event every seat sees whole comes back as the very same object."""
    played = TilePlayed(seat=2, tile=Tile(6, 4), end="W", count=10)
    assert redact_public(played, 4) is played
    shown = _Shown((), "6-4")
    assert redact_public(shown, 3) is shown


def test_every_public_event_of_a_game_is_returned_itself() -> None:
    """In a real game, each event no seat's redaction changes is its own public form."""
    game = new_sniff(11, 3)
    play_steps(game, random.Random(11), 40)
    public = [e for e in game.events if all(e.redact(s) is e for s in range(3))]
    assert public
    assert all(redact_public(e, 3) is e for e in public)


def test_sniff_tile_drawn_hides_the_tile() -> None:
    """American Sniff's TileDrawn, seen by the drawer only, shows a spectator no tile."""
    drawn = TileDrawn(seat=1, tile=Tile(3, 1))
    assert redact_public(drawn, 2) == TileDrawn(seat=1, tile=None)
    assert redact_public(drawn, 4) == TileDrawn(seat=1, tile=None)


def test_sniff_hand_dealt_shows_no_hand_and_no_stock() -> None:
    """American Sniff's deal shows a spectator the hand number and stock size only."""
    game = new_sniff(5, 3)
    dealt = next(e for e in game.events if isinstance(e, HandDealt))
    public = redact_public(dealt, 3)
    assert public == attrs.evolve(dealt, hands=(None, None, None), stock=None)
    assert public.stock_size == dealt.stock_size > 0


def test_smear_hand_dealt_shows_no_hand() -> None:
    """A Smear deal shows a spectator no hand and no undealt card, but its number and dealer."""
    game = tablegames.new_game("four-point-smear", seed=8)
    assert isinstance(game, Smear)
    dealt = game.events[next(i for i, e in enumerate(game.events) if e.tag == "hand_dealt")]
    public = redact_public(dealt, 4)
    assert to_json(public) == {**to_json(dealt), "hands": [None] * 4, "undealt": None}


@pytest.mark.parametrize("kind", [Discarded, UndealtTaken])
def test_smear_face_down_cards_are_hidden(kind: type[Discarded] | type[UndealtTaken]) -> None:
    """Smear's discard and taking of undealt cards show a spectator who and how many, not which."""
    cards = (Card.parse("AS"), Card.parse("10H"))
    event = kind(seat=3, count=2, cards=cards)
    assert redact_public(event, 4) == kind(seat=3, count=2, cards=None)


def test_euchre_deal_shows_the_up_card_only() -> None:
    """A Euchre deal shows a spectator the up-card, never a hand or the kitty."""
    game = tablegames.new_game("euchre", seed=4)
    dealt = next(e for e in game.events if e.tag == "hand_dealt")
    public = to_json(redact_public(dealt, 4))
    full = to_json(dealt)
    assert public == {**full, "hands": [None] * 4, "kitty": None}
    assert public["up_card"] == full["up_card"] is not None


def test_euchre_discard_is_hidden() -> None:
    """The Euchre dealer's face-down discard shows a spectator no card."""
    kind = _event_class("euchre", "discarded")
    event = structure({"type": "discarded", "seat": 2, "card": "9C"}, kind)
    assert to_json(redact_public(event, 4)) == {"type": "discarded", "seat": 2, "card": None}


@pytest.mark.parametrize("variant", ["all-fives", "mexican-train", "auction-pitch"])
def test_plug_in_deals_show_no_hand(variant: str) -> None:
    """The example plug-ins' deals show a spectator no hand (and no boneyard where there is one)."""
    game = tablegames.new_game(variant, seed=2)
    dealt = next(e for e in game.events if e.tag == "hand_dealt")
    public = to_json(redact_public(dealt, game.players))
    full = to_json(dealt)
    hidden = {"hands": [None] * game.players} | ({"boneyard": None} if "boneyard" in full else {})
    assert public == {**full, **hidden}


@pytest.mark.parametrize("variant", ["all-fives", "mexican-train"])
def test_plug_in_tile_drawn_is_hidden(variant: str) -> None:
    """A tile drawn from a plug-in's boneyard shows a spectator no tile."""
    kind = _event_class(variant, "tile_drawn")
    event = structure({"type": "tile_drawn", "seat": 1, "tile": "6-6"}, kind)
    assert to_json(redact_public(event, 3)) == {"type": "tile_drawn", "seat": 1, "tile": None}


def test_a_piece_every_seat_sees_is_shown() -> None:
    """A piece both seats of two see (passed openly between them) is shown; with a third seat, not."""
    passed = _Shown((0, 1), "6-4")
    assert redact_public(passed, 2) == passed
    assert redact_public(passed, 3) == _Shown((0, 1), None)


def test_one_seat_sees_what_its_seat_sees() -> None:
    """With a single seat, a spectator sees what that seat sees."""
    drawn = _Shown((0,), "5-5")
    assert redact_public(drawn, 1) == drawn


def test_tuples_lists_and_attrs_values_are_met_inside() -> None:
    """A tuple is met element by element, a list too, and an attrs value field by field."""
    dealt = HandDealt(hand_number=1, hands=((Tile(6, 6),), (Tile(1, 0),)), stock=(), stock_size=0)
    assert redact_public(dealt, 2).hands == (None, None)
    nested = _Nested(_Hand(1, ("6-4", "5-5"), 2), ["a", "b", "c"])
    public = redact_public(nested, 3)
    assert public == _Nested(_Hand(1, None, 2), [None, None, None])
    assert type(public.marks) is list


def test_validators_run_on_the_public_form() -> None:
    """The public event is built through the class, so its validators judge the result."""
    event = _Strict("a", "b")
    assert redact_public(event, 1) == _Strict(None, "b")
    with pytest.raises(ValueError, match="never both hidden"):
        redact_public(event, 2)


@pytest.mark.parametrize("players", [0, -1, True, 2.0, "2", None])
def test_bad_player_counts_are_refused(players: Any) -> None:
    """A player count that is not a positive int is a ValueError naming it."""
    with pytest.raises(ValueError, match="players must be a positive int"):
        redact_public(_Shown((0,), "x"), players)


def test_a_redaction_of_another_class_is_refused() -> None:
    """A variant whose redact returns another class gets a TypeError, not a wrong event."""
    with pytest.raises(TypeError, match=r"_Shapeshifter.redact\(0\) returned a _Shown"):
        redact_public(_Shapeshifter(), 2)


# -- Game.public_events ---------------------------------------------------------------------------------


@given(case=game_cases, steps=st.integers(min_value=0, max_value=120), start=st.integers(min_value=0))
def test_public_events_are_the_meet_of_each_event(case: Any, steps: int, start: int) -> None:
    """public_events(start) is redact_public of each full event from start on, and lower than every seat's."""
    game = new_sniff(case.seed, case.players)
    play_steps(game, case.rng(), steps)
    before = tuple(game.events)
    start %= len(before) + 1
    public = game.public_events(start)
    assert public == tuple(redact_public(e, game.players) for e in before[start:])
    assert public == game.public_events()[start:]
    assert tuple(game.events) == before
    for i, shown in enumerate(public, start):
        for seat in range(game.players):
            assert _below(to_json(shown), to_json(game.events[i].redact(seat)))


def test_public_events_after_the_last_is_empty() -> None:
    """A spectator who has every event gets nothing new."""
    game = new_sniff(3, 2)
    assert game.public_events(len(game.events)) == ()
    assert game.public_events(0) == game.public_events()


@pytest.mark.parametrize("start", [-1, "bad", True, 1.0, None, 10**6])
def test_bad_starts_are_refused(start: Any) -> None:
    """A start that is not an event index is an InvalidOptionsError (a ValueError) naming it."""
    game = new_sniff(3, 2)
    with pytest.raises(InvalidOptionsError, match=r"is not an event index; allowed: 0 to \d+") as info:
        game.public_events(start)
    assert info.value.option == "start"
    assert isinstance(info.value, ValueError)


_VARIANTS = ["all-fives", "american-sniff", "auction-pitch", "euchre", "four-point-smear", "mexican-train"]
"""The six variants this repository ships (the two built in and the four example plug-ins)."""


@pytest.mark.parametrize("variant", _VARIANTS)
def test_public_events_are_valid_events(variant: str) -> None:
    """Every public event of a game played a while is valid against the variant's published event schema."""
    validator = jsonschema.Draft202012Validator(schema_for(variant, "event"))
    game = tablegames.new_game(variant, seed=6)
    rng = random.Random(6)
    for _ in range(150):
        if game.is_over:
            break
        game.apply(rng.choice(list(game.legal_actions())))
    hidden = 0
    for event, shown in zip(game.events, game.public_events(), strict=True):
        data = json.loads(dumps(shown))
        assert validator.is_valid(data), (variant, data)
        hidden += shown is not event
    assert hidden > 0
