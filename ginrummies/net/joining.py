"""The app's side of a seat at a table hosted elsewhere: the connection
(``net.client``), the lobby until the host starts, then the table drawn
from each state the host sends (``play.remote.RemoteSession``).

A dropped connection is tried again with the seat's token for a while
(``RETRY_FOR`` seconds); the host keeps the seat meanwhile, and the game
comes back exactly where it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import Action, Attempt, IllegalAction, Level
from ..play.news import Another, GameOver, Gone, LobbyNews, Newsroom, Note, Question, Started
from ..play.printable import printable
from ..play.remote import RemoteSession, own_record
from ..play.words import refused
from .client import JoinError, NoTable, Seated, join
from .kept import forget_last_table, keep_last_table, keep_seat, kept_seat
from .protocol import (
    TABLE_CLOSED,
    Answer,
    Finished,
    Goodbye,
    Lobby,
    NextGame,
    Refused,
    SeatInfo,
    State,
)

RETRY_EVERY = 2.0  # seconds between tries to reconnect
RETRY_FOR = 600.0  # seconds of tries before giving up (a host restarted takes a while)


@dataclass(frozen=True)
class JoinPlan:
    """A table to join, as the command line asked for it."""

    address: str
    code: str
    name: str
    tls: ssl.SSLContext | None = None


class HostFault(JoinError):
    """The host sent something well-formed that is not a table: this seat
    leaves (its token kept), rather than trusting it or falling over."""


class Joining(Newsroom):
    """A seat taken at a hosted table, for the app's lobby and table screens;
    its news (``play.news``) to whoever listens."""

    hosting = False

    def __init__(self, plan: JoinPlan) -> None:
        super().__init__()
        self.plan = plan
        self.seated: Seated | None = None
        self.session: RemoteSession | None = None
        self.seats: tuple[SeatInfo, ...] = ()
        self.said = "Joining the table..."
        self.ended = False  # this side has left (no more tries to come back)
        self.folder: Path | None = None  # where this machine keeps its seats' tokens
        self.tasks: set[asyncio.Task[None]] = set()
        self.asked = False
        self.resend = False  # back at the table: the move on its way is sent again
        self.game = 1  # the games dealt at the table (the host's count)

    @property
    def seat(self) -> int | None:
        return self.seated.seat if self.seated is not None else None

    # --- the connection ----------------------------------------------------------

    async def run(self) -> None:
        """Sit down, then follow the table until it ends or this seat leaves."""
        plan = self.plan
        # this machine's seat there, under this name (kept by an earlier run)
        token = kept_seat(self.folder, plan.address, plan.code, plan.name)
        try:
            try:
                self.seated = await self.first_join(token)
            except JoinError:
                if not token:
                    raise
                # the seat went, or is played from another window: a seat of one's own
                self.seated = await join(plan.address, plan.code, plan.name, tls=plan.tls)
        except JoinError as exc:
            if token:  # the seat kept is not at this table any more
                forget_last_table(self.folder)
            self.tell_gone(f"Could not join the table: {exc}")
            return
        self.game = self.seated.welcome.game
        self.keep()
        self.said = ""  # seated: the lobby says what the start waits for
        self.tell(LobbyNews())
        while not self.ended:
            try:
                await self.follow()
            except HostFault as exc:
                await self.close(leave=False)
                self.tell_gone(f"You left the table: {exc}.")
                return
            except JoinError as exc:
                if self.ended:
                    return
                why = str(exc)
                goodbye = self.seated.goodbye if self.seated is not None else ""
                over = self.session is not None and self.session.game.is_over
                if over and goodbye == TABLE_CLOSED:
                    self.said = "The game is over, and the host has closed the table."
                    self.forget()
                    self.tell(LobbyNews())
                    return
                if goodbye == TABLE_CLOSED:  # mid-game: the host may open it again
                    why = "the host closed the table; its game is saved"
                elif goodbye:
                    self.tell_gone(f"The host ended the connection: {goodbye}")
                    return
                if not await self.rejoin(why):
                    return

    async def follow(self) -> None:
        seated = self.seated
        assert seated is not None
        while True:
            message = await seated.receive()
            if isinstance(message, Lobby):
                self.seats = message.seats
                self.tell(LobbyNews())
                if message.question and not self.asked:
                    self.asked = True  # once: the host asks again until it is answered
                    self.tell(Question(message.question, message.answers))
            elif isinstance(message, State):
                try:
                    self.taken(message)
                except (ValueError, IndexError, KeyError, TypeError, RecursionError) as exc:
                    # well-formed but not a table (no tables, seats that do not fit)
                    why = printable(str(exc)[:200], lines=False)
                    raise HostFault(
                        f"the host sent a table this game cannot show ({why})"
                    ) from None
            elif isinstance(message, Finished):
                self.finish(message.game)
            elif isinstance(message, Refused):
                self.tell(Note(self.refused_words(message), True))
                if self.session is not None:
                    self.session.pending = None
                self.changed()
            elif isinstance(message, Answer):
                if self.session is not None:
                    self.session.answered(message.attempt, message.refusal)
            elif isinstance(message, NextGame):
                self.next_game(message.game)
            elif isinstance(message, Goodbye):
                raise JoinError(message.why)

    async def first_join(self, token: str) -> Seated:
        """Sit down; while nothing answers at the address (the host still
        opening the table), said once and tried again for a while."""
        plan = self.plan
        until = time.monotonic() + RETRY_FOR
        while True:
            try:
                return await join(plan.address, plan.code, plan.name, token=token, tls=plan.tls)
            except NoTable as exc:
                if self.ended or time.monotonic() >= until:
                    raise
                if not self.said.startswith("Waiting"):
                    self.said = f"Waiting for the table to open: {exc}. Trying again..."
                    self.tell(LobbyNews())
                    self.tell(Note(self.said, False))
            await asyncio.sleep(RETRY_EVERY)

    async def rejoin(self, why: str) -> bool:
        """Come back to the seat with its token; False once it gives up."""
        seated = self.seated
        assert seated is not None
        token = seated.welcome.token
        until = time.monotonic() + RETRY_FOR
        self.said = f"The connection was lost ({why}): trying again..."
        self.offline(("the connection to the host to come back",))
        self.tell(Note(self.said, True))
        while not self.ended and time.monotonic() < until:
            await asyncio.sleep(RETRY_EVERY)
            try:
                self.seated = await join(self.plan.address, token=token, tls=self.plan.tls)
            except JoinError as exc:
                if "token" in str(exc):  # the host no longer knows the seat
                    break
                continue
            self.said = "Back at the table."
            if self.seated.welcome.game != self.game:  # dealt again while away
                self.next_game(self.seated.welcome.game)
            self.resend = True  # a move made meanwhile goes once the table is seen
            self.tell(Note(self.said, False))
            return True
        gone = f"The table could not be reached again ({why})."
        self.offline((f"the host: {gone} Join again to take your seat back",))
        self.tell_gone(
            f"{gone} ginrummies join with the same address and code takes your seat back."
        )
        return False

    def keep(self) -> None:
        """This machine keeps the seat's token, and the table as its last."""
        plan, seated = self.plan, self.seated
        if seated is not None:
            keep_seat(self.folder, plan.address, plan.code, plan.name, seated.welcome.token)
            keep_last_table(self.folder, plan.address, plan.code, plan.name, plan.tls is not None)

    def forget(self) -> None:
        """Nothing to come back to: the game is over and the table closed."""
        plan = self.plan
        keep_seat(self.folder, plan.address, plan.code, plan.name, "")
        forget_last_table(self.folder)

    def next_game(self, game: int) -> None:
        """The host dealt the next game at this table: the last one is done
        with; the new one comes as the first did (the cut's question, then
        its States), and the seat is this machine's to come back to again."""
        self.game = game
        self.session = None
        self.asked = False
        self.resend = False
        self.keep()
        self.said = "The host dealt the next game at this table."
        self.tell(Another())
        self.tell(Note(self.said, False))
        self.tell(LobbyNews())

    def tell_gone(self, why: str) -> None:
        """The table cannot be reached: said, and the lobby says so too."""
        self.said = why
        self.tell(Gone(why))
        self.tell(LobbyNews())

    def offline(self, waiting: tuple[str, ...]) -> None:
        """The connection is gone: the table says what it waits for."""
        if self.session is not None:
            self.session.waiting = waiting
        self.tell(LobbyNews())
        self.changed()

    def taken(self, state: State) -> None:
        """A state from the host: the table as it stands now."""
        self.seats = state.seats
        seats = [(s.name, computer_level(s)) for s in state.seats]
        session = self.session
        seated = self.seated
        assert seated is not None
        if session is None:
            welcome = seated.welcome
            session = RemoteSession(
                welcome.seat,
                welcome.rules,
                welcome.format,
                [s.name for s in state.seats],
                state.public,
                state.view,
                send=self.send,
                ready=self.ready,
                ask=self.ask,
                hints=welcome.hints,
            )
            self.session = session
            session.update(state.public, state.view, state.log, seats, state.waiting)
            self.said = "The game is on."
            self.tell(LobbyNews())
            self.tell(Started(session))
            return
        session.update(state.public, state.view, state.log, seats, state.waiting)
        if self.resend:
            self.resend = False
            # still on its way (the table stands where it was made): the host
            # never played it, having been away; one it played moved the table on
            if session.pending is not None:
                self.send(session.pending)
        self.tell(LobbyNews())

    def finish(self, game: str) -> None:
        """The whole game, sent once it is over: kept as this person's."""
        session, seat = self.session, self.seat
        if session is None or seat is None:
            return
        # the seat stays this machine's while the table is open: the host may
        # deal the next game there (forgotten once the host closes it)
        try:
            session.finished = own_record(game, seat)
        except ValueError as exc:
            self.tell(Note(f"The finished game could not be kept: {exc}", True))
            return
        self.tell(GameOver(session.finished))
        self.changed()

    def changed(self) -> None:
        if self.session is not None:
            self.session.changed()

    def send(self, action: Action) -> None:
        if self.seated is not None:
            self._spawn(self.seated.move(action))

    def ask(self, attempt: Attempt) -> None:
        if self.seated is not None:
            self._spawn(self.seated.ask(attempt))

    def refused_words(self, message: Refused) -> str:
        """A refusal from the host in the words a refusal here has: the rules
        core's record worded by ``play.words`` (the move sent, if any, names
        the key); the host's own words for the rest."""
        session = self.session
        view = None if session is None else session.game.own
        if message.refusal is None or session is None or view is None:
            return f"The host refused: {message.why}"
        if session.pending is not None:
            return refused(IllegalAction(message.refusal), session, view, session.pending)
        return str(message.refusal).capitalize() + "."

    def deal(self, deals: bool) -> None:
        """The cut won: deal (True) or play first."""
        if self.seated is not None:
            self._spawn(self.seated.deal(deals))

    def ready(self) -> None:
        if self.seated is not None:
            self._spawn(self.seated.ready())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close(self, leave: bool = True) -> None:
        """Leave the table (``leave``: for good, a computer takes the seat)."""
        self.ended = True
        if leave:
            forget_last_table(self.folder)
        if self.seated is not None:
            # the connection may be gone already: then there is nothing to tell
            with contextlib.suppress(Exception):
                await (self.seated.leave() if leave else self.seated.close())

    # --- the lobby's words -------------------------------------------------------

    def heading(self) -> str:
        welcome = self.seated.welcome if self.seated is not None else None
        if welcome is None:
            return f"Joining the table at {self.plan.address}"
        where = f"{welcome.host}'s table" if welcome.host else f"the table at {self.plan.address}"
        return f"At {where}: {welcome.rules.name}, {welcome.format.title}"

    def invite(self) -> str:
        return ""

    def reach(self) -> str:
        if self.seated is None:
            return f"Not seated at {self.plan.address} (yet)."
        secure = "encrypted (TLS)" if self.plan.tls is not None else "not encrypted"
        return f"Joined at {self.plan.address}; the connection is {secure}."

    def seat_infos(self) -> Sequence[SeatInfo]:
        return self.seats

    def status(self) -> str:
        if self.seated is not None and self.session is None and not self.said:
            return self.before_start()
        waiting = self.session.waiting if self.session is not None else ()
        if waiting:
            return f"{self.said} Waiting for {' and '.join(waiting)}."
        return self.said

    def before_start(self) -> str:
        """What the start waits for: someone's choice after the cut, the host, or the seats."""
        assert self.seated is not None
        lobby, host = self.seated.lobby, self.seated.welcome.host
        if lobby is not None and lobby.status:
            return lobby.status
        if host:
            return f"Waiting for {host} to start the game."
        return "The game begins once every seat is taken."

    def started(self) -> bool:
        return self.session is not None

    def start(self) -> None:
        """Only the host starts the game."""

    def mine(self) -> int | None:
        return self.seat

    def away(self) -> list[str]:
        return []

    def replace_away(self) -> None:
        """Only the host gives seats to computers."""


def computer_level(seat: SeatInfo) -> Level | None:
    """A seat's computer level, or None for a person (a level this version
    does not know reads as normal)."""
    if seat.kind != "computer":
        return None
    try:
        return Level(seat.level)
    except ValueError:
        return Level.NORMAL
