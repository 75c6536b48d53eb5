"""Snapshots of every screen and theme (pytest-textual-snapshot).

After an intended change of looks: pytest tests/test_snapshots.py
--snapshot-update, then look at the SVGs under tests/__snapshots__/.
"""

from __future__ import annotations

from typing import Any

import pytest
from scenes import SCENES, SIZE, scene


@pytest.mark.parametrize("name", SCENES)
def test_screen(name: str, snap_compare: Any) -> None:
    app, before = scene(name)
    size = (80, 20) if name == "too-small" else SIZE
    assert snap_compare(app, terminal_size=size, run_before=before)
