"""What an experienced player stumbled over (issue 54): Quit from the menu
asks first while a game is in progress (Up from the first item wraps to
Quit, so one Enter too many must not end the program and the game with
it); Ctrl+P is said to list the table's commands, which it does; the cut
the computer won stays in view, and Enter does not land on the table."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from apphelp import VARIANTS, settle
from textual.widgets import OptionList, Static

from ginrummies.core import preset
from ginrummies.play.keys import ACROSS_LEAVE, help_rows
from ginrummies.play.session import Session, default_seats
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.choice import ChoiceScreen
from ginrummies.tui.screens.menu import MenuScreen
from ginrummies.tui.screens.table import TableScreen


@pytest.mark.slow
async def test_enter_on_quit_with_a_game_in_progress_asks_and_stay_keeps_it() -> None:
    session = Session(preset("gin"), default_seats(level="easy"), 5)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # from the table to the menu
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one(OptionList)
        assert options.highlighted == 0  # Continue the game
        await pilot.press("up", "enter")  # wrapped onto Quit
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, ChoiceScreen)
        asked = str(app.screen.query_one(".title", Static).render())
        assert "A game is in progress" in asked and "saved" in asked
        await pilot.press("down", "enter")  # Stay
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, MenuScreen)
        await pilot.press("q", "enter")  # q asks the same; Quit
        await settle(pilot)
        assert not app.is_running


async def test_quit_without_a_game_does_not_ask() -> None:
    app = GinApp(Settings(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("q")
        await settle(pilot)
        assert not app.is_running


@pytest.mark.slow
async def test_ctrl_p_says_it_lists_commands_and_lists_them() -> None:
    said = dict(help_rows())["Ctrl+P"]
    assert "commands" in said and "every legal move" not in said
    session = Session(preset("gin"), default_seats(level="easy"), 5)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        names = [c.title for c in app.commands(app.screen)]
        # a move's kind ("Discard"), not each legal move ("Discard 7♣")
        assert "Discard" in names and "Draw from the stock" in names
        assert not any(any(suit in name for suit in "♣♦♥♠") for name in names)


@pytest.mark.slow
async def test_the_new_game_form_tells_focus_by_more_than_colour() -> None:
    """The focused house-rule section is in reverse video, the others not;
    a number field's text is chosen as it is focused, so digits typed
    replace it rather than go before it."""
    from textual.widgets import Input
    from textual.widgets._collapsible import CollapsibleTitle

    from ginrummies.tui.screens.newgame import NewGameScreen

    app = GinApp(Settings(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(NewGameScreen(app.settings, None))
        await settle(pilot)
        form = app.screen
        titles = list(form.query(CollapsibleTitle))
        titles[1].focus()
        await pilot.pause()
        styles = [t.styles.text_style for t in titles]
        assert styles[1].reverse and not styles[0].reverse and not styles[2].reverse
        for section in form.sections.values():  # type: ignore[attr-defined]
            await section.make()
        await pilot.pause()
        target = form.query_one("#opt-target", Input)
        target.focus()
        await pilot.pause()
        await pilot.press("6", "0")
        assert target.value == "60"


@pytest.mark.slow
async def test_the_review_with_hindsight_at_80_by_24_keeps_the_list_and_the_box_clear() -> None:
    """With hindsight open at 80×24 the summary and the chart give their
    rows to the list, so the chosen decision shows whole, and a notice is
    said on the progress line, not in a toast over the hindsight box."""
    from test_review_screen import finished, open_from_result

    from ginrummies.tui.screens.review import ReviewScreen

    app = GinApp(Settings(speed="instant"), session=finished())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_from_result(pilot)
        assert isinstance(screen, ReviewScreen)
        listed = screen.query_one("#ratings", OptionList)
        await pilot.press("h")  # on the first costly decision, chosen as it opens
        await pilot.pause()
        # the list had four rows here, less than the chosen decision's words
        assert screen.has_class("-studying") and listed.region.height >= 7
        await pilot.press("n")  # past the last costly decision: the game has one
        await pilot.pause()
        said = str(screen.query_one("#review-state", Static).render())
        assert said == "That is the last costly decision."
        toasts = [n.message for n in app._notifications]
        assert not any("costly" in t for t in toasts), toasts  # none over the hindsight box
        await pilot.press("h")
        await pilot.pause()
        assert not screen.has_class("-studying")


def on_screen(app: Any) -> str:
    """The words the screen shows now, as a person reads them (line by line)."""
    svg = app.export_screenshot()
    text = html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")
    return " ".join(text.split())


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
async def test_the_cut_the_computer_won_stays_in_view_and_enter_does_not_land_on_the_table(
    variant: str,
) -> None:
    """80x24, every variant: the computer wins the cut (no dialog); the cut
    shows on the table, and the Enter a newcomer presses to confirm it says
    what to do, instead of refusing a discard."""
    seed = next(
        n
        for n in range(1, 40)
        if (w := Session(preset(variant), default_seats(False, "easy"), n).cut_choosers())
        and w[0] == 1
    )
    app = GinApp(
        Settings(speed="instant"),
        session=Session(preset(variant), default_seats(False, "easy"), seed),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "Computer wins and plays first." in on_screen(app)
        status = str(table.query_one("#status").render())
        assert status.startswith("Cut: You "), status
        version = table.session.version
        await pilot.press("enter")
        said = str(table.query_one("#status").render())
        assert said.startswith("Your move: ") and "cannot" not in said, said
        assert table.session.version == version


def test_the_line_of_a_hand_over_while_the_other_table_plays_is_the_results_summary() -> None:
    """Partnership Sequence Gin: both players of a hand may score; the line
    shown while the other table plays on says both (it read one back from
    the breakdown's words before)."""
    from ginrummies.core import Format
    from ginrummies.play.runner import Runner
    from ginrummies.play.session import format_seats
    from ginrummies.tui.seatview import Look, waiting_words

    fmt = Format.PARTNERSHIP
    for seed in range(1, 80):
        session = Session(preset("sequence"), format_seats(fmt, 0, "easy"), seed, format=fmt)
        runner = Runner(session)
        while not any(h.is_over for h in session.game.round.hands):
            runner.play_now()
        over = next(t for t, h in enumerate(session.game.round.hands) if h.is_over)
        result = session.game.round.hands[over].result
        if session.round_over or result is None or min(result.points) == 0:
            continue
        seats = session.game.round.tables[over].seats
        view = session.game.view(seats[0])
        seen = Look(seats[0], over, view, session.names_at(over), seats, False)
        said = waiting_words(session, seen)
        a, b = seen.names
        assert f"{a} scores {result.points[0]}." in said, said
        assert f"{b} scores {result.points[1]}." in said, said
        return
    raise AssertionError("no hand where both scored")


def test_the_help_at_a_table_across_machines_says_what_its_keys_do_there() -> None:
    """Escape there goes to the table's lobby (the game goes on without the
    person), nothing is taken back, and hints are listed only if allowed."""
    rules = preset("gin")
    here = dict(help_rows(rules))
    assert here["Esc q"] == "back to the menu: the game waits" and "u" in here and "?" in here
    across = dict(help_rows(rules, across=True, hints=False))
    assert across["Esc q"] == ACROSS_LEAVE
    assert "u" not in across and "?" not in across and "y" not in across
    assert "?" in dict(help_rows(rules, across=True, hints=True))
