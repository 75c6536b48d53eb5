"""The hot-seat curtain: the table hidden until the next person is at the keyboard."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from ...core import says
from ...play.tell import unit
from ..widgets.footer import KeyFooter
from .base import on_top

if TYPE_CHECKING:
    from ...play.place import Place


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
        yield KeyFooter()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()

    def action_ready(self) -> None:
        if not on_top(self) or time.monotonic() - self.shown_at < self.GUARD:
            return  # a key meant for the table, pressed as the curtain fell
        self.dismiss(True)

    def action_menu(self) -> None:
        if on_top(self):
            self.dismiss(False)


def seat_words(session: Place, seat: int) -> str:
    """Where ``seat`` plays this hand and against whom, in the formats of
    three and four, so the person sits down knowing ("Ann plays Bob at
    table 1 this hand.", "Ann plays Bob this round; Cat sits out.");
    nothing for two players."""
    if session.format.two_players:
        return ""
    game = session.game
    table = game.table_of(seat)
    if table is None:  # nobody is called to the keyboard to sit out
        return ""
    name, word = session.names[seat], unit(game).lower()
    words = f"{says(name, 'plays')} {session.names[session.opponent(seat)]}"
    if session.format.tables > 1:
        return f"{words} at table {table + 1} this {word}."
    out = session.format.play.sitting_out(game.round.rota)
    resting = "".join(f"; {says(session.names[s], 'sits')} out" for s in out)
    return f"{words} this {word}{resting}."


def curtain(session: Place, seat: int) -> CurtainScreen:
    """The curtain before ``seat``'s turn: whom they play, at which table,
    and who sits out."""
    people = sum(s.is_person for s in session.seats)
    others = "the other player" if people == 2 else "the others"
    return CurtainScreen(session.names[seat], seat_words(session, seat), others)
