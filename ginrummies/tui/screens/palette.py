"""The command palette, which closes only itself."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.widget import Widget
from textual.worker import Worker

from ..widgets.marked import MarkedCommandList, swapped
from .base import done, on_top


class Palette(CommandPalette):
    """Textual's command palette, closing only itself, and running its command once.

    Textual's palette closes with ``dismiss`` from a message handler. Each
    Enter still on its way to it when it had closed closed one more screen
    (the table, the menu, down to Textual's empty screen, where no key works:
    a blank window that neither played, saved nor quit) and ran the command
    again. A palette no longer in front closes nothing; the app runs its
    command only while ``ran`` is false (``GinApp.run_command``)."""

    def __init__(self, **options: Any) -> None:
        """``options``: Textual's (``providers``, ``placeholder``)."""
        super().__init__(id="--command-palette", **options)
        self.ran = False  # its command has run: a second Enter on its way runs nothing

    def compose(self) -> ComposeResult:
        """Textual's, with the highlighted command marked (widgets/marked.py)."""
        yield from swapped(super().compose(), marked_commands)

    def dismiss(self, result: None = None) -> AwaitComplete:
        if not on_top(self):
            return done()
        return super().dismiss(result)

    def closing(self) -> None:
        """The palette closes (``GinApp.pop_screen``): its search stops with
        it, whoever closes it, as at its own Esc."""
        self.workers.cancel_node(self)

    def _action_command_list(self, action: str) -> None:
        """Textual's, except before the list is drawn: a Page Down that came
        with the Ctrl+P that opened the palette moved a list of no height
        (KeyError in Textual's OptionList: the app ended)."""
        shown = self.query(CommandList).results(CommandList)
        if any(c.scrollable_content_region.height > 0 for c in shown):
            super()._action_command_list(action)

    def run_worker(self, work: Any, *args: Any, **kwargs: Any) -> Worker[Any]:
        """Textual's, except that a palette that has closed starts no search: a
        letter typed just before Esc arrives after the palette has closed, and
        its search found the palette's list gone (NoMatches: the app ended)."""
        worker: Worker[Any] = super().run_worker(work, *args, **kwargs)
        if self not in self.app.screen_stack:
            worker.cancel()
        return worker


def marked_commands(widget: Widget) -> Widget:
    """Textual's list of commands as one that marks the highlighted command."""
    return MarkedCommandList() if type(widget) is CommandList else widget
