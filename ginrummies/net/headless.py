"""A table hosted without a screen (``ginrummies host --headless``): for a
machine that only holds the game (a server, or tests with real
processes). It says in plain lines where to join and what happens, starts
once every seat for a person is taken (computers in the rest), saves the
game after every change for ``--continue``, and ends a while after the
game does, once everyone has gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable
from pathlib import Path

from ..core import Level
from ..play.session import Session
from ..store.files import write_atomic
from ..store.saves import SAVE_NAME
from .kept import write_table
from .server import TableServer
from .table import Table

LINGER = 300.0  # seconds the table stays open after the game, while anyone is still there
# seconds a seat waits for its person before the computer takes it, so the
# table never waits for ever (as long as a seat's app keeps trying to come back)
AWAY_MOST = 600.0


class Headless:
    """A ``TableServer`` that starts by itself, saves, and tells what happens."""

    def __init__(
        self,
        table: Table,
        folder: Path | None,
        say: Callable[[str], None],
        *,
        started: bool = False,
        level: Level = Level.NORMAL,
        away_most: float = AWAY_MOST,
    ) -> None:
        """``level``: the computer that takes a seat whose person stays away
        for ``away_most`` seconds (it is theirs again if they come back)."""
        self.table = table
        self.level, self.away_most = level, away_most
        self.folder = folder
        self.say = say
        self.host = TableServer(table, started=started, on_change=lambda _s: self.changed())
        self.moved = asyncio.Event()  # set at every change: what ``until`` waits on
        self.told = len(table.session.records)
        self.seated = {i for i, s in table.seats.items() if s.here}
        self.been = {i for i, s in table.seats.items() if s.token}  # seats someone has sat at

    @property
    def session(self) -> Session:
        return self.table.session

    def changed(self) -> None:
        """After every change: the game saved, and what happened said."""
        self.moved.set()
        self.keep()
        for i, seat in self.table.seats.items():
            if seat.here and i not in self.seated:
                back = i in self.been
                self.say(f"{seat.name} {'is back at' if back else 'sat down at'} seat {'ABCD'[i]}.")
                self.been.add(i)
            elif not seat.here and i in self.seated:
                self.say(f"{seat.name} is away (the seat waits for them).")
                if self.host.started:
                    loop = asyncio.get_running_loop()
                    loop.call_later(self.away_most, self.give_up, i, seat.token)
        self.seated = {i for i, s in self.table.seats.items() if s.here}
        if self.host.started:
            for entry in self.session.records[self.told :]:
                self.say(entry.words)
            self.told = len(self.session.records)

    def all_told(self) -> bool:
        """Every person who sat here has the whole game, and has gone."""
        people = set(self.table.seats) | set(self.table.given)
        return people <= self.host.finished_seats and not self.host.connections

    def give_up(self, seat: int, token: str) -> None:
        """The seat's person has stayed away too long: the computer plays it
        (named as one); back with their token, the seat is theirs again."""
        taken = self.table.seats.get(seat)
        if taken is None or taken.here or taken.token != token or self.session.game.is_over:
            return  # back meanwhile, or taken over already
        self.say(
            f"{taken.name} has been away too long: the computer plays the seat until they are back."
        )
        self.table.left(seat, True, self.level)
        self.host.spawn(self.host.changed())

    def keep(self) -> None:
        if self.folder is None or not self.host.started:
            return
        session = self.session
        taken = [(i, s.name, s.token) for i, s in self.table.seats.items() if s.token]
        try:
            write_atomic(self.folder / SAVE_NAME, session.to_json())
            write_table(self.folder, session.game_id, self.table.code, taken)
        except OSError as exc:
            self.say(f"The game could not be saved: {exc}")

    async def until(self, holds: Callable[[], bool]) -> None:
        """Wait for the change after which ``holds`` (nothing changes between
        the test and the clear: both run before the next await)."""
        while not holds():
            self.moved.clear()
            await self.moved.wait()

    async def run(
        self, address: str, port: int, tls: ssl.SSLContext | None, invite: Callable[[int], str]
    ) -> int:
        """Listen, play the game through, and close; the exit status."""
        try:
            _, port = await self.host.listen(address, port, tls)
        except OSError as exc:
            self.say(f"Cannot listen on {address}:{port}: {exc.strerror or exc}")
            return 2
        self.say(f"Give the others this command: {invite(port)}")
        try:
            if not self.host.started:
                await self.until(lambda: self.table.full)
                self.table.begin()
                await self.host.send_all()  # a cut's winner elsewhere is asked
                await self.until(lambda: not self.table.choosing)
                winners = self.session.cut_choosers()
                if winners:
                    chosen = self.session.deal_chosen
                    self.session.choose_deal(tuple(chosen.get(s, False) for s in winners))
                self.say("Every seat is taken: the game begins.")
            else:
                self.say("The game goes on where it stopped: the others come back by themselves.")
            self.told = (
                0 if not self.host.started else self.told
            )  # a new game: its log from the top
            await self.host.start()
            await self.until(lambda: self.session.game.is_over)
            with contextlib.suppress(TimeoutError):
                # open a while for anyone away at the end: back with their token,
                # they are sent the whole game for their statistics
                await asyncio.wait_for(self.until(self.all_told), LINGER)
        finally:
            await self.host.close()
        self.say("The table is closed.")
        return 0
