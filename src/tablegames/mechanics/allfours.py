"""The four points of the All Fours family (Smear, Pitch, Setback): High, Low, Jack and Game.

:class:`FourPoints` holds what a rule set chooses: the rank order, which cards give High and
Low (the highest and lowest trumps played, or fixed ranks such as Smear's ace and seven of
trump), and the card points that decide Game. Its :meth:`~FourPoints.award` counts a played
hand; :func:`setback` settles it (the bidder's side loses its bid when it falls short);
:class:`HandScored` and :class:`LastHand` record the result.

>>> from tablegames.components.cards import Rank
>>> from tablegames.mechanics.allfours import setback
>>> from tablegames.mechanics.allfours import FourPoints, describe_awards, points_won
>>> from tablegames.components.cards import PIQUET_RANKS, Card, Suit, rank_order
>>> c = Card.parse
>>> plays = [(0, c("KH")), (1, c("8H")), (2, c("JH")), (3, c("10S")),
...          (2, c("QS")), (3, c("AH")), (0, c("AS")), (1, c("7S"))]
>>> tricks = [(2, tuple(card for _, card in plays[:4])), (3, tuple(card for _, card in plays[4:]))]
>>> in_play = FourPoints(order=rank_order(PIQUET_RANKS))
>>> awards, totals = in_play.award(trump=Suit.HEARTS, plays=plays, tricks=tricks, side_of=(0, 1, 0, 1))
>>> describe_awards(awards), totals
('high side 1 (AH), low side 1 (8H), jack side 0 (JH), game side 0', (14, 10))
>>> ace_seven = FourPoints(order=rank_order(PIQUET_RANKS), high=Rank.ACE, low=Rank.SEVEN)
>>> describe_awards(ace_seven.award(trump=Suit.HEARTS, plays=plays, tricks=tricks, side_of=(0, 1, 0, 1))[0])
'high side 1 (AH), low nobody, jack side 0 (JH), game side 0'
>>> won = points_won(awards, sides=2)
>>> won, setback(won, bidder_side=0, bid=3, made=won[0] >= 3)
((2, 2), (-3, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, Final

import attrs

from tablegames.components.cards import Card, Rank, Suit
from tablegames.core.events import Event

__all__ = [
    "CARD_POINTS",
    "POINTS",
    "FourPoints",
    "HandScored",
    "LastHand",
    "PointAward",
    "card_points",
    "describe_awards",
    "setback",
    "points_won",
]

POINTS: Final = ("high", "low", "jack", "game")
"""The four points, in the order a hand's awards list them."""
CARD_POINTS: Final[Mapping[Rank, int]] = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1, Rank.TEN: 10}
"""The usual card points for the Game point (ten 10, ace 4, king 3, queen 2, jack 1; other ranks 0)."""


def card_points(cards: Iterable[Card], points: Mapping[Rank, int] = CARD_POINTS) -> int:
    """The Game card points of ``cards`` (``points`` per rank, by default :data:`CARD_POINTS`).

    >>> from tablegames.components.cards import Card
    >>> from tablegames.mechanics.allfours import card_points
    >>> card_points(Card.parse(c) for c in ("AS", "10H", "9D", "JC"))
    15
    """
    return sum(points.get(c.rank, 0) for c in cards)


@attrs.frozen
class PointAward:
    """One of the four points of a hand and where it went."""

    point: str = attrs.field(metadata={"json_schema": {"enum": list(POINTS)}})
    """``"high"``, ``"low"``, ``"jack"`` or ``"game"``."""
    side: int | None
    """The side that won it; ``None`` if it went to nobody."""
    card: Card | None
    """The card that decided it (``None`` for Game, and for a card that was not played or taken)."""


def describe_awards(awards: Iterable[PointAward]) -> str:
    """The points in words, each with its side (or nobody) and deciding card.

    >>> from tablegames.components.cards import Card
    >>> from tablegames.mechanics.allfours import PointAward
    >>> from tablegames.mechanics.allfours import describe_awards
    >>> describe_awards([PointAward("high", 0, Card.parse("AS")), PointAward("game", None, None)])
    'high side 0 (AS), game nobody'
    """
    return ", ".join(
        f"{a.point} {'nobody' if a.side is None else f'side {a.side}'}" + (f" ({a.card})" if a.card else "")
        for a in awards
    )


def points_won(awards: Iterable[PointAward], *, sides: int) -> tuple[int, ...]:
    """How many of the points each of ``sides`` sides won.

    >>> from tablegames.mechanics.allfours import PointAward
    >>> from tablegames.mechanics.allfours import points_won
    >>> points_won([PointAward("high", 1, None), PointAward("low", None, None), PointAward("game", 1, None)], sides=2)
    (0, 2)
    """
    won = [0] * sides
    for award in awards:
        if award.side is not None:
            won[award.side] += 1
    return tuple(won)


def setback(won: Sequence[int], *, bidder_side: int, bid: int, made: bool) -> tuple[int, ...]:
    """The change to each side's score: the points each won, but ``-bid`` for the bidder's side if not ``made``.

    Whether the bid is made is the variant's rule (at least ``bid`` points; all four for a smudge).

    >>> from tablegames.mechanics.allfours import setback
    >>> setback((2, 2), bidder_side=0, bid=3, made=False), setback((1, 3), bidder_side=1, bid=2, made=True)
    ((-3, 2), (1, 3))
    """
    changes = list(won)
    if not made:
        changes[bidder_side] = -bid
    return tuple(changes)


class FourPoints:
    """The rules that award High, Low, Jack and Game, as a rule set chooses them.

    *High* and *Low* go to the side of the seat that played the card: with ``high``/``low``
    ``None``, the highest/lowest trump played (when every card dealt is played, as in
    Auction Pitch, the highest and lowest dealt); with a rank, that card of trump, and to
    nobody if it was not played (Smear's ``ace-seven``). *Jack*, the jack of trump, goes to the
    side that took it in a trick, to nobody if it was not played. *Game* goes to the side
    with the most card points in the tricks it took (plus any cards counted for it apart,
    such as a bidder's discards); on a tie for the most, to nobody.

    Args:
        order: each rank's strength within a suit (see
            :func:`~tablegames.components.cards.rank_order`), for the highest and lowest trump.
        high: the rank of the trump that gives High, or ``None`` for the highest played.
        low: the rank of the trump that gives Low, or ``None`` for the lowest played.
        points: the card points per rank for Game (by default :data:`CARD_POINTS`).

    Raises:
        ValueError: if ``high`` or ``low`` is a rank ``order`` does not hold.
    """

    __slots__ = ("_values", "high", "low", "order", "points")

    def __init__(
        self,
        *,
        order: Mapping[Rank, int],
        high: Rank | None = None,
        low: Rank | None = None,
        points: Mapping[Rank, int] = CARD_POINTS,
    ) -> None:
        for name, rank in (("high", high), ("low", low)):
            if rank is not None and rank not in order:
                raise ValueError(f"{name} is None or a rank of the order {sorted(order)!r}, not {rank!r}")
        self.order: Final = order
        """Each rank's strength within a suit."""
        self.high: Final = high
        """The rank of the trump that gives High, or ``None`` for the highest played."""
        self.low: Final = low
        """The rank of the trump that gives Low, or ``None`` for the lowest played."""
        self.points: Final = points
        """The card points per rank for Game."""
        self._values = _CardValues(points)

    def award(
        self,
        *,
        trump: Suit,
        plays: Sequence[tuple[int, Card]],
        tricks: Sequence[tuple[int, Sequence[Card]]],
        side_of: Sequence[int],
        counted_apart: Sequence[tuple[int, Sequence[Card]]] = (),
    ) -> tuple[tuple[PointAward, PointAward, PointAward, PointAward], tuple[int, ...]]:
        """High, Low, Jack and Game for a played hand, and each side's card points for Game.

        Args:
            trump: the trump suit.
            plays: every ``(seat, card)`` played in the hand, in play order.
            tricks: each trick as ``(winning seat, its cards)``.
            side_of: the side of each seat (the number of sides is its largest value plus one).
            counted_apart: ``(side, cards)`` counted for a side's Game beside its tricks (a
                Smear bidder's discards).
        """
        trumps = [(seat, card) for seat, card in plays if card.suit == trump] if None in (self.high, self.low) else []
        high = self._extreme("high", self.high, trump, plays, trumps=trumps, side_of=side_of, highest=True)
        low = self._extreme("low", self.low, trump, plays, trumps=trumps, side_of=side_of, highest=False)
        jack_card = Card(Rank.JACK, trump)
        jack = _NO_JACK
        totals = [0] * (max(side_of) + 1)
        value = self._values.__getitem__
        for winner, cards in tricks:
            side = side_of[winner]
            if jack_card in cards:
                jack = _point_award("jack", side, jack_card)
            totals[side] += sum(map(value, cards))
        for side, cards in counted_apart:
            totals[side] += sum(map(value, cards))
        best = max(totals)
        leaders = [side for side, total in enumerate(totals) if total == best]
        game = _point_award("game", leaders[0] if len(leaders) == 1 else None, None)
        return (high, low, jack, game), tuple(totals)

    def _extreme(
        self,
        point: str,
        rank: Rank | None,
        trump: Suit,
        plays: Sequence[tuple[int, Card]],
        *,
        trumps: list[tuple[int, Card]],
        side_of: Sequence[int],
        highest: bool,
    ) -> PointAward:
        """High or Low: the fixed card ``rank`` of trump if played, else the extreme of the ``trumps`` played."""
        if rank is not None:
            card = Card(rank, trump)
            for seat, played in plays:
                if played is card:  # cards are interned
                    return _point_award(point, side_of[seat], card)
            return _point_award(point, None, None)
        if not trumps:
            return _point_award(point, None, None)
        order = self.order
        strengths = [order[card.rank] for _, card in trumps]
        target = max(strengths) if highest else min(strengths)
        seat, card = trumps[strengths.index(target)]
        return _point_award(point, side_of[seat], card)


class _CardValues(dict[Card, int]):
    """Each card's points for Game under one mapping of ranks to points, worked out when first asked."""

    __slots__ = ("_points",)

    def __init__(self, points: Mapping[Rank, int]) -> None:
        super().__init__()
        self._points = points

    def __missing__(self, card: Card) -> int:
        value = self[card] = self._points.get(card.rank, 0)
        return value


_AWARDS: Final[dict[tuple[str, int | None, Card | None], PointAward]] = {}
"""The :class:`PointAward` of each point, side and card met so far (a few hundred at most)."""


def _point_award(point: str, side: int | None, card: Card | None) -> PointAward:
    """The one :class:`PointAward` of ``point`` to ``side`` for ``card``."""
    key = (point, side, card)
    found = _AWARDS.get(key)
    if found is None:
        found = _AWARDS[key] = PointAward(point, side, card)
    return found


_NO_JACK: Final = _point_award("jack", None, None)


@attrs.frozen
class HandScored(Event):
    """A played hand was counted and settled."""

    tag: ClassVar[str] = "hand_scored"
    hand_number: int
    """The hand counted."""
    bidder: int
    """The bidder's seat (the high bidder)."""
    bid: int
    """The bid."""
    trump: Suit
    """The trump suit of the hand."""
    awards: tuple[PointAward, ...]
    """High, Low, Jack and Game, in that order, with where each went."""
    card_points: tuple[int, ...]
    """Each side's card points for Game."""
    won: tuple[int, ...]
    """How many of the four points each side won."""
    made: bool
    """Whether the bidder's side made its bid."""
    changes: tuple[int, ...]
    """The change to each side's score."""
    scores: tuple[int, ...]
    """Each side's score after the hand."""

    def side_scores(self) -> Mapping[int, int]:
        """Each side's score after the hand (declared for the layers above)."""
        return dict(enumerate(self.scores))

    def describe(self) -> str:
        """The event in words: the points, the card points, the bid's fate and the scores."""
        outcome = "made it" if self.made else "was set back"
        trump = "not set" if self.trump is None else self.trump.name.lower()
        return (
            f"hand {self.hand_number}, trump {trump}: {describe_awards(self.awards)}; card points {self.card_points}; "
            f"seat {self.bidder} bid {self.bid} and {outcome}; scores {self.scores}"
        )


@attrs.frozen
class LastHand:
    """The result of the last hand that was played, as a view shows it."""

    hand_number: int
    """The hand's number."""
    awards: tuple[PointAward, ...]
    """High, Low, Jack and Game with where each went, and why (the deciding card)."""
    won: tuple[int, ...]
    """Points won per side."""
    card_points: tuple[int, ...]
    """Each side's card-point total for Game."""
    bidder: int
    """The bidder's seat."""
    bid: int
    """The bid."""
    made: bool
    """Whether the bidder's side made its bid."""
    changes: tuple[int, ...]
    """The change to each side's score."""

    @classmethod
    def of(cls, scored: HandScored) -> LastHand:
        """The result that a ``hand_scored`` event records."""
        return cls(
            scored.hand_number,
            scored.awards,
            scored.won,
            scored.card_points,
            scored.bidder,
            scored.bid,
            scored.made,
            scored.changes,
        )
