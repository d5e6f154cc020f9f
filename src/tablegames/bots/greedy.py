"""A greedy player: the move a simple rule likes best, from what its seat may know.

* **American Sniff:** the placement that scores most now. The layout is rebuilt from the view
  and each legal placement is counted with
  :func:`~tablegames.variants.sniff.rules.sniff_count`; the most points win, then the
  heaviest tile (to shed pips), then a double (hard to place later).
* **Four Point Smear:** a hand-strength bidder and a card player. The bidder rates each suit as
  trump (the ace and the seven are sure points, the jack is likely with the ace or king or
  length, Game grows with length, tens and side aces) and bids what its best suit is worth,
  passing when that is under 2 or not above the current bid. The bidder takes trump from that
  suit, discards low cards of other suits (a ten first: discards count for its Game), and leads
  its best trump. Later it pulls trumps with a trump nobody can beat, cashes side aces, wins
  tricks with the cheapest card that is sure to hold, feeds points (the jack of trump, tens)
  to a partner who is sure to win the trick, never risks the jack of trump, and otherwise dumps
  its lowest card.

* **Any other variant:** the action that gains its side the most points right now, judged by a
  one-ply look-ahead in a few worlds consistent with the seat's log (see
  :mod:`tablegames.bots.sampler`): each legal action is applied to a copy of each world, and
  the action whose events raise the side's score the most against the best other side wins.
  Ties (where no points are scored at once, as in most of a trick-taking hand) go to the
  action whose random playouts to the end of the hand gain most, then as
  :class:`~tablegames.bots.random.RandomBot` would break them (in an auction: pass, or bid low).
  See :func:`look_ahead_choice`.

It reads only the :class:`~tablegames.bots.base.Observation`: the view, and for Smear the cards
played so far in the hand from the seat's log. In Sniff and Smear it is deterministic; in any
other variant the generator draws the world and breaks ties.

>>> import random, tablegames
>>> from tablegames.bots import GreedyBot, RandomBot, Table
>>> game = tablegames.new_game("american-sniff", seed=2, players=2)
>>> Table(game, [GreedyBot(), RandomBot()], rng=random.Random(2)).play()
>>> game.winner
0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final

from tablegames.bots.base import Observation
from tablegames.bots.random import RandomBot
from tablegames.bots.sampler import WorldSampler
from tablegames.bots.worlds import deal_event_class
from tablegames.components.cards import Card, Rank, Suit, piquet_deck
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.registry import get_variant
from tablegames.mechanics.line import LineLayout, arm_index
from tablegames.variants.smear.actions import Bid, Discard, Pass, PlayCard
from tablegames.variants.smear.events import CardPlayed
from tablegames.variants.smear.events import HandDealt as SmearHandDealt
from tablegames.variants.smear.rules import CARD_POINTS, ORDER
from tablegames.variants.smear.view import SmearView
from tablegames.variants.sniff.actions import Play
from tablegames.variants.sniff.rules import new_layout, sniff_count
from tablegames.variants.sniff.view import SniffView

__all__ = [
    "GreedyBot",
    "best_suit",
    "hand_plays",
    "look_ahead_choice",
    "placement_points",
    "smear_choice",
    "sniff_choice",
    "sniff_layout",
    "suit_value",
]

_DECK: Final = piquet_deck()
_TIE_BREAK: Final = RandomBot()
_DECISIVE: Final = 1e9
"""The gain of winning the match (and, negated, of losing it): more than any score change."""


class GreedyBot:
    """Plays the move a simple rule likes best (see the module's documentation).

    It sees only its observation, never the game, so it cannot cheat.
    """

    name = "greedy"
    """The bot's name on the command line."""

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """The chosen one of ``observation.legal``.

        Raises:
            ValueError: if there is no legal action.
        """
        legal = observation.legal
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        view = observation.view
        if isinstance(view, SniffView):
            return sniff_choice(sniff_layout(view), legal)
        if isinstance(view, SmearView):
            return smear_choice(view, legal, played=hand_plays(observation.events), options=observation.options)
        return look_ahead_choice(observation, rng)


def look_ahead_choice(observation: Observation, rng: random.Random, *, worlds: int = 4) -> Action:
    """The legal action that gains the seat's side the most points, in sampled worlds.

    Each action is judged in ``worlds`` worlds consistent with the seat's log: its gain is the
    side's score change minus the largest change of another side, first over the events the
    action produces at once (a one-ply look-ahead); where that leaves a tie (no points are
    scored at once, as in most of a trick-taking hand), over a random playout to the end of the
    hand. Remaining ties are broken by :meth:`RandomBot.choose
    <tablegames.bots.random.RandomBot.choose>` (in an auction: pass, or bid low).

    Raises:
        LogError: if no world consistent with the observation is found.

    """
    legal = observation.legal
    sampler = WorldSampler(observation.log())
    cls = get_variant(observation.variant)
    deal_class = deal_event_class(cls, observation.options)
    samples = [sampler.sample(rng) for _ in range(worlds)]
    side = samples[0].side_of(observation.seat)
    now = [0.0] * len(legal)
    trials: list[list[tuple[Game, tuple[int, ...]]]] = [[] for _ in legal]
    for world in samples:
        before = world.scores
        for i, action in enumerate(legal):
            trial = world.clone()
            trial.apply(action)
            now[i] += _gain(trial, before, side)
            trials[i].append((trial, before))
    top = max(now)
    tied = [i for i, value in enumerate(now) if value == top]
    if len(tied) > 1:  # only the tied actions are played out
        later = {i: sum(_playout_gain(t, b, side, deal_class, rng) for t, b in trials[i]) for i in tied}
        best_later = max(later.values())
        tied = [i for i in tied if later[i] == best_later]
    return _TIE_BREAK.choose([legal[i] for i in tied], rng)


def _gain(game: Game, before: Sequence[int], side: int) -> float:
    """The side's score change since ``before`` minus the largest other side's; a win or loss outweighs it."""
    if game.is_over:
        return _DECISIVE if game.winner == side else -_DECISIVE
    change = [a - b for a, b in zip(game.scores, before, strict=True)]
    others = [c for s, c in enumerate(change) if s != side]
    return change[side] - (max(others) if others else 0)


def _playout_gain(
    game: Game, before: Sequence[int], side: int, deal_class: type | None, rng: random.Random, *, limit: int = 2000
) -> float:
    """:func:`_gain` after random play to the end of the hand (the next deal event) or of the match."""
    for _ in range(limit):
        if game.is_over:
            break
        events = game.apply(_TIE_BREAK.choose(game.legal_actions(), rng))
        if deal_class is not None and any(type(e) is deal_class for e in events):
            break
    return _gain(game, before, side)


# -- American Sniff ---------------------------------------------------------------------


def sniff_layout(view: SniffView) -> LineLayout:
    """The layout a Sniff view shows, rebuilt tile by tile (the Sniff placed before any later double)."""
    layout = new_layout()
    if view.opening is None:
        return layout
    layout.place(view.opening, None)
    arms = {a.id: a.tiles for a in view.arms}
    order: list[tuple[str, Sequence[Any]]] = []
    first: str | None = None
    sniff = view.sniff
    if sniff is not None and sniff is not view.opening:
        for arm_id in ("W", "E"):
            tiles = arms.get(arm_id, ())
            if sniff in tiles:
                cut = tiles.index(sniff) + 1
                order += [(arm_id, tiles[:cut]), (arm_id, tiles[cut:])]
                first = arm_id
    order += [(arm_id, arms.get(arm_id, ())) for arm_id in ("W", "E", "N", "S") if arm_id != first]
    for arm_id, placed in order:
        arm = arm_index(arm_id)
        for tile in placed:
            layout.place(tile, arm)
    return layout


def placement_points(layout: LineLayout, play: Play) -> int:
    """What ``play`` would score on ``layout``: the count after it if a positive multiple of 5, else 0."""
    trial = layout.copy()
    trial.place(play.tile, None if play.end is None else arm_index(play.end))
    count = sniff_count(trial)
    return count if count and count % 5 == 0 else 0


def sniff_choice(layout: LineLayout, legal: Sequence[Action]) -> Action:
    """The greedy placement among ``legal`` on ``layout``: most points, then heaviest tile, then a double.

    (The most points also reach the target whenever any placement does.)
    """
    best: Action = legal[0]
    best_key: tuple[int, int, bool] | None = None
    for play in legal:
        assert isinstance(play, Play)
        points = placement_points(layout, play)
        key = (points, play.tile.pips, play.tile.is_double)
        if best_key is None or key > best_key:
            best, best_key = play, key
    return best


# -- Four Point Smear ---------------------------------------------------------------------


def hand_plays(events: Iterable[Event]) -> list[Card]:
    """The cards played so far in the current Smear hand, from a seat's log."""
    played: list[Card] = []
    for event in events:
        if isinstance(event, SmearHandDealt):
            played = []
        elif isinstance(event, CardPlayed):
            played.append(event.card)
    return played


def suit_value(hand: Iterable[Card], suit: Suit, *, high_low: str = "ace-seven") -> float:
    """The points a hand may expect to win with ``suit`` as trump (a rough estimate, partner included)."""
    cards = list(hand)
    trumps = {c.rank for c in cards if c.suit == suit}
    if not trumps:
        return 0.0
    n = len(trumps)
    value = 0.3  # the partner's share
    if high_low == "in-play":
        value += 1.0 if Rank.ACE in trumps else 0.6 if Rank.KING in trumps else 0.3 if Rank.QUEEN in trumps else 0.0
        value += 1.0 if Rank.SEVEN in trumps else 0.6 if Rank.EIGHT in trumps else 0.3 if Rank.NINE in trumps else 0.0
    else:
        value += 1.0 if Rank.ACE in trumps else 0.3 if Rank.KING in trumps and n >= 3 else 0.0
        value += 1.0 if Rank.SEVEN in trumps else 0.0
    if Rank.JACK in trumps:
        value += 0.85 if Rank.ACE in trumps or Rank.KING in trumps or n >= 4 else 0.5
    side_aces = sum(1 for c in cards if c.rank == Rank.ACE and c.suit != suit)
    tens = sum(1 for c in cards if c.rank == Rank.TEN)
    value += min(0.9, 0.1 * n + 0.1 * side_aces + 0.1 * tens + (0.15 if Rank.TEN in trumps else 0.0))
    return value


def best_suit(hand: Iterable[Card], *, high_low: str = "ace-seven", suits: Iterable[Suit] | None = None) -> Suit:
    """The suit the hand is worth most with as trump (among ``suits``, by default all four)."""
    cards = list(hand)
    pool = list(Suit) if suits is None else list(suits)
    return max(pool, key=lambda s: (suit_value(cards, s, high_low=high_low), -int(s)))


def _beats(card: Card, best: Card, led: Suit | None, trump: Suit | None) -> bool:
    """Whether ``card`` beats ``best``, the card winning a trick whose led suit is ``led``."""
    if card.suit == trump:
        return best.suit != trump or ORDER[card.rank] > ORDER[best.rank]
    if best.suit == trump:
        return False
    return card.suit == led and ORDER[card.rank] > ORDER[best.rank]


def _feed_value(card: Card, trump: Suit | None) -> float:
    """How much giving ``card`` to a partner's sure trick is worth (higher is better)."""
    if card.suit == trump and card.rank == Rank.JACK:
        return 20
    if card.rank == Rank.TEN:
        return 10
    if card.suit != trump and card.rank in (Rank.KING, Rank.QUEEN):
        return CARD_POINTS[card.rank]
    if card.suit == trump and card.rank != Rank.SEVEN:
        return -10 - ORDER[card.rank]  # keep trumps
    return -ORDER[card.rank] / 10


def _dump_cost(card: Card, trump: Suit | None) -> float:
    """How much throwing ``card`` away (to a trick the other side wins) costs (lower is better)."""
    if card.suit == trump:
        if card.rank == Rank.SEVEN:
            return 5
        if card.rank == Rank.JACK:
            return 100
        return 30 + ORDER[card.rank]
    points = CARD_POINTS.get(card.rank, 0)
    return (10 + 2 * points if points else 0) + ORDER[card.rank]


def _keep_value(card: Card, trump: Suit) -> float:
    """How much keeping ``card`` is worth when the bidder discards (lower is discarded first)."""
    if card.suit == trump:
        return 100 + ORDER[card.rank]
    return {Rank.TEN: 0, Rank.ACE: 9, Rank.KING: 6, Rank.QUEEN: 5, Rank.JACK: 4}.get(card.rank, ORDER[card.rank] / 4)


def smear_choice(view: SmearView, legal: Sequence[Action], *, played: Iterable[Card], options: Any) -> Action:
    """The greedy Smear action for the seat of ``view``, given the cards played so far in the hand."""
    high_low = getattr(options, "high_low", "ace-seven")
    if view.phase == "bidding":
        return _bid(view, legal, high_low=high_low, pickup=getattr(options, "seen_undealt", 0))
    if view.phase == "discard":
        trump = best_suit(view.hand, high_low=high_low)
        return min(legal, key=lambda a: sum(_keep_value(c, trump) for c in a.cards) if isinstance(a, Discard) else 0)
    cards = {a.card: a for a in legal if isinstance(a, PlayCard)}
    if not cards:
        return legal[0]
    return cards[_card(view, list(cards), set(played), high_low=high_low)]


def _bid(view: SmearView, legal: Sequence[Action], *, high_low: str, pickup: int) -> Action:
    value = max(suit_value(view.hand, s, high_low=high_low) for s in Suit) + 0.25 * pickup
    amount = min(4, int(value))
    for action in legal:
        if isinstance(action, Bid) and action.amount == amount:
            return action
    return next((a for a in legal if isinstance(a, Pass)), legal[0])


def _card(view: SmearView, cards: list[Card], played: set[Card], *, high_low: str) -> Card:
    """The card to play among the legal ``cards``."""
    hand = view.hand
    trump = view.trump
    seat = view.seat
    unseen = [c for c in _DECK if c not in played and c not in hand and c not in (view.discarded or ())]
    trick = view.trick
    if not trick:
        if trump is None:
            suit = best_suit(hand, high_low=high_low, suits={c.suit for c in cards if c.suit is not None})
            mine = sorted((c for c in cards if c.suit == suit), key=lambda c: -ORDER[c.rank])
            top = mine[0]
            if top.rank in (Rank.ACE, Rank.KING, Rank.QUEEN) or len(mine) == 1:
                return top
            return next((c for c in reversed(mine) if c.rank != Rank.JACK), top)
        return _lead(cards, unseen, trump)
    led = trick[0].card.suit
    best = trick[0]
    for tc in trick[1:]:
        if _beats(tc.card, best.card, led, trump):
            best = tc
    after = 3 - len(trick)

    def holds(card: Card) -> bool:
        return after == 0 or not any(_beats(u, card, led, trump) for u in unseen)

    if best.seat == (seat + 2) % 4 and holds(best.card):
        return max(cards, key=lambda c: (_feed_value(c, trump), -_dump_cost(c, trump)))
    winners = [c for c in cards if _beats(c, best.card, led, trump)]
    safe = [c for c in winners if holds(c)]
    if safe:
        jack = [c for c in safe if c.suit == trump and c.rank == Rank.JACK]
        if jack:
            return jack[0]
        return min(safe, key=lambda c: (c.suit == trump, ORDER[c.rank]))
    cheap = [c for c in winners if not (c.suit == trump and c.rank == Rank.JACK) and _dump_cost(c, trump) < 10]
    if cheap and after:
        return min(cheap, key=lambda c: _dump_cost(c, trump))
    return min(cards, key=lambda c: _dump_cost(c, trump))


def _lead(cards: list[Card], unseen: list[Card], trump: Suit) -> Card:
    """The card to lead once trump is known."""
    trumps = sorted((c for c in cards if c.suit == trump), key=lambda c: -ORDER[c.rank])
    out_trumps = [c for c in unseen if c.suit == trump]
    if trumps and out_trumps and all(ORDER[trumps[0].rank] > ORDER[u.rank] for u in out_trumps):
        return trumps[0]
    aces = [c for c in cards if c.suit != trump and c.rank == Rank.ACE]
    if aces:
        return aces[0]
    return min(cards, key=lambda c: _dump_cost(c, trump))
