"""The host's side of a table across machines: a WebSocket server (the
``websockets`` library) in front of a ``Table``.

A connection must say Hello (the code, or its seat's token) within
``HELLO_WAIT`` seconds; a wrong code is answered after a wait that grows
with each wrong try from the same address, so codes cannot be tried fast.
A seat's messages are read by ``protocol.read`` (size, JSON, version,
kind), limited in rate (a flood is refused, then cut off), and acted on
one at a time under one lock; after each change every connected seat is
sent its own state, and the computers' moves are played by the game's
runner (``play.runner``: the host's own, or the app's around it) and sent
the same way. A State is sent whole
to a connection's first, and to a seat that asks (``Resync``); else only
what is new since the last that connection was sent (``protocol.since``).

A seat that drops keeps its seat: the others are told whom the table
waits for, and the seat comes back with its token. ``on_change`` is
called after every change (the host's app saves the game there).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
import weakref
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, cast

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..play.runner import Runner
from ..play.session import Session
from .protocol import (
    SEAT_LIMIT,
    TABLE_CLOSED,
    Answer,
    Ask,
    Deal,
    Finished,
    Goodbye,
    Hello,
    Leave,
    Move,
    NextGame,
    ProtocolError,
    Ready,
    Refused,
    Resync,
    Sent,
    read,
    since,
    write,
)
from .table import Declined, SeatInUse, Table

HELLO_WAIT = 10.0  # seconds a new connection has to say who it is
WRONG_WAIT = 1.0  # seconds before a wrong code is answered, times the tries from there
WRONG_MOST = 30.0
RATE = 10.0  # messages a second a seat may send, on average
BURST = 30  # and at once
FLOOD_CUT = 50  # refused for flooding this many times: the connection is cut
# frames waiting for a connection that stopped reading: past this many it is
# cut (it comes back with its token, and is sent a whole State)
OUTBOX_MOST = 64
GOODBYE_WAIT = 2.0  # seconds a goodbye waits for the frames before it to go


class Outbox:
    """A connection's frames, sent in order by a task of its own, so that a
    seat that stops reading holds up no other seat's frames."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.frames: asyncio.Queue[str] = asyncio.Queue()
        self.sending = False  # a send under way (it waits while the seat reads nothing)
        self.task = asyncio.create_task(self._run())

    def put(self, frame: str) -> None:
        # frames pile up behind a send that does not end: the seat reads nothing
        # (a pile behind no send is only frames not yet handed on: they go soon)
        if self.sending and self.frames.qsize() >= OUTBOX_MOST:
            self.task.cancel()
            self.ws.transport.abort()  # cut, not waited for
            return
        self.frames.put_nowait(frame)

    async def _run(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                frame = await self.frames.get()
                self.sending = True
                await self.ws.send(frame)
                self.sending = False
                self.frames.task_done()

    async def flushed(self, wait: float) -> None:
        """Until every frame put is sent (at most ``wait`` seconds)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.frames.join(), wait)

    def stop(self) -> None:
        self.task.cancel()


@dataclass
class Bucket:
    """A token bucket: ``take`` is False when messages come faster than ``RATE``."""

    tokens: float = BURST
    when: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.when) * RATE)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class TableServer:
    """Seats ``table``'s remote people from the network, and plays the computers."""

    def __init__(
        self,
        table: Table,
        *,
        started: bool = True,
        on_change: Callable[[Session], None] | None = None,
        computers: bool = True,
    ) -> None:
        """``computers``: the host runs the game itself, its computers'
        moves at once (False: the app around it runs it, at the game's
        pace, and sends its changes)."""
        self.table = table
        self.started = started
        self.on_change = on_change
        self.runner = self.computers() if computers else None
        self.tasks: set[asyncio.Task[None]] = set()
        self.connections: dict[int, ServerConnection] = {}
        self.outboxes: dict[ServerConnection, Outbox] = {}  # each seated connection's
        self.sent: dict[int, Sent] = {}  # what each connection holds of its seat's State
        # the connections sent the whole game (forgotten with them)
        self.finished: weakref.WeakSet[ServerConnection] = weakref.WeakSet()
        self.finished_seats: set[int] = set()  # the seats sent it: their statistics hold it
        self.lock = asyncio.Lock()
        self.wrong: dict[str, int] = {}  # wrong codes and tokens by address
        self.server: Server | None = None
        self.problem = ""  # the last failure of a computer's move, said to the seats

    @property
    def session(self) -> Session:
        return self.table.session

    def computers(self) -> Runner:
        """What plays the game's computers here, each change told to the seats."""
        runner = Runner(self.session)
        runner.listen(lambda _change: self.spawn(self.changed()))
        return runner

    async def listen(
        self, address: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None
    ) -> tuple[str, int]:
        """Start listening; the address and port listened on (port 0: any free one)."""
        self.server = await serve(
            self.handler,
            address,
            port,
            ssl=tls,
            max_size=SEAT_LIMIT,
            max_queue=4,
            compression=None,
            ping_interval=10,
            ping_timeout=20,
            close_timeout=2,  # a side that does not answer the close is not waited for long
        )
        host, port, *_ = next(iter(self.server.sockets)).getsockname()
        if self.started and self.runner is not None:  # a game taken up again
            self.runner.start()
        return str(host), int(port)

    async def close(self) -> None:
        if self.runner is not None:
            self.runner.stop()
        # each seat is told the table is closed (not that its connection was
        # lost), after what is on its way to it (the whole game, at its end)
        seated = list(self.connections.values())
        self.connections.clear()  # nothing more is sent to them, nor waited for
        if seated:
            await asyncio.gather(*(self.goodbye(ws, TABLE_CLOSED) for ws in seated))
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    # --- a connection ------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        seat = await self.greet(ws, address)
        if seat is None:
            return
        try:
            await self.serve_seat(ws, seat)
        except ConnectionClosed:
            pass
        finally:
            outbox = self.outboxes.pop(ws, None)
            if outbox is not None:
                outbox.stop()
            if self.connections.get(seat) is ws:
                del self.connections[seat]
                self.sent.pop(seat, None)
                self.table.gone(seat)
                self.saved()
                await self.send_all()

    async def slow_down(self, seconds: float) -> None:
        """The wait before a wrong code or token is answered (a test sees
        the schedule here, with no need to time it)."""
        await asyncio.sleep(seconds)

    async def greet(self, ws: ServerConnection, address: str) -> int | None:
        """The seat a new connection takes, or None (it was told why and closed)."""
        try:
            frame = await asyncio.wait_for(ws.recv(), HELLO_WAIT)
            hello = read(frame, (Hello,), SEAT_LIMIT)
        except (TimeoutError, ConnectionClosed):
            await ws.close()
            return None
        except ProtocolError as exc:
            await self.goodbye(ws, str(exc))
            return None
        async with self.lock:
            try:
                welcome = self.table.sit(hello)
            except SeatInUse as exc:
                tries, why = 0, str(exc)
            except Declined as exc:
                tries = self.wrong[address] = self.wrong.get(address, 0) + 1
                why = str(exc)
            else:
                tries, why = 0, ""
        if why:
            await self.slow_down(min(WRONG_WAIT * tries, WRONG_MOST))  # slowed, not locked
            await self.goodbye(ws, why)
            return None
        seat = welcome.seat
        try:
            await ws.send(write(welcome))  # before any State: it is the first message
        except ConnectionClosed:
            if seat not in self.connections:
                self.table.gone(seat)
            return None
        old = self.connections.get(seat)
        self.connections[seat] = ws
        self.outboxes[ws] = Outbox(ws)
        self.sent.pop(seat, None)  # a new connection holds nothing: its first State is whole
        if old is not None:  # the seat came back before its old connection was seen to drop
            await self.goodbye(old, "this seat was taken up again elsewhere")
        self.saved()  # a seat taken: the host's app shows it (and keeps the table)
        await self.send_all()
        return seat

    async def serve_seat(self, ws: ServerConnection, seat: int) -> None:
        bucket, floods = Bucket(), 0
        async for frame in ws:
            if not bucket.take():
                floods += 1
                if floods >= FLOOD_CUT:
                    await self.goodbye(ws, "too many messages: the connection is cut")
                    return
                self.post(ws, write(Refused("too many messages: slow down")))
                continue
            try:
                kinds = (Move, Ask, Ready, Deal, Leave, Resync)
                message = cast(
                    Move | Ask | Ready | Deal | Leave | Resync, read(frame, kinds, SEAT_LIMIT)
                )
            except ProtocolError as exc:
                self.post(ws, write(Refused(str(exc))))
                continue
            if isinstance(message, Leave):
                async with self.lock:
                    self.connections.pop(seat, None)
                    self.sent.pop(seat, None)
                    self.table.left(seat, self.started)
                await self.goodbye(ws, "you left the table")
                await self.changed()  # the computer plays on (here or in the app)
                return
            if isinstance(message, Resync):
                if self.connections.get(seat) is ws:  # not a connection replaced since
                    self.sent.pop(seat, None)
                    await self.send(seat, ws)
                continue
            if isinstance(message, Ask):
                async with self.lock:
                    refusal = self.table.ask(seat, message.attempt)
                self.post(ws, write(Answer(message.attempt, refusal)))
                continue
            async with self.lock:
                try:
                    self.act(seat, message)
                except Declined as exc:
                    refused: Refused | None = Refused(str(exc), exc.refusal)
                else:
                    refused = None
            if refused is not None:
                self.post(ws, write(refused))
                continue
            await self.changed()

    def act(self, seat: int, message: Move | Ready | Deal) -> None:
        if isinstance(message, Deal):
            if self.started:
                raise Declined("the game has begun: the deal is chosen")
            self.table.deal(seat, message)
            return
        if not self.started:
            raise Declined("the game has not started: the host starts it")
        if isinstance(message, Move):
            self.table.move(seat, message)
        elif self.table.ready(seat, message):
            self.session.next_hand()

    # --- after a change ----------------------------------------------------------

    async def start(self) -> None:
        """Begin the game (the lobby ends): the seats are told, and the
        computers play (with a runner of the host's own: until a person is
        to move, before this returns)."""
        self.started = True
        if self.runner is not None:
            self.runner.start()
        await self.changed()
        if self.runner is not None:
            await self.runner.idle()

    def next_game(self) -> None:
        """The table's next game, dealt by ``Table.rematch``: every seat is
        told, then sent the lobby (the cut's question) until ``start``, and
        the new game whole."""
        if self.runner is not None:  # the last game's computers are done with
            self.runner.stop()
            self.runner = self.computers()
        self.started = False
        self.sent.clear()
        self.finished = weakref.WeakSet()
        self.finished_seats.clear()
        for ws in self.connections.values():
            self.post(ws, write(NextGame(self.table.game)))

    async def changed(self) -> None:
        """Something moved: save, and tell every seat."""
        self.saved()
        await self.send_all()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def saved(self) -> None:
        if self.on_change is not None:
            self.on_change(self.session)

    async def send_all(self) -> None:
        """Each connected seat its own state (before the start: the lobby),
        and once the game is over, the whole game: put in each connection's
        outbox, so that none waits on another."""
        for seat, ws in list(self.connections.items()):
            await self.send(seat, ws)
        await self.finish()

    async def send(self, seat: int, ws: ServerConnection) -> None:
        if self.connections.get(seat) is not ws:
            return  # replaced while others were sent to: ``sent`` is the new one's
        # the frame is built and put in the outbox with no wait between, so a
        # connection gets its States in the order ``frame`` counted them
        frame = self.frame(seat) if self.started else write(self.table.lobby(seat))
        self.post(ws, frame)

    def post(self, ws: ServerConnection, frame: str) -> None:
        """``frame`` to the connection, after those before it."""
        outbox = self.outboxes.get(ws)
        if outbox is not None:
            outbox.put(frame)

    async def finish(self) -> None:
        """Once the game is over, each seat is sent the whole game, once."""
        if not self.session.game.is_over:
            return
        game = self.session.to_json()
        for seat, ws in list(self.connections.items()):
            if ws not in self.finished:
                self.finished.add(ws)
                self.finished_seats.add(seat)
                self.post(ws, write(Finished(game)))

    def frame(self, seat: int) -> str:
        """The seat's State as its connection is sent it now: what is new since its last."""
        state, self.sent[seat] = since(self.table.state(seat), self.sent.get(seat))
        return write(state)

    async def goodbye(self, ws: ServerConnection, why: str) -> None:
        """Say why, after the frames already on their way, and close."""
        outbox = self.outboxes.get(ws)
        if outbox is not None:
            await outbox.flushed(GOODBYE_WAIT)
            outbox.stop()
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            await asyncio.wait_for(ws.send(write(Goodbye(why))), GOODBYE_WAIT)
        await ws.close()
