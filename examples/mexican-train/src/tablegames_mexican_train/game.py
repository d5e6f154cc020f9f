"""Mexican Train: the game, round after round, by the rules page (``RULES.rst``)."""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from tablegames.components.tiles import Tile
from tablegames.core.capabilities import LogFiller
from tablegames.core.errors import LogError, quote
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.observation import Observation
from tablegames.core.rng import hand_rng, hand_shuffle
from tablegames.mechanics.dominoes import holds_playable, nobody_can_play
from tablegames.mechanics.trains import TrainLayout
from tablegames_mexican_train.actions import MEXICAN, Play, TrainId, play, train_name
from tablegames_mexican_train.events import (
    EnginePlaced,
    GameEnded,
    HandDealt,
    HandEnded,
    MarkerPlaced,
    MarkerRemoved,
    Passed,
    TileDrawn,
    TilePlayed,
)
from tablegames_mexican_train.filler import MexicanTrainFiller
from tablegames_mexican_train.options import TILES, MexicanTrainDeal, MexicanTrainOptions, check_mexican_train_deal
from tablegames_mexican_train.rules import engine_of, hand_points, match_winner
from tablegames_mexican_train.text import describe_event, hand_note, render_trains, view_lines
from tablegames_mexican_train.view import LastLayout, MexicanTrainView, RoundResult, TrainView

__all__ = ["MexicanTrain"]

_RANK: Final = {tile: i for i, tile in enumerate(TILES)}  # highest tile first
_TABLES: dict[int, tuple[tuple[TrainId, ...], dict[Tile, tuple[Play, ...]], tuple[int, ...]]] = {}


def _tables(players: int) -> tuple[tuple[TrainId, ...], dict[Tile, tuple[Play, ...]], tuple[int, ...]]:
    """For ``players`` seats: the train ids by index, each tile's play on each train by index, and
    the seat after each seat. Made once, shared by every game.

    The indices are the trains mechanic's (:class:`~tablegames.mechanics.trains.TrainLayout`):
    seat ``s``'s train at ``s`` (its ``"T{s}"``), the public train last (its ``"M"``). This game
    names them as its rules page does, by the seat and ``"mexican"``.
    """
    found = _TABLES.get(players)
    if found is None:
        ids: tuple[TrainId, ...] = (*range(players), MEXICAN)
        plays = {tile: tuple(play(tile, train) for train in ids) for tile in TILES}
        after = tuple((seat + 1) % players for seat in range(players))
        found = _TABLES[players] = (ids, plays, after)
    return found


class MexicanTrain(Game[Play, MexicanTrainOptions, MexicanTrainView]):
    """Mexican Train for 2 to 8 players, double-twelve, the lowest total winning (see the rules page).

    >>> import tablegames
    >>> game = tablegames.new_game("mexican-train", seed=3, players=3, rounds=2, hand_size=8)
    >>> while not game.is_over:
    ...     _ = game.apply(game.legal_actions()[0])
    >>> game.hand_number, game.scores[game.winner] == min(game.scores)
    (2, True)
    """

    name: ClassVar[str] = "mexican-train"
    summary: ClassVar[str] = (
        "Mexican Train (mexican-train). Double-twelve dominoes: personal trains and a public one, "
        "a round for each double from 12-12 down, the lowest total wins."
    )
    """The variant in one line, for ``tablegames rules`` and ``tablegames variants``."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    options_class: ClassVar[type[MexicanTrainOptions]] = MexicanTrainOptions
    deal_class: ClassVar[type[MexicanTrainDeal]] = MexicanTrainDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Play,)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        HandDealt,
        EnginePlaced,
        TilePlayed,
        TileDrawn,
        MarkerPlaced,
        MarkerRemoved,
        Passed,
        HandEnded,
        GameEnded,
    )
    pieces: ClassVar[frozenset[Tile]] = frozenset(TILES)
    view_history_keys: ClassVar[tuple[str, ...]] = ("last_layout",)
    """The view's summary of an earlier round, whose tiles are dealt again since (for the kit's leak check)."""
    lower_score_wins: ClassVar[bool] = True
    """Scores are the pips left in hand: a rise is bad for a seat (the bots read this)."""
    reward_scale: ClassVar[float | None] = 25.0
    """A round's penalty is some tens of pips: 25 separates a good round from a bad one."""

    __slots__ = (
        "_after",
        "_first",
        "_history",
        "_ids",
        "_last",
        "_last_layout",
        "_plays",
        "_shown",
        "boneyard",
        "engine",
        "hand_number",
        "hands",
        "trains",
    )

    hand_number: int
    """The current round, from 1."""
    engine: Tile
    """The current round's engine."""
    hands: list[list[Tile]]
    """Each seat's tiles, highest first: hidden information (give players :meth:`view`, not this)."""
    boneyard: list[Tile]
    """The boneyard in drawing order (hidden information)."""
    trains: TrainLayout
    """The engine and the trains of the round (the library's trains mechanic)."""
    _after: tuple[int, ...]
    _first: int
    _history: list[tuple[int, ...]]
    _ids: tuple[TrainId, ...]
    _last: RoundResult | None
    _last_layout: tuple[int, Tile, TrainLayout] | None
    """The number, the engine and the trains of the last finished round (never changed after it ends), for views."""
    _plays: dict[Tile, tuple[Play, ...]]
    _shown: bool

    # -- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats play."""
        return self.options.players

    @property
    def history(self) -> tuple[tuple[int, ...], ...]:
        """Each finished round's points, one int per seat, in the order played."""
        return tuple(self._history)

    def view(self, seat: int) -> MexicanTrainView:
        """What ``seat`` may know: its own tiles, the trains, every hand's size, the totals, its legal plays."""
        self.check_seat(seat)
        current = self.current_player
        options = self.options
        unsatisfied = self.trains.unsatisfied  # never more than one here (rule 17)
        return MexicanTrainView(
            seat=seat,
            hand_number=self.hand_number,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            scores=self.scores,
            current_player=current,
            legal_actions=tuple(self.legal_actions()) if seat == current else (),
            players=options.players,
            rounds=options.rounds,
            double_blank=options.double_blank,
            hand_size=options.hand_size,
            engine=self.engine,
            first_player=self._first,
            trains=self.train_views(),
            unsatisfied=self._ids[unsatisfied[0]] if unsatisfied else None,
            boneyard_size=len(self.boneyard),
            last_round=self._last,
            winner=self.winner,
            last_layout=self._last_layout_view(),
        )

    def _last_layout_view(self) -> LastLayout | None:
        """The table at the end of the last finished round (every seat saw it), or ``None``."""
        last = self._last_layout
        if last is None:
            return None
        number, engine, trains = last
        unsatisfied = trains.unsatisfied
        return LastLayout(
            hand_number=number,
            engine=engine,
            trains=self._train_views(trains),
            unsatisfied=self._ids[unsatisfied[0]] if unsatisfied else None,
        )

    def train_views(self) -> tuple[TrainView, ...]:
        """Every train as the views show it, the personal ones by seat, then the Mexican train."""
        return self._train_views(self.trains)

    def _train_views(self, trains: TrainLayout) -> tuple[TrainView, ...]:
        tiles, values, marked, owners = trains.tiles, trains.values, trains.marked, trains.owners
        return tuple(
            TrainView(train, owners[t], tuple(tiles[t]), values[t], marked[t], trains.is_open_to(t, None))
            for t, train in enumerate(self._ids)
        )

    def piece_places(self) -> dict[str, list[Tile]]:
        """Where every tile is: ``"hand 0"`` and the others, ``"boneyard"``, ``"hub"`` (the engine), the trains."""
        places = {f"hand {seat}": hand[:] for seat, hand in enumerate(self.hands)}
        places["boneyard"] = self.boneyard[:]
        places["hub"] = [self.engine]
        for index, train in enumerate(self._ids):
            places["mexican train" if train == MEXICAN else f"train {train}"] = self.trains.tiles[index][:]
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Tile]:
        """The tiles ``seat`` may not see: the other hands and the boneyard (only the boneyard once a round is shown).

        Raises:
            InvalidOptionsError: if ``seat`` is not a seat of this game.

        """
        self.check_seat(seat)
        hidden = set(self.boneyard)
        if not self._shown:
            for other, hand in enumerate(self.hands):
                if other != seat:
                    hidden.update(hand)
        return frozenset(hidden)

    def describe_event(self, event: Event) -> str:
        """One line of text saying what ``event`` means."""
        return describe_event(event)

    @classmethod
    def hand_note(cls, event: Event) -> str | None:
        """How a round went, for its row of the scoresheet: who went out, or a block."""
        return hand_note(event)

    @classmethod
    def render_view(cls, view: MexicanTrainView, labels: Sequence[str]) -> list[str]:
        """What one seat sees, as lines of text: the round, the trains, the hand sizes, its tiles."""
        return view_lines(view, labels)

    def render_table(self) -> str:
        """The trains as text, one line each, with the engine and the boneyard."""
        return render_trains(self.engine, self.train_views(), boneyard=len(self.boneyard))

    # -- deals ------------------------------------------------------------------------

    @classmethod
    def check_deal(cls, deal: MexicanTrainDeal, options: MexicanTrainOptions) -> str | None:
        """What is wrong with a stacked deal (hand sizes, the 91 tiles each once, ``first``), or ``None``."""
        return check_mexican_train_deal(deal, options)

    def shuffled_deal(self, hand_number: int) -> MexicanTrainDeal:
        """The 91 tiles shuffled from the seed for round ``hand_number``: the hands in seat order, then the boneyard."""
        tiles = hand_shuffle(self.seed, hand_number, TILES)
        size = self.options.hand_size
        cut = self.players * size
        hands = tuple(tuple(tiles[start : start + size]) for start in range(0, cut, size))
        return MexicanTrainDeal(hands=hands, boneyard=tuple(tiles[cut:]))

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[MexicanTrainDeal]:
        """The deals ``hand_dealt`` events record, with the draw an ``engine_placed`` from the boneyard records."""
        deals: list[MexicanTrainDeal] = []
        dealt = False  # whether the event before was a hand_dealt
        for i, event in enumerate(events):
            if isinstance(event, HandDealt):
                hands, boneyard = event.hands, event.boneyard
                if boneyard is None or None in hands:
                    raise LogError(f"$.events[{i}]", "a full log's hand_dealt shows every hand and the boneyard")
                deals.append(MexicanTrainDeal(hands=hands, boneyard=boneyard))  # type: ignore[arg-type]
            elif dealt and isinstance(event, EnginePlaced) and event.seat is None:  # the draw of rule 6
                last = deals[-1]
                deals[-1] = MexicanTrainDeal(hands=last.hands, boneyard=last.boneyard, first=event.first)
            dealt = isinstance(event, HandDealt)
        return deals

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The play a ``tile_played`` event records; every other event is automatic."""
        if isinstance(event, TilePlayed):
            return event.seat, play(event.tile, event.train)
        return None

    @classmethod
    def action_values(cls, options: MexicanTrainOptions) -> dict[str, tuple[TrainId, ...]]:
        """``Play.train``'s values for the derived action ids: each seat's train, then the Mexican train."""
        return {"Play.train": (*range(options.players), MEXICAN)}

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action:
        """The greedy play: a double the seat can satisfy, else the heaviest tile, a double, its own train first.

        The pips left in hand are the penalty, so the heaviest tile goes first; a double plays
        again, so with a tile to satisfy it two tiles go at once; a play on the seat's own train
        keeps it its own. Against the generic look-ahead it replaces it won 57.5% (48.6% to
        66.0%) of 120 two-player matches of two rounds, at a thousandth of the cost
        (``benchmarks/family_heuristics.py mexican-train:players=2:rounds=2 --seeds 60``).
        """
        seat, hand = observation.seat, observation.view.hand

        def key(action: Any) -> tuple[bool, int, bool, bool]:
            tile = action.tile
            double = tile.high == tile.low
            satisfied = double and any(t != tile and tile.high in (t.high, t.low) for t in hand)
            return satisfied, tile.pips, double, action.train == seat

        return max(observation.legal, key=key)

    @classmethod
    def log_filler(cls, events: Sequence[Event], *, seat: int, options: Any) -> LogFiller:
        """A :class:`~tablegames_mexican_train.filler.MexicanTrainFiller`, for world sampling (bots)."""
        return MexicanTrainFiller(events, seat=seat, options=options)

    # -- the rules --------------------------------------------------------------------

    def begin(self) -> int:
        """Start every total at 0 and deal round 1; the seat to play first."""
        n = self.players
        self._ids, self._plays, self._after = _tables(n)
        self.set_scores([0] * n)
        self._history = []
        self._last = None
        self._last_layout = None
        self.hand_number = 0
        following = self._new_round()
        # a round never ends before its first play: once the boneyard is empty, the twelve other
        # tiles with the engine's value are all in hands, and one fits its holder's own train
        assert following is not None
        return following

    def _new_round(self) -> int | None:
        """Deal the next round, set its engine in the hub (rules 4-6) and give the first player its turn."""
        self.hand_number += 1
        number = self.hand_number
        engine = self.engine = engine_of(number)
        deal: MexicanTrainDeal = self.next_deal(number)
        self.emit(HandDealt(number, deal.hands, deal.boneyard, len(deal.boneyard)))
        self.hands = hands = [sorted(hand, key=_RANK.__getitem__) for hand in deal.hands]
        self.boneyard = list(deal.boneyard)
        holder = next((seat for seat, hand in enumerate(hands) if engine in hand), None)
        if holder is None:
            self.boneyard.remove(engine)
            first = deal.first
            if first is None:
                first = hand_rng(self.seed, number, "first").randrange(self.players)
        else:
            hands[holder].remove(engine)
            first = holder
        self._first = first
        self._shown = False
        self.trains = TrainLayout(players=self.players, engine=engine)
        self.emit(EnginePlaced(engine, holder, first))
        return self._turn(first)

    def compute_legal(self, seat: int) -> tuple[Play, ...]:
        """Every legal play of ``seat``: tile by tile (highest first), train by train (seats, then Mexican).

        The trains mechanic says where ``seat`` may play now (rules 10 and 17:
        :meth:`~tablegames.mechanics.trains.TrainLayout.end_views`, asked once); each tile goes
        on those of them whose value it shows.
        """
        trains = self.trains
        index_of = trains.index_of
        places = [(index_of(end.id), end.value) for end in trains.end_views(seat)]
        plays = self._plays
        out = []
        for tile in self.hands[seat]:
            high, low = tile.high, tile.low
            row = plays[tile]
            for train, value in places:
                if value == high or value == low:
                    out.append(row[train])
        return tuple(out)

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not make the play ``action`` now, or ``None``.

        The trains mechanic decides whether the tile may go on the train
        (:meth:`~tablegames.mechanics.trains.TrainLayout.fits`); the reason is worded here,
        naming the trains as this game does.
        """
        if not isinstance(action, Play):
            return f"not a Mexican Train action: a Mexican Train action is a Play, not {type(action).__name__}"
        tile, train = action.tile, action.train
        if not isinstance(tile, Tile) or tile not in self.hands[seat]:
            return f"seat {seat} does not hold {tile}"
        n = self.players
        if type(train) is int and 0 <= train < n:
            index = train
        elif train == MEXICAN and type(train) is str:
            index = n
        else:
            return f"no train {quote(train)}; the trains are 0 to {n - 1} and 'mexican'"
        trains = self.trains
        if trains.fits(tile, index, seat):
            return None
        if trains.unsatisfied:
            double = trains.unsatisfied[0]
            where = train_name(self._ids[double])
            last = trains.tiles[double][-1]
            if index != double:
                return f"the double {last} on {where} must be satisfied first: play a tile with a {last.high} there"
            return f"{tile} does not fit the double {last} on {where}"
        if not trains.is_open_to(index, seat):
            return (
                f"train {index} carries no marker: seat {seat} may play on its own train, "
                "the Mexican train and trains with a marker"
            )
        return f"{tile} does not fit {train_name(train)}, whose end is {trains.values[index]}"

    def perform(self, action: Action, seat: int) -> int | None:
        """Play the tile, take the owner's marker off, then go on: the same seat after a double, else the next."""
        assert isinstance(action, Play)
        tile, train = action.tile, action.train
        hand = self.hands[seat]
        hand.remove(tile)
        trains = self.trains
        index = self.players if train == MEXICAN else train
        assert type(index) is int
        unmarked = index == seat and trains.marked[seat]  # rule 14: only the owner's own play takes it off
        trains.place_unchecked(tile, index, seat)
        self.emit(TilePlayed(seat, tile, train, trains.values[index]))
        if unmarked:
            self.emit(MarkerRemoved(seat))
        if not hand:  # rules 18 and 19: out, even on a double
            return self._end_round(seat)
        if trains.plays_again:  # rule 16: a double; the same seat must satisfy it
            return self._turn(seat)
        return self._turn(self._after[seat])

    def _blocked(self) -> bool:
        """Rule 20, with the boneyard empty: no tile in any hand fits any train (or the double to satisfy)."""
        trains = self.trains
        values = trains.values
        if trains.unsatisfied:
            mask = 1 << values[trains.unsatisfied[0]]
        else:  # every train, as if each carried a marker
            mask = 0
            for value in values:
                mask |= 1 << value
        return nobody_can_play(self.hands, self.boneyard, mask)

    def _turn(self, seat: int) -> int | None:
        """Give ``seat`` a required play: draw one tile if it has none, else put up its marker and pass (rule 13)."""
        boneyard = self.boneyard
        trains = self.trains
        while True:
            reach = trains.open_mask(seat)
            hand = self.hands[seat]
            if holds_playable(hand, reach):
                return seat
            if boneyard:
                tile = boneyard.pop(0)
                bisect.insort(hand, tile, key=_RANK.__getitem__)
                self.emit(TileDrawn(seat, tile))
                if holds_playable((tile,), reach):  # rule 13: a drawn tile that fits may be played
                    return seat
            elif self._blocked():  # rule 20: nothing to draw and nothing fits anywhere
                return self._end_round(None)
            if not trains.marked[seat]:
                self.emit(MarkerPlaced(seat))
            trains.mark(seat)  # the turn ends here (a marker already up stays)
            self.emit(Passed(seat))
            seat = self._after[seat]

    def _end_round(self, out: int | None) -> int | None:
        """Score the pips left in every hand (rule 21); the next round, or the end of the match (rules 22, 23)."""
        blank = self.options.double_blank
        points = tuple(hand_points(hand, double_blank=blank) for hand in self.hands)
        for seat, count in enumerate(points):
            self.add_points(seat, count)
        self._history.append(points)
        self._shown = True
        reason = "blocked" if out is None else "domino"
        number = self.hand_number
        self._last = RoundResult(number, reason, out, points)
        self._last_layout = (number, self.engine, self.trains)  # the next round gets new trains: these stay
        left = tuple(tuple(hand) for hand in self.hands)
        self.emit(HandEnded(number, reason, out, left, points, self.scores))
        if number < self.options.rounds:
            return self._new_round()
        winner, how = match_winner(self.scores, self._history)
        self.finish(winner, GameEnded(winner, self.scores, how))
        return None

    def copy_state(self, new: MexicanTrain) -> None:
        """Copy the hands, the boneyard, the trains and the history; share the tables."""
        new._ids = self._ids
        new._plays = self._plays
        new._after = self._after
        new._first = self._first
        new._shown = self._shown
        new._last = self._last
        new._last_layout = self._last_layout
        new._history = self._history[:]
        new.hand_number = self.hand_number
        new.engine = self.engine
        new.hands = [hand[:] for hand in self.hands]
        new.boneyard = self.boneyard[:]
        new.trains = self.trains.copy()

    def canonical(self, action: Action) -> Action:
        """The interned play equal to ``action``."""
        if isinstance(action, Play):
            return play(action.tile, action.train)
        return action  # pragma: no cover - only Play parses
