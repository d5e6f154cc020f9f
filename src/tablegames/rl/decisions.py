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
from typing import Any, Final

from tablegames.core.capabilities import ActionIds, FloatBuffer, ObservationSpec
from tablegames.core.derived import action_ids_of, observation_spec_of
from tablegames.core.errors import UnderivableError
from tablegames.core.events import Action
from tablegames.core.game import Game

__all__ = [
    "HAND_REWARD_SCALE",
    "Decision",
    "MissingCapability",
    "capabilities",
    "chosen_at",
    "hand_reward_divisor",
    "margins",
    "observation_fields",
    "observation_size",
]


class MissingCapability(TypeError):
    """A variant has no action ids of its own and none can be derived from what it publishes.

    The message says which field of which action class declares no values
    (:class:`~tablegames.core.errors.UnderivableError`, its cause).
    """


def capabilities(game: Game) -> tuple[ActionIds, ObservationSpec[Game]]:
    """The action numbering and observation layout for ``game``'s options: the variant's own, else the derived ones.

    A variant that writes :meth:`~tablegames.core.game.Game.action_ids` or
    :meth:`~tablegames.core.game.Game.observation_spec` gets its own; otherwise the defaults
    derived from what it publishes (:func:`~tablegames.core.derived.action_ids_of`,
    :func:`~tablegames.core.derived.observation_spec_of`), worked out once per variant and options.

    Raises:
        MissingCapability: if the variant has no numbering of its own and none can be derived,
            naming the variant and the field that declares no values.

    """
    cls = type(game)
    try:
        ids = action_ids_of(cls, game.options)
    except UnderivableError as exc:
        raise MissingCapability(
            f"{cls.name} provides no action_ids, and none can be derived from what it publishes: {exc.reason}"
        ) from exc
    return ids, observation_spec_of(cls, game.options)


def chosen_at(ids: ActionIds, spec: ObservationSpec[Game]) -> int | None:
    """Where the environments' ``chosen`` field starts in an observation, or ``None`` if it has none.

    A variant with actions chosen in parts (``ids.parts > 1``) gets ``ids.size`` more entries
    after its own ``spec.size``: 1 for each id chosen so far of the action being chosen. So an
    observation tells the position, parts included, and a policy needs no memory of its steps.
    """
    return spec.size if ids.parts > 1 else None


def observation_size(ids: ActionIds, spec: ObservationSpec[Game]) -> int:
    """The length of the environments' observation: the variant's vector, and ``chosen`` if it has one."""
    at = chosen_at(ids, spec)
    return spec.size if at is None else at + ids.size


def observation_fields(ids: ActionIds, spec: ObservationSpec[Game]) -> dict[str, slice]:
    """The environments' observation layout: the variant's fields, then ``chosen`` (see :func:`chosen_at`)."""
    fields = dict(spec.fields)
    at = chosen_at(ids, spec)
    if at is not None:
        fields["chosen"] = slice(at, at + ids.size)
    return fields


def margins(scores: Sequence[int]) -> list[float]:
    """Each side's margin: its score less the mean of the other sides' (its score, alone).

    >>> from tablegames.rl.decisions import margins
    >>> margins([30, 10, 20])
    [15.0, -15.0, 0.0]
    """
    sides = len(scores)
    if sides < 2:
        return [float(s) for s in scores]
    total = sum(scores)
    return [s - (total - s) / (sides - 1) for s in scores]


HAND_REWARD_SCALE: Final = 100.0
"""What a margin is divided by for ``reward="hand"`` where the variant declares neither a target
score nor a reward scale (see :func:`hand_reward_divisor`)."""


def hand_reward_divisor(variant: type[Game], options: Any, *, scale: float | None = None) -> float:
    """What a side's change of margin is divided by to give the ``reward="hand"`` reward.

    The size is ``scale`` where it is given (the environments' ``reward_scale`` setting), else the
    variant's declared target score
    (:meth:`~tablegames.core.game.Game.target_score`); where it declares none, ten times its
    :attr:`~tablegames.core.game.Game.reward_scale` (a clearly good hand is a tenth of a target),
    else :data:`HAND_REWARD_SCALE`. It is negative where the lowest score wins
    (:attr:`~tablegames.core.game.Game.lower_score_wins`): there a rise in one's score, against
    the others', is a loss. So a hand's rewards add up to the hand's margin over the target,
    with the sign that makes winning positive, in every variant.

    >>> import tablegames
    >>> from tablegames.rl.decisions import hand_reward_divisor
    >>> sniff = tablegames.get_variant("american-sniff")
    >>> hand_reward_divisor(sniff, sniff.options_class(players=2))
    250.0
    >>> hand_reward_divisor(sniff, sniff.options_class(players=2), scale=50)
    50.0
    """
    target = variant.target_score(options)
    if scale is not None:
        size = float(scale)
    elif target:
        size = float(target)
    elif variant.reward_scale:
        size = 10.0 * variant.reward_scale
    else:
        size = HAND_REWARD_SCALE
    return -size if variant.lower_score_wins else size


class Decision:
    """The current seat's choice in ``game``, id by id.

    Args:
        game: a game with a seat to act.
        ids: the variant's numbering (:func:`capabilities`).

    """

    __slots__ = ("_actions", "_by_ids", "_ids", "_legal", "chosen")

    def __init__(self, game: Game, ids: ActionIds) -> None:
        encode = ids.encode
        legal = game.legal_actions()
        # While every action is one id (the kit holds a numbering to its parts), the legal
        # actions and their ids are two lists in the same order: a handful of entries, which
        # list.index and ``in`` search faster than a dict could be built.
        self._actions: Sequence[Action] = legal
        self._by_ids: dict[tuple[int, ...], Action] | None = None
        if ids.parts == 1:
            self._ids: list[int] | None = [encode(action)[0] for action in legal]
        else:
            keys = [encode(action) for action in legal]
            if not keys or max(map(len, keys)) == 1:  # one id each (so far)
                self._ids = [key[0] for key in keys]
            else:  # some action in parts: every action keyed by its tuple of ids
                self._by_ids = dict(zip(keys, legal, strict=True))
                self._ids = None
        self._legal: list[int] | None = None
        self.chosen: tuple[int, ...] = ()
        """The ids chosen so far for an action chosen in parts."""

    def legal_ids(self) -> list[int]:
        """The ids that may come next, ascending (the same list until an id is chosen: do not change it)."""
        legal = self._legal
        if legal is None:
            if self._ids is not None:
                legal = sorted(self._ids)
            else:
                assert self._by_ids is not None
                depth = len(self.chosen)
                prefix = self.chosen
                legal = sorted({key[depth] for key in self._by_ids if key[:depth] == prefix})
            self._legal = legal
        return legal

    def allows(self, action_id: int) -> bool:
        """Whether ``action_id`` may come next."""
        if self._ids is not None:
            return action_id in self._ids
        assert self._by_ids is not None
        key = (*self.chosen, action_id)
        return any(k[: len(key)] == key for k in self._by_ids)

    def choose(self, action_id: int) -> Action | None:
        """Take ``action_id``: the action if its ids are complete now, else ``None`` (choose again).

        Raises:
            ValueError: if ``action_id`` may not come next.

        """
        if self._ids is not None:
            try:
                return self._actions[self._ids.index(action_id)]
            except ValueError:
                raise ValueError(f"id {action_id!r} is not legal now; legal: {self.legal_ids()}") from None
        assert self._by_ids is not None
        key = (*self.chosen, action_id)
        action = self._by_ids.get(key)
        if action is not None:
            self.chosen = ()
            self._legal = None
            return action
        if not any(k[: len(key)] == key for k in self._by_ids):
            raise ValueError(f"id {action_id!r} is not legal now; legal: {self.legal_ids()}")
        self.chosen = key
        self._legal = None
        return None

    def write_mask(self, out: FloatBuffer) -> None:
        """Set ``out[i]`` to 1 for each id ``i`` that may come next, in a zeroed mask (an ``int8`` array, say)."""
        for i in self._ids if self._ids is not None else self.legal_ids():
            out[i] = 1

    def write(self, mask: FloatBuffer, vector: FloatBuffer, at: int | None) -> None:
        """Write the decision's part of an observation.

        Its ids go in the zeroed ``mask``, and the ids chosen so far in ``vector``'s ``chosen``
        field at ``at`` (:func:`chosen_at`; ``None`` if the observation has no such field).
        """
        self.write_mask(mask)
        if at is not None and self.chosen:
            self.write_chosen(vector, at)

    def write_chosen(self, out: FloatBuffer, at: int) -> None:
        """Set ``out[at + i]`` to 1 for each id ``i`` chosen so far (the ``chosen`` field)."""
        for i in self.chosen:
            out[at + i] = 1.0

    def only(self) -> int | None:
        """The one id that may come next, if there is only one (a forced choice), else ``None``."""
        legal = self.legal_ids()
        return legal[0] if len(legal) == 1 else None

    @property
    def actions(self) -> Sequence[Action]:
        """The legal actions this decision chooses among."""
        return tuple(self._actions)
