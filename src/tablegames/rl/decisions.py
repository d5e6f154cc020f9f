"""A seat's decision as integer ids: the legal ids now, and the action once its ids are all chosen.

Most actions are one id (:class:`~tablegames.core.capabilities.ActionIds`); an action chosen in
parts (a discard of several cards) is a short sequence of ids, chosen one at a time. A
:class:`Decision` holds the legal actions of the current position by their encodings, and
the ids chosen so far; it needs no NumPy, so anything may use it.

>>> import tablegames
>>> from tablegames.rl.decisions import Decision, capabilities
>>> game = tablegames.new_game("american-sniff", seed=3, players=2)
>>> ids, spec = capabilities(game)
>>> decision = Decision(game, ids)
>>> first = decision.legal_ids()[0]
>>> decision.choose(first) in game.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.core.capabilities import ActionIds, ObservationSpec
from tablegames.core.events import Action
from tablegames.core.game import Game

__all__ = ["Decision", "MissingCapability", "capabilities"]


class MissingCapability(TypeError):
    """A variant lacks a capability the environments need (action ids or observation tensors)."""


def capabilities(game: Game) -> tuple[ActionIds, ObservationSpec]:
    """The variant's action numbering and observation layout for ``game``'s options.

    Raises:
        MissingCapability: naming the variant and what it lacks; no numbering can be derived
            from the Game contract alone.

    """
    cls = type(game)
    ids = cls.action_ids(game.options)
    spec = cls.observation_spec(game.options)
    missing = [name for name, found in (("action_ids", ids), ("observation_spec", spec)) if found is None]
    if missing:
        raise MissingCapability(
            f"{cls.name} provides no {' and no '.join(missing)}: the reinforcement-learning environments need "
            "both (see tablegames.core.capabilities.ActionIds and ObservationSpec)"
        )
    assert ids is not None and spec is not None
    return ids, spec


class Decision:
    """The current seat's choice in ``game``, id by id.

    Args:
        game: a game with a seat to act.
        ids: the variant's numbering (:func:`capabilities`).

    """

    __slots__ = ("_by_ids", "_single", "chosen")

    def __init__(self, game: Game, ids: ActionIds) -> None:
        legal = game.legal_actions()
        by_ids = {ids.encode(action): action for action in legal}
        self._by_ids = by_ids
        self._single = all(len(key) == 1 for key in by_ids)
        self.chosen: tuple[int, ...] = ()
        """The ids chosen so far for an action chosen in parts."""

    def legal_ids(self) -> list[int]:
        """The ids that may come next, ascending."""
        if self._single:
            return sorted(key[0] for key in self._by_ids)
        depth = len(self.chosen)
        prefix = self.chosen
        return sorted({key[depth] for key in self._by_ids if key[:depth] == prefix})

    def allows(self, action_id: int) -> bool:
        """Whether ``action_id`` may come next."""
        key = (*self.chosen, action_id)
        if self._single:
            return key in self._by_ids
        return any(k[: len(key)] == key for k in self._by_ids)

    def choose(self, action_id: int) -> Action | None:
        """Take ``action_id``: the action if its ids are complete now, else ``None`` (choose again).

        Raises:
            ValueError: if ``action_id`` may not come next.

        """
        key = (*self.chosen, action_id)
        action = self._by_ids.get(key)
        if action is not None:
            self.chosen = ()
            return action
        if self._single or not any(k[: len(key)] == key for k in self._by_ids):
            raise ValueError(f"id {action_id!r} is not legal now; legal: {self.legal_ids()}")
        self.chosen = key
        return None

    def only(self) -> int | None:
        """The one id that may come next, if there is only one (a forced choice), else ``None``."""
        legal = self.legal_ids()
        return legal[0] if len(legal) == 1 else None

    @property
    def actions(self) -> Sequence[Action]:
        """The legal actions this decision chooses among."""
        return tuple(self._by_ids.values())
