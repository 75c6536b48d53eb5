"""The help over the table: the keys and the rules in play."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from ...core import Format, RuleSet
from ...play.keys import help_rows
from ...play.rulestext import format_hint, format_markdown, rules_markdown
from ..widgets.footer import KeyFooter
from .base import on_top


class HelpScreen(ModalScreen[None]):
    """Keys, the format in play and the rules of the game being played."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,f1,h,q", "close", "Close")]

    def __init__(
        self, rules: RuleSet, fmt: Format = Format.TWO, *, across: bool = False, hints: bool = True
    ) -> None:
        """``across``: at a table across machines; ``hints``: whether hints may be asked for."""
        super().__init__()
        self.rules = rules
        self.fmt = fmt
        self.across = across
        self.hints = hints

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"), VerticalScroll(classes="body"):
            yield Static("Keys", classes="title", markup=False)
            keys = keys_table(self.rules, across=self.across, hints=self.hints)
            yield Static(keys, id="keys", markup=False)
            if not self.fmt.two_players:
                yield Markdown(format_markdown(self.fmt, self.rules), id="format-help")
                yield Static(format_hint(self.fmt, self.rules), classes="hint", markup=False)
            yield Markdown(rules_markdown(self.rules))
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(".body").focus()  # the arrows and Page Down scroll it

    def action_close(self) -> None:
        if on_top(self):
            self.dismiss(None)


def keys_table(rules: RuleSet, *, across: bool = False, hints: bool = True) -> Table:
    """The help's keys: this game's only, one line each."""
    table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for keys, words in help_rows(rules, across=across, hints=hints):
        table.add_row(keys, words)
    return table
