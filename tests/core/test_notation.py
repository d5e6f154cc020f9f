"""Pieces bring their own JSON form: the core names no piece type, and a new kind of piece needs no registration."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest

from tablegames.components.cards import Card, Suit
from tablegames.components.tiles import Tile
from tablegames.core.notation import Notated, is_notated
from tablegames.core.serde import dumps, make_converter, structure, to_json


@attrs.frozen
class Stone:
    """A plug-in's piece: a coloured stone, written "R3" (colour letter, then a number)."""

    colour: str
    number: int

    notation_pattern: ClassVar[str] = r"^[RGB][1-9]$"

    def notation(self) -> str:
        return f"{self.colour}{self.number}"

    @classmethod
    def from_notation(cls, text: str) -> Stone:
        if len(text) != 2 or text[0] not in "RGB" or not text[1].isdigit() or text[1] == "0":
            raise ValueError(f"not a stone: {text!r}")
        return cls(text[0], int(text[1]))


@attrs.frozen
class StoneHand:
    stones: tuple[Stone, ...]


def test_a_new_kind_of_piece_gets_its_json_form_without_registration() -> None:
    """A class with notation() and from_notation() is written and read as its notation, inside other forms too."""
    hand = StoneHand((Stone("R", 3), Stone("B", 1)))
    assert dumps(hand) == '{"stones":["R3","B1"]}'
    assert structure({"stones": ["R3", "B1"]}, StoneHand) == hand
    with pytest.raises(Exception, match="StoneHand") as info:
        structure({"stones": ["X9"]}, StoneHand)
    assert "not a stone: 'X9'" in str(info.value.exceptions[0].exceptions[0])  # type: ignore[attr-defined]
    assert isinstance(Stone("G", 2), Notated) and is_notated(Stone)
    assert make_converter().unstructure(Stone("G", 2)) == "G2"


def test_the_library_pieces_use_the_same_protocol() -> None:
    """Tiles, cards and suits are written by their notation and read strictly from it."""
    assert to_json([Tile(4, 6), Card.parse("10H"), Suit.HEARTS]) == ["6-4", "10H", "H"]
    assert structure("4-6", Tile) is Tile(6, 4)
    assert structure("C", Suit) is Suit.CLUBS
    for bad, cls in ((" 6-4", Tile), ("ah", Card), ("c", Suit), (3, Suit)):
        with pytest.raises((TypeError, ValueError)):
            structure(bad, cls)
