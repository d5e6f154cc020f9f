"""IdentityMemo: values kept per object by its identity, with a key beside it, forgotten when full."""

from __future__ import annotations

from tablegames.core.memo import IdentityMemo


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
