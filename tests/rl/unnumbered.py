"""A variant whose actions cannot be numbered: no ids of its own, and an action field that declares no values."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, ClassVar

import attrs
import pytest

from tablegames.core import registry
from tablegames.core.events import Action
from tablegames.variants.sniff import Sniff

REASON = r"bare-sniff provides no action_ids, and none can be derived from what it publishes: Bare\.amount \("
"""What the environments say when they refuse it."""


@attrs.frozen
class Bare(Action):
    """An action with a bare ``int`` field."""

    tag: ClassVar[str] = "bare"
    amount: int


class BareSniff(Sniff):
    """American Sniff whose only action class is :class:`Bare`, with no ids of its own."""

    name: ClassVar[str] = "bare-sniff"
    action_classes: ClassVar[tuple[type[Action], ...]] = (Bare,)

    @classmethod
    def action_ids(cls, options: Any) -> None:  # type: ignore[override]  # the base class default, on purpose
        return None


@contextlib.contextmanager
def registered() -> Iterator[None]:
    """:class:`BareSniff` registered as ``bare-sniff`` while the block runs."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry._registered, BareSniff.name, BareSniff)
        yield
