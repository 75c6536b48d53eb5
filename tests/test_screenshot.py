"""Ctrl+P, Screenshot: the picture is saved in the data folder and the
notice says where; when it cannot be, the notice says why and where it
was tried, and the app goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelp import palette_shows, until
from textual.notifications import Notification

from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.app_files import free_name
from ginrummies.tui.screens.menu import MenuScreen

SIZE = (80, 24)


async def screenshot(folder: Path | None) -> tuple[GinApp, list[Notification]]:
    """Take a screenshot from the palette, over the menu, with the data
    folder ``folder``; the app and what it said of the screenshot."""
    app = GinApp(Settings(speed="instant"), data_dir=folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"screenshot")
        await until(pilot, lambda: palette_shows(app, "screenshot"), "the command found")
        await pilot.press("enter")

        def told() -> list[Notification]:
            return [n for n in app._notifications if n.title == "Screenshot"]

        # Textual takes it a moment after the palette closes, and says so
        await until(pilot, lambda: bool(told()), "the screenshot said")
        said = told()
        assert isinstance(app.screen, MenuScreen)  # the app goes on, on its menu
    return app, said


@pytest.mark.slow
async def test_a_screenshot_is_saved_in_the_data_folder(tmp_path: Path) -> None:
    _, said = await screenshot(tmp_path)
    (saved,) = (tmp_path / "screenshots").iterdir()
    assert saved.suffix == ".svg"
    text = saved.read_text(encoding="utf-8")
    assert text.startswith("<svg") and "ginrummies" in text
    (note,) = said
    assert note.severity == "information"
    assert note.message == f"Saved as {saved}"


@pytest.mark.slow
async def test_an_app_without_a_data_folder_saves_in_the_usual_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GINRUMMIES_DATA_DIR", str(tmp_path))
    _, said = await screenshot(None)
    (saved,) = (tmp_path / "screenshots").iterdir()
    assert [n.message for n in said] == [f"Saved as {saved}"]


@pytest.mark.slow
async def test_a_screenshot_that_cannot_be_saved_says_why_and_where(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "screenshots").write_text("a file where the folder would be")
    _, said = await screenshot(folder)
    (note,) = said
    assert note.severity == "error"
    tried = folder / "screenshots"
    assert note.message.startswith(f"The screenshot could not be saved as {tried}/ginrummies-")
    assert note.message.endswith((": File exists", ": Not a directory"))
    assert (folder / "screenshots").read_text() == "a file where the folder would be"


def test_two_screenshots_in_one_second_are_two_files(tmp_path: Path) -> None:
    first = free_name(tmp_path, "ginrummies", ".svg")
    (tmp_path / first).write_text("")
    second = free_name(tmp_path, "ginrummies", ".svg")
    assert second.endswith(".svg") and not (tmp_path / second).exists()
