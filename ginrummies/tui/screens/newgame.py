"""The new-game form: variant, format, seats, seed and house rules."""

from __future__ import annotations

import dataclasses
import re
import secrets
from collections.abc import Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Collapsible, Input, Label, Select, Static

from ...ai import LEVEL_ABOUT, level_about
from ...core import PRESETS, SEAT_LETTERS, Format, Level, RulesError, RuleSet, formats_for, preset
from ...play.session import Seat, SeatKind
from ...store import Settings
from ...store.settings import NAME_LENGTH, PERSON, SeatChoice, seats_problem
from ..widgets.footer import KeyFooter
from ..widgets.header import header
from ..widgets.marked import MarkedSelect
from ..widgets.ruleoption import RuleOption, RuleSection
from ..widgets.seatrow import SeatRow
from .base import BackScreen, gin_app, on_top

VARIANTS = ["gin", "oklahoma", "sequence", "skarney", "colonel", "fosdick", "eaai"]


SKIPPED = ("name", "family")


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


def level_words(kinds: tuple[str, ...], variant: str = "gin") -> str:
    """What each computer level at the table does in this variant's family of
    rules (or the variant, where it was measured apart), one line each;
    ``kinds`` holds every seat's kind ("person" or a level)."""
    levels = [Level(k) for k in dict.fromkeys(kinds) if k in LEVEL_ABOUT]
    if not levels:
        if len(kinds) > 2:
            return (
                f"{number_word(len(kinds)).capitalize()} people take turns at this "
                "keyboard; each hand is hidden from the others."
            )
        return "Two people take turns at this keyboard; each hand is hidden from the other."
    family = preset(variant).family
    return "\n".join(f"{lv}: {level_about(lv, family, variant)}" for lv in levels)


def number_word(n: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(n, str(n))


MAX_SEATS = max(f.seats for f in Format)


def seat_label(fmt: Format, seat: int) -> str:
    """The label of a seat's row: "Player 1", "Seat A", or "Team 1 · A"."""
    if fmt.two_players:
        return f"Player {seat + 1}"
    letter = SEAT_LETTERS[seat]
    if fmt.play.teams:
        return f"Team {seat // 2 + 1} · {letter}"
    return f"Seat {letter}"


def computer_name(fmt: Format, seat: int) -> str:
    """A computer's name at a seat: "Computer" against one person (the
    second of two players), else "Computer B" and so on."""
    if fmt.two_players:
        return "Computer" if seat == 1 else "Computer 1"
    return f"Computer {SEAT_LETTERS[seat]}"


def default_seats(fmt: Format, level: Level) -> list[SeatChoice]:
    """A format's seats with nothing remembered: you, and the computer in the others."""
    return [(PERSON, "You")] + [(level, computer_name(fmt, s)) for s in range(1, fmt.seats)]


DEFAULT_NAME = re.compile(r"(You|Computer( [1-4A-D])?|Player [1-4])")
"""The names the form gives by itself: changing a seat's kind replaces them."""


def team_words(fmt: Format) -> str:
    """Who partners whom in a team format, and where each one plays."""
    each = fmt.play.deal_word
    return (
        "A and B are partners against C and D. A plays at table 1 and B at "
        f"table 2; C and D change tables each {each}."
    )


def game_target(fmt: Format, rules: RuleSet, base: RuleSet) -> int | None:
    """The target a format of its own target goes to when the person set the
    target as a house rule (changed from the variant's preset ``base``):
    theirs wins; None where the format's or the rules' own stands."""
    if fmt.two_players or rules.target == base.target:
        return None
    return rules.target


def format_words(fmt: Format, rules: RuleSet, base: RuleSet) -> str:
    """The format's line under its choice: what it is and where the game ends."""
    about = fmt.play.about
    target = game_target(fmt, rules, base) or fmt.target(rules)
    if f"to {target}" in about:
        return about[0].upper() + about[1:] + "."
    return f"{about[0].upper()}{about[1:]}; the game goes to {target}."


class FormProblem(ValueError):
    """What keeps the form from being a game, in a player's words, and where
    it is: the widget to go to and the rows to mark."""

    def __init__(self, words: str, at: Widget | None, marked: Sequence[Widget] = ()) -> None:
        super().__init__(words)
        self.at = at
        self.marked = tuple(marked)


def named_options(words: str) -> list[str]:
    """The rule options ``words`` names (a RulesError's), in its order, once each."""
    named = [w for w in re.findall(r"[a-z_]+", words) if w in RULE_OPTIONS]
    return list(dict.fromkeys(named))


class NewGameScreen(BackScreen):
    """Variant, format, the seats of the format, the seed and the house
    rules (in folding sections, one per kind of rule).

    A form that is not a game says why on the line above the keys, goes to
    what is wrong and marks it; the line follows the form until it is right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]
    # the variant has the focus from the start. Textual's default would give
    # it first to the form's scrolling container, and each of the two moves
    # of the focus restyles every widget of the form (about a third of the
    # time it took to open: benchmarks/startup.py)
    AUTO_FOCUS = "#variant"

    def __init__(self, settings: Settings, seed: int | None = None) -> None:
        """``seed``: the seed the form offers (``--seed``; None: a random one,
        chosen at the start and not shown: a seed seen deals the game face up)."""
        super().__init__()
        self.settings = settings
        self.seed = seed
        self.variant = settings.default_rules if settings.default_rules in PRESETS else "gin"
        try:
            fmt = Format(settings.default_format)
        except ValueError:
            fmt = Format.TWO
        self.format = fmt if fmt.allows(preset(self.variant)) else Format.TWO
        level = settings.default_level
        # each format's seats as the form has them, from the last game in it
        self.chosen: dict[Format, list[SeatChoice]] = {}
        for f in Format:
            remembered = list(settings.seats.get(f.value, ()))
            ok = remembered and seats_problem(f, remembered) is None
            self.chosen[f] = remembered if ok else default_seats(f, level)
        seats = self.chosen[self.format]
        self.seat_rows = [
            SeatRow(s, seat_label(self.format, s), *(seats[s] if s < len(seats) else (PERSON, "")))
            for s in range(MAX_SEATS)
        ]
        rules, base = self.settings.rules_for(self.variant), preset(self.variant)
        self.rule_options = {
            name: RuleOption(name, getattr(rules, name), getattr(base, name))
            for name in RULE_OPTIONS
        }
        # folded, each section mounts its rows when first opened
        self.sections = {
            group: RuleSection(
                title,
                [o for name, o in self.rule_options.items() if rule_group(name) == group],
                id=f"group-{group}",
            )
            for group, title in RULE_GROUPS.items()
        }
        self.problem: FormProblem | None = None  # the one shown

    def compose(self) -> ComposeResult:
        yield header()
        with VerticalScroll(id="form"):
            yield Static("New game", classes="title", markup=False)
            with Horizontal(classes="row"):
                yield Label("Variant", classes="name", markup=False)
                yield MarkedSelect(
                    [(preset(v).name, v) for v in VARIANTS],
                    value=self.variant,
                    allow_blank=False,
                    id="variant",
                )
            rules = self.settings.rules_for(self.variant)
            with Horizontal(classes="row"):
                yield Label("Format", classes="name", markup=False)
                choice = MarkedSelect(
                    self.format_choices(),
                    value=self.format.value,
                    allow_blank=False,
                    id="format",
                )
                choice.styles.width = 34  # as wide as the variant's
                yield choice
            yield Static(
                format_words(self.format, rules, preset(self.variant)),
                id="format-about",
                classes="hint",
                markup=False,
            )
            for row in self.seat_rows:
                row.display = row.seat < self.format.seats
                yield row
            teams = Static(team_words(self.format), id="teams", classes="hint", markup=False)
            teams.display = self.format.play.teams
            teams.styles.margin = (0, 0, 1, 0)  # apart from the levels' lines below
            yield teams
            kinds = tuple(kind for kind, _ in self.chosen[self.format])
            yield Static(
                level_words(kinds, self.variant), id="levels", classes="hint", markup=False
            )
            with Horizontal(classes="row"):
                yield Label("Seed", classes="name", markup=False)
                yield Input(
                    "" if self.seed is None else str(self.seed),
                    placeholder="random",
                    type="integer",
                    id="seed",
                )
                yield Static(
                    "the same seed deals the same cards (told when the game is over)",
                    classes="hint",
                    markup=False,
                )
            yield Static("House rules", classes="title", markup=False)
            yield Static("Enter on a kind of rule opens or folds it.", classes="hint", markup=False)
            with Vertical(id="options"):
                yield from self.sections.values()
            with Horizontal(classes="row"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Preset rules", id="reset")
                yield Button("Back", id="back")
        # outside the form that scrolls: in view wherever the form is
        error = Static("", id="form-error", markup=False)
        error.display = False
        yield error
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "New game"
        self.retitle()

    def format_choices(self) -> list[tuple[str, str]]:
        """The formats the variant is played in, as the format choice offers them."""
        return [(f.title, f.value) for f in formats_for(preset(self.variant))]

    def fill_options(self, use_preset: bool = False) -> None:
        """Every rule option set to your house rules for the variant (or to
        the preset's values), with the preset's value beside each. The
        sections stay open or folded as they were."""
        base = preset(self.variant)
        mine = base if use_preset else self.settings.rules_for(self.variant)
        for name, option in self.rule_options.items():
            option.show(getattr(mine, name), getattr(base, name))
        self.retitle()
        self.recheck()

    def retitle(self) -> None:
        """Each section's title says how many of its options are not the
        preset's, so a folded section hides no house rule; the format's line
        says the target of the rules as they stand."""
        base = preset(self.variant)
        for group, title in RULE_GROUPS.items():
            n = sum(
                option.differs(getattr(base, name))
                for name, option in self.rule_options.items()
                if rule_group(name) == group
            )
            section = self.sections[group]
            section.title = f"{title} ({n} changed from the preset)" if n else title
        self.show_format()

    def on_rule_option_changed(self, _event: RuleOption.Changed) -> None:
        self.retitle()
        self.recheck()

    @on(Select.Changed, "#variant")
    def variant_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.variant:
            self.variant = event.value
            fmt = self.format if self.format.allows(preset(self.variant)) else Format.TWO
            choice = self.query_one("#format", Select)
            with self.prevent(Select.Changed):  # the form's choice, not the player's
                choice.set_options(self.format_choices())
                choice.value = fmt.value
            self.set_format(fmt)
            self.fill_options()
            self.show_levels()

    @on(Select.Changed, "#format")
    def format_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.format.value:
            self.set_format(Format(event.value))

    @on(Input.Changed, "#seed")
    def seed_changed(self) -> None:
        self.recheck()

    def set_format(self, fmt: Format) -> None:
        """Show ``fmt``'s seats, as last chosen for it; keep the ones shown for the format left."""
        if fmt is self.format:
            return
        self.chosen[self.format] = self.shown_seats()
        self.format = fmt
        seats = self.chosen[fmt]
        for row in self.seat_rows:
            row.display = row.seat < fmt.seats
            if row.display:
                kind, name = seats[row.seat]
                row.show(label=seat_label(fmt, row.seat), kind=kind, name=name)
        self.query_one("#teams").display = fmt.play.teams
        self.query_one("#teams", Static).update(team_words(fmt))
        self.show_format()
        self.show_levels()
        self.recheck()

    def shown_rows(self) -> list[SeatRow]:
        """The rows of the format's seats (the others are hidden)."""
        return self.seat_rows[: self.format.seats]

    def shown_seats(self) -> list[SeatChoice]:
        """The seats of the format shown, as the form has them."""
        return [(row.kind, row.player_name) for row in self.shown_rows()]

    def on_seat_row_changed(self, event: SeatRow.Changed) -> None:
        kind, was = event.kind, event.kind_was
        if kind != was and event.seat < self.format.seats:
            typed = event.name.strip()
            if (kind == PERSON) != (was == PERSON) and (not typed or DEFAULT_NAME.fullmatch(typed)):
                event.seat_row.show(name=self.default_name(event.seat, kind))
            self.name_people()
            self.show_levels()
        self.recheck()

    def name_people(self) -> None:
        """A person named "You" by the form while others share the keyboard
        is "Player N" (the curtain would say "Pass the keyboard to You"), and
        the one person left is "You" again; names typed stay."""
        people = [row for row in self.shown_rows() if row.kind == PERSON]
        for row in people:
            typed = row.player_name.strip()
            if typed and not DEFAULT_NAME.fullmatch(typed):
                continue
            name = "You" if len(people) == 1 else f"Player {row.seat + 1}"
            if typed != name:
                row.show(name=name)

    def default_name(self, seat: int, kind: str) -> str:
        """The name a seat gets when its kind changes: "You" for the first
        person, "Player N" for other people, "Computer B" for computers."""
        fmt = self.format
        if kind != PERSON:
            return computer_name(fmt, seat)
        if fmt.two_players:
            return "You" if seat == 0 else "Player 2"
        others = [row.player_name.strip() for row in self.shown_rows() if row.seat != seat]
        return "You" if "You" not in others else f"Player {seat + 1}"

    def show_levels(self) -> None:
        kinds = tuple(kind for kind, _ in self.shown_seats())
        self.query_one("#levels", Static).update(level_words(kinds, self.variant))

    def show_format(self) -> None:
        try:
            rules = self.build_rules()
        except ValueError:
            rules = self.settings.rules_for(self.variant)
        words = format_words(self.format, rules, preset(self.variant))
        self.query_one("#format-about", Static).update(words)

    def build_rules(self) -> RuleSet:
        """The variant with the form's house rules; FormProblem if it is not one."""
        base = preset(self.variant)
        changes: dict[str, Any] = {}
        for name, option in self.rule_options.items():
            try:
                value = option.rule_value()
            except ValueError as exc:
                raise FormProblem(str(exc), option, [option]) from None
            if value != getattr(base, name):
                changes[name] = value
        try:
            return base.but(**changes) if changes else base
        except RulesError as exc:
            named = [self.rule_options[name] for name in named_options(str(exc))]
            # to the first option named that the player changed: the likeliest culprit
            changed = [option for option in named if option.option_name in changes]
            at = (changed or named)[0] if named else None
            raise FormProblem(f"these house rules do not work together: {exc}", at, named) from None

    def build_seats(self) -> tuple[Seat, ...]:
        """The seats of the format shown; FormProblem if they cannot play."""
        fmt = self.format
        seats = []
        for seat, (kind, typed) in enumerate(self.shown_seats()):
            name = typed.strip()[:NAME_LENGTH].strip()
            if not name:
                name = f"Player {seat + 1}" if kind == PERSON or fmt.two_players else ""
                name = name or computer_name(fmt, seat)
            if kind == PERSON:
                seats.append(Seat(name))
            else:
                seats.append(Seat(name, SeatKind.COMPUTER, Level(kind)))
        names = [s.name.casefold() for s in seats]
        if len(set(names)) != len(names):
            rows = [
                row for row, n in zip(self.shown_rows(), names, strict=True) if names.count(n) > 1
            ]
            words = (
                "give the two players different names"
                if fmt.seats == 2
                else "give each player a different name"
            )
            raise FormProblem(words, rows[-1].name_input, rows)
        if fmt.seats > 2 and not any(s.is_person for s in seats):
            rows = self.shown_rows()
            raise FormProblem("at least one seat must be a person", rows[0].kind_choice, rows)
        return tuple(seats)

    def build(self) -> tuple[RuleSet, tuple[Seat, ...], int, Format]:
        """The form as a game: rules, seats, seed and format; FormProblem
        (a ValueError) with a readable message if it is not one."""
        rules = self.build_rules()
        try:
            self.format.check(rules)
        except ValueError as exc:
            raise FormProblem(str(exc), self.query_one("#format")) from None
        seats = self.build_seats()
        seed = self.query_one("#seed", Input)
        text = seed.value.strip()
        try:
            number = int(text) if text else secrets.randbelow(10**6)
        except ValueError:
            raise FormProblem("the seed must be a whole number", seed, [seed]) from None
        return rules, seats, number, self.format

    def show_problem(self, problem: FormProblem | None) -> None:
        """Say ``problem`` on the line above the keys and mark where it is
        (None: the form is a game, and nothing is marked)."""
        for widget in self.problem.marked if self.problem else ():
            widget.remove_class("-invalid")
        self.problem = problem
        error = self.query_one("#form-error", Static)
        error.display = problem is not None
        error.update(f"⚠ {problem}" if problem else "")
        for widget in problem.marked if problem else ():
            widget.add_class("-invalid")

    async def go_to(self, widget: Widget) -> None:
        """Focus ``widget`` (a rule option: its control), its section opened,
        with the form scrolled to it."""
        if isinstance(widget, RuleOption):
            rules = self.sections[rule_group(widget.option_name)]
            if not rules.made:
                await rules.open()
            widget = widget.control
        folded = [a for a in widget.ancestors if isinstance(a, Collapsible) and a.collapsed]
        for section in folded:
            section.collapsed = False
        # a section opened scrolls itself into view after the next refresh;
        # asked in its queue, after that, the form's scroll to the widget comes last
        (folded[0] if folded else self).call_after_refresh(self.bring_into_view, widget)

    def bring_into_view(self, widget: Widget) -> None:
        """Focus ``widget`` and scroll the form to have it in the middle
        (not if the form has gone, or another screen has come in front)."""
        if not on_top(self):
            return
        widget.focus(scroll_visible=False)
        form = self.query_one("#form", VerticalScroll)
        form.scroll_to_center(widget, animate=False, origin_visible=True)

    def recheck(self) -> None:
        """While a problem is shown, the line follows the form: it goes
        when the form is right, and says the problem there is now."""
        if self.problem is None:
            return
        try:
            self.build()
        except FormProblem as problem:
            self.show_problem(problem)
        else:
            self.show_problem(None)

    async def action_start(self) -> None:
        if not on_top(self):
            return
        try:
            rules, seats, seed, fmt = self.build()
        except FormProblem as problem:
            self.show_problem(problem)
            self.app.bell()
            if problem.at is not None:
                await self.go_to(problem.at)
            return
        self.show_problem(None)
        self.remember(rules, seats, fmt)
        target = game_target(fmt, rules, preset(self.variant))
        gin_app(self).start_game(rules, seats, seed, fmt, target)

    @on(Button.Pressed, "#start")
    async def start_pressed(self) -> None:
        await self.action_start()

    @on(Button.Pressed, "#back")
    def back_pressed(self) -> None:
        self.action_back()

    @on(Button.Pressed, "#reset")
    def reset_pressed(self) -> None:
        self.fill_options(use_preset=True)

    def remember(self, rules: RuleSet, seats: tuple[Seat, ...], fmt: Format) -> None:
        """Keep the variant, its house rules, the format and its seats as
        the next new game's defaults."""
        base = preset(self.variant)
        preset_values = base.to_dict()
        changes = {
            name: value
            for name, value in rules.to_dict().items()
            if name not in SKIPPED and value != preset_values[name]
        }
        app = gin_app(self)
        house = {k: v for k, v in app.settings.house_rules.items() if k != self.variant}
        if changes:
            house[self.variant] = changes
        chosen = tuple((PERSON if s.is_person else s.level, s.name) for s in seats)
        updated = dataclasses.replace(
            app.settings,
            default_rules=self.variant,
            house_rules=house,
            default_format=fmt.value,
            seats={**app.settings.seats, fmt.value: chosen},
        )
        if updated != app.settings:
            app.change_settings(updated)
