"""``tablegames rules`` and ``tablegames variants``: each variant's rules page and options as text.

A variant ships its rules as a ``RULES.rst`` file in its package (package data), the one
source of both the documentation, which includes it, and this command, which prints it as
plain text: Sphinx roles become their titles, inline markup is dropped. The line that says
what the variant is comes from its :attr:`~tablegames.core.game.Game.summary`.
"""

from __future__ import annotations

import importlib
import importlib.resources
import re
from typing import Final

from tablegames.cli.options import option_flags
from tablegames.core.game import Game

__all__ = ["RULES_FILES", "describe_variant", "list_entry", "plain_text", "rules_page", "rules_source", "summary_of"]

RULES_FILES: Final = ("RULES.rst", "RULES.txt", "RULES.md")
"""The names a rules file may have in a variant's package, in order of preference."""

_ROLE_PAREN: Final = re.compile(r"\s*\((?:\s*(?::[\w:]+:`[^`]+`|to|and|,))+\s*\)")
_ROLE_TITLE: Final = re.compile(r":[\w:]+:`([^`<]+?)\s*<[^>`]+>`")
_ROLE_SHORT: Final = re.compile(r":[\w:]+:`~[\w.]*?([\w]+)`")
_ROLE: Final = re.compile(r":[\w:]+:`([^`]+)`")
_LITERAL: Final = re.compile(r"``(.+?)``")
_STRONG: Final = re.compile(r"\*\*(.+?)\*\*")
_EMPHASIS: Final = re.compile(r"(?<![\w*])\*([^*\s](?:[^*]*[^*\s])?)\*(?![\w*])")
_LINK: Final = re.compile(r"`([^`<]+?)`_")


def plain_text(rst: str) -> str:
    r"""Turn reStructuredText into what a terminal shows best: roles as their titles, no inline markup.

    A role in parentheses on its own (a cross-reference for the documentation) is dropped.

    >>> from tablegames.cli.rules import plain_text
    >>> plain_text("**Rank.** A > K (:data:`~x.ORDER`); see :func:`~x.settle` and :doc:`the guide <../guide>`.")
    'Rank. A > K; see settle and the guide.'
    >>> plain_text(r"counts 2\ *s*, written ``\"6-4\"``")
    'counts 2s, written "6-4"'
    """
    text = _ROLE_PAREN.sub("", rst)
    text = _ROLE_TITLE.sub(r"\1", text)
    text = _ROLE_SHORT.sub(r"\1", text)
    text = _ROLE.sub(r"\1", text)
    text = _LITERAL.sub(r"\1", text)
    text = _STRONG.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    return text.replace("\\ ", "").replace('\\"', '"')


def _package(cls: type[Game]) -> str:
    """The package the variant ``cls`` is defined in ("" for a top-level module)."""
    module = importlib.import_module(cls.__module__)
    return module.__name__ if hasattr(module, "__path__") else (module.__package__ or "")


def rules_source(cls: type[Game]) -> str | None:
    """The text of the rules file shipped in the package of the variant ``cls``, if any."""
    package = _package(cls)
    if not package:
        return None
    try:
        folder = importlib.resources.files(package)
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - a namespace without files
        return None
    for name in RULES_FILES:
        path = folder / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


def summary_of(cls: type[Game]) -> str:
    """The variant's :attr:`~tablegames.core.game.Game.summary` as plain text (its name if it has none).

    >>> from tablegames.cli.rules import summary_of
    >>> import tablegames
    >>> summary_of(tablegames.get_variant("american-sniff")).split(". ")[0]
    'American Sniff (american-sniff)'
    """
    return " ".join(plain_text(cls.summary).split()) or cls.name


def describe_variant(cls: type[Game]) -> str:
    """The variant's name, players and options (allowed values and defaults), as a few lines."""
    low, high = cls.min_players, cls.max_players
    players = f"{low} players" if low == high else f"{low}-{high} players"
    flags = option_flags(cls.options_class)
    width = max((len(f.usage) for f in flags), default=0) + 2
    lines = [f"{cls.name}  [{players}]"]
    lines += [f"  {f.usage:<{width}}{f.allowed} (default: {f.default_text})" for f in flags]
    return "\n".join(lines)


def list_entry(cls: type[Game]) -> str:
    """What ``tablegames variants`` prints for the variant: its summary, then :func:`describe_variant`."""
    return f"{summary_of(cls)}\n{describe_variant(cls)}"


def rules_page(cls: type[Game]) -> str:
    """What ``tablegames rules NAME`` prints: the variant's summary, its options, and its rules."""
    source = rules_source(cls)
    rules = plain_text(source).strip() if source else f"({cls.name} ships no rules file: see its documentation)"
    return f"{summary_of(cls)}\n\n{describe_variant(cls)}\n\n{rules}\n"
