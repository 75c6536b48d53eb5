"""The app's side of a table it hosts: the server on the app's own event
loop, the table's lobby, and the game's changes sent to the seats.

The host's game is the app's game like any other (saved after every move,
in the statistics); ``net.server.TableServer`` seats the people from other
machines and checks their moves. The app's runner plays its computers at
the game's pace as always, so the host is told of every change made here
(``push``), and the app hears the table's news (``play.news``: the lobby
changed, the game begins) as any listener does.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any

from ..play.news import Begin, LobbyNews, Newsroom
from ..play.session import Session
from .kept import Reach, write_table
from .plan import HostPlan
from .protocol import SeatInfo
from .server import TableServer
from .table import Table


class Hosting(Newsroom):
    """A hosted table in the app: ``open`` listens, ``start`` ends the lobby."""

    def __init__(self, plan: HostPlan) -> None:
        super().__init__()
        self.plan = plan
        self.host = TableServer(plan.table(), started=bool(plan.tokens), computers=False)
        self.address: tuple[str, int] | None = None
        self.problem = ""  # why the table could not be opened
        self.tasks: set[asyncio.Task[None]] = set()
        self.folder: Path | None = None  # where the table is kept for --continue
        self.starting = False  # Start pressed, the cut's choices awaited

    @property
    def table(self) -> Table:
        return self.host.table

    @property
    def session(self) -> Session:
        return self.host.session

    async def open(self) -> bool:
        """Listen; False (and ``problem`` says why) if the address cannot be used."""
        plan = self.plan
        self.host.on_change = lambda _session: self._remote()
        try:
            self.address = await self.host.listen(plan.listen, plan.port, plan.tls)
        except OSError as exc:
            self.problem = f"cannot listen on {plan.listen}:{plan.port}: {exc.strerror or exc}"
            return False
        return True

    def _remote(self) -> None:
        self.go_on()
        self.keep()
        self.session.waiting = self.table.waiting()
        self.tell(LobbyNews())

    # --- the lobby -----------------------------------------------------------------

    hosting = True

    def start(self) -> None:
        """The host pressed Start: computers take the seats nobody took, and
        the app begins the game (``begun``, once the cuts are chosen: first
        by the people elsewhere who won one, asked on their own screens)."""
        self.table.begin(self.plan.level)
        self.cut()

    def cut(self) -> None:
        """The people elsewhere who won a cut are asked to choose (the lobby
        says whom the start waits for); the game begins once they have."""
        self.starting = True
        self.push()
        self.tell(LobbyNews())
        self.go_on()

    def rematch(self, seed: int) -> None:
        """The next game of the match at this table (the host's ``a`` on the
        game's result): the same seats and code; it begins as the first did,
        once the people elsewhere who won a cut have chosen."""
        self.table.rematch(seed)
        self.host.next_game()
        self.cut()

    def go_on(self) -> None:
        """Once nobody elsewhere is still choosing, the app begins the game."""
        if self.starting and not self.table.choosing:
            self.starting = False
            self.tell(Begin())

    def begun(self) -> None:
        """The game is dealt as the cuts chose: the seats are sent their hands."""
        self.keep()
        self._spawn(self.host.start())

    def keep(self) -> None:
        """The table's code and tokens beside the save, for ``host --continue``."""
        if self.folder is None:
            return
        taken = [(i, s.name, s.token) for i, s in self.table.seats.items() if s.token]
        with contextlib.suppress(OSError):  # the save says it if the folder fails
            write_table(self.folder, self.session.game_id, self.table.code, taken, self.kept_reach)

    @property
    def kept_reach(self) -> Reach:
        """Where the table listens (the port it got, when any was asked for)."""
        plan = self.plan
        port = self.address[1] if self.address is not None else plan.port
        return Reach(plan.listen, port, plan.tls is not None, plan.hints)

    def started(self) -> bool:
        return self.host.started

    def mine(self) -> int | None:
        """The seat of the person at this keyboard (the first, in hot-seat)."""
        session = self.session
        return next((i for i in range(len(session.seats)) if session.here(i)), None)

    def away(self) -> list[str]:
        return [s.name for s in self.table.seats.values() if s.token and not s.here]

    def replace_away(self) -> None:
        """The computer at the table's level takes each seat whose person is away."""
        for seat in [i for i, s in self.table.seats.items() if s.token and not s.here]:
            self.table.left(seat, True, self.plan.level)
        self._remote()

    def heading(self) -> str:
        s = self.session
        return f"Your table: {s.rules.name}, {s.format.title}"

    def invite(self) -> str:
        return self.join_words() if self.address is not None else ""

    def reach(self) -> str:
        return self.problem or self.reach_words()

    def seat_infos(self) -> Sequence[SeatInfo]:
        return self.table.infos()

    def status(self) -> str:
        waiting = self.table.waiting()
        if self.starting and self.table.choosing:
            return f"Waiting for {' and '.join(self.table.choosing)} to choose whether to deal."
        if not self.started():
            taken = sum(bool(s.token) for s in self.table.seats.values())
            return (
                f"{taken} of {len(self.table.seats)} seats taken. s starts the game: "
                "a computer plays each seat nobody took."
            )
        said = "The game is on: Enter goes back to the table."
        if self.away():  # the way out if someone never comes back
            said += " c: computers take the seats of people away."
        return f"{said} Waiting for {' and '.join(waiting)}." if waiting else said

    def push(self) -> None:
        """Tell every seat after a change made here (the host's move, a computer's)."""
        self.session.waiting = self.table.waiting()
        self._spawn(self.host.send_all())

    def ready_here(self) -> None:
        """The host's person has seen the hand's result: the next hand is
        dealt once every seat has too (else the seats are told who is awaited)."""
        if self.table.ready_here():
            self.session.next_hand()
        self.push()

    async def close(self) -> None:
        await self.host.close()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- words -------------------------------------------------------------------

    def join_words(self) -> str:
        """The command to give the others."""
        host, port = self.address or (self.plan.listen, self.plan.port)
        shown = reachable(host)[0] if host in ("0.0.0.0", "::") else host
        shown = f"[{shown}]" if ":" in shown else shown
        tls = " --tls" if self.plan.tls is not None else ""
        return f"ginrummies join {shown}:{port} {self.table.code}{tls}"

    def reach_words(self) -> str:
        """Who can reach the table, in plain words."""
        host = self.address[0] if self.address else self.plan.listen
        secure = (
            "The connection is encrypted (TLS)."
            if self.plan.tls is not None
            else "The connection is not encrypted: on a shared network, others on it "
            "could read it (--tls encrypts it)."
        )
        if host in ("127.0.0.1", "::1", "localhost"):
            return (
                "Only this machine can reach the table: friends elsewhere come "
                "through an SSH tunnel (see the README), or a table hosted for "
                '"your network" (--listen 0.0.0.0) lets them in.'
            )
        if host in ("0.0.0.0", "::"):
            where = ", ".join(reachable(host))
            return f"Every machine that can reach this one can join (at {where}). {secure}"
        return f"Machines that can reach {host} can join. {secure}"


def reachable(listen: str) -> list[str]:
    """The addresses others may use for a table listening on every address:
    the one this machine uses to reach other networks (no packet is sent),
    else its name."""
    family = socket.AF_INET6 if ":" in listen else socket.AF_INET
    probe = "2001:db8::1" if family == socket.AF_INET6 else "192.0.2.1"  # documentation ranges
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as s:
        s.connect((probe, 9))
        return [str(s.getsockname()[0])]
    return [socket.gethostname()]
