"""The header that says the game and the score, and the side panel."""

from __future__ import annotations

from textual import events
from textual.containers import Vertical
from textual.dom import NoScreen
from textual.widgets import Header, RichLog, Static
from textual.widgets._header import HeaderTitle

from .scoreboard import Scoreboard


class GameHeader(Header):
    """Textual's header, with a title that follows the screen's and cannot
    end the app: Header's own watcher asks for its title widget with
    ``query_one``, and a screen closed a moment after it opened (Enter then
    Esc in one read of the keyboard) has removed it by then, so the
    ``NoMatches`` ended the app."""

    def _on_mount(self, event: events.Mount) -> None:
        # Header's own handler is replaced, not added to (Widget's, next in
        # line, only shows scrollbars a header does not have)
        event.prevent_default()

        async def set_title() -> None:
            try:
                title = self.format_title()
            except NoScreen:  # the header has left its screen
                return
            for shown in self.query(HeaderTitle).results(HeaderTitle):
                shown.update(title)

        self.watch(self.app, "title", set_title)
        self.watch(self.app, "sub_title", set_title)
        self.watch(self.screen, "title", set_title)
        self.watch(self.screen, "sub_title", set_title)


def header() -> Header:
    """The title bar of every screen; its club (clicked: the command palette)
    is in every font that has the suits, where Textual's own circle is not."""
    return GameHeader(icon="♣")


def side_panel() -> Vertical:
    """The column beside the table: the scoreboard and the moves in words."""
    return Vertical(
        Static("Score", classes="label", markup=False),
        Scoreboard(id="score"),
        Static(id="next", markup=False),
        Static("Moves", classes="label", markup=False),
        RichLog(id="log", wrap=True, markup=False, min_width=20),
        id="side",
    )
