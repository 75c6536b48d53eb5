"""Snapshots of the result screen at 80×24 (pytest-textual-snapshot): a
game's end and a hand's end, the outcome first, the hands once as cards,
the arithmetic below, and a result too long for the window saying so.

After an intended change of looks: pytest tests/test_result_snapshots.py
--snapshot-update, then look at the SVGs under tests/__snapshots__/.
"""

from __future__ import annotations

from typing import Any

import pytest
from apphelp import settle
from test_result_screen import SMALL, played
from textual.pilot import Pilot

from ginrummies.core import Format
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.result import ResultScreen

pytestmark = pytest.mark.slow

# name: (format, variant, seed, the game played to its end, target)
SCENES = {
    "game-end-gin": (Format.TWO, "gin", 5, True, None),
    "hand-end-gin": (Format.TWO, "gin", 3, False, None),  # with a lay-off
    "hand-end-partnership": (Format.PARTNERSHIP, "gin", 6, False, None),  # more below
    "game-end-skarney3": (Format.SKARNEY3, "skarney", 3, True, 40),
}


@pytest.mark.parametrize("name", list(SCENES))
def test_result(name: str, snap_compare: Any) -> None:
    fmt, variant, seed, over, target = SCENES[name]
    app = GinApp(
        Settings(speed="instant"), session=played(fmt, variant, seed, over=over, target=target)
    )

    async def before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen)

    assert snap_compare(app, terminal_size=SMALL, run_before=before)
