"""The app's command palette (Ctrl+P): Textual's commands (its theme picker
offers the game's themes) and the table's, each run once and only while
the screen it was opened over is in front."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from ..play.keys import MOVES
from .gameapp import GameApp
from .screens.base import on_top
from .screens.palette import Palette


class CommandsApp(GameApp):
    """The palette's commands."""

    def action_command_palette(self) -> None:
        """Ctrl+P: the palette, as ``Palette`` (closing, it closes nothing else)."""
        if self.use_command_palette and not isinstance(self.screen, Palette):
            self.push_screen(Palette())

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        palette = next((s for s in self.screen_stack if isinstance(s, Palette)), None)
        for command in self.commands(screen):
            yield command._replace(callback=partial(self.run_command, screen, palette, command))

    def run_command(
        self, screen: Screen[Any], palette: Palette | None, command: SystemCommand
    ) -> None:
        """Run ``command``, chosen in the palette opened over ``screen``: once
        (an Enter still on its way to the palette after it closed chooses it
        again), and only while ``screen`` is in front (it may have closed
        meanwhile: a hint asked of a table that has gone failed)."""
        if (palette is not None and palette.ran) or not on_top(screen):
            return
        if palette is not None:
            palette.ran = True
        command.callback()

    def commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's commands over ``screen``: Textual's (its theme picker
        offers the game's themes) and the table's."""
        yield from super().get_system_commands(screen)
        from .screens.table import TableScreen  # here: see above TYPE_CHECKING

        if isinstance(screen, TableScreen):
            for move in MOVES:
                if not move.applies(screen.session.rules):
                    continue
                now = "" if screen.legal_of(move.name) else " (not possible now)"
                yield SystemCommand(
                    move.words.capitalize(),
                    f"key {move.key}{now}",
                    partial(screen.command, move.name),
                    discover=not now,
                )
            yield SystemCommand("Undo", "key u: take back your last move", screen.action_undo)
            yield SystemCommand("Sort the hand", "key s", screen.action_sort)
            yield SystemCommand("Hint", "key ?", screen.action_hint)
            yield SystemCommand("Show or hide the moves", "key v", screen.action_log)
            yield SystemCommand("Help and rules", "key F1", screen.action_help)
