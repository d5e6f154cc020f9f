"""The optional capabilities a variant may provide, as protocols.

Every layer above the variants (bots, the command line, the page, the environments) works with
any conforming variant through a generic default; a variant that provides a capability gets
more from it (speed, strength, a nicer table). Each is a classmethod or class attribute of the
variant's :class:`~tablegames.core.game.Game` subclass whose default says "not provided".

* :meth:`Game.log_filler <tablegames.core.game.Game.log_filler>`: a :class:`LogFiller`, for
  world sampling that knows the rules (the generic sampler of :mod:`tablegames.bots.worlds`
  finds worlds by replaying candidates, which is slower where the rules constrain hidden
  pieces strongly).
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from tablegames.core.events import Event

__all__ = ["LogFiller"]


@runtime_checkable
class LogFiller(Protocol):
    """Fills the hidden fields of one seat's redacted log with pieces consistent with it.

    Built by a variant's :meth:`~tablegames.core.game.Game.log_filler` from the log's events,
    the seat and the options; the world sampler replays what it returns, which checks every
    rule, so a filler only has to be *likely* right to be fast, never *always* right to be
    correct. It must not leave out worlds that are consistent with the log, or the samples
    are biased.
    """

    def fill(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The log's events with every hidden field filled, or ``None`` at a dead end (draw again).

        ``relaxed`` also allows assignments the filler leaves out at first as rare.
        """
        ...  # pragma: no cover

    def fill_hand(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The same for the last hand's events only, from its deal event on."""
        ...  # pragma: no cover
