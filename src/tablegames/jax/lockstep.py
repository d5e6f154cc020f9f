"""Lockstep: an array game and the reference engine take the same ids, and must agree at every step.

:func:`lockstep` plays many matches of a variant on both. At every hand's start the reference
position goes through the array game's ``from_game``; then both take the same random legal
ids to the hand's end, and at every step the legal masks, the player to move, the scores,
the end flags, the rewards, the ids chosen so far and every seat's observation must be equal.
An array game that knows its next deal in advance (:class:`~tablegames.jax.protocol.DealsAhead`)
has it stacked on the reference at every hand's start, so the step that ends a hand deals the
same pieces on both sides and is compared in full. Otherwise that step deals a new hand on each
side from different shuffles, so there the observations are compared without the ``hand``
field (the cards dealt); everything else, the new hand's bidding mask and the dealer
included, must still agree.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs
import jax
import numpy as np

from tablegames.bots import RandomBot
from tablegames.core.capabilities import ActionIds
from tablegames.core.game import Game, build_options
from tablegames.core.registry import get_variant
from tablegames.jax.games import array_game, key_of
from tablegames.jax.protocol import ArrayGame, DealsAhead
from tablegames.rl.decisions import Decision, capabilities

__all__ = ["LockstepReport", "lockstep"]

_DEALT: Final = "hand"
"""The observation field that holds the seat's own pieces: it differs after a new deal."""


@attrs.frozen(kw_only=True)
class LockstepReport:
    """What a :func:`lockstep` run compared, all of it equal (a difference raises instead)."""

    variant: str
    """The variant's name."""
    options: Mapping[str, Any]
    """The options played, as given."""
    matches: int
    """Whole matches played to their end on both sides."""
    hands: int
    """Hands played (each started from the reference by ``from_game``), throw-ins included."""
    steps: int
    """Ids taken (each compared)."""
    observations: int
    """Seat observations compared."""


@attrs.define
class _Row:
    """One match in the batch: the reference game, its decision and its place in the run."""

    game: Game
    decision: Decision
    seed: int
    hand: int = 1
    step: int = 0
    last: str = "from_game at the hand's start"


def _policy(rng: random.Random) -> Callable[[Decision, ActionIds], int]:
    """The random legal ids: where a pass and bids are offered, as :class:`~tablegames.bots.RandomBot` bids.

    Uniformly random bids set the bidder so often that a Smear match never ends; so a whole
    action is drawn as the random bot draws it (a pass 60% of the time, else the lowest bid)
    and its first id taken. Everywhere else, an id uniformly among the legal ones.
    """
    bot = RandomBot()

    def choose(decision: Decision, ids: ActionIds) -> int:
        actions = decision.actions
        if not decision.chosen and any(a.auction_call == "bid" for a in actions):
            return ids.encode(bot.choose(actions, rng))[0]
        return rng.choice(decision.legal_ids())

    return choose


def _differ(what: str, ours: Any, theirs: Any) -> str | None:
    ours, theirs = np.asarray(ours), np.asarray(theirs)
    if ours.shape == theirs.shape and np.array_equal(ours, theirs):
        return None
    if ours.shape != theirs.shape:
        return f"{what}: arrays shape {ours.shape}, reference {theirs.shape}"
    at = [int(i) for i in np.flatnonzero(ours.reshape(-1) != theirs.reshape(-1))[:4]]
    return f"{what} at {at}: arrays {ours.reshape(-1)[at].tolist()}, reference {theirs.reshape(-1)[at].tolist()}"


def lockstep(
    name: str,
    *,
    matches: int = 200,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    width: int = 64,
    arrays: ArrayGame | None = None,
) -> LockstepReport:
    """Play ``matches`` matches on the array game and the reference, checking every step.

    Args:
        name: the variant's registered name.
        matches: how many whole matches (seeds ``seed``, ``seed + 1``, ...).
        options: the variant's options.
        seed: the first match's seed; the random ids are drawn from it too.
        width: how many matches step together in one batch.
        arrays: the array game to check; by default the variant's own (:func:`~tablegames.jax.make`).

    Returns:
        What was compared.

    Raises:
        AssertionError: at the first difference, naming the match's seed, the hand, the step,
            the id taken and what differed.
        MissingCapability: if the variant provides no array game, action ids or observations.

    """
    given = dict(options or {})
    variant = get_variant(name)
    game_arrays = array_game(variant, build_options(variant.options_class, given)) if arrays is None else arrays
    run = _Run(name, given, game_arrays, seed=seed, matches=matches, width=width)
    return run.play()


class _Run:
    """One :func:`lockstep` run: a batch of matches on both sides, and the reference's arrays to compare."""

    def __init__(
        self, name: str, options: dict[str, Any], arrays: ArrayGame, *, seed: int, matches: int, width: int
    ) -> None:
        self.name, self.options, self.arrays = name, options, arrays
        self.choose = _policy(random.Random(f"tablegames/lockstep/{seed}"))
        self.seeds = iter(range(seed, seed + matches))
        self.counts = {"matches": 0, "hands": 0, "steps": 0, "observations": 0}
        self.rows: list[_Row | None] = [self.start(s) for _, s in zip(range(width), self.seeds, strict=False)]
        self.step = jax.jit(jax.vmap(arrays.step))
        self.observe = jax.jit(jax.vmap(jax.vmap(arrays.observe, in_axes=(None, 0)), in_axes=(0, None)))
        self.ahead = arrays if isinstance(arrays, DealsAhead) else None

    def start(self, match_seed: int) -> _Row:
        game = get_variant(self.name).create(self.options, seed=match_seed)
        self.counts["hands"] += 1
        return _Row(game, Decision(game, capabilities(game)[0]), match_seed)

    def play(self) -> LockstepReport:
        """Step every match to its end, refilling the batch with the next seeds; check after every step."""
        rows = self.rows
        first = next((r for r in rows if r is not None), None)
        if first is None:
            return LockstepReport(variant=self.name, options=self.options, matches=0, hands=0, steps=0, observations=0)
        self.ids, self.spec = capabilities(first.game)
        self.seats = np.arange(first.game.players)
        template = self.arrays.from_game(first.game, key=key_of(first.game))
        batch = jax.tree_util.tree_map(lambda leaf: np.stack([np.asarray(leaf)] * len(rows)), template)
        started = [i for i, r in enumerate(rows) if r is not None]
        self.resync(batch, started)
        self.check(batch, started, dealt=[])
        names = self.ids.names()
        while any(r is not None for r in rows):
            actions = np.zeros(len(rows), np.int32)
            for i, row in enumerate(rows):
                if row is not None:
                    actions[i] = self.choose(row.decision, self.ids)
            batch = jax.tree_util.tree_map(np.array, self.step(batch, actions))
            moved, ended = [], []
            for i, row in enumerate(rows):
                if row is None:
                    continue
                moved.append(i)
                picked = int(actions[i])
                row.step += 1
                row.last = f"id {picked} ({names[picked]!r})"
                self.counts["steps"] += 1
                action = row.decision.choose(picked)
                if action is None:
                    continue
                dealt = any(e.dealt_hand() is not None for e in row.game.apply(action))
                if not row.game.is_over:
                    row.decision = Decision(row.game, self.ids)
                if dealt or row.game.is_over:
                    ended.append(i)
            self.check(batch, moved, dealt=[] if self.ahead is not None else ended)
            restarted = []
            for i in ended:
                row = rows[i]
                assert row is not None
                if row.game.is_over:
                    self.counts["matches"] += 1
                    following = next(self.seeds, None)
                    row = rows[i] = None if following is None else self.start(following)
                else:
                    self.counts["hands"] += 1
                    row.hand += 1
                    row.last = "from_game at the hand's start"
                if row is not None:
                    restarted.append(i)
            if restarted:
                self.resync(batch, restarted)
                self.check(batch, restarted, dealt=[])
        return LockstepReport(variant=self.name, options=self.options, **self.counts)

    def resync(self, batch: Any, rows: list[int]) -> None:
        """Put each of ``rows``' reference positions into the batch through ``from_game``."""
        for i in rows:
            row = self.rows[i]
            assert row is not None
            state = self.arrays.from_game(row.game, key=key_of(row.game))
            if self.ahead is not None:  # the reference deals the next hand as the array game will
                row.game = row.game.with_next_deals([self.ahead.next_deal(state)])
                row.decision = Decision(row.game, self.ids)
            for leaf, value in zip(jax.tree_util.tree_leaves(batch), jax.tree_util.tree_leaves(state), strict=True):
                leaf[i] = np.asarray(value)

    def expected(self, rows: list[int]) -> dict[str, np.ndarray[Any, Any]]:
        """The reference's fields for ``rows``, as arrays in the array game's shapes."""
        n, seats, size = len(rows), len(self.seats), self.ids.size
        out = {
            "current_player": np.full(n, -1, np.int32),
            "legal_action_mask": np.zeros((n, size), bool),
            "scores": np.zeros((n, len(self.seats)), np.int32),
            "terminated": np.zeros(n, bool),
            "truncated": np.zeros(n, bool),
            "rewards": np.zeros((n, seats), np.float32),
            "chosen": np.zeros((n, size), bool),
            "observations": np.zeros((n, seats, self.spec.size), np.float32),
        }
        sides = 0
        for k, i in enumerate(rows):
            row = self.rows[i]
            assert row is not None
            game = row.game
            scores = game.scores
            sides = len(scores)
            out["scores"][k, :sides] = scores
            if game.is_over:
                out["terminated"][k] = True
                winner = game.winner
                out["rewards"][k] = [1.0 if game.side_of(int(s)) == winner else -1.0 for s in self.seats]
            else:
                current = game.current_player
                assert current is not None
                out["current_player"][k] = current
                row.decision.write_mask(out["legal_action_mask"][k])
                out["chosen"][k, list(row.decision.chosen)] = True
            for seat in self.seats:
                self.spec.write(game, int(seat), out["observations"][k, seat])
        out["scores"] = out["scores"][:, :sides]
        return out

    def check(self, batch: Any, rows: list[int], *, dealt: list[int]) -> None:
        """Compare ``rows`` of the batch with the reference; ``dealt`` rows without the seats' own pieces.

        Raises:
            AssertionError: naming the first difference.

        """
        if not rows:
            return
        theirs = self.expected(rows)
        seen = np.asarray(self.observe(batch, self.seats))
        ours = {name: np.asarray(getattr(batch, name))[rows] for name in theirs if name != "observations"}
        ours["observations"] = seen[rows]
        if dealt:
            where = self.spec.fields[_DEALT]
            fresh = np.isin(rows, dealt)
            ours["observations"][fresh, :, where] = 0.0
            theirs["observations"][fresh, :, where] = 0.0
        self.counts["observations"] += len(rows) * len(self.seats)
        same = np.ones(len(rows), bool)
        for name, value in theirs.items():
            same &= (ours[name] == value).reshape(len(rows), -1).all(axis=1)
        if same.all():
            return
        k = int(np.flatnonzero(~same)[0])
        row = self.rows[rows[k]]
        assert row is not None
        problems = [_differ(name, ours[name][k], theirs[name][k]) for name in theirs if name != "observations"]
        for seat in self.seats:
            for field, where in self.spec.fields.items():
                problems.append(
                    _differ(
                        f"seat {seat}'s observation, field {field!r}",
                        ours["observations"][k, seat, where],
                        theirs["observations"][k, seat, where],
                    )
                )
        problem = next(p for p in problems if p is not None)
        raise AssertionError(
            f"lockstep {self.name} {self.options}: match seed {row.seed}, hand {row.hand}, step {row.step} "
            f"(after {row.last}): {problem}"
        )
