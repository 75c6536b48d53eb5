"""The settings screen: theme, cards, pace and aids; changes apply at once."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import (
    Collapsible,
    Label,
    Select,
    Static,
    Switch,
)

from ...core import preset
from ...play.printable import printable
from ...store import THEMES, Settings
from ...store.themefiles import builtin_folder
from ..themes import ThemeBook
from ..widgets.footer import KeyFooter
from ..widgets.header import header
from ..widgets.marked import MarkedSelect
from ..widgets.switch import OnOffSwitch
from .base import BackScreen
from .newgame import VARIANTS


@dataclass(frozen=True, slots=True)
class SettingGroup:
    """A section of the settings screen: its title and the settings in it."""

    title: str
    names: tuple[str, ...]


SETTING_GROUPS: dict[str, SettingGroup] = {
    "looks": SettingGroup(title="Looks", names=("theme", "card_style", "four_colour")),
    "play": SettingGroup(
        title="Pace and help",
        names=("speed", "hints", "hint_level", "discard_history", "undo"),
    ),
    "new": SettingGroup(title="New games", names=("default_rules", "default_level")),
}
"""The settings screen's sections, by their id."""


@dataclass(frozen=True, slots=True)
class SettingRow:
    """A setting's row on the settings screen: what changes it, and a note."""

    widget: Widget
    note: str = ""


def choice_select(value: StrEnum) -> Select[StrEnum]:
    """A setting that is a choice: its enum's words, in the enum's order."""
    return MarkedSelect([(e.value, e) for e in type(value)], value=value, allow_blank=False)


def theme_select(names: list[str], value: str) -> Select[str]:
    """The themes there are, the built-in ones first, then the player's."""
    return MarkedSelect([(name, name) for name in names], value=value, allow_blank=False)


class SettingsScreen(BackScreen):
    """Theme, cards, pace and aids, in folding sections; changes apply at once."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "back", "Back")]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        book = getattr(self.app, "theme_book", None)
        themes = book.names if book is not None else list(THEMES)
        rows: dict[str, SettingRow] = {
            "theme": SettingRow(widget=theme_select(themes, s.theme)),
            "card_style": SettingRow(widget=choice_select(s.card_style), note="card faces"),
            "four_colour": SettingRow(
                widget=OnOffSwitch(value=s.four_colour), note="a colour for each suit"
            ),
            "speed": SettingRow(widget=choice_select(s.speed), note="pace of the computer's moves"),
            "hints": SettingRow(widget=OnOffSwitch(value=s.hints), note="the ? key"),
            "hint_level": SettingRow(
                widget=choice_select(s.hint_level), note="same moves; hard adds the figures"
            ),
            "discard_history": SettingRow(
                widget=OnOffSwitch(value=s.discard_history),
                note="show the cards discarded so far",
            ),
            "undo": SettingRow(
                widget=OnOffSwitch(value=s.undo),
                note="take back a move against the computer (u)",
            ),
            "default_rules": SettingRow(
                widget=MarkedSelect(
                    [(preset(v).name, v) for v in VARIANTS],
                    value=s.default_rules,
                    allow_blank=False,
                ),
                note="variant for a new game",
            ),
            "default_level": SettingRow(
                widget=choice_select(s.default_level), note="computer for a new game"
            ),
        }
        yield header()
        with VerticalScroll(id="form"):
            yield Static("Settings", classes="title", markup=False)
            yield Static("Enter on a section opens or folds it.", classes="hint", markup=False)
            for key, group in SETTING_GROUPS.items():
                with Collapsible(title=group.title, id=f"settings-{key}"):
                    for name in group.names:
                        row = rows[name]
                        row.widget.id = f"set-{name}"
                        with Horizontal(classes="row"):
                            yield Label(name.replace("_", " "), classes="name", markup=False)
                            yield row.widget
                            yield Static(row.note, classes="hint", markup=False)
            path = getattr(self.app, "settings_path", None)
            where = f"Kept in {path}" if path else "Kept for this run only"
            yield Static(
                f"{where}. Changes apply at once.", id="settings-file", classes="hint", markup=False
            )
            if book is not None:
                yield from self.theme_notes(book)
        yield KeyFooter()

    def theme_notes(self, book: ThemeBook) -> ComposeResult:
        """Where the player's own themes go, and a sentence for each theme
        file left out and each theme that is hard to read."""
        if book.folder is not None:
            yield Static(
                f"Themes of your own: theme files in {printable(str(book.folder))}. To start "
                f"one, copy a built-in theme from {printable(str(builtin_folder()))} there "
                "under a name of your own.",
                id="themes-folder",
                classes="hint",
                markup=False,
            )
        for problem in book.problems:
            yield Static(problem, classes="theme-problem", markup=False)

    def on_mount(self) -> None:
        self.title = "Settings"
        # the first section's title, so Enter and the arrows work at once
        self.query("CollapsibleTitle").first().focus()

    def _changed(self, name: str, value: Any) -> None:
        app: Any = self.app
        if getattr(app.settings, name) == value:
            return
        if name == "default_level":  # also the computers of the seats remembered
            app.change_settings(app.settings.with_level(value))
            return
        app.change_settings(dataclasses.replace(app.settings, **{name: value}))

    @on(Select.Changed)
    def select_changed(self, event: Select.Changed) -> None:
        if event.select.id and isinstance(event.value, str):
            self._changed(event.select.id.removeprefix("set-"), event.value)

    @on(Switch.Changed)
    def switch_changed(self, event: Switch.Changed) -> None:
        if event.switch.id:
            self._changed(event.switch.id.removeprefix("set-"), event.value)
