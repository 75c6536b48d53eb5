"""The formats' words as a person sees them, at 80×24 and wider (issue 33,
items 5 and 6): the team scores read in full beside the table, the other
table's line is never cut and says how its hand ended, the curtains say
whom a person plays and who sits out, the header names the variant with
the format, and the Captain is "You are", never "You is"."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest
from apphelp import settle, step
from rich.cells import cell_len
from rich.console import Console
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Static

from ginrummies.ai import make_bot
from ginrummies.core import Format, preset
from ginrummies.play.session import Session, format_seats
from ginrummies.store import Settings
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.table import TableScreen
from ginrummies.tui.seatview import score_rows
from ginrummies.tui.widgets.scoreboard import Scoreboard, ScoreRow, Scores, board, columns


def played(fmt: Format, rules: str = "gin", rounds: int = 2, people: int = 1) -> Session:
    """A game of ``fmt`` with ``rounds`` rounds scored and the next one
    dealt, the people's moves chosen by an easy bot."""
    session = Session(preset(rules), format_seats(fmt, people, "easy"), 5, format=fmt)
    person = make_bot("easy", session.rules, 1)
    while sum(r.score is not None for r in session.game.rounds) < rounds:
        step(session, person)
    if session.round_over:
        session.next_hand()
    return session


async def on_top(pilot: Any, kind: type) -> Any:
    """Wait (answering the cut's question) until a ``kind`` screen is on top."""
    deadline = time.monotonic() + 60
    while not isinstance(pilot.app.screen, kind):
        assert time.monotonic() < deadline, f"no {kind.__name__} came: {pilot.app.screen}"
        await settle(pilot)
    return pilot.app.screen


def screen_lines(app: Any) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def text_in(app: Any, region: Region) -> str:
    """What the screen shows inside ``region``, line by line."""
    rows = screen_lines(app)[region.y : region.bottom]
    return "\n".join(row[region.x : region.right] for row in rows)


def uncut(widget: Static) -> str:
    """The widget's text, checked to show every row it wraps to."""
    text = str(widget.render())
    box = widget.content_region
    rows = len(Content(text).wrap(box.width))
    assert rows <= box.height, f"{rows} rows in {box.height}: {text!r} is cut"
    return text


# --- the team scores ---------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=["80x24", "100x30"])
async def test_the_team_scores_read_in_full_beside_the_table(size: tuple[int, int]) -> None:
    session = played(Format.PARTNERSHIP)
    app = GinApp(Settings(speed="instant"), session=session)
    async with app.run_test(size=size) as pilot:
        table = await on_top(pilot, TableScreen)
        if table.has_class("-narrow"):  # below 100 columns the panel comes with v
            await pilot.press("v")
            await settle(pilot)
        shown = text_in(app, table.query_one(Scoreboard).region)
        assert "…" not in shown
        lines = [line for line in shown.splitlines() if line.strip()]
        assert lines[0].split() == ["#", "t1", "t2", "A+B", "C+D"]
        assert lines[-2].split()[0] == "boxes" and lines[-1].split()[0] == "total"
        rows = score_rows(session)
        assert len(rows) == 2
        for line, row in zip(lines[1:], rows, strict=False):
            assert line.split()[0] == str(row.number)
            for cell in row.tables:  # each table's result, "A 14", whole
                assert cell in line


def test_the_scoreboard_never_cuts_a_heading_at_any_width() -> None:
    """Spaced, closed up, or without the tables' columns: never "C…"."""
    shown = Scores(
        names=("A+B", "C+D"),
        rows=(ScoreRow(1, (112, 0), ("A 112", "D 98")), ScoreRow(2, (0, 35), ("·", "C 35"))),
        boxes=(1, 1),
        rules=preset("oklahoma"),
    )
    seen = set()
    for width in range(14, 40):
        out = io.StringIO()
        Console(file=out, width=width, color_system=None).print(board(columns(shown, 8), width))
        text = out.getvalue()
        assert "…" not in text, (width, text)
        assert all(cell_len(line) <= width for line in text.splitlines())
        words = text.split()
        assert {"A+B", "C+D", "boxes", "total"} <= set(words), (width, text)
        seen.add("t1" in words)
    assert seen == {True, False}  # the tables' columns go only where nothing else fits
