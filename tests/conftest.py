"""Fixtures and set-up for every test. Helpers live in helpers.py (stacked
decks, cards from text) and apphelp.py (driving the app)."""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import settings

from ginrummies.tui.screens.curtain import CurtainScreen

# the tests import their helper modules (helpers, apphelp) from this folder
sys.path.insert(0, os.path.dirname(__file__))

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test ever reads or writes the user's own saves, settings or statistics."""
    monkeypatch.setenv("GINRUMMIES_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _no_curtain_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pilot presses keys faster than a person: the curtain's guard
    against a double Enter is off in tests (test_safeguards turns it on to
    test it)."""
    monkeypatch.setattr(CurtainScreen, "GUARD", 0.0)
