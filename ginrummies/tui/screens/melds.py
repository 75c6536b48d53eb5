"""Every meld on the table, over the table, when they do not all fit beside
the hand (Skarney, Colonel)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...core import Meld
from ..widgets.footer import KeyFooter
from ..widgets.melds import TableMeldsView
from .base import on_top


class MeldsScreen(ModalScreen[None]):
    """The table's melds, all of them, numbered as on the table; the arrows
    and Page Down scroll them."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,b,q", "close", "Close")]

    def __init__(self, melds: tuple[tuple[Meld, str], ...]) -> None:
        super().__init__()
        self.melds = melds

    def compose(self) -> ComposeResult:
        n = len(self.melds)
        with Vertical(id="dialog"):
            yield Static(
                f"Melds on the table ({n})", id="melds-title", classes="title", markup=False
            )
            with VerticalScroll(classes="body"):
                every = TableMeldsView(id="all-melds", fold=False)
                every.melds = self.melds
                yield every
            yield Static("↑↓ PgUp PgDn scroll · Esc back", classes="hint", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(".body").focus()

    def action_close(self) -> None:
        if on_top(self):
            self.dismiss(None)
