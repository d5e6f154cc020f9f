"""The generic world sampler: worlds for any conforming variant, from the contract alone.

Given one seat's redacted log, it deals the pieces that seat cannot have seen into the hidden
fields of each hand's deal event, turns the filled event into a stacked deal with the
variant's own hooks, and plays the hand again in a real game: every action the log records
is applied, and every event the rules then produce must look, to that seat, exactly like the
recorded one, up to the log's last event and no further. A candidate that does not is
changed and tried again. The replay is the guarantee: every world it returns is a real game
whose log for the seat is the seat's log, byte for byte, for any variant that keeps the Game
contract; it knows no rule itself.

What a sampler state is: an *assignment* of the unseen pieces to the hidden places of the
current hand's deal event, and the *hidden choices* made so far (actions whose events the seat
sees redacted, such as a pass of cards between two other seats or a face-down discard), each
kept as the action itself. A swap of two unseen pieces is made everywhere at once, in the
assignment and in every hidden choice, so the world stays one coherent history.

How it builds a state from what the log shows, before any replay:

* **The shape of a deal** (how many pieces each hidden field holds) is read from a deal the
  variant makes itself with the same options. A variant whose hands are dealt in shapes that
  change from hand to hand needs its own sampler (see
  :meth:`~tablegames.core.game.Game.log_filler`).
* **Pieces a deal event names twice** (a card turned up for trump that stays in the dealer's
  hand) are not unseen: the place they are named in publicly is left as recorded, and the
  hidden place that holds them is learned from the first replay (the deal event itself
  disagrees) and filled with them in every later candidate.
* **Pieces dealt by owner** (see ``tablegames.bots._owners``): a piece the hand names later
  is dealt to a place that reaches the seat holding it when it is named (that seat's hand, a
  hand that passes to it hidden, or a stock place that seat was seen to take before); which
  event takes which stock place, which hidden choices pass to whom, and which pieces a seat
  could not have held where it drew are learned from the replays' agreeing stretches. The
  pieces nobody names fill the other places uniformly at random.
* **Hidden choices** are drawn when the replay meets them: the legal actions are tried in a
  random order, those that move on the pieces the log shows with another seat first (and those
  that hand a seat pieces it was barred from, or refused with, last), and the first whose
  events look to the seat as recorded is kept. No choice is ever branched on.
* **Voids**: where a replay refuses the action the log shows a seat take although the seat
  surely holds the pieces it names, two probes (each one replay of a changed state) say which
  of the pieces the seat could use instead refused it: those are barred from its hand there,
  as a seat seen drawing is barred the pieces it could have played (``_learn_void``).

How it repairs a state the replay refutes, each repair one replay of the current hand:

* **Aimed swaps**, kept within the places each piece may take. At the first disagreement, a
  piece the log names there and the world does not (a card the log shows a seat playing) goes
  to the place its holder took last before, or is swapped with one the world names there and
  the log does not; where the log names nothing (it shows a seat drawing or passing that holds
  usable pieces in the world), those pieces go to places the seat takes later. A world that goes on past the log's
  last event (a draw that did not fit, so another is drawn) is refuted at its last event.
* **Random swaps** and, now and then, a hidden choice drawn afresh, to leave a plateau; a swap
  that agrees with less of the log is kept now and then too.

A sampler built for a longer log of the same seat and game (``carried``) takes over the hands
settled, what replays taught about the current hand, and the last consistent state, where the
search for the longer log starts.

Drawing many worlds: each sample first tries a few states built afresh; the first consistent
one is an exact draw where the log has no hidden choices (uniform among the consistent deals).
Where consistent states are too rare for that, it makes a few random swaps from the last
consistent state, each kept only if the state stays consistent (a Metropolis walk with
symmetric proposals: uniform in the long run, but successive samples are correlated). Hands
that are over are settled once, when the sampler is built, to one consistent state each (they
cannot change what happens next).

**Bounds.** Every search is bounded twice: by a number of replays (``attempts``) and by a
deadline (a ``time.perf_counter()`` value) given to :class:`GenericWorlds` and to
:meth:`GenericWorlds.sample`. Either way it ends in a world or in a :class:`NoWorldError`
(a :class:`~tablegames.core.errors.LogError`) that says which bound it reached: it never
hangs. A log no world fits (one that contradicts itself) always ends in that error.

Its cost is one replay of the current hand per candidate, times the candidates a sample needs
(more when many hidden pieces are constrained by the rules, as draws and passes are); a
variant can provide a better-informed filler instead.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from tablegames.bots._json_places import fill, has_null, mirror_paths, named, strings, swap_strings, without
from tablegames.bots._owners import Owners, actor_of, holders
from tablegames.bots._swaps import kept, repaired, swapped
from tablegames.core.errors import IllegalActionError, InvalidOptionsError, LogError, NoWorldError, UnknownVariantError
from tablegames.core.events import Action, Event, EventLog
from tablegames.core.game import Game
from tablegames.core.registry import get_variant
from tablegames.core.serde import structure, to_json

__all__ = ["GenericWorlds", "NoWorldError", "deal_event_class"]

_FRESH: Final = 4
"""States built afresh that a sample tries before it walks from the last consistent one."""
_FRESH_TRIAL: Final = 16
"""Fresh states tried, none consistent, after which a sample tries one fresh state, not ``fresh``, before it walks."""
_DOWNHILL: Final = 0.1
"""How often the search for a consistent state accepts a swap that agrees with less of the log
(to leave a plateau where every single swap makes things worse)."""
_REDRAW: Final = 0.3
"""How often the search draws one hidden choice afresh instead of swapping two pieces."""
_WALK: Final = 6
"""Swaps tried between two samples when no fresh state is consistent."""
_PROBES: Final = 8
"""How many times a refusal at one event is probed (see ``GenericWorlds._learn_void``) before it is left alone."""
_STUCK: Final = 200
"""Replays without progress after which the search starts from a fresh state."""


_DEAL_CLASSES: dict[tuple[str, Any], type[Event] | None] = {}
_SETTLED: dict[tuple[Any, ...], tuple[list[Any], Game | None, int, tuple[Any, ...]]] = {}
_SETTLED_SIZE: Final = 64
"""How many settled match prefixes are kept (a bot deciding again in the same match finds its own)."""


def deal_event_class(cls: type[Game], options: Any) -> type[Event] | None:
    """The class of ``cls``'s deal events: the first event of a new game that some seat sees redacted.

    ``None`` if a new game of ``cls`` deals nothing hidden. The answer is kept per variant and
    options.
    """
    key = (cls.name, options)
    if key not in _DEAL_CLASSES:
        found = _first_hidden_event(cls.create(options, seed=0))
        _DEAL_CLASSES[key] = None if found is None else type(found)
    return _DEAL_CLASSES[key]


def _first_hidden_event(game: Game) -> Event | None:
    """The first event of ``game`` that some seat sees redacted (its deal), or ``None``."""
    return next((e for e in game.events if any(e.redact(s) != e for s in range(game.players))), None)


def _continues(carried: GenericWorlds, worlds: GenericWorlds) -> bool:
    """Whether ``worlds`` is for a longer log of ``carried``'s seat and game: the same hands, maybe more."""
    return (
        carried.seat == worlds.seat
        and carried.cls is worlds.cls
        and len(carried.hands) <= len(worlds.hands)
        and all(a.deal_index == b.deal_index for a, b in zip(carried.hands, worlds.hands, strict=False))
    )


class _Hand:
    """One hand of the log: where its deal event is, and the snapshot it starts from."""

    __slots__ = ("deal_index", "end", "snapshot", "stacked_before", "start")

    def __init__(self, deal_index: int, end: int) -> None:
        self.deal_index = deal_index
        """The index of its deal event in the log."""
        self.end = end
        """The index of the next hand's deal event (or the log's length)."""
        self.snapshot: Game | None = None
        """The world just before the action whose events include this deal (``None``: the game's creation)."""
        self.start = 0
        """How many events the snapshot has produced."""
        self.stacked_before: tuple[Any, ...] = ()
        """Deals of earlier hands dealt after the snapshot, before this one."""


class _State:
    """A candidate world of one hand: the unseen pieces' places and the hidden choices."""

    __slots__ = ("assignment", "choices", "prefer")

    def __init__(
        self,
        assignment: list[str],
        choices: dict[int, Action] | None = None,
        prefer: dict[int, frozenset[str]] | None = None,
    ) -> None:
        self.assignment = assignment
        """The pieces, in the order of the layout's hidden places (the undealt extra last)."""
        self.choices: dict[int, Action] = {} if choices is None else choices
        """The hidden choices: the action taken at each log index whose event the seat sees redacted."""
        self.prefer: dict[int, frozenset[str]] = {} if prefer is None else prefer
        """Pieces a hidden choice to be drawn afresh should name if it can (the log wants them later)."""


class GenericWorlds:
    """Draws full games consistent with one seat's redacted log, for any variant.

    Args:
        log: a seat's redacted log (``log.seat`` is set).
        rng: the generator used to settle the hands that are over.
        attempts: how many replays of a hand one search may take.
        deadline: the ``time.perf_counter()`` time by which settling the hands that are
            over must be done (``None``: no deadline).
        budget: the seconds that deadline stands for, for the error's message.
        carried: a sampler built on a shorter log of the same seat and game (its log a prefix
            of ``log``): where both logs are in the same hand, its settled hands are taken over
            and its last consistent state is where the search for this log starts (see
            :meth:`sample`). The caller vouches for the prefix.

    Raises:
        LogError: if the log is not a seat's log of a registered variant.
        NoWorldError: if no consistent state is found for a hand that is over, within
            ``attempts`` replays or by ``deadline``.

    """

    def __init__(
        self,
        log: EventLog,
        rng: random.Random,
        *,
        attempts: int = 6000,
        deadline: float | None = None,
        budget: float | None = None,
        carried: GenericWorlds | None = None,
    ) -> None:
        if log.seat is None:
            raise LogError("$.seat", "the generic sampler needs a seat's redacted log")
        try:
            self.cls: type[Game] = get_variant(log.variant)
        except UnknownVariantError as exc:
            raise LogError("$.variant", str(exc)) from None
        self.seat: int = log.seat
        self.options = log.options
        self.events: tuple[Event, ...] = log.events
        self.attempts = attempts
        self._deadline = deadline
        self._budget = budget
        self._pieces = {str(p): p for p in self.cls.pieces}
        scratch = self.cls.create(self.options, seed=rng.randrange(2**63))
        self.players = scratch.players
        template = _first_hidden_event(scratch)
        if template is None:
            raise LogError("$.events", f"{self.cls.name} deals nothing hidden: there is nothing to sample")
        self._deal_class = type(template)
        self._template = to_json(template)
        self._mirrors = mirror_paths(self._template, set(self._pieces))
        indices = [i for i, e in enumerate(self.events) if type(e) is self._deal_class]
        if not indices:
            raise LogError("$.events", "the log has no deal event")
        ends = [*indices[1:], len(self.events)]
        self.hands = [_Hand(i, end) for i, end in zip(indices, ends, strict=True)]
        self._fixed: list[Any] = []
        self._layouts: dict[int, _Layout | None] = {}
        self._current: _State | None = None
        self._carried: _State | None = None
        self._fresh_tried = self._fresh_found = 0
        self._probing = False
        self._carried_layouts: dict[int, _Layout] = {}
        self._search_start: dict[int, _State] = {}
        last = self.hands[-1]
        first = 0
        if carried is not None and _continues(carried, self):
            first = len(carried.hands) - 1  # the shorter log's hands: settled there, and what its replays taught
            for before, hand in zip(carried.hands, self.hands, strict=False):
                hand.snapshot, hand.start, hand.stacked_before = before.snapshot, before.start, before.stacked_before
            self._fixed = list(carried._fixed)
            self._carried_layouts = {n: found for n, found in carried._layouts.items() if found is not None}
            current = carried._current
            state = None if current is None else _State(list(current.assignment), dict(current.choices))
            if first == len(self.hands) - 1:
                self._carried = state
                self._fresh_tried, self._fresh_found = carried._fresh_tried, carried._fresh_found
                return
            if state is not None:
                self._search_start[first] = state
        else:
            key = (self.cls.name, self.seat, self.options, self.events[: last.deal_index + 1])
            settled = _SETTLED.get(key)
            if settled is not None:
                self._fixed, last.snapshot, last.start, last.stacked_before = list(settled[0]), *settled[1:]
                return
        for number in range(first, len(self.hands) - 1):
            self._settle(number, rng)
        key = (self.cls.name, self.seat, self.options, self.events[: last.deal_index + 1])
        if len(_SETTLED) >= _SETTLED_SIZE:
            del _SETTLED[next(iter(_SETTLED))]
        _SETTLED[key] = (list(self._fixed), last.snapshot, last.start, last.stacked_before)

    # -- bounds ---------------------------------------------------------------------------

    def _check_time(self, at: int) -> None:
        """Raise :class:`NoWorldError` if the deadline has passed (the search stopped at event ``at``)."""
        deadline = self._deadline
        if deadline is not None and time.perf_counter() > deadline:
            budget = self._budget
            within = "the time allowed" if budget is None else f"{budget:g} s"
            raise NoWorldError(
                f"$.events[{at}]",
                f"no world consistent with seat {self.seat}'s log was found within {within}; "
                "the log may contradict itself",
                budget,
            )

    # -- candidates ---------------------------------------------------------------------

    def _seen(self, hand: _Hand, pool: set[str]) -> tuple[dict[str, tuple[int, int | None]], int | None]:
        """Where each piece of ``pool`` is first named in the hand after its deal, who held it there, and the reveal.

        The holder is the seat of the event's action, else its ``seat``, else ``None``; a
        per-seat ``hands`` list (an end-of-hand reveal) gives each pile to its seat (see
        :func:`tablegames.bots._owners.holders`). The reveal is the first event that shows every
        seat's hand that way (``None`` if none does).
        """
        seen: dict[str, tuple[int, int | None]] = {}
        action_of = self.cls.action_of
        reveal = None
        for at in range(hand.deal_index + 1, hand.end):
            event = self.events[at]
            data = to_json(event)
            actor = actor_of(event, data, action_of, self.players)
            for text, holder in holders(data, actor, self.players):
                if text in pool and text not in seen:
                    seen[text] = (at, holder)
            shown = data.get("hands")
            if isinstance(shown, list) and len(shown) == self.players and all(isinstance(h, list) for h in shown):
                reveal = at if reveal is None else reveal
        return seen, reveal

    def _layout(self, number: int) -> _Layout | None:
        """The hidden places of hand ``number``'s deal event, and the pieces that may fill them (kept)."""
        if number in self._layouts:
            return self._layouts[number]
        self._layouts[number] = found = self._read_layout(number)
        return found

    def _read_layout(self, number: int) -> _Layout | None:
        hand = self.hands[number]
        recorded = to_json(self.events[hand.deal_index])
        visible = Counter(t for t in strings(without(recorded, self._mirrors)) if t in self._pieces)
        pool = sorted(set(self._pieces) - set(visible))
        slots: list[tuple[Any, Any, int | None]] = []
        root: dict[str, Any] = {}
        fill(recorded, self._template, slots, owner=None, parent=root, key="deal")
        if len(slots) > len(pool):
            return None
        seen, reveal = self._seen(hand, set(pool))
        owners = Owners([seat for _, _, seat in slots], pool, seen, hand.deal_index, reveal=reveal)
        found = _Layout(root["deal"], slots, pool, owners)
        prior = self._carried_layouts.pop(number, None)
        if prior is not None and prior.pool == pool and len(prior.slots) == len(slots):
            found.forced.update(prior.forced)  # learned on a shorter log of this hand: still true
            found.judged.update(prior.judged)
            owners.adopt(prior.owners)
        return found

    def _random_state(self, layout: _Layout, rng: random.Random, *, steer: bool, mix: bool = True) -> _State | None:
        """A random assignment of the pool to the hidden places (the extra pieces, undealt, last).

        With ``steer``, built by owner (see :mod:`tablegames.bots._owners`): every piece the
        hand names later lies where its holder could have had it; without, or where no such
        assignment is found, uniformly at random (the places the deal event names are kept).
        """
        if steer:
            built = layout.owners.construct(rng, layout.forced, mix=mix)
            if built is not None:
                return _State(built)
        order = list(layout.pool)
        rng.shuffle(order)
        if not layout.forced:
            return _State(order)
        assignment: list[str | None] = [None] * len(layout.slots)
        for i, text in layout.forced.items():
            assignment[i] = text
        rest = iter(p for p in order if p not in layout.forced.values())
        out = [a if a is not None else next(rest) for a in assignment]
        return _State(out + list(rest))

    def _deal(self, number: int, layout: _Layout, assignment: Sequence[str]) -> Any | None:
        """The stacked deal that ``assignment`` makes of hand ``number``'s deal event, or ``None``."""
        for (parent, key, _), text in zip(layout.slots, assignment, strict=False):
            parent[key] = text
        try:
            event = structure(layout.filled, self._deal_class)
        except Exception:
            return None
        hand = self.hands[number]
        first = max(0, hand.deal_index - 1)
        window = list(self.events[first : hand.end])
        window[hand.deal_index - first] = event
        try:
            deals = self.cls.deals_from_events(window)
        except (LogError, InvalidOptionsError):
            return None
        return deals[-1] if len(deals) == 1 else None

    def _try(self, number: int, layout: _Layout, state: _State, rng: random.Random, *, snapshots: bool) -> _Played:
        """Play hand ``number`` again from ``state``: how far the log agrees, and the world.

        New hidden choices are added to ``state.choices``; a stored one the world refutes is dropped.
        """
        hand = self.hands[number]
        deal = self._deal(number, layout, state.assignment)
        world = None if deal is None else self._start_world(hand, deal, rng)
        if world is None:
            return _Played(-1, None, None, 0)  # not a valid deal: any consistent one is better
        played = self._advance(
            world,
            hand.end,
            rng,
            state.choices,
            verified=hand.start,
            snapshots=snapshots,
            prefer=state.prefer,
            owners=layout.owners,
        )
        if played.refused is not None and not self._probing:
            layout.owners.hint(played.refused[0], played.offered)
            self._learn_void(number, layout, state, played, rng)
        reached = played.world if played.world is not None else played.reached
        if reached is not None and played.matched > layout.owners.learned_to:
            layout.owners.learn(reached.events, played.matched, state.assignment, self.cls.action_of, self.players)
        return played

    def _search(
        self, number: int, rng: random.Random, *, snapshots: bool, start: _State | None = None
    ) -> tuple[_State, _Played]:
        """A consistent state for hand ``number``, found by swapping hidden pieces (from ``start`` first, if given).

        Raises:
            NoWorldError: if none is found within the attempts or by the deadline.

        """
        layout = self._layout(number)
        hand = self.hands[number]
        if layout is None:
            raise NoWorldError(f"$.events[{hand.deal_index}]", "the deal has more hidden places than unseen pieces")
        stop = hand.end
        tries = 0
        restarts = 0
        while tries < self.attempts:
            self._check_time(hand.deal_index)
            if restarts % 4 == 3:  # what replays taught may have come from a misleading stretch: learn afresh
                layout.owners.forget()
            state: _State | None
            if start is not None:
                state, start = _State(list(start.assignment), dict(start.choices)), None
            else:
                state = self._random_state(layout, rng, steer=True, mix=False)
            restarts += 1
            if state is None:
                continue
            owners = layout.owners
            version = owners.version
            played = self._try(number, layout, state, rng, snapshots=snapshots)
            tries += 1
            stuck = 0
            while played.matched < stop and tries < self.attempts and stuck < _STUCK:
                self._check_time(max(played.matched, hand.deal_index))
                if played.matched == hand.deal_index:
                    self._learn_mirror(layout, state, played)
                if owners.version != version:  # a replay taught where pieces lie: build anew if that moved them
                    version = owners.version
                    if not owners.valid(state.assignment):
                        rebuilt = self._random_state(layout, rng, steer=True, mix=False)
                        if rebuilt is not None:
                            state, played = rebuilt, self._try(number, layout, rebuilt, rng, snapshots=snapshots)
                            tries += 1
                            continue
                proposal = self._propose(layout, state, played, rng)
                trial = self._try(number, layout, proposal, rng, snapshots=snapshots)
                tries += 1
                if trial.matched >= played.matched or rng.random() < _DOWNHILL:
                    stuck = 0 if trial.matched > played.matched else stuck + 1
                    state, played = proposal, trial
                else:
                    stuck += 1
            if played.matched >= stop:
                return state, played
        raise NoWorldError(
            f"$.events[{hand.deal_index}]",
            f"no world consistent with seat {self.seat}'s log was found for this hand in {self.attempts} replays; "
            "the log may contradict itself",
        )

    def _learn_void(self, number: int, layout: _Layout, state: _State, played: _Played, rng: random.Random) -> None:
        """Learn what a seat could not have held from a world that refused the action the log shows it take.

        The world agrees with the log up to there, so the table is the same. If the seat surely
        holds every piece the refused action names (a card the log shows it play, dealt to its
        own hand and not passed on), something else refused it. Two probes, each one replay of
        a changed world, say what: the world with every piece the seat may use instead swapped
        out of its hand must accept the action (else the refusal has another cause, as a rule
        that a seat plays the piece it just drew); then a piece ``p`` is barred from the seat's
        hand there (a void: the cards of the suit led, where the log shows it not follow suit)
        if the world with the others swapped out refuses the action with ``p`` the only piece
        the seat may use. A piece the seat may use beside the action without refusing it (a
        trump, where trumping is always allowed) is not barred. A seat and event are probed
        until a probe answers (at most eight times), each piece once.
        """
        assert played.refused is not None
        seat, at, named = played.refused
        if not all(self._holds(layout, state, text, seat, at) for text in named):
            return  # the seat lacks a piece the action names in this world: that alone refuses it
        offered = played.offered
        avoid = {*offered, *named}
        if (seat, at, "") not in layout.judged:
            tries = layout.probes.get((seat, at), 0)
            if tries >= _PROBES:
                return
            layout.probes[seat, at] = tries + 1
            bare = self._without(layout, state, seat, at, offered, avoid=avoid, rng=rng)
            if bare is None:
                return
            tried = self._probe(number, layout, bare, rng)
            if tried.matched < at or (tried.matched == at and tried.offered):
                return  # no answer: it disagreed before, or the seat still had pieces to use (try another world)
            layout.judged.add((seat, at, ""))
            if tried.matched == at:
                return  # refused with nothing else to use: the refusal has another cause
            layout.judged.add((seat, at, "*"))
        if (seat, at, "*") not in layout.judged:
            return
        for piece in offered:
            if (seat, at, piece) in layout.judged:
                continue
            layout.judged.add((seat, at, piece))
            if len(offered) == 1:
                layout.owners.bar(seat, at, offered)
                continue
            alone = self._without(layout, state, seat, at, [q for q in offered if q != piece], avoid=avoid, rng=rng)
            if alone is None:
                continue
            tried = self._probe(number, layout, alone, rng)
            if (
                tried.refused is not None
                and tried.refused[:2] == (seat, at)
                and tried.offered == (piece,)
                and all(self._holds(layout, alone, text, seat, at) for text in named)
            ):
                layout.owners.bar(seat, at, [piece])

    def _probe(self, number: int, layout: _Layout, state: _State, rng: random.Random) -> _Played:
        """One replay of ``state`` that teaches no void (a probe of :meth:`_learn_void`), only hints."""
        self._probing = True
        try:
            played = self._try(number, layout, state, rng, snapshots=False)
        finally:
            self._probing = False
        if played.refused is not None:
            layout.owners.hint(played.refused[0], played.offered)
        return played

    def _without(
        self,
        layout: _Layout,
        state: _State,
        seat: int,
        at: int,
        pieces: Sequence[str],
        *,
        avoid: set[str],
        rng: random.Random,
    ) -> _State | None:
        """``state`` with ``pieces`` (which ``seat`` holds) swapped for pieces held elsewhere, unnamed before ``at``.

        A piece that reached the seat by another seat's hidden choice is swapped in that choice
        too. ``None`` if a piece cannot be swapped so. The probe's replay judges the result: a
        partner piece that reaches the seat all the same only makes the probe say nothing.
        """
        owners = layout.owners
        probe = state
        chosen = {t for action in state.choices.values() for t in named(action)}
        for text in pieces:
            assignment = probe.assignment
            try:
                i = assignment.index(text)
            except ValueError:
                return None
            if i >= len(owners.slots) or i in layout.forced:
                return None
            partners = [
                j
                for j, other in enumerate(assignment[: len(owners.slots)])
                if owners.slots[j] != seat
                and j not in layout.forced
                and other not in avoid
                and other not in chosen
                and seat not in owners.hinted.get(other, ())
                and owners.seen.get(other, (at + 1, None))[0] > at
                and (owners.slots[j] is not None or owners.taken.get(j, (at + 1, None))[1] != seat)
            ]
            if not partners:
                return None
            probe = self._swap(layout, probe, i, rng.choice(partners))
        return probe

    def _holds(self, layout: _Layout, state: _State, text: str, seat: int, at: int) -> bool:
        """Whether ``seat`` surely holds piece ``text`` just before log index ``at`` in the world of ``state``.

        Surely: the piece lies in the seat's own hand (or a place outside the hands it was seen to
        take before), and no hidden choice the seat made since names it (or is unknown).
        """
        try:
            place = state.assignment.index(text)
        except ValueError:
            return False
        owners = layout.owners
        if place >= len(owners.slots):
            return False
        owner = owners.slots[place]
        if owner is None:
            taken = owners.taken.get(place)
            if taken is None or taken[1] != seat or taken[0] >= at:
                return False
            since = taken[0]
        elif owner == seat:
            since = owners.deal_index
        else:
            return False
        for when, (chooser, _) in owners.choices.items():
            if chooser == seat and since < when < at:
                choice = state.choices.get(when)
                if choice is None or text in named(choice):
                    return False
        return True

    def _learn_mirror(self, layout: _Layout, state: _State, played: _Played) -> None:
        """Learn which hidden place holds a piece the deal event also names publicly.

        The deal event itself disagrees with the log: the log names one piece where the world
        names another, taken from a hidden place. That place is where the named piece belongs,
        in every deal of this hand.
        """
        wanted, used = played.clash
        if len(wanted) != 1 or len(used) != 1 or wanted[0] in layout.forced.values():
            return
        try:
            i = state.assignment.index(used[0])
        except ValueError:
            return
        if i < len(layout.slots):
            layout.forced[i] = wanted[0]

    def _propose(self, layout: _Layout, state: _State, played: _Played, rng: random.Random) -> _State:
        """A new state near ``state``: an aimed swap, a random swap, or a hidden choice drawn afresh."""
        earlier = [at for at in state.choices if at < played.matched]
        if played.offered and played.refused is not None and rng.random() < 0.5:
            offered = set(played.offered)  # a hidden choice that handed the seat what it could not hold: redraw it
            handing = [at for at in earlier if not offered.isdisjoint(named(state.choices[at]))]
            if handing:
                choices = dict(state.choices)
                del choices[rng.choice(handing)]
                return _State(state.assignment, choices)
        if earlier and rng.random() < _REDRAW:
            choices = dict(state.choices)
            at = rng.choice(sorted(earlier))
            del choices[at]
            wanted = frozenset(played.clash[0])  # a piece the log wants where the world lacks it: pass it on
            return _State(state.assignment, choices, {at: wanted} if wanted else {})
        owners = layout.owners
        if owners.valid(state.assignment):  # swaps that keep every named piece where it may lie
            if not played.clash[0] and len(played.clash[1]) > 1 and rng.random() < 0.5:
                deferred = self._deferred(layout, state, played, rng)
                if deferred is not None:
                    return deferred
            pair = kept(state.assignment, played.clash, owners, len(layout.slots), rng)
            if pair is not None:
                return self._swap(layout, state, *pair)
        pair = repaired(state.assignment, played.clash, rng) if rng.random() < 0.7 else None
        if pair is None:
            pair = swapped(state.assignment, len(layout.slots), rng)
        return self._swap(layout, state, *pair)

    def _deferred(self, layout: _Layout, state: _State, played: _Played, rng: random.Random) -> _State | None:
        """``state`` with every piece a seat could have used where the log shows it use none taken later instead.

        Each such piece goes to a place its holder takes after the disagreement (a later draw),
        or one no agreeing replay has seen taken yet, swapped with the piece there; ``None`` if
        none can be.
        """
        owners = layout.owners
        moved = state
        changed = False
        for text in played.clash[1]:
            assignment = moved.assignment
            try:
                i = assignment.index(text)
            except ValueError:
                continue
            later = [j for j in owners.taken_before(text) if owners.taken[j][0] > played.matched]
            later += [j for j, seat in enumerate(layout.slots) if seat is None and j not in owners.taken]
            partners = [j for j in later if j != i and owners.swappable(assignment, i, j)]
            if partners:
                moved = self._swap(layout, moved, i, rng.choice(partners))
                changed = True
        return moved if changed else None

    def _swap(self, layout: _Layout, state: _State, i: int, j: int) -> _State:
        """``state`` with the pieces at places ``i`` and ``j`` swapped, in the assignment and every hidden choice."""
        assignment = list(state.assignment)
        forced = layout.forced
        if i == j or forced.get(i) == assignment[i] or forced.get(j) == assignment[j]:
            return _State(assignment, dict(state.choices))
        a, b = assignment[i], assignment[j]
        assignment[i], assignment[j] = b, a
        choices: dict[int, Action] = {}
        for at, action in state.choices.items():
            moved = self._relabelled(action, a, b)
            if moved is not None:
                choices[at] = moved
        return _State(assignment, choices)

    def _relabelled(self, action: Action, a: str, b: str) -> Action | None:
        """``action`` with pieces ``a`` and ``b`` swapped (``None`` if the result does not parse)."""
        data = to_json(action)
        swapped, changed = swap_strings(data, a, b)
        if not changed:
            return action
        try:
            return self.cls.parse_action(swapped)
        except Exception:
            return None

    # -- playing a hand again -------------------------------------------------------------

    def _start_world(self, hand: _Hand, deal: Any, rng: random.Random) -> Game | None:
        """The world at the hand's snapshot, with ``deal`` stacked for this hand."""
        deals = (*hand.stacked_before, deal)
        try:
            if hand.snapshot is None:
                return self.cls.create(self.options, seed=rng.randrange(2**63), deals=deals)
            return hand.snapshot.with_next_deals(deals, seed=rng.randrange(2**63))
        except InvalidOptionsError:
            return None

    def _advance(
        self,
        world: Game,
        stop: int,
        rng: random.Random,
        choices: dict[int, Action],
        *,
        verified: int,
        snapshots: bool = True,
        prefer: dict[int, frozenset[str]] | None = None,
        owners: Owners | None = None,
    ) -> _Played:
        """Apply the log's actions until the world has produced every event before ``stop``.

        Returns how many events agree with the log, the world, and (with ``snapshots``) the
        snapshot taken before the action whose events reach ``stop`` (``None`` if the world's
        creation reached it) with the number of events it had. The world's first ``verified``
        events are known to agree. At the log's end, a world that has produced more events
        than the log (the last action's events go on) does not agree.
        """
        recorded = self.events
        seat = self.seat
        produced_so_far = world.events
        at = len(produced_so_far)
        for i in range(verified, min(at, stop)):
            if produced_so_far[i].redact(seat) != recorded[i]:
                return _Played(i, None, None, 0, self._clash(produced_so_far[i], recorded[i]), reached=world)
        snapshot: Game | None = None
        start = 0
        action_of = self.cls.action_of
        while at < stop:
            self._check_time(at)
            if world.is_over or world.current_player is None:
                return _Played(at, None, None, 0, reached=world)
            if snapshots:
                snapshot, start = world.clone(), at
            current = world.current_player
            try:
                step = action_of(recorded[at])
            except Exception:
                step = None
            done = False
            refused: Action | None = None
            if step is not None and step[0] == current:
                try:
                    produced = world.apply(step[1], seat=current)
                except IllegalActionError:
                    refused = step[1]
                else:
                    agree = self._agreeing(produced, at, stop)
                    if agree < len(produced) and at + agree < stop:
                        clash = self._clash(produced[agree], recorded[at + agree])
                        return _Played(at + agree, None, None, 0, clash, reached=world)
                    done = True
            if not done:
                found = self._hidden_choice(
                    world,
                    at,
                    stop,
                    rng,
                    choices,
                    prefer=prefer.get(at) if prefer else None,
                    owners=owners,
                    refused=refused is not None,
                )
                if isinstance(found, _Played):
                    found.reached = world
                    if refused is not None and found.offered:  # the world refused the log's own action
                        found.refused = (current, at, tuple(t for t in named(refused) if t in self._pieces))
                    return found
                world = found
            at = len(world.events)
        if stop == len(recorded) and at > stop:  # the world goes on where the log stops
            extra = world.events
            used = [t for e in extra[stop - 1 : stop + 1] for t in strings(to_json(e)) if t in self._pieces]
            return _Played(stop - 1, None, None, 0, ([], sorted(set(used))), reached=world)
        return _Played(stop, world, snapshot, start)

    def _hidden_choice(
        self,
        world: Game,
        at: int,
        stop: int,
        rng: random.Random,
        choices: dict[int, Action],
        *,
        prefer: frozenset[str] | None = None,
        owners: Owners | None = None,
        refused: bool = False,
    ) -> Game | _Played:
        """The world after the action at log index ``at``, which the log does not show whole.

        The stored choice for ``at`` if the world still accepts it and its events agree;
        otherwise the first of the legal actions, in a random order, whose events agree (it is
        stored), those that name a piece of ``prefer`` first. If none agrees, how far the best
        of them agreed, and its clash.

        Where the world ``refused`` the log's own action and the seat saw its event whole, no
        other action is tried (as :func:`~tablegames.bots._advance.advanced` judges too: the
        world cannot be the log's): the pieces the seat could have used are every legal
        action's, and the clash is that of the last action in the random order, as when each
        was tried and none agreed.
        """
        stored = choices.get(at)
        if stored is not None:
            trial = world.clone()
            try:
                produced = trial.apply(stored)
            except IllegalActionError:
                produced = None
            if produced is not None:
                agree = self._agreeing(produced, at, stop)
                if agree >= len(produced) or at + agree >= stop:
                    return trial
            del choices[at]
        actions = list(world.legal_actions())
        rng.shuffle(actions)
        recorded = to_json(self.events[at])
        if owners is not None and world.current_player is not None and has_null(recorded):
            owners.learn_choice(at, world.current_player, recorded, self.players)  # a choice the seat did not see
            score = owners.leaving(world.current_player, at)  # pieces the log shows elsewhere leave first
            actions.sort(key=lambda a: -score(a))
        if prefer:
            actions.sort(key=lambda a: prefer.isdisjoint(named(a)))
        best = at
        clash: tuple[list[str], list[str]] = ([], [])
        offered: set[str] = set()  # where no action agrees at all: every piece the seat could have used
        if refused and not has_null(recorded) and actions:  # seen whole and refused: no other action is the log's
            produced = world.clone().apply(actions[-1])
            agree = self._agreeing(produced, at, stop)
            if agree == 0 < len(produced) and at < stop:  # as expected (else every action is tried below)
                offered.update(t for action in actions for t in named(action) if t in self._pieces)
                clash = self._clash(produced[0], self.events[at])
                actions = []
        for action in actions:
            trial = world.clone()
            produced = trial.apply(action)
            agree = self._agreeing(produced, at, stop)
            if agree >= len(produced) or at + agree >= stop:
                choices[at] = action
                return trial
            if at + agree >= best:
                best = at + agree
                clash = self._clash(produced[agree], self.events[at + agree])
            if agree == 0:
                offered.update(t for t in named(action) if t in self._pieces)
        if best == at and not clash[0] and offered:
            clash = ([], sorted(offered))
            if owners is not None and world.current_player is not None:
                owners.bar(world.current_player, at, clash[1])
        found = _Played(best, None, None, 0, clash)
        found.offered = tuple(sorted(offered))
        return found

    def _clash(self, produced: Event, recorded: Event) -> tuple[list[str], list[str]]:
        """The pieces only the recorded event names, and those only the produced event names.

        The produced event is compared as the seat sees it first (a deal that disagrees names
        the piece it shows in the wrong place, not every hidden hand), then whole (a hidden draw
        names the piece drawn).

        Where both name the same pieces in another order (an end-of-hand reveal lists a hand in
        the order it was dealt), the first pair of pieces out of order: swapping them is the repair.
        """
        seen_there = produced.redact(self.seat)  # what the seat sees of it (of a deal: not every hand)
        if seen_there is not produced and seen_there != produced:
            found = self._clash(seen_there, recorded)
            if found[0] or found[1]:
                return found
        pieces = self._pieces.keys()
        mine = [t for t in named(recorded) if t in pieces]
        world = [t for t in named(produced) if t in pieces]
        only_mine, only_world = set(mine) - set(world), set(world) - set(mine)
        if only_mine or only_world:
            return sorted(only_mine), sorted(only_world)
        for a, b in zip(mine, world, strict=False):
            if a != b:
                return [a], [b]
        return [], []

    def _agreeing(self, produced: Sequence[Event], at: int, stop: int) -> int:
        """How many of ``produced`` (from event ``at`` on, up to ``stop``) look to the seat as the log's."""
        seat = self.seat
        recorded = self.events
        for offset, event in enumerate(produced):
            if at + offset >= stop or event.redact(seat) != recorded[at + offset]:
                return offset
        return len(produced)

    def _settle(self, number: int, rng: random.Random) -> None:
        """Fix one consistent deal for hand ``number`` (over), and the next hand's snapshot."""
        state, played = self._search(number, rng, snapshots=True, start=self._search_start.pop(number, None))
        deal = self._deal(number, self._layout(number), state.assignment)  # type: ignore[arg-type]
        self._fixed.append(deal)
        following = self.hands[number + 1]
        following.snapshot = played.snapshot
        following.start = played.start
        following.stacked_before = tuple(
            self._fixed[j] for j, earlier in enumerate(self.hands[: number + 1]) if earlier.deal_index >= played.start
        )

    # -- sampling ---------------------------------------------------------------------------

    def sample(
        self, rng: random.Random, *, fresh: int = _FRESH, deadline: float | None = None, budget: float | None = None
    ) -> Game:
        """One world consistent with the whole log, at its end.

        Up to ``fresh`` states built afresh are tried first (only one once 16 have been tried
        for this hand and none was consistent); the first consistent one is an
        exact sample where the log has no hidden choices (uniform among the consistent deals).
        If none is, the last consistent state is moved by a few swaps that keep it consistent
        (a Metropolis walk: uniform in the long run, but correlated with the previous sample).
        The first such state is the one carried from a shorter log (``carried``), if it is
        still consistent, else the search by swaps starts from it.

        Args:
            rng: the generator every hidden piece and choice is drawn with.
            fresh: how many fresh states to try before walking.
            deadline: the ``time.perf_counter()`` time by which a world must be found
                (``None``: only the attempts bound the search).
            budget: the seconds that deadline stands for, for the error's message.

        Raises:
            NoWorldError: if no consistent state of the current hand is found within the
                attempts or by the deadline.

        """
        self._deadline, self._budget = deadline, budget
        number = len(self.hands) - 1
        layout = self._layout(number)
        stop = len(self.events)
        if layout is None:
            raise NoWorldError(
                f"$.events[{self.hands[number].deal_index}]", "the deal has more hidden places than unseen pieces"
            )
        if self._current is not None and self._fresh_tried >= _FRESH_TRIAL and not self._fresh_found:
            fresh = min(fresh, 1)  # fresh states have all been refuted here: walk, after one try
        for _ in range(fresh):
            state = self._random_state(layout, rng, steer=True)
            if state is None:
                break
            played = self._try(number, layout, state, rng, snapshots=False)
            self._fresh_tried += 1
            if played.matched >= stop and played.world is not None:
                self._fresh_found += 1
                self._current = state
                return played.world
        if self._current is None:
            carried, self._carried = self._carried, None
            if carried is not None:  # the last consistent state of a shorter log: consistent still, or a near miss
                played = self._try(number, layout, carried, rng, snapshots=False)
                if played.matched >= stop and played.world is not None:
                    self._current = carried
                    return played.world
            self._current, played = self._search(number, rng, snapshots=False, start=carried)
            assert played.world is not None
            return played.world
        world: Game | None = None
        for _ in range(_WALK):
            i, j = swapped(self._current.assignment, len(layout.slots), rng)
            proposal = self._swap(layout, self._current, i, j)
            played = self._try(number, layout, proposal, rng, snapshots=False)
            if played.matched >= stop and played.world is not None:
                self._current, world = proposal, played.world
        if world is None:
            played = self._try(number, layout, self._current, rng, snapshots=False)
            world = played.world
        if world is None:  # pragma: no cover - the current state was consistent
            raise NoWorldError("$.events", "the sampler lost its consistent state")
        return world


class _Layout:
    """The hidden places of one deal event."""

    __slots__ = ("filled", "forced", "judged", "owners", "pool", "probes", "slots")

    def __init__(self, filled: Any, slots: list[tuple[Any, Any, int | None]], pool: list[str], owners: Owners) -> None:
        self.filled = filled
        """The deal event's JSON, hidden places to be written."""
        self.slots = slots
        """Each hidden place: ``(container, key, seat whose hand it is in, or None)``."""
        self.pool = pool
        """The pieces that may fill them (more than the places if some pieces stay undealt)."""
        self.owners = owners
        """Where the pieces the hand names may have been dealt, and what replays taught (see ``_owners``)."""
        self.forced: dict[int, str] = {}
        """Hidden places whose piece the deal event names publicly too, learned from a replay."""
        self.judged: set[tuple[int, int, str]] = set()
        """``(seat, log index, piece)``: pieces already judged as a possible void of that seat there
        (``""``: whether the refusal came from the pieces the seat could use; ``"*"``: it did)."""
        self.probes: dict[tuple[int, int], int] = {}
        """``(seat, log index)``: how many first probes of a refusal there gave no answer."""


class _Played:
    """How one replayed hand went."""

    __slots__ = ("clash", "matched", "offered", "reached", "refused", "snapshot", "start", "world")

    def __init__(
        self,
        matched: int,
        world: Game | None,
        snapshot: Game | None,
        start: int,
        clash: tuple[list[str], list[str]] = ([], []),
        *,
        reached: Game | None = None,
    ) -> None:
        self.reached = reached
        """The world where it stopped, if it disagreed (its events agree up to ``matched``)."""
        self.offered: tuple[str, ...] = ()
        """Where no action agreed at a choice: the pieces the world let the seat use there."""
        self.refused: tuple[int, int, tuple[str, ...]] | None = None
        """Where the world refused the action the log shows: ``(seat, log index, the pieces it names)``."""
        self.clash = clash
        """At the first disagreement: the pieces only the log names there, and those only the world does."""
        self.matched = matched
        """How many of the log's events the world agreed with."""
        self.world = world
        """The world, if it agreed up to the end of the hand."""
        self.snapshot = snapshot
        """The world before the action that dealt the next hand."""
        self.start = start
        """How many events the snapshot had."""
