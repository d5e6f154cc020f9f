"""The trick family's heuristic player: pass the worst cards, take what is worth taking, give the rest away.

What a card is worth comes from the game's settings: :attr:`~tablegames.mechanics.trickgame.TrickGame.card_points`
(each card's points to the side that takes it; with none, each trick counts one), the rank
:attr:`~tablegames.mechanics.trickgame.TrickGame.order`, the trump of the seat's view, and
:attr:`~tablegames.core.game.Game.lower_score_wins` (points are then penalties, to be avoided).

* **Passing** (:class:`~tablegames.mechanics.passing.PassCards`): where points are good, the
  lowest cards; where they are penalties, the cards that carry the most of them, then the highest.
* **Leading**: where points are good, the strongest card outside trump (a trump where it has
  only trumps); where they are penalties, the weakest card that carries none.
* **Following**, points good: a partner winning the trick is given the card worth most points
  that does not beat it; the last to play takes a trick worth having with its cheapest winning
  card; earlier in the trick it plays its strongest winner; a seat that cannot win throws its
  cheapest card.
* **Following**, points penalties: a seat that can play under the winning card does, with the
  card that carries the most points, then the highest; a seat that must win plays its winner with
  the fewest points, then the highest (it takes the trick anyway).

It reads only the seat's view (the trick, the trump and the phase) and its legal actions, so it
costs hundredths of a millisecond. :meth:`TrickGame.heuristic_choice
<tablegames.mechanics.trickgame.TrickGame.heuristic_choice>` plays it for every game of the family
whose cards keep their printed suit and rank (a game with its own
:meth:`~tablegames.mechanics.trickgame.TrickGame.card_rules`, as Euchre's bowers, gives its own).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tablegames.components.cards import Card, Rank, Suit
from tablegames.core.events import Action
from tablegames.mechanics.passing import PassCards
from tablegames.mechanics.tricks import PlayCard, TrickCard

__all__ = ["trick_choice"]


def trick_choice(
    *,
    phase: str,
    trick: Sequence[TrickCard],
    trump: Suit | None,
    legal: Sequence[Action],
    order: Mapping[Rank, int],
    card_points: Mapping[Card, int],
    penalties: bool,
    partner: int | None,
    players: int,
) -> Action | None:
    """The heuristic's pass or card (see the module's documentation); ``None`` in a phase of a variant's own.

    ``penalties`` says points are bad (the lowest score wins); ``partner`` is the seat's
    partner, if it has one; ``players`` how many seats play a trick.
    """
    if phase == "passing":
        passes = [a for a in legal if isinstance(a, PassCards)]
        if not passes:
            return None
        if penalties:
            return max(passes, key=lambda a: sum(100 * card_points.get(c, 0) + order[c.rank] for c in a.cards))
        return min(passes, key=lambda a: sum(100 * card_points.get(c, 0) + order[c.rank] for c in a.cards))
    if phase != "play":
        return None
    plays = {a.card: a for a in legal if isinstance(a, PlayCard)}
    if not plays:
        return None
    cards = list(plays)

    def points(card: Card) -> int:
        return card_points.get(card, 0)

    def strength(card: Card, led: Suit | None) -> int:
        """A card's strength in a trick led in ``led``: a trump above the led suit, any other suit nothing."""
        if card.suit is not None and card.suit == trump:
            return 200 + order[card.rank]
        return 100 + order[card.rank] if card.suit == led else 0

    if not trick:
        if penalties:
            return plays[min(cards, key=lambda c: (points(c), order[c.rank]))]
        side = [c for c in cards if c.suit != trump] or cards
        return plays[max(side, key=lambda c: (order[c.rank], -points(c)))]
    led = trick[0].card.suit
    best = max(trick, key=lambda t: strength(t.card, led))
    top = strength(best.card, led)
    winners = [c for c in cards if strength(c, led) > top]
    losers = [c for c in cards if strength(c, led) <= top]
    if penalties:
        if losers:
            return plays[max(losers, key=lambda c: (points(c), order[c.rank]))]
        return plays[max(winners, key=lambda c: (-points(c), strength(c, led)))]
    cheapest = min(cards, key=lambda c: (points(c), strength(c, led), order[c.rank]))
    if partner is not None and best.seat == partner:
        if losers:
            return plays[max(losers, key=lambda c: (points(c), -order[c.rank]))]
        return plays[cheapest]
    if winners:
        worth = sum(points(t.card) for t in trick) if card_points else 1
        if len(trick) == players - 1:
            if worth or any(points(c) for c in winners):
                return plays[min(winners, key=lambda c: (strength(c, led), -points(c)))]
        else:
            return plays[max(winners, key=lambda c: strength(c, led))]
    return plays[cheapest]
