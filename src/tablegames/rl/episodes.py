"""What an episode is by default, and when it is cut short: an end a random policy reaches.

Every environment takes three settings beside the variant's options: ``episode`` (``"match"``
or ``"hand"``), ``reward`` (``"match"`` or ``"hand"``) and ``max_steps`` (truncation, or
``None`` for none). Each defaults to :data:`AUTO`, which :func:`resolve` turns into the
variant's defaults (:func:`episode_defaults`), measured from the Game contract alone, so that
any variant, a plug-in included, gets them with no code of its own:

* ``episode``: ``"match"`` if eight seeded random matches all end within
  :data:`MATCH_DECISIONS` decisions each, else ``"hand"`` (a match that random play does not
  end, as Four Point Smear's with its bidders set again and again, would be an episode
  without an end);
* ``reward``: the episode's (``"match"``: +1/-1 when the match ends; ``"hand"``: the margin's
  changes, so a hand episode is never without rewards);
* ``max_steps``: four times the most decisions of one such episode in those random matches,
  rounded up to a hundred (a learned policy plays episodes of about the same length; a
  policy that gets stuck is cut off).

The measure is deterministic (seeds 0 to 7, random legal actions) and kept per variant and
options, so every environment of the same game has the same defaults.

>>> import tablegames
>>> from tablegames.rl.episodes import episode_defaults
>>> sniff = tablegames.get_variant("american-sniff")
>>> episode_defaults(sniff, sniff.options_class(players=2))
EpisodeDefaults(episode='match', reward='match', max_steps=1900, match_steps=1900, hand_steps=200)
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

import attrs

from tablegames.bots.worlds import deal_event_class
from tablegames.core.game import Game
from tablegames.core.memo import Kept
from tablegames.core.serde import dumps

__all__ = [
    "AUTO",
    "EPISODES",
    "MATCHES_MEASURED",
    "MATCH_DECISIONS",
    "REWARDS",
    "EpisodeDefaults",
    "check_settings",
    "episode_defaults",
    "resolve",
]

AUTO: Final = "auto"
"""The default of ``episode``, ``reward`` and ``max_steps``: the variant's own (:func:`episode_defaults`)."""
EPISODES: Final = ("match", "hand")
"""What an episode may be."""
REWARDS: Final = ("match", "hand")
"""How rewards may be given."""
MATCHES_MEASURED: Final = 8
"""How many seeded random matches :func:`episode_defaults` plays."""
MATCH_DECISIONS: Final = 5_000
"""The decisions within which each of those matches must end for an episode to be a match by default."""
_MARGIN: Final = 4
_ROUND: Final = 100


@attrs.frozen
class EpisodeDefaults:
    """A variant's default settings under one set of options, and the measures they come from (see the module)."""

    episode: str
    """``"match"`` or ``"hand"``."""
    reward: str
    """The same as :attr:`episode`."""
    max_steps: int
    """The steps of an episode before it is truncated, :attr:`match_steps` or :attr:`hand_steps` by :attr:`episode`."""
    match_steps: int
    """The step limit of a match episode, four times the longest random match rounded up to a hundred
    (``4 * MATCH_DECISIONS`` where random matches do not end)."""
    hand_steps: int
    """The step limit of a hand episode, four times the longest random hand rounded up to a hundred."""


_KNOWN: Final = Kept[tuple[str, str], EpisodeDefaults]("tablegames.rl.episodes: the episode defaults", most=256)


def episode_defaults(variant: type[Game], options: Any) -> EpisodeDefaults:
    """The default episode, reward and step limit of ``variant`` under ``options`` (an options object).

    Measured once per variant and options (see the module): some tens of milliseconds.
    """
    key = (variant.name, dumps(options))
    known = _KNOWN.get(key)
    if known is None:
        known = _KNOWN.keep(key, _measure(variant, options))
    return known


def _limit(decisions: int) -> int:
    """Four times ``decisions``, rounded up to a hundred."""
    return -(-_MARGIN * max(decisions, 1) // _ROUND) * _ROUND


def _measure(variant: type[Game], options: Any) -> EpisodeDefaults:
    deal = deal_event_class(variant, options) or type(None)
    longest_match = longest_hand = 0
    ended = True
    for seed in range(MATCHES_MEASURED):
        game = variant.create(options, seed=seed)
        rng = random.Random(seed)
        decisions = hand = 0
        while not game.is_over and decisions < MATCH_DECISIONS:
            events = game.apply(rng.choice(game.legal_actions()))
            decisions += 1
            hand += 1
            if game.is_over or any(isinstance(e, deal) for e in events):
                longest_hand = max(longest_hand, hand)
                hand = 0
        longest_match = max(longest_match, decisions)
        if not game.is_over:
            ended = False
            break  # random play does not end this variant's matches: one is enough to know
    match_steps = _limit(longest_match) if ended else _MARGIN * MATCH_DECISIONS
    hand_steps = _limit(longest_hand)
    episode = "match" if ended else "hand"
    return EpisodeDefaults(
        episode=episode,
        reward=episode,
        max_steps=match_steps if ended else hand_steps,
        match_steps=match_steps,
        hand_steps=hand_steps,
    )


def check_settings(
    *, episode: str, reward: str, max_steps: int | str | None, reward_scale: float | None = None
) -> None:
    """Check the settings every environment takes beside the variant's options (see the module).

    ``reward_scale`` is ``None`` (the variant's divisor) or a positive, finite number, not a bool.

    Raises:
        ValueError: naming the first bad setting.

    >>> from tablegames.rl.episodes import check_settings
    >>> check_settings(episode="hand", reward="auto", max_steps=None, reward_scale=50)
    >>> check_settings(episode="round", reward="auto", max_steps=None)
    Traceback (most recent call last):
    ...
    ValueError: episode must be one of ('match', 'hand') or 'auto', not 'round'
    """
    if episode != AUTO and episode not in EPISODES:
        raise ValueError(f"episode must be one of {EPISODES} or {AUTO!r}, not {episode!r}")
    if reward != AUTO and reward not in REWARDS:
        raise ValueError(f"reward must be one of {REWARDS} or {AUTO!r}, not {reward!r}")
    if max_steps != AUTO and max_steps is not None and (type(max_steps) is not int or max_steps < 1):
        raise ValueError(f"max_steps must be a positive int, None or {AUTO!r}, not {max_steps!r}")
    if reward_scale is not None and (type(reward_scale) not in (int, float) or not 0 < reward_scale < math.inf):
        raise ValueError(f"reward_scale must be None or a positive, finite number, not {reward_scale!r}")


def resolve(
    variant: type[Game], options: Any, *, episode: str, reward: str, max_steps: int | str | None
) -> tuple[str, str, int | None]:
    """The settings with each :data:`AUTO` replaced by the variant's default (see the module).

    ``reward=AUTO`` follows the episode, and ``max_steps=AUTO`` the episode's limit: an explicit
    ``episode="hand"`` on a game whose matches end is cut off at four times its longest random
    hand, not its longest match.

    Raises:
        ValueError: naming the first bad setting.

    """
    check_settings(episode=episode, reward=reward, max_steps=max_steps)
    if episode == AUTO or max_steps == AUTO:
        defaults = episode_defaults(variant, options)
        if episode == AUTO:
            episode = defaults.episode
        if max_steps == AUTO:
            max_steps = defaults.match_steps if episode == "match" else defaults.hand_steps
    if reward == AUTO:
        reward = episode
    assert not isinstance(max_steps, str)
    return episode, reward, max_steps
