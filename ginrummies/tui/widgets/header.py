"""The header of every screen: the game's name and the screen's title."""

from __future__ import annotations

from textual import events
from textual.dom import NoScreen
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


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


# the cells beside the title: Textual's icon (8) and its clock's space (10)
BESIDE_TITLE = 18


def title_room(width: int) -> int:
    """The cells the title and its line have in a header ``width`` wide."""
    return max(width - BESIDE_TITLE, 0)


def header() -> Header:
    """The title bar of every screen; its club (clicked: the command palette)
    is in every font that has the suits, where Textual's own circle is not."""
    return GameHeader(icon="♣")
