"""Bodies of property tests that every variant's own tests repeat: random matches, replay, clones, named pieces.

The conformance checks (:mod:`tablegames.testing.checks`) play scenarios the kit draws. A
variant's own property tests play whole matches with a policy of their own (pass often in an
auction, so that dealers are stuck) and then assert what any variant promises: the log
replays, a clone and a replayed game go on like the game, a view or an event names only the
pieces a seat may see. These are those shared parts, as plain functions a test calls with
the game it played; each raises :class:`AssertionError` saying what differed.

>>> from tablegames.testing.properties import play_random, check_log_replays, named_pieces
>>> from tablegames.core.registry import get_variant
>>> Sniff = get_variant("american-sniff")
>>> game = play_random(Sniff, {"players": 2, "target": 50}, seed=4)
>>> game.is_over
True
>>> check_log_replays(game, again=play_random(Sniff, {"players": 2, "target": 50}, seed=4))
>>> dealt = game.log(0).events[0]  # seat 0's view of the first deal names its own seven tiles only
>>> named_pieces(dealt, Sniff.pieces) == set(dealt.hands[0])
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Final, TypeVar

from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.core.logs import load_log, replay
from tablegames.core.serde import dumps, to_json
from tablegames.testing._support import strings_in

__all__ = [
    "DEFAULT_MATCH_STEPS",
    "Policy",
    "check_goes_on_like_clone_and_replay",
    "check_log_replays",
    "named_pieces",
    "play_random",
]

_G = TypeVar("_G", bound=Game)
_P = TypeVar("_P", bound=Hashable)

DEFAULT_MATCH_STEPS: Final = 20_000
"""The most actions :func:`play_random` applies before it calls the match endless."""

Policy = Callable[[Game, Sequence[Action], random.Random], Action]
"""How :func:`play_random` picks an action: ``policy(game, legal, rng)`` returns one of ``legal``."""


def _uniform(game: Game, legal: Sequence[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def play_random(
    variant: type[_G],
    options: Any = None,
    *,
    seed: int,
    policy: Policy | None = None,
    check: Callable[[_G], None] | None = None,
    max_steps: int = DEFAULT_MATCH_STEPS,
) -> _G:
    """A whole match of ``variant`` from ``seed``, each action picked by ``policy`` (its generator seeded too).

    Args:
        variant: the variant class.
        options: its options (an options object, a mapping, or ``None`` for the defaults).
        seed: the game's seed, and the seed of the policy's generator: the same seed plays the
            same match.
        policy: picks each action (:data:`Policy`); by default uniformly among the legal ones.
        check: called with the game before each action (the variant's invariants), if given.
        max_steps: the most actions before the match is called endless.

    Raises:
        AssertionError: if nothing is legal in a game that is not over, or the match does not
            end within ``max_steps``.
        IllegalActionError: if the policy picks an action that is not legal.
    """
    game = variant.create(options, seed=seed)
    rng = random.Random(seed)
    pick = _uniform if policy is None else policy
    for _ in range(max_steps):
        if game.is_over:
            return game
        legal = game.legal_actions()
        if not legal:
            raise AssertionError(f"{variant.name}: the game is not over but nothing is legal (seed {seed})")
        if check is not None:
            check(game)
        game.apply(pick(game, legal, rng), seat=game.current_player)
    if not game.is_over:
        raise AssertionError(f"{variant.name}: the match from seed {seed} did not end in {max_steps} actions")
    return game


def check_log_replays(game: Game, *, again: Game | None = None) -> None:
    """``game``'s full log survives JSON and replays to the same log, scores and winner.

    Args:
        game: a played game.
        again: the same match played again (same variant, options, seed and choices), whose log
            must be byte-identical; ``None`` to skip that comparison.

    Raises:
        AssertionError: saying which of the three differed.
    """
    text = dumps(game.log())
    replayed = replay(load_log(text))
    if dumps(replayed.log()) != text:
        raise AssertionError(f"{game.name}: the replayed log differs from the log it replays")
    if (replayed.scores, replayed.winner) != (game.scores, game.winner):
        raise AssertionError(
            f"{game.name}: the replayed game ends {replayed.scores} (winner {replayed.winner}), "
            f"the game {game.scores} (winner {game.winner})"
        )
    if again is not None and dumps(again.log()) != text:
        raise AssertionError(f"{game.name}: the same match played again logs differently")


def check_goes_on_like_clone_and_replay(
    game: Game,
    *,
    steps: int = 40,
    choose: Callable[[Sequence[Action]], Action] | None = None,
) -> None:
    """Mid-match, a clone and a game replayed from the log go on alike, and ``game`` stays as it was.

    The clone plays up to ``steps`` more events (or to the end), each action picked from its
    legal actions by ``choose`` (by default the last) and applied to the replayed game too.

    Args:
        game: a game under way.
        steps: how many events past ``game``'s the clone goes on.
        choose: picks the action from the clone's legal actions.

    Raises:
        AssertionError: if ``game``'s log or a view changed, or the replayed game's log is not the clone's.
    """
    pick = choose if choose is not None else (lambda legal: legal[-1])
    copy = game.clone()
    replayed = replay(load_log(dumps(game.log())))
    before = dumps(game.log())
    views = [dumps(game.view(s)) for s in range(game.players)]
    limit = len(game.events) + steps
    while not copy.is_over and len(copy.events) < limit:
        action = pick(copy.legal_actions())
        copy.apply(action)
        replayed.apply(action)
    if dumps(game.log()) != before:
        raise AssertionError(f"{game.name}: playing on a clone changed the original's log")
    changed = [s for s in range(game.players) if dumps(game.view(s)) != views[s]]
    if changed:
        raise AssertionError(f"{game.name}: playing on a clone changed the original's view of seats {changed}")
    if dumps(replayed.log()) != dumps(copy.log()):
        raise AssertionError(f"{game.name}: the replayed game and the clone went on differently")


def named_pieces(value: Any, pieces: Iterable[_P]) -> set[_P]:
    """The pieces among ``pieces`` whose notation appears as a string in ``value``'s JSON form.

    Args:
        value: anything with a JSON form (an event, a view, a log).
        pieces: the pieces to look for (a variant's :attr:`~tablegames.core.game.Game.pieces`).

    >>> from tablegames.testing.properties import named_pieces
    >>> from tablegames.components.cards import Card
    >>> from tablegames.mechanics.tricks import CardPlayed
    >>> named_pieces(CardPlayed(1, Card.parse("AH")), [Card.parse("AH"), Card.parse("KH")])
    {Card(Rank.ACE, Suit.HEARTS)}
    """
    by_name = {str(p): p for p in pieces}
    return {by_name[s] for s in strings_in(to_json(value)) if s in by_name}
