"""All Fives: the game, hand after hand, by the rules page (``RULES.rst``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from tablegames.components.seats import Seating
from tablegames.components.tiles import Tile, domino_set
from tablegames.core.errors import LogError
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.rng import hand_rng
from tablegames.mechanics.dominoes import draw_until_fits, holds_playable, nobody_can_play
from tablegames.mechanics.line import ARM_IDS, LineLayout, arm_views, end_views
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
from tablegames_all_fives.view import AllFivesView, LastLayout

__all__ = ["AllFives"]

_TILES: Final = domino_set(6)
_ORDER: Final = {t: i for i, t in enumerate(_TILES)}  # highest tile first
_ARM_OF: Final = {a: i for i, a in enumerate(ARM_IDS)}
_PLAYS_ON: Final = {t: tuple(play(t, a) for a in ARM_IDS) for t in _TILES}
_OPENINGS: Final = {t: play(t, None) for t in _TILES}


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

    @classmethod
    def target_score(cls, options: AllFivesOptions) -> int | None:
        """The ``target`` option: the first side to reach it wins."""
        return options.target

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
    view_history_keys: ClassVar[tuple[str, ...]] = ("last_layout",)
    """The view's summary of an earlier hand, whose tiles are dealt again since (for the kit's leak check)."""

    __slots__ = (
        "_after",
        "_count",
        "_last_layout",
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
    _last_layout: tuple[int, LineLayout] | None
    """The number and the layout of the last finished hand (never changed after it ends), for views."""
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

    if TYPE_CHECKING:  # the base class's legal_actions() at run time, only its type narrowed

        def legal_actions(self) -> Sequence[Play]:
            """Every legal placement of the current player (see :meth:`compute_legal`)."""

    def view(self, seat: int) -> AllFivesView:
        """What ``seat`` may know: its own hand, the table, the count, scores and its legal actions."""
        self.check_seat(seat)
        layout = self.layout
        current = self.current_player
        return AllFivesView(
            seat=seat,
            hand_number=self.hand_number,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            scores=self.scores,
            current_player=current,
            legal_actions=tuple(self.legal_actions()) if seat == current else (),
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
            winner=self.winner,
            last_layout=self._last_layout_view(),
        )

    def _last_layout_view(self) -> LastLayout | None:
        """The table at the end of the last finished hand (every seat saw it), or ``None``."""
        last = self._last_layout
        if last is None:
            return None
        number, layout = last
        return LastLayout(hand_number=number, opening=layout.opening, spinner=layout.spinner, arms=arm_views(layout))

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
        self.check_seat(seat)
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

    def shuffled_deal(self, hand_number: int) -> AllFivesDeal:
        """The 28 tiles shuffled from the seed for hand ``hand_number``: the hands, then the boneyard."""
        tiles = list(_TILES)
        hand_rng(self.seed, hand_number).shuffle(tiles)
        n = self.options.players
        size = HAND_SIZES[n]
        hands = tuple(tuple(tiles[i * size : (i + 1) * size]) for i in range(n))
        return AllFivesDeal(hands=hands, boneyard=tuple(tiles[n * size :]))

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[AllFivesDeal]:
        """The deals that ``hand_dealt`` events record."""
        deals: list[AllFivesDeal] = []
        for i, event in enumerate(events):
            if isinstance(event, HandDealt):
                if event.boneyard is None or any(h is None for h in event.hands):
                    raise LogError(f"$.events[{i}]", "a full log's deal shows every hand and the boneyard")
                deals.append(AllFivesDeal(hands=event.hands, boneyard=event.boneyard))  # type: ignore[arg-type]
        return deals

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The placement a ``tile_played`` event records; every other event is automatic."""
        if isinstance(event, TilePlayed):
            return event.seat, play(event.tile, event.end)
        return None

    # -- the rules --------------------------------------------------------------------

    def begin(self) -> int:
        """Seat the players, start every side at 0 and deal the first hand; its leader acts first."""
        n = self.options.players
        self._seating = seating = Seating(n, partnerships=n == 4)
        self._side = tuple(seating.side_of(s) for s in range(n))
        self._after = tuple(seating.next(s) for s in range(n))
        self.set_scores([0] * seating.sides)
        self.hand_number = 0
        self._last_layout = None
        return self._new_hand(None, "")

    def _new_hand(self, leader: int | None, reason: str) -> int:
        """Deal the next hand, led by ``leader`` (for ``reason``), or by the tiles if ``None``; the leader."""
        self.hand_number += 1
        number = self.hand_number
        deal: AllFivesDeal = self.next_deal(number)
        self.hands = [_sorted(h) for h in deal.hands]
        self.boneyard = list(deal.boneyard)
        self.layout = new_layout()
        self._count = 0
        self._shown = False
        self.emit(HandDealt(number, deal.hands, deal.boneyard, len(deal.boneyard)))
        lead_tile: Tile | None = None
        if leader is None:
            lead = opening_lead(deal.hands)
            leader, lead_tile, reason = lead.seat, lead.tile, lead.reason
        self._leader = leader
        self._lead_tile = lead_tile
        self.emit(LeaderChosen(leader, reason, lead_tile))
        return leader

    def compute_legal(self, seat: int) -> tuple[Play, ...]:
        """Every legal placement of ``seat``: tile by tile (highest first), end by end."""
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

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not make the placement ``action`` now, or ``None``."""
        if not isinstance(action, Play):
            return f"not an All Fives action: an All Fives action is a Play, not {type(action).__name__}"
        tile, end = action.tile, action.end
        if not isinstance(tile, Tile) or tile not in self.hands[seat]:
            return f"seat {seat} does not hold {tile}"
        lead = self._lead_tile
        if lead is not None and end is None and tile is not lead and self.layout.opening is None:
            return f"seat {seat} leads this hand with {lead} and must open with it"
        return self.layout.why_not(tile, end)  # the line's own words: the end, what it shows, which are open

    def perform(self, action: Action, seat: int) -> int | None:
        """Place the tile, score the count, then draw, pass or end the hand as the rules say; the next seat."""
        assert isinstance(action, Play)
        tile, end = action.tile, action.end
        self.hands[seat].remove(tile)
        self.layout.place_unchecked(tile, None if end is None else _ARM_OF[end])
        count = self._count = all_fives_count(self.layout)
        self.emit(TilePlayed(seat, tile, end, count))
        if count and count % 5 == 0 and self._score(seat, self._side[seat], count, "count"):
            return None
        if not self.hands[seat]:
            return self._end_hand_domino(seat)
        return self._turn(self._after[seat])

    def _score(self, seat: int | None, side: int, points: int, reason: str) -> bool:
        """Add ``points`` to ``side``; whether that won the match (which is then over)."""
        total = self.add_points(side, points)
        self.emit(Scored(seat, side, points, reason, total))
        if total >= self.options.target:
            self.finish(side, GameEnded(side, self.scores))
            return True
        return False

    def _turn(self, seat: int) -> int | None:
        """Give the turn to ``seat``, drawing, passing and detecting a block automatically; the seat to act.

        A block is looked for first, before every draw or pass; a seat that draws a tile that
        fits stops drawing and may play any of its tiles.
        """
        mask = self.layout.open_mask()
        hands, boneyard = self.hands, self.boneyard
        while True:
            if nobody_can_play(hands, boneyard, mask):
                return self._end_hand_block()
            hand = hands[seat]
            if holds_playable(hand, mask):
                return seat
            if boneyard:
                if draw_until_fits(hand, boneyard, mask, seat=seat, emit=self.emit, key=_ORDER.__getitem__) is None:
                    continue  # the boneyard ran out: look for a block again
                return seat
            self.emit(Passed(seat))
            seat = self._after[seat]

    def _left(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(tuple(h) for h in self.hands)

    def _end_hand_domino(self, seat: int) -> int | None:
        self._shown = True
        self._last_layout = (self.hand_number, self.layout)  # the next hand gets a new layout: this one stays
        self.emit(HandEnded(self.hand_number, "domino", seat, self._left()))
        points = domino_points(self.hands, seat, self._seating)
        if points and self._score(seat, self._side[seat], points, "domino"):
            return None
        return self._new_hand(seat, "domino")

    def _end_hand_block(self) -> int | None:
        self._shown = True
        self._last_layout = (self.hand_number, self.layout)
        self.emit(HandEnded(self.hand_number, "blocked", None, self._left()))
        result = block_result(self.hands, self._seating)
        if result.side is not None and result.points and self._score(result.seat, result.side, result.points, "block"):
            return None
        if result.seat is None:
            return self._new_hand(None, "")
        return self._new_hand(result.seat, "block")

    def copy_state(self, new: AllFives) -> None:
        """Copy the hands, the boneyard and the layout; share the seating tables and the last hand's layout."""
        new._seating = self._seating
        new._side = self._side
        new._after = self._after
        new._count = self._count
        new._leader = self._leader
        new._lead_tile = self._lead_tile
        new._shown = self._shown
        new._last_layout = self._last_layout
        new.hand_number = self.hand_number
        new.hands = [h[:] for h in self.hands]
        new.boneyard = self.boneyard[:]
        new.layout = self.layout.copy()

    def canonical(self, action: Action) -> Action:
        """The interned placement equal to ``action``."""
        if isinstance(action, Play):
            return play(action.tile, action.end)
        return action  # pragma: no cover - only Play parses
