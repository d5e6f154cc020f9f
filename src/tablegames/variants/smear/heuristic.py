"""The Four Point Smear heuristic: the Pitch family's player, and the bidder's discard.

Bidding and card play are the family's (:mod:`tablegames.mechanics.pitchplay`), with Smear's
cards: under ``ace-seven`` the ace and the seven of trump are sure points; under ``in-play``
the highest and lowest trumps played. The bidder counts the undealt cards it will take up
(``seen_undealt``) towards its bid, takes trump from its best suit, discards low cards of other
suits (a ten first: discards count for its Game), and remembers its discards as cards out of
play.

It reads the seat's view and, from the seat's log, the cards played so far in the hand.
:class:`~tablegames.bots.greedy.GreedyBot` plays it through :meth:`Smear.heuristic_choice
<tablegames.variants.smear.game.Smear.heuristic_choice>`, and the greedy playouts of
:mod:`tablegames.variants.smear.search` call :func:`smear_choice`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, Protocol

from tablegames.components.cards import Card, Rank, Suit, piquet_deck
from tablegames.core.events import Action
from tablegames.core.observation import Observation
from tablegames.mechanics.pitchplay import CardSense, hand_plays, pitch_choice
from tablegames.mechanics.pitchplay import Seen as PitchSeen
from tablegames.variants.smear.actions import Discard
from tablegames.variants.smear.rules import FOUR_POINTS, ORDER

__all__ = ["SENSES", "Seen", "best_suit", "choose", "hand_plays", "smear_choice", "suit_value"]


class Seen(PitchSeen, Protocol):
    """What the heuristic reads of a seat's view (a :class:`~tablegames.variants.smear.view.SmearView` has it all)."""

    @property
    def discarded(self) -> tuple[Card, ...] | None:
        """The seat's own discards, if it is the bidder."""
        ...  # pragma: no cover


SENSES: Final = {
    rule: CardSense(piquet_deck(), points, name=f"four-point-smear, {rule}") for rule, points in FOUR_POINTS.items()
}
"""What the heuristic knows of Smear's cards, under each ``high_low`` option."""


def choose(observation: Observation) -> Action:
    """The heuristic's action for ``observation``, which offers a legal action (see the module's documentation)."""
    return smear_choice(
        observation.view, observation.legal, played=hand_plays(observation.events), options=observation.options
    )


def suit_value(hand: Iterable[Card], suit: Suit, *, high_low: str = "ace-seven") -> float:
    """The points a hand may expect to win with ``suit`` as trump (a rough estimate, partner included).

    See :meth:`CardSense.suit_value <tablegames.mechanics.pitchplay.CardSense.suit_value>`.
    """
    return SENSES[high_low].suit_value(hand, suit)


def best_suit(hand: Iterable[Card], *, high_low: str = "ace-seven", suits: Iterable[Suit] | None = None) -> Suit:
    """The suit the hand is worth most with as trump (among ``suits``, by default all four)."""
    return SENSES[high_low].best_suit(hand, suits)


def _keep_value(card: Card, trump: Suit) -> float:
    """How much keeping ``card`` is worth when the bidder discards (lower is discarded first)."""
    if card.suit == trump:
        return 100 + ORDER[card.rank]
    return {Rank.TEN: 0, Rank.ACE: 9, Rank.KING: 6, Rank.QUEEN: 5, Rank.JACK: 4}.get(card.rank, ORDER[card.rank] / 4)


def smear_choice(view: Seen, legal: Sequence[Action], *, played: Iterable[Card], options: Any) -> Action:
    """The greedy Smear action for the seat of ``view``, given the cards played so far in the hand.

    ``view`` is the seat's view, or anything with what of it :class:`Seen` names.
    """
    sense = SENSES[getattr(options, "high_low", "ace-seven")]
    if view.phase == "discard":
        trump = sense.best_suit(view.hand)
        return min(legal, key=lambda a: sum(_keep_value(c, trump) for c in a.cards) if isinstance(a, Discard) else 0)
    choice = pitch_choice(
        view, legal, played=played, sense=sense, seen=view.discarded or (), pickup=getattr(options, "seen_undealt", 0)
    )
    return legal[0] if choice is None else choice
