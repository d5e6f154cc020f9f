"""Test configuration: Hypothesis profiles, and each test's bots left as it found them.

Three profiles, chosen by the environment variable ``HYPOTHESIS_PROFILE``:

* ``ci``: few examples, derandomized (the same examples on every run), no deadline, and the
  blob to reproduce a failure printed. The default when the variable ``CI`` is set.
* ``dev``: a moderate number of examples, random; the default for local runs.
* ``thorough``: many examples, for a long local run before a release.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tablegames.bots import registry
from tablegames.core import registry as variant_registry

settings.register_profile(
    "ci",
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
)
settings.register_profile("dev", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=1000, deadline=None, print_blob=True)


def _default_profile() -> str:
    ci = os.environ.get("CI", "")
    return "ci" if ci and ci.lower() not in ("0", "false", "no") else "dev"


settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or _default_profile())


_LIBRARY_BOTS = dict(registry._FACTORIES)
"""The library's own bots, taken before collection imports any module that registers one
(importing ``tablegames.jax.search`` registers ``array-search``, as ``--plugin`` does)."""


@pytest.fixture(autouse=True)
def _bots_as_they_were() -> Iterator[None]:
    """Each test starts with the library's own bots; the bots and variants it registers (a plug-in's) go after it."""
    registry._FACTORIES.clear()
    registry._FACTORIES.update(_LIBRARY_BOTS)
    variants = dict(variant_registry._registered)
    yield
    registry._FACTORIES.clear()
    registry._FACTORIES.update(_LIBRARY_BOTS)
    variant_registry._registered.clear()
    variant_registry._registered.update(variants)
