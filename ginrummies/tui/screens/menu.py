"""The first screen: continue, new game, statistics, rules, settings, quit."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import (
    OptionList,
    Static,
)
from textual.widgets.option_list import Option

from ..widgets.footer import KeyFooter
from ..widgets.marked import MarkedList
from .base import gin_app


class MenuScreen(Screen[None]):
    """New game, continue, rules, settings, quit."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        # no Header: the logo is the title (a header would say "ginrummies" twice)
        with Vertical(id="menu"):
            yield Static("♠ ♥ ginrummies ♦ ♣", id="logo", markup=False)
            yield Static("Gin Rummy and its relatives", classes="hint", markup=False)
            yield MarkedList(id="menu-options", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "ginrummies"
        self.sub_title = ""
        self.refill()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refill()

    def refill(self) -> None:
        """The menu's items. Back from statistics, rules or settings the
        cursor stays there; back from a game it is on Continue, the first."""
        options = self.query_one(OptionList)
        was = options.highlighted_option.id if options.highlighted_option is not None else None
        options.clear_options()
        app = gin_app(self)
        if app.has_game():
            options.add_option(Option("Continue the game", id="continue"))
        if code := app.table_to_rejoin():
            options.add_option(Option(f"Back to the table {code}", id="rejoin"))
        options.add_option(Option("New game", id="new"))
        options.add_option(Option("Host a table across machines", id="host"))
        options.add_option(Option("Join a table across machines", id="join"))
        options.add_option(Option("Statistics", id="stats"))
        options.add_option(Option("Rules", id="rules"))
        options.add_option(Option("Settings", id="settings"))
        options.add_option(Option("Quit", id="quit"))
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        options.highlighted = ids.index(was) if was in ("stats", "rules", "settings") else 0

    @on(OptionList.OptionSelected, "#menu-options")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        # each screen is imported when it is first asked for, not with the
        # menu: together they (the statistics with the replay and the board,
        # the rules with Textual's Markdown) took longer to import than the
        # menu takes to show (benchmarks/startup.py)
        app: Any = self.app
        match event.option.id:
            case "continue":
                app.continue_game()
            case "new":
                from .newgame import NewGameScreen

                app.push_screen(NewGameScreen(app.settings, app.seed))
            case "rejoin":
                app.rejoin_table()
            case "host":
                app.ask_to_host()
            case "join":
                app.ask_to_join()
            case "stats":
                from .statistics import StatsScreen

                app.push_screen(StatsScreen(app.stats))
            case "rules":
                from .rules import RulesScreen

                app.push_screen(RulesScreen(app.settings.default_rules, app.settings.rules_for))
            case "settings":
                from .settings import SettingsScreen

                app.push_screen(SettingsScreen(app.settings))
            case "quit":
                self.action_quit()

    def action_quit(self) -> None:
        """Quit; with a game in progress, only once asked (Up from the first
        item wraps to Quit, so one Enter too many must not end the program)."""
        app: Any = self.app
        if not app.has_game():
            app.exit()
            return
        from .choice import ChoiceScreen

        kept = (
            "it cannot be saved here, so quitting loses it"
            if app.not_saving
            else "it is saved: Continue the game takes it up next time"
        )
        question = f"Quit ginrummies? A game is in progress: {kept}."

        def answered(choice: int | None) -> None:
            if choice == 0:
                app.exit()

        app.push_screen(ChoiceScreen(question, ["Quit", "Stay"]), answered)
