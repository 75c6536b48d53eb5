"""Snapshots of every screen and theme (pytest-textual-snapshot).

After an intended change of looks: pytest tests/test_snapshots.py
--snapshot-update, then look at the SVGs under tests/__snapshots__/.
"""

from __future__ import annotations

import asyncio
import gc
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from apphelp import VARIANTS
from scenes import SCENES, SIZE, scene, size_of

# every screen drawn and compared, a second or two each: the quick run
# (-m 'not slow') leaves them out
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("name", SCENES)
def test_screen(name: str, snap_compare: Any, tmp_path: Path) -> None:
    app, before = scene(name, tmp_path)
    assert snap_compare(app, terminal_size=size_of(name), run_before=before)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", VARIANTS)
def test_table_at_every_size(
    variant: str, size: tuple[int, int], snap_compare: Any, tmp_path: Path
) -> None:
    app, before = scene(f"table-{variant}", tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=before)


def picture(name: str) -> str:
    """The scene drawn as the snapshot test draws it (its own data folder)."""
    app, before = scene(name)

    async def draw() -> str:
        async with app.run_test(size=SIZE) as pilot:
            await before(pilot)
            await pilot.pause()
            # the tabs' underline slides: a busy machine would catch it half-way
            await pilot.wait_for_scheduled_animations()
            return app.export_screenshot()

    return asyncio.run(draw())


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="time zones are set with time.tzset")
def test_the_statistics_pictures_do_not_depend_on_the_time_zone() -> None:
    was = os.environ.get("TZ")
    pictures = []
    try:
        for zone in ("UTC0", "IST-5:30"):  # POSIX forms: no time zone database needed
            os.environ["TZ"] = zone
            time.tzset()
            # the SVG's id hashes the drawing's inner records, which differ
            # between a process's first drawing and later ones
            pictures.append(re.sub(r"terminal-\d+", "terminal", picture("statistics-games")))
    finally:
        if was is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = was
        time.tzset()
    assert "2026-11-22" in pictures[0]  # the games' times are in the picture
    assert pictures[0] == pictures[1]


def test_the_scenes_leave_no_folder_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    picture("statistics")
    gc.collect()
    assert list(tmp_path.iterdir()) == []
