"""The statistics screen: the record per variant and opponent, streaks, a
chart of recent results, and the games played (finished or abandoned) to
watch again or export."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, tzinfo
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from ...core import plural
from ...play.printable import printable
from ...store.saves import Saved, SaveError, parse
from ...store.stats import Line, Played, Stats, StatsError
from ..widgets.chart import Chart
from ..widgets.coach import CoachPane
from ..widgets.footer import KeyFooter
from ..widgets.header import header
from ..widgets.marked import MarkedTable
from .base import BackScreen, gin_app
from .replay import ReplayScreen

VARIANT_WIDTH = 14  # a longer variant's name takes two lines: the tables fit 80 columns


def variant_width(rows: Sequence[Line] | Sequence[Played]) -> int:
    """The width of a table's Variant column: its longest name, at most
    VARIANT_WIDTH (a longer name wraps)."""
    longest = max((len(row.variant) for row in rows), default=0)
    return max(len("Variant"), min(longest, VARIANT_WIDTH))


def cell(text: str) -> Text:
    """A table cell from the statistics file: its words as they are, never
    markup (a name may hold brackets), and nothing that acts on the terminal."""
    return Text(printable(text, lines=False))


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "–"


def when_text(when: float, zone: tzinfo | None = None) -> str:
    """A recorded time as the player reads it: in ``zone``, else the
    computer's own time zone."""
    return datetime.fromtimestamp(when, zone).strftime("%Y-%m-%d %H:%M")


def result_text(game: Played) -> str:
    if game.abandoned:
        return "abandoned"
    return f"won by {game.margin}" if game.won else f"lost by {-game.margin}"


class StatsScreen(BackScreen):
    """Games and hands won per variant and opponent, streaks, a chart, and the
    games played, finished or abandoned: Enter watches one again, v reviews
    its decisions, x exports it to a file."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back"),
        Binding("r", "show_tab('record')", "Record"),
        Binding("g,f", "show_tab('played')", "Games"),
        Binding("enter", "watch", "Watch again", show=False),
        Binding("x", "export", "Export replay"),
        Binding("v", "review", "Review"),
        Binding("c", "show_tab('coach')", "Coach"),
        Binding("a", "review_rest", "Review the rest"),
        Binding("escape", "stop_reviews", "Stop"),
    ]
    # the record first: ↓ and Page Down scroll it at once (the tabs are r and g)
    AUTO_FOCUS = "#stats"

    def __init__(self, stats: Stats | None, *, zone: tzinfo | None = None) -> None:
        """``zone``: the time zone of the games' times (None: the computer's)."""
        super().__init__()
        self.stats = stats
        self.zone = zone
        self.games: list[Played] = []

    def compose(self) -> ComposeResult:
        yield header()
        lines: list[Line] = []
        problem = None
        if self.stats is None:
            problem = "Statistics are kept only with a data folder."
        else:
            try:
                lines = self.stats.lines()
                self.games = self.stats.history()
                streaks = self.stats.streaks()
            except StatsError as exc:
                problem = str(exc)
        if problem is not None or not lines:
            message = problem or "No hands played yet: finish a hand and it counts here."
            with VerticalScroll(id="stats"):
                yield Static("Statistics", classes="title", markup=False)
                yield Static(message, id="stats-empty", markup=False)
            yield KeyFooter()
            return
        with TabbedContent(id="stats-tabs"):
            with TabPane("Record", id="record"), VerticalScroll(id="stats"):
                # two tables, games and hands, each narrow enough for 80 columns
                width = variant_width(lines)
                yield Static("Games", classes="title", markup=False)
                games: DataTable[str | Text] = DataTable(id="stats-table", cursor_type="none")
                games.add_column("Variant", width=width)
                games.add_columns("Opponent", "Finished", "Games won", "Abandoned")
                for line in lines:
                    games.add_row(
                        cell(line.variant),
                        cell(line.opponent),
                        str(line.games),
                        f"{line.games_won} ({percent(line.games_won, line.games)})",
                        str(line.abandoned),
                        height=None,
                    )
                yield games
                yield Static("Hands", classes="title", markup=False)
                hands: DataTable[str | Text] = DataTable(id="hands-table", cursor_type="none")
                hands.add_column("Variant", width=width)
                # each count both ways: "Undercuts 0" after losing to two undercuts
                # read as if none had happened (issue 54)
                hands.add_columns(
                    "Opponent", "Hands", "Hands won", "Gins", "Undercuts", "Points/hand"
                )
                for line in lines:
                    hands.add_row(
                        cell(line.variant),
                        cell(line.opponent),
                        str(line.hands),
                        f"{line.hands_won} ({percent(line.hands_won, line.hands)})",
                        f"{line.gins} / {line.gins_against}",
                        f"{line.undercuts} / {line.undercuts_against}",
                        f"{line.points_per_hand:+.1f}" if line.hands else "–",
                        height=None,
                    )
                yield hands
                yield Static(
                    "Gins and undercuts: yours / theirs (an undercut of theirs is one "
                    "of your knocks undercut).",
                    classes="hint",
                    markup=False,
                )
                yield Static(
                    streak_words(streaks.current, streaks.best), id="streaks", markup=False
                )
                yield Static(
                    "Results over time (settlement of each game)", classes="title", markup=False
                )
                yield Chart(self.games, id="chart")
            with TabPane("Games", id="played"), VerticalScroll(id="stats-games"):
                yield Static(
                    "Enter watches a game again, both hands face up (an abandoned one as far "
                    "as it went); x exports it to a file.",
                    classes="hint",
                    markup=False,
                )
                recent: DataTable[str | Text] = MarkedTable(id="games", cursor_type="row")
                recent.add_column("When")
                recent.add_column("Variant", width=variant_width(self.games))
                recent.add_columns("Opponent", "Result", "Score")
                for g in reversed(self.games):
                    recent.add_row(
                        when_text(g.when, self.zone),
                        cell(g.variant),
                        cell(g.opponent),
                        result_text(g),
                        cell(g.score),
                        key=g.game_id,
                        height=None,
                    )
                yield recent
            with TabPane("Coach", id="coach"):
                yield CoachPane(self.stats, zone=self.zone, id="coach-pane")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Statistics"

    @on(TabbedContent.TabActivated)
    def tab_shown(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "played":
            self.query_one("#games", DataTable).focus()
        elif event.pane.id == "coach":
            pane = self.query_one(CoachPane)
            card = pane.first_card()
            if card is None:
                pane.focus()
            else:  # the top in view (what is reviewed, the chart), the first card chosen
                card.focus(scroll_visible=False)
                self.call_after_refresh(pane.scroll_home, animate=False)
        else:
            self.query_one("#stats", VerticalScroll).focus()
        self.refresh_bindings()

    def on_screen_resume(self) -> None:
        for pane in self.query(CoachPane).results(CoachPane):
            pane.show()  # a review made meanwhile is the coach's now

    def coach(self) -> CoachPane | None:
        """The Coach tab's pane, when it is the tab shown."""
        return self.query_one(CoachPane) if self.tab() == "coach" else None

    def tab(self) -> str:
        for tabs in self.query(TabbedContent).results(TabbedContent):
            return tabs.active
        return ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("review", "export", "watch"):  # the keys of the Games tab: there only
            return self.tab() in ("played", "")
        if action == "review_rest":
            pane = self.coach()
            return pane is not None and pane.left > 0 and not pane.running
        if action == "stop_reviews":
            return any(p.running for p in self.query(CoachPane).results(CoachPane))
        if action == "back":  # Escape stops the reviews first
            return not any(p.running for p in self.query(CoachPane).results(CoachPane))
        return True

    def action_review_rest(self) -> None:
        pane = self.coach()
        if pane is not None:
            pane.review_rest()
            self.refresh_bindings()

    def action_stop_reviews(self) -> None:
        for pane in self.query(CoachPane).results(CoachPane):
            pane.stop_reviewing()

    @on(CoachPane.Finished)
    def reviews_done(self) -> None:
        self.refresh_bindings()

    @on(CoachPane.Open)
    def open_example(self, message: CoachPane.Open) -> None:
        """The review of the example's game, at its costly move."""
        if self.stats is None:
            return
        try:
            text = self.stats.replay_text(message.game_id)
            if text is None:
                raise SaveError("it is no longer in the statistics")
            saved = parse(text)
        except (StatsError, SaveError) as exc:
            self.notify(f"This game cannot be reviewed: {exc}", severity="error")
            return
        gin_app(self).show_review(saved, focus=(message.hand, message.move))

    def action_show_tab(self, tab: str) -> None:
        for tabs in self.query(TabbedContent).results(TabbedContent):
            tabs.active = tab
        self.refresh_bindings()

    def chosen_game(self) -> str | None:
        for table in self.query("#games").results(DataTable):
            if table.row_count:
                row_key, _ = table.coordinate_to_cell_key(table.cursor_coordinate)
                return str(row_key.value)
        self.notify("There is no game to choose yet.", severity="warning", timeout=4)
        return None

    def replay_text(self) -> str | None:
        game_id = self.chosen_game()
        if game_id is None or self.stats is None:
            return None
        try:
            text = self.stats.replay_text(game_id)
        except StatsError as exc:
            self.notify(str(exc), severity="error")
            return None
        return text

    @on(DataTable.RowSelected, "#games")
    def row_chosen(self) -> None:
        self.action_watch()

    def _chosen(self, cannot: str) -> tuple[str, Saved] | None:
        """The chosen game's replay, as text and read; None (and why, in
        ``cannot``'s words) when there is none or it cannot be read."""
        text = self.replay_text()
        if text is None:
            return None
        try:
            return text, parse(text)
        except SaveError as exc:
            self.notify(f"This game cannot be {cannot}: {exc}", severity="error")
            return None

    def action_watch(self) -> None:
        chosen = self._chosen("replayed")
        if chosen is None:
            return
        _, saved = chosen
        self.app.push_screen(ReplayScreen(saved))

    def action_review(self) -> None:
        """The chosen game's decisions rated (an abandoned one's as far as it went)."""
        chosen = self._chosen("reviewed")
        if chosen is None:
            return
        _, saved = chosen
        gin_app(self).show_review(saved)

    def action_export(self) -> None:
        chosen = self._chosen("exported")
        if chosen is None:
            return
        text, saved = chosen
        gin_app(self).export_replay(text, saved.rules.name, saved.seed)


def streak_words(current: int, best: int) -> str:
    if current > 0:
        now = f"{plural(current, 'game')} won in a row"
    elif current < 0:
        now = f"{plural(-current, 'game')} lost in a row"
    else:
        now = "no games finished yet"
    return f"Streak: {now} · best winning streak: {plural(best, 'game')}"
