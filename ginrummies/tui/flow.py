"""What comes next at the table, apart from how it is drawn.

After every change the table asks the flow for the next step: the hand's
result when it is over, the computer's move when it is the computer's turn
(thought in a worker thread about a frozen turn, shown at the game's pace),
and in hot-seat the curtain whenever the person at the keyboard must change.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Protocol

from textual.app import App
from textual.timer import Timer

from ..play.session import Decision, Session, Turn, decide
from .dialogs import CurtainScreen, ResultScreen

SLOW = 0.3  # seconds past the game's pace after which the table shows "thinking"


class Table(Protocol):
    """What the flow needs of the screen it runs."""

    session: Session

    @property
    def app(self) -> App[None]: ...

    def redraw(self) -> None: ...

    def forget(self) -> None:
        """Drop what the last person picked and marked: someone else sits down."""

    def run_worker(
        self, work: Callable[[], None], *, thread: bool, group: str, exit_on_error: bool
    ) -> object: ...

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Timer: ...

    def attached(self) -> bool: ...


class TurnFlow:
    """The table's turns: result, computer, curtain; one of each at a time."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.session = table.session
        # hot-seat: the seat whose person said (at the curtain) they are at the
        # keyboard; a hand is drawn face up only for them. A new table, a new
        # hand and every change of turn start with nobody.
        self.at_keyboard: int | None = None
        self.curtain_up = False
        self.thinking = False
        self.slow = False  # the computer has thought long enough to say so
        self.timer: Timer | None = None
        self.result_shown = -1

    @property
    def hand_hidden(self) -> bool:
        """Hot-seat: the hand shown is not the hand of the person at the keyboard."""
        session = self.session
        return session.hot_seat and (self.curtain_up or self.at_keyboard != session.viewer())

    def step(self) -> None:
        """Start whatever comes next; called after every redraw."""
        session = self.session
        app = self.table.app
        if session.hand.is_over:
            if self.result_shown != len(session.game.hands):
                self.result_shown = len(session.game.hands)
                app.push_screen(ResultScreen(session), self.after_result)
            return
        if not self.thinking:
            turn = session.computer_turn()
            if turn is not None:
                pace: float = app.settings.delay  # type: ignore[attr-defined]
                self.thinking = True
                self.slow = False
                self.timer = self.table.set_timer(pace + SLOW, self._slow)
                self.table.run_worker(
                    partial(self._think, turn, pace),
                    thread=True,
                    group="computer",
                    exit_on_error=False,
                )
                return
        seat = session.to_move
        hidden = session.hot_seat and seat is not None and seat != self.at_keyboard
        if hidden and seat is not None and not self.curtain_up:
            self.curtain_up = True
            app.push_screen(CurtainScreen(session.names[seat]), partial(self.ready, seat))

    def ready(self, seat: int, ready: bool | None = True) -> None:
        """The curtain's Enter: ``seat``'s person is at the keyboard (its Esc:
        back to the menu, the hand still hidden)."""
        self.curtain_up = False
        if ready is False:
            self.table.app.show_menu()  # type: ignore[attr-defined]
            return
        self.at_keyboard = seat
        self.table.forget()
        self.table.redraw()

    def after_result(self, _: object = None) -> None:
        session = self.session
        if session.game.is_over:
            # after the result screen has gone: its dismissal is still under way
            self.table.app.call_later(self.table.app.show_menu)  # type: ignore[attr-defined]
            return
        session.next_hand()
        self.at_keyboard = None  # both saw the result: the next hand starts behind the curtain
        self.table.forget()
        self.table.redraw()

    def _slow(self) -> None:
        if self.thinking:
            self.slow = True
            self.table.redraw()

    def _think(self, turn: Turn, pace: float) -> None:
        """In a worker: decide, then wait out the rest of the pace."""
        start = time.monotonic()
        decision = decide(turn)
        rest = pace - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
        self.table.app.call_from_thread(self._done, decision)

    def _done(self, decision: Decision) -> None:
        self.thinking = False
        self.slow = False
        if self.timer is not None:
            self.timer.stop()
        if not self.table.attached():
            return  # the player left the table meanwhile: the move is thought again later
        if decision.problem is not None:
            self.table.app.notify(
                f"{decision.problem}. It played a simple move instead; the game goes on "
                "and is saved.",
                title="The computer stumbled",
                severity="error",
                timeout=15,
            )
        self.session.play_decision(decision)  # a stale answer (after an undo) changes nothing
        self.table.redraw()
