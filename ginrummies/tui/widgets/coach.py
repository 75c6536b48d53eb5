"""The statistics' Coach tab (issue 34, item 4): the person's accuracy
over time per variant, from the reviews the statistics keep, as a line
chart (textual-plotext) and in words; and their costly moves counted by
habit, each with its costliest example, which Enter opens in the review.

The games not reviewed yet are reviewed here on request, one after the
other in a thread worker (a progress bar; Escape stops between decisions,
keeping the games already done). Nothing here draws a card: the review
screen shows the example's position.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import tzinfo
from typing import ClassVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState
from textual_plotext import PlotextPlot

from ...ai.review import VERSION
from ...core import plural
from ...play.coachwords import (
    example_words,
    habit_advice,
    habit_title,
    reviewed_words,
    trend_words,
)
from ...play.printable import printable
from ...store.reviews import (
    Example,
    HabitLine,
    Point,
    accuracy_by_variant,
    habits,
    pending,
    reviewed_count,
)
from ...store.stats import Stats, StatsError
from .marked import BLANK, MARK

# a colour a variant, as RGB (plotext's names are not the terminal's); the
# words below the chart name each variant in its line's colour, so no
# legend hides the lines
MARKS = ("●", "■", "▲", "◆", "+", "x")  # and a mark, for eyes that do not tell the colours
COLOURS = (
    (0, 200, 220),
    (235, 90, 150),
    (240, 185, 50),
    (120, 210, 90),
    (170, 130, 255),
    (255, 140, 60),
)


def habit_prompt(line: HabitLine, zone: tzinfo | None = None) -> Text:
    out = Text(habit_title(line.habit), style="bold")
    out.append(f" · {plural(line.times, 'time')} · {line.lost:.1f} points expected lost")
    out.append(f"\n  {printable(example_words(line.example, zone), lines=False)}", style="italic")
    advice = habit_advice(line.habit)
    if advice:
        out.append(f"\n  {advice}", style="dim")
    return out


class HabitCard(Widget, can_focus=True):
    """A habit: its title, how often and how costly, its example and advice.
    Focused, it is marked (as the lists are) and kept in view; ↑ and ↓ go
    to the card above and below, Enter opens the example."""

    DEFAULT_CSS = "HabitCard { height: auto; } HabitCard:focus { background: $boost; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", "Open the example"),
        Binding("down", "step(1)", "Next", show=False),
        Binding("up", "step(-1)", "Previous", show=False),
    ]

    class Chosen(Message):
        def __init__(self, line: HabitLine) -> None:
            super().__init__()
            self.line = line

    def __init__(self, line: HabitLine, zone: tzinfo | None = None) -> None:
        super().__init__(classes="habit")
        self.line = line
        self.zone = zone

    def render(self) -> Table:
        grid = Table.grid()
        grid.add_column(width=cell_len(MARK), no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(MARK if self.has_focus else BLANK, habit_prompt(self.line, self.zone))
        return grid

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_click(self) -> None:
        self.focus()

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.line))

    def action_step(self, delta: int) -> None:
        cards = list(self.screen.query(HabitCard).results(HabitCard))
        place = cards.index(self) + delta
        if 0 <= place < len(cards):
            cards[place].focus()
        elif isinstance(self.parent, VerticalScroll) and delta < 0:
            self.parent.scroll_home()  # up from the first card: the chart comes back in view


class CoachPane(VerticalScroll):
    """The Coach tab's content, read from ``stats`` (None: no statistics):
    what is reviewed, the chart and its words, then a card a habit; the
    pane scrolls, and the card focused stays in view."""

    class Open(Message):
        """Open the review of ``game_id`` at a costly move."""

        def __init__(self, game_id: str, hand: int, move: int) -> None:
            super().__init__()
            self.game_id = game_id
            self.hand = hand
            self.move = move

    class Progressed(Message):
        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    class Rated(Message):
        """Games reviewed so far, a decision at a time (``done`` a fraction)."""

        def __init__(self, done: float, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    class Finished(Message):
        def __init__(self, problems: Sequence[str]) -> None:
            super().__init__()
            self.problems = problems

    def __init__(
        self, stats: Stats | None, *, zone: tzinfo | None = None, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.stats = stats
        self.zone = zone
        self.stop = threading.Event()
        self.running = False
        self.examples: dict[int, Example] = {}  # option index: its example
        self.left = 0  # finished games not reviewed yet

    def compose(self) -> ComposeResult:
        yield Static(id="coach-state", markup=False)
        yield ProgressBar(id="coach-bar", show_eta=False)
        yield Static(
            "Accuracy, game by game (percent of decisions best or good; oldest → newest)",
            classes="title",
            markup=False,
        )
        yield PlotextPlot(id="coach-chart")
        yield Static(id="coach-trend", markup=False)
        yield Static(
            "Costly habits (Enter opens the example in the review)", classes="title", markup=False
        )

    def on_mount(self) -> None:
        self.query_one("#coach-bar", ProgressBar).display = False
        self.show()

    # --- what the statistics hold ----------------------------------------------

    def show(self) -> None:
        """Read the reviews again and draw the state, the chart and the habits."""
        if self.stats is None:
            self.say("The coach works from the statistics, kept only with a data folder.")
            self.chart({})
            self.list_habits([])
            return
        try:
            done, total = reviewed_count(self.stats, VERSION)
            series = accuracy_by_variant(self.stats, VERSION)
            lines = habits(self.stats, VERSION)
        except StatsError as exc:
            self.say(str(exc))
            return
        self.left = total - done
        if not self.running:  # while reviewing, the progress line says where it stands
            self.say_reviewed(done, total)
        self.chart(series)
        self.list_habits(lines)

    def say_reviewed(self, done: int, total: int) -> None:
        said = reviewed_words(done, total)
        if done < total:
            said += f" a reviews the other {total - done} (Esc stops; the ones done are kept)."
        self.say(said)

    def say(self, words: str) -> None:
        self.query_one("#coach-state", Static).update(words)

    def chart(self, series: dict[str, list[Point]]) -> None:
        """Each variant's accuracy as a line, game by game in the order played
        (the x axis counts every reviewed game, so the lines keep time)."""
        plot = self.query_one(PlotextPlot)
        trend = self.query_one("#coach-trend", Static)
        plot.display = bool(series)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        if not series:
            trend.update("No game reviewed yet.")
            return
        order = sorted((p.when, p.game_id) for points in series.values() for p in points)
        place = {game_id: n + 1 for n, (_, game_id) in enumerate(order)}
        words = Text()
        for n, (variant, points) in enumerate(sorted(series.items())):
            xs = [place[p.game_id] for p in points]
            ys = [p.accuracy for p in points]
            colour = COLOURS[n % len(COLOURS)]
            mark = MARKS[n % len(MARKS)]
            # a line, and a mark of the variant's own at each game (one game
            # alone still shows; the marks tell the lines apart without colour)
            plt.plot(xs, ys, marker="hd", color=colour)
            plt.scatter(xs, ys, marker=mark, color=colour)
            if words:
                words.append("\n")
            words.append(f"{mark} ", style="rgb({},{},{})".format(*colour))
            words.append(printable(trend_words(variant, points), lines=False))
        # from a round ten below the lowest game (at most 50), so the lines have room
        lowest = min(p.accuracy for points in series.values() for p in points)
        floor = min(50, max(0, int(lowest // 10) * 10 - 10))
        plt.ylim(floor, 100)
        plt.yticks([floor, (floor + 100) // 2, 100])
        last = len(order)
        plt.xlim(0.5, last + 0.5)
        step = max(1, -(-last // 8))  # whole games, eight ticks at most
        plt.xticks(list(range(1, last + 1, step)))
        plot.refresh()
        trend.update(words)

    def list_habits(self, lines: Sequence[HabitLine]) -> None:
        """A card a habit, the costliest first (the one focused keeps its place)."""
        was = self.app.focused
        place = was.line.habit if isinstance(was, HabitCard) and was.parent is self else None
        self.remove_children(".habit")
        if not lines:
            self.mount(Static("No costly move reviewed yet.", classes="habit", markup=False))
            return
        cards = [HabitCard(line, self.zone) for line in lines]
        self.mount_all(cards)
        chosen = next((c for c in cards if c.line.habit == place), None)
        if chosen is None and self.is_on_screen and not isinstance(was, HabitCard):
            chosen = cards[0]  # the tab shown with no card chosen: the first, for Enter
        if chosen is not None:
            chosen.focus(scroll_visible=False)

    @on(HabitCard.Chosen)
    def chosen(self, message: HabitCard.Chosen) -> None:
        example = message.line.example
        self.post_message(self.Open(example.game_id, example.hand, example.move))

    def first_card(self) -> HabitCard | None:
        cards = self.query(HabitCard).results(HabitCard)
        return next(iter(cards), None)

    # --- reviewing the rest -----------------------------------------------------

    def review_rest(self) -> None:
        """Review the finished games not reviewed yet, newest first."""
        if self.stats is None or self.running:
            return
        try:
            games = pending(self.stats, VERSION)
        except StatsError as exc:
            self.notify(str(exc), severity="error")
            return
        if not games:
            self.notify("Every finished game is reviewed.", timeout=3)
            return
        self.running = True
        self.stop.clear()
        bar = self.query_one("#coach-bar", ProgressBar)
        bar.display = True
        bar.update(total=len(games), progress=0)
        self.say(f"Reviewing {plural(len(games), 'game')}… Esc stops.")
        self.review_games(games)

    @work(thread=True, exclusive=True, group="coach", exit_on_error=False)
    def review_games(self, games: list[str]) -> None:
        from ...play.coach import review_pending  # here: it brings the bots

        assert self.stats is not None

        def advanced(done: int, total: int) -> None:
            self.post_message(self.Progressed(done, total))

        def rating(game: int, games: int, done: int, decisions: int) -> None:
            self.post_message(self.Rated(game + done / max(decisions, 1), games))

        caught = review_pending(
            self.stats, games, cancel=self.stop.is_set, on_game=advanced, on_progress=rating
        )
        self.post_message(self.Finished([f"{c.game_id}: {c.why}" for c in caught]))

    @on(Progressed)
    def progressed(self, message: Progressed) -> None:
        self.query_one("#coach-bar", ProgressBar).update(total=message.total, progress=message.done)
        self.say(f"Reviewed {message.done} of {plural(message.total, 'game')}… Esc stops.")
        self.show()

    @on(Rated)
    def rated(self, message: Rated) -> None:
        self.query_one("#coach-bar", ProgressBar).update(total=message.total, progress=message.done)

    @on(Finished)
    def finished(self, message: Finished) -> None:
        self.done_reviewing()
        if message.problems:
            self.notify(
                f"{plural(len(message.problems), 'game')} could not be reviewed: "
                + "; ".join(message.problems)[:300],
                severity="warning",
                timeout=8,
            )

    @on(Worker.StateChanged)
    def worker_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "coach" and event.state is WorkerState.ERROR:
            self.done_reviewing()
            self.notify(f"The review stopped: {event.worker.error}", severity="error")

    def done_reviewing(self) -> None:
        self.running = False
        self.query_one("#coach-bar", ProgressBar).display = False
        self.show()

    def stop_reviewing(self) -> bool:
        """Stop the reviews under way (True), if any."""
        if not self.running:
            return False
        self.stop.set()
        self.say("Stopping after this decision…")
        return True

    def on_unmount(self) -> None:
        self.stop.set()
