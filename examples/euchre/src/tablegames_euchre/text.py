"""Plain-text rendering of Euchre events and of a seat's view (every other event words itself)."""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.components.cards import Suit
from tablegames.core.events import Event
from tablegames.mechanics.match import render_cards
from tablegames.mechanics.trickgame import trick_lines
from tablegames_euchre.events import Discarded, HandScored, HandThrownIn, Passed, TrickWon, TrumpMade, UpCardTaken
from tablegames_euchre.view import EuchreView

# render_cards is the match mechanic's, re-exported here as before.
__all__ = ["describe_event", "hand_note", "render_cards", "render_view", "suit_name"]

_SIDES = ("seats 0+2", "seats 1+3")


def suit_name(suit: Suit) -> str:
    """A suit's name in words.

    >>> suit_name(Suit.HEARTS)
    'hearts'
    """
    return suit.name.lower()


def _call(event: TrumpMade) -> str:
    suit = suit_name(event.suit)
    if event.round == 1:
        text = f"seat {event.seat} orders up {suit}"
    elif event.stuck:
        text = f"seat {event.seat}, the dealer, stuck, names {suit}"
    else:
        text = f"seat {event.seat} names {suit}"
    return text + (" and goes alone" if event.alone else "")


def _scored(event: HandScored) -> str:
    makers = event.maker % 2
    who = f"seat {event.maker} ({_SIDES[makers]}) made {suit_name(event.trump)}" + (" alone" if event.alone else "")
    tricks = event.tricks[makers]
    taken = f"{tricks} trick" + ("" if tricks == 1 else "s")
    score = "-".join(map(str, event.scores))
    if event.result == "euchre":
        return f"hand {event.hand_number}: {who}, took {taken} and is euchred: {_SIDES[event.side]} score 2 ({score})"
    how = "a march" if event.result == "march" else taken
    points = f"{event.points} point" + ("" if event.points == 1 else "s")
    return f"hand {event.hand_number}: {who}, {how}: {_SIDES[event.side]} score {points} ({score})"


def describe_event(event: Event) -> str:
    """One line saying what ``event`` means, in words (the event may be redacted for a seat).

    >>> describe_event(TrumpMade(2, Suit.CLUBS, 2, True, False))
    'seat 2 names clubs and goes alone'
    >>> describe_event(HandScored(4, 1, Suit.HEARTS, False, (4, 1), "euchre", 0, 2, (6, 3)))
    'hand 4: seat 1 (seats 1+3) made hearts, took 1 trick and is euchred: seats 0+2 score 2 (6-3)'
    """
    if isinstance(event, TrickWon):
        return f"seat {event.seat} wins the trick: {render_cards(event.cards)}"
    if isinstance(event, Passed):
        return f"seat {event.seat} passes" + (" again" if event.round == 2 else "")
    if isinstance(event, TrumpMade):
        return _call(event)
    if isinstance(event, UpCardTaken):
        return f"seat {event.seat} picks up {event.card}"
    if isinstance(event, Discarded):
        return f"seat {event.seat} discards " + ("a card face down" if event.card is None else str(event.card))
    if isinstance(event, HandScored):
        return _scored(event)
    if isinstance(event, HandThrownIn):
        return f"hand {event.hand_number} is thrown in: nobody made trump; the deal passes to the left"
    return event.describe()


def hand_note(event: Event) -> str | None:
    """A few words on a hand for its row of the scoresheet: who made what, how it went.

    >>> hand_note(HandScored(1, 2, Suit.SPADES, True, (5, 0), "march", 0, 4, (4, 0)))
    'seat 2 made spades alone: march'
    """
    if isinstance(event, HandScored):
        alone = " alone" if event.alone else ""
        how = {"made": f"{event.tricks[event.maker % 2]} tricks", "march": "march", "euchre": "euchred"}[event.result]
        return f"seat {event.maker} made {suit_name(event.trump)}{alone}: {how}"
    if isinstance(event, HandThrownIn):
        return "thrown in"
    return None


def render_view(view: EuchreView, labels: Sequence[str]) -> list[str]:
    """What one seat sees, as a few lines for a person playing it (the command line's ``play --seat``).

    Args:
        view: the seat's view.
        labels: a label per side, such as ``"seats 0+2"``.
    """
    lines = [f"hand {view.hand_number}: seat {view.dealer} deals, up card {view.up_card}"]
    calls = ", ".join(f"seat {c.seat} {c.call or 'pass'}" for c in view.calls)
    if calls:
        lines.append(f"calls: {calls}")
    if view.phase == "calling":
        if view.turned_down:
            lines.append(f"second round: the {view.up_card} is turned down; name another suit or pass")
        else:
            lines.append(f"first round: order up {suit_name(view.up_card.suit)} or pass")  # type: ignore[arg-type]
        if view.must_call:
            lines.append(f"seat {view.current_player}, the dealer, is stuck: he must name trump")
    if view.trump is not None:
        alone = f" alone (seat {view.sitting_out} sits out)" if view.alone else ""
        lines.append(f"trump {suit_name(view.trump)}, made by seat {view.maker}{alone}")
    if view.phase == "discard":
        lines.append(f"seat {view.dealer} picked up {view.up_card} and discards")
    if view.discard is not None:
        lines.append(f"your discard: {view.discard}")
    if view.phase == "play":
        lines.extend(trick_lines(view, labels))
    last = view.last_hand
    if last is not None:
        alone = " alone" if last.alone else ""
        lines.append(
            f"last hand: seat {last.maker} made {suit_name(last.trump)}{alone}, {last.result}: "
            f"{labels[last.side]} +{last.points}"
        )
    lines.append(f"your cards  {render_cards(view.hand)}")
    return lines
