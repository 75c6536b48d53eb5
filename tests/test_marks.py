"""The highlighted row of every list is marked in text, not by colour alone:
"▶ " before it ("> " with ASCII cards), two blanks before every other row."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from apphelp import palette_shows, until
from test_forms import screen_text
from test_stats import finished_and_abandoned
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Select
from textual.widgets._select import SelectOverlay

from ginrummies.store import CardStyle, Settings
from ginrummies.store.stats import STATS_NAME, Stats
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.choice import ChoiceScreen
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.rules import RulesScreen
from ginrummies.tui.screens.statistics import StatsScreen

SIZE = (100, 30)
MARKS = {CardStyle.UNICODE: "▶ ", CardStyle.ASCII: "> "}
STYLES = pytest.mark.parametrize("style", list(MARKS))


def marked(app: GinApp, options: OptionList, mark: str) -> str:
    """The words of the one row drawn after the mark; every other row of
    the list starts with two blanks."""
    rows = screen_text(app, options.content_region).splitlines()
    assert all(row[:2] in (mark, "  ") for row in rows), rows
    shown = [row[2:].strip() for row in rows if row.startswith(mark)]
    assert len(shown) == 1, rows
    return shown[0]


def on_highlighted(app: GinApp, options: OptionList, mark: str) -> bool:
    """Whether the mark is on the highlighted option (its first line, if it
    takes more than one)."""
    option = options.highlighted_option
    assert option is not None
    words = marked(app, options, mark)
    return bool(words) and str(option.prompt).startswith(words)


async def check_moves(pilot: Pilot[Any], options: OptionList, mark: str) -> None:
    """The mark is on the highlighted option, and follows it down and up."""
    app = pilot.app
    assert isinstance(app, GinApp)
    first = options.highlighted
    assert first is not None
    assert on_highlighted(app, options, mark)
    down = "up" if first == options.option_count - 1 else "down"
    await pilot.press(down)
    await pilot.pause()
    assert options.highlighted != first
    assert on_highlighted(app, options, mark)
    await pilot.press("down" if down == "up" else "up")
    await pilot.pause()
    assert options.highlighted == first
    assert on_highlighted(app, options, mark)


def app_for(style: CardStyle) -> GinApp:
    return GinApp(Settings(speed="instant", card_style=style))


# where a list is shown: the screen to open over the menu (None: the menu
# itself), the list, and the option highlighted at first
PLACES: dict[str, tuple[Callable[[], Screen[Any]] | None, str, int]] = {
    "menu": (None, "#menu-options", 0),
    "dialog": (lambda: ChoiceScreen("Which one?", ["First", "Second", "Third"]), "#choices", 0),
    "rules": (lambda: RulesScreen("oklahoma"), "#variants", 1),
}


@pytest.mark.slow
@STYLES
@pytest.mark.parametrize("place", list(PLACES))
async def test_the_highlighted_option_is_marked(style: CardStyle, place: str) -> None:
    screen, list_id, first = PLACES[place]
    app = app_for(style)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if screen is not None:
            app.push_screen(screen())
            await pilot.pause()
        options = app.screen.query_one(list_id, OptionList)
        assert options.highlighted == first
        await check_moves(pilot, options, MARKS[style])
        await pilot.press("end")
        await pilot.pause()
        assert options.highlighted == options.option_count - 1
        assert on_highlighted(app, options, MARKS[style])


@pytest.mark.slow
@STYLES
async def test_the_palette_marks_the_highlighted_command(style: CardStyle) -> None:
    app = app_for(style)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"the")  # Theme, and no other command
        await until(pilot, lambda: palette_shows(app, "Theme"), "Theme found")
        await pilot.press("down")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert options.highlighted == 0
        assert marked(app, options, MARKS[style]) == "Theme"


@pytest.mark.slow
@STYLES
async def test_a_drop_down_marks_the_highlighted_choice(style: CardStyle) -> None:
    app = app_for(style)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen(app.settings, None))
        await pilot.pause()
        app.screen.query_one("#variant", Select).focus()
        await pilot.press("enter")
        await pilot.pause()
        overlay = app.screen.query_one("#variant").query_one(SelectOverlay)
        assert overlay.has_focus and overlay.highlighted == 0
        await check_moves(pilot, overlay, MARKS[style])


@pytest.mark.slow
@STYLES
async def test_the_games_played_mark_the_one_enter_watches(
    style: CardStyle, tmp_path: Path
) -> None:
    finished_and_abandoned(Stats(tmp_path / STATS_NAME))
    app = GinApp(Settings(speed="instant", card_style=style), data_dir=tmp_path)
    mark = MARKS[style].strip()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen(app.stats))
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        games = app.screen.query_one("#games", DataTable)
        for row in (0, 1, 2, 1):
            games.move_cursor(row=row)
            await pilot.pause()
            lines = screen_text(app, games.content_region).splitlines()
            fronts = [line[:3] for line in lines[1 : 1 + games.row_count]]  # under the header
            assert fronts == [f" {mark} " if n == row else "   " for n in range(3)], lines
        # the mark's column leaves the table as wide as the screen, not wider
        assert games.virtual_size.width <= games.scrollable_content_region.width
