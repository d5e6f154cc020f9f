"""The library's tables of kept values: IdentityMemo (by identity) and Kept (by key), bounded and listed."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from types import ModuleType

import tablegames
from tablegames.core.memo import IdentityMemo, Kept, tables
from tablegames.core.registry import get_variant


def test_a_value_is_kept_for_the_object_and_key_it_was_put_for_only() -> None:
    memo = IdentityMemo[str](most=8)
    layout, other = [1, 2], [1, 2]  # equal, but two objects
    assert memo.put(layout, "hand 3", 3) == "hand 3"
    assert memo.get(layout, 3) == "hand 3"
    assert memo.get(layout) is None and memo.get(layout, 4) is None and memo.get(other, 3) is None


def test_a_full_memo_forgets_everything_and_keeps_the_new_value() -> None:
    memo = IdentityMemo[int](most=2)
    a, b, c = object(), object(), object()
    memo.put(a, 1)
    memo.put(b, 2)
    assert (memo.get(a), memo.get(b)) == (1, 2)
    memo.put(c, 3)
    assert (memo.get(a), memo.get(b), memo.get(c)) == (None, None, 3)
    memo.clear()
    assert memo.get(c) is None


def test_a_kept_table_is_a_dict_that_forgets_everything_when_full() -> None:
    table = Kept[str, int]("a test's table", most=2)
    assert table.get("a") is None and table.keep("a", 1) == 1 and table.keep("b", 2) == 2
    assert dict(table) == {"a": 1, "b": 2}
    assert table.keep("c", 3) == 3
    assert dict(table) == {"c": 3}
    assert ("a test's table", 2, 1) in tables()


def _library_modules() -> list[ModuleType]:
    """Every module of the library that imports here (the extras installed), and every variant's."""
    modules = []
    for info in pkgutil.walk_packages(tablegames.__path__, "tablegames."):
        if info.name.endswith(".__main__"):  # the command itself: it would run
            continue
        try:
            modules.append(importlib.import_module(info.name))
        except ImportError:  # an extra not installed here (its tables are not made either)
            continue
    for name in tablegames.variant_names():
        modules.append(sys.modules[get_variant(name).__module__])
    return modules


def test_every_table_the_library_keeps_is_named_after_its_module_and_listed_in_the_speed_docs() -> None:
    """The docs page "Speed" lists every cache, so none is kept without a line saying what it saves."""
    speed = " ".join((Path(__file__).resolve().parents[2] / "docs" / "speed.rst").read_text().split())
    found = 0
    for module in _library_modules():
        for value in vars(module).values():
            if isinstance(value, (Kept, IdentityMemo)):
                found += 1
                assert value.name.startswith(f"{module.__name__}: "), (module.__name__, value.name)
                assert value.name in speed, f"{value.name!r} is not listed in docs/speed.rst"
    assert found >= 10
