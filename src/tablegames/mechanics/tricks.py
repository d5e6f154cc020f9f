"""Tricks: following policies as data, who wins a trick, and the shared trick-play state.

The functions answer one question each: which cards may be played, who won.

>>> from tablegames.mechanics.tricks import Follow, strength_by_rank
>>> from tablegames.mechanics.tricks import legal_cards, trick_winner, TrickPlay
>>> from tablegames.components.cards import Card, PIQUET_RANKS, Suit, rank_order
>>> hand = [Card.parse(c) for c in ("8C", "7H", "KD")]
>>> [str(c) for c in legal_cards(hand, Suit.CLUBS, Suit.HEARTS, Follow.FOLLOW_OR_TRUMP)]
['8C', '7H']
>>> plays = [Card.parse(c) for c in ("KC", "AD", "QC", "7H")]
>>> trick_winner(plays, Suit.HEARTS, rank_order(PIQUET_RANKS))
3

:class:`TrickPlay` is the state of a hand's card play that trick-taking variants share: the
trick in progress, the leader, the effective suit led, whose turn it is, the winner of every
trick and what each side took. The variant supplies the seat-to-side map, the following
policy, the trump and, for games where a card changes suit or rank, ``suit_of`` and
``strength``.

>>> order = rank_order(PIQUET_RANKS)
>>> play = TrickPlay(leader=1, side_of=(0, 1, 0, 1), strength=strength_by_rank(order),
...                  follow=Follow.FOLLOW_OR_TRUMP, trump=Suit.HEARTS)
>>> for seat, card in zip((1, 2, 3, 0), ("KC", "AD", "QC", "7H")):
...     winner = play.play(seat, Card.parse(card))
>>> winner, play.turn, play.tricks_won, [str(c) for c in play.cards_won(0)]
(0, 0, [1, 0], ['KC', 'AD', 'QC', '7H'])

Euchre's bowers are a ``suit_of`` and a ``strength`` that know the trump; a lone hand's
partner sits out, and its tricks have three cards:

>>> from tablegames.components.cards import Rank
>>> trump = Suit.HEARTS
>>> def suit_of(card):
...     return trump if card.rank is Rank.JACK and card.suit is trump.partner else card.suit
>>> def strength(card):
...     if card.rank is Rank.JACK and suit_of(card) is trump:
...         return 20 if card.suit is trump else 19
...     return order[card.rank]
>>> lone = TrickPlay(leader=0, side_of=(0, 1, 0, 1), strength=strength, suit_of=suit_of,
...                  trump=trump, sitting_out={2})
>>> lone.play(0, Card.parse("AH")); lone.play(1, Card.parse("JD"))
>>> lone.led, [str(c) for c in lone.legal([Card.parse("KD"), Card.parse("9H")])]
(Suit.HEARTS, ['9H'])
>>> lone.play(3, Card.parse("9H"))
1
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import ClassVar, Final

import attrs

from tablegames.components.cards import Card, Rank, Suit, standard_deck
from tablegames.core.events import Action, Event
from tablegames.core.memo import IdentityMemo, Kept

__all__ = [
    "CardPlayed",
    "Follow",
    "LastTrick",
    "PlayCard",
    "TrickCard",
    "TrickPlay",
    "TrickWon",
    "counts_as",
    "legal_cards",
    "lowest_winning",
    "strength_by_rank",
    "trick_winner",
]


@attrs.frozen
class PlayCard(Action):
    """Play ``card`` to the trick. JSON: ``{"type": "play", "card": "AH"}``."""

    tag: ClassVar[str] = "play"
    card: Card
    """The card played."""

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class CardPlayed(Event):
    """A seat played a card to the trick."""

    tag: ClassVar[str] = "card_played"
    seat: int
    """The seat that played."""
    card: Card
    """The card played."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.components.cards import Card
        >>> from tablegames.mechanics.tricks import CardPlayed
        >>> CardPlayed(2, Card.parse("AH")).describe()
        'seat 2 plays AH'
        """
        return f"seat {self.seat} plays {self.card}"


@attrs.frozen
class TrickWon(Event):
    """A trick was completed and collected (:meth:`~tablegames.mechanics.tricks.TrickPlay.play` returned its winner)."""

    tag: ClassVar[str] = "trick_won"
    seat: int
    """The seat that won it (and leads next)."""
    side: int
    """The side that won it."""
    cards: tuple[Card, ...]
    """The trick's cards, in play order."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.components.cards import Card
        >>> from tablegames.mechanics.tricks import TrickWon
        >>> TrickWon(1, 1, (Card.parse("AH"), Card.parse("7H"))).describe()
        'seat 1 takes the trick AH 7H (side 1)'
        """
        return f"seat {self.seat} takes the trick {' '.join(map(str, self.cards))} (side {self.side})"


@attrs.frozen
class TrickCard:
    """One card of a trick, as a view shows it. JSON: ``{"seat": 2, "card": "AH"}``."""

    seat: int
    """The seat that played it."""
    card: Card
    """The card."""


_TRICK_CARDS: Final[Kept[tuple[int, Card], TrickCard]] = Kept(
    "tablegames.mechanics.tricks: the cards of tricks", most=4096
)
"""The :class:`TrickCard` of each ``(seat, card)`` met so far: a few hundred at most, as cards are interned."""


def _trick_card(play: tuple[int, Card]) -> TrickCard:
    return _TRICK_CARDS.keep(play, TrickCard(*play))


@attrs.frozen(kw_only=True)
class LastTrick:
    """The last completed trick of a hand, as a view shows it.

    JSON: ``{"cards": [{"seat": 1, "card": "KC"}, ...], "winner": 3}``. Every card of it was
    played face up, so every seat's view shows the same.

    >>> from tablegames.components.cards import Card
    >>> from tablegames.mechanics.tricks import strength_by_rank
    >>> from tablegames.mechanics.tricks import TrickPlay, LastTrick
    >>> from tablegames.components.cards import PIQUET_RANKS, rank_order
    >>> play = TrickPlay(leader=1, side_of=(0, 1), strength=strength_by_rank(rank_order(PIQUET_RANKS)))
    >>> LastTrick.of(play) is None
    True
    >>> play.play(1, Card.parse("KC")); play.play(0, Card.parse("AC"))
    0
    >>> last = LastTrick.of(play)
    >>> [(c.seat, str(c.card)) for c in last.cards], last.winner
    ([(1, 'KC'), (0, 'AC')], 0)
    """

    cards: tuple[TrickCard, ...]
    """Its cards, ``{"seat", "card"}`` in play order, the lead first."""
    winner: int
    """The seat that took it."""

    @classmethod
    def of(cls, play: TrickPlay) -> LastTrick | None:
        """The last completed trick of ``play``'s hand, or ``None`` before its first trick closes.

        Built from what :class:`~tablegames.mechanics.tricks.TrickPlay` keeps anyway (its
        ``tricks`` and ``plays``), so the card play pays nothing for it: call it in ``view()``.
        """
        if not play.tricks:
            return None
        closed = play.tricks[-1]  # a closed trick's entry never changes, and copies of the play share it
        return _LAST_TRICKS.get(closed, cls) or _LAST_TRICKS.put(
            closed, cls(cards=play.last_trick_cards(), winner=closed[0]), cls
        )


_LAST_TRICKS: Final = IdentityMemo[LastTrick](most=1024, name="tablegames.mechanics.tricks: the last trick's view")
"""The :class:`LastTrick` of each closed trick, by the play's entry of the trick and the class: a
view of the same trick is the same object, whose text :func:`~tablegames.core.serde.dumps` keeps."""


class Follow(enum.Enum):
    """How a player must answer the suit led. The leader may always play any card."""

    MUST_FOLLOW = "must-follow"
    """Holding the suit led, play it; void, play anything (Whist, Hearts, Spades)."""
    FOLLOW_OR_TRUMP = "follow-or-trump"
    """Holding the suit led, play it or a trump; void, play anything (Smear, Pitch)."""
    MUST_FOLLOW_ELSE_TRUMP = "must-follow-else-trump"
    """Holding the suit led, play it; void, play a trump if you hold one; else anything."""
    ANY = "any"
    """Any card at any time."""


# The policies as plain names: an enum member read from its class costs a lookup on every call.
_ANY: Final = Follow.ANY
_FOLLOW_OR_TRUMP: Final = Follow.FOLLOW_OR_TRUMP
_ELSE_TRUMP: Final = Follow.MUST_FOLLOW_ELSE_TRUMP


def _natural_suit(card: Card) -> Suit | None:
    return card.suit


def legal_cards(
    hand: Sequence[Card],
    led: Suit | None,
    trump: Suit | None,
    policy: Follow,
    *,
    suit_of: Callable[[Card], Suit | None] = _natural_suit,
) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led``.

    Args:
        hand: the player's cards, in the order the result should keep.
        led: the suit led, or ``None`` when this player leads.
        trump: the trump suit, or ``None`` in a no-trump game.
        policy: the following rule.
        suit_of: the suit a card counts as (for games where a card changes suit, such as a
            Euchre bower); by default its printed suit.
    """
    if led is None or policy is _ANY:
        return list(hand)
    if suit_of is _natural_suit:  # the common case, without a call per card
        following = [c for c in hand if c.suit == led]
        if following and policy is _FOLLOW_OR_TRUMP and trump is not None and trump != led:
            return [c for c in hand if c.suit == led or c.suit == trump]
        if following or policy is not _ELSE_TRUMP or trump is None:
            return following or list(hand)
        return [c for c in hand if c.suit == trump] or list(hand)
    following = [c for c in hand if suit_of(c) == led]
    if not following:
        if policy is _ELSE_TRUMP and trump is not None:
            trumps = [c for c in hand if suit_of(c) == trump]
            if trumps:
                return trumps
        return list(hand)
    if policy is _FOLLOW_OR_TRUMP and trump is not None and trump != led:
        return [c for c in hand if suit_of(c) in (led, trump)]
    return following


def trick_winner(
    cards: Sequence[Card],
    trump: Suit | None,
    order: Mapping[Rank, int],
    *,
    suit_of: Callable[[Card], Suit | None] = _natural_suit,
    strength: Callable[[Card], int] | None = None,
) -> int:
    """The index in ``cards`` (in play order, the lead first) of the card that wins the trick.

    The highest trump wins; without a trump, the highest card of the suit led. Ties cannot
    happen in a deck without duplicates; with duplicates, the first played wins.

    Args:
        cards: the cards played, the lead first.
        trump: the trump suit, or ``None``.
        order: each rank's strength (see :func:`~tablegames.components.cards.rank_order`).
        suit_of: the suit a card counts as; by default its printed suit.
        strength: a card's strength within its suit, overriding ``order`` (for bowers).

    Raises:
        ValueError: if ``cards`` is empty.
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    power = strength if strength is not None else (lambda c: order[c.rank])
    led = suit_of(cards[0])
    best = 0
    best_trump = trump is not None and led == trump
    best_power = power(cards[0])
    for i in range(1, len(cards)):
        card = cards[i]
        suit = suit_of(card)
        is_trump = trump is not None and suit == trump
        if is_trump and not best_trump:
            best, best_trump, best_power = i, True, power(card)
        elif suit == (trump if best_trump else led):
            p = power(card)
            if p > best_power:
                best, best_power = i, p
    return best


def lowest_winning(
    playable: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    *,
    strength: Callable[[Card], int],
    suit_of: Callable[[Card], Suit | None] = _natural_suit,
) -> Card:
    """A rule of thumb for the play: the lowest card of ``playable`` that would take the trick, else the lowest.

    Lowest is a card of another suit below a trump, then by ``strength``; cards alike keep
    ``playable``'s order. Any trick game's cheap player may follow with it.

    Args:
        playable: the cards that may be played (not empty).
        trick: the cards of the trick so far, the lead first (empty: the lowest card leads).
        trump: the trump suit, or ``None``.
        strength: a card's strength within its suit (see :func:`strength_by_rank`).
        suit_of: the suit a card counts as; by default its printed suit.

    >>> from tablegames.components.cards import Card, PIQUET_RANKS, Suit, rank_order
    >>> from tablegames.mechanics.tricks import lowest_winning, strength_by_rank
    >>> strength = strength_by_rank(rank_order(PIQUET_RANKS))
    >>> hand, led = [Card.parse(c) for c in ("AC", "QC", "8C", "7H")], [Card.parse("JC")]
    >>> str(lowest_winning(hand, led, Suit.HEARTS, strength=strength))  # the QC wins, and is below a trump
    'QC'
    >>> str(lowest_winning(hand[2:], led, Suit.HEARTS, strength=strength))  # only the 7H (a trump) wins
    '7H'
    >>> str(lowest_winning(hand[2:], led, None, strength=strength))  # none wins: the lowest card
    '7H'
    """

    def worth(card: Card) -> tuple[bool, int]:
        return trump is not None and suit_of(card) == trump, strength(card)

    size = len(trick)  # the strength ranks the cards, so no rank order is needed
    winning = [c for c in playable if trick_winner([*trick, c], trump, {}, suit_of=suit_of, strength=strength) == size]
    return min(winning or playable, key=worth)


def counts_as(card: Card, suit: Suit) -> str:
    """The default words for a card that counts as another suit than its printed one.

    >>> from tablegames.components.cards import Suit
    >>> from tablegames.components.cards import Card
    >>> from tablegames.mechanics.tricks import counts_as
    >>> counts_as(Card.parse("JD"), Suit.HEARTS)
    'JD counts as hearts'
    """
    return f"{card} counts as {suit.name.lower()}"


_new: Final = object.__new__
_card_of: Final = operator.itemgetter(1)


def strength_by_rank(order: Mapping[Rank, int]) -> Callable[[Card], int]:
    """A card's strength as its rank's in ``order`` (see :func:`~tablegames.components.cards.rank_order`).

    The result is a dictionary lookup over every suited card whose rank ``order`` holds,
    the cheapest ``strength`` for :class:`TrickPlay`; a card of another rank raises
    ``KeyError``.

    >>> from tablegames.mechanics.tricks import strength_by_rank
    >>> from tablegames.components.cards import Card, PIQUET_RANKS, rank_order
    >>> strength = strength_by_rank(rank_order(PIQUET_RANKS))
    >>> strength(Card.parse("AS")) > strength(Card.parse("7S"))
    True
    """
    return {c: order[c.rank] for c in standard_deck() if c.rank in order}.__getitem__


class TrickPlay:
    """The card play of one hand: the trick in progress, the turn, who won each trick.

    Seats play clockwise from the leader, skipping the seats that sit out; a trick closes
    when every seat that plays has played to it, and its winner leads the next. Nothing here
    knows a variant: the variant's own rules (a restricted first lead, the trump named by
    the first card) come before :meth:`why_not` and :meth:`play`.

    Args:
        leader: the seat that leads the first trick.
        side_of: each seat's side (``(0, 1, 0, 1)`` for two partnerships); its length is
            the number of seats and its largest value the last side.
        strength: a card's strength (higher wins), among the cards of its effective suit;
            :func:`strength_by_rank` makes one from a rank order.
        follow: how a player must answer the suit led.
        trump: the trump suit, or ``None``; the variant may set :attr:`trump` later, before
            the card that names it is played (Smear's first lead names trump).
        suit_of: the suit a card counts as (a Euchre bower counts as trump); by default
            its printed suit.
        sitting_out: seats that do not play this hand (a Euchre lone hand's partner).
        hand_size: how many tricks the hand has; after the last one the turn is ``None``
            and :attr:`is_over` true. By default the variant counts them.
        suit_note: the words that say why a card counts as a suit other than its printed one,
            ``suit_note(card, suit)`` with ``suit`` its ``suit_of`` (Euchre: ``"the JD is a
            heart, the left bower"``), added to :meth:`why_not`'s refusal when such a card is
            what decides it; by default :func:`counts_as` (``"JD counts as hearts"``).

    Raises:
        ValueError: for a bad map of sides, leader, set of seats sitting out, policy or hand size.

    The state is public for views; change it only through :meth:`play` (and :attr:`trump`).
    """

    __slots__ = ("_rules", "leader", "led", "plays", "trick", "tricks", "tricks_won", "trump", "turn")

    def __init__(
        self,
        *,
        leader: int,
        side_of: Sequence[int],
        strength: Callable[[Card], int],
        follow: Follow = Follow.MUST_FOLLOW,
        trump: Suit | None = None,
        suit_of: Callable[[Card], Suit | None] | None = None,
        sitting_out: Iterable[int] = (),
        hand_size: int | None = None,
        suit_note: Callable[[Card, Suit], str] | None = None,
    ) -> None:
        side_of = tuple(side_of)
        if not side_of or any(type(s) is not int or s < 0 for s in side_of):
            raise ValueError(f"side_of gives each seat a side from 0 up, not {side_of!r}")
        if not isinstance(follow, Follow):
            raise ValueError(f"follow is a Follow policy, not {follow!r}")
        if hand_size is not None and (type(hand_size) is not int or hand_size < 1):
            raise ValueError(f"hand_size is a positive int or None, not {hand_size!r}")
        rules = _Rules()
        rules.side_of = side_of
        rules.follow = follow
        rules.hand_size = hand_size
        rules.sides = max(side_of) + 1
        rules.variants = {}
        _set_hand_rules(
            rules,
            strength=strength,
            suit_of=_natural_suit if suit_of is None else suit_of,
            sitting_out=sitting_out,
            suit_note=counts_as if suit_note is None else suit_note,
        )
        self._rules = rules
        _check_leader(rules, leader)
        self.trump = trump
        """The trump suit, or ``None`` (no trump, or not named yet)."""
        self.leader = leader
        """The seat that led (or leads) the trick in progress."""
        self.turn: int | None = leader
        """The seat to play next; ``None`` once the hand's :attr:`hand_size` tricks are played."""
        self.led: Suit | None = None
        """The effective suit led to the trick in progress (``suit_of`` of its first card), or ``None``."""
        self.trick: list[tuple[int, Card]] = []
        """The trick in progress, ``(seat, card)`` in play order."""
        self.plays: list[tuple[int, Card]] = []
        """Every card played this hand, ``(seat, card)`` in play order."""
        self.tricks: list[tuple[int, tuple[Card, ...]]] = []
        """The completed tricks, each as ``(winning seat, its cards in play order)``."""
        self.tricks_won: list[int] = [0] * rules.sides
        """How many tricks each side has taken."""

    def copy(self) -> TrickPlay:
        """An independent copy (the settings and functions are shared)."""
        new = _new(TrickPlay)
        new._rules = self._rules
        new.trump = self.trump
        new.leader = self.leader
        new.turn = self.turn
        new.led = self.led
        new.trick = self.trick[:]
        new.plays = self.plays[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        return new

    def fresh(
        self,
        leader: int,
        *,
        trump: Suit | None = None,
        sitting_out: Iterable[int] | None = None,
        suit_of: Callable[[Card], Suit | None] | None = None,
        strength: Callable[[Card], int] | None = None,
        suit_note: Callable[[Card, Suit], str] | None = None,
    ) -> TrickPlay:
        """An empty state for another hand, led by ``leader``, with the same settings but those given.

        Cheaper than building one: a variant keeps a template and calls this at each deal. The
        settings of one hand (a lone hand's partner sitting out; the bowers of this hand's trump)
        may change: each one given replaces the template's for the new hand, and the template
        keeps its own. The settings of each distinct change are built once and shared by later
        hands that ask for the same.

        Args:
            leader: the seat that leads the first trick.
            trump: the trump suit, or ``None``.
            sitting_out: the seats that do not play this hand (``()`` for none); ``None`` keeps the template's.
            suit_of: the suit a card counts as; ``None`` keeps the template's.
            strength: a card's strength within its effective suit; ``None`` keeps the template's.
            suit_note: the words for a card counted in another suit; ``None`` keeps the template's.

        Raises:
            ValueError: if ``leader`` is not a seat that plays, or the seats sitting out are not
                some of the seats.

        >>> from tablegames.mechanics.tricks import strength_by_rank
        >>> from tablegames.mechanics.tricks import TrickPlay
        >>> from tablegames.components.cards import PIQUET_RANKS, rank_order
        >>> template = TrickPlay(leader=0, side_of=(0, 1, 0, 1), strength=strength_by_rank(rank_order(PIQUET_RANKS)))
        >>> lone = template.fresh(1, sitting_out={3})
        >>> lone.size, lone.sitting_out, template.sitting_out, template.fresh(1).size
        (3, frozenset({3}), frozenset(), 4)
        """
        rules = self._rules
        if sitting_out is not None or suit_of is not None or strength is not None or suit_note is not None:
            rules = _hand_rules(rules, sitting_out, suit_of, strength, suit_note)
        _check_leader(rules, leader)
        new = _new(TrickPlay)
        new._rules = rules
        new.trump = trump
        new.leader = new.turn = leader
        new.led = None
        new.trick, new.plays, new.tricks = [], [], []
        new.tricks_won = [0] * rules.sides
        return new

    # -- the settings, as given -------------------------------------------------------

    @property
    def side_of(self) -> tuple[int, ...]:
        """Each seat's side."""
        return self._rules.side_of

    @property
    def strength(self) -> Callable[[Card], int]:
        """A card's strength within its effective suit."""
        return self._rules.strength

    @property
    def follow(self) -> Follow:
        """The following policy."""
        return self._rules.follow

    @property
    def suit_of(self) -> Callable[[Card], Suit | None]:
        """The suit a card counts as (by default its printed suit)."""
        return self._rules.suit_of

    @property
    def sitting_out(self) -> frozenset[int]:
        """The seats that do not play this hand."""
        return self._rules.sitting_out

    @property
    def suit_note(self) -> Callable[[Card, Suit], str]:
        """The words for a card counted in another suit than its printed one (see :meth:`why_not`)."""
        return self._rules.suit_note

    @property
    def hand_size(self) -> int | None:
        """How many tricks the hand has, or ``None`` if the variant counts them."""
        return self._rules.hand_size

    @property
    def size(self) -> int:
        """How many cards a trick has (one per seat that plays)."""
        return self._rules.size

    @property
    def players(self) -> int:
        """How many seats the table has (those sitting out included)."""
        return len(self._rules.side_of)

    # -- derived state ----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the hand's :attr:`hand_size` tricks are all played (never, without a hand size)."""
        return self.turn is None

    @property
    def winning(self) -> int | None:
        """The seat winning the trick in progress so far, or ``None`` before its lead."""
        return self._best(self.trick) if self.trick else None

    @property
    def last_trick(self) -> tuple[tuple[int, Card], ...]:
        """The last completed trick, ``(seat, card)`` in play order; empty before the first closes."""
        if not self.tricks:
            return ()
        done = len(self.plays) - len(self.trick)
        return tuple(self.plays[done - len(self.tricks[-1][1]) : done])

    @property
    def last_winner(self) -> int | None:
        """The seat that won the last completed trick, or ``None`` before the first closes."""
        return self.tricks[-1][0] if self.tricks else None

    def trick_cards(self) -> tuple[TrickCard, ...]:
        """The trick in progress, for a view (each entry the one :class:`TrickCard` of its seat and card)."""
        known = _TRICK_CARDS.get  # inline, not a helper's call: playouts read the trick at every move
        return tuple([known(play) or _trick_card(play) for play in self.trick])

    def last_trick_cards(self) -> tuple[TrickCard, ...]:
        """The last completed trick, for a view (each entry the one :class:`TrickCard` of its seat and card)."""
        known = _TRICK_CARDS.get
        return tuple([known(play) or _trick_card(play) for play in self.last_trick])

    def cards_won(self, side: int) -> list[Card]:
        """The cards of the tricks ``side`` has taken, trick by trick in play order."""
        side_of = self._rules.side_of
        return [c for winner, cards in self.tricks if side_of[winner] == side for c in cards]

    # -- playing ----------------------------------------------------------------------

    def legal(self, hand: Sequence[Card]) -> list[Card]:
        """The cards of ``hand`` that the seat to play may play now, under :attr:`follow`."""
        rules = self._rules
        return legal_cards(hand, self.led, self.trump, rules.follow, suit_of=rules.suit_of)

    def why_not(self, seat: int, card: Card, hand: Sequence[Card]) -> str | None:
        """Why ``seat``, holding ``hand``, may not play ``card`` now, or ``None``.

        When the suit led decides it and a card of ``hand`` counts as another suit than its
        printed one in a way that matters (it follows the suit led though printed otherwise,
        or does not though printed so), the refusal says so in the words of :attr:`suit_note`.

        >>> from tablegames.components.cards import Card
        >>> from tablegames.components.cards import Suit
        >>> from tablegames.mechanics.tricks import strength_by_rank
        >>> from tablegames.mechanics.tricks import TrickPlay
        >>> from tablegames.components.cards import PIQUET_RANKS, Rank, rank_order
        >>> def suit_of(card):  # the jack of diamonds is a heart, as a Euchre left bower with hearts trump
        ...     return Suit.HEARTS if card == Card.parse("JD") else card.suit
        >>> play = TrickPlay(leader=0, side_of=(0, 1), strength=strength_by_rank(rank_order(PIQUET_RANKS)),
        ...                  suit_of=suit_of, trump=Suit.HEARTS)
        >>> play.play(0, Card.parse("AH"))
        >>> play.why_not(1, Card.parse("KS"), [Card.parse("KS"), Card.parse("JD")])
        'seat 1 holds hearts, the suit led: play hearts; JD counts as hearts'
        """
        turn = self.turn
        if turn is None:
            return "the hand's tricks are all played"
        if seat != turn:
            if seat in self._rules.sitting_out:
                return f"seat {seat} sits out this hand"
            return f"it is seat {turn}'s turn to play, not seat {seat}'s"
        if not isinstance(card, Card) or card not in hand:
            return f"seat {seat} does not hold {card}"
        led = self.led
        if led is None or card in self.legal(hand):
            return None
        name = led.name.lower()
        rules = self._rules
        suit_of = rules.suit_of
        if rules.follow is Follow.FOLLOW_OR_TRUMP:
            problem = f"seat {seat} holds {name}, the suit led: play {name} or a trump"
        elif any(suit_of(c) == led for c in hand):
            problem = f"seat {seat} holds {name}, the suit led: play {name}"
        else:
            problem = f"seat {seat} has no {name}, the suit led, but a trump: play a trump"
        if suit_of is _natural_suit:
            return problem
        notes = []
        for c in hand:
            suit = suit_of(c)
            if (suit == led) != (c.suit == led) and suit is not None:
                notes.append(rules.suit_note(c, suit))
        return "; ".join([problem, *notes])

    def play(self, seat: int, card: Card, *, hand: list[Card] | None = None) -> int | None:
        """``seat`` plays ``card``; the trick's winner if it closes the trick, else ``None``.

        Args:
            seat: the seat playing, which must be :attr:`turn`.
            card: the card.
            hand: the seat's cards; if given, the play is checked against them
                (:meth:`why_not`) and the card is removed from them. Without it, the
                variant has checked the card already and keeps its hands itself.

        Raises:
            ValueError: if it is not ``seat``'s turn, or (with ``hand``) the card is not legal.
        """
        if seat != self.turn or hand is not None:
            problem = self.why_not(seat, card, hand if hand is not None else (card,))
            if problem is not None:
                raise ValueError(problem)
            if hand is not None:
                hand.remove(card)
        rules = self._rules
        trick = self.trick
        if not trick:
            self.led = rules.suit_of(card)
        trick.append((seat, card))
        self.plays.append((seat, card))
        if len(trick) < rules.size:
            self.turn = rules.next[seat]
            return None
        winner = self._best(trick)
        self.tricks.append((winner, tuple(map(_card_of, trick))))
        self.tricks_won[rules.side_of[winner]] += 1
        self.trick = []
        self.led = None
        self.leader = winner
        self.turn = None if len(self.tricks) == rules.hand_size else winner
        return winner

    def _best(self, trick: list[tuple[int, Card]]) -> int:
        """The seat winning ``trick`` (not empty): the highest trump, else the highest of the suit led."""
        rules = self._rules
        trump, led, suit_of, strength = self.trump, self.led, rules.suit_of, rules.strength
        best_seat, card = trick[0]
        best_trump = trump is not None and led == trump
        best_power = strength(card)
        for i in range(1, len(trick)):
            seat, card = trick[i]
            suit = suit_of(card)
            if trump is not None and suit == trump:
                if not best_trump:
                    best_seat, best_trump, best_power = seat, True, strength(card)
                    continue
            elif best_trump or suit != led:
                continue
            power = strength(card)
            if power > best_power:
                best_seat, best_power = seat, power
        return best_seat


class _Rules:
    """The settings of a :class:`TrickPlay`, shared by its copies and fresh hands."""

    __slots__ = (
        "follow",
        "hand_size",
        "next",
        "side_of",
        "sides",
        "sitting_out",
        "size",
        "strength",
        "suit_note",
        "suit_of",
        "variants",
    )

    follow: Follow
    hand_size: int | None
    next: tuple[int, ...]
    side_of: tuple[int, ...]
    sides: int
    sitting_out: frozenset[int]
    size: int
    strength: Callable[[Card], int]
    suit_note: Callable[[Card, Suit], str]
    suit_of: Callable[[Card], Suit | None]
    variants: dict[tuple[object, ...], _Rules]
    """The settings of the hands :meth:`TrickPlay.fresh` made with changes, by change (shared by every copy)."""


_MAX_VARIANTS: Final = 64
"""The most distinct hand settings a template keeps (Euchre needs 4 trumps x 5 ways of sitting out)."""


def _set_hand_rules(
    rules: _Rules,
    *,
    strength: Callable[[Card], int],
    suit_of: Callable[[Card], Suit | None],
    sitting_out: Iterable[int],
    suit_note: Callable[[Card, Suit], str],
) -> None:
    """Set (and check) the settings that may change from hand to hand."""
    players = len(rules.side_of)
    out = frozenset(sitting_out)
    if not out <= set(range(players)) or len(out) >= players:
        raise ValueError(f"the seats sitting out are some of seats 0 to {players - 1}, not all: {sorted(out)!r}")
    rules.strength = strength
    rules.suit_of = suit_of
    rules.sitting_out = out
    rules.suit_note = suit_note
    rules.size = players - len(out)
    rules.next = tuple(_next_playing(seat, players, out) for seat in range(players))


def _hand_rules(
    rules: _Rules,
    sitting_out: Iterable[int] | None,
    suit_of: Callable[[Card], Suit | None] | None,
    strength: Callable[[Card], int] | None,
    suit_note: Callable[[Card, Suit], str] | None,
) -> _Rules:
    """``rules`` with the hand's changes (``None``: unchanged), built once per distinct change."""
    out = rules.sitting_out if sitting_out is None else frozenset(sitting_out)
    key: tuple[object, ...] = (out, suit_of, strength, suit_note)
    try:
        return rules.variants[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable function: build without keeping it
        key = ()
    if len(rules.variants) >= _MAX_VARIANTS:  # new functions every hand: keep no more
        key = ()
    new = _Rules()
    new.side_of, new.follow, new.hand_size, new.sides = rules.side_of, rules.follow, rules.hand_size, rules.sides
    new.variants = rules.variants
    _set_hand_rules(
        new,
        strength=rules.strength if strength is None else strength,
        suit_of=rules.suit_of if suit_of is None else suit_of,
        sitting_out=out,
        suit_note=rules.suit_note if suit_note is None else suit_note,
    )
    if key:
        rules.variants[key] = new
    return new


def _check_leader(rules: _Rules, leader: int) -> None:
    if type(leader) is not int or not 0 <= leader < len(rules.side_of) or leader in rules.sitting_out:
        raise ValueError(f"the leader is a seat from 0 to {len(rules.side_of) - 1} that plays, not {leader!r}")


def _next_playing(seat: int, players: int, out: frozenset[int]) -> int:
    """The first seat clockwise of ``seat`` that plays."""
    following = (seat + 1) % players
    while following in out:
        following = (following + 1) % players
    return following
