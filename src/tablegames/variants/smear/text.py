"""Plain-text rendering of Four Point Smear events, tricks, views and scoresheet notes, for terminals and logs.

:class:`~tablegames.variants.smear.game.Smear` hands these to the command line through the
text capabilities of :class:`~tablegames.core.game.Game` (``describe_event``, ``render_view``,
``hand_note``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Event
from tablegames.mechanics.allfours import describe_awards
from tablegames.mechanics.match import render_cards
from tablegames.variants.smear.events import (
    BiddingWon,
    BidMade,
    BidPassed,
    CardPlayed,
    DealerDrawn,
    Discarded,
    GameEnded,
    HandDealt,
    HandScored,
    ThrownIn,
    TrickWon,
    UndealtTaken,
)
from tablegames.variants.smear.view import SmearView

__all__ = ["describe_event", "hand_note", "render_cards", "render_trick", "view_lines"]


def _suit(suit: Suit) -> str:
    return suit.name.lower()


def describe_event(event: Event) -> str:
    """One line saying what ``event`` means, in words."""
    if isinstance(event, (DealerDrawn, HandDealt, BidPassed, CardPlayed, TrickWon, GameEnded)):
        return event.describe()
    if isinstance(event, BidMade):
        return f"seat {event.seat} bids {event.amount}"
    if isinstance(event, ThrownIn):
        return f"everyone passed: hand {event.hand_number} is thrown in and the same dealer deals again"
    if isinstance(event, BiddingWon):
        return f"seat {event.seat} is the bidder at {event.amount}"
    if isinstance(event, UndealtTaken):
        return f"seat {event.seat} takes up {event.count} undealt card(s): {render_cards(event.cards)}"
    if isinstance(event, Discarded):
        return f"seat {event.seat} discards {event.count} card(s): {render_cards(event.cards)}"
    if isinstance(event, HandScored):
        points = describe_awards(event.awards)
        result = "made" if event.made else "set"
        return (
            f"hand {event.hand_number}, trump {_suit(event.trump)}: {points}; card points {event.card_points}; "
            f"seat {event.bidder} bid {event.bid} and was {result}; scores {event.scores}"
        )
    return repr(event)


def render_trick(trick: Sequence[tuple[int, Card]], trump: Suit | None) -> str:
    """The trick in progress and the trump suit as one line."""
    cards = ", ".join(f"seat {s}: {c}" for s, c in trick) or "(no cards)"
    return f"trump {_suit(trump) if trump is not None else 'not yet set'}; trick: {cards}"


def _suit_name(suit: Suit | None) -> str:
    return "not yet set" if suit is None else suit.name.lower()


def _grouped(cards: Sequence[Card] | None) -> str:
    """Cards grouped by suit, the groups two spaces apart."""
    if not cards:
        return "(none)"
    groups: list[list[str]] = []
    last = None
    for card in cards:
        if card.suit != last or not groups:
            groups.append([])
            last = card.suit
        groups[-1].append(str(card))
    return "  ".join(" ".join(g) for g in groups)


def view_lines(view: SmearView, labels: Sequence[str]) -> list[str]:
    """What one seat sees now, as lines: the hand, the bidding, the trick, the seat's cards by suit.

    Args:
        view: the seat's view.
        labels: a label per side, for the tricks each side has won.
    """
    lines = [f"hand {view.hand_number}, dealt by seat {view.dealer}; {view.phase}; trump {_suit_name(view.trump)}"]
    last = view.last_hand
    if last is not None and view.phase == "bidding":
        points = describe_awards(last.awards)
        result = "made" if last.made else "set"
        lines.append(f"last hand {points}; seat {last.bidder} bid {last.bid}, {result}")
    calls = ", ".join(f"seat {b.seat} {'pass' if b.amount is None else f'bid {b.amount}'}" for b in view.bids)
    if view.bidder is not None:
        calls += f"; seat {view.bidder} is the bidder at {view.bid}"
    lines.append(f"bidding   {calls or '(nobody has spoken)'}")
    if view.phase == "play":
        trick = ", ".join(f"seat {t.seat} {t.card}" for t in view.trick) or "(no card yet)"
        won = ", ".join(f"{label} {n}" for label, n in zip(labels, view.tricks_won, strict=False))
        lines.append(f"trick     {trick}")
        lines.append(f"tricks    {won}")
    if view.picked_up:
        lines.append(f"picked up {' '.join(str(c) for c in view.picked_up)}")
    if view.discarded:
        lines.append(f"discarded {' '.join(str(c) for c in view.discarded)}")
    held = ", ".join(f"seat {s} {n}" for s, n in enumerate(view.hand_sizes))
    lines.append(f"your cards  {_grouped(view.hand)}    (cards held: {held})")
    return lines


def hand_note(event: Event) -> str | None:
    """The scoresheet's note on a hand: ``"thrown in"``, or the bid and whether it was made; else ``None``."""
    if isinstance(event, ThrownIn):
        return "thrown in"
    if isinstance(event, HandScored):
        return f"seat {event.bidder} bid {event.bid}, {'made' if event.made else 'set'}"
    return None
