"""The optional capabilities a variant may provide, as protocols.

Every layer above the variants (bots, the command line, the page, the environments) works with
any conforming variant through a generic default; a variant that provides a capability gets
more from it (speed, strength, a nicer table). Each is a classmethod or class attribute of the
variant's :class:`~tablegames.core.game.Game` subclass whose default says "not provided".

* :meth:`Game.log_filler <tablegames.core.game.Game.log_filler>`: a :class:`LogFiller`, for
  world sampling that knows the rules (the generic sampler of :mod:`tablegames.bots.worlds`
  finds worlds by replaying candidates, which is slower where the rules constrain hidden
  pieces strongly). A filler that is also a :class:`PlacesHidden` puts a sampled hand's
  pieces into a world directly, and the sampler skips replaying the hand.
* :meth:`Game.action_ids <tablegames.core.game.Game.action_ids>`: an :class:`ActionIds`, a
  fixed numbering of every action the variant can have for given options (for reinforcement
  learning: a policy's output layer, legal-action masks). No generic default: without it the
  environments of :mod:`tablegames.rl` refuse the variant, saying so.
* :meth:`Game.observation_spec <tablegames.core.game.Game.observation_spec>`: an
  :class:`ObservationSpec`, a flat ``float32`` vector per seat with a documented layout, built
  from what that seat may know. No generic default either.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar, runtime_checkable

import tablegames.core.game  # the module (game.py imports this one): its Game is named in full below
from tablegames.core.events import Action, Event

__all__ = ["ActionIds", "FloatBuffer", "GameT_contra", "LogFiller", "ObservationSpec", "PlacesHidden"]

GameT_contra = TypeVar("GameT_contra", bound="tablegames.core.game.Game", contravariant=True)
"""The game class an :class:`ObservationSpec` reads (contravariant: a spec that reads any game
reads a Sniff game too)."""


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


@runtime_checkable
class PlacesHidden(Protocol):
    """A :class:`LogFiller` that can put the pieces of a hand it filled into a world directly.

    The world sampler (:class:`~tablegames.bots.sampler.WorldSampler`) replays the current hand
    of every world to check it against the log; where the filler is also a ``PlacesHidden``, it
    replays one world and builds the next ones from a copy of it
    (:meth:`Game.with_hidden_events <tablegames.core.game.Game.with_hidden_events>`), the copy's
    hidden pieces moved by :meth:`place_hidden`. The filler then answers for the rules the
    replay would have checked: :meth:`place_hidden` returns ``True`` only for a hand whose
    replay would agree with the log. That is for a variant's own filler, which knows all its
    rules: a family base's filler cannot answer for a variant's hooks that read hidden pieces
    (the holder of a card leading, say), which only the replay checks.
    """

    def place_hidden(self, world: tablegames.core.game.Game, hand: Sequence[Event]) -> bool:
        """Move ``world``'s hidden pieces to where ``hand`` leaves them; whether ``hand`` is a world of the log.

        ``world`` is a copy of a world of the log, at its end; ``hand`` is what
        :meth:`~LogFiller.fill_hand` returned, the current hand's events from its deal on.
        Returns ``False``, with ``world`` in any state (it is dropped), for a hand whose
        replay would not agree with the log (a rule the filler's draws do not keep to).
        """
        ...  # pragma: no cover


@runtime_checkable
class ActionIds(Protocol):
    """A fixed, documented numbering of every action a variant can have for given options.

    Ids run from ``0`` to ``size - 1``. Most actions are one id; an action chosen in parts (a
    discard of several cards, say) is a short sequence of ids, one part each, in the order
    :meth:`encode` gives, so the number of ids stays small enough for a policy's output layer
    (at most a few hundred). The numbering depends on the options only, never on a game's
    state: the same id is the same action (or part) in every position.

    Built by a variant's :meth:`~tablegames.core.game.Game.action_ids`. The conformance kit
    checks that :meth:`encode` and :meth:`decode` are inverse on every legal action of random
    games, that distinct legal actions have distinct encodings none a prefix of another's, and
    that every id is below :attr:`size`.
    """

    @property
    def size(self) -> int:
        """How many ids there are."""
        ...  # pragma: no cover

    @property
    def parts(self) -> int:
        """How many ids an action has at most (``1`` if no action is chosen in parts).

        The environments add the ids chosen so far to the observation when it is above 1, so
        a policy choosing an action part by part sees the parts it chose (its input stays a
        function of the position, not of the steps that led there).
        """
        ...  # pragma: no cover

    def names(self) -> Sequence[str]:
        """A short label for each id, in id order (the numbering, documented)."""
        ...  # pragma: no cover

    def encode(self, action: Action) -> tuple[int, ...]:
        """The ids of ``action``: one, or one per part for an action chosen in parts.

        Raises:
            ValueError: if ``action`` is not an action of this variant under these options.

        """
        ...  # pragma: no cover

    def decode(self, ids: Sequence[int]) -> Action:
        """The action whose encoding is ``ids``, interned where the variant interns its actions.

        Raises:
            ValueError: if ``ids`` is the encoding of no action.

        """
        ...  # pragma: no cover


class FloatBuffer(Protocol):
    """Where an observation is written: a ``float32`` NumPy array or an ``array.array("f")``.

    It reads as well as it writes (``out[i] += x``).
    """

    def __getitem__(self, index: int, /) -> float:
        """One entry."""
        ...  # pragma: no cover

    def __setitem__(self, index: int, value: float, /) -> None:
        """Set one entry."""
        ...  # pragma: no cover

    def __len__(self) -> int:
        """The number of entries."""
        ...  # pragma: no cover


@runtime_checkable
class ObservationSpec(Protocol[GameT_contra]):
    """What one seat may know, as a flat vector of ``size`` floats with a documented layout.

    Generic in the game class it reads: a variant's spec is an ``ObservationSpec[Sniff]``, say,
    whose :meth:`write` takes a Sniff game, typed, with no cast; a layer that works with any
    variant holds an ``ObservationSpec[Game]``.

    Built by a variant's :meth:`~tablegames.core.game.Game.observation_spec` for given options.
    :meth:`write` reads the engine's state directly (not a view object) and must use only what
    the seat may know: its view, and the public facts of the history a strong player tracks.
    The conformance kit checks that two games a seat cannot tell apart give it the same vector.
    """

    @property
    def size(self) -> int:
        """The length of the vector."""
        ...  # pragma: no cover

    @property
    def fields(self) -> Mapping[str, slice]:
        """Each named part of the vector and where it lies (the layout, documented)."""
        ...  # pragma: no cover

    def write(self, game: GameT_contra, seat: int, out: FloatBuffer) -> None:
        """Write ``seat``'s observation of ``game`` into ``out``.

        ``out`` holds ``size`` zeros when called (a ``float32`` buffer: a NumPy array or an
        ``array.array("f")``); only the entries that are not zero need writing, which keeps it
        cheap.
        """
        ...  # pragma: no cover
