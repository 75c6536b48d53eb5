"""The hot-seat curtain: the table hidden until the next person is at the keyboard."""

from __future__ import annotations

import time
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from .base import on_top


class CurtainScreen(Screen[bool]):
    """Hot-seat: hides the table until the next player is at the keyboard
    (True), or until someone goes back to the menu with Esc (False).

    Enter also discards at the table, so a quick double Enter would lift the
    curtain the moment it fell and show the next hand to the wrong person:
    keys in the first ``GUARD`` seconds are ignored."""

    GUARD = 0.6
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "I am ready", key_display="Enter"),
        Binding("escape,q", "menu", "Menu"),
    ]

    def __init__(self, name: str, where: str = "", others: str = "the other player") -> None:
        """``where``: the table the player goes to, in words (formats of four);
        ``others``: who must not look."""
        super().__init__()
        self.player = name
        self.where = where
        self.others = others
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain"):
            yield Static(f"Pass the keyboard to {self.player}", classes="title", markup=False)
            if self.where:
                yield Static(self.where, id="curtain-where", markup=False)
            yield Static(
                f"{self.player}, press Enter when {self.others} cannot see the screen.\n"
                "Esc: back to the menu (the game waits).",
                classes="hint",
                markup=False,
            )
        yield Footer()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()

    def action_ready(self) -> None:
        if not on_top(self) or time.monotonic() - self.shown_at < self.GUARD:
            return  # a key meant for the table, pressed as the curtain fell
        self.dismiss(True)

    def action_menu(self) -> None:
        if on_top(self):
            self.dismiss(False)
