"""A cheap, sensible Euchre player for the calls, the dealer's discard and the play (an optional capability).

Nothing scores in Euchre before the fifth trick, so the generic greedy rule (the action that
gains its side the most points at once) cannot see the point of a call, a discard or a card, and
its look-ahead falls back on random playouts at every card: this rule of thumb makes ``greedy``
both stronger and much faster. :func:`choose` answers from the seat's view alone:

* **Calls.** A suit's worth to a hand is the sum of its trumps' values (the right bower 3, the
  left 2.5, the ace 2, the other trumps 1.5 down to 1) and 1 for each ace of another suit. In
  the first round the dealer counts the up-card as his; his partner adds half its value, an
  opponent of the dealer takes half off. A seat calls the best suit it may worth 7.5 or more,
  alone at 11 or more with both bowers; the stuck dealer calls his best suit.
* **The discard.** The dealer keeps his trumps and aces: he discards the lowest card of his
  shortest plain suit (to be void in it), else his lowest card.
* **The play.** Leading, a seat of the makers leads its highest trump while it holds two or more,
  any other seat its best ace of a plain suit, else its lowest card. Following, a seat whose
  partner wins the trick with a trump or an ace plays its lowest card; otherwise the trick
  games' rule of thumb, :func:`~tablegames.mechanics.tricks.lowest_winning`: its lowest card
  that takes the trick, else its lowest. A trump is above every plain card.

>>> from tablegames.components.cards import Card, Suit
>>> hand = [Card.parse(c) for c in ("JH", "JD", "AH", "KH", "AS")]
>>> suit_worth(hand, Suit.HEARTS), suit_worth(hand, Suit.DIAMONDS)
(10.0, 7.5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tablegames.components.cards import Card, Rank, Suit
from tablegames.core.events import Action
from tablegames.core.observation import Observation
from tablegames.mechanics.tricks import TrickCard, lowest_winning, trick_winner
from tablegames_euchre.actions import Call, Discard, Pass, PlayCard
from tablegames_euchre.rules import ORDER, STRENGTH, SUIT_OF, strength

__all__ = ["ALONE_AT", "CALL_AT", "choose", "discard_choice", "play_choice", "suit_worth"]

CALL_AT: Final = 7.5
"""The worth from which a seat makes a suit trump."""
ALONE_AT: Final = 11.0
"""The worth from which a seat holding both bowers goes alone."""
_TRUMP_VALUE: Final = {8: 3.0, 7: 2.5, 6: 2.0, 5: 1.5, 4: 1.5, 2: 1.0, 1: 1.0}
"""A trump's value by its strength (right bower 8, left 7, A 6, K 5, Q 4, 10 2, 9 1)."""


def suit_worth(hand: Sequence[Card], trump: Suit) -> float:
    """What ``hand`` is worth with ``trump`` trump: its trumps' values and 1 per other ace."""
    worth = 0.0
    suit_of = SUIT_OF[trump]
    for card in hand:
        if suit_of[card] is trump:
            worth += _TRUMP_VALUE[strength(card, trump)]
        elif card.rank is Rank.ACE:
            worth += 1.0
    return worth


def discard_choice(hand: Sequence[Card], trump: Suit) -> Card:
    """The card the dealer discards from his six: the lowest of his shortest plain suit without its ace.

    >>> from tablegames.components.cards import Card
    >>> hand = [Card.parse(c) for c in ("JS", "10S", "KH", "9H", "QD", "9C")]
    >>> str(discard_choice(hand, Suit.HEARTS))
    '9C'
    """
    suit_of = SUIT_OF[trump]
    plain = [c for c in hand if suit_of[c] is not trump and c.rank is not Rank.ACE]
    if not plain:
        return min(hand, key=lambda c: (suit_of[c] is trump, strength(c, trump)))
    count = {s: sum(1 for c in hand if suit_of[c] is s) for s in Suit}
    return min(plain, key=lambda c: (count[suit_of[c]], strength(c, trump)))


def _worth(card: Card, trump: Suit) -> int:
    """A card's worth for the play: its strength, a trump above every plain card."""
    return strength(card, trump) + (10 if SUIT_OF[trump][card] is trump else 0)


def play_choice(
    playable: Sequence[Card], trick: Sequence[TrickCard], *, trump: Suit, seat: int, makers: bool, trumps_held: int
) -> Card:
    """The card to play of ``playable`` (the legal cards), given the trick so far.

    Args:
        playable: the cards ``seat`` may play now.
        trick: the trick so far, the lead first.
        trump: the trump suit.
        seat: the seat to play.
        makers: whether ``seat`` is one of the makers.
        trumps_held: how many trumps ``seat`` holds.

    >>> from tablegames.components.cards import Card
    >>> cards = [Card.parse(c) for c in ("JH", "AS", "9C")]
    >>> str(play_choice(cards, [], trump=Suit.HEARTS, seat=0, makers=False, trumps_held=1))
    'AS'
    >>> led = [TrickCard(1, Card.parse("KC"))]
    >>> clubs = [Card.parse(c) for c in ("AC", "9C")]
    >>> str(play_choice(clubs, led, trump=Suit.HEARTS, seat=2, makers=True, trumps_held=0))
    'AC'
    """
    suit_of = SUIT_OF[trump]
    lowest = min(playable, key=lambda c: _worth(c, trump))
    if not trick:
        if makers and trumps_held >= 2:
            return max(playable, key=lambda c: _worth(c, trump))
        aces = [c for c in playable if c.rank is Rank.ACE and suit_of[c] is not trump]
        return aces[0] if aces else lowest
    cards = [t.card for t in trick]
    counts_as, power = suit_of.__getitem__, STRENGTH[trump].__getitem__
    best = trick[trick_winner(cards, trump, ORDER, suit_of=counts_as, strength=power)]
    if best.seat == (seat + 2) % 4 and (suit_of[best.card] is trump or best.card.rank is Rank.ACE):
        return lowest
    return lowest_winning(playable, cards, trump, suit_of=counts_as, strength=power)


def choose(observation: Observation) -> Action | None:
    """The heuristic's call, discard or card for ``observation``: one of its legal actions."""
    view = observation.view
    legal = observation.legal
    if view.phase == "discard":
        card = discard_choice(view.hand, view.trump)
        return next(a for a in legal if isinstance(a, Discard) and a.card == card)
    if view.phase == "play":
        trump = view.trump
        playable = [a.card for a in legal if isinstance(a, PlayCard)]
        held = sum(1 for c in view.hand if SUIT_OF[trump][c] is trump)
        makers = view.maker % 2 == view.seat % 2
        card = play_choice(playable, view.trick, trump=trump, seat=view.seat, makers=makers, trumps_held=held)
        return next(a for a in legal if isinstance(a, PlayCard) and a.card == card)
    if view.phase != "calling":
        return None
    calls = [a for a in legal if isinstance(a, Call)]
    suits = list(dict.fromkeys(a.suit for a in calls))
    hand = list(view.hand)
    up = view.up_card
    best, best_worth = suits[0], -1.0
    for suit in suits:
        if view.calling_round == 1:
            if view.seat == view.dealer:
                six = [*hand, up]  # less what the dealer gives up with the discard he would make
                worth = max(suit_worth(six, suit) - suit_worth([discard_choice(six, suit)], suit), 0.0)
            else:
                value = suit_worth([up], suit) / 2
                worth = suit_worth(hand, suit) + (value if (view.seat + 2) % 4 == view.dealer else -value)
        else:
            worth = suit_worth(hand, suit)
        if worth > best_worth:
            best, best_worth = suit, worth
    if best_worth < CALL_AT and not view.must_call:
        return next(a for a in legal if isinstance(a, Pass))
    bowers = sum(1 for c in hand if c.rank is Rank.JACK and SUIT_OF[best][c] is best)
    alone = best_worth >= ALONE_AT and bowers == 2
    return next((a for a in calls if a.suit is best and a.alone is alone), next(a for a in calls if a.suit is best))
