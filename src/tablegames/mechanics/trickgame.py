"""The trick-taking family on one base: the deal, a passing round, trump or none, the tricks, the score.

:class:`TrickGame` plays what trick games share: a deck dealt :attr:`~TrickGame.hand_size` cards
to each seat (the first dealer drawn, the deal passing left), an optional round of passing cards
(:mod:`~tablegames.mechanics.passing`), a trump suit or none, tricks on
:class:`~tablegames.mechanics.tricks.TrickPlay` under a :class:`~tablegames.mechanics.tricks.Follow`
policy, the cards each side took, points (or penalties) per card taken, and a match to a score
that the highest or, with :attr:`~tablegames.core.game.Game.lower_score_wins`, the lowest total
wins. A variant subclasses it, sets the class settings and overrides the hooks where its rules
differ:

* :meth:`~TrickGame.choose_trump`: the hand's trump (by default none);
* :meth:`~TrickGame.pass_offset`: where this hand's cards are passed, if any (needs :attr:`~TrickGame.pass_count`);
* :meth:`~TrickGame.first_leader`: who leads the first trick (by default the dealer's left);
* :meth:`~TrickGame.settle_hand`: score the hand (by default :attr:`~TrickGame.card_points` per card taken);
* :meth:`~TrickGame.match_winner`: who has won the match (by default the best total once one reaches the target);
* :meth:`~TrickGame.card_rules`: a trump's own card order (Euchre's bowers);
* phases of the variant's own between the deal and the play (a bidding, a discard):
  :meth:`~TrickGame.open_hand`, :meth:`~TrickGame.other_legal`, :meth:`~TrickGame.why_illegal_other`
  and :meth:`~TrickGame.perform_other`, which end by calling :meth:`~TrickGame.start_play`.

Everything else (legality and its messages, the legal actions in a fixed order, the events,
views, copies, replay, stacked deals and their checks, where the cards are and what a seat may
not see, a seat's view in lines of text, a greedy player's passes and cards,
:meth:`~TrickGame.heuristic_choice`, and the bots' worlds, :meth:`~TrickGame.log_filler`) is done
here once. A Hearts-like game is its settings:

>>> from tablegames.mechanics.trickgame import TrickGame
>>> import attrs
>>> from tablegames.components.cards import PIQUET_RANKS, Card, Suit, piquet_deck, rank_order
>>> from tablegames.core.game import int_option
>>> @attrs.frozen(kw_only=True)
... class Options:
...     target: int = attrs.field(default=20, validator=int_option(1, 100))
>>> class Hearts(TrickGame):
...     '''Each heart taken is a penalty point; the lowest total wins.'''
...     name, options_class, lower_score_wins = "doc-hearts", Options, True
...     deck, order, hand_size, pass_count = piquet_deck(), rank_order(PIQUET_RANKS), 8, 2
...     card_points = {c: 1 for c in piquet_deck() if c.suit is Suit.HEARTS}
>>> game = Hearts.create(seed=4)
>>> [str(a) for a in game.legal_actions()][:2], game.phase
(['pass QH 8H', 'pass QH AD'], 'passing')
>>> while not game.is_over:
...     _ = game.apply(game.legal_actions()[0])
>>> max(game.scores) >= 20, game.winner == game.scores.index(min(game.scores))
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs

from tablegames.components.cards import Card, Rank, Suit
from tablegames.components.seats import Seating
from tablegames.core.capabilities import LogFiller
from tablegames.core.events import Action, Event, fast_constructor
from tablegames.core.game import ActionT_co, Game, OptionsT_co, ViewT_co
from tablegames.core.observation import Observation
from tablegames.core.rng import hand_rng
from tablegames.mechanics.match import (
    DealerDrawn,
    GameEnded,
    HandDealt,
    card_problems,
    check_dealer,
    check_hands,
    deals_from_events,
    draw_dealer,
    render_cards,
)
from tablegames.mechanics.passing import CardsPassed, PassCards, Passing
from tablegames.mechanics.trickfill import TrickFiller
from tablegames.mechanics.trickplay import trick_choice
from tablegames.mechanics.tricks import (
    CardPlayed,
    Follow,
    LastTrick,
    PlayCard,
    TrickCard,
    TrickPlay,
    TrickWon,
    counts_as,
    strength_by_rank,
)

__all__ = ["TrickDeal", "TrickGame", "TrickView", "TricksScored", "trick_lines"]

_card_played: Final = fast_constructor(CardPlayed)
_trick_won: Final = fast_constructor(TrickWon)


@attrs.frozen(kw_only=True)
class TrickDeal:
    """One stacked deal of a trick game. JSON: ``{"hands": [["AS", ...], ...], "dealer": 0}``.

    ``hands[i]`` belongs to seat ``i``. ``dealer`` stands for the random choice of the first
    dealer: used for the first hand and ignored later (the deal rotates); left out, the seed draws.
    """

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards."""
    dealer: int | None = None
    """The first dealer, where the random choice is due."""


@attrs.frozen
class TricksScored(Event):
    """A hand was played out and scored by the cards each side took (:meth:`TrickGame.settle_hand`)."""

    tag: ClassVar[str] = "hand_scored"
    hand_number: int
    """The hand scored."""
    points: tuple[int, ...]
    """The points (or penalties) each side scored this hand."""
    scores: tuple[int, ...]
    """Each side's score after the hand."""

    def side_scores(self) -> Mapping[int, int]:
        """Each side's score after the hand (declared for the layers above)."""
        return dict(enumerate(self.scores))

    def describe(self) -> str:
        """The event in words.

        >>> from tablegames.mechanics.trickgame import TricksScored
        >>> TricksScored(2, (0, 3, 5, 0), (4, 3, 9, 2)).describe()
        'hand 2 scores 0 3 5 0: totals 4 3 9 2'
        """
        points, totals = " ".join(map(str, self.points)), " ".join(map(str, self.scores))
        return f"hand {self.hand_number} scores {points}: totals {totals}"


@attrs.frozen(kw_only=True)
class TrickView:
    """What one seat may know of a trick game (:meth:`TrickGame.view_fields`); a variant's view may subclass it."""

    seat: int
    """The seat this view is for."""
    hand_number: int
    """The current hand, from 1."""
    hand: tuple[Card, ...]
    """The seat's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    scores: tuple[int, ...]
    """Each side's score."""
    current_player: int | None
    """The seat that must act, ``None`` once the game is over."""
    legal_actions: tuple[Action, ...]
    """The seat's legal actions (``[]`` when it is not its turn)."""
    phase: str
    """``"passing"``, ``"play"``, ``"over"`` or a phase of the variant's own."""
    dealer: int
    """The dealer of this hand."""
    trump: Suit | None
    """The trump suit, once known (``None`` in a hand without one)."""
    trick: tuple[TrickCard, ...]
    """The cards of the trick in progress."""
    leader: int | None
    """The seat that led (or leads) the trick in progress, during the play."""
    tricks_won: tuple[int, ...]
    """Tricks taken by each side this hand."""
    last_trick: LastTrick | None
    """The last completed trick of this hand and who took it; ``None`` from the deal until the first closes."""
    target: int | None
    """The score that ends the match, if any."""
    winner: int | None
    """The winning side, once the game is over."""
    passed: tuple[Card, ...] = ()
    """The cards this seat passed this hand (empty before it passes, and in a hand or a game without passing)."""
    received: tuple[Card, ...] = ()
    """The cards passed to this seat this hand, once passed (they change hands once every seat has passed)."""


def trick_lines(view: Any, labels: Sequence[str]) -> list[str]:
    """The play in a seat's view as lines of text: the trick in progress, the last trick, each side's tricks.

    ``view`` is a :class:`TrickView`, or any view with its ``trick``, ``last_trick`` and
    ``tricks_won``; ``labels`` names each side (see :meth:`~tablegames.core.game.Game.render_view`).

    >>> from tablegames.components.cards import Card
    >>> from tablegames.mechanics.tricks import LastTrick, TrickCard
    >>> from tablegames.mechanics.trickgame import trick_lines
    >>> import types
    >>> last = LastTrick(cards=(TrickCard(1, Card.parse("KC")), TrickCard(0, Card.parse("AC"))), winner=0)
    >>> view = types.SimpleNamespace(trick=(TrickCard(0, Card.parse("9D")),), last_trick=last, tricks_won=(1, 0))
    >>> trick_lines(view, ["seat 0", "seat 1"])
    ['trick: seat 0 9D', 'last trick: seat 1 KC, seat 0 AC', 'tricks: seat 0 1, seat 1 0']
    """

    def written(cards: Sequence[TrickCard]) -> str:
        return ", ".join(f"seat {t.seat} {t.card}" for t in cards) or "(no cards)"

    lines = [f"trick: {written(view.trick)}"]
    if view.last_trick is not None:
        lines.append(f"last trick: {written(view.last_trick.cards)}")
    lines.append("tricks: " + ", ".join(f"{labels[s]} {n}" for s, n in enumerate(view.tricks_won)))
    return lines


class TrickGame(Game[ActionT_co, OptionsT_co, ViewT_co]):
    """A trick-taking game, hand after hand; see the module for the hooks.

    Class settings (set them on the subclass): :attr:`deck`, :attr:`order`, :attr:`hand_size`,
    :attr:`follow`, :attr:`partnerships`, :attr:`pass_count`, :attr:`card_points`,
    :attr:`play_refusal`, :attr:`view_class`, :attr:`own_actions`. The options may have
    ``players`` (else the game has :attr:`~tablegames.core.game.Game.max_players` seats) and
    ``target`` (the score that ends the match).
    """

    summary: ClassVar[str] = ""
    """Left empty, so that each variant says what it is."""
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    deal_class: ClassVar[type[Any]] = TrickDeal
    action_classes: ClassVar[tuple[type[Action], ...]] = (PassCards, PlayCard)
    event_classes: ClassVar[tuple[type[Event], ...]] = (
        *(DealerDrawn, HandDealt, CardsPassed),
        *(CardPlayed, TrickWon, TricksScored, GameEnded),
    )
    """The events of the defaults; a variant that logs its own lists them instead."""
    deck: ClassVar[tuple[Card, ...]] = ()
    """The cards of the game, in deck order (the order hands are sorted in)."""
    order: ClassVar[Mapping[Rank, int]] = {}
    """Each rank's strength within a suit (higher wins; see :func:`~tablegames.components.cards.rank_order`)."""
    hand_size: ClassVar[int] = 0
    """The cards dealt to each seat, and the tricks of a hand; the rest of the deck plays no part."""
    follow: ClassVar[Follow] = Follow.MUST_FOLLOW
    """How a player answers the suit led."""
    partnerships: ClassVar[bool] = False
    """Whether four players play as two partnerships (seats 0+2 and 1+3); else each seat is a side."""
    pass_count: ClassVar[int] = 0
    """The cards each seat passes before the play, in the hands :meth:`pass_offset` says (0: no passing)."""
    card_points: ClassVar[Mapping[Card, int]] = {}
    """The points (or penalties) of each card taken, for the default :meth:`settle_hand`; other cards are 0."""
    play_refusal: ClassVar[str] = "cards are played after the deal and any passing; now is the {phase} phase"
    """The refusal of a card played before the play, with ``{phase}`` the phase it is."""
    view_class: ClassVar[type[Any]] = TrickView
    """The view :meth:`view` builds from :meth:`view_fields`."""
    own_actions: ClassVar[tuple[Action, ...]] = ()
    """The variant's own actions of a fixed set (a pass, each call), each made once; :meth:`canonical` gives these."""

    __slots__ = (
        "_seating",
        "_side",
        "dealer",
        "hand_number",
        "hands",
        "passing",
        "phase",
        "trick_play",
        "trump",
        "undealt",
    )

    _plays: ClassVar[dict[Card, PlayCard]]
    _own: ClassVar[dict[Action, Action]] = {}
    _index: ClassVar[dict[Card, int]]
    _templates: ClassVar[dict[int, TrickPlay]]

    _seating: Seating
    _side: tuple[int, ...]
    hand_number: int
    """The current hand, from 1."""
    dealer: int
    """The dealer of the current hand."""
    hands: list[list[Card]]
    """Each seat's cards in deck order (hidden information; give players :meth:`view`, not this)."""
    phase: str
    """``"passing"``, ``"play"``, ``"over"`` or a phase of the variant's own."""
    trump: Suit | None
    """The trump suit of this hand, once known."""
    passing: Passing | None
    """This hand's passing round, if it has one."""
    trick_play: TrickPlay | None
    """This hand's card play, once it starts (:meth:`start_play`)."""
    undealt: tuple[Card, ...]
    """The cards of the deck dealt to no seat this hand (hidden from everyone)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Intern the subclass's card plays from its deck, and make its pieces the deck's cards."""
        super().__init_subclass__(**kwargs)
        cls._own = {action: action for action in cls.own_actions}
        if cls.deck:
            cls._plays = {c: PlayCard(c) for c in cls.deck}
            cls._index = {c: i for i, c in enumerate(cls.deck)}
            cls._templates = {}  # each class its own: a subclass may change the order or the follow policy
            cls.pieces = frozenset(cls.deck)

    # -- hooks --------------------------------------------------------------------------

    def choose_trump(self) -> Suit | None:
        """Hook: this hand's trump, when the play starts by default (:meth:`open_hand`); by default none."""
        return None

    def pass_offset(self, hand_number: int) -> int | None:
        """Hook: how many seats to the left this hand's cards go (``None``: no passing this hand).

        By default 1 (to the left) in every hand when :attr:`pass_count` is set. Hearts passes
        left, right, across and not at all in turn: ``(1, 3, 2, None)[(hand_number - 1) % 4]``.
        """
        return 1 if self.pass_count else None

    def first_leader(self) -> int:
        """Hook: the seat that leads the first trick; by default the dealer's left."""
        return self.seating.next(self.dealer)

    def card_rules(
        self, trump: Suit | None
    ) -> tuple[Callable[[Card], Suit | None] | None, Callable[[Card], int] | None]:
        """Hook: ``(suit_of, strength)`` of a hand with ``trump``, for a game whose cards change suit or rank with it.

        ``None`` keeps the default: a card's printed suit, and its rank's strength in :attr:`order`.
        """
        return None, None

    @staticmethod
    def suit_note(card: Card, suit: Suit) -> str:
        """Hook: why ``card`` counts as ``suit``, in a refusal (see :class:`~tablegames.mechanics.tricks.TrickPlay`)."""
        return counts_as(card, suit)

    def start_hand(self, deal: Any) -> None:
        """Hook: set the variant's own state of a new hand from ``deal`` before it is logged; by default nothing."""

    def dealt_event(self, deal: Any) -> Event:
        """Hook: the event that logs the deal (by default :class:`~tablegames.mechanics.match.HandDealt`)."""
        return HandDealt(self.hand_number, self.dealer, tuple(tuple(h) for h in self.hands))

    @classmethod
    def deal_from_event(cls, event: Any, dealer: int | None) -> Any:
        """Hook: the deal a full log's deal event records, ``dealer`` the first dealer drawn before it."""
        return cls.deal_class(hands=event.hands, dealer=dealer)

    def open_hand(self) -> int:
        """Hook: what follows the deal; the seat to act. By default a passing round (:meth:`pass_offset`), or play."""
        offset = self.pass_offset(self.hand_number)
        if offset is None:
            return self.start_play(self.first_leader(), trump=self.choose_trump())
        self.phase = "passing"
        first = self.seating.next(self.dealer)
        self.passing = Passing(players=self.players, count=self.pass_count, offset=offset, first=first)
        return first

    def other_legal(self, seat: int) -> tuple[Action, ...]:
        """Hook: ``seat``'s legal actions in a phase of the variant's own; by default none."""
        return ()

    def why_illegal_other(self, action: Action, seat: int) -> str | None:
        """Hook: why ``action``, not a card played or passed, is illegal; by default it is not the variant's."""
        names = ", ".join(cls.__name__ for cls in self.action_classes)
        return f"not a {self.name} action: {type(action).__name__}; its actions are {names}"

    def perform_other(self, action: Action, seat: int) -> int | None:
        """Hook: take ``action`` of a phase of the variant's own (:meth:`why_illegal_other` accepted it); the next seat.

        Raises:
            NotImplementedError: by default, as the default :meth:`why_illegal_other` accepts nothing.
        """
        raise NotImplementedError(f"{type(self).__name__} accepts {type(action).__name__} but cannot take it")

    def settle_hand(self) -> None:
        """Hook: score the hand just played out; by default each side scores :attr:`card_points` of the cards it took.

        Change the scores with :meth:`~tablegames.core.game.Game.add_points` and log what
        happened; :meth:`match_winner` is asked next.
        """
        play = self.trick_play
        assert play is not None
        points = tuple(sum(self.card_points.get(c, 0) for c in play.cards_won(s)) for s in range(self.sides))
        for side, value in enumerate(points):
            self.add_points(side, value)
        self.emit(TricksScored(self.hand_number, points, self.scores))

    def match_winner(self) -> int | None:
        """Hook: the side that has won the match after a hand, or ``None`` to play on.

        By default, once a side reaches the target (:meth:`target_score`), the side with the
        highest score wins, or the lowest with :attr:`~tablegames.core.game.Game.lower_score_wins`
        (a tie goes to the first such side).
        """
        target = self.target_score(self.options)
        scores = self.scores
        if target is None or max(scores) < target:
            return None
        best = min(scores) if self.lower_score_wins else max(scores)
        return scores.index(best)

    # -- helpers for the hooks --------------------------------------------------------

    def start_play(self, leader: int, *, trump: Suit | None = None, sitting_out: Sequence[int] = ()) -> int:
        """Start the card play with ``trump`` and the seats ``sitting_out``; returns the seat that leads.

        ``leader`` leads, or if it sits out, the next seat clockwise that plays (as when a lone
        hand's partner sits at the dealer's left).
        """
        for _ in range(self.players - 1):
            if leader not in sitting_out:
                break
            leader = self.seating.next(leader)
        self.trump = trump
        suit_of, strength = self.card_rules(trump)
        template = self._templates.get(self.players)
        if template is None:
            template = self._templates[self.players] = TrickPlay(
                leader=leader,
                side_of=self._side,
                strength=strength_by_rank(self.order),
                follow=self.follow,
                hand_size=self.hand_size,
                suit_note=self.suit_note,
            )
        self.trick_play = template.fresh(
            leader, trump=trump, sitting_out=sitting_out, suit_of=suit_of, strength=strength
        )
        self.phase = "play"
        return leader

    def new_hand(self, dealer: int, deal: Any = None) -> int:
        """Deal the next hand (``deal``, else the next deal) with ``dealer`` dealing; the seat to act first."""
        self.hand_number += 1
        if deal is None:
            deal = self.next_deal(self.hand_number)
        self.dealer = dealer
        self.hands = [sorted(h, key=self._index.__getitem__) for h in deal.hands]
        dealt = {c for h in deal.hands for c in h}
        self.undealt = () if len(dealt) == len(self.deck) else tuple(c for c in self.deck if c not in dealt)
        self.trump = self.passing = self.trick_play = None
        self.phase = "dealt"
        self.start_hand(deal)
        self.emit(self.dealt_event(deal))
        return self.open_hand()

    def add_to_hand(self, seat: int, cards: Iterable[Card]) -> None:
        """Put ``cards`` into ``seat``'s hand, which stays in deck order (a dealer taking up a card)."""
        hand = self.hands[seat]
        hand.extend(cards)
        hand.sort(key=self._index.__getitem__)

    # -- the contract ---------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats play (the ``players`` option, else :attr:`~tablegames.core.game.Game.max_players`)."""
        return self.seats_for(self.options)

    @property
    def seating(self) -> Seating:
        """Seats and sides (four players as two partnerships with :attr:`partnerships`)."""
        return self._seating

    @classmethod
    def target_score(cls, options: Any) -> int | None:
        """The ``target`` option, if the options have one."""
        target: int | None = getattr(options, "target", None)
        return target

    def view_fields(self, seat: int) -> dict[str, Any]:
        """The fields of :class:`TrickView` for the variant's view (``passed`` and ``received`` if it passes)."""
        self.check_seat(seat)
        current = self.current_player
        play = self.trick_play
        fields: dict[str, Any] = {
            "seat": seat,
            "hand_number": self.hand_number,
            "hand": tuple(self.hands[seat]),
            "hand_sizes": tuple([len(h) for h in self.hands]),
            "scores": self.scores,
            "current_player": current,
            "legal_actions": tuple(self.legal_actions()) if seat == current else (),
            "phase": self.phase,
            "dealer": self.dealer,
            "trump": self.trump,
            "trick": play.trick_cards() if play is not None else (),
            "leader": play.leader if play is not None and not play.is_over else None,
            "tricks_won": tuple(play.tricks_won) if play is not None else (0,) * self.sides,
            "last_trick": LastTrick.of(play) if play is not None else None,
            "target": self.target_score(self.options),
            "winner": self.winner,
        }
        if self.pass_count:
            passing = self.passing
            got = {} if passing is None else passing.chosen
            fields["passed"] = got.get(seat, ())
            fields["received"] = () if passing is None else got.get(passing.giver(seat), ())
        return fields

    def view(self, seat: int) -> Any:
        """What ``seat`` may know: :attr:`view_class` of :meth:`view_fields`."""
        return self.view_class(**self.view_fields(seat))

    @classmethod
    def render_view(cls, view: Any, labels: Sequence[str]) -> list[str]:
        """What one seat sees, in lines: the deal and trump, its pass, the play (:func:`trick_lines`), its cards.

        ``view`` is a :class:`TrickView` (or a subclass); a variant with phases of its own
        writes its own lines and may reuse :func:`trick_lines` for the play.
        """
        trump = "no trump" if view.trump is None else f"trump {view.trump.name.lower()}"
        lines = [f"hand {view.hand_number}: seat {view.dealer} deals, {trump}"]
        if view.passed:
            received = f", received {render_cards(view.received)}" if view.received else ""
            lines.append(f"you passed {render_cards(view.passed)}{received}")
        if view.phase == "play":
            lines.extend(trick_lines(view, labels))
        lines.append(f"your cards  {render_cards(view.hand)}")
        return lines

    def set_aside(self) -> dict[str, tuple[Card, ...]]:
        """Hook: the places of cards out of the hands and the tricks; by default the undealt cards, if any."""
        return {"undealt": self.undealt} if self.undealt else {}

    def piece_places(self) -> dict[str, tuple[Card, ...]]:
        """Where the cards are: the hands, those :meth:`set_aside`, the trick, the tricks taken."""
        places = {f"hand {s}": tuple(hand) for s, hand in enumerate(self.hands)}
        places.update(self.set_aside())
        play = self.trick_play
        places["trick"] = tuple(c for _, c in play.trick) if play is not None else ()
        places["tricks"] = tuple(c for _, cards in play.tricks for c in cards) if play is not None else ()
        return places

    def hidden_pieces(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not see: the other hands (not cards passed by or to it) and those set aside."""
        self.check_seat(seat)
        hidden = {c for s, hand in enumerate(self.hands) if s != seat for c in hand}
        for cards in self.set_aside().values():
            hidden.update(cards)
        passing = self.passing
        if passing is not None:
            hidden.difference_update(passing.chosen.get(seat, ()), passing.chosen.get(passing.giver(seat), ()))
        return frozenset(hidden)

    # -- deals ------------------------------------------------------------------------

    @classmethod
    def check_deal(cls, deal: Any, options: Any) -> str | None:
        """What is wrong with a stacked deal: :attr:`hand_size` different cards of the deck to each seat, the dealer."""
        seats = cls.seats_for(options)
        problem = check_hands(deal.hands, game=cls.name, seats=seats, size=cls.hand_size)
        if problem is None:
            rule = f"a deal gives {seats * cls.hand_size} different cards of the {len(cls.deck)}-card deck"
            problem = card_problems([c for h in deal.hands for c in h], cls.deck, rule=rule)
        return problem or check_dealer(deal.dealer, seats)

    def shuffled_cards(self, hand_number: int) -> list[Card]:
        """The deck shuffled from the seed for hand ``hand_number`` (its ``hand_rng``), for :meth:`shuffled_deal`."""
        cards = list(self.deck)
        hand_rng(self.seed, hand_number).shuffle(cards)
        return cards

    def shuffled_deal(self, hand_number: int) -> Any:
        """Each seat's :attr:`hand_size` cards of the deck shuffled for hand ``hand_number``, in turn."""
        cards = self.shuffled_cards(hand_number)
        size = self.hand_size
        return self.deal_class(hands=tuple(tuple(cards[i * size : (i + 1) * size]) for i in range(self.players)))

    @classmethod
    def log_filler(cls, events: Sequence[Event], *, seat: int, options: Any) -> LogFiller | None:
        """The family's filler (:class:`~tablegames.mechanics.trickfill.TrickFiller`): hidden cards by construction.

        For a game that logs the base's events only, deals the whole deck and keeps the cards'
        printed suits; ``None`` (the generic sampler) for any other, whose own events or undealt
        cards the filler does not know.
        """
        players = cls.seats_for(options)
        if (
            not set(cls.event_classes) <= set(TrickGame.event_classes)
            or players * cls.hand_size != len(cls.deck)
            or cls.card_rules is not TrickGame.card_rules
        ):
            return None
        return TrickFiller(
            events,
            seat=seat,
            players=players,
            hand_size=cls.hand_size,
            pass_count=cls.pass_count,
            deck=cls.deck,
            voids_known=cls.follow in (Follow.MUST_FOLLOW, Follow.MUST_FOLLOW_ELSE_TRUMP),
        )

    @classmethod
    def heuristic_choice(cls, observation: Observation) -> Action | None:
        """The family's player (:func:`~tablegames.mechanics.trickplay.trick_choice`): passes and cards by points.

        It knows the cards from :attr:`order`, :attr:`card_points` and
        :attr:`~tablegames.core.game.Game.lower_score_wins`, so every game of the family gets a
        fast :class:`~tablegames.bots.greedy.GreedyBot` without a line of its own. ``None`` (the
        greedy bot's generic look-ahead) in a phase of the variant's own, or where the game has
        its own :meth:`card_rules` (a card's suit or rank that change with trump).
        """
        if cls.card_rules is not TrickGame.card_rules:
            return None
        view = observation.view
        players = len(view.hand_sizes)
        return trick_choice(
            phase=view.phase,
            trick=view.trick,
            trump=view.trump,
            legal=observation.legal,
            order=cls.order,
            card_points=cls.card_points,
            penalties=cls.lower_score_wins,
            partner=Seating(players, partnerships=cls.partnerships).partner(view.seat),
            players=players,
        )

    @classmethod
    def deals_from_events(cls, events: Sequence[Event]) -> list[Any]:
        """The deals the deal events record, the first with the dealer drawn right before it."""
        return deals_from_events(events, cls.deal_from_event)

    @classmethod
    def action_of(cls, event: Event) -> tuple[int, Action] | None:
        """The card played or passed that an event records (``None`` for a pass hidden from the seat)."""
        if isinstance(event, CardPlayed):
            return event.seat, cls._plays.get(event.card) or PlayCard(event.card)
        if isinstance(event, CardsPassed) and event.cards is not None:
            return event.seat, PassCards(event.cards)
        return None

    def canonical(self, action: Action) -> Action:
        """The interned card play or action of :attr:`own_actions` equal to ``action``; a pass's cards in deck order."""
        if isinstance(action, PlayCard):
            return self._plays.get(action.card, action)
        if isinstance(action, PassCards) and all(c in self._index for c in action.cards):
            return PassCards(tuple(sorted(action.cards, key=self._index.__getitem__)))
        try:
            return self._own.get(action, action)
        except TypeError:  # a value that cannot be hashed: no action of the set
            return action

    # -- the rules --------------------------------------------------------------------

    def begin(self) -> int:
        """Seat the players, start every side at 0, draw the first dealer and deal the first hand."""
        n = self.players
        self._seating = seating = Seating(n, partnerships=self.partnerships and n == 4)
        self._side = tuple(seating.side_of(s) for s in range(n))
        self.set_scores([0] * seating.sides)
        self.hand_number = 0
        deal = self.next_deal(1)
        dealer = draw_dealer(self.seed, n, deal.dealer)
        self.emit(DealerDrawn(dealer))
        return self.new_hand(dealer, deal)

    def compute_legal(self, seat: int) -> tuple[Any, ...]:  # the variant's action type, which a base cannot name
        """``seat``'s legal actions: the cards it may play, the passes it may choose, or the variant's own."""
        phase = self.phase
        if phase == "play":
            play = self.trick_play
            assert play is not None
            return tuple(map(self._plays.__getitem__, play.legal(self.hands[seat])))
        if phase == "passing":
            assert self.passing is not None
            return tuple(PassCards(c) for c in self.passing.choices(self.hands[seat]))
        return self.other_legal(seat)

    def why_illegal(self, action: Action, seat: int) -> str | None:
        """Why ``seat`` may not take ``action`` now (the wrong phase, or what the rules forbid), or ``None``."""
        phase = self.phase
        if isinstance(action, PlayCard):
            if phase != "play":
                return self.play_refusal.format(phase=phase)
            assert self.trick_play is not None
            return self.trick_play.why_not(seat, action.card, self.hands[seat])
        if isinstance(action, PassCards) and PassCards in self.action_classes:
            if self.passing is None or phase != "passing":
                return f"cards are passed before the play, in a hand that passes; now is the {phase} phase"
            return self.passing.why_not(seat, action.cards, self.hands[seat])
        return self.why_illegal_other(action, seat)

    def perform(self, action: Action, seat: int) -> int | None:
        """Play a card, pass cards or take the variant's own action, then every automatic step; the next seat."""
        if isinstance(action, PlayCard):
            return self._play(seat, action.card)
        if isinstance(action, PassCards) and self.phase == "passing":
            return self._pass(seat, action.cards)
        return self.perform_other(action, seat)

    def _pass(self, seat: int, cards: tuple[Card, ...]) -> int:
        passing = self.passing
        assert passing is not None
        key = self._index.__getitem__
        self.emit(passing.choose(seat, tuple(sorted(cards, key=key))))
        if not passing.is_done:
            return passing.turn  # type: ignore[return-value]  # not done: a seat is to choose
        passing.exchange(self.hands)
        for hand in self.hands:
            hand.sort(key=key)
        return self.start_play(self.first_leader(), trump=self.choose_trump())

    def _play(self, seat: int, card: Card) -> int | None:
        play = self.trick_play
        assert play is not None
        self.hands[seat].remove(card)
        self.emit(_card_played(seat, card))
        winner = play.play(seat, card)
        if winner is None:
            return play.turn
        self.emit(_trick_won(winner, self._side[winner], play.tricks[-1][1]))
        if play.turn is not None:
            return winner
        self.settle_hand()
        won = self.match_winner()
        if won is not None:
            self.phase = "over"
            self.finish(won, GameEnded(won, self.scores))
            return None
        return self.new_hand(self.seating.next(self.dealer))

    def copy_state(self, new: Any) -> None:
        """Copy the hands, the passing and the trick play; share the seating and what cannot change.

        A variant with state of its own extends it (calling it first).
        """
        new._seating = self._seating
        new._side = self._side
        new.hand_number = self.hand_number
        new.dealer = self.dealer
        new.hands = [h[:] for h in self.hands]
        new.undealt = self.undealt
        new.phase = self.phase
        new.trump = self.trump
        passing = self.passing
        new.passing = passing.copy() if passing is not None and not passing.is_done else passing
        play = self.trick_play
        new.trick_play = play.copy() if play is not None else None
