"""The draw family of domino games on one base: the deal, the turns, drawing and passing, the block.

:class:`DrawGame` plays what Block, Draw, Sniff, All Fives and the Fives family share: a set of
tiles dealt into one hand per seat and a stock (boneyard), one
:class:`~tablegames.mechanics.line.LineLayout` per hand with the variant's spinner rule, a turn
that places one tile on an open end, a seat that cannot play drawing (or, the stock empty,
passing), and a hand that ends when a seat plays its last tile (it *dominoes*) or nobody can
play (it is *blocked*), hand after hand until the match is won. A variant subclasses it, sets the
class settings and writes its rules in a few hooks:

* :meth:`~DrawGame.settle_hand` (required): score an ended hand; name the next leader;
* :meth:`~DrawGame.layout_count` (the Fives family): a layout's count (a class method, so that
  the greedy heuristic can count a placement from a seat's log), scored after a placement when
  it is a multiple of :attr:`~DrawGame.count_unit`; a game without one logs :class:`TileLaid`
  events, which carry no count;
* :meth:`~DrawGame.choose_leader`: who leads a hand (by default the neutral random draw,
  :class:`LeaderDrawn`), and the tile it must open with;
* :meth:`~DrawGame.tile_set`: the tiles of a match with these options (double-six by default);
  pieces may depend on the options.

Everything else (legality and its messages, the legal actions in a fixed order, the events,
draws, passes and blocks, views, copies, replay, stacked deals and their checks, where the
pieces are and what a seat may not see, and a greedy player's move,
:meth:`~DrawGame.heuristic_choice`) is done here once.

A whole game is its settings and one hook:

>>> from tablegames.mechanics.drawgame import DrawGame
>>> import attrs
>>> from tablegames.core.game import int_option
>>> @attrs.frozen(kw_only=True)
... class BlockOptions:
...     players: int = attrs.field(default=2, validator=int_option(2, 4))
...     target: int = attrs.field(default=50, validator=int_option(1, 500))
>>> class Block(DrawGame):
...     '''The Draw game: the side that dominoes scores the pips left in the other hands.'''
...     name = "doc-block"
...     options_class = BlockOptions
...     def settle_hand(self, reason, seat):
...         if seat is not None:
...             self.score(seat, sum(t.pips for hand in self.hands for t in hand), "domino")
...         return seat
>>> game = Block.create(seed=2)
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> max(game.scores) >= 50, game.events[0].tag, game.events[1].tag
(True, 'hand_dealt', 'leader_drawn')
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Self

import attrs

from tablegames.components.seats import Seating
from tablegames.components.tiles import Tile, domino_set
from tablegames.core.errors import LogError
from tablegames.core.events import Action, Event, redact_hands
from tablegames.core.game import Game, OptionsT_co, ViewT_co
from tablegames.core.observation import Observation
from tablegames.core.rng import hand_rng, hand_shuffle
from tablegames.mechanics.dominoes import HandEnded, Passed, TileDrawn, TilePlayed, check_tile_deal, render_tiles
from tablegames.mechanics.line import ARM_IDS, NORTH, ArmView, EndView, LineLayout, Play, SpinnerRule, play, tile_mask
from tablegames.mechanics.match import GameEnded

__all__ = [
    "DrawGame",
    "DrawView",
    "LastLayout",
    "LeaderDrawn",
    "Scored",
    "StockView",
    "TileDeal",
    "TileLaid",
    "TilesDealt",
    "render_layout",
]

_MASKS: Final = {tile: tile_mask(tile) for tile in domino_set(18)}


@attrs.frozen(kw_only=True)
class TileDeal:
    """One stacked deal of a draw game. JSON: ``{"hands": [["6-4", ...], ...], "stock": [...], "leader": 0}``.

    ``hands[i]`` belongs to seat ``i``; ``stock`` is in drawing order. ``leader`` stands for
    the neutral random draw of the leader, where the rules call for it; left out, the seed draws.
    """

    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles."""
    stock: tuple[Tile, ...]
    """The stock, first tile drawn first."""
    leader: int | None = None
    """The seat that leads, where a draw is due."""


@attrs.frozen
class TilesDealt(Event):
    """A hand was shuffled and dealt. Each seat sees only its own hand; nobody sees the stock.

    A variant that calls the stock otherwise (:attr:`DrawGame.stock_name`) defines its own
    event with the same four fields in the same order, the last two named after it.
    """

    tag: ClassVar[str] = "hand_dealt"
    hand_number: int
    """The hand's number, from 1."""
    hands: tuple[tuple[Tile, ...] | None, ...]
    """Each seat's tiles, in dealt order (``None`` where hidden)."""
    stock: tuple[Tile, ...] | None
    """The stock in drawing order (``None`` where hidden)."""
    stock_size: int
    """How many tiles the stock holds."""

    def dealt_hand(self) -> int:
        """The hand this event deals (declared for the layers above)."""
        return self.hand_number

    def redact(self, seat: int | None) -> Self:
        """Hide every other seat's hand and the stock from ``seat``."""
        if seat is None:
            return self
        return attrs.evolve(self, hands=redact_hands(self.hands, seat), stock=None)

    def describe(self) -> str:
        """The event in words (``?`` where hidden)."""
        hands = "; ".join(f"seat {s}: {render_tiles(h)}" for s, h in enumerate(self.hands))
        return f"hand {self.hand_number} dealt ({hands}; stock {self.stock_size})"


@attrs.frozen
class LeaderDrawn(Event):
    """The neutral random draw picked the seat that leads this hand."""

    tag: ClassVar[str] = "leader_drawn"
    seat: int
    """The seat drawn to lead."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.drawgame import LeaderDrawn
        >>> LeaderDrawn(1).describe()
        'seat 1 is drawn to lead'
        """
        return f"seat {self.seat} is drawn to lead"


@attrs.frozen
class TileLaid(Event):
    """A seat placed a tile, in a game that keeps no count.

    The Fives family's :class:`~tablegames.mechanics.dominoes.TilePlayed` has one, after these fields.
    """

    tag: ClassVar[str] = "tile_played"
    seat: int
    """The seat that placed it."""
    tile: Tile
    """The tile placed."""
    end: str | None
    """The end it was attached to, ``None`` for the opening tile."""

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.components.tiles import Tile
        >>> from tablegames.mechanics.drawgame import TileLaid
        >>> TileLaid(1, Tile(6, 4), "W").describe(), TileLaid(0, Tile(5, 5), None).describe()
        ('seat 1 plays 6-4 on W', 'seat 0 opens with 5-5')
        """
        if self.end is None:
            return f"seat {self.seat} opens with {self.tile}"
        return f"seat {self.seat} plays {self.tile} on {self.end}"


@attrs.frozen
class Scored(Event):
    """A side's score changed (:meth:`DrawGame.score`): a count, a domino, a block, pips left."""

    tag: ClassVar[str] = "scored"
    seat: int | None
    """The seat that scored (placed the tile, dominoed...), ``None`` for a side as a whole."""
    side: int
    """The side whose score changed."""
    points: int
    """The change (negative for a penalty)."""
    reason: str
    """Why, in the variant's words (``"count"``, ``"domino"``, ``"block"``...)."""
    total: int
    """The side's score after it."""

    def side_scores(self) -> Mapping[int, int]:
        """The side's new score (declared for the layers above)."""
        return {self.side: self.total}

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.drawgame import Scored
        >>> Scored(1, 1, 15, "count", 40).describe()
        'seat 1 scores 15 (count): side 1 has 40'
        """
        who = f"side {self.side}" if self.seat is None else f"seat {self.seat}"
        return f"{who} scores {self.points} ({self.reason}): side {self.side} has {self.total}"


@attrs.frozen(kw_only=True)
class LastLayout:
    """The table at the end of the last finished hand, as every seat saw it (drawn like the layout in play)."""

    hand_number: int
    """The hand it ended."""
    opening: Tile | None
    """The opening tile of that hand."""
    spinner: Tile | None
    """That hand's first spinner, if one was played."""
    arms: tuple[ArmView, ...]
    """The arms of the layout as the hand ended."""


@attrs.frozen(kw_only=True)
class DrawView:
    """What one seat may know of a draw game, the part every variant's view shares (:meth:`DrawGame.view_fields`).

    A variant's view subclasses it, adding the stock's size under its name and its own fields.
    """

    seat: int
    """The seat this view is for."""
    hand_number: int
    """The current hand, from 1."""
    hand: tuple[Tile, ...]
    """The seat's own tiles."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    scores: tuple[int, ...]
    """Each side's score."""
    current_player: int | None
    """The seat that must act, ``None`` once the game is over."""
    legal_actions: tuple[Play, ...]
    """The seat's legal actions (``[]`` when it is not its turn)."""
    count: int
    """The layout's count after the last placement (always 0 in a game that keeps none)."""
    ends: tuple[EndView, ...]
    """Every place a tile may be attached now (``[]`` before the opening tile)."""
    players: int
    """How many seats play."""
    target: int | None
    """The score that wins, if any."""
    side_of_seat: tuple[int, ...]
    """The side each seat scores for."""
    opening: Tile | None
    """The opening tile of the hand."""
    spinner: Tile | None
    """The first spinner, once played."""
    arms: tuple[ArmView, ...]
    """The arms of the layout, for drawing it."""
    winner: int | None
    """The winning side, once the game is over."""
    last_layout: LastLayout | None
    """The table at the end of the last finished hand; ``None`` before any hand has ended."""


@attrs.frozen(kw_only=True)
class StockView(DrawView):
    """A draw game's view with the stock's size (the default :attr:`DrawGame.view_class`)."""

    stock_size: int
    """Tiles left in the stock."""


def render_layout(layout: LineLayout) -> str:
    """The layout as lines of text: the line west to east (spinners marked ``*``), then each branch.

    >>> from tablegames.components.tiles import Tile
    >>> from tablegames.mechanics.line import LineLayout
    >>> from tablegames.mechanics.drawgame import render_layout
    >>> layout = LineLayout(spinner=True, branches_after=2)
    >>> layout.place(Tile(6, 4), None); layout.place(Tile(6, 6), 0); layout.place(Tile(4, 1), 1)
    >>> print(render_layout(layout))
    W 6-6* [6-4] 4-1 E
    >>> layout.place(Tile(6, 2), 0); print(render_layout(layout))
    W 6-2 6-6* [6-4] 4-1 E
    N from the spinner 6-6: (no tile yet)
    S from the spinner 6-6: (no tile yet)
    """
    if layout.opening is None:
        return "(empty)"
    spinners = layout.spinners

    def mark(tile: Tile) -> str:
        return f"{tile}*" if any(tile is s for s in spinners) else str(tile)

    west = " ".join(mark(t) for t in reversed(layout.tiles[0]))
    east = " ".join(mark(t) for t in layout.tiles[1])
    lines = [" ".join(p for p in ("W", west, f"[{mark(layout.opening)}]", east, "E") if p)]
    ids, open_arms = layout.ids, layout.open_arms()
    for arm in range(NORTH, len(ids)):
        if arm in open_arms or layout.tiles[arm]:
            tiles = " ".join(mark(t) for t in layout.tiles[arm]) or "(no tile yet)"
            lines.append(f"{ids[arm]} from the spinner {spinners[(arm - NORTH) // 2]}: {tiles}")
    return "\n".join(lines)


class DrawGame(Game[Play, OptionsT_co, ViewT_co]):
    """A draw game of dominoes on a line layout, hand after hand; see the module for the hooks.

    Class settings (set them on the subclass): :attr:`tiles`, :attr:`hand_sizes`,
    :attr:`spinners`, :attr:`branches_after`, :attr:`play_drawn`, :attr:`count_unit`,
    :attr:`stock_name`, :attr:`deal_class`, :attr:`hand_dealt_class`, :attr:`view_class`. The
    options class needs ``players`` and may have ``target`` (the score that wins, see
    :meth:`reached`).
    """

    summary: ClassVar[str] = ""
    """Left empty, so that each variant says what it is."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    action_classes: ClassVar[tuple[type[Action], ...]] = (Play,)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        *(TilesDealt, LeaderDrawn, TileLaid, Scored),
        *(TileDrawn, Passed, HandEnded, GameEnded),
    )
    """The events of the defaults; a variant that logs its own lists them instead."""
    deal_class: ClassVar[type[Any]] = TileDeal
    """The stacked deal: ``hands`` and the stock under :attr:`stock_name` (and ``leader`` if any)."""
    tiles: ClassVar[tuple[Tile, ...]] = domino_set(6)
    """The tiles of the game by default (see :meth:`tile_set`), highest first."""
    pieces: ClassVar[frozenset[Any]] = frozenset(domino_set(6))
    hand_sizes: ClassVar[Mapping[int, int]] = {2: 7, 3: 7, 4: 7}
    """The tiles dealt to each seat, by the number of players (the rest is the stock)."""
    spinners: ClassVar[SpinnerRule | str] = "first"
    """Which doubles spin (:class:`~tablegames.mechanics.line.SpinnerRule`): ``"none"``, ``"first"`` or ``"every"``."""
    branches_after: ClassVar[int] = 2
    """How many of a spinner's line sides must carry a tile before its branches open (0, 1 or 2)."""
    play_drawn: ClassVar[bool] = False
    """Whether a seat that draws a tile that fits must play that tile at once (Sniff) or may play any (All Fives)."""
    count_unit: ClassVar[int] = 5
    """A count (:meth:`layout_count`) scores when it is a multiple of this."""
    stock_name: ClassVar[str] = "stock"
    """What the variant calls the stock (``"boneyard"``): the name of the deal's, the deal event's
    and the view's fields (``boneyard``, ``boneyard_size``), the place's and the messages' word."""
    hand_dealt_class: ClassVar[type[Any]] = TilesDealt
    """The deal event: fields ``hand_number``, ``hands``, the stock and its size, in that order."""
    view_class: ClassVar[type[DrawView]] = StockView
    """The view :meth:`view` builds from :meth:`view_fields`."""
    view_history_keys: ClassVar[tuple[str, ...]] = ("last_layout",)

    __slots__ = (
        "_after",
        "_forced",
        "_last",
        "_lead",
        "_seating",
        "_shown",
        "_side",
        "count",
        "ended_by",
        "hand_number",
        "hands",
        "layout",
        "leader",
        "stock",
        "tile_order",
    )

    hand_number: int
    """The current hand, from 1."""
    hands: list[list[Tile]]
    """Each seat's tiles, highest first (hidden information; give players :meth:`view`, not this)."""
    stock: list[Tile]
    """The stock in drawing order (hidden information)."""
    layout: LineLayout
    """The tiles on the table."""
    count: int
    """The layout's count after the last placement (0 before the opening, or in a game that keeps none)."""
    leader: int
    """The seat that leads the current hand."""
    ended_by: str | None
    """How the last hand ended, ``"domino"`` or ``"blocked"`` (``None`` before the first ends)."""
    tile_order: Mapping[Tile, int]
    """Each tile's place in :meth:`tile_set`, highest first (the hands' order)."""
    _forced: Tile | None
    _lead: Tile | None
    _last: tuple[int, LineLayout] | None
    _seating: Seating
    _shown: bool
    _side: tuple[int, ...]
    _after: tuple[int, ...]

    @property
    def lead_tile(self) -> Tile | None:
        """The tile the leader must open the hand with, until it is played (``None`` if any may)."""
        return self._lead if self.layout.opening is None else None

    @lead_tile.setter
    def lead_tile(self, tile: Tile | None) -> None:
        self._lead = tile

    # -- hooks ------------------------------------------------------------------------

    @classmethod
    def tile_set(cls, options: Any) -> tuple[Tile, ...]:
        """Hook: the tiles of a match with ``options``, highest first; by default :attr:`tiles`.

        A variant with a set option (double-nine, double-twelve) returns ``domino_set(n)``
        and lists every tile it may use in :attr:`pieces`.
        """
        return cls.tiles

    @classmethod
    def pieces_for(cls, options: Any) -> frozenset[Any]:
        """The tiles of :meth:`tile_set` for ``options``."""
        return frozenset(cls.tile_set(options))

    @classmethod
    def action_values(cls, options: Any) -> Mapping[str, Sequence[Any]]:
        """``Play.end``'s values: ``None`` (the opening tile) and every end id the spinner rule can give.

        ``W`` and ``E``; with a spinner, ``N`` and ``S``; with every double a spinner, each
        later spinner's ``N{v}`` and ``S{v}`` for the doubles of :meth:`tile_set`.
        """
        rule = SpinnerRule(cls.spinners)
        ends: tuple[str | None, ...] = (None, *ARM_IDS[:2]) if rule is SpinnerRule.NONE else (None, *ARM_IDS)
        if rule is SpinnerRule.EVERY:
            doubles = sorted({t.high for t in cls.tile_set(options) if t.high == t.low})
            ends += tuple(f"{side}{v}" for v in doubles for side in "NS")
        return {"Play.end": ends}

    @classmethod
    def target_score(cls, options: Any) -> int | None:
        """The ``target`` option, if the options have one."""
        target: int | None = getattr(options, "target", None)
        return target

    def reached(self, side: int, total: int) -> bool:
        """Hook: whether ``side``, with ``total`` after a score, has won the match; by default it reached the target."""
        target = self.target_score(self.options)
        return target is not None and total >= target

    @classmethod
    def layout_count(cls, layout: LineLayout, options: Any) -> int | None:
        """Hook (the Fives family): ``layout``'s count in a match with ``options``; ``None`` in a game that keeps none.

        :meth:`perform` scores it after a placement when it is a positive multiple of
        :attr:`count_unit`; :meth:`heuristic_choice` counts the placements it weighs with it.
        """
        return None

    def shuffle(self, hand_number: int) -> list[Tile]:
        """Hook: the tiles in this hand's shuffled order (by default :func:`~tablegames.core.rng.hand_shuffle`)."""
        return hand_shuffle(self.seed, hand_number, self.tile_set(self.options))

    def choose_leader(self, deal: Any, winner: int | None) -> int:
        """Hook: the seat that leads the hand just dealt, emitting what says so; it may set :attr:`lead_tile`.

        ``winner`` is the seat :meth:`settle_hand` named (``None`` on the first hand or when it
        named none). The default: the winner leads; otherwise the deal's ``leader``, else the
        seed's draw, logged as :class:`LeaderDrawn`.
        """
        if winner is not None:
            return winner
        leader: int | None = getattr(deal, "leader", None)
        if leader is None:
            leader = hand_rng(self.seed, self.hand_number, "leader").randrange(self.players)
        self.emit(LeaderDrawn(leader))
        return leader

    @abc.abstractmethod
    def settle_hand(self, reason: str, seat: int | None) -> int | None:
        """Hook (required): score the hand that just ended; the seat that leads the next, or ``None``.

        ``reason`` is ``"domino"`` (``seat`` played its last tile) or ``"blocked"`` (``seat``
        is ``None``); :attr:`hands` holds what is left. Score with :meth:`score`; once the
        match is won, the return value is not used.
        """

    # -- helpers for the hooks ----------------------------------------------------------

    def score(self, seat: int | None, points: int, reason: str, *, side: int | None = None) -> bool:
        """Add ``points`` to ``seat``'s side (or ``side``), log :class:`Scored`; whether that won the match.

        ``seat`` may be ``None`` with ``side`` given. A win (:meth:`reached`) ends the match
        with :class:`~tablegames.mechanics.match.GameEnded`.
        """
        won = side if side is not None else self._side[seat]  # type: ignore[index]  # a seat or a side is given
        total = self.add_points(won, points)
        self.emit(Scored(seat, won, points, reason, total))
        if self.reached(won, total):
            self.finish(won, GameEnded(won, self.scores))
            return True
        return False

    # -- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats play (the ``players`` option)."""
        players: int = self.options.players
        return players

    @property
    def seating(self) -> Seating:
        """Seats and sides, four players playing as two partnerships."""
        return self._seating

    def view_fields(self, seat: int) -> dict[str, Any]:
        """The fields of :class:`DrawView` and the stock's size (``<stock_name>_size``), for the variant's view."""
        self.check_seat(seat)
        layout = self.layout
        current = self.current_player
        last = self._last
        return {
            "seat": seat,
            "hand_number": self.hand_number,
            "hand": tuple(self.hands[seat]),
            "hand_sizes": tuple(len(h) for h in self.hands),
            "scores": self.scores,
            "current_player": current,
            "legal_actions": tuple(self.legal_actions()) if seat == current else (),
            "count": self.count,
            "ends": layout.end_views(),
            "players": self.players,
            "target": self.target_score(self.options),
            "side_of_seat": self._side,
            "opening": layout.opening,
            "spinner": layout.spinner,
            "arms": layout.arm_views(),
            "winner": self.winner,
            "last_layout": None
            if last is None
            else LastLayout(
                hand_number=last[0], opening=last[1].opening, spinner=last[1].spinner, arms=last[1].arm_views()
            ),
            f"{self.stock_name}_size": len(self.stock),
        }

    def view(self, seat: int) -> Any:
        """What ``seat`` may know: :attr:`view_class` of :meth:`view_fields`."""
        return self.view_class(**self.view_fields(seat))

    def piece_places(self) -> dict[str, tuple[Tile, ...]]:
        """Where the tiles are: ``"hand 0"`` and the other hands, the stock (by its name), ``"layout"``."""
        places = {f"hand {s}": tuple(hand) for s, hand in enumerate(self.hands)}
        places[self.stock_name] = tuple(self.stock)
        places["layout"] = tuple(self.layout.all_tiles())
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Tile]:
        """The tiles ``seat`` may not see: the other hands (until a hand's end shows them) and the stock.

        The tile a leader must open with is public, so it is not hidden.
        """
        self.check_seat(seat)
        if self._shown:
            return frozenset(self.stock)
        hidden = {t for s, hand in enumerate(self.hands) if s != seat for t in hand}
        hidden.update(self.stock)
        if self.lead_tile is not None:
            hidden.discard(self.lead_tile)
        return frozenset(hidden)

    def render_table(self) -> str:
        """The layout as text (:func:`render_layout`), with its count in a game that keeps one."""
        text = render_layout(self.layout)
        return text if self.layout_count(self.layout, self.options) is None else f"{text}\ncount {self.count}"

    # -- deals ------------------------------------------------------------------------

    @classmethod
    def check_deal(cls, deal: Any, options: Any) -> str | None:
        """What is wrong with a stacked deal: hand sizes, every tile of the set once, a leader that is no seat."""
        players = options.players
        stock = getattr(deal, cls.stock_name)
        tiles = cls.tile_set(options)
        size = cls.hand_sizes[players]
        problem = check_tile_deal(deal.hands, stock, tiles, players=players, size=size, stock_name=cls.stock_name)
        leader = getattr(deal, "leader", None)
        if problem is None and leader is not None and (type(leader) is not int or not 0 <= leader < players):
            problem = f"leader {leader!r} is not a seat; seats are 0 to {players - 1}"
        return problem

    def shuffled_deal(self, hand_number: int) -> Any:
        """The tiles shuffled for hand ``hand_number`` (:meth:`shuffle`): the hands, then the stock."""
        tiles = self.shuffle(hand_number)
        n = self.players
        size = self.hand_sizes[n]
        hands = tuple(tuple(tiles[i * size : (i + 1) * size]) for i in range(n))
        return self.deal_class(hands=hands, **{self.stock_name: tuple(tiles[n * size :])})

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[Any]:
        """The deals the deal events record, each with the leader drawn right after it (if the deal has one)."""
        deals: list[Any] = []
        name = cls.stock_name
        with_leader = "leader" in attrs.fields_dict(cls.deal_class)
        for i, event in enumerate(events):
            if isinstance(event, cls.hand_dealt_class):
                hands, stock = event.hands, getattr(event, name)  # the declared fields
                if stock is None or any(h is None for h in hands):
                    raise LogError(f"$.events[{i}]", f"a full log's deal shows every hand and the {name}")
                deals.append(cls.deal_class(hands=hands, **{name: stock}))
            elif with_leader and isinstance(event, LeaderDrawn) and deals and isinstance(events[i - 1], TilesDealt):
                deals[-1] = attrs.evolve(deals[-1], leader=event.seat)  # the draw belongs to the deal it follows
        return deals

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The placement a ``tile_played`` event records; every other event is automatic."""
        if isinstance(event, (TileLaid, TilePlayed)):
            return event.seat, play(event.tile, event.end)
        return None

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action | None:
        """The family's greedy placement: the most points now, then the heaviest tile, then a double.

        The layout is rebuilt from the seat's log (the placements since the hand's deal); a
        placement's points are its count (:meth:`layout_count`) when :meth:`perform` would score
        it, a positive multiple of :attr:`count_unit`, else 0 (always 0 in a game that keeps no
        count). The most points also reach the target whenever any placement does; the heaviest
        tile keeps the fewest pips in hand for a domino or a block; a double is hard to place
        later. A variant whose points come otherwise overrides this (``None`` leaves the
        decision to :class:`~tablegames.bots.greedy.GreedyBot`'s look-ahead).
        """
        legal = observation.legal
        if not legal:
            return None
        layout = cls._layout_in_log(observation.events)
        options = observation.options
        unit = cls.count_unit
        best: Action = legal[0]
        best_key: tuple[int, int, bool] | None = None
        for action in legal:
            if not isinstance(action, Play):
                return None
            tile, end = action.tile, action.end
            trial = layout.copy()
            trial.place_unchecked(tile, None if end is None else trial.index_of(end))
            count = cls.layout_count(trial, options)
            points = count if count and count % unit == 0 else 0
            key = (points, tile.pips, tile.high == tile.low)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best

    @classmethod
    def _layout_in_log(cls, events: Sequence[Event]) -> LineLayout:
        """The layout of the hand in progress, placed tile by tile from the placements a log records since its deal."""
        start = len(events)
        while start and not isinstance(events[start - 1], cls.hand_dealt_class):
            start -= 1
        layout = LineLayout(spinners=cls.spinners, branches_after=cls.branches_after)
        for event in events[start:]:
            placed = cls.action_of(event)
            if placed is not None:
                tile, end = placed[1].tile, placed[1].end  # type: ignore[attr-defined]  # a placement
                layout.place_unchecked(tile, None if end is None else layout.index_of(end))
        return layout

    def canonical(self, action: Action) -> Action:
        """The interned placement equal to ``action``."""
        return play(action.tile, action.end) if type(action) is Play else action

    # -- the rules --------------------------------------------------------------------

    def begin(self) -> int:
        """Seat the players (four as two partnerships), start every side at 0 and deal the first hand."""
        n = self.players
        self._seating = seating = Seating(n, partnerships=n == 4)
        self._side = tuple(seating.side_of(s) for s in range(n))
        self._after = tuple(seating.next(s) for s in range(n))
        self.tile_order = {t: i for i, t in enumerate(self.tile_set(self.options))}
        self.set_scores([0] * seating.sides)
        self.hand_number = 0
        self._last = self.ended_by = None
        return self._new_hand(None)

    def _new_hand(self, winner: int | None) -> int:
        self.hand_number += 1
        number = self.hand_number
        deal = self.next_deal(number)
        stock = getattr(deal, self.stock_name)
        key = self.tile_order.__getitem__
        self.hands = [sorted(h, key=key) for h in deal.hands]
        self.stock = list(stock)
        self.layout = LineLayout(spinners=self.spinners, branches_after=self.branches_after)
        self.count = 0
        self._forced = self._lead = None
        self._shown = False
        self.emit(self.hand_dealt_class(number, deal.hands, stock, len(stock)))
        self.leader = self.choose_leader(deal, winner)
        return self.leader

    def compute_legal(self, seat: int) -> tuple[Play, ...]:
        """Every legal placement of ``seat``: tile by tile (highest first), open end by open end."""
        layout = self.layout
        tiles: Sequence[Tile] = self.hands[seat] if self._forced is None else (self._forced,)
        if layout.opening is None:
            lead = self.lead_tile
            return tuple(play(t, None) for t in ((lead,) if lead is not None else tiles))
        values, ids, arms = layout.values, layout.ids, layout.open_arms()
        out = []
        for tile in tiles:
            high, low = tile.high, tile.low
            for arm in arms:
                v = values[arm]
                if v == high or v == low:
                    out.append(play(tile, ids[arm]))
        return tuple(out)

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not place ``action`` now: a tile it lacks, the lead, a drawn tile, the layout."""
        if not isinstance(action, Play):
            return f"not a {self.name} action: its action is a Play, not {type(action).__name__}"
        tile, end = action.tile, action.end
        if not isinstance(tile, Tile) or tile not in self.hands[seat]:
            return f"seat {seat} does not hold {tile}"
        if self._forced is not None and tile is not self._forced:
            return f"seat {seat} drew {self._forced}, which fits, and must play it"
        lead = self.lead_tile
        if lead is not None and end is None and tile is not lead and self.layout.opening is None:
            return f"seat {seat} leads this hand with {lead} and must open with it"
        return self.layout.why_not(tile, end)  # the line's own words: the end, what it shows, which are open

    def perform(self, action: Action, seat: int) -> int | None:
        """Place the tile, log and score it, then draw, pass or end the hand as the rules say; the next seat."""
        assert isinstance(action, Play)
        tile, end = action.tile, action.end
        hand = self.hands[seat]
        hand.remove(tile)
        layout = self.layout
        layout.place_unchecked(tile, None if end is None else layout.index_of(end))
        self._forced = None
        count = self.layout_count(layout, self.options)
        if count is None:
            self.emit(TileLaid(seat, tile, end))
        else:
            self.count = count
            self.emit(TilePlayed(seat, tile, end, count))
            if count and count % self.count_unit == 0 and self.score(seat, count, "count"):
                return None
        if not hand:
            return self._end_hand("domino", seat)
        return self._turn(self._after[seat])

    def _turn(self, seat: int) -> int | None:
        """Give the turn to ``seat``: a block ends the hand; a seat that cannot play draws until one fits, or passes."""
        mask = self.layout.open_mask()
        masks, hands, stock = _MASKS, self.hands, self.stock
        while True:
            if not stock and not any(masks[t] & mask for h in hands for t in h):
                return self._end_hand("blocked", None)
            hand = hands[seat]
            if any(masks[t] & mask for t in hand):
                return seat
            if stock:
                while stock:
                    tile = stock.pop(0)
                    hand.append(tile)
                    self.emit(TileDrawn(seat, tile))
                    if masks[tile] & mask:
                        hand.sort(key=self.tile_order.__getitem__)
                        if self.play_drawn:
                            self._forced = tile
                        return seat
                hand.sort(key=self.tile_order.__getitem__)
                continue  # the stock ran out: look for a block again
            self.emit(Passed(seat))
            seat = self._after[seat]

    def _end_hand(self, reason: str, seat: int | None) -> int | None:
        self._shown = True
        self._last = (self.hand_number, self.layout)  # the next hand gets a new layout: this one stays as it is
        self.ended_by = reason
        self.emit(HandEnded(self.hand_number, reason, seat, tuple(tuple(h) for h in self.hands)))
        winner = self.settle_hand(reason, seat)
        return None if self.is_over else self._new_hand(winner)

    def copy_state(self, new: Self) -> None:
        """Copy the hands, the stock and the layout; share the seating tables and the last hand's layout."""
        new._seating = self._seating
        new._side = self._side
        new._after = self._after
        new.tile_order = self.tile_order
        new.hand_number = self.hand_number
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.layout = self.layout.copy()
        new.count = self.count
        new.leader = self.leader
        new._lead = self._lead
        new.ended_by = self.ended_by
        new._forced = self._forced
        new._last = self._last
        new._shown = self._shown
