"""The greedy bot: Sniff's best placement now; Smear's hand-strength bidding and sensible card play."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.bots import GreedyBot
from tablegames.components.cards import Card, Suit
from tablegames.core.events import Action
from tablegames.core.game import Game
from tablegames.variants.smear import Bid, Discard, Pass, PlayCard, SmearOptions, SmearView, TrickCard
from tablegames.variants.smear.heuristic import smear_choice, suit_value
from tablegames.variants.sniff import Play, Scored, Sniff
from tablegames.variants.sniff.heuristic import _points_once_open, placement_points, sniff_layout
from tests.bots.support import observe, positions


def _choice(game: Game) -> Action:
    seat = game.current_player
    assert seat is not None
    return GreedyBot().act(observe(game, seat), random.Random(0))


def _points_now(game: Game, action: Action) -> int:
    """What ``action`` scores at once, by the engine itself."""
    trial = game.clone()
    events = trial.apply(action)
    return sum(e.points for e in events if isinstance(e, Scored) and e.reason == "count")


def _json(game: Game, data: dict[str, Any]) -> None:
    game.apply(game.action_from_json(data))


# -- American Sniff ---------------------------------------------------------------------------

SNIFF_DEAL: dict[str, Any] = {
    "hands": [
        ["4-4", "4-1", "4-3", "6-6", "6-1", "0-0", "2-0"],
        ["6-4", "5-5", "5-3", "3-3", "2-2", "1-1", "3-1"],
    ],
    "stock": ["6-5", "6-3", "6-2", "6-0", "5-4", "5-2", "5-1", "5-0", "4-2", "4-0", "3-2", "3-0", "2-1", "1-0"],
    "leader": 0,
}


def _stacked_sniff(**changes: Any) -> Game:
    """4-4 opens (count 8), then 6-4 goes on the west side (6 + 8 = 14); seat 0 is to play."""
    deal = {**SNIFF_DEAL, **changes}
    game = tablegames.new_game("american-sniff", seed=1, players=2, deals=[deal])
    _json(game, {"type": "play", "tile": "4-4", "end": None})
    _json(game, {"type": "play", "tile": "6-4", "end": "W"})
    return game


def test_greedy_sniff_takes_the_highest_count_not_the_first() -> None:
    """With 4-1 on E scoring 15 and 6-6 on W scoring 12 + 8 = 20, greedy plays 6-6 on W."""
    game = _stacked_sniff()
    assert game.view(0).count == 14
    scores = {str(a): _points_now(game, a) for a in game.legal_actions()}
    assert scores["4-1 on E"] == 15
    assert scores["6-6 on W"] == 20
    assert str(_choice(game)) == "6-6 on W"


def test_greedy_sniff_sheds_the_heaviest_tile_when_nothing_scores() -> None:
    """When no placement scores, greedy plays its heaviest tile (6-1, 7 pips, over 4-0)."""
    hands = [["4-4", "6-1", "4-0", "2-0", "0-0", "2-1", "1-0"], SNIFF_DEAL["hands"][1]]
    stock = ["6-5", "6-3", "6-2", "6-0", "5-4", "5-2", "5-1", "5-0", "4-2", "4-1", "4-3", "3-2", "3-0", "6-6"]
    game = _stacked_sniff(hands=hands, stock=stock)
    assert all(_points_now(game, a) == 0 for a in game.legal_actions())
    assert str(_choice(game)) == "6-1 on W"


def test_greedy_sniff_always_scores_the_most_available() -> None:
    """In positions from real matches, greedy's placement scores as much as any legal placement."""
    checked = 0
    for game, _ in positions("american-sniff", {"players": 3}, seeds=range(3), every=3):
        if game.is_over or len(game.legal_actions()) < 2:
            continue
        best = max(_points_now(game, a) for a in game.legal_actions())
        assert _points_now(game, _choice(game)) == best
        checked += 1
    assert checked >= 20


def test_the_layout_rebuilt_from_a_view_has_the_same_ends() -> None:
    """The layout greedy rebuilds from a view shows the view's ends, with the Sniff kept as the Sniff."""
    for game, seat in positions("american-sniff", {"players": 2}, seeds=range(3), every=2):
        view = game.view(seat)
        layout = sniff_layout(view)
        assert [(e.id, e.value) for e in view.ends] == [("WENS"[a], layout.values[a]) for a in layout.open_arms()]
        assert layout.spinner == view.sniff


# -- Four Point Smear -------------------------------------------------------------------------

SMEAR_HANDS: list[list[str]] = [
    ["AH", "KH", "JH", "7H", "10H", "9S"],
    ["8S", "9D", "8C", "9H", "QS", "10D"],
    ["AS", "KS", "JS", "AD", "KD", "QD"],
    ["AC", "KC", "QC", "JC", "10C", "9C"],
]
SMEAR_UNDEALT = ["10S", "7C", "8H", "QH", "7S", "JD", "8D", "7D"]


def _smear(dealer: int, **options: Any) -> Game:
    deal = {"dealer": dealer, "hands": SMEAR_HANDS, "undealt": SMEAR_UNDEALT}
    return tablegames.new_game("four-point-smear", seed=1, deals=[deal], **options)


def test_greedy_smear_bids_a_strong_hand() -> None:
    """A hand of A, K, J, 10 and 7 of hearts is worth about 3.9: greedy bids 3."""
    game = _smear(3)
    assert suit_value([Card.parse(c) for c in SMEAR_HANDS[0]], Suit.HEARTS) > 3
    assert _choice(game) == Bid(3)


def test_greedy_smear_passes_a_weak_hand_and_never_overbids() -> None:
    """A weak hand passes; a hand worth 3 passes over a bid of 3 instead of bidding 4."""
    game = _smear(0)  # seat 1 speaks first, with a weak hand
    assert _choice(game) == Pass()
    _json(game, {"type": "pass"})
    _json(game, {"type": "bid", "amount": 3})  # seat 2
    _json(game, {"type": "pass"})  # seat 3
    assert _choice(game) == Pass()  # seat 0, the dealer, is worth 3 and may only bid 4


def test_greedy_smear_passes_most_hands() -> None:
    """Over many deals greedy passes most of the time and its bids are never random."""
    passes = bids = 0
    for seed in range(60):
        game = tablegames.new_game("four-point-smear", seed=seed)
        choice = _choice(game)
        assert choice == _choice(game)
        passes += choice == Pass()
        bids += isinstance(choice, Bid)
    assert passes > bids > 0


def test_greedy_smear_discards_low_cards_of_other_suits() -> None:
    """Taking up 10S and 7C over hearts, the bidder discards them (a ten banks Game points) and keeps its trumps."""
    game = _smear(3, seen_undealt=2)
    _json(game, {"type": "bid", "amount": 4})
    choice = _choice(game)
    assert isinstance(choice, Discard)
    assert {str(c) for c in choice.cards} == {"10S", "7C"}
    _json(game, {"type": "discard", "cards": [str(c) for c in choice.cards]})
    assert _choice(game) == PlayCard(Card.parse("AH"))  # the bidder leads its best suit


def _view(hand: str, trick: list[tuple[int, str]], *, trump: Suit = Suit.HEARTS, seat: int = 0) -> SmearView:
    return SmearView(
        seat=seat,
        hand_number=1,
        hand=tuple(Card.parse(c) for c in hand.split()),
        hand_sizes=(6, 6, 6, 6),
        scores=(0, 0),
        current_player=seat,
        legal_actions=(),
        phase="play",
        dealer=3,
        bids=(),
        bidder=1,
        bid=2,
        trump=trump,
        trick=tuple(TrickCard(s, Card.parse(c)) for s, c in trick),
        tricks_won=(0, 0),
        last_hand=None,
        last_trick=None,
        picked_up=None,
        discarded=None,
        target=15,
        winner=None,
    )


def _play(view: SmearView, legal: str, played: str = "") -> str:
    actions = [PlayCard(Card.parse(c)) for c in legal.split()]
    played_cards = [Card.parse(c) for c in played.split()]
    choice = smear_choice(view, actions, played=played_cards, options=SmearOptions())
    assert isinstance(choice, PlayCard)
    return str(choice.card)


def test_greedy_smear_feeds_the_jack_to_a_partner_sure_to_win() -> None:
    """Partner's ace of trump cannot lose: seat 0, last, gives it the jack of trump rather than its ten."""
    view = _view("JH 10C 8C", [(1, "9C"), (2, "AH"), (3, "QC")])
    assert _play(view, "JH 10C 8C", "9H") == "JH"


def test_greedy_smear_protects_the_jack() -> None:
    """Second to play with higher trumps unseen, greedy keeps the jack of trump and follows low."""
    view = _view("JH 8C 9D", [(3, "KC")])
    assert _play(view, "JH 8C") == "8C"


def test_greedy_smear_wins_cheaply_and_dumps_low() -> None:
    """Last to play it wins with the cheapest winner; unable to win, it throws its lowest card, not its ten."""
    view = _view("AC 7C 9H", [(1, "KC"), (2, "8C"), (3, "9C")])
    assert _play(view, "AC 7C 9H") == "AC"
    view = _view("10S 7S KS", [(1, "9S"), (2, "8S"), (3, "AH")])
    assert _play(view, "10S 7S KS") == "7S"


def test_greedy_smear_leads_its_top_trump_only_once_every_higher_one_is_seen() -> None:
    """Leading with trump hearts, greedy leads the king only when the ace of trump has been played."""
    view = _view("KH 9C 8D", [])
    assert _play(view, "KH 9C 8D", "AH 7S 8S 9S") == "KH"  # the ace of trump is out of play: the king holds
    assert _play(view, "KH 9C 8D", "7S 8S 9S 10D") != "KH"  # the ace of trump unseen: keep the king


def test_greedy_smear_counts_a_card_as_sure_only_when_no_unseen_card_beats_it() -> None:
    """Second to play on a led club, the ace of clubs is a sure winner only once no trump is unseen."""
    no_trump_unseen = "AH KH QH JH 10H 9H 8H 7H"
    view = _view("AC 7C", [(3, "KC")])
    assert _play(view, "AC 7C", no_trump_unseen) == "AC"  # nothing can beat it: take the trick
    assert _play(view, "AC 7C") == "7C"  # a trump may come: a winner that can lose is not thrown on


class _PenaltySniff(tablegames.get_variant("american-sniff")):  # type: ignore[misc]
    """Sniff with its points read as penalties: the lowest total wins (a planted capability)."""

    lower_score_wins = True


def test_a_penalty_variant_turns_the_greedy_gain_and_the_playout_reward_around() -> None:
    """With lower_score_wins, a play that raises the mover's score is bad for it, to greedy and to the playouts."""
    from tablegames.bots.greedy import _gain
    from tablegames.core.search import Playout

    plain = tablegames.new_game("american-sniff", seed=1, players=2)
    penalty = _PenaltySniff.create({"players": 2}, seed=1)
    rng = random.Random(1)
    checked = 0
    while not plain.is_over and checked < 5:
        seat = plain.current_player
        assert seat is not None and penalty.current_player == seat and penalty.scores == plain.scores
        side = plain.side_of(seat)
        for action in plain.legal_actions():
            a, b = plain.clone(), penalty.clone()
            a.apply(action)
            b.apply(action)
            if a.is_over or a.scores[side] == plain.scores[side]:
                continue
            checked += 1  # a play that scores at once for the mover's side
            assert _gain(a, plain.scores, side) > 0 > _gain(b, penalty.scores, side)
            sides = [plain.side_of(s) for s in range(plain.players)]
            reward_plain = Playout(plain.clone(), me=seat, side_of=sides, offset=[0, 0], scale=10.0)
            reward_penalty = Playout(penalty.clone(), me=seat, side_of=sides, offset=[0, 0], scale=10.0)
            reward_plain.step(action)
            reward_penalty.step(action)
            assert reward_plain.rewards()[side] > 0.5 > reward_penalty.rewards()[side]
        legal = plain.legal_actions()
        action = legal[rng.randrange(len(legal))]
        plain.apply(action)
        penalty.apply(action)
    assert checked == 5, "the match had scoring plays to check"


@given(seed=st.integers(min_value=0, max_value=2**32), players=st.sampled_from([2, 3, 4]))
def test_sniff_points_worked_out_from_the_count_are_those_of_a_trial_placement(seed: int, players: int) -> None:
    """Once the Sniff's branches are open, a placement's points come from the count now; they equal a trial's."""
    game = _sniff(seed, players)
    rng = random.Random(seed)
    compared = 0
    for _ in range(400):
        if game.is_over:
            break
        from_count = _points_once_open(game.layout)
        if from_count is not None:
            for play in game.legal_actions():
                assert isinstance(play, Play)
                assert from_count(game.layout, play) == placement_points(game.layout, play), play
                compared += 1
        game.apply(rng.choice(game.legal_actions()))
    assert compared > 0  # a match opens the Sniff's branches in some hand


def test_sniff_points_are_not_worked_out_from_the_count_before_the_branches_open() -> None:
    """Before the Sniff and both its line sides are down, a placement may change more than one end."""
    game = _sniff(3, 2)
    assert _points_once_open(game.layout) is None  # the empty layout
    while not game.layout.branches_open:
        assert _points_once_open(game.layout) is None
        game.apply(game.legal_actions()[0])
    assert _points_once_open(game.layout) is not None


def _sniff(seed: int, players: int) -> Sniff:
    game = tablegames.new_game("american-sniff", seed=seed, players=players)
    assert isinstance(game, Sniff)
    return game
