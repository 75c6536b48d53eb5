"""The rules screen: each variant's rules and its formats for three and four."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import (
    Markdown,
    OptionList,
)
from textual.widgets.option_list import Option

from ...core import RuleSet, formats_for, preset
from ...play.rulestext import format_markdown, rules_markdown
from ..widgets.footer import KeyFooter
from ..widgets.header import header
from ..widgets.marked import MarkedList
from .base import BackScreen
from .newgame import VARIANTS


class RulesScreen(BackScreen):
    """The rules of every variant, one at a time, as ``rules_for`` has them
    (the player's house rules from the menu; the presets by default)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "back", "Back")]

    def __init__(self, variant: str = "gin", rules_for: Callable[[str], RuleSet] = preset) -> None:
        super().__init__()
        self.variant = variant if variant in VARIANTS else "gin"
        self.rules_for = rules_for

    def compose(self) -> ComposeResult:
        yield header()
        with Horizontal(id="rules"):
            yield MarkedList(
                *[Option(preset(v).name, id=v) for v in VARIANTS], id="variants", markup=False
            )
            with VerticalScroll(id="rules-text"):
                yield Markdown(rules_and_formats(self.rules_for(self.variant)))
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Rules"
        options = self.query_one(OptionList)
        options.highlighted = VARIANTS.index(self.variant)
        options.focus()

    @on(OptionList.OptionHighlighted)
    def show(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.query_one(Markdown).update(rules_and_formats(self.rules_for(event.option.id)))


def rules_and_formats(rules: RuleSet) -> str:
    """A variant's rules, then its formats for three and four."""
    more = [format_markdown(f, rules) for f in formats_for(rules) if not f.two_players]
    return "\n\n".join([rules_markdown(rules), *more])
