"""The menu, the new-game form, the settings, the rules and the statistics
as a player meets them: house rules folded by kind, switches that say on or
off in words, one title on the menu, and every screen usable at 80×24."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from apphelp import SIZE, make_app, settle, unfold
from scenes import scene
from textual.app import App
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Collapsible, Input, Switch

from ginrummies.core import RuleSet, preset
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.settings import SettingsScreen
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.widgets.ruleoption import RuleOption

SMALL = (80, 24)
KINDS = ("deal", "melds", "knock", "scoring", "game", "variant")
OPTIONS = [f.name for f in dataclasses.fields(RuleSet) if f.name not in ("name", "family")]


def screen_text(app: App[Any], region: Region | None = None) -> str:
    """What the screen shows, as text (only ``region`` of it if given)."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    if region is None:
        return "\n".join(lines)
    rows = lines[region.y : region.bottom]
    return "\n".join(row[region.x : region.right] for row in rows)


def shown_beside(app: App[Any], switch: Widget) -> str:
    """The words on the switch's line, from its slider to the screen's edge."""
    r = switch.content_region
    return screen_text(app, Region(r.x, r.y + r.height // 2, app.size.width - r.x, 1)).strip()


def test_every_house_rule_has_a_kind() -> None:
    for name in OPTIONS:
        assert RuleSet.option_group(name) in KINDS, name


@pytest.mark.slow
async def test_the_form_folds_house_rules_by_kind() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameScreen(app.settings))
        await pilot.pause()
        sections = list(app.screen.query(Collapsible))
        assert [s.id for s in sections] == [f"group-{k}" for k in KINDS]
        assert all(s.collapsed for s in sections)  # folded at first
        assert not app.screen.query(RuleOption)  # mounted when first opened
        await unfold(app.screen, *OPTIONS)
        for name in OPTIONS:
            widget = app.screen.query_one(f"#opt-{name}")
            (section,) = [a for a in widget.ancestors if isinstance(a, Collapsible)]
            assert section.id == f"group-{RuleSet.option_group(name)}"


@pytest.mark.slow
async def test_start_is_a_few_tabs_from_the_top_of_the_form() -> None:
    """With the house rules folded, Tab goes from the variant to the Start
    button through the format, the two seats, the seed and one title per
    kind of rule."""

    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameScreen(app.settings))
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "variant"
        presses = 0
        while app.focused is None or app.focused.id != "start":
            await pilot.press("tab")
            presses += 1
            assert presses < 40, "Tab never reached Start"
        assert presses <= 7 + len(KINDS) + 1


@pytest.mark.slow
async def test_a_rule_changed_in_a_section_opened_and_folded_again_is_played() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameScreen(app.settings))
        await pilot.pause()
        form = app.screen
        section = form.query_one("#group-knock", Collapsible)
        for _ in range(30):  # Tab to the section's title, as a player would
            if app.focused is not None and section in app.focused.ancestors:
                break
            await pilot.press("tab")
        await pilot.press("enter")  # open it
        await pilot.pause()
        assert not section.collapsed
        await pilot.press("tab")  # its first option: the knock limit
        limit = form.query_one("#opt-knock_limit", Input)
        assert app.focused is limit
        await pilot.press("end", "backspace", "backspace", "7")
        assert limit.value == "7"
        await pilot.press("shift+tab", "enter")  # back to the title, fold it
        await pilot.pause()
        assert section.collapsed
        assert "1 changed" in str(section.title)  # folded, it still shows
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.session is not None
        assert app.session.rules == preset("gin").but(knock_limit=7)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("form", "section", "option", "key"),
    [
        ("new game", "#group-melds", "#opt-poker_melds", "space"),
        ("settings", "#settings-looks", "#set-four_colour", "enter"),
    ],
)
async def test_a_switch_says_on_or_off_in_words(
    form: str, section: str, option: str, key: str
) -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = NewGameScreen(app.settings) if form == "new game" else SettingsScreen(app.settings)
        app.push_screen(screen)
        await pilot.pause()
        app.screen.query_one(section, Collapsible).collapsed = False
        await pilot.pause()
        switch = app.screen.query_one(option, Switch)
        switch.focus()
        await pilot.pause()
        assert shown_beside(app, switch).startswith("off")
        await pilot.press(key)
        await pilot.pause()
        assert switch.value is True
        assert shown_beside(app, switch).startswith("on")
        if form == "settings":
            assert app.settings.four_colour is True


@pytest.mark.slow
async def test_settings_open_with_the_first_section_ready_for_enter() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen(app.settings))
        await pilot.pause()
        first = app.screen.query(Collapsible).first()
        assert first.collapsed
        await pilot.press("enter")
        await pilot.pause()
        assert not first.collapsed


async def test_the_menu_shows_its_title_once() -> None:
    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_text(app).count("ginrummies") == 1


SCREENS = ["menu", "new-game", "settings", "rules", "statistics", "statistics-games"]


def cut_off(app: App[Any]) -> list[str]:
    """Widgets that reach past the screen's right edge, or past the content
    of the container they are in (drawn cut off), and containers with more
    than their width to show (scrolled sideways)."""
    width = app.size.width
    problems = []
    for widget in app.screen.walk_children(Widget):
        if not widget.display or not widget.region:
            continue
        if widget.region.right > width:
            problems.append(f"{widget!r} ends at column {widget.region.right}")
        parent = widget.parent
        wider = isinstance(parent, Widget) and widget.region.right > parent.content_region.right
        if wider:
            problems.append(f"{widget!r} is wider than {parent!r}")
        if isinstance(widget, ScrollableContainer | ScrollView):
            extra = widget.virtual_size.width - widget.scrollable_content_region.width
            if extra > 0:
                problems.append(f"{widget!r} has {extra} columns more than it shows")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("name", SCREENS)
async def test_nothing_is_cut_off_sideways_at_80_by_24(name: str, tmp_path: Path) -> None:
    app, before = scene(name, tmp_path)

    async with app.run_test(size=SMALL) as pilot:
        await before(pilot)
        for section in app.screen.query(Collapsible):  # folded or not
            section.collapsed = False
        await pilot.pause()
        problems = cut_off(app)
        assert problems == [], "\n".join(problems)


@pytest.mark.slow
@pytest.mark.parametrize("name", SCREENS)
def test_screen_at_80_by_24(name: str, snap_compare: Any, tmp_path: Path) -> None:
    app, before = scene(name, tmp_path)
    assert snap_compare(app, terminal_size=SMALL, run_before=before)


@pytest.mark.slow
def test_new_game_with_a_section_open_at_80_by_24(snap_compare: Any, tmp_path: Path) -> None:
    app, before = scene("new-game", tmp_path)

    async def open_knocking(pilot: Any) -> None:
        await before(pilot)
        pilot.app.screen.query_one("#group-knock", Collapsible).collapsed = False
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=open_knocking)


@pytest.mark.slow
async def test_the_form_says_what_each_computer_level_does() -> None:
    from textual.widgets import Select, Static

    from ginrummies.ai import LEVEL_ABOUT, level_about
    from ginrummies.core import Family, Level

    app = make_app(session=False)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameScreen(app.settings))
        await pilot.pause()
        about = app.screen.query_one("#levels", Static)
        level = app.settings.default_level
        assert LEVEL_ABOUT[level] in str(about.render())
        app.screen.query_one("#seat1", Select).value = "hard"
        await pilot.pause()
        assert LEVEL_ABOUT[Level.HARD] in str(about.render()).replace("\n", " ")
        # the lines follow the variant: Skarney's hard is measured apart
        app.screen.query_one("#variant", Select).value = "skarney"
        await pilot.pause()
        shown = str(about.render()).replace("\n", " ")
        assert level_about(Level.HARD, Family.SKARNEY) in shown
        assert "knock" not in shown
        # and Fosdick rules' are measured apart from Gin Rummy's
        app.screen.query_one("#variant", Select).value = "fosdick"
        await pilot.pause()
        shown = str(about.render()).replace("\n", " ")
        assert "under Fosdick rules" in shown and LEVEL_ABOUT[Level.HARD] not in shown
        app.screen.query_one("#seat1", Select).value = "person"
        await pilot.pause()
        assert "Two people" in str(about.render())


@pytest.mark.slow
async def test_the_seed_given_at_start_is_the_forms() -> None:
    """``ginrummies --seed 42``: New game deals seed 42 (it can still be changed)."""

    app = make_app(session=False)
    app.seed = 42
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the menu's New game
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#seed", Input).value == "42"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.session is not None and app.session.seed == 42
