"""Playing cards: suits and their colours, ranks, cards with their ``"AS"``/``"10H"`` notation, and decks.

>>> from tablegames.components.cards import Card, Rank, Suit, euchre_deck, piquet_deck, standard_deck
>>> Card.parse("10H")
Card(Rank.TEN, Suit.HEARTS)
>>> str(Card(Rank.ACE, Suit.SPADES))
'AS'
>>> len(euchre_deck()), len(piquet_deck()), len(standard_deck()), len(standard_deck(jokers=2))
(24, 32, 52, 54)

Each suit has a :class:`Colour`, and :attr:`Suit.partner` is the other suit of that colour
(the suit of Euchre's left bower):

>>> Suit.HEARTS.colour, Suit.HEARTS.partner, Suit.CLUBS.partner
(Colour.RED, Suit.DIAMONDS, Suit.SPADES)

Other decks come from a rank list (highest first) and :func:`make_deck`:
``make_deck(EUCHRE_RANKS)`` is :func:`euchre_deck`, and any subset of
:data:`STANDARD_RANKS` in any order makes a deck.

Cards are interned like tiles: ``Card.parse("AS") is Card(Rank.ACE, Suit.SPADES)``, so
equality is identity and a lookup allocates nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import ClassVar, Final

import attrs

from tablegames.components._notation import quote_text

__all__ = [
    "EUCHRE_RANKS",
    "PIQUET_RANKS",
    "STANDARD_RANKS",
    "Card",
    "Colour",
    "Rank",
    "Suit",
    "euchre_deck",
    "make_deck",
    "piquet_deck",
    "rank_order",
    "standard_deck",
]


class Colour(enum.Enum):
    """The colour of a suit: hearts and diamonds are red, spades and clubs black."""

    RED = "red"
    """Hearts and diamonds."""
    BLACK = "black"
    """Spades and clubs."""

    @property
    def suits(self) -> tuple[Suit, Suit]:
        """The two suits of this colour, in suit order.

        >>> from tablegames.components.cards import Colour
        >>> Colour.BLACK.suits
        (Suit.SPADES, Suit.CLUBS)
        """
        return _COLOUR_SUITS[self]

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


class Suit(enum.IntEnum):
    """The four suits, with their one-letter notation as :attr:`letter` and their :attr:`colour`."""

    SPADES = 0
    """Spades, ``S``."""
    HEARTS = 1
    """Hearts, ``H``."""
    DIAMONDS = 2
    """Diamonds, ``D``."""
    CLUBS = 3
    """Clubs, ``C``."""

    @property
    def letter(self) -> str:
        """The suit's letter in card notation."""
        return "SHDC"[self]

    @property
    def colour(self) -> Colour:
        """The suit's colour, red for hearts and diamonds, black for spades and clubs."""
        return _COLOURS[self]

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (hearts and diamonds, spades and clubs).

        In Euchre it is the suit of the *left bower*, the jack that counts as a trump.
        """
        return _PARTNERS[self]

    def notation(self) -> str:
        """The suit's letter: its JSON form."""
        return "SHDC"[self]

    @classmethod
    def from_notation(cls, text: str) -> Suit:
        """The suit whose letter is ``text`` (``"S"``, ``"H"``, ``"D"`` or ``"C"``).

        Raises:
            ValueError: for anything else.

        """
        index = "SHDC".find(text) if isinstance(text, str) and len(text) == 1 else -1
        if index < 0:
            raise ValueError(f"not a suit: {quote_text(text)} (a suit is S, H, D or C)")
        return cls(index)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(enum.IntEnum):
    """Card ranks; the value is the natural rank (2 to 14 for an ace).

    Orders are data: see :func:`rank_order`.
    """

    TWO = 2
    """2."""
    THREE = 3
    """3."""
    FOUR = 4
    """4."""
    FIVE = 5
    """5."""
    SIX = 6
    """6."""
    SEVEN = 7
    """7."""
    EIGHT = 8
    """8."""
    NINE = 9
    """9."""
    TEN = 10
    """10 (written ``10``)."""
    JACK = 11
    """Jack, ``J``."""
    QUEEN = 12
    """Queen, ``Q``."""
    KING = 13
    """King, ``K``."""
    ACE = 14
    """Ace, ``A``."""
    JOKER = 15
    """A joker (its card has no suit)."""

    @property
    def text(self) -> str:
        """The rank's notation, from ``A``, ``K``, ``Q``, ``J`` and ``10`` down to ``2``."""
        return _RANK_TEXT[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_COLOURS: Final = (Colour.BLACK, Colour.RED, Colour.RED, Colour.BLACK)  # by suit value: S H D C
_PARTNERS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_COLOUR_SUITS: Final = {Colour.RED: (Suit.HEARTS, Suit.DIAMONDS), Colour.BLACK: (Suit.SPADES, Suit.CLUBS)}
_INT_TYPES: Final = (int, Rank, Suit)
_RANK_TEXT: Final = {
    **{r: str(int(r)) for r in Rank if r <= 10},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}

PIQUET_RANKS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
"""The ranks of the 32-card piquet deck, highest first."""
STANDARD_RANKS: Final = (*PIQUET_RANKS, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)
"""The ranks of the 52-card deck, highest first."""
EUCHRE_RANKS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE)
"""The ranks of the 24-card Euchre deck, highest first (the bowers are the game's order, not the deck's)."""


@attrs.frozen(repr=False, init=False, eq=False, order=False)
class Card:
    """One playing card. A joker has ``suit`` ``None`` and is written ``JK1``, ``JK2``, ...

    Create cards with ``Card(rank, suit)`` or :meth:`Card.parse`; both return the interned
    instance. Jokers come from :meth:`Card.joker`.
    """

    notation_pattern: ClassVar[str] = r"^((10|[2-9AKQJ])[SHDC]|JK[1-4])$"
    """Every card notation, as a regular expression (for schemas)."""

    rank: Rank
    """The card's rank."""
    suit: Suit | None
    """The card's suit (``None`` for a joker)."""
    joker_number: int
    """``0`` for an ordinary card; 1, 2, ... for the jokers of a deck."""

    def __new__(cls, rank: Rank, suit: Suit | None, joker_number: int = 0) -> Card:  # noqa: D102
        found = None
        if all(type(v) in _INT_TYPES for v in (rank, joker_number)) and (suit is None or type(suit) in _INT_TYPES):
            found = _INTERNED.get((rank, suit, joker_number))
        if found is None:
            raise ValueError(f"not a card: rank {rank!r}, suit {suit!r}")
        return found

    @classmethod
    def joker(cls, number: int = 1) -> Card:
        """The ``number``-th joker (1 to 4)."""
        return cls(Rank.JOKER, None, number)

    @property
    def is_joker(self) -> bool:
        """Whether the card is a joker."""
        return self.rank is Rank.JOKER

    def __str__(self) -> str:
        if self.suit is None:
            return f"JK{self.joker_number}"
        return f"{_RANK_TEXT[self.rank]}{'SHDC'[self.suit]}"

    def notation(self) -> str:
        """The card's notation, rank then suit: its JSON form (``"10H"``, ``"JK1"``)."""
        return str(self)

    @classmethod
    def from_notation(cls, text: str) -> Card:
        """The card written ``text`` as the JSON forms accept it: :meth:`parse` with ``strict=True``.

        Raises:
            ValueError: if ``text`` is not a card's notation.

        """
        return cls.parse(text, strict=True)

    def __repr__(self) -> str:
        if self.suit is None:
            return f"Card.joker({self.joker_number})"
        return f"Card({self.rank!r}, {self.suit!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None, int]]:
        return (Card, (self.rank, self.suit, self.joker_number))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str, *, strict: bool = False) -> Card:
        """The card written ``text``: rank then suit (``"AS"``, ``"10H"``, ``"7c"``), or ``"JK1"``.

        Args:
            text: the notation.
            strict: accept only the canonical notation (upper case, nothing around it), as
                the JSON forms and their schemas do; by default the case is free and
                surrounding spaces are ignored, for people typing cards.

        Raises:
            ValueError: if ``text`` is not a card's notation.

        >>> from tablegames.components.cards import Card
        >>> Card.parse(" 10h ") is Card.parse("10H", strict=True)
        True
        """
        card = None
        if isinstance(text, str):
            card = _BY_TEXT.get(text)
            if card is None and not strict and len(text) <= 40:
                card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            shown = quote_text(text)
            raise ValueError(
                f"not a card: {shown} (a card is rank then suit, like 'AS' or '10H': "
                "ranks A K Q J 10 9 8 7 6 5 4 3 2, suits S H D C; jokers JK1 to JK4)"
            )
        return card


def _make(rank: Rank, suit: Suit | None, joker_number: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "suit", suit)
    object.__setattr__(card, "joker_number", joker_number)
    return card


_INTERNED: dict[tuple[Rank, Suit | None, int], Card] = {
    (r, s, 0): _make(r, s, 0) for s in Suit for r in STANDARD_RANKS
}
_INTERNED.update({(Rank.JOKER, None, n): _make(Rank.JOKER, None, n) for n in range(1, 5)})
_BY_TEXT: Final = {str(c): c for c in _INTERNED.values()}


def make_deck(ranks: Iterable[Rank], *, suits: Iterable[Suit] = tuple(Suit), jokers: int = 0) -> tuple[Card, ...]:
    """A deck of every ``rank`` in every suit (suit by suit, ranks in the order given), then jokers.

    Raises:
        ValueError: for a joker count outside 0 to 4 or a rank that is not a suited rank.
    """
    if type(jokers) is not int or not 0 <= jokers <= 4:
        raise ValueError(f"jokers is an int from 0 to 4, not {jokers!r}")
    ranks = tuple(ranks)
    if Rank.JOKER in ranks:
        raise ValueError("jokers are added with jokers=, not as a rank")
    cards = [Card(r, s) for s in suits for r in ranks]
    cards.extend(Card.joker(n) for n in range(1, jokers + 1))
    return tuple(cards)


def euchre_deck() -> tuple[Card, ...]:
    """The 24-card deck: A K Q J 10 9 in each suit (``make_deck(EUCHRE_RANKS)``)."""
    return _EUCHRE


def piquet_deck() -> tuple[Card, ...]:
    """The 32-card deck: A K Q J 10 9 8 7 in each suit."""
    return _PIQUET


def standard_deck(*, jokers: int = 0) -> tuple[Card, ...]:
    """The 52-card deck, with ``jokers`` jokers (0 to 4) at the end."""
    return _STANDARD if jokers == 0 else make_deck(STANDARD_RANKS, jokers=jokers)


def rank_order(ranks: Iterable[Rank]) -> dict[Rank, int]:
    """A rank order as data: each rank's strength, higher is stronger, from a highest-first list.

    >>> from tablegames.components.cards import Rank
    >>> from tablegames.components.cards import PIQUET_RANKS
    >>> from tablegames.components.cards import rank_order
    >>> order = rank_order(PIQUET_RANKS)
    >>> order[Rank.ACE] > order[Rank.SEVEN]
    True
    """
    ranks = tuple(ranks)
    return {r: len(ranks) - i for i, r in enumerate(ranks)}


_EUCHRE: Final = make_deck(EUCHRE_RANKS)
_PIQUET: Final = make_deck(PIQUET_RANKS)
_STANDARD: Final = make_deck(STANDARD_RANKS)
