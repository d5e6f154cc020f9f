"""The generic world sampler: worlds for any conforming variant, from the contract alone.

Given one seat's redacted log, it deals the pieces that seat cannot have seen into the hidden
fields of each hand's deal event, turns the filled event into a stacked deal with the
variant's own hooks, and plays the hand again in a real game: every action the log records
is applied, and every event the rules then produce must look, to that seat, exactly like the
recorded one. A candidate that does not is thrown away and another is drawn. The rules check
everything, so the sampler is correct for any variant that keeps the Game contract; it knows
no rule itself.

How it deals:

* **The shape of a deal** (how many pieces each hidden field holds) is read from a deal the
  variant makes itself with the same options. A variant whose hands are dealt in shapes that
  change from hand to hand needs its own sampler (see
  :meth:`~tablegames.core.game.Game.log_filler`).
* **Pieces a seat certainly held.** A piece another seat showed before anything hidden reached
  it in that hand (a draw, a pickup) was dealt to it: it is put in that seat's hand
  (``hands[seat]`` of the deal, as the contract writes deals). The other hidden pieces are
  dealt uniformly at random.
* **Finding a consistent deal.** When the rules constrain the hidden pieces strongly (a seat
  that draws holds nothing playable), a random deal is rarely consistent. So the sampler
  searches: it swaps two hidden pieces at a time, keeping a swap when the replayed hand agrees
  with the log at least as far as before, until all of it agrees.
* **Drawing many worlds.** Each sample first tries a few independent random deals: the first
  consistent one is an exact draw, uniform among the consistent deals. Where consistent deals
  are too rare for that, it makes a few random swaps from the last consistent deal instead,
  each kept only if the deal stays consistent (a Metropolis walk with symmetric proposals:
  every consistent deal is equally likely in the long run, but successive samples are
  correlated).
* **Hidden actions** (another bidder's discard) are found by trying the legal actions in the
  world and keeping those whose events look to the seat as recorded; one is taken at random.
* **Hands that are over** are settled once, when the sampler is built, to one consistent
  deal each (they cannot change what happens next); each sample deals the current hand only.

Its cost is one replay of the current hand per candidate, times the candidates a sample needs
(more when many hidden pieces are constrained by the rules, as Sniff's draws and passes are);
a variant can provide a better-informed filler instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from tablegames.core.errors import IllegalActionError, InvalidOptionsError, LogError, UnknownVariantError
from tablegames.core.events import Event, EventLog
from tablegames.core.game import Game
from tablegames.core.registry import get_variant
from tablegames.core.serde import structure, to_json

__all__ = ["GenericWorlds", "deal_event_class"]

_FRESH: Final = 4
"""Independent random deals a sample tries before it walks from the last consistent one."""
_DOWNHILL: Final = 0.1
"""How often the search for a consistent deal accepts a swap that agrees with less of the log
(to leave a plateau where every single swap makes things worse)."""
_WALK: Final = 6
"""Swaps tried between two samples when no fresh deal is consistent."""


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


class GenericWorlds:
    """Draws full games consistent with one seat's redacted log, for any variant.

    Args:
        log: a seat's redacted log (``log.seat`` is set).
        rng: the generator used to settle the hands that are over.
        attempts: how many replays of a hand the search for a consistent deal may take.

    Raises:
        LogError: if the log is not a seat's log of a registered variant, or no consistent
            deal is found for a hand that is over.

    """

    def __init__(self, log: EventLog, rng: random.Random, *, attempts: int = 6000) -> None:
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
        self._pieces = {str(p): p for p in self.cls.pieces}
        scratch = self.cls.create(self.options, seed=rng.randrange(2**63))
        self.players = scratch.players
        template = _first_hidden_event(scratch)
        if template is None:
            raise LogError("$.events", f"{self.cls.name} deals nothing hidden: there is nothing to sample")
        self._deal_class = type(template)
        self._template = to_json(template)
        indices = [i for i, e in enumerate(self.events) if type(e) is self._deal_class]
        if not indices:
            raise LogError("$.events", "the log has no deal event")
        ends = [*indices[1:], len(self.events)]
        self.hands = [_Hand(i, end) for i, end in zip(indices, ends, strict=True)]
        self._fixed: list[Any] = []
        self._layouts: dict[int, _Layout | None] = {}
        self._current: list[str] | None = None
        last = self.hands[-1]
        key = (self.cls.name, self.seat, self.options, self.events[: last.deal_index + 1])
        settled = _SETTLED.get(key)
        if settled is not None:
            self._fixed, last.snapshot, last.start, last.stacked_before = list(settled[0]), *settled[1:]
            return
        for number in range(len(self.hands) - 1):
            self._settle(number, rng)
        if len(_SETTLED) >= _SETTLED_SIZE:
            del _SETTLED[next(iter(_SETTLED))]
        _SETTLED[key] = (list(self._fixed), last.snapshot, last.start, last.stacked_before)

    # -- candidates ---------------------------------------------------------------------

    def _certain(self, hand: _Hand, pool: set[str]) -> dict[int, list[str]]:
        """Pieces of ``pool`` each seat showed in the hand before anything hidden reached it.

        A piece whose first appearance after the deal is in an event of seat ``x`` (an action
        of ``x``, an event whose ``seat`` is ``x``, or ``x``'s entry of an event's ``hands``, as
        an end-of-hand reveal writes them), before any event of ``x`` with a hidden field, was
        dealt to ``x``. The observing seat is left out: the deal event shows all it was dealt,
        so a piece of the pool that reaches it came from elsewhere (a draw it saw).
        """
        tainted = [False] * self.players
        seen: set[str] = set()
        out: dict[int, list[str]] = {}
        action_of = self.cls.action_of
        for event in self.events[hand.deal_index + 1 : hand.end]:
            data = to_json(event)
            seat = data.get("seat")
            try:
                step = action_of(event)
            except Exception:
                step = None
            actor = step[0] if step is not None else seat
            strings = _strings(data)
            if type(actor) is int and 0 <= actor < self.players and actor != self.seat and not tainted[actor]:
                for text in strings:
                    if text in pool and text not in seen:
                        out.setdefault(actor, []).append(text)
            shown = data.get("hands")  # pieces shown per seat, as the contract writes hands (an end-of-hand reveal)
            if isinstance(shown, list) and len(shown) == self.players:
                for owner, pile in enumerate(shown):
                    if owner == self.seat or tainted[owner] or not isinstance(pile, list):
                        continue
                    for text in pile:
                        if isinstance(text, str) and text in pool and text not in seen:
                            out.setdefault(owner, []).append(text)
            if type(seat) is int and 0 <= seat < self.players and _has_null(data):
                tainted[seat] = True
            seen.update(strings)
        return {seat: list(dict.fromkeys(pieces)) for seat, pieces in out.items()}

    def _layout(self, number: int) -> _Layout | None:
        """The hidden places of hand ``number``'s deal event, and the pieces that may fill them (kept)."""
        if number in self._layouts:
            return self._layouts[number]
        self._layouts[number] = found = self._read_layout(number)
        return found

    def _read_layout(self, number: int) -> _Layout | None:
        hand = self.hands[number]
        recorded = to_json(self.events[hand.deal_index])
        visible = set(_strings(recorded)) & self._pieces.keys()
        pool = sorted(set(self._pieces) - visible)
        slots: list[tuple[Any, Any, int | None]] = []
        root: dict[str, Any] = {}
        _fill(recorded, self._template, slots, owner=None, parent=root, key="deal")
        if len(slots) > len(pool):
            return None
        return _Layout(root["deal"], slots, pool, self._certain(hand, set(pool)))

    def _random_assignment(self, layout: _Layout, rng: random.Random, *, steer: bool) -> list[str] | None:
        """A random assignment of the pool to the hidden places (the extra pieces, undealt, last)."""
        order = list(layout.pool)
        rng.shuffle(order)
        if not steer or not layout.certain:
            return order
        assignment: list[str | None] = [None] * len(layout.slots)
        placed: set[str] = set()
        for owner, pieces in layout.certain.items():
            places = [i for i, (_, _, seat) in enumerate(layout.slots) if seat == owner]
            if len(pieces) > len(places):
                return None
            rng.shuffle(places)
            for i, text in zip(places, pieces, strict=False):
                assignment[i] = text
                placed.add(text)
        rest = iter(p for p in order if p not in placed)
        out = [a if a is not None else next(rest) for a in assignment]
        return out + list(rest)

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

    def _try(
        self, number: int, layout: _Layout, assignment: Sequence[str], rng: random.Random, *, snapshots: bool
    ) -> _Played:
        """Play hand ``number`` again with ``assignment``: how far the log agrees, and the world."""
        hand = self.hands[number]
        deal = self._deal(number, layout, assignment)
        world = None if deal is None else self._start_world(hand, deal, rng)
        if world is None:
            return _Played(-1, None, None, 0)  # not a valid deal: any consistent one is better
        return self._advance(world, hand.end, rng, verified=hand.start, snapshots=snapshots)

    def _search(self, number: int, rng: random.Random, *, snapshots: bool) -> tuple[list[str], _Played]:
        """A consistent assignment for hand ``number``, found by swapping hidden pieces.

        Raises:
            LogError: if none is found within the attempts.

        """
        layout = self._layout(number)
        if layout is None:
            raise LogError(f"$.events[{self.hands[number].deal_index}]", "the deal has more hidden places than pieces")
        stop = self.hands[number].end
        tries = 0
        restarts = 0
        while tries < self.attempts:
            assignment = self._random_assignment(layout, rng, steer=restarts % 2 == 0)
            restarts += 1
            if assignment is None:
                continue
            played = self._try(number, layout, assignment, rng, snapshots=snapshots)
            tries += 1
            stuck = 0
            while played.matched < stop and tries < self.attempts and stuck < 200:
                proposal = _repaired(assignment, played.clash, rng) if rng.random() < 0.7 else None
                if proposal is None:
                    proposal = _swapped(assignment, len(layout.slots), rng)
                trial = self._try(number, layout, proposal, rng, snapshots=snapshots)
                tries += 1
                if trial.matched >= played.matched or rng.random() < _DOWNHILL:
                    stuck = 0 if trial.matched > played.matched else stuck + 1
                    assignment, played = proposal, trial
                else:
                    stuck += 1
            if played.matched >= stop:
                return assignment, played
        raise LogError(
            f"$.events[{self.hands[number].deal_index}]",
            f"no deal consistent with seat {self.seat}'s log was found for this hand in {self.attempts} tries",
        )

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

    def _matches(self, produced: Sequence[Event], at: int, stop: int) -> bool:
        """Whether ``produced`` (from event ``at`` on) looks to the seat as the log does, up to ``stop``."""
        seat = self.seat
        recorded = self.events
        for offset, event in enumerate(produced):
            i = at + offset
            if i >= stop:
                return True
            if event.redact(seat) != recorded[i]:
                return False
        return True

    def _advance(self, world: Game, stop: int, rng: random.Random, *, verified: int, snapshots: bool = True) -> _Played:
        """Apply the log's actions until the world has produced every event before ``stop``.

        Returns how many events agree with the log, the world, and (with ``snapshots``) the
        snapshot taken before the action whose events reach ``stop`` (``None`` if the world's
        creation reached it) with the number of events it had. The world's first ``verified``
        events are known to agree.
        """
        recorded = self.events
        seat = self.seat
        produced_so_far = world.events
        at = len(produced_so_far)
        for i in range(verified, min(at, stop)):
            if produced_so_far[i].redact(seat) != recorded[i]:
                return _Played(i, None, None, 0, self._clash(produced_so_far[i], recorded[i]))
        snapshot: Game | None = None
        start = 0
        action_of = self.cls.action_of
        while at < stop:
            if world.is_over or world.current_player is None:
                return _Played(at, None, None, 0)
            if snapshots:
                snapshot, start = world.clone(), at
            current = world.current_player
            try:
                step = action_of(recorded[at])
            except Exception:
                step = None
            done = False
            if step is not None and step[0] == current:
                try:
                    produced = world.apply(step[1], seat=current)
                except IllegalActionError:
                    pass
                else:
                    agree = self._agreeing(produced, at, stop)
                    if agree < len(produced) and at + agree < stop:
                        return _Played(at + agree, None, None, 0, self._clash(produced[agree], recorded[at + agree]))
                    done = True
            if not done:
                matching = []
                best = at
                clash: tuple[list[str], list[str]] = ([], [])
                for action in world.legal_actions():
                    trial = world.clone()
                    produced = trial.apply(action)
                    agree = self._agreeing(produced, at, stop)
                    if agree >= len(produced) or at + agree >= stop:
                        matching.append(trial)
                    elif at + agree >= best:
                        best = at + agree
                        clash = self._clash(produced[agree], recorded[at + agree])
                if not matching:
                    return _Played(best, None, None, 0, clash)
                if len(matching) > 1:  # a hidden choice (a face-down discard): try each, in a random order
                    return self._branch(matching, stop, rng, snapshot, start, snapshots=snapshots)
                world = matching[rng.randrange(1)]  # the draw keeps the generator's stream as before
            at = len(world.events)
        return _Played(stop, world, snapshot, start)

    def _branch(
        self,
        worlds: list[Game],
        stop: int,
        rng: random.Random,
        snapshot: Game | None,
        start: int,
        *,
        snapshots: bool,
    ) -> _Played:
        """Go on from each of several worlds that look the same to the seat; the first that agrees to the end.

        A choice the seat cannot see (which card another seat discarded face down) shows only
        later, when the log shows what that seat still held: so each branch is played on, and
        the furthest disagreement is kept if none agrees.
        """
        rng.shuffle(worlds)
        furthest: _Played | None = None
        for world in worlds:
            at = len(world.events)
            if at >= stop:  # the choice itself reached the end: the snapshot is the one before it
                return _Played(stop, world, snapshot, start)
            played = self._advance(world, stop, rng, verified=at, snapshots=snapshots)
            if played.matched >= stop:
                return played
            if furthest is None or played.matched > furthest.matched:
                furthest = played
        assert furthest is not None
        return furthest

    def _clash(self, produced: Event, recorded: Event) -> tuple[list[str], list[str]]:
        """The pieces only the recorded event names, and those only the produced (full) event names.

        Where both name the same pieces in another order (an end-of-hand reveal lists a hand in
        the order it was dealt), the first pair of pieces out of order: swapping them is the repair.
        """
        pieces = self._pieces.keys()
        mine = [t for t in _strings(to_json(recorded)) if t in pieces]
        world = [t for t in _strings(to_json(produced)) if t in pieces]
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
        assignment, played = self._search(number, rng, snapshots=True)
        deal = self._deal(number, self._layout(number), assignment)  # type: ignore[arg-type]
        self._fixed.append(deal)
        following = self.hands[number + 1]
        following.snapshot = played.snapshot
        following.start = played.start
        following.stacked_before = tuple(
            self._fixed[j] for j, earlier in enumerate(self.hands[: number + 1]) if earlier.deal_index >= played.start
        )

    # -- sampling ---------------------------------------------------------------------------

    def sample(self, rng: random.Random, *, fresh: int = _FRESH) -> Game:
        """One world consistent with the whole log, at its end.

        Up to ``fresh`` independent random deals are tried first; the first consistent one is
        an exact sample (uniform among the consistent deals). If none is, the last consistent
        deal is moved by a few swaps that keep it consistent (a Metropolis walk: uniform in the
        long run, but correlated with the previous sample).

        Raises:
            LogError: if no consistent deal of the current hand is found.

        """
        number = len(self.hands) - 1
        layout = self._layout(number)
        stop = len(self.events)
        if layout is None:
            raise LogError(f"$.events[{self.hands[number].deal_index}]", "the deal has more hidden places than pieces")
        for _ in range(fresh):
            assignment = self._random_assignment(layout, rng, steer=True)
            if assignment is None:
                break
            played = self._try(number, layout, assignment, rng, snapshots=False)
            if played.matched >= stop and played.world is not None:
                self._current = assignment
                return played.world
        if self._current is None:
            self._current, played = self._search(number, rng, snapshots=False)
            assert played.world is not None
            return played.world
        world: Game | None = None
        for _ in range(_WALK):
            proposal = _swapped(self._current, len(layout.slots), rng)
            played = self._try(number, layout, proposal, rng, snapshots=False)
            if played.matched >= stop and played.world is not None:
                self._current, world = proposal, played.world
        if world is None:
            played = self._try(number, layout, self._current, rng, snapshots=False)
            world = played.world
        if world is None:  # pragma: no cover - the current assignment was consistent
            raise LogError("$.events", "the sampler lost its consistent deal")
        return world


class _Layout:
    """The hidden places of one deal event."""

    __slots__ = ("certain", "filled", "pool", "slots")

    def __init__(
        self, filled: Any, slots: list[tuple[Any, Any, int | None]], pool: list[str], certain: dict[int, list[str]]
    ) -> None:
        self.filled = filled
        """The deal event's JSON, hidden places to be written."""
        self.slots = slots
        """Each hidden place: ``(container, key, seat whose hand it is in, or None)``."""
        self.pool = pool
        """The pieces that may fill them (more than the places if some pieces stay undealt)."""
        self.certain = certain
        """Pieces each seat certainly held (see :meth:`GenericWorlds._certain`)."""


class _Played:
    """How one replayed hand went."""

    __slots__ = ("clash", "matched", "snapshot", "start", "world")

    def __init__(
        self,
        matched: int,
        world: Game | None,
        snapshot: Game | None,
        start: int,
        clash: tuple[list[str], list[str]] = ([], []),
    ) -> None:
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


def _repaired(assignment: Sequence[str], clash: tuple[list[str], list[str]], rng: random.Random) -> list[str] | None:
    """A swap aimed at the first disagreement: a piece the log shows there with one the world used there.

    With only one side known, the piece is swapped with a random other piece. ``None`` if the
    disagreement names no piece.
    """
    wanted, used = clash
    if not wanted and not used:
        return None
    out = list(assignment)
    where = {text: i for i, text in enumerate(out)}
    i = where.get(rng.choice(wanted)) if wanted else None
    j = where.get(rng.choice(used)) if used else None
    if i is None and j is None:
        return None
    if i is None or j is None:
        k = i if i is not None else j
        assert k is not None
        other = rng.randrange(len(out) - 1) if len(out) > 1 else k
        i, j = k, other + (other >= k)
    out[i], out[j] = out[j], out[i]
    return out


def _swapped(assignment: Sequence[str], places: int, rng: random.Random) -> list[str]:
    """``assignment`` with a random hidden place's piece swapped with another piece's."""
    out = list(assignment)
    if len(out) < 2 or places < 1:
        return out
    i = rng.randrange(places)
    j = rng.randrange(len(out) - 1)
    if j >= i:
        j += 1
    out[i], out[j] = out[j], out[i]
    return out


def _strings(data: Any) -> list[str]:
    """Every string inside JSON ``data``."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, list):
        return [s for item in data for s in _strings(item)]
    if isinstance(data, dict):
        return [s for value in data.values() for s in _strings(value)]
    return []


def _has_null(data: Any) -> bool:
    """Whether JSON ``data`` holds a ``null`` anywhere below its top level's own keys."""
    if data is None:
        return True
    if isinstance(data, list):
        return any(_has_null(item) for item in data)
    if isinstance(data, dict):
        return any(_has_null(value) for value in data.values())
    return False


def _fill(
    recorded: Any,
    template: Any,
    slots: list[tuple[Any, Any, int | None]],
    *,
    owner: int | None,
    parent: Any,
    key: Any,
) -> None:
    """Write into ``parent[key]`` a copy of ``recorded`` whose hidden parts take the template's shape.

    Each piece place left to fill is ``None`` and appended to ``slots`` as ``(container, key,
    seat)``, the seat being the owner when the place is inside ``hands[seat]``.
    """
    if recorded is None:
        if isinstance(template, str):
            parent[key] = None
            slots.append((parent, key, owner))
        elif isinstance(template, list):
            parent[key] = [None] * len(template)
            for i, item in enumerate(template):
                _fill(None, item, slots, owner=owner, parent=parent[key], key=i)
        else:
            parent[key] = template
    elif isinstance(recorded, dict) and isinstance(template, dict):
        parent[key] = out = {}
        for name, value in recorded.items():
            shape = template.get(name)
            if name == "hands" and isinstance(value, list) and isinstance(shape, list):
                out[name] = hands = [None] * len(value)
                for i, pile in enumerate(value):
                    _fill(pile, shape[i] if i < len(shape) else None, slots, owner=i, parent=hands, key=i)
            else:
                _fill(value, shape, slots, owner=owner, parent=out, key=name)
    elif isinstance(recorded, list) and isinstance(template, list) and len(recorded) == len(template):
        parent[key] = items = [None] * len(recorded)
        for i, (r, t) in enumerate(zip(recorded, template, strict=True)):
            _fill(r, t, slots, owner=owner, parent=items, key=i)
    else:
        parent[key] = recorded
