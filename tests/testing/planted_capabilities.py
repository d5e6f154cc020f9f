"""Variants whose optional capabilities break their promises, for the kit's ``capabilities`` and ``text`` checks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from tablegames.core.events import Action, Event
from tablegames.core.observation import Observation
from tablegames.core.search import Playout, SearchWorlds, WorldSource
from tablegames.variants.smear import Pass
from tablegames.variants.sniff import Sniff
from tablegames.variants.sniff.search import SniffPlayout, SniffWorlds

__all__ = ["BadRewardSniff", "LostWorldSniff", "MultilineSniff", "TupleViewSniff", "WildHeuristicSniff"]


class WildHeuristicSniff(Sniff):
    """Its heuristic answers with a Smear pass, never legal in a Sniff game."""

    name: ClassVar[str] = "wild-heuristic-sniff"

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action:
        return Pass()


class _LostWorlds(SniffWorlds):
    def sample(self, rng: random.Random) -> Playout:
        playout = super().sample(rng)
        playout.current = (self.me + 1) % playout.game.players  # another seat's turn
        return playout


class LostWorldSniff(Sniff):
    """Its search worlds put another seat at the decision."""

    name: ClassVar[str] = "lost-world-sniff"

    @classmethod
    def search_worlds(cls, observation: Observation, worlds: WorldSource, *, greedy: bool) -> SearchWorlds:
        return _LostWorlds(cls, observation, worlds, greedy=greedy)


class _BadRewardPlayout(SniffPlayout):
    def rewards(self) -> list[float]:
        return [2.0, -1.0]


class _BadRewardWorlds(SniffWorlds):
    def wrap(self, game: Sniff, *, local: bool) -> SniffPlayout:  # type: ignore[override]
        playout = super().wrap(game, local=local)
        playout.__class__ = _BadRewardPlayout
        return playout


class BadRewardSniff(Sniff):
    """Its playouts reward outside 0..1."""

    name: ClassVar[str] = "bad-reward-sniff"

    @classmethod
    def search_worlds(cls, observation: Observation, worlds: WorldSource, *, greedy: bool) -> SearchWorlds:
        return _BadRewardWorlds(cls, observation, worlds, greedy=greedy)


class _SharingPlayout(SniffPlayout):
    def fork(self) -> SniffPlayout:
        fork = super().fork()
        fork.game = self.game  # the world itself, not a copy
        return fork


class _SharingWorlds(SniffWorlds):
    def wrap(self, game: Sniff, *, local: bool) -> SniffPlayout:  # type: ignore[override]
        playout = super().wrap(game, local=local)
        playout.__class__ = _SharingPlayout
        return playout


class SharedForkSniff(Sniff):
    """Its playouts' forks share the world's game."""

    name: ClassVar[str] = "shared-fork-sniff"

    @classmethod
    def search_worlds(cls, observation: Observation, worlds: WorldSource, *, greedy: bool) -> SearchWorlds:
        return _SharingWorlds(cls, observation, worlds, greedy=greedy)


class _StrayPlayout(SniffPlayout):
    def fork(self) -> SniffPlayout:
        fork = super().fork()
        fork.greedy = not self.greedy  # a copy that plays by another policy
        return fork


class _StrayWorlds(SniffWorlds):
    def wrap(self, game: Sniff, *, local: bool) -> SniffPlayout:  # type: ignore[override]
        playout = super().wrap(game, local=local)
        playout.__class__ = _StrayPlayout
        return playout


class StrayForkSniff(Sniff):
    """Its playouts' forks play otherwise than their worlds."""

    name: ClassVar[str] = "stray-fork-sniff"

    @classmethod
    def search_worlds(cls, observation: Observation, worlds: WorldSource, *, greedy: bool) -> SearchWorlds:
        return _StrayWorlds(cls, observation, worlds, greedy=greedy)


class MultilineSniff(Sniff):
    """It describes an event in two lines."""

    name: ClassVar[str] = "multiline-sniff"

    def describe_event(self, event: Event) -> str:
        return f"{event.tag}\nand more"


class TupleViewSniff(Sniff):
    """Its view renderer answers a tuple."""

    name: ClassVar[str] = "tuple-view-sniff"

    @classmethod
    def render_view(cls, view: Any, labels: Sequence[str]) -> list[str]:
        return tuple(super().render_view(view, labels))  # type: ignore[return-value]
