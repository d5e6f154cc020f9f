"""American Sniff: the game, hand after hand, by RULES.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from tablegames.components.seats import Seating
from tablegames.components.tiles import Tile, domino_set
from tablegames.core.capabilities import ActionIds, LogFiller, ObservationSpec
from tablegames.core.errors import LogError, quote
from tablegames.core.events import Action, Event, fast_constructor
from tablegames.core.game import Game, build_options
from tablegames.core.memo import IdentityMemo
from tablegames.core.observation import Observation
from tablegames.core.rng import hand_rng, hand_shuffle
from tablegames.core.search import SearchWorlds, WorldSource
from tablegames.mechanics.line import ARM_IDS, NORTH, LineLayout, arm_views, end_views, tile_mask
from tablegames.variants.sniff.actions import Play, play
from tablegames.variants.sniff.events import (
    GameEnded,
    HandDealt,
    HandEnded,
    LeaderDrawn,
    Passed,
    Scored,
    TileDrawn,
    TilePlayed,
)
from tablegames.variants.sniff.filler import SniffFiller
from tablegames.variants.sniff.heuristic import choose
from tablegames.variants.sniff.options import HAND_SIZES, SniffDeal, SniffOptions, check_sniff_deal
from tablegames.variants.sniff.rl import action_ids, observation_spec
from tablegames.variants.sniff.rules import new_layout, round_pips, sniff_count
from tablegames.variants.sniff.search import SniffWorlds
from tablegames.variants.sniff.text import describe_event, hand_note, render_layout, view_lines
from tablegames.variants.sniff.view import LastLayout, SniffView

if TYPE_CHECKING:
    from tablegames.variants.sniff.arrays import SniffArrays

__all__ = ["Sniff"]

_TILES: Final = domino_set(6)
_ORDER: Final = {t: i for i, t in enumerate(_TILES)}  # highest tile first
_ARM_OF: Final = {a: i for i, a in enumerate(ARM_IDS)}
_PLAYS_ON: Final = {t: tuple(play(t, a) for a in ARM_IDS) for t in _TILES}
_MASK: Final = {t: tile_mask(t) for t in _TILES}
_KEEP_OTHERS: Final = tuple(~(127 << 7 * seat) for seat in range(4))  # clears a seat's known lacks
_tile_played: Final = fast_constructor(TilePlayed)
_tile_drawn: Final = fast_constructor(TileDrawn)
# A tile's placements on each set of arms (a bit per arm), in arm order.
_PLAYS_ON_ARMS: Final = {
    t: tuple(tuple(_PLAYS_ON[t][a] for a in range(4) if arms >> a & 1) for arms in range(16)) for t in _TILES
}


def _sorted(tiles: Sequence[Tile]) -> list[Tile]:
    return sorted(tiles, key=_ORDER.__getitem__)


_LAST_VIEWS: Final = IdentityMemo[LastLayout](
    most=1024, name="tablegames.variants.sniff.game: the last hand's layout view"
)
"""The view of each finished hand's layout, by the layout and the hand's number."""

class Sniff(Game[Play, SniffOptions, SniffView]):
    """American Sniff for 2, 3 or 4 players (see the rules page).

    >>> import tablegames
    >>> game = tablegames.new_game("american-sniff", seed=3, players=2)
    >>> while not game.is_over:
    ...     _ = game.apply(game.legal_actions()[0])
    >>> max(game.scores) >= 250
    True
    """

    name: ClassVar[str] = "american-sniff"
    reward_scale: ClassVar[float | None] = 25.0
    """A typical hand's score difference between sides, for search bots."""
    summary: ClassVar[str] = (
        "American Sniff (american-sniff). Double-six dominoes scored on multiples of five, "
        "with the first double as the Sniff."
    )
    """The variant in one line, for ``tablegames rules`` and ``tablegames variants``."""
    paper_tally: ClassVar[bool] = True
    """The sources keep Sniff's score with the paper tally; the scoresheet writes it too."""

    @classmethod
    def target_score(cls, options: SniffOptions) -> int | None:
        """The ``target`` option: the first side to reach it wins."""
        return options.target

    view_history_keys: ClassVar[tuple[str, ...]] = ("last_layout",)
    """The view's summary of an earlier hand, whose tiles are dealt again since (for the kit's leak check)."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_class: ClassVar[type[SniffOptions]] = SniffOptions
    deal_class: ClassVar[type[SniffDeal]] = SniffDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Play,)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        HandDealt,
        LeaderDrawn,
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
        "_forced",
        "_lacks",
        "_last_layout",
        "_seating",
        "_side",
        "hand_number",
        "hands",
        "layout",
        "stock",
    )

    hand_number: int
    """The current hand, from 1."""
    hands: list[list[Tile]]
    """Each seat's tiles, which are hidden information (give players :meth:`view`, not this)."""
    stock: list[Tile]
    """The stock in drawing order (hidden information)."""
    layout: LineLayout
    """The tiles on the table."""
    _count: int
    _forced: Tile | None
    _lacks: int
    """The values each seat was seen to lack this hand (:attr:`known_lacks`), bit ``7 * seat + v`` for ``v``."""
    _last_layout: tuple[int, LineLayout] | None
    """The number and the layout of the last finished hand (never changed after it ends), for views."""
    _seating: Seating
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
    def known_lacks(self) -> tuple[int, ...]:
        """For each seat, the values it is known to hold no tile of, from the public play of this hand.

        Bit ``v`` of ``known_lacks[s]`` is set when seat ``s`` surely holds no tile with a half
        of ``v`` (but the tile it just drew and must play now, :attr:`forced_tile`). A seat
        draws or passes only when none of its tiles matches an open end, so at that moment it
        lacks every value the open ends show. Tiles it draws that do not fit lack them too, and
        the one that fits is played at once, so the fact outlives the draw; but tiles drawn
        unseen may hold the values it lacked before. Hence, with ``M`` the values the open ends
        show: drawing a tile that fits at once, or passing without drawing (the stock is
        empty), adds ``M`` to what was known; drawing a tile that does not fit replaces what
        was known by ``M``. Placing tiles keeps it; a new hand clears it. Once the stock is
        empty nothing is replaced, so it only grows. Everything here is public.

        >>> import tablegames
        >>> game = tablegames.new_game("american-sniff", seed=1, players=2)
        >>> game.known_lacks
        (0, 0)
        """
        lacks = self._lacks
        return tuple(lacks >> 7 * s & 127 for s in range(self.options.players))

    @property
    def forced_tile(self) -> Tile | None:
        """A playable tile the current player just drew and must play, if any."""
        return self._forced

    def view(self, seat: int) -> SniffView:
        """What ``seat`` may know: its own hand, the table, counts, scores and its legal actions."""
        self.check_seat(seat)
        layout = self.layout
        current = self.current_player
        return SniffView(
            seat=seat,
            hand_number=self.hand_number,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            scores=self.scores,
            current_player=current,
            legal_actions=tuple(self.legal_actions()) if seat == current else (),
            count=self._count,
            ends=end_views(layout),
            stock_size=len(self.stock),
            players=self.options.players,
            target=self.options.target,
            side_of_seat=self._side,  # each seat's side, kept since the seating (a tuple)
            opening=layout.opening,
            sniff=layout.spinner,
            arms=arm_views(layout),
            winner=self.winner,
            last_layout=self._last_layout_view(),
        )

    def _last_layout_view(self) -> LastLayout | None:
        """The table at the end of the last finished hand (every seat saw it), or ``None``."""
        last = self._last_layout
        if last is None:
            return None
        number, layout = last  # a finished hand's layout never changes: its view is built once
        return _LAST_VIEWS.get(layout, number) or _LAST_VIEWS.put(
            layout,
            LastLayout(hand_number=number, opening=layout.opening, sniff=layout.spinner, arms=arm_views(layout)),
            number,
        )

    def piece_places(self) -> dict[str, tuple[Tile, ...]]:
        """Where the 28 tiles are: each seat's hand (``"hand 0"``...), the stock and the layout."""
        places = {f"hand {s}": tuple(hand) for s, hand in enumerate(self.hands)}
        places["stock"] = tuple(self.stock)
        places["layout"] = tuple(self.layout.all_tiles())
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Tile]:
        """The tiles ``seat`` may not see: the other hands and the stock."""
        self.check_seat(seat)
        others = (t for s, hand in enumerate(self.hands) if s != seat for t in hand)
        return frozenset((*others, *self.stock))

    def describe_event(self, event: Event) -> str:
        """One line of text saying what ``event`` means."""
        return describe_event(event)

    def render_table(self) -> str:
        """The layout as text, with its count."""
        return f"{render_layout(self.layout)}\ncount {self._count}"

    @classmethod
    def render_view(cls, view: SniffView, labels: Sequence[str]) -> list[str]:
        """The seat's view as lines (:func:`~tablegames.variants.sniff.text.view_lines`): the layout, ends and tiles."""
        return view_lines(view)

    @classmethod
    def hand_note(cls, event: Event) -> str | None:
        """``"seat N dominoed"`` or ``"blocked"`` for the event that ends a hand, for the scoresheet."""
        return hand_note(event)

    # -- deals ------------------------------------------------------------------------

    @classmethod
    def check_deal(cls, deal: SniffDeal, options: SniffOptions) -> str | None:
        """What is wrong with a stacked deal (hand sizes, the 28 tiles each once, the leader)."""
        return check_sniff_deal(deal, options)

    def shuffled_deal(self, hand_number: int) -> SniffDeal:
        """The 28 tiles shuffled from the seed for hand ``hand_number``: the hands, then the stock."""
        tiles = hand_shuffle(self.seed, hand_number, _TILES)
        n = self.options.players
        size = HAND_SIZES[n]
        hands = tuple(tuple(tiles[i * size : (i + 1) * size]) for i in range(n))
        return SniffDeal(hands=hands, stock=tuple(tiles[n * size :]))

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[SniffDeal]:
        """The deals that ``hand_dealt`` events record, each with the leader drawn right after it."""
        deals: list[SniffDeal] = []
        for i, event in enumerate(events):
            if isinstance(event, HandDealt):
                hands = event.hands
                if event.stock is None or any(h is None for h in hands):
                    raise LogError(f"$.events[{i}]", "a full log's deal shows every hand and the stock")
                deals.append(SniffDeal(hands=hands, stock=event.stock))  # type: ignore[arg-type]
            elif isinstance(event, LeaderDrawn) and deals and isinstance(events[i - 1], HandDealt):
                # a draw belongs to the deal it directly follows; anywhere else replay reports it
                last = deals[-1]
                deals[-1] = SniffDeal(hands=last.hands, stock=last.stock, leader=event.seat)
        return deals

    @classmethod
    def log_filler(cls, events: Sequence[Event], *, seat: int, options: Any) -> LogFiller:
        """The Sniff log filler (``SniffFiller`` of :mod:`tablegames.variants.sniff.filler`), for world sampling."""
        return SniffFiller(events, seat=seat, options=options)

    @classmethod
    def action_ids(cls, options: SniffOptions) -> ActionIds:
        """The 140 placement ids (:class:`~tablegames.variants.sniff.rl.SniffActionIds`), the same for every option."""
        return action_ids(options)

    @classmethod
    def observation_spec(cls, options: SniffOptions) -> ObservationSpec[Sniff]:
        """A seat's observation vector (:class:`~tablegames.variants.sniff.rl.SniffObservation`), one per options."""
        return observation_spec(options)

    @classmethod
    def array_game(cls, options: Any, *, max_steps: int | None = None) -> SniffArrays:
        """Sniff as batched arrays (:class:`~tablegames.variants.sniff.arrays.SniffArrays`), for the ``jax`` extra.

        ``options`` is a :class:`~tablegames.variants.sniff.options.SniffOptions` or a mapping
        of options; ``max_steps`` a step limit (``None``: none). JAX is imported here, on the
        first call, never by ``import tablegames``.

        Raises:
            InvalidOptionsError: for options Sniff does not have.
            ImportError: if JAX is not installed (``pip install 'tablegames[jax]'``).

        """
        from tablegames.variants.sniff.arrays import SniffArrays  # noqa: PLC0415  (JAX only when asked for)

        return SniffArrays(build_options(SniffOptions, {} if options is None else options), max_steps=max_steps)

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action:
        """The Sniff heuristic (:func:`~tablegames.variants.sniff.heuristic.choose`), for the greedy bot."""
        return choose(observation)

    @classmethod
    def search_worlds(cls, observation: Observation, worlds: WorldSource, *, greedy: bool) -> SearchWorlds:
        """Hand-local Sniff worlds (:class:`~tablegames.variants.sniff.search.SniffWorlds`), for ISMCTS."""
        return SniffWorlds(cls, observation, worlds, greedy=greedy)

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The placement a ``tile_played`` event records; every other event is automatic."""
        if isinstance(event, TilePlayed):
            return event.seat, play(event.tile, event.end)
        return None

    # -- the rules --------------------------------------------------------------------

    def begin(self) -> int:
        """Seat the players, start every side at 0 and deal the first hand; the leader (drawn) acts first."""
        n = self.options.players
        self._seating = seating = Seating(n, partnerships=n == 4)
        self._side = tuple(seating.side_of(s) for s in range(n))
        self._after = tuple(seating.next(s) for s in range(n))
        self.set_scores([0] * seating.sides)
        self.hand_number = 0
        self._last_layout = None
        return self._new_hand(None)

    def _new_hand(self, leader: int | None) -> int:
        """Deal the next hand; ``leader`` is the seat that leads, or ``None`` if a draw is due; the leader."""
        self.hand_number += 1
        number = self.hand_number
        deal: SniffDeal = self.next_deal(number)
        self.hands = [_sorted(h) for h in deal.hands]
        self.stock = list(deal.stock)
        self.layout = new_layout()
        self._count = 0
        self._forced = None
        self._lacks = 0
        self.emit(HandDealt(number, deal.hands, deal.stock, len(deal.stock)))
        if leader is None:
            leader = deal.leader
            if leader is None:
                leader = hand_rng(self.seed, number, "leader").randrange(self.options.players)
            self.emit(LeaderDrawn(leader))
        return leader

    def compute_legal(self, seat: int) -> tuple[Play, ...]:
        """Every legal placement of ``seat``: tile by tile (highest first), end by end."""
        layout = self.layout
        tiles = self.hands[seat] if self._forced is None else (self._forced,)
        if layout.opening is None:
            return tuple(play(t, None) for t in tiles)
        values = layout.values
        showing = [0] * 7  # the arms showing each value, a bit per arm
        showing[values[0]] = 1
        showing[values[1]] |= 2
        if layout.branches_open:
            showing[values[2]] |= 4
            showing[values[3]] |= 8
        out: list[Play] = []
        for tile in tiles:
            arms = showing[tile.high] | showing[tile.low]
            if arms:
                out += _PLAYS_ON_ARMS[tile][arms]
        return tuple(out)

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not make the placement ``action`` now, or ``None``."""
        if not isinstance(action, Play):
            return f"not a Sniff action: a Sniff action is a Play, not {type(action).__name__}"
        tile, end = action.tile, action.end
        if not isinstance(tile, Tile) or tile not in self.hands[seat]:
            return f"seat {seat} does not hold {tile}"
        if self._forced is not None and tile is not self._forced:
            return f"seat {seat} drew {self._forced}, which fits, and must play it"
        layout = self.layout
        if layout.opening is None:
            return None if end is None else f"the first tile opens the layout: end must be null, not {quote(end)}"
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
            return f"no end {quote(end)} yet: the branches come with the Sniff; the ends now are {open_ids}"
        return f"the Sniff's branch {end} opens only once both its line sides carry a tile; ends now {open_ids}"

    def perform(self, action: Action, seat: int) -> int | None:
        """Place the tile, score the count, then draw, pass or end the hand as the rules say; the next seat."""
        assert isinstance(action, Play)
        tile, end = action.tile, action.end
        self.hands[seat].remove(tile)
        self.layout.place_unchecked(tile, None if end is None else _ARM_OF[end])
        self._forced = None
        count = self._count = sniff_count(self.layout)
        self.emit(_tile_played(seat, tile, end, count))
        if count and count % 5 == 0:
            side = self._side[seat]
            total = self.add_points(side, count)
            self.emit(Scored(seat, side, count, "count", total))
            if total >= self.options.target:
                self._win(side)
                return None
        if not self.hands[seat]:
            return self._end_hand("domino", seat)
        return self._turn(self._after[seat])

    def _blocked(self, mask: int) -> bool:
        if self.stock:
            return False
        for hand in self.hands:
            for tile in hand:
                if _MASK[tile] & mask:
                    return False
        return True

    def _turn(self, seat: int) -> int | None:
        """Give the turn to ``seat``, drawing, passing and detecting a block automatically; the seat to act."""
        mask = self.layout.open_mask()
        stock = self.stock
        while True:
            hand = self.hands[seat]
            for tile in hand:
                if _MASK[tile] & mask:
                    return seat
            # the seat matches no open end, which all see: it lacks the values they show (known_lacks)
            lacks = self._lacks | mask << 7 * seat  # kept if the first tile drawn fits, or with no stock
            if stock:
                while stock:
                    tile = stock.pop(0)
                    hand.append(tile)
                    self.emit(_tile_drawn(seat, tile))
                    if _MASK[tile] & mask:
                        hand.sort(key=_ORDER.__getitem__)
                        self._forced = tile
                        self._lacks = lacks
                        return seat
                    # an unseen tile kept: it may show what the seat lacked before, not what it lacks now
                    lacks = lacks & _KEEP_OTHERS[seat] | mask << 7 * seat
                hand.sort(key=_ORDER.__getitem__)
            self._lacks = lacks
            if self._blocked(mask):
                return self._end_hand("blocked", None)
            self.emit(Passed(seat))
            seat = self._after[seat]

    def _end_hand(self, reason: str, seat: int | None) -> int:
        self._last_layout = (self.hand_number, self.layout)  # the next hand gets a new layout: this one stays as it is
        self.emit(HandEnded(self.hand_number, reason, seat, tuple(tuple(h) for h in self.hands)))
        for s, hand in enumerate(self.hands):
            penalty = round_pips(sum(t.pips for t in hand))
            if penalty:
                side = self._side[s]
                self.emit(Scored(s, side, -penalty, "remaining", self.add_points(side, -penalty)))
        return self._new_hand(seat)

    def _win(self, side: int) -> None:
        self.finish(side, GameEnded(side, self.scores))

    def copy_state(self, new: Sniff) -> None:
        """Copy the hands, the stock and the layout; share the seating tables and the last hand's layout."""
        new._seating = self._seating
        new._side = self._side
        new._after = self._after
        new._forced = self._forced
        new._lacks = self._lacks
        new._count = self._count
        new._last_layout = self._last_layout
        new.hand_number = self.hand_number
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.layout = self.layout.copy()

    def canonical(self, action: Action) -> Action:
        """The interned placement equal to ``action``."""
        if isinstance(action, Play):
            return play(action.tile, action.end)
        return action  # pragma: no cover - only Play parses
