"""The Textual app: menu, new game, the table, rules and settings."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from functools import partial

from textual.app import App, SystemCommand
from textual.screen import Screen

from ..core import RuleSet
from ..store import THEMES, Settings
from .menus import MenuScreen
from .session import Seat, Session
from .table import KEY_MOVES, MOVES, TableScreen

try:
    from ginrummies.themes import paths as theme_paths
except ImportError:  # pragma: no cover - a broken install
    raise SystemExit("ginrummies: the themes are missing from this install") from None

TEXTUAL_THEME = {
    "felt": "textual-dark",
    "dark": "tokyo-night",
    "light": "textual-light",
    "contrast": "textual-dark",
}


class GinApp(App[None]):
    """ginrummies: Gin Rummy and its relatives in the terminal."""

    TITLE = "ginrummies"
    CSS_PATH = theme_paths()
    ENABLE_COMMAND_PALETTE = True

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        session: Session | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.session = session

    def on_mount(self) -> None:
        self.apply_theme()
        self.push_screen(MenuScreen())
        if self.session is not None:
            self.push_screen(TableScreen(self.session))

    # --- settings ----------------------------------------------------------------

    def apply_theme(self) -> None:
        name = self.settings.theme if self.settings.theme in THEMES else "felt"
        for t in THEMES:
            self.set_class(t == name, f"theme-{t}")
        self.theme = TEXTUAL_THEME[name]

    def change_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.apply_theme()
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.apply_settings()

    def use_theme(self, name: str) -> None:
        self.change_settings(dataclasses.replace(self.settings, theme=name))

    # --- games -------------------------------------------------------------------

    def has_game(self) -> bool:
        return self.session is not None and not self.session.game.is_over

    def start_game(self, rules: RuleSet, seats: tuple[Seat, Seat], seed: int) -> None:
        self.session = Session(rules, seats, seed)
        self.show_menu()
        self.push_screen(TableScreen(self.session))

    def continue_game(self) -> None:
        # from the menu only: a second Enter already on its way does nothing
        if self.session is not None and isinstance(self.screen, MenuScreen):
            self.push_screen(TableScreen(self.session))

    def show_menu(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    # --- the command palette -----------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:  # type: ignore[type-arg]
        yield from super().get_system_commands(screen)
        for name in THEMES:
            yield SystemCommand(
                f"Theme: {name}", f"use the {name} theme", partial(self.use_theme, name)
            )
        if isinstance(screen, TableScreen):
            keys = {v: k for k, v in KEY_MOVES.items()}
            for action, (words, _) in MOVES.items():
                now = "" if screen.legal_of(action) else " (not possible now)"
                yield SystemCommand(
                    words.capitalize(),
                    f"key {keys[action]}{now}",
                    partial(screen.command, action),
                    discover=not now,
                )
            yield SystemCommand("Sort the hand", "key s", screen.action_sort)
            yield SystemCommand("Hint", "key ?", screen.action_hint)
            yield SystemCommand("Help and rules", "key F1", screen.action_help)
