"""`tablegames rules` and `tablegames variants`: rules pages and options from one source."""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

import pytest

from tablegames.cli.rules import plain_text, rules_page, rules_source
from tablegames.variants.smear import Smear
from tablegames.variants.sniff import Sniff
from tests.cli.support import run

DOCS = Path(__file__).resolve().parents[2] / "docs"


class Unruled(Sniff):
    """A variant defined where no rules file is shipped (this test package)."""

    name: ClassVar[str] = "unruled"


@pytest.mark.parametrize(("name", "cls"), [("american-sniff", Sniff), ("four-point-smear", Smear)])
def test_the_docs_include_the_rules_file_the_command_prints(name: str, cls: type[Sniff] | type[Smear]) -> None:
    """Each variant's doc page includes the RULES.rst shipped in its package: one source for both."""
    page = (DOCS / "variants" / f"{'sniff' if cls is Sniff else 'smear'}.rst").read_text()
    match = re.search(r"^\.\. include:: (\S+)$", page, flags=re.MULTILINE)
    assert match is not None
    included = (DOCS / "variants" / match.group(1)).resolve()
    assert included.read_text() == rules_source(cls)
    assert "The rules\n---------" in included.read_text()


def test_rules_prints_the_whole_rules_page_as_plain_text() -> None:
    """`rules american-sniff` prints the variant, its options and all 19 rules, without markup."""
    done = run("rules", "american-sniff")
    assert done.code == 0, done
    assert done.out.startswith("American Sniff (american-sniff).")
    assert "  --players N  an int from 2 to 4 (default: 4)" in done.out
    assert "19. The paper tally." in done.out and "1. Pieces. One double-six set" in done.out
    assert "Resolved: scores may go negative." in done.out
    for markup in (":doc:", ":class:", ":mod:", "``", "**", "\\ "):
        assert markup not in done.out


def test_smear_rules_drop_documentation_cross_references() -> None:
    """Parenthesised cross-references to the API, useful in HTML, are left out in the terminal."""
    done = run("rules", "four-point-smear")
    assert "3. Rank. A > K > Q > J > 10 > 9 > 8 > 7 in every suit, trump included.\n" in done.out
    assert "16. cap_non_bidders (option, off by default)." in done.out
    assert "ORDER" not in done.out and ":data:" not in done.out


def test_a_variant_without_a_rules_file_says_so() -> None:
    """A variant whose package ships no RULES file still gets its options and a pointer to its docs."""
    assert rules_source(Unruled) is None
    page = rules_page(Unruled)
    assert "(unruled ships no rules file: see its documentation)" in page
    assert "unruled  [2-4 players]" in page


def test_plain_text_keeps_titles_and_drops_markup() -> None:
    """Roles become their titles or last name, literals and emphasis lose their markup."""
    text = "See :class:`~a.b.Game`, :func:`tablegames.new_game` and :ref:`the command <cli>`: *x* **y** ``z``."
    assert plain_text(text) == "See Game, tablegames.new_game and the command: x y z."
    assert plain_text("from 2 to\n   4 (:data:`~m.MIN` to\n   :data:`~m.MAX`). Then") == "from 2 to\n   4. Then"


def test_variants_lists_every_option_with_allowed_values_and_default() -> None:
    """`variants` names each variant, its players and each option flag with what it allows and its default."""
    done = run("variants")
    assert done.code == 0, done
    lines = done.out.splitlines()
    assert "american-sniff  [2-4 players]" in lines
    assert "  --players N  an int from 2 to 4 (default: 4)" in lines
    assert "  --target N   an int from 1 to 10000 (default: 200, depends on other options)" in lines
    assert "four-point-smear  [4 players]" in lines
    assert "  --[no-]win-only-on-bid  true or false (default: false)" in lines
    assert "  --high-low HIGH_LOW     'ace-seven', 'in-play' (default: 'ace-seven')" in lines
