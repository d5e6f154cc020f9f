"""The variant contract as code: the hooks every variant defines, and the capabilities it may.

A variant is a subclass of :class:`~tablegames.core.game.Game`. What it owes the engine is
declared here, once, as two protocols:

* :class:`VariantHooks`: the class attributes and methods every variant defines. ``Game``
  declares each method abstract, so a class that lacks one cannot be played
  (:meth:`Game.create <tablegames.core.game.Game.create>` refuses it with a :class:`TypeError`
  naming each missing hook). Only the engine calls them; front ends and bots never need them.
* :class:`VariantCapabilities`: what a variant *may* provide. ``Game`` gives each a generic
  default that says "not provided" or does the generic thing; the layers above (bots, the
  command line, the environments, the conformance kit) read them and never a variant's option,
  event field or tag by name.

Everything else public on ``Game`` is either the contract front ends rely on
(:data:`PUBLIC`: whose turn, the legal actions, ``apply``, views, logs, ``clone``) or a helper
the hooks call and never override (:data:`HELPERS`). The project's tests hold the five lists
(:data:`DECLARATIONS` and :data:`HOOKS` are :class:`VariantHooks`, :data:`CAPABILITIES` is
:class:`VariantCapabilities`) to ``Game``: every public name of it is in exactly one, every
hook is abstract, every capability has a default with the protocol's parameters. Two capabilities live outside
the core, because the core never imports what they need: the page's drawing (a
``page_script`` class attribute, :mod:`tablegames.server.drawing`) and the array game (an
``array_game`` classmethod, :class:`tablegames.jax.protocol.ProvidesArrayGame`).

Both protocols are runtime-checkable and generic in the action and view types, so a variant
class can be checked against them statically too:

>>> import tablegames
>>> from tablegames.core.contract import VariantCapabilities, VariantHooks
>>> game = tablegames.new_game("american-sniff", seed=1, players=2)
>>> isinstance(game, VariantHooks), isinstance(game, VariantCapabilities)
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol, Self, runtime_checkable

from tablegames.core.capabilities import ActionIds, LogFiller, ObservationSpec
from tablegames.core.events import Action, Event
from tablegames.core.game import ActionT_co, ViewT_co
from tablegames.core.observation import Observation

if TYPE_CHECKING:  # the search module builds on Game, which builds on this module's neighbours
    from tablegames.core.search import SearchWorlds, WorldSource

__all__ = ["CAPABILITIES", "DECLARATIONS", "HELPERS", "HOOKS", "PUBLIC", "VariantCapabilities", "VariantHooks"]


@runtime_checkable
class VariantHooks(Protocol[ActionT_co, ViewT_co]):
    """What every variant defines: its declarations and the hooks the engine calls.

    The declarations are class attributes, each documented on
    :class:`~tablegames.core.game.Game`: :attr:`~tablegames.core.game.Game.name`,
    :attr:`~tablegames.core.game.Game.min_players`, :attr:`~tablegames.core.game.Game.max_players`,
    :attr:`~tablegames.core.game.Game.options_class`, :attr:`~tablegames.core.game.Game.deal_class`,
    :attr:`~tablegames.core.game.Game.action_classes` and
    :attr:`~tablegames.core.game.Game.event_classes`.

    A hook only ever runs for the current player (``seat``) while the match goes on, and
    changes the game only through the helpers of :data:`HELPERS` (``emit``, ``next_deal``,
    ``finish``, ``set_scores``, ``add_points``); it reads the state through the public
    properties (``current_player``, ``scores``, ``winner``, ``is_over``, ``events``). A
    family base (:class:`~tablegames.mechanics.drawgame.DrawGame`,
    :class:`~tablegames.mechanics.trickgame.TrickGame`,
    :class:`~tablegames.mechanics.pitch.PitchGame`) defines most of them and declares its own
    required hooks abstract the same way.
    """

    # The declarations (:data:`DECLARATIONS`), documented where they are read, on Game.
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_class: ClassVar[type[Any]]
    deal_class: ClassVar[type[Any]]
    action_classes: ClassVar[tuple[type[Action], ...]]
    event_classes: ClassVar[tuple[type[Event], ...]]

    @property
    def players(self) -> int:
        """How many seats play."""
        ...  # pragma: no cover

    def begin(self) -> int:
        """Set up the match, deal the first hand and run the automatic steps before the first decision.

        Called once, by ``create``, on an instance whose base-class state is fresh (no events,
        no scores, no current player). Start the sides' scores with ``set_scores``, take the
        first deal with ``next_deal`` and log what happens with ``emit``.

        Returns:
            The seat to act first.

        """
        ...  # pragma: no cover

    def compute_legal(self, seat: int) -> tuple[ActionT_co, ...]:
        """The legal actions of ``seat``, the current player, in a deterministic order.

        Called by ``legal_actions`` only while a seat is to act; the result is cached until
        the next ``apply``.
        """
        ...  # pragma: no cover

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat``, the current player, may not take ``action`` now, or ``None`` if it may.

        The one place that decides legality: ``apply`` and ``action_from_json`` call it
        before anything changes. ``action`` may be any object a client sent. The conformance
        kit checks that it accepts exactly the actions ``compute_legal`` lists.
        """
        ...  # pragma: no cover

    def perform(self, action: Action, seat: int) -> int | None:
        """Carry out ``seat``'s legal ``action`` and every automatic step after it.

        Log what happens with ``emit``, change scores with ``add_points`` or ``set_scores``,
        and end the match with ``finish``. ``apply`` calls it only for an action
        ``why_illegal`` accepts (or the very object ``legal_actions`` handed out), then sets
        the turn to what it returns and clears the legal-action cache.

        Returns:
            The seat to act next, or ``None`` once ``finish`` has ended the match.

        """
        ...  # pragma: no cover

    def copy_state(self, new: Self) -> None:
        """Copy the variant's own state into ``new``, for ``clone``.

        ``new`` is a bare instance whose base-class state (options, seed, log, turn, scores)
        is already copied. Copy what changes, share what never does: bots clone a lot.
        """
        ...  # pragma: no cover

    def view(self, seat: int) -> ViewT_co:
        """What ``seat`` may know now, as the variant's view class (JSON via ``dumps``).

        Call ``check_seat(seat)`` first.

        Raises:
            InvalidOptionsError: if ``seat`` is not a seat of this game.

        """
        ...  # pragma: no cover

    def shuffled_deal(self, hand_number: int) -> Any:
        """A deal for hand ``hand_number`` shuffled from the seed (see :func:`~tablegames.core.rng.hand_rng`)."""
        ...  # pragma: no cover

    @classmethod
    def check_deal(cls, deal: Any, options: Any) -> str | None:
        """What is wrong with ``deal`` for a game with ``options``, or ``None`` if it is valid."""
        ...  # pragma: no cover

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[Any]:
        """The deals recorded in ``events``, in order, for replaying them.

        Raises:
            LogError: if a recorded deal is not a valid deal.

        """
        ...  # pragma: no cover

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The seat and action ``event`` records, or ``None`` for an automatic event."""
        ...  # pragma: no cover


@runtime_checkable
class VariantCapabilities(Protocol):
    """What a variant may provide, each with a generic default on :class:`~tablegames.core.game.Game`.

    Declared data first (class attributes and classmethods of the options), then what the bots,
    the environments, the command line and the conformance kit use when it is there. A variant
    overrides any of them; the default says what a variant gets without it.
    """

    pieces: ClassVar[frozenset[Any]]
    """Every piece (tile or card) the variant plays with; loading a log refuses any other.
    Default: none declared (the empty set), and the checks that need pieces are skipped."""
    lower_score_wins: ClassVar[bool]
    """Whether scores are penalties and the lowest total wins, as with pips left in hand. The
    variant still decides the winner itself (``finish``); bots and the environments read this
    to know which way a score change is good. Default: ``False``."""
    reward_scale: ClassVar[float | None]
    """The score difference between sides that makes a hand clearly good or bad, for search bots
    (``ismcts`` rewards a hand's playout with ``0.5 + 0.5 * tanh(d / reward_scale)``). Default:
    ``None``, a tenth of :meth:`target_score`, or 10."""
    summary: ClassVar[str]
    """One line saying what the variant is, which ``tablegames rules`` and ``tablegames
    variants`` print. Default: the first line of the variant class's docstring."""
    paper_tally: ClassVar[bool]
    """Whether the command line's scoresheet also writes each side's total as the paper tally (a
    stroke for 5 points, a crossed box for 50). Default: ``False``."""

    @classmethod
    def target_score(cls, options: Any) -> int | None:
        """The score that wins a match played with ``options``, or ``None`` where there is none.

        The layers above read it, never an option by name: the command line's scoresheet shows
        it, the environments divide a hand's margin by it, search bots scale their rewards by
        it. Default: ``None``.
        """
        ...  # pragma: no cover

    @classmethod
    def pieces_for(cls, options: Any) -> frozenset[Any]:
        """The pieces a match with ``options`` plays with, each one of :attr:`pieces`.

        For a variant whose set depends on its options (a double-nine option of a domino
        game). The conformance kit checks piece conservation against it. Default:
        :attr:`pieces`.
        """
        ...  # pragma: no cover

    def canonical(self, action: Action) -> Action:
        """The canonical (interned) instance of a freshly parsed action. Default: ``action`` itself."""
        ...  # pragma: no cover

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (an index into ``scores``).

        Default: each seat its own side, or, with fewer sides than seats, partners sitting
        across (seats 0 and 2 are side 0, seats 1 and 3 side 1).
        """
        ...  # pragma: no cover

    def piece_places(self) -> Mapping[str, Sequence[Any]] | None:
        """Where every piece is now, by place (``"hand 0"``, ``"stock"``, ...), for the conformance kit.

        Every piece of :meth:`pieces_for` is in exactly one place at any moment; the kit checks
        that after every step. Default: ``None``, and the checks that need it are skipped.
        """
        ...  # pragma: no cover

    def hidden_pieces(self, seat: int) -> frozenset[Any] | None:
        """The pieces whose place ``seat`` may not know now (others' hands, a face-down stock).

        The conformance kit checks that no view or redacted log of ``seat`` names one of them.
        Default: ``None``, and the checks that need it are skipped.
        """
        ...  # pragma: no cover

    @classmethod
    def log_filler(cls, events: Sequence[Event], *, seat: int, options: Any) -> LogFiller | None:
        """A :class:`~tablegames.core.capabilities.LogFiller` for world sampling that knows the rules.

        Default: ``None``, world sampling by the generic sampler of :mod:`tablegames.bots.worlds`,
        which needs nothing from the variant. The conformance kit checks what a filler gives.
        """
        ...  # pragma: no cover

    @classmethod
    def action_values(cls, options: Any) -> Mapping[str, Sequence[Any]]:
        """The values of action fields, keyed ``"Class.field"``, for the derived numbering of actions.

        A field whose class declares no values (a bare ``str`` end id), or whose values the
        options narrow, takes the values given here, in this order
        (:func:`~tablegames.core.derived.derived_action_ids`). Default: an empty mapping.
        """
        ...  # pragma: no cover

    @classmethod
    def action_ids(cls, options: Any) -> ActionIds | None:
        """The variant's own fixed numbering of its actions under ``options``.

        An :class:`~tablegames.core.capabilities.ActionIds`. Default: ``None``, the numbering
        derived from what the variant publishes (:func:`~tablegames.core.derived.derived_action_ids`).
        """
        ...  # pragma: no cover

    @classmethod
    def observation_spec(cls, options: Any) -> ObservationSpec[Any] | None:
        """The variant's own observation vector per seat, under ``options``.

        An :class:`~tablegames.core.capabilities.ObservationSpec`. Default: ``None``, the
        observation derived from the view (:func:`~tablegames.core.derived.derived_observation_spec`).
        """
        ...  # pragma: no cover

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action | None:
        """The variant's own cheap, sensible move for ``observation`` (``greedy`` plays it).

        Default: ``None`` for every observation, the generic one-ply look-ahead in sampled
        worlds. The conformance kit checks that it returns a legal action.
        """
        ...  # pragma: no cover

    @classmethod
    def search_worlds(cls, observation: Observation, worlds: WorldSource, *, greedy: bool) -> SearchWorlds | None:
        """The worlds ``ismcts`` searches, built from the seat's world source.

        Default: ``None``, whole sampled matches played out to the end of the hand. The
        conformance kit checks that every world it returns reaches the observation's decision.
        """
        ...  # pragma: no cover

    def describe_event(self, event: Event) -> str:
        """One line of text saying what ``event`` means. Default: the event's own ``describe()``."""
        ...  # pragma: no cover

    def render_table(self) -> str:
        """The table as a few lines of text, printed after each hand. Default: ``""``."""
        ...  # pragma: no cover

    @classmethod
    def render_view(cls, view: Any, labels: Sequence[str]) -> list[str]:
        """What one seat sees now, as lines of text. Default: :func:`~tablegames.core.text.view_lines`."""
        ...  # pragma: no cover

    @classmethod
    def hand_note(cls, event: Event) -> str | None:
        """A few words on how a hand went, for its row of the scoresheet. Default: ``None``."""
        ...  # pragma: no cover


DECLARATIONS: Final = (
    "name",
    "min_players",
    "max_players",
    "options_class",
    "deal_class",
    "action_classes",
    "event_classes",
)
"""The class attributes of :class:`VariantHooks`, which every variant sets."""

HOOKS: Final = (
    "players",
    "begin",
    "compute_legal",
    "why_illegal",
    "perform",
    "copy_state",
    "view",
    "shuffled_deal",
    "check_deal",
    "deals_from_events",
    "action_of",
)
"""The hook methods of :class:`VariantHooks`, each abstract on ``Game``."""

CAPABILITIES: Final = (
    "pieces",
    "lower_score_wins",
    "reward_scale",
    "summary",
    "paper_tally",
    "target_score",
    "pieces_for",
    "canonical",
    "side_of",
    "piece_places",
    "hidden_pieces",
    "log_filler",
    "action_values",
    "action_ids",
    "observation_spec",
    "heuristic_choice",
    "search_worlds",
    "describe_event",
    "render_table",
    "render_view",
    "hand_note",
)
"""The members of :class:`VariantCapabilities`, each with a default on ``Game``."""

HELPERS: Final = ("emit", "next_deal", "finish", "set_scores", "add_points", "check_seat")
"""What the hooks call on ``Game`` and never override."""

PUBLIC: Final = (
    "options",
    "seed",
    "create",
    "parse_deal",
    "seats_for",
    "current_player",
    "is_over",
    "winner",
    "scores",
    "sides",
    "events",
    "legal_actions",
    "apply",
    "parse_action",
    "action_from_json",
    "log",
    "public_events",
    "clone",
    "with_next_deals",
    "with_hidden_events",
    "compact",
    "to_json_view",
)
"""Everything else public on ``Game``, the contract that front ends, bots and the layers above
rely on (neither a declaration, a hook, a capability nor a helper)."""
