"""Helpers for the Auction Pitch tests: stacked deals in notation, and moves by name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablegames_auction_pitch import AuctionPitch, AuctionPitchDeal, Bid, Pass, PlayCard

from tablegames.components.cards import Card
from tablegames.core.events import Event

__all__ = ["PLAY_A", "PLAY_A_NO_JACK", "PLAY_A_SPLIT", "deal", "hands_a", "moves", "new", "rotated", "words"]


def words(text: str) -> list[str]:
    """The space-separated words of ``text``."""
    return text.split()


# Deal A: hearts become trump on seat 0's first lead. Hand-checked outcome with seat 0 pitching:
# High AH (seat 0, side 0), Low 2H (dealt to seat 0, taken by seat 3: side 0), Jack JH (won by
# seat 0 in trick 2: side 0), Game side 1 (card points 10 against 29).
HANDS_A = ("AH 2H 10S 3C 4D 5D", "KH 3H AS 6C 6D 7D", "JH 4H KS 7C 8D 9D", "QH 5H QS 8C 10D 2S")
PLAY_A = words("2H 3H 4H 5H  QH AH KH JH  10S AS KS QS  6C 7C 8C 3C  10D 4D 6D 8D  2S 5D 7D 9D")
# Deal A with 2H and 3H swapped between seats 0 and 1: Low goes to side 1, a 2-2 split.
HANDS_A_SPLIT = ("AH 3H 10S 3C 4D 5D", "KH 2H AS 6C 6D 7D", HANDS_A[2], HANDS_A[3])
PLAY_A_SPLIT = ["3H", "2H", *PLAY_A[2:]]
# Deal A with the jack of hearts replaced by 2C: the jack is not dealt, Jack goes to nobody.
HANDS_A_NO_JACK = (HANDS_A[0], HANDS_A[1], "2C 4H KS 7C 8D 9D", HANDS_A[3])
PLAY_A_NO_JACK = [*PLAY_A[:7], "2C", *PLAY_A[8:]]


def hands_a(kind: str = "") -> tuple[str, ...]:
    """The hands of deal A (``""``), its ``"split"`` or its ``"no-jack"`` form."""
    return {"": HANDS_A, "split": HANDS_A_SPLIT, "no-jack": HANDS_A_NO_JACK}[kind]


def rotated(hands: Sequence[str], steps: int) -> tuple[str, ...]:
    """The hands moved ``steps`` seats clockwise: seat ``s`` gets what seat ``s - steps`` had."""
    return tuple(hands[(s - steps) % 4] for s in range(4))


def deal(hands: Sequence[str], dealer: int | None = None) -> AuctionPitchDeal:
    """A stacked deal from four hands in notation."""
    parsed = tuple(tuple(Card.parse(c) for c in hand.split()) for hand in hands)
    return AuctionPitchDeal(hands=parsed, dealer=dealer)


def new(*deals: AuctionPitchDeal, seed: int = 1, **options: Any) -> AuctionPitch:
    """A game stacked with ``deals``."""
    return AuctionPitch.create(options, seed=seed, deals=deals)


def moves(game: AuctionPitch, *names: str) -> list[Event]:
    """Apply moves by name (``"pass"``, ``"bid 3"``, or a card such as ``"AH"``) for whoever is to act."""
    events: list[Event] = []
    for name in names:
        if name == "pass":
            action: Any = Pass()
        elif name.startswith("bid "):
            action = Bid(int(name[4:]))
        else:
            action = PlayCard(Card.parse(name))
        events.extend(game.apply(action, seat=game.current_player))
    return events
