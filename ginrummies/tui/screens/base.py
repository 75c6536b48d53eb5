"""What the screens share: which one is in front, and a screen Escape leaves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.await_complete import AwaitComplete
from textual.screen import Screen

from ..gameapp import gin_app

__all__ = ["BackScreen", "done", "gin_app", "on_top"]


def done() -> AwaitComplete:
    """An awaitable already complete: what a close that does nothing returns."""
    nothing: Callable[[], AwaitComplete] = AwaitComplete.nothing
    return nothing()


def on_top(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is the one in front, the one keys and clicks reach.

    A screen closes itself only then: Textual's ``dismiss`` and ``pop_screen``
    close the screen in front, whichever it is, and a key or a message still on
    its way may arrive once another screen has come in front (the palette, a
    hand's result) or the screen has gone. Textual's ``is_current`` will not do:
    it is true under a dialog too. A screen whose mounting is still under way
    is not in front yet: an Esc that arrives with the Enter that opened it
    would leave it before its ``on_mount`` ran (on widgets already gone)."""
    stack = screen.app.screen_stack
    return bool(stack) and stack[-1] is screen and screen.is_mounted


class BackScreen(Screen[None]):
    """A screen that Escape leaves, once (a second Escape on its way does nothing)."""

    def action_back(self) -> None:
        if on_top(self):
            self.app.pop_screen()
