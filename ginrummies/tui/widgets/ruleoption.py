"""One house rule of the new-game form: its name, what edits it (a switch, a
choice or a whole number, as the rule's value is) and the preset's value
beside it.

The row holds the option's name and its value, and says when the player
changes it (``RuleOption.Changed``); the form refills it (``show``) without a
word. It reads the value the player gave as the rule's (``rule_value``), and
says in words what is wrong with one it cannot be. A row not mounted yet (its
section of the form never opened) holds its value itself, and shows it once
mounted.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.validation import Integer
from textual.widget import AwaitMount
from textual.widgets import Collapsible, Input, Label, Select, Static, Switch

from ...core import RuleSet
from .marked import MarkedSelect
from .switch import OnOffSwitch

FormValue = bool | str
"""What a rule option's widget holds: a switch's bool, a choice's value, the text typed."""


def shown_value(value: Any) -> str:
    """A rule option's value as the form shows it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, Enum):
        return str(value.value).replace("_", " ")  # "gin only", not "gin_only"
    return str(value)


def hint_text(name: str, preset_value: Any) -> str:
    return f"{RuleSet.option_help(name)} (preset: {shown_value(preset_value)})"


def choice_value(value: Any) -> str:
    """A choice's or a number's value as its widget holds it: the enum's value, the digits."""
    return str(value.value) if isinstance(value, Enum) else str(value)


def option_widget(name: str, value: Any) -> Switch | Select[str] | Input:
    """What edits rule option ``name``: a switch for on or off, a choice for
    one of several, a whole number (none below 0, the input marked as it
    is typed) for the rest."""
    if isinstance(value, bool):
        return OnOffSwitch(value=value, id=f"opt-{name}")
    if isinstance(value, Enum):
        choices = [(shown_value(e), str(e.value)) for e in type(value)]
        return MarkedSelect(choices, value=choice_value(value), allow_blank=False, id=f"opt-{name}")
    return Input(str(value), type="integer", validators=[Integer(minimum=0)], id=f"opt-{name}")


class RuleOption(Horizontal):
    """One house rule: its name, the widget that edits it (``#opt-<name>``)
    and its help with the preset's value (``#hint-<name>``)."""

    DEFAULT_CLASSES: ClassVar[str] = "row"

    class Changed(Message):
        """The player changed the rule (a refill by the form posts none)."""

        def __init__(self, rule_option: RuleOption, name: str, value: FormValue) -> None:
            super().__init__()
            self.rule_option = rule_option
            self.name = name  # the option's, as RuleSet calls it
            self.value = value  # as the widget holds it

        @property
        def control(self) -> RuleOption:
            return self.rule_option

    def __init__(self, option: str, value: Any, preset_value: Any) -> None:
        """``option``: the rule's name in ``RuleSet``; ``value``: its value
        now, whose type picks the widget; ``preset_value``: the variant's."""
        super().__init__(id=f"rule-{option}")
        self._option = option
        self._value = value  # as the row is made, or as the form last filled it
        self._preset_value = preset_value

    @property
    def option_name(self) -> str:
        """The rule's name, as ``RuleSet`` calls it."""
        return self._option

    @property
    def control(self) -> Switch | Select[str] | Input:
        """The widget that edits the rule (what the player focuses); only
        once the row is mounted (see ``made``)."""
        control = self.query_one(f"#opt-{self._option}")
        assert isinstance(control, Switch | Select | Input)
        return control

    @property
    def made(self) -> bool:
        """Whether the row's widgets are there: until then it holds its value itself."""
        return bool(self.query(f"#opt-{self._option}"))

    @property
    def value(self) -> FormValue:
        """The rule as the widget holds it: a bool, a choice's value, the text typed."""
        if not self.made:
            return self._value if isinstance(self._value, bool) else choice_value(self._value)
        control = self.control
        return control.value if isinstance(control, Switch | Input) else str(control.value)

    def compose(self) -> ComposeResult:
        name = self._option
        # the values as they are made (and mounted) are no change by the player
        with self.prevent(Input.Changed, Select.Changed, Switch.Changed):
            yield Label(name.replace("_", " "), classes="name", markup=False)
            yield option_widget(name, self._value)
            yield Static(
                hint_text(name, self._preset_value), id=f"hint-{name}", classes="hint", markup=False
            )

    def show(self, value: Any, preset_value: Any) -> None:
        """Show ``value``, and ``preset_value`` as the preset's (the form's
        refill: no ``Changed``)."""
        self._value, self._preset_value = value, preset_value
        if not self.made:
            return  # shown as it is mounted
        control = self.control
        with self.prevent(Input.Changed, Select.Changed, Switch.Changed):
            if isinstance(control, Switch):
                control.value = bool(value)
            else:
                control.value = choice_value(value)
        self.query_one(f"#hint-{self._option}", Static).update(
            hint_text(self._option, preset_value)
        )

    def differs(self, value: Any) -> bool:
        """Whether the form holds other than ``value`` (a number as typed, spaces aside)."""
        shown = self.value
        if isinstance(shown, str):
            return shown.strip() != choice_value(value)
        return shown is not bool(value)

    def rule_value(self) -> Any:
        """The value the player gave, as the rule's type (the preset's);
        ValueError, in a player's words, if it cannot be one."""
        shown, like = self.value, self._preset_value
        if isinstance(like, bool):
            return bool(shown)
        if isinstance(like, Enum):
            return type(like)(shown)
        words = self._option.replace("_", " ")
        try:
            number = int(str(shown).strip())
        except ValueError:
            raise ValueError(f"{words} must be a whole number") from None
        if number < 0:
            raise ValueError(f"{words} cannot be negative")
        return number

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Switch.Changed)
    def _changed(self, event: Input.Changed | Select.Changed | Switch.Changed) -> None:
        event.stop()
        self.post_message(self.Changed(self, self._option, self.value))


class RuleSection(Collapsible):
    """A kind of house rule, folded at first, whose rows are mounted the
    first time it is opened: they are two thirds of the new-game form's
    widgets, and the form opens in about half the time without them
    (benchmarks/startup.py). Until then each row holds its value itself."""

    def __init__(self, title: str, rows: Sequence[RuleOption], *, id: str) -> None:
        super().__init__(title=title, id=id)
        self.rows = tuple(rows)
        self._mounting: AwaitMount | None = None

    @property
    def made(self) -> bool:
        """Whether the rows have been mounted (the section was opened)."""
        return self._mounting is not None

    def watch_collapsed(self, collapsed: bool) -> None:
        if not collapsed:
            self.make()

    def make(self) -> AwaitMount:
        """Mount the rows, once; awaiting it waits until they are there."""
        if self._mounting is None:
            self._mounting = self.query_one(Collapsible.Contents).mount_all(self.rows)
        return self._mounting

    async def open(self) -> None:
        """Unfold the section and wait until its rows are mounted."""
        self.collapsed = False
        await self.make()
