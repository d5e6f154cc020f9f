"""All Fives: the game, hand after hand, by the rules page (``RULES.rst``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from tablegames.components.seats import Seating
from tablegames.components.tiles import Tile, domino_set
from tablegames.core.errors import LogError, quote
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.rng import hand_rng
from tablegames.mechanics.line import ARM_IDS, NORTH, LineLayout, arm_views, end_views, tile_mask
from tablegames_all_fives.actions import Play, play
from tablegames_all_fives.events import (
    GameEnded,
    HandDealt,
    HandEnded,
    LeaderChosen,
    Passed,
    Scored,
    TileDrawn,
    TilePlayed,
)
from tablegames_all_fives.options import HAND_SIZES, AllFivesDeal, AllFivesOptions, check_all_fives_deal
from tablegames_all_fives.rules import all_fives_count, block_result, domino_points, new_layout, opening_lead
from tablegames_all_fives.text import describe_event, render_layout
from tablegames_all_fives.view import AllFivesView

__all__ = ["AllFives"]

_TILES: Final = domino_set(6)
_ORDER: Final = {t: i for i, t in enumerate(_TILES)}  # highest tile first
_ARM_OF: Final = {a: i for i, a in enumerate(ARM_IDS)}
_PLAYS_ON: Final = {t: tuple(play(t, a) for a in ARM_IDS) for t in _TILES}
_OPENINGS: Final = {t: play(t, None) for t in _TILES}
_MASK: Final = {t: tile_mask(t) for t in _TILES}


def _sorted(tiles: Sequence[Tile]) -> list[Tile]:
    return sorted(tiles, key=_ORDER.__getitem__)


class AllFives(Game):
    """All Fives (Muggins) for 2, 3 or 4 players (see the rules page).

    >>> import tablegames
    >>> game = tablegames.new_game("all-fives", seed=3)
    >>> while not game.is_over:
    ...     _ = game.apply(game.legal_actions()[0])
    >>> max(game.scores) >= 61
    True
    """

    name: ClassVar[str] = "all-fives"
    summary: ClassVar[str] = (
        "All Fives (all-fives), also called Muggins. Double-six dominoes scored on multiples of five, "
        "with the first double as the only spinner."
    )
    """The variant in one line, for ``tablegames rules`` and ``tablegames variants``."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_class: ClassVar[type[AllFivesOptions]] = AllFivesOptions
    deal_class: ClassVar[type[AllFivesDeal]] = AllFivesDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Play,)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        HandDealt,
        LeaderChosen,
        TilePlayed,
        Scored,
        TileDrawn,
        Passed,
        HandEnded,
        GameEnded,
    )

    pieces: ClassVar[frozenset[Tile]] = frozenset(_TILES)

    __slots__ = (
        "_after",
        "_count",
        "_lead_tile",
        "_leader",
        "_seating",
        "_shown",
        "_side",
        "boneyard",
        "hand_number",
        "hands",
        "layout",
    )

    options: AllFivesOptions
    hand_number: int
    """The current hand, from 1."""
    hands: list[list[Tile]]
    """Each seat's tiles, which are hidden information (give players :meth:`view`, not this)."""
    boneyard: list[Tile]
    """The boneyard in drawing order (hidden information)."""
    layout: LineLayout
    """The tiles on the table."""
    _count: int
    _lead_tile: Tile | None
    _leader: int
    _seating: Seating
    _shown: bool
    _side: tuple[int, ...]
    _after: tuple[int, ...]

    # -- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats play."""
        return self.options.players

    @property
    def seating(self) -> Seating:
        """Seats and sides of this game."""
        return self._seating

    @property
    def count(self) -> int:
        """The layout's count after the last placement (0 before the opening)."""
        return self._count

    @property
    def lead_tile(self) -> Tile | None:
        """The tile the leader must open the hand with, until it is played (``None`` if any may)."""
        return self._lead_tile if self.layout.opening is None else None

    def legal_actions(self) -> Sequence[Play]:
        """Every legal placement of the current player: tile by tile (highest first), end by end."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal() if self._current is not None else ()
        return legal  # type: ignore[return-value]

    def view(self, seat: int) -> AllFivesView:
        """What ``seat`` may know: its own hand, the table, the count, scores and its legal actions."""
        self._check_seat(seat)
        layout = self.layout
        return AllFivesView(
            seat=seat,
            hand_number=self.hand_number,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            scores=tuple(self._scores),
            current_player=self._current,
            legal_actions=tuple(self.legal_actions()) if seat == self._current else (),
            count=self._count,
            ends=end_views(layout),
            boneyard_size=len(self.boneyard),
            players=self.options.players,
            target=self.options.target,
            side_of_seat=self._side,
            leader=self._leader,
            opening=layout.opening,
            spinner=layout.spinner,
            arms=arm_views(layout),
            winner=self._winner,
        )

    def piece_places(self) -> dict[str, list[Tile]]:
        """Where every tile is now: ``"hand 0"`` and the other hands, ``"boneyard"``, ``"layout"``."""
        places = {f"hand {s}": hand[:] for s, hand in enumerate(self.hands)}
        places["boneyard"] = self.boneyard[:]
        places["layout"] = self.layout.all_tiles()
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Tile]:
        """The tiles ``seat`` may not see now: the other hands and the boneyard.

        The tile a leader must open with is public (the ``leader_chosen`` event names it), so
        it is not hidden; nor are the hands once a hand has ended (``hand_ended`` shows them).

        Raises:
            InvalidOptionsError: if ``seat`` is not a seat of this game.

        """
        self._check_seat(seat)
        if self._shown:
            return frozenset(self.boneyard)
        hidden = {t for s, hand in enumerate(self.hands) if s != seat for t in hand}
        hidden.update(self.boneyard)
        hidden.discard(self.lead_tile)
        return frozenset(hidden)

    def describe_event(self, event: Event) -> str:
        """One line of text saying what ``event`` means."""
        return describe_event(event)

    def render_table(self) -> str:
        """The layout as text, with its count."""
        return f"{render_layout(self.layout)}\ncount {self._count}"

    # -- deals ------------------------------------------------------------------------

    @classmethod
    def check_deal(cls, deal: AllFivesDeal, options: AllFivesOptions) -> str | None:
        """What is wrong with a stacked deal (hand sizes, the 28 tiles each once), or ``None``."""
        return check_all_fives_deal(deal, options)

    def _shuffled_deal(self, hand_number: int) -> AllFivesDeal:
        tiles = list(_TILES)
        hand_rng(self.seed, hand_number).shuffle(tiles)
        n = self.options.players
        size = HAND_SIZES[n]
        hands = tuple(tuple(tiles[i * size : (i + 1) * size]) for i in range(n))
        return AllFivesDeal(hands=hands, boneyard=tuple(tiles[n * size :]))

    @classmethod
    def _deals_from_events(cls, events: Sequence[Event]) -> list[AllFivesDeal]:
        deals: list[AllFivesDeal] = []
        for i, event in enumerate(events):
            if isinstance(event, HandDealt):
                if event.boneyard is None or any(h is None for h in event.hands):
                    raise LogError(f"$.events[{i}]", "a full log's deal shows every hand and the boneyard")
                deals.append(AllFivesDeal(hands=event.hands, boneyard=event.boneyard))  # type: ignore[arg-type]
        return deals

    @classmethod
    def _action_of(cls, event: Event) -> tuple[int, Action] | None:
        if isinstance(event, TilePlayed):
            return event.seat, play(event.tile, event.end)
        return None

    # -- the rules --------------------------------------------------------------------

    def _start(self) -> None:
        n = self.options.players
        self._seating = seating = Seating(n, partnerships=n == 4)
        self._side = tuple(seating.side_of(s) for s in range(n))
        self._after = tuple(seating.next(s) for s in range(n))
        self._scores = [0] * seating.sides
        self.hand_number = 0
        self._new_hand(None, "")

    def _new_hand(self, leader: int | None, reason: str) -> None:
        """Deal the next hand, led by ``leader`` (for ``reason``), or by the tiles if ``None``."""
        self.hand_number += 1
        number = self.hand_number
        deal: AllFivesDeal = self._next_deal(number)
        self.hands = [_sorted(h) for h in deal.hands]
        self.boneyard = list(deal.boneyard)
        self.layout = new_layout()
        self._count = 0
        self._legal = None
        self._shown = False
        self._emit(HandDealt(number, deal.hands, deal.boneyard, len(deal.boneyard)))
        lead_tile: Tile | None = None
        if leader is None:
            lead = opening_lead(deal.hands)
            leader, lead_tile, reason = lead.seat, lead.tile, lead.reason
        self._leader = leader
        self._lead_tile = lead_tile
        self._emit(LeaderChosen(leader, reason, lead_tile))
        self._current = leader

    def _compute_legal(self) -> tuple[Play, ...]:
        seat = self._current
        assert seat is not None
        layout = self.layout
        hand = self.hands[seat]
        if layout.opening is None:
            if self._lead_tile is not None:
                return (_OPENINGS[self._lead_tile],)
            return tuple(_OPENINGS[t] for t in hand)
        values = layout.values
        arms = layout.open_arms()
        out = []
        for tile in hand:
            high, low = tile.high, tile.low
            plays = _PLAYS_ON[tile]
            for arm in arms:
                v = values[arm]
                if v == high or v == low:
                    out.append(plays[arm])
        return tuple(out)

    def _why_illegal(self, action: Action) -> str | None:
        if not isinstance(action, Play):
            return f"not an All Fives action: an All Fives action is a Play, not {type(action).__name__}"
        seat = self._current
        assert seat is not None
        tile, end = action.tile, action.end
        if not isinstance(tile, Tile) or tile not in self.hands[seat]:
            return f"seat {seat} does not hold {tile}"
        layout = self.layout
        if layout.opening is None:
            if end is not None:
                return f"the first tile opens the layout: end must be null, not {quote(end)}"
            if self._lead_tile is not None and tile is not self._lead_tile:
                return f"seat {seat} leads this hand with {self._lead_tile} and must open with it"
            return None
        arm = _ARM_OF.get(end) if isinstance(end, str) else None
        if arm is not None and (arm < NORTH or layout.branches_open):
            value = layout.values[arm]
            if value == tile.high or value == tile.low:
                return None
            return f"{tile} does not match end {end}, which shows {value}"
        open_ids = ", ".join(ARM_IDS[a] for a in layout.open_arms())
        if end is None:
            return f"the layout is open: name an end ({open_ids})"
        if arm is None:
            return f"no end {quote(end)}; the ends now are {open_ids}"
        if layout.spinner is None:
            return f"no end {quote(end)} yet: the branches come with the spinner; the ends now are {open_ids}"
        return f"the spinner's branch {end} opens only once both its sides carry a tile; ends now {open_ids}"

    def _do(self, action: Action) -> None:
        assert isinstance(action, Play)
        seat = self._current
        assert seat is not None
        tile, end = action.tile, action.end
        self.hands[seat].remove(tile)
        self.layout.place_unchecked(tile, None if end is None else _ARM_OF[end])
        self._legal = None
        count = self._count = all_fives_count(self.layout)
        self._emit(TilePlayed(seat, tile, end, count))
        if count and count % 5 == 0 and self._score(seat, self._side[seat], count, "count"):
            return
        if not self.hands[seat]:
            self._end_hand_domino(seat)
            return
        self._turn(self._after[seat])

    def _score(self, seat: int | None, side: int, points: int, reason: str) -> bool:
        """Add ``points`` to ``side``; whether that won the match (which is then over)."""
        total = self._scores[side] = self._scores[side] + points
        self._emit(Scored(seat, side, points, reason, total))
        if total >= self.options.target:
            self._finish(side, GameEnded(side, tuple(self._scores)))
            return True
        return False

    def _can_play(self, seat: int, mask: int) -> bool:
        """Whether ``seat`` holds a tile matching an open end (``mask`` from ``open_mask()``)."""
        for tile in self.hands[seat]:
            if _MASK[tile] & mask:
                return True
        return False

    def _blocked(self, mask: int) -> bool:
        if self.boneyard:
            return False
        for hand in self.hands:
            for tile in hand:
                if _MASK[tile] & mask:
                    return False
        return True

    def _turn(self, seat: int) -> None:
        """Give the turn to ``seat``, drawing, passing and detecting a block automatically."""
        mask = self.layout.open_mask()
        while True:
            if self._blocked(mask):
                self._end_hand_block()
                return
            if self._can_play(seat, mask):
                self._current = seat
                return
            if self.boneyard:
                hand = self.hands[seat]
                while self.boneyard:
                    tile = self.boneyard.pop(0)
                    hand.append(tile)
                    self._emit(TileDrawn(seat, tile))
                    if _MASK[tile] & mask:
                        break
                hand.sort(key=_ORDER.__getitem__)
                continue
            self._emit(Passed(seat))
            seat = self._after[seat]

    def _left(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(tuple(h) for h in self.hands)

    def _end_hand_domino(self, seat: int) -> None:
        self._shown = True
        self._emit(HandEnded(self.hand_number, "domino", seat, self._left()))
        points = domino_points(self.hands, seat, self._seating)
        if points and self._score(seat, self._side[seat], points, "domino"):
            return
        self._new_hand(seat, "domino")

    def _end_hand_block(self) -> None:
        self._shown = True
        self._emit(HandEnded(self.hand_number, "blocked", None, self._left()))
        result = block_result(self.hands, self._seating)
        if result.side is not None and result.points and self._score(result.seat, result.side, result.points, "block"):
            return
        if result.seat is None:
            self._new_hand(None, "")
        else:
            self._new_hand(result.seat, "block")

    def _copy_state(self, new: AllFives) -> None:
        new._seating = self._seating
        new._side = self._side
        new._after = self._after
        new._count = self._count
        new._leader = self._leader
        new._lead_tile = self._lead_tile
        new._shown = self._shown
        new.hand_number = self.hand_number
        new.hands = [h[:] for h in self.hands]
        new.boneyard = self.boneyard[:]
        new.layout = self.layout.copy()

    def _canonical(self, action: Action) -> Action:
        if isinstance(action, Play):
            return play(action.tile, action.end)
        return action  # pragma: no cover - only Play parses
