"""A search bot whose playouts run batched on an array game (the ``jax`` extra).

:class:`ArraySearchBot` (``array-search``) decides by flat Monte Carlo over sampled worlds, with
its playouts stepped on the variant's array game (:mod:`tablegames.jax`), thousands at once in
one compiled call. At each decision with more than one legal action, for as many rounds as its
budget allows:

1. **Worlds.** It draws ``worlds`` whole games consistent with its seat's redacted log, from the
   seat's :class:`~tablegames.bots.sampler.WorldSampler` (the same honest source as
   :class:`~tablegames.bots.ismcts.ISMCTSBot`'s; the worlds of its last decision that still agree
   are kept, as the greedy bot keeps them), and turns them into array states, in one batch where
   the array game can (:class:`~tablegames.jax.protocol.FromGames`), else one by one with its
   ``from_game``.
2. **Playouts.** ``playouts`` copies are spread evenly over the actions in contention, and over
   the worlds within each action: the n-th copy of every action is played in the same world
   with the same random key, so the actions are compared on the same deals and the same random
   moves. Each copy takes the action's ids (several for an action chosen in parts: a Smear
   discard) and is played on to the end of the hand (the step after which the state's
   :attr:`~tablegames.jax.protocol.ArrayState.hand_number` changes) or of the match, every copy
   in one ``jax.vmap``'d ``jax.lax.while_loop``. Where the array game orders its ids as the
   variant's greedy bot would (:class:`~tablegames.jax.protocol.ArrayHeuristic`, as the built-in games do)
   and ``playout="greedy"`` (the default), every step takes the legal id it ranks highest, 10%
   of them a random one, as ISMCTS's greedy playouts do. Given a ``policy``
   (:class:`~tablegames.jax.protocol.PlayoutPolicy`, such as a policy trained on the array
   game), every step takes the id it gives, 10% of them a random one. Otherwise the first ``plies`` steps
   look ahead: of ``lookahead`` legal ids drawn at random, the one after which the mover's side
   gains most against the others (10% of the time the first drawn, at random); the later steps
   take a uniformly random legal id, both except in an auction, where a playout bids as
   :class:`~tablegames.bots.random.RandomBot` does (a pass 60% of the time, else the lowest bid;
   read from the actions' :attr:`~tablegames.core.events.Action.auction_call`), since uniformly
   random bids set the bidder so often that the playouts would mostly measure that.
3. **Reward.** As :class:`~tablegames.core.search.Playout.rewards` gives it: 1 if the bot's side
   won the match during the playout, 0 if another did, else ``0.5 + 0.5 * tanh(d / scale)``,
   ``d`` the side's score change less the mean change of the other sides, ``scale`` the
   variant's :func:`~tablegames.core.search.reward_scale`.
4. **Halving.** The first rounds play every legal action; once a round's results are in, the
   next round plays the better half of that round's actions by their mean reward so far (two at
   least): sequential halving, so later playouts go to the actions still in contention.

It returns the action of the highest mean reward among the last round's (the first of them, in
the legal order, on a tie). The bot reads its :class:`~tablegames.core.observation.Observation` only: the worlds are
drawn from its seat's log, as every searching bot's are.

Shapes are fixed, so ``jax.jit`` compiles once per array game and per number of worlds, batch,
parts per action (the ids of one action are padded to the game's ``num_actions`` rows),
look-ahead and plies: a Sniff match compiles once, a Smear match with ``seen_undealt`` of 2 or
more twice (a discard is several ids). Compiling takes 5 to 30 seconds on a 2-core CPU (more
with a look-ahead), on the first decision of each, once per process.

A variant that provides no array game (or no action ids) is searched by
:class:`~tablegames.bots.ismcts.ISMCTSBot` instead, at its default iterations, or with this
bot's ``seconds``: the documented default, never an error.

The library lists the bot as ``array-search`` in the ``tablegames.bots`` entry-point group
under its ``jax`` extra (:mod:`tablegames.bots.registry`), so wherever JAX is installed
``tablegames simulate NAME --bots array-search,ismcts`` plays it and ``tablegames serve``
offers it, and this module (with JAX) is imported when one is first made. Importing the
module registers it too (:func:`~tablegames.bots.registry.register_bot`).

>>> import random, tablegames
>>> from tablegames.bots import GreedyBot, Table
>>> from tablegames.jax.search import ArraySearchBot
>>> bot = ArraySearchBot(worlds=2, playouts=32, rounds=1, lookahead=1)  # no look-ahead: a quicker compile
>>> game = tablegames.new_game("american-sniff", seed=1, players=2)
>>> table = Table(game, [bot, GreedyBot()], rng=random.Random(1))
>>> for _ in range(4):
...     _ = table.step()
>>> bot.last_playouts in (0, 32)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import jax
import jax.numpy as jnp
import numpy as np

from tablegames.bots._carry import decision_worlds, sampler_for
from tablegames.bots.ismcts import ISMCTSBot
from tablegames.bots.registry import register_bot
from tablegames.core.capabilities import ActionIds
from tablegames.core.derived import action_ids_of
from tablegames.core.errors import UnderivableError
from tablegames.core.events import Action, EventLog
from tablegames.core.game import Game
from tablegames.core.memo import Kept
from tablegames.core.observation import Observation
from tablegames.core.registry import get_variant
from tablegames.core.search import reward_scale
from tablegames.jax.choice import legal_priorities, random_legal_id
from tablegames.jax.games import array_game
from tablegames.jax.protocol import ArrayGame, ArrayHeuristic, FromGames, PlayoutPolicy
from tablegames.rl.decisions import MissingCapability

__all__ = ["ArraySearchBot"]

_PASS_RATE: Final = 0.6
"""How often a playout passes where it may bid (:class:`~tablegames.bots.RandomBot`'s rate)."""
_EPSILON: Final = 0.1
"""The share of uniformly random moves in a playout that looks ahead (as the variants' greedy playouts mix in)."""


class _Kernel:
    """One array game's compiled search: the playouts of a batch, for each shape asked for."""

    def __init__(self, arrays: ArrayGame, ids: ActionIds, *, pass_rate: float) -> None:
        self.arrays = arrays
        self.auction = _cautious(ids, pass_rate)
        self.heuristic = arrays if isinstance(arrays, ArrayHeuristic) else None
        """The array game's greedy order of the ids, where it provides one."""
        self._compiled: dict[tuple[int, ...], tuple[PlayoutPolicy | None, Callable[..., jax.Array]]] = {}
        """The playouts by their settings, a policy by its ``id`` (a few at most), each with that policy, which the
        entry keeps alive so that its ``id`` stays its own; ``jax.jit`` keeps a compilation per shape of batch."""

    def compiled(
        self, *, parts: int, lookahead: int, plies: int, greedy: bool, policy: PlayoutPolicy | None = None
    ) -> Callable[..., jax.Array]:
        """The compiled playouts for actions of up to ``parts`` ids, with the playout settings.

        Playouts follow ``policy`` where one is given (compiled once per policy object), else,
        if ``greedy``, the array game's heuristic where it has one (in both cases the
        look-ahead settings are not used).
        """
        greedy = greedy and self.heuristic is not None and policy is None
        settings = (parts, 1, 0, greedy) if greedy or policy is not None else (parts, lookahead, plies, False)
        key = (*settings, -1 if policy is None else id(policy))
        found = self._compiled.get(key)
        if found is None:
            found = self._compiled[key] = (policy, jax.jit(self._playouts(*settings, policy)))
        return found[1]

    def _greedy(self) -> Callable[[jax.Array, Any, jax.Array, jax.Array], jax.Array]:
        """The heuristic playout policy: the legal id of the highest priority, 10% of the time a random one."""
        heuristic = self.heuristic
        assert heuristic is not None
        lowest = jnp.int32(np.iinfo(np.int32).min)

        def best(key: jax.Array, state: Any) -> jax.Array:
            ranked = jnp.where(state.legal_action_mask, heuristic.priorities(state), lowest)
            return jnp.argmax(ranked).astype(jnp.int32)

        return self._following(best)

    def _following(self, chosen: PlayoutPolicy) -> Callable[[jax.Array, Any, jax.Array, jax.Array], jax.Array]:
        """The playout policy of ``chosen``: the id it gives, 10% of the time a random legal one."""

        def policy(key: jax.Array, s: Any, side_of: jax.Array, direction: jax.Array) -> jax.Array:
            draw, explore, own = jax.random.split(key, 3)
            anywhere = random_legal_id(jax.random.bits(draw, (), jnp.uint32), s.legal_action_mask)
            given = jnp.asarray(chosen(own, s), jnp.int32)
            picked: jax.Array = jnp.where(jax.random.uniform(explore) < _EPSILON, anywhere, given)
            return picked

        return policy

    def _policy(self, lookahead: int) -> Callable[[jax.Array, Any, jax.Array, jax.Array], jax.Array]:
        """The playout policy without a heuristic: ``(key, state, side_of, direction) -> id``."""
        arrays, auction = self.arrays, self.auction

        def policy(key: jax.Array, s: Any, side_of: jax.Array, direction: jax.Array) -> jax.Array:
            mask = s.legal_action_mask
            draw, explore, coin = jax.random.split(key, 3)
            bits = jax.random.bits(draw, (), jnp.uint32)
            bidding, bid = auction(coin, mask)
            if lookahead <= 1:
                anywhere = random_legal_id(bits, mask)
            else:  # the candidate that gains its side most now against the others (ties: the first, at random)
                candidates = jax.lax.top_k(legal_priorities(bits, mask), lookahead)[1].astype(jnp.int32)
                after = jax.vmap(arrays.step, in_axes=(None, 0))(s, candidates)
                change = direction * (after.scores - s.scores[None, :]).astype(jnp.float32)
                mine = jnp.take_along_axis(change, side_of[s.current_player][None, None], axis=1)[:, 0]
                count = change.shape[1]
                gain = mine - (jnp.sum(change, axis=1) - mine) / max(count - 1, 1)
                gain = jnp.where(mask[candidates], gain, -jnp.inf)
                best = candidates[jnp.argmax(gain)]
                anywhere = jnp.where(jax.random.uniform(explore) < _EPSILON, candidates[0], best)
            picked: jax.Array = jnp.where(bidding, bid, anywhere)
            return picked

        return policy

    def _playouts(
        self, parts: int, lookahead: int, plies: int, heuristic: bool, chosen: PlayoutPolicy | None
    ) -> Callable[..., jax.Array]:
        """A batch's playouts: by ``chosen`` if given, else by the ``heuristic``, else random after a look-ahead."""
        arrays = self.arrays
        greedy = self._policy(lookahead)
        if chosen is not None:
            policy = self._following(chosen)
        elif heuristic:
            policy = self._greedy()
        else:
            policy = self._policy(1)

        def one(shared: tuple[Any, jax.Array, jax.Array, jax.Array], row: tuple[jax.Array, ...]) -> jax.Array:
            states, ids, side_of, setting = shared
            world, action, key = row
            me, direction, scale = setting[0].astype(jnp.int32), setting[1], setting[2]
            side = side_of[me]
            start = jax.tree.map(lambda leaf: leaf[world], states)
            state = start
            for part in range(parts):
                given = ids[action, part]
                state = jax.lax.cond(given >= 0, lambda s, g=given: arrays.step(s, g), lambda s: s, state)
            hand = start.hand_number

            def going(carry: tuple[Any, jax.Array]) -> jax.Array:
                s = carry[0]
                live: jax.Array = (s.current_player >= 0) & ~s.terminated & ~s.truncated & (s.hand_number == hand)
                return live

            def move(carry: tuple[Any, jax.Array]) -> tuple[Any, jax.Array]:
                s, k = carry
                k, sub = jax.random.split(k)
                return arrays.step(s, policy(sub, s, side_of, direction)), k

            def look(_: int, carry: tuple[Any, jax.Array]) -> tuple[Any, jax.Array]:
                s, k = carry
                k, sub = jax.random.split(k)
                moved = arrays.step(s, greedy(sub, s, side_of, direction))
                return jax.tree.map(lambda a, b: jnp.where(going(carry), a, b), moved, s), k

            carry = (state, key)
            if lookahead > 1 and plies > 0:  # the first plies look ahead; the rest are cheap
                carry = jax.lax.fori_loop(0, plies, look, carry)
            end, _ = jax.lax.while_loop(going, move, carry)
            change = direction * (end.scores - start.scores).astype(jnp.float32)
            mine = change[side]
            count = change.shape[0]
            margin = mine - (jnp.sum(change) - mine) / max(count - 1, 1)
            shaped = 0.5 + 0.5 * jnp.tanh(margin / scale)
            won = end.rewards[me]
            over = end.terminated & (won != 0)
            return jnp.where(over, jnp.where(won > 0, 1.0, 0.0), shaped)

        def batched(
            states: Any, ids: jax.Array, side_of: jax.Array, setting: jax.Array, rows: tuple[jax.Array, ...]
        ) -> jax.Array:
            mapped: jax.Array = jax.vmap(one, in_axes=(None, 0))((states, ids, side_of, setting), rows)
            return mapped

        return batched


_KERNELS: Final = Kept[tuple[str, Any], _Kernel](
    "tablegames.jax.search: the search of each variant and options", most=64
)
_ARRAYS: Final = Kept[tuple[str, Any], ArrayGame | None](
    "tablegames.jax.search: the array game of each variant and options", most=64
)


def _arrays(variant: type[Game], options: Any) -> ArrayGame:
    """The array game of ``variant`` with ``options``, built once (:data:`_ARRAYS`).

    Raises:
        MissingCapability: if the variant provides none.
    """
    key = (variant.name, options)
    if key not in _ARRAYS:
        try:
            _ARRAYS.keep(key, array_game(variant, options))
        except MissingCapability:
            _ARRAYS.keep(key, None)
    found = _ARRAYS[key]
    if found is None:
        raise MissingCapability(f"{variant.name} provides no array game for {options!r}")
    return found


def _kernel(variant: type[Game], options: Any, arrays: ArrayGame, ids: ActionIds) -> _Kernel:
    """The compiled search of ``variant`` with ``options`` on ``arrays``, built once (:data:`_KERNELS`)."""
    key = (variant.name, options)
    found = _KERNELS.get(key)
    return found if found is not None else _KERNELS.keep(key, _Kernel(arrays, ids, pass_rate=_PASS_RATE))


def _auction(ids: ActionIds) -> tuple[np.ndarray, np.ndarray]:
    """For every id: whether it is a pass, and its bid's amount (``0`` for an id that is not a bid).

    Read from the actions the ids decode to (:attr:`~tablegames.core.events.Action.auction_call`
    and :meth:`~tablegames.core.events.Action.bid_amount`); an id that is only a part of an
    action is neither.
    """
    passes = np.zeros(ids.size, bool)
    amounts = np.zeros(ids.size, np.int32)
    for i in range(ids.size):
        try:
            action = ids.decode((i,))
        except (ValueError, LookupError):
            continue
        if action.auction_call == "pass":
            passes[i] = True
        elif action.auction_call == "bid":
            amounts[i] = max(1, action.bid_amount() or 1)
    return passes, amounts


def _cautious(ids: ActionIds, pass_rate: float) -> Callable[[jax.Array, jax.Array], tuple[jax.Array, jax.Array]]:
    """The playouts' auction: ``(key, mask) -> (whether a pass and a bid are legal, the id to give then)``.

    As :class:`~tablegames.bots.RandomBot` bids: a pass ``pass_rate`` of the time, else the lowest
    bid: uniformly random bids set the bidder so often that a playout would mostly tell how
    badly random players bid.
    """
    passes, amounts = _auction(ids)
    is_pass, amount = jnp.asarray(passes), jnp.asarray(amounts)
    bids = amount > 0
    big = jnp.int32(np.iinfo(np.int32).max)

    def never(key: jax.Array, mask: jax.Array) -> tuple[jax.Array, jax.Array]:
        return jnp.bool_(False), jnp.int32(0)

    def policy(key: jax.Array, mask: jax.Array) -> tuple[jax.Array, jax.Array]:
        legal_pass, legal_bid = mask & is_pass, mask & bids
        lowest = jnp.argmin(jnp.where(legal_bid, amount, big)).astype(jnp.int32)
        a_pass = jnp.argmax(legal_pass).astype(jnp.int32)
        picked = jnp.where(jax.random.uniform(key) < pass_rate, a_pass, lowest)
        return legal_pass.any() & legal_bid.any(), picked

    return policy if passes.any() and bids.any() else never


class ArraySearchBot:
    """Flat Monte Carlo over sampled worlds, its playouts batched on the variant's array game.

    See the module's documentation for the search.

    Args:
        worlds: how many worlds each round draws.
        playouts: how many playouts each round plays (spread over the actions in contention,
            and over the worlds within each), in one compiled call.
        rounds: how many rounds a decision plays when ``seconds`` is ``None``.
        seconds: the time a decision may take: rounds are played while another fits in it (at
            least one; a round's time is the mean of those before it); ``None`` for ``rounds``
            rounds. With ``seconds``, choices depend on the machine's speed. The first round of
            a decision keeps the worlds of the seat's last decision that still agree; later
            rounds draw fresh ones.
        lookahead: how many legal ids a playout tries at each of its first ``plies`` steps
            (1: none, every step uniformly random).
        plies: how many of a playout's first steps look ahead.
        playout: ``"greedy"`` (the default) plays every step of a playout by the array game's
            heuristic (:class:`~tablegames.jax.protocol.ArrayHeuristic`), 10% of them at
            random, where the array game has one, and as ``"random"`` where not; ``"random"``
            plays random steps after the look-ahead.
        policy: a :class:`~tablegames.jax.protocol.PlayoutPolicy` for the playouts (of the
            variant's array game with the options of the games the bot plays): every step of a
            playout plays the id it gives, 10% of them at random; ``playout`` and the
            look-ahead are then not used. ``None`` (the default): as ``playout`` says.

    Raises:
        ValueError: for a count below 1 (``plies`` below 0), a ``seconds`` that is not
            positive or an unknown ``playout``.
        TypeError: for a ``policy`` that is not callable.

    A decision with one legal action is returned at once. With ``seconds=None`` and a seeded
    generator, its choices are reproducible. A variant without an array game
    (:class:`~tablegames.jax.protocol.ProvidesArrayGame`) or action ids is searched by ISMCTS.
    """

    name = "array-search"
    """The bot's name on the command line."""

    def __init__(
        self,
        *,
        worlds: int = 4,
        playouts: int = 128,
        rounds: int = 2,
        seconds: float | None = None,
        lookahead: int = 4,
        plies: int = 3,
        playout: str = "greedy",
        policy: PlayoutPolicy | None = None,
    ) -> None:
        for label, value in (("worlds", worlds), ("playouts", playouts), ("rounds", rounds), ("lookahead", lookahead)):
            if type(value) is not int or value < 1:
                raise ValueError(f"{label} must be an int of at least 1, not {value!r}")
        if seconds is not None and (isinstance(seconds, bool) or not 0 < float(seconds) < float("inf")):
            raise ValueError(f"seconds must be None or a positive number, not {seconds!r}")
        self.worlds = worlds
        """How many worlds each round draws."""
        self.playouts = playouts
        """How many playouts each round plays."""
        self.rounds = rounds
        """How many rounds a decision plays without ``seconds``."""
        self.seconds = None if seconds is None else float(seconds)
        """The time a decision may take, or ``None``."""
        if type(plies) is not int or plies < 0:
            raise ValueError(f"plies must be an int of at least 0, not {plies!r}")
        if playout not in ("greedy", "random"):
            raise ValueError(f"playout is 'greedy' or 'random', not {playout!r}")
        self.playout = playout
        """``"greedy"``: playouts follow the array game's heuristic where it has one; ``"random"``: never."""
        if policy is not None and not callable(policy):
            raise TypeError(f"policy must be a PlayoutPolicy (a callable) or None, not {policy!r}")
        self.policy = policy
        """The playouts' policy, if one was given (then ``playout`` is not used)."""
        self.lookahead = lookahead
        """How many legal ids a playout tries at each of its first steps, to take the one that gains most now."""
        self.plies = plies
        """How many of a playout's first steps look ahead (the rest are uniformly random)."""
        self.last_playouts = 0
        """How many playouts the last decision played (0 when the move was forced)."""

    def act(self, observation: Observation, rng: random.Random) -> Action:
        """The legal action whose playouts scored best on average.

        Raises:
            ValueError: if there is no legal action.
            LogError: if no world consistent with the observation can be found.
        """
        legal = observation.legal
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last_playouts = 0
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        variant = get_variant(observation.variant)
        try:
            arrays = _arrays(variant, observation.options)
            ids = action_ids_of(variant, observation.options)
        except (MissingCapability, UnderivableError):
            return self._fallback().act(observation, rng)
        table = _id_table(ids, legal)
        log = observation.log()
        totals = np.zeros(len(legal))
        counts = np.zeros(len(legal))
        done = 0
        pending: list[tuple[jax.Array, np.ndarray[Any, np.dtype[np.int32]], np.ndarray[Any, np.dtype[np.intp]]]] = []
        field: np.ndarray[Any, np.dtype[np.intp]] | None = None
        while True:  # each round is sent off before the last one is read, so the worlds are drawn meanwhile
            games = decision_worlds(log, rng, self.worlds) if done == 0 else _fresh(log, rng, self.worlds)
            candidates = _halved(totals, counts, field)
            rewards, actions = self._round(
                variant=variant,
                arrays=arrays,
                ids=ids,
                observation=observation,
                games=games,
                table=table,
                candidates=candidates,
                rng=rng,
            )
            pending.append((rewards, actions, candidates))
            if len(pending) > 1:
                rewards, actions, field = pending.pop(0)
                _add(totals, counts, rewards, actions)
            done += 1
            if self.seconds is None:
                if done >= self.rounds:
                    break
            else:  # stop where one more round would overrun: the one still running takes about a round
                elapsed = time.perf_counter() - start
                if elapsed + (elapsed / (done - 1) if done > 1 else 0.0) >= self.seconds:
                    break
        for rewards, actions, _ in pending:
            _add(totals, counts, rewards, actions)
        self.last_playouts = done * self.playouts
        means = totals[candidates] / np.maximum(counts[candidates], 1)  # the last round's field: the best of it
        return legal[int(candidates[np.argmax(means)])]

    def _fallback(self) -> ISMCTSBot:
        """The search for a variant without an array game: ISMCTS, with this bot's time if it has one."""
        if self.seconds is None:
            return ISMCTSBot()
        return ISMCTSBot(iterations=None, seconds=self.seconds)

    def _round(
        self,
        *,
        variant: type[Game],
        arrays: ArrayGame,
        ids: ActionIds,
        observation: Observation,
        games: Sequence[Game],
        table: np.ndarray[Any, np.dtype[np.int32]],
        candidates: np.ndarray[Any, np.dtype[np.intp]],
        rng: random.Random,
    ) -> tuple[jax.Array, np.ndarray[Any, np.dtype[np.int32]]]:
        """One round's playouts of the ``candidates`` (indices of legal actions), sent off.

        Returns each playout's reward (computed meanwhile) and the index of its action. The
        n-th copy of every candidate is played in the same world with the same random key, so
        the candidates are compared on the same deals and the same random moves.
        """
        words = np.array([[rng.getrandbits(32), rng.getrandbits(32)] for _ in games], np.uint32)
        kernel = _kernel(variant, observation.options, arrays, ids)
        stacked = _stacked(arrays, games, words)
        order = np.arange(self.playouts)
        actions = candidates[order % len(candidates)].astype(np.int32)
        copy = order // len(candidates)  # the n-th copy of each action: one world, one key
        world = (copy % len(games)).astype(np.int32)
        shared = np.array([[rng.getrandbits(32), rng.getrandbits(32)] for _ in range(int(copy[-1]) + 1)], np.uint32)
        keys = shared[copy]
        side_of, setting = _sides(variant, observation, games[0])
        run = kernel.compiled(
            parts=table.shape[1],
            lookahead=self.lookahead,
            plies=self.plies,
            greedy=self.playout == "greedy",
            policy=self.policy,
        )
        return run(stacked, table, side_of, setting, (world, actions, keys)), actions


def _sides(
    variant: type[Game], observation: Observation, world: Game
) -> tuple[np.ndarray[Any, np.dtype[np.int32]], np.ndarray[Any, np.dtype[np.float32]]]:
    """The playouts' side of each seat (read from ``world``), and their setting.

    The setting is the observation's seat, the direction of scores (``-1`` where the lowest
    wins) and the reward's scale (:func:`~tablegames.core.search.reward_scale`).
    """
    side_of = np.array([world.side_of(seat) for seat in range(world.players)], np.int32)
    direction = -1.0 if variant.lower_score_wins else 1.0
    setting = np.array([observation.seat, direction, reward_scale(variant, observation.options)], np.float32)
    return side_of, setting


def _halved(
    totals: np.ndarray[Any, np.dtype[np.float64]],
    counts: np.ndarray[Any, np.dtype[np.float64]],
    field: np.ndarray[Any, np.dtype[np.intp]] | None,
) -> np.ndarray[Any, np.dtype[np.intp]]:
    """The actions a round plays: every one before any results, then the better half (two at least) of ``field``.

    ``field`` are the actions of the last round whose results were read (sequential halving:
    the playouts go to the actions still in contention, by their mean reward so far).
    """
    if field is None:
        return np.arange(len(totals))
    means = totals[field] / np.maximum(counts[field], 1)
    keep = max(2, (len(field) + 1) // 2)
    return np.sort(field[np.argsort(-means, kind="stable")[:keep]])


def _stacked(arrays: ArrayGame, games: Sequence[Game], keys: np.ndarray[Any, np.dtype[np.uint32]]) -> Any:
    """The array states of ``games``, stacked, each with its ``keys`` row: in one batch where the array game can."""
    if isinstance(arrays, FromGames):
        return arrays.from_games(games, keys)
    pairs = zip(games, keys, strict=True)
    states = [jax.tree.map(np.asarray, arrays.from_game(g, key=jnp.asarray(k))) for g, k in pairs]
    return jax.tree.map(lambda *leaves: np.stack(leaves), *states)


def _add(
    totals: np.ndarray[Any, np.dtype[np.float64]],
    counts: np.ndarray[Any, np.dtype[np.float64]],
    rewards: jax.Array,
    actions: np.ndarray[Any, np.dtype[np.int32]],
) -> None:
    """Add a round's ``rewards`` (waiting for them) to the ``totals`` and ``counts`` of their ``actions``."""
    size = len(totals)
    totals += np.bincount(actions, weights=np.asarray(rewards, np.float64), minlength=size)
    counts += np.bincount(actions, minlength=size)


def _id_table(ids: ActionIds, legal: Sequence[Action]) -> np.ndarray[Any, np.dtype[np.int32]]:
    """The ids of each legal action, one row each, padded with ``-1`` to ``ids.size`` rows and to the longest action."""
    encoded = [ids.encode(action) for action in legal]
    width = max(len(e) for e in encoded)
    table = np.full((max(ids.size, len(legal)), width), -1, np.int32)
    for row, parts in enumerate(encoded):
        table[row, : len(parts)] = parts
    return table


def _fresh(log: EventLog, rng: random.Random, count: int) -> list[Game]:
    """``count`` new worlds for ``log`` from its seat's sampler."""
    sampler = sampler_for(log)
    return [sampler.sample(rng) for _ in range(count)]


register_bot(ArraySearchBot.name, ArraySearchBot)
