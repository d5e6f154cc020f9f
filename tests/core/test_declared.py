"""The declared contract: the public seat check, required hooks that are abstract, and declared data.

The layers above the variants read what a variant declares (its target score, whether the
lowest score wins, what its events and actions say of themselves), never a name that happens
to exist; each declaration has a generic default, and every shipped variant declares what
applies to it.
"""

from __future__ import annotations

import random
import typing
from typing import Any, ClassVar

import attrs
import pytest

import tablegames
from tablegames import InvalidOptionsError
from tablegames.bots.random import RandomBot
from tablegames.components.cards import Card
from tablegames.core.capabilities import FloatBuffer, ObservationSpec
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.mechanics.bidding import Bid, Pass
from tablegames.mechanics.pitch import PitchGame
from tablegames.mechanics.tricks import CardPlayed
from tablegames.variants.smear import Smear
from tablegames.variants.sniff import Sniff

VARIANTS = ["all-fives", "american-sniff", "auction-pitch", "euchre", "four-point-smear", "mexican-train"]
"""The six shipped variants: the two built in and the four example plug-ins."""


# -- check_seat -----------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [2, -1, True, 1.0, "1", None], ids=repr)
def test_check_seat_is_public_and_refuses_what_is_not_a_seat(seat: Any) -> None:
    """check_seat accepts the game's seats and refuses anything else with InvalidOptionsError on ``seat``."""
    game = tablegames.new_game("american-sniff", seed=1, players=2)
    game.check_seat(0)
    game.check_seat(1)
    with pytest.raises(InvalidOptionsError) as caught:
        game.check_seat(seat)
    assert caught.value.option == "seat"
    assert caught.value.reason == f"{seat!r} is not a seat; seats are 0 to 1"


def test_the_private_seat_check_is_a_deprecated_alias() -> None:
    """_check_seat still works for variants written before, with a DeprecationWarning."""
    game = tablegames.new_game("american-sniff", seed=1, players=2)
    with pytest.warns(DeprecationWarning, match="check_seat"):
        game._check_seat(1)
    with pytest.warns(DeprecationWarning), pytest.raises(InvalidOptionsError):
        game._check_seat(5)


# -- required hooks are abstract ------------------------------------------------------------

PITCH_HOOKS = ("deal_from_event", "dealt_event", "match_winner", "settle")
"""The Pitch family's own required hooks."""


def test_the_pitch_familys_required_hooks_are_abstract() -> None:
    """PitchGame's required hooks are abstract methods, beside the Game contract's."""
    assert set(PITCH_HOOKS) <= PitchGame.__abstractmethods__
    assert {"begin", "compute_legal", "why_illegal", "perform", "copy_state"} <= Game.__abstractmethods__
    assert not Smear.__abstractmethods__


@pytest.mark.parametrize("hook", PITCH_HOOKS)
def test_a_pitch_variant_missing_a_required_hook_cannot_be_created(hook: str) -> None:
    """A Pitch variant without one required hook is refused at creation with a TypeError naming it."""
    own = {name: Smear.__dict__[name] for name in PitchGame.__abstractmethods__ if name != hook}
    settings = {name: getattr(Smear, name) for name in ("options_class", "deal_class", "action_classes", "deck")}
    settings |= {name: getattr(Smear, name) for name in ("event_classes", "order", "four_points")}
    lacking: Any = type(f"Without_{hook}", (PitchGame,), {"name": f"without-{hook}", **settings, **own})
    assert lacking.__abstractmethods__ == {hook}
    with pytest.raises(TypeError, match=f"lacks the required hooks {hook}"):
        lacking.create({}, seed=1)


def test_a_variant_missing_a_game_hook_cannot_be_created() -> None:
    """A Game subclass that defines no hooks is refused at creation, every missing hook named."""

    class Hookless(Game):
        name: ClassVar[str] = "hookless"

    with pytest.raises(TypeError, match=r"lacks the required hooks .*begin.*why_illegal"):
        Hookless.create({}, seed=1)


# -- declared data: the target, who wins -----------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_every_shipped_variant_declares_its_target_score(name: str) -> None:
    """target_score is the target option where there is one; None for Mexican Train (a fixed number of rounds)."""
    cls = tablegames.get_variant(name)
    options = cls.options_class()
    expected = None if name == "mexican-train" else options.target
    assert cls.target_score(options) == expected
    assert cls.lower_score_wins is (name == "mexican-train")


def test_the_generic_defaults_declare_nothing() -> None:
    """By default a variant has no target and the highest score wins; an event states no score, winner or deal."""
    assert Game.target_score(object()) is None
    assert Game.lower_score_wins is False
    event = Event()
    assert dict(event.side_scores()) == {} and event.winning_side() is None and event.dealt_hand() is None
    assert Action.auction_call is None and Action().bid_amount() is None


# -- declared data: events ------------------------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variants_events_declare_the_scores_the_winner_and_the_deals(name: str) -> None:
    """Followed through its declarations alone, a random match's events give its scores, winner and hands."""
    game = tablegames.new_game(name, seed=3)
    rng, bot = random.Random(3), RandomBot()  # it bids cautiously, so an auction's matches end
    while not game.is_over:
        game.apply(bot.choose(game.legal_actions(), rng))
    totals = [0] * len(game.scores)
    winners: list[int] = []
    hands: list[int] = []
    for event in game.events:
        for side, total in event.side_scores().items():
            totals[side] = total
        winner, hand = event.winning_side(), event.dealt_hand()
        if winner is not None:
            winners.append(winner)
        if hand is not None:
            hands.append(hand)
    assert totals == list(game.scores)
    assert winners == [game.winner]
    assert hands and hands == sorted(hands) and hands[0] == 1
    assert len(set(hands)) == len(hands)


def test_a_redacted_event_keeps_its_declarations() -> None:
    """Scoring is public: a seat's redaction of an event declares what the full event does."""
    game = tablegames.new_game("american-sniff", seed=4, players=2)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    for event in game.events:
        shown = event.redact(1)
        assert shown.side_scores() == event.side_scores()
        assert shown.winning_side() == event.winning_side()
        assert shown.dealt_hand() == event.dealt_hand()


# -- describe_event ----------------------------------------------------------------------------


@attrs.frozen
class _Mute(Event):
    """An event without words of its own."""

    tag: ClassVar[str] = "mute"
    seat: int


def test_the_default_describe_event_uses_the_events_own_words() -> None:
    """Game.describe_event gives event.describe() where the event words itself, else its repr."""
    game = tablegames.new_game("four-point-smear", seed=1)
    played = CardPlayed(1, Card.parse("AS"))
    assert Game.describe_event(game, played) == played.describe() == "seat 1 plays AS"
    assert Game.describe_event(game, _Mute(2)) == repr(_Mute(2)) == "_Mute(seat=2)"


# -- declared data: actions ---------------------------------------------------------------------


def test_the_auctions_actions_declare_their_call() -> None:
    """A bid declares itself a bid with its amount, a pass a pass; a card play neither."""
    assert Bid(3).auction_call == "bid" and Bid(3).bid_amount() == 3
    assert Pass().auction_call == "pass" and Pass().bid_amount() is None
    game = tablegames.new_game("four-point-smear", seed=1)
    assert {a.auction_call for a in game.legal_actions()} == {"bid", "pass"}


# -- observation specs are typed by the game they read ------------------------------------------


def test_an_observation_spec_is_typed_by_the_game_it_reads() -> None:
    """ObservationSpec is generic in its game class; Sniff's and Smear's write() take their own game, resolved."""
    assert ObservationSpec[Sniff] is not ObservationSpec  # generic: a variant's spec names its game
    variants: tuple[type[Game], ...] = (Sniff, Smear)
    for variant in variants:
        spec = variant.observation_spec(variant.options_class())
        assert isinstance(spec, ObservationSpec)
        assert typing.get_type_hints(type(spec).write)["game"] is variant
    assert {"__getitem__", "__setitem__", "__len__"} <= set(vars(FloatBuffer))
