"""Helpers for the Euchre tests: stacked deals in notation, moves by name, and the scenarios' deals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablegames_euchre import Call, Discard, Euchre, EuchreDeal, Pass, PlayCard

from tablegames.components.cards import Card, Suit
from tablegames.core.events import Action, Event

__all__ = ["DEALS", "action", "deal", "moves", "names", "new", "rotated", "words"]


def words(text: str) -> list[str]:
    """The space-separated words of ``text``."""
    return text.split()


# The scenarios' deals (the plan's section 9): four hands in seat order, the up-card, the kitty.
# Every one holds the 24 cards once; each hand is written in deck order (S H D C, A K Q J 10 9).
DEALS: dict[str, tuple[tuple[str, str, str, str], str, str]] = {
    "S1": (("KS AH JH 9D AC", "9S QH KD JD 10C", "AS QS 10H AD KC", "JS 10S KH QD 9C"), "9H", "10D JC QC"),
    "S2": (("9S QH 10H QD KC", "KS JS AH AD JC", "JH 9H KD 10C 9C", "QS 10S KH 9D AC"), "AS", "JD 10D QC"),
    "S3": (("KS QS 10H 9H QD", "JH JD AC KC 10C", "AS AD KD 9D 9C", "JS 10S AH KH QH"), "10D", "9S JC QC"),
    "S4": (("AS AH AD KC QC", "KS 10S 9H 9D 10C", "QH JH 10H KD JD", "JS KH QD AC JC"), "9C", "QS 9S 10D"),
    "S5": (("QS AH QH 9D KC", "AS AD KD JD 9C", "JS 10S 9H 10D QC", "KS JH 10H AC 10C"), "KH", "9S JC QD"),
    "S8": (("AS JS AH AD JC", "KS KH QH 9D 10C", "JH 10H 9H QD JD", "QS 10S KD KC QC"), "9S", "AC 9C 10D"),
    "S9": (("JS KD QD JD JC", "AS 10S QH QC 9C", "AH KH JH AC KC", "KS QS 10H 9H AD"), "9D", "10D 9S 10C"),
    "S10": (("10S 9H AD QD JC", "KS QS JS AH KD", "9S KH QH AC KC", "JH 10H JD 10D QC"), "AS", "9D 10C 9C"),
    "S11": (("AS KS AH QD 9C", "QS JS 10S 10H 9H", "KH QH 10D KC QC", "9S JH AD KD AC"), "JD", "9D JC 10C"),
}


def rotated(hands: Sequence[str], steps: int) -> tuple[str, ...]:
    """The hands moved ``steps`` seats clockwise: seat ``s`` gets what seat ``s - steps`` had."""
    return tuple(hands[(s - steps) % 4] for s in range(4))


def deal(hands: Sequence[str], up_card: str, kitty: str | None = None, *, dealer: int | None = None) -> EuchreDeal:
    """A stacked deal from four hands, the up-card and the kitty in notation."""
    return EuchreDeal(
        hands=tuple(tuple(Card.parse(c) for c in words(hand)) for hand in hands),
        up_card=Card.parse(up_card),
        kitty=None if kitty is None else tuple(Card.parse(c) for c in words(kitty)),
        dealer=dealer,
    )


def scenario_deal(name: str, *, dealer: int | None = 3, steps: int = 0) -> EuchreDeal:
    """The deal of scenario ``name`` (hands rotated ``steps`` seats), dealt by ``dealer``."""
    hands, up, kitty = DEALS[name]
    return deal(rotated(hands, steps), up, kitty, dealer=dealer)


def new(*deals: EuchreDeal, seed: int = 1, **options: Any) -> Euchre:
    """A game stacked with ``deals``."""
    return Euchre.create(options, seed=seed, deals=deals)


def action(name: str) -> Action:
    """The action a move's name stands for: ``pass``, ``call H``, ``call H alone``, ``discard 9C``, or a card."""
    parts = name.split()
    if parts == ["pass"]:
        return Pass()
    if parts[0] == "call":
        return Call(Suit.from_notation(parts[1]), alone=parts[2:] == ["alone"])
    if parts[0] == "discard":
        return Discard(Card.parse(parts[1]))
    return PlayCard(Card.parse(parts[-1]))


def moves(game: Euchre, *moves_: str) -> list[Event]:
    """Apply moves by name (each a phrase of :func:`action`, or several cards in one string) for whoever is to act."""
    events: list[Event] = []
    for text in moves_:
        parts = [text] if text.split()[0] in ("pass", "call", "discard") else words(text)
        for name in parts:
            events.extend(game.apply(action(name), seat=game.current_player))
    return events


def names(actions: Sequence[Action]) -> list[str]:
    """Actions in words (``str``)."""
    return [str(a) for a in actions]
