"""The bot protocol: a bot sees only what its seat may know.

A :class:`Bot` is given an :class:`~tablegames.core.observation.Observation` (its seat's view, its redacted log and its
legal actions) and a random generator, and returns one of the legal actions. It never receives
the game object, so it cannot read another seat's hand: the :class:`Table` that runs a match
holds the game and hands each bot only its observation.

>>> import random, tablegames
>>> from tablegames.bots import RandomBot, Table
>>> game = tablegames.new_game("american-sniff", seed=4, players=2)
>>> table = Table(game, [RandomBot(), RandomBot()], rng=random.Random(4))
>>> table.play()
>>> game.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from tablegames.core.events import Action, Event
from tablegames.core.game import Game
from tablegames.core.observation import Observation

__all__ = ["Bot", "Table"]


@runtime_checkable
class Bot(Protocol):
    """A player: given what its seat may know and a generator, it returns a legal action."""

    name: str
    """The bot's name on the command line."""

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """One of ``observation.legal``."""
        ...  # pragma: no cover


class Table:
    """Runs a match: holds the game, keeps each seat's redacted log, asks the bots in turn.

    Args:
        game: a game that has not ended.
        bots: one bot per seat.
        rng: the generator the bots draw from (one per table keeps matches reproducible).
    """

    def __init__(self, game: Game, bots: Sequence[Bot], *, rng: random.Random) -> None:
        if len(bots) != game.players:
            raise ValueError(f"{game.players} seats need {game.players} bots, not {len(bots)}")
        self.game = game
        """The game being played (the table's, never a bot's)."""
        self.bots = tuple(bots)
        """The bot in each seat."""
        self.rng = rng
        """The bots' generator."""
        self._seen = 0
        self._logs: list[list[Event]] = [[] for _ in bots]
        self._catch_up()

    def _catch_up(self) -> None:
        events = self.game.events
        for event in events[self._seen :]:
            for seat, log in enumerate(self._logs):
                log.append(event.redact(seat))
        self._seen = len(events)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know now."""
        game = self.game
        return Observation(
            variant=game.name,
            options=game.options,
            seat=seat,
            view=game.view(seat),
            events=tuple(self._logs[seat]),
            legal=tuple(game.legal_actions()) if seat == game.current_player else (),
        )

    def step(self) -> Action:
        """Ask the current seat's bot for an action and apply it; the action.

        Raises:
            IllegalActionError: if the bot returns an illegal action.
        """
        seat = self.game.current_player
        if seat is None:
            raise ValueError("the game is over")
        action = self.bots[seat].act(self.observe(seat), self.rng)
        self.game.apply(action, seat=seat)
        self._catch_up()
        return action

    def play(self, *, max_steps: int = 1_000_000) -> None:
        """Play until the game ends (or ``max_steps`` actions, a guard against bots that loop)."""
        for _ in range(max_steps):
            if self.game.is_over:
                return
            self.step()
        raise RuntimeError(f"the match did not end within {max_steps} actions")
