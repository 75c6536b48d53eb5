"""What comes next at the table, apart from how it is drawn.

After every change the table asks for the next step: the hand's result when
it is over, the computer's move when it is the computer's turn (thought in a
worker thread about a frozen turn, shown at the game's pace), and in
hot-seat the curtain whenever the person at the keyboard must change.
``FlowScreen`` holds that; the table screen (``screens.table``) draws.
"""

from __future__ import annotations

import secrets
import time
from functools import partial

from textual import work
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from ..play.place import Place
from ..play.session import Decision, Session, Turn, decide
from .gameapp import gin_app
from .screens.curtain import curtain
from .screens.result import ResultScreen

SLOW = 0.3  # seconds past the game's pace after which the table shows "thinking"
FINISHED = frozenset({WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED})


class FlowScreen(Screen[None]):
    """A screen where the game's turns come: the result, the computers, the
    curtain. The screen that draws the game (``TableScreen``) says how with
    ``redraw`` and ``forget``.

    Each table's computer thinks in its own worker, so at the other table of
    a partnership game the computers play on at the game's pace while a
    person thinks; one result and one curtain at a time."""

    def __init__(self, session: Place) -> None:
        super().__init__()
        self.session = session
        # hot-seat: the seat whose person said (at the curtain) they are at the
        # keyboard; a hand is drawn face up only for them. A new table, a new
        # hand and every change of turn start with nobody.
        self.at_keyboard: int | None = None
        self.curtain_up = False
        self.busy: dict[int, Timer] = {}  # the tables whose computer is thinking
        self.slow_tables: set[int] = set()  # ... long enough to say so
        self.stuck: set[int] = set()  # ... and failed: not asked again at this screen
        self.thinkers: dict[Worker[Decision], int] = {}  # each worker's table
        self.result_shown = -1

    def redraw(self) -> None:
        """Show the game as it stands, then call ``step``."""
        raise NotImplementedError

    def forget(self) -> None:
        """Drop what the last person picked and marked: someone else sits down."""
        raise NotImplementedError

    def attached(self) -> bool:
        """Still on the app's stack (a worker's answer may come after it left)."""
        return self.is_attached and self.app.screen_stack.count(self) > 0

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
        delay = gin_app(self).settings.delay
        mine = session.person_table()
        if mine is not None and session.game.round.hands[mine].is_over:
            return delay / 4
        return delay

    def step(self) -> None:
        """Start whatever comes next; called after every redraw."""
        session = self.session
        if session.round_over:
            rounds = len(session.game.rounds)
            if self.result_shown != rounds:
                self.result_shown = rounds
                self.app.push_screen(ResultScreen(session), self.after_result)
            return
        for table in session.computer_tables():
            if table in self.busy or table in self.stuck:
                continue
            turn = session.computer_turn(table)
            assert turn is not None
            pace = self.pace()
            self.busy[table] = self.set_timer(pace + SLOW, partial(self._slow, table))
            self.thinkers[self.computer_move(turn, pace)] = table
        if not session.person_to_move:
            return
        seat = session.to_move
        hidden = session.hot_seat and seat is not None and seat != self.at_keyboard
        if hidden and seat is not None and not self.curtain_up:
            self.curtain_up = True
            self.app.push_screen(curtain(session, seat), partial(self.ready, seat))

    def ready(self, seat: int, ready: bool | None = True) -> None:
        """The curtain's Enter: ``seat``'s person is at the keyboard (its Esc:
        back to the menu, the hand still hidden)."""
        self.curtain_up = False
        if ready is False:
            gin_app(self).show_menu()
            return
        self.at_keyboard = self.session.keyboard = seat
        self.forget()
        self.redraw()

    def after_result(self, choice: str | None = None) -> None:
        session = self.session
        app = gin_app(self)
        if session.game.is_over:
            # after the result screen has gone: its dismissal is still under way
            if choice == "another" and isinstance(session, Session):
                again = session.another(secrets.randbelow(10**6))
                app.call_later(app.start_session, again)
            else:
                app.call_later(app.show_menu)
            return
        app.next_hand(session)
        # all saw the result: the next hand starts behind the curtain
        self.at_keyboard = self.session.keyboard = None
        self.forget()
        self.redraw()

    def _slow(self, table: int) -> None:
        if table in self.busy:
            self.slow_tables.add(table)
            self.redraw()

    # Not exclusive: at a partnership game both tables' computers think at
    # once; ``busy`` keeps one worker a table.
    @work(thread=True, group="computer", exit_on_error=False)
    def computer_move(self, turn: Turn, pace: float) -> Decision:
        """Decide, then wait out the rest of the pace (in a worker thread)."""
        start = time.monotonic()
        decision = decide(turn)
        rest = pace - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
        return decision

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "computer" or event.state not in FINISHED:
            return
        table = self.thinkers.pop(worker, None)
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, Decision):
            self.computer_moved(worker.result)
        elif event.state is WorkerState.ERROR and table is not None:
            self.computer_failed(table, worker.error)

    def computer_moved(self, decision: Decision) -> None:
        table = decision.turn.table
        self._not_busy(table)
        if not self.attached():
            return  # the player left the table meanwhile: the move is thought again later
        if decision.problem is not None:
            self.notify(
                f"{decision.problem}. It played a simple move instead; the game goes on "
                "and is saved.",
                title="The computer stumbled",
                severity="error",
                timeout=15,
            )
        self.session.play_decision(decision)  # a stale answer (after an undo) changes nothing
        self.redraw()

    def computer_failed(self, table: int, error: BaseException | None) -> None:
        """A fault outside the bot (which ``decide`` already catches): said,
        and that table waits; the game is saved as it stands."""
        self._not_busy(table)
        self.stuck.add(table)
        self.notify(
            f"{type(error).__name__}: {error}. The game is saved as it stands: "
            "leave to the menu and continue it to try again.",
            title="The computer could not move",
            severity="error",
            timeout=30,
        )
        self.redraw()

    def _not_busy(self, table: int) -> None:
        timer = self.busy.pop(table, None)
        self.slow_tables.discard(table)
        if timer is not None:
            timer.stop()
