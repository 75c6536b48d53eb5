"""A seat's side of a table across machines: join a host, keep the latest
state it sent, send moves. The app's joined table and the tests' scripted
seats both sit down through ``join``.

The host sends a State whole first, then only what is new since; the seat
joins each onto what it holds (``protocol.joined``), so ``Seated.state``
is always whole. One that does not follow what it holds is set aside and
a whole one asked for (``Resync``): a seat never draws a table pieced
together wrong.
"""

from __future__ import annotations

import contextlib
import dataclasses
import ssl
import urllib.parse
from dataclasses import dataclass, field
from typing import cast

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..core import Action, Attempt, Refusal
from ..play.printable import printable
from .protocol import (
    FROM_HOST,
    HOST_LIMIT,
    TOKEN_MOST,
    Answer,
    Ask,
    Deal,
    Finished,
    Goodbye,
    Hello,
    Leave,
    Lobby,
    Move,
    NextGame,
    ProtocolError,
    Ready,
    Refused,
    Resync,
    State,
    Welcome,
    joined,
    read,
    write,
)

HostMessage = Welcome | Lobby | State | Finished | Refused | Answer | NextGame | Goodbye
LINE_MOST = 300  # the longest line a host's words (a status, a question) are shown in


def _line(text: str) -> str:
    """A host's words as one line this terminal shows and does not obey:
    escapes and controls made visible, newlines a space, the length capped."""
    return printable(" ".join(text.split()), lines=False)[:LINE_MOST]


class JoinError(Exception):
    """The table could not be joined (or was left); ``str``: why, for the person."""


class NoTable(JoinError):
    """Nothing listens at the address (yet): the host may still be opening it."""


def address_uri(address: str, tls: bool = False) -> str:
    """``host:port`` (or a ws:// or wss:// address) as the URI to connect
    to; JoinError if it is not one."""
    uri = (
        address
        if address.startswith(("ws://", "wss://"))
        else f"{'wss' if tls else 'ws'}://{address}"
    )
    try:
        parts = urllib.parse.urlsplit(uri)
        host, port = parts.hostname, parts.port  # ValueError: no port number, or out of range
    except ValueError:
        host, port = "?", -1
    if not address.strip() or not host:
        raise JoinError("no address given: the host's address and port, like 192.168.1.5:8765")
    if port is None or not 0 < port < 65536:
        raise JoinError(f"{address[:60]} has no port from 1 to 65535 (like 192.168.1.5:8765)")
    return uri


@dataclass
class Seated:
    """A seat taken at a hosted table: its welcome, and the last of what the host sent."""

    ws: ClientConnection
    welcome: Welcome
    state: State | None = None
    lobby: Lobby | None = None
    refused: list[str] = field(default_factory=list)
    refusals: list[Refusal | None] = field(default_factory=list)  # the core's record of each
    goodbye: str = ""
    finished: str = ""  # the whole game, once it is over (``Finished``)
    resyncing: bool = False  # a whole State is asked for: what comes before it is set aside
    resyncs: int = 0  # how many times

    @property
    def seat(self) -> int:
        return self.welcome.seat

    async def receive(self) -> HostMessage:
        """The host's next message, kept (JoinError once the host has gone).
        A State is given whole, joined onto the one before; one that does
        not follow it is given as it came, ``state`` left as it was."""
        try:
            frame = await self.ws.recv()
        except ConnectionClosed:
            raise JoinError(self.goodbye or "the host closed the connection") from None
        try:
            message = cast(HostMessage, read(frame, FROM_HOST, HOST_LIMIT))
        except ProtocolError as exc:
            raise JoinError(f"the host sent something this game cannot read: {exc}") from None
        if isinstance(message, State):
            whole = None if self.resyncing and not message.whole else joined(self.state, message)
            if whole is None:
                await self.resync()
                return message
            whole = dataclasses.replace(whole, waiting=tuple(map(_line, whole.waiting)))
            self.state, self.lobby, self.resyncing = whole, None, False
            return whole
        elif isinstance(message, Lobby):
            message = dataclasses.replace(
                message,
                status=_line(message.status),
                question=_line(message.question),
                answers=tuple(map(_line, message.answers)),
            )
            self.lobby = message
        elif isinstance(message, Finished):
            self.finished = message.game
        elif isinstance(message, Refused):
            self.refused.append(message.why)
            self.refusals.append(message.refusal)
        elif isinstance(message, NextGame):
            self.state, self.finished = None, ""  # the last game's, done with
        elif isinstance(message, Goodbye):
            self.goodbye = message.why
        return message

    async def resync(self) -> None:
        """Ask for a whole State, once until it comes."""
        if not self.resyncing:
            self.resyncing, self.resyncs = True, self.resyncs + 1
            await self.send(Resync())

    async def move(self, action: Action) -> None:
        turn = self.state.turn if self.state is not None else (-1, -1, -1)
        await self.send(Move(action, turn))

    async def ask(self, attempt: Attempt) -> None:
        """Ask why a kind of move may not be made now (answered by ``Answer``)."""
        turn = self.state.turn if self.state is not None else (-1, -1, -1)
        await self.send(Ask(attempt, turn))

    async def deal(self, deals: bool) -> None:
        """The cut won: deal (True) or play first."""
        await self.send(Deal(deals))

    async def ready(self) -> None:
        version = self.state.version if self.state is not None else -1
        await self.send(Ready(version))

    async def leave(self) -> None:
        await self.send(Leave())
        await self.ws.close()

    async def send(self, message: object) -> None:
        """Send ``message``; on a connection already gone it is dropped, and
        the next ``receive`` says so (JoinError): the one place that tells."""
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(write(message))

    async def close(self) -> None:
        await self.ws.close()


async def join(
    address: str,
    code: str = "",
    name: str = "",
    *,
    token: str = "",
    tls: ssl.SSLContext | None = None,
    timeout: float = 10.0,
) -> Seated:
    """Sit down at the table at ``address`` with its ``code`` (or back at
    one's seat with its ``token``); JoinError says why not."""
    uri = address_uri(address, tls is not None)
    try:
        ws = await connect(
            uri,
            ssl=tls,
            max_size=HOST_LIMIT,
            open_timeout=timeout,
            compression=None,
            ping_interval=10,
            ping_timeout=20,
            close_timeout=2,  # a side that does not answer the close is not waited for long
        )
    except ssl.SSLCertVerificationError as exc:
        why = f"its certificate is not trusted ({exc.verify_message}): give it with --tls-ca"
        raise JoinError(f"the table at {address} cannot be trusted: {why}") from None
    except ConnectionRefusedError:
        raise NoTable(
            f"nothing answers at {address} yet: the host has not opened the table, "
            "or the address is not the one it gave"
        ) from None
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
        hint = " (if the host uses --tls, join with --tls)" if tls is None else ""
        why = str(exc) or type(exc).__name__  # some (a TLS hello refused) say nothing
        raise JoinError(f"no table at {address}: {why}{hint}") from None
    try:
        await ws.send(write(Hello(code, name, token)))
        frame = await ws.recv()
        first = cast(Welcome | Goodbye, read(frame, (Welcome, Goodbye), HOST_LIMIT))
    except ConnectionClosed:
        raise JoinError(f"the table at {address} closed the connection") from None
    except ProtocolError as exc:
        await ws.close()
        raise JoinError(f"the table at {address} speaks another language: {exc}") from None
    if isinstance(first, Goodbye):
        await ws.close()
        raise JoinError(_line(first.why))
    if len(first.token) > TOKEN_MOST:
        await ws.close()
        raise JoinError(f"the table at {address} gave a seat token too long to be one")
    return Seated(ws, first)
