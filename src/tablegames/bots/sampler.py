"""Sampling worlds: whole games consistent with everything one seat has seen.

A seat's redacted log (``game.log(seat)``) is its whole information set: the events it saw,
with other seats' hands, the stock or undealt cards and other seats' hidden draws, pickups and
discards hidden (``None``). :func:`sample_world` deals those hidden pieces at random, consistent
with what the seat has seen, and returns a full :class:`~tablegames.core.game.Game` in that
state, able to go on. Bots that search (see :mod:`tablegames.bots.ismcts`) call it to
*determinize* the game: to pick one plausible world and look ahead in it.

Every variant gets worlds, in one of two ways:

* **The variant's filler**, if it provides one
  (:meth:`Game.log_filler <tablegames.core.game.Game.log_filler>`, a
  :class:`~tablegames.core.capabilities.LogFiller`): it fills the hidden fields of the log with
  a random assignment that respects what it knows of the rules, and the filled log is replayed
  with :func:`tablegames.replay`, which checks every recorded event: a candidate that still
  contradicts the log is rejected and another is drawn. American Sniff's filler knows the
  tiles a seat had to lack when it drew or passed; Four Point Smear's the suits a seat showed
  void in, the bidder's pickup and discards and what a hand's card points reveal.
* **The generic sampler** otherwise (:class:`~tablegames.bots.worlds.GenericWorlds`), which
  needs nothing from the variant: it deals the unseen pieces into the hidden fields of each
  deal event and plays the hand again under the rules, keeping what looks to the seat exactly
  as its log does.

Either way a world respects everything the seat has seen: it is a real game, replayed under
the rules, whose log for that seat is the seat's log byte for byte. Hands that are over keep
their hidden pieces in one fixed, consistent assignment (they cannot change what happens
next); only the current hand is drawn at random.

**Every sample is bounded in time.** :meth:`WorldSampler.sample` is given ``budget`` seconds
(:data:`DEFAULT_BUDGET` unless the sampler is built with another), which cover building the
generic sampler, the filler's candidates and the generic search behind them. It returns a
world or raises :class:`~tablegames.bots.worlds.NoWorldError` (a
:class:`~tablegames.core.errors.LogError`) saying that no world was found within that bound:
a log no world fits (one that contradicts itself) always ends so, and a consistent log whose
worlds are too rare for the search ends so too; it never hangs.

>>> from tablegames.bots.sampler import sample_world
>>> import random, tablegames
>>> game = tablegames.new_game("american-sniff", seed=5, players=2)
>>> for _ in range(6):
...     _ = game.apply(game.legal_actions()[0])
>>> world = sample_world(game.log(1), random.Random(0))
>>> tablegames.dumps(world.log(1)) == tablegames.dumps(game.log(1))
True
>>> world.view(1).hand == game.view(1).hand
True

The cost of :func:`sample_world` is one replay of the whole match (a few milliseconds for a
long match); build a :class:`WorldSampler` once to draw many samples of one log: with a
filler, it keeps the world just before the current hand and rebuilds only that hand for each
sample, and :meth:`WorldSampler.extended` carries what it built to a longer log of the game.
"""

from __future__ import annotations

import math
import random
import time
from typing import Final

from tablegames.bots._advance import advanced
from tablegames.bots.worlds import GenericWorlds, NoWorldError, deal_event_class
from tablegames.core.capabilities import LogFiller, PlacesHidden
from tablegames.core.errors import InvalidOptionsError, LogError, UnknownVariantError
from tablegames.core.events import Event, EventLog
from tablegames.core.game import Game
from tablegames.core.logs import replay
from tablegames.core.registry import get_variant

__all__ = ["DEFAULT_BUDGET", "GENERIC_ROUNDS", "NoWorldError", "WorldSampler", "sample_world"]

DEFAULT_BUDGET: Final = 5.0
"""The seconds one :meth:`WorldSampler.sample` may take before it raises
:class:`~tablegames.bots.worlds.NoWorldError`: far above what a consistent log needs (a few
milliseconds; see ``benchmarks/generic_sampler_cost.py``), so only a log no world fits, or a
rare pathological one, reaches it."""

GENERIC_ROUNDS: Final = 3
"""How many times :meth:`WorldSampler.sample` starts the generic sampler's search afresh before
it says that no world exists: a search by swaps can run out of candidates on a consistent log,
rarely (about once in tens of thousands of decisions of a bot), and a fresh start finds one."""


class _Start:
    """Where the current hand starts: the world before the action that deals it, and where that is in the log."""

    __slots__ = ("action", "deal", "world")

    def __init__(self, world: Game | None, action: int | None, deal: int) -> None:
        self.world = world
        """The world just before the action whose events deal the hand (``None``: the game's creation deals it)."""
        self.action = action
        """The log index of that action's event (``None``: the creation)."""
        self.deal = deal
        """The log index of the hand's deal event."""


def _hand_start(log: EventLog) -> tuple[int | None, int] | None:
    """The log indices of the action that deals the current hand (``None``: the creation) and of its deal event.

    ``None`` if the log has no deal event, or that action deals an earlier hand too.
    """
    events = log.events
    cls = get_variant(log.variant)
    deal_class = deal_event_class(cls, log.options)
    deals = [i for i, e in enumerate(events) if type(e) is deal_class]
    if not deals:
        return None
    deal = deals[-1]
    action = next((i for i in range(deal, -1, -1) if cls.action_of(events[i]) is not None), None)
    if len(deals) > 1 and (action is None or deals[-2] > action):
        return None
    return action, deal


def sample_world(log: EventLog, rng: random.Random, *, budget: float = DEFAULT_BUDGET) -> Game:
    """A full game consistent with everything the seat of ``log`` has seen.

    Args:
        log: a seat's redacted log (``game.log(seat)``), its whole information set. A full
            log is simply replayed.
        rng: the generator every hidden piece is drawn with; the same generator state gives
            the same world.
        budget: the seconds the sample may take.

    Returns:
        A game in the state the log records, whose redacted log for that seat is ``log``
        again, with the other hands, the stock or undealt cards, hidden draws, pickups and
        discards dealt at random, consistent with the log. Hands after the current one are
        shuffled from a seed drawn from ``rng``.

    Raises:
        NoWorldError: if no consistent world is found within ``budget`` seconds (the log
            contradicts itself, or its worlds are too rare to find).
        LogError: if the log is malformed or of a variant that is not installed.

    """
    return WorldSampler(log, budget=budget).sample(rng)


class WorldSampler:
    """Draws worlds consistent with one seat's redacted log; build it once, sample many times.

    Building it reads the log once (with a variant's filler: what each seat played, drew,
    passed and showed void in) and settles the hands that are over (the generic sampler does
    that on its first sample; with a filler, the first sample keeps the world just before the
    current hand); each :meth:`sample` then only deals the current hand's hidden pieces and
    plays that hand again. Where the filler is also a
    :class:`~tablegames.core.capabilities.PlacesHidden`, only the first world of the hand is
    played again: the next ones are copies of it with the filled pieces put in place
    (:meth:`Game.with_hidden_events <tablegames.core.game.Game.with_hidden_events>`).

    Args:
        log: a seat's redacted log, or a full log (which every sample simply replays).
        attempts: how many candidates a variant's filler draws before the generic search takes over.
        budget: the seconds each :meth:`sample` may take (a positive, finite number).

    Raises:
        LogError: if the log contradicts itself in a way the sampler sees at once, or its
            variant is not installed.
        ValueError: if ``attempts`` is not positive or ``budget`` is not a positive, finite
            number of seconds.

    """

    def __init__(self, log: EventLog, *, attempts: int = 500, budget: float = DEFAULT_BUDGET) -> None:
        if not isinstance(log, EventLog):
            raise LogError("$", f"expected an EventLog (see load_log), got {type(log).__name__}")
        if attempts < 1:
            raise ValueError(f"attempts must be at least 1, not {attempts!r}")
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 0 < budget < math.inf:
            raise ValueError(f"budget must be a positive, finite number of seconds, not {budget!r}")
        self.budget = float(budget)
        """The seconds each :meth:`sample` may take."""
        self.log = log
        """The log the worlds are drawn for."""
        self.attempts = attempts
        """How many candidates :meth:`sample` draws before giving up."""
        self._filler: LogFiller | None = None
        self._generic: GenericWorlds | None = None
        self._carried: GenericWorlds | None = None
        self._start: _Start | bool | None = None  # the current hand's snapshot: None until built, False if none
        self._template: Game | None = None  # a world at the log's end, replayed, for a filler that places pieces
        self._placer: PlacesHidden | None = None  # the filler, where it places a hand's pieces itself
        if log.seat is not None:
            try:
                cls = get_variant(log.variant)
            except UnknownVariantError as exc:
                raise LogError("$.variant", str(exc)) from None
            self._filler = cls.log_filler(log.events, seat=log.seat, options=log.options)
            if isinstance(self._filler, PlacesHidden):
                self._placer = self._filler
        self.generic = log.seat is not None and self._filler is None
        """Whether the generic sampler draws the worlds (the variant provides no filler)."""

    def extended(self, log: EventLog) -> WorldSampler:
        """A sampler for ``log``, a longer log of the same seat in the same game (this sampler's log a prefix of it).

        It is built as :class:`WorldSampler` builds one, with this one's ``attempts`` and
        ``budget``, and takes over what this one's generic sampler settled where both logs are
        in the same hand: the hands that are over, and its last consistent state, from which the
        new search starts (a state consistent with the shorter log often still is). A bot that
        decides again in the same hand saves the search. The caller vouches that ``self.log``
        is a prefix of ``log``; every world is checked by replay all the same.

        Raises:
            LogError: as :class:`WorldSampler` does.

        """
        new = WorldSampler(log, attempts=self.attempts, budget=self.budget)
        if new.generic and self.generic:
            new._carried = self._generic
        start = self._start
        if isinstance(start, _Start) and _hand_start(log) == (start.action, start.deal):
            new._start = start  # the same hand: the world before it is the same
        return new

    def candidate(self, rng: random.Random, *, relaxed: bool = False) -> EventLog | None:
        """A full log with the hidden fields drawn at random, not yet checked by replay.

        It respects every constraint listed in the module's documentation; ``None`` if the
        random choices ran into a dead end (draw again). :meth:`sample` replays it, which
        checks the rest. ``relaxed`` also allows assignments that are possible but rare (in
        Smear, another bidder discarding trump while holding more than six); :meth:`sample`
        turns it on for its second half of attempts.
        """
        log = self.log
        if self.generic:
            return self.sample(rng).log()
        if self._filler is None:
            return log
        events = self._filler.fill(rng, relaxed=relaxed)
        if events is None:
            return None
        return EventLog(variant=log.variant, options=log.options, events=tuple(events), seed=rng.randrange(2**63))

    def hand_candidate(self, rng: random.Random, *, relaxed: bool = False) -> list[Event] | None:
        """The last hand's events, from its deal event on, with hidden fields drawn as by :meth:`candidate`.

        Cheaper than :meth:`candidate` for a long log; for building a world of the current hand
        alone (as :class:`~tablegames.bots.ismcts.ISMCTSBot` does). ``None`` at a dead end.
        """
        if self.generic:
            events = self.sample(rng).log().events  # builds the generic sampler, within the budget
            return list(events[self._generic_worlds(rng).hands[-1].deal_index :])
        if self._filler is None:
            events = self.log.events
            deals = [i for i, e in enumerate(events) if e.dealt_hand() is not None]
            return list(events[deals[-1] :]) if deals else []
        return self._filler.fill_hand(rng, relaxed=relaxed)

    def sample(self, rng: random.Random) -> Game:
        """A full game consistent with the log (see :func:`sample_world`), within :attr:`budget` seconds.

        A variant's filler draws :attr:`attempts` candidates, the first half of them the current
        hand alone, played again from the world kept before it, the rest whole logs replayed
        (with the filler's relaxed draws); if none is consistent (a log whose consistent worlds
        are too rare for the filler's random draws), the generic search
        (:class:`~tablegames.bots.worlds.GenericWorlds`) looks for one in the time left.
        Without a filler, the generic sampler draws the world, its search started afresh up to
        :data:`GENERIC_ROUNDS` times while time is left.

        Raises:
            NoWorldError: if no consistent world is found within :attr:`budget` seconds, or by
                the filler and then the generic search, or by the generic sampler alone in
                :data:`GENERIC_ROUNDS` fresh searches.

        """
        deadline = time.perf_counter() + self.budget
        if self.generic:
            for attempt in range(GENERIC_ROUNDS):
                try:
                    return self._generic_worlds(rng, deadline).sample(rng, deadline=deadline, budget=self.budget)
                except LogError as exc:
                    if attempt == GENERIC_ROUNDS - 1 or (isinstance(exc, NoWorldError) and exc.budget is not None):
                        raise
                    self._generic = None  # a search that ran out of replays starts afresh
        if self._filler is None:
            return replay(self.log)
        last = "every candidate reached a dead end"
        for attempt in range(self.attempts):
            if time.perf_counter() > deadline:
                break
            relaxed = 2 * attempt >= self.attempts
            if not relaxed and self._hand_ready(rng):
                world = self._hand_world(rng)
                if world is not None:
                    return world
                continue
            full = self.candidate(rng, relaxed=relaxed)
            if full is None:
                continue
            try:
                return replay(full)
            except LogError as exc:
                last = str(exc)
        # The filler's random draws found nothing (its worlds are rare here): the generic
        # search, which moves hidden pieces until the log agrees, needs nothing from it.
        try:
            return self._generic_worlds(rng, deadline).sample(rng, deadline=deadline, budget=self.budget)
        except NoWorldError as exc:
            if exc.budget is not None:
                raise
            last = f"{last}; the generic search: {exc.reason}"
        raise NoWorldError(
            "$.events",
            f"no world consistent with seat {self.log.seat}'s log was found in {self.attempts} attempts "
            f"(the log may contradict itself); last problem: {last}",
        )

    def _hand_ready(self, rng: random.Random) -> bool:
        """Whether the current hand can be rebuilt from a snapshot (built here, from one candidate, if need be).

        The snapshot is the world just before the action whose events deal the current hand,
        taken from the first candidate whose replay up to there agrees with the log: the hands
        that are over keep that candidate's hidden pieces (they cannot change what happens next).
        """
        if self._start is None:
            self._start = False
            found = _hand_start(self.log)
            if found is not None:
                action, deal = found
                for _ in range(8):
                    full = self.candidate(rng)
                    if full is None:
                        continue
                    if action is None:
                        self._start = _Start(None, None, deal)
                        break
                    events = full.events[:action]
                    prefix = EventLog(variant=full.variant, options=full.options, events=events, seed=full.seed)
                    try:
                        self._start = _Start(replay(prefix), action, deal)
                    except LogError:
                        continue
                    break
        return isinstance(self._start, _Start)

    def _hand_world(self, rng: random.Random) -> Game | None:
        """A world rebuilt from the snapshot with the current hand dealt by the filler, or ``None`` if it disagrees."""
        start = self._start
        assert isinstance(start, _Start) and self._filler is not None
        hand = self._filler.fill_hand(rng)
        if not hand:
            return None
        log = self.log
        template, placer = self._template, self._placer
        if template is not None and placer is not None and len(hand) == len(log.events) - start.deal:
            # the filler answers for the hand (PlacesHidden): a copy of the replayed world, its pieces moved
            seed = rng.randrange(2**63)

            def place(world: Game) -> bool:
                return placer.place_hidden(world, hand)

            return template.with_hidden_events(start.deal, hand, place=place, seed=seed)
        cls = get_variant(log.variant)
        first = max(0, start.deal - 1)
        try:
            deals = cls.deals_from_events([*log.events[first : start.deal], *hand])
        except (LogError, InvalidOptionsError):
            return None
        if not deals:
            return None
        seed = rng.randrange(2**63)
        try:
            if start.world is None:
                world = cls.create(log.options, seed=seed, deals=deals[-1:])
            else:
                world = start.world.with_next_deals(deals[-1:], seed=seed)
        except InvalidOptionsError:
            return None
        seat = log.seat
        assert seat is not None
        made = len(world.events)
        if made > len(log.events):
            return None
        if any(world.events[i].redact(seat) != log.events[i] for i in range(start.action or 0, made)):
            return None
        found = advanced(world, log.events, made, seat, action_of=cls.action_of, rng=rng, filled=(start.deal, hand))
        if found is not None and self._placer is not None:
            self._template = found.clone()  # the next worlds are copies of it, their pieces placed by the filler
        return found

    def _generic_worlds(self, rng: random.Random, deadline: float | None = None) -> GenericWorlds:
        if self._generic is None:
            carried, self._carried = self._carried, None
            self._generic = GenericWorlds(
                self.log, rng, attempts=max(self.attempts, 6000), deadline=deadline, budget=self.budget, carried=carried
            )
        return self._generic
