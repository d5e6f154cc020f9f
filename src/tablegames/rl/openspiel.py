"""Any variant as an OpenSpiel game (the ``openspiel`` extra): its own or the derived action ids and observations.

:func:`register` makes a registered variant a ``pyspiel`` Python game, ``python_tablegames_``
followed by the variant's name with ``_`` for ``-``; :func:`load_game` registers it (once) and
loads it, so OpenSpiel's tools and algorithms play it like any of their own games:

>>> import pyspiel
>>> from tablegames.rl.openspiel import load_game
>>> game = load_game("american-sniff", players=2, seed=7)
>>> game.get_type().short_name, game.num_players(), game.num_distinct_actions()
('python_tablegames_american_sniff', 2, 140)
>>> state = game.new_initial_state()
>>> action = state.legal_actions()[0]
>>> state.apply_action(action)
>>> state.is_terminal()
False

**Actions** are the variant's ids (:class:`~tablegames.core.capabilities.ActionIds`):
``num_distinct_actions`` is its ``size`` and ``action_to_string`` its names. An action chosen in
parts (Smear's discard of several cards) is applied one id at a time by the same player, who
stays the current player until its last part; the game sees the whole action then (through
:class:`~tablegames.rl.decisions.Decision`), so its rules and its log are the game's own.

**Chance** is ``SAMPLED_STOCHASTIC``: the deals are not chance nodes (a variant shuffles them
from a seed, inside the game). Every fresh :meth:`~TablegamesGame.new_initial_state` is a new
match whose seed is drawn, when the state is first looked at, from the game's ``seed``
parameter (the same ``seed`` gives the same sequence of matches); a clone is the same match,
with the same hands still to be dealt. So the states have no chance nodes and their history is
the players' ids only. An explicit chance node (a deal as one outcome of millions) would be no
use to OpenSpiel's exact algorithms either, and the variants would have to deal from outcomes
rather than from their seeds.

**Observations**, through OpenSpiel's observer API (``make_py_observer``):

* the *observation* (``observation_tensor``, ``observation_string``, the default of
  ``open_spiel.python.observation.make_observation``): the environments' vector for the
  player, the same as PettingZoo's and Gymnasium's here: the variant's own
  (:class:`~tablegames.core.capabilities.ObservationSpec`), then, for a variant that chooses
  actions in parts, the ``chosen`` field (:func:`~tablegames.rl.decisions.observation_fields`;
  its dict has those fields). The string is the player's view.
* the *information state* (``perfect_recall=True``): a string only
  (``information_state_string``), the player's whole redacted log, one described event a line,
  and its parts chosen so far. The variant's vector is what a strong player tracks, not a
  perfect-recall record, so no information-state *tensor* is claimed
  (``provides_information_state_tensor`` is false; OpenSpiel's RL environment then uses the
  observation tensor).

Other observation types (public information only, every player's private information) are
refused with :class:`ValueError`.

**Returns** (``reward_model`` terminal), by the ``episode`` parameter: ``"match"`` (the default)
gives ``+1`` to every player of the winning side and ``-1`` to the others when the match ends;
``"hand"`` ends the episode with the first hand and gives each player its side's margin (its
score less the mean of the other sides') gained in the hand, divided by the target score
(:func:`~tablegames.rl.decisions.hand_reward_divisor`: a documented default where the variant
declares none, and negated where the lowest score wins, so winning the hand is positive). A
state that reaches ``max_moves`` moves is terminal with no winner, all returns ``0`` (random
Smear bidders can keep a match going for ever). The utility is ``ZERO_SUM`` where those returns
always add up to 0 (two sides of as many players each for matches; sides of equal size for
hands), else ``GENERAL_SUM``.

**Information-set search.** A state resamples itself from a player's information state
(:meth:`TablegamesState.resample_from_infostate`) with the library's world sampler
(:class:`~tablegames.bots.sampler.WorldSampler`), so OpenSpiel's Python ISMCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) searches these games honestly, over
worlds the player cannot tell apart (:func:`resampler` makes its searches repeatable).

**What runs** (OpenSpiel 2.0.2; the tests play each):

* ``pyspiel.random_sim_test`` with ``serialize=False``: OpenSpiel serializes a sampled game
  through the C++ game's RNG state, which a Python game cannot give (``GetRNGState
  unimplemented``).
* ``open_spiel.python.algorithms.evaluate_bots`` with OpenSpiel's uniform random bots
  (``pyspiel.make_uniform_random_bot``, C++), and the Python MCTS below. The Python ISMCTS
  has no ``restart_at``, which ``evaluate_bots`` calls: play it with ``bot.step`` in a loop.
* The Python ISMCTS (above) and the Python MCTS (``open_spiel.python.algorithms.mcts``,
  which searches the true state, every hand and every later deal: a clairvoyant baseline,
  not a player).
* ``open_spiel.python.rl_environment.Environment``, on the observation tensor, and
  the agents that train in it: tabular Q-learning is tested; the deep ones (DQN, policy
  gradients, NFSP) need PyTorch or JAX, which the extra does not install.
* Outcome-sampling MCCFR (``open_spiel.python.algorithms.outcome_sampling_mccfr``): each
  iteration plays one fresh match, so chance is sampled; a tabular method, it runs, but
  learns next to nothing in games with this many information states.

**What does not**:

* The C++ ``pyspiel.MCTSBot`` and ``pyspiel.ISMCTSBot`` crash the process (a segmentation
  fault) on any Python game, OpenSpiel's own ``python_tic_tac_toe`` too: their ``step``
  releases the GIL and then clones the state, which for a Python state calls Python.
  The C++ ISMCTS could not resample a Python state anyway (OpenSpiel does not forward
  ``ResampleFromInfostate`` to Python).
* Whatever enumerates the game tree or the chance outcomes: CFR and its relatives, external
  sampling MCCFR (every action of the updating player at each of its decisions),
  exploitability and best responses, ``get_all_states``, sequence-form solvers, minimax.
  These trees are astronomically large (a Sniff hand has about ten decisions a seat, each
  among several moves, under millions of deals), and the tabular policies they build start by
  listing every state: they never finish.

**Cost.** OpenSpiel clones a Python state by deep-copying its attributes; a state keeps all of
its own in one object that deep-copies as :meth:`Game.clone <tablegames.core.game.Game.clone>`
(about 20 µs a clone, 3 of them the game's). Random play through the wrapper (``legal_actions``
and ``apply_action`` from Python) makes about 0.4 times the moves a second of random play with
:meth:`Game.apply <tablegames.core.game.Game.apply>` (each move crosses into C++ and back
several times, and builds the next :class:`~tablegames.rl.decisions.Decision`).
:meth:`TablegamesState.observation_tensor` answers in Python (about 9 µs): OpenSpiel's own
(in C++, used by its C++ code) builds a fresh state on every call to learn a Python game's
tensor size, here a whole new match (about 180 µs, and it takes a seed from the stream).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs
import numpy as np
import pyspiel

from tablegames.bots.sampler import WorldSampler
from tablegames.bots.worlds import deal_event_class
from tablegames.core.capabilities import ActionIds, ObservationSpec
from tablegames.core.events import Event
from tablegames.core.game import Game
from tablegames.core.options import IntOption
from tablegames.core.registry import get_variant
from tablegames.core.rng import fresh_seed
from tablegames.rl.decisions import (
    Decision,
    capabilities,
    chosen_at,
    hand_reward_divisor,
    observation_fields,
    observation_size,
)
from tablegames.rl.episodes import AUTO, resolve

__all__ = [
    "EPISODES",
    "FRESH_SEED",
    "MAX_MOVES",
    "PREFIX",
    "TablegamesGame",
    "TablegamesObserver",
    "TablegamesState",
    "load_game",
    "register",
    "resampler",
    "short_name",
]

PREFIX: Final = "python_tablegames_"
"""How the OpenSpiel name of every variant begins."""
EPISODES: Final = ("match", "hand")
"""What an episode may be (the ``episode`` parameter, beside ``"auto"``: the variant's default)."""
MAX_MOVES: Final = 0
"""The default ``max_moves``, which stands for the variant's default step limit
(:func:`~tablegames.rl.episodes.episode_defaults`): moves (ids) after which a state is terminal
with no winner."""
FRESH_SEED: Final = -1
"""The default ``seed``: each game object draws its matches' seeds from fresh entropy."""

_SETTINGS: Final = ("seed", "episode", "max_moves")
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_SCALARS: Final = (bool, int, float, str)

_registered: dict[str, tuple[str, dict[str, Any]]] = {}
"""Each registered short name's variant and parameter defaults."""
_classes: dict[str, type[TablegamesGame]] = {}
"""Each registered short name's game class."""


def short_name(name: str) -> str:
    """The OpenSpiel short name of variant ``name``: ``python_tablegames_`` and ``name`` with ``_`` for ``-``."""
    return PREFIX + name.replace("-", "_")


def register(name: str, **options: Any) -> str:
    """Register variant ``name`` as an OpenSpiel game and return its short name.

    Its parameters are the settings ``seed`` (an int: the seed the matches' seeds are drawn
    from; :data:`FRESH_SEED`, the default, draws it from fresh entropy), ``episode``
    (``"match"``, ``"hand"`` or ``"auto"``, the default: the variant's,
    :func:`~tablegames.rl.episodes.episode_defaults`) and ``max_moves`` (a positive int, or
    :data:`MAX_MOVES`, the default: the variant's step limit for the episode), and the
    variant's options whose defaults are plain values (an int, a bool, a float or a string).
    ``options`` sets the parameters' defaults. An int option whose default the variant
    derives from others (Sniff's ``target``, from ``players``) is a parameter too, whose
    default is one below the smallest value it allows (``0`` for Sniff's ``target``): that
    value stands for "the variant's default", derived for each game. Other options with
    derived defaults are parameters only if given here.

    Registering the same name again with the same defaults does nothing.

    Raises:
        UnknownVariantError: if no variant is called ``name``.
        MissingCapability: if the variant has no action ids and none can be derived.
        InvalidOptionsError: for bad options.
        ValueError: for an unknown option, a bad setting, or a second registration of
            ``name`` with other defaults (OpenSpiel's registry cannot change a game).

    """
    variant = get_variant(name)
    short = short_name(name)
    defaults = _defaults(variant, options)
    known = _registered.get(short)
    if known is not None:
        if known != (name, defaults):
            raise ValueError(f"{short} is registered already with the defaults {known[1]}, not {defaults}")
        return short
    _game_info(variant, defaults)  # checks the options, the settings and the capabilities now
    game_type = _game_type(variant, short, defaults, zero_sum=False)
    # A class of its own per variant, not a closure: OpenSpiel keeps its creators until the
    # process exits, and a closure freed then (after Python's own shutdown) aborts the process.
    cls = type(f"TablegamesGame_{short}", (TablegamesGame,), {"variant_name": name, "__module__": __name__})
    pyspiel.register_game(game_type, cls)
    _classes[short] = cls
    _registered[short] = (name, defaults)
    return short


def load_game(name: str, **params: Any) -> pyspiel.Game:
    """Variant ``name`` as an OpenSpiel game (registered first if it is not yet), with ``params``.

    ``params`` are the game's parameters (see :func:`register`), for example
    ``load_game("four-point-smear", seen_undealt=2, episode="hand", seed=3)``.
    """
    short = short_name(name)
    if short not in _registered:
        register(name)
    return pyspiel.load_game(short, params)


def resampler(seed: int) -> Callable[[TablegamesState, int], TablegamesState]:
    """A resampler for OpenSpiel's Python ISMCTS that draws its worlds from ``seed``.

    Give it to the bot (``bot.set_resampler(resampler(seed))``) for searches that repeat: by
    default the bot draws each world with a new ``pyspiel.UniformProbabilitySampler``, which
    is seeded afresh, so its searches differ from run to run.
    """
    rng = random.Random(seed)

    def resample(state: TablegamesState, player: int) -> TablegamesState:
        return state.resample_from_infostate(player, rng.random)

    return resample


def _defaults(variant: type[Game], options: Mapping[str, Any]) -> dict[str, Any]:
    settings: dict[str, Any] = {"seed": FRESH_SEED, "episode": AUTO, "max_moves": MAX_MOVES}
    fields = {f.name: f for f in attrs.fields(variant.options_class)}
    clash = set(fields) & set(_SETTINGS)
    if clash:
        raise ValueError(f"{variant.name}'s options {sorted(clash)} clash with the wrapper's settings")
    unknown = set(options) - set(fields) - set(_SETTINGS)
    if unknown:
        raise ValueError(f"{variant.name} has no option {sorted(unknown)}; its options: {sorted(fields)}")
    defaults: dict[str, Any] = {}
    derived = _derived(variant)
    for field_name, field in fields.items():
        if field_name in options:
            defaults[field_name] = options[field_name]
        elif isinstance(field.default, _SCALARS):
            defaults[field_name] = field.default
        elif field_name in derived:
            defaults[field_name] = derived[field_name]
    for setting, value in settings.items():
        defaults[setting] = options.get(setting, value)
    for key, value in defaults.items():
        if not isinstance(value, _SCALARS):
            raise ValueError(f"parameter {key} must be an int, a bool, a float or a string, not {value!r}")
    return defaults


def _derived(variant: type[Game]) -> dict[str, int]:
    """The int options whose defaults the variant derives from others, each with the value that stands for it.

    That value is one below the smallest the option allows, so it is never a real one.
    """
    derived: dict[str, int] = {}
    for field in attrs.fields(variant.options_class):
        if isinstance(field.default, attrs.Factory) and isinstance(field.validator, IntOption):  # type: ignore[arg-type]
            derived[field.name] = field.validator.low - 1
    return derived


def _split(variant: type[Game], params: Mapping[str, Any]) -> tuple[dict[str, Any], int, str, int]:
    """The variant's options, the seed, the episode and the step limit, ``"auto"`` and ``0`` resolved."""
    derived = _derived(variant)
    options = {k: v for k, v in params.items() if k not in _SETTINGS and not (k in derived and v == derived[k])}
    seed, episode, max_moves = params["seed"], params["episode"], params["max_moves"]
    if type(seed) is not int:
        raise ValueError(f"seed must be an int, not {seed!r}")
    if episode != AUTO and episode not in EPISODES:
        raise ValueError(f"episode must be one of {EPISODES} or {AUTO!r}, not {episode!r}")
    if type(max_moves) is not int or max_moves < 0:
        raise ValueError(
            f"max_moves must be a positive int, or {MAX_MOVES} for the variant's default, not {max_moves!r}"
        )
    probe = variant.create(options, seed=0)
    episode, _reward, limit = resolve(variant, probe.options, episode=episode, reward=AUTO, max_steps=max_moves or AUTO)
    assert limit is not None
    return options, seed, episode, limit


def _game_info(variant: type[Game], params: Mapping[str, Any]) -> tuple[pyspiel.GameInfo, bool]:
    options, _, episode, max_moves = _split(variant, params)
    probe = variant.create(options, seed=0)
    ids, _spec = capabilities(probe)
    seats_per_side = [sum(1 for s in range(probe.players) if probe.side_of(s) == side) for side in range(probe.sides)]
    if episode == "match":
        zero_sum = len(seats_per_side) == 2 and seats_per_side[0] == seats_per_side[1]
        low, high = -1.0, 1.0
    else:
        zero_sum = len(set(seats_per_side)) == 1
        # A side's margin in one hand, over the target: bounded by the points a hand can
        # move (a variant does not declare them); every variant here stays well inside this.
        low, high = -float(probe.sides), float(probe.sides)
    info = pyspiel.GameInfo(
        num_distinct_actions=ids.size,
        max_chance_outcomes=0,
        num_players=probe.players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0 if zero_sum else None,
        max_game_length=max_moves,
    )
    return info, zero_sum


def _game_type(variant: type[Game], short: str, defaults: Mapping[str, Any], *, zero_sum: bool) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short,
        long_name=f"tablegames {variant.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=variant.max_players,
        min_num_players=variant.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(defaults),
    )


class TablegamesGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A variant as an OpenSpiel game, for one set of parameters (see the module).

    Built by OpenSpiel from a registered name (:func:`load_game`, ``pyspiel.load_game``), as
    the subclass :func:`register` made for the variant.

    Args:
        params: the parameters, every one (OpenSpiel fills in the defaults).

    """

    variant_name: str = ""
    """The variant's registered name (set by each variant's subclass)."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        name = self.variant_name
        self.variant: type[Game] = get_variant(name)
        """The variant's class."""
        params = dict(params)
        info, zero_sum = _game_info(self.variant, params)
        defaults = _registered.get(short_name(name), (name, params))[1]
        super().__init__(_game_type(self.variant, short_name(name), defaults, zero_sum=zero_sum), info, params)
        self.options, seed, self.episode, self.max_moves = _split(self.variant, params)
        probe = self.variant.create(self.options, seed=0)
        ids, spec = capabilities(probe)
        self.ids: ActionIds = ids
        """The variant's action numbering."""
        self.spec: ObservationSpec[Game] = spec
        """The variant's observation layout."""
        self.names: tuple[str, ...] = tuple(ids.names())
        """Each id's name."""
        self.deal_class: type[Event] | type[None] = deal_event_class(self.variant, probe.options) or type(None)
        """The class of the variant's deal events (where a hand begins)."""
        self.target = hand_reward_divisor(self.variant, probe.options)
        """What a hand's margin is divided by (:func:`~tablegames.rl.decisions.hand_reward_divisor`: the
        declared target score, or a default where there is none, negative where the lowest score wins)."""
        self.seed = fresh_seed() if seed == FRESH_SEED else seed
        """The seed the matches' seeds are drawn from (fresh entropy where the ``seed`` parameter is -1)."""
        self._seeds = random.Random(self.seed)
        self._observer: TablegamesObserver | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its variant, its parameters and where its stream of match seeds stands.

        OpenSpiel's own pickling of a game asks for the C++ RNG's state, which a Python game
        has not (``GetRNGState unimplemented``); this one needs none.
        """
        params = {**self.get_parameters(), "seed": self.seed}
        return (_unpickled_game, (self.variant_name, params, self._seeds.getstate()))

    def next_seed(self) -> int:
        """The seed of the next fresh match (each fresh initial state takes one)."""
        return self._seeds.getrandbits(63)

    def new_initial_state(self) -> TablegamesState:
        """A new match (its seed drawn when it is first looked at)."""
        return TablegamesState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> TablegamesObserver:
        """An observer of ``iig_obs_type`` (the default: the observation; see the module).

        Raises:
            ValueError: for observation parameters, or a type other than the observation and
                the information state.

        """
        return TablegamesObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    @property
    def observer(self) -> TablegamesObserver:
        """The observer of the observation (one per game, for :meth:`TablegamesState.observation_tensor`)."""
        observer = self._observer
        if observer is None:
            observer = self._observer = self.make_py_observer()
        return observer

    def observation_tensor_shape(self) -> list[int]:
        """The observation's shape, one dimension (without building a state, as OpenSpiel's would)."""
        tensor = self.observer.tensor
        assert tensor is not None
        return [len(tensor)]

    def observation_tensor_size(self) -> int:
        """The observation's length."""
        return self.observation_tensor_shape()[0]


def _unpickled_game(name: str, params: dict[str, Any], seeds: Any) -> TablegamesGame:
    """The game :meth:`TablegamesGame.__reduce__` pickled (registering its variant if need be)."""
    if short_name(name) not in _registered:
        register(name)
    game: TablegamesGame = pyspiel.load_game(short_name(name), params)
    game._seeds.setstate(seeds)
    return game


def _unpickled_state(game: TablegamesGame, text: str) -> TablegamesState:
    """The state :meth:`TablegamesState.__reduce__` pickled."""
    state: TablegamesState = game.deserialize_state(text)
    return state


class _Match:
    """A state's own data, in one object that OpenSpiel's clone deep-copies cheaply."""

    __slots__ = ("decision", "game", "margins", "moves", "samplers", "source", "truncated")

    def __init__(self, source: TablegamesGame | None) -> None:
        self.source = source
        self.samplers: dict[int, tuple[int, WorldSampler]] = {}
        """Each player's world sampler, with the number of events it was built at."""
        self.game: Game | None = None
        self.decision: Decision | None = None
        self.moves = 0
        self.truncated = False
        self.margins: list[float] = []

    def start(self, game: Game) -> None:
        self.game = game
        self.margins = _margins(game)
        self.decision = None if game.is_over else Decision(game, self.owner.ids)

    @property
    def owner(self) -> TablegamesGame:
        assert self.source is not None
        return self.source

    def get(self) -> Game:
        game = self.game
        if game is None:
            source = self.owner
            game = source.variant.create(source.options, seed=source.next_seed())
            self.start(game)
        return game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        game = self.get()
        new = _Match.__new__(_Match)
        new.source = self.source
        new.game = game.clone()
        new.decision = copy.copy(self.decision)
        new.moves = self.moves
        new.truncated = self.truncated
        new.margins = self.margins
        new.samplers = {}
        return new

    def sampler(self, player: int) -> WorldSampler:
        """``player``'s world sampler for the position now (built once per position: ISMCTS asks often)."""
        game = self.get()
        at = len(game.events)
        known = self.samplers.get(player)
        if known is not None and known[0] == at:
            return known[1]
        sampler = WorldSampler(game.log(player))
        self.samplers[player] = (at, sampler)
        return sampler

    def __getstate__(self) -> dict[str, Any]:
        self.get()
        return {
            "game": self.game,
            "decision": self.decision,
            "moves": self.moves,
            "truncated": self.truncated,
            "margins": self.margins,
            "samplers": {},
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.source = None
        for key, value in state.items():
            setattr(self, key, value)


def _margins(game: Game) -> list[float]:
    scores = game.scores
    sides = len(scores)
    if sides < 2:
        return [float(s) for s in scores]
    total = sum(scores)
    return [s - (total - s) / (sides - 1) for s in scores]


class TablegamesState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """One match of a variant (or its first hand), as an OpenSpiel state.

    Args:
        game: the OpenSpiel game it belongs to.

    """

    def __init__(self, game: TablegamesGame) -> None:
        super().__init__(game)
        self._m = _Match(game)

    @property
    def tablegames_game(self) -> Game:
        """The library's game underneath (do not change it)."""
        return self._m.get()

    @property
    def chosen(self) -> tuple[int, ...]:
        """The parts chosen so far of the current player's action chosen in parts."""
        self._m.get()
        decision = self._m.decision
        return decision.chosen if decision is not None else ()

    # -- OpenSpiel's API -------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to choose the next id, or ``pyspiel.PlayerId.TERMINAL``."""
        match = self._m
        game = match.game or match.get()  # OpenSpiel asks several times a move: kept short
        if match.decision is None:
            return _TERMINAL
        seat = game.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        """The ids that may come next, ascending."""
        self._m.get()
        decision = self._m.decision
        return decision.legal_ids() if decision is not None else []

    def _apply_action(self, action: int) -> None:
        """Choose the id ``action``: the game takes the action once its parts are all chosen."""
        match = self._m
        game = match.get()
        decision = match.decision
        assert decision is not None, "the state is terminal"
        chosen = decision.choose(int(action))
        match.moves += 1
        owner: TablegamesGame = match.source or self.get_game()  # no source once unpickled
        if chosen is not None:
            events = game.apply(chosen)
            if game.is_over or (owner.episode == "hand" and any(isinstance(e, owner.deal_class) for e in events)):
                match.decision = None
                return
            match.decision = Decision(game, owner.ids)
        if match.moves >= owner.max_moves:
            match.decision = None
            match.truncated = True

    def _action_to_string(self, player: int, action: int) -> str:
        """The id's name."""
        return str(self.get_game().names[action])

    def is_terminal(self) -> bool:
        """Whether the match (or the hand) is over, or ``max_moves`` was reached."""
        self._m.get()
        return self._m.decision is None

    def returns(self) -> list[float]:
        """Each player's return: ``0`` until the end (see the module for the two episodes)."""
        match = self._m
        game = match.get()
        players = game.players
        if match.decision is not None or match.truncated:
            return [0.0] * players
        owner = self.get_game()
        if owner.episode == "hand":
            now = _margins(game)
            return [(now[game.side_of(s)] - match.margins[game.side_of(s)]) / owner.target for s in range(players)]
        winner = game.winner
        return [1.0 if game.side_of(s) == winner else -1.0 for s in range(players)]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and OpenSpiel's own serialization of it (history included).

        So ``pickle`` and ``pyspiel``'s ``serialize``/``deserialize_state`` both round-trip a
        state; ``pyspiel.serialize_game_and_state`` does not (it asks for the C++ RNG's state).
        """
        return (_unpickled_state, (self.get_game(), self.serialize()))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Not provided: raises (the game's type says ``provides_information_state_tensor`` is false).

        The information state is a string (``information_state_string``); train on the
        observation tensor (:meth:`observation_tensor`), as OpenSpiel's ``rl_environment``
        does for such games.

        Raises:
            NotImplementedError: always.

        """
        raise NotImplementedError(
            "tablegames games provide no information-state tensor: use observation_tensor(), "
            "or information_state_string() for the perfect-recall information state"
        )

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TablegamesState:
        """A state ``player_id`` cannot tell from this one, the hidden pieces drawn at random.

        The library's world sampler (:class:`~tablegames.bots.sampler.WorldSampler`) deals
        what the player has not seen consistently with everything it has, and the later
        hands from a fresh seed; the player's parts chosen so far are chosen again. The
        new state's OpenSpiel ``history()`` is empty (the world has a history of its own).

        Args:
            player_id: the player whose information state is kept.
            probability_sampler: a callable giving a float in ``[0, 1)`` (OpenSpiel's
                ``UniformProbabilitySampler``, or ``random.Random(seed).random``), which
                seeds the draw.

        """
        match = self._m
        game = match.get()
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        world = match.sampler(player_id).sample(rng)
        state = TablegamesState(self.get_game())
        new = state._m
        new.game = world
        new.margins = match.margins
        new.moves = match.moves
        new.truncated = match.truncated
        if match.decision is None:
            new.decision = None
            return state
        new.decision = Decision(world, self.get_game().ids)
        if game.current_player == player_id:
            for part in match.decision.chosen:
                new.decision.choose(part)
        return state

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation (the current player's by default), as OpenSpiel's own returns it.

        The same as OpenSpiel's, without the state OpenSpiel builds on each call to learn a
        Python game's tensor size (here a whole new match, whose seed it would take).

        Raises:
            ValueError: for a player who is not in the game.

        """
        game = self.get_game()
        seat = self.current_player() if player is None else player
        if not 0 <= seat < game.num_players():
            raise ValueError(f"player {seat!r} is not in the game (0 to {game.num_players() - 1})")
        observer = game.observer
        observer.set_from(self, seat)
        tensor = observer.tensor
        assert tensor is not None
        values: list[float] = tensor.tolist()
        return values

    def __str__(self) -> str:
        """The table, the scores, and whose turn it is (for debugging)."""
        game = self._m.get()
        lines = [game.render_table() or "", f"scores {game.scores}"]
        if self._m.decision is None:
            lines.append("over" if game.is_over else "ended")
        else:
            lines.append(f"seat {game.current_player} to choose")
            names = self.get_game().names
            if self._m.decision.chosen:
                lines.append("chosen: " + ", ".join(names[i] for i in self._m.decision.chosen))
        return "\n".join(line for line in lines if line)


class TablegamesObserver:
    """Observations of a tablegames state, in OpenSpiel's Python observer interface.

    Args:
        game: the OpenSpiel game.
        iig_obs_type: the observation (``perfect_recall`` false) or the information state
            (``perfect_recall`` true), public and the observer's own private information.
        params: observation parameters (none are supported).

    Raises:
        ValueError: for parameters, or another type of observation.

    """

    def __init__(
        self, game: TablegamesGame, iig_obs_type: pyspiel.IIGObservationType, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {dict(params)}")
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(
                "only a player's own observation or information state is supported (public information "
                "and the player's private information)"
            )
        self._game = game
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        """Whether this observes the information state (a string only) rather than the observation."""
        spec = game.spec
        self._spec = spec
        self.tensor: np.ndarray | None = None
        """The flat ``float32`` observation (``None`` for the information state)."""
        self.dict: dict[str, np.ndarray] = {}
        """The observation's fields, views into :attr:`tensor`."""
        if self.perfect_recall:
            return
        at = chosen_at(game.ids, spec)
        self._at = at
        size = observation_size(game.ids, spec)
        tensor = np.zeros(size, dtype=np.float32)
        self.tensor = tensor
        self._view = tensor[: spec.size]
        fields = observation_fields(game.ids, spec)
        for name, where in _tiling(fields, size):
            self.dict[name] = tensor[where]

    def set_from(self, state: TablegamesState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        tensor = self.tensor
        if tensor is None:
            return
        game = state.tablegames_game
        tensor.fill(0.0)
        self._spec.write(game, player, self._view)
        decision = state._m.decision
        if self._at is not None and decision is not None and game.current_player == player:
            decision.write_chosen(tensor, self._at)

    def string_from(self, state: TablegamesState, player: int) -> str:
        """``player``'s view (the observation) or its redacted log (the information state), as text."""
        game = state.tablegames_game
        chosen = state.chosen if game.current_player == player and not state.is_terminal() else ()
        names = self._game.names
        tail = ["chosen: " + ", ".join(names[i] for i in chosen)] if chosen else []
        if not self.perfect_recall:
            return "\n".join([repr(game.view(player)), *tail])
        log = game.log(player)
        return "\n".join([f"seat {player}", *(game.describe_event(e) for e in log.events), *tail])


def _tiling(fields: Mapping[str, slice], size: int) -> Sequence[tuple[str, slice]]:
    """The fields in order if they tile ``0..size`` exactly (OpenSpiel writes them in order), else one field."""
    ordered = sorted(fields.items(), key=lambda item: item[1].start or 0)
    at = 0
    for _name, where in ordered:
        start, stop, step = where.indices(size)
        if start != at or step != 1 or stop <= start:
            return [("observation", slice(0, size))]
        at = stop
    if at != size:
        return [("observation", slice(0, size))]
    return ordered
