"""Four Point Smear for reinforcement learning: its action ids and its observation vector.

:class:`SmearActionIds` numbers every Smear action (the discard chosen in parts, one card
each) and :class:`SmearObservation` writes what one seat may know as a flat vector; the game
gives them by :meth:`Smear.action_ids <tablegames.variants.smear.game.Smear.action_ids>` and
:meth:`Smear.observation_spec <tablegames.variants.smear.game.Smear.observation_spec>`.

>>> import tablegames
>>> game = tablegames.new_game("four-point-smear", seed=3, seen_undealt=2)
>>> ids = game.action_ids(game.options)
>>> ids.size, [ids.names()[i] for a in game.legal_actions() for i in ids.encode(a)]
(68, ['pass', 'bid 2', 'bid 3', 'bid 4'])
>>> spec = game.observation_spec(game.options)
>>> out = [0.0] * spec.size
>>> spec.write(game, game.current_player, out)
>>> out[spec.fields["turn"]]
[1.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Final

import tablegames.variants.smear.game  # the module (it imports this one): write()'s annotation names its Smear in full
from tablegames.components.cards import Card, Suit, piquet_deck
from tablegames.core.capabilities import FloatBuffer
from tablegames.core.events import Action
from tablegames.core.memo import Kept
from tablegames.mechanics.allfours import CARD_POINTS
from tablegames.mechanics.bidding import Bid, Pass
from tablegames.mechanics.tricks import PlayCard
from tablegames.variants.smear.actions import Discard

__all__ = ["DISCARD_IDS", "PLAY_IDS", "SmearActionIds", "SmearObservation"]

_DECK: Final = piquet_deck()
_INDEX: Final = {c: i for i, c in enumerate(_DECK)}
PLAY_IDS: Final = 4
"""The id of ``PlayCard`` of the deck's first card (AS); card ``i`` of the deck is ``PLAY_IDS + i``."""
DISCARD_IDS: Final = PLAY_IDS + 32
"""The discard part id of the deck's first card (AS); card ``i`` of the deck is ``DISCARD_IDS + i``."""
_SIZE: Final = DISCARD_IDS + 32


class SmearActionIds:
    """The 68 action ids of Four Point Smear (the same for every option), a discard in parts.

    ======= ====================================== ====================================
    id      action                                 name
    ======= ====================================== ====================================
    0       ``Pass()``                             ``pass``
    1 - 3   ``Bid(2)``, ``Bid(3)``, ``Bid(4)``     ``bid 2``, ``bid 3``, ``bid 4``
    4 - 35  ``PlayCard(card)``                     ``play AS`` ... ``play 7C``
    36 - 67 one card of a ``Discard``              ``discard AS`` ... ``discard 7C``
    ======= ====================================== ====================================

    Cards run in deck order (:func:`~tablegames.components.cards.piquet_deck`: AS KS QS JS
    10S 9S 8S 7S, then hearts, diamonds, clubs). A discard is encoded as the part ids of its
    ``seen_undealt`` cards in ascending order, which is deck order, the order of the game's own
    discards, so every discard of a position has the same length and no legal action's encoding
    is a prefix of another's. Under ``seen_undealt=0`` no discard exists and ids 36 to 67 are
    never legal.

    Args:
        seen_undealt: the option: how many cards a discard has.
        singles: the interned actions of ids 0 to 35, in id order.
        discard: the game's interning of a discard from its cards in deck order.

    Build it with :meth:`Smear.action_ids <tablegames.variants.smear.game.Smear.action_ids>`.

    >>> import tablegames
    >>> from tablegames.components.cards import Card
    >>> from tablegames.variants.smear import Discard, PlayCard, Smear, SmearOptions
    >>> ids = Smear.action_ids(SmearOptions(seen_undealt=2))
    >>> ids.encode(PlayCard(Card.parse("10H"))), ids.encode(Discard((Card.parse("7C"), Card.parse("KS"))))
    ((16,), (37, 67))
    >>> ids.decode([37, 67])
    Discard(cards=(Card(Rank.KING, Suit.SPADES), Card(Rank.SEVEN, Suit.CLUBS)))
    """

    __slots__ = ("_by_identity", "_ids", "_names", "_singles", "discard", "seen_undealt")

    def __init__(
        self, seen_undealt: int, *, singles: Sequence[Action], discard: Callable[[tuple[Card, ...]], Discard]
    ) -> None:
        if type(seen_undealt) is not int or not 0 <= seen_undealt <= 3:
            raise ValueError(f"seen_undealt is an int from 0 to 3, not {seen_undealt!r}")
        singles = tuple(singles)
        expected = (Pass(), Bid(2), Bid(3), Bid(4), *(PlayCard(c) for c in _DECK))
        if singles != expected or any(type(a) is not type(e) for a, e in zip(singles, expected, strict=True)):
            raise ValueError("singles are the interned Pass, Bid(2) to Bid(4) and PlayCard of each card, in id order")
        self.seen_undealt = seen_undealt
        """How many cards a discard has (the option)."""
        self.discard = discard
        """The game's interning of a discard (its cards in deck order)."""
        self._singles: tuple[Action, ...] = singles
        self._ids: dict[Action, tuple[int, ...]] = {a: (i,) for i, a in enumerate(singles)}
        # The interned actions by identity, the legal actions' own objects: no hashing of their
        # fields (they stay alive in _singles, so no other object takes their ids).
        self._by_identity: dict[int, tuple[int, ...]] = {id(a): (i,) for i, a in enumerate(singles)}
        self._names = (
            "pass",
            *(f"bid {a}" for a in (2, 3, 4)),
            *(f"play {c}" for c in _DECK),
            *(f"discard {c}" for c in _DECK),
        )

    @property
    def size(self) -> int:
        """68."""
        return _SIZE

    @property
    def parts(self) -> int:
        """``seen_undealt`` (a discard's cards, one id each), at least 1 (a bid or a card played)."""
        return max(1, self.seen_undealt)

    def names(self) -> tuple[str, ...]:
        """The label of each id: ``"pass"``, ``"bid 2"``, ``"play AS"``, ``"discard AS"``..."""
        return self._names

    def encode(self, action: Action) -> tuple[int, ...]:
        """The ids of ``action``: one, or a discard's part ids in ascending order.

        Raises:
            ValueError: if ``action`` is not a Smear action under these options (a bid out of
                2 to 4, a discard of another number of cards than ``seen_undealt``...).

        """
        found = self._by_identity.get(id(action))
        if found is not None:
            return found
        if type(action) is Discard:
            cards = action.cards
            n = self.seen_undealt
            if isinstance(cards, tuple) and len(cards) == n and n:
                try:
                    ids = sorted(DISCARD_IDS + _INDEX[c] for c in cards)
                except (KeyError, TypeError):  # not a card, or unhashable
                    ids = []
                if len(set(ids)) == n:
                    return tuple(ids)
            raise ValueError(
                f"not a discard of {n} distinct card(s), as seen_undealt={n} asks: {action!r}"
                if n
                else f"no discard exists under seen_undealt=0: {action!r}"
            )
        try:
            found = self._ids.get(action)
        except TypeError:  # an unhashable field
            found = None
        if found is None or (type(action) is Bid and type(action.amount) is not int):
            raise ValueError(
                f"not a Smear action: {action!r}; Smear's are Pass, Bid(2) to Bid(4), PlayCard of a card "
                "and Discard of seen_undealt cards"
            )
        return found

    def decode(self, ids: Sequence[int]) -> Action:
        """The action encoded by ``ids``, the very interned object the game's legal actions hold.

        A discard's part ids must come in ascending order, as :meth:`encode` gives them.

        Raises:
            ValueError: if ``ids`` encode no action.

        """
        try:
            n = len(ids)
            if n == 1:
                i = ids[0]
                if type(i) is not bool and 0 <= i < DISCARD_IDS:
                    return self._singles[operator.index(i)]
            if n == self.seen_undealt and n:
                last = DISCARD_IDS - 1
                for i in ids:
                    if type(i) is bool or not last < operator.index(i) < _SIZE:
                        break
                    last = i
                else:
                    return self.discard(tuple([_DECK[i - DISCARD_IDS] for i in ids]))
        except TypeError:  # not a sequence of ints
            pass
        raise ValueError(
            f"{ids!r} encode no Smear action: one id from 0 to {DISCARD_IDS - 1}, or a discard as "
            f"{self.seen_undealt} distinct ids from {DISCARD_IDS} to {_SIZE - 1} in ascending order"
        )


# -- the observation ---------------------------------------------------------------------

_PHASES: Final = ("bidding", "discard", "play", "over")
_LAYOUT: Final = (
    ("hand", 32),
    ("played", 32),
    ("trick", 4 * 32),
    ("leader", 4),
    ("void", 4 * 4),
    ("phase", 4),
    ("dealer", 4),
    ("bids", 4 * 4),
    ("bidder", 4),
    ("bid", 3),
    ("trump", 4),
    ("turn", 4),
    ("tricks_won", 2),
    ("card_points", 2),
    ("picked_up", 32),
    ("discards", 32),
    ("scores", 2),
)


def _fields() -> dict[str, slice]:
    fields = {}
    start = 0
    for name, width in _LAYOUT:
        fields[name] = slice(start, start + width)
        start += width
    return fields


_FIELDS: Final = _fields()
_SPEC_SIZE: Final[int] = _FIELDS["scores"].stop


def _at(name: str) -> int:
    start: int = _FIELDS[name].start
    return start


_HAND, _PLAYED, _TRICK, _LEADER, _VOID = _at("hand"), _at("played"), _at("trick"), _at("leader"), _at("void")
_PHASE: Final = {p: _at("phase") + i for i, p in enumerate(_PHASES)}
_DEALER, _BIDS, _BIDDER, _BID, _TRUMP = _at("dealer"), _at("bids"), _at("bidder"), _at("bid"), _at("trump")
_TURN, _TRICKS_WON, _CARD_POINTS = _at("turn"), _at("tricks_won"), _at("card_points")
_PICKED_UP, _DISCARDS, _SCORES = _at("picked_up"), _at("discards"), _at("scores")
_REL: Final = {seat: tuple((s - seat) % 4 for s in range(4)) for seat in range(4)}
_POINTS: Final = {c: CARD_POINTS.get(c.rank, 0) / 80.0 for c in _DECK}
# Where each entry goes, looked up rather than computed (write is a hot path): by card, by
# observer then seat then card or suit, by call.
_HAND_AT: Final = {c: _HAND + i for c, i in _INDEX.items()}
_PLAYED_AT: Final = {c: _PLAYED + i for c, i in _INDEX.items()}
_PICKED_UP_AT: Final = {c: _PICKED_UP + i for c, i in _INDEX.items()}
_DISCARDS_AT: Final = {c: _DISCARDS + i for c, i in _INDEX.items()}
_TRICK_AT: Final = {
    seat: tuple({c: _TRICK + 32 * r + i for c, i in _INDEX.items()} for r in _REL[seat]) for seat in range(4)
}
_VOID_AT: Final = {
    seat: tuple(tuple(_VOID + 4 * r + suit for suit in range(4)) for r in _REL[seat]) for seat in range(4)
}
_CALL_AT: Final = {
    seat: {(s, amount): _BIDS + 4 * _REL[seat][s] + k for s in range(4) for k, amount in enumerate((None, 2, 3, 4))}
    for seat in range(4)
}
_BID_AT: Final = {amount: _BID + amount - 2 for amount in (2, 3, 4)}


_TRICKS_MEMO: Final[Kept[tuple[int, int], tuple[object, tuple[int, ...], float, float]]] = Kept(
    "tablegames.variants.smear.rl: what a hand's tricks tell a seat", most=4096
)
"""What the completed tricks of a hand tell each seat, by the last trick's identity and the seat.

A completed trick is a tuple made once, when it closes, and shared by every clone of its game
(:meth:`TrickPlay.copy <tablegames.mechanics.tricks.TrickPlay.copy>` copies the list, not the
tricks): so the last trick, held here (its ``id`` cannot be reused while it is), stands for
the whole hand until it. The entries the tricks set (the cards played, the voids shown) and
the card points each side took are worked out once per trick and seat, not at every write.
"""


def _completed(
    tricks: Sequence[tuple[int, tuple[Card, ...]]], bidder: int, trump: Suit, seat: int
) -> tuple[object, tuple[int, ...], float, float]:
    """The entries ``tricks`` set in ``seat``'s observation, and the card points of its side and of the other."""
    at = _PLAYED_AT
    voids = _VOID_AT[seat]
    points = _POINTS.__getitem__
    cells: list[int] = []
    ours = theirs = 0.0
    leader = bidder  # the bidder leads the first trick
    for winner, cards in tricks:
        a, b, c, d = cards
        cells += (at[a], at[b], at[c], at[d])
        led = a.suit
        # rule 10: a card of neither the suit led nor trump shows a void in the suit led
        if b.suit != led and b.suit != trump:
            cells.append(voids[(leader + 1) & 3][led])  # type: ignore[index]  # a piquet card has a suit
        if c.suit != led and c.suit != trump:
            cells.append(voids[(leader + 2) & 3][led])  # type: ignore[index]  # a piquet card has a suit
        if d.suit != led and d.suit != trump:
            cells.append(voids[(leader + 3) & 3][led])  # type: ignore[index]  # a piquet card has a suit
        if (winner ^ seat) & 1:
            theirs += points(a) + points(b) + points(c) + points(d)
        else:
            ours += points(a) + points(b) + points(c) + points(d)
        leader = winner
    last = tricks[-1]
    memo = (last, tuple(cells), ours, theirs)
    return _TRICKS_MEMO.keep((id(last), seat), memo)


class SmearObservation:
    """What one Smear seat may know, as 321 floats; everything relative to that seat.

    Relative seat ``r`` is the seat ``r`` places clockwise of the observer (0 the observer, 2
    its partner); relative side 0 is the observer's side. Cards run in deck order (AS KS QS JS
    10S 9S 8S 7S, then hearts, diamonds, clubs), suits as S H D C.

    =============== ========= ==================================================================
    field           slice     entries (0 where not said)
    =============== ========= ==================================================================
    ``hand``        0:32      1 for each card the observer holds
    ``played``      32:64     1 for each card of this hand's completed tricks (public)
    ``trick``       64:192    ``32 r + card``: 1 for the card relative seat ``r`` put in the trick in progress
    ``leader``      192:196   1 at the relative seat that led (or leads) the trick, in the play phase
    ``void``        196:212   ``4 r + suit``: 1 if relative seat ``r`` has shown it holds no card of that
                              suit (it played neither the suit led nor trump), this hand
    ``phase``       212:216   1 at bidding, discard, play or over
    ``dealer``      216:220   1 at the dealer's relative seat
    ``bids``        220:236   ``4 r + k``: relative seat ``r`` passed (``k`` 0) or bid ``k + 1`` (2 to 4), this hand
    ``bidder``      236:240   1 at the high bidder's relative seat, once the bidding is over
    ``bid``         240:243   1 at the winning bid (2, 3 or 4), once the bidding is over
    ``trump``       243:247   1 at the trump suit, once the first card is led
    ``turn``        247:251   1 at the relative seat to act (none once the match is over)
    ``tricks_won``  251:253   tricks each relative side took this hand, divided by 6
    ``card_points`` 253:255   card points of the tricks each relative side took this hand, divided by 80
    ``picked_up``   255:287   the undealt cards the bidder took up: for the bidder only
    ``discards``    287:319   the bidder's discards: for the bidder only
    ``scores``      319:321   each relative side's score divided by the target (may be negative)
    =============== ========= ==================================================================

    Every entry is public or the observer's own: a void is read from the cards played (rule 10:
    a seat holding the suit led plays it or a trump, so only a card of neither suit shows it has
    none), and the points counted are those of the tricks, never of the hidden discards.

    Args:
        target: the options' target score, the scores' scale.

    Build it with :meth:`Smear.observation_spec <tablegames.variants.smear.game.Smear.observation_spec>`.
    """

    __slots__ = ("_scale", "target")

    def __init__(self, target: int) -> None:
        if type(target) is not int or target < 1:
            raise ValueError(f"target is a positive int, not {target!r}")
        self.target = target
        """The score that wins, by which the scores are divided."""
        self._scale = 1.0 / target

    @property
    def size(self) -> int:
        """321."""
        return _SPEC_SIZE

    @property
    def fields(self) -> Mapping[str, slice]:
        """Each field's slice, in layout order (the table above)."""
        return _FIELDS

    def write(self, game: tablegames.variants.smear.game.Smear, seat: int, out: FloatBuffer) -> None:
        """Write ``seat``'s observation of the Smear ``game`` into the zeroed ``out``.

        Raises:
            ValueError: if ``seat`` is not a seat (0 to 3).

        """
        try:
            rel = _REL[seat]
        except (KeyError, TypeError):
            raise ValueError(f"seat is 0 to 3, not {seat!r}") from None
        g = game
        at = _HAND_AT
        for c in g.hands[seat]:
            out[at[c]] = 1.0
        phase = g.phase
        out[_PHASE[phase]] = 1.0
        out[_DEALER + rel[g.dealer]] = 1.0
        calls = _CALL_AT[seat]
        for call in g.auction.bids:
            out[calls[call]] = 1.0
        bidder = g.bidder
        if bidder is not None:
            out[_BIDDER + rel[bidder]] = 1.0
            out[_BID_AT[g.bid]] = 1.0  # type: ignore[index]
            if bidder == seat:
                at = _PICKED_UP_AT
                for c in g.picked_up:
                    out[at[c]] = 1.0
                at = _DISCARDS_AT
                for c in g.discards:
                    out[at[c]] = 1.0
        current = g.current_player
        if current is not None:
            out[_TURN + rel[current]] = 1.0
        scale = self._scale
        first = seat & 1
        ours_score, theirs_score = g.scores if first == 0 else g.scores[::-1]
        if ours_score:
            out[_SCORES] = ours_score * scale
        if theirs_score:
            out[_SCORES + 1] = theirs_score * scale
        if phase != "play":
            return
        play = g.trick_play
        trump = play.trump
        out[_LEADER + rel[play.leader]] = 1.0
        if trump is None:
            return
        out[_TRUMP + trump] = 1.0
        voids = _VOID_AT[seat]
        tricks = play.tricks
        if tricks:
            won = play.tricks_won
            out[_TRICKS_WON] = won[first] / 6
            out[_TRICKS_WON + 1] = won[1 - first] / 6
            last = tricks[-1]
            memo = _TRICKS_MEMO.get((id(last), seat))
            if memo is None or memo[0] is not last:
                memo = _completed(tricks, bidder, trump, seat)  # type: ignore[arg-type]  # a bidder once in play
            for cell in memo[1]:
                out[cell] = 1.0
            out[_CARD_POINTS] = memo[2]
            out[_CARD_POINTS + 1] = memo[3]
        trick = play.trick
        if len(trick) > 1:
            led = trick[0][1].suit
            for s, c in trick:
                suit = c.suit
                if suit != led and suit != trump:
                    out[voids[s][led]] = 1.0  # type: ignore[index]
        trick_at = _TRICK_AT[seat]
        for s, c in trick:
            out[trick_at[s][c]] = 1.0
