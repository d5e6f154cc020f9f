"""Construction by owner for the generic world sampler (:mod:`tablegames.bots.worlds`).

Every unseen piece that a hand's public events name later was held, at that moment, by the
seat the event belongs to (the seat that played it, the seat whose hand a reveal shows), or
by no seat (a piece the rules take from the stock by themselves, as a round's engine). A hidden
place of the deal can hold such a piece only if the place reaches that seat by then:

* a place in ``hands[z]`` reaches ``z``, and every seat a hidden choice of a seat it reaches
  names, up to that moment (a pass of hidden cards from ``z`` to ``y`` reaches ``y``);
* a place outside the hands (a stock, undealt cards) reaches the seat that took it, from the
  moment it took it. Which event takes which place is learned from the replays: in a stretch
  of a hand that agrees with the log, the event that first names the place's piece is the one
  that takes it (a draw from the stock takes the next place, whatever piece lies there). A
  place the agreeing stretch never took holds a piece first named after that stretch, or never.

:class:`Owners` keeps what was learned for one hand's deal, says which places each named piece
may take, deals the named pieces to such places (a random matching, then random moves and
swaps that keep every piece where it may be, so that every such placement is drawn about
equally often), the pieces nobody has named into the places left, uniformly; and it orders a
hidden choice's candidates so that the pieces the log shows with another seat leave the
chooser's hand first. The rules themselves are never read: the replay stays the judge, and a
variant that breaks the assumptions above (a stock taken out of order) only loses the help.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from tablegames.bots._json_places import named, strings
from tablegames.core.events import Action, Event
from tablegames.core.serde import to_json

__all__ = ["Owners", "actor_of", "holders"]

_NEVER: Final = 1 << 62
"""A log index past any log: when a piece nobody names stops being held."""
_MIXING: Final = 3
"""Random moves per named piece after the matching, to spread the placements."""

Appearance = tuple[int, int | None]
"""Where a piece is first named after the deal: the log index and the seat that held it (``None``: no seat)."""


def holders(data: Any, actor: int | None, players: int) -> list[tuple[str, int | None]]:
    """Each string that event JSON ``data`` names, with the seat that holds it there.

    A per-seat list of ``hands`` (as an end-of-hand reveal writes them) gives each pile to its
    seat; every other string belongs to ``actor`` (the seat of the event's action, or its
    ``seat``).
    """
    out: list[tuple[str, int | None]] = []
    for key, value in data.items():
        if key == "hands" and isinstance(value, list) and len(value) == players:
            for owner, pile in enumerate(value):
                out.extend((text, owner) for text in strings(pile))
        else:
            out.extend((text, actor) for text in strings(value))
    return out


def actor_of(
    event: Event, data: Any, action_of: Callable[[Event], tuple[int, Action] | None], players: int
) -> int | None:
    """The seat an event belongs to: its action's seat, else its ``seat`` field, else ``None``."""
    try:
        step = action_of(event)
    except Exception:
        step = None
    if step is not None:
        return step[0]
    seat = data.get("seat")
    return seat if type(seat) is int and 0 <= seat < players else None


class Owners:
    """What one hand's log says about where its unseen pieces were dealt, and what replays taught.

    Args:
        slots: the seat of each hidden place (``None`` outside the hands).
        pool: the unseen pieces (the places' pieces first, any undealt extra after).
        seen: each pool piece's first appearance after the deal (pieces never named are absent).
        deal_index: the log index of the hand's deal event.

    """

    __slots__ = (
        "_allowed",
        "_compatible",
        "_later",
        "barred",
        "choices",
        "deal_index",
        "hinted",
        "learned_to",
        "pool",
        "reveal",
        "seen",
        "slots",
        "taken",
        "version",
    )

    def __init__(
        self,
        slots: Sequence[int | None],
        pool: Sequence[str],
        seen: dict[str, Appearance],
        deal_index: int,
        *,
        reveal: int | None = None,
    ) -> None:
        self.slots = list(slots)
        """The seat of each hidden place, ``None`` for a place outside the hands."""
        self.pool = list(pool)
        """The unseen pieces."""
        self.seen = seen
        """Each named pool piece's first appearance in the hand: ``(log index, holder)``."""
        self.deal_index = deal_index
        """The log index of the deal event."""
        self.reveal = reveal
        """The log index of an event showing every seat's hand (an end-of-hand reveal), or ``None``.
        Pieces it shows were held before it; a piece never named was in no hand then."""
        self.taken: dict[int, Appearance] = {}
        """Places outside the hands whose taking a replay saw: ``(log index, seat or None)``."""
        self.choices: dict[int, tuple[int, frozenset[int]]] = {}
        """Hidden choices a replay met: log index -> (the chooser, the seats its event names)."""
        self.learned_to = deal_index + 1
        """How far into the log some replay agreed: every place taken before it is in :attr:`taken`."""
        self.barred: dict[str, set[tuple[int, int]]] = {}
        """Pieces replays showed a seat could not have held just before a log index: piece -> (seat, index)."""
        self.hinted: dict[str, set[int]] = {}
        """Pieces a refusing replay showed a seat holding where it could use them and the log shows it
        use another: piece -> seats. A hint only: a hidden choice hands them to those seats last."""
        self.version = 0
        """How many times replays taught something (a state built before may no longer be valid)."""
        self._allowed: dict[str, list[int]] | None = None
        self._compatible: dict[str, frozenset[int]] = {}
        self._later: dict[str, list[int]] = {}

    # -- learning -------------------------------------------------------------------------

    def learn(
        self,
        world_events: Sequence[Event],
        matched: int,
        assignment: Sequence[str],
        action_of: Callable[[Event], tuple[int, Action] | None],
        players: int,
    ) -> None:
        """Learn, from a replay that agreed with the log up to ``matched``, which events took the outside places."""
        if matched <= self.learned_to:
            return
        outside = {assignment[i]: i for i, seat in enumerate(self.slots) if seat is None and i < len(assignment)}
        named: set[str] = set()
        for at in range(self.deal_index + 1, min(matched, len(world_events))):
            event = world_events[at]
            data = to_json(event)
            actor = actor_of(event, data, action_of, players)
            for text, holder in holders(data, actor, players):
                if text in named:
                    continue
                named.add(text)
                place = outside.get(text)
                if place is not None and place not in self.taken:
                    self.taken[place] = (at, holder)
                    self._allowed = None
        self.learned_to = matched
        self._allowed = None
        self.version += 1

    def learn_choice(self, at: int, chooser: int, data: Any, players: int) -> None:
        """Record a hidden choice at log index ``at`` by ``chooser``, whose recorded event is ``data``."""
        if at in self.choices:
            return
        named = frozenset(v for v in data.values() if type(v) is int and 0 <= v < players) | {chooser}
        self.choices[at] = (chooser, named)
        self._allowed = None
        self.version += 1

    def hint(self, seat: int, pieces: Sequence[str]) -> None:
        """Note that a replay refused ``seat`` the logged action while it held ``pieces`` it could use instead."""
        for text in pieces:
            self.hinted.setdefault(text, set()).add(seat)

    def adopt(self, prior: Owners) -> None:
        """Take over what replays taught ``prior``, built for a shorter log of the same hand (still true here)."""
        self.taken.update(prior.taken)
        for at, choice in prior.choices.items():
            self.choices.setdefault(at, choice)
        for text, bars in prior.barred.items():
            self.barred.setdefault(text, set()).update(bars)
        for text, seats in prior.hinted.items():
            self.hinted.setdefault(text, set()).update(seats)
        self.learned_to = max(self.learned_to, prior.learned_to)
        self._allowed = None
        self.version += 1

    def forget(self) -> None:
        """Drop what replays taught (it led nowhere)."""
        self.taken.clear()
        self.choices.clear()
        self.barred.clear()
        self.learned_to = self.deal_index + 1
        self._allowed = None
        self.version += 1

    # -- where a piece may be ---------------------------------------------------------------

    def _reach(self, owner: int, since: int, until: int) -> set[int]:
        """The seats a piece held by ``owner`` from log index ``since`` may be with by ``until``."""
        reach = {owner}
        if not self.choices:
            return reach
        for at in sorted(self.choices):
            if since < at < until:
                chooser, named = self.choices[at]
                if chooser in reach:
                    reach |= named
        return reach

    def allows(self, text: str, place: int) -> bool:
        """Whether pool piece ``text`` may lie in hidden place ``place`` (an undealt extra past the places)."""
        seen = self.seen.get(text)
        if place >= len(self.slots):
            return seen is None
        owner = self.slots[place]
        taken = self.taken.get(place)
        until = _NEVER if seen is None else seen[0]
        if text in self.barred:
            if owner is not None:
                keeper: int | None = owner
                since = self.deal_index
            else:
                since, keeper = taken if taken is not None else (0, None)
            if keeper is not None and self._barred(text, keeper, since, until):
                return False
        if seen is None:
            if owner is not None:
                return self._unnamed_in_hand(owner)
            return taken is None or taken[1] is not None
        at, holder = seen
        if owner is not None:
            return holder is not None and holder in self._reach(owner, self.deal_index, at)
        if taken is None:
            return at > self.learned_to if at == self.reveal else at >= self.learned_to
        when, taker = taken
        if taker is None or holder is None:
            return (when, taker) == (at, holder)
        return when <= at and holder in self._reach(taker, when - 1, at)

    def _barred(self, text: str, keeper: int, since: int, until: int) -> bool:
        """Whether ``keeper``, holding ``text`` from ``since`` to ``until``, was seen unable to hold it then.

        A bar at a moment after a hidden choice of the keeper that names another seat (a pass)
        does not count: it may have handed the piece on by then.
        """
        return any(
            seat == keeper and since < at < until and not self._handed_on(keeper, since, at)
            for seat, at in self.barred.get(text, ())
        )

    def _handed_on(self, seat: int, since: int, until: int) -> bool:
        """Whether ``seat`` made a hidden choice naming another seat between log indices ``since`` and ``until``."""
        return any(
            chooser == seat and since < at < until and len(named) > 1 for at, (chooser, named) in self.choices.items()
        )

    def bar(self, seat: int, at: int, pieces: Sequence[str]) -> None:
        """Record that ``seat`` held none of ``pieces`` just before log index ``at``.

        The log shows it use no piece there where a world in which it held one of them let
        it use it (it drew or passed instead): in a world that agrees with the log up to
        there, the public table is the same, so it would have let it too.
        """
        for text in pieces:
            if text in self.pool:
                found = self.barred.setdefault(text, set())
                if (seat, at) not in found:
                    found.add((seat, at))
                    self._allowed = None
                    self.version += 1

    def allowed(self) -> dict[str, list[int]]:
        """For each named pool piece, the places it may lie in whose taking is known (hands, places seen taken).

        A piece may also lie in a place outside the hands that no agreeing replay has seen taken
        yet, if it is named only after that stretch; such places are tried last.
        """
        if self._allowed is None:
            sure = [self._sure(i) for i in range(len(self.slots))]
            self._allowed, self._later, self._compatible = {}, {}, {}
            for text in self.pool:
                if text not in self.seen:
                    continue
                found = [i for i, certain in enumerate(sure) if self.allows(text, i)]
                self._allowed[text] = [i for i in found if sure[i]]
                self._later[text] = [i for i in found if not sure[i]]
                self._compatible[text] = frozenset(found)
        return self._allowed

    def _sure(self, place: int) -> bool:
        """Whether ``place`` is in a hand or its taking was seen (not a place taken after the agreeing stretch)."""
        return self.slots[place] is not None or place in self.taken

    def valid(self, assignment: Sequence[str]) -> bool:
        """Whether every piece of ``assignment`` lies where it may."""
        if self._allowed is not None:
            compatible = self._compatible
            return all(i in compatible[t] if t in compatible else self.allows(t, i) for i, t in enumerate(assignment))
        return all(self.allows(t, i) for i, t in enumerate(assignment))

    def taken_before(self, text: str) -> list[int]:
        """The places seen taken by the seat that shows ``text``, before it shows it, the latest first."""
        seen = self.seen.get(text)
        if seen is None or seen[1] is None:
            return []
        at, holder = seen
        found = [(when, place) for place, (when, taker) in self.taken.items() if taker == holder and when <= at]
        return [place for _, place in sorted(found, reverse=True)]

    def swappable(self, assignment: Sequence[str], i: int, j: int) -> bool:
        """Whether swapping places ``i`` and ``j`` keeps a valid ``assignment`` valid."""
        return self.allows(assignment[i], j) and self.allows(assignment[j], i)

    # -- dealing -------------------------------------------------------------------------

    def construct(self, rng: random.Random, forced: dict[int, str], *, mix: bool = True) -> list[str] | None:
        """An assignment with every named piece where it may lie, ``None`` if none was found.

        ``forced`` places are filled first. With ``mix``, the named pieces are matched to places
        (augmenting paths, pieces in a random order), then moved about at random among their
        places, so that each placement is drawn about equally often. Without, each place seen
        taken gets first the piece its taker shows soonest after (a seat that draws because it
        cannot play plays the piece it drew), for a search that wants a likely state rather
        than a fair one. The pieces nobody named fill the rest uniformly at random.
        """
        allowed = self.allowed()
        places = len(self.slots)
        owner_of: dict[int, str] = dict(forced)
        fixed = set(forced.values())
        named = [t for t in allowed if t not in fixed]
        rng.shuffle(named)
        named.sort(key=lambda t: self.seen[t][0])  # a seat's later pieces are the ones left to later places
        locked = set(forced)
        if not mix:
            self._soonest(owner_of, locked, fixed)
            placed = set(owner_of.values())
            named = [t for t in named if t not in placed]
        left = [t for t in named if not self._augment(t, allowed, owner_of, locked, set())]
        everywhere = {t: [*allowed[t], *self._later[t]] for t in allowed}
        for text in left:
            if not self._augment(text, everywhere, owner_of, locked, set()):
                return None
        where = {t: i for i, t in owner_of.items()}
        free_ok = [self.allows_unnamed(i) for i in range(places)]
        for _ in range(_MIXING * len(named) if mix else 0):
            text = named[rng.randrange(len(named))]
            options = allowed[text]
            if not options:
                continue
            target = options[rng.randrange(len(options))]
            here = where[text]
            if target == here or target in forced:
                continue
            other = owner_of.get(target)
            if other is None:
                if free_ok[here]:
                    del owner_of[here]
                    owner_of[target] = text
                    where[text] = target
            elif other not in fixed and here in self._compatible[other]:
                owner_of[here], owner_of[target] = other, text
                where[text], where[other] = target, here
        rest = [t for t in self.pool if t not in where and t not in fixed]
        rng.shuffle(rest)
        it = iter(rest)
        out: list[str] = []
        for i in range(places):
            found = owner_of.get(i)
            if found is None:
                if not free_ok[i]:
                    return None
                found = next(it, None)
                if found is None:
                    return None
            out.append(found)
        return out + list(it)

    def _soonest(self, owner_of: dict[int, str], locked: set[int], fixed: set[str]) -> None:
        """Give each place seen taken, in the order taken, the piece its taker shows soonest after."""
        used = set(fixed) | set(owner_of.values())
        for place, (when, taker) in sorted(self.taken.items(), key=lambda item: item[1][0]):
            if place in locked or place in owner_of:
                continue
            best: tuple[int, str] | None = None
            for text, (at, holder) in self.seen.items():
                if text in used or at < when or holder is None or holder != taker or not self.allows(text, place):
                    continue
                if best is None or at < best[0]:
                    best = (at, text)
            if best is not None:
                owner_of[place] = best[1]
                used.add(best[1])

    def allows_unnamed(self, place: int) -> bool:
        """Whether a piece nobody names may lie in ``place``."""
        owner = self.slots[place]
        if owner is not None:
            return self._unnamed_in_hand(owner)
        taken = self.taken.get(place)
        return taken is None or taken[1] is not None

    def _unnamed_in_hand(self, owner: int) -> bool:
        """Whether ``owner``'s dealt hand may hold a piece nobody names (not if all are shown and it hid no choice)."""
        return self.reveal is None or any(chooser == owner for chooser, _ in self.choices.values())

    def _augment(
        self, text: str, allowed: dict[str, list[int]], owner_of: dict[int, str], locked: set[int], visited: set[int]
    ) -> bool:
        """Kuhn's augmenting path: give ``text`` one of its ``allowed`` places, moving others along."""
        for place in allowed[text]:
            if place in visited or place in locked:
                continue
            visited.add(place)
            other = owner_of.get(place)
            if other is None or self._augment(other, allowed, owner_of, locked, visited):
                owner_of[place] = text
                return True
        return False

    # -- hidden choices -------------------------------------------------------------------

    def leaving(self, chooser: int, at: int) -> Callable[[Action], int]:
        """A score for a hidden choice of ``chooser`` at ``at``: its pieces that must leave, less those that stay.

        A piece it would hand to a seat that replays showed could not hold it later (a void of
        the receiver, see :meth:`bar`) counts against it most, one that a refusing replay showed
        that seat holding (see :meth:`hint`) next.
        """
        seen = self.seen
        barred = self.barred
        hinted = self.hinted
        receivers = self.choices.get(at, (chooser, frozenset()))[1] - {chooser}

        worth: dict[str, int] = {}  # each piece's part of the score, worked out once per choice

        def piece(text: str) -> int:
            total = 0
            if receivers:
                if any(s in receivers and when > at for s, when in barred.get(text, ())):
                    total -= 10
                elif not receivers.isdisjoint(hinted.get(text, ())):
                    total -= 5
            found = seen.get(text)
            if found is not None and found[0] > at:
                total += 1 if found[1] != chooser else -1
            worth[text] = total
            return total

        def score(action: Action) -> int:
            total = 0
            for text in named(action):
                found = worth.get(text)
                total += piece(text) if found is None else found
            return total

        return score
