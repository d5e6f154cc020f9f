"""Option flags from a variant's options class, and bot specifications."""

from __future__ import annotations

import pytest

from tablegames.cli.options import BotSpec, bots_for_seats, option_flags, parse_bots
from tablegames.variants.smear import SmearOptions
from tablegames.variants.sniff import SniffOptions


def test_flags_follow_the_fields_of_the_options_class() -> None:
    """One flag per field, an underscore as a hyphen, its type, default and allowed values from the class."""
    flags = {f.name: f for f in option_flags(SmearOptions)}
    assert list(flags) == ["seen_undealt", "target", "win_only_on_bid", "cap_non_bidders", "high_low"]
    assert flags["win_only_on_bid"].flag == "--win-only-on-bid" and flags["win_only_on_bid"].kind is bool
    assert flags["win_only_on_bid"].usage == "--[no-]win-only-on-bid"
    assert flags["high_low"].allowed == "'ace-seven', 'in-play'"
    target = {f.name: f for f in option_flags(SniffOptions)}["target"]
    assert target.depends and target.default == 200 and target.default_text == "200, depends on other options"


def test_bot_specifications_carry_settings() -> None:
    """A bot is a name with optional :key=value settings, parsed as bools, ints, floats, None or text."""
    spec = BotSpec.parse("random:pass_rate=0.25:note=x")
    assert (spec.name, spec.settings) == ("random", {"pass_rate": 0.25, "note": "x"})
    spec = BotSpec.parse("ismcts:seconds=0.1:iterations=None:playout=greedy")
    assert spec.settings == {"seconds": 0.1, "iterations": None, "playout": "greedy"}
    assert [s.name for s in parse_bots("random, random:pass_rate=1")] == ["random", "random"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nobody", "unknown bot 'nobody': known bots are "),
        ("random:fast", "bad bot setting 'fast' in 'random:fast'"),
        (",", "no bot named in ','"),
    ],
)
def test_bad_bot_specifications_are_refused(text: str, message: str) -> None:
    """Unknown bots, settings without '=' and empty lists are refused with a message."""
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(")):
        parse_bots(text)


def test_bots_are_dealt_round_the_seats() -> None:
    """Bots go round the seats in turn; a rotation starts further on."""
    specs = [BotSpec.parse(n) for n in ("a", "b", "c")]
    assert [str(b) for b in bots_for_seats(specs, 4)] == ["a", "b", "c", "a"]
    assert [str(b) for b in bots_for_seats(specs, 4, rotation=1)] == ["b", "c", "a", "a"]
