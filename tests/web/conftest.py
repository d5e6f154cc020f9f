"""Make the reference web front end (examples/web) importable for its tests."""

from __future__ import annotations

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "examples" / "web"
"""The folder that holds the ``tablegames_web`` package."""

if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))


def pytest_configure(config: object) -> None:
    """Register the ``browser`` marker (the tests that drive a real browser)."""
    config.addinivalue_line("markers", "browser: drives the page in headless Chromium (skips without it)")  # type: ignore[attr-defined]
