"""``tablegames.new_game``: its ``options=`` form, where outside options can only ever be options."""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames import InvalidOptionsError
from tablegames.core.errors import QUOTE_LIMIT
from tablegames.variants.sniff import SniffOptions

_GOOD_DEAL = {
    "hands": [["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"], ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"]],
    "stock": ["4-3", "4-2", "4-1", "4-0", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"],
}


def test_options_given_as_a_mapping_are_the_variants_options() -> None:
    """``options=`` takes a mapping of the variant's options, as the keywords do."""
    game = tablegames.new_game("american-sniff", options={"players": 2, "target": 100}, seed=3)
    assert game.options == SniffOptions(players=2, target=100)
    assert game.seed == 3
    same = tablegames.new_game("american-sniff", seed=3, players=2, target=100)
    assert tablegames.dumps(game.log()) == tablegames.dumps(same.log())


def test_options_given_as_the_options_class_are_used_as_they_are() -> None:
    """``options=`` also takes the variant's options class itself, positionally or by name."""
    options = SniffOptions(players=3)
    assert tablegames.new_game("american-sniff", options, seed=1).options is options
    assert tablegames.new_game("american-sniff", options=options, seed=1).options is options


def test_no_options_are_the_defaults() -> None:
    """``options=None`` (the default) and ``options={}`` give the default options."""
    assert tablegames.new_game("american-sniff", seed=1).options == SniffOptions()
    assert tablegames.new_game("american-sniff", options={}, seed=1).options == SniffOptions()


@pytest.mark.parametrize(
    "key, value",
    [
        ("seed", 1),
        ("seed", None),
        ("deals", [_GOOD_DEAL]),
        ("deals", []),
        ("name", "four-point-smear"),
        ("options", {}),
    ],
)
def test_a_client_key_named_like_an_argument_is_an_unknown_option(key: str, value: Any) -> None:
    """``seed``, ``deals``, ``name`` or ``options`` in ``options=`` is refused as an unknown option, never obeyed."""
    with pytest.raises(InvalidOptionsError) as caught:
        tablegames.new_game("american-sniff", options={"players": 2, key: value}, seed=5)
    assert caught.value.option == key
    assert caught.value.reason.startswith(f"unknown option {key!r}; allowed options: players, target")


def test_a_client_cannot_pick_the_seed_or_stack_the_deck() -> None:
    """Whatever a mapping holds, the seed and deals are the embedder's: the mapping changes neither."""
    client = {"players": 2, "seed": 1, "deals": [_GOOD_DEAL], "name": "four-point-smear"}
    for key in ("seed", "deals", "name"):
        with pytest.raises(InvalidOptionsError):
            tablegames.new_game("american-sniff", options={"players": 2, key: client[key]}, seed=99)
    game = tablegames.new_game("american-sniff", options={"players": 2}, seed=99)
    assert game.seed == 99 and game.name == "american-sniff"
    assert tablegames.to_json(game.log().events[0])["hands"] != _GOOD_DEAL["hands"]


def test_a_huge_unknown_key_is_named_briefly() -> None:
    """An unknown key of a million characters is named in the error, cut short."""
    key = "k" * 1_000_000
    with pytest.raises(InvalidOptionsError) as caught:
        tablegames.new_game("american-sniff", options={key: 1})
    assert caught.value.option.startswith("kkk") and len(caught.value.option) <= QUOTE_LIMIT
    assert len(str(caught.value)) <= 1500


@pytest.mark.parametrize("options", [[("players", 2)], "players=2", 2, SniffOptions])
def test_options_that_are_not_a_mapping_are_refused(options: Any) -> None:
    """``options=`` that is neither a mapping nor the options class is an InvalidOptionsError, never a TypeError."""
    with pytest.raises(InvalidOptionsError) as caught:
        tablegames.new_game("american-sniff", options=options, seed=1)
    assert caught.value.option == "options"


def test_options_and_keyword_options_together_are_refused() -> None:
    """Options come as ``options=`` or as keywords, never both: mixing them is a TypeError naming both forms."""
    with pytest.raises(TypeError, match=r"options=.*keyword"):
        tablegames.new_game("american-sniff", options={"players": 2}, seed=1, target=100)
    with pytest.raises(TypeError):
        tablegames.new_game("american-sniff", {}, seed=1, players=2)


def test_keyword_options_still_work() -> None:
    """The keyword form of earlier releases is unchanged."""
    game = tablegames.new_game("american-sniff", seed=2, players=3, target=100)
    assert game.options == SniffOptions(players=3, target=100) and game.seed == 2
