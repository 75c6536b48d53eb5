"""The coach in the app (issue 34, item 4): the statistics' Coach tab reads
the reviews kept (accuracy over time per variant, habits with their
costliest example), opens an example in the review at its move, reviews
the games not reviewed yet in a worker that Escape stops, and its
pictures at 80×24 and 120×36 (tests/data/coach: ten games reviewed).

After an intended change of looks: pytest tests/test_coach_screen.py
--snapshot-update, then look at the SVGs under tests/__snapshots__/.
"""

from __future__ import annotations

import io
import shutil
import threading
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest
from apphelp import until
from rich.console import Console
from test_review_screen import reviewed
from textual.pilot import Pilot
from textual.widgets import TabbedContent
from textual_plotext import PlotextPlot

from ginrummies.ai.habits import Habit
from ginrummies.ai.review import VERSION
from ginrummies.play import coach as coach_module
from ginrummies.play.coachwords import trend_words
from ginrummies.store import Settings
from ginrummies.store.reviews import accuracy_by_variant, habits, reviewed_count
from ginrummies.store.stats import STATS_NAME, Stats
from ginrummies.tui.app import GinApp
from ginrummies.tui.screens.review import ReviewScreen
from ginrummies.tui.screens.statistics import StatsScreen
from ginrummies.tui.widgets.coach import CoachPane, HabitCard
from ginrummies.tui.widgets.marked import BLANK, MARK

DATA = Path(__file__).parent / "data"
SIZES = [(80, 24), (120, 36)]


def stats_from(tmp_path: Path, folder: str) -> Path:
    """A copy of a kept statistics file in ``tmp_path`` (the data folder)."""
    shutil.copy(DATA / folder / STATS_NAME, tmp_path / STATS_NAME)
    return tmp_path


async def coach_tab(pilot: Pilot[Any]) -> CoachPane:
    app = pilot.app
    assert isinstance(app, GinApp)
    await pilot.pause()
    app.push_screen(StatsScreen(app.stats, zone=UTC))
    await pilot.pause()
    await pilot.press("c")
    await pilot.pause()
    assert app.screen.query_one(TabbedContent).active == "coach"
    return app.screen.query_one(CoachPane)


def card_text(card: HabitCard) -> str:
    """A habit's card as it reads, its lines joined."""
    out = io.StringIO()
    Console(width=200, file=out, color_system=None).print(card.render())
    return " ".join(line.rstrip() for line in out.getvalue().splitlines())


def state(pane: CoachPane) -> str:
    return str(pane.query_one("#coach-state").render())


@pytest.mark.slow
async def test_the_coach_shows_the_reviews_kept(tmp_path: Path) -> None:
    folder = stats_from(tmp_path, "coach")
    stats = Stats(folder / STATS_NAME)
    lines = habits(stats, VERSION)
    series = accuracy_by_variant(stats, VERSION)
    app = GinApp(Settings(speed="instant"), data_dir=folder)
    async with app.run_test(size=SIZES[1]) as pilot:
        pane = await coach_tab(pilot)
        assert state(pane) == "10 finished games, all reviewed."
        # a line a variant on the chart, and its words beside
        assert pane.query_one(PlotextPlot).display
        trend = str(pane.query_one("#coach-trend").render())
        for variant, points in series.items():
            assert trend_words(variant, points) in trend
        assert set(series) == {"Gin Rummy", "Oklahoma Gin", "Skarney Gin"}
        # the habits, the costliest kind first (other kinds last), each with its example
        cards = list(pane.query(HabitCard).results(HabitCard))
        assert [card.line for card in cards] == lines and len(lines) >= 5
        titles = {h.value: h.title for h in Habit}
        for card in cards:
            said = card_text(card)
            line = card.line
            assert said.startswith(f"{MARK if card is cards[0] else BLANK}{titles[line.habit]}")
            assert f"{line.times} time" in said and f"{line.lost:.1f} points" in said
            assert f"hand {line.example.hand + 1}, move {line.example.move + 1}" in said
        assert app.focused is cards[0]
        # ↓ goes to the next card, marked; ↑ past the first brings the chart back
        await pilot.press("down")
        assert app.focused is cards[1] and card_text(cards[1]).startswith(MARK)
        # Enter opens that card's example in the review, at its move
        await pilot.press("enter")
        screen = await reviewed(pilot)
        assert isinstance(screen, ReviewScreen)
        example = lines[1].example
        chosen = screen.chosen()
        assert chosen is not None and (chosen.hand, chosen.move) == (example.hand, example.move)
        assert screen.saved.game_id == example.game_id
        assert chosen.verdict.value == example.verdict
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


@pytest.mark.slow
async def test_the_coach_reviews_the_rest_and_escape_stops_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = stats_from(tmp_path, "release2")  # two games, not reviewed
    # the first game's review waits on the test: Escape comes while it is rated,
    # however fast the machine
    started, gate = threading.Event(), threading.Event()
    real = coach_module.review_recorded

    def held(*args: Any, **kwargs: Any) -> Any:
        if not started.is_set():
            started.set()
            assert gate.wait(60), "the test never let the review go on"
        return real(*args, **kwargs)

    monkeypatch.setattr(coach_module, "review_recorded", held)
    app = GinApp(Settings(speed="instant"), data_dir=folder)
    async with app.run_test(size=SIZES[0]) as pilot:
        pane = await coach_tab(pilot)
        assert state(pane).startswith("0 of 2 finished games reviewed. a reviews the other 2")
        assert str(pane.query_one("#coach-trend").render()) == "No game reviewed yet."
        # Escape while the first game is rated: stopped, the statistics stay
        await pilot.press("a")
        assert pane.running
        for _ in range(6000):  # a guard: the worker starts the first review
            if started.is_set():
                break
            await pilot.pause(0.01)
        assert started.is_set(), "the first review never began"
        await pilot.press("escape")
        gate.set()
        await until(pilot, lambda: not pane.running, "the stopped review to end")
        assert isinstance(app.screen, StatsScreen)
        assert app.stats is not None
        done, total = reviewed_count(app.stats, VERSION)
        assert total == 2 and done < 2
        # a again reviews what is left, to the end
        await pilot.press("a")
        await until(pilot, lambda: not pane.running, "the review of the rest", guard=120)
        assert reviewed_count(app.stats, VERSION) == (2, 2)
        assert state(pane) == "2 finished games, all reviewed."
        kept = habits(app.stats, VERSION)
        # the cards are mounted after the pane is told: on a busy machine, a moment later
        await until(
            pilot,
            lambda: [card.line for card in pane.query(HabitCard).results(HabitCard)] == kept,
            f"the habit cards {kept}",
        )
        assert kept
        # nothing left: a does nothing and is not offered
        assert app.screen.check_action("review_rest", ()) is False
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StatsScreen)


async def test_the_coach_without_reviews_or_statistics(tmp_path: Path) -> None:
    app = GinApp(Settings(speed="instant"))
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        pane = CoachPane(None)
        await app.screen.mount(pane)
        await pilot.pause()
        assert "only with a data folder" in state(pane)
        (empty,) = pane.query(".habit")
        assert str(empty.render()) == "No costly move reviewed yet."
        pane.review_rest()  # nothing to review with: nothing happens
        assert not pane.running


# --- pictures ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES[:1], ids=lambda s: f"{s[0]}x{s[1]}")
def test_coach_picture(size: tuple[int, int], snap_compare: Any, tmp_path: Path) -> None:
    """The Coach tab: ten games reviewed in three variants (at 120×36: the
    "coach" scene of tests/test_snapshots.py)."""
    app = GinApp(Settings(speed="instant"), data_dir=stats_from(tmp_path, "coach"))

    async def before(pilot: Pilot[Any]) -> None:
        await coach_tab(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=before)
