"""What comes next at the table, apart from how it is drawn.

After every change the table asks the flow for the next step: the hand's
result when it is over, the computer's move when it is the computer's turn
(thought in a worker thread about a frozen turn, shown at the game's pace),
and in hot-seat the curtain whenever the person at the keyboard must change.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from functools import partial
from typing import Protocol

from textual.app import App
from textual.timer import Timer

from ..core import says
from ..play.session import Decision, Session, Turn, decide
from .screens.curtain import CurtainScreen
from .screens.result import ResultScreen

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
    """The table's turns: the result, the computers, the curtain.

    Each table's computer thinks in its own worker, so at the other table of
    a partnership game the computers play on at the game's pace while a
    person thinks; one result and one curtain at a time."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.session = table.session
        # hot-seat: the seat whose person said (at the curtain) they are at the
        # keyboard; a hand is drawn face up only for them. A new table, a new
        # hand and every change of turn start with nobody.
        self.at_keyboard: int | None = None
        self.curtain_up = False
        self.busy: dict[int, Timer] = {}  # the tables whose computer is thinking
        self.slow_tables: set[int] = set()  # ... long enough to say so
        self.result_shown = -1

    @property
    def thinking(self) -> bool:
        """A computer is thinking at some table."""
        return bool(self.busy)

    def thinking_at(self, table: int) -> bool:
        return table in self.busy

    def slow_at(self, table: int) -> bool:
        return table in self.slow_tables

    @property
    def slow(self) -> bool:
        return bool(self.slow_tables)

    @property
    def hand_hidden(self) -> bool:
        """Hot-seat: the hand shown is not the hand of the person at the keyboard
        (or the hand is over: the result shows it, and the next person comes)."""
        session = self.session
        if not session.hot_seat:
            return False
        return self.curtain_up or session.round_over or self.at_keyboard != session.viewer()

    def pace(self) -> float:
        """Seconds a computer's move shows: the game's pace, or a quarter of
        it once the person's own hand is over and another table plays on."""
        session = self.session
        delay: float = self.table.app.settings.delay  # type: ignore[attr-defined]
        mine = session.person_table()
        if mine is not None and session.game.round.hands[mine].is_over:
            return delay / 4
        return delay

    def step(self) -> None:
        """Start whatever comes next; called after every redraw."""
        session = self.session
        app = self.table.app
        if session.round_over:
            rounds = len(session.game.rounds)
            if self.result_shown != rounds:
                self.result_shown = rounds
                app.push_screen(ResultScreen(session), self.after_result)
            return
        for table in session.computer_tables():
            if table in self.busy:
                continue
            turn = session.computer_turn(table)
            assert turn is not None
            pace = self.pace()
            self.busy[table] = self.table.set_timer(pace + SLOW, partial(self._slow, table))
            self.table.run_worker(
                partial(self._think, turn, pace),
                thread=True,
                group=f"computer-{table}",
                exit_on_error=False,
            )
        if not session.person_to_move:
            return
        seat = session.to_move
        hidden = session.hot_seat and seat is not None and seat != self.at_keyboard
        if hidden and seat is not None and not self.curtain_up:
            self.curtain_up = True
            app.push_screen(curtain(session, seat), partial(self.ready, seat))

    def ready(self, seat: int, ready: bool | None = True) -> None:
        """The curtain's Enter: ``seat``'s person is at the keyboard (its Esc:
        back to the menu, the hand still hidden)."""
        self.curtain_up = False
        if ready is False:
            self.table.app.show_menu()  # type: ignore[attr-defined]
            return
        self.at_keyboard = self.session.keyboard = seat
        self.table.forget()
        self.table.redraw()

    def after_result(self, choice: str | None = None) -> None:
        session = self.session
        app = self.table.app
        if session.game.is_over:
            # after the result screen has gone: its dismissal is still under way
            if choice == "another":
                again = session.another(secrets.randbelow(10**6))
                app.call_later(app.start_session, again)  # type: ignore[attr-defined]
            else:
                app.call_later(app.show_menu)  # type: ignore[attr-defined]
            return
        session.next_hand()
        # all saw the result: the next hand starts behind the curtain
        self.at_keyboard = self.session.keyboard = None
        self.table.forget()
        self.table.redraw()

    def _slow(self, table: int) -> None:
        if table in self.busy:
            self.slow_tables.add(table)
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
        table = decision.turn.table
        timer = self.busy.pop(table, None)
        self.slow_tables.discard(table)
        if timer is not None:
            timer.stop()
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


def curtain(session: Session, seat: int) -> CurtainScreen:
    """The curtain before ``seat``'s turn: with two tables it says which one."""
    name = session.names[seat]
    people = sum(s.is_person for s in session.seats)
    others = "the other player" if people == 2 else "the others"
    where = ""
    table = session.game.table_of(seat)
    if session.format.tables > 1 and table is not None:
        opponent = session.names[session.opponent(seat)]
        where = f"{says(name, 'plays')} at table {table + 1}, against {opponent}."
    return CurtainScreen(name, where, others)
