"""The Block Game: the rules, as the hooks of :class:`tablegames.core.game.Game`.

1. Each seat is dealt seven tiles from a double-six set; the rest are set aside unseen.
2. Hand 1 is led by seat 0, hand 2 by seat 1, and so on round the table. The leader opens the
   line with any tile; then each seat in turn places a tile that matches one end of the line.
3. A seat with no tile that fits passes (the game does it: passing is not a choice).
4. The hand ends when a seat places its last tile (it *dominoes*), or when nobody can place a
   tile (the hand is *blocked*); then the seat with the fewest pips left wins the hand, unless
   two or more tie for the fewest, when nobody does.
5. The winner of the hand scores the pips left in every other hand. The first seat to reach
   the target wins the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from blockdominoes.actions import Play
from blockdominoes.events import GameEnded, HandDealt, HandEnded, Passed, TilePlayed
from blockdominoes.options import HAND_SIZE, BlockDeal, BlockOptions, check_block_deal
from blockdominoes.view import BlockView
from tablegames.components.tiles import Tile, domino_set
from tablegames.core.errors import LogError, quote
from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.rng import hand_rng
from tablegames.mechanics.line import ARM_IDS, EAST, WEST, LineLayout, end_views

__all__ = ["BlockDominoes"]

_TILES = domino_set(6)
_ORDER = {tile: i for i, tile in enumerate(_TILES)}  # highest tile first
_ENDS = {"W": WEST, "E": EAST}


def _pips(tiles: Sequence[Tile]) -> int:
    return sum(tile.pips for tile in tiles)


class BlockDominoes(Game[Play, BlockOptions, BlockView]):
    """The Block Game for 2 to 4 players, each playing alone."""

    # [start metadata]
    name: ClassVar[str] = "block-dominoes"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_class: ClassVar[type[BlockOptions]] = BlockOptions
    deal_class: ClassVar[type[BlockDeal]] = BlockDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (Play,)
    event_classes: ClassVar[tuple[type[Event], ...]] = (HandDealt, TilePlayed, Passed, HandEnded, GameEnded)
    pieces: ClassVar[frozenset[Tile]] = frozenset(_TILES)

    @classmethod
    def target_score(cls, options: BlockOptions) -> int | None:
        """The score that wins the match: the ``target`` option."""
        return options.target

    __slots__ = ("boneyard", "hand_number", "hands", "layout")

    hand_number: int
    """The current hand, from 1."""
    hands: list[list[Tile]]
    """Each seat's tiles: hidden information (give players :meth:`view`, not this)."""
    layout: LineLayout
    """The line of tiles on the table."""
    boneyard: tuple[Tile, ...]
    """The tiles set aside this hand: hidden from everyone."""
    # [end metadata]

    # [start contract]
    @property
    def players(self) -> int:
        """How many seats play."""
        return self.options.players

    def view(self, seat: int) -> BlockView:
        """What ``seat`` may know: its own tiles, the line, the hand sizes and the scores."""
        self.check_seat(seat)
        layout = self.layout
        current = self.current_player
        line: list[Tile] = []
        if layout.opening is not None:
            line = [*reversed(layout.tiles[WEST]), layout.opening, *layout.tiles[EAST]]
        return BlockView(
            seat=seat,
            hand_number=self.hand_number,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            scores=self.scores,
            current_player=current,
            legal_actions=tuple(self.legal_actions()) if seat == current else (),
            line=tuple(line),
            ends=end_views(layout),
        )

    # [end contract]

    # [start deals]
    @classmethod
    def check_deal(cls, deal: BlockDeal, options: BlockOptions) -> str | None:
        """What is wrong with a stacked deal, or ``None``."""
        return check_block_deal(deal, options)

    def shuffled_deal(self, hand_number: int) -> BlockDeal:
        tiles = list(_TILES)
        hand_rng(self.seed, hand_number).shuffle(tiles)
        n = self.options.players
        hands = tuple(tuple(tiles[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n))
        return BlockDeal(hands=hands, boneyard=tuple(tiles[n * HAND_SIZE :]))

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[BlockDeal]:
        deals = []
        for i, event in enumerate(events):
            if isinstance(event, HandDealt):
                if event.boneyard is None or any(hand is None for hand in event.hands):
                    raise LogError(f"$.events[{i}]", "a full log's deal shows every hand and the boneyard")
                deals.append(BlockDeal(hands=event.hands, boneyard=event.boneyard))  # type: ignore[arg-type]
        return deals

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        if isinstance(event, TilePlayed):
            return event.seat, Play(event.tile, event.end)
        return None

    # [end deals]

    # [start rules]
    def begin(self) -> int:
        self.set_scores([0] * self.options.players)
        self.hand_number = 0
        return self._new_hand()

    def _new_hand(self) -> int:
        self.hand_number += 1
        deal: BlockDeal = self.next_deal(self.hand_number)
        self.hands = [sorted(hand, key=_ORDER.__getitem__) for hand in deal.hands]
        self.layout = LineLayout(spinner=False)
        self.boneyard = deal.boneyard
        leader = (self.hand_number - 1) % self.options.players
        self.emit(HandDealt(self.hand_number, leader, deal.hands, deal.boneyard))
        return leader

    def compute_legal(self, seat: int) -> tuple[Play, ...]:
        out: list[Play] = []
        for tile in self.hands[seat]:
            for arm in self.layout.places_for(tile):
                out.append(Play(tile, None if arm is None else ARM_IDS[arm]))
        return tuple(out)

    def why_illegal(self, action: Action, seat: int) -> str | None:
        if not isinstance(action, Play):
            return f"not an action of the Block Game: {quote(action)}"
        if action.tile not in self.hands[seat]:
            return f"seat {seat} does not hold {action.tile}"
        if self.layout.opening is None:
            return None if action.end is None else "the first tile opens the line: end must be null"
        arm = _ENDS.get(action.end) if isinstance(action.end, str) else None
        if arm is None:
            return f"no end {quote(action.end)}; the ends are W and E"
        if not self.layout.fits(action.tile, arm):
            return f"{action.tile} does not match end {action.end}, which shows {self.layout.value(arm)}"
        return None

    def perform(self, action: Action, seat: int) -> int | None:
        assert isinstance(action, Play)
        self.hands[seat].remove(action.tile)
        self.layout.place(action.tile, None if action.end is None else _ENDS[action.end])
        self.emit(TilePlayed(seat, action.tile, action.end))
        if not self.hands[seat]:
            return self._end_hand("domino")
        if not any(self._can_play(s) for s in range(self.players)):
            return self._end_hand("blocked")
        nxt = (seat + 1) % self.players
        while not self._can_play(nxt):
            self.emit(Passed(nxt))
            nxt = (nxt + 1) % self.players
        return nxt

    def _can_play(self, seat: int) -> bool:
        fits = self.layout.fits
        return any(fits(tile, WEST) or fits(tile, EAST) for tile in self.hands[seat])

    def _end_hand(self, reason: str) -> int | None:
        left = [_pips(hand) for hand in self.hands]
        fewest = min(left)
        winner: int | None = left.index(fewest) if left.count(fewest) == 1 else None
        points = 0 if winner is None else sum(left) - fewest
        if winner is not None:
            self.add_points(winner, points)
        hands = tuple(tuple(hand) for hand in self.hands)
        self.emit(HandEnded(self.hand_number, reason, winner, points, hands, self.scores))
        if winner is not None and self.scores[winner] >= self.options.target:
            self.finish(winner, GameEnded(winner, self.scores))
            return None
        return self._new_hand()

    def copy_state(self, new: BlockDominoes) -> None:
        new.hand_number = self.hand_number
        new.hands = [hand[:] for hand in self.hands]
        new.layout = self.layout.copy()
        new.boneyard = self.boneyard

    # [end rules]

    # [start checks]
    def piece_places(self) -> dict[str, list[Tile]]:
        """Where every tile is now: each hand, the line and the boneyard."""
        places = {f"hand {seat}": hand[:] for seat, hand in enumerate(self.hands)}
        places["line"] = self.layout.all_tiles()
        places["boneyard"] = list(self.boneyard)
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Tile]:
        """The tiles ``seat`` may not see: the other hands (until the last hand ends) and the boneyard."""
        if self.is_over:  # the hand that ended the match has shown every tile left
            return frozenset(self.boneyard)
        others = [tile for s, hand in enumerate(self.hands) if s != seat for tile in hand]
        return frozenset([*others, *self.boneyard])

    # [end checks]

    # [start rl]
    @classmethod
    def action_values(cls, options: BlockOptions) -> dict[str, tuple[str | None, ...]]:
        """The ends a play may name, so that the environments can number the actions."""
        return {"Play.end": (None, "W", "E")}

    # [end rl]
