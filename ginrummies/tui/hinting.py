"""The hint key at the table: a hint is thought in a worker, like the
computer's moves, so keys keep working; it shows in the status line, moves
the cursor to its card, and ``y`` plays it while it still applies."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from textual.app import App

from ..ai.hints import Hint, hint
from ..core import Action, PlayerView
from ..play.session import Session
from ..play.tell import action_words
from ..store import HintLevel
from .seatview import HandState


class HintTable(Protocol):
    """What the hints need of the table screen."""

    session: Session
    state: HandState

    @property
    def app(self) -> App[None]: ...

    @property
    def hand_hidden(self) -> bool: ...

    def say(self, text: str, warn: bool = False) -> None: ...

    def note(self, text: str) -> None: ...

    def moment(self) -> object: ...

    def redraw(self) -> None: ...

    def run_worker(
        self, work: Callable[[], None], *, thread: bool, group: str, exit_on_error: bool
    ) -> object: ...


class Hints:
    """One hint at a time, for the person to move."""

    def __init__(self, table: HintTable) -> None:
        self.table = table
        self.thinking = False
        self.cursor_then: object = None  # where the cursor was: a pick made meanwhile is kept
        # (the person's table as it stood, move) of the last hint
        self.hinted: tuple[object, Action] | None = None

    def ask(self, level: HintLevel) -> None:
        table = self.table
        session = table.session
        if not session.person_to_move or table.hand_hidden:
            table.say("A hint comes on your turn.")
            return
        if self.thinking:
            table.say("Still thinking of a hint...")
            return
        self.thinking = True
        self.cursor_then = table.state.cursor_card
        table.say("Thinking of a hint...")
        view = session.view()
        table.run_worker(
            partial(self._think, self.table.moment(), view, level),
            thread=True,
            group="hint",
            exit_on_error=False,
        )

    def _think(self, version: object, view: PlayerView, level: HintLevel) -> None:
        app = self.table.app
        try:
            hints = hint(view, view.legal_actions, level=level)
        except Exception as exc:  # a bug in the hints must not end the game
            app.call_from_thread(self._failed, exc)
            return
        app.call_from_thread(self._done, version, view, hints[0] if hints else None)

    def _failed(self, exc: Exception) -> None:
        self.thinking = False
        self.table.say(f"No hint this time ({type(exc).__name__}: {exc}).", warn=True)

    def _done(self, version: object, view: PlayerView, best: Hint | None) -> None:
        self.thinking = False
        table = self.table
        if best is None or version != self.table.moment() or table.hand_hidden:
            return  # the game moved on while the hint was thought: it no longer applies
        state = table.state
        card = getattr(best.action, "card", None) or getattr(best.action, "discard", None)
        if card in state.order and state.cursor_card == self.cursor_then:
            state.cursor_card = card
        self.hinted = (version, best.action)
        words = action_words(best.action, view)
        table.note(f"Hint: {words} — {best.explanation()}. y plays it.")
        table.redraw()

    def move(self) -> Action | None:
        """The move of the last hint, while it still applies."""
        table = self.table
        if self.hinted is None or self.hinted[0] != self.table.moment() or table.hand_hidden:
            return None
        action = self.hinted[1]
        return action if action in table.session.legal() else None

    def forget(self) -> None:
        self.hinted = None
