"""The random bot: uniform among the legal actions, cautious where an auction offers a pass and bids."""

from __future__ import annotations

import random
from typing import ClassVar, Literal

import attrs

from tablegames.bots.random import RandomBot
from tablegames.core.events import Action
from tablegames.mechanics.bidding import Bid, Pass


@attrs.frozen
class _Offer(Action):
    """A bid of some variant, tagged in its own words, that declares itself a bid."""

    tag: ClassVar[str] = "offer"
    auction_call: ClassVar[Literal["bid", "pass"] | None] = "bid"
    tricks: int

    def bid_amount(self) -> int:
        return self.tricks


@attrs.frozen
class _Fold(Action):
    """A pass of some variant, tagged in its own words, that declares itself a pass."""

    tag: ClassVar[str] = "fold"
    auction_call: ClassVar[Literal["bid", "pass"] | None] = "pass"


@attrs.frozen
class _Named(Action):
    """An action tagged like a bid that declares nothing: no auction call."""

    tag: ClassVar[str] = "bid"
    amount: int


def _picks(legal: list[Action], *, pass_rate: float) -> set[Action]:
    bot = RandomBot(pass_rate=pass_rate)
    return {bot.choose(legal, random.Random(seed)) for seed in range(40)}


def test_it_makes_the_lowest_declared_bid_or_passes() -> None:
    """Where a pass and bids are declared, it passes or makes the lowest bid, whatever their tags."""
    legal: list[Action] = [_Offer(9), _Fold(), _Offer(7), _Offer(8)]
    assert _picks(legal, pass_rate=0.0) == {_Offer(7)}
    assert _picks(legal, pass_rate=1.0) == {_Fold()}
    assert _picks([Pass(), Bid(3), Bid(2)], pass_rate=0.0) == {Bid(2)}


def test_actions_that_declare_no_call_are_drawn_uniformly() -> None:
    """Actions tagged ``bid`` and ``pass`` that declare no auction call are no auction: any may be drawn."""
    legal: list[Action] = [_Named(3), _Named(2), Pass()]
    assert _picks(legal, pass_rate=0.0) == set(legal)
