"""Two small games the library does not ship, written for the world sampler's tests.

* :class:`PassingTricks` (``"passing-tricks"``): four seats, the 32-card deck, eight cards
  each. Each seat in turn passes ``pass_count`` cards to its left; a pass is seen whole by its
  giver and its receiver and by nobody else, and the cards change hands once all four have
  passed. With ``turn_trump`` the dealer's last card is turned face up in the deal event (it
  names a piece that stays in a hidden hand) and its suit is trump. Then eight tricks, following
  suit; each heart taken is a penalty point, and the lowest score wins once a seat reaches the
  target.
* :class:`DrawDominoes` (``"draw-dominoes"``): a double-six line game for two to four seats,
  ``hand_size`` tiles each; a seat that cannot play draws from the boneyard until it can (each
  draw seen by the drawer only), and passes when the boneyard is empty. A hand ends with a
  domino or a block, every hand is shown, and the seat with the fewest pips scores the others'.

Neither provides a world filler: the generic sampler is all they have. They are registered
only inside the tests that use them (see :func:`registered`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Self

import attrs

from tablegames.components.cards import PIQUET_RANKS, Card, Suit, piquet_deck, rank_order
from tablegames.components.tiles import Tile, domino_set
from tablegames.core import registry
from tablegames.core.errors import LogError
from tablegames.core.events import Action, Event, redact_hands, visible
from tablegames.core.game import MAX_TARGET, Game, bool_option, int_option
from tablegames.core.rng import hand_rng
from tablegames.mechanics.dominoes import Passed, TileDrawn, draw_until_fits, holds_playable, nobody_can_play
from tablegames.mechanics.line import ARM_IDS, EAST, WEST, LineLayout
from tablegames.mechanics.match import GameEnded
from tablegames.mechanics.tricks import CardPlayed, Follow, PlayCard, TrickWon, legal_cards, trick_winner

__all__ = ["DrawDominoes", "PassCards", "PassingTricks", "registered"]


@contextmanager
def registered(*classes: type[Game]) -> Iterator[None]:
    """``classes`` registered as variants for the duration of the ``with`` block."""
    saved = dict(registry._registered)
    for cls in classes:
        registry._registered[cls.name] = cls
    try:
        yield
    finally:
        registry._registered.clear()
        registry._registered.update(saved)


# -- a trick game with a passing phase -------------------------------------------------------

_DECK = piquet_deck()
_ORDER = rank_order(PIQUET_RANKS)
_CARD_ORDER = {c: i for i, c in enumerate(_DECK)}


@attrs.frozen(kw_only=True)
class PassingOptions:
    """The options of :class:`PassingTricks`."""

    pass_count: int = attrs.field(default=2, validator=int_option(0, 3))
    """Cards each seat passes to its left before play (0: no passing)."""
    turn_trump: bool = attrs.field(default=False, validator=bool_option())
    """Whether the dealer's last card is turned up, its suit trump."""
    target: int = attrs.field(default=12, validator=int_option(1, MAX_TARGET))
    """The penalty points that end the match."""


@attrs.frozen(kw_only=True)
class PassingDeal:
    """One deal: eight cards per seat."""

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, the dealer's last card turned up when trump is turned."""


@attrs.frozen
class TricksDealt(Event):
    """A hand was dealt: each seat sees its own cards, and everyone the turned-up card."""

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The hand, from 1."""
    dealer: int
    """The dealer."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Each seat's cards (``None`` where hidden)."""
    turned: Card | None
    """The dealer's last card, turned up for trump (``None`` without trump); it stays in the dealer's hand."""

    def dealt_hand(self) -> int:
        """Declared data: the hand this event deals."""
        return self.hand_number

    def redact(self, seat: int | None) -> Self:
        """Hide the other hands."""
        if seat is None:
            return self
        return attrs.evolve(self, hands=redact_hands(self.hands, seat))


@attrs.frozen
class CardsPassed(Event):
    """A seat passed cards to its left: only the giver and the receiver see which."""

    tag: ClassVar[str] = "cards_passed"
    seat: int
    """The giver."""
    receiver: int
    """The seat that receives them."""
    cards: tuple[Card, ...] | None
    """The cards (``None`` where hidden)."""

    def redact(self, seat: int | None) -> Self:
        """Hide the cards from every seat but the giver and the receiver."""
        if visible(self.seat, seat) or visible(self.receiver, seat):
            return self
        return attrs.evolve(self, cards=None)


@attrs.frozen
class HandScored(Event):
    """A hand ended: the hearts each seat took."""

    tag: ClassVar[str] = "hand_scored"
    points: tuple[int, ...]
    """Penalty points per seat this hand."""
    scores: tuple[int, ...]
    """The totals after it."""


@attrs.frozen
class PassCards(Action):
    """Pass ``cards`` to the left. JSON: ``{"type": "pass", "cards": ["AH", "7S"]}``."""

    tag: ClassVar[str] = "pass"
    cards: tuple[Card, ...]
    """The cards, in deck order."""


class PassingTricks(Game):
    """A four-seat trick game with a passing phase (see the module)."""

    name: ClassVar[str] = "passing-tricks"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    options_class: ClassVar[type[PassingOptions]] = PassingOptions
    deal_class: ClassVar[type[PassingDeal]] = PassingDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (PassCards, PlayCard)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        TricksDealt,
        CardsPassed,
        CardPlayed,
        TrickWon,
        HandScored,
        GameEnded,
    )
    pieces: ClassVar[frozenset[Card]] = frozenset(_DECK)
    lower_score_wins: ClassVar[bool] = True

    __slots__ = ("dealer", "hand_number", "hands", "leader", "passes", "taken", "trick", "trump")

    options: PassingOptions
    hand_number: int
    dealer: int
    hands: list[list[Card]]
    passes: dict[int, tuple[Card, ...]]
    trick: list[tuple[int, Card]]
    trump: Suit | None
    leader: int
    taken: list[int]

    @property
    def players(self) -> int:
        """Four seats."""
        return 4

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's cards, the trick, the scores."""
        self.check_seat(seat)
        return {
            "seat": seat,
            "hand_number": self.hand_number,
            "hand": [str(c) for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "current_player": self.current_player,
            "legal_actions": [str(a) for a in self.legal_actions()] if seat == self.current_player else [],
            "trick": [[s, str(c)] for s, c in self.trick],
            "passed": [str(c) for c in self.passes.get(seat, ())],
        }

    @classmethod
    def check_deal(cls, deal: PassingDeal, options: PassingOptions) -> str | None:
        """Four hands of eight, the 32 cards once each."""
        if len(deal.hands) != 4 or any(len(h) != 8 for h in deal.hands):
            return "four hands of eight cards"
        if Counter(c for h in deal.hands for c in h) != Counter(_DECK):
            return "each of the 32 cards once"
        return None

    def shuffled_deal(self, hand_number: int) -> PassingDeal:
        """The deck shuffled from the seed."""
        cards = list(_DECK)
        hand_rng(self.seed, hand_number).shuffle(cards)
        return PassingDeal(hands=tuple(tuple(cards[8 * i : 8 * i + 8]) for i in range(4)))

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[PassingDeal]:
        """The deals the deal events record."""
        out = []
        for i, event in enumerate(events):
            if isinstance(event, TricksDealt):
                if any(h is None for h in event.hands):
                    raise LogError(f"$.events[{i}]", "a full log shows every hand")
                out.append(PassingDeal(hands=event.hands))  # type: ignore[arg-type]
        return out

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """A pass or a card played."""
        if isinstance(event, CardsPassed):
            if event.cards is None:
                return None
            return event.seat, PassCards(event.cards)
        if isinstance(event, CardPlayed):
            return event.seat, PlayCard(event.card)
        return None

    def begin(self) -> int:
        """Scores at 0, the first hand dealt by seat 0."""
        self.set_scores([0] * 4)
        self.hand_number = 0
        return self._deal()

    def _deal(self) -> int:
        self.hand_number += 1
        self.dealer = (self.hand_number - 1) % 4
        deal: PassingDeal = self.next_deal(self.hand_number)
        turned = deal.hands[self.dealer][-1] if self.options.turn_trump else None
        self.trump = None if turned is None else turned.suit
        self.hands = [sorted(h, key=_CARD_ORDER.__getitem__) for h in deal.hands]
        self.emit(TricksDealt(self.hand_number, self.dealer, deal.hands, turned))
        self.passes = {}
        self.trick = []
        self.taken = [0] * 4
        self.leader = (self.dealer + 1) % 4
        return self.leader

    @property
    def _passing(self) -> bool:
        return self.options.pass_count > 0 and len(self.passes) < 4

    def compute_legal(self, seat: int) -> tuple[Action, ...]:
        """Every pass of ``pass_count`` cards, or the cards that follow suit."""
        hand = self.hands[seat]
        if self._passing:
            return tuple(PassCards(c) for c in itertools.combinations(hand, self.options.pass_count))
        led = self.trick[0][1].suit if self.trick else None
        return tuple(PlayCard(c) for c in legal_cards(hand, led, self.trump, Follow.MUST_FOLLOW))

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Not listed: illegal."""
        return None if action in self.compute_legal(seat) else f"{action} is not legal now"

    def perform(self, action: Action, seat: int) -> int | None:
        """Pass (the cards move once all four passed) or play to the trick."""
        if isinstance(action, PassCards):
            self.passes[seat] = action.cards
            self.emit(CardsPassed(seat, (seat + 1) % 4, action.cards))
            if len(self.passes) < 4:
                return (seat + 1) % 4
            for giver, cards in self.passes.items():
                for card in cards:
                    self.hands[giver].remove(card)
                self.hands[(giver + 1) % 4].extend(cards)
            for hand in self.hands:
                hand.sort(key=_CARD_ORDER.__getitem__)
            return self.leader
        assert isinstance(action, PlayCard)
        self.hands[seat].remove(action.card)
        self.trick.append((seat, action.card))
        self.emit(CardPlayed(seat, action.card))
        if len(self.trick) < 4:
            return (seat + 1) % 4
        cards = tuple(c for _, c in self.trick)
        winner = self.trick[trick_winner(cards, self.trump, _ORDER)][0]
        self.emit(TrickWon(winner, winner, cards))
        self.taken[winner] += sum(c.suit == Suit.HEARTS for c in cards)
        self.trick = []
        if self.hands[winner]:
            return winner
        for s in range(4):
            self.add_points(s, self.taken[s])
        self.emit(HandScored(tuple(self.taken), self.scores))
        if max(self.scores) >= self.options.target:
            best = min(range(4), key=lambda s: (self.scores[s], s))
            self.finish(best, GameEnded(best, self.scores))
            return None
        return self._deal()

    def copy_state(self, new: PassingTricks) -> None:
        """Copy every slot."""
        new.hand_number = self.hand_number
        new.dealer = self.dealer
        new.hands = [h[:] for h in self.hands]
        new.passes = dict(self.passes)
        new.trick = self.trick[:]
        new.trump = self.trump
        new.leader = self.leader
        new.taken = self.taken[:]

    def piece_places(self) -> dict[str, list[Card]]:
        """Each hand, and the cards played."""
        places = {f"hand {s}": h[:] for s, h in enumerate(self.hands)}
        return places


# -- a domino game where seats draw until they can play ---------------------------------------

_TILES = domino_set(6)
_TILE_ORDER = {t: i for i, t in enumerate(_TILES)}
_ENDS = {"W": WEST, "E": EAST}


@attrs.frozen(kw_only=True)
class DrawOptions:
    """The options of :class:`DrawDominoes`."""

    players: int = attrs.field(default=2, validator=int_option(2, 4))
    """Two to four seats."""
    hand_size: int = attrs.field(default=5, validator=int_option(1, 7))
    """Tiles dealt to each seat."""
    target: int = attrs.field(default=60, validator=int_option(1, MAX_TARGET))
    """The score that wins the match."""


@attrs.frozen(kw_only=True)
class DrawDeal:
    """One deal: the hands, then the boneyard in drawing order."""

    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles."""
    boneyard: tuple[Tile, ...]
    """The rest, in drawing order."""


@attrs.frozen
class DominoesDealt(Event):
    """A hand was dealt: each seat sees its own tiles; nobody sees the boneyard."""

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The hand, from 1."""
    leader: int
    """The seat that opens."""
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's tiles (``None`` where hidden)."""
    boneyard: tuple[Tile, ...] | None
    """The boneyard (``None`` where hidden)."""

    def dealt_hand(self) -> int:
        """Declared data: the hand this event deals."""
        return self.hand_number

    def redact(self, seat: int | None) -> Self:
        """Hide the other hands and the boneyard."""
        if seat is None:
            return self
        return attrs.evolve(self, hands=redact_hands(self.hands, seat), boneyard=None)


@attrs.frozen
class DominoPlayed(Event):
    """A seat placed a tile."""

    tag: ClassVar[str] = "tile_played"
    seat: int
    """The seat."""
    tile: Tile
    """The tile."""
    end: str | None
    """``"W"``, ``"E"``, or ``None`` for the opening tile."""


@attrs.frozen
class DominoHandEnded(Event):
    """A hand ended; every hand is shown."""

    tag: ClassVar[str] = "hand_ended"
    winner: int | None
    """The seat with the fewest pips (``None`` on a tie)."""
    hands: tuple[tuple[Tile, ...], ...]
    """The tiles left, per seat."""
    scores: tuple[int, ...]
    """The scores after it."""


@attrs.frozen
class PlayTile(Action):
    """Place ``tile`` on ``end``. JSON: ``{"type": "play", "tile": "6-4", "end": "W"}``."""

    tag: ClassVar[str] = "play"
    tile: Tile
    """The tile."""
    end: str | None
    """The end, ``None`` to open."""


class DrawDominoes(Game):
    """A line game where a seat draws until it can play (see the module)."""

    name: ClassVar[str] = "draw-dominoes"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_class: ClassVar[type[DrawOptions]] = DrawOptions
    deal_class: ClassVar[type[DrawDeal]] = DrawDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (PlayTile,)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        DominoesDealt,
        DominoPlayed,
        TileDrawn,
        Passed,
        DominoHandEnded,
        GameEnded,
    )
    pieces: ClassVar[frozenset[Tile]] = frozenset(_TILES)

    __slots__ = ("boneyard", "hand_number", "hands", "layout")

    options: DrawOptions
    hand_number: int
    hands: list[list[Tile]]
    boneyard: list[Tile]
    layout: LineLayout

    @property
    def players(self) -> int:
        """The ``players`` option."""
        return self.options.players

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's tiles, the ends, the sizes, the scores."""
        self.check_seat(seat)
        layout = self.layout
        return {
            "seat": seat,
            "hand_number": self.hand_number,
            "hand": [str(t) for t in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "current_player": self.current_player,
            "legal_actions": [str(a) for a in self.legal_actions()] if seat == self.current_player else [],
            "ends": [] if layout.opening is None else [layout.value(WEST), layout.value(EAST)],
            "boneyard_size": len(self.boneyard),
        }

    @classmethod
    def check_deal(cls, deal: DrawDeal, options: DrawOptions) -> str | None:
        """The hands' sizes and the 28 tiles once each."""
        if len(deal.hands) != options.players or any(len(h) != options.hand_size for h in deal.hands):
            return f"{options.players} hands of {options.hand_size} tiles"
        if Counter([t for h in deal.hands for t in h] + list(deal.boneyard)) != Counter(_TILES):
            return "each of the 28 tiles once"
        return None

    def shuffled_deal(self, hand_number: int) -> DrawDeal:
        """The tiles shuffled from the seed."""
        tiles = list(_TILES)
        hand_rng(self.seed, hand_number).shuffle(tiles)
        n, k = self.options.players, self.options.hand_size
        return DrawDeal(hands=tuple(tuple(tiles[i * k : i * k + k]) for i in range(n)), boneyard=tuple(tiles[n * k :]))

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[DrawDeal]:
        """The deals the deal events record."""
        out = []
        for i, event in enumerate(events):
            if isinstance(event, DominoesDealt):
                if event.boneyard is None or any(h is None for h in event.hands):
                    raise LogError(f"$.events[{i}]", "a full log shows every hand and the boneyard")
                out.append(DrawDeal(hands=event.hands, boneyard=event.boneyard))  # type: ignore[arg-type]
        return out

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """A tile placed."""
        if isinstance(event, DominoPlayed):
            return event.seat, PlayTile(event.tile, event.end)
        return None

    def begin(self) -> int:
        """Scores at 0 and the first hand."""
        self.set_scores([0] * self.options.players)
        self.hand_number = 0
        return self._deal()

    def _deal(self) -> int:
        self.hand_number += 1
        deal: DrawDeal = self.next_deal(self.hand_number)
        self.hands = [sorted(h, key=_TILE_ORDER.__getitem__) for h in deal.hands]
        self.boneyard = list(deal.boneyard)
        self.layout = LineLayout(spinner=False)
        leader = (self.hand_number - 1) % self.players
        self.emit(DominoesDealt(self.hand_number, leader, deal.hands, deal.boneyard))
        return leader

    def compute_legal(self, seat: int) -> tuple[Action, ...]:
        """Every placement of the seat's tiles."""
        out: list[Action] = []
        for tile in self.hands[seat]:
            for arm in self.layout.places_for(tile):
                out.append(PlayTile(tile, None if arm is None else ARM_IDS[arm]))
        return tuple(out)

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Not listed: illegal."""
        return None if action in self.compute_legal(seat) else f"{action} is not legal now"

    def perform(self, action: Action, seat: int) -> int | None:
        """Place the tile; the next seats draw or pass until one can play."""
        assert isinstance(action, PlayTile)
        self.hands[seat].remove(action.tile)
        self.layout.place(action.tile, None if action.end is None else _ENDS[action.end])
        self.emit(DominoPlayed(seat, action.tile, action.end))
        if not self.hands[seat]:
            return self._end(seat)
        nxt = (seat + 1) % self.players
        mask = self.layout.open_mask()
        while True:
            if nobody_can_play(self.hands, self.boneyard, mask):
                return self._end(None)
            if holds_playable(self.hands[nxt], mask):
                return nxt
            if self.boneyard:
                if draw_until_fits(self.hands[nxt], self.boneyard, mask, seat=nxt, emit=self.emit) is not None:
                    self.hands[nxt].sort(key=_TILE_ORDER.__getitem__)
                    return nxt
                continue
            self.emit(Passed(nxt))
            nxt = (nxt + 1) % self.players

    def _end(self, domino: int | None) -> int | None:
        pips = [sum(t.pips for t in h) for h in self.hands]
        fewest = min(pips)
        winner = pips.index(fewest) if pips.count(fewest) == 1 else None
        if winner is not None:
            self.add_points(winner, sum(pips) - fewest)
        self.emit(DominoHandEnded(winner, tuple(tuple(h) for h in self.hands), self.scores))
        if winner is not None and self.scores[winner] >= self.options.target:
            self.finish(winner, GameEnded(winner, self.scores))
            return None
        return self._deal()

    def copy_state(self, new: DrawDominoes) -> None:
        """Copy every slot."""
        new.hand_number = self.hand_number
        new.hands = [h[:] for h in self.hands]
        new.boneyard = self.boneyard[:]
        new.layout = self.layout.copy()

    def piece_places(self) -> dict[str, list[Tile]]:
        """Each hand, the line and the boneyard."""
        places = {f"hand {s}": h[:] for s, h in enumerate(self.hands)}
        places["line"] = self.layout.all_tiles()
        places["boneyard"] = self.boneyard[:]
        return places
