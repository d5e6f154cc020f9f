"""A scenario: one reproducible way of playing a variant, and the kit's failure type.

Every check of the kit takes a :class:`Scenario`: the variant, its options, the seed, and the
choices that drive play. Hypothesis draws scenarios (see :mod:`tablegames.testing.strategies`)
and shrinks a failing one to a small example, whose ``repr`` can be pasted back into a call.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from tablegames.bots.random import RandomBot
from tablegames.core.events import Action
from tablegames.core.game import Game, build_options
from tablegames.core.serde import dumps, to_json

__all__ = ["CheckNotApplicable", "ConformanceError", "Scenario"]

_BOT = RandomBot()


class ConformanceError(AssertionError):
    """A variant broke a promise of the Game contract; the message says which, where and how.

    It is an :class:`AssertionError`, so pytest reports it as a failure and Hypothesis
    shrinks the scenario that raised it.
    """

    check: str
    """The name of the check that failed (such as ``"replay"``)."""
    scenario: Scenario
    """The scenario that showed it."""
    step: int | None
    """How many actions had been applied when it showed (``None``: not tied to a step)."""
    detail: str
    """What differed, or what happened instead of what was promised."""

    def __init__(self, check: str, scenario: Scenario, step: int | None, detail: str) -> None:
        self.check = check
        self.scenario = scenario
        self.step = step
        self.detail = detail
        where = "" if step is None else f" at step {step}"
        super().__init__(f"{scenario.variant.name}: check {check!r} failed{where}: {detail}\n  scenario: {scenario!r}")


class CheckNotApplicable(Exception):
    """A check cannot run on this variant (it does not implement an optional hook the check needs).

    The pytest integration reports it as a skip; :func:`~tablegames.testing.runner.check_variant`
    lists the check as not applicable.
    """


def _variant_repr(cls: type[Game]) -> str:
    return cls.__qualname__


def _options_repr(options: Any) -> str:
    try:
        return repr(json.loads(dumps(options)))
    except Exception:  # pragma: no cover - options always have a JSON form
        return repr(options)


@attrs.frozen(kw_only=True, repr=False)
class Scenario:
    """One reproducible way to play a variant: options, seed and every choice.

    Play is driven by ``choices`` (an index into :meth:`~tablegames.core.game.Game.legal_actions` for each of the
    first steps, taken modulo the number of legal actions), then by
    :class:`~tablegames.bots.random.RandomBot` drawing from a generator seeded with ``then``
    (uniform, except that in an auction it mostly passes and bids low, so matches end). The
    *position* a check looks at is the one after ``steps`` actions (or the end of the game,
    if that comes first).

    >>> from tablegames.testing.scenario import Scenario
    >>> from tablegames.core.registry import get_variant

    >>> Sniff = get_variant("american-sniff")
    >>> scenario = Scenario(variant=Sniff, options={"players": 2}, seed=1, choices=(0, 1), steps=3)
    >>> game = scenario.position()
    >>> len([e for e in game.log().events if e.tag == "tile_played"])
    3
    >>> scenario.seed, scenario.options
    (1, SniffOptions(players=2, target=250))
    """

    variant: type[Game] = attrs.field(repr=_variant_repr)
    """The variant (a :class:`~tablegames.core.game.Game` subclass)."""
    options: Any = attrs.field(default=None)
    """The variant's options (an instance of its options class, or a mapping of options only).

    A ``"seed"`` or ``"deals"`` key is refused as an unknown option, as ``new_game(name,
    options=...)`` refuses it."""
    seed: int = 0
    """The game's seed."""
    choices: tuple[int, ...] = attrs.field(default=(), converter=tuple)
    """Indices into the legal actions for the first steps (modulo their number)."""
    then: int = 0
    """The seed of the random choices once ``choices`` run out."""
    steps: int = 0
    """How many actions lead to the position the checks look at."""
    seat: int = 0
    """The seat a check looks from, where it needs one (modulo the number of seats)."""
    swaps: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=tuple)
    """Pairs of indices into the pieces hidden from ``seat`` (from a spectator, for the
    ``public_indistinguishable`` check), swapped to make a second deal."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "options", build_options(self.variant.options_class, self.options or {}))

    def __repr__(self) -> str:
        return (
            f"Scenario(variant={_variant_repr(self.variant)}, options={_options_repr(self.options)}, "
            f"seed={self.seed}, choices={self.choices!r}, then={self.then}, steps={self.steps}, "
            f"seat={self.seat}, swaps={self.swaps!r})"
        )

    def new_game(self, deals: tuple[Any, ...] | list[Any] = ()) -> Game:
        """A new game of the scenario's variant, options and seed (with stacked ``deals``)."""
        return self.variant.create(self.options, seed=self.seed, deals=deals)

    def chooser(self) -> Callable[[Game, int], Action]:
        """A function ``(game, step) -> action`` that makes the scenario's choices, in order.

        Make a fresh one for every game played: after ``choices`` it draws from its own
        generator.
        """
        rng = random.Random(self.then)
        choices = self.choices

        def choose(game: Game, step: int) -> Action:
            legal = game.legal_actions()
            if not legal:
                raise ConformanceError("legal actions", self, step, "the game is not over but nothing is legal")
            if step < len(choices):
                return legal[choices[step] % len(legal)]
            return _BOT.choose(legal, rng)

        return choose

    def play(self, game: Game, *, limit: int) -> Iterator[tuple[int, Action]]:
        """Apply the scenario's choices to a new ``game``, yielding ``(step, action)`` after each.

        Args:
            game: a game at its start.
            limit: the step at which to stop, if the game is not over before.

        """
        choose = self.chooser()
        step = 0
        while step < limit and not game.is_over:
            action = choose(game, step)
            game.apply(action)
            step += 1
            yield step, action

    def position(self) -> Game:
        """The game after ``steps`` actions (or its end, if that comes first)."""
        game = self.new_game()
        for _ in self.play(game, limit=self.steps):
            pass
        return game

    def seat_of(self, game: Game) -> int:
        """The seat the scenario looks from in ``game``."""
        return self.seat % game.players

    def describe(self, action: Action) -> str:
        """``action`` as JSON text, for messages."""
        return json.dumps(to_json(action), separators=(",", ":"))
