"""All Fives: the game, hand after hand, by the rules page (``RULES.rst``), on the draw game base.

:class:`~tablegames.mechanics.drawgame.DrawGame` plays the deal, the turns, drawing, passing
and the block; All Fives chooses its count, who leads, and how a hand's end scores.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from tablegames.components.tiles import Tile
from tablegames.core.events import Event
from tablegames.core.rng import hand_rng
from tablegames.mechanics.dominoes import HandEnded, Passed, TileDrawn, TilePlayed
from tablegames.mechanics.drawgame import DrawGame, DrawView, Scored
from tablegames.mechanics.line import LineLayout
from tablegames.mechanics.match import GameEnded
from tablegames_all_fives.events import HandDealt, LeaderChosen
from tablegames_all_fives.options import HAND_SIZES, AllFivesDeal, AllFivesOptions
from tablegames_all_fives.rules import all_fives_count, block_result, domino_points, opening_lead
from tablegames_all_fives.text import describe_event

__all__ = ["AllFives", "AllFivesView"]


@attrs.frozen(kw_only=True)
class AllFivesView(DrawView):
    """Everything one seat may know: the draw game's view, the boneyard's size and the leader."""

    boneyard_size: int
    """Tiles left in the boneyard."""
    leader: int
    """The seat that led the current hand."""


class AllFives(DrawGame[AllFivesOptions, AllFivesView]):
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
    options_class: ClassVar[type[AllFivesOptions]] = AllFivesOptions
    deal_class: ClassVar[type[AllFivesDeal]] = AllFivesDeal
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        *(HandDealt, LeaderChosen, TilePlayed, Scored),
        *(TileDrawn, Passed, HandEnded, GameEnded),
    )
    hand_sizes: ClassVar = HAND_SIZES
    stock_name: ClassVar[str] = "boneyard"
    hand_dealt_class: ClassVar = HandDealt
    view_class: ClassVar = AllFivesView

    __slots__ = ()


    @property
    def boneyard(self) -> list[Tile]:
        """The boneyard in drawing order (hidden information): the draw game's stock."""
        return self.stock

    def view(self, seat: int) -> AllFivesView:
        """What ``seat`` may know: its own hand, the table, the count, scores and its legal actions."""
        return AllFivesView(**self.view_fields(seat), leader=self.leader)

    def describe_event(self, event: Event) -> str:
        """One line of text saying what ``event`` means (:func:`~tablegames_all_fives.text.describe_event`)."""
        return describe_event(event)

    def shuffle(self, hand_number: int) -> list[Tile]:
        """The 28 tiles shuffled by the hand's own random number generator."""
        tiles = list(self.tiles)
        hand_rng(self.seed, hand_number).shuffle(tiles)
        return tiles

    @classmethod
    def layout_count(cls, layout: LineLayout, options: Any) -> int:
        """The sum of the open ends (rule 10, :func:`~tablegames_all_fives.rules.all_fives_count`)."""
        return all_fives_count(layout)

    def choose_leader(self, deal: Any, winner: int | None) -> int:
        """Rule 5: the last hand's winner leads; else the highest double (or heaviest tile), which opens."""
        if winner is None:
            lead = opening_lead(deal.hands)
            winner, self.lead_tile, reason = lead.seat, lead.tile, lead.reason
        else:
            reason = "domino" if self.ended_by == "domino" else "block"
        self.emit(LeaderChosen(winner, reason, self.lead_tile))
        return winner

    def settle_hand(self, reason: str, seat: int | None) -> int | None:
        """Rules 15 and 16: a domino scores the opponents' pips; a block, the fewest pips' side the difference."""
        if seat is not None:
            points = domino_points(self.hands, seat, self.seating)
            if points:
                self.score(seat, points, "domino")
            return seat
        result = block_result(self.hands, self.seating)
        if result.side is not None and result.points:
            self.score(result.seat, result.points, "block", side=result.side)
        return result.seat
