"""No key, however fast, leaves the app on a screen without its widgets.

Issue 30 saw 1500 random keys leave a blank window that neither played,
saved nor quit. It was Textual's empty first screen: every screen above it
had been closed. Textual's command palette closes with ``dismiss``, which
closes the screen in front, whichever it is; each Enter still on its way to
the palette when it had closed closed one more screen (the table, then the
menu). On that empty screen Esc and q do nothing; Ctrl+P still opens the
palette, whose search box then showed the next keys typed ("l1").

Each test here failed before the fix: the palette closes only itself and
runs its command once, a screen closes only itself and only when it is in
front, and the app's first screen (the menu) is never closed.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from apphelp import StayingApp, quiet, settle, until
from textual import events
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Button, OptionList

from ginrummies.core import preset
from ginrummies.play import Session, default_seats
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.choice import ChoiceScreen
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.newgame import NewGameScreen
from ginrummies.tui.screens.table import TableScreen

FAST = Settings(speed="instant")


def game_app(*, at_table: bool = True) -> GinApp:
    """An app on the menu, or at the table of a fresh game of Gin."""
    session = Session(preset("gin"), default_seats(level="easy"), 5) if at_table else None
    return GinApp(FAST, session=session)


def intact(app: App[Any]) -> list[str]:
    """What is wrong with the app's screens: the menu must be the first
    screen above Textual's empty one, and every screen must have its widgets."""
    stack = app.screen_stack
    wrong = []
    if len(stack) < 2 or not isinstance(stack[1], MenuScreen):
        wrong.append(f"the menu is gone: {stack}")
    wrong += [f"{s!r} has no widgets" for s in stack[1:] if not s.is_attached or not s.children]
    return wrong


def names(app: App[Any]) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack]


async def open_palette(pilot: Pilot[Any], search: str) -> None:
    """Ctrl+P, then ``search`` typed, until the palette shows what it found."""
    await pilot.press("ctrl+p", *search)
    for _ in range(200):
        await pilot.pause(0.01)
        if pilot.app.screen.query_one(CommandList).option_count:
            return
    raise AssertionError(f"the palette found nothing for {search!r}")


def enters(app: App[Any], count: int) -> None:
    """``count`` Enters sent at once: a person pressing the key quickly."""
    for _ in range(count):
        app.post_message(events.Key("enter", "\r"))


@pytest.mark.slow
@pytest.mark.parametrize("count", [2, 3])
async def test_enters_on_their_way_to_the_palette_close_only_the_palette(count: int) -> None:
    """Over the table: the command runs once and the table stays. (It was
    two Enters: back to the menu unasked; three: the blank window.)"""

    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        before = table.state.sort_mode
        await open_palette(pilot, "sort the hand")
        enters(app, count)
        await settle(pilot)
        await quiet(pilot)
        assert intact(app) == []
        assert names(app) == ["Screen", "MenuScreen", "TableScreen"]
        assert table.state.sort_mode is before.next()  # sorted once, not once per Enter
        assert app.screen is table


@pytest.mark.slow
@pytest.mark.parametrize("count", [2, 3])
async def test_enters_on_their_way_to_the_palette_over_the_menu_leave_the_menu(count: int) -> None:
    """Over the menu: two quick Enters left the blank window; three ended
    the app with Textual's ScreenStackError."""

    app = game_app(at_table=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # the palette's theme picker (Ctrl+P, Theme), a palette of its own
        app.search_themes()
        await pilot.press(*"dark")
        await until(
            pilot, lambda: app.screen.query_one(CommandList).option_count, "the themes found"
        )
        enters(app, count)
        await settle(pilot)
        await quiet(pilot)
        assert intact(app) == []
        assert names(app) == ["Screen", "MenuScreen"]
        assert app.settings.theme == "dark"
        await pilot.press("q")  # and the menu's keys work: q quits
        await pilot.pause()
        assert not app.is_running


@pytest.mark.slow
async def test_a_palette_command_of_a_table_that_has_closed_does_nothing() -> None:
    """The palette runs its command after it has closed; if a key on its way
    closed the table meanwhile, the command found no table and ended the app."""

    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        commands = {c.title: c for c in app.get_system_commands(table)}
        await pilot.press("escape")  # the table closes
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        for title in ("Hint", "Show or hide the moves", "Sort the hand", "Draw from the stock"):
            commands[title].callback()  # NoMatches, before
        await settle(pilot)
        assert intact(app) == []
        assert names(app) == ["Screen", "MenuScreen"]


@pytest.mark.slow
async def test_an_answer_that_arrives_under_the_palette_closes_nothing() -> None:
    """A dialog's Enter still on its way when Ctrl+P opened the palette: the
    dialog closed the palette instead of itself (Textual's ``is_current`` is
    true under a dialog) and stayed open, answered. Now it waits under the
    palette; so does the new-game form's Back."""

    app = game_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        answers: list[int | None] = []
        app.push_screen(ChoiceScreen("Which one?", ["this", "that"]), answers.append)
        await settle(pilot)
        choice = app.screen
        options = choice.query_one(OptionList)
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        that = options.get_option_at_index(1)
        choice.post_message(OptionList.OptionSelected(options, that, 1))  # Enter, late
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)  # still in front
        assert answers == [] and choice in app.screen_stack
        await pilot.press("escape")  # the palette closes; the choice is answered as usual
        await pilot.press("down", "enter")
        await settle(pilot)
        assert answers == [1] and choice not in app.screen_stack
        assert names(app) == ["Screen", "MenuScreen", "TableScreen"]

        await pilot.press("escape")  # the menu, then the new-game form
        app.push_screen(NewGameScreen(app.settings, None))
        await settle(pilot)
        form = app.screen
        await pilot.press("ctrl+p")
        form.post_message(Button.Pressed(form.query_one("#back", Button)))
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        assert names(app) == ["Screen", "MenuScreen", "NewGameScreen", "Palette"]


async def test_the_menu_is_never_closed() -> None:
    """Whatever asks for it, the first screen stays: under it is only
    Textual's empty screen, where no key works."""

    app = game_app(at_table=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.pop_screen()  # a late key, a late message: the screen in front was the menu
        app.pop_screen()  # Textual's ScreenStackError, before
        await settle(pilot)
        assert intact(app) == []
        assert names(app) == ["Screen", "MenuScreen"]


KEYS = [
    *"dtpxkgmloanecsyuvhq0123456789",
    "question_mark", "left", "right", "up", "down", "home", "end", "space", "tab", "f1",
    "ctrl+s", *["ctrl+p", "enter", "escape"] * 6,
]  # fmt: skip


@pytest.mark.every_frame
@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_quick_random_keys_never_leave_a_screen_without_its_widgets(
    size: tuple[int, int],
) -> None:
    """Bursts of random keys, the palette's most of all, sent faster than the
    app answers them: after each burst the menu is still the first screen,
    every screen has its widgets, and a key still leads back to the game."""

    app = StayingApp(FAST, session=Session(preset("gin"), default_seats(level="easy"), 5))
    rng = random.Random(f"intact {size}")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for burst in range(12):
            for _ in range(8):  # all at once, as from one read of the terminal
                key = rng.choice(KEYS)
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await settle(pilot)
            assert intact(app) == [], f"after burst {burst}: {names(app)}"
            await back_to_the_menu(pilot)
            assert intact(app) == [], f"after burst {burst}, Esc: {names(app)}"
        app.staying = False


async def back_to_the_menu(pilot: Pilot[Any]) -> None:
    """Esc until the menu is in front (or a game that has just ended goes on)."""
    app = pilot.app
    for _ in range(10):
        if isinstance(app.screen, MenuScreen):
            return
        await pilot.press("escape")  # a result's Esc goes on, like its Enter
        await settle(pilot)
    raise AssertionError(f"Esc does not lead back to the menu from {names(app)}")


@pytest.mark.slow
@pytest.mark.parametrize("entry", range(4))  # new game, statistics, rules, settings
async def test_an_esc_that_comes_with_the_enter_that_opened_a_screen_ends_nothing(
    entry: int,
) -> None:
    """Enter on a menu entry and Esc in one read of the keyboard: the Esc
    reached the new screen before it had mounted, and closing it then ended
    the app (NoMatches, in Textual's header and in the settings' on_mount).
    The screen opens and stays; an Esc once it is there closes it."""

    app = GinApp(FAST)
    # 80×24: the window's size is not the point (the order of the keys is),
    # and each screen opened and closed draws in less time
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(entry):
            await pilot.press("down")
        for ticks in range(16):  # the Esc a few turns of the event loop behind
            app.post_message(events.Key("enter", "\r"))
            for _ in range(ticks):
                await asyncio.sleep(0)
            app.post_message(events.Key("escape", None))
            await settle(pilot)
            await quiet(pilot)
            assert not intact(app), intact(app)
            # the Esc came once the screen was there, and closed it: with
            # more turns between the keys it comes later still, the same case
            closed = isinstance(app.screen, MenuScreen)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, MenuScreen), names(app)
            if closed:
                break


@pytest.mark.slow
@pytest.mark.parametrize("key", ["pagedown", "pageup", "end", "home"])
async def test_a_page_key_that_comes_with_ctrl_p_ends_nothing(key: str) -> None:
    """Ctrl+P and Page Down in one read: Textual's palette moved its list
    before it was drawn (KeyError: the app ended, a traceback on screen)."""

    app = game_app()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        for _ in range(3):
            app.post_message(events.Key("ctrl+p", None))
            app.post_message(events.Key(key, None))
            await settle(pilot)
            await quiet(pilot)
            assert isinstance(app.screen, CommandPalette), names(app)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen), names(app)


async def test_ctrl_c_says_how_to_quit_in_words() -> None:
    app = GinApp(FAST)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert said and all("[" not in m for m in said), said
        assert any("to quit the app" in m for m in said), said
