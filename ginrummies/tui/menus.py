"""The menu, the new-game form (variant, house rules, seats, seed), settings
and the rules screen."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable
from enum import Enum
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult, RenderResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.scrollbar import ScrollBarRender
from textual.widgets import (
    Button,
    Collapsible,
    Footer,
    Header,
    Input,
    Label,
    Markdown,
    OptionList,
    Select,
    Static,
    Switch,
)
from textual.widgets.option_list import Option

from ..ai import LEVEL_ABOUT, LEVELS, level_about
from ..core import PRESETS, Family, RulesError, RuleSet, preset
from ..play.session import Seat, SeatKind
from ..store import SPEEDS, THEMES, Settings
from .dialogs import BackScreen
from .rulestext import rules_markdown
from .statsview import StatsScreen

VARIANTS = ["gin", "oklahoma", "sequence", "skarney", "colonel", "fosdick", "eaai"]

SKIPPED = ("name", "family")
SEAT_CHOICES = [("a person", "person")] + [(f"computer, {lv}", lv) for lv in LEVELS]


class MenuScreen(Screen[None]):
    """New game, continue, rules, settings, quit."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        # no Header: the logo is the title (a header would say "ginrummies" twice)
        with Vertical(id="menu"):
            yield Static("♠ ♥ ginrummies ♦ ♣", id="logo")
            yield Static("Gin Rummy and its relatives", classes="hint")
            yield OptionList(id="menu-options")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "ginrummies"
        self.sub_title = ""
        self.refill()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refill()

    def refill(self) -> None:
        options = self.query_one(OptionList)
        options.clear_options()
        if self.app.has_game():  # type: ignore[attr-defined]
            options.add_option(Option("Continue the game", id="continue"))
        options.add_option(Option("New game", id="new"))
        options.add_option(Option("Statistics", id="stats"))
        options.add_option(Option("Rules", id="rules"))
        options.add_option(Option("Settings", id="settings"))
        options.add_option(Option("Quit", id="quit"))
        options.highlighted = 0

    @on(OptionList.OptionSelected, "#menu-options")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        app: Any = self.app
        match event.option.id:
            case "continue":
                app.continue_game()
            case "new":
                app.push_screen(NewGameScreen(app.settings))
            case "stats":
                app.push_screen(StatsScreen(app.stats))
            case "rules":
                app.push_screen(RulesScreen(app.settings.default_rules, app.settings.rules_for))
            case "settings":
                app.push_screen(SettingsScreen(app.settings))
            case "quit":
                app.exit()


RULE_GROUPS: dict[str, str] = {
    "deal": "Dealing and turns",
    "melds": "Melds",
    "knock": "Knocking",
    "scoring": "Scoring a hand",
    "game": "The game's end",
    "variant": "Skarney and Colonel only",
}
"""The kinds of house rule (``RuleSet.option_group``), in the form's order, with their titles."""

RULE_OPTIONS = [f.name for f in dataclasses.fields(RuleSet) if f.name not in SKIPPED]


def rule_group(name: str) -> str:
    """The form's section of rule option ``name`` (an option of no known kind goes last)."""
    group = RuleSet.option_group(name)
    return group if group in RULE_GROUPS else "variant"


class OnOffSwitch(Switch):
    """A switch that says "on" or "off" in words beside its slider, not by colour alone."""

    def render(self) -> RenderResult:
        slider = super().render()
        if not isinstance(slider, ScrollBarRender):  # a Textual that draws it otherwise
            return slider
        grid = Table.grid()
        grid.add_column(width=4)
        grid.add_column(width=4)
        grid.add_row(slider, Text(" on" if self.value else " off"))
        return grid

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return 8


def option_widget(name: str, value: Any) -> Any:
    if isinstance(value, bool):
        return OnOffSwitch(value=value, id=f"opt-{name}")
    if isinstance(value, Enum):
        choices = [(str(e.value).replace("_", " "), e.value) for e in type(value)]
        return Select(choices, value=value.value, allow_blank=False, id=f"opt-{name}")
    return Input(str(value), type="integer", id=f"opt-{name}")


def shown_value(value: Any) -> str:
    """A rule option's value as the form shows it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Enum):
        return str(value.value).replace("_", " ")  # "gin only", not "gin_only"
    return str(value)


def level_words(kinds: tuple[str, ...], family: Family = Family.GIN) -> str:
    """What each computer level at the table does in this family of rules, one line each."""
    levels = list(dict.fromkeys(k for k in kinds if k in LEVEL_ABOUT))
    if not levels:
        return "Two people take turns at this keyboard; each hand is hidden from the other."
    return "\n".join(f"{lv}: {level_about(lv, family)}" for lv in levels)


def hint_text(name: str, preset_value: Any) -> str:
    return f"{RuleSet.option_help(name)} (preset: {shown_value(preset_value)})"


class NewGameScreen(BackScreen):
    """Variant, house rules (in folding sections, one per kind of rule), the
    two seats and the seed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings
        self.variant = settings.default_rules if settings.default_rules in PRESETS else "gin"

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="form"):
            yield Static("New game", classes="title")
            with Horizontal(classes="row"):
                yield Label("Variant", classes="name")
                yield Select(
                    [(preset(v).name, v) for v in VARIANTS],
                    value=self.variant,
                    allow_blank=False,
                    id="variant",
                )
            level = self.settings.default_level
            for seat, default in ((0, "person"), (1, level)):
                with Horizontal(classes="row"):
                    yield Label(f"Player {seat + 1}", classes="name")
                    yield Select(SEAT_CHOICES, value=default, allow_blank=False, id=f"seat{seat}")
                    yield Input(
                        "You" if seat == 0 else "Computer", id=f"name{seat}", classes="seat-name"
                    )
            family = preset(self.variant).family
            yield Static(level_words(("person", level), family), id="levels", classes="hint")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="name")
                yield Input(str(secrets.randbelow(10**6)), type="integer", id="seed")
                yield Static("the same seed deals the same cards", classes="hint")
            yield Static("House rules", classes="title")
            yield Static("Enter on a kind of rule opens or folds it.", classes="hint")
            base = preset(self.variant)
            mine = self.settings.rules_for(self.variant)
            with Vertical(id="options"):
                for group, title in RULE_GROUPS.items():
                    with Collapsible(title=title, id=f"group-{group}"):
                        for name in RULE_OPTIONS:
                            if rule_group(name) != group:
                                continue
                            with Horizontal(classes="row"):
                                yield Label(name.replace("_", " "), classes="name")
                                yield option_widget(name, getattr(mine, name))
                                yield Static(
                                    hint_text(name, getattr(base, name)),
                                    id=f"hint-{name}",
                                    classes="hint",
                                )
            yield Static("", id="form-error")
            with Horizontal(classes="row"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Preset rules", id="reset")
                yield Button("Back", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "New game"
        self.retitle()
        self.query_one("#variant", Select).focus()

    def fill_options(self, use_preset: bool = False) -> None:
        """Every rule option set to your house rules for the variant (or to
        the preset's values), with the preset's value beside each. The
        sections stay open or folded as they were."""
        base = preset(self.variant)
        mine = base if use_preset else self.settings.rules_for(self.variant)
        for name in RULE_OPTIONS:
            value = getattr(mine, name)
            widget = self.query_one(f"#opt-{name}")
            if isinstance(widget, Switch):
                widget.value = value
            elif isinstance(widget, Select):
                widget.value = value.value
            elif isinstance(widget, Input):
                widget.value = str(value)
            self.query_one(f"#hint-{name}", Static).update(hint_text(name, getattr(base, name)))
        self.retitle()

    def differs(self, name: str, base: RuleSet) -> bool:
        """Whether the form's value of option ``name`` is not the preset's."""
        want = getattr(base, name)
        value: Any = self.query_one(f"#opt-{name}").value  # type: ignore[attr-defined]
        if isinstance(want, bool):
            return bool(value != want)
        if isinstance(want, Enum):
            return bool(value != want.value)
        return str(value).strip() != str(want)

    def retitle(self) -> None:
        """Each section's title says how many of its options are not the
        preset's, so a folded section hides no house rule."""
        base = preset(self.variant)
        for group, title in RULE_GROUPS.items():
            n = sum(self.differs(name, base) for name in RULE_OPTIONS if rule_group(name) == group)
            section = self.query_one(f"#group-{group}", Collapsible)
            section.title = f"{title} ({n} changed from the preset)" if n else title

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Switch.Changed)
    def option_changed(self, event: Input.Changed | Select.Changed | Switch.Changed) -> None:
        if (event.control.id or "").startswith("opt-"):
            self.retitle()

    @on(Select.Changed, "#variant")
    def variant_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.variant:
            self.variant = event.value
            self.fill_options()
            self.show_levels()

    @on(Select.Changed, "#seat0")
    @on(Select.Changed, "#seat1")
    def seat_changed(self, event: Select.Changed) -> None:
        seat = 0 if event.select.id == "seat0" else 1
        name = self.query_one(f"#name{seat}", Input)
        if event.value == "person":
            name.value = "You" if seat == 0 else "Player 2"
        else:
            name.value = "Computer" if seat == 1 else "Computer 1"
        self.show_levels()

    def show_levels(self) -> None:
        kinds = tuple(str(self.query_one(f"#seat{s}", Select).value) for s in (0, 1))
        family = preset(self.variant).family
        self.query_one("#levels", Static).update(level_words(kinds, family))

    def build(self) -> tuple[RuleSet, tuple[Seat, Seat], int]:
        """The form as a game; ValueError with a readable message if it is not one."""
        base = preset(self.variant)
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(RuleSet):
            if f.name in SKIPPED:
                continue
            current = getattr(base, f.name)
            widget = self.query_one(f"#opt-{f.name}")
            if isinstance(current, bool):
                value: Any = widget.value  # type: ignore[attr-defined]
            elif isinstance(current, Enum):
                value = type(current)(widget.value)  # type: ignore[attr-defined]
            else:
                text = widget.value.strip()  # type: ignore[attr-defined]
                try:
                    value = int(text)
                except ValueError:
                    raise ValueError(f"{f.name.replace('_', ' ')} must be a whole number") from None
                if value < 0:
                    raise ValueError(f"{f.name.replace('_', ' ')} cannot be negative")
            if value != current:
                changes[f.name] = value
        try:
            rules = base.but(**changes) if changes else base
        except RulesError as exc:
            raise ValueError(f"these house rules do not work together: {exc}") from None
        seats = []
        for seat in (0, 1):
            kind = self.query_one(f"#seat{seat}", Select).value
            name = self.query_one(f"#name{seat}", Input).value.strip() or f"Player {seat + 1}"
            if kind == "person":
                seats.append(Seat(name[:16]))
            else:
                seats.append(Seat(name[:16], SeatKind.COMPUTER, str(kind)))
        if seats[0].name == seats[1].name:
            raise ValueError("give the two players different names")
        text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(text) if text else secrets.randbelow(10**6)
        except ValueError:
            raise ValueError("the seed must be a whole number") from None
        return rules, (seats[0], seats[1]), seed

    def action_start(self) -> None:
        if not self.is_current:
            return
        try:
            rules, seats, seed = self.build()
        except ValueError as exc:
            self.query_one("#form-error", Static).update(f"⚠ {exc}")
            self.app.bell()
            return
        self.remember(rules)
        self.app.start_game(rules, seats, seed)  # type: ignore[attr-defined]

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def back_pressed(self) -> None:
        self.action_back()

    @on(Button.Pressed, "#reset")
    def reset_pressed(self) -> None:
        self.fill_options(use_preset=True)

    def remember(self, rules: RuleSet) -> None:
        """Keep the variant and its house rules as the next new game's defaults."""
        base = preset(self.variant)
        preset_values = base.to_dict()
        changes = {
            name: value
            for name, value in rules.to_dict().items()
            if name not in SKIPPED and value != preset_values[name]
        }
        app: Any = self.app
        house = {k: v for k, v in app.settings.house_rules.items() if k != self.variant}
        if changes:
            house[self.variant] = changes
        updated = dataclasses.replace(app.settings, default_rules=self.variant, house_rules=house)
        if updated != app.settings:
            app.change_settings(updated)


class RulesScreen(BackScreen):
    """The rules of every variant, one at a time, as ``rules_for`` has them
    (the player's house rules from the menu; the presets by default)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "back", "Back")]

    def __init__(self, variant: str = "gin", rules_for: Callable[[str], RuleSet] = preset) -> None:
        super().__init__()
        self.variant = variant if variant in VARIANTS else "gin"
        self.rules_for = rules_for

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="rules"):
            yield OptionList(*[Option(preset(v).name, id=v) for v in VARIANTS], id="variants")
            with VerticalScroll(id="rules-text"):
                yield Markdown(rules_markdown(self.rules_for(self.variant)))
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Rules"
        options = self.query_one(OptionList)
        options.highlighted = VARIANTS.index(self.variant)
        options.focus()

    @on(OptionList.OptionHighlighted)
    def show(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.query_one(Markdown).update(rules_markdown(self.rules_for(event.option.id)))


SETTING_GROUPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "looks": ("Looks", ("theme", "card_style", "four_colour")),
    "play": ("Pace and help", ("speed", "hints", "hint_level", "discard_history", "undo")),
    "new": ("New games", ("default_rules", "default_level")),
}
"""The settings screen's sections: id, title and the settings in each."""


class SettingsScreen(BackScreen):
    """Theme, cards, pace and aids, in folding sections; changes apply at once."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "back", "Back")]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        rows: dict[str, tuple[Any, str]] = {
            "theme": (Select([(t, t) for t in THEMES], value=s.theme, allow_blank=False), ""),
            "card_style": (
                Select(
                    [("unicode", "unicode"), ("ascii", "ascii")],
                    value=s.card_style,
                    allow_blank=False,
                ),
                "card faces",
            ),
            "four_colour": (OnOffSwitch(value=s.four_colour), "a colour for each suit"),
            "speed": (
                Select([(k, k) for k in SPEEDS], value=s.speed, allow_blank=False),
                "pace of the computer's moves",
            ),
            "hints": (OnOffSwitch(value=s.hints), "the ? key"),
            "hint_level": (
                Select(
                    [("normal", "normal"), ("hard", "hard")], value=s.hint_level, allow_blank=False
                ),
                "hard adds win chances",
            ),
            "discard_history": (
                OnOffSwitch(value=s.discard_history),
                "show the cards discarded so far",
            ),
            "undo": (OnOffSwitch(value=s.undo), "take back a move against the computer (u)"),
            "default_rules": (
                Select(
                    [(preset(v).name, v) for v in VARIANTS],
                    value=s.default_rules,
                    allow_blank=False,
                ),
                "variant for a new game",
            ),
            "default_level": (
                Select([(lv, lv) for lv in LEVELS], value=s.default_level, allow_blank=False),
                "computer for a new game",
            ),
        }
        yield Header()
        with VerticalScroll(id="form"):
            yield Static("Settings", classes="title")
            yield Static("Enter on a section opens or folds it.", classes="hint")
            for key, (title, names) in SETTING_GROUPS.items():
                with Collapsible(title=title, id=f"settings-{key}"):
                    for name in names:
                        widget, note = rows[name]
                        widget.id = f"set-{name}"
                        with Horizontal(classes="row"):
                            yield Label(name.replace("_", " "), classes="name")
                            yield widget
                            yield Static(note, classes="hint")
            path = getattr(self.app, "settings_path", None)
            where = f"Kept in {path}" if path else "Kept for this run only"
            yield Static(f"{where}. Changes apply at once.", id="settings-file", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Settings"
        # the first section's title, so Enter and the arrows work at once
        self.query("CollapsibleTitle").first().focus()

    def _changed(self, name: str, value: Any) -> None:
        app: Any = self.app
        if getattr(app.settings, name) == value:
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
