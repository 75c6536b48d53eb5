"""A new-game form that is not a game says why where the player sees it, at
80×24 from wherever the form is scrolled: the line above the keys, the form
scrolled to what is wrong (its section opened), that focused and marked; and
the game does not start. The line follows the form until it is right."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from apphelp import make_app, unfold
from test_newgame_formats import open_form, recording
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Collapsible, Input, Select, Static

from ginrummies.tui.screens.newgame import FormProblem

pytestmark = pytest.mark.slow  # app tests: seconds each

SMALL = (80, 24)


@asynccontextmanager
async def form_at_80_by_24() -> AsyncIterator[tuple[Any, Any, list[Any]]]:
    """The new-game form open at 80×24: it, the pilot, and the games its Start asked for."""
    app = make_app(session=False)
    started = recording(app)
    async with app.run_test(size=SMALL) as pilot:
        yield await open_form(app, pilot), pilot, started


def in_view(form: Any, widget: Widget) -> bool:
    """Whether the whole of ``widget`` is on the screen, in the part of the form shown."""
    shown = form.query_one("#form", VerticalScroll).scrollable_content_region
    return bool(widget.region) and shown.contains_region(widget.region)


async def from_the_top(form: Any, pilot: Any) -> None:
    """Every section folded, the form at its top, the variant focused: where
    the form opens, and the farthest place from the house rules."""
    for section in form.query(Collapsible):
        section.collapsed = True
    form.query_one("#variant", Select).focus()
    await pilot.pause()
    form.query_one("#form", VerticalScroll).scroll_home(animate=False)
    await pilot.pause()


async def from_the_bottom(form: Any, pilot: Any) -> None:
    """A section open and Start focused: the seats far above."""
    form.query_one("#group-game", Collapsible).collapsed = False
    await pilot.pause()
    form.query_one("#start").focus()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


async def start(pilot: Any) -> None:
    await pilot.press("ctrl+s")
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


def said(form: Any, words: str) -> None:
    """The line says ``words``, all of it on the screen, above the keys."""
    error = form.query_one("#form-error", Static)
    assert error.display
    assert words in str(error.render())
    assert error.region and form.region.contains_region(error.region)
    assert error.region.bottom <= form.query_one("Footer").region.y


def refused(form: Any, started: list[Any], words: str, at: Widget) -> None:
    """No game: the form stays, says ``words`` in view, and ``at`` is
    focused with all of it in view."""
    assert started == [] and form.app.screen is form
    said(form, words)
    assert form.app.focused is at and in_view(form, at)


@pytest.mark.parametrize(
    ("option", "keys", "words"),
    [
        ("target", ["-", "3"], "target cannot be negative"),
        ("shutout_bonus", [], "shutout bonus must be a whole number"),
        ("knock_limit", ["-", "1", "0"], "knock limit cannot be negative"),
    ],
)
async def test_a_bad_number_is_told_and_shown_at_80_by_24(
    option: str, keys: list[str], words: str
) -> None:
    async with form_at_80_by_24() as (form, pilot, started):
        await unfold(form, option)
        number = form.query_one(f"#opt-{option}", Input)
        row = form.query_one(f"#rule-{option}")
        (section,) = [a for a in number.ancestors if isinstance(a, Collapsible)]
        section.collapsed = False
        await pilot.pause()
        number.focus()
        await pilot.press("end", *["backspace"] * 4, *keys)  # nothing typed: empty
        await pilot.pause()
        assert number.has_class("-invalid")  # the input says so as it is typed
        await from_the_top(form, pilot)
        assert not in_view(form, number)
        await start(pilot)
        refused(form, started, words, number)
        assert not section.collapsed
        assert row.has_class("-invalid")
        # "abc" pasted, or put there some other way: told in the same place
        number.value = "abc"
        await from_the_top(form, pilot)
        await start(pilot)
        refused(form, started, f"{option.replace('_', ' ')} must be a whole number", number)


async def test_rules_that_do_not_work_together_are_told_and_shown_at_80_by_24() -> None:
    async with form_at_80_by_24() as (form, pilot, started):
        form.query_one("#variant", Select).value = "oklahoma"
        await pilot.pause()
        await unfold(form, "first_turn")
        first_turn = form.query_one("#opt-first_turn", Select)
        first_turn.value = "eleven_cards"
        await from_the_top(form, pilot)
        await start(pilot)
        # to the option changed, among those the reason names
        refused(form, started, "do not work together", first_turn)
        named = ["first_turn", "knock_limit_from_upcard", "spade_doubles"]
        await unfold(form, *named)  # marked also where folded, as they are opened
        assert [w.id for w in form.query(".-invalid")] == [f"rule-{n}" for n in named]


async def test_seats_that_cannot_play_are_told_and_shown_at_80_by_24() -> None:
    async with form_at_80_by_24() as (form, pilot, started):
        await from_the_bottom(form, pilot)
        name = form.query_one("#name1", Input)
        name.value = "you"  # far above, out of view
        assert not in_view(form, name)
        await start(pilot)
        refused(form, started, "give the two players different names", name)
        assert [w.id for w in form.query(".-invalid")] == ["seat-row0", "seat-row1"]


async def test_the_line_follows_the_form_until_it_is_right() -> None:
    async with form_at_80_by_24() as (form, pilot, started):
        await unfold(form, "target")
        target = form.query_one("#opt-target", Input)
        target.value = "-3"
        await start(pilot)
        # no Start pressed: the line says how it is wrong now, then goes with the mark
        for value, words in [("x", "target must be a whole number"), ("150", "")]:
            target.value = value
            await pilot.pause()
            error = form.query_one("#form-error", Static)
            assert error.display is bool(words) and words in str(error.render())
            assert form.query_one("#rule-target").has_class("-invalid") is bool(words)
        assert not form.query(".-invalid")
        await start(pilot)
        assert len(started) == 1 and started[0][0].target == 150


async def test_a_problem_in_a_section_never_opened_opens_it_and_goes_there() -> None:
    """A reason may name a house rule whose section was never opened (its
    row not mounted yet): the form opens it and goes to the rule."""
    async with form_at_80_by_24() as (form, pilot, started):
        option = form.rule_options["knock_limit"]
        assert not option.made
        problem = FormProblem("knock limit: look here", option, [option])
        form.show_problem(problem)
        await form.go_to(option)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        limit = form.query_one("#opt-knock_limit", Input)
        refused(form, started, "look here", limit)
        assert not form.sections["knock"].collapsed
        assert option.has_class("-invalid") and limit.value == "10"
