"""A table hosted in the test's own process for one person elsewhere: the
computer in seat A, the person's seat B open; and the guard on a wait for
what the host or a seat says."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

from ginrummies.core import Level, SeatKind, preset
from ginrummies.net.server import TableServer
from ginrummies.net.table import Table
from ginrummies.play.session import Seat, Session

T = TypeVar("T")


async def within(aw: Awaitable[T], what: str, seconds: float = 60) -> T:
    """``aw``'s result; after ``seconds`` (a guard against a hang, not a
    timing) fail, saying ``what`` never came."""
    try:
        return await asyncio.wait_for(aw, seconds)
    except TimeoutError:
        raise AssertionError(f"never {what} (in {seconds:.0f} s)") from None


async def table_for_one(
    seed: int = 12, target: int | None = None
) -> tuple[Session, Table, TableServer, int]:
    """Gin against the easy computer (to ``target``), seat B to be taken
    from elsewhere; the host listening on the loopback (not started), and
    its port."""
    seats = [Seat("Computer A", SeatKind.COMPUTER, Level.EASY), Seat("Seat B")]
    session = Session(preset("gin"), seats, seed, target=target)
    table = Table(session, frozenset({1}))
    host = TableServer(table, started=False)
    _, port = await host.listen()
    return session, table, host, port
