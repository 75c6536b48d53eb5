"""The menu's "Host a table": what ``ginrummies host`` asks for on the
command line (the game, its format, how many friends come from other
machines, the computers' level, who may reach the table, the port and
whether hints are allowed), for a browser tab of ``ginrummies serve`` or
anyone at the menu. The table opens with its lobby and its code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from ...core import Format, Level, formats_for, preset
from ...net.plan import PORT
from ...store.settings import NAME_LENGTH
from ..widgets.footer import KeyFooter
from ..widgets.marked import MarkedSelect
from .base import on_top

VARIANTS = ["gin", "oklahoma", "sequence", "skarney", "colonel", "fosdick"]
HERE_ONLY = "127.0.0.1"  # friends come by an SSH tunnel (the README says how)
NETWORK = "0.0.0.0"  # anyone who can reach this machine; not encrypted


@dataclass(frozen=True)
class HostChoice:
    """The table the form asks for."""

    variant: str
    format: Format
    friends: int  # people on other machines (the host sits here too)
    level: Level  # the computers in the seats nobody takes
    listen: str
    port: int
    hints: bool
    name: str


def read_port(text: str) -> tuple[int, str]:
    """The port typed, and what is wrong with it ("" if nothing)."""
    try:
        port = int(text.strip())
    except ValueError:
        return 0, f"{text.strip()[:12]!r} is not a port: a number, like 8765."
    if not 0 <= port <= 65535:
        return 0, f"There is no port {port}: a port is 0 to 65535."
    return port, ""


def pick(name: str, options: list[tuple[str, Any]], value: Any) -> MarkedSelect[Any]:
    """One of the form's choices, a line high."""
    return MarkedSelect(options, value=value, allow_blank=False, compact=True, id=name)


def row(name: str, control: Select[Any] | Input) -> Horizontal:
    return Horizontal(Label(name, classes="name", markup=False), control, classes="row")


def format_options(variant: str) -> list[tuple[str, Format]]:
    return [(f.title, f) for f in formats_for(preset(variant))]


def friend_options(fmt: Format) -> list[tuple[str, int]]:
    """How many come from other machines: one to every seat but the host's."""
    return [(str(n), n) for n in range(1, fmt.seats)]


class HostForm(ModalScreen[HostChoice | None]):
    """A table to host; "Open the table" (or Enter in a text field) opens
    it, Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]

    def __init__(self, name: str, variant: str = "gin", level: Level = Level.NORMAL) -> None:
        super().__init__()
        self.name_given = name
        self.variant = variant if variant in VARIANTS else "gin"
        self.level = level

    def compose(self) -> ComposeResult:
        reach = [
            ("this machine (friends by SSH)", HERE_ONLY),
            ("your network (not encrypted)", NETWORK),
        ]
        hints = [("off (people play people)", False), ("allowed at the table", True)]
        with Vertical(id="dialog", classes="host-form"):
            yield Static("Host a table across machines", classes="title", markup=False)
            with VerticalScroll(classes="body"):
                variants = [(preset(v).name, v) for v in VARIANTS]
                yield row("Variant", pick("variant", variants, self.variant))
                yield row("Format", pick("format", format_options(self.variant), Format.TWO))
                yield row("Friends elsewhere", pick("friends", friend_options(Format.TWO), 1))
                levels = [(f"computer, {lv.value}", lv) for lv in Level]
                yield row("Empty seats", pick("level", levels, self.level))
                yield row("Who can join", pick("reach", reach, HERE_ONLY))
                yield row("Port", Input(str(PORT), compact=True, id="port", max_length=5))
                yield row("Hints", pick("hints", hints, False))
                name = Input(self.name_given, compact=True, id="name", max_length=NAME_LENGTH)
                yield row("Your name", name)
                yield Static(
                    "Friends join with the address and code the lobby shows. Over the "
                    "internet, an SSH tunnel keeps the table private: see the README.",
                    classes="hint",
                    markup=False,
                )
            yield Static("", id="host-problem", markup=False)
            with Horizontal(classes="row"):
                yield Button("Open the table", id="host-open", variant="primary", compact=True)
                yield Static("Tab: next · Esc: back", classes="hint", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#variant", Select).focus()

    @on(Select.Changed, "#variant")
    def variant_changed(self, event: Select.Changed) -> None:
        formats = self.query_one("#format", Select)
        options = format_options(str(event.value))
        was = formats.value
        formats.set_options(options)
        formats.value = was if any(f == was for _, f in options) else Format.TWO

    @on(Select.Changed, "#format")
    def format_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, Format):
            return
        friends = self.query_one("#friends", Select)
        was = friends.value
        options = friend_options(event.value)
        friends.set_options(options)
        friends.value = was if isinstance(was, int) and was < event.value.seats else 1

    @on(Input.Submitted)
    @on(Button.Pressed, "#host-open")
    def submitted(self) -> None:
        port, problem = read_port(self.query_one("#port", Input).value)
        if problem:
            self.query_one("#host-problem", Static).update(problem)
            self.app.bell()
            return
        fmt = self.query_one("#format", Select).value
        friends = self.query_one("#friends", Select).value
        level = self.query_one("#level", Select).value
        assert isinstance(fmt, Format) and isinstance(friends, int) and isinstance(level, Level)
        choice = HostChoice(
            variant=str(self.query_one("#variant", Select).value),
            format=fmt,
            friends=friends,
            level=level,
            listen=str(self.query_one("#reach", Select).value),
            port=port,
            hints=self.query_one("#hints", Select).value is True,
            name=self.query_one("#name", Input).value.strip() or self.name_given,
        )
        if on_top(self):
            self.dismiss(choice)

    def action_cancel(self) -> None:
        if on_top(self):
            self.dismiss(None)
