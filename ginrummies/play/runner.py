"""Runs a game wherever its players sit: the computers' turns at the game's
pace, in tasks of the runner's own, whatever a screen shows; every change
told to whoever listens.

A ``Session`` is the game and its seats; the runner makes it move. The app,
text play and the network host each run their game through one: the app's
screens listen (and redraw), the keeper listens (and saves every move and
records every hand), a hosted table listens (and sends the seats their
states). A person's move goes to the session as before; the runner hears
of it and plays whatever computer is to move next.

The computers think in a thread (``decide`` reads only a frozen ``Turn``)
and their moves are applied on the event loop's thread, where every other
change to the session is made, so a computer's answer never meets a game
half changed. A table whose computer thinks longer than its pace shows
"thinking" (``slow_at``); ``hurry`` plays the rest of a hand without the
pace, for a person who watches a hand they sit out.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
from collections.abc import Callable
from dataclasses import dataclass

from .session import Session
from .turns import Computers, Decision, decide

SLOW = 0.3  # seconds past the pace after which a table says its computer is thinking


class What(enum.Enum):
    """What a change was, for a listener that does more than redraw."""

    MOVED = "moved"  # the game moved on: a move, a new hand, an undo, seats
    THINKING = "thinking"  # a computer has thought past its pace ("thinking" shows)
    STUMBLED = "stumbled"  # a bot failed; a simple move was played instead
    STUCK = "stuck"  # a computer's turn failed outside the bot: its table waits


@dataclass(frozen=True, slots=True)
class Change:
    """A change to the game a runner runs: what it was, the session's
    version after it, and for trouble the words to show."""

    what: What
    version: int
    table: int = 0
    problem: str = ""


Listener = Callable[[Change], None]


class Runner:
    """Plays the computers of ``session`` at ``pace()`` seconds a move and
    tells its listeners of every change. ``start`` it on a running event
    loop; ``stop`` it when the game is left for good."""

    def __init__(self, session: Session, pace: Callable[[], float] = lambda: 0.0) -> None:
        self.session = session
        self.pace = pace
        self.listeners: list[Listener] = []
        self.running = False
        self.busy: dict[int, asyncio.Task[None]] = {}  # the tables whose computer thinks
        self.slow: set[int] = set()  # ... past its pace
        self.stuck: set[int] = set()  # ... and failed: not asked again until ``start``
        self.hurried = -1  # the round played without the pace (``hurry``)
        self._hurry = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        session.on_change = self._changed

    @property
    def computers(self) -> Computers:
        return self.session.computers

    # --- listening ------------------------------------------------------------------

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Tell ``listener`` of every change from now on; the call that stops it."""
        self.listeners.append(listener)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                self.listeners.remove(listener)

        return stop

    def _tell(self, change: Change) -> None:
        for listener in list(self.listeners):
            listener(change)

    def _changed(self, session: Session) -> None:
        self._tell(Change(What.MOVED, session.version))
        self._kick()

    # --- running --------------------------------------------------------------------

    def start(self) -> None:
        """Play the computers from now on (on the running event loop); a
        table that was stuck is tried again."""
        self.running = True
        self.stuck.clear()
        self._kick()

    def stop(self) -> None:
        """No computer moves from now on; a turn being thought is dropped."""
        self.running = False
        for task in list(self.busy.values()):
            task.cancel()
        self.busy.clear()
        self.slow.clear()
        self._idle.set()

    def nudge(self) -> None:
        """Something around the game changed (who a table across machines
        waits for): told as a change, and the computers asked again."""
        self._changed(self.session)

    def hurry(self) -> None:
        """The rest of this hand is played without the pace (a person who
        sits it out skips to its result)."""
        self.hurried = len(self.session.game.rounds)
        self._hurry.set()

    @property
    def hurrying(self) -> bool:
        return self.hurried == len(self.session.game.rounds)

    @property
    def thinking(self) -> bool:
        """A computer is to move at some table and has not moved yet."""
        return bool(self.busy)

    def thinking_at(self, table: int) -> bool:
        return table in self.busy

    def slow_at(self, table: int) -> bool:
        return table in self.slow

    async def idle(self) -> None:
        """Until no computer is thinking (the game waits on a person, or is over)."""
        while self.busy:
            self._idle.clear()
            await self._idle.wait()

    def _kick(self) -> None:
        """Start a computer's turn at each table where one is to move."""
        if not self.running:
            return
        session = self.session
        for table in session.computer_tables():
            if table in self.busy or table in self.stuck:
                continue
            self.busy[table] = asyncio.get_running_loop().create_task(self._turn(table))
        self._idle.clear() if self.busy else self._idle.set()

    async def _turn(self, table: int) -> None:
        """One computer's move at ``table``: thought in a thread, shown no
        sooner than the pace, played if its table has not moved on."""
        session = self.session
        turn = self.computers.turn(table)
        if turn is None:
            self._done(table)
            return
        loop = asyncio.get_running_loop()
        pace = 0.0 if self.hurrying else max(0.0, self.pace())
        began = loop.time()
        timer = loop.call_later(pace + SLOW, self._slow, table)
        try:
            decision = await asyncio.to_thread(decide, turn)
            rest = pace - (loop.time() - began)
            if rest > 0 and not self.hurrying:
                self._hurry.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._hurry.wait(), rest)
        except asyncio.CancelledError:
            timer.cancel()
            raise
        except Exception as exc:  # a fault outside the bot (``decide`` catches the bot's)
            timer.cancel()
            self.stuck.add(table)
            self._done(table)
            self._tell(Change(What.STUCK, session.version, table, f"{type(exc).__name__}: {exc}"))
            return
        timer.cancel()
        self._done(table)
        self._play(decision)

    def _play(self, decision: Decision) -> None:
        if decision.problem is not None:
            self._tell(
                Change(What.STUMBLED, self.session.version, decision.turn.table, decision.problem)
            )
        # a stale answer (an undo, a new hand meanwhile) changes nothing: asked again
        if not self.computers.play(decision):
            self._kick()

    def _done(self, table: int) -> None:
        self.busy.pop(table, None)
        self.slow.discard(table)
        if not self.busy:
            self._idle.set()

    def _slow(self, table: int) -> None:
        if table in self.busy:
            self.slow.add(table)
            self._tell(Change(What.THINKING, self.session.version, table))

    # --- without an event loop ----------------------------------------------------

    def play_now(self) -> Decision | None:
        """A computer's move, thought and played at once, with no pace (text
        play, which waits on a person's typing between); None if no
        computer is to move."""
        turn = self.computers.turn()
        if turn is None:
            return None
        decision = decide(turn)
        self._play(decision)
        return decision
